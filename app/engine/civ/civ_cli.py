"""``python -m app civ --civs N --seed S [--variant V] --out FILE``: the seeded start of a
civilisations game (RULES.md §10) written as a scenario file (docs/scenarios.md): the
civilisations as ``start.nations``, one board 1:S1901 with one unit on each starting
centre, ``home_centres: "civilisations"``. ``python -m app scenario FILE`` plays it. The
same arguments write the same bytes.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..saves.jsonfile import write_for_command
from .civstart import CivStartError, civ_range, civ_start
from .nations import default_nations
from ..variants.variant import VariantError, load_variant


def scenario_of(civs: int, seed: int, variant: str = "standard") -> dict[str, Any]:
    """The scenario file (as JSON data) of the seeded start for ``civs`` civilisations."""
    v = load_variant(variant)
    world = civ_start(v, default_nations(civs, seed=seed, variant=v), seed, check_range=True)
    [key] = world.active_boards()
    board = world.boards[key]
    names = list(world.variant.nation_names)
    centres = {n: sorted(p for p, owner in board.centres.items() if owner == n) for n in names}
    units = sorted((str(u) for u in board.units.values()), key=lambda t: names.index(t.split()[0]))
    return {
        "name": f"Civilisations start: {civs} civilisations, seed {seed}",
        "description": "A seeded civilisations start (RULES.md §10): "
                       + ", ".join(f"{n} in {centres[n][0]}" for n in names) + ".",
        "variant": v.ref,
        "seed": seed,
        "start": {"nations": names, "home_centres": "civilisations",
                  "boards": [{"timeline": 1, "turn": str(key.turn), "units": units, "centres": centres}]},
        "steps": [],
    }


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m app civ",
                                 description="Write the seeded start of a civilisations game (CivDip) as a scenario file.")
    ap.add_argument("--civs", type=int, required=True, help="how many civilisations (7 to 13 on the standard map; "
                                                            "2 to a third of the supply centres, at most 24, elsewhere)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--variant", default="standard")
    ap.add_argument("--out", required=True, help="the scenario file to write")
    args = ap.parse_args(argv)
    try:
        data = scenario_of(args.civs, args.seed, args.variant)
    except VariantError as e:
        print(f"civ: {e}", file=sys.stderr)
        return 2
    except CivStartError as e:
        v = load_variant(args.variant)
        counts = civ_range(v)
        said = str(e) if str(e).endswith(counts.describe(v)) else f"{e} ({counts.describe(v)} on this map)"
        print(f"civ: {said}", file=sys.stderr)
        return 2
    if not write_for_command(args.out, data, "civ"):
        return 2
    print(f"{args.out}: {args.civs} civilisations on {data['variant']} at 1:S1901 (seed {args.seed})")
    return 0
