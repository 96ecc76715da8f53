"""Civilisations' offers at a sealed table (issue 32, RULES.md §10): the holder of the table
never reads an offer that was not accepted.

Between two people's civilisations the giver's computer seals the gift itself (its kind,
its unit, its third civilisation) to the receiver's key and to its own (:mod:`.letters`:
X25519 and AES-GCM, the box bound to the table and the two civilisations), and sends it
with a commitment: SHA-256 of the table, the two civilisations, a random nonce and the
gift. The server passes the boxes and keeps them with the commitment (its own table in the
database, so an offer stays open across rounds and restarts, as an offer in the clear
does). An acceptance carries the gift and the nonce: the server checks them against the
commitment, then the rules apply the gift (:meth:`app.match.civ_table.CivTable.answer`:
given, or lapsed if it no longer holds). A refusal carries nothing: the offer is deleted
unread. Every sealed gift has the same length, so a box's size does not tell its kind.

The key an offer is sealed to is the seat's offer key, not its message key: derived from
its invitation as its message key is, but for offers alone (:func:`offer_secret`), so a
seat told the offer key of each civilisation it has met cannot match it with the seats'
message keys (public to every seat) and learn which seat plays that civilisation.

Who offers to whom stays in the clear (the server routes the offer to the receiver's seat
and keeps the rule of one open offer per civilisation). An offer to a civilisation the
computer plays goes in the clear: the server is that receiver's computer.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
from dataclasses import dataclass, field

from app.engine import follow_unit, Gift
from app.match import Match
from app.match.civ_table import Offer

from .letters import LetterError, open_letter, public_key_text, seal_letter

GIFT_SIZE = 400           # characters of a sealed gift, padded: a map gift and a unit gift look alike
OFFER_SEAT = -1           # the seat a box names in place of its sender (no message is from it)


class GiftError(ValueError):
    """A sealed gift that does not open, or an acceptance that does not match its offer."""


# -- the giver's and the receiver's computers -------------------------------------------------
def offer_secret(secret: str) -> str:
    """The secret a seat's offer key pair is made from (:mod:`.letters` makes it), one-way
    from its invitation's: not the one its message key pair is made from."""
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.kdf.hkdf import HKDF
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=b"5d-offers").derive(secret.encode()).hex()


def offer_key(secret: str, table: str, seat: int) -> str:
    """The seat's public key for offers sealed to it."""
    return public_key_text(offer_secret(secret), table, seat)


def gift_content(kind: str, unit: str | None, third: str | None) -> str:
    return json.dumps({"kind": kind, "unit": unit, "third": third}, sort_keys=True)


def gift_commitment(table: str, giver: str, receiver: str, content: str, nonce: str) -> str:
    head = json.dumps(["5d-offer", table, giver, receiver, nonce]).encode("utf-8")
    return hashlib.sha256(head + b"\n" + content.encode("utf-8")).hexdigest()


def _aad(table: str, giver: str, receiver: str) -> bytes:
    return json.dumps(["5d-offer-box", table, giver, receiver]).encode("utf-8")


def seal_gift(table: str, giver: str, receiver: str, content: str, receiver_key: str,
              own_key: str) -> tuple[str, str, str, str]:
    """(box for the receiver, box for the giver, commitment, nonce) of a gift."""
    nonce = os.urandom(16).hex()
    plain = json.dumps({"content": content, "nonce": nonce})
    if len(plain) > GIFT_SIZE:
        raise GiftError("the gift is too long to seal")
    plain = plain.ljust(GIFT_SIZE)
    aad = _aad(table, giver, receiver)
    return (seal_letter(plain, receiver_key, table, OFFER_SEAT, 0, aad=aad),
            seal_letter(plain, own_key, table, OFFER_SEAT, 0, aad=aad),
            gift_commitment(table, giver, receiver, content, nonce), nonce)


def open_gift(box: str, secret: str, table: str, seat: int, giver: str, receiver: str) -> tuple[dict, str, str]:
    """(the gift's fields, its content, its nonce) from a box sealed to ``seat``; raises GiftError."""
    try:
        plain = json.loads(open_letter(box, offer_secret(secret), table, OFFER_SEAT, seat,
                                       aad=_aad(table, giver, receiver)))
        content, nonce = plain["content"], plain["nonce"]
        return json.loads(content), content, nonce
    except (LetterError, ValueError, KeyError, TypeError):
        raise GiftError("the sealed offer does not open with this seat's key") from None


