"""Province values in the manner of the DAIDE "DumbBot" (David Norman's published
description), computed for one nation on one board.

1. Each supply centre gets a base value. A centre the nation does not own is worth the
   *size* of its owner (``c² + 4c + 16`` for ``c`` centres: strong owners are worth
   attacking; an unowned centre is worth a nobody's 16). A centre it owns is worth, as a
   defence, the size of the largest power with a unit next to it. Attack and defence are
   weighted by season (Fall weighs defence more: that is when ownership changes).
   A centre the nation holds on no active board anywhere (a new unique centre, which is
   what victory counts) is worth more.
2. Values spread to neighbours: ``p[i](l) = (p[i-1](l) + Σ p[i-1](neighbours of l)) / 5``,
   separately over the army map and the fleet map (coasts are fleet locations), so a
   location near valuable centres is valuable.
3. A destination's value is ``Σ w[i]·p[i](l)`` plus a bonus for the nation's own units that
   can reach its province (*strength*) minus the largest number of one rival's units that
   can (*competition*).

Everything is plain lists indexed by location, built once per variant: a board's values
cost about a millisecond.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from app.engine.coords import province_of
from app.engine.variant import Variant
from app.engine.world import Board


@dataclass(frozen=True)
class Weights:
    attack: float
    defence: float
    proximity: tuple[float, ...]
    strength: float
    competition: float


# DumbBot's published weights for the two movement seasons and for builds; the strength and
# competition weights are ours, scaled to matter against the proximity sums.
SPRING = Weights(700, 300, (100, 1000, 30, 10, 6, 5, 4, 3, 2, 1), 2000, 2500)
FALL = Weights(600, 400, (1000, 100, 30, 10, 6, 5, 4, 3, 2, 1), 2000, 2500)
BUILD = Weights(700, 300, (1000, 100, 30, 10, 6, 5, 4, 3, 2, 1), 0, 0)
UNIQUE_BONUS = 1.5  # attack value multiplier for a centre the nation holds nowhere


def size(centres: int) -> int:
    return centres * centres + 4 * centres + 16


class MapIndex:
    """The variant's locations as list indices, with the army and fleet neighbour lists."""

    def __init__(self, v: Variant):
        self.army_locs = tuple(sorted(p for p in v.provinces if v.kind(p) != "sea"))
        self.fleet_locs = tuple(sorted(loc for p in v.provinces for loc in v.fleet_locations_in(p)))
        self.army_at = {loc: i for i, loc in enumerate(self.army_locs)}
        self.fleet_at = {loc: i for i, loc in enumerate(self.fleet_locs)}
        self.army_nbrs = tuple(tuple(self.army_at[n] for n in sorted(v.army_adjacent.get(loc, ())) if n in self.army_at)
                               for loc in self.army_locs)
        self.fleet_nbrs = tuple(tuple(self.fleet_at[n] for n in sorted(v.fleet_adjacent.get(loc, ())) if n in self.fleet_at)
                                for loc in self.fleet_locs)
        self.army_prov = tuple(province_of(loc) for loc in self.army_locs)
        self.fleet_prov = tuple(province_of(loc) for loc in self.fleet_locs)
        self.centres = tuple(sorted(v.supply_centres))
        # Provinces a unit at a location can move to or stay in (what strength counts).
        self.reach = {(t, loc): frozenset(v.adjacent_provinces(t, loc)) | {province_of(loc)}
                      for t, locs in (("A", self.army_locs), ("F", self.fleet_locs)) for loc in locs}


@lru_cache(maxsize=8)
def map_index(v: Variant) -> MapIndex:
    return MapIndex(v)


def _spread(base: list[float], nbrs: tuple[tuple[int, ...], ...], weights: tuple[float, ...]) -> list[float]:
    total = [weights[0] * b for b in base]
    cur = base
    for w in weights[1:]:
        cur = [(cur[i] + sum(cur[j] for j in ns)) / 5 for i, ns in enumerate(nbrs)]
        for i, x in enumerate(cur):
            total[i] += w * x
    return total


@dataclass
class BoardValues:
    """A nation's values on one board: ``army[loc]`` and ``fleet[loc]`` for each location a
    unit of that type can stand on, and the reach counts behind them."""

    army: dict[str, float]
    fleet: dict[str, float]
    strength: dict[str, int]
    competition: dict[str, int]

    def value(self, unit_type: str, loc: str) -> float:
        table = self.army if unit_type == "A" else self.fleet
        return table.get(loc, float("-inf"))


def board_values(v: Variant, board: Board, nation: str, weights: Weights,
                 held_elsewhere: frozenset[str] = frozenset()) -> BoardValues:
    """DumbBot's destination values for ``nation`` on ``board``. ``held_elsewhere``: the
    centres the nation holds on some active board (no unique bonus for those)."""
    ix = map_index(v)
    counts: dict[str, int] = {}
    for owner in board.centres.values():
        counts[owner] = counts.get(owner, 0) + 1
    # reach[nation][province]: how many of that nation's units can move to or stay in it
    reach: dict[str, dict[str, int]] = {}
    for u in board.units.values():
        r = reach.setdefault(u.nation, {})
        for p in ix.reach.get((u.type, u.loc), ()):
            r[p] = r.get(p, 0) + 1
    mine = reach.get(nation, {})
    rivals = [r for n, r in reach.items() if n != nation]
    prov_base: dict[str, float] = {}
    for prov in ix.centres:
        owner = board.centres.get(prov)
        if owner == nation:
            threat = max((size(counts.get(n, 0)) for n, r in reach.items() if n != nation and r.get(prov)), default=0)
            prov_base[prov] = weights.defence * threat
        else:
            bonus = 1.0 if prov in held_elsewhere else UNIQUE_BONUS
            prov_base[prov] = weights.attack * size(counts.get(owner, 0) if owner else 0) * bonus
    out = []
    for locs, provs, nbrs in ((ix.army_locs, ix.army_prov, ix.army_nbrs), (ix.fleet_locs, ix.fleet_prov, ix.fleet_nbrs)):
        total = _spread([prov_base.get(p, 0.0) for p in provs], nbrs, weights.proximity)
        table = {}
        for i, loc in enumerate(locs):
            p = provs[i]
            comp = max((r.get(p, 0) for r in rivals), default=0)
            table[loc] = total[i] + weights.strength * mine.get(p, 0) - weights.competition * comp
        out.append(table)
    competition = {p: max((r.get(p, 0) for r in rivals), default=0) for p in v.provinces}
    return BoardValues(out[0], out[1], dict(mine), competition)
