"""Handing a seat away for a whole deadline to the computer, in the window (RULES.md §6
"Across computers"; how the table decides: :mod:`app.net.away`): the Table menu's "Hand an
away seat to the computer…", the question that sends this seat's vote, and what the window
says as the table's state changes (a seat away, the votes so far, a seat handed over, a seat
taken back by its player's invitation). The server counts the votes and may refuse one (the
window's refusal path says why); this only shows the table's state and forwards the vote.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Callable

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QComboBox, QDialog, QHBoxLayout, QLabel, QMainWindow, QMenu, QPushButton, QVBoxLayout

from app.match import MatchError

from ..guard import guarded

if TYPE_CHECKING:
    from app.net.remote import RemoteMatch
    from app.net.remote_away import AwaySeat


def votes_text(away: AwaySeat) -> str:
    """How far the vote on ``away`` is, e.g. "1 vote of the 2 needed"."""
    n = len(away.votes)
    return f"{n} vote{'' if n == 1 else 's'} of the {away.needed} needed"


def and_list(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def were_away(away: list[AwaySeat]) -> str:
    """The headline: "Cy was away for a whole deadline" (several: "Ben and Cy were …")."""
    return f"{and_list([a.name for a in away])} {'was' if len(away) == 1 else 'were'} away for a whole deadline"


def what_a_vote_does(away: list[AwaySeat]) -> str:
    """The status line's news of seats just found away: who, what a vote does, how far it is."""
    if len(away) == 1:
        a = away[0]
        return (f"{were_away(away)}: the other seats may vote to hand the seat to the computer (Table → Hand an "
                f"away seat to the computer…); {votes_text(a)}. {a.name}'s invitation takes the seat back.")
    return (f"{were_away(away)}: the other seats may vote to hand each to the computer (Table → Hand an away seat "
            f"to the computer…); {away[0].needed} votes hand a seat over. Each one's "
            "invitation takes the seat back.")


class HandOverQuestion(QDialog):
    """Which away seat to hand to the computer: one is named, several are a list.
    ``chosen(seat)``: the seat the vote is for. Escape or Cancel: no vote."""

    chosen = Signal(int)

    def __init__(self, away: list[AwaySeat], parent=None):
        super().__init__(parent)
        self.setWindowTitle("Hand an away seat to the computer — 5D Diplomacy")
        self.setWindowModality(Qt.WindowModal)
        self.away = away
        lay = QVBoxLayout(self)
        if len(away) == 1:
            a = away[0]
            ask = (f"Vote to hand <b>{escape(a.name)}</b> to the computer? {escape(a.name)} was away for a whole "
                   f"deadline; the seat goes when more than half of the other seats vote ({escape(votes_text(a))} "
                   "so far).")
        else:
            ask = ("Vote to hand the seat chosen below to the computer? Each was away for a whole deadline; a seat "
                   "goes when more than half of the other seats vote for it.")
        self.text = QLabel(f"<div style='font-size:14px'>{ask}<br><br>The computer plays it from then on; its "
                           "player's invitation takes it back when they join again.</div>")
        self.text.setWordWrap(True)
        self.text.setMinimumWidth(500)      # the title bar names the action whole
        lay.addWidget(self.text)
        self.seats = QComboBox()
        for a in away:
            self.seats.addItem(f"{a.name} — {votes_text(a)}", a.seat)
        self.seats.setVisible(len(away) > 1)
        lay.addWidget(self.seats)
        row = QHBoxLayout()
        row.addStretch(1)
        self.no = QPushButton("Cancel")
        self.yes = QPushButton("Hand to the computer")
        self.yes.setDefault(True)
        for b in (self.no, self.yes):
            row.addWidget(b)
        lay.addLayout(row)
        self.yes.clicked.connect(self._vote)
        self.no.clicked.connect(self.reject)

    def _vote(self) -> None:
        self.chosen.emit(self.seats.currentData() if len(self.away) > 1 else self.away[0].seat)
        self.accept()


