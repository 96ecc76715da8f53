"""Ending a game through the real window offscreen (RULES.md §11): a draw proposed from the
Table menu and answered by each hotseat seat behind its own curtain, a computer player
answering too; a refusal that names nobody; seats called back to answer before the round is
adjudicated; a concession; a resignation to the computer."""

from __future__ import annotations

from .test_hotseat import visible_texts

ADA = {"name": "Ada", "colour": "#1971c2", "nations": ["England"]}
BEN = {"name": "Ben", "colour": "#e8590c", "nations": ["France"]}
CLEO = {"name": "Cleo", "colour": "#2f9e44", "nations": ["Germany"]}
ITALY = {"name": "Computer (standard)", "colour": "#9c36b5", "nations": ["Italy"],
         "controller": "computer", "level": "standard"}


def lift(window) -> int:
    """The seat at the curtain sits down (no PIN); returns it."""
    assert window.table.up
    window.curtain.button.click()
    assert not window.table.up
    return window.seat


def question(window):
    d = window.table_ui.ending.dialog
    assert d is not None and d.isVisible()
    return d


def texts(window) -> str:
    return "\n".join(visible_texts(window))


def test_a_draw_agreed_by_three_hotseat_seats_and_a_computer_player(qtbot, window):
    window.new_game("hotseat", seats=[ADA, BEN, CLEO, ITALY], seed=4)
    e = window.table_ui.ending
    assert not e.a_draw.isEnabled()                         # the curtain is up: nobody to propose
    assert lift(window) == 0 and e.a_draw.isEnabled()
    e.a_draw.trigger()
    d = question(window)
    assert "England, France, Germany, Italy" in d.text.text()
    d.yes.click()
    m = window.match
    assert m.table.proposals.open is not None and not e.a_draw.isEnabled()
    assert window.console_order("F lon - nth")
    window.submit()                                         # Ada passes on
    assert lift(window) == 1
    d = question(window)                                    # Ben is asked as he sits down
    assert "Ada proposes a draw" in d.text.text()
    d.yes.click()
    assert window.seat == 1 and window.match.table.proposals.open is not None
    window.submit()
    assert lift(window) == 2
    question(window).yes.click()                            # Cleo: the last answer (Italy's computer accepted)
    assert m.world.phase == "over" and m.table.proposals.ending.kind == "draw"
    assert not window.table.up and window.notices.banner.isVisible()
    assert "A draw" in window.notices.banner.text() and "Italy" in window.notices.banner.text()
    assert "A draw shared by" in window.last_status
    assert not window.commands.submit.isEnabled() and not e.a_draw.isEnabled()
    window.refresh()                                        # the banner stays through a redraw
    assert window.notices.banner.isVisible() and "A draw" in window.notices.banner.text()
    screen = window.ending.screen                           # and the end screen tells the story
    assert screen is not None and screen.isVisible() and window.ending.headline.startswith("A draw shared by")


def test_a_refusal_ends_the_draw_without_naming_who_and_done_seats_are_called_back(qtbot, window):
    window.new_game("hotseat", seats=[ADA, BEN, CLEO], seed=4)
    m = window.match
    lift(window); window.submit()                           # Ada done
    lift(window); window.submit()                           # Ben done
    assert lift(window) == 2
    window.table_ui.ending.a_draw.trigger()
    question(window).yes.click()                            # Cleo proposes, then is done
    window.submit()
    assert window.table.up and "Ada" in window.curtain.title.text()   # called back to answer
    assert "waits for your answer" in window.curtain.detail.text()
    assert lift(window) == 0
    question(window).no.click()                             # Ada refuses …
    assert window.table.up and "Ben" in window.curtain.title.text()
    assert m.table.proposals.open is not None               # … which nobody is told yet
    assert "refused" not in texts(window)
    assert lift(window) == 1
    with qtbot.waitSignal(window.submitted, timeout=30000):
        question(window).yes.click()                        # the last answer: the round is adjudicated
    assert m.table.proposals.last.why == "refused" and len(m.game.submissions) == 1
    assert window.table.up and m.turn == 0
    lift(window)                                            # Ada sits down: told the outcome, not who
    shown = window.notices.toast.text()
    assert window.notices.toast.isVisible() and "at least one seat refused" in shown
    assert not any(name in shown for name in ("Ada", "Ben", "Cleo"))


