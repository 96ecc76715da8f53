"""One guard against exceptions for the whole window.

Qt calls our Python overrides (paint, resizeEvent, hoverMoveEvent, …) from C++: an
exception escaping one of them is not handled there, and leaves the process to die later
(SIGSEGV at exit) or to resurface in an unrelated call. So every override is wrapped in
:func:`guarded`, and slots (which PySide hands to ``sys.excepthook``) and worker threads
(``threading.excepthook``) go to the same :data:`reporter`:

- the error is logged (with its traceback; repeats of the same error are counted, not
  logged again),
- shown once in a dialog with a "Copy details" button (never a second dialog for the same
  error, never two at a time),
- the game is autosaved (``reporter.autosave``, set by the main window),
- and the app goes on.
"""

from __future__ import annotations

import functools
import logging
import sys
import threading
import traceback
from typing import Any, Callable

log = logging.getLogger("fived")


class ErrorLogFile(logging.FileHandler):
    """The data folder's ``errors.log``, made at the first error. A folder that is full or
    read-only loses the file's copy quietly: the same lines went to stderr, and the window
    already says the data folder keeps nothing (logging's own complaint would be a
    traceback on stderr for every error)."""

    def __init__(self, path):
        super().__init__(path, encoding="utf-8", delay=True)

    def handleError(self, record: logging.LogRecord) -> None:
        if isinstance(sys.exc_info()[1], OSError):
            return
        super().handleError(record)

    def close(self) -> None:
        try:
            super().close()            # closing flushes what the full disk would not take
        except OSError:
            pass


class ErrorReporter:
    def __init__(self):
        self.reports: list[str] = []             # every distinct error's traceback text
        self.counts: dict[tuple, int] = {}
        self.autosave: Callable[[], Any] | None = None
        self.parent: Callable[[], Any] | None = None    # the window to centre the dialog on
        self.dialog = None
        self.show_dialogs = True
        self._in_report = False
        self._bridge = None

    def report(self, exc_type, exc, tb, where: str = "") -> None:
        frames = traceback.extract_tb(tb) if tb is not None else []
        sig = (exc_type.__name__, str(exc), tuple((f.filename, f.lineno) for f in frames[-3:]))
        self.counts[sig] = self.counts.get(sig, 0) + 1
        if self.counts[sig] > 1:
            return
        text = "".join(traceback.format_exception(exc_type, exc, tb))
        if where:
            text = f"In {where}:\n{text}"
        log.error("unexpected error%s\n%s", f" in {where}" if where else "", text)
        self.reports.append(text)
        if self._in_report:
            return
        self._in_report = True
        try:
            saved = False
            if self.autosave is not None:
                try:
                    saved = bool(self.autosave())
                except Exception:    # the report must not fail on a failing autosave
                    log.exception("autosave after an error failed")
            try:
                self._show(f"{exc_type.__name__}: {exc}", text, saved)
            except Exception:        # nor on a dialog that cannot open (e.g. its window is gone)
                log.exception("could not show the error dialog")
        finally:
            self._in_report = False

    def _show(self, summary: str, details: str, saved: bool) -> None:
        if not self.show_dialogs:
            return
        from PySide6.QtCore import QThread
        from PySide6.QtWidgets import QApplication
        app = QApplication.instance()
        if app is None:
            return
        if QThread.currentThread() is not app.thread():
            self._bridge_to_gui().shown.emit(summary, details, saved)
            return
        self._open_dialog(summary, details, saved)

    def _bridge_to_gui(self):
        if self._bridge is None:
            from PySide6.QtCore import QObject, Signal
            from PySide6.QtWidgets import QApplication

            class Bridge(QObject):
                shown = Signal(str, str, bool)

            self._bridge = Bridge()
            self._bridge.moveToThread(QApplication.instance().thread())
            self._bridge.shown.connect(self._open_dialog)
        return self._bridge

    def _open_dialog(self, summary: str, details: str, saved: bool) -> None:
        if self.dialog is not None and self.dialog.isVisible():
            return
        from .dialogs.error import ErrorDialog
        parent = self.parent() if self.parent else None
        self.dialog = ErrorDialog(summary, details, saved, parent)
        self.dialog.show()

    def excepthook(self, exc_type, exc, tb) -> None:
        if issubclass(exc_type, KeyboardInterrupt):
            sys.__excepthook__(exc_type, exc, tb)
            return
        self.report(exc_type, exc, tb)

    def thread_hook(self, args) -> None:
        if args.exc_type is SystemExit:
            return
        self.report(args.exc_type, args.exc_value, args.exc_traceback,
                    f"thread {args.thread.name if args.thread else '?'}")

    def install(self) -> None:
        sys.excepthook = self.excepthook
        threading.excepthook = self.thread_hook


reporter = ErrorReporter()


def guarded(fn: Callable | None = None, *, default: Any = None):
    """Wrap a Qt override or slot: an exception is reported (see the module) and ``default``
    returned, instead of escaping into Qt."""
    if fn is None:
        return functools.partial(guarded, default=default)

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except Exception:
            reporter.report(*sys.exc_info(), where=fn.__qualname__)
            return default

    return wrapper
