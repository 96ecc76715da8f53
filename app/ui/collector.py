"""The cyclic garbage collector kept off the big, long-lived worlds.

A world of 10,000 boards is a few dozen mappings of 10,000 entries each, and the game
keeps several worlds (the present, the last few asked for, checkpoints). They live long and
hold no reference cycles (refcounting frees them), yet every full collection walked each of
their entries: ~100 ms, most submissions at 10,000 boards, in the adjudication or the undo
that happened to allocate past the collector's threshold. :class:`Survivors` sets what
lives after a change of world aside (``gc.freeze``) so that later collections visit only what
is new; the young generations are collected first, so no garbage of the moment is kept.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QTimer

from .guard import guarded


def set_survivors_aside() -> None:
    """Collect the young generations, then freeze every object tracked now: later
    collections leave them alone (refcounting still frees each one when it goes)."""
    if not gc.isenabled():
        return                          # starting up: app.main collects and freezes at the end
    gc.collect(1)
    gc.freeze()


class Survivors:
    """Sets the survivors aside once the event loop is back, after the window showed a new
    world (a submission, an undo or redo, an opened game): not in the middle of the
    change, where it would delay the first frame of it."""

    def __init__(self, parent):
        self.timer = QTimer(parent, singleShot=True, interval=0, timeout=self._fire)

    def soon(self) -> None:
        self.timer.start()              # several changes before the loop runs: once

    @guarded
    def _fire(self) -> None:
        set_survivors_aside()