class HandOver(QObject):
    """The Table menu's action and what the window says of away seats: news on the status
    line and over the board (a toast), and a notice in the status bar that stays while a seat
    is away or handed over (the status line's news gives way to the next round's).
    ``match``: the table shown (None: none); ``set_status(text)`` and ``show_toast(html)``:
    the window's."""

    def __init__(self, parent: QMainWindow, menu: QMenu, match: Callable[[], RemoteMatch | None],
                 set_status: Callable[[str], None], show_toast: Callable[[str], None]):
        super().__init__(parent)
        self.main = parent
        self.match = match
        self.set_status = set_status
        self.show_toast = show_toast
        self.dialog: HandOverQuestion | None = None     # the question on screen (tests answer it)
        self.notice = QLabel("")
        self.notice.setObjectName("away-notice")
        self.notice.setVisible(False)
        parent.statusBar().addPermanentWidget(self.notice)
        self.action = QAction("&Hand an away seat to the computer…", parent)
        self.action.setStatusTip("Vote that a seat away for a whole deadline be played by the computer")
        self.action.triggered.connect(lambda: self.ask())
        menu.addAction(self.action)
        menu.aboutToShow.connect(self.update_action)
        self.update_action()

    def update_action(self) -> None:
        m = self.match()
        self.action.setEnabled(m is not None and bool(m.may_hand_over()))
        self._show_notice(m)

    def _show_notice(self, m: RemoteMatch | None) -> None:
        playing = m is not None and m.world.phase != "over"       # a game over hands no seat over
        away = [a for a in m.away() if a.seat != m.me] if playing else []
        names = [s["name"] for s in m.welcome.seats] if m is not None else []
        # short: the status bar is shared with the status line, the connection and the clock
        parts = []
        if away:
            parts.append("Away (votes to hand to the computer): "
                         + ", ".join(f"{a.name} {len(a.votes)}/{a.needed}" for a in away))
        handed = [names[i] for i in m.handed_seats() if i < len(names)] if m is not None else []
        if handed:
            parts.append(f"The computer plays {and_list(handed)}")
        self.notice.setText("  ·  ".join(parts))
        self.notice.setToolTip("A seat away for a whole deadline goes to the computer when more than half of the "
                               "other seats vote so (Table → Hand an away seat to the computer…); its player's "
                               "invitation takes it back." if parts else "")
        self.notice.setVisible(bool(parts))

    @guarded
    def ask(self) -> None:
        m = self.match()
        choices = m.may_hand_over() if m is not None else []
        if not choices:
            return
        self.dialog = dlg = HandOverQuestion(choices, self.main)
        dlg.chosen.connect(guarded(self.vote))
        dlg.open()

    def vote(self, seat: int) -> None:
        m = self.match()
        if m is None:
            return
        try:
            m.hand_over(seat)
        except MatchError as e:
            self.set_status(str(e))
            return
        away = next((a for a in m.away() if a.seat == seat), None)
        name = away.name if away is not None else f"seat {seat}"
        so_far = f" ({votes_text(away)} before it)" if away is not None else ""
        self.set_status(f"Your vote to hand {name} to the computer is sent{so_far}.")
        self.update_action()

    def table_changed(self, before, m: RemoteMatch) -> None:
        """The table's state changed from ``before`` (None: the first): say what is news of
        its away seats and computer seats, in full on the status line and in short over the
        board (a headline and a line: a toast is one glance)."""
        names = [s["name"] for s in m.welcome.seats]
        name = lambda i: names[i] if i < len(names) else f"seat {i}"     # noqa: E731
        old_away = set(before.away_seats) if before is not None else set()
        old_votes = before.hand_over_votes if before is not None else {}
        old_computer = set(before.computer_seats) if before is not None else None
        news: list[tuple[str, str, str]] = []       # (status line, headline, line)
        if old_computer is not None:
            handed = sorted(set(m.computer_seats()) - old_computer)
            back = sorted(old_computer - set(m.computer_seats()))
            for i in handed:
                news.append((f"{name(i)} is played by the computer now: the table voted it over. "
                             f"{name(i)}'s invitation takes the seat back.",
                             f"The computer plays {name(i)} now", f"{name(i)}'s invitation takes the seat back."))
            for i in back:
                news.append((f"{name(i)} joined again with their invitation: the seat is theirs again.",
                             f"{name(i)} is back", "The seat is theirs again."))
        others = [a for a in m.away() if a.seat != m.me]
        if (new := [a for a in others if a.seat not in old_away]):
            news.append((what_a_vote_does(new), were_away(new),
                         "Table → Hand an away seat to the computer… casts your vote."))
        for a in others:
            if a.seat in old_away and tuple(sorted(old_votes.get(a.seat, ()))) != a.votes:
                news.append((f"Votes to hand {a.name} to the computer: {votes_text(a)}.",
                             f"Votes to hand {a.name} to the computer", votes_text(a).capitalize() + "."))
        self.update_action()
        if news:
            self.set_status(" ".join(full for full, _, _ in news))
            self.show_toast("<br>".join(f"<b>{escape(head)}</b><br>{escape(line)}" for _, head, line in news))
