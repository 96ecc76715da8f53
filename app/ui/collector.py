"""The cyclic garbage collector kept off the big, long-lived worlds.

A world of 10,000 boards is a few dozen mappings of 10,000 entries each, and the game
keeps several worlds (the present, the last few asked for, checkpoints). They live long and
hold no reference cycles (refcounting frees them), yet every full collection walked each of
their entries: ~100 ms, most submissions at 10,000 boards, in the adjudication or the undo
that happened to allocate past the collector's threshold. :class:`Survivors` sets what
lives after a change of world aside (``gc.freeze``) so that later collections visit only what
is new; the young generations are collected first, so no garbage of the moment is kept.

What is frozen is never collected, so a reference cycle among objects alive at a freeze and
dropped later (a closed dialog, the game that another replaced) would stay for the session.
When another game is shown everything is thawed and collected in full once (a full pass:
~100 ms at 10,000 boards, after the first frame of the new game): such garbage lives at most
until the next game.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QTimer

from .guard import guarded


def set_survivors_aside(whole: bool = False) -> None:
    """Collect the young generations, then freeze every object tracked now: later
    collections leave them alone (refcounting still frees each one when it goes).
    ``whole``: thaw and collect everything first (the garbage frozen so far goes)."""
    if not gc.isenabled():
        return                          # starting up: app.main collects and freezes at the end
    if whole:
        gc.unfreeze()
        gc.collect()
    else:
        gc.collect(1)
    gc.freeze()


class Survivors:
    """Sets the survivors aside once the event loop is back, after the window showed a new
    world (a submission, an undo or redo, an opened game): not in the middle of the
    change, where it would delay the first frame of it."""

    def __init__(self, parent):
        self.timer = QTimer(parent, singleShot=True, interval=0, timeout=self._fire)
        self._whole = False

    def soon(self, whole: bool = False) -> None:
        """``whole``: another game is shown; collect in full first."""
        self._whole = self._whole or whole
        self.timer.start()              # several changes before the loop runs: once

    @guarded
    def _fire(self) -> None:
        whole, self._whole = self._whole, False
        set_survivors_aside(whole)
