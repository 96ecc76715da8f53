"""The window's docks (orders with the console, nations, results, history) and its status bar."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QDockWidget, QLabel, QProgressBar, QTabBar, QWidget

from ..guard import guarded
from ..message_label import MessageLabel
from ..panels.history import HistoryBar
from ..panels.nations import NationsPanel
from ..panels.orders import OrdersPanel
from ..panels.results import ResultsPanel


def build_docks(w) -> None:
    """Create ``w.orders_panel``, ``w.nations_panel``, ``w.results_panel``, ``w.history`` in docks (``w.docks``)."""
    w.orders_panel = OrdersPanel()
    w.nations_panel = NationsPanel()
    w.history = HistoryBar()
    d1 = QDockWidget("Orders", w)
    d1.setObjectName("orders")
    d1.setWidget(w.orders_panel)
    # The dock's own title says whose orders and how many; a second heading inside said it again.
    w.orders_panel.title.hide()
    w.orders_panel.retitled.connect(d1.setWindowTitle)
    d1.setWindowTitle(w.orders_panel.title.text())
    # Not floatable: a floating dock is a window of its own the hotseat curtain cannot cover.
    d1.setFeatures(QDockWidget.DockWidgetMovable)
    w.addDockWidget(Qt.RightDockWidgetArea, d1)
    d2 = QDockWidget("Nations", w)
    d2.setObjectName("nations")
    d2.setWidget(w.nations_panel)
    d2.setFeatures(QDockWidget.DockWidgetMovable)
    w.addDockWidget(Qt.RightDockWidgetArea, d2)
    w.results_panel = ResultsPanel()
    d4 = QDockWidget("Results", w)
    d4.setObjectName("results")
    d4.setWidget(w.results_panel)
    d4.setFeatures(QDockWidget.DockWidgetMovable)
    w.addDockWidget(Qt.RightDockWidgetArea, d4)
    w.tabifyDockWidget(d2, d4)       # beside the nations: the window still fits 768 px
    d2.raise_()
    w.results_dock = d4
    w.resizeDocks([d1, d2], [360, 360], Qt.Horizontal)
    w.resizeDocks([d1, d2], [560, 330], Qt.Vertical)
    d3 = QDockWidget("History", w)
    d3.setObjectName("history")
    d3.setWidget(w.history)
    d3.setTitleBarWidget(QWidget())
    d3.setFeatures(QDockWidget.NoDockWidgetFeatures)
    w.addDockWidget(Qt.BottomDockWidgetArea, d3)
    w.docks = (d1, d2, d3, d4)
    # The main window makes new tab bars as docks are moved and tabbed: one pass over them
    # once the loop runs, however many docks moved (a start moved them five times, and each
    # pass, which looks at every object of the window, cost ~3 ms before the first frame).
    w.tabs_timer = QTimer(w, singleShot=True, interval=0, timeout=guarded(lambda: tabs_take_no_focus(w)))
    w.tabs_timer.start()
    for d in w.docks:
        d.dockLocationChanged.connect(lambda _area: w.tabs_timer.start())


def tabs_take_no_focus(w) -> None:
    """The docks' tab bars (Nations | Results) never take the keyboard focus: the arrow keys
    stay with the boards (they pan) instead of switching tabs. Their names are never cut to
    "Nat…": six docks side by side (a civilisations seat's) scroll instead."""
    for bar in w.findChildren(QTabBar):
        bar.setFocusPolicy(Qt.NoFocus)
        bar.setElideMode(Qt.ElideNone)
        bar.setUsesScrollButtons(True)


def build_status(w) -> None:
    sb = w.statusBar()
    w.status_label = MessageLabel(bold=True, wrap=False, elide=True)
    w.status_label.setMinimumWidth(300)
    sb.addWidget(w.status_label, 1)
    w.hover_label = QLabel("")
    w.hover_label.setContentsMargins(12, 0, 0, 0)    # the province name stands apart from the message
    sb.addPermanentWidget(w.hover_label)
    w.progress = QProgressBar()
    w.progress.setRange(0, 0)
    w.progress.setMaximumWidth(160)
    w.progress.setVisible(False)
    sb.addPermanentWidget(w.progress)
    w.adjacency_label = QLabel("")        # the game's adjacency mode, always in sight
    sb.addPermanentWidget(w.adjacency_label)
    w.zoom_label = QLabel("")
    sb.addPermanentWidget(w.zoom_label)
