"""PINs in the window (issue 17): typed twice at creation with plain advice, checked off the GUI
thread, wrong tries counted down on the curtain (a fake clock), and a forgotten PIN recovered
with the table's agreement without anything sealed being shown."""

import shutil
import threading
from pathlib import Path

from PySide6.QtCore import Qt

from app.match import Seat
from tests.ui.helpers import submit

LEGACY = Path(__file__).resolve().parents[1] / "match" / "fixtures" / "sealed_before_argon2.json"
ADA = Seat(name="Ada", nations=("England", "France", "Germany"))
BEN = Seat(name="Ben", nations=("Russia", "Turkey", "Austria", "Italy"))


def test_the_new_game_dialog_asks_each_pin_twice_and_says_what_it_protects(qtbot):
    from app.ui.dialogs.new_game import NewGameDialog
    dlg = NewGameDialog()
    qtbot.addWidget(dlg)
    dlg.hotseat.setChecked(True)
    row = dlg.seat_rows[0]
    assert not row.pin_again.isEnabled(), "nothing to confirm without a PIN"
    row.pin.setText("2718")
    assert row.pin_again.isEnabled()
    row.pin_again.setText("2781")                          # the typo that locked a seat for good
    assert "differ" in dlg.problem() and "≠" in row.pin_fields.note.text()
    dlg._accept()
    assert dlg.result() == 0 and "differ" in dlg.error.text()
    row.pin_again.setText("2718")
    assert dlg.problem() is None and "short" in row.pin_fields.note.text()
    assert dlg.settings()["pins"] == {0: "2718"}
    row.pin.setText("tulip-42")
    row.pin_again.setText("tulip-42")
    assert "✓" in row.pin_fields.note.text()
    advice = dlg.pin_advice.text()
    assert "six or more" in advice and "4-digit" in advice and "save file" in advice
    row.player.setCurrentIndex(row.player.count() - 1)    # a computer seat (if installed) has no PIN
    if row.player.count() > 1:
        assert not row.pin_fields.isEnabled() and dlg.settings()["pins"] == {}


def _curtain_for_ada(window):
    window.new_game("hotseat", seats=[ADA, BEN], pins={0: "2718"})
    assert window.table.up and window.curtain.pin.isVisible()
    return window.curtain


def test_the_pin_is_checked_off_the_gui_thread(qtbot, window, monkeypatch):
    c = _curtain_for_ada(window)
    release = threading.Event()
    real = window.match.pin_key
    monkeypatch.setattr(window.match, "pin_key", lambda seat, pin: release.wait(10) and real(seat, pin))
    c.pin.setText("2718")
    c.button.click()
    qtbot.wait(50)                                          # the event loop runs meanwhile
    assert "Checking" in c.button.text() and not c.button.isEnabled() and window.table.up
    release.set()
    qtbot.waitUntil(lambda: not window.table.up, timeout=10000)
    assert window.seat == 0


def test_wrong_pins_wait_longer_each_time_counted_down_on_the_curtain(qtbot, window):
    c = _curtain_for_ada(window)
    now = [100.0]
    window.match.pin_tries.clock = lambda: now[0]
    tried = []
    real = window.match.pin_key
    window.match.pin_key = lambda seat, pin: tried.append(pin) or real(seat, pin)

    def attempt(pin):
        c.pin.setText(pin)
        c.button.click()
        qtbot.waitUntil(lambda: not window.table.pins.checking, timeout=10000)

    for _ in range(3):                                       # three typos are free
        attempt("0000")
        assert "not Ada's PIN" in c.error.text() and c.pin.isEnabled()
    attempt("0000")
    assert "try again in 2 s" in c.error.text() and not c.pin.isEnabled() and not c.button.isEnabled()
    n = len(tried)
    c.ready.emit("2718")                                     # even the right PIN waits: not even tried
    assert len(tried) == n and window.table.up
    now[0] += 2
    qtbot.waitUntil(lambda: c.pin.isEnabled(), timeout=20000)  # the count-down ends on its own
    attempt("0000")
    assert "try again in 4 s" in c.error.text()
    now[0] += 4
    qtbot.waitUntil(lambda: c.pin.isEnabled(), timeout=20000)
    attempt("2718")
    assert not window.table.up and window.seat == 0


