"""Play across computers in the window (RULES.md §6 "Across computers"): Table → Host a
table…, Join…, Watch…; the deadline's countdown and the connection in the status bar.

The table is the server's (:mod:`app.net`): the window shows a
:class:`~app.net.remote.RemoteMatch` and forwards what its seat does; it never adjudicates.
The network runs on a thread of its own (:class:`~app.net.link.Link`); what it receives
comes to the window's thread through :class:`Carrier`, a queued signal on an object this
part owns, and is applied there. The link is stopped (its thread joined) before the window
closes or another game replaces the table, so nothing arrives for a receiver that is gone.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QLabel, QMainWindow, QMenu

from app.match import MatchError

from ..guard import guarded
from .hand_over import HandOver
from .hosting import Hosting
from .judging import NetJudging
from .letters import TableLetters

if TYPE_CHECKING:
    from app.net.client import Client
    from app.net.link import Link
    from app.net.remote import RemoteMatch

# The network's modules (pydantic, websockets, the client's crypto) are imported when the
# player first joins, watches or hosts: the window is built at every start, and a start
# imports only what its first frame needs (tests/ui/test_fast_start.py).


def closed_why(code: int) -> str:
    """What a close code the server gives on purpose means, in the player's words."""
    from app.net import protocol as p
    from app.net.client_connection import CLOSE_UNTRUSTED
    return {p.CLOSE_REFUSED: "The server refused",
            p.CLOSE_TAKEN_OVER: "Your seat was taken over",
            p.CLOSE_REVOKED: "Your invitation was replaced",
            p.CLOSE_PROTOCOL: "The server closed the connection",
            CLOSE_UNTRUSTED: "Cannot connect securely"}.get(code, "The connection was closed")


class Carrier(QObject):
    """Emitted from the network thread; connected (queued) on the window's thread."""
    arrived = Signal(object, object)       # (the link it came from, the message or ("status", text))


@dataclass(frozen=True)
class NetServices:
    """What this part reads and asks of the window, named."""
    match: Callable[[], object]
    seat: Callable[[], int | None]
    set_match: Callable[..., None]                 # (match, path)
    refresh: Callable[[], None]
    update_actions: Callable[[], None]
    set_status: Callable[..., None]                # (text, error=False)
    show_message: Callable[[str, str], object]
    confirm_discard: Callable[[str], bool]
    data_dir: Callable[[], object]
    view: Callable[[], object]                     # the WorldView (None: no game shown)
    show_results: Callable[..., None]              # (pairs, number, seen_by): the Results list
    show_toast: Callable[[str], None] = lambda html: None    # a note over the board (a judged winner)


