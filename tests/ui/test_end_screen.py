"""The end screen (app/ui/dialogs/end_screen.py, app/ui/window/ending.py) in the real window
offscreen: a sandbox game won at the window's own submission, after a move into the past."""

from __future__ import annotations

import copy

from PIL import Image

from app.engine import Game, load_variant
from app.match import Match


def _won(window, qtbot):
    """France wins (7 centres to win, a copy of the standard variant) at the window's submission."""
    v = copy.copy(load_variant("standard"))
    v.victory_centres = 7
    g = Game.new(v)
    for orders in (["F bre - mao", "A mar - spa", "A par - bur"], ["F mao - por", "A bur - bel"],
                   ["France: build A par", "France: build F bre"],
                   ["A par - 1:par:F1901", "A bel - hol", "F bre - eng"]):
        g.submit_text(orders)
    window.set_match(Match(g), None)
    assert window.ending.screen is None
    assert window.console_order("F 1:por H"), window.last_status
    with qtbot.waitSignal(window.submitted, timeout=30000):
        window.submit()
    window.wait_idle()
    assert window.world.winner == "France"
    screen = window.ending.screen
    assert screen is not None and screen.isVisible()
    qtbot.waitUntil(lambda: screen.story is not None, timeout=30000)
    return screen


def test_the_end_screen_tells_the_story_after_a_victory(window, qtbot):
    screen = _won(window, qtbot)
    assert screen.title.text() == "France wins" and screen.parent() is window
    story = screen.story
    assert story.winner == "France" and story.submissions == 5 and story.timelines == 2
    text = screen.figures.text()
    assert "Biggest fork:</b> submission 4" in text and "France: A 1:par:S1902 - 1:par:F1901" in text
    assert "Longest timeline:</b> timeline 1" in text
    assert screen.play_on.isVisible(), "a sandbox may play on"
    img = screen.chart.grab().toImage()
    assert len({img.pixel(x, y) for x in range(0, img.width(), 7) for y in range(0, img.height(), 7)}) > 5
    corner = img.pixelColor(2, 2)
    window.commands.dark.setChecked(True)
    window.toggle_theme()
    dark = screen.chart.grab().toImage().pixelColor(2, 2)
    assert dark.lightness() < 100 < corner.lightness(), "the chart follows the window's theme"
    # keep looking: the game stays open, the screen does not come back on a redraw
    screen.keep_looking.click()
    assert not screen.isVisible() and window.match is not None and len(window.game.submissions) == 5
    window.refresh()
    assert not window.ending.screen.isVisible()
    # replaying the past and coming back to the present does not bring it back either
    window.show_history(2)
    window.show_history(5)
    assert window.replay_index is None and window.world.winner == "France"
    assert not window.ending.screen.isVisible()


def test_play_on_takes_the_winning_submission_back(window, qtbot):
    screen = _won(window, qtbot)
    screen.play_on.click()
    assert not screen.isVisible()
    assert window.world.winner is None and len(window.game.submissions) == 4
    assert window.match.can_redo(), "the win can be brought back"
    window.redo()
    assert window.world.winner == "France"
    window.undo()                          # the winning orders are pending again: played again, told again
    with qtbot.waitSignal(window.submitted, timeout=30000):
        window.submit()
    window.wait_idle()
    assert window.world.winner == "France" and window.ending.screen.isVisible()


def test_the_record_is_exported_from_the_end_screen(window, qtbot, tmp_path):
    from app.ui.window.export_record import export_record
    screen = _won(window, qtbot)
    out = tmp_path / "won.gif"
    job = export_record(window, out, screen.headline, screen.story, show_progress=False)
    assert job is not None
    qtbot.waitUntil(lambda: window.record_job is None, timeout=60000)
    assert window.last_status.startswith(f"Exported {out}"), window.last_status
    with Image.open(out) as im:
        assert im.n_frames == len(screen.story.steps_with_new_boards) == 5
    assert export_record(window, tmp_path / "won.bmp", "x", show_progress=False) is None


def test_any_ending_can_be_shown_by_name(window, qtbot):
    window.new_game(confirmed=True)
    screen = window.show_ending("Draw: England, France, Russia")
    assert screen.isVisible() and screen.title.text() == "Draw: England, France, Russia"
    qtbot.waitUntil(lambda: screen.story is not None, timeout=30000)
    assert screen.story.winner is None and "no timeline ever branched" in screen.figures.text()
    assert not screen.play_on.isVisible(), "nothing to take back in a new game"


def test_file_export_game_record_writes_the_chosen_kind(window, qtbot, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QFileDialog
    screen = _won(window, qtbot)
    screen.keep_looking.click()
    out = tmp_path / "chosen"
    asked = []

    def choose(parent, title, where, filters):
        asked.append((where, filters))
        return str(out), "PDF record (*.pdf)"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(choose))
    action = window.commands.export_actions["record"]
    assert action.text() == "Game record (animation or PDF)…"
    action.trigger()
    qtbot.waitUntil(lambda: window.record_job is None and (tmp_path / "chosen.pdf").exists(), timeout=60000)
    assert asked and "*.gif" in asked[0][1] and "*.pdf" in asked[0][1]
    assert (tmp_path / "chosen.pdf").read_bytes().startswith(b"%PDF")
    assert window.last_status == f"Exported {out}.pdf: 3 pages."


def test_a_fogged_game_in_progress_is_not_exported(window, qtbot, tmp_path):
    from app.ui.window.export_record import export_record
    from app.match import Match, Seat
    m = Match.new(seats=[Seat(name="Ada", nations=("France",)),
                         Seat(name="Ben", nations=("Germany", "Italy", "Austria", "Russia", "Turkey", "England"))],
                  fog=True)
    window.set_match(m, None)
    assert export_record(window, tmp_path / "fog.gif", "x", show_progress=False) is None
    assert not (tmp_path / "fog.gif").exists() and window.record_job is None


def test_a_screen_deleted_while_its_story_is_read_leaves_nothing_behind(window, qtbot):
    """The worker reading the story may finish after the screen is gone: it is told through a
    carrier the window owns, never through the deleted screen."""
    from PySide6.QtWidgets import QApplication
    window.new_game(confirmed=True)
    screen = window.show_ending("Draw: England, France")
    worker = screen._thread
    screen.close()
    screen.deleteLater()
    QApplication.processEvents()
    worker.join(20)
    assert not worker.is_alive()
    QApplication.processEvents()                   # the story arrives for nobody: no error
    later = window.show_ending("France wins")      # and a new screen still reads its own
    qtbot.waitUntil(lambda: later.story is not None, timeout=20000)
