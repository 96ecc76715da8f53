"""The history bar's replay through the real window: it steps through every submission on
a timer, showing each step's world and centring on its new boards, stops at the present,
pauses on the button, when the slider is grabbed and when the player acts in the view."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt, QTimer

from app.ui.panels.history import new_boards_at

from .helpers import submit

STEP_MS = 30


def _three_submissions(qtbot, window):
    window.new_game(confirmed=True)
    for orders in (["A mun - tyr", "F lon - nth"], ["A tyr - tri", "F nth - nwy"], []):
        for t in orders:
            assert window.console_order(t), t
        submit(qtbot, window)
    assert len(window.game.submissions) >= 3
    return window


def test_play_steps_through_every_submission_to_the_present(qtbot, window):
    _three_submissions(qtbot, window)
    bar = window.history
    n = len(window.game.submissions)
    seen = []

    def record(i):
        centre = window.view.mapToScene(window.view.viewport().rect().center())
        rects = [window.scene.items_by_key[k].sceneBoundingRect() for k in new_boards_at(window.game, i)]
        seen.append((i, window.replay_index, window.world is window.game.history()[i],
                     any(r.contains(centre) for r in rects)))
    bar.stepped.connect(record)
    assert bar.play(STEP_MS) and bar.playing
    assert window.replay_index == 0 and window.world is window.game.history()[0]   # from the start
    assert "❚❚" in bar.play_button.text() and bar.play_button.isChecked()
    qtbot.waitUntil(lambda: not bar.playing, timeout=20000)
    assert [s[0] for s in seen] == list(range(1, n + 1))
    assert all(s[2] for s in seen), "each step shows the world after that submission"
    assert all(s[3] for s in seen), "each step centres the view on the boards it made"
    assert [s[1] for s in seen] == list(range(1, n)) + [None]    # the last step is the present
    assert window.replay_index is None and bar.stopped_because == "the replay reached the present"
    assert not bar.play_button.isChecked() and "Play" in bar.play_button.text()
    assert window.commands.submit.isEnabled()                            # playing on works


def test_pause_stops_where_it_is_and_play_goes_on(qtbot, window):
    _three_submissions(qtbot, window)
    bar = window.history
    window.show_history(1)
    with qtbot.waitSignal(bar.stepped, timeout=20000) as step:
        bar.play(STEP_MS * 10)
    assert step.args == [2] and window.replay_index == 2
    bar.play_button.click()                                       # pause
    assert not bar.playing and bar.stopped_because == "paused"
    qtbot.wait(STEP_MS * 15)
    assert window.replay_index == 2 and window.world is window.game.history()[2]
    bar.play_button.click()                                       # play on from there
    assert bar.playing
    qtbot.waitUntil(lambda: not bar.playing, timeout=20000)
    assert window.replay_index is None


def test_the_player_acting_in_the_view_pauses_the_replay(qtbot, window):
    _three_submissions(qtbot, window)
    bar = window.history
    bar.play(10_000)                                              # slow: nothing moves by itself
    assert window.replay_index == 0
    qtbot.mousePress(window.view.viewport(), Qt.LeftButton, pos=QPoint(200, 200))
    qtbot.mouseRelease(window.view.viewport(), Qt.LeftButton, pos=QPoint(200, 200))
    assert not bar.playing and "took over" in bar.stopped_because
    bar.play(10_000)
    qtbot.keyClick(window.view, Qt.Key_Left)
    assert not bar.playing
    bar.play(10_000)
    bar.slider.sliderPressed.emit()                               # grabbing the slider
    assert not bar.playing


def test_the_window_stays_responsive_and_a_new_game_stops_the_replay(qtbot, window):
    _three_submissions(qtbot, window)
    bar = window.history
    ticks = []
    t = QTimer()
    t.timeout.connect(lambda: ticks.append(1))
    t.start(5)
    with qtbot.waitSignal(bar.stepped, timeout=20000):
        bar.play(STEP_MS * 10)
    assert len(ticks) >= 2, "events are handled between steps"
    t.stop()
    assert bar.playing
    window.new_game(confirmed=True)
    qtbot.wait(STEP_MS * 25)
    assert not bar.playing and window.replay_index is None and window.game.submissions == []


def test_play_with_no_submission_does_nothing(window):
    window.new_game(confirmed=True)
    assert not window.history.play_button.isEnabled()
    assert not window.history.play(STEP_MS) and not window.history.playing


def test_the_results_list_follows_the_submission_shown(qtbot, window):
    window.new_game(confirmed=True)
    assert window.console_order("A vie - gal") and window.console_order("A war - gal")
    submit(qtbot, window)
    assert window.console_order("F lon - nth")
    submit(qtbot, window)
    panel = window.results_panel
    rows = lambda: panel.rows()
    with qtbot.waitSignal(window.history.stepped, timeout=20000):
        window.history.play(STEP_MS * 10)
    window.history.pause()
    assert window.replay_index == 1 and "Submission 1" in panel.title.text()
    assert any("A 1:vie:S1901 - 1:gal:S1901" in r and "bounced" in r for r in rows())
    window.history.slider.setValue(0)
    assert "start of the game" in panel.title.text() and rows() == []
    window.history.slider.setValue(2)
    assert window.replay_index is None and "Submission 2" in panel.title.text() and rows() == []


def test_history_keys_as_jdip(qtbot, window):
    """Ctrl+PgUp / Ctrl+PgDn step through the submissions, Ctrl+Home / Ctrl+End go to the
    start and the present."""
    _three_submissions(qtbot, window)
    n = len(window.game.submissions)
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key_PageUp, Qt.ControlModifier)
    assert window.replay_index == n - 1 and window.world is window.game.history()[n - 1]
    qtbot.keyClick(window.view, Qt.Key_PageUp, Qt.ControlModifier)
    assert window.replay_index == n - 2
    qtbot.keyClick(window.view, Qt.Key_PageDown, Qt.ControlModifier)
    assert window.replay_index == n - 1
    qtbot.keyClick(window.view, Qt.Key_Home, Qt.ControlModifier)
    assert window.replay_index == 0 and window.history.slider.value() == 0
    qtbot.keyClick(window.view, Qt.Key_PageUp, Qt.ControlModifier)     # nothing before the start
    assert window.replay_index == 0
    qtbot.keyClick(window.view, Qt.Key_End, Qt.ControlModifier)
    assert window.replay_index is None and window.commands.submit.isEnabled()
    qtbot.keyClick(window.view, Qt.Key_PageDown, Qt.ControlModifier)   # nothing after the present
    assert window.replay_index is None


def test_replay_frames_the_boards_each_step_made(qtbot, window):
    _three_submissions(qtbot, window)
    view = window.view
    view.fit_all()
    view.set_scale_at(0.09, QPointF(view.viewport().rect().center()), view.mapToScene(view.viewport().rect().center()))
    assert abs(view.scale_factor() - 0.09) < 1e-6
    framed = []

    def record(i):
        seen = view.mapToScene(view.free_rect().toRect()).boundingRect()
        rects = [window.scene.items_by_key[k].sceneBoundingRect() for k in new_boards_at(window.game, i)]
        widths = [r.width() * view.scale_factor() for r in rects]
        framed.append((all(seen.contains(r) for r in rects), min(widths)))
    window.history.stepped.connect(record)
    window.history.play(STEP_MS)
    qtbot.waitUntil(lambda: not window.history.playing, timeout=20000)
    assert framed and all(inside for inside, _w in framed), framed
    vp = view.viewport().width()
    assert all(w >= 0.3 * vp for _inside, w in framed), f"boards drawn {framed} px wide in a {vp} px view"


def test_the_start_of_the_game_is_framed_not_left_a_speck(qtbot, window):
    """Ctrl+Home from a view zoomed out over the whole multiverse: the start's board is shown
    at a size to read, inside the view (a watcher stepping to the start of a finished game saw it
    12 px wide in a corner)."""
    from app.ui.window.history_controls import step_history
    _three_submissions(qtbot, window)
    view = window.view
    view.fit_all()
    view.set_scale_at(0.05, QPointF(view.viewport().rect().center()), view.mapToScene(view.viewport().rect().center()))
    step_history(window, "start")
    assert window.replay_index == 0
    [key] = list(window.world.boards)
    rect = window.scene.items_by_key[key].sceneBoundingRect()
    seen = view.mapToScene(view.free_rect().toRect()).boundingRect()
    assert seen.contains(rect)
    assert rect.width() * view.scale_factor() >= 0.3 * view.viewport().width()


def test_back_at_the_present_the_status_bar_no_longer_speaks_of_the_replay(qtbot, window):
    # The status bar said "Replay: the world after submission 1 of 3. Drag to the right end
    # to play on." after the player had done just that (or pressed Back to the present),
    # beside a history bar saying "Present": leaving a replay never said so.
    _three_submissions(qtbot, window)
    bar = window.history
    n = len(window.game.submissions)
    bar.slider.setValue(1)
    assert window.replay_index == 1 and window.last_status.startswith("Replay")
    bar.live.click()
    assert window.replay_index is None and window.commands.submit.isEnabled()
    assert "Replay" not in window.last_status and "present" in window.last_status
    assert str(n) in window.last_status
    bar.slider.setValue(0)
    assert window.last_status.startswith("Replay")
    bar.slider.setValue(n)                                    # dragged to the right end
    assert "Replay" not in window.last_status and "present" in window.last_status
