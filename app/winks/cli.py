"""``python -m app throw --players N --seed S [--out FILE] [--save GAME] [--variant V]``: a
random thrown start written as a scenario file (docs/scenarios.md) whose ``start`` is the
thrown position — one board, 1:F1901, no centre owned, home centres from the first Winter —
so that ``python -m app scenario FILE`` plays it, and/or as a saved game (``--save``).
Either one opens in the window as a game to play: ``python -m app --open FILE``. The same
seed writes the same bytes.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from app.engine import load_variant, VariantError, write_for_command

from app.engine import write_text_atomic

from .session import WinksError, pieces_each, throw_at_random, thrown_game


def thrown_at_random(players: int, seed: int, variant: str = "standard"):
    """The random thrown start for ``players`` and ``seed`` on ``variant`` (a name or a
    folder); raises :class:`WinksError` naming what is wrong with the numbers."""
    v = load_variant(variant)
    pieces_each(players)  # 2 to 7 players, whatever the variant
    if players > len(v.nation_names):
        raise WinksError(f"{v.title} has {len(v.nation_names)} nations: a thrown start on it is for at most "
                         f"{len(v.nation_names)} players, not {players}")
    return throw_at_random(players, seed, v)


def scenario_of(players: int, seed: int, variant: str = "standard", thrown=None) -> dict[str, Any]:
    """The scenario file (as JSON data) of the random thrown start for ``players`` and ``seed``
    on ``variant`` (the file names it so that it loads again); ``thrown``: that start, already
    thrown."""
    game = thrown or thrown_at_random(players, seed, variant)
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
    ap = argparse.ArgumentParser(
        prog="python -m app throw",
        description="A random thrown start (Diplomacywinks): as a scenario file (--out) and/or as a "
                    "saved game to play (--save). Either opens in the window: python -m app --open FILE.")
    ap.add_argument("--players", type=int, required=True, help="2 to 7")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--variant", default="standard", help="a variant's name or folder (default: standard)")
    ap.add_argument("--out", help="the scenario file to write (python -m app scenario runs it)")
    ap.add_argument("--save", metavar="GAME", help="a saved game to write, ready to play")
    args = ap.parse_args(argv)
    if not args.out and not args.save:
        ap.error("give --out FILE (a scenario), --save GAME (a game to play), or both")
    try:
        thrown = thrown_at_random(args.players, args.seed, args.variant)
        data = scenario_of(args.players, args.seed, args.variant, thrown)
    except (WinksError, VariantError) as e:
        print(f"throw: {e}", file=sys.stderr)
        return 2
    units = len(data['start']['boards'][0]['units'])
    if args.out and not write_for_command(args.out, data, "throw"):
        return 2
    if args.save:
        try:
            write_text_atomic(Path(args.save), _save_text(thrown))
        except OSError as e:
            print(f"throw: cannot write {args.save}: {e.strerror or e}", file=sys.stderr)
            return 2
    for path in (args.out, args.save):
        if path:
            print(f"{path}: {units} units at 1:F1901 ({args.players} players, seed {args.seed}); "
                  f"play it: python -m app --open {path}")
    return 0


def _save_text(thrown) -> str:
    """The thrown start as a save file (a sandbox on it, the throw's record kept)."""
    from app.match import Match
    from app.match.storage import snapshot
    return snapshot(Match(thrown_game(thrown))).to_text()
