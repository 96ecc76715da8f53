"""The quick answers of ``app.engine.rules.validation`` equal its full checks.

A move on its own board is looked up in the variant's table of legal moves, and a support
all on one board is passed by the tests it can pass; anything else goes through the full
check (``move.check_in_full``, ``support.check_in_full`` in ``app.engine.rules.kinds``). These tests hold the shortcuts to
the full checks on every entry of every built-in variant's table and on the supports of
real games.
"""

import random

import pytest

from app.bots import selfplay
from app.engine.rules import validation
from app.engine.rules.kinds import move, support
from app.engine.rules.coords import BoardKey, Location, Turn, province_of
from app.engine.game import Game
from app.engine.rules.orders import Move, Support
from app.engine.variants.variant import load_variant
from app.engine.rules.world import World, make_board

KEY = BoardKey(1, Turn(1901, 0))


@pytest.mark.parametrize("name", ["standard", "isles", "baltic"])
def test_every_table_move_is_legal_in_the_full_check_with_that_normal_form(name):
    v = load_variant(name)
    table = move.legal_moves(v)
    assert table  # the variant has moves
    for (utype, loc, written), normal in table.items():
        world = World.from_boards(v, [make_board(KEY, [("X", utype, loc)], {})])
        order = Move("X", utype, Location(KEY, loc), Location(KEY, written))
        checked, reason = move.check_in_full(world, order, utype, loc, province_of(loc))
        assert reason is None, (utype, loc, written, reason)
        assert checked.dest == Location(KEY, normal), (utype, loc, written)


def test_a_move_the_table_does_not_hold_gets_the_full_checks_reason():
    world = World.initial(load_variant())
    [key] = world.active_boards()
    order = Move("France", "A", Location(key, "par"), Location(key, "mun"))  # not adjacent
    assert validation.check(world, order) == (order, f"{Location(key, 'mun')} is out of reach")


@pytest.mark.parametrize("seed", [1, 2])
def test_the_support_shortcut_agrees_with_the_full_check(seed):
    rng = random.Random(seed)
    game = Game.new(seed=seed)
    compared = 0
    for _ in range(12):
        world = game.world
        [key] = world.active_boards()
        if world.phase != "movement" or not key.turn.is_movement:  # supports are given on movement boards
            game.submit(selfplay.random_orders(world, rng, time_travel=0.0))
            continue
        board = world.boards[key]
        units = list(board.units.values())
        # Every unit supporting every other to hold and to move to each neighbour of either
        # (many are illegal: out of reach, itself, into its own province, an army's move
        # that would need a convoy...).
        adjacent = world.variant.adjacent_locations
        for u in units:
            for s in units:
                dests = [None] + sorted(adjacent(s.type, s.loc) | adjacent(u.type, u.loc))
                for d in dests:
                    order = Support(u.nation, u.type, Location(key, u.loc), s.type, Location(key, s.loc),
                                    Location(key, d) if d else None)
                    prov = province_of(u.loc)
                    assert support.check(world, order, u.type, u.loc, prov) == \
                        support.check_in_full(world, order, u.type, u.loc, prov)
                    compared += 1
        game.submit(selfplay.random_orders(world, rng, time_travel=0.0))
    assert compared > 1000
