"""Watching the computer play (RULES.md §6), in the window: a bar with Pause/Play, Step, the
speed (0.5–10 s per submission; the window's only speed control while watching: the
history bar's replay follows it) and "Take over a nation…" (at a pause), and the driver that
starts each submission on the window's adjudication thread (the computer thinks there, the
window never waits) and frames the boards it changed."""

from __future__ import annotations

import time

from PySide6.QtCore import QObject, QRectF, Qt, QTimer
from PySide6.QtWidgets import QLabel, QMainWindow, QSlider, QToolBar, QToolButton

from app.match.table.watching import FASTEST, SLOWEST, boards_to_frame

from ..guard import guarded
from .services import TableUIServices

STEPS_PER_SECOND = 2        # the speed slider moves in half seconds


class WatchBar(QToolBar):
    def __init__(self, parent=None):
        super().__init__("Watching", parent)
        self.setObjectName("watching")
        self.setMovable(False)
        self.title = QLabel("<b>Watching the computer play</b>")
        self.addWidget(self.title)
        self.addSeparator()
        self.play_btn = QToolButton()
        self.play_btn.setText("‖ Pause")
        self.play_btn.setToolTip("Pause or play on (Space)")
        self.play_btn.setShortcut(Qt.Key_Space)
        self.addWidget(self.play_btn)
        self.step_btn = QToolButton()
        self.step_btn.setText("Step ▸")
        self.step_btn.setToolTip("One submission, then pause again")
        self.addWidget(self.step_btn)
        self.addSeparator()
        self.addWidget(QLabel(" Speed "))
        self.speed = QSlider(Qt.Horizontal)
        self.speed.setRange(int(FASTEST * STEPS_PER_SECOND), int(SLOWEST * STEPS_PER_SECOND))
        self.speed.setInvertedAppearance(True)          # right is faster
        self.speed.setFixedWidth(140)
        self.speed.setToolTip(f"Seconds per submission: {SLOWEST:g} (left) to {FASTEST:g} (right)")
        self.addWidget(self.speed)
        self.speed_label = QLabel("")
        self.speed_label.setMinimumWidth(120)
        self.addWidget(self.speed_label)
        self.addSeparator()
        self.take_btn = QToolButton()
        self.take_btn.setText("Take over a nation…")
        self.take_btn.setToolTip("Pause first: then a person can take over any nation")
        self.addWidget(self.take_btn)
        self.state = QLabel("")
        self.addWidget(self.state)


class Watcher(QObject):
    """Drives the watching of the window's match (its :class:`~app.match.table.watching.Autoplay`)."""

    def __init__(self, parent: QMainWindow, services: TableUIServices, take_over):
        """``parent``: the main window (the bar goes on a toolbar row of its own there);
        ``take_over``: what the bar's Take over button does."""
        super().__init__(parent)
        self.s = services
        self.bar = WatchBar(parent)
        parent.addToolBarBreak()
        parent.addToolBar(Qt.TopToolBarArea, self.bar)
        self.bar.setVisible(False)
        self.timer = QTimer(self, singleShot=True, timeout=self.step_now)
        self.clock = time.monotonic        # tests put a fake clock here
        self.started = 0.0
        self.bar.play_btn.clicked.connect(self.toggle)
        self.bar.step_btn.clicked.connect(self.step)
        self.bar.speed.valueChanged.connect(self._speed_changed)
        self.bar.take_btn.clicked.connect(take_over)

    @property
    def auto(self):
        m = self.s.match()
        return m.table.watch if m is not None else None

    @property
    def watching(self) -> bool:
        return self.auto is not None and self.auto.can_watch

    def attach(self) -> None:
        """A new or changed match: show the bar if it can be watched, and go on playing."""
        self.timer.stop()
        on = self.watching
        self.bar.setVisible(on)
        # one speed on screen: while watching, the history's replay goes at the watching's pace
        self.s.follow_pace(self.auto.seconds if on else None)
        if on:
            self.bar.speed.blockSignals(True)
            self.bar.speed.setValue(round(self.auto.seconds * STEPS_PER_SECOND))
            self.bar.speed.blockSignals(False)
            self.schedule()
        self.show_state()

    def show_state(self) -> None:
        a = self.auto
        if a is None:
            return
        self.bar.play_btn.setText("‖ Pause" if a.playing else "▶ Play")
        self.bar.step_btn.setEnabled(not a.playing and not self.s.busy())
        self.bar.take_btn.setEnabled(not a.playing and not self.s.busy())
        self.bar.speed_label.setText(f"{a.seconds:g} s per submission")
        n = len(self.s.match().game.submissions)
        self.bar.state.setText(f"   Submission {n}" + ("" if a.playing else " — paused"))

    def schedule(self) -> None:
        """The next submission, ``seconds`` after the last one started."""
        a = self.auto
        wait = a.next_in() if a is not None else None
        if wait is None or self.s.busy():
            return
        left = max(0.0, wait - (self.clock() - self.started)) if self.started else wait
        self.timer.start(int(left * 1000))

    @guarded
    def step_now(self) -> None:
        """Start one submission on the adjudication thread (if still watching, not busy)."""
        w = self.s
        if not self.watching or w.busy():
            return
        if w.replaying():
            w.show_present()
        self.started = self.clock()
        w.adjudicate()
        self.show_state()

    @guarded
    def toggle(self, *_) -> None:
        a = self.auto
        if a is None or not self.watching:
            return
        if a.playing:
            a.pause()
            self.timer.stop()
            self.s.set_status("Paused. Step plays one submission; a person can take over any nation now.")
        else:
            a.play()
            self.schedule()
            self.s.set_status("Playing on.")
        self.show_state()

    @guarded
    def step(self, *_) -> None:
        a = self.auto
        if a is not None and not a.playing:
            self.step_now()

    @guarded
    def _speed_changed(self, value: int) -> None:
        a = self.auto
        if a is not None:
            a.set_speed(value / STEPS_PER_SECOND)
            self.s.follow_pace(a.seconds)
            if a.playing and self.timer.isActive():
                self.schedule()
            self.show_state()

    def after_submission(self, report) -> None:
        """Frame the boards the submission changed, then schedule the next one."""
        if self.auto is None:
            return
        if self.bar.isVisible():
            self.frame(boards_to_frame(report))
        if not self.watching:
            if self.s.match().world.phase != "over":
                self.bar.setVisible(False)
                self.s.follow_pace(None)        # a person plays: the replay's own speed again
            else:
                self.show_state()
            if self.s.match().world.phase == "over":
                self.bar.state.setText(f"   {self.s.match().world.winner} has won.")
            return
        self.show_state()
        self.schedule()

    def frame(self, keys) -> None:
        """Fit the view to ``keys``' boards (readable: at most a board and a half across).
        When they are all in view already the view stays still: calmer to watch, and the
        boards need not be drawn again at another scale."""
        view, scene = self.s.view(), self.s.scene()
        if view is None or not keys:
            return
        lay = scene.layout
        r = QRectF()
        for k in keys:
            r = r.united(lay.rect(k))
        r.adjust(0, -lay.gap_y * 0.5, 0, 0)                 # the boards' titles, drawn above them
        seen = view.mapToScene(view.free_rect().toRect()).boundingRect()
        if seen.contains(r) and r.width() > 0.5 * seen.width():
            return
        vw = max(1, view.viewport().width())
        view.fit_rect(r, max_scale=vw / (lay.board_w * 1.5))
