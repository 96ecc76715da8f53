"""Civilisations' offers across computers (RULES.md §10, §6 "Across computers"): a seat's
civilisation offers another a gift through the server, which passes it to the receiver's
seat only; the receiver answers there. The table's rules are the hotseat's own
(:class:`app.match.civ_table.CivTable`: who may offer what, a computer receiver answering
at once, an accepted gift joining the game, an offer lapsing); this module only reads the
messages, says who may send them, and says what each seat is told.

Each offer and answer is an action stored like an order (kind ``offer`` or ``answer``,
its text JSON), kept before it is done and replayed by a restarted server; offers still
open at an adjudication are part of the stored save (the match's ``civ`` part).
"""

from __future__ import annotations

import json

from app.engine import CivFault, Gift, read_location
from app.match import Match
from app.match.civ_table import Offer, OfferRefused

from .civ_maps import maps_told
from .protocol import AnswerOffer, MakeOffer, Offers


def offer_refusal(match: Match, seat: int, message: MakeOffer) -> str | None:
    """Why the seat may not make this offer now (None: it may; the rules may still refuse)."""
    if match.civ is None:
        return "this game has no civilisations: there are no offers to make"
    if message.giver not in match.seats[seat].nations:
        return f"your seat does not play {message.giver}"
    if match.world.phase == "over":
        return "the game is over"
    if match.is_done(seat):
        return "this seat has ended its turn"
    return None


def answer_refusal(match: Match, seat: int, message: AnswerOffer) -> str | None:
    if match.civ is None:
        return "this game has no civilisations: there are no offers to answer"
    o = match.civ.offers.get(message.offer)
    if o is None or o.status != "open" or o.receiver not in match.seats[seat].nations:
        return "no open offer of that number was made to your seat"   # nor says whether one was made to another
    return None


def gift_of(match: Match, fields: dict) -> Gift:
    """The gift an offer names; raises OfferRefused naming what does not read."""
    unit = None
    if fields.get("unit") is not None:
        try:
            unit = read_location(fields["unit"], "unit", match.world)
        except CivFault as e:
            raise OfferRefused(str(e)) from None
    return Gift(fields["kind"], fields["giver"], fields["receiver"], unit=unit, third=fields.get("third"))


def offer_text(message: MakeOffer) -> str:
    """The stored action's text."""
    return json.dumps({"kind": message.kind, "giver": message.giver, "receiver": message.receiver,
                       "unit": message.unit, "third": message.third}, sort_keys=True)


def answer_text(message: AnswerOffer) -> str:
    return json.dumps({"offer": message.offer, "accept": message.accept}, sort_keys=True)


def replay_offer(match: Match, text: str) -> Offer:
    return match.civ.offer(gift_of(match, json.loads(text)))


def replay_answer(match: Match, text: str) -> Offer:
    fields = json.loads(text)
    return match.civ.answer(int(fields["offer"]), bool(fields["accept"]))


def parties(match: Match, offer: Offer) -> list[int]:
    """The seats an offer concerns (the giver's and the receiver's), nobody else."""
    seats = {match.seat_of(offer.giver), match.seat_of(offer.receiver)}
    return sorted(s for s in seats if s is not None)


def touched(match: Match, offer: Offer) -> list[int]:
    """The seats whose world an accepted offer changes: its parties', and a contact gift's
    third civilisation's (it has met the receiver now, though it was no party to the offer)."""
    seats = set(parties(match, offer))
    if offer.gift.kind == "contact" and offer.gift.third is not None:
        third = match.seat_of(offer.gift.third)
        if third is not None:
            seats.add(third)
    return sorted(seats)


def offers_message(match: Match, table: str, seat: int) -> Offers:
    """What the seat is told of offers: those its civilisations made or received."""
    mine = match.seats[seat].nations
    t = match.civ

    def told(o: Offer) -> dict:
        d = o.to_json()
        if o.status != "open":
            not_taken = o.giver in mine and o.status in ("rejected", "lapsed")   # why is the receiver's business
            d["status"] = "not taken" if not_taken else o.status
            d["reason"] = o.reason if o.status == "lapsed" and not not_taken else ""
        return d
    return Offers(table=table, to_answer=[told(o) for o in t.to_answer(mine)],
                  made=[told(o) for o in t.made_by(mine)], answered=[told(o) for o in t.history(mine)],
                  maps=maps_told(match, seat))