class NetUI(QObject):
    def __init__(self, parent: QMainWindow, services: NetServices, menu: QMenu, nations_dock: QDockWidget):
        """``menu``: the Table menu the three actions go on; the connection's chip goes on
        ``parent``'s status bar; the seat's messages in a dock tabbed with ``nations_dock``."""
        super().__init__(parent)
        self.main = parent
        self.s = services
        self.link: Link | None = None
        self.match: RemoteMatch | None = None
        self.dialog = None                      # the open dialog (tests answer it)
        self.last_problem = ""                  # the last message about the connection
        self._carried: tuple = ("", None, [])   # (table, seat, what it did unsent): for the seat joined again
        self.cafile: str | None = None          # a TLS server's CA certificate to trust (--cafile)
        self.carrier = Carrier(self)
        self.carrier.arrived.connect(self._arrived, Qt.QueuedConnection)
        self.chip = QLabel("")
        self.chip.setObjectName("net-chip")
        self.chip.setVisible(False)
        parent.statusBar().addPermanentWidget(self.chip)
        self.timer = QTimer(self, interval=1000, timeout=self._tick)    # the countdown, owned here
        self._deadline_at: float | None = None
        self._connection = ""
        self._moves_seen = 0                    # the view's count of the player's moves at the last round
        # what one event (a click, a paste, the computer's suggestions) did goes in one message
        self.send_timer = QTimer(self, singleShot=True, interval=0, timeout=self._send_queued)
        self.letters = TableLetters(parent, nations_dock, match=lambda: self.match)
        self.judging = NetJudging(parent, services.set_status, services.show_toast)   # a thrown play-out's
        menu.addSeparator()
        self.hosting = Hosting(parent, services, menu, lambda inv, status: self._join_as_host(inv, status),
                               self._problem)
        self.hosted_invitations = self.hosting.invitations
        self.a_host = self.hosting.a_host
        self.a_join = QAction("&Join…", parent)
        self.a_join.setStatusTip("Play your seat at a table on another computer, with its invitation")
        self.a_join.triggered.connect(lambda: self.join_dialog())
        self.a_watch = QAction("&Watch…", parent)
        self.a_watch.setStatusTip("A server's tables: watch a running game, replay a finished one")
        self.a_watch.triggered.connect(lambda: self.lobby_dialog())
        for a in (self.a_join, self.a_watch):
            menu.addAction(a)
        # a seat away for a whole deadline, voted to the computer (RULES.md §6)
        self.hand_over = HandOver(parent, menu, lambda: self.match, lambda text: self.s.set_status(text),
                                  services.show_toast)

    # -- joining and watching ------------------------------------------------------------------
    @guarded
    def join_dialog(self, text: str = "") -> None:
        from .dialogs import JoinDialog
        self.dialog = dlg = JoinDialog(self.main, text)
        dlg.setWindowModality(Qt.WindowModal)
        dlg.chosen.connect(self.join)
        dlg.open()

    def join(self, invitation: str) -> bool:
        """Connect with a seat's invitation; the seat's view opens when the server sends it."""
        from app.net.invitations import InvitationError, parse_invitation
        try:
            parse_invitation(invitation)
        except InvitationError as e:
            self._problem("Join a table", f"That is not an invitation: {e}.")
            return False
        if not self.s.confirm_discard("join a table"):
            return False
        if (client := self._client("Join a table", invitation=invitation.strip())) is None:
            return False
        unsent = self._unsent_for(client)
        joined = self._connect(client, f"Joining {parse_invitation(invitation).host}…")
        self._carried = (client.invitation.table, client.invitation.seat, unsent)
        return joined

    def _unsent_for(self, client: Client) -> list:
        """What this window's seat did that never reached the server (the connection was
        down), when ``client`` joins the same seat again (its server moved): it is sent there."""
        old = self.link.client.invitation if self.link is not None else None
        new = client.invitation
        if self.match is None or old is None or (old.table, old.seat) != (new.table, new.seat):
            return []
        return self.match.outbox.take_unsent()

    def watch(self, server: str, table: str) -> bool:
        if not self.s.confirm_discard("watch a table"):
            return False
        if (client := self._client("Watch a table", server=server, table=table)) is None:
            return False
        return self._connect(client, f"Watching table {table} at {server}…")

    def _client(self, title: str, **where) -> Client | None:
        """A client for ``where``, trusting :attr:`cafile` for a TLS server (None: said why)."""
        from app.net.client import Client
        try:
            return Client(cafile=self.cafile, **where)
        except ValueError as e:               # a CA file that cannot be read
            self._problem(title, str(e).capitalize() + ".")
            return None

    @guarded
    def lobby_dialog(self, server: str = "") -> None:
        from .dialogs import LobbyDialog
        self.dialog = dlg = LobbyDialog(self.main, server or (self.hosted.address if self.hosted else ""))
        dlg.setWindowModality(Qt.WindowModal)
        dlg.ask.connect(self._ask_lobby)
        dlg.watch.connect(self.watch)
        dlg.join.connect(lambda: self.join_dialog())
        dlg.open()
        if dlg.server.text():
            self._ask_lobby(dlg.server.text())

    def _ask_lobby(self, server: str) -> None:
        """The lobby is one message: a short link that ends once it is answered."""
        from app.net.client import Client
        from app.net.link import Link
        if not server:
            self.dialog.show_problem("Write the server's address (HOST:PORT).")
            return
        dialog = self.dialog
        try:
            client = Client(server=server, backoff=(0.2, 1.0), cafile=self.cafile)
        except ValueError as e:
            dialog.show_problem(str(e).capitalize() + ".")
            return
        asking = Link(client, lambda item: self.carrier.arrived.emit(asking, item))
        self._lobby_link = asking
        dialog.note.setText(f"Asking {server}…")
        asking.start()

    def _connect(self, client: Client, status: str) -> bool:
        from app.net.link import Link
        self.leave()
        self.link = link = Link(client, lambda item: self.carrier.arrived.emit(link, item))
        self._connection = "connecting…"
        self._show_chip()
        self.s.set_status(status)
        link.start()
        return True

    def leave(self) -> None:
        """Disconnect (the thread ends before this returns)."""
        link, self.link = self.link, None
        if link is not None:
            link.stop()
        self.match = None
        self._deadline_at = None
        self.timer.stop()
        self.send_timer.stop()
        self.letters.show(None)
        self.judging.close()
        self.hand_over.update_action()
        self._connection = ""
        self._show_chip()

    def attached(self, match) -> None:
        """The window shows ``match`` now: if it is not this table's, the table is left
        (the server keeps the seat and its orders; the invitation brings the player back)."""
        if self.link is not None and self.match is not None and match is not self.match:
            self.leave()

    def closing(self) -> None:
        """The window closes: no thread outlives it, nor a server it hosts."""
        self.leave()
        lobby = getattr(self, "_lobby_link", None)
        if lobby is not None:
            lobby.stop()
        self.hosting.stop()

    # -- what arrives --------------------------------------------------------------------------
    @guarded
    def _arrived(self, link: Link, item) -> None:
        from app.net import protocol as p
        from app.net.remote import RemoteMatch
        from app.net.remote_inbox import TIME_RAN_OUT
        from app.net.remote_world import RemoteError
        if link is getattr(self, "_lobby_link", None):
            self._lobby_answer(link, item)
            return
        if link is not self.link:
            return                              # a link left since: what it said is stale
        client = link.client
        if isinstance(item, tuple):
            kind, text = item
            if kind == "status":
                self._status(client, text)
            elif "not connected" in text:
                self.s.set_status("Not connected: what you do now goes to the server once the connection is back.",
                                  error=True)
            else:
                self.s.set_status(f"Not sent: {text}", error=True)
            return
        if isinstance(item, p.View) and (self.match is None or self.s.match() is not self.match):
            if client.welcome is None:
                return
            try:
                self.match = RemoteMatch(client.welcome, client.view, link.call)
                self.match.outbox.wake = self.send_timer.start
            except RemoteError as e:
                self.leave()
                self._problem("Join a table", str(e))
                return
            self.s.set_match(self.match, None)
            view = self.s.view()
            self._moves_seen = view.user_moves if view is not None else 0
            self.letters.show(self.match)
            table, seat, carried = self._carried
            self._carried = ("", None, [])
            if (table, seat) == (client.welcome.table, self.match.me):
                for kind, text, to in carried:    # done before this connection: sent on it now
                    self.match.outbox.post(kind, text, to)
            who = client.welcome.seat_name or "a watcher"
            self.s.set_status(f"Connected to table {client.welcome.table} as {who}.")
            return
        if self.match is None:
            return
        old = self.match.world
        old_state = self.match.table_state
        ran_out = self.match.time_ran_out
        change = self.match.apply(item, client)
        if change.what == "world":
            if change.text:         # a civilisation met: the map draws it in its colour, the lists name it
                self._redraw_nations()
            self.s.refresh()
            self.letters.show(self.match)     # whom the seat may write to follows the view (civilisations met)
            self._show_new_boards(sorted(set(self.match.world.boards) - set(old.boards)))
            self._show_results(old)
            v = self.match.view_message
            said = f"Submission {v.submissions} adjudicated by the server: {v.phase}." \
                if v.phase != "over" else "The game is over."
            # the deadline that ended this seat's turn is still news when its round comes back
            self.s.set_status(" ".join(t for t in (TIME_RAN_OUT if ran_out and self.match.world.submissions
                                                   > old.submissions else "", said, change.text) if t))
        elif change.what == "record":
            self.s.refresh()
            self.s.set_status(change.text)
        elif change.what == "time ran out":
            self.s.refresh()
            self.s.update_actions()
            self.s.set_status(change.text)
        elif change.what == "pending":
            self.s.refresh()
            if self.match.me is not None and self.match.is_done(self.match.me):
                self.s.set_status("Done: your orders are with the server. Waiting for the other seats…")
        elif change.what == "state":
            left = item.seconds_left
            self._deadline_at = None if left is None else time.monotonic() + left
            if left is not None and not self.timer.isActive():
                self.timer.start()
            self._show_chip()
            self.letters.show(self.match)
            self.s.update_actions()
            self.hand_over.table_changed(old_state, self.match)
            if old_state is None or old_state.computer_seats != item.computer_seats:
                self.s.refresh()              # the Nations panel names who plays each nation now
        elif change.what == "offers":          # the Contacts dock (app.ui.civ)
            self.s.refresh()
            if change.text:
                self.s.set_status(change.text)
        elif change.what in ("refused", "kept"):
            self.s.set_status(change.text, error=change.what == "refused")
            self.s.refresh()
        elif change.what == "judging":
            self.s.refresh()
            self.judging.update(self.match, change.text)
        elif change.what in ("proposal", "ended"):       # the Game menu's questions and banner (ending_ui)
            self.s.refresh()
            self.s.update_actions()
            if change.text:
                self.s.set_status(change.text)
        elif change.what == "letter":
            self.letters.show(self.match)
            self.letters.dock.raise_()
            self.s.set_status(f"A new message from {self.match.seats[self.match.letters[-1][0]].name}.")

    def _redraw_nations(self) -> None:
        """The table's nations changed (a civilisations game's seat met another): the window
        shows the match anew, its map drawn with the nations it knows now."""
        self.s.set_match(self.match, None)
        view = self.s.view()
        self._moves_seen = view.user_moves if view is not None else 0

    def _show_new_boards(self, made: list) -> None:
        """As after a submission at one computer: the view glides to the boards the round
        made, unless the player moved it since the last round (then it keeps its place)."""
        view = self.s.view()
        if view is None or not made:
            return
        if view.user_moves == self._moves_seen:
            view.follow_boards(made)
        else:
            view.keep_place(made)
        self._moves_seen = view.user_moves

    def _show_results(self, old) -> None:
        """The Results list: the orders (as this seat sees them) of the boards the round
        adjudicated, i.e. those that had no results before."""
        m, new = self.match, self.match.world
        judged = sorted(k for k in new.results if new.results[k] and not old.results.get(k))
        if not judged or new.submissions == old.submissions:
            return
        pairs = [pair for k in judged for pair in zip(new.orders[k], new.results[k])]
        seen_by = m.seats[m.me].name if m.fog and m.me is not None else None
        self.s.show_results(pairs, new.submissions, seen_by)

    @guarded
    def _send_queued(self) -> None:
        if self.match is not None:
            self.match.send_now()

    def _status(self, client: Client, text: str) -> None:
        self._connection = text
        self._show_chip()
        if text == "connected" and self.match is not None:
            self.match.resend()           # what the seat did while the connection was down
        if client.closed is not None:
            code, reason = client.closed
            if code == 1000:
                return
            why = closed_why(code)
            if self.match is not None:
                self.match.connection_closed(why)
            self._problem("Playing across computers", f"{why}: {reason or 'no reason given'}.")
        elif text == "reconnecting…" and client.connections == 0:
            self.leave()
            self._problem("Playing across computers",
                          f"Cannot reach the server at {client.url.split('://')[-1]}: is it running, "
                          "and is its port open to this computer?")
        elif text == "reconnecting…" and client.last_failure is not None:
            self.s.set_status(f"The server failed on its side ({client.last_failure}): trying again… If it goes on, "
                              "tell the host.", error=True)
        elif text == "reconnecting…":
            # a server restarted at another port never answers here: say the way back
            self.s.set_status("Connection lost: reconnecting… If the host started the server again at another "
                              "address, join with your invitation at that address (Table → Join…).", error=True)

    def _lobby_answer(self, link: Link, item) -> None:
        from app.net import protocol as p
        dialog = self.dialog
        client = link.client
        if isinstance(item, p.LobbyList):
            if dialog is not None and hasattr(dialog, "show_tables"):
                dialog.show_tables(item.tables)
        elif isinstance(item, tuple) and item[0] == "status" and client.lobby is None:
            if item[1] == "reconnecting…" or client.closed is not None:
                link.stop()
                if dialog is not None and hasattr(dialog, "show_problem"):
                    dialog.show_problem(f"Cannot reach the server at {client.url.split('://')[-1]}"
                                        + (f": {client.closed[1]}." if client.closed else "."))

    def _problem(self, title: str, text: str) -> None:
        self.last_problem = text
        self.s.set_status(text, error=True)
        self.s.show_message(title, text)

    # -- the status bar --------------------------------------------------------------------------
    @guarded
    def _tick(self) -> None:
        self._show_chip()
        if self._deadline_at is None:
            self.timer.stop()

    def countdown(self) -> str:
        if self._deadline_at is None or self.match is None or self.match.world.phase == "over":
            return ""
        left = max(0, round(self._deadline_at - time.monotonic()))
        return f"{left // 60}:{left % 60:02d} left"

    def _show_chip(self) -> None:
        parts = []
        if self._connection and self._connection != "connected":
            parts.append(self._connection.capitalize() if not self._connection.startswith("closed")
                         else "Disconnected")
        if self.link is not None and self._connection == "connected":
            parts.append("Online")
        if (c := self.countdown()):
            parts.append(c)
        self.chip.setText("  ·  ".join(parts))
        self.chip.setVisible(bool(parts))

    @property
    def chip_text(self) -> str:
        return self.chip.text() if self.chip.isVisible() else ""

    # -- the seat ends its turn -----------------------------------------------------------------
    def done(self) -> None:
        """Submit at a table across computers: this seat is done; the server adjudicates."""
        m = self.match
        if m is None or m.me is None:
            return
        if m.is_done(m.me):
            self.s.set_status("You have ended your turn already: waiting for the other seats.")
            return
        try:
            m.done()
        except MatchError as e:
            self.s.set_status(str(e), error=True)
            return
        self.s.update_actions()
        self.s.set_status("Done: your orders are with the server. Waiting for the other seats…")

    # -- hosting (app/ui/net/hosting.py) ------------------------------------------------------
    @property
    def hosted(self):
        """The server this window runs (None: none)."""
        return self.hosting.server

    def host_dialog(self, *_) -> None:
        self.hosting.host_dialog()
        self.dialog = self.hosting.dialog

    def host(self, host: str = "127.0.0.1", port: int = 0, deadline: float | None = None,
             name: str = "a table") -> list[tuple[str, str]]:
        lines = self.hosting.host(host, port, deadline, name)
        self.dialog = self.hosting.dialog
        return lines

    def _join_as_host(self, invitation: str, status: str) -> bool:
        from app.net.client import Client
        return self._connect(Client(invitation=invitation), status)
