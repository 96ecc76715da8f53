"""The centre chart dock: each nation's victory count after every submission (RULES.md §5)
or its centres on one timeline, as a chart, with the order statistics beneath and PNG/CSV
export.

The series and statistics are the match layer's (:mod:`app.match.chart`); reading past
worlds is work in proportion to the game, so it runs on a worker thread from a snapshot of
the game, only while the dock is shown, and keeps what it has read (after a submission only
the new world is read). Under fog of war, and while the hotseat curtain is up, it shows
only what the seat at the table may see (:func:`app.match.chart.visible_nations`).
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import (QComboBox, QFileDialog, QHBoxLayout, QLabel, QPushButton, QSizePolicy, QTableWidget,
                               QTableWidgetItem, QTabWidget, QVBoxLayout, QWidget, QHeaderView, QAbstractItemView)

from app.engine import write_text_atomic

from ..disk import image_bytes, write_bytes_atomic
from ..guard import guarded
from .services import StudioServices
from .chart_art import chart_image, paint_chart

if TYPE_CHECKING:                     # the chart's engine is imported when a chart is first built
    from app.match.chart import CentreChart


class ChartCanvas(QWidget):
    """Paints the chart (one path per nation; cheap at any length)."""

    def __init__(self, pane: "ChartPane"):
        super().__init__()
        self.pane = pane
        self.setMinimumHeight(30)          # the dock shares its column: the window must still fit small screens
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Expanding)
        self.last_paint_s = 0.0
        self.note_drawn: tuple[str, float] | None = None     # the fog of war's note and its room

    def sizeHint(self) -> QSize:
        return QSize(320, 220)

    @guarded
    def paintEvent(self, event) -> None:
        t0 = time.perf_counter()
        p = QPainter(self)
        theme = self.pane.s.theme()
        p.fillRect(self.rect(), theme.base)
        chart = self.pane.shown
        if chart is None or not chart.nations:
            p.setPen(theme.text)
            p.drawText(self.rect().adjusted(8, 8, -8, -8), Qt.AlignCenter | Qt.TextWordWrap, self.pane.empty_text)
        else:
            grid = theme.text.lighter(300) if theme.name == "light" else theme.text.darker(260)
            self.note_drawn = paint_chart(p, QRectF(self.rect()).adjusted(6, 6, -6, -6), chart,
                                          self.pane.timeline(), self.pane.colours(), theme.text, grid,
                                          theme.font_family)
        p.end()
        self.last_paint_s = time.perf_counter() - t0


class _Built(QObject):
    done = Signal(int, object, object)        # generation, CentreChart, order stats


class ChartPane(QWidget):
    """See the module docstring. ``shown`` is the chart on screen (already cut to what the
    seat may see); ``stats`` the statistics on screen."""

    def __init__(self, services: StudioServices):
        super().__init__()
        self.s = services
        self.builder = None                   # made at the first build (the start never builds one)
        self.stats_builder = None
        self._game = None
        self.full: CentreChart | None = None
        self.shown: CentreChart | None = None
        self.stats: dict = {}
        self.empty_text = "No game."
        self.generation = 0
        self.busy = False
        self._again = False
        self.on_screen = False
        self.built = _Built()
        self.built.done.connect(self._arrived, Qt.QueuedConnection)
        self._thread: threading.Thread | None = None
        self.last_build_s = 0.0
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 6, 6, 6)
        lay.setSpacing(4)
        top = QHBoxLayout()
        self.which = QComboBox()
        self.which.setToolTip("All timelines: the victory count (distinct centres on the active boards); "
                              "or the centres owned on one timeline's active board")
        self.which.setSizeAdjustPolicy(QComboBox.AdjustToContents)    # never cut to "All timelines —"
        self.which.currentIndexChanged.connect(lambda _i: self.canvas.update())
        top.addWidget(self.which, 1)
        self.png_button = QPushButton("PNG…")
        self.png_button.setToolTip("Export the chart as a PNG image")
        self.png_button.clicked.connect(lambda: self.export_png())
        self.csv_button = QPushButton("CSV…")
        self.csv_button.setToolTip("Export the counts as CSV (one row per submission and timeline)")
        self.csv_button.clicked.connect(lambda: self.export_csv())
        for button in (self.png_button, self.csv_button):
            # as wide as their words, not the style's 80 px: the timeline choice keeps its room
            button.setMinimumWidth(button.fontMetrics().horizontalAdvance(button.text()) + 24)
            button.setSizePolicy(QSizePolicy.Minimum, QSizePolicy.Fixed)
            button.setMaximumWidth(button.minimumWidth())
            top.addWidget(button)
        lay.addLayout(top)
        self.canvas = ChartCanvas(self)
        # the chart and the statistics take turns in the dock's height (it shares a column)
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(self.canvas, "Centres")
        lay.addWidget(self.tabs, 1)
        self.note = QLabel("")
        self.note.setWordWrap(True)
        self.note.setVisible(False)
        lay.addWidget(self.note)
        self.table = QTableWidget(0, 5)
        self.table.setHorizontalHeaderLabels(["Orders", "given", "succeeded", "failed", "invalid"])
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QAbstractItemView.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.NoSelection)
        # the counts as wide as their headers, the nations' names take the rest: on a laptop the
        # last column ("invalid") was cut by the panel's edge behind a sideways scroll bar
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.Stretch)
        header.setStretchLastSection(False)
        self.table.setMinimumHeight(30)
        self.table.setToolTip("What became of each nation's orders over the game (results as they stand now)")
        self.tabs.addTab(self.table, "Order statistics")
        self.timer = QTimer(self, singleShot=True, interval=250, timeout=self.build)
        self._set_enabled(False)

    # -- what is shown -------------------------------------------------------------------------
    def timeline(self) -> int | None:
        data = self.which.currentData()
        return data if isinstance(data, int) else None

    def colours(self) -> dict[str, str]:
        v = self.s.game().variant if self.s.game() is not None else None
        return {n: x.colour for n, x in v.nations.items()} if v is not None else {}

    def _set_enabled(self, on: bool) -> None:
        for b in (self.png_button, self.csv_button, self.which):
            b.setEnabled(on)

    def forget(self) -> None:
        """Nothing shown (the curtain is up, or the match goes away)."""
        self.generation += 1
        self.shown = None
        self.stats = {}
        self.table.setRowCount(0)
        self.which.blockSignals(True)
        self.which.clear()
        self.which.blockSignals(False)
        self.note.setText("")
        self.note.setVisible(False)
        self.empty_text = "Nobody is at the table."
        self._set_enabled(False)
        self.canvas.update()

    # -- building (off the GUI thread) ---------------------------------------------------------
    def changed(self) -> None:
        """The game or the seat changed: build again soon (only while the pane is seen)."""
        m = self.s.match()
        if m is None:
            self.forget()
            return
        if m.game is not self._game:
            self._game = m.game
            self.builder = self.stats_builder = None     # the next build starts afresh
            self.full = None
        if self.s.seat() is None or self.s.curtain_up():
            self.forget()
            return
        if self.on_screen or not self.visibleRegion().isEmpty():
            self.timer.start()

    def build(self) -> None:
        m = self.s.match()
        if m is None or self.s.seat() is None or self.s.curtain_up():
            return
        if self.busy:                        # one build at a time: the builder keeps its rows
            self._again = True
            return
        self._again = False
        self.generation += 1
        gen = self.generation
        from app.match.chart import ChartBuilder, StatsBuilder, visible_nations
        if self.builder is None:
            self.builder, self.stats_builder = ChartBuilder(), StatsBuilder()
        snap = m.game.snapshot()            # a copy to read while the game goes on (about a millisecond)
        nations = visible_nations(m, self.s.seat())
        builder, stats_builder = self.builder, self.stats_builder
        victory = m.victory
        self.busy = True

        built = self.built

        def run():
            t0 = time.thread_time()
            try:
                chart = builder.build(snap, victory=victory)
                stats = stats_builder.build(snap, nations)
                self.last_build_s = time.thread_time() - t0
                out = (gen, chart, (stats, nations))
            except Exception as e:          # shown in the pane; the game is untouched
                out = (gen, e, None)
            try:
                built.done.emit(*out)
            except RuntimeError:            # the window closed meanwhile
                pass
        self._thread = threading.Thread(target=run, name="centre-chart", daemon=True)
        self._thread.start()

    def wait(self, timeout: float = 30.0) -> None:
        """Wait for a build running now (tests, benchmarks); its result arrives as an event."""
        if self._thread is not None:
            self._thread.join(timeout)

    @guarded
    def _arrived(self, gen: int, chart, extra) -> None:
        self.busy = False
        if self._again:
            self.build()
            return
        if gen != self.generation or self.s.seat() is None or self.s.curtain_up():
            return                            # stale: the game or the seat changed meanwhile
        if isinstance(chart, Exception):
            self.shown = None
            self.empty_text = f"The chart could not be made: {chart}"
            self.canvas.update()
            return
        stats, nations = extra
        self.full = chart
        self.shown = chart.only(nations)
        self.stats = stats
        self._fill_timelines()
        self._fill_table()
        from app.match.chart import hidden_note
        note = hidden_note(self.s.match(), nations)
        self.note.setText(note)
        self.note.setVisible(bool(note))
        self.empty_text = "No nation of yours to chart." if not nations else ""
        self._set_enabled(bool(nations))
        self.canvas.update()

    def _fill_timelines(self) -> None:
        keep = self.timeline()
        self.which.blockSignals(True)
        self.which.clear()
        self.which.addItem("All timelines", None)     # short: the side panel is narrow (the tooltip says more)
        for t in self.shown.timelines:
            self.which.addItem(f"Timeline {t}", t)
        i = self.which.findData(keep) if keep is not None else 0
        self.which.setCurrentIndex(max(i, 0))
        self.which.blockSignals(False)

    def _fill_table(self) -> None:
        rows = [(n, s) for n, s in self.stats.items()]
        self.table.setRowCount(len(rows))
        for r, (n, s) in enumerate(rows):
            for c, value in enumerate((n, s.given, s.succeeded, s.failed, s.invalid)):
                item = QTableWidgetItem(str(value))
                if c:
                    item.setTextAlignment(Qt.AlignRight | Qt.AlignVCenter)
                self.table.setItem(r, c, item)

    # -- export --------------------------------------------------------------------------------
    def export_png(self, path: str | None = None) -> bool:
        if self.shown is None or not self.shown.nations:
            return False
        if path is None:
            path, _ = QFileDialog.getSaveFileName(self.window(), "Export the centre chart", "centres.png", "PNG image (*.png)")
            if not path:
                return False
        t = self.timeline()
        title = "Victory count (distinct centres on active boards)" if t is None else f"Centres on timeline {t}"
        img = chart_image(self.shown, t, self.colours(), dark=self.s.theme().name == "dark", title=title)
        try:
            write_bytes_atomic(path, image_bytes(img))
        except (OSError, ValueError) as e:
            self.s.set_status(f"Could not write {path}: {getattr(e, 'strerror', None) or e}", error=True)
            return False
        self.s.set_status(f"Chart saved: {path}")
        return True

    def export_csv(self, path: str | None = None) -> bool:
        if self.shown is None or not self.shown.nations:
            return False
        if path is None:
            path, _ = QFileDialog.getSaveFileName(self.window(), "Export the centre counts", "centres.csv", "CSV (*.csv)")
            if not path:
                return False
        try:
            write_text_atomic(Path(path), self.shown.to_csv())
        except OSError as e:
            self.s.set_status(f"Could not write {path}: {e.strerror or e}", error=True)
            return False
        self.s.set_status(f"Counts saved: {path}")
        return True

    @guarded
    def dock_shown(self, on: bool) -> None:
        """The dock's tab came to the front (or went behind another): a tabbed dock behind
        another stays "visible" to Qt, so the dock says when it is really seen."""
        self.on_screen = on
        if on and self.s.match() is not None:
            self.changed()
