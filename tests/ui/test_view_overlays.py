"""Headers and notices stay put while the view pans (pixels read back from the window's
backing store, i.e. what the screen shows, not a fresh render)."""

from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QApplication

from app.ui.window.settle import settle
from app.ui.multiverse.world_view import HEADER_H, HEADER_W


def _screen(window):
    QApplication.processEvents()
    return window.screen().grabWindow(window.winId()).toImage()


def _band(img, window, x0, y0, x1, y1):
    """The band's pixels as a list of rows (viewport coordinates)."""
    o = window.view.viewport().mapTo(window, QPoint(0, 0))
    return [[img.pixel(o.x() + x, o.y() + y) for x in range(x0, x1, 3)] for y in range(y0, y1)]


def test_panning_keeps_the_header_bands_intact(window, qtbot):
    window.new_game(confirmed=True)
    window.resize(1366, 768)
    window.view.go_to_present()
    settle(window)
    vp = window.view.viewport()
    before = _screen(window)
    row_header = _band(before, window, 0, HEADER_H + 1, HEADER_W - 1, vp.height(), )
    h, v = window.view.horizontalScrollBar(), window.view.verticalScrollBar()
    x0, y0 = h.value(), v.value()
    for _ in range(12):                 # a pan, painted step by step as a drag would be
        h.setValue(h.value() + 23)
        v.setValue(v.value() + 17)
        QApplication.processEvents()
    for _ in range(12):
        h.setValue(h.value() - 23)
        v.setValue(v.value() - 17)
        QApplication.processEvents()
    assert (h.value(), v.value()) == (x0, y0)
    after = _screen(window)
    # back where it started: the header bands are exactly as before
    assert _band(after, window, 0, 0, vp.width(), HEADER_H) == _band(before, window, 0, 0, vp.width(), HEADER_H)
    assert _band(after, window, 0, HEADER_H + 1, HEADER_W - 1, vp.height()) == row_header
    # and while panned, the band is still the header colour (no board pixels slid into it)
    h.setValue(h.value() + 200)
    QApplication.processEvents()
    panned = _screen(window)
    theme = window.scene.theme.header.rgb()
    corner = _band(panned, window, 0, 0, HEADER_W - 2, HEADER_H - 2)
    assert all(p == theme for row in corner for p in row)


