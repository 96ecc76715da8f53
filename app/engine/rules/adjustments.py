"""Winter: builds and disbands.

A Winter board takes no movement. When the submission that gave its orders finishes,
each nation builds or disbands until its units match its centres (RULES.md §3): the
first legal builds and disbands count, up to the nation's allowance (centres owned less
units); a nation that should disband and did not say which units loses units chosen with
the game's own seeded random source, so a saved game replays identically.
"""

from __future__ import annotations

import random
from collections import Counter

from .coords import BoardKey
from .orders import Build, Disband, Result, Unit, Waive
from .world import World


def adjust(world: World, key: BoardKey) -> tuple[dict[str, Unit], dict[str, str], tuple[Result, ...]]:
    """Apply a Winter board's builds and disbands: the first legal ones up to each nation's
    allowance count; missing disbands are chosen with the game's seeded random source."""
    board = world.boards[key]
    units = dict(board.units)
    orders = world.orders.get(key, ())
    results = list(world.results.get(key, ()))
    owned = Counter(board.centres.values())   # (one count of each, not two passes per nation)
    fielded = Counter([u.nation for u in board.units.values()])
    allowance = {n: owned[n] - fielded[n] for n in world.variant.nation_names}
    used: set[str] = set()
    for i, o in enumerate(orders):
        if results[i].status == "invalid":
            continue
        n = o.nation
        if isinstance(o, Build):
            prov = o.at.province
            if allowance.get(n, 0) <= 0:
                results[i] = Result("fails", f"{n} has no build left on {key}")
            elif prov in used:
                results[i] = Result("fails", f"{prov} already has a build")
            else:
                loc = o.at.loc if o.unit_type == "F" else prov
                units[prov] = Unit(n, o.unit_type, loc)
                used.add(prov)
                allowance[n] -= 1
                results[i] = Result("succeeds")
        elif isinstance(o, Disband):
            prov = o.unit.province
            if allowance.get(n, 0) >= 0:
                results[i] = Result("fails", f"{n} has no disband to make on {key}")
            elif prov in used or prov not in units:
                results[i] = Result("fails", f"the unit in {prov} is already disbanded")
            else:
                del units[prov]
                used.add(prov)
                allowance[n] += 1
                results[i] = Result("succeeds")
        elif isinstance(o, Waive):
            results[i] = Result("succeeds" if allowance.get(n, 0) > 0 else "fails",
                                "" if allowance.get(n, 0) > 0 else f"{n} has no build to waive")
            if allowance.get(n, 0) > 0:
                allowance[n] -= 1
    for n in world.variant.nation_names:
        missing = -allowance[n]
        if missing > 0:
            rng = random.Random(f"{world.seed}/{key}/{n}")
            own = sorted(p for p, u in units.items() if u.nation == n)
            for p in rng.sample(own, min(missing, len(own))):
                del units[p]
    return units, dict(board.centres), tuple(results)
