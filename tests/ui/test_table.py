"""The table of friends through the real window offscreen (RULES.md §6): a seat leaves and a
newcomer takes over, watching the computer play, a deadline running out (on a fake clock),
private messages that no other seat sees on screen or in a file, and judging a thrown
play-out after every season (§9)."""

from __future__ import annotations

import json

from PySide6.QtCore import QRectF

from app.engine.notation.notation import format_order

from .helpers import key, submit
from .test_hotseat import assert_hidden, visible_texts

ADA = {"name": "Ada", "colour": "#1971c2", "nations": ["England", "France"]}
BEN = {"name": "Ben", "colour": "#e8590c", "nations": ["Russia", "Turkey"]}
CLEO = {"name": "Cleo", "colour": "#2f9e44", "nations": ["Austria", "Germany", "Italy"]}
NOTE = "Psst Ben: Galicia is a feint"


class FakeClock:
    def __init__(self):
        self.t = 5000.0

    def __call__(self) -> float:
        return self.t


def lift(window, pin: str = "") -> None:
    import time
    from PySide6.QtWidgets import QApplication
    c = window.curtain
    c.pin.setText(pin)
    c.button.click()
    end = time.monotonic() + 15          # a PIN is checked on a worker thread (app/ui/window/pin_gate.py)
    while window.table.up and time.monotonic() < end:
        QApplication.processEvents()
        time.sleep(0.005)
    assert not window.table.up


def answer(dialog) -> None:
    dialog.ok.click() if hasattr(dialog, "ok") else dialog.accept()


# -- leaving and taking over --------------------------------------------------------------------

def test_a_seat_leaves_to_the_computer_and_a_newcomer_takes_over(qtbot, window, tmp_path):
    window.new_game("hotseat", seats=[ADA, BEN, CLEO], pins={1: "2718"})
    lift(window)
    assert window.console_order("A par - bur")
    window.submit()
    lift(window, "2718")                                   # Ben at the table
    assert window.console_order("A war - gal")
    secrets = [format_order(o) for o in window.match.pending(1)] + ["war - gal"]
    # Ben has to go: he leaves to the computer, his order discarded
    window.table_ui.leave()
    dlg = window.table_ui.dialog
    assert dlg.seat.currentData() == 1 and dlg.submit.isVisible()
    dlg.to.setCurrentIndex(dlg.to.findData("easy"))
    dlg.submit.setChecked(False)
    answer(dlg)
    m = window.match
    assert m.seats[1].controller == "computer" and m.seats[1].level == "easy"
    assert window.table.up and "Cleo" in window.curtain.title.text()
    assert_hidden(window, secrets)
    lift(window)
    assert_hidden(window, secrets)
    # a newcomer takes over Russia and Turkey with a PIN of her own, from the Table menu
    window.table_ui.take_over()
    dlg = window.table_ui.dialog
    assert dlg.nation.findData("Russia") >= 0 and dlg.nation.findData("England") < 0
    assert dlg.nation.itemData(0) == "Russia,Turkey"      # Ben's whole seat comes first
    dlg.nation.setCurrentIndex(0)
    dlg.name.setText("Dev")
    dlg.pin.setText("4242")
    dlg.pin2.setText("4243")
    answer(dlg)
    assert "differ" in dlg.error.text() and dlg.isVisible()
    dlg.pin2.setText("4242")
    answer(dlg)
    assert m.seats[1].name == "Dev" and m.has_pin(1) and m.seats[1].nations == ("Russia", "Turkey")
    assert window.seat == 2 and not window.table.up       # Cleo is still at the table
    window.submit()                                        # Cleo done: Dev's turn, behind the curtain
    assert window.table.up and "Dev" in window.curtain.title.text() and window.curtain.pin.isVisible()
    lift(window, "4242")
    assert window.pending == {}
    assert_hidden(window, secrets)
    submit(qtbot, window)
    assert m.world.boards[key("1:F1901")].units["bur"].nation == "France"
    path = tmp_path / "g.json"
    assert window.save_as(str(path))
    assert_hidden(window, secrets, files=[path])


