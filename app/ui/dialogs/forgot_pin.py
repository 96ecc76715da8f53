"""A forgotten PIN: the way out that reveals nothing. The table agrees; the seat's orders
sealed with the old PIN are discarded without being read (nobody sees them, the seat
included), and the seat sets a new PIN and gives its orders again."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QDialogButtonBox, QLabel, QVBoxLayout

from ..message_label import MessageLabel
from ..guard import guarded
from ..screen_fit import fit_title
from .checked import CheckedDialog
from .pin_fields import PIN_ADVICE, PinFields


class ForgottenPinDialog(CheckedDialog):
    def __init__(self, parent, name: str):
        super().__init__(parent)
        self.setWindowTitle(f"Forgotten PIN — {name}")
        self.setWindowModality(Qt.WindowModal)
        self.setMinimumWidth(520)
        fit_title(self)                  # a long name's whole title on a laptop's title bar
        lay = QVBoxLayout(self)
        head = QLabel(f"<h3 style='margin:0'>{name} has forgotten the PIN?</h3>")
        lay.addWidget(head)
        text = QLabel(
            f"The table can let {name} set a new PIN. The orders {name} sealed with the old PIN this turn "
            "are then <b>discarded without being read</b>: nobody sees them, not even "
            f"{name}, and {name} gives them again. Nothing else in the game changes, and the "
            "old PIN opens nothing any more.")
        text.setWordWrap(True)
        lay.addWidget(text)
        self.agree = QCheckBox("Everyone at the table agrees")
        lay.addWidget(self.agree)
        lay.addWidget(QLabel(f"{name}'s new PIN, twice:"))
        self.fields = PinFields("New PIN", width=160)
        lay.addWidget(self.fields)
        advice = QLabel(PIN_ADVICE)
        advice.setWordWrap(True)
        advice.setStyleSheet("font-size: 12px;")
        lay.addWidget(advice)
        self.error = MessageLabel(tone="error")
        lay.addWidget(self.error)
        buttons = QDialogButtonBox()
        self.ok = buttons.addButton("Discard the sealed orders and set the new PIN", QDialogButtonBox.AcceptRole)
        buttons.addButton(QDialogButtonBox.Cancel)
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self.name = name
        self.agree.toggled.connect(self._update)
        self.fields.changed.connect(self._update)
        self._update()

    def new_pin(self) -> str:
        return self.fields.text()

    def problem(self) -> str | None:
        if not self.agree.isChecked():
            return "The table must agree first."
        if not self.fields.text():
            return f"Type {self.name}'s new PIN."
        return self.fields.problem(self.name)

    @guarded
    def _update(self, *_) -> None:
        p = self.problem()
        self.ok.setEnabled(p is None)
        self.error.setText(p if p and self.agree.isChecked() and self.fields.again.text() else "")

