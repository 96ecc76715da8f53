"""The window's side of the history: the history keys (View → History ▸) and a replay that
frames each submission's new boards, pausing when the player takes over the view, when a
submission is made or another game opened. The bar itself is
:class:`app.ui.panels.history.HistoryBar`."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt

from ..guard import guarded
from ..panels.history import HistoryBar, new_boards_at


class _Interrupt(QObject):
    """Pauses the replay when the player acts in the view (press, wheel, key)."""

    KINDS = (QEvent.MouseButtonPress, QEvent.Wheel, QEvent.KeyPress, QEvent.TouchBegin)

    def __init__(self, bar: HistoryBar, say):
        """``say``: writes the status line."""
        super().__init__(bar)
        self.bar, self.say = bar, say

    @guarded(default=False)
    def eventFilter(self, obj, event) -> bool:
        if self.bar.playing and event.type() in self.KINDS:
            self.bar.pause("you took over the view")
            self.say("Replay paused: you took over the view (▶ Play goes on).")
        return False


def follow(w, i: int, only_if_hidden: bool = False) -> None:
    """Frame the boards submission ``i`` made in the view (``only_if_hidden``: when none of
    them is in view)."""
    if w.view is None or w.scene is None or w.match is None:
        return
    w.view.frame_boards([k for k in new_boards_at(w.game, i) if k in w.scene.items_by_key], only_if_hidden)
    n, number = len(w.game.submissions), w.history.number
    w.set_status(f"Replay: submission {number(i)} of {number(n)}"
                 + (" — the present." if i >= n else "  (▶/❚❚ on the history bar)"))


@guarded
def step_history(w, where: str) -> None:
    """The history keys (as jDip has them): ``"back"`` / ``"on"`` one submission (Ctrl+PgUp,
    Ctrl+PgDn), ``"start"`` / ``"present"`` (Ctrl+Home, Ctrl+End). The boards the shown
    submission made are brought into view when none of them is; the start's boards are framed."""
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
    elif w.view is not None and w.scene is not None and w.world is not None:
        # the start of the game: its boards framed, not left a speck in a corner of a view
        # zoomed out over the whole multiverse
        w.view.frame_boards([k for k in w.world.boards if k in w.scene.items_by_key])


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
    interrupt = _Interrupt(bar, w.set_status)       # a child of the bar: it lives as long
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