def test_a_seat_at_the_table_may_submit_as_it_leaves(qtbot, window):
    window.new_game("hotseat", seats=[ADA, BEN])
    lift(window)
    assert window.console_order("A par - bur")
    window.table_ui.leave()
    dlg = window.table_ui.dialog
    assert dlg.submit.isChecked()
    dlg.to.setCurrentIndex(dlg.to.findData("nobody"))
    answer(dlg)
    assert window.table.up and "Ben" in window.curtain.title.text()
    lift(window)
    assert window.match.mode == "hotseat" and window.match.pending(1) == []
    submit(qtbot, window)
    m = window.match
    assert m.world.boards[key("1:F1901")].units["bur"].nation == "France"
    assert m.seats[0].controller == "nobody" and m.mode == "sandbox"
    assert not window.table.up and window.seat == 1        # Ben plays on alone


# -- watching ---------------------------------------------------------------------------------

def test_watching_the_computer_play_pause_step_speed_and_take_over(qtbot, window):
    assert window.table_ui.start_watching("standard", ["random"], seed=5, confirmed=True)
    w = window.table_ui.watcher
    assert w.bar.isVisible() and w.watching and window.seat is None
    assert not window.commands.submit.isEnabled()                 # nobody orders while watching
    assert w.timer.isActive()                              # the first submission is on its way
    w.bar.speed.setValue(1)                                # 0.5 s per submission
    assert window.match.table.watch.seconds == 0.5
    w.timer.stop()
    with qtbot.waitSignal(window.submitted, timeout=60000) as got:
        w.step_now()
    assert window.busy is False and len(window.match.game.submissions) == 1
    # the view frames the boards the submission changed
    seen = window.view.mapToScene(window.view.viewport().rect()).boundingRect()
    for k in got.args[0].new_boards:
        assert seen.intersects(window.scene.layout.rect(k))
    assert w.timer.isActive() and w.timer.interval() <= 500   # the next one, at the chosen speed
    w.toggle()                                             # pause
    assert not w.timer.isActive() and w.bar.step_btn.isEnabled() and w.bar.take_btn.isEnabled()
    with qtbot.waitSignal(window.submitted, timeout=60000):
        w.bar.step_btn.click()                             # one step at a pause
    assert len(window.match.game.submissions) == 2 and not w.timer.isActive()
    # take over France at the pause: the person plays on, the others stay computers
    w.bar.take_btn.click()
    dlg = window.table_ui.dialog
    dlg.nation.setCurrentIndex(dlg.nation.findData("France"))
    dlg.name.setText("Ada")
    answer(dlg)
    m = window.match
    seat = m.seat_of("France")
    assert m.seats[seat].is_person and not w.watching and not w.bar.isVisible()
    assert window.seat == seat and window.commands.submit.isEnabled() and not window.table.up
    submit(qtbot, window)
    assert len(m.game.submissions) == 3


def test_the_new_game_dialog_offers_watching_and_a_deadline(qtbot):
    from app.ui.dialogs.new_game import NewGameDialog
    dlg = NewGameDialog()
    qtbot.addWidget(dlg)
    assert dlg.settings()["watch"] is None and dlg.settings()["deadline"] is None
    dlg.watch.check.setChecked(True)
    dlg.watch.levels.setCurrentIndex(dlg.watch.levels.findData("standard,easy,random"))
    assert dlg.settings()["watch"] == ["standard", "easy", "random"] and dlg.problem() is None
    assert not dlg.seats_box.isVisible() and not dlg.hotseat.isEnabled() and dlg.start_btn.text() == "Start watching"
    dlg.watch.check.setChecked(False)
    dlg.hotseat.setChecked(True)
    dlg.deadline.box.setCurrentIndex(dlg.deadline.box.findData(300))
    assert dlg.settings()["deadline"] == 300


