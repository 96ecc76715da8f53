"""A seat's messages at a table across computers: the Table messages dock (the hotseat's
:class:`~app.ui.table.messages_panel.MessagesPanel`), each message sealed to its receiver's
computer by the client (:mod:`app.net.letters`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QDockWidget, QMainWindow

from app.match import MatchError

from ..guard import guarded
from ..table.messages_panel import MessagesPanel


@dataclass(frozen=True)
class Letter:
    """A message as the Messages panel lists it."""
    sender: str
    receiver: str
    text: str
    when: int
    sent: bool
    read: bool = True


class TableLetters(QObject):
    def __init__(self, parent: QMainWindow, nations_dock: QDockWidget, match: Callable[[], object]):
        """The dock goes on ``parent``, tabbed with ``nations_dock``; ``match()`` is the
        table's :class:`~app.net.remote.RemoteMatch` (None: none)."""
        super().__init__(parent)
        self.match = match
        self.panel = MessagesPanel()
        self.panel.send.connect(self._write)
        self.dock = QDockWidget("Table messages", parent)
        self.dock.setObjectName("net-messages")
        self.dock.setWidget(self.panel)
        self.dock.setFeatures(QDockWidget.DockWidgetMovable)
        parent.addDockWidget(Qt.RightDockWidgetArea, self.dock)
        parent.tabifyDockWidget(nations_dock, self.dock)
        nations_dock.raise_()
        self.dock.setVisible(False)

    def show(self, m) -> None:
        """The seat's messages and whom it may write to (``m`` None or a watcher: none)."""
        self.dock.setVisible(m is not None and m.me is not None)
        if m is None or m.me is None:
            self.panel.clear()
            return
        me = m.seats[m.me].name
        shown = [Letter(m.seats[sender].name if sender < len(m.seats) else f"seat {sender}", me, text, when, False)
                 for sender, text, when in m.letters]
        shown += [Letter(me, m.seats[to].name, text, when, True) for to, text, when in m.written]
        shown.sort(key=lambda x: x.when)
        recipients = [(i, m.seats[i].name, f"Sealed to {m.seats[i].name}'s computer: the server passes it on "
                                          "and cannot read it.") for i in m.recipients()]
        self.panel.show_for(me, shown, recipients,
                            note="" if recipients else "Nobody to write to yet: a seat can be written to "
                                                       "once its player has joined.")

    @guarded
    def _write(self, receiver: int, text: str) -> None:
        m = self.match()
        if m is None or m.me is None or not text.strip():
            return
        try:
            m.write(receiver, text.strip())
        except MatchError as e:
            self.panel.show_feedback(str(e), False)
            return
        self.panel.text.setPlainText("")
        self.show(m)
        self.panel.show_feedback(f"Sent to {m.seats[receiver].name}, sealed.", True)
