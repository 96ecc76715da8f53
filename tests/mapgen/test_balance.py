"""The new variants are balanced by distance from home centres to neutral centres.

Distance is the number of moves (army or fleet, any coast) from the nearest home
centre, on one board.  Every nation has two or three neutral centres one move
from home, so no nation starts with an empty or a crowded neighbourhood; the
numbers are also in each design's docstring (tools/mapgen/designs/)."""
from __future__ import annotations

from collections import deque

import pytest

from app.engine.variants.variant import load_variant


def _distances(v, sources):
    nbrs = {p: set() for p in v.provinces}
    for p in v.provinces:
        for loc in (p, *v.coasts_of.get(p, ())):
            for utype in ("A", "F"):
                nbrs[p] |= v.adjacent_provinces(utype, loc)
    dist = {s: 0 for s in sources}
    queue = deque(sources)
    while queue:
        x = queue.popleft()
        for y in nbrs[x]:
            if y not in dist:
                dist[y] = dist[x] + 1
                queue.append(y)
    return dist


NEXT_TO_HOME = {
    "isles": {"England": {"wal", "yor"}, "Scotland": {"hig", "yor"}, "Ireland": {"cnn", "uls"}},
    "baltic": {"Denmark": {"sca", "tro"}, "Sweden": {"kar", "ost", "sca"},
               "Russia": {"kar", "min", "rig"}, "Poland": {"min", "pos", "rig"},
               "Prussia": {"hol", "pos"}},
}


@pytest.mark.parametrize("name", sorted(NEXT_TO_HOME))
def test_every_nation_has_two_or_three_neutral_centres_next_to_home(name):
    v = load_variant(name)
    neutral = v.supply_centres - set().union(*v.home_centres.values())
    for nation, homes in v.home_centres.items():
        dist = _distances(v, sorted(homes))
        near = {c for c in neutral if dist.get(c) == 1}
        assert near == NEXT_TO_HOME[name][nation], nation
        assert 2 <= len(near) <= 3
        assert all(c in dist for c in neutral), f"{nation} cannot reach every centre"


@pytest.mark.parametrize("name", sorted(NEXT_TO_HOME))
def test_nations_start_alike(name):
    v = load_variant(name)
    homes = {len(h) for h in v.home_centres.values()}
    assert len(homes) == 1
    units = {n: sum(1 for u in v.start_units if u.split()[0] == n) for n in v.nation_names}
    assert set(units.values()) == homes
    assert len(v.supply_centres) // 2 < v.victory_centres <= len(v.supply_centres)
