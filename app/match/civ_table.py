"""Gifts and exchanges between civilisations as the match's transactions (RULES.md §10):
offered during a seat's turn, answered by the receiver at its turn, behind its curtain.

- :meth:`CivTable.offer` makes an offer: the giver is the seat's civilisation, the receiver
  one it is in contact with, neither has an open offer (made or received), and the gift
  holds now. A computer civilisation answers at once (``app.bots.civ``).
- :meth:`CivTable.answer` accepts or rejects it. On acceptance the gift is applied at once
  (``give_gift``); an offer that no longer holds then *lapses* (its reason is kept).
- A map gift or exchange gives the receiver a snapshot: a read-only view of what the giver
  saw at that moment, named after the giver and the date (:class:`Snapshot`).

Privacy: an open offer is a pending intention, kept like pending orders. In the save it
is written in the clear only when neither party has a PIN; otherwise in the sealed box
(``app.match.secret``) of each party with a PIN, beside its orders (``offers``; a seat
still locked keeps its box as read, offers included). Answered offers leave only their
number (``answered``); accepted gifts are part of the game (its gift log: ``gifts_of``), like orders
once adjudicated, and snapshots are read from them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Iterable, Protocol

from app.engine import (CivFault, follow_unit, Gift, gifts_of, in_contact, KINDS, Location,
                        read_location, refusal, Turn, World, world_before_gift)

from .table.host import Host


class CivHost(Host, Protocol):
    """A match as its civilisations' table sees it: as its table does, and three verbs more
    (:class:`app.match.Match` is the one there is)."""

    def view_for_nations(self, nations: Iterable[str]) -> World: ...

    def give(self, gift: Gift) -> None: ...

    def mark_changed(self) -> None: ...


class OfferRefused(ValueError):
    """An offer that cannot be made now; the message says why (in the seat's words)."""


@dataclass
class Offer:
    """One transaction. ``status``: open, accepted, rejected or lapsed (``reason`` says why)."""

    id: int
    gift: Gift
    made_at: int                   # submissions made when offered
    status: str = "open"
    reason: str = ""

    @property
    def giver(self) -> str:
        return self.gift.giver

    @property
    def receiver(self) -> str:
        return self.gift.receiver

    def to_json(self) -> dict[str, Any]:
        g = self.gift
        d: dict[str, Any] = {"id": self.id, "kind": g.kind, "from": g.giver, "to": g.receiver, "made_at": self.made_at}
        if g.unit is not None:
            d["unit"] = str(g.unit)
        if g.third is not None:
            d["with"] = g.third
        return d


@dataclass(frozen=True)
class Snapshot:
    """A map received: what ``giver`` saw when the gift was accepted (``gift`` is its place
    in ``gifts_of(game)``); ``turn`` names the moment."""

    giver: str
    receiver: str
    gift: int
    turn: Turn

    def title(self, calendar) -> str:
        return f"Map from {self.giver}, {calendar.title(self.turn)}"


@dataclass
class CivTable:
    """The transactions of a civilisations match (see the module docstring)."""

    match: CivHost = field(repr=False)
    offers: dict[int, Offer] = field(default_factory=dict)     # open ones, and those answered this session
    answered: set[int] = field(default_factory=set)
    next_id: int = 1

    def may_write(self, match, sender: int, receiver: int) -> str | None:
        """The messages' rule of a civilisations game: a seat writes only to a seat whose
        civilisation one of its own is in contact with."""
        mine, theirs = match.seats[sender].nations, match.seats[receiver].nations
        if any(in_contact(self.world, a, b) for a in mine for b in theirs):
            return None
        return "you have not met that seat's civilisation"

    # -- asking -----------------------------------------------------------------------------

    @property
    def world(self) -> World:
        return self.match.world

    def in_contact(self, a: str, b: str) -> bool:
        return in_contact(self.world, a, b)

    def open_offers(self, nation: str) -> list[Offer]:
        """Open offers ``nation`` made or received (at most one)."""
        return [o for o in self.offers.values() if o.status == "open" and nation in (o.giver, o.receiver)]

    def to_answer(self, nations) -> list[Offer]:
        """Open offers made to any of ``nations``."""
        return [o for o in self.offers.values() if o.status == "open" and o.receiver in set(nations)]

    def made_by(self, nations) -> list[Offer]:
        return [o for o in self.offers.values() if o.status == "open" and o.giver in set(nations)]

    def history(self, nations) -> list[Offer]:
        """This session's answered offers that ``nations`` made or received, latest first."""
        mine = set(nations)
        return sorted((o for o in self.offers.values() if o.status != "open" and mine & {o.giver, o.receiver}),
                      key=lambda o: -o.id)

    def snapshots(self, nation: str) -> list[Snapshot]:
        """The maps ``nation`` received, oldest first (read from the game's accepted gifts)."""
        out = []
        game = self.match.game
        for i, (at, g) in enumerate(gifts_of(game)):
            if g.kind == "map" and g.receiver == nation:
                giver = g.giver
            elif g.kind == "maps" and nation in (g.giver, g.receiver):
                giver = g.receiver if nation == g.giver else g.giver
            else:
                continue
            turn = min(k.turn for k in game.world_at(at).active_boards())
            out.append(Snapshot(giver, nation, i, turn))
        return out

    def snapshot_view(self, snapshot: Snapshot, viewer_knows=None) -> World:
        """The read-only view a snapshot shows: the giver's own view of that moment. A
        civilisation is named only if the giver knew it then and the viewer (whose known
        civilisations are ``viewer_knows``; default: the receiver's now) knows it too."""
        from .civ_view import civ_view, known_civilisations
        world = world_before_gift(self.match.game, snapshot.gift)
        if viewer_knows is None:
            viewer_knows = known_civilisations(self.world, [snapshot.receiver])
        names = set(known_civilisations(world, [snapshot.giver])) & set(viewer_knows)
        return civ_view(world, [snapshot.giver], names)

    # -- offering and answering ---------------------------------------------------------------

    def refusal(self, gift: Gift) -> str | None:
        """Why ``gift`` cannot be offered now, or None: only what the giver may know decides
        (whether the receiver is busy with others, or already knows a third civilisation,
        is the receiver's: such an offer waits, or lapses when answered)."""
        if gift.kind not in KINDS:
            return f"'{gift.kind}' is not a kind of offer"
        from .civ_view import known_civilisations
        known = known_civilisations(self.world, [gift.giver])
        for name in (gift.receiver,) + ((gift.third,) if gift.kind == "contact" else ()):
            if name not in known:       # unmet or not playing: the giver cannot tell which
                return f"you know no civilisation called {name}"
        if self.open_offers(gift.giver):
            return "you have an open offer, made or received: it must be answered before you make another"
        seat = self.match.seat_of(gift.receiver)
        if seat is not None and self.match.seats[seat].controller == "nobody":
            return f"nobody plays {gift.receiver} now: it cannot answer"
        if gift.kind == "contact" and gift.third is not None and in_contact(self.world, gift.receiver, gift.third) \
                and in_contact(self.world, gift.giver, gift.third) and in_contact(self.world, gift.giver, gift.receiver):
            return None      # the receiver's own business: the offer lapses when answered
        return refusal(self.world, gift)

    def giftable_units(self, nation: str) -> list[Location]:
        """``nation``'s units that may be given now: on active movement boards, not on a
        supply centre, while no board waits for retreats."""
        w = self.world
        if w.pause is not None or w.phase == "over":
            return []
        centres = w.variant.supply_centres
        return sorted(Location(k, u.loc) for k in w.active_boards() if w.boards[k].is_movement
                      for p, u in w.boards[k].units.items() if u.nation == nation and p not in centres)

    def offer(self, gift: Gift) -> Offer:
        """Make an offer (see the module docstring); a computer receiver answers at once.
        Raises :class:`OfferRefused`."""
        reason = self.refusal(gift)
        if reason is not None:
            raise OfferRefused(reason)
        if gift.kind == "unit":
            gift = Gift("unit", gift.giver, gift.receiver, unit=follow_unit(self.world, gift.unit))
        o = Offer(self.next_id, gift, len(self.match.game.submissions))
        self.next_id += 1
        self.offers[o.id] = o
        self.match.mark_changed()
        seat = self.match.seat_of(gift.receiver)
        if seat is not None and self.match.seats[seat].is_computer:
            from app.bots.civ import answer as computer_answer
            view = self.match.view_for_nations([gift.receiver])
            self.answer(o.id, computer_answer(view, o.gift, gift.receiver))
        return o

    def answer(self, offer_id: int, accept: bool) -> Offer:
        """The receiver's answer. Accepted: the gift is applied now, or the offer lapses if
        it no longer holds."""
        o = self.offers.get(offer_id)
        if o is None or o.status != "open":
            raise OfferRefused("that offer is no longer open")
        self.answered.add(o.id)
        if not accept:
            o.status = "rejected"
        else:
            reason = refusal(self.world, o.gift)
            if reason is not None:
                o.status, o.reason = "lapsed", reason
            else:
                self.match.give(o.gift)
                o.status = "accepted"
        self.match.mark_changed()
        return o

    def computers_offer(self) -> list[Offer]:
        """After a submission: each computer civilisation may offer a map exchange to one it
        is in contact with (``app.bots.civ.offers``)."""
        from app.bots.civ import EXCHANGE_EVERY, offers
        m = self.match
        if m.world.phase == "over":
            return []
        made = []
        n = len(m.game.submissions)
        for seat in m.seats:
            if not seat.is_computer:
                continue
            for nation in seat.nations:
                if self.open_offers(nation):
                    continue
                recent = {g.receiver if g.giver == nation else g.giver for at, g in gifts_of(m.game)
                          if g.kind == "maps" and nation in g.parties and at > n - 2 * EXCHANGE_EVERY}
                busy = {x for o in self.offers.values() if o.status == "open" for x in o.gift.parties}
                for gift in offers(m.view_for_nations([nation]), nation, m.game.seed, recent, busy):
                    if self.refusal(gift) is None:
                        made.append(self.offer(gift))
        return made

    # -- the save file ----------------------------------------------------------------------

    def _clear(self, o: Offer) -> bool:
        """Whether an open offer is written in the clear: no party has a PIN, or none of
        the parties with one can take it now and the maker has none (its intention is not
        sealed, like its orders)."""
        m = self.match
        pinned = [i for i in (m.seat_of(o.giver), m.seat_of(o.receiver)) if i is not None and m.has_pin(i)]
        if not pinned:
            return True
        return all(m.is_locked(i) for i in pinned) and m.seat_of(o.giver) not in pinned

    def part(self) -> dict[str, Any]:
        """The match part's ``civ`` field: the open offers written in the clear, the next
        offer's number, and (with PINs) the numbers of answered offers."""
        m = self.match
        out: dict[str, Any] = {"next_id": self.next_id}
        clear = [o.to_json() for o in self.offers.values() if o.status == "open" and self._clear(o)]
        if clear:
            out["open"] = clear
        if self.answered and any(m.has_pin(i) for i in range(len(m.seats))):
            out["answered"] = sorted(self.answered)     # so that a box written earlier brings none back
        return out

    def pack(self, seat: int, payload: bytes) -> bytes:
        """A PIN seat's sealed box's JSON with the open offers it is a party to (``offers``)."""
        m = self.match
        mine = [o.to_json() for o in self.offers.values()
                if o.status == "open" and seat in (m.seat_of(o.giver), m.seat_of(o.receiver))]
        if not mine:
            return payload
        data = json.loads(payload.decode("utf-8"))
        if isinstance(data, list):
            data = {"orders": data}
        data["offers"] = mine
        return json.dumps(data).encode("utf-8")

    def open_box(self, seat: int, plain: bytes, where: str) -> bytes:
        """A PIN seat's box, opened: its offers join the table; returns the rest."""
        from .file_error import MatchFileError
        try:
            data = json.loads(plain.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            raise MatchFileError(f"{where}: the sealed box does not read") from None
        if not isinstance(data, dict) or "offers" not in data:
            return plain
        try:
            for item in data.pop("offers"):
                self._add_json(item)
        except (TypeError, ValueError, KeyError) as e:
            raise MatchFileError(f"{where}: the sealed offers do not read ({e})") from None
        return json.dumps(data).encode("utf-8")

    def read_part(self, raw: dict[str, Any] | None, where: str) -> None:
        from .file_error import MatchFileError
        if not raw:
            return
        try:
            self.next_id = int(raw.get("next_id", 1))
            self.answered = {int(i) for i in raw.get("answered", [])}
            for item in raw.get("open", []):
                self._add_json(item)
        except (TypeError, ValueError, KeyError) as e:
            raise MatchFileError(f"{where}: field 'meta.civ': {e}") from None

    def _add_json(self, item: dict) -> None:
        oid = int(item["id"])
        if oid in self.answered or oid in self.offers:
            return
        w = self.world
        for name in ("from", "to") + (("with",) if item.get("kind") == "contact" else ()):
            if item.get(name) not in w.variant.nations:
                raise ValueError(f"offer {oid}: {item.get(name)!r} is not a civilisation of this game")
        if item.get("kind") not in KINDS:
            raise ValueError(f"offer {oid}: {item.get('kind')!r} is not a kind of offer")
        unit = None
        if item["kind"] == "unit":       # a place on the map and a board of the game, as for accepted gifts
            try:
                unit = read_location(item.get("unit"), "unit", w)
            except CivFault as e:
                raise ValueError(f"offer {oid}: {e}") from None
            if unit.board not in w.boards:
                raise ValueError(f"offer {oid}: {item.get('unit')!r} is on no board of this game")
        gift = Gift(item["kind"], item["from"], item["to"], unit=unit, third=item.get("with"))
        self.offers[oid] = Offer(oid, gift, int(item.get("made_at", 0)))
        self.next_id = max(self.next_id, oid + 1)


__all__ = ["CivTable", "Offer", "OfferRefused", "Snapshot"]
