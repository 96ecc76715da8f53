"""The server's clocks (RULES.md §6 "Deadlines"): a round's deadline started or resumed,
what happens when it passes (pending orders go as they stand, seats not seen are away, an
owed judging ends unagreed), and a sealed round whose keys did not all come in time. A part
of :class:`app.net.server.Server` (its mixin), kept here so that the server's module only wires it."""

from __future__ import annotations

import asyncio
import logging
import time



from . import protocol as p
from .store import Action, StoreError
from .views import pending_message
from .connection_limits import send_quietly
from .table import sealed_box, Table

log = logging.getLogger("app.net.server")


class Deadlines:
    """Mixin of :class:`app.net.server.Server` (``self.tables``, ``self._adjudicate`` …)."""

    def _start_deadline(self, table: Table, resume: bool = False) -> None:
        """The round's clock: it runs out ``round_seconds`` after the round began (``resume``:
        a restarted server keeps the time the round had left, stored when it began)."""
        if table.deadline_timer is not None:
            table.deadline_timer.cancel()
            table.deadline_timer = None
        if table.round_seconds is None or table.match.world.phase == "over":
            return
        if not resume:
            table.round_began()
        if not (resume and table.round_ends is not None):
            table.round_ends = time.time() + table.round_seconds
            try:
                self.store.set_round_end(table.id, table.round_ends)
            except StoreError as e:
                log.error("table %s: the round's deadline was not stored: %s", table.id, e)
        loop = asyncio.get_running_loop()
        table.deadline_timer = loop.call_later(max(0.0, table.round_ends - time.time()),
                                               lambda: asyncio.ensure_future(self.deadline_passed(table.id)))

    async def deadline_passed(self, table_id: str) -> None:
        """The round's time has run out: every seat still ordering ends its turn with its
        orders as they stand (units without orders hold; at a sealed table its box is opened
        if its computer reveals the key)."""
        table = self.tables[table_id]
        async with table.lock:
            m = table.match
            if m.world.phase == "over":
                return
            table.deadline_ran_out()
            late = [i for i, s in enumerate(m.seats) if s.is_person and not m.is_done(i) and m.has_work(i)]
            for seat in late:
                try:
                    await self.store.keep_actions(table.id, [Action(seat, "done", "")])
                except StoreError as e:
                    log.error("table %s: a seat's end of turn at the deadline was not stored: %s", table.id, e)
                m.end_turn(seat)
            for seat in late:
                if seat in table.seats:
                    await send_quietly(table.seats[seat], p.dump(pending_message(m, table.id, seat, sealed_box(table, seat))))
            if table.judging.is_open(m):            # a name or a key still owed: this judging is unagreed
                try:
                    await self.store.keep_actions(table.id, [Action(0, "judge_end", "")])
                except StoreError as e:
                    log.error("table %s: the judging's end at the deadline was not stored: %s", table.id, e)
                table.judging.end_unagreed(m)
                await self._tell_judging(table)
            if m.table.proposals.open is not None and all(m.is_done(i) or not m.has_work(i)
                                                          for i in range(len(m.seats))):
                m.table.proposals.adjudicated()     # unanswered at the deadline: the adjudication comes first
                await self._tell_proposal(table)
            await self._tell_all(table, table.state())
            if m.round_complete and not (table.sealed is not None and table.sealed.revealing):
                await self._round_complete(table)

    async def finish_reveal(self, table_id: str) -> None:
        """The time to reveal has run out: seats that did not reveal hold."""
        table = self.tables[table_id]
        async with table.lock:
            if table.sealed is not None and table.sealed.revealing:
                await self._adjudicate(table)
