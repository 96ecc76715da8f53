"""Python's cyclic garbage collector held off while a save file is read or replayed.

Reading a big file makes ~10^5 objects that all live, and replaying it makes as many that
die as it goes; neither makes a reference cycle, so reference counting frees all that
dies and every collection in between only walks them again: at 2000 boards ~600
collections, ~130 ms of a replay's ~520 ms. ``tests/engine/test_load_memory.py`` holds
that reading and replaying leave no cycle behind.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused(set_aside: bool = False) -> Iterator[None]:
    """No collection while the block runs; the collector as it was after it (already off:
    left off, and nothing set aside). ``set_aside``: what lives at the end is frozen
    (``gc.freeze``), so that later collections never walk it: for objects that live on and
    are freed by reference counting (a loaded game); never for a block that may leave
    garbage in cycles, which would then be kept for good."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            if set_aside:
                gc.freeze()
            gc.enable()
