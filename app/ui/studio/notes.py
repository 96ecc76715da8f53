"""The notes pane: a page of notes per seat, and the plans tool's controls (draw, colour,
take back, clear). Both belong to the seat at the table: in a hotseat game the pane shows
only that seat's notes, empty and closed while the curtain is up, and a seat with a PIN
keeps them sealed in its box (:mod:`app.match.notes`, :mod:`app.match.sealed`).

What is typed is written to the match as it is typed (a string kept, the match's revision
bumped), so Save, the autosave and the unsaved-changes question all follow the notes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QColor, QIcon, QKeySequence, QPixmap, QShortcut
from PySide6.QtWidgets import (QButtonGroup, QHBoxLayout, QLabel, QPlainTextEdit, QSizePolicy, QToolButton,
                               QVBoxLayout, QWidget)

from app.match.notes import MAX_NOTES

from ..guard import guarded
from .plans import PLAN_COLOURS

if TYPE_CHECKING:
    from app.match import Match


def _dot(colour: QColor) -> QIcon:
    pm = QPixmap(16, 16)
    pm.fill(Qt.transparent)
    from PySide6.QtGui import QPainter
    p = QPainter(pm)
    p.setRenderHint(QPainter.Antialiasing)
    p.setPen(Qt.NoPen)
    p.setBrush(colour)
    p.drawEllipse(2, 2, 12, 12)
    p.end()
    return QIcon(pm)


class NotesPane(QWidget):
    """See the module docstring. ``seat`` is whose notes are shown (None: nobody's)."""

    written = Signal()            # the match's notes changed (the game has unsaved changes)
    refused = Signal(str)         # what was typed was not all kept, and why

    def __init__(self, match: Callable[[], Match | None]):
        super().__init__()
        self._match = match
        self.seat: int | None = None
        self._loading = False
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 6, 6, 6)
        lay.setSpacing(4)
        # the plans tool's controls
        row = QHBoxLayout()
        row.setSpacing(2)
        self.draw_button = QToolButton()
        self.draw_button.setText("Draw")
        self.draw_button.setCheckable(True)
        self.draw_button.setToolTip("Draw arrows and rings on the boards (A; or hold Shift): drag for an arrow, "
                                    "click for a ring. Plans are yours alone and never orders.")
        row.addWidget(self.draw_button)
        self.colours = QButtonGroup(self)
        self.colours.setExclusive(True)
        for i, c in enumerate(PLAN_COLOURS):
            b = QToolButton()
            b.setCheckable(True)
            b.setIcon(_dot(c))
            b.setIconSize(QSize(14, 14))
            b.setToolTip(f"Plan colour {i + 1} (key {i + 1} while drawing)")
            b.setAccessibleName(f"plan colour {i + 1}")
            self.colours.addButton(b, i)
            row.addWidget(b)
        self.colours.button(0).setChecked(True)
        self.take_back_button = QToolButton()
        self.take_back_button.setText("Undo")
        self.take_back_button.setToolTip("Take back the last arrow or ring (Backspace while drawing), or a Clear")
        row.addWidget(self.take_back_button)
        self.clear_button = QToolButton()
        self.clear_button.setText("Clear")
        self.clear_button.setToolTip("Remove all your plans")
        row.addWidget(self.clear_button)
        row.addStretch(1)
        lay.addLayout(row)
        self.title = QLabel("")
        # one line, cut short in a narrow dock (its tooltip says it all)
        self.title.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
        lay.addWidget(self.title)
        self.edit = QPlainTextEdit()
        self.edit.setPlaceholderText("Your notes: plans, deals, suspicions… Saved with the game.")
        self.edit.setTabChangesFocus(True)
        self.edit.setMinimumHeight(36)     # the dock shares its column: the window must still fit small screens
        lay.addWidget(self.edit, 1)
        self.edit.textChanged.connect(self._typed)
        self.show_seat(None)

    # -- whose notes ----------------------------------------------------------------------------
    def show_seat(self, seat: int | None) -> None:
        """Show ``seat``'s notes (None: none, closed)."""
        if seat == self.seat and (seat is None or not self._stale()):
            return
        # nothing to write first: typing writes at once (_typed), and what the pane still shows may
        # be what the match has since forgotten (a seat that left, a forgotten PIN)
        self.seat = seat
        m = self._match()
        self._loading = True
        # setPlainText, unlike typing, empties the undo history: the next seat cannot undo into these
        self.edit.setPlainText(m.notes.of(seat) if seat is not None else "")
        self._loading = False
        self.edit.setReadOnly(seat is None)
        for b in [self.draw_button, self.take_back_button, self.clear_button, *self.colours.buttons()]:
            b.setEnabled(seat is not None)
        self.title.setVisible(seat is not None)
        if seat is None:
            self.title.setText("")
            self.title.setToolTip("")
            self.edit.setPlaceholderText("")
        elif m.private:
            s = m.seats[seat]
            sealed = " and sealed with the PIN" if m.has_pin(seat) else ""
            self.title.setText(f"<b>{s.name}'s notes and plans</b> — private to {s.name}{sealed}.")
            self.title.setToolTip(f"Only {s.name} sees these notes and plans{sealed}.")
            self.edit.setPlaceholderText("Your notes: plans, deals, suspicions… Only you see them.")
        else:
            self.title.setText("<b>Notes and plans</b> — saved with the game.")
            self.title.setToolTip("Your notes and plans are saved with the game.")
            self.edit.setPlaceholderText("Your notes: plans, deals, suspicions… Saved with the game.")

    def _stale(self) -> bool:
        m = self._match()
        return m is None or self.edit.toPlainText() != m.notes.of(self.seat)

    @guarded
    def _typed(self) -> None:
        if not self._loading and self.seat is not None:
            self.write()

    def write(self) -> None:
        """Write what is typed to the match."""
        m = self._match()
        if m is None or self.seat is None or m.is_locked(self.seat):
            return
        text = self.edit.toPlainText()
        if text == m.notes.of(self.seat):
            return
        if len(text) > MAX_NOTES:
            self.refused.emit(f"Notes hold at most {MAX_NOTES:,} characters: the rest is not kept.")
            text = text[:MAX_NOTES]
            # the page shows what is kept: the cut tail stayed on screen, gone at the next opening
            cursor = min(self.edit.textCursor().position(), MAX_NOTES)
            self._loading = True
            self.edit.setPlainText(text)
            self._loading = False
            moved = self.edit.textCursor()
            moved.setPosition(cursor)
            self.edit.setTextCursor(moved)
        m.notes.write(self.seat, text)
        self.written.emit()

    def forget(self) -> None:
        """The match goes away (New, Open): nothing of its notes stays."""
        self.seat = None
        self._loading = True
        self.edit.setPlainText("")
        self._loading = False
        self.show_seat(None)


def add_plan_keys(parent, tool, pane: NotesPane) -> None:
    """Keys while drawing, shortcuts of ``parent`` (the main window): 1–4 the colour,
    Backspace takes back, Esc leaves the tool."""
    for i in range(4):
        sc = QShortcut(QKeySequence(str(i + 1)), parent)
        sc.setContext(Qt.WindowShortcut)
        sc.activated.connect(lambda i=i: tool.drawing and pane.colours.button(i).click())
    back = QShortcut(QKeySequence("Backspace"), parent)
    back.setContext(Qt.WindowShortcut)
    back.activated.connect(lambda: tool.drawing and tool.take_back())