def test_notices_are_not_inside_the_scrolled_view(window, qtbot):
    window.new_game(confirmed=True)
    settle(window)
    window.notices.show_toast("<b>Submission 1</b>")
    for notice in (window.notices.toast, window.notices.banner):
        w = notice.parentWidget()
        while w is not None:
            assert w is not window.view
            w = w.parentWidget()
    vp = window.view.viewport()
    pos = window.notices.toast.mapTo(window, QPoint(0, 0))
    window.view.horizontalScrollBar().setValue(window.view.horizontalScrollBar().value() + 300)
    QApplication.processEvents()
    assert window.notices.toast.mapTo(window, QPoint(0, 0)) == pos
    centre = vp.mapTo(window, QPoint(vp.width() // 2, 0)).x()
    assert abs(pos.x() + window.notices.toast.width() // 2 - centre) <= 1


def test_the_toast_follows_the_view_when_the_window_is_resized(window, qtbot):
    window.new_game(confirmed=True)
    settle(window)
    window.resize(1366, 768)
    settle(window)
    window.notices.show_toast("<b>Submission 1</b>")
    window.resize(1920, 1080)
    qtbot.waitUntil(lambda: window.view.viewport().width() > 1000)
    settle(window)
    vp = window.view.viewport()
    pos = window.notices.toast.mapTo(window, QPoint(0, 0))
    centre = vp.mapTo(window, QPoint(vp.width() // 2, 0)).x()
    bottom = vp.mapTo(window, QPoint(0, vp.height())).y()
    assert abs(pos.x() + window.notices.toast.width() // 2 - centre) <= 1, "the toast stayed where the old view's centre was"
    assert 0 < bottom - (pos.y() + window.notices.toast.height()) <= 40


# -- markers over the boards: dislodged units, off-screen targets (h15) ------------------------

import math

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF

from app.bots.selfplay import grow_world
from app.engine.rules.coords import Season, Turn
from app.engine.rules.orders import Disband
from app.engine.rules.targets import orderable_units
from app.ui.multiverse.cursors import mode_cursor, mode_label
from app.ui.multiverse.markers import BADGE_R, DISLODGED, EDGE_R
from app.ui.multiverse.headers import column_label

from .helpers import submit


def _near(c, ref, tol=40):
    c, ref = QColor(c), QColor(ref)
    return abs(c.red() - ref.red()) + abs(c.green() - ref.green()) + abs(c.blue() - ref.blue()) <= tol


def _shown(window):
    """The viewport as drawn now (a fresh render of the view, foreground included)."""
    settle(window)
    return window.view.viewport().grab().toImage()


def _screen_rect(window, key):
    return window.view.viewportTransform().mapRect(window.scene.layout.rect(key))


def _red_along_top(img, r):
    """Share of the pixels just above the board's top edge that are the dislodged red."""
    y0 = int(r.top()) - 4
    xs = range(int(r.left()) + 2, int(r.right()) - 2)
    hits = sum(1 for x in xs if any(_near(img.pixel(x, y), DISLODGED, 60) for y in range(y0, y0 + 4)
                                   if 0 <= y < img.height() and 0 <= x < img.width()))
    return hits / max(1, len(xs))


@pytest.fixture
def retreat_world(window):
    game = grow_world(seed=5, turns=11, victory=False)      # a retreat pause: one unit dislodged
    assert game.world.pause is not None
    window.set_game(game, None)
    window.resize(1366, 768)
    return game


def test_dislodged_units_are_marked_at_every_zoom(window, qtbot, retreat_world):
    world = retreat_world.world
    loc = sorted(world.pause.dislodged)[0]
    other = next(k for k in world.active_boards() if k != loc.board)
    view = window.view
    for boards_across in (60, 12, 4, 1.3):             # far (the overview), middle, near
        window.goto_board(loc.board)
        view.set_boards_across(boards_across)
        r = window.scene.layout.rect(loc.board)
        # the board's top in view (near, a board is taller than the window)
        view.centerOn(QPointF(r.center().x(), min(r.center().y(), r.top() + (view.viewport().height() / 2 - 70) / view.scale_factor())))
        img = _shown(window)
        assert window.scene.far == (boards_across == 60)
        r = _screen_rect(window, loc.board)
        assert _red_along_top(img, r) > 0.6, boards_across         # a red frame round the board
        assert _red_along_top(img, _screen_rect(window, other)) < 0.1   # not round a board without
        # the count badge on the top-right corner, filled red while the retreat is owed
        badge = QPointF(r.right(), r.top()) if r.width() <= 6 * BADGE_R else \
            QPointF(r.right() - BADGE_R * 0.4, r.top() + BADGE_R * 0.4)
        assert _near(img.pixel(int(badge.x() - BADGE_R + 3), int(badge.y())), DISLODGED, 60), boards_across
        if boards_across == 1.3:
            # near: a ring round the unit itself (drawn up-right of its anchor, as the unit is)
            pt = window.scene.art.unit_point(loc.loc)
            view.centerOn(window.scene.layout.to_scene(loc.board, pt.x(), pt.y()))
            img = _shown(window)
            c = view.viewportTransform().map(window.scene.layout.to_scene(loc.board, pt.x() + 7, pt.y() - 7))
            k = r.width() / window.scene.art.rect.width()
            radius = max(12.0, 26.0 * k)
            ring = [img.pixel(int(c.x() + radius * math.cos(a)), int(c.y() + radius * math.sin(a)))
                    for a in [i * math.pi / 8 for i in range(16)]]
            assert sum(_near(p, DISLODGED, 60) for p in ring) >= 12
    # once the retreat is given, the badge is no longer filled (the board owes nothing more)
    unit = world.unit_at(loc)
    assert window.add_order(Disband(unit.nation, unit.type, loc))
    view.set_boards_across(4)
    view.centerOn(window.scene.layout.rect(loc.board).center())
    img = _shown(window)
    r = _screen_rect(window, loc.board)
    inside = img.pixel(int(r.right() - BADGE_R * 0.4 - BADGE_R + 3), int(r.top() + BADGE_R * 0.4))
    assert _near(inside, QColor("white"), 30)
    assert _red_along_top(img, r) > 0.6                             # still dislodged: still framed


def test_boards_owing_orders_get_a_count_badge(window, qtbot):
    window.new_game(confirmed=True)
    window.resize(1366, 768)
    window.view.go_to_present()
    key = window.world.active_boards()[0]
    assert window.view.markers.owed == {key: {"orders": 22}}
    img = _shown(window)
    r = _screen_rect(window, key)
    from app.ui.multiverse.markers import OWED
    assert _near(img.pixel(int(r.right() - BADGE_R * 0.4 - BADGE_R + 3), int(r.top() + BADGE_R * 0.4)), OWED, 60)


def _unit_with_targets_elsewhere(window):
    """A unit whose legal targets are on several boards, selected."""
    for loc in orderable_units(window.world):
        window.entry.cancel()
        window.clicks.click_location(loc.board, loc.loc)
        marks, _ = window.entry.highlights()
        if len([k for k, h in marks.items() if h]) >= 3:
            return loc, marks
    pytest.fail("no unit with targets on three boards")


def test_off_screen_targets_get_edge_markers_that_pan_there(window, qtbot):
    window.set_game(grow_world(seed=4, turns=9, victory=False), None)   # several timelines, orders owed
    window.resize(1366, 768)
    loc, marks = _unit_with_targets_elsewhere(window)
    view = window.view
    view.set_boards_across(1.2)
    view.centerOn(window.scene.layout.rect(loc.board).center())
    settle(window)
    free = view.free_rect()
    t = view.viewportTransform()
    pts = [t.map(window.scene.layout.to_scene(k, window.scene.art.unit_point(p).x(),
                                              window.scene.art.unit_point(p).y()))
           for k, h in marks.items() for p in h]
    off = [p for p in pts if not free.contains(p)]
    assert off, "the test needs targets outside the view"
    edges = view.edge_markers()
    assert sum(m.count for m in edges) == len(off)               # each off-screen target counted once
    assert len(edges) <= len(off)
    img = _shown(window)
    from app.ui.multiverse.map_colours import HIGHLIGHT
    for m in edges:
        assert free.contains(m.pos)                               # inside the view, by its edge
        assert min(m.pos.x() - free.left(), free.right() - m.pos.x(),
                   m.pos.y() - free.top(), free.bottom() - m.pos.y()) < 3 * EDGE_R + 20
        # it points toward its targets and is drawn in the highlight colour
        ring = img.pixel(int(m.pos.x() - EDGE_R + 4), int(m.pos.y()))
        assert _near(ring, HIGHLIGHT, 60)
    # a click on a marker pans there (zoom kept); the target is then in view, still lit
    m = edges[0]
    s = view.scale_factor()
    qtbot.mouseClick(view.viewport(), Qt.LeftButton, pos=m.pos.toPoint())
    assert view.scale_factor() == s
    assert view.free_rect().contains(view.viewportTransform().map(m.target))
    assert window.entry.unit == loc                              # the selection is kept
    # panning keeps the markers at the edge: on screen, no stale copy slides along with the boards
    h = view.horizontalScrollBar()
    for _ in range(3):
        h.setValue(h.value() + 40)
        QApplication.processEvents()
    screen = _screen(window)
    o = view.viewport().mapTo(window, QPoint(0, 0))
    now = view.edge_markers()
    assert now
    for m in now:
        assert _near(screen.pixel(o.x() + int(m.pos.x() - EDGE_R + 4), o.y() + int(m.pos.y())), HIGHLIGHT, 60)
        slid = QPointF(m.pos.x() - 120, m.pos.y())
        if view.free_rect().contains(slid) and all(math.hypot(slid.x() - n.pos.x(), slid.y() - n.pos.y()) > 3 * EDGE_R
                                                   for n in now):
            assert not _near(screen.pixel(o.x() + int(slid.x()), o.y() + int(slid.y())), HIGHLIGHT, 30)
    window.cancel_entry()
    assert view.edge_markers() == [] and view.markers.targets == []


def test_the_cursor_and_toolbar_show_the_order_mode(window, qtbot):
    window.new_game(confirmed=True)
    key = window.world.active_boards()[0]
    vp = window.view.viewport()
    assert vp.cursor().shape() == Qt.ArrowCursor
    window.clicks.click_location(key, "bud")
    assert window.entry.stage == "move"
    assert vp.cursor().shape() == Qt.BitmapCursor
    assert vp.cursor().pixmap().cacheKey() == mode_cursor("move").pixmap().cacheKey()
    assert window.commands.move.isChecked() and not window.commands.support.isChecked()
    window.commands.support.trigger()
    assert window.entry.stage == "support_pick" and mode_label(window.entry.stage) == "Support"
    assert vp.cursor().pixmap().cacheKey() == mode_cursor("support_pick").pixmap().cacheKey()
    assert window.commands.support.isChecked() and not window.commands.move.isChecked()
    window.cancel_entry()
    assert vp.cursor().shape() == Qt.ArrowCursor
    assert not any(a.isChecked() for a in (window.commands.move, window.commands.support, window.commands.convoy))
    window.commands.convoy.trigger()                       # nothing selected: refused, nothing checked
    assert not window.commands.convoy.isChecked()


def test_a_refused_click_says_why_next_to_the_click(window, qtbot):
    window.new_game(confirmed=True)
    window.resize(1366, 768)
    window.view.go_to_present()
    settle(window)
    key = window.world.active_boards()[0]
    out = window.clicks.click_location(key, "boh")                    # an empty province
    assert out.refused
    bubble = window.view.bubble
    assert bubble is not None and bubble.isVisible()
    assert bubble.text() == window.last_status and "No unit" in bubble.text()
    assert bubble.parentWidget() is window.view                 # never scrolled with the boards
    at = window.view.viewportTransform().map(window.scene.loc_point(
        __import__("app.engine.rules.coords", fromlist=["Location"]).Location(key, "boh")))
    g = bubble.geometry()
    assert abs(g.left() - at.x()) < 40 and 0 < at.y() - g.bottom() < 40   # just above-right of it
    h = window.view.horizontalScrollBar()
    h.setValue(h.value() + 50)
    QApplication.processEvents()
    assert bubble.geometry() == g
    bubble.hold_ms = 10
    window.clicks.click_location(key, "gal")                           # again: the new reason shows
    assert bubble.isVisible() and "No unit" in bubble.text()
    qtbot.waitUntil(lambda: not bubble.isVisible(), timeout=20000)   # and fades away


# -- submitting keeps the view where the player was --------------------------------------------

def _place(view):
    return view.scale_factor(), view.mapToScene(view.viewport().rect().center())


def test_submitting_keeps_the_view_where_the_player_was(window, qtbot):
    window.set_game(grow_world(seed=3, turns=6, victory=False), None)
    window.resize(1366, 768)
    view = window.view
    world = window.world
    # looking at the past: nothing moves (the player moved the view this turn: goto_board)
    first = min(world.boards)
    window.goto_board(first)
    view.set_boards_across(2.5)
    before = _place(view)
    report = submit(qtbot, window)
    assert report.new_boards and _place(view) == before and not view.following
    # at the present, new boards in view: nothing moves either (no zoom out to the overview)
    window.commands.present.trigger()                                  # the player's Present
    view.set_boards_across(5)
    before = _place(view)
    report = submit(qtbot, window)
    assert not view.following
    seen = view.mapToScene(view.free_rect().toRect()).boundingRect()
    assert any(window.scene.layout.rect(k).intersects(seen) for k in report.new_boards)
    assert _place(view) == before
    # at the present, zoomed on one board: the view pans (same zoom) to the next board
    active = sorted(window.world.active_boards())[0]
    window.goto_board(active)                                   # the player's move: the view keeps its zoom
    view.set_boards_across(1.1)
    view.centerOn(window.scene.layout.rect(active).center())
    s, c = _place(view)
    report = submit(qtbot, window)
    assert view.scale_factor() == s
    seen = view.mapToScene(view.free_rect().toRect()).boundingRect()
    nxt = [k for k in report.new_boards if k.timeline == active.timeline]
    assert nxt and seen.intersects(window.scene.layout.rect(nxt[0]))
    assert abs(_place(view)[1].y() - c.y()) < 1                 # a pan along the timeline only


# -- headers: only what exists, never a clipped name ------------------------------------------

def _header_ink(img, x0, x1, bg):
    return [x for x in range(max(0, int(x0)), min(img.width(), int(x1)))
            if any(not _near(img.pixel(x, y), bg, 24) for y in range(4, HEADER_H - 4))]


def test_headers_of_boards_taken_back_by_undo_go(window, qtbot):
    window.new_game(confirmed=True)
    window.resize(1366, 768)
    view = window.view
    view.set_boards_across(2.6)
    view.centerOn(window.scene.layout.rect(window.world.active_boards()[0]).center())
    submit(qtbot, window)                                          # Spring 1901 -> Fall 1901
    lay = window.scene.layout
    fall = Turn(1901, Season.FALL)
    view.centerOn(QPointF(lay.column_x(fall), lay.rect(window.world.active_boards()[0]).center().y()))
    settle(window)
    bg = window.scene.theme.header
    x0 = view.viewportTransform().map(QPointF(lay.column_x(fall), 0)).x()
    x1 = x0 + lay.column_width(fall) * view.scale_factor()
    assert _header_ink(_screen(window), x0, x1, bg)                 # "Fall 1901" is named
    window.undo()
    img = _screen(window)
    # (the undo may pan the view back onto a board: where the Fall column is now)
    x0 = view.viewportTransform().map(QPointF(lay.column_x(fall), 0)).x()
    x1 = min(x0 + lay.column_width(fall) * view.scale_factor(), view.viewport().width())
    assert x1 - max(0, x0) > 50, "the Fall column is still in view"
    o = view.viewport().mapTo(window, QPoint(0, 0))
    assert not [x for x in range(max(0, int(x0)), int(x1))
                if any(not _near(img.pixel(o.x() + x, o.y() + y), bg, 24) for y in range(4, HEADER_H - 4))]


def test_column_names_fit_or_are_left_out(window, qtbot):
    window.set_game(grow_world(seed=3, turns=6, victory=False), None)
    window.resize(1366, 768)
    view = window.view
    lay = window.scene.layout
    bg = window.scene.theme.header
    f = QFont(window.scene.theme.font_family)
    f.setPixelSize(12)
    f.setBold(True)
    fm = QFontMetricsF(f)
    assert column_label(Turn(1901, 0), 200, fm) == "Spring 1901"
    assert column_label(Turn(1901, 0), fm.horizontalAdvance("S1901") + 6, fm) == "S1901"
    assert column_label(Turn(1901, 0), fm.horizontalAdvance("S1901") - 2, fm) is None
    for px in (30, 38, 44, 60, 130):                 # a board this many pixels wide on screen
        view.set_boards_across(view.viewport().width() / px)
        view.centerOn(lay.rect(min(window.world.boards)).center())
        img = _shown(window)
        named = 0
        s = view.scale_factor()
        for year in range(1901, 1905):
            spring = Turn(year, Season.SPRING)
            if column_label(spring, lay.column_width(spring) * s, fm) is None:
                spans = [(spring, (lay.year_w - lay.gap_x) * s)]      # the year over its columns
            else:
                spans = [(Turn(year, season), lay.column_width(Turn(year, season)) * s) for season in Season]
            for t, w in spans:
                x0 = view.viewportTransform().map(QPointF(lay.column_x(t), 0)).x()
                x1 = x0 + w
                if x0 < HEADER_W or x1 > img.width():
                    continue
                ink = _header_ink(img, x0, x1, bg)
                named += bool(ink)
                # a name inside its span: no ink on the edges (a clipped "S190I" has)
                assert not ink or (min(ink) > x0 + 1 and max(ink) < x1 - 2), (px, str(t))
        assert named, px
        if px == 30:
            # far out, years are named (every few) rather than nothing
            view.set_boards_across(view.viewport().width() / 5)
            assert _header_ink(_shown(window), HEADER_W, view.viewport().width(), bg)
        # the corner over the row headers stays blank: no column name slides into it
        view.centerOn(view.mapToScene(view.viewport().rect().center()) + QPointF(lay.board_w * 0.4, 0))
        assert _header_ink(_shown(window), 2, HEADER_W - 2, bg) == [], px


def test_an_undo_takes_down_the_toast_of_the_submission_it_took_back(qtbot, window):
    from .helpers import submit
    window.new_game("sandbox", confirmed=True)
    submit(qtbot, window)
    assert window.notices.toast.isVisible() and "Submission 1" in window.notices.toast.text()
    window.undo()
    assert not window.notices.toast.isVisible()
