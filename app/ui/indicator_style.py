"""Check boxes and radio buttons that show on a dark theme.

Fusion draws an indicator's ring from the window colour made darker and fills it with the
base colour: on the dark theme both are near-black, so an unticked box or an unchosen radio
button was all but invisible (the position editor's tools, the New game dialog's options).
No palette role changes that ring, so a proxy of Fusion draws one more ring, in a colour
halfway between the text and the window, over each indicator on a dark palette.

The proxy is installed only when the dark theme is first applied: handing a style object to
Python costs the window's start (see :func:`app.ui.theme.fusion_application`).
"""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QProxyStyle, QStyle

from .guard import guarded

_RADIO = QStyle.PrimitiveElement.PE_IndicatorRadioButton
_BOXES = (QStyle.PrimitiveElement.PE_IndicatorCheckBox, QStyle.PrimitiveElement.PE_IndicatorItemViewItemCheck)


def ring_colour(text: QColor, window: QColor) -> QColor:
    """Halfway from the window colour to the text's: plain on a dark window, never louder
    than the label beside it."""
    return QColor((text.red() + window.red()) // 2, (text.green() + window.green()) // 2,
                  (text.blue() + window.blue()) // 2)


class IndicatorStyle(QProxyStyle):
    """Fusion, with a visible ring around indicators on a dark palette."""

    @guarded
    def drawPrimitive(self, element, option, painter, widget=None):
        super().drawPrimitive(element, option, painter, widget)
        if element != _RADIO and element not in _BOXES:
            return
        pal = option.palette
        if pal.window().color().lightness() >= 128:
            return
        painter.save()
        painter.setRenderHint(QPainter.Antialiasing)
        painter.setPen(QPen(ring_colour(pal.windowText().color(), pal.window().color()), 1))
        painter.setBrush(QColor(0, 0, 0, 0))
        r = QRectF(option.rect).adjusted(0.5, 0.5, -0.5, -0.5)
        if element == _RADIO:
            painter.drawEllipse(r)
        else:
            painter.drawRoundedRect(r, 2, 2)
        painter.restore()
