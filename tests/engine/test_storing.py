"""A submission stores its orders, indexes them and adjudicates only the orders linked to
them (``app.engine.rules.storing``). Two properties must hold after every submission of any
game, with awkward orders mixed in (repeated, replaced, refused, on no board):

- the index (``World.refs``, ``World.incoming``) is the one built from scratch from the
  stored orders (as a loaded save builds it);
- every stored movement order's result is the one adjudicating the whole world again
  would give it (RULES.md §4: the part left out could not have changed).
"""

import random

import pytest

from app.bots import selfplay
from app.engine.rules.coords import Location
from app.engine.game import Game
from app.engine.rules.order_table import SpaceNumbers, results_of, table_row
from app.engine.rules.orders import Hold, Move, Support
from app.engine.rules.storing import INVALID_REPLACED, REPEAT
from app.engine.rules.submission import submit
from app.engine.rules.world import index_orders, spaces_named


def _awkward(world, orders, rng):
    """The orders with a few extra ones: repeated, replaced, refused, and on no board."""
    units = [o for o in orders if o.kind in ("hold", "move", "support")]
    extra = []
    if units:
        extra.append(rng.choice(units))  # repeated word for word
        u = rng.choice(units)
        extra.append(Hold(u.nation, u.unit_type, u.unit))  # replaces (or repeats) its order
        extra.append(Move(u.nation, u.unit_type, u.unit, Location(u.unit.board, "mos")))  # far away
        extra.append(Support(u.nation, u.unit_type, u.unit, None, Location(u.unit.board, u.unit.loc)))
        missing = u.unit.board._replace(timeline=99)
        extra.append(Hold(u.nation, u.unit_type, Location(missing, u.unit.loc)))  # no such board
    mixed = list(orders)
    for o in extra:
        mixed.insert(rng.randrange(len(mixed) + 1), o)
    return mixed


def _whole_world_results(world):
    """Every effective movement order of the world adjudicated together, from scratch."""
    numbers = SpaceNumbers(world.variant)
    refs, rows = [], []
    for key in sorted(world.orders):
        if not key.turn.is_movement:
            continue
        for idx, (o, r) in enumerate(zip(world.orders[key], world.results[key])):
            if r.illegal or not hasattr(o, "unit"):
                continue
            n = [numbers.base(b) + numbers.number[p] for b, p in spaces_named(o)] + [-1, -1]
            refs.append((key, idx))
            rows.append(table_row(o, n[0], n[1], n[2], world.variant, world.adjacency))
    return dict(zip(refs, results_of(world, rows, numbers)))


def _outcome(r):
    """What adjudication decides (the reason may name a board that exists only now, and
    the retreat is chosen after adjudication)."""
    return r.status, r.moved, r.dislodged, r.contests


@pytest.mark.parametrize("seed,time_travel", [(1, 0.0), (2, 0.0), (3, 0.4), (4, 0.4)])
def test_index_and_results_equal_a_whole_world_adjudication(seed, time_travel):
    rng = random.Random(seed)
    game = Game.new(seed=seed)
    awkward_seen = 0
    for step in range(22):
        world = game.world
        if world.phase == "over":
            break
        orders = selfplay.random_orders(world, rng, time_travel=time_travel)
        if world.pause is None and step % 2:
            orders = _awkward(world, orders, rng)
        report = submit(world, orders)
        new = report.world
        assert (dict(new.refs), dict(new.incoming)) == tuple(map(dict, index_orders(new.orders, new.results)))
        whole = _whole_world_results(new)
        for (key, idx), r in whole.items():
            assert _outcome(new.results[key][idx]) == _outcome(r), (key, new.orders[key][idx])
        for o, r in zip(orders, report.results):
            if r is REPEAT:
                awkward_seen += 1
            if r.reason == INVALID_REPLACED:
                awkward_seen += 1
        game.submit(orders)
    assert awkward_seen >= 3  # repeats and replacements really came through


def test_orders_on_no_board_are_refused_and_not_stored():
    game = Game.new(seed=5)
    world = game.world
    [key] = world.active_boards()
    ghost = Hold("France", "A", Location(key._replace(timeline=7), "par"))
    report = submit(world, [ghost])
    assert report.results[0].status == "invalid"
    assert ghost not in report.world.orders[key]
    assert len(report.world.orders[key]) == len(world.boards[key].units)  # the default holds


def test_builds_on_several_winter_boards_are_told_apart_from_repeats():
    """Builds at one province on two boards are two builds; the same build given twice on
    one board counts once; a unit's order and a build at its province never merge."""
    from app.engine.rules.coords import BoardKey, Turn
    from app.engine.rules.orders import Build
    from app.engine.rules.storing import repeats_and_replaced
    w1, w2 = BoardKey(1, Turn.parse("W1901")), BoardKey(2, Turn.parse("W1901"))
    s2 = BoardKey(2, Turn.parse("S1902"))
    lon = lambda b: Location(b, "lon")
    apart = [(Build("England", "F", lon(w1)), None), (Build("England", "F", lon(w2)), None),
             (Hold("England", "F", lon(s2)), None), (Build("England", "A", Location(w1, "edi")), None)]
    assert repeats_and_replaced(apart) == ({}, set())
    twice = apart + [(Build("England", "F", lon(w2)), None)]
    assert repeats_and_replaced(twice) == ({4: 1}, set())
    refused_twice = apart + [(Build("England", "F", lon(w2)), "not a home centre")]
    assert repeats_and_replaced(refused_twice) == ({}, set())


def test_winter_orders_given_as_the_world_stops_for_retreats_say_they_wait():
    """A Winter board is adjusted once the retreats are given: a build or disband given in a
    submission that stopped for retreats has no result yet, and its result says why (it had
    no reason, and the window listed it among the failures as "pending: no reason given")."""
    from app.engine.rules.submission import WAITS_FOR_RETREATS
    rng = random.Random(1)
    game = Game.new(seed=1)
    for _ in range(30):
        world = game.world
        orders = selfplay.random_orders(world, rng, time_travel=0.4)
        report = submit(world, orders)
        waiting = [(o, r) for o, r in zip(orders, report.results) if r.status == "pending"]
        if waiting:
            break
        game.submit(orders)
    assert waiting, "no submission stopped for retreats with a Winter order given"
    assert report.world.phase == "retreats"
    for o, r in waiting:
        assert not o.board.turn.is_movement
        assert r is WAITS_FOR_RETREATS and "retreats" in r.reason
    after = submit(report.world, [])               # the retreats (none given): the Winter board is adjusted
    assert all(r.status != "pending" for r in after.world.results[waiting[0][0].board])
