"""An Attention kept up to date one order at a time says what a fresh look says, in every phase
(movement with Winter boards, retreats, builds, disbands), for all nations or a seat's."""

import random

import pytest

from app.bots.selfplay import random_orders
from app.engine.game import Game
from app.match import order_key
from app.engine.rules.coords import Space
from app.engine.rules.orders import Build, Disband, Waive
from app.match.attention import Attention, Need, needs


def oracle(world, pending, nations):
    """What is owed, counted plainly from every order (the check as it was before it was
    kept up to date one order at a time)."""
    pending = list(pending)
    ordered = {(o.unit.board, o.unit.province) for o in pending if hasattr(o, "unit")}
    if world.phase == "over":
        return []
    out = {}
    if world.phase == "retreats":
        for loc in world.pause.dislodged:
            given = world.order_of(Space(loc.board, loc.province))
            nation = given[0].nation if given else world.boards[loc.board].units[loc.province].nation
            if (nations is None or nation in nations) and (loc.board, loc.province) not in ordered:
                out.setdefault(loc.board, {}).setdefault("retreats", 0)
                out[loc.board]["retreats"] += 1
        return [Need(k, w, n) for k in sorted(out) for w, n in out[k].items()]
    mine = [n for n in world.variant.nation_names if nations is None or n in nations]
    for key in world.active_boards():
        board = world.boards[key]
        if board.is_movement:
            n = sum(1 for p, u in board.units.items() if u.nation in mine and (key, p) not in ordered)
            if n:
                out[key] = {"orders": n}
            continue
        builds = disbands = 0
        for nation in mine:
            diff = board.centre_count(nation) - board.unit_count(nation)
            given = [o for o in pending if o.board == key and o.nation == nation]
            if any(isinstance(o, Waive) for o in given):
                continue
            if diff > 0:
                builds += max(0, diff - sum(isinstance(o, Build) for o in given))
            elif diff < 0:
                disbands += max(0, -diff - sum(isinstance(o, Disband) for o in given))
        owed = {w: n for w, n in (("builds", builds), ("disbands", disbands)) if n}
        if owed:
            out[key] = owed
    return [Need(k, w, n) for k in sorted(out) for w, n in out[k].items()]


def _worlds():
    """Worlds of one selfplay game: movement turns, retreat pauses and Winter boards."""
    rng = random.Random(4)
    game = Game.new(seed=4)
    out = []
    for _ in range(24):
        if game.world.phase == "over":
            break
        out.append(game.world)
        game.submit(random_orders(game.world, rng, 0.4))
    assert any(w.phase == "retreats" for w in out)
    assert any(not w.boards[k].is_movement for w in out for k in w.active_boards())
    return out


@pytest.mark.parametrize("nations", [None, {"England", "Russia", "Turkey"}])
def test_counted_one_order_at_a_time_is_a_fresh_count(nations):
    rng = random.Random(1)
    for world in _worlds():
        pending: dict = {}
        todo = Attention(world, [], nations)
        assert todo.needs() == needs(world, [], nations) == oracle(world, [], nations)
        orders = random_orders(world, rng) + random_orders(world, rng)
        for i, o in enumerate(orders):
            key = order_key(o)
            if i % 5 == 4 and pending:
                gone = pending.pop(rng.choice(sorted(pending, key=str)))
                todo.change(gone, None)
            else:
                todo.change(pending.get(key), o)
                pending[key] = o
            if i % 9 == 0:
                assert todo.needs() == oracle(world, pending.values(), nations), (world.phase, i)
        assert todo.needs() == needs(world, pending.values(), nations) == oracle(world, pending.values(), nations)
        assert todo.boards == len({n.board for n in todo.needs()})


def test_a_change_names_only_the_board_whose_count_moved():
    world = Game.new().world
    todo = Attention(world, [])
    o = random_orders(world, random.Random(2))[0]
    assert todo.change(None, o) == [o.board]
    assert todo.change(o, o) == []                     # the same order again: nothing moved
    assert todo.change(o, None) == [o.board]
