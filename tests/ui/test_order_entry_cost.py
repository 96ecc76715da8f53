"""Giving one order touches one row, one arrow and one board's count, however many orders are
pending (issue 17: the order list rebuilt every row on each order, the scene redrew every
pending arrow and the attention check rescanned every order). Counted, not timed: the
figures are benchmarks/order_entry_bench.py's."""

import random

import pytest

from app.bots.selfplay import grow_world, random_orders
from app.match.attention import needs
from app.match.order_entry import Outcome


@pytest.fixture(scope="module")
def many_boards():
    """A movement turn on six active boards (four movement, two Winter)."""
    game = grow_world(seed=2, boards=40, victory=False)
    assert len(game.world.active_boards()) >= 5 and game.world.phase == "movement"
    return game


@pytest.fixture
def opened(window, many_boards):
    window.set_game(many_boards.snapshot(), None)
    return window


def _orders(window, seed=1):
    orders = random_orders(window.game.world, random.Random(seed))
    assert len(orders) > 30
    return orders


def test_each_order_builds_one_row(opened, monkeypatch):
    import app.ui.panels.orders as panel_mod
    built = []

    class Counting(panel_mod.QTreeWidgetItem):
        def __init__(self, *a):
            super().__init__(*a)
            built.append(self)

    monkeypatch.setattr(panel_mod, "QTreeWidgetItem", Counting)
    panel = opened.orders_panel
    per_order = []
    for o in _orders(opened):
        before = len(built)
        boards_before = len(panel._board_items) + len(panel._tl_items)
        opened.clicks.handle(Outcome(o))
        headers = len(panel._board_items) + len(panel._tl_items) - boards_before
        per_order.append(len(built) - before - headers)
    assert per_order and set(per_order) == {1}, f"rows built per order: {per_order}"
    assert panel.count == len(opened.pending)
    # a replaced order: one row again; a deleted one: none
    some = next(iter(opened.pending))
    before = len(built)
    opened.delete_order(some)
    assert len(built) == before and panel.count == len(opened.pending)


def test_each_order_draws_one_arrow(opened, monkeypatch):
    import app.ui.multiverse.board_item as bi
    import app.ui.multiverse.world_scene as ws
    drawn = []
    real_arrow, real_geom = bi.pending_arrow, ws.WorldScene._arrow_geom
    monkeypatch.setattr(bi, "pending_arrow", lambda art, o: drawn.append(o) or real_arrow(art, o))
    monkeypatch.setattr(ws.WorldScene, "_arrow_geom",
                        lambda self, o, status: (drawn.append(o) if status == "pending" else None)
                        or real_geom(self, o, status))
    per_order = []
    for o in _orders(opened):
        before = len(drawn)
        opened.clicks.handle(Outcome(o))
        per_order.append(len(drawn) - before)
    assert max(per_order) <= 1, f"arrows drawn per order: {per_order}"
    repainted = []
    for item in opened.scene.items_by_key.values():
        monkeypatch.setattr(item, "update", lambda *a, k=item.key: repainted.append(k))
    o = next(iter(opened.pending.values()))
    opened.delete_order(next(iter(opened.pending)))
    assert set(repainted) <= {o.board}, "taking back an order repaints its own board only"


def test_each_order_recounts_one_board(opened, monkeypatch):
    import app.match.attention as attention
    counted = []
    real = attention.tally
    monkeypatch.setattr(attention, "tally", lambda board: counted.append(board.key) or real(board))
    opened.update_actions()
    per_order = []
    for o in _orders(opened):
        before = len(counted)
        opened.clicks.handle(Outcome(o))
        per_order.append(len(counted) - before)
    assert max(per_order) <= 1, f"boards recounted per order: {per_order}"


def test_what_is_shown_is_what_is_pending(opened):
    """After orders given, replaced, edited in the console and taken back in any order, the
    list, the arrows and the counts are those of a fresh look at the pending orders."""
    from app.engine.notation.notation import format_order
    from app.ui.multiverse.state import pending_arrow, same_board
    rng = random.Random(5)
    orders = _orders(opened) + _orders(opened, seed=2)
    for i, o in enumerate(orders):
        if i % 7 == 3 and opened.pending:
            opened.delete_order(rng.choice(sorted(opened.pending, key=str)))
        elif i % 11 == 5 and opened.pending:
            key = rng.choice(sorted(opened.pending, key=str))
            opened.edit_order(key, format_order(opened.pending[key]))
            opened.console_order(format_order(o))
        else:
            opened.clicks.handle(Outcome(o))
    pending = opened.pending
    assert sorted(opened.orders_panel.order_texts()) == sorted(format_order(o) for o in pending.values())
    assert opened.orders_panel.count == len(pending)
    scene = opened.scene
    for key, item in scene.items_by_key.items():
        want = sorted((pending_arrow(scene.art, o) for o in pending.values()
                       if o.board == key and same_board(o) and o.kind != "build"), key=repr)
        assert sorted((a for a in item.pending), key=repr) == [a for a in want if a is not None]
    assert len(scene.overlay.pending) == sum(1 for o in pending.values() if not same_board(o))
    assert opened.navigation.attention() == needs(opened.world, pending.values(), opened.seat_nations())


def test_orders_given_back_are_drawn_when_their_board_is(opened, monkeypatch):
    """An undo gives a whole turn's orders back: their arrows are made for the boards that
    are drawn, when they are drawn, not for every board at once (at 10,000 boards that was
    half the undo)."""
    import app.ui.multiverse.board_item as bi
    from app.ui.multiverse.state import pending_arrow, same_board
    for o in _orders(opened):
        opened.clicks.handle(Outcome(o))
    opened.submit()
    opened.wait_idle()
    made = []
    monkeypatch.setattr(bi, "pending_arrow", lambda art, o: made.append(o) or pending_arrow(art, o))
    opened.undo()
    pending = opened.pending
    assert pending and not made, "no arrow is made before a board is drawn"
    key = next(o.board for o in pending.values() if o.kind != "build")
    item = opened.scene.items_by_key[key]
    want = [pending_arrow(opened.scene.art, o) for o in pending.values()
            if o.board == key and o.kind != "build" and same_board(o)]
    drawn = item.pending                      # what its paint() draws
    assert sorted(drawn, key=repr) == sorted((a for a in want if a is not None), key=repr)
    assert {o.board for o in made} == {key}
    assert item.pending is drawn, "made once, until its orders change"
