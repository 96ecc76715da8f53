"""The view follows play (issue 31): after a submission it glides to frame the boards the
submission made, as 5D Chess does, unless the player moved the view (adjudication.py's
``_show_new_boards`` says precisely when)."""

from PySide6.QtCore import QAbstractAnimation, QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication

from .helpers import key, submit


def _seen(view):
    return view.mapToScene(view.free_rect().toRect()).boundingRect()


def _inside(view, board) -> bool:
    return _seen(view).contains(view.ws.layout.rect(board))


def _glided(qtbot, view) -> None:
    qtbot.waitUntil(lambda: not view.following, timeout=10000)


def _place(view):
    s, c = view.place()
    return round(s, 9), round(c.x(), 3), round(c.y(), 3)


def _game(window):
    window.new_game(confirmed=True)
    window.resize(1366, 768)
    QApplication.processEvents()
    window.view.go_to_present()
    window.adjudicator.start_turn_view()          # the game as it opens: the present framed, nothing moved by the player


def test_after_each_submission_the_new_present_board_is_in_view(qtbot, window):
    _game(window)
    view = window.view
    for _ in range(3):
        before = _place(view)
        report = submit(qtbot, window)
        (new,) = report.new_boards
        assert view.following or _inside(view, new)
        _glided(qtbot, view)
        assert _inside(view, new), str(new)
        assert _place(view) != before                     # it was off-screen: the view moved
        assert view.scale_factor() >= view.readable_scale() * 0.999     # never out to the overview


def test_after_a_move_into_the_past_the_new_timelines_board_is_in_view(qtbot, window):
    _game(window)
    view = window.view
    window.console_order("A par - bur")
    submit(qtbot, window)
    _glided(qtbot, view)
    assert window.console_order("A 1:bur:F1901 - 1:bur:S1901")
    report = submit(qtbot, window)
    assert report.new_timelines == [2]
    _glided(qtbot, view)
    new_timeline = [k for k in report.new_boards if k.timeline == 2]
    assert new_timeline and all(_inside(view, k) for k in new_timeline)
    assert all(_inside(view, k) for k in report.new_boards)          # both fit at a readable zoom here


def test_a_view_the_player_moved_while_adjudicating_is_left_alone(qtbot, window):
    _game(window)
    view = window.view
    with qtbot.waitSignal(window.submitted, timeout=30000) as got:
        window.submit()
        assert window.busy                                 # adjudicating on its thread
        qtbot.keyClick(view, Qt.Key_Up)                    # the player pans meanwhile
        moved = _place(view)
    assert not view.following and _place(view) == moved
    assert not _inside(view, got.args[0].new_boards[0])    # not pulled away to it


def test_a_player_who_went_to_the_past_this_turn_stays_there(qtbot, window):
    _game(window)
    view = window.view
    for _ in range(2):
        submit(qtbot, window)
        _glided(qtbot, view)
    window.goto_board(key("1:S1901"))                      # the player goes to study the start
    view.set_boards_across(2.0)
    view.centerOn(view.ws.layout.rect(key("1:S1901")).center())
    there = _place(view)
    report = submit(qtbot, window)
    assert not view.following and _place(view) == there
    assert not any(_inside(view, k) for k in report.new_boards)
    # next turn, untouched: the view follows again
    report = submit(qtbot, window)
    _glided(qtbot, view)
    assert all(_inside(view, k) for k in report.new_boards)


def test_a_wheel_turn_stops_the_glide_and_the_window_actions_count_as_the_players_moves(qtbot, window):
    _game(window)
    view = window.view
    submit(qtbot, window)
    assert view.following
    at = QPointF(view.viewport().rect().center())
    wheel = QWheelEvent(at, view.viewport().mapToGlobal(at), QPoint(), QPoint(0, 120), Qt.NoButton,
                        Qt.NoModifier, Qt.NoScrollPhase, False)
    QApplication.sendEvent(view.viewport(), wheel)         # the player zooms during the glide
    assert not view.following
    # the toolbar's zoom is the player's move too: the next submission keeps the zoom the
    # player chose, no glide (at most a pan along the present, WorldView.keep_place)
    _glided(qtbot, view)
    window.adjudicator.start_turn_view()
    window.commands.zoom_out.trigger()
    qtbot.waitUntil(lambda: view._anim.state() != QAbstractAnimation.Running, timeout=20000)
    zoom = view.scale_factor()
    submit(qtbot, window)
    assert not view.following and view.scale_factor() == zoom


def test_redo_brings_the_boards_it_made_back_into_view(qtbot, window):
    _game(window)
    view = window.view
    report = submit(qtbot, window)
    _glided(qtbot, view)
    window.undo()
    view.centerOn(view.ws.layout.rect(key("1:S1901")).center() - QPointF(view.ws.layout.board_w * 3, 0))
    window.redo()
    assert all(_inside(view, k) for k in report.new_boards)


def test_on_a_big_world_the_newest_timelines_present_is_framed_at_a_readable_zoom(qtbot, window):
    from app.bots.selfplay import grow_world
    window.set_game(grow_world(seed=3, boards=150, victory=False), None)
    window.resize(1366, 768)
    QApplication.processEvents()
    view = window.view
    view.go_to_present()
    window.adjudicator.start_turn_view()
    report = submit(qtbot, window)
    assert len({k.timeline for k in report.new_boards}) > 8          # too many to show readably
    _glided(qtbot, view)
    newest = max(report.new_boards, key=lambda k: (k.timeline, k.turn))
    assert _inside(view, newest)
    assert view.scale_factor() >= view.readable_scale() * 0.999


def test_a_player_who_went_to_the_past_to_travel_there_sees_the_new_timeline(qtbot, window):
    """The player moved the view this turn (to the board they send a unit to): the view keeps
    their zoom and pans just enough to show the new timeline's board (WorldView.keep_place)."""
    _game(window)
    view = window.view
    window.console_order("A par - bur")
    submit(qtbot, window)
    _glided(qtbot, view)
    window.goto_board(key("1:S1901"))                      # the player goes to the past
    zoom = view.scale_factor()
    assert window.console_order("A 1:bur:F1901 - 1:bur:S1901")
    report = submit(qtbot, window)
    assert not view.following and view.scale_factor() == zoom
    assert [k for k in report.new_boards if k.timeline == 2 and _inside(view, k)]
