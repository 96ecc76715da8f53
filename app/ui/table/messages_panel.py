"""The seat's messages (RULES.md §6): its own list and a box to write to another seat.

It shows only what it is given for the seat at the table; the window empties it whenever
the curtain comes down, so nothing of one seat's messages stays on screen for the next.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QComboBox, QHBoxLayout, QLabel, QPlainTextEdit, QPushButton, QTextBrowser,
                               QVBoxLayout, QWidget)

from app.match.table.messages import MAX_LENGTH

from ..message_label import MessageLabel
from ..guard import guarded


class MessagesPanel(QWidget):
    send = Signal(int, str)          # receiver seat, text

    def __init__(self, parent=None):
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        self.title = QLabel("")
        self.title.setTextFormat(Qt.RichText)
        lay.addWidget(self.title)
        self.list = QTextBrowser()
        self.list.setOpenLinks(False)
        self.list.setMinimumHeight(90)
        lay.addWidget(self.list, 1)
        row = QHBoxLayout()
        row.addWidget(QLabel("To"))
        self.to = QComboBox()
        self.to.setToolTip("Who may read it: only that seat, behind its curtain")
        row.addWidget(self.to, 1)
        lay.addLayout(row)
        self.text = QPlainTextEdit()
        self.text.setPlaceholderText("A private message (only its receiver reads it)")
        self.text.setMaximumHeight(64)
        self.text.setTabChangesFocus(True)
        lay.addWidget(self.text)
        row = QHBoxLayout()
        self.feedback = MessageLabel()
        row.addWidget(self.feedback, 1)
        self.send_btn = QPushButton("Send")
        self.send_btn.clicked.connect(self._send)
        row.addWidget(self.send_btn)
        lay.addLayout(row)
        self.clear()

    def clear(self) -> None:
        """Nothing of any seat on screen (the curtain is up, or there is no hotseat)."""
        self.title.setText("<i>Messages are shown to their seat only, behind the curtain.</i>")
        self.list.clear()
        self.to.clear()
        self.text.setPlainText("")      # also empties its undo history
        self.feedback.setText("")
        self.setEnabled(False)

    def show_for(self, name: str, messages, recipients: list[tuple[int, str]], note: str = "") -> None:
        """The seat ``name``'s own list and who it may write to (seat, name)."""
        self.setEnabled(True)
        unread = sum(1 for x in messages if not x.read and not x.sent)
        self.title.setText(f"<b>{escape(name)}'s messages</b>" + (f" — {unread} new" if unread else ""))
        parts = []
        for x in messages:
            head = (f"To {escape(x.receiver)}" if x.sent else f"From {escape(x.sender)}")
            when = f"before submission {x.when + 1}"
            new = "" if x.read or x.sent else " <b style='color:#e8590c'>new</b>"
            parts.append(f"<p style='margin:2px 0 8px 0'><span style='color:gray'>{head} · {when}</span>{new}<br>"
                         f"{escape(x.text).replace(chr(10), '<br>')}</p>")
        self.list.setHtml("".join(parts) or "<i>No messages yet.</i>")
        self.list.verticalScrollBar().setValue(self.list.verticalScrollBar().maximum())
        chosen = self.to.currentData()     # a redraw keeps the receiver the seat chose
        self.to.clear()
        for i, who in recipients:
            self.to.addItem(who, i)
        if (j := self.to.findData(chosen)) >= 0:
            self.to.setCurrentIndex(j)
        can = bool(recipients)
        self.to.setEnabled(can)
        self.text.setEnabled(can)
        self.send_btn.setEnabled(can)
        self.feedback.setText(note if note else ("" if can else "There is nobody you may write to now."))

    def draft(self) -> tuple[int | None, str]:
        """(receiver seat, text) of the message being written, kept behind the curtain."""
        return self.to.currentData(), self.text.toPlainText()

    def restore_draft(self, to: int | None, text: str) -> None:
        """The seat is back: its half-written message, to the receiver it chose if it still may."""
        if (j := self.to.findData(to)) >= 0:
            self.to.setCurrentIndex(j)
        if self.text.isEnabled():
            self.text.setPlainText(text)

    def show_feedback(self, text: str, ok: bool) -> None:
        self.feedback.show_message(text, "plain" if ok else "error")

    @guarded
    def _send(self, *_) -> None:
        text = self.text.toPlainText().strip()
        if not text:
            self.show_feedback("Write something first.", False)
            return
        if len(text) > MAX_LENGTH:
            self.show_feedback(f"At most {MAX_LENGTH} characters ({len(text)} now).", False)
            return
        if self.to.currentData() is None:
            return
        self.send.emit(self.to.currentData(), text)
