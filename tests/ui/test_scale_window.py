"""The window at thousands of boards: work in proportion to what changed and to what is
seen (issue 24). These tests count calls, items and rebuilds; timings are the benchmarks'."""

import random

import pytest
from PySide6.QtCore import QPoint, QRectF, Qt
from PySide6.QtGui import QImage, QPainter

from app.bots.selfplay import grow_world, random_orders
from app.engine.rules.coords import BoardKey, Season, Turn
from app.engine.notation.notation import format_order
from app.ui.multiverse import world_scene
from app.ui.multiverse.layout import Layout
from app.ui.multiverse.overview import TILE
from app.ui.multiverse.world_scene import INDEX_YEARS, OverlayItem, _changed_keys


def _settle(qtbot, window):
    window.wait_idle()
    qtbot.wait(10)


def _submit_random(qtbot, window, rng):
    for o in random_orders(window.game.world, rng):
        window.add_order(o)
    window.submit()
    _settle(qtbot, window)


@pytest.fixture(scope="module")
def _grown():
    return grow_world(seed=5, boards=160, victory=False)


@pytest.fixture
def grown(_grown):
    """A fresh copy each test: the window's submissions go into the game it is given."""
    return _grown.snapshot()


def _render(window) -> QImage:
    vp = window.view.viewport()
    img = QImage(vp.size(), QImage.Format_ARGB32_Premultiplied)
    p = QPainter(img)
    window.view.render(p, img.rect().toRectF(), vp.rect())
    p.end()
    return img


def test_place_is_pos_and_scale_at_once():
    lay = Layout(1200.0, 950.0, 1901)
    for t in (1, 2, 7, 40):
        for year in (1901, 1902, 1930):
            for season in Season:
                k = BoardKey(t, Turn(year, season))
                p = lay.pos(k)
                assert lay.place(k) == (p.x(), p.y(), lay.scale(k))


def test_the_diff_of_two_snapshots_is_the_plain_identity_diff(grown):
    """Whichever way two snapshots of a game are compared (a submission, an undo, a jump in
    the history), the boards found changed are exactly those whose values are other objects."""
    def plain(old, new):
        out = set()
        for name in ("boards", "orders", "results", "retreats"):
            a, b = getattr(old, name), getattr(new, name)
            out |= {k for k in a.keys() | b.keys() if a.get(k) is not b.get(k)}
        return out
    history = grown.history()
    pairs = [(history[i], history[i + 1]) for i in range(0, len(history) - 1, 3)]
    pairs += [(b, a) for a, b in pairs] + [(history[2], history[-1]), (history[-1], history[5])]
    for a, b in pairs:
        assert _changed_keys(a, b) == plain(a, b)


def test_far_batches_take_a_submissions_new_arrows_without_being_made_again(qtbot, window, grown):
    window.set_game(grown, None)
    overlay = window.scene.overlay
    rng = random.Random(11)

    def batches(o):
        return sorted((c.rgba(), p.elementCount()) for c, p in o.far_paths())

    def fresh(o):
        """The batches a new overlay holding the same arrows makes."""
        other = OverlayItem(window.scene)
        for k, geoms in o.by_board.items():
            other.set_board_arrows(k, geoms)
        return batches(other)

    batches(overlay)
    made = overlay.rebuilt
    for _ in range(8):
        before = len(overlay.arrows)
        _submit_random(qtbot, window, rng)
        assert batches(overlay) == fresh(overlay)
        assert overlay.rebuilt == made, "new arrows are added to the batches, which are not made again"
        if len(overlay.arrows) > before:
            break
    else:
        pytest.fail("no submission gave orders between boards")
    window.undo()                       # takes those arrows away: the batches are made again, once
    assert batches(overlay) == fresh(overlay)
    assert overlay.rebuilt == made + 1


def test_the_item_index_is_not_laid_out_again_by_each_submission(qtbot, window, grown):
    window.set_game(grown, None)
    scene = window.scene
    resets = scene.index_resets
    first = max(grown.world.ends.values())
    rng = random.Random(3)
    for _ in range(4):
        _submit_random(qtbot, window, rng)
    assert max(window.game.world.ends.values()) > first, "the world grew to the right"
    assert max(window.game.world.ends.values()).year - first.year < INDEX_YEARS
    assert scene.index_resets == resets
    assert scene.sceneRect().contains(scene.board_rect())


