"""The window's docks (orders with the console, nations, results, history) and its status bar."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QDockWidget, QLabel, QProgressBar, QTabBar, QWidget

from ..guard import guarded
from ..message_label import MessageLabel
from ..panels.history import HistoryBar
from ..panels.nations import NationsPanel
from ..panels.orders import OrdersPanel
from ..panels.results import ResultsPanel


@dataclass(frozen=True)
class Docks:
    orders_panel: OrdersPanel
    nations_panel: NationsPanel
    results_panel: ResultsPanel
    history: HistoryBar
    results_dock: QDockWidget
    docks: tuple[QDockWidget, ...]              # orders, nations, history, results


def build_docks(w) -> Docks:
    """The panels in their docks on the main window ``w``."""
    orders_panel = OrdersPanel()
    nations_panel = NationsPanel()
    history = HistoryBar()
    d1 = QDockWidget("Orders", w)
    d1.setObjectName("orders")
    d1.setWidget(orders_panel)
    # The dock's own title says whose orders and how many; a second heading inside said it again.
    orders_panel.title.hide()
    orders_panel.retitled.connect(d1.setWindowTitle)
    d1.setWindowTitle(orders_panel.title.text())
    # Not floatable: a floating dock is a window of its own the hotseat curtain cannot cover.
    d1.setFeatures(QDockWidget.DockWidgetMovable)
    w.addDockWidget(Qt.RightDockWidgetArea, d1)
    d2 = QDockWidget("Nations", w)
    d2.setObjectName("nations")
    d2.setWidget(nations_panel)
    d2.setFeatures(QDockWidget.DockWidgetMovable)
    w.addDockWidget(Qt.RightDockWidgetArea, d2)
    results_panel = ResultsPanel()
    d4 = QDockWidget("Results", w)
    d4.setObjectName("results")
    d4.setWidget(results_panel)
    d4.setFeatures(QDockWidget.DockWidgetMovable)
    w.addDockWidget(Qt.RightDockWidgetArea, d4)
    w.tabifyDockWidget(d2, d4)       # beside the nations: the window still fits 768 px
    d2.raise_()
    w.resizeDocks([d1, d2], [360, 360], Qt.Horizontal)
    w.resizeDocks([d1, d2], [560, 330], Qt.Vertical)
    d3 = QDockWidget("History", w)
    d3.setObjectName("history")
    d3.setWidget(history)
    d3.setTitleBarWidget(QWidget())
    d3.setFeatures(QDockWidget.NoDockWidgetFeatures)
    w.addDockWidget(Qt.BottomDockWidgetArea, d3)
    docks = (d1, d2, d3, d4)
    # The main window makes new tab bars as docks are moved and tabbed: one pass over them
    # once the loop runs, however many docks moved (a start moved them five times, and each
    # pass, which looks at every object of the window, cost ~3 ms before the first frame).
    tabs_timer = QTimer(w, singleShot=True, interval=0, timeout=guarded(lambda: tabs_take_no_focus(w)))
    tabs_timer.start()
    for d in docks:
        d.dockLocationChanged.connect(lambda _area: tabs_timer.start())
    return Docks(orders_panel, nations_panel, results_panel, history, d4, docks)


def tabs_take_no_focus(w) -> None:
    """The docks' tab bars (Nations | Results) never take the keyboard focus: the arrow keys
    stay with the boards (they pan) instead of switching tabs. Their names are never cut to
    "Nat…": six docks side by side (a civilisations seat's) scroll instead."""
    for bar in w.findChildren(QTabBar):
        bar.setFocusPolicy(Qt.NoFocus)
        bar.setElideMode(Qt.ElideNone)
        bar.setUsesScrollButtons(True)


@dataclass(frozen=True)
class StatusBar:
    status_label: MessageLabel
    hover_label: QLabel               # the province under the mouse
    progress: QProgressBar            # busy: adjudicating, the computer players deciding
    adjacency_label: QLabel           # the game's adjacency mode, always in sight
    zoom_label: QLabel


def build_status(w) -> StatusBar:
    """The labels and the progress bar of ``w``'s status bar."""
    sb = w.statusBar()
    status_label = MessageLabel(bold=True, wrap=False, elide=True)
    status_label.setMinimumWidth(300)
    sb.addWidget(status_label, 1)
    hover_label = QLabel("")
    hover_label.setContentsMargins(12, 0, 0, 0)    # the province name stands apart from the message
    sb.addPermanentWidget(hover_label)
    progress = QProgressBar()
    progress.setRange(0, 0)
    progress.setMaximumWidth(160)
    progress.setVisible(False)
    sb.addPermanentWidget(progress)
    adjacency_label = QLabel("")
    sb.addPermanentWidget(adjacency_label)
    zoom_label = QLabel("")
    sb.addPermanentWidget(zoom_label)
    return StatusBar(status_label, hover_label, progress, adjacency_label, zoom_label)
