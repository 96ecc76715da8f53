"""The history slider: look at the game submission by submission, or watch it replayed.

Drag the slider to see the world after any submission; the right end is the present.
The play button replays the game from where the slider is (from the start when it is at
the present), one submission per step at the chosen speed, on a timer (the window stays
responsive); it pauses at the present, on the pause button, when the slider is grabbed,
and, wired by the window (:mod:`app.ui.window.history_controls`), when the player clicks,
drags, scrolls or types in the view; the window also keeps the boards each step makes in
view (the results list follows the submission shown by itself:
:class:`app.ui.panels.results.ResultsFollower`).
"""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QPushButton, QSlider, QWidget

from ..guard import guarded

SPEEDS = ((0.5, "0.5 s"), (1.0, "1 s"), (2.0, "2 s"))
"""Seconds per submission offered for a replay (the default is the middle one)."""


class JumpSlider(QSlider):
    """A slider whose groove, clicked, jumps to the click (not one step towards it); the
    handle, then under the mouse, can be dragged on at once."""

    @guarded
    def mousePressEvent(self, event) -> None:
        if event.button() == Qt.LeftButton and self.maximum() > self.minimum():
            # here, not at import: PySide makes QStyle's ~800 enum members (~16 ms) when the
            # class is first named, and the start's first frame never needs them
            from PySide6.QtWidgets import QStyle, QStyleOptionSlider
            opt = QStyleOptionSlider()
            self.initStyleOption(opt)
            style = self.style()
            handle = style.subControlRect(QStyle.CC_Slider, opt, QStyle.SC_SliderHandle, self)
            at = event.position().toPoint()
            if not handle.contains(at):
                groove = style.subControlRect(QStyle.CC_Slider, opt, QStyle.SC_SliderGroove, self)
                span = groove.width() - handle.width()
                x = at.x() - groove.x() - handle.width() // 2
                self.setValue(QStyle.sliderValueFromPosition(self.minimum(), self.maximum(), x, max(1, span),
                                                             opt.upsideDown))
        super().mousePressEvent(event)