# -- the server ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class SealedOffer:
    id: int
    giver_seat: int
    receiver_seat: int
    giver: str
    receiver: str
    box: str            # sealed to the receiver
    own: str            # sealed to the giver
    commitment: str
    made_at: int

    def told(self, seat: int) -> dict:
        """The offer as ``seat`` (a party) is told of it: its own box to open."""
        return {"id": self.id, "from": self.giver, "to": self.receiver, "made_at": self.made_at,
                "box": self.box if seat == self.receiver_seat else self.own}

    def gift_fields(self, content: str, nonce: str, table: str) -> dict:
        """The gift an acceptance names, checked against the commitment; raises GiftError."""
        if not hmac.compare_digest(gift_commitment(table, self.giver, self.receiver, content, nonce), self.commitment):
            raise GiftError("the gift and nonce do not match what was offered (its commitment)")
        try:
            fields = json.loads(content)
            kind, unit, third = fields["kind"], fields["unit"], fields["third"]
        except (ValueError, KeyError, TypeError):
            raise GiftError("the gift does not read") from None
        if not isinstance(kind, str) or not all(x is None or isinstance(x, str) for x in (unit, third)):
            raise GiftError("the gift does not read")
        return {"kind": kind, "giver": self.giver, "receiver": self.receiver, "unit": unit, "third": third}


@dataclass
class SealedOffers:
    """A sealed table's open sealed offers, and those answered unread this session."""
    open: dict[int, SealedOffer] = field(default_factory=dict)
    unread: list[tuple[SealedOffer, str]] = field(default_factory=list)     # (offer, "rejected")

    def busy(self, nation: str) -> bool:
        return any(nation in (o.giver, o.receiver) for o in self.open.values())

    def told(self, seat: int) -> tuple[list[dict], list[dict], list[dict]]:
        """(to answer, made, answered unread) as ``seat`` is told of them."""
        to_answer = [o.told(seat) for o in self.open.values() if o.receiver_seat == seat]
        made = [o.told(seat) for o in self.open.values() if o.giver_seat == seat]
        answered = [{"id": o.id, "from": o.giver, "to": o.receiver, "made_at": o.made_at, "kind": "",
                     "status": "not taken" if o.giver_seat == seat else status}
                    for o, status in reversed(self.unread) if seat in (o.giver_seat, o.receiver_seat)]
        return to_answer, made, answered


def written(table: str, o: SealedOffer) -> list[tuple[str, tuple]]:
    return [("INSERT INTO sealed_offers VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
             (table, o.id, o.giver_seat, o.receiver_seat, o.giver, o.receiver, o.box, o.own, o.commitment, o.made_at))]


def deleted(table: str, offer: int) -> list[tuple[str, tuple]]:
    return [("DELETE FROM sealed_offers WHERE table_id = ? AND id = ?", (table, offer))]


def offer_key_written(table: str, seat: int, key: str) -> list[tuple[str, tuple]]:
    return [("INSERT OR REPLACE INTO offer_keys VALUES (?, ?, ?)", (table, seat, key))]


def stored_offer_keys(reader, table: str) -> dict[int, str]:
    return dict(reader.execute("SELECT seat, key FROM offer_keys WHERE table_id = ?", (table,)).fetchall())


def stored_offers(reader, table: str) -> dict[int, SealedOffer]:
    """The open sealed offers the database holds for ``table`` (``reader``: a sqlite3 connection)."""
    rows = reader.execute("SELECT id, giver_seat, receiver_seat, giver, receiver, box, own, commitment, made_at "
                          "FROM sealed_offers WHERE table_id = ? ORDER BY id", (table,)).fetchall()
    return {r[0]: SealedOffer(*r) for r in rows}


def accepted_text(o: SealedOffer, fields: dict) -> str:
    """An accepted sealed offer's stored action (it takes effect: it is part of the game now)."""
    return json.dumps({"id": o.id, "made_at": o.made_at, **fields}, sort_keys=True)


def apply_accepted(match: Match, offer_id: int, made_at: int, gift: Gift) -> Offer:
    """The opened gift joins the civilisations' table as offer ``offer_id`` and is accepted
    there (given, or lapsed with the rules' reason if it no longer holds)."""
    if gift.kind == "unit" and gift.unit is not None and (moved := follow_unit(match.world, gift.unit)) is not None:
        gift = Gift("unit", gift.giver, gift.receiver, unit=moved)
    match.civ.offers[offer_id] = Offer(offer_id, gift, made_at)
    match.civ.next_id = max(match.civ.next_id, offer_id + 1)
    return match.civ.answer(offer_id, True)
