"""Fog of war: the world as one seat may see it (RULES.md §8). No Qt.

:func:`fogged_world` returns a :class:`~app.engine.world.World` that holds only what the
seat's nations see: on each board, the units and centre owners in provinces they see; the
orders (with results) of their own units and of units standing in seen provinces; only the
seen dislodged units of a retreat pause. The grid (which boards and timelines exist), the
phase, the winner and the seed are public and kept.

Everything a seat is shown or offered must be computed from this view, never from the
whole world: the boards drawn, the orders listed, the targets offered on a click
(``app.engine.targets`` on the view), the check of an order being entered
(``app.engine.validation.check`` on the view) and the reading of typed orders
(``view.resolve``). Because the view of two worlds that differ only in what the seat
cannot see is the *same* view, nothing computed from it can tell them apart (the tests
hold that). Sight depends only on the seat's own units and centres and on the grid, all
of which the view keeps, so ``visibility.sight(view, nations)`` equals the sight in the
whole world: a front end can veil unseen provinces from the view alone.

A support or convoy may name any location, seen or not: an empty or unseen location is
not refused when the order is entered; at adjudication an unmatched support or convoy is
void. Results of the seat's own supports and convoys that named a location it does not
see are shown with one neutral reason, so their wording cannot tell what stood there.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from types import MappingProxyType
from typing import Iterable

from app.engine.coords import BoardKey, province_of
from app.engine.orders import Order, Result
from app.engine.visibility import sight
from app.engine.world import Board, Pause, World, index_orders

VOID_UNSEEN = "void: nothing it names did what it says"
"""The reason shown for a seat's own support or convoy that failed as invalid while naming
a location the seat does not see (whatever the engine's own reason was)."""


def fogged_world(world: World, nations: Iterable[str]) -> World:
    """The world as a seat playing ``nations`` may see it (see the module docstring).

    The same world and nations give the very same view object while it is cached, and
    unchanged boards keep their identity across views, so caches keyed by identity (the
    window's board states) keep working."""
    seat = frozenset(nations)
    with _LOCK:      # computer players ask from a worker thread while the window may draw
        cached = _VIEWS.get((id(world), seat))
        if cached is not None and cached[0] is world:
            _VIEWS.move_to_end((id(world), seat))
            return cached[1]
    view = _fog(world, seat)
    with _LOCK:
        _VIEWS[id(world), seat] = (world, view)
        if len(_VIEWS) > 32:
            _VIEWS.popitem(last=False)
    return view


_LOCK = threading.Lock()
_VIEWS: OrderedDict[tuple[int, frozenset[str]], tuple[World, World]] = OrderedDict()
_BOARDS: dict[tuple, tuple] = {}


def _fog(world: World, seat: frozenset[str]) -> World:
    seen = sight(world, seat)
    boards: dict[BoardKey, Board] = {}
    orders: dict[BoardKey, tuple[Order, ...]] = {}
    results: dict[BoardKey, tuple[Result, ...]] = {}
    retreats: dict = {}
    for key, board in world.boards.items():
        s = seen[key]
        src = (board, world.orders.get(key), world.results.get(key), world.retreats.get(key))
        memo_key = (id(board), seat, s)
        hit = _BOARDS.get(memo_key)
        if hit is not None and all(a is b for a, b in zip(hit[0], src)):
            fb, fo, fr, frt = hit[1]
        else:
            fb = _fog_board(board, s)
            fo, fr = _fog_orders(src[1] or (), src[2] or (), seat, s)
            frt = tuple(item for item in (src[3] or ()) if _shown(item[0], seat, s)) if src[3] else None
            if len(_BOARDS) > 100_000:
                _BOARDS.clear()
            _BOARDS[memo_key] = (src, (fb, fo, fr, frt))
        boards[key] = fb
        if src[1] is not None:
            orders[key] = fo
            results[key] = _neutral_reasons(fo, fr, seat, seen)
        if frt is not None:
            retreats[key] = frt
    refs, incoming = index_orders(orders, results)     # the order index, of the shown orders only
    pause = None
    if world.pause is not None:
        shown = {loc: opts for loc, opts in world.pause.dislodged.items() if loc.province in seen[loc.board]}
        pause = Pause(MappingProxyType(shown), None)
    return world.derive(boards=MappingProxyType(boards), orders=MappingProxyType(orders),
                        results=MappingProxyType(results), retreats=MappingProxyType(retreats),
                        refs=refs, incoming=incoming, pause=pause)


def _fog_board(board: Board, seen: frozenset[str]) -> Board:
    units = {p: u for p, u in board.units.items() if p in seen}
    centres = {p: n for p, n in board.centres.items() if p in seen}
    if len(units) == len(board.units) and len(centres) == len(board.centres):
        return board
    return Board(board.key, MappingProxyType(units), MappingProxyType(centres))


def _shown(order: Order, seat: frozenset[str], seen: frozenset[str]) -> bool:
    """Own orders, and orders of units standing in a seen province (§8 Orders)."""
    if getattr(order, "nation", None) in seat:
        return True
    unit = getattr(order, "unit", None)
    if unit is not None:
        return province_of(unit.loc) in seen
    at = getattr(order, "at", None)      # a build: shown where the seat sees its province
    return at is not None and province_of(at.loc) in seen


def _fog_orders(orders, results, seat, seen) -> tuple[tuple[Order, ...], tuple[Result, ...]]:
    kept = [(o, r) for o, r in zip(orders, results) if _shown(o, seat, seen)]
    return tuple(o for o, _ in kept), tuple(r for _, r in kept)


def _neutral_reasons(orders, results, seat, seen) -> tuple[Result, ...]:
    """The seat's own invalid supports and convoys naming a location it does not see get
    one neutral reason (the engine's wording may tell whether and what stood there)."""
    out = None
    for i, (o, r) in enumerate(zip(orders, results)):
        if r.status != "invalid" or o.kind not in ("support", "convoy") or o.nation not in seat:
            continue
        named = o.supported if o.kind == "support" else o.army
        board_seen = seen.get(named.board)
        if board_seen is not None and province_of(named.loc) in board_seen:
            continue
        if out is None:
            out = list(results)
        out[i] = r._replace(reason=VOID_UNSEEN)
    return results if out is None else tuple(out)


__all__ = ["fogged_world", "VOID_UNSEEN"]
