"""Large worlds in the window: the scene does work only for what changed, and far away it
draws the overview's miniatures instead of one item per board."""

import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from app.bots.selfplay import grow_world, random_orders
from app.engine.rules.submission import submit as submit_orders
from app.ui.multiverse.miniatures import Miniatures
from app.ui.multiverse.overview import CELL_W
from app.ui.multiverse.world_view import FAR_BOARD_PX

from .helpers import key


def _settle(qtbot, window):
    window.wait_idle()
    qtbot.wait(10)


def test_submission_keeps_unchanged_boards(qtbot, window):
    game = grow_world(seed=3, boards=40, victory=False)
    window.set_game(game, None)
    scene = window.scene
    states = {k: it.current_state() for k, it in scene.items_by_key.items()}
    before = window.game.world
    # Orders that make new boards without a retreat pause (tried on the engine alone first:
    # which seed does depends on the selfplay that grew the world).
    orders = next(os for os in (random_orders(before, random.Random(s)) for s in range(1, 20))
                  if (w := submit_orders(before, os).world).pause is None and len(w.boards) > len(before.boards))
    for o in orders:
        window.add_order(o)
    window.submit()
    _settle(qtbot, window)
    after = window.game.world
    assert len(after.boards) > len(before.boards)
    assert set(scene.items_by_key) == set(after.boards)
    kept = changed = 0
    for k, state in states.items():
        same = (before.boards[k] is after.boards[k] and before.orders.get(k) is after.orders.get(k)
                and before.results.get(k) is after.results.get(k) and before.retreats.get(k) is after.retreats.get(k))
        item = scene.items_by_key[k]
        if same and (after.pause is None or all(l.board != k for l in after.pause.dislodged)):
            assert item.state is state, f"{k} did not change but its state was rebuilt"
            kept += 1
        else:
            assert item.current_state() is not state
            changed += 1
    assert kept and changed
    # every board the world has is shown with its current state
    for k, item in scene.items_by_key.items():
        assert item.active == after.is_active(k)


def test_far_away_the_overview_replaces_board_items(qtbot, window):
    window.set_game(grow_world(seed=5, boards=60, victory=False), None)
    qtbot.wait(20)   # the window's own first "go to the present" happens first
    view, scene = window.view, window.scene
    view.set_boards_across(2)
    assert not scene.far and all(it.isVisible() for it in scene.items_by_key.values())
    view.go_to_present()
    view.set_boards_across(view.viewport().width() / 30)   # boards 30 px across
    w_px = view.scale_factor() * scene.layout.board_w
    assert w_px < FAR_BOARD_PX
    assert scene.far and scene.overview.isVisible()
    assert not any(it.isVisible() for it in scene.items_by_key.values())
    qtbot.waitUntil(lambda: not scene.overview.dirty, timeout=10000)
    assert set(scene.overview.states) == set(window.game.world.boards)
    # a frame zoomed out draws tiles, and shows the boards (not the empty background)
    img = view.grab().toImage()
    k = window.game.world.active_boards()[0]
    centre = view.mapFromScene(scene.layout.rect(k).center())
    assert QColor(img.pixel(centre)) != window.theme.background
    # a click on a tiny board brings it near
    qtbot.mouseClick(view.viewport(), Qt.LeftButton, pos=centre)
    assert not scene.far
    here = view.mapToScene(view.viewport().rect().center())
    assert here.x() == pytest.approx(scene.layout.rect(k).center().x(), abs=200)
    assert here.y() == pytest.approx(scene.layout.rect(k).center().y(), abs=200)


def test_miniature_tints_provinces_by_owner(qtbot, window):
    window.new_game("sandbox")
    art = window.scene.art
    minis = Miniatures(art, CELL_W)
    board = window.game.world.boards[key("1:S1901")]
    img = minis.image(board)
    russia = art.variant.nations["Russia"].colour
    i = minis.index["mos"]   # a large province, Russia's centre with an army in it
    ys, xs = (minis.labels == i).nonzero()
    dot = minis.anchor_px["mos"]
    pixels = [(x, y) for x, y in zip(xs, ys) if not (dot[0] <= x <= dot[0] + 1 and dot[1] <= y <= dot[1] + 1)]
    assert len(pixels) > 10
    tinted = {QColor(img.pixel(int(x), int(y))).name() for x, y in pixels}
    assert tinted == {QColor(minis.tints["Russia"][1]).name()}
    plain = minis.image(board._replace(units={}, centres={}))
    assert {QColor(plain.pixel(int(x), int(y))).name() for x, y in pixels} != tinted
    # the tint lies between plain land and Russia's colour
    t = QColor(minis.tints["Russia"][1])
    assert min(QColor(russia).red(), 0xef) <= t.red() <= max(QColor(russia).red(), 0xef)


