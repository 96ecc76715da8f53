"""A PIN typed twice: the field, its confirmation, and what a PIN of that length protects.

Used where a PIN is chosen (a seat in the new-game dialog, a new PIN after a forgotten one): a
mistyped PIN at creation would lock the seat for good, so it is asked twice, and a short one
is said to protect the table but not the save file.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QStyle, QWidget

from ..guard import guarded

GOOD_LENGTH = 6
#: What a PIN protects, said plainly (the figures: Argon2id, ~0.25 s a try, app.match.secret).
PIN_ADVICE = ("A PIN hides a seat's orders on screen and seals them in the save file. A short PIN (4 digits) "
              "keeps the table honest, but someone who has the save file can try every 4-digit PIN within an "
              "hour. Use six or more characters, letters and digits, to protect the file too.")


def pin_problem(name: str, pin: str, again: str) -> str | None:
    """Why a PIN typed twice cannot be used (None: it can)."""
    if pin and again != pin:
        return f"{name}'s PIN and its confirmation differ: type the same PIN twice."
    return None


class PinFields(QWidget):
    """``pin`` and ``again`` side by side; ``note`` says when they differ or the PIN is short."""

    changed = Signal()

    def __init__(self, placeholder: str = "PIN (optional)", width: int = 110, parent=None):
        super().__init__(parent)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(4)
        self.pin = QLineEdit()
        self.again = QLineEdit()
        for field, text in ((self.pin, placeholder), (self.again, "PIN again")):
            field.setEchoMode(QLineEdit.Password)
            field.setPlaceholderText(text)
            field.setMaximumWidth(width)
            field.setMinimumWidth(min(width, 84))
            self._fit(field, text)
            field.setMaxLength(64)
            field.textChanged.connect(self._update)
            lay.addWidget(field)
        self.pin.setToolTip("With a PIN the curtain asks for it before showing this seat's board, and the save "
                            "file keeps the seat's orders encrypted. Without one, privacy rests on trust.\n\n"
                            + PIN_ADVICE)
        self.again.setToolTip("The same PIN again: a typo here would lock the seat")
        self.note = QLabel("")
        self.note.setFixedWidth(self.note.fontMetrics().horizontalAdvance("short") + 6)
        lay.addWidget(self.note)
        self._update()

    def text(self) -> str:
        return self.pin.text()

    def set_placeholder(self, text: str) -> None:
        """The PIN field's grey hint (a computer seat's differs), never cut to "PIN (optio…"."""
        self.pin.setPlaceholderText(text)
        self._fit(self.pin, text)

    @staticmethod
    def _fit(field: QLineEdit, text: str) -> None:
        # the text, the frame and the line edit's own inner margins (2 px a side)
        frame = field.style().pixelMetric(QStyle.PM_DefaultFrameWidth, None, field)
        needed = field.fontMetrics().horizontalAdvance(text) + 2 * (frame + 2) + 6
        field.setMinimumWidth(max(field.minimumWidth(), needed))
        field.setMaximumWidth(max(field.maximumWidth(), needed))

    def problem(self, name: str) -> str | None:
        return pin_problem(name, self.pin.text(), self.again.text()) if self.isEnabled() else None

    @guarded
    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.EnabledChange:
            self._update()

    @guarded
    def _update(self, *_) -> None:
        pin, again = self.pin.text(), self.again.text()
        self.again.setEnabled(self.isEnabled() and bool(pin or again))
        if not pin and not again:
            self.note.setText("")
            self.note.setToolTip("")
        elif again and again != pin:
            self.note.setText("<span style='color:#e03131; font-weight:bold'>≠</span>")
            self.note.setToolTip("The two PINs differ")
        elif again == pin and len(pin) < GOOD_LENGTH:
            self.note.setText("<span style='color:#f08c00; font-weight:bold'>short</span>")
            self.note.setToolTip(PIN_ADVICE)
        elif again == pin:
            self.note.setText("<span style='color:#2f9e44; font-weight:bold'>✓</span>")
            self.note.setToolTip("The two PINs match")
        else:
            self.note.setText("")
        self.changed.emit()