def test_a_concession_from_the_table_menu(qtbot, window):
    window.new_game("hotseat", seats=[ADA, BEN, CLEO], seed=4)
    lift(window)
    e = window.table_ui.ending
    e.a_concede.trigger()
    d = question(window)
    offered = [d.nations.itemText(i) for i in range(d.nations.count())]
    assert "England" not in offered and "Germany" in offered
    d.nations.setCurrentText("Germany")
    d.yes.click()
    window.submit()
    lift(window)
    assert "conceded to Germany" in question(window).text.text()
    question(window).yes.click()                            # Ben concedes too; Cleo (Germany) is not asked
    m = window.match
    assert m.world.winner == "Germany" and m.table.proposals.ending.kind == "concession"
    assert "Germany wins!" in window.notices.banner.text() and "conceded" in window.notices.banner.text()
    # the end screen says how it ended: conceded, not won by the centres
    assert window.ending.screen is not None and window.ending.headline.startswith("Germany wins: the others conceded")
    window.refresh()
    assert window.ending.headline.startswith("Germany wins: the others conceded")    # a redraw keeps it


def test_resigning_to_the_computer_lets_the_computer_answer(qtbot, window):
    window.new_game("hotseat", seats=[ADA, BEN, CLEO], seed=4)
    lift(window)
    e = window.table_ui.ending
    e.a_draw.trigger()
    question(window).yes.click()
    window.submit()
    lift(window)                                            # Ben: asked, but resigns instead
    question(window).reject()
    e.a_resign.trigger()
    dlg = window.table_ui.dialog
    assert "Resign" in dlg.windowTitle() and dlg.seat.currentData() == 1
    dlg.to.setCurrentIndex(dlg.to.findData("standard"))
    dlg.submit.setChecked(False)
    dlg.accept()
    m = window.match
    assert m.seats[1].is_computer and m.table.proposals.waiting() == [2]   # France's computer answered
    assert lift(window) == 2
    question(window).yes.click()
    assert m.table.proposals.ending is not None and m.world.phase == "over"  # it accepted (3 centres of 22/7)


def test_after_an_agreed_draw_no_seats_pending_orders_are_left_on_screen(qtbot, window):
    window.new_game("hotseat", seats=[ADA, BEN, CLEO], seed=4)
    lift(window)
    assert window.console_order("F lon - nth")               # Ada's order, pending and private
    window.table_ui.ending.a_draw.trigger()
    question(window).yes.click()
    window.submit()
    lift(window); question(window).yes.click(); window.submit()
    lift(window); question(window).yes.click()               # Cleo agrees last, at the computer
    assert window.match.world.phase == "over"
    assert "lon - nth" not in texts(window) and window.orders_panel.tree.topLevelItemCount() == 0
    assert all(window.match.pending(i) == [] for i in range(3))


def test_a_sandbox_draw_ends_at_once_and_undo_plays_on_from_the_board_before(qtbot, window):
    from .helpers import submit
    window.new_game("sandbox", seed=4, confirmed=True)
    assert window.console_order("F lon - nth")
    submit(qtbot, window)
    e = window.table_ui.ending
    e.a_draw.trigger()
    question(window).yes.click()                             # the one seat plays every nation: agreed at once
    m = window.match
    assert m.world.phase == "over" and window.notices.banner.isVisible() and "A draw" in window.notices.banner.text()
    summary = window.nations_panel.summary.text()           # not "waiting for game over"
    assert "the game is over" in summary and "waiting for" not in summary
    assert window.commands.undo.isEnabled()
    window.commands.undo.trigger()
    assert m.world.phase == "movement" and m.table.proposals.ending is None
    assert not window.notices.banner.isVisible() and window.commands.submit.isEnabled()
    assert "waiting for <b>orders</b>" in window.nations_panel.summary.text()


def test_the_last_seat_resigning_to_nobody_ends_the_game_by_the_others_answers(qtbot, window):
    ended = []
    window.game_ended = ended.append                         # the hook the end screen connects to
    window.new_game("hotseat", seats=[ADA, BEN, CLEO], seed=4)
    lift(window)
    window.table_ui.ending.a_draw.trigger()
    question(window).yes.click()
    window.submit()
    lift(window); question(window).yes.click(); window.submit()
    lift(window)
    question(window).reject()                                # Cleo does not answer: she resigns to nobody
    window.table_ui.ending.a_resign.trigger()
    dlg = window.table_ui.dialog
    dlg.to.setCurrentIndex(dlg.to.findData("nobody"))
    dlg.submit.setChecked(False)
    dlg.accept()
    m = window.match
    assert m.seats[2].controller == "nobody" and m.world.phase == "over"
    assert [e.kind for e in ended] == ["draw"] and ended[0] == m.table.proposals.ending
    window.refresh()
    assert len(ended) == 1                                   # told once
