"""The history slider: look at the game submission by submission, or watch it replayed.

Drag the slider to see the world after any submission; the right end is the present.
The play button replays the game from where the slider is (from the start when it is at
the present), one submission per step at the chosen speed, on a timer (the window stays
responsive); it pauses at the present, on the pause button, when the slider is grabbed,
and — through :func:`add_replay` — when the player clicks, drags, scrolls or types in the
view. :func:`add_replay` also keeps the boards each step makes in view (the results list
follows the submission shown by itself: :class:`app.ui.panels.results.ResultsFollower`).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
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
        if v == n:
            self.label.setText(f"Present · {n} submission{'s' if n != 1 else ''}")
            self.live.setEnabled(False)
        else:
            self.label.setText(f"Replay: after submission {v} of {n}" if v else f"Replay: the start (of {n})")
            self.live.setEnabled(True)


# -- the window's side of a replay ------------------------------------------------------------


class _Interrupt(QObject):
    """Pauses the replay when the player acts in the view (press, wheel, key)."""

    KINDS = (QEvent.MouseButtonPress, QEvent.Wheel, QEvent.KeyPress, QEvent.TouchBegin)

    def __init__(self, w, bar: HistoryBar):
        super().__init__(bar)
        self.w, self.bar = w, bar

    @guarded(default=False)
    def eventFilter(self, obj, event) -> bool:
        if self.bar.playing and event.type() in self.KINDS:
            self.bar.pause("you took over the view")
            self.w.set_status("Replay paused: you took over the view (▶ Play goes on).")
        return False


def new_boards_at(game, i: int) -> list:
    """The boards submission ``i`` made (from the game's history index)."""
    game._ensure_index()
    return [k for k, at in game.index.born.items() if at == i]


def follow(w, i: int, only_if_hidden: bool = False) -> None:
    """Frame the boards submission ``i`` made in the view (``only_if_hidden``: when none of
    them is in view)."""
    if w.view is None or w.scene is None or w.match is None:
        return
    w.view.frame_boards([k for k in new_boards_at(w.game, i) if k in w.scene.items_by_key], only_if_hidden)
    n = len(w.game.submissions)
    w.set_status(f"Replay: submission {i} of {n}" + (" — the present." if i >= n else "  (▶/❚❚ on the history bar)"))


@guarded
def step_history(w, where: str) -> None:
    """The history keys (as jDip has them): ``"back"`` / ``"on"`` one submission (Ctrl+PgUp,
    Ctrl+PgDn), ``"start"`` / ``"present"`` (Ctrl+Home, Ctrl+End). The boards the shown
    submission made are brought into view when none of them is."""
    if w.match is None or w.busy:
        return
    bar: HistoryBar = w.history
    bar.pause("you moved through the history")
    n = bar.slider.maximum()
    v = bar.slider.value()
    target = {"back": v - 1, "on": v + 1, "start": 0, "present": n}[where]
    target = max(0, min(n, target))
    if target == v:
        return
    bar.slider.setValue(target)           # the window shows that world (HistoryBar.moved)
    if 0 < target:
        follow(w, target, only_if_hidden=True)


HISTORY_KEYS = (("back", "Previous submission", "Ctrl+PgUp"), ("on", "Next submission", "Ctrl+PgDown"),
                ("start", "The start of the game", "Ctrl+Home"), ("present", "The present", "Ctrl+End"))


def add_history_keys(w, menu) -> dict:
    """View → History ▸: the history keys, on the window (they work wherever the focus is);
    their actions by where they go."""
    from PySide6.QtGui import QAction, QKeySequence
    sub = menu.addMenu("&History")
    actions = {}
    for where, text, keys in HISTORY_KEYS:
        a = QAction(text, w)
        a.setShortcut(QKeySequence(keys))
        a.setShortcutContext(Qt.WindowShortcut)
        a.setStatusTip(f"{text} in the game's history ({keys})")
        a.triggered.connect(lambda _=False, where=where: step_history(w, where))
        w.addAction(a)
        sub.addAction(a)
        actions[where] = a
    return actions


def add_replay(w) -> None:
    """Wire the history bar's replay to the window ``w``: follow each step's new boards,
    pause when the player acts in the view, adjudicates, or another game is opened."""
    bar: HistoryBar = w.history
    bar.stepped.connect(lambda i: follow(w, i))
    interrupt = _Interrupt(w, bar)
    w._replay_interrupt = interrupt
    game = [None]

    def watch(on: bool) -> None:
        if on:
            game[0] = w.match
            if w.view is not None:              # the view is made with the first game
                w.view.viewport().removeEventFilter(interrupt)
                w.view.removeEventFilter(interrupt)
                w.view.viewport().installEventFilter(interrupt)
                w.view.installEventFilter(interrupt)
    bar.playing_changed.connect(watch)

    bar.blocked = lambda: ("another game was opened" if w.match is not game[0]
                           else "the window is busy" if w.busy else "")
    w.submitted.connect(lambda _r: bar.pause("a submission was made"))