class HistoryBar(QWidget):
    moved = Signal(int)
    stepped = Signal(int)          # a replay showed the world after this submission
    playing_changed = Signal(bool)

    def __init__(self, parent=None):
        super().__init__(parent)
        # the game's number of the i-th world shown (a table across computers joined late
        # starts at the server's count: app.net.remote_rounds.SeenRounds.number)
        self.number: Callable[[int], int] = int
        lay = QHBoxLayout(self)
        lay.setContentsMargins(8, 2, 8, 2)
        lab = QLabel("History")
        _f = lab.font(); _f.setBold(True); lab.setFont(_f)
        lay.addWidget(lab)
        self.play_button = QPushButton("▶ Play")
        self.play_button.setCheckable(True)
        self.play_button.setToolTip("Replay the game submission by submission from here "
                                    "(from the start when at the present); click again to pause")
        self.play_button.toggled.connect(self._toggled)
        lay.addWidget(self.play_button)
        self.speed = QComboBox()
        for secs, text in SPEEDS:
            self.speed.addItem(text + " / step", secs)
        self.speed.setCurrentIndex(1)
        self.speed.setToolTip("Replay speed: seconds per submission")
        self.speed.currentIndexChanged.connect(lambda _: self.timer.setInterval(self.step_ms()))
        lay.addWidget(self.speed)
        self.slider = JumpSlider(Qt.Horizontal)
        self.slider.setMinimum(0)
        self.slider.setPageStep(1)
        self.slider.setTickPosition(QSlider.TicksBelow)
        self.slider.setToolTip("Drag to replay the game submission by submission; the right end is the present")
        self.slider.valueChanged.connect(self.moved.emit)
        self.slider.sliderPressed.connect(lambda: self.pause("the slider was moved"))
        lay.addWidget(self.slider, 1)
        self.label = QLabel("")
        self.label.setMinimumWidth(210)
        lay.addWidget(self.label)
        self.live = QPushButton("Back to the present")
        self.live.setToolTip("Leave the replay")
        self.live.clicked.connect(self._to_present)
        lay.addWidget(self.live)
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.step)
        self.pace: float | None = None     # seconds per step set elsewhere (follow_pace)
        self.stopped_because = ""
        self.blocked = lambda: ""      # the window's say: why a step may not be taken now ("": it may)

    # -- replay --------------------------------------------------------------------------
    @property
    def playing(self) -> bool:
        return self.timer.isActive()

    def step_ms(self) -> int:
        if self.pace is not None:
            return round(1000 * self.pace)
        return round(1000 * (self.speed.currentData() or 1.0))

    def follow_pace(self, seconds: float | None) -> None:
        """Replay at ``seconds`` per submission, set elsewhere (watching the computer play:
        the watch bar's speed), its own speed box hidden; None: the box's speed again."""
        changed, self.pace = seconds != self.pace, seconds
        self.speed.setVisible(seconds is None)
        if changed and self.timer.isActive():
            self.timer.setInterval(self.step_ms())

    def play(self, step_ms: int | None = None) -> bool:
        """Start replaying (from the start if at the present). False when there is nothing
        to replay (no submission yet)."""
        n = self.slider.maximum()
        if n == 0:
            self.pause("there is no submission to replay yet")
            return False
        if self.slider.value() >= n:
            self.slider.setValue(0)
        self.timer.start(step_ms if step_ms is not None else self.step_ms())
        self.stopped_because = ""
        self._show_playing(True)
        return True

    def pause(self, why: str = "") -> None:
        """Stop replaying where it is (``why``: what stopped it, for the player)."""
        was = self.timer.isActive()
        self.timer.stop()
        if why and was:
            self.stopped_because = why
        self._show_playing(False)

    def step(self) -> None:
        """Show the next submission's world; pause at the present."""
        v, n = self.slider.value(), self.slider.maximum()
        if v >= n:
            self.pause("the replay reached the present")
            return
        why = self.blocked()
        if why:
            self.pause(why)
            return
        self.slider.setValue(v + 1)
        self.stepped.emit(v + 1)
        if v + 1 >= n:
            self.pause("the replay reached the present")

    def _toggled(self, on: bool) -> None:
        if on and not self.timer.isActive():
            if not self.play():
                self._show_playing(False)
        elif not on and self.timer.isActive():
            self.pause("paused")

    def _show_playing(self, on: bool) -> None:
        self.play_button.blockSignals(True)
        self.play_button.setChecked(on)
        self.play_button.blockSignals(False)
        self.play_button.setText("❚❚ Pause" if on else "▶ Play")
        self.playing_changed.emit(on)

    def _to_present(self) -> None:
        self.pause("back to the present")
        self.slider.setValue(self.slider.maximum())

    # -- the slider ----------------------------------------------------------------------
    def set_count(self, n: int, value: int | None = None) -> None:
        self.slider.blockSignals(True)
        self.slider.setMaximum(max(0, n))
        self.slider.setValue(n if value is None else value)
        self.slider.blockSignals(False)
        self.play_button.setEnabled(n > 0)
        self.update_label()

    def update_label(self) -> None:
        v, n = self.slider.value(), self.slider.maximum()
        v, n = self.number(v), self.number(n)
        if self.slider.value() == self.slider.maximum():
            self.label.setText(f"Present · {n} submission{'s' if n != 1 else ''}")
            self.live.setEnabled(False)
        else:
            self.label.setText(f"Replay: after submission {v} of {n}" if v else f"Replay: the start (of {n})")
            self.live.setEnabled(True)


def new_boards_at(game, i: int) -> list:
    """The boards submission ``i`` made (from the game's history index)."""
    game._ensure_index()
    return [k for k, at in game.index.born.items() if at == i]