def test_the_watch_command_names_a_wrong_level_or_speed(capsys):
    from app.ui.commands.watch import main
    assert main(["--players", "standard,grandmaster"]) == 2
    assert "grandmaster" in capsys.readouterr().err
    assert main(["--speed", "11"]) == 2
    assert "0.5 to 10" in capsys.readouterr().err


# -- deadlines --------------------------------------------------------------------------------

def test_a_deadline_runs_out_on_a_fake_clock(qtbot, window, tmp_path):
    window.new_game("hotseat", seats=[ADA, BEN], deadline=120)
    clock = FakeClock()
    window.match.table.deadline.now = clock
    d = window.table_ui.deadline
    d.tick()
    assert window.table.up and d.on_curtain.isVisible() and "2:00" in d.on_curtain.text()
    clock.t += 40                                          # passing the computer to Ada costs her nothing
    d.tick()
    assert "2:00" in d.on_curtain.text() and "starts when Ada's board is shown" in d.on_curtain.text()
    lift(window)
    d.tick()
    assert d.chip.text() == "Time left 2:00"
    clock.t += 30
    d.tick()
    assert d.chip.isVisible() and d.chip.text() == "Time left 1:30" and not d.on_curtain.isVisible()
    assert window.console_order("A par - bur")
    clock.t += 85
    d.tick()
    assert "0:05" in d.chip.text() and "e03131" in d.chip.styleSheet()
    clock.t += 5
    d.tick()                                               # Ada's time is up: Ben's turn
    assert window.table.up and "Ben" in window.curtain.title.text()
    assert "Time ran out for Ada" in window.curtain.detail.text()
    assert_hidden(window, ["par - bur", "A par"])
    assert "2:00" in d.on_curtain.text()
    clock.t += 30                                          # Ben comes to the computer
    d.tick()
    assert window.table.up and "2:00" in d.on_curtain.text()
    lift(window)
    # reopening resumes the time left
    clock.t += 50
    path = tmp_path / "g.json"
    assert window.save_as(str(path))
    assert json.loads(path.read_text())["meta"]["table"]["deadline"]["left"] == 70.0
    assert window.open_game(str(path))
    later = FakeClock()
    window.match.table.deadline.now = later
    d.tick()
    assert "1:10" in d.on_curtain.text() and "starts when Ben's board is shown" in d.on_curtain.text()
    later.t += 300                                         # reopened: the curtain waits again for Ben
    d.tick()
    assert window.table.up and "1:10" in d.on_curtain.text()
    lift(window)
    later.t += 70
    with qtbot.waitSignal(window.submitted, timeout=30000):
        d.tick()                                           # Ben's time is up: the round is adjudicated
    assert window.match.world.boards[key("1:F1901")].units["bur"].nation == "France"
    assert window.table.up and "Ada" in window.curtain.title.text()


def test_a_sandbox_deadline_submits_as_it_stands(qtbot, window):
    window.new_game("sandbox", deadline=60)
    clock = FakeClock()
    window.match.table.deadline.now = clock
    assert window.console_order("A par - bur")
    clock.t += 61
    with qtbot.waitSignal(window.submitted, timeout=30000):
        window.table_ui.deadline.tick()
    assert window.match.world.boards[key("1:F1901")].units["bur"].nation == "France"


# -- messages ---------------------------------------------------------------------------------