def test_a_frame_near_the_boards_draws_only_the_arrows_it_shows(qtbot, window, grown, monkeypatch):
    """``QGraphicsView.render`` exposes the overlay whole; its arrows are culled to what
    lands on the image all the same (at 10,000 boards a close frame drew all 1200)."""
    window.set_game(grown, None)
    window.resize(1600, 1000)
    window.view.go_to_present()
    window.view.set_boards_across(1.5)
    qtbot.wait(10)
    drawn = []
    real = world_scene.paint_arrow
    monkeypatch.setattr(world_scene, "paint_arrow", lambda p, a, b, *rest, **kw: (drawn.append((a, b)),
                                                                                  real(p, a, b, *rest, **kw)))
    _render(window)
    seen = window.view.mapToScene(window.view.viewport().rect()).boundingRect()
    arrows = window.scene.overlay.arrows
    near = [g for g in arrows if g[0].intersects(seen)]
    assert len(arrows) > len(near), "some arrows are out of sight"
    assert len(drawn) <= len(near) + len(window.scene.overlay.pending)


def test_the_painted_area_is_what_lands_on_the_device():
    """Items as large as the world cull against it (render() exposes them whole)."""
    from app.ui.multiverse.layout import painted_area
    img = QImage(200, 100, QImage.Format_ARGB32_Premultiplied)
    p = QPainter(img)
    p.scale(0.5, 0.5)
    p.translate(-1000, -300)
    assert painted_area(p, QRectF(0, 0, 10000, 10000)) == QRectF(1000, 300, 400, 200)
    assert painted_area(p, QRectF(1100, 350, 50, 50)) == QRectF(1100, 350, 50, 50)
    p.end()


def test_a_hidden_overview_makes_its_miniatures_later_and_a_shown_one_at_once(qtbot, window, grown):
    window.set_game(grown, None)
    ov = window.scene.overview
    window.view.go_to_present()
    window.view.set_boards_across(3)
    assert not window.scene.far
    # whatever the opening view started (a world of few timelines opens far out) is done first
    qtbot.waitUntil(lambda: not ov.dirty and not ov._filler.isActive(), timeout=10000)
    ov.set_theme(ov.theme)                  # every miniature marked again while the overview is hidden
    assert ov.dirty
    assert ov._later.isActive() and not ov._filler.isActive(), "hidden: after a pause, not at once"
    window.view.set_boards_across(window.view.viewport().width() / 30)    # boards 30 px across
    assert window.scene.far
    assert ov._filler.isActive(), "shown: at once"
    qtbot.waitUntil(lambda: not ov.dirty, timeout=10000)


def test_icons_are_drawn_at_the_sizes_asked_not_all_up_front(qtbot, monkeypatch):
    """A toolbar icon is drawn at the one size the toolbar shows (and its disabled look if
    shown disabled) when first painted; every size of every mode up front cost ~50 ms."""
    from app.ui import icons
    from app.ui.window.main_window import MainWindow
    drawn = []
    real = icons._pixmap
    monkeypatch.setattr(icons, "_pixmap", lambda svg, size: (drawn.append(size), real(svg, size))[1])
    icons._icon.cache_clear()
    w = MainWindow(theme="light")
    qtbot.addWidget(w)
    w.files.ask_unsaved = lambda doing: "discard"
    assert drawn == [], "nothing is drawn before it is shown"
    w.resize(1366, 768)
    w.show()
    w.grab()
    shown = [a for a in w.commands.toolbar.actions() if not a.icon().isNull()]
    assert shown and 0 < len(drawn) <= 2 * len(shown)
    assert set(drawn) <= {w.commands.toolbar.iconSize().width(), round(w.commands.toolbar.iconSize().width() * w.devicePixelRatioF())}


def test_the_collector_is_back_on_after_every_way_out_of_main():
    import gc
    from app.ui import app as ui_app
    assert ui_app.main(["--variant", "no-such-variant"]) == 2
    assert gc.isenabled()


def test_the_quicker_pyside_check_answers_as_pyside_does():
    """app.ui.qt_imports reads a module's file where PySide parses its source: same answers."""
    import sys
    import app.engine.rules.world  # noqa: F401
    import app.ui.window.main_window  # noqa: F401
    from app.ui.qt_imports import quicker_feature_check
    assert quicker_feature_check()
    feature = sys.modules["shibokensupport.feature"]
    quick, original = feature._mod_uses_pyside, feature._mod_uses_pyside.original
    assert quicker_feature_check() and feature._mod_uses_pyside is quick    # once, not wrapped twice
    mods = [m for name, m in list(sys.modules.items())
            if m is not None and (name.startswith(("app.", "json", "PySide6", "shiboken")) or name in ("sys", "os"))]
    assert len(mods) > 50
    assert [quick(m) for m in mods] == [original(m) for m in mods]
    assert quick(sys.modules["app.ui.window.main_window"]) and not quick(sys.modules["app.engine.rules.world"])


