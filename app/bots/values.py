"""Province values in the manner of the DAIDE "DumbBot" (David Norman's published
description), computed for one nation on one board.

1. Each supply centre gets a base value. A centre the nation does not own is worth the
   *size* of its owner (``c² + 4c + 16`` for ``c`` centres: strong owners are worth
   attacking; an unowned centre is worth a middling power's, being easier to take). A centre it owns is worth, as a
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

The spreading is linear, so each centre's share of every location's value is worked out
once per variant (:class:`Influence`); a board then costs a sum per location looked at.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from app.engine import Board, province_of, Variant


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
NEUTRAL_SIZE = 4    # an unowned centre is worth attacking like a power of this many centres


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


class Influence:
    """How much each supply centre's base value adds to each location once spread: the
    spreading is linear, so ``Σ w[i]·p[i](l)`` is ``Σ_c base(c)·k(c, l)`` with the factors
    ``k`` worked out once per variant and set of weights. A board then pays only for the
    locations its units look at."""

    def __init__(self, ix: MapIndex, proximity: tuple[float, ...]):
        self.army = self._factors(ix.army_prov, ix.army_nbrs, ix.centres, proximity)
        self.fleet = self._factors(ix.fleet_prov, ix.fleet_nbrs, ix.centres, proximity)

    @staticmethod
    def _factors(provs, nbrs, centres, proximity) -> tuple[tuple[tuple[int, float], ...], ...]:
        per_loc: list[list[tuple[int, float]]] = [[] for _ in provs]
        for c, centre in enumerate(centres):
            cur = [1.0 if p == centre else 0.0 for p in provs]
            if not any(cur):
                continue
            total = [proximity[0] * x for x in cur]
            for w in proximity[1:]:
                cur = [(cur[i] + sum(cur[j] for j in ns)) / 5 for i, ns in enumerate(nbrs)]
                for i, x in enumerate(cur):
                    total[i] += w * x
            for i, x in enumerate(total):
                if x > 0:
                    per_loc[i].append((c, x))
        return tuple(tuple(f) for f in per_loc)


@lru_cache(maxsize=16)
def influence(v: Variant, proximity: tuple[float, ...]) -> Influence:
    return Influence(map_index(v), proximity)


class BoardValues:
    """A nation's values on one board, worked out for a location when first asked
    (:meth:`value`), with the reach counts behind them: ``strength[p]`` (own units that can
    move to or stay in ``p``) and :meth:`competition` (the most units one rival has there)."""

    def __init__(self, v: Variant, base: list[float], strength: dict[str, int],
                 rivals: list[dict[str, int]], weights: Weights):
        self._ix = map_index(v)
        self._infl = influence(v, weights.proximity)
        self._base = base
        self.strength = strength
        self._rivals = rivals
        self._weights = weights
        self._memo: dict[tuple[str, str], float] = {}

    def competition(self, province: str) -> int:
        return max((r.get(province, 0) for r in self._rivals), default=0)

    def value(self, unit_type: str, loc: str) -> float:
        key = (unit_type, loc)
        got = self._memo.get(key)
        if got is not None:
            return got
        ix = self._ix
        i = (ix.army_at if unit_type == "A" else ix.fleet_at).get(loc)
        if i is None:
            return float("-inf")
        base = self._base
        factors = (self._infl.army if unit_type == "A" else self._infl.fleet)[i]
        p = province_of(loc)
        w = self._weights
        got = sum(base[c] * k for c, k in factors) + w.strength * self.strength.get(p, 0) \
            - w.competition * self.competition(p)
        self._memo[key] = got
        return got


def board_values(v: Variant, board: Board, nation: str, weights: Weights,
                 held_elsewhere: frozenset[str] = frozenset(), neutral_size: int = NEUTRAL_SIZE,
                 unique_bonus: float = UNIQUE_BONUS) -> BoardValues:
    """DumbBot's destination values for ``nation`` on ``board``. ``held_elsewhere``: the
    centres the nation holds on some active board (no unique bonus for those).
    ``neutral_size`` and ``unique_bonus`` default to ours; DumbBot's own are 0 (an unowned
    centre is worth a power of no centres) and 1.0 (no bonus)."""
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
    base = []
    for prov in ix.centres:
        owner = board.centres.get(prov)
        if owner == nation:
            threat = max((size(counts.get(n, 0)) for n, r in reach.items() if n != nation and r.get(prov)), default=0)
            base.append(weights.defence * threat)
        else:
            bonus = 1.0 if prov in held_elsewhere else unique_bonus
            base.append(weights.attack * size(counts.get(owner, 0) if owner else neutral_size) * bonus)
    return BoardValues(v, base, reach.get(nation, {}), [r for n, r in sorted(reach.items()) if n != nation], weights)
