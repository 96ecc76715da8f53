"""Ending a game in the window (RULES.md §11): the Table menu's "Propose a draw…",
"Concede to…" and "Resign seat…", each seat's answer asked behind its own curtain, and the
outcome told to every seat. The rules and the secret answers are
:mod:`app.match.table.proposals`'; this shows them and forwards what people do.

How the answers go round a hotseat table: a seat that still has to answer is asked as soon
as it sits down (its board shown, the curtain up again for everyone else); a seat that had
already finished ordering is called back to the curtain before the round is adjudicated
(the match's turn order does that). Once every answer is in, the outcome is shown at once
and to each seat the next time it sits down. A draw or a concession agreed calls the
window's ``game_ended(ending)``.
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction

from app.match.ending import nations_in_game
from app.match.table import ProposalRefused

from ..guard import guarded
from .services import TableUIServices
from .ending_dialogs import EndingQuestion, answer_text, concede_text, propose_draw_text


class EndingUI(QObject):
    """The menu entries and the questions of ending a game, for the table's ``menu``."""

    def __init__(self, parent, services: TableUIServices, menu, table_ui):
        """``parent``: the main window (questions open over it); ``table_ui``: the table's
        part, whose leaving and seat changes resigning and answers go through."""
        super().__init__(parent)
        self.main = parent
        self.s = services
        self.tui = table_ui
        self.dialog: EndingQuestion | None = None   # the question on screen (tests answer it)
        self._asked: tuple[int, int] | None = None  # (seat, proposal) the question on screen is for
        self._told: set[tuple[int, int]] = set()    # (seat, proposal) whose outcome the seat has seen
        menu.addSeparator()
        self.a_draw = QAction("Propose a &draw…", parent)
        self.a_draw.setStatusTip("Propose a draw shared by every nation still in the game (RULES.md §11)")
        self.a_draw.triggered.connect(self.propose_draw)
        self.a_concede = QAction("&Concede to…", parent)
        self.a_concede.setStatusTip("Concede the game to one nation: it wins if every other seat concedes too")
        self.a_concede.triggered.connect(self.concede)
        self.a_resign = QAction("&Resign seat…", parent)
        self.a_resign.setStatusTip("Resign: your nations go to the computer or to nobody")
        self.a_resign.triggered.connect(self.resign)
        for a in (self.a_draw, self.a_concede, self.a_resign):
            menu.addAction(a)

    # -- who is asking --------------------------------------------------------------------
    def _seat(self) -> int | None:
        """The person's seat at the table, free to act (None: nobody, or busy)."""
        s, m, seat = self.s, self.s.match(), self.s.seat()
        if m is None or s.busy() or s.curtain_up() or seat is None or s.replaying():
            return None
        return seat if m.seats[seat].is_person else None

    def _concede_choices(self, seat: int) -> list[str]:
        m = self.s.match()
        p = m.table.proposals
        return [n for n in m.known_civilisations(seat) if p.refusal(seat, "concession", n) is None]

    def _may_concede(self, seat: int) -> bool:
        """Whether :meth:`_concede_choices` has any: asked after every change of the window,
        so it stops at the first nation (each refusal reads the table afresh)."""
        m = self.s.match()
        p = m.table.proposals
        return any(p.refusal(seat, "concession", n) is None for n in m.known_civilisations(seat))

    def update_actions(self) -> None:
        m, seat = self.s.match(), self._seat()
        live = m is not None and not self.s.busy() and m.world.phase != "over"
        self.a_draw.setEnabled(seat is not None and m.table.proposals.refusal(seat, "draw") is None)
        self.a_concede.setEnabled(seat is not None and self._may_concede(seat))
        self.a_resign.setEnabled(live and bool(m.table.seats.person_seats()))

    # -- proposing ------------------------------------------------------------------------
    @guarded
    def propose_draw(self, *_) -> None:
        seat = self._seat()
        if seat is None:
            return
        m = self.s.match()
        civ = m.civ is not None          # a civilisation is not told who else plays
        shared = ("every civilisation still in the game" if civ
                  else ", ".join(nations_in_game(m.game.world)))
        self._question(EndingQuestion("Propose a draw", propose_draw_text(f"A draw shared by {shared}."),
                                      "Propose the draw", "Cancel", self.main),
                       lambda yes, _n: yes and self._propose(seat, "draw"))

    @guarded
    def concede(self, *_) -> None:
        seat = self._seat()
        if seat is None:
            return
        self._question(EndingQuestion("Concede", concede_text(), "Concede", "Cancel", self.main,
                                      nations=self._concede_choices(seat)),
                       lambda yes, nation: yes and self._propose(seat, "concession", nation))

    def _propose(self, seat: int, kind: str, to: str | None = None) -> None:
        w, m = self.s, self.s.match()
        try:
            outcome = m.table.proposals.propose(seat, kind, to)
        except ProposalRefused as e:
            w.show_message("End the game", str(e).capitalize() + ".")
            return
        w.files_changed()
        if outcome is not None:
            self._decided(outcome)
            return
        what = "a draw" if kind == "draw" else f"the game conceded to {to}"
        w.set_status(f"You proposed {what}; every other seat answers in private before the next adjudication.")
        self.update_actions()

    @guarded
    def resign(self, *_) -> None:
        """Resigning is leaving the table (RULES.md §11, §6): the same choice of who plays on."""
        self.tui.leave()
        if self.tui.dialog is not None:
            self.tui.dialog.setWindowTitle("Resign seat — 5D Diplomacy")

    # -- answering ------------------------------------------------------------------------
    def refresh(self) -> None:
        """The window redrew: the banner of a game ended by agreement; the seat at the table
        told an outcome it has not seen, or asked the open proposal."""
        w, m = self.s, self.s.match()
        if m is None:
            return
        p = m.table.proposals
        ending = p.ending
        if ending is not None and ending.kind != "victory" and m.world.phase == "over" and not w.replaying():
            self._banner(ending)
            self._game_ended()
        seat = self._seat()
        if seat is None:
            return
        last = p.last
        if last is not None and (seat, last.proposal.number) not in self._told and seat in p.voters(last.proposal):
            self._told.add((seat, last.proposal.number))
            if not last.agreed:
                w.show_toast(f"<b>{self._outcome_text(last)}</b>")
                w.set_status(self._outcome_text(last))
        if p.must_answer(seat) and self._asked != (seat, p.open.number):
            self._ask(seat)

    def _ask(self, seat: int) -> None:
        m = self.s.match()
        p = m.table.proposals
        number = p.open.number
        self._asked = (seat, number)
        dlg = EndingQuestion("Answer the proposal", answer_text(m.seats[seat].name, p.describe(seat)),
                             "Accept", "Refuse", self.main)
        dlg.rejected.connect(lambda: self._unasked(seat, number))
        self._question(dlg, lambda yes, _n: self._answer(seat, number, yes))

    def _unasked(self, seat: int, number: int) -> None:
        """Escape: no answer given; the question comes back when the seat sits down again."""
        if self._asked == (seat, number) and self.s.match().table.proposals.must_answer(seat):
            self._asked = None

    def _answer(self, seat: int, number: int, accept: bool) -> None:
        w, m = self.s, self.s.match()
        p = m.table.proposals
        if p.open is None or p.open.number != number or self._seat() != seat:
            return                                   # the table moved on meanwhile
        outcome = p.answer(seat, accept)
        w.files_changed()
        if outcome is not None:
            self._decided(outcome)
        elif m.turn != seat:                         # called back only to answer: on to the next seat
            self.tui.after_seat_change(f"{m.seats[seat].name} has answered the proposal.")
        else:
            w.set_status(f"{m.seats[seat].name}: answered. Give your orders, then press Done.")

    def _decided(self, outcome) -> None:
        """Every answer is in: tell the table, and play on to the next seat or end the game."""
        w, m = self.s, self.s.match()
        if w.seat() is not None:
            self._told.add((w.seat(), outcome.proposal.number))
        text = self._outcome_text(outcome)
        if outcome.agreed:
            self.tui.after_seat_change(text)       # its redraw tells the window (_game_ended)
            return
        w.show_toast(f"<b>{text}</b>")
        if m.turn != w.seat():
            self.tui.after_seat_change(text)
        else:
            w.refresh()
            w.set_status(text)

    def _game_ended(self) -> None:
        """Tell the window once that the game just ended by agreement, however the last
        answer came (a seat's answer, a resignation, a sealed answer opened). A game opened
        already ended is not news: its outcome was never seen in this window."""
        last = self.s.match().table.proposals.last
        if last is not None and last.agreed and last is not self._announced:
            self._announced = last
            self.s.game_ended(self.s.match().table.proposals.ending)

    _announced = None         # the agreed outcome the window was told of

    def _outcome_text(self, outcome) -> str:
        p = outcome.proposal
        what = "The draw" if p.kind == "draw" else "The concession"
        if outcome.agreed:
            return self.s.match().table.proposals.ending.describe() + "."
        if outcome.why == "refused":
            return f"{what} was not agreed: at least one seat refused. Play on."
        if outcome.why == "adjudicated":
            return f"{what} was not agreed before the adjudication. Play on."
        return f"{what} was withdrawn: its proposer left the table."

    def _question(self, dlg: EndingQuestion, then) -> None:
        self.dialog = dlg
        dlg.answered.connect(guarded(then))
        dlg.open()

    # -- the end --------------------------------------------------------------------------
    def announce(self, ending) -> None:
        """The game ended by agreement: the status line and the banner say how."""
        self.s.set_status(ending.describe() + ". The game is kept whole: replay it, chart it, export it.")
        view = self.s.view()
        if view is not None:
            view.go_to_present()             # the boards on which it ended
        self.s.hide_toast()                 # an earlier submission's news: the banner says more now
        self._banner(ending)

    def _banner(self, ending) -> None:
        m = self.s.match()
        if ending.kind == "draw":
            self.s.show_banner("A draw", ending.describe().removeprefix("A draw "), "#495057")
        else:
            v = m.game.variant
            colour = v.nations[ending.winner].colour if ending.winner in v.nations else "#333"
            self.s.show_banner(f"{ending.winner} wins!", "every other seat conceded", colour)