def test_a_message_is_shown_only_behind_its_receivers_curtain(qtbot, window, tmp_path):
    window.new_game("hotseat", seats=[ADA, BEN, CLEO], pins={1: "2718"})
    panel = window.table_ui.messages
    assert window.table_ui.dock.isVisible() and not panel.isEnabled()
    lift(window)
    assert panel.isEnabled() and panel.to.findText("Ben") >= 0 and panel.to.findText("Ada") < 0
    panel.to.setCurrentIndex(panel.to.findText("Ben"))
    panel.text.setPlainText(NOTE)
    panel.send_btn.click()
    assert panel.feedback.text() == "Sent to Ben, kept readable in the save file (Ada without a PIN)."
    assert "Ada has no PIN" in panel.privacy.text() and NOTE in panel.list.toPlainText()
    window.submit()                                        # Ada done: the curtain for Ben
    assert window.table.up and NOTE not in "\n".join(visible_texts(window))
    assert NOTE not in panel.list.toPlainText() and panel.text.toPlainText() == ""
    lift(window, "2718")
    assert NOTE in panel.list.toPlainText() and "new" in panel.title.text()
    path = tmp_path / "g.json"
    assert window.save_as(str(path))
    window.submit()                                        # Ben done: Cleo sees nothing of it
    assert window.table.up
    assert_hidden(window, [NOTE, "Galicia is a feint"])
    lift(window)
    assert_hidden(window, [NOTE, "Galicia is a feint"])
    # Ben has a PIN: his list is sealed in the file (Ada, without a PIN, keeps her copy in plain text)
    raw = json.loads(path.read_text())
    assert NOTE not in json.dumps(raw["meta"]["seats"]) and "1" not in raw["meta"]["table"]["messages"]
    # and a seat without a PIN receives: Cleo's list is hers alone on screen
    panel.to.setCurrentIndex(panel.to.findText("Ada"))
    panel.text.setPlainText("Cleo to Ada")
    panel.send_btn.click()
    submit(qtbot, window)
    assert window.table.up and "Ada" in window.curtain.title.text()
    assert_hidden(window, ["Cleo to Ada"])
    lift(window)
    assert "Cleo to Ada" in panel.list.toPlainText() and NOTE in panel.list.toPlainText()


def test_the_message_box_says_what_the_save_file_keeps_readable(qtbot, window, tmp_path):
    """Ada and Ben have a PIN, Cleo none: the box tells Ada, for the receiver she picks, whether
    the message is sealed in the file or kept readable, and the saved bytes agree."""
    window.new_game("hotseat", seats=[ADA, BEN, CLEO], pins={0: "1111", 1: "2718"})
    lift(window, "1111")
    panel = window.table_ui.messages
    panel.to.setCurrentIndex(panel.to.findText("Ben"))
    assert panel.privacy.isVisible() and panel.privacy.text().startswith("Sealed: only Ben reads it")
    panel.text.setPlainText("Ben: sealed both ways")
    panel.send_btn.click()
    assert panel.feedback.text() == "Sent to Ben, sealed."
    panel.to.setCurrentIndex(panel.to.findText("Cleo"))
    assert "Cleo has no PIN" in panel.privacy.text() and "save file keeps it readable" in panel.privacy.text()
    panel.text.setPlainText("Cleo: readable in the file")
    panel.send_btn.click()
    assert panel.feedback.text() == "Sent to Cleo, kept readable in the save file (Cleo without a PIN)."
    path = tmp_path / "g.json"
    assert window.save_as(str(path))
    data = path.read_bytes()
    assert b"Ben: sealed both ways" not in data and b"Cleo: readable in the file" in data


def test_a_message_goes_to_the_seat_chosen_whatever_the_window_redraws(qtbot, window):
    """The chosen receiver stays chosen while the seat looks at the past (every redraw
    refilled the list and chose its first name: a message for Cleo went to Ben)."""
    window.new_game("hotseat", seats=[ADA, BEN, CLEO])
    for _ in range(3):
        lift(window)
        window.submit()
    qtbot.waitUntil(lambda: not window.busy, timeout=30000)
    lift(window)
    panel = window.table_ui.messages
    panel.to.setCurrentIndex(panel.to.findText("Cleo"))
    panel.text.setPlainText("For Cleo only")
    window.show_history(0)                                 # a look at the start, and back
    window.show_history(len(window.game.submissions))
    assert panel.to.currentText() == "Cleo" and panel.text.toPlainText() == "For Cleo only"
    panel.send_btn.click()
    m = window.match
    assert [x.text for x in m.table.mail.messages(2)] == ["For Cleo only"]
    assert [x.text for x in m.table.mail.messages(1)] == []


