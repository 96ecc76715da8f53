"""One worker thread that does the urgent work first: a round's adjudication (players wait
for it) before a round's save (nobody waits for it but the table's next action).

On a server holding many tables, rounds end together; with one first-come queue, a table's
adjudication waited behind the saves of every table adjudicated before it (at 100 tables in
their 20th round, seconds). Here a save runs only when no adjudication is waiting.
"""

from __future__ import annotations

import asyncio
import itertools
import queue
import threading
from typing import Any, Callable

URGENT, LATER = 0, 1


class Worker:
    def __init__(self, name: str = "rounds"):
        self._queue: queue.PriorityQueue = queue.PriorityQueue()
        self._order = itertools.count()          # first come, first done within a priority
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    async def run(self, priority: int, work: Callable, *args) -> Any:
        """``work(*args)`` on the worker thread; its result (or exception) here."""
        loop = asyncio.get_running_loop()
        done = loop.create_future()
        self._queue.put((priority, next(self._order), work, args, loop, done))
        return await done

    def stop(self) -> None:
        """Finish what was given, then end the thread."""
        self._queue.put((LATER + 1, next(self._order), None, (), None, None))
        self._thread.join()

    def _run(self) -> None:
        while True:
            _, _, work, args, loop, done = self._queue.get()
            if work is None:
                return
            try:
                result = work(*args)
            except BaseException as e:          # handed to the awaiting coroutine
                loop.call_soon_threadsafe(_settle, done, None, e)
            else:
                loop.call_soon_threadsafe(_settle, done, result, None)


def _settle(done: asyncio.Future, result, error) -> None:
    if done.cancelled():
        return
    if error is not None:
        done.set_exception(error)
    else:
        done.set_result(result)
