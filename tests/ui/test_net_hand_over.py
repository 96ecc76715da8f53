"""A seat away for a whole deadline is handed to the computer by the other seats' votes, in
their windows (README "deadlines"; RULES.md §6; how the table decides: app/net/away.py), and
its invitation takes it back. A real server on 127.0.0.1 (a free port), real windows
offscreen; the round's clock is run out by hand (``deadline_passed``, as its timer does), so
nothing waits for wall time."""

from __future__ import annotations

from app.match import Match, Seat

from .test_net_window import ADA, hosted, seated, WAIT, windows     # noqa: F401 (fixtures)

BEN = Seat(name="Ben", nations=("Italy", "Russia", "Turkey"))
CY = Seat(name="Cy", nations=("Austria",))


def three_seats() -> Match:
    return Match.new(seats=[ADA, BEN, CY])


def state_of(w):
    return w.net.match.table_state if w.net.match is not None else None


def away_is(w, seats: list[int]) -> bool:
    s = state_of(w)
    return s is not None and s.away_seats == seats


def computer_is(w, seats: list[int]) -> bool:
    s = state_of(w)
    return s is not None and s.computer_seats == seats


def notice(w) -> str:
    """The status bar's notice of away seats ("" when hidden)."""
    label = w.net.hand_over.notice
    return label.text() if label.isVisible() else ""


def nations_row(w, nation: str) -> str:
    """The Nations panel's first cell for ``nation``."""
    table = w.nations_panel.table
    return next(table.item(r, 0).text() for r in range(table.rowCount())
                if table.item(r, 0).text().split()[0] == nation)


def test_two_seats_vote_an_away_seat_to_the_computer_and_its_invitation_takes_it_back(qtbot, windows, hosted):
    table, (ada_inv, ben_inv, cy_inv) = hosted.add_table(three_seats(), "three", round_seconds=3600)
    ada, ben, watcher = windows(), windows(), windows()
    ada.net.join(str(ada_inv))
    ben.net.join(str(ben_inv))
    watcher.net.watch(hosted.address, table)
    qtbot.waitUntil(lambda: seated(ada) and seated(ben) and watcher.net.match is not None, timeout=WAIT)
    qtbot.waitUntil(lambda: state_of(ada) is not None and state_of(ben) is not None, timeout=WAIT)
    assert not ada.net.hand_over.action.isEnabled()            # nobody is away yet
    hosted._wait(hosted.server.deadline_passed(table))        # Cy never came in that round
    for w in (ada, ben):                  # (a watcher is told no table state: the server's choice)
        qtbot.waitUntil(lambda: away_is(w, [2]), timeout=WAIT)
    # each seat sees who is away and what a vote does; the action is theirs, not the watcher's
    for w in (ada, ben):
        assert "Cy was away for a whole deadline" in w.notices.toast.text()      # the news, over the board
        assert notice(w) == "Away (votes to hand to the computer): Cy 0/2"
        assert w.net.hand_over.action.isEnabled()
    assert not watcher.net.hand_over.action.isEnabled()
    assert "Hand an away seat to the computer…" in [a.text().replace("&", "") for a in ada.table_ui.menu.actions()]

    ada.net.hand_over.action.trigger()                         # one away seat: a plain question naming it
    question = ada.net.hand_over.dialog
    assert question.isVisible() and not question.seats.isVisible()
    assert "Cy" in question.text.text()
    question.yes.click()
    assert "Your vote to hand Cy to the computer is sent" in ada.last_status
    qtbot.waitUntil(lambda: state_of(ben).hand_over_votes == {2: [0]}, timeout=WAIT)
    assert "Votes to hand Cy to the computer: 1 vote of the 2 needed" in ben.last_status
    assert notice(ben) == "Away (votes to hand to the computer): Cy 1/2"
    qtbot.waitUntil(lambda: state_of(ada).hand_over_votes == {2: [0]}, timeout=WAIT)
    assert not ada.net.hand_over.action.isEnabled()             # she voted already
    assert computer_is(ada, [])                                 # one of two others: not more than half

    ben.net.hand_over.action.trigger()
    ben.net.hand_over.dialog.yes.click()
    for w in (ada, ben):
        qtbot.waitUntil(lambda: computer_is(w, [2]), timeout=WAIT)
        assert "Cy is played by the computer now" in w.last_status
        assert "The computer plays Cy now" in w.notices.toast.text()
        assert notice(w) == "The computer plays Cy"
        assert not w.net.hand_over.action.isEnabled()
        assert nations_row(w, "Austria") == "Austria  (computer for Cy)"     # it said "(Cy)"
    assert hosted.server.tables[table].match.seats[2].is_computer

    cy = windows()                                              # Cy comes back with the invitation
    cy.net.join(str(cy_inv))
    qtbot.waitUntil(lambda: cy.net.match is not None and cy.seat == 2, timeout=WAIT)
    assert not watcher.net.hand_over.action.isEnabled()
    for w in (ada, ben):
        qtbot.waitUntil(lambda: computer_is(w, []), timeout=WAIT)
        assert "Cy joined again with their invitation: the seat is theirs again" in w.last_status
        assert notice(w) == "" and "Cy is back" in w.notices.toast.text()
        assert nations_row(w, "Austria") == "Austria  (Cy)"
    assert hosted.server.tables[table].match.seats[2].is_person
    assert cy.console_order("A vie - gal")                     # his seat's again: he orders and ends his turn
    cy.submit()
    qtbot.waitUntil(lambda: 2 in state_of(ada).done_seats, timeout=WAIT)


def test_several_away_seats_are_a_list_and_a_refused_vote_says_why(qtbot, windows, hosted):
    table, (ada_inv, _, _) = hosted.add_table(three_seats(), "alone", round_seconds=3600)
    ada = windows()
    ada.net.join(str(ada_inv))
    qtbot.waitUntil(lambda: seated(ada) and state_of(ada) is not None, timeout=WAIT)
    ada.net.match.hand_over(1)                                  # Ben is not away: the server says so
    qtbot.waitUntil(lambda: "was not away for a whole deadline" in ada.last_status, timeout=WAIT)
    assert "The server refused" in ada.last_status and "Ben" in ada.last_status
    hosted._wait(hosted.server.deadline_passed(table))
    qtbot.waitUntil(lambda: away_is(ada, [1, 2]), timeout=WAIT)
    assert "Ben and Cy were away for a whole deadline" in ada.notices.toast.text()
    ada.net.hand_over.action.trigger()
    question = ada.net.hand_over.dialog
    assert question.seats.isVisible()
    assert [question.seats.itemText(i) for i in range(question.seats.count())] == \
        ["Ben — 0 votes of the 2 needed", "Cy — 0 votes of the 2 needed"]     # never her own seat
    question.seats.setCurrentIndex(1)
    question.yes.click()
    qtbot.waitUntil(lambda: state_of(ada).hand_over_votes == {2: [0]}, timeout=WAIT)
    assert notice(ada) == "Away (votes to hand to the computer): Ben 0/2, Cy 1/2"
    assert computer_is(ada, [])
    assert ada.net.hand_over.action.isEnabled()                # Ben is still hers to vote on
    ada.net.hand_over.action.trigger()
    assert [a.name for a in ada.net.hand_over.dialog.away] == ["Ben"]
