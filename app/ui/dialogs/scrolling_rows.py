"""A column of rows (a dialog's seats) that scrolls past a few, so that a dialog with one
row per nation (up to 24) still fits a 768-pixel screen."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QFrame, QScrollArea, QStyle, QVBoxLayout, QWidget

from ..guard import guarded


class ScrollingRows(QScrollArea):
    """Rows added to :attr:`rows` (a vertical layout); :meth:`show_at_most` sets how many are
    in view at once, the others a scroll away."""

    def __init__(self, parent=None):
        super().__init__(parent)
        holder = QWidget()
        self.rows = QVBoxLayout(holder)
        self.rows.setContentsMargins(0, 0, 0, 0)
        self.setWidget(holder)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self._scrolls = False

    def show_at_most(self, count: int) -> None:
        """Make room for the first ``count`` rows (all of them when there are fewer)."""
        rows = [self.rows.itemAt(i).widget() for i in range(self.rows.count())]
        shown = [r.sizeHint().height() for r in rows[:count] if r is not None]
        self._scrolls = len(rows) > count
        height = sum(shown) + self.rows.spacing() * max(0, len(shown) - 1)
        self.setFixedHeight(height + 2 * self.frameWidth())
        if self.window().isVisible():
            QTimer.singleShot(0, self, self._fit_window)     # once the new rows are shown and laid out

    @guarded
    def _fit_window(self) -> None:
        # the window's layout alone would not grow it for a wrapped label's height; adjustSize()
        # stops at two thirds of the screen (the window is kept on the screen: screen_fit)
        top = self.window()
        need = top.heightForWidth(top.width()) if top.hasHeightForWidth() else -1
        top.resize(top.width(), need if need > 0 else top.sizeHint().height())

    def bar_width(self) -> int:
        """The width the rows give up to the scroll bar (0 while they all show)."""
        return self.style().pixelMetric(QStyle.PM_ScrollBarExtent) if self._scrolls else 0