def test_a_half_written_message_waits_for_its_seat_behind_the_curtain(qtbot, window):
    """Done with a message half written: it is not on screen for the next seat, and it is
    there again, to the same receiver, when its seat is back (it was thrown away unasked)."""
    window.new_game("hotseat", seats=[ADA, BEN, CLEO], pins={1: "2718"})
    lift(window)
    panel = window.table_ui.messages
    panel.to.setCurrentIndex(panel.to.findText("Cleo"))
    panel.text.setPlainText("Cleo, about Galicia: half a thought")
    window.submit()
    assert panel.text.toPlainText() == ""
    assert_hidden(window, ["half a thought"])
    lift(window, "2718")
    assert panel.text.toPlainText() == "" and panel.text.document().isUndoAvailable() is False
    window.submit()
    lift(window)
    window.submit()                                        # the round is played: Ada again
    qtbot.waitUntil(lambda: window.table.up, timeout=30000)
    lift(window)
    assert panel.text.toPlainText() == "Cleo, about Galicia: half a thought"
    assert panel.to.currentText() == "Cleo"


def test_no_messages_in_a_sandbox(window):
    window.new_game("sandbox")
    assert not window.table_ui.dock.isVisible() and not window.table_ui.a_messages.isEnabled()


# -- a thrown play-out judged after every season -------------------------------------------------

def test_a_thrown_play_out_is_judged_after_every_season(qtbot, window):
    from app.match import Seat
    seats = [Seat(name="Ada", nations=("Austria",)), Seat(name="Ben", nations=("England",))]
    window.start_thrown({"seats": seats, "pins": {}, "variant": "standard", "adjacency": "strict",
                         "start": "random-thrown", "thrown_players": 2}, seed=3)
    m = window.match
    assert m.table.judging.active
    lift(window)
    window.submit()
    lift(window)
    submit(qtbot, window)
    dlg = window.table_ui.dialog
    assert dlg.isVisible() and set(dlg.boxes) == {0, 1}
    dlg.boxes[0].setCurrentText("England")
    dlg.boxes[1].setCurrentText("Austria")
    dlg.judge_btn.click()
    assert m.world.phase != "over" and "No agreement" in window.last_status
    lift(window)
    window.submit()
    lift(window)
    submit(qtbot, window)
    dlg = window.table_ui.dialog
    dlg.boxes[0].setCurrentText("England")
    dlg.boxes[1].setCurrentText("England")
    dlg.judge_btn.click()
    assert m.world.phase == "over" and m.world.winner == "England"
    assert "everyone named England" in window.notices.banner.text() and window.notices.banner.isVisible()
    assert "England wins" in window.last_status and not window.commands.submit.isEnabled()


def test_the_window_starts_what_the_new_game_dialog_asks(qtbot, window, monkeypatch):
    """The dialog's "Watch the computer play" and "Time per turn" reach the match."""
    from app.ui.dialogs.new_game import NewGameDialog
    asked = {}

    def fake_exec(dlg):
        asked["do"](dlg)
        return NewGameDialog.Accepted
    monkeypatch.setattr(NewGameDialog, "exec", fake_exec)

    def watch(dlg):
        dlg.watch.check.setChecked(True)
        dlg.watch.levels.setCurrentIndex(dlg.watch.levels.findData("random"))
    asked["do"] = watch
    window.new_game_dialog()
    m = window.match
    assert all(s.controller == "computer" and s.level == "random" for s in m.seats)
    assert window.table_ui.watcher.bar.isVisible() and window.seat is None
    window.table_ui.watcher.timer.stop()

    def deadline(dlg):
        dlg.hotseat.setChecked(True)
        dlg.deadline.box.setCurrentIndex(dlg.deadline.box.findData(180))
    asked["do"] = deadline
    window.new_game_dialog()
    assert window.match.mode == "hotseat" and window.match.table.deadline.seconds == 180
    assert not window.table_ui.watcher.bar.isVisible() and window.table_ui.deadline.timer.isActive()


