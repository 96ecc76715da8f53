"""The side panel: the docks on the window's right (orders and the console, nations,
results). It gives the map its room on a laptop: narrower by default on a small screen,
hidden and shown again with F9 (View → Side panel, or the button at the status bar's
end), and it remembers its width and whether it is shown (the window's QSettings,
``panel/width`` and ``panel/shown``)."""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMainWindow, QToolButton

from ..guard import guarded
from ..screen_fit import available_rect

NAMES = ("orders", "nations", "results")
WIDTH_LAPTOP = 300        # below 1500 px of screen: the map gets the rest
WIDTH_WIDE = 360
MIN_WIDTH = 220


class SidePanel(QObject):
    """Made with the main window as its parent (it lays out that QMainWindow's docks: only
    Qt's own dock API is used), the docks it shows and hides, where the width is remembered,
    and the room the nations' rows want. The window puts :attr:`action` in its View menu and
    :attr:`button` on its status bar."""

    def __init__(self, parent: QMainWindow, docks: list[QDockWidget], settings, nations_height: Callable[[], int]):
        super().__init__(parent)
        self.main = parent
        self.docks = [d for d in docks if d.objectName() in NAMES]
        self.settings = settings
        self.nations_height = nations_height
        self.action = QAction("Side panel", parent)
        self.action.setCheckable(True)
        self.action.setChecked(True)
        self.action.setShortcut(QKeySequence("F9"))
        self.action.setShortcutContext(Qt.WindowShortcut)
        self.action.setToolTip("Show or hide the orders, nations and results beside the map (F9)")
        self.action.setStatusTip("Show or hide the orders, nations and results beside the map")
        self.action.toggled.connect(self.set_shown)
        parent.addAction(self.action)
        self.button = QToolButton()
        self.button.setDefaultAction(self.action)
        self.button.setText("Side panel")
        self.button.setAutoRaise(True)
        parent.installEventFilter(self)          # closing: the width as it is then is remembered

    def show(self) -> None:
        """Shown (if F9 had hidden it)."""
        if not self.action.isChecked():
            self.action.setChecked(True)

    def default_width(self) -> int:
        return WIDTH_LAPTOP if available_rect(self.main).width() < 1500 else WIDTH_WIDE

    def restore(self) -> None:
        """The remembered width (or the screen's default) and whether the panel is shown."""
        try:
            width = int(self.settings.value("panel/width", 0) or 0)
        except (TypeError, ValueError):
            width = 0
        width = max(MIN_WIDTH, width or self.default_width())
        self._width = width
        self._resize()
        shown = str(self.settings.value("panel/shown", "true")) != "false"
        self.action.setChecked(shown)
        self.set_shown(shown)

    def _right_docks(self) -> list:
        """Every dock beside the map now (the studio's, the table's, a civilisations game's
        dock join the orders, nations and results there)."""
        main = self.main
        return [d for d in main.findChildren(QDockWidget)
                if not d.isFloating() and main.dockWidgetArea(d) == Qt.RightDockWidgetArea]

    @guarded
    def set_shown(self, shown: bool) -> None:
        if not shown:
            self._hidden = [d for d in self._right_docks() if d.isVisible()] or list(self.docks)
            for d in self._hidden:
                d.setVisible(False)
        else:
            for d in getattr(self, "_hidden", None) or self.docks:
                d.setVisible(True)
            self._hidden = []
            self._resize()
        self.settings.setValue("panel/shown", "true" if shown else "false")

    def _resize(self) -> None:
        """The remembered width, and room for the nations' rows."""
        self.main.resizeDocks([self.docks[0]], [getattr(self, "_width", self.default_width())], Qt.Horizontal)
        self.room_for_nations()

    @guarded
    def room_for_nations(self) -> None:
        """Below the orders, room for every nation's row (the dock's title and the Nations |
        Results tabs included) when the Nations dock has less and the orders can spare it."""
        if not self.action.isChecked() or not self.docks[1].isVisible() and not self.docks[2].isVisible():
            return
        nations = self.nations_height() + 2 * self.main.fontMetrics().height() + 16
        lower = max(self.docks[1].height(), self.docks[2].height())
        total = self.docks[0].height() + lower
        if lower < nations and total > nations + 160:
            self.main.resizeDocks([self.docks[0], self.docks[1]], [total - nations, nations], Qt.Vertical)

    @guarded(default=False)
    def eventFilter(self, obj, event) -> bool:
        if obj is self.main:
            if event.type() == QEvent.Close:
                self._remember_width()        # (only then: another window open meanwhile keeps its own)
            elif event.type() in (QEvent.Show, QEvent.Resize):
                QTimer.singleShot(0, self, self.room_for_nations)   # once the layout has the new size
        return False

    @guarded
    def _remember_width(self) -> None:
        d = self.docks[0]
        if d.isVisible() and d.width() >= MIN_WIDTH:
            self._width = d.width()
            self.settings.setValue("panel/width", d.width())
