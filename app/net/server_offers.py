"""The server's side of offers at a sealed table (:mod:`.sealed_offers`): a sealed offer
checked as far as its clear part goes, kept and passed to its parties; an acceptance
checked against its commitment, then applied by the rules; a refusal deleted unread. A
part of :class:`app.net.server.Server` (its mixin), kept here so that the server's module
only wires it.
"""

from __future__ import annotations

import logging

from app.engine import in_contact
from app.match.civ_table import OfferRefused

from . import protocol as p
from .offers import gift_of, offer_refusal, offers_message, touched
from .sealed_offers import accepted_text, apply_accepted, deleted, GiftError, offer_key_written, SealedOffer, written
from .sealed_votes import commitment_fault
from .connection_limits import send_quietly
from .store import Action, actions_written, StoreError

log = logging.getLogger(__name__)

BUSY = "you have an open offer, made or received: it must be answered before you make another"


class SealedOffering:
    """Mixin of :class:`app.net.server.Server` (``self.store``, ``self._send_views`` …)."""

    def _offers_of(self, table, seat: int) -> p.Offers:
        """What the seat is told of its offers, sealed ones included, and (a sealed table) the
        keys to seal an offer to each person's civilisation it has met."""
        m = table.match
        told = offers_message(m, table.id, seat)
        if table.sealed is None:
            return told
        to_answer, made, answered = table.offers_sealed.told(seat)
        mine = set(m.seats[seat].nations)
        keys = {}
        for civ in m.known_civilisations(seat):
            s = m.seat_of(civ)
            if civ not in mine and s is not None and m.seats[s].is_person and s in table.offer_keys:
                keys[civ] = table.offer_keys[s]
        return told.model_copy(update={"to_answer": told.to_answer + to_answer, "made": told.made + made,
                                       "answered": answered + told.answered, "keys": keys})

    def _in_clear_refusal(self, table, message: p.MakeOffer) -> str | None:
        """Why an offer in the clear is not taken here: at a sealed table, an offer to a
        person's civilisation is sealed, and an open sealed offer counts as any other."""
        if table.sealed is None:
            return None
        if table.offers_sealed.busy(message.giver):
            return BUSY
        s = table.match.seat_of(message.receiver)
        if s is not None and table.match.seats[s].is_person and in_contact(table.match.world, message.giver,
                                                                           message.receiver):
            return "this table seals offers between people: your computer seals it to the receiver's"
        return None

    async def _take_keys(self, table, seat: int, hello: p.Hello) -> None:
        """The seat's public keys as its computer joins, kept: for messages sealed to it, and
        for offers (the others, who may have met its civilisation, told they may now seal
        offers to it). Raises StoreError."""
        if hello.public_key is not None and table.public_keys.get(seat) != hello.public_key:
            await self.store.keep_public_key(table.id, seat, hello.public_key)
            table.public_keys[seat] = hello.public_key
        if hello.offer_key is None or table.offer_keys.get(seat) == hello.offer_key:
            return
        await self.store.write(offer_key_written(table.id, seat, hello.offer_key))
        table.offer_keys[seat] = hello.offer_key
        if table.sealed is not None and table.match.civ is not None:
            await self._tell_parties(table, set(table.seats) - {seat})

    async def _tell_parties(self, table, seats) -> None:
        """Each of ``seats`` that is connected is told of its offers (and the keys to seal one)."""
        for seat in sorted(set(seats)):
            if seat in table.seats:
                await send_quietly(table.seats[seat], p.dump(self._offers_of(table, seat)))

    async def _seal_offer(self, table, seat: int, ws, message: p.SealOffer) -> None:
        m = table.match
        giver, receiver = message.giver, message.receiver
        to = m.seat_of(receiver) if m.civ is not None else None
        why = ("this table does not seal offers: send it in the clear" if table.sealed is None else None) \
            or offer_refusal(m, seat, message) or commitment_fault(message.commitment)
        if why is None and not in_contact(m.world, giver, receiver):
            why = f"you know no civilisation called {receiver}"
        if why is None and (m.civ.open_offers(giver) or table.offers_sealed.busy(giver)):
            why = BUSY
        if why is None and (to is None or not m.seats[to].is_person or to not in table.offer_keys):
            why = f"{receiver}'s computer cannot open a sealed offer now: offer it in the clear"
        offer = None if why is not None else SealedOffer(m.civ.next_id, seat, to, giver, receiver, message.box,
                                                         message.own, message.commitment, len(m.game.submissions))
        if offer is not None:
            try:
                await self.store.write(actions_written(table.id, [Action(seat, "sealed_offer", str(offer.id))])
                                       + written(table.id, offer))
            except StoreError as e:
                why = str(e)
        if why is not None:
            await ws.send(p.dump(p.Refused(text=f"offer to {receiver}", reason=why)))
            return
        m.civ.next_id += 1
        table.offers_sealed.open[offer.id] = offer
        await self._tell_parties(table, (seat, to))

    async def _answer_sealed(self, table, seat: int, ws, message: p.AnswerSealedOffer) -> None:
        m, sealed = table.match, table.offers_sealed
        o = sealed.open.get(message.offer)
        what = f"answer to offer {message.offer}"
        if o is None or o.receiver_seat != seat:
            await ws.send(p.dump(p.Refused(text=what, reason="no open offer of that number was made to your seat")))
            return
        try:
            gift = fields = None
            if message.accept:
                if message.content is None or message.nonce is None:
                    raise GiftError("an acceptance carries the gift and the nonce it was sealed with")
                fields = o.gift_fields(message.content, message.nonce, table.id)
                gift = gift_of(m, fields)
            accepted = [] if gift is None else [Action(seat, "sealed_accept", accepted_text(o, fields))]
            await self.store.write(actions_written(table.id, accepted) + deleted(table.id, o.id))
        except (GiftError, OfferRefused, StoreError) as e:
            await ws.send(p.dump(p.Refused(text=what, reason=str(e))))
            return
        del sealed.open[o.id]
        if gift is None:                   # refused: never read by the server
            sealed.unread.append((o, "rejected"))
            await self._tell_parties(table, (o.giver_seat, seat))
            return
        offer = apply_accepted(m, o.id, o.made_at, gift)
        await self._tell_parties(table, (o.giver_seat, seat))
        if offer.status == "accepted":     # a gift joined the game: its parties see the world anew
            # (and a contact gift's third civilisation, who has met the receiver now)
            seen = {o.giver_seat, seat} | set(touched(m, offer))
            await self._send_views(table, watchers=False, quiet=frozenset(range(len(m.seats))) - seen)


    async def _drop_sealed_offers(self, table, seat: int) -> None:
        """The seat went to the computer, which cannot open what was sealed to its person:
        its open sealed offers, made or received, lapse unread."""
        sealed = table.offers_sealed
        gone = [o for o in sealed.open.values() if seat in (o.giver_seat, o.receiver_seat)]
        if not gone:
            return
        try:
            await self.store.write([s for o in gone for s in deleted(table.id, o.id)])
        except StoreError as e:
            log.error("table %s: the sealed offers of seat %d were not dropped: %s", table.id, seat, e)
            return
        for o in gone:
            del sealed.open[o.id]
            sealed.unread.append((o, "lapsed"))
        await self._tell_parties(table, {s for o in gone for s in (o.giver_seat, o.receiver_seat)})