def _differs(before, after, k) -> bool:
    return any(getattr(before, f).get(k) is not getattr(after, f).get(k)
               for f in ("boards", "orders", "results", "retreats"))


def test_a_submission_touches_only_the_boards_it_changed(qtbot, window, monkeypatch):
    window.set_game(grow_world(seed=4, boards=80, victory=False), None)
    scene = window.scene
    marked = []
    real_mark = scene.overview.mark
    monkeypatch.setattr(scene.overview, "mark", lambda key, *a, **kw: (marked.append(key), real_mark(key, *a, **kw)))
    rng = random.Random(2)
    for _ in range(3):                     # movement, then whatever follows (retreats or movement)
        before = window.game.world
        for o in random_orders(before, rng):
            window.add_order(o)
        marked.clear()
        window.submit()
        _settle(qtbot, window)
        after = window.game.world
        dislodged = lambda w: {l.board for l in w.pause.dislodged} if w.pause else set()
        expected = ({k for k in after.boards if _differs(before, after, k)}
                    | set(before.active_boards()) ^ set(after.active_boards())
                    | dislodged(before) | dislodged(after))
        assert set(marked) == expected
        assert len(marked) == len(set(marked)) < len(after.boards) / 2
        assert scene.touched == len(expected)
        # and what the scene shows is still the whole world, right
        assert set(scene.items_by_key) == set(after.boards)
        assert all(item.active == after.is_active(k) for k, item in scene.items_by_key.items())
    # undo goes back by the same path: the boards it removed are gone, the rest right again
    window.undo()
    world = window.game.world
    assert set(scene.items_by_key) == set(world.boards)
    assert all(item.active == world.is_active(k) for k, item in scene.items_by_key.items())


def test_the_autosave_starts_after_the_new_boards_are_painted(qtbot, window):
    from PySide6.QtCore import QEvent, QObject
    window.new_game("sandbox")
    qtbot.wait(50)
    events = []

    class Spy(QObject):
        def eventFilter(self, obj, event):
            if event.type() == QEvent.Paint:
                events.append("paint")
            return False
    spy = Spy()
    window.view.viewport().installEventFilter(spy)
    real = window.files.autosave_now
    window.files.autosave_now = lambda: (events.append("autosave"), real())[1]
    window.console_order("A par - bur")
    window.submit()
    window.wait_idle()                     # adjudicated and shown; nothing painted yet
    assert "autosave" not in events
    qtbot.waitUntil(lambda: "autosave" in events, timeout=20000)
    assert events.index("paint") < events.index("autosave")
    assert window.files.writer.flush(30)
    assert window.files.session.autosave_path.exists()


def test_nations_panel_sorted_by_centres_names_them_and_counts_units_on_active_boards(qtbot, window):
    window.set_game(grow_world(seed=6, boards=60, victory=False), None)
    world = window.game.world
    panel = window.nations_panel
    table = panel.table
    active = world.active_boards()
    centres, units = {}, {}
    for n in world.variant.nation_names:
        centres[n] = {p for k in active for p, owner in world.boards[k].centres.items() if owner == n}
        units[n] = sum(1 for k in active for u in world.boards[k].units.values() if u.nation == n)
    shown = [table.item(r, 0).text() for r in range(table.rowCount())]
    assert sorted(shown) == sorted(world.variant.nation_names)
    counts = [len(centres[n]) for n in shown]
    assert counts == sorted(counts, reverse=True) and counts[0] > counts[-1]
    provinces = world.variant.provinces
    for r, n in enumerate(shown):
        assert table.item(r, 1).text() == f"{len(centres[n])}"      # grown --no-victory: no target (issue 31)
        assert table.item(r, 2).text() == str(units[n])
        tip = table.item(r, 0).toolTip()
        for p in centres[n]:                       # every centre it holds is named
            assert provinces[p].name in tip, (n, p)
        others = set(world.variant.supply_centres) - centres[n]
        assert not any(f"{provinces[p].name} (" in tip for p in others), n
    assert "active boards" in table.horizontalHeaderItem(2).text() + table.horizontalHeaderItem(2).toolTip()
    assert "counts once" in table.horizontalHeaderItem(1).toolTip()
    summary = panel.summary.text()
    assert f"<b>{len(world.boards)}</b> boards · <b>{len(world.timelines)}</b> timelines" in summary


