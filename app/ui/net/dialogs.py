"""The Table menu's dialogs for play across computers: paste an invitation (Join…), a
server's lobby (Watch…), a hosted table's invitations (Host a table…). They only gather
what the player types or picks and speak by signals; :mod:`app.ui.net` acts on it."""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFormLayout, QHBoxLayout, QLabel, QLineEdit,
                               QListWidget, QListWidgetItem, QMessageBox, QPlainTextEdit, QPushButton, QSpinBox,
                               QVBoxLayout)

from app.net.invitations import InvitationError, parse_invitation


class JoinDialog(QDialog):
    """Paste a seat's invitation (``5d://HOST:PORT/TABLE/SEAT/SECRET``)."""

    chosen = Signal(str)

    def __init__(self, parent=None, text: str = ""):
        super().__init__(parent)
        self.setWindowTitle("Join a table")
        lay = QVBoxLayout(self)
        lay.addWidget(QLabel("Paste the invitation your host sent you for your seat:"))
        self.invitation = QLineEdit(text)
        self.invitation.setPlaceholderText("5d://HOST:PORT/TABLE/SEAT/SECRET")
        self.invitation.setMinimumWidth(460)
        lay.addWidget(self.invitation)
        self.problem = QLabel("")
        self.problem.setWordWrap(True)
        lay.addWidget(self.problem)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.button(QDialogButtonBox.Ok).setText("Join")
        buttons.accepted.connect(self._join)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)

    def _join(self) -> None:
        text = self.invitation.text().strip()
        try:
            parse_invitation(text)
        except InvitationError as e:
            self.problem.setText(f"<span style='color:#c92a2a'>Not an invitation: {e}.</span>")
            # the dialog's layout alone does not grow it for the wrapped label's second line
            need = self.heightForWidth(self.width()) if self.hasHeightForWidth() else -1
            self.resize(self.width(), max(self.height(), need if need > 0 else self.sizeHint().height()))
            return
        self.accept()
        self.chosen.emit(text)


class LobbyDialog(QDialog):
    """A server's tables (its lobby): running games to watch, finished ones to replay, and
    seats still waiting for their player. ``ask`` is emitted with the server's address; the
    owner answers with :meth:`show_tables` or :meth:`show_problem`."""

    ask = Signal(str)
    watch = Signal(str, str)         # server, table
    join = Signal()                  # the player has an invitation instead

    def __init__(self, parent=None, server: str = ""):
        super().__init__(parent)
        self.setWindowTitle("Watch a table")
        lay = QVBoxLayout(self)
        row = QHBoxLayout()
        row.addWidget(QLabel("Server:"))
        self.server = QLineEdit(server)
        self.server.setPlaceholderText("HOST:PORT, e.g. 192.168.1.20:8765")
        row.addWidget(self.server, 1)
        self.list_button = QPushButton("List tables")
        self.list_button.clicked.connect(lambda: self.ask.emit(self.server.text().strip()))
        row.addWidget(self.list_button)
        lay.addLayout(row)
        self.tables = QListWidget()
        self.tables.setMinimumSize(520, 220)
        self.tables.itemDoubleClicked.connect(lambda _item: self._watch())
        self.tables.currentItemChanged.connect(lambda *_: self._update())
        lay.addWidget(self.tables, 1)
        self.note = QLabel("List a server's tables, then pick one to watch.")
        self.note.setWordWrap(True)
        lay.addWidget(self.note)
        buttons = QDialogButtonBox(QDialogButtonBox.Close)
        self.watch_button = buttons.addButton("Watch", QDialogButtonBox.AcceptRole)
        self.join_button = buttons.addButton("Join with an invitation…", QDialogButtonBox.ActionRole)
        self.watch_button.clicked.connect(self._watch)
        self.join_button.clicked.connect(lambda: (self.reject(), self.join.emit()))
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self._update()

    def show_tables(self, tables: list[dict]) -> None:
        self.tables.clear()
        for t in tables:
            waiting = [s["name"] for s in t["seats"] if s["controller"] == "person" and not s["connected"]]
            state = "finished" if t["phase"] == "over" else "running"
            text = (f"{t['name']} — {t['variant']}, {state}, {t['submissions']} submission(s)"
                    f"{', fog of war' if t['fog'] else ''}\n    seats waiting: {', '.join(waiting) or 'none'}"
                    + ("" if t["watchable"] else "; not watchable until it ends"))
            item = QListWidgetItem(text)
            item.setData(Qt.UserRole, t["table"])
            if not t["watchable"]:
                item.setFlags(item.flags() & ~Qt.ItemIsSelectable)
            self.tables.addItem(item)
        self.note.setText(f"{len(tables)} table(s). Seats join with their own invitation (Join…)."
                          if tables else "This server holds no table yet.")
        self._update()

    def show_problem(self, text: str) -> None:
        self.tables.clear()
        self.note.setText(f"<span style='color:#c92a2a'>{text}</span>")
        self._update()

    def _update(self) -> None:
        item = self.tables.currentItem()
        self.watch_button.setEnabled(item is not None and bool(item.flags() & Qt.ItemIsSelectable))

    def _watch(self) -> None:
        item = self.tables.currentItem()
        if item is None or not item.flags() & Qt.ItemIsSelectable:
            return
        self.accept()
        self.watch.emit(self.server.text().strip(), item.data(Qt.UserRole))


