"""A short message near the click that was refused, fading after a moment: the reason shows
where the player looks, not only in the status bar."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, Qt, QTimer, QVariantAnimation
from PySide6.QtWidgets import QGraphicsOpacityEffect, QLabel, QWidget

HOLD_MS = 2600      # fully shown this long (a sentence read twice)
FADE_MS = 700


class Bubble(QLabel):
    """A child of the view widget (not of its viewport, whose children scroll with the
    boards), transparent to the mouse: clicks go through to the board beneath."""

    def __init__(self, parent: QWidget):
        super().__init__(parent)
        self.setAttribute(Qt.WA_TransparentForMouseEvents, True)
        self.setWordWrap(True)
        self.setMaximumWidth(360)
        self.max_width = 360
        self.setStyleSheet("QLabel { background: rgba(201, 42, 42, 235); color: white; border-radius: 7px;"
                           " padding: 6px 10px; font-weight: bold; }")
        self._effect = QGraphicsOpacityEffect(self)
        self.setGraphicsEffect(self._effect)
        self.hold_ms = HOLD_MS
        self._fade = QVariantAnimation(self)
        self._fade.setDuration(FADE_MS)
        self._fade.setStartValue(1.0)
        self._fade.setEndValue(0.0)
        self._fade.valueChanged.connect(lambda v: self._effect.setOpacity(float(v)))
        self._fade.finished.connect(self.hide)
        self._timer = QTimer(self, singleShot=True, timeout=self._fade.start)
        self.hide()

    def dismiss(self) -> None:
        """Gone now, not after its time."""
        self._timer.stop()
        self._fade.stop()
        self.hide()

    def show_at(self, text: str, at: QPoint, area: QRect) -> None:
        """Show ``text`` just above and right of ``at``, kept inside ``area`` (parent coordinates)."""
        self._fade.stop()
        self._effect.setOpacity(1.0)
        self.setText(text)
        self.ensurePolished()               # the style sheet's bold font, for the width below
        self.setFixedWidth(min(self.max_width, round(self.fontMetrics().horizontalAdvance(text)) + 28))
        self.adjustSize()
        w, h = self.width(), self.height()
        x = min(max(at.x() + 14, area.left() + 4), area.right() - w - 4)
        y = at.y() - h - 12
        if y < area.top() + 4:
            y = at.y() + 22                 # no room above: below the pointer
        self.move(x, min(y, area.bottom() - h - 4))
        self.show()
        self.raise_()
        self._timer.start(self.hold_ms)
