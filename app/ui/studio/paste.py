"""Paste orders: a box that takes many orders at once, in our notation or the classic short
forms other tools print (``A PAR - BUR``, ``F NTH C A LON - NWY``, ``France:`` lines).

The reading and checking are the match's (:func:`app.match.paste.add_pasted`); the dialog
adds every order the seat may give, leaves the lines it could not use in the box, and lists
each with its line number, the word at fault and the reason. In a hotseat game it belongs
to the seat at the table: it closes when the curtain comes down.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QLabel, QListView, QListWidget, QListWidgetItem,
                               QPlainTextEdit, QPushButton, QVBoxLayout)

from app.match.paste import PasteReport, add_pasted

from ..guard import guarded

if TYPE_CHECKING:
    from app.match import Match

EXAMPLE = "France:\nA PAR - BUR\nF BRE - MAO\nF NTH C A LON - NWY\nA Mun S A Ber - Sil"


class PasteDialog(QDialog):
    pasted = Signal(object)       # a PasteReport that added orders

    def __init__(self, parent, ordering: Callable[[], tuple[Match, int] | None]):
        """``ordering``: the match and the seat whose orders are given now (None: nobody's)."""
        super().__init__(parent)
        self._ordering = ordering
        self.setWindowTitle("Paste orders")
        self.setWindowModality(Qt.WindowModal)
        self.resize(560, 520)
        self.last: PasteReport | None = None
        lay = QVBoxLayout(self)
        intro = QLabel("One order a line, in our notation or the short form other tools print "
                       "(<tt>A PAR - BUR</tt>, <tt>F NTH C A LON - NWY</tt>, <tt>A Par-Bur</tt>). "
                       "A nation on a line of its own (<tt>France:</tt>) names the nation of the lines below.")
        intro.setWordWrap(True)
        lay.addWidget(intro)
        self.box = QPlainTextEdit()
        mono = QFont("DejaVu Sans Mono")
        mono.setStyleHint(QFont.Monospace)
        self.box.setFont(mono)
        self.box.setPlaceholderText(EXAMPLE)
        lay.addWidget(self.box, 3)
        self.result = QLabel("")
        self.result.setWordWrap(True)
        lay.addWidget(self.result)
        self.problems = QListWidget()
        # each reason whole, wrapped: the advice often ends a long line ("… write e.g. 2:par")
        self.problems.setWordWrap(True)
        self.problems.setAlternatingRowColors(True)       # where one wrapped reason ends and the next begins
        self.problems.setResizeMode(QListView.Adjust)
        self.problems.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.problems.setVisible(False)
        lay.addWidget(self.problems, 2)
        buttons = QDialogButtonBox()
        self.add_button = QPushButton("Add orders")
        self.add_button.setDefault(True)
        self.add_button.setToolTip("Add every order the lines give (Ctrl+Enter)")
        self.add_button.setShortcut("Ctrl+Return")
        buttons.addButton(self.add_button, QDialogButtonBox.AcceptRole)
        buttons.addButton(QDialogButtonBox.Close)
        buttons.accepted.connect(self.add)
        buttons.rejected.connect(self.close)
        lay.addWidget(buttons)

    @guarded
    def add(self) -> PasteReport | None:
        """Add the box's orders for the seat at the table; what is left in the box is what
        could not be used, listed below with the reasons."""
        ordering = self._ordering()
        if ordering is None:
            self.result.setText("Nobody can give orders now.")
            return None
        match, seat = ordering
        text = self.box.toPlainText()
        report = add_pasted(match, text, seat)
        self.last = report
        if report.added:
            self.pasted.emit(report)
        lines = text.splitlines()
        # a line left keeps its nation's header above it: fixed and added again, it is read as that nation's
        keep = sorted({p.line for p in report.problems} | {p.heading for p in report.problems if p.heading})
        self.box.setPlainText("\n".join(lines[n - 1] for n in keep if n <= len(lines)))
        self.problems.clear()
        for p in report.problems:
            where = f"line {p.line}" + (f", “{p.word}”" if p.word else "")
            item = QListWidgetItem(f"{where}: {p.reason}")
            item.setToolTip(p.text)
            self.problems.addItem(item)
        self.problems.setVisible(bool(report.problems))
        self.result.setText(report.summary() + (": the lines not used are left in the box (numbered as pasted)."
                                                if report.problems else "."))
        return report
