"""Computer players in the window: nations given to the computer in the new-game dialog play
when the round is submitted; in a sandbox the computer suggests or fills in pending orders."""

from app.engine.rules.orders import Hold
from app.ui.window.bots_ui import STEPS
from app.ui.dialogs.new_game import NewGameDialog
from tests.ui.helpers import submit


def test_new_game_dialog_gives_nations_to_the_computer_or_nobody(qtbot):
    dlg = NewGameDialog()
    qtbot.addWidget(dlg)
    dlg.variant.setCurrentIndex(dlg.variant.findData("standard"))
    dlg.show()
    assert dlg.opponents.isVisible()
    assert dlg.settings()["seats"] == []          # you play everything: a plain sandbox
    for n in ("Austria", "England", "Germany", "Italy", "Russia"):
        dlg.opponents.set_choice(n, "standard")
    dlg.opponents.set_choice("Turkey", "nobody")
    seats = dlg.settings()["seats"]
    assert [(s.name, s.controller, s.level, s.nations) for s in seats] == [
        ("You", "person", None, ("France",)),
        ("Computer (standard)", "computer", "standard", ("Austria", "England", "Germany", "Italy", "Russia")),
        ("Nobody", "nobody", None, ("Turkey",))]
    dlg.opponents.set_choice("France", "easy")
    assert "at least one nation" in dlg.problem()
    dlg.hotseat.setChecked(True)
    assert not dlg.opponents.isVisible()


def test_computer_nations_play_when_you_submit(qtbot, window):
    from app.match import Seat
    seats = [Seat(name="You", nations=("France",)),
             Seat(name="Computer (standard)", nations=("Austria", "England", "Germany", "Italy", "Russia"),
                  controller="computer", level="standard"),
             Seat(name="Nobody", nations=("Turkey",), controller="nobody")]
    assert window.new_game("sandbox", seats=seats, confirmed=True)
    assert window.match.mode == "sandbox"
    assert window.console_order("A par - bur")
    submit(qtbot, window)
    given = window.game.submissions[-1]
    movers = {o.nation for o in given if o.kind == "move"}
    assert {"France", "Germany", "Russia"} <= movers
    assert all(isinstance(o, Hold) or o.nation != "Turkey" for o in given)   # nobody's nation holds
    assert not window.pending and window.progress.maximum() == 5 * STEPS


def test_fill_in_and_suggest_give_pending_orders_you_can_change(qtbot, window):
    assert window.new_game("sandbox", confirmed=True)
    assert window.console_order("A par - bur")
    menu = window.commands.bot_menu
    # France has one order of three: it still owes two (issue 18: it was skipped)
    assert "France" in menu.without_orders() and len(menu.without_orders()) == 7
    menu.fill_in()
    menu.wait()
    orders = list(window.pending.values())
    # every unit has an order now; France's own order is kept as it was
    assert len(orders) == 22 and len([o for o in orders if o.nation == "France"]) == 3
    assert any(o.kind == "move" and o.nation == "Germany" for o in orders)
    par = [o for o in orders if o.nation == "France" and o.unit.province == "par"]
    assert par[0].kind == "move" and par[0].dest.province == "bur"
    assert "pending" in window.last_status
    assert menu.without_orders() == []
    key = next(k for k, o in window.pending.items() if o.nation == "Turkey")
    window.delete_order(key)
    assert len(window.pending) == 21
    menu.suggest(["France"])
    menu.wait()
    assert len([o for o in window.pending.values() if o.nation == "France"]) == 3
    submit(qtbot, window)
    assert len(window.game.submissions) == 1


def test_no_suggestions_in_hotseat(qtbot, window):
    seats = [{"name": "Ada", "nations": ["France"]}, {"name": "Ben", "nations": ["Germany"]}]
    assert window.new_game("hotseat", seats=seats, confirmed=True)
    window.commands.bot_menu.update()
    assert not window.commands.bot_menu.a_fill.isEnabled() and not window.commands.bot_menu.suggest_menu.isEnabled()


