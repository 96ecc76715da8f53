"""Board images rendered off the GUI thread and cached by board content.

A board's look depends only on its :class:`~app.ui.multiverse.map_art.BoardState` (units, centres,
orders and their results), so images are keyed by ``(state, level)``; past boards never
change and are rendered once. Levels are image widths (a mip chain); the view asks for the
smallest level at least as wide as the board on screen and draws what it has meanwhile.
"""

from __future__ import annotations

from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor, wait as wait_futures

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QImage

from ..guard import guarded
from .map_art import LEVELS, BoardState, MapArt, render_board_image

# The cache keeps about two screens of boards at the size they are drawn (panning back
# finds them ready), within these bounds: a full-size image is ~10 MB, one 5-across ~0.6 MB.
MIN_BUDGET = 24 * 1024 * 1024
MAX_BUDGET = 96 * 1024 * 1024     # a dozen boards at full size; far boards are the overview's
SCREENS = 2


def level_for(screen_width: float) -> int:
    for lv in LEVELS:
        if lv >= screen_width * 0.9:
            return lv
    return LEVELS[-1]


class _Notifier(QObject):
    done = Signal(object, object)  # (state, level), QImage


class ThumbnailCache(QObject):
    """Images per (state, level), an LRU within a byte budget; ``ready`` when one arrives."""

    ready = Signal(object)  # the BoardState whose image arrived

    def __init__(self, art: MapArt, threads: int = 2, parent: QObject | None = None):
        super().__init__(parent)
        self.art = art
        self.pool = ThreadPoolExecutor(max_workers=max(1, threads), thread_name_prefix="thumbs")
        self._futures: set = set()
        self._images: OrderedDict[tuple, QImage] = OrderedDict()
        self._bytes = 0
        self.budget = MAX_BUDGET
        self._pending: set[tuple] = set()
        # Requests wait for the event loop before they go to the workers: a frame that asks
        # for new boards' images is not slowed by workers drawing them meanwhile (they take
        # the interpreter lock between Qt calls, the frame's Python waits for it).
        self._queued: list[tuple[BoardState, int]] = []
        self._start_timer = QTimer(self, singleShot=True, interval=0, timeout=self._start_queued)
        self._closed = False
        self._notifier = _Notifier(self)       # goes with the cache
        self._notifier.done.connect(self._on_done)
        self.rendered = 0
        # A level's image size, for the budget, without drawing its layers.
        self._level_bytes = {lv: lv * max(1, round(lv * art.rect.height() / art.rect.width())) * 4
                             for lv in LEVELS}
        # The static layers are drawn on the GUI thread, never by a worker: each level's when
        # a board is first asked for at that level (request), so a start draws only the
        # sizes its first frame shows (the full-size one costs ~0.2 s and most of the
        # layers' memory, and opening a big world far out never needs it).

    def fit_screen(self, boards: int, level: int) -> None:
        """The view shows about ``boards`` boards at ``level``: budget for ``SCREENS`` such
        screens (older images beyond it are dropped as new ones arrive)."""
        self.budget = min(MAX_BUDGET, max(MIN_BUDGET, SCREENS * boards * self._level_bytes[level]))

    def get(self, state: BoardState, level: int) -> QImage | None:
        key = (state, level)
        img = self._images.get(key)
        if img is not None:
            self._images.move_to_end(key)
        return img

    def best(self, state: BoardState, level: int) -> QImage | None:
        """The requested level if cached, else the nearest cached one (larger first)."""
        img = self.get(state, level)
        if img is not None:
            return img
        i = LEVELS.index(level)
        for lv in list(LEVELS[i + 1:]) + list(reversed(LEVELS[:i])):
            img = self._images.get((state, lv))
            if img is not None:
                return img
        return None

    def request(self, state: BoardState, level: int, priority: int = 0) -> None:
        key = (state, level)
        if key in self._images or key in self._pending or self._closed:
            return
        self._pending.add(key)
        self.art.layers(level)                 # drawn here (GUI thread) if not yet: see __init__
        self._queued.append(key)
        if not self._start_timer.isActive():
            self._start_timer.start()

    @guarded
    def _start_queued(self) -> None:
        """Hand the requests made since the event loop last ran to the workers."""
        queued, self._queued = self._queued, []
        self._start_timer.stop()
        if self._closed:
            return
        for state, level in queued:
            fut = self.pool.submit(self._work, state, level)
            self._futures.add(fut)
            fut.add_done_callback(self._futures.discard)

    def _work(self, state: BoardState, level: int) -> None:  # worker thread
        if self._closed:
            return
        try:
            img = render_board_image(self.art, state, level)
        except Exception:  # never let a worker take the app down; the board keeps its fallback
            img = None
        if self._closed:
            return
        try:
            self._notifier.done.emit((state, level), img)
        except RuntimeError:   # the cache went with its scene meanwhile: nobody waits for it
            pass

    def close(self) -> None:
        """No more images: boards being drawn are let finish, none waiting is begun, and
        none is handed to a window that is going (a worker's image sent to a deleted cache
        crashed the process)."""
        self._closed = True
        self._start_timer.stop()
        self._queued.clear()
        self.pool.shutdown(wait=True, cancel_futures=True)
        self._pending.clear()

    def render_now(self, state: BoardState, level: int) -> QImage:
        """Synchronous render (used for the screenshot and the benchmark warm-up)."""
        img = self.get(state, level)
        if img is None:
            img = render_board_image(self.art, state, level)
            self._store((state, level), img)
        return img

    def busy(self) -> bool:
        return bool(self._pending)

    def wait(self, msecs: int = 30000) -> None:
        from PySide6.QtCore import QCoreApplication
        self._start_queued()
        wait_futures(list(self._futures), timeout=msecs / 1000)
        QCoreApplication.processEvents()

    def _store(self, key: tuple, img: QImage) -> None:
        self._images[key] = img
        self._bytes += img.sizeInBytes()
        while self._bytes > self.budget and len(self._images) > 1:
            _, old = self._images.popitem(last=False)
            self._bytes -= old.sizeInBytes()

    def _on_done(self, key: tuple, img: QImage | None) -> None:
        self._pending.discard(key)
        if img is None:
            return
        self.rendered += 1
        self._store(key, img)
        self.ready.emit(key[0])

    def clear(self) -> None:
        self._images.clear()
        self._bytes = 0
