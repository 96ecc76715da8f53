"""What a seat of a civilisations game may see (RULES.md §10 with §8): the fogged world
(:mod:`app.match.fog`), in which every civilisation the seat has no contact with is
called "Unknown" — its units, the centres it owns and its orders in sight — and the
civilisations' state keeps only the seat's own homes and contacts.

A seat knows its own civilisations and those they are in contact with
(:func:`known_civilisations`); it is not told how many play. Everything a seat is shown
or offered is computed from this view and from the known list, never from
``world.variant.nation_names`` (which names every civilisation), so that a world with an
unknown civilisation out of sight gives the very same view as a world without it.

>>> from app.engine.civ.civstart import civ_start
>>> from app.engine.civ.nations import default_nations
>>> from app.engine.variants.variant import load_variant
>>> w = civ_start(load_variant(), default_nations(8), seed=1)
>>> me = w.variant.nation_names[0]
>>> known_civilisations(w, [me]) == [me]
True
"""

from __future__ import annotations

import dataclasses
import threading
from collections import OrderedDict
from types import MappingProxyType
from typing import Iterable

from app.engine import Board, changed_civ, civ_of, contacts_of, Homes, unit_of, UNKNOWN, World

from .fog import fogged_world


def known_civilisations(world: World, nations: Iterable[str]) -> list[str]:
    """The civilisations a seat playing ``nations`` knows: its own and those in contact
    with any of them, in the game's order of nations (own first)."""
    own = [n for n in world.variant.nation_names if n in set(nations)]
    met = {n for p in contacts_of(world) if p & set(own) for n in p}
    return own + [n for n in world.variant.nation_names if n in met and n not in own]


def shown_name(name: str | None, known: Iterable[str]) -> str:
    """A civilisation's name as a seat may read it: its own, or "unknown civilisation"."""
    return name if name in set(known) else "unknown civilisation"


def civ_view(world: World, nations: Iterable[str], known: Iterable[str] | None = None, keep=None) -> World:
    """The world as a seat playing ``nations`` may see it (see the module docstring).
    ``known``: name only these (default: the civilisations ``nations`` know in ``world``).
    The same world, nations and names give the same view object while it is cached.
    ``keep``: the owner's :class:`~app.match.fog.FogKeep` (the fogging made from the seat's last view)."""
    seat = frozenset(nations)
    names = frozenset(known_civilisations(world, seat)) if known is None else frozenset(known)
    memo = (id(world), seat, names)
    with _LOCK:
        hit = _VIEWS.get(memo)
        if hit is not None and hit[0] is world:
            _VIEWS.move_to_end(memo)
            return hit[1]
    view = _mask(fogged_world(world, seat, keep), world, seat, names)
    with _LOCK:
        _VIEWS[memo] = (world, view)
        if len(_VIEWS) > 32:
            _VIEWS.popitem(last=False)
    return view


_LOCK = threading.Lock()
_VIEWS: OrderedDict = OrderedDict()
_MASKED: dict = {}      # (id(board), known) -> (board, masked board)
_HOMES: dict = {}       # (id(homes), seat) -> (homes, filtered)
_ORDERS: dict = {}      # (id(orders), known) -> (orders, results, masked orders, masked results)


def _mask(view: World, world: World, seat: frozenset[str], known: frozenset[str]) -> World:
    boards = {}
    changed = False
    for key, board in view.boards.items():
        masked = _masked_board(board, known)
        changed = changed or masked is not board
        boards[key] = masked
    orders, results = {}, dict(view.results)
    for key, os in view.orders.items():
        if any(getattr(o, "nation", None) not in known for o in os):
            os, rs = _masked_orders(os, view.results.get(key), known)
            if rs is not None:
                results[key] = rs
            changed = True
        orders[key] = os
    retreats = {key: tuple((o, r) if o.nation in known else
                           (dataclasses.replace(o, nation=UNKNOWN), _masked_reason(r, o.nation, known))
                           for o, r in items)
                for key, items in view.retreats.items()}
    civ = civ_of(world)
    homes = None
    if civ.homes is not None:
        homes = MappingProxyType({k: _own_homes(h, seat) for k, h in civ.homes.items() if k in view.boards})
    contacts = MappingProxyType({p: t for p, t in civ.contacts.items() if p & seat})
    masked_civ = changed_civ(civ, homes=homes, contacts=contacts, transfers=MappingProxyType({}))
    winner = view.winner
    out = view.derive(extension=masked_civ, winner=winner)
    if changed:
        out = out.derive(boards=MappingProxyType(boards), orders=MappingProxyType(orders),
                         results=MappingProxyType(results), retreats=MappingProxyType(retreats))
    return out


def _masked_orders(orders: tuple, results: tuple | None, known: frozenset[str]) -> tuple[tuple, tuple | None]:
    """A board's orders and results with the civilisations not ``known`` unnamed (their
    orders' nation, and a reason that names it: "Elam has no build left"). The same orders
    and results give the same masked tuples while cached, so that a past board a seat was
    sent once is not sent again as changed (a view across computers is sent as a change)."""
    memo = (id(orders), known)
    hit = _ORDERS.get(memo)
    if hit is not None and hit[0] is orders and hit[1] is results:
        return hit[2], hit[3]
    masked_results = None if results is None else \
        tuple(_masked_reason(r, getattr(o, "nation", None), known) for o, r in zip(orders, results))
    masked = tuple(o if getattr(o, "nation", None) in known else dataclasses.replace(o, nation=UNKNOWN)
                   for o in orders)
    if len(_ORDERS) > 100_000:
        _ORDERS.clear()
    _ORDERS[memo] = (orders, results, masked, masked_results)
    return masked, masked_results


def _masked_reason(result, nation: str | None, known: frozenset[str]):
    """``result`` of an order of ``nation``, its reason not naming it unless it is known."""
    reason = getattr(result, "reason", "")
    if nation is None or nation in known or not reason or nation not in reason:
        return result
    said = reason.replace(nation, "an unknown civilisation")
    return result._replace(reason=said[:1].upper() + said[1:])


def _masked_board(board: Board, known: frozenset[str]) -> Board:
    if all(u.nation in known for u in board.units.values()) and all(n in known for n in board.centres.values()):
        return board
    memo = (id(board), known)
    hit = _MASKED.get(memo)
    if hit is not None and hit[0] is board:
        return hit[1]
    units = {p: (u if u.nation in known else unit_of(UNKNOWN, u.type, u.loc)) for p, u in board.units.items()}
    centres = {p: (n if n in known else UNKNOWN) for p, n in board.centres.items()}
    masked = Board(board.key, MappingProxyType(units), MappingProxyType(centres))
    if len(_MASKED) > 100_000:
        _MASKED.clear()
    _MASKED[memo] = (board, masked)
    return masked


def _own_homes(h: Homes, seat: frozenset[str]) -> Homes:
    memo = (id(h), seat)
    hit = _HOMES.get(memo)
    if hit is not None and hit[0] is h:
        return hit[1]
    own = Homes(MappingProxyType({n: cs for n, cs in h.homes.items() if n in seat}),
                MappingProxyType({n: cs for n, cs in h.gained.items() if n in seat}))
    if len(_HOMES) > 100_000:
        _HOMES.clear()
    _HOMES[memo] = (h, own)
    return own


__all__ = ["civ_view", "known_civilisations", "shown_name"]
