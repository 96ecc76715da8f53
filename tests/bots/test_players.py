"""Computer players give legal orders for exactly their own units, in every phase, the same
for the same seed. Legality is the engine's own: app.engine.rules.validation.check."""

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from app.bots import LEVELS, decide
from app.bots.common import adjustment_boards
from app.bots.selfplay import grow_world, random_orders
from app.engine.rules.coords import BoardKey
from app.engine.game import Game
from app.engine.rules.orders import Build, Disband, Retreat, Waive
from app.engine.rules.validation import check
from app.engine.rules.world import World
from app.engine.variants.catalog import available


def assert_legal(world: World, nation: str, orders) -> None:
    """Every order legal and of ``nation``; one order per unit; the adjustments owed."""
    for o in orders:
        normal, reason = check(world, o)
        assert reason is None, f"{o}: {reason}"
        assert o.nation == nation
    if world.pause is not None:
        mine = {loc for loc in world.pause.dislodged if world.unit_at(loc).nation == nation}
        assert all(isinstance(o, (Retreat, Disband)) for o in orders)
        assert Counter(o.unit for o in orders) == Counter(mine), "one retreat or disband per dislodged unit"
        return
    units = Counter(o.unit.space for o in orders if hasattr(o, "unit") and o.board.turn.is_movement)
    expected = {loc.space for key in world.active_boards() if world.boards[key].is_movement
                for loc in _units(world, key, nation)}
    assert set(units) == expected and all(n == 1 for n in units.values()), "one order per unit"
    for key in world.active_boards():
        board = world.boards[key]
        if board.is_movement:
            continue
        owed = board.centre_count(nation) - board.unit_count(nation)
        here = [o for o in orders if o.board == key]
        builds = [o for o in here if isinstance(o, (Build, Waive))]
        disbands = [o for o in here if isinstance(o, Disband)]
        if owed >= 0:
            assert not disbands and len(builds) == owed
            assert len({o.at.province for o in builds if isinstance(o, Build)}) == sum(isinstance(o, Build) for o in builds)
        else:
            assert not builds and len(disbands) == -owed and len(set(disbands)) == -owed


def _units(world, key, nation):
    from app.engine.rules.coords import Location
    return [Location(key, u.loc) for u in world.boards[key].units.values() if u.nation == nation]


def _check_all(world: World, seed: int, levels=LEVELS) -> None:
    for level in levels:
        for nation in world.variant.nation_names:
            assert_legal(world, nation, decide(level, world, nation, seed=seed))


BUILT_IN = sorted(r.name for r in available() if r.source == "built-in")


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@example(seed=821, adjacency="loose", turns=6, variant="standard")  # fewer free home centres than builds owed
@given(seed=st.integers(0, 10**6), adjacency=st.sampled_from(["strict", "loose"]), turns=st.integers(0, 16),
       variant=st.sampled_from(BUILT_IN))
def test_every_order_is_legal_on_selfplay_worlds(seed, adjacency, turns, variant):
    world = grow_world(variant, adjacency=adjacency, seed=seed, turns=turns).world
    if world.phase != "over":
        _check_all(world, seed)


def _first_world(adjacency: str, wanted) -> World:
    """The first world of some selfplay game that shows the phase we want."""
    for seed in range(60):
        rng = random.Random(seed)
        game = Game.new(adjacency=adjacency, seed=seed)
        for _ in range(40):
            if game.world.phase == "over":
                break
            if wanted(game.world):
                return game.world
            game.submit(random_orders(game.world, rng, 0.4))
    pytest.fail("no selfplay world shows that phase")


def _disbands_owed(w: World) -> bool:
    return w.pause is None and any(w.boards[k].centre_count(n) < w.boards[k].unit_count(n)
                                   for k in w.active_boards() if not w.boards[k].is_movement
                                   for n in w.variant.nation_names)


@pytest.mark.parametrize("adjacency", ["strict", "loose"])
@pytest.mark.parametrize("phase", ["retreats", "builds", "disbands", "travel"])
def test_every_phase(adjacency, phase):
    wanted = {
        "retreats": lambda w: w.pause is not None,
        "builds": lambda w: w.pause is None and any(adjustment_boards(w, n) for n in w.variant.nation_names)
        and not _disbands_owed(w),
        "disbands": _disbands_owed,
        "travel": lambda w: w.pause is None and len(w.timelines) >= 3 and w.boards[w.active_boards()[0]].is_movement,
    }[phase]
    world = _first_world(adjacency, wanted)
    _check_all(world, seed=5)


def test_same_seed_same_orders_and_the_seed_matters():
    world = grow_world(seed=12, turns=9).world
    for level in LEVELS:
        for nation in ("France", "Turkey"):
            assert decide(level, world, nation, seed=3) == decide(level, world, nation, seed=3)
    random_a = [decide("random", world, n, seed=1) for n in world.variant.nation_names]
    random_b = [decide("random", world, n, seed=2) for n in world.variant.nation_names]
    assert random_a != random_b


def test_standard_opening_is_sensible():
    """From the standard start, Standard moves towards the neutral centres instead of holding."""
    world = Game.new().world
    moves = [o for n in world.variant.nation_names for o in decide("standard", world, n, seed=1) if o.kind == "move"]
    assert len(moves) >= 12
    assert any(o.dest.province in ("bel", "hol", "den", "swe", "nwy", "spa", "por", "tun", "gre", "ser", "rum", "bul")
               or o.dest.province in ("bur", "pic", "gas", "ruh", "gal", "ukr", "bla", "aeg", "ion", "nth", "eng")
               for o in moves)


def test_unknown_level_and_game_over():
    world = Game.new().world
    with pytest.raises(ValueError, match="unknown computer level"):
        decide("grandmaster", world, "France", seed=0)
    assert decide("standard", world, "Atlantis", seed=0) == []


def test_a_kept_time_travel_order_really_helps():
    """When Standard sends a unit across boards, the engine agrees that it stands better for it."""
    from app.bots.timetravel import evaluate
    found = 0
    for seed in range(8):
        world = grow_world(seed=seed, turns=14, time_travel=0.5).world
        if world.phase != "movement":
            continue
        for nation in world.variant.nation_names:
            orders = decide("standard", world, nation, seed=seed)
            across = [o for o in orders if hasattr(o, "unit") and _crosses(o)]
            if not across:
                continue
            found += 1
            plain = [o for o in orders if o not in across]
            assert evaluate(world, nation, orders) > evaluate(world, nation, plain)
        if found >= 3:
            break
    assert found, "no Standard decision travelled in time on these worlds"


def _crosses(o) -> bool:
    for attr in ("dest", "supported", "army"):
        loc = getattr(o, attr, None)
        if loc is not None and loc.board != o.unit.board:
            return True
    return False
