"""The server's side of sealed answers to a proposal to end the game (:mod:`.sealed_votes`):
a seat's box kept, the keys asked for once every person seat has answered, the answers
opened and tallied, and only the outcome stored. A part of :class:`app.net.server.Server`
(its mixin), kept here so that the server's module only wires it.
"""

from __future__ import annotations

import asyncio
import logging

from . import protocol as p
from .endings import tally_text, vote_refusal
from .sealed_votes import box_text, commitment_fault, SealError, tally_written
from .connection_limits import send_quietly
from .store import Action, StoreError

log = logging.getLogger(__name__)


class SealedVoting:
    """Mixin of :class:`app.net.server.Server` (``self.store``, ``self._tell_proposal`` …)."""

    async def _seal_vote(self, table, seat: int, ws, message: p.SealVote) -> None:
        m, votes = table.match, table.votes_sealed
        why = commitment_fault(message.commitment) or vote_refusal(m, seat, message.proposal,
                                                                    votes.answered(message.proposal))
        if not await self._kept(table, ws, "answer the proposal", why,
                                lambda: Action(seat, "vote_box", box_text(message.box, message.commitment))):
            return
        votes.seal(message.proposal, seat, message.box, message.commitment)
        await self._tell_proposal(table)
        await self._ask_vote_keys(table)

    async def _ask_vote_keys(self, table, seats=None) -> None:
        """Every person seat has answered: ask the computers of those whose key is not in yet
        (``seats``: only these, a seat joining again)."""
        m, votes = table.match, table.votes_sealed
        o = m.table.proposals.open
        if o is None or o.number != votes.proposal or not votes.revealing(m.table.proposals.waiting()):
            return
        frame = p.dump(p.RevealVote(table=table.id, proposal=o.number))
        for seat in votes.unopened(m.table.proposals.waiting()):
            if seat in table.seats and (seats is None or seat in seats):
                await send_quietly(table.seats[seat], frame)
        if self.reveal_timeout is not None and table.vote_timer is None:
            table.vote_timer = asyncio.get_running_loop().call_later(
                self.reveal_timeout, lambda: asyncio.ensure_future(self.finish_vote_reveal(table.id)))

    async def finish_vote_reveal(self, table_id: str) -> None:
        """The time to reveal the answers has run out: a seat whose key did not come has not
        shown that it accepts, so it refuses (RULES.md §11: agreed only if every seat accepts)."""
        table = self.tables[table_id]
        async with table.lock:
            m, votes = table.match, table.votes_sealed
            table.vote_timer = None
            o = m.table.proposals.open
            if o is None or o.number != votes.proposal or not votes.revealing(m.table.proposals.waiting()):
                return
            for seat in votes.unopened(m.table.proposals.waiting()):
                votes.opened[seat] = False
            await self._tally(table)

    async def _vote_key(self, table, seat: int, ws, message: p.VoteKey | p.Vote) -> None:
        m, votes = table.match, table.votes_sealed
        if isinstance(message, p.Vote):
            await ws.send(p.dump(p.Refused(text="answer the proposal", reason="this server takes answers sealed by "
                                           "the seat's computer only (seal_vote): update the app")))
            return
        o = m.table.proposals.open
        if o is None or o.number != message.proposal or not votes.revealing(m.table.proposals.waiting()):
            await ws.send(p.dump(p.Refused(text="the key of your answer", reason="the server did not ask for it")))
            return
        try:
            votes.open(table.id, seat, message.key)
        except SealError as e:
            await ws.send(p.dump(p.Refused(text="the key of your answer", reason=str(e))))
            return
        if votes.unopened(m.table.proposals.waiting()):
            return
        await self._tally(table)

    async def _tally(self, table) -> None:
        """Every sealed answer is open: the tally stored alone (the boxes deleted with it),
        then the answers given to the match, which decides the outcome; they leave the
        server's memory."""
        m, votes = table.match, table.votes_sealed
        if table.vote_timer is not None:
            table.vote_timer.cancel()
            table.vote_timer = None
        proposals = m.table.proposals
        waiting = proposals.waiting()
        opened = {seat: votes.opened[seat] for seat in waiting}
        try:
            await self.store.write(tally_written(table.id, tally_text(all(opened.values())), proposals.open.by))
        except StoreError as e:
            log.error("table %s: the tally of proposal %d was not stored: %s", table.id, proposals.open.number, e)
            votes.opened = {}       # the boxes are kept: the keys are asked for again when a seat joins
            return
        votes.clear()
        outcome = None
        for seat in waiting:
            if proposals.open is not None:
                outcome = proposals.answer(seat, opened[seat])
        opened.clear()
        await self._proposal_moved(table, outcome)

