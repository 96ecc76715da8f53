"""Python's cyclic garbage collector, set for a server process (``python -m app serve``).

A server holding many tables holds every table's game (each round's world, board by
board): millions of container objects, long-lived. With the collector's default thresholds
(700, 10, 10) it walked all of them again and again: at 100 tables x 20 rounds
(benchmarks/net_bench.py, the collector's pauses logged) it made 24 full collections, the
longest 2.6 s, 21.5 s in the collector of the server's 39.1 s of processor time, and no
table was answered during a pause. Here the objects the server starts with (its stored
tables, read back) are moved out of the collector's sight (``gc.freeze``), and a collection
starts after 100,000 new objects instead of 700, so that the many that die young are freed
by reference counting before any collection sees them: the same run spent 4.6 s in the
collector, its longest pause 367 ms, and the server 27.5 s of processor time. Garbage in
cycles is still collected, in fewer, larger steps.
"""

from __future__ import annotations

import gc

SERVER_THRESHOLDS = (100_000, 50, 10)


def tune_for_serving() -> None:
    """Call once the server has read its tables, in a process that only serves."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*SERVER_THRESHOLDS)
