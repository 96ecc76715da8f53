"""Hard between active timelines (issue 36): in hand-made positions where only an order
from one timeline to another wins or saves a centre, Hard gives it; and over seeded worlds
its time travel never bounces its own past self, and none of its orders is voided by the
engine (a support of a unit that does something else, a convoyed move without its convoy)."""

import pytest

from app.bots import decide
from app.bots.timetravel import own_there
from app.bots.selfplay import grow_world
from app.engine import submit
from app.engine.rules.coords import BoardKey, Location, Turn
from app.engine.rules.orders import Hold, Move, Support, Unit
from app.engine.rules.world import World, make_board
from app.engine.variants.variant import load_variant

FALL = Turn.parse("F1902")


def _two_timelines(here: list[Unit], there: list[Unit], tunis: str) -> World:
    """Timeline 1: France owns every centre. Timeline 2: Italy owns every centre but
    Tunis, which ``tunis`` owns. France's distinct centres are all of them already, so
    only what happens to Italy's count on timeline 2 can change France's lead."""
    v = load_variant()
    one = make_board(BoardKey(1, FALL), here, {c: "France" for c in v.supply_centres})
    two = make_board(BoardKey(2, FALL), there, {c: (tunis if c == "tun" else "Italy") for c in v.supply_centres})
    return World.from_boards(v, [one, two])


def _at(timeline: int, loc: str) -> Location:
    return Location(BoardKey(timeline, FALL), loc)


def _centres_of(world: World, nation: str) -> set[str]:
    return world.centres_on_active_boards().get(nation, set())


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_hard_saves_a_centre_with_a_support_from_another_timeline(seed):
    """Timeline 2: France's army in Tunis, two Italian fleets that reach it. Alone it falls
    to a supported attack; the army in Tunis on timeline 1 can back it to hold (strict
    adjacency: the same province, the next timeline). Nothing else France has can help."""
    world = _two_timelines([Unit("France", "A", "tun")],
                           [Unit("France", "A", "tun"), Unit("Italy", "F", "tys"), Unit("Italy", "F", "ion")],
                           "France")
    orders = decide("hard", world, "France", seed=seed)
    assert Support("France", "A", _at(1, "tun"), "A", _at(2, "tun"), None) in orders, orders
    assert Hold("France", "A", _at(2, "tun")) in orders, orders
    attack = [Move("Italy", "F", _at(2, "ion"), _at(2, "tun")),
              Support("Italy", "F", _at(2, "tys"), "F", _at(2, "ion"), _at(2, "tun"))]
    with_help = submit(world, orders + attack).world
    alone = submit(world, [o for o in orders if o.unit.board.timeline == 2] + attack).world
    assert "tun" not in _centres_of(with_help, "Italy")
    assert "tun" in _centres_of(alone, "Italy") or alone.pause is not None  # it would have fallen


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_hard_takes_a_centre_with_a_support_from_another_timeline(seed):
    """Timeline 2: an Italian army in Tunis, a French one in North Africa; a move alone
    bounces (or meets Italy's head on). The French army in Tunis on timeline 1 can support
    the attack: only then does Italy lose Tunis there (its only copy of the centre)."""
    world = _two_timelines([Unit("France", "A", "tun")],
                           [Unit("France", "A", "naf"), Unit("Italy", "A", "tun")], "Italy")
    orders = decide("hard", world, "France", seed=seed)
    move = Move("France", "A", _at(2, "naf"), _at(2, "tun"))
    assert move in orders, orders
    assert Support("France", "A", _at(1, "tun"), "A", _at(2, "naf"), _at(2, "tun")) in orders, orders
    for italy in ([], [Move("Italy", "A", _at(2, "tun"), _at(2, "naf"))]):
        after = submit(world, orders + italy).world
        if after.pause is not None:
            after = submit(after, []).world
        assert "tun" not in _centres_of(after, "Italy")
        alone = submit(world, [move] + italy).world
        assert "tun" in _centres_of(alone, "Italy")


def _hard_orders_on_grown_worlds(seeds, turns=10):
    for seed in seeds:
        world = grow_world(seed=seed, turns=turns, time_travel=0.5).world
        if world.phase != "movement" or world.pause is not None:
            continue
        for nation in world.variant.nation_names:
            yield world, nation, decide("hard", world, nation, seed=seed, budget=120)


def test_hard_never_travels_into_its_own_past_self_and_is_never_voided():
    """Over seeded 5D worlds: no Hard move into a past board where its nation's unit entered
    or stayed in that province (France bouncing France), and adjudicated with everyone
    else holding, none of its orders is voided by the engine."""
    import random
    from app.bots.timetravel import candidates
    worlds = travellers = 0
    for world, nation, orders in _hard_orders_on_grown_worlds(range(6)):
        worlds += 1
        offered = [c[0] for c in candidates(world, nation, orders, random.Random(0))]
        for o in orders + offered:
            if o.kind == "move" and o.dest.board != o.unit.board and not world.is_active(o.dest.board):
                travellers += 1
                assert not own_there(world, o.dest, nation), o
        report = submit(world, orders)
        voided = [(o, r.reason) for o, r in zip(orders, report.results) if r.status == "invalid"]
        assert not voided, voided
    assert worlds >= 3 and travellers, (worlds, travellers)


def test_own_there_sees_a_unit_that_just_entered_the_province():
    """The rule the filter stands on, on a real two-turn game: England's fleet that went
    London-North Sea in Spring is there on the Spring board's results."""
    from app.engine.game import Game
    game = Game.new()
    spring = game.world.active_boards()[0]
    game.submit([Move("England", "F", Location(spring, "lon"), Location(spring, "nth"))])
    world = game.world
    assert own_there(world, Location(spring, "nth"), "England")
    assert not own_there(world, Location(spring, "nth"), "France")
    assert not own_there(world, Location(spring, "lon"), "England")   # it left London
