"""Table → Invitations…: the invitations of the tables this window hosts, shown again and
replaced (RULES.md §6 "Across computers": the holder of the game may replace a seat's
invitation, and the old one then stops working).

The server keeps only each invitation's hash, so an invitation is shown as it was issued in
this session; one lost (or leaked) is replaced, not recovered."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow, QMenu

from ..guard import guarded


EARLIER = "issued before this window opened (New invitation… replaces it)"


@dataclass
class HostedTable:
    """One table this window serves: its seats' names and their invitations as last issued."""
    table: str
    name: str
    seats: dict[int, str]                           # person seat → its name
    invitations: dict[int, str] = field(default_factory=dict)

    def lines(self) -> list[tuple[str, str]]:
        return [(self.seats[i], self.invitations.get(i, EARLIER)) for i in sorted(self.seats)]


class HostedInvitations(QObject):
    """The action and its dialog; ``hosted()``: the server this window runs (None: none);
    ``problem(title, text)``: tells the player what went wrong."""

    def __init__(self, parent: QMainWindow, menu: QMenu, hosted: Callable[[], object],
                 problem: Callable[[str, str], None]):
        super().__init__(parent)
        self.main = parent
        self.hosted = hosted
        self.problem = problem
        self.tables: list[HostedTable] = []
        self.dialog = None
        self.action = QAction("&Invitations…", parent)
        self.action.setStatusTip("The invitations of the tables you host: copy them again, or replace a seat's")
        self.action.setEnabled(False)
        self.action.triggered.connect(lambda: self.show())
        menu.addAction(self.action)

    def add(self, table: str, name: str, seats: dict[int, str], invitations: dict[int, str]) -> None:
        self.tables.append(HostedTable(table, name, dict(seats), dict(invitations)))
        self.action.setEnabled(True)

    def remember(self, table: str, invitation: str) -> None:
        """A seat's invitation kept from an earlier session (the host's own)."""
        from app.net.invitations import parse_invitation
        seat = parse_invitation(invitation).seat
        for t in self.tables:
            if t.table == table and seat in t.seats:
                t.invitations[seat] = invitation

    def clear(self) -> None:
        """The server stopped: its invitations are of no use here any more."""
        self.tables.clear()
        self.action.setEnabled(False)

    @guarded
    def show(self, *_) -> None:
        """The dialog with every hosted table's invitations and the seats to replace one for."""
        from .dialogs import InvitationsDialog
        server = self.hosted()
        if server is None or not self.tables:
            self.problem("Invitations", "You host no table now (Table → Host a table…).")
            return
        self.dialog = dlg = InvitationsDialog(self.main, server.address, self._lines(), self._seats())
        dlg.replace.connect(self.replace)
        dlg.setWindowModality(Qt.WindowModal)
        dlg.open()

    def _lines(self) -> list[tuple[str, str]]:
        many = len(self.tables) > 1
        return [(f"{t.name} · {seat}" if many else seat, inv) for t in self.tables for seat, inv in t.lines()]

    def _seats(self) -> list[tuple[object, str]]:
        many = len(self.tables) > 1
        return [((k, i), f"{t.name} · {t.seats[i]}" if many else t.seats[i])
                for k, t in enumerate(self.tables) for i in sorted(t.seats)]

    @guarded
    def replace(self, key) -> str | None:
        """A new invitation for the seat ``key`` (table index, seat); the old one stops
        working. Returns it (None: the server refused, and the player is told why)."""
        k, seat = key
        t = self.tables[k]
        server = self.hosted()
        if server is None:
            self.problem("Invitations", "The table is no longer served from this window.")
            return None
        try:
            invitation = str(server.reissue(t.table, seat))
        except Exception as e:     # the server's thread gone, a table no longer held: said, not raised
            self.problem("Invitations", f"{t.seats[seat]}'s invitation could not be replaced: {e}")
            return None
        t.invitations[seat] = invitation
        if self.dialog is not None:
            self.dialog.set_lines(self._lines())
        return invitation
