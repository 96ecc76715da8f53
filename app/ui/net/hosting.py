"""Hosting from the window (RULES.md §6 "Across computers"): Table → Host a table… serves
the hotseat game open now from a server inside the app; Table → Host my tables again
serves, after the window was closed (or crashed), the tables it hosted, and takes its seat
again; closing a window that hosts asks first, since the other players lose the table.

The server is :class:`app.net.hosting.HostedServer` (no Qt, on its own thread); its tables
are kept in ``hosted-tables.sqlite3`` in the data folder, the host's own seats' invitations
beside it (:mod:`app.net.own_seats`); the window joins its own seat as any player does.
"""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow, QMenu, QMessageBox

from ..guard import guarded
from .hosted_tables import HostedInvitations

HOSTED_DB = "hosted-tables.sqlite3"
"""The tables the window hosts, in the data folder: not ``python -m app serve``'s default
file, so a server run beside the window never holds the same tables twice."""
OWN_SEATS = "hosted-own-seats.json"


class Hosting(QObject):
    """``services``: the window's (:class:`app.ui.net.NetServices`); ``join(invitation,
    status)``: the window takes a seat with it; ``problem(title, text)``: tells the player."""

    def __init__(self, parent: QMainWindow, services, menu: QMenu, join: Callable[[str, str], bool],
                 problem: Callable[[str, str], None]):
        super().__init__(parent)
        self.main, self.s, self.join, self.problem = parent, services, join, problem
        self.server = None                      # app.net.hosting.HostedServer while hosting
        self.dialog = None                      # the open dialog (tests answer it)
        # asked before a window that hosts closes (tests answer it): True to close
        self.ask_stop: Callable[[int], bool] = self._ask_stop
        self.a_host = QAction("&Host a table…", parent)
        self.a_host.setStatusTip("Serve the game open now from this computer: one invitation per seat")
        self.a_host.triggered.connect(self.host_dialog)
        self.a_again = QAction("Host my tables &again", parent)
        self.a_again.setStatusTip("Serve the tables this computer hosted before, and take your seat again")
        self.a_again.triggered.connect(lambda: self.host_again())
        menu.addAction(self.a_host)
        menu.addAction(self.a_again)
        menu.aboutToShow.connect(self._menu_opens)     # the data folder read when it matters, not at every click
        self.invitations = HostedInvitations(parent, menu, lambda: self.server, problem)

    def _own_seats(self):
        from app.net.own_seats import OwnSeats
        return OwnSeats(self.s.data_dir() / OWN_SEATS)

    def _start(self, host: str, port: int, title: str) -> bool:
        """The server running (started now if needed); False when it cannot (told why)."""
        if self.server is not None:
            return True
        from app.net.hosting import HostedServer, HostingError
        try:
            self.server = HostedServer(self.s.data_dir() / HOSTED_DB, host, port).start()
        except HostingError as e:
            self.server = None
            why = str(e)
            self.problem(title, why[:1].upper() + why[1:] + ".")
            return False
        return True

    # -- a new table ------------------------------------------------------------------------
    @guarded
    def host_dialog(self, *_) -> None:
        from .dialogs import HostDialog
        m = self.s.match()
        if m is None or not m.adjudicates:      # a table of a server is its to host
            self.problem("Host a table", "Open or start the game to host first (File → New game or Open).")
            return
        self.dialog = dlg = HostDialog(self.main, [f"{s.name} ({', '.join(s.nations)})" for s in m.seats
                                                   if s.is_person])
        dlg.setWindowModality(Qt.WindowModal)
        dlg.host.connect(lambda host, port, seconds: self.host(host, port, seconds or None))
        dlg.open()

    def host(self, host: str = "127.0.0.1", port: int = 0, deadline: float | None = None,
             name: str = "a table") -> list[tuple[str, str]]:
        """Serve the game open now from a server in this app; the window takes its first
        person seat. Returns (seat name, invitation) for each person seat."""
        from app.net.own_seats import OwnSeat
        from app.net.store import match_from_text, match_text, unhostable
        m = self.s.match()
        if m is None:
            return []
        if len([s for s in m.seats if s.is_person]) < 2:
            self.problem("Host a table", "Host a hotseat game: its seats become the table's seats, one invitation "
                                         "each (File → New game → Hotseat).")
            return []
        match = match_from_text(match_text(m), "the game open now")   # the server's own copy, on its thread
        if (why := unhostable(match)) is not None:
            self.problem("Host a table", why[:1].upper() + why[1:] + ".")
            return []
        if not self.s.confirm_discard("host this game") or not self._start(host, port, "Host a table"):
            return []
        table, invitations = self.server.add_table(match, name, round_seconds=deadline)
        lines = [(match.seats[inv.seat].name, str(inv)) for inv in invitations]
        self.invitations.add(table, name, {inv.seat: match.seats[inv.seat].name for inv in invitations},
                             {inv.seat: str(inv) for inv in invitations})
        self.invitations.show()
        self.dialog = self.invitations.dialog
        self.s.update_actions()
        if invitations:
            status = f"Hosting table {table} at {self.server.address}: you play {lines[0][0]}."
            try:
                self._own_seats().keep(OwnSeat(table, name, lines[0][0], lines[0][1]))
            except OSError as e:
                status += (f" Your seat's invitation could not be kept in the data folder ({e.strerror or e}): "
                           f"copy it from the Invitations window to come back after closing this one.")
            self.join(lines[0][1], status)
        return lines

    # -- the tables hosted before -------------------------------------------------------------
    def host_again(self) -> bool:
        """Serve again every table kept in the data folder, at the address its invitations
        name (the players' invitations name it too), and take this computer's seat at the
        newest one still in play (its invitation kept when it was hosted)."""
        from app.net.invitations import InvitationError, parse_invitation
        title = "Host my tables again"
        kept = self._own_seats().all()
        if not kept:
            self.problem(title, "This computer has hosted no table whose seat it kept (Table → Host a table…).")
            return False
        try:
            where = parse_invitation(kept[0].invitation)
        except InvitationError as e:
            self.problem(title, f"The seat kept in the data folder is not an invitation ({e}).")
            return False
        host, _, port = where.host.rpartition(":")
        if not self.s.confirm_discard("host your tables again") or not self._start(host.strip("[]"), int(port), title):
            return False
        in_play = self.server.tables_in_play()
        mine = [s for s in kept if s.table in in_play and s.invitation.startswith(f"5d://{self.server.address}/")]
        for seat in mine:
            self.invitations.add(seat.table, seat.name, in_play[seat.table], {})
            self.invitations.remember(seat.table, seat.invitation)
        self.s.update_actions()
        if not mine:
            self.problem(title, f"The server runs at {self.server.address}, but none of the tables this computer "
                                f"hosted there is still in play.")
            return False
        newest = mine[0]
        return self.join(newest.invitation, f"Hosting {len(in_play)} table(s) again at {self.server.address}: "
                                            f"you play {newest.seat_name} at {newest.name}.")

    def may_host_again(self) -> bool:
        return self.server is None and bool(self._own_seats().all())

    @guarded
    def _menu_opens(self) -> None:
        self.a_again.setEnabled(self.may_host_again())

    # -- closing --------------------------------------------------------------------------------
    def may_close(self) -> bool:
        """Closing the window stops the server: asked first while it serves a table in play."""
        if self.server is None:
            return True
        n = len(self.server.tables_in_play())
        return n == 0 or self.ask_stop(n)

    def _ask_stop(self, n: int) -> bool:
        answer = QMessageBox.question(
            self.main, "Stop hosting?",
            f"This window hosts {n} table{'s' if n != 1 else ''} in play. Closing it stops the server: the other "
            f"players are disconnected until you host again.\n\nThe games are kept: Table → Host my tables again "
            f"serves them and gives you your seat back. Close the window?")
        return answer == QMessageBox.Yes

    def stop(self) -> None:
        """The window closes: no server it hosts outlives it."""
        if self.server is not None:
            server, self.server = self.server, None
            server.stop()
            self.invitations.clear()
