"""The side panel: the docks on the window's right (orders and the console, nations,
results). It gives the map its room on a laptop: narrower by default on a small screen,
hidden and shown again with F9 (View → Side panel, or the button at the status bar's
end), and it remembers its width and whether it is shown (the window's QSettings,
``panel/width`` and ``panel/shown``)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QToolButton

from ..guard import guarded
from ..screen_fit import available_rect

NAMES = ("orders", "nations", "results")
WIDTH_LAPTOP = 300        # below 1500 px of screen: the map gets the rest
WIDTH_WIDE = 360
MIN_WIDTH = 220


class SidePanel(QObject):
    def __init__(self, window):
        super().__init__(window)
        self.w = window
        self.docks = [d for d in window.docks if d.objectName() in NAMES]
        self.settings = window.settings
        self.action = QAction("Side panel", window)
        self.action.setCheckable(True)
        self.action.setChecked(True)
        self.action.setShortcut(QKeySequence("F9"))
        self.action.setShortcutContext(Qt.WindowShortcut)
        self.action.setToolTip("Show or hide the orders, nations and results beside the map (F9)")
        self.action.setStatusTip("Show or hide the orders, nations and results beside the map")
        self.action.toggled.connect(self.set_shown)
        window.addAction(self.action)
        window.commands.view_menu.insertAction(window.commands.dark, self.action)
        self.button = QToolButton()
        self.button.setDefaultAction(self.action)
        self.button.setText("Side panel")
        self.button.setAutoRaise(True)
        window.statusBar().addPermanentWidget(self.button)
        window.installEventFilter(self)          # closing: the width as it is then is remembered

    def default_width(self) -> int:
        return WIDTH_LAPTOP if available_rect(self.w).width() < 1500 else WIDTH_WIDE

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
        w = self.w
        return [d for d in w.findChildren(QDockWidget)
                if not d.isFloating() and w.dockWidgetArea(d) == Qt.RightDockWidgetArea]

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
        self.w.resizeDocks([self.docks[0]], [getattr(self, "_width", self.default_width())], Qt.Horizontal)
        self.room_for_nations()

    @guarded
    def room_for_nations(self) -> None:
        """Below the orders, room for every nation's row (the dock's title and the Nations |
        Results tabs included) when the Nations dock has less and the orders can spare it."""
        w = self.w
        if not self.action.isChecked() or not self.docks[1].isVisible() and not self.docks[2].isVisible():
            return
        nations = w.nations_panel.preferred_height() + 2 * w.fontMetrics().height() + 16
        lower = max(self.docks[1].height(), self.docks[2].height())
        total = self.docks[0].height() + lower
        if lower < nations and total > nations + 160:
            w.resizeDocks([self.docks[0], self.docks[1]], [total - nations, nations], Qt.Vertical)

    @guarded(default=False)
    def eventFilter(self, obj, event) -> bool:
        if obj is self.w:
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
