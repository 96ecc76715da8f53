"""The map's palette: sea, land, borders, labels, order statuses and the highlight. Shared
by the board art, the fog veil and the far overview, none of which need each other's code."""

from __future__ import annotations

from PySide6.QtGui import QColor

SEA = QColor("#a9c8e0")
LAND = QColor("#efe5c8")
IMPASSABLE = QColor("#c9c2b0")
BORDER = QColor("#8a7a5c")
COAST = QColor("#4d6479")
LABEL = QColor("#3b3226")
SEA_LABEL = QColor("#2f5678")

STATUS_COLOURS = {
    "succeeds": QColor("#2f9e44"),
    "fails": QColor("#d9480f"),
    "invalid": QColor("#868e96"),
    "pending": QColor("#1c1c1c"),
}
HIGHLIGHT = QColor(255, 214, 10)
