"""What a seat's computer seals and opens with the keys its invitation's secret gives: its
orders at a sealed table (:mod:`.sealing`), its messages (:mod:`.letters`), its offers
(:mod:`.sealed_offers`), its answers to a proposal (:mod:`.sealed_votes`) and its name in a
judging (:mod:`.judging_seal`), each as the message it sends. Kept apart from the client's
connection and from its table actions so that the secret is used in one place, and the
sealing reads without the network around it.
"""

from __future__ import annotations

from . import protocol as p
from .invitations import Invitation
from .judging_seal import name_key_text, sealed_name
from .letters import LetterError, open_letter, public_key_text, seal_letter
from .sealed_offers import gift_content, GiftError, offer_key, open_gift, seal_gift
from .sealed_votes import sealed_answer, vote_key
from .sealing import commitment, key_text, round_key, seal, unseal


class SeatSeals:
    """The seals of the seat ``invitation`` names."""

    def __init__(self, invitation: Invitation):
        self.invitation = invitation
        self.offer_key = offer_key(invitation.secret, invitation.table, invitation.seat)

    def hello(self, text: str) -> p.Hello:
        """Joining with invitation ``text``: the seat's public keys go with it (messages and
        offers are sealed to them)."""
        inv = self.invitation
        return p.Hello(type="hello", invitation=text, public_key=public_key_text(inv.secret, inv.table, inv.seat),
                       offer_key=self.offer_key)

    # -- orders at a sealed table ---------------------------------------------------------
    def round_key(self, submissions: int) -> bytes:
        inv = self.invitation
        return round_key(inv.secret, inv.table, inv.seat, submissions)

    def sealed_orders(self, orders: list[str], submissions: int) -> p.Seal:
        key = self.round_key(submissions)
        box = seal(key, orders, self.invitation.table, self.invitation.seat, submissions)
        return p.Seal(type="seal", box=box, commitment=commitment(key))

    def open_orders(self, box: str, submissions: int) -> list[str]:
        """The orders in this seat's ``box`` (raises :class:`~.sealing.SealError`)."""
        return unseal(self.round_key(submissions), box, self.invitation.table, self.invitation.seat, submissions)

    def reveal(self, submissions: int) -> p.Reveal:
        """Every seat is done: the key that opens this seat's box."""
        return p.Reveal(type="reveal", key=key_text(self.round_key(submissions)))

    # -- messages ---------------------------------------------------------------------------
    def letter(self, to: int, text: str, receiver_key: str) -> p.Letter:
        inv = self.invitation
        return p.Letter(type="letter", to=to, box=seal_letter(text, receiver_key, inv.table, inv.seat, to))

    def read_letter(self, mail: p.Mail) -> str:
        """A message to this seat, opened (raises :class:`~.letters.LetterError`)."""
        inv = self.invitation
        return open_letter(mail.box, inv.secret, inv.table, mail.sender, inv.seat)

    def open_letter(self, mail: p.Mail) -> str:
        """A message to this seat, opened (one that does not open says so in its place)."""
        try:
            return self.read_letter(mail)
        except LetterError as e:
            return f"(a message that does not open: {e})"

    # -- answers to a proposal and names in a judging ------------------------------------
    def vote(self, proposal: int, accept: bool) -> p.SealVote:
        inv = self.invitation
        box, committed = sealed_answer(inv.secret, inv.table, inv.seat, proposal, accept)
        return p.SealVote(type="seal_vote", proposal=proposal, box=box, commitment=committed)

    def vote_key(self, proposal: int) -> p.VoteKey:
        """Every seat has answered: the key that opens this seat's answer."""
        inv = self.invitation
        key = vote_key(inv.secret, inv.table, inv.seat, proposal)
        return p.VoteKey(type="vote_key", proposal=proposal, key=key_text(key))

    def name(self, nation: str | None, at: int) -> p.Judge:
        inv = self.invitation
        box, committed = sealed_name(inv.secret, nation, inv.table, inv.seat, at)
        return p.Judge(type="judge", at=at, box=box, commitment=committed)

    def name_key(self, at: int) -> p.JudgeKey:
        """Every seat has named: the key that opens this seat's name."""
        inv = self.invitation
        return p.JudgeKey(type="judge_key", at=at, key=name_key_text(inv.secret, inv.table, inv.seat, at))

    # -- civilisations' offers ------------------------------------------------------------------
    def offer(self, kind: str, giver: str, receiver: str, unit: str | None, third: str | None,
              receiver_key: str) -> p.SealOffer:
        """An offer sealed to the receiver's computer (and to this one's, to read it back)."""
        box, own, committed, _ = seal_gift(self.invitation.table, giver, receiver, gift_content(kind, unit, third),
                                           receiver_key, self.offer_key)
        return p.SealOffer(type="seal_offer", giver=giver, receiver=receiver, box=box, own=own, commitment=committed)

    def open_offers(self, message: p.Offers, gifts: dict[int, tuple[str, str]]) -> p.Offers:
        """The sealed offers in ``message`` opened: each reads as one in the clear (``kind``,
        ``unit``, ``with``); ``gifts`` keeps each one's gift and nonce, to accept it."""
        inv = self.invitation

        def opened(d: dict, receiving: bool) -> dict:
            if "box" not in d:
                return d
            out = {k: v for k, v in d.items() if k != "box"}
            try:
                fields, content, nonce = open_gift(d["box"], inv.secret, inv.table, inv.seat, d["from"], d["to"])
            except GiftError as e:
                return {**out, "kind": "", "reason": str(e)}
            if receiving:
                gifts[d["id"]] = (content, nonce)
            extra = {"unit": fields.get("unit"), "with": fields.get("third")}
            return {**out, "kind": fields.get("kind", ""), **{k: v for k, v in extra.items() if v is not None}}
        return message.model_copy(update={"to_answer": [opened(d, True) for d in message.to_answer],
                                          "made": [opened(d, False) for d in message.made]})
