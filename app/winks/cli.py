"""``python -m app throw --players N --seed S --out FILE [--variant V]``: a random thrown
start written as a scenario file (docs/scenarios.md) whose ``start`` is the thrown
position — one board, 1:F1901, no centre owned, home centres from the first Winter — so
that ``python -m app scenario FILE`` plays it. The same seed writes the same bytes.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from app.engine.jsonfile import write_for_command
from app.engine.variant import VariantError, load_variant

from .session import WinksError, pieces_each, throw_at_random


def scenario_of(players: int, seed: int, variant: str = "standard") -> dict[str, Any]:
    """The scenario file (as JSON data) of the random thrown start for ``players`` and ``seed``
    on ``variant`` (a name or a folder; the file names it so that it loads again)."""
    v = load_variant(variant)
    pieces_each(players)  # 2 to 7 players, whatever the variant
    if players > len(v.nation_names):
        raise WinksError(f"{v.title} has {len(v.nation_names)} nations: a thrown start on it is for at most "
                         f"{len(v.nation_names)} players, not {players}")
    game = throw_at_random(players, seed, v)
    world = game.play_out()
    key = world.active_boards()[0]
    units = sorted(f"{u.nation} {u.type} {u.loc}" for u in world.boards[key].units.values())
    return {
        "name": f"Thrown start: {players} players, seed {seed}",
        "description": "A random thrown start (RULES.md §9): " + ", ".join(game.nations)
                       + f"; {len(units)} pieces left of {len(game.throws)} thrown.",
        "variant": game.variant.ref,
        "seed": seed,
        "start": {"boards": [{"timeline": 1, "turn": str(key.turn), "units": units, "centres": {}}],
                  "home_centres": "first_winter"},
        "steps": [],
    }


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m app throw",
                                 description="Write a random thrown start (Diplomacywinks) as a scenario file.")
    ap.add_argument("--players", type=int, required=True, help="2 to 7")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--variant", default="standard", help="a variant's name or folder (default: standard)")
    ap.add_argument("--out", required=True, help="the scenario file to write")
    args = ap.parse_args(argv)
    try:
        data = scenario_of(args.players, args.seed, args.variant)
    except (WinksError, VariantError) as e:
        print(f"throw: {e}", file=sys.stderr)
        return 2
    if not write_for_command(args.out, data, "throw"):
        return 2
    print(f"{args.out}: {len(data['start']['boards'][0]['units'])} units at 1:F1901 ({args.players} players, seed {args.seed})")
    return 0
