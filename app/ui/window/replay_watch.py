"""The replay check of an opened file, on a worker thread after the game is shown.

A file opens at once (:meth:`Game.load(path, replay_later=True)
<app.engine.game.Game.load>`); the check that its submissions make its world
(:mod:`app.engine.saves.replay_check`) then runs beside the window, resting often so that the
window stays responsive (:class:`~app.match.storage.Pacer`). When the world differs, the
player is told which file and where, and chooses: play what the submissions make (an
untitled game: the file is never written over unasked) or close the file (a new game).
"""

from __future__ import annotations

import logging
import threading

from PySide6.QtCore import QObject, Signal

from app.engine import ReplayCheck, ReplayMismatch
from app.match.storage import Pacer


class _Stopped(Exception):
    """The window closed or opened another game: the check is of no use any more."""


class ReplayWatch(QObject):
    """Runs one opened file's replay check at a time; says what it found by signals (from
    the worker, shown on the window's thread)."""

    mismatch = Signal(object, object, object)     # (the match checked, its ReplayCheck, the ReplayMismatch)
    passed = Signal(object)               # the match checked

    def __init__(self, parent: QObject):
        super().__init__(parent)
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()

    def start(self, match) -> bool:
        """Check ``match``'s file if it owes its check (``match.game.replay_owed``); False
        when there is nothing to check."""
        self.stop()
        check: ReplayCheck | None = match.game.replay_owed
        match.game.replay_owed = None
        if check is None:
            return False
        stop = self._stop = threading.Event()
        pacer = Pacer()

        def pause() -> None:
            if stop.is_set():
                raise _Stopped
            pacer()

        def run() -> None:
            try:
                check.run(pause)
            except _Stopped:
                return
            except ReplayMismatch as e:
                if not stop.is_set():
                    self.mismatch.emit(match, check, e)
                return
            except Exception as e:      # a fault of the check itself: said, never a silent pass
                logging.getLogger(__name__).exception("the replay check of %s failed", check.where)
                if not stop.is_set():
                    self.mismatch.emit(match, check, ReplayMismatch(
                        f"{check.where}: could not be checked against its submissions ({type(e).__name__}: {e})", None))
                return
            if not stop.is_set():
                self.passed.emit(match)

        self._thread = threading.Thread(target=run, name="replay check", daemon=True)
        self._thread.start()
        return True

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def stop(self, timeout: float = 30.0) -> None:
        """Stop the check under way (another game is shown, or the window closes) and wait
        for its thread: it must not signal an object that is gone."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None
