"""The order mode under the mouse: an arrow cursor with a small tag naming the mode (Move,
Support, Convoy, Retreat), so a player sees what the next click does where they look."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QCursor, QFont, QPainter, QPainterPath, QPen, QPixmap, QPolygonF

# the order entry's stages (app.match.order_entry) and the tag each shows; idle: the plain arrow
MODES = {"move": ("Move", "#1971c2"), "retreat": ("Retreat", "#e03131"),
         "support_pick": ("Support", "#2f9e44"), "support_dest": ("Support", "#2f9e44"),
         "convoy_pick": ("Convoy", "#7048e8"), "convoy_dest": ("Convoy", "#7048e8")}

_cache: dict[str, QCursor] = {}


def mode_label(stage: str) -> str | None:
    """The word the cursor shows for an order entry stage (None: no mode)."""
    entry = MODES.get(stage)
    return entry[0] if entry else None


def mode_cursor(stage: str) -> QCursor | None:
    """The cursor for an order entry stage (None: the ordinary arrow)."""
    entry = MODES.get(stage)
    if entry is None:
        return None
    text, colour = entry
    cursor = _cache.get(text)
    if cursor is None:
        cursor = _cache[text] = QCursor(_pixmap(text, QColor(colour)), 1, 1)
    return cursor


def _pixmap(text: str, colour: QColor) -> QPixmap:
    pm = QPixmap(64, 40)
    pm.fill(Qt.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.Antialiasing, True)
    arrow = QPolygonF([QPointF(1, 1), QPointF(1, 18), QPointF(5.5, 14), QPointF(9, 21), QPointF(11.5, 20),
                       QPointF(8.2, 13), QPointF(14, 13)])
    p.setPen(QPen(QColor("white"), 1.4))
    p.setBrush(QColor("black"))
    p.drawPolygon(arrow)
    f = QFont("DejaVu Sans")
    f.setPixelSize(10)
    f.setBold(True)
    p.setFont(f)
    w = min(50.0, p.fontMetrics().horizontalAdvance(text) + 8.0)
    tag = QRectF(12, 22, w, 15)
    path = QPainterPath()
    path.addRoundedRect(tag, 4, 4)
    p.setPen(QPen(QColor("white"), 1.2))
    p.setBrush(colour)
    p.drawPath(path)
    p.setPen(QColor("white"))
    p.drawText(tag, Qt.AlignCenter, text)
    p.end()
    return pm
