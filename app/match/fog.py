"""Fog of war: the world as one seat may see it (RULES.md §8). No Qt.

:func:`fogged_world` returns a :class:`~app.engine.rules.world.World` that holds only what the
seat's nations see: on each board, the units and centre owners in provinces they see; the
orders (with results) of their own units and of units standing in seen provinces; only the
seen dislodged units of a retreat pause. The grid (which boards and timelines exist), the
phase, the winner and the seed are public and kept.

Everything a seat is shown or offered must be computed from this view, never from the
whole world: the boards drawn, the orders listed, the targets offered on a click
(``app.engine.rules.targets`` on the view), the check of an order being entered
(``app.engine.rules.validation.check`` on the view) and the reading of typed orders
(``view.resolve``). Because the view of two worlds that differ only in what the seat
cannot see is the *same* view, nothing computed from it can tell them apart (the tests
hold that). Sight depends only on the seat's own units and centres and on the grid, all
of which the view keeps, so ``visibility.sight(view, nations)`` equals the sight in the
whole world: a front end can veil unseen provinces from the view alone.

A support or convoy may name any location, seen or not: an empty or unseen location is
not refused when the order is entered; at adjudication an unmatched support or convoy is
void. Results of the seat's own supports and convoys that named a location it does not
see are shown with one neutral reason, so their wording cannot tell what stood there.

A seat's view of the next world (a submission later, or one undone) is made from its view
of the world before: only the boards whose content or sight changed are fogged again, and
the view's order index is updated for them alone. The views of the last few worlds and
seats are kept (:data:`KEEP_VIEWS`); their index lists each space's orders in board order,
as :func:`index_orders` over the boards in order makes it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from itertools import compress
from types import MappingProxyType
from typing import Iterable, Mapping

from app.engine import (adjacent_board_keys, as_frozenset, Board, BoardKey, index_orders, Order, Pause,
                        province_of, remember_sight, Result, Sight, sight, spaces_named, table_changes,
                        unindex_orders, World)

VOID_UNSEEN = "void: nothing it names did what it says"
"""The reason shown for a seat's own support or convoy that failed as invalid while naming
a location the seat does not see (whatever the engine's own reason was)."""

KEEP_VIEWS = 8
"""Views kept (the last worlds and seats asked about): enough for every seat of a hotseat
table and the world before; each costs a few tables of the world's size."""


@dataclass(frozen=True)
class _View:
    world: World
    view: World
    seen: Sight
    consulted: Mapping[BoardKey, frozenset[BoardKey]]   # boards whose shown results looked at other boards' sight


class FogKeep:
    """Each seat's last view, kept by its owner (a match) beside fog's few shared views.

    A server holds many fogged tables whose seats are served in turn: by the time a seat's
    next world comes, its last view is long gone from the shared views, so every board was
    fogged again and came out a new object, and the seat was sent every board again. From
    the last view kept here only the boards that changed are fogged again."""

    def __init__(self):
        self._last: dict[frozenset[str], _View] = {}


def fogged_world(world: World, nations: Iterable[str], keep: FogKeep | None = None) -> World:
    """The world as a seat playing ``nations`` may see it (see the module docstring).

    The same world and nations give the very same view object while it is kept, and
    unchanged boards keep their identity across views, so caches keyed by identity (the
    window's board states) keep working. ``keep``: the owner's :class:`FogKeep`, whose
    last view of the seat the new one is made from (and which then keeps the new one)."""
    seat = frozenset(nations)
    with _LOCK:      # computer players ask from a worker thread while the window may draw
        hit = _VIEWS.get((id(world), seat))
        if hit is not None and hit.world is world:
            _VIEWS.move_to_end((id(world), seat))
            if keep is not None:
                keep._last[seat] = hit
            return hit.view
        last = keep._last.get(seat) if keep is not None else None
        base = last if last is not None and _related(last.world, world) else \
            next((v for (_, s), v in reversed(_VIEWS.items()) if s == seat and _related(v.world, world)), None)
    made = _fog(world, seat, base)
    remember_sight(made.view, seat, made.seen)   # the seat sees the same in its view
    with _LOCK:
        if keep is not None:
            keep._last[seat] = made
        _VIEWS[id(world), seat] = made
        _VIEWS.move_to_end((id(world), seat))
        while len(_VIEWS) > KEEP_VIEWS:
            _VIEWS.popitem(last=False)
    return made.view


_LOCK = threading.Lock()
_VIEWS: OrderedDict[tuple[int, frozenset[str]], _View] = OrderedDict()


def clear_cache() -> None:
    """Forget every kept view (benchmarks use it to time a cold start)."""
    with _LOCK:
        _VIEWS.clear()


def _related(a: World, b: World) -> bool:
    return a.variant is b.variant and a.adjacency == b.adjacency and a.seed == b.seed


def _fog(world: World, seat: frozenset[str], base: _View | None) -> _View:
    seen = sight(world, seat)
    if base is None:
        return _fog_all(world, seat, seen)
    old_world, old_view, old_seen = base.world, base.view, base.seen
    # The boards to fog again: those whose board, orders, results or retreats changed,
    # whose sight changed, or whose shown results looked at a board whose sight changed.
    # Worlds one submission (or one undo) apart share their tables' unchanged entries, so
    # what changed is found by identity (``table_changes``, in C, answers the history's
    # index had from the same tables). A board's sight depends on it and the boards next
    # to it alone (RULES.md §8), so only those can see otherwise.
    # Kept in order: new boards come first, in the world's order, and are added to the view
    # in it; a board already in the view keeps its place.
    changed, added, gone = table_changes(old_world.boards, world.boards)
    again = dict.fromkeys((*added, *changed, *gone))
    for name in ("orders", "results", "retreats"):
        for keys in table_changes(getattr(old_world, name), getattr(world, name)):
            again.update(dict.fromkeys(keys))
    near = set(again)
    for key in (*added, *changed, *gone):
        near.update(adjacent_board_keys(key))
    sight_changed = {k for k in near if seen.get(k) != old_seen.get(k)}
    again.update(dict.fromkeys(sight_changed))
    if sight_changed:
        again.update(dict.fromkeys(k for k, looked in base.consulted.items() if not sight_changed.isdisjoint(looked)))
    # (a mapping proxy's copy() is its dict's: dict(proxy) would hash every key again)
    boards, orders, results = old_view.boards.copy(), old_view.orders.copy(), old_view.results.copy()
    retreats, refs, incoming = old_view.retreats.copy(), old_view.refs.copy(), old_view.incoming.copy()
    consulted = base.consulted.copy()
    for key in again:
        _drop(key, orders, results, retreats, refs, incoming, consulted)
        if key not in world.boards:
            boards.pop(key, None)  # (a board still there is replaced in place: the order stays)
    for key in again:
        if key not in world.boards:
            continue
        _fog_board_into(world, key, seat, seen, boards, orders, results, retreats, consulted)
        if key in orders:
            _index_sorted(refs, incoming, key, orders[key], results[key])
    return _View(world, _view(world, seat, seen, boards, orders, results, retreats, refs, incoming), seen,
                 MappingProxyType(consulted))


def _fog_all(world: World, seat: frozenset[str], seen: Sight) -> _View:
    boards: dict[BoardKey, Board] = {}
    orders: dict[BoardKey, tuple[Order, ...]] = {}
    results: dict[BoardKey, tuple[Result, ...]] = {}
    retreats: dict = {}
    consulted: dict[BoardKey, frozenset[BoardKey]] = {}
    for key in world.boards:
        _fog_board_into(world, key, seat, seen, boards, orders, results, retreats, consulted)
    # the order index, of the shown orders only, each space's orders in board order
    refs, incoming = index_orders({k: orders[k] for k in sorted(orders)}, results)
    return _View(world, _view(world, seat, seen, boards, orders, results, retreats, dict(refs), dict(incoming)),
                 seen, MappingProxyType(consulted))


def _view(world: World, seat, seen, boards, orders, results, retreats, refs, incoming) -> World:
    """The view's world; its tables list the boards in the world's order."""
    if list(boards) != list(world.boards):
        order = world.boards
        boards = {k: boards[k] for k in order}
        orders = {k: orders[k] for k in order if k in orders}
        results = {k: results[k] for k in order if k in results}
        retreats = {k: retreats[k] for k in order if k in retreats}
    pause = None
    if world.pause is not None:
        shown = {loc: opts for loc, opts in world.pause.dislodged.items() if loc.province in seen[loc.board]}
        pause = Pause(MappingProxyType(shown), None)
    return world.derive(boards=MappingProxyType(boards), orders=MappingProxyType(orders),
                        results=MappingProxyType(results), retreats=MappingProxyType(retreats),
                        refs=MappingProxyType(refs), incoming=MappingProxyType(incoming), pause=pause)


def _fog_board_into(world: World, key: BoardKey, seat, seen, boards, orders, results, retreats, consulted) -> None:
    s = as_frozenset(seen[key])   # asked about each unit, centre and order: a frozenset answers in C
    boards[key] = _fog_board(world.boards[key], s)
    given = world.orders.get(key)
    if given is not None:
        fo, fr = _fog_orders(given, world.results[key], seat, s)
        orders[key] = fo
        results[key], looked = _neutral_reasons(fo, fr, seat, seen)
        if looked:
            consulted[key] = looked
    rt = world.retreats.get(key)
    if rt is not None:
        retreats[key] = tuple(item for item in rt if _shown(item[0], seat, s))


def _drop(key, orders, results, retreats, refs, incoming, consulted) -> None:
    """Take board ``key``'s orders, results and retreats out of the view's tables (and its
    orders out of the index)."""
    shown = orders.pop(key, None)
    if shown:
        unindex_orders(refs, incoming, key, shown)
    results.pop(key, None)
    retreats.pop(key, None)
    consulted.pop(key, None)


def _index_sorted(refs: dict, incoming: dict, key: BoardKey, orders: tuple[Order, ...],
                  results: tuple[Result, ...]) -> None:
    """Add the orders shown on ``key`` to the view's index, each space's orders kept in
    board order (copying each inner map it changes)."""
    if key[1][1] == 2:   # Winter: adjustment orders name nothing
        return
    own: dict[BoardKey, dict] = {}
    for idx, (o, r) in enumerate(zip(orders, results)):
        if r.illegal or not hasattr(o, "unit"):
            continue
        ref = (key, idx)
        for board, prov in spaces_named(o):
            inner = own.get(board)
            if inner is None:
                old = refs.get(board)
                inner = own[board] = dict(old) if old is not None else {}
            inner[prov] = _insert(inner.get(prov, ()), ref)
        if o.kind == "move" and o.dest[0] != key:
            incoming[o.dest[0]] = _insert(incoming.get(o.dest[0], ()), ref)
    for board, inner in own.items():
        refs[board] = MappingProxyType(inner)


def _insert(refs: tuple, ref) -> tuple:
    if not refs or refs[-1] < ref:
        return refs + (ref,)
    return tuple(sorted(refs + (ref,)))


def _fog_board(board: Board, seen: frozenset[str]) -> Board:
    units = {p: u for p, u in board.units.items() if p in seen}
    centres = {p: n for p, n in board.centres.items() if p in seen}
    if len(units) == len(board.units) and len(centres) == len(board.centres):
        return board
    return Board(board.key, MappingProxyType(units), MappingProxyType(centres))


def _shown(order: Order, seat: frozenset[str], seen: frozenset[str]) -> bool:
    """Own orders, and orders of units standing in a seen province (§8 Orders)."""
    return getattr(order, "nation", None) in seat or _stands_seen(order, seen)


def _stands_seen(order: Order, seen: frozenset[str]) -> bool:
    """Does the ordered unit stand in a seen province (a build: is its place seen)?"""
    place = getattr(order, "unit", None) or getattr(order, "at", None)
    return place is not None and province_of(place.loc) in seen


def _fog_orders(orders, results, seat, seen) -> tuple[tuple[Order, ...], tuple[Result, ...]]:
    shown = [getattr(o, "nation", None) in seat or _stands_seen(o, seen) for o in orders]
    if all(shown):
        return orders, results
    return tuple(compress(orders, shown)), tuple(compress(results, shown))


def _neutral_reasons(orders, results, seat, seen) -> tuple[tuple[Result, ...], frozenset[BoardKey]]:
    """The seat's own invalid supports and convoys naming a location it does not see get
    one neutral reason (the engine's wording may tell whether and what stood there).
    Also returns the boards whose sight was looked at."""
    out = None
    looked: set[BoardKey] = set()
    for i, (o, r) in enumerate(zip(orders, results)):
        if r.status != "invalid" or o.kind not in ("support", "convoy") or o.nation not in seat:
            continue
        named = o.supported if o.kind == "support" else o.army
        looked.add(named.board)
        board_seen = seen.get(named.board)
        if board_seen is not None and province_of(named.loc) in board_seen:
            continue
        if out is None:
            out = list(results)
        out[i] = r._replace(reason=VOID_UNSEEN)
    return (results if out is None else tuple(out)), frozenset(looked)


__all__ = ["fogged_world", "clear_cache", "FogKeep", "VOID_UNSEEN", "KEEP_VIEWS"]
