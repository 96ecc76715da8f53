"""A report of how long the app took to show its first frame, for the start-up benchmark.

With ``DIPLO5D_FIRST_PAINT`` set, the app prints one JSON line to stdout once the world view
(or, without a game, the first dialog) has been painted complete, and quits: a frame drawn
while a board's image was still being made (it shows the plain map meanwhile) does not count. The variable's value is
the launch time (``time.time()`` of the process that started the app); the figures are:

- ``first_paint_s``: wall seconds from that launch to the end of the first paint;
- ``cpu_s``: the process's CPU seconds by then (interpreter start-up included);
- ``modules``: the heavy libraries imported by then (a fast start imports only what the
  first window needs: shapely, numpy and svgelements draw the map from its SVG, which a
  cached map does not need; pydantic validates files, which a variant checked before does
  not need; cryptography seals PINs; the preview window, export and printing are opened
  later; the computer players (``app.bots.common`` and the levels' modules; ``app.bots``
  itself is only their names) decide later; the centre chart's and the outcome preview's
  engines (``app.match.chart``, ``app.match.preview``) work when their pane is first used;
  the civilisations table when such a game is started or opened).
"""

from __future__ import annotations

import json
import os
import sys
import time

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QDialog

from .guard import guarded

ENV = "DIPLO5D_FIRST_PAINT"
HEAVY = ("numpy", "shapely", "svgelements", "pydantic", "cryptography", "app.mapgeo", "app.ui.preview",
         "app.bots.common", "app.ui.window.export", "app.ui.window.export_menu", "app.ui.window.printing", "app.match.chart",
         "app.match.preview", "app.match.civ_table")


def heavy_modules() -> list[str]:
    """Which of the :data:`HEAVY` libraries are imported now."""
    return [m for m in HEAVY if m in sys.modules]


def launch_time() -> float | None:
    """The launch time the benchmark passed in :data:`ENV` (None: not asked for a report)."""
    value = os.environ.get(ENV)
    if not value:
        return None
    try:
        return float(value)
    except ValueError:
        return time.time() - time.process_time()   # not given: about when this process started


class FirstPaintReporter(QObject):
    """Waits for the first paint of the window's view (or of a dialog), then reports and quits.

    It watches the window, the view's viewport once there is one, and a dialog of the window
    once it is shown; never the whole application: a Python filter on the application is
    handed every event of every object, private Qt classes included, and PySide answers the
    first such object by initialising every lazily loaded Qt class and its enums. That cost
    the measured start ~60 ms (a new game) and ~110 ms (the New game dialog) which the app
    itself never pays."""

    def __init__(self, window, launched: float):
        super().__init__(window)
        self.window = window
        self.launched = launched
        self.done = False
        self._viewport = None
        window.installEventFilter(self)

    @guarded
    def eventFilter(self, obj, event) -> bool:
        if self.done:
            return False
        kind = event.type()
        if obj is self.window:
            if kind == QEvent.ChildPolished and isinstance(event.child(), QDialog):   # built, being shown
                event.child().installEventFilter(self)
            self._watch_view()      # the window is painted before the view in it
        elif kind == QEvent.Paint and (obj is self._viewport or isinstance(obj, QDialog)):
            self.done = True
            QTimer.singleShot(0, self, self._painted)    # once this paint has been drawn
        return False

    def _watch_view(self) -> None:
        view = self.window.view
        if view is not None and self._viewport is None:
            self._viewport = view.viewport()
            self._viewport.installEventFilter(self)

    def _painted(self) -> None:
        """A frame was drawn. It is the first complete one unless a board in it still waited
        for its image (drawn meanwhile as the plain map): then the next paint is awaited."""
        scene = self.window.scene
        if self.window.view is not None and scene is not None and scene.cache.busy():
            self.done = False
            return
        self._report()

    def _report(self) -> None:
        wall = time.time() - self.launched
        print(json.dumps({"first_paint_s": wall, "cpu_s": time.process_time(), "modules": heavy_modules(),
                          "what": "view" if self.window.view is not None else "dialog"}), flush=True)
        self.window.files.ask_unsaved = lambda doing: "discard"   # a measured start changes nothing
        QApplication.instance().closeAllWindows()
        QApplication.instance().quit()


def watch(window) -> FirstPaintReporter | None:
    """Report the first frame if the benchmark asked for it (see the module's docstring).
    The reporter is a child of the window: it lives as long as the window does."""
    launched = launch_time()
    if launched is None:
        return None
    return FirstPaintReporter(window, launched)