def test_the_wait_after_wrong_pins_survives_closing_and_reopening_the_game(qtbot, window, tmp_path):
    """(issue 31: the growing wait started again at zero when the file was reopened)"""
    c = _curtain_for_ada(window)
    now = [100.0]
    window.match.pin_tries.clock = lambda: now[0]
    for _ in range(12):
        c.pin.setText("0000")
        c.button.click()
        qtbot.waitUntil(lambda: not window.table.pins.checking, timeout=10000)
        now[0] += window.match.pin_wait(0)
        qtbot.waitUntil(lambda: c.pin.isEnabled(), timeout=20000)   # the count-down ends on its own
    c.pin.setText("0000")
    c.button.click()
    qtbot.waitUntil(lambda: not window.table.pins.checking, timeout=10000)
    assert "try again in 5 min 00 s" in c.error.text()
    path = tmp_path / "g.json"
    assert window.save_as(str(path))
    assert window.open_game(str(path))                     # reopened: the wait goes on
    assert window.table.up and window.match.pin_tries.wrong(0) == 13
    tried = []
    real = window.match.pin_key
    window.match.pin_key = lambda seat, pin: tried.append(pin) or real(seat, pin)
    c.pin.setText("2718")
    c.button.click()
    assert tried == [] and window.table.up and "Too many wrong PINs: try again in" in c.error.text()
    assert not c.pin.isEnabled()


def test_a_forgotten_pin_is_recovered_with_the_tables_agreement(qtbot, window, tmp_path):
    game = tmp_path / "sealed.json"
    shutil.copy(LEGACY, game)
    assert window.open_game(str(game))
    c = window.curtain
    assert "Ben" in c.title.text() and not c.forgot_button.isVisible()
    c.button.click()
    window.submit()                                          # Ben done: Ada's sealed orders need her PIN
    assert window.table.up and "Ada" in c.title.text() and c.forgot_button.isVisible()
    c.forgot_button.click()
    dlg = window.prompt
    assert dlg is not None and "Ada" in dlg.windowTitle()
    assert not dlg.ok.isEnabled(), "the table agrees first"
    dlg.fields.pin.setText("tulip-42")
    dlg.fields.again.setText("tulip-42")
    assert not dlg.ok.isEnabled()
    dlg.agree.setChecked(True)
    assert dlg.ok.isEnabled()
    dlg.ok.click()
    assert not window.table.up and window.seat == 0
    assert window.pending == {} and window.orders_panel.count == 0
    assert "discarded unread" in window.last_status
    assert window.console_order("A par - pic")
    report = submit(qtbot, window)                         # Ada was the last seat: the round is played
    assert report.world.boards[next(iter(report.new_boards))].units["pic"].nation == "France"
    saved = tmp_path / "after.json"
    assert window.files.save_as(str(saved))
    from app.match.storage import open_match
    back = open_match(saved)
    assert back.is_locked(0)
    assert not back.check_pin(0, "2718") and back.check_pin(0, "tulip-42")


def test_the_forgotten_pin_dialog_refuses_a_mistyped_new_pin(qtbot, window):
    c = _curtain_for_ada(window)
    c.forgot_button.click()
    dlg = window.prompt
    dlg.agree.setChecked(True)
    dlg.fields.pin.setText("123456")
    dlg.fields.again.setText("123465")
    assert not dlg.ok.isEnabled() and "differ" in dlg.error.text()
    dlg.reject()
    assert window.table.up and window.match.check_pin(0, "2718")


def test_return_in_the_pin_field_tries_it(qtbot, window):
    c = _curtain_for_ada(window)
    c.pin.setText("2718")
    qtbot.keyClick(c.pin, Qt.Key_Return)
    qtbot.waitUntil(lambda: not window.table.up, timeout=10000)


def test_a_forgotten_pin_finds_no_console_text_kept_for_the_seat(qtbot, window):
    """Whatever the seat left typed in its console goes with the forgotten PIN, as its sealed
    orders, messages, plans and notes do (the console text kept behind the curtain came back
    to whoever reset the PIN)."""
    window.new_game("hotseat", seats=[ADA, BEN], pins={0: "2718"}, fog=True)
    c = window.curtain
    c.pin.setText("2718")
    c.button.click()
    qtbot.waitUntil(lambda: not window.table.up, timeout=15000)
    window.orders_panel.console.setText("A par - bur is my secret")
    window.studio.notes.edit.setPlainText("Ada's secret notes")
    window.submit()                                          # Ada done: Ben
    c.button.click()
    submit(qtbot, window)                                    # the round is played: Ada again
    assert window.table.up and "Ada" in c.title.text()
    c.forgot_button.click()
    dlg = window.prompt
    dlg.fields.pin.setText("tulip-42")
    dlg.fields.again.setText("tulip-42")
    dlg.agree.setChecked(True)
    dlg.ok.click()
    assert not window.table.up and window.seat == 0
    assert window.orders_panel.console.text() == ""
    assert window.studio.notes.edit.toPlainText() == ""
