"""A submission on the only board of a world takes a one-pass path
(``submission._store_single_board``): it must store, index and adjudicate exactly as the
general path does, refused, replaced and repeated orders included."""

import random

import pytest

from app.bots import selfplay
from app.engine import submission
from app.engine.coords import Location
from app.engine.game import Game
from app.engine.orders import Hold, Move, Support


def _general(world, orders, monkeypatch):
    with monkeypatch.context() as m:
        m.setattr(submission, "_single_board", lambda world, checked: None)
        return submission.submit(world, orders)


def _same(a, b):
    assert a.results == b.results
    assert dict(a.world.orders) == dict(b.world.orders)
    assert dict(a.world.results) == dict(b.world.results)
    assert {k: dict(v) for k, v in a.world.refs.items()} == {k: dict(v) for k, v in b.world.refs.items()}
    assert dict(a.world.incoming) == dict(b.world.incoming)
    assert {k: (dict(v.units), dict(v.centres)) for k, v in a.world.boards.items()} == \
        {k: (dict(v.units), dict(v.centres)) for k, v in b.world.boards.items()}
    assert (a.world.pause is None) == (b.world.pause is None)
    if a.world.pause is not None:
        assert dict(a.world.pause.dislodged) == dict(b.world.pause.dislodged)
    assert a.world.winner == b.world.winner
    assert (a.new_boards, a.new_timelines) == (b.new_boards, b.new_timelines)


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
        missing = u.unit.board._replace(timeline=9)
        extra.append(Hold(u.nation, u.unit_type, Location(missing, u.unit.loc)))  # no such board
    mixed = list(orders)
    for o in extra:
        mixed.insert(rng.randrange(len(mixed) + 1), o)
    return mixed


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_single_board_path_equals_general_path(seed, monkeypatch):
    taken = []
    real = submission._store_single_board

    def spy(*args):
        taken.append(1)
        return real(*args)

    monkeypatch.setattr(submission, "_store_single_board", spy)
    rng = random.Random(seed)
    game = Game.new(seed=seed)
    for step in range(24):
        world = game.world
        if world.phase == "over":
            break
        orders = selfplay.random_orders(world, rng, time_travel=0.0)
        if world.pause is None and step % 2:
            orders = _awkward(world, orders, rng)
        fast = submission.submit(world, orders)
        _same(fast, _general(world, orders, monkeypatch))
        game.submit(orders)
    assert len(taken) >= 8  # the one-board path was really exercised