def test_hotseat_computer_seat_orders_are_made_at_adjudication_and_never_pending():
    from app.match import Match, Seat
    m = Match.new(seats=[Seat(name="Ada", nations=("France",)), Seat(name="Ben", nations=("Germany",)),
                         Seat(name="Computer (easy)", nations=("England", "Russia", "Turkey"),
                              controller="computer", level="easy")])
    assert m.mode == "hotseat"
    m.add_text("A par - bur")
    assert m.done() == 1
    assert all(o.nation != "England" for seat in (0, 1) for o in m.pending(seat))
    assert m.done() is None
    m.submit()
    given = m.game.submissions[-1]
    assert {"England", "Russia", "Turkey"} <= {o.nation for o in given if o.kind == "move"}
    assert not any(o.nation in ("Austria", "Italy") and o.kind != "hold" for o in given)


def test_hard_is_offered_wherever_levels_are(qtbot, window):
    from app.ui.dialogs.new_game import SeatRow
    dlg = NewGameDialog()
    qtbot.addWidget(dlg)
    dlg.variant.setCurrentIndex(dlg.variant.findData("standard"))
    assert all(box.findData("hard") >= 0 for box in dlg.opponents.choices.values())
    dlg.opponents.set_choice("Germany", "hard")
    assert any(s.level == "hard" and s.nations == ("Germany",) for s in dlg.settings()["seats"])
    row = SeatRow(0, ["France"], {"France": "#1971c2"})
    qtbot.addWidget(row)
    assert "Computer (hard)" in [row.player.itemText(i) for i in range(row.player.count())]
    assert dlg.watch.levels.findData("hard") >= 0
    levels = [a.data() for a in window.commands.bot_menu.level_actions.actions()]
    assert "hard" in levels and window.commands.bot_menu.level == "standard"


def test_a_hard_think_moves_the_progress_bar_within_its_nation(qtbot, window, monkeypatch):
    """The round's computer players report while they search: the bar moves within a
    nation's share, not only from one nation to the next; and the window's own event loop
    keeps running while Hard thinks."""
    import threading
    from PySide6.QtCore import QTimer
    from app.bots import hard
    from app.match import Seat
    seats = [Seat(name="You", nations=("France", "Austria", "England", "Italy", "Russia", "Turkey")),
             Seat(name="Computer (hard)", nations=("Germany",), controller="computer", level="hard")]
    assert window.new_game("sandbox", seats=seats, confirmed=True)
    steps = []
    window.adjudicator.round_progress.notifier.step.connect(lambda done, total, text: steps.append((done, total, text)))
    # The window never blocks: while Hard is mid-think, the GUI thread's event loop still
    # runs (a timer of the window fires); were the think on the GUI thread, it could not.
    thinking, seen_by_gui, answered = threading.Event(), threading.Event(), []
    board_plans = hard.board_plans

    def plans_while_the_window_runs(*args, **kwargs):
        thinking.set()
        answered.append(seen_by_gui.wait(20))
        return board_plans(*args, **kwargs)

    monkeypatch.setattr(hard, "board_plans", plans_while_the_window_runs)
    ticker = QTimer()
    ticker.timeout.connect(lambda: thinking.is_set() and seen_by_gui.set())
    ticker.start(5)
    submit(qtbot, window)
    qtbot.waitUntil(lambda: steps and steps[-1][0] == steps[-1][1], timeout=60000)
    ticker.stop()
    assert answered == [True]
    assert any(0 < done < STEPS for done, _, _ in steps), steps[:5]
    assert any("Germany (hard)" in text and "%" in text for _, _, text in steps)
    assert {o.nation for o in window.game.submissions[-1] if o.kind == "move"} >= {"Germany"}


def test_suggestions_by_hard(qtbot, window):
    assert window.new_game("sandbox", confirmed=True)
    menu = window.commands.bot_menu
    menu.set_level("hard")
    assert "hard" in menu.a_fill.statusTip()
    menu.suggest(["Italy"])
    assert window.progress.maximum() == bots_ui_steps()
    menu.wait()
    assert len([o for o in window.pending.values() if o.nation == "Italy"]) == 3
    assert "suggested 3 orders for Italy" in window.last_status


def bots_ui_steps() -> int:
    from app.ui.window.bots_ui import STEPS
    return STEPS