class HostDialog(QDialog):
    """Host the game open now at a server inside the app: where it listens, the round's
    deadline; emits ``host`` with (host, port, deadline seconds or 0)."""

    host = Signal(str, int, int)

    def __init__(self, parent=None, seats: list[str] = ()):
        super().__init__(parent)
        self.setWindowTitle("Host a table")
        lay = QVBoxLayout(self)
        lay.addWidget(QLabel("The game open now becomes a table on a server in this app; each seat gets\n"
                             "an invitation to send to its player. You play the first seat here."))
        form = QFormLayout()
        self.address = QLineEdit("127.0.0.1")
        self.address.setToolTip("127.0.0.1: this computer only; 0.0.0.0: every network (open the port on a router, "
                                "or use a VPN such as Tailscale)")
        form.addRow("Listen on:", self.address)
        self.port = QSpinBox()
        self.port.setRange(0, 65535)
        self.port.setValue(8765)
        self.port.setSpecialValueText("any free port")
        form.addRow("Port:", self.port)
        self.deadline = QSpinBox()
        self.deadline.setRange(0, 7 * 24 * 3600)
        self.deadline.setSuffix(" s")
        self.deadline.setSpecialValueText("no deadline")
        form.addRow("Each round's deadline:", self.deadline)
        lay.addLayout(form)
        lay.addWidget(QLabel("Seats: " + ", ".join(seats)))
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.button(QDialogButtonBox.Ok).setText("Host")
        buttons.accepted.connect(self._host)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)

    def _host(self) -> None:
        self.accept()
        self.host.emit(self.address.text().strip() or "127.0.0.1", self.port.value(), self.deadline.value())


class InvitationsDialog(QDialog):
    """A hosted table's invitations, one per seat, to copy and send; and, for the tables this
    window hosts, a seat's invitation replaced (``replace`` emits the seat's key)."""

    replace = Signal(object)

    def __init__(self, parent, address: str, lines: list[tuple[str, str]],
                 seats: list[tuple[object, str]] = ()):
        """``lines``: (seat name, invitation) to show; ``seats``: (key, seat name) whose
        invitation may be replaced (none: the dialog only shows)."""
        super().__init__(parent)
        self.setWindowTitle("Invitations")
        lay = QVBoxLayout(self)
        lay.addWidget(QLabel(f"The table is served at {address}. Send each player their own seat's invitation\n"
                             "(anyone holding it can play that seat; it works again to come back):"))
        self.text = QPlainTextEdit()
        self.text.setReadOnly(True)
        self.text.setMinimumSize(560, 120)
        lay.addWidget(self.text, 1)
        self.set_lines(lines)
        # asked before a seat's invitation is replaced (tests answer it)
        self.confirm: Callable[[str], bool] = self._ask
        self.seats = QComboBox()
        if seats:
            row = QHBoxLayout()
            for key, name in seats:
                self.seats.addItem(name, key)
            renew = QPushButton("New invitation…")
            renew.setToolTip("Replace the seat's invitation, for one that leaked or was lost: the old one stops "
                             "working and whoever joined with it is disconnected")
            renew.clicked.connect(self._replace)
            row.addWidget(QLabel("Seat:"))
            row.addWidget(self.seats, 1)
            row.addWidget(renew)
            lay.addLayout(row)
        row = QHBoxLayout()
        copy = QPushButton("Copy all")
        copy.clicked.connect(lambda: QGuiApplication.clipboard().setText(self.text.toPlainText()))
        row.addWidget(copy)
        row.addStretch(1)
        close = QPushButton("Close")
        close.clicked.connect(self.accept)
        row.addWidget(close)
        lay.addLayout(row)

    def set_lines(self, lines: list[tuple[str, str]]) -> None:
        self.text.setPlainText("\n".join(f"{name}: {inv}" for name, inv in lines))

    def _ask(self, name: str) -> bool:
        answer = QMessageBox.question(
            self, "New invitation", f"Replace {name}'s invitation?\n\nThe old one stops working at once, and "
            f"whoever joined with it is disconnected. Send {name} the new one.")
        return answer == QMessageBox.Yes

    def _replace(self) -> None:
        if self.seats.currentIndex() >= 0 and self.confirm(self.seats.currentText()):
            self.replace.emit(self.seats.currentData())
