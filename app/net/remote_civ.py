"""A civilisations table on a server as a window plays it (RULES.md §10, §6 "Across
computers"): the seat's world is rebuilt from what its view says it may know
(:mod:`.civ_views`), and its offers go through the server. No Qt, and no rule decided
here that the server does not decide again.

- :func:`seat_variant`: the table's map with the civilisations the seat knows (its own,
  then those it has met, with their colours) as its nations: a civilisation not met has no
  name, colour or place in it, and its units are the view's "Unknown". The list grows as
  the seat meets others, so one variant is made for each list.
- :func:`with_view_civ`: the world with the civilisations' state the view carries (the
  seat's own home centres on each board, its contacts), so that the calendar, builds and
  "whom have I met" read as at a hotseat table.
- :class:`RemoteCivTable`: the face of the hotseat's :class:`~app.match.civ_table.CivTable`
  (the window's Contacts dock uses it unchanged), whose offers and answers are sent, and
  whose offers are the ones the server last told this seat of (:class:`~.protocol.Offers`),
  and whose maps received are asked for as soon as the server lists them
  (:mod:`.civ_maps`), so that one is there to open when the player asks.
"""

from __future__ import annotations

import dataclasses
import json
from types import MappingProxyType
from typing import Callable

from app.engine import (changed_civ, civ_of, CivFault, Gift, Location, parse_order, read_civ, Turn,
                        UNKNOWN, with_nations, World)
from app.match.civ_table import CivTable, Offer, OfferRefused, Snapshot

from . import protocol as p


class CivViewError(ValueError):
    """The civilisations a view names, or their state, do not read."""


def seat_variant(base, view: p.View, made: dict):
    """``base`` with the civilisations ``view`` names as its nations (``base`` itself when
    the game has none); ``made`` keeps the variant of each list, so that worlds of the same
    list share one."""
    if view.civ is None:
        return base
    try:
        pairs = tuple((str(name), str(colour)) for name, colour in view.civ.get("nations", []))
    except (TypeError, ValueError):
        raise CivViewError("its civilisations are not [name, colour] pairs") from None
    if pairs not in made:
        try:
            made[pairs] = with_nations(base, pairs)
        except ValueError as e:
            raise CivViewError(str(e)) from None
    return made[pairs]


def with_view_civ(world: World, view: p.View) -> World:
    """``world`` with the civilisations' state ``view`` carries (unchanged without one)."""
    if view.civ is None:
        return world
    try:
        return world.derive(extension=read_civ(view.civ.get("state", {}), "civ.state", world))
    except CivFault as e:
        raise CivViewError(str(e)) from None


def as_old_map(world: World, now: World) -> World:
    """A map received (its boards only) as a civilisations world, so that it is dated as the
    game is (4000 BC…): with the game's civilisations state, bare (the map carries no
    homes or contacts: only what its giver saw is drawn)."""
    civ = civ_of(now)
    if civ is None:
        return world
    bare = changed_civ(civ, homes=None, contacts=MappingProxyType({}), transfers=MappingProxyType({}))
    return world.derive(extension=bare)


def seat_order(world: World, text: str, variant):
    """An adjudicated order as a view gives it (the engine's own text), read against
    ``world``: one of a civilisation the seat has not met is written "Unknown: …", a name
    no variant has, and is read without it and given it back. Raises as ``parse_order``."""
    nation, sep, rest = text.partition(": ")
    if sep and nation == UNKNOWN:
        return world.resolve(dataclasses.replace(parse_order(rest, variant), nation=UNKNOWN), literal=True)
    return world.resolve(parse_order(text, variant), literal=True)


def met_names(before: World, after: World) -> list[str]:
    """The civilisations named in ``after``'s variant and not in ``before``'s."""
    old = set(before.variant.nation_names)
    return [n for n in after.variant.nation_names if n not in old]


