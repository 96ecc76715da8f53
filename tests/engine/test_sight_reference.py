"""Sight (RULES.md §8) as the engine computes it -- laned bit numbers, tables per unit,
sights derived from the world before -- against a plain reading of the rule with sets of
names, over big grown worlds and over random positions (units of any nation, the
variant's or not, anywhere they may stand; random owners; boards in a random grid)."""

from __future__ import annotations

import random
from types import MappingProxyType

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.bots.selfplay import grow_world
from app.engine.fog import visibility
from app.engine.rules.adjacency import boards_adjacent
from app.engine.rules.coords import BoardKey, Turn, province_of
from app.engine.game import Game
from app.engine.rules.orders import Unit, unit_of
from app.engine.variants.variant import load_variant
from app.engine.rules.world import Board, World

def plain_sight(world: World, nations, key: BoardKey, near_boards=None) -> set[str]:
    """§8 in sets of names: (a) where the nations stand or own a centre; (b) the map
    neighbours of those; (c) on a board adjacent (§2) to one where a nation has a unit,
    that unit's own province (strict), and where it moves on one board (loose)."""
    v, board = world.variant, world.boards[key]
    a = {p for p, u in board.units.items() if u.nation in nations}
    a |= {c for c, n in board.centres.items() if n in nations}
    seen = set(a)
    for p in a:
        seen |= v.army_adjacent.get(p, set()) | v.fleet_adjacent_provinces.get(p, set())
    others = world.boards if near_boards is None else near_boards(key)
    for other_key in others:
        if not boards_adjacent(other_key, key):
            continue
        for u in world.boards[other_key].units.values():
            if u.nation in nations:
                seen.add(province_of(u.loc))
                if world.adjacency == "loose":
                    seen |= {province_of(loc) for loc in v.adjacent_locations(u.type, u.loc)}
    return seen


def _near_boards(world: World):
    """The boards that could be adjacent to a board: its timeline's, and its turn's."""
    by_timeline, by_turn = {}, {}
    for k in world.boards:
        by_timeline.setdefault(k.timeline, []).append(k)
        by_turn.setdefault(k.turn, []).append(k)
    return lambda key: {*by_timeline[key.timeline], *by_turn[key.turn]}


def _check_every_nation_and_some_seats(world: World, boards=None) -> None:
    visibility.clear_cache()
    near = _near_boards(world)
    nations = world.variant.nation_names
    seats = [(n,) for n in nations] + [nations[:2], nations[2:5]]
    for seat in seats:
        got = visibility.sight(world, seat)
        assert set(got) == set(world.boards)
        for key in boards or world.boards:
            want = plain_sight(world, seat, key, near)
            assert got[key] == want, (seat, str(key), sorted(got[key] ^ want))
    key = next(iter(world.boards))
    visibility.clear_cache()        # one board alone, without the world's sight kept
    assert visibility.board_sight(world, seats[0], key) == plain_sight(world, seats[0], key, near)


@pytest.mark.parametrize("adjacency, seed", [("strict", 4), ("loose", 3)])
def test_sight_of_a_grown_world_is_the_rule_read_plainly(adjacency, seed):
    world = grow_world(adjacency=adjacency, seed=seed, boards=300, victory=False).world
    assert len(world.timelines) > 10
    _check_every_nation_and_some_seats(world)


@pytest.mark.parametrize("size", [300, 2000])
def test_sight_of_the_benchmarks_worlds_is_the_rule_read_plainly(size, selfplay_save):
    """The worlds the fog benchmark measures (``benchmarks/grown.py`` grows the same ones),
    saved and loaded as the benchmark reads them."""
    world = Game.load(selfplay_save(size)).world
    boards = list(world.boards)
    _check_every_nation_and_some_seats(world, boards if len(boards) <= 300 else random.Random(1).sample(boards, 300))


# -- random positions ---------------------------------------------------------------------

V = load_variant()
NATIONS = (*V.nation_names, "Atlantis")        # a nation the variant does not name
STANDS = {t: [loc for loc in V.locations if V.unit_can_stand(t, loc)] for t in "AF"}


