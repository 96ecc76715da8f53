"""The dialogs of seats that change (RULES.md §6): a seat leaves the table, a newcomer takes
over a nation. They only ask; :mod:`app.match.table.seat_changes` decides and refuses."""

from __future__ import annotations

from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit,
                               QVBoxLayout)

from app.bots import LEVELS
from app.engine import civ_of

from ..message_label import MessageLabel
from ..guard import guarded
from ..dialogs.checked import CheckedDialog
from ..panels.nations import swatch

NOBODY = "nobody"


class LeaveDialog(QDialog):
    """Which seat leaves, who plays its nations now, and (for the seat at the table)
    whether its pending orders are submitted first."""

    def __init__(self, match, at_table: int | None, parent=None):
        super().__init__(parent)
        self.setWindowTitle("Leave the table — 5D Diplomacy")
        self.match = match
        self.at_table = at_table
        lay = QVBoxLayout(self)
        form = QFormLayout()
        self.seat = QComboBox()
        civ = civ_of(match.world) is not None        # RULES.md §10: no civilisation named but one's own
        for i in match.table.seats.person_seats():
            s = match.seats[i]
            shown = s.nations if not civ or i == at_table else ()
            self.seat.addItem(f"{s.name} — {', '.join(shown)}" if shown else s.name, i)
        if at_table is not None:
            self.seat.setCurrentIndex(max(0, self.seat.findData(at_table)))
        form.addRow("Who leaves", self.seat)
        self.to = QComboBox()
        for level in LEVELS:
            self.to.addItem(f"The computer ({level})", level)
        self.to.addItem("Nobody — the nations hold, retreats disband, builds are waived", NOBODY)
        self.to.setCurrentIndex(self.to.findData("standard"))
        form.addRow("Nations go to", self.to)
        lay.addLayout(form)
        self.submit = QCheckBox("Submit my pending orders for this round first")
        lay.addWidget(self.submit)
        self.note = QLabel("")
        self.note.setWordWrap(True)
        lay.addWidget(self.note)
        self.error = MessageLabel(tone="error")
        lay.addWidget(self.error)
        buttons = QDialogButtonBox()
        self.ok = buttons.addButton("Leave the table", QDialogButtonBox.AcceptRole)
        buttons.addButton(QDialogButtonBox.Cancel)
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self.seat.currentIndexChanged.connect(self._seat_changed)
        self._seat_changed()
        self.setMinimumWidth(520)

    @guarded
    def _seat_changed(self, *_) -> None:
        seat = self.seat.currentData()
        own = seat is not None and seat == self.at_table
        self.submit.setVisible(own)
        self.submit.setChecked(own)
        if seat is None:
            self.note.setText("Nobody sits at this table.")
            self.ok.setEnabled(False)
            return
        name = self.match.seats[seat].name
        if own:
            self.note.setText(f"{name}'s orders stand for this round when submitted; otherwise they are "
                              "discarded. Either way nobody sees them.")
        else:
            self.note.setText(f"{name} is not at the table: {name}'s pending orders (and private messages) "
                              "are discarded unread.")

    def choice(self) -> tuple[int, str | None, bool]:
        """(seat, level or None for nobody, submit its orders first)."""
        to = self.to.currentData()
        return (self.seat.currentData(), None if to == NOBODY else to,
                not self.submit.isHidden() and self.submit.isChecked())

    @guarded
    def _accept(self) -> None:
        if self.seat.currentData() is not None:
            self.accept()


class TakeOverDialog(CheckedDialog):
    """A newcomer takes over a nation the computer or nobody plays, with a PIN of their own."""

    def __init__(self, match, parent=None, nation: str | None = None):
        super().__init__(parent)
        self.setWindowTitle("Take over a nation — 5D Diplomacy")
        self.match = match
        lay = QVBoxLayout(self)
        intro = QLabel("A newcomer takes over a nation the computer or nobody plays. The seat starts "
                       "with no pending orders: nothing earlier is shown to the newcomer.")
        intro.setWordWrap(True)
        lay.addWidget(intro)
        form = QFormLayout()
        self.nation = QComboBox()
        variant = match.game.variant
        open_ = match.table.seats.open_nations()
        if civ_of(match.world) is not None:     # RULES.md §10: only civilisations the seat at the table has met
            at_table = None if parent is None or parent.table.up else parent.seat
            known = set(match.known_civilisations(at_table)) if at_table is not None else set()
            open_ = [n for n in open_ if n in known]
        # a whole seat first (a player who left played several nations), then each nation
        for i, s in enumerate(match.seats):
            if len(s.nations) > 1 and all(n in open_ for n in s.nations):
                self.nation.addItem(swatch(s.colour), f"{' and '.join(s.nations)} (now: {s.name})", ",".join(s.nations))
        for n in open_:
            i = match.seat_of(n)
            who = match.seats[i].name if i is not None else "Nobody"
            self.nation.addItem(swatch(variant.nations[n].colour), f"{n} (now: {who})", n)
        if nation is not None:
            self.nation.setCurrentIndex(max(0, self.nation.findData(nation)))
        form.addRow("Nations", self.nation)
        self.name = QLineEdit()
        self.name.setMaxLength(40)
        self.name.setPlaceholderText("The newcomer's name")
        form.addRow("Name", self.name)
        self.pin = QLineEdit()
        self.pin.setEchoMode(QLineEdit.Password)
        self.pin.setMaxLength(64)
        self.pin.setPlaceholderText("PIN (optional)")
        self.pin.setToolTip("With a PIN the curtain asks for it before showing this seat's board, and the "
                            "save file keeps the seat's orders and messages encrypted.")
        form.addRow("PIN", self.pin)
        self.pin2 = QLineEdit()
        self.pin2.setEchoMode(QLineEdit.Password)
        self.pin2.setMaxLength(64)
        self.pin2.setPlaceholderText("The PIN again")
        form.addRow("", self.pin2)
        lay.addLayout(form)
        self.error = MessageLabel(tone="error")
        lay.addWidget(self.error)
        buttons = QDialogButtonBox()
        self.ok = buttons.addButton("Take over", QDialogButtonBox.AcceptRole)
        buttons.addButton(QDialogButtonBox.Cancel)
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        if self.nation.count() == 0:
            self.error.setText("Every nation is played by a person: none can be taken over now.")
            self.ok.setEnabled(False)
        self.setMinimumWidth(460)

    def choice(self) -> tuple[tuple[str, ...], str, str | None]:
        """(nations, name, PIN or None)."""
        return tuple(self.nation.currentData().split(",")), self.name.text().strip(), self.pin.text() or None

    def problem(self) -> str | None:
        if self.nation.currentData() is None:
            return "Choose a nation."
        if not self.name.text().strip():
            return "Type the newcomer's name."
        if self.pin.text() != self.pin2.text():
            return "The two PINs differ: type the same PIN twice."
        return None