class RemoteCivTable(CivTable):
    """See the module docstring. ``post(kind, text)`` queues what the seat does for the
    server (``offer``: the offer's fields as JSON; ``answer``: ``id`` and ``yes``/``no``;
    ``map``: the number of a map received, asked for)."""

    def __init__(self, match, post: Callable[[str, str], None]):
        super().__init__(match)
        self._post = post
        self.told: p.Offers | None = None
        self.maps: dict[int, World] = {}      # the maps received, as the server sent them
        self._asked: set[int] = set()

    # -- what the server said --------------------------------------------------------------
    def take(self, told: p.Offers) -> str:
        """The seat's offers as the server tells them; returns the news in words ("" none)."""
        before, first = self.offers, self.told is None     # first: what is open is news, not what was answered
        offers: dict[int, Offer] = {}
        for d in [*told.to_answer, *told.made]:
            offers[int(d["id"])] = self._read(d, "open")
        for d in told.answered:
            offers[int(d["id"])] = self._read(d, str(d.get("status", "answered")))
        self.offers, self.told = offers, told
        for m in told.maps:
            gift = int(m["gift"])
            if gift not in self.maps and gift not in self._asked:
                self._asked.add(gift)
                self._post("map", str(gift))
        self.match.revision += 1
        mine = set(self.match.nations_of(self.match.me)) if self.match.me is not None else set()
        news = []
        for o in offers.values():
            was = before.get(o.id)
            if o.status == "open" and o.receiver in mine and was is None:
                news.append(f"{o.giver} made you an offer: answer it in Contacts.")
            elif o.status != "open" and o.giver in mine and not first and (was is None or was.status == "open"):
                news.append(f"Your offer to {o.receiver}: {o.status}.")
        return " ".join(news)

    def reconnected(self) -> None:
        """A connection made again: a map asked for and not received is asked for again
        when the server lists the maps anew."""
        self._asked = set(self.maps)

    def _read(self, d: dict, status: str) -> Offer:
        unit = d.get("unit")
        gift = Gift(str(d["kind"]), str(d["from"]), str(d["to"]), unit=Location.parse(unit) if unit else None,
                    third=d.get("with"))
        return Offer(int(d["id"]), gift, int(d.get("made_at", 0)), status, str(d.get("reason", "")))

    # -- the same face as at a hotseat table, the server deciding ----------------------------
    def may_write(self, match, sender: int, receiver: int) -> str | None:
        return None               # the server's rule (its view names the seats this one may write to)

    def snapshots(self, nation: str) -> list[Snapshot]:
        """The maps ``nation`` received, as the server listed them."""
        told = self.told.maps if self.told is not None else []
        return [Snapshot(str(m["giver"]), nation, int(m["gift"]), Turn.parse(str(m["turn"])))
                for m in told if m.get("receiver") == nation]

    def take_map(self, gift: int, world: World) -> str:
        """A map the server sent (``world``: its boards); returns the news in words."""
        self.maps[gift] = world
        self.match.revision += 1
        return ""

    def snapshot_view(self, snapshot: Snapshot, viewer_knows=None) -> World:
        """The map as the server sent it (its civilisations named as this seat may read
        them); raises OfferRefused while it is still on its way."""
        world = self.maps.get(snapshot.gift)
        if world is None:
            raise OfferRefused("that map is still on its way from the server: open it again in a moment")
        return world

    def offer(self, gift: Gift) -> Offer:
        """Checked as the seat may know (the server checks it again), then sent; the offer
        is open once the server says so."""
        reason = self.refusal(gift)
        if reason is not None:
            raise OfferRefused(reason)
        self._post("offer", json.dumps({"kind": gift.kind, "giver": gift.giver, "receiver": gift.receiver,
                                        "unit": str(gift.unit) if gift.unit is not None else None,
                                        "third": gift.third}))
        return Offer(0, gift, self.match.world.submissions)

    def answer(self, offer_id: int, accept: bool) -> Offer:
        """Sent; the offer stays open here until the server says what became of it."""
        o = self.offers.get(offer_id)
        if o is None or o.status != "open":
            raise OfferRefused("that offer is no longer open")
        self._post("answer", f"{offer_id}\n{'yes' if accept else 'no'}")
        return o

    def computers_offer(self) -> list[Offer]:
        return []                 # the server's computer seats offer there

    def part(self):
        return None               # a table on a server is not saved here



__all__ = ["as_old_map", "CivViewError", "met_names", "RemoteCivTable", "seat_order", "seat_variant", "with_view_civ"]
