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


def privacy_words(sender: str, receiver: str, readable: list[str]) -> str:
    """What is true of a message from ``sender`` to ``receiver``, where the seat writes it:
    ``readable`` names the seats whose copy the save file keeps readable (no PIN)."""
    if not readable:
        return f"Sealed: only {receiver} reads it, behind {receiver}'s curtain; the save file keeps it sealed."
    if len(readable) == 2:
        return ("Neither of you has a PIN: whoever shows your board or "
                f"{receiver}'s reads it, and the save file keeps it readable.")
    if readable == [receiver]:
        return (f"{receiver} has no PIN: whoever shows {receiver}'s board reads it, "
                "and the save file keeps it readable.")
    return (f"{sender} has no PIN: {sender}'s own copy can be read by whoever shows {sender}'s board, "
            "and the save file keeps it readable.")


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
        self.to.setToolTip("The seat it is for: shown behind that seat's curtain")
        self.to.currentIndexChanged.connect(self._show_privacy)
        row.addWidget(self.to, 1)
        lay.addLayout(row)
        self.privacy = QLabel("")           # who can read it, true for the receiver chosen
        self.privacy.setObjectName("message-privacy")
        self.privacy.setWordWrap(True)
        lay.addWidget(self.privacy)
        self._privacy: dict[int, str] = {}
        self.text = QPlainTextEdit()
        self.text.setPlaceholderText("A message for the seat chosen above")
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
        self._privacy = {}
        self.to.clear()
        self.text.setPlainText("")      # also empties its undo history
        self.feedback.setText("")
        self.setEnabled(False)

    def show_for(self, name: str, messages, recipients: list[tuple[int, str, str]], note: str = "") -> None:
        """The seat ``name``'s own list and who it may write to (seat, name, what is true
        of its privacy: :func:`privacy_words`)."""
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
        self._privacy = {i: words for i, _who, words in recipients}
        self.to.clear()
        for i, who, _words in recipients:
            self.to.addItem(who, i)
        if (j := self.to.findData(chosen)) >= 0:
            self.to.setCurrentIndex(j)
        self._show_privacy()
        can = bool(recipients)
        self.to.setEnabled(can)
        self.text.setEnabled(can)
        self.send_btn.setEnabled(can)
        self.feedback.setText(note if note else ("" if can else "There is nobody you may write to now."))

    def privacy_of(self, receiver: int) -> str:
        return self._privacy.get(receiver, "")

    @guarded
    def _show_privacy(self, *_) -> None:
        self.privacy.setText(self._privacy.get(self.to.currentData(), ""))

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
