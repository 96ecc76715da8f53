"""Where a table's round is adjudicated: a quick one on the event loop itself, a long one on
the server's worker thread, one with computer seats on a thread of its own.

Handing a round to a thread and back costs two turns of the event loop (the work waits for
the thread, the result waits for the loop), and on a busy server each turn is every other
connection's ready work: at a hundred tables the two turns took p50 ~110 ms of a round's
update, its adjudication ~1 ms. So a table whose last round took less than
:data:`INLINE_SECONDS` of processor time runs its next one at once on the loop (rounds grow
slowly: the last one says what the next will cost); a longer one still goes to the worker,
where the loop keeps serving the other tables while it runs. Where a round runs changes
nothing it decides.
"""

from __future__ import annotations

import asyncio
import time
from typing import Protocol

from .worker import URGENT, Worker

INLINE_SECONDS = 0.005
"""A round that took less processor time than this runs the table's next round on the loop."""


class Adjudicable(Protocol):
    computer: list          # computer seats to ask (app.match's Round)

    def run(self) -> None: ...


class Rounds(Worker):
    """The server's worker thread (saves, long rounds), and where each table's round runs."""

    def __init__(self, name: str = "rounds"):
        super().__init__(name)
        self._took: dict[str, float] = {}       # table -> processor seconds its last round took

    async def adjudicate(self, table: str, rnd: Adjudicable) -> None:
        if rnd.computer:        # a computer's decision may take long (Hard): a thread of its own
            await asyncio.to_thread(rnd.run)
        elif self.inline(table):
            self._timed(table, rnd.run)
        else:                   # one after the other, each done sooner than if they shared the processor
            await self.run(URGENT, self._timed, table, rnd.run)

    def inline(self, table: str) -> bool:
        """Will the table's next round (without computer seats) run on the loop? Not its
        first: what it costs is not known yet."""
        return self._took.get(table, INLINE_SECONDS) < INLINE_SECONDS

    def _timed(self, table: str, run) -> None:
        start = time.thread_time()
        try:
            run()
        finally:
            self._took[table] = time.thread_time() - start
