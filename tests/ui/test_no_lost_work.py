"""No lost work: the unsaved-changes prompt (the real dialog, answered by the test),
autosave of pending orders within seconds, restored autosaves open untitled, adjudication
finishes before New / Open / Quit, undo then redo, stale temporary files, damaged autosaves."""

import json
import os
import time

from PySide6.QtCore import Qt, QTimer

from app.engine.game import Game
from app.match.storage import data_dir

from .helpers import key, submit


def answer(window, button_text, asked):
    """Click ``button_text`` on the unsaved-changes question once it is open."""
    def click():
        box = window.prompt
        if box is None:
            QTimer.singleShot(20, click)
            return
        asked.append(box.text() + " " + box.informativeText())
        for b in box.buttons():
            if b.text().replace("…", "") == button_text:
                b.click()
                return
        raise AssertionError([b.text() for b in box.buttons()])
    QTimer.singleShot(0, click)


def real_prompt(window):
    window.files.ask_unsaved = window.files._ask_unsaved


def test_quit_with_unsaved_changes_asks_and_cancel_keeps_the_window(qtbot, window, tmp_path):
    real_prompt(window)
    window.new_game("sandbox")
    assert not window.dirty                  # a fresh game has nothing to lose: no question
    window.console_order("A par - bur")
    assert window.dirty and "•" in window.windowTitle()
    asked = []
    answer(window, "Cancel", asked)
    assert not window.close()
    assert asked and "not saved" in asked[0] and "quit" in asked[0]
    assert window.isVisible() and len(window.pending) == 1
    # Save writes the file and then quits
    path = tmp_path / "g.json"
    window.files.path = path
    answer(window, "Save", asked)
    assert window.close()
    assert len(json.loads(path.read_text())["meta"]["pending"]["0"]) == 1


def test_new_and_open_ask_too(qtbot, window, tmp_path):
    real_prompt(window)
    window.new_game("sandbox")
    window.console_order("A par - bur")
    asked = []
    answer(window, "Cancel", asked)
    assert not window.new_game("sandbox")
    assert len(window.pending) == 1, "Cancel keeps the game"
    other = tmp_path / "other.json"
    Game.new().save(other)
    answer(window, "Cancel", asked)
    assert not window.open_game(str(other))
    assert len(window.pending) == 1
    answer(window, "Discard", asked)
    assert window.open_game(str(other))
    assert window.pending == {} and len(asked) == 3 and "open another game" in asked[1]


def test_pending_orders_are_autosaved_within_seconds(qtbot, window):
    window.new_game("sandbox")
    window.console_order("A par - bur")
    auto = window.files.session.autosave_path
    t0 = time.monotonic()

    def saved():
        assert auto.exists()
        assert json.loads(auto.read_text())["meta"]["pending"]["0"] == ["France: A 1:par:S1901 - 1:bur:S1901"]
    qtbot.waitUntil(saved, timeout=20000)
    assert time.monotonic() - t0 < 5


def test_a_restored_autosave_is_untitled_and_save_asks_for_a_name(qtbot, window, tmp_path, monkeypatch):
    from app.match.storage import Session
    from app.match import Match
    from app.match.storage import save_match
    crashed = Session()
    m = Match.new()
    m.add_text("A par - bur")
    m.submit()
    save_match(m, crashed.autosave_path)
    crashed.abandon()
    window.files.ask_restore = lambda path: True
    assert window.files.offer_restore()
    assert window.files.path is None and window.dirty and len(window.game.submissions) == 1
    target = tmp_path / "named.json"
    asked = []
    from PySide6.QtWidgets import QFileDialog
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (asked.append(a) or str(target), ""))
    assert window.files.save()
    assert asked, "Save asked for a name"
    assert window.files.path == target and not window.dirty
    assert not crashed.autosave_path.exists()
    assert window.files.recent.list() == [str(target.resolve())], "the autosave is never a recent game"
    assert Game.load(target).world.boards[key("1:F1901")].units["bur"].nation == "France"


def test_a_damaged_autosave_is_set_aside_not_offered_again(qtbot, window):
    from app.match.storage import Session
    crashed = Session()
    g = Game.new().to_json()
    g["meta"] = {"mode": "hotseat", "seats": [{"name": "Ada"}]}
    crashed.autosave_path.write_text(json.dumps(g))
    crashed.abandon()
    window.files.ask_restore = lambda path: True
    assert not window.files.offer_restore()
    assert "meta.seats" in window.last_message
    assert not window.files.offer_restore(), "no restore loop"