def test_nations_summary_says_one_board_in_the_singular(qtbot, window):
    window.new_game("sandbox")
    assert "<b>1</b> board · <b>1</b> timeline · " in window.nations_panel.summary.text()


def test_arrows_between_boards_are_exactly_the_orders_that_span_boards(qtbot, window):
    from app.ui.multiverse.state import board_cross_arrows, same_board
    from app.ui.multiverse.world_scene import _spans_boards
    window.set_game(grow_world(seed=8, boards=120, victory=False), None)
    world = window.game.world
    orders = [o for k in world.orders for o in world.orders[k]] + [o for k in world.retreats for o, _ in world.retreats[k]]
    assert all(_spans_boards(o) == (not same_board(o)) for o in orders)
    crossing = [c for k in sorted(world.boards) for c in board_cross_arrows(world, k)]
    assert crossing, "a grown world has orders between boards"
    drawn = window.scene.overlay.arrows
    assert len(drawn) == len(crossing)
    assert [(a[4], a[5].name()) for a in drawn] == [(c.order.kind, window.scene._arrow_geom(c.order, c.status)[5].name())
                                                     for c in crossing]


@pytest.mark.parametrize("px", [1, 2.5, 4, 8])
def test_the_new_board_frame_stays_within_its_item_at_every_zoom(qtbot, window, px):
    """A stroke outside an item's bounding rect is never erased when the item is next
    updated: the new-board frame left green remnants when its flash ended, zoomed out."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QImage, QPainter
    window.new_game("sandbox")
    window.console_order("A par - bur")
    window.submit()
    _settle(qtbot, window)
    scene = window.scene
    item = scene.items_by_key[key("1:F1901")]
    assert item.flash
    bounds = item.sceneBoundingRect()
    margin = 12 * px                               # 12 screen pixels all round
    src = bounds.adjusted(-margin, -margin, margin, margin)
    img = QImage(round(src.width() / px), round(src.height() / px), QImage.Format_ARGB32)
    img.fill(QColor("white"))
    p = QPainter(img)
    scene.render(p, QRectF(img.rect()), src)     # px scene units to a pixel, as zoomed out
    p.end()
    inside = QRectF((bounds.x() - src.x()) / px, (bounds.y() - src.y()) / px,
                    bounds.width() / px, bounds.height() / px).adjusted(-1, -1, 1, 1)
    flash = window.theme.flash
    framed = outside = 0
    for y in range(img.height()):
        for x in range(img.width()):
            c = QColor(img.pixel(x, y))
            if abs(c.red() - flash.red()) < 25 and abs(c.green() - flash.green()) < 25 and abs(c.blue() - flash.blue()) < 25:
                if inside.contains(x + 0.5, y + 0.5):
                    framed += 1
                else:
                    outside += 1
    assert framed > 100
    assert outside == 0




def _tree(panel):
    """The order list as nested (text, data) tuples, in display order."""
    def walk(item):
        return [(item.child(i).text(0), item.child(i).data(0, Qt.UserRole), walk(item.child(i)))
                for i in range(item.childCount())]
    return walk(panel.tree.invisibleRootItem())


def test_the_order_list_is_kept_up_order_by_order_and_matches_a_fresh_one(qtbot, window):
    from app.ui.panels.orders import OrdersPanel
    window.set_game(grow_world(seed=9, boards=40, victory=False), None)
    rng = random.Random(3)
    orders = random_orders(window.game.world, rng)
    rng.shuffle(orders)
    panel = window.orders_panel
    for i, o in enumerate(orders):
        window.add_order(o)
        if i % 7 == 3:                       # and some taken back
            window.delete_order(next(iter(window.pending)))
    fresh = OrdersPanel()
    fresh.icons = panel.icons
    fresh.set_orders(window.pending)
    assert _tree(panel) == _tree(fresh)
    assert panel.count == len(window.pending) and len(panel.order_texts()) == len(window.pending)
    window.submit()
    _settle(qtbot, window)
    assert _tree(panel) == [] and panel.order_texts() == []
