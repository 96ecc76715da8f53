"""What passes between the seats of a table across computers besides their orders: sealed
messages, a seat away handed to the computer, civilisations' offers in the clear, proposals
to end the game, a thrown play-out's judging, and the game's end told to everyone. A part of
:class:`app.net.server.Server` (its mixin), kept here so that the server's module only wires it."""

from __future__ import annotations

import logging
from typing import Callable

from websockets.asyncio.server import ServerConnection

from app.match.civ_table import OfferRefused

from . import protocol as p
from .store import Action, StoreError
from .away import enough_votes, HAND_LEVEL, hand_refusal, hand_to_computer
from .offers import answer_refusal, answer_text, gift_of, offer_refusal, offer_text, parties, touched
from .record import record_message
from .endings import ending_message, proposal_message, proposal_refusal, propose_text, the_ending
from .views import pending_message
from .connection_limits import send_quietly
from .table import sealed_box, Table

log = logging.getLogger("app.net.server")


class TableTalk:
    """Mixin of :class:`app.net.server.Server` (``self.store``, ``self._tell_all`` …)."""

    async def _letter(self, table: Table, seat: int, ws: ServerConnection, message) -> None:
        """A sealed message passes (and is kept for its receiver's next visit) if the table's
        rule lets the seat write to that one; the server cannot read it."""
        m = table.match
        why = m.table.mail.refusal(seat, message.to)
        if why is None and message.to not in table.public_keys:
            why = "that seat has not joined yet: there is no key to seal a message to it"
        submissions = len(m.game.submissions)
        if why is None:
            try:
                await self.store.add_letter(table.id, seat, message.to, message.box, submissions)
            except StoreError as e:
                why = str(e)
        if why is not None:
            await ws.send(p.dump(p.Refused(text=f"message to seat {message.to}", reason=why)))
            return
        mail = p.Mail(table=table.id, sender=seat, box=message.box, submissions=submissions)
        if message.to in table.seats:
            await send_quietly(table.seats[message.to], p.dump(mail))
        await ws.send(p.dump(p.Kept(table=table.id, to=message.to)))

    async def _hand_over_vote(self, table: Table, voter: int, ws: ServerConnection, seat: int) -> None:
        """A seat's vote that an away seat be handed to the computer (:mod:`.away`)."""
        m = table.match
        why = hand_refusal(m, table.away, voter, seat)
        if why is not None:
            await ws.send(p.dump(p.Refused(text=f"hand seat {seat} to the computer", reason=why)))
            return
        table.votes.setdefault(seat, set()).add(voter)
        if enough_votes(m, seat, table.votes[seat]):
            await self._hand(table, seat)
        else:
            self._tell_soon(table)

    async def hand_to_computer(self, table_id: str, seat: int) -> None:
        """The holder's command: the away seat goes to the computer now. Raises ValueError
        naming why it may not (not away, not a person's seat, no such seat or table)."""
        table = self._table(table_id)
        if table is None:
            raise ValueError(f"no table {table_id} on this server")
        async with table.lock:
            why = hand_refusal(table.match, table.away, None, seat)
            if why is not None:
                raise ValueError(why)
            await self._hand(table, seat)

    async def _hand(self, table: Table, seat: int) -> None:
        m = table.match
        try:
            await self.store.keep_actions(table.id, [Action(seat, "hand", HAND_LEVEL)])
        except StoreError as e:
            log.error("table %s: seat %d was not handed to the computer: %s", table.id, seat, e)
            return
        hand_to_computer(m, seat, HAND_LEVEL)
        await self._drop_sealed_offers(table, seat)      # its person's sealed offers: the computer cannot open them
        await self._ask_vote_keys(table)                 # its answer, if any, is the computer's now
        table.away.discard(seat)
        table.votes.pop(seat, None)
        await self._tell_all(table, table.state())
        if m.round_complete:
            await self._round_complete(table)

    async def _offer(self, table: Table, seat: int, ws: ServerConnection, message) -> None:
        """A civilisations' offer or answer (:mod:`.offers`): checked, kept, then done; the
        seats it concerns are told, and nobody else."""
        m = table.match
        making = isinstance(message, p.MakeOffer)
        what = f"offer to {message.receiver}" if making else f"answer to offer {message.offer}"
        why = (offer_refusal(m, seat, message) or self._in_clear_refusal(table, message)) if making else \
            answer_refusal(m, seat, message)
        gift = None
        if why is None and making:
            try:
                gift = gift_of(m, message.model_dump())
            except OfferRefused as e:
                why = str(e)
            else:
                why = m.civ.refusal(gift)
        if not await self._kept(table, ws, what, why, lambda: Action(seat, "offer", offer_text(message)) if making
                                else Action(seat, "answer", answer_text(message))):
            return
        offer = m.civ.offer(gift) if making else m.civ.answer(message.offer, message.accept)
        for party in parties(m, offer):
            if party in table.seats:
                await send_quietly(table.seats[party], p.dump(self._offers_of(table, party)))
        if offer.status == "accepted":        # a gift joined the game: its parties see the world anew
            others = frozenset(range(len(m.seats))) - set(touched(m, offer))      # (and a unit given, who sees it)
            await self._send_views(table, watchers=False, quiet=others)

    async def _kept(self, table: Table, ws: ServerConnection, what: str, why: str | None,
                    action: Callable[[], Action]) -> bool:
        """Keep the action ``action()`` makes unless ``why`` refuses it already; a refusal, or a
        disk that would not keep it, is told to ``ws`` naming ``what`` was refused. True: kept."""
        if why is None:
            try:
                await self.store.keep_actions(table.id, [action()])
            except StoreError as e:
                why = str(e)
        if why is not None:
            await ws.send(p.dump(p.Refused(text=what, reason=why)))
            return False
        return True

    async def _proposal(self, table: Table, seat: int, ws: ServerConnection, message) -> None:
        """A proposal to end the game (:mod:`.endings`; answers: :mod:`.server_votes`): checked,
        kept, then done; every seat is told what it may know of it, and if it was agreed (every
        other voter a computer), every seat and watcher is told the game has ended."""
        m = table.match
        if not await self._kept(table, ws, f"propose a {message.kind}", proposal_refusal(m, seat, message),
                                lambda: Action(seat, "propose", propose_text(message))):
            return
        await self._proposal_moved(table, m.table.proposals.propose(seat, message.kind, message.to))

    async def _proposal_moved(self, table: Table, outcome) -> None:
        """A proposal was made or its answers tallied (``outcome``: how it ended, or None):
        every seat is told; an agreed one ends the game, else a done table's round goes on."""
        await self._tell_proposal(table)
        if outcome is not None and outcome.agreed:
            await self._game_ended(table)
        elif table.match.round_complete:          # the last answer a done table waited for
            await self._round_complete(table)
        else:
            self._tell_soon(table)

    async def _judging(self, table: Table, seat: int, ws: ServerConnection, message) -> None:
        """A seat's sealed name for a play-out's winner, or its key (:mod:`.judging`): checked,
        kept, then done; every seat is told who still owes one, then only the outcome."""
        m, judging = table.match, table.judging
        what, why, action = judging.check(m, table.id, seat, message)
        if not await self._kept(table, ws, what, why, lambda: action):
            return
        if (note := judging.take(m, table.id, seat, message)) is not None:
            await ws.send(p.dump(p.Refused(text=what, reason=note)))
        outcome = judging.close(m) if judging.complete else None
        await self._tell_judging(table)
        if outcome is not None and outcome.winner is not None:
            await self._game_ended(table)
        elif outcome is not None and m.round_complete:      # the judging a done table waited for
            await self._round_complete(table)

    async def _tell_judging(self, table: Table) -> None:
        for seat, ws in list(table.seats.items()):
            await send_quietly(ws, p.dump(table.judging.message(table.match, table.id, seat)))

    async def _tell_proposal(self, table: Table) -> None:
        answered = table.votes_sealed.answered_to(table.match.table.proposals)
        for seat, ws in list(table.seats.items()):
            await send_quietly(ws, p.dump(proposal_message(table.match, table.id, seat, answered)))

    async def _game_ended(self, table: Table) -> None:
        """Ended by agreement: no more deadline; the fog lifts for every seat; the game's whole
        record to its watchers; every seat and watcher told how it ended."""
        m = table.match
        if table.deadline_timer is not None:
            table.deadline_timer.cancel()
            table.deadline_timer = None
        table.round_ends = None
        for seat, ws in list(table.seats.items()):     # pending orders discarded: nobody will see them
            await send_quietly(ws, p.dump(pending_message(m, table.id, seat, sealed_box(table, seat))))
        await self._send_views(table)
        await self._tell_everyone(table, ending_message(table.id, the_ending(m)))   # first: how the record ends
        record = record_message(m, table.id)
        for ws in list(table.watchers):
            await send_quietly(ws, p.dump(record))
        await self._tell_all(table, table.state())