def test_closing_the_window_while_the_computer_thinks_waits_for_it(qtbot, window):
    window.table_ui.start_watching("standard", ["standard"], seed=1, confirmed=True)
    window.table_ui.watcher.timer.stop()
    window.table_ui.watcher.step_now()
    assert window.busy
    window.close()                                      # must not leave a running thread behind
    assert window.adjudicator.job is None and not window.busy and len(window.match.game.submissions) == 1
    assert not window.table_ui.watcher.timer.isActive()


def test_watching_goes_at_a_newcomers_pace_with_one_speed_control(qtbot, window):
    """Issue 31: `watch --speed 1` ended a game before a newcomer could react, and two speed
    controls were shown at once (the watch bar's and the history bar's)."""
    assert window.table_ui.start_watching("standard", ["random"], seed=5, confirmed=True)
    w = window.table_ui.watcher
    history = window.history
    assert w.bar.isVisible() and w.bar.speed_label.text() == "4 s per submission"
    assert w.timer.isActive() and w.timer.interval() == 4000           # the first one, at the default pace
    assert not history.speed.isVisible()                                # the watch bar's is the one speed
    # a fake clock: the next submission starts 4 s after the last one started, however long
    # its adjudication took (1.5 s here)
    now = [100.0]
    w.clock = lambda: now[0]
    w.timer.stop()
    with qtbot.waitSignal(window.submitted, timeout=60000):
        w.step_now()
        now[0] += 1.5
    assert w.timer.isActive() and w.timer.interval() == 2500
    # the watch bar's speed is the replay's too
    w.bar.speed.setValue(w.bar.speed.maximum())                         # the slowest: 10 s
    assert window.match.table.watch.seconds == 10.0 and history.step_ms() == 10000
    w.toggle()                                                          # pause, then take over
    w.bar.take_btn.click()
    dlg = window.table_ui.dialog
    dlg.nation.setCurrentIndex(dlg.nation.findData("France"))
    dlg.name.setText("Ada")
    answer(dlg)
    assert not w.bar.isVisible() and history.speed.isVisible()          # a person plays: the replay's own speed
    assert history.step_ms() == round(1000 * history.speed.currentData())


def test_the_readmes_watch_example_is_a_pace_a_newcomer_can_follow():
    from pathlib import Path
    from app.ui.commands.watch import parser
    line = next(x for x in (Path(__file__).resolve().parents[2] / "README.md").read_text().splitlines()
                if "-m app watch" in x)
    args = parser().parse_args(line.split("#")[0].split("watch", 1)[1].split())
    assert args.speed >= 3


def test_a_hotseat_game_with_deadlines_prints_no_timer_warnings(qtbot, qtlog, window):
    """(issue 31: "QTimer::start: negative intervals" was printed 7 times in such a game.)
    Turns run out, a PIN seat mistypes and waits, rounds are adjudicated: Qt says nothing
    about timers meanwhile."""
    window.new_game("hotseat", seats=[ADA, BEN, CLEO], pins={1: "2718"}, deadline=60)
    clock, tries = FakeClock(), FakeClock()
    window.match.table.deadline.now = clock
    window.match.pin_tries.clock = tries
    d, c = window.table_ui.deadline, window.curtain
    for _ in range(2):                                     # two rounds
        d.tick()
        lift(window)                                       # Ada
        clock.t += 61
        d.tick()                                           # her time runs out: Ben's curtain
        for _ in range(5):                                 # Ben mistypes: the wait counts down
            c.pin.setText("0000")
            c.button.click()
            qtbot.waitUntil(lambda: not window.table.pins.checking, timeout=10000)
            tries.t += window.match.pin_wait(1)
            qtbot.waitUntil(lambda: c.pin.isEnabled(), timeout=20000)
        lift(window, "2718")
        window.submit()                                    # Ben done: Cleo
        lift(window)
        clock.t += 61
        with qtbot.waitSignal(window.submitted, timeout=30000):
            d.tick()                                       # Cleo's time runs out: adjudicated
        qtbot.waitUntil(lambda: window.table.up and not window.busy, timeout=30000)
    timers = [r.message for r in qtlog.records if "QTimer" in r.message or "interval" in r.message]
    assert timers == []