@st.composite
def random_world(draw):
    """A grid of boards (a few timelines, each a run of turns, Winter included) with
    random units and owners; some units shared values, some made afresh."""
    rng = random.Random(draw(st.integers(0, 10 ** 9)))
    boards = {}
    for timeline in range(1, draw(st.integers(1, 3)) + 1):
        turn = Turn(1901, 0)
        for _ in range(rng.randint(0, 3)):
            turn = turn.next()
        for _ in range(draw(st.integers(1, 5))):
            key = BoardKey(timeline, turn)
            units = {}
            for _ in range(rng.randint(0, 20)):
                t = rng.choice("AF")
                loc = rng.choice(STANDS[t])
                if province_of(loc) not in units:
                    nation = rng.choice(NATIONS)
                    units[province_of(loc)] = unit_of(nation, t, loc) if rng.random() < 0.7 else Unit(nation, t, loc)
            centres = {c: rng.choice(NATIONS) for c in rng.sample(sorted(V.supply_centres), rng.randint(0, 20))}
            boards[key] = Board(key, MappingProxyType(units), MappingProxyType(centres))
            turn = turn.next()
    mode = draw(st.sampled_from(["strict", "loose"]))
    return World(variant=V, adjacency=mode, boards=MappingProxyType(boards))


def _seats(draw_rng: random.Random):
    return [(n,) for n in NATIONS] + [tuple(draw_rng.sample(NATIONS, 2)), ("Nobody",)]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(world=random_world(), seed=st.integers(0, 1000))
def test_sight_of_random_positions_is_the_rule_read_plainly(world, seed):
    visibility.clear_cache()
    visibility._VARIANT_MASKS.clear()    # as at the start: a nation new to the variant is met for the first time
    for seat in _seats(random.Random(seed)):
        got = visibility.sight(world, seat)
        for key in world.boards:
            want = plain_sight(world, seat, key)
            assert got[key] == want, (seat, str(key), sorted(got[key] ^ want))
            assert visibility.board_sight(world, seat, key) == want


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(world=random_world(), other=random_world(), seed=st.integers(0, 1000))
def test_sight_derived_from_a_world_sharing_boards_is_the_rule_read_plainly(world, other, seed):
    """A world that keeps most of another's boards, replaces some, drops some and adds
    some: its sight, made from the other's, is the rule's."""
    rng = random.Random(seed)
    boards = dict(world.boards)
    for key in list(boards):
        r = rng.random()
        if r < 0.15:
            del boards[key]
        elif r < 0.3 and key in other.boards:
            boards[key] = other.boards[key]
    for key, b in other.boards.items():
        if key not in world.boards and rng.random() < 0.5:
            boards[key] = b
    changed = World(variant=V, adjacency=world.adjacency, boards=MappingProxyType(boards))
    visibility.clear_cache()
    seats = _seats(rng)
    for seat in seats:
        visibility.sight(world, seat)                   # kept: the next world's is made from it
    for seat in seats:
        got = visibility.sight(changed, seat)
        assert got == visibility.WorldSight.build(changed).of(seat)
        for key in changed.boards:
            assert got[key] == plain_sight(changed, seat, key), (seat, str(key))


@given(timeline=st.integers(1, 300), year=st.integers(1, 3000), season=st.integers(0, 2))
def test_the_plain_neighbour_coordinates_are_the_adjacent_boards(timeline, year, season):
    from app.engine.rules.adjacency import adjacent_board_keys
    key = BoardKey(timeline, Turn(year, season))
    around = [BoardKey(t, Turn(y, s)) for t in range(max(1, timeline - 2), timeline + 3)   # (no timeline 0)
              for y in range(year - 2, year + 3) for s in range(3)]
    casts = {k: 1 << i for i, k in enumerate(around)}           # one bit for each board about
    want = 0
    for k in adjacent_board_keys(key):
        want |= casts.get(k, 0)
    assert visibility._cast_onto(key, casts.get) == want