def test_an_undo_clears_the_overview_cells_it_has_made_and_makes_no_tile_for_it(qtbot, window, grown):
    """Boards taken back show the ground again in tiles already made; a tile not made yet is
    left unmade (it starts as the ground): an undo at 10,000 boards made dozens for nothing."""
    window.set_game(grown, None)
    ov = window.scene.overview
    keys = sorted(ov.states)[-5:]
    assert not ov.tiles, "hidden: nothing drawn yet"
    ov.forget(keys[:2])
    assert not ov.tiles
    ov.flush()
    assert ov.tiles
    key = keys[-1]
    cell = ov._target(key)
    tile_pos = (int(cell.center().x() // TILE), int(cell.center().y() // TILE))
    tile = ov.tiles[tile_pos]
    at = cell.center().toPoint() - tile_pos[0] * TILE * QPoint(1, 0) - tile_pos[1] * TILE * QPoint(0, 1)
    drawn = tile.pixelColor(at)
    ov.forget([key])
    assert tile.pixelColor(at) != drawn, "the taken-back board's cell is ground again"
    assert key not in ov.states


def _rows(panel):
    """The order list as nested (text, data, tooltip, expanded, has icon) tuples, in order."""
    def walk(item):
        return [(c.text(0), c.data(0, Qt.UserRole), c.toolTip(0), c.isExpanded(), not c.icon(0).isNull(), walk(c))
                for c in (item.child(i) for i in range(item.childCount()))]
    return walk(panel.tree.invisibleRootItem())


def test_an_undo_gives_the_order_list_and_arrows_back_whole_as_entered_order_by_order(qtbot, window, grown):
    """The undo's list is made apart and put in at once: the same rows, tooltips, icons and
    expansion as the list kept up one order at a time, and it goes on being kept up."""
    from app.ui.panels.orders import OrdersPanel, short_text
    window.set_game(grown, None)
    rng = random.Random(11)
    for o in random_orders(window.game.world, rng):
        window.add_order(o)
    panel = window.orders_panel
    entered = _rows(panel)
    assert len(window.pending) > 64

    def drawn():
        return {k: (i.pending, i.pending_builds) for k, i in window.scene.items_by_key.items()
                if i.pending or i.pending_builds}
    arrows = drawn()
    assert arrows
    window.submit()
    _settle(qtbot, window)
    assert _rows(panel) == [] and drawn() == {}
    window.undo()
    assert _rows(panel) == entered and panel.count == len(window.pending)
    assert drawn() == arrows, "the boards draw the orders given back, each board once"
    one_by_one = OrdersPanel()
    one_by_one.icons = panel.icons
    for k, o in window.pending.items():
        one_by_one.put(k, o)
    assert _rows(one_by_one) == entered
    k = next(iter(window.pending))
    window.delete_order(k)
    one_by_one.drop(k)
    assert _rows(panel) == _rows(one_by_one)
    # the short text drops the order's own board's coordinates only
    o = next(o for o in window.pending.values() if hasattr(o, "dest") and o.dest.board != o.board)
    text = short_text(o)
    assert f"{o.board.timeline}:{o.unit.loc}:{o.board.turn}" not in text and str(o.dest) in text


def test_a_long_list_given_back_comes_closed_by_timeline_and_opens_as_entered(qtbot, window, grown, monkeypatch):
    """Past OPEN_ROWS orders an undo shows each timeline closed with its count; opening one
    (or an order changing on it) makes its rows, the same as those entered one by one."""
    from app.ui.panels import orders as orders_panel
    window.set_game(grown, None)
    for o in random_orders(window.game.world, random.Random(11)):
        window.add_order(o)
    panel = window.orders_panel
    entered = _rows(panel)
    texts = sorted(panel.order_texts())
    window.submit()
    _settle(qtbot, window)
    monkeypatch.setattr(orders_panel, "OPEN_ROWS", 10)
    window.undo()
    tops = [panel.tree.topLevelItem(i) for i in range(panel.tree.topLevelItemCount())]
    assert [t.text(0) for t in tops] == [e[0] for e in entered], "every timeline, with its count"
    assert all(t.childCount() == 0 and not t.isExpanded() for t in tops)
    assert sorted(panel.order_texts()) == texts and panel.count == len(window.pending)
    tops[0].setExpanded(True)                          # opened by the player
    assert _rows(panel)[0] == entered[0]
    # an order taken back on a timeline never opened: its rows are made, then the row goes
    tl = tops[-1].data(0, Qt.UserRole)[1].timeline
    k = next(k for k, o in window.pending.items() if o.board.timeline == tl)
    gone = format_order(window.pending[k])
    window.delete_order(k)
    left = list(texts)
    left.remove(gone)
    assert sorted(panel.order_texts()) == left and panel.count == len(window.pending) == len(left)
    if tops[-1].treeWidget() is not None:          # (its only order gone: the timeline goes)
        assert tops[-1].childCount() > 0, "the rows of the timeline changed are made"


def test_fork_arrows_kept_across_submissions_and_undo_are_those_made_afresh(qtbot, window, grown):
    """A submission's new timelines add their fork arrows, near and far, to those kept; an
    undo takes them away: the arrows are always those a new scene draws for the world."""
    window.set_game(grown, None)
    scene, overlay = window.scene, window.scene.overlay
    rng = random.Random(3)

    def near(forks):
        return [(f[0].getRect(), f[2].x(), f[2].y(), f[1].elementCount()) for f in forks]

    def fresh():
        other = world_scene.WorldScene(scene.art, scene.theme, window)
        other.set_world(window.game.world)
        other.cache.close()             # no board is drawn: its workers are not needed
        return other.overlay

    overlay.far_forks(8.0)
    timelines = len(window.game.world.timelines)
    grew = False
    for _ in range(12):
        kept = list(overlay.forks)
        _submit_random(qtbot, window, rng)
        new = fresh()
        assert near(overlay.forks) == near(new.forks)
        if len(window.game.world.timelines) > timelines:
            grew = True
            assert all(a is b for a, b in zip(kept, overlay.forks)), "the arrows kept are not made again"
            curves, heads = overlay.far_forks(8.0)
            fresh_curves, fresh_heads = new.far_forks(8.0)
            assert (curves.elementCount(), heads.elementCount()) == (fresh_curves.elementCount(),
                                                                     fresh_heads.elementCount())
            assert curves.boundingRect() == fresh_curves.boundingRect()
            break
    assert grew, "no submission started a timeline"
    window.undo()
    assert near(overlay.forks) == near(fresh().forks)
    assert overlay.far_forks(8.0)[0].elementCount() == fresh().far_forks(8.0)[0].elementCount()


def test_what_lives_after_a_submission_is_set_aside_from_the_collector(qtbot, window, grown):
    """Full collections walked every entry of every world kept (~0.1 s at 10,000 boards, in
    the next submission's adjudication or an undo): once the window shows a new world, what
    lives is frozen and later collections visit only what is new. Cyclic garbage of the
    moment is collected first, not frozen with it."""
    import gc
    import weakref

    class Cycle:
        pass

    window.set_game(grown, None)
    _submit_random(qtbot, window, random.Random(4))
    junk = Cycle()
    junk.me = junk                     # garbage only the collector can free
    gone = []
    ref = weakref.ref(junk, gone.append)
    del junk
    world = window.game.world
    window.undo()                      # a new world shown: the survivors go aside soon after
    assert window.game.world is not world
    alive = Cycle()                    # lives on, made after the change: set aside with the rest
    assert not _set_aside(alive)
    # (not the freeze count: the undo frees frozen objects too, so the count after the
    # freeze may be lower than before the undo, with what earlier tests left behind)
    qtbot.waitUntil(lambda: _set_aside(alive), timeout=20000)
    assert gone and ref() is None, "the garbage was collected, not frozen"


def _set_aside(obj) -> bool:
    """``obj`` is frozen: tracked by the collector, yet in none of its generations."""
    import gc
    return gc.is_tracked(obj) and all(o is not obj for o in gc.get_objects())


def test_garbage_frozen_while_it_lived_goes_when_another_game_is_shown(qtbot, window):
    """A reference cycle alive at a freeze and dropped later is never collected while frozen
    (a closed dialog, the game another replaced): showing another game thaws and collects
    everything once, so such garbage lives at most until the next game."""
    import gc
    import weakref

    from app.ui.collector import set_survivors_aside

    class Cycle:
        pass

    window.new_game()
    keep = Cycle()
    keep.me = keep
    gone = []
    ref = weakref.ref(keep, gone.append)
    set_survivors_aside()               # frozen while alive
    del keep                            # now garbage that only a full, thawed collection finds
    gc.collect()
    assert ref() is not None, "frozen garbage is not collected (the reason for this test)"
    window.new_game()
    qtbot.waitUntil(lambda: ref() is None, timeout=20000)
    assert gone
