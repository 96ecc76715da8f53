"""The questions of ending a game (RULES.md §11): propose a draw, concede to a nation, answer
a proposal. Each is a window-modal dialog opened with ``open()`` that says what it means and
speaks by one signal; none decides anything (app.match.table.proposals does)."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QComboBox, QDialog, QHBoxLayout, QLabel, QPushButton, QVBoxLayout


class EndingQuestion(QDialog):
    """``text`` and two buttons; with ``nations``, a list to choose one from first.
    ``answered(yes, nation)``: the button pressed and the nation chosen ("" without a list).
    Escape closes it without an answer."""

    answered = Signal(bool, str)

    def __init__(self, title: str, text: str, yes: str, no: str, parent=None, nations: list[str] | None = None):
        super().__init__(parent)
        self.setWindowTitle(f"{title} — 5D Diplomacy")
        self.setWindowModality(Qt.WindowModal)
        lay = QVBoxLayout(self)
        self.text = QLabel(f"<div style='font-size:14px'>{text}</div>")
        self.text.setWordWrap(True)
        self.text.setMinimumWidth(420)
        lay.addWidget(self.text)
        self.nations = QComboBox()
        for n in nations or ():
            self.nations.addItem(n)
        self.nations.setVisible(bool(nations))
        lay.addWidget(self.nations)
        row = QHBoxLayout()
        row.addStretch(1)
        self.no = QPushButton(no)
        self.yes = QPushButton(yes)
        self.yes.setDefault(True)
        for b in (self.no, self.yes):
            row.addWidget(b)
        lay.addLayout(row)
        self.yes.clicked.connect(lambda: self._answer(True))
        self.no.clicked.connect(lambda: self._answer(False))

    def _answer(self, yes: bool) -> None:
        self.answered.emit(yes, self.nations.currentText() if self.nations.isVisible() else "")
        self.accept()


def propose_draw_text(described: str) -> str:
    return (f"{escape(described)}<br><br>Proposing it, you accept it. Every other seat of a nation "
            "still in the game answers in private (the computer players at once); the draw is agreed "
            "only if all accept before the next adjudication. Nobody is told how anyone answered.")


def concede_text() -> str:
    return ("Concede the game to the nation chosen below: it wins when the seats of every other nation "
            "still in the game concede too, before the next adjudication. Nobody is told how anyone answered.")


def answer_text(name: str, described: str) -> str:
    return (f"<b>{escape(name)}</b>: {escape(described)}<br><br>Your answer is secret: the table learns "
            "only whether every seat accepted. One refusal ends the proposal.")