def test_new_open_quit_during_adjudication_keep_its_result(qtbot, window):
    window.new_game("sandbox")
    window.console_order("A par - bur")
    reports = []
    window.submitted.connect(reports.append)
    window.submit()
    assert window.busy
    asked = []
    window.files.ask_unsaved = lambda doing: asked.append(doing) or "cancel"
    assert not window.new_game("sandbox")
    assert asked == ["start a new game"], "the finished submission is unsaved work: asked"
    assert len(window.game.submissions) == 1 and not window.busy and len(reports) == 1
    assert key("1:F1901") in window.scene.items_by_key
    qtbot.wait(50)
    assert len(reports) == 1, "the result is applied once, to this game"


def test_quit_during_adjudication_saves_its_result(qtbot, window, tmp_path):
    window.new_game("sandbox")
    window.console_order("A par - bur")
    path = tmp_path / "g.json"
    window.files.path = path
    window.submit()
    window.files.ask_unsaved = lambda doing: "save"
    assert window.close()
    saved = Game.load(path)
    assert len(saved.submissions) == 1
    assert saved.world.boards[key("1:F1901")].units["bur"].nation == "France"


def test_undo_then_redo_by_keys(qtbot, window):
    window.new_game("sandbox")
    window.console_order("A par - bur")
    submit(qtbot, window)
    window.console_order("A bur - bel")
    window.view.setFocus()
    qtbot.keyClick(window, Qt.Key_Z, Qt.ControlModifier)
    assert len(window.game.submissions) == 0
    assert [o.dest.province for o in window.pending.values()] == ["bur"]
    assert window.commands.redo.isEnabled()
    qtbot.keyClick(window, Qt.Key_Z, Qt.ControlModifier | Qt.ShiftModifier)
    assert len(window.game.submissions) == 1
    assert [o.dest.province for o in window.pending.values()] == ["bel"]
    qtbot.keyClick(window, Qt.Key_Z, Qt.ControlModifier)
    qtbot.keyClick(window, Qt.Key_Y, Qt.ControlModifier)
    assert len(window.game.submissions) == 1


def test_stale_temp_files_go_at_start(qtbot, tmp_path):
    from app.ui.window.main_window import MainWindow
    stale = data_dir() / ".autosave-x.json.abc.tmp"
    stale.write_text("half")
    os.utime(stale, (time.time() - 3600, time.time() - 3600))
    w = MainWindow(theme="light")
    qtbot.addWidget(w)
    assert not stale.exists() and stale in w.files.stale_removed


def test_two_instances_have_their_own_autosave(qtbot, window):
    from app.ui.window.main_window import MainWindow
    other = MainWindow(theme="light")
    qtbot.addWidget(other)
    other.files.ask_unsaved = lambda doing: "discard"
    assert other.files.session.autosave_path != window.files.session.autosave_path
    window.new_game("sandbox")
    other.new_game("sandbox")
    window.console_order("A par - bur")
    other.console_order("A mun - ruh")
    window.files.autosave_now()
    other.files.autosave_now()
    assert window.files.writer.flush() and other.files.writer.flush()
    a = json.loads(window.files.session.autosave_path.read_text())["meta"]["pending"]["0"]
    b = json.loads(other.files.session.autosave_path.read_text())["meta"]["pending"]["0"]
    assert "bur" in a[0] and "ruh" in b[0]
    assert other.files.session.crashed() == [], "a running instance's autosave is not a crash"


def test_a_failed_autosave_is_said(qtbot, window):
    window.new_game("sandbox")
    window.files.session.autosave_path.mkdir()       # a folder where the file should go
    window.console_order("A par - bur")
    window.files.autosave_now()
    qtbot.waitUntil(lambda: "automatic save failed" in window.status_label.text(), timeout=20000)
    window.files.session.autosave_path.rmdir()


def test_notes_plans_and_messages_are_changes_worth_asking_about(qtbot, window, tmp_path):
    """A note typed, a plan drawn or a message sent after the last save: quitting asks
    (each is kept in the file, so losing it unasked is losing work)."""
    from app.engine.rules.coords import BoardKey, Location, Turn
    S1901 = BoardKey(1, Turn(1901, 0))
    path = tmp_path / "g.json"
    window.new_game("hotseat", seats=[{"name": "Ada", "nations": ["England", "France"]},
                                      {"name": "Ben", "nations": ["Germany", "Russia"]}])
    window.curtain.button.click()
    studio, msgs = window.studio, window.table_ui.messages

    def note():
        qtbot.keyClicks(studio.notes.edit, "x")

    def plan():
        studio.a_draw.setChecked(True)
        assert studio.plans.draw_between(Location(S1901, "lon"), Location(S1901, "bel"))
        studio.a_draw.setChecked(False)

    def message():
        msgs.text.setPlainText("hello Ben")
        msgs.send_btn.click()

    for change in (note, plan, message):
        assert window.save_as(str(path)) and not window.dirty
        change()
        assert window.dirty, change.__name__
        real_prompt(window)
        asked = []
        answer(window, "Cancel", asked)
        assert not window.close() and asked, change.__name__
        window.files.ask_unsaved = lambda doing: "discard"
