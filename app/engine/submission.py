"""One submission: orders in, a new world out.

1. Each order is checked (:mod:`.validation`); a unit on an active movement board without
   a legal order holds. Orders are stored on their boards, which lock when they become past.
2. The orders whose results can change are those linked to a new order through the spaces
   they name (``World.refs``). Only that part of the world is adjudicated again; every other
   order keeps its result, which is what a full re-adjudication would give it.
3. If a unit was dislodged and can retreat, the world pauses (``World.pause``); the next
   submission holds retreats, and then everything finishes as below.
4. Every adjudicated board gets its next board: appended for an active board, compared with
   the existing children for a past board, which forks a new timeline when it differs.
   Winter boards apply builds and disbands. Then victory is counted.
"""

from __future__ import annotations

import random
from collections import Counter
from operator import itemgetter
from dataclasses import dataclass, field
from typing import Callable, Mapping
from types import MappingProxyType

from .adjacency import convoy_step, reaches
from .adjudicator import CONVOY, HOLD, MOVE, SUPPORT, Orders, Outcome, adjudicate
from .coords import _PROVINCE, BoardKey, Location, Season, Space, Turn
from .orders import (Build, Convoy, Disband, Hold, Move, Order, Result, Retreat, Unit, Waive, unit_of)
from .validation import check, check_all
from .world import Board, OrderIndexer, Pause, Ref, World, _space, spaces_named


class SubmissionError(ValueError):
    """The world cannot take a submission now (e.g. the game is over)."""


@dataclass
class Report:
    """What a submission did: the new world, one result per submitted order (same order
    as given), the boards it created and the timelines it started."""

    world: World
    results: list[Result]
    new_boards: list[BoardKey] = field(default_factory=list)
    new_timelines: list[int] = field(default_factory=list)
    changed_boards: list[BoardKey] = field(default_factory=list)


_INVALID_REPLACED = "replaced by a later order for the same unit"
# A second copy of an order counts for nothing (DATC 6.I.7: a second build in one centre
# fails; 6.J.2: removing the same unit twice removes it once).
_REPEAT = Result("fails", "repeats an earlier order, which counts once")
_PENDING = Result("pending")
_HOLDS_BY_DEFAULT = Result("pending", "no order: holds")


def submit(world: World, orders: list[Order]) -> Report:
    """Adjudicate ``orders`` on ``world`` and return the :class:`Report` (the old world is
    left untouched)."""
    if world.phase == "over":
        raise SubmissionError(f"the game is over: {world.winner} has won")
    if world.pause is not None:
        return _submit_retreats(world, orders)
    return _submit_orders(world, orders)


# -- movement and adjustment ---------------------------------------------------------------


def _submit_orders(world: World, orders: list[Order]) -> Report:
    checked = check_all(world, orders)
    results: list[Result | None] = [None] * len(orders)
    key = _single_board(world, checked)
    repeats, replaced = _repeats_and_replaced(checked, key)
    for j in replaced:
        checked[j] = (checked[j][0], _INVALID_REPLACED)
    for i in repeats:
        results[i] = _REPEAT
    if key is not None:
        world, where, touched = _store_single_board(world, key, checked, repeats, results)
    else:
        world, where, touched = _store_and_adjudicate(world, checked, repeats, results)
    dislodged = _retreat_options(world, touched)
    if dislodged:
        paused = world.derive(pause=Pause(MappingProxyType(dislodged), frozenset(touched)))
        return Report(paused, _collect(paused, checked, results, where))
    return _finish(world, touched, checked, results, where)


def _store_and_adjudicate(world: World, checked: list[tuple[Order, str | None]], repeats: dict[int, int],
                          results: list[Result | None]) -> tuple[World, dict[int, tuple[BoardKey, int]], set[BoardKey]]:
    """Store the orders on their boards (with default holds), index them, adjudicate the
    orders linked to them. Returns the new world, where each submitted order is stored,
    and the boards whose next boards may change."""
    per_board: dict[BoardKey, list[tuple[Order, Result | None, int]]] = {}
    for i, (o, reason) in enumerate(checked):
        if repeats and i in repeats:
            continue
        key = o.unit[0] if o.kind in _UNIT_KINDS else o.board
        if reason is not None:
            results[i] = Result("invalid", reason, illegal=True)
            if key in world.boards and world.is_active(key):
                per_board.setdefault(key, []).append((o, results[i], i))
            continue
        per_board.setdefault(key, []).append((o, None, i))

    # .copy() of the read-only views: a C-level copy of the board-keyed maps (a dict() of a
    # mappingproxy goes key by key, 30x slower).
    new_orders = world.orders.copy()
    new_results = world.results.copy()
    index = OrderIndexer(world.refs, world.incoming)
    new_entries: list[_Entry] = []  # the effective movement orders given now
    where: dict[int, tuple[BoardKey, int]] = {}
    for key in world.active_boards():
        board = world.boards[key]
        movement = key[1][1] != Season.WINTER
        stored: list[Order] = []
        stored_results: list[Result] = []
        ordered_units: set[str] = set()
        for o, r, i in per_board.get(key, ()):
            idx = len(stored)
            where[i] = (key, idx)
            stored.append(o)
            if r is not None:  # refused: kept to be shown, takes no part
                stored_results.append(r)
                continue
            stored_results.append(_PENDING)
            if o.kind in _UNIT_KINDS:
                ordered_units.add(_PROVINCE[o.unit[1]])
                if movement:
                    new_entries.append(((key, idx), o, index.add(key, idx, o)))
        if movement:
            for prov, unit in board.units.items():
                if prov not in ordered_units:
                    o = Hold(unit.nation, unit.type, _new_tuple(Location, (key, unit.loc)))
                    idx = len(stored)
                    stored.append(o)
                    stored_results.append(_HOLDS_BY_DEFAULT)
                    new_entries.append(((key, idx), o, index.add(key, idx, o)))
        new_orders[key] = tuple(stored)
        new_results[key] = tuple(stored_results)
    refs, incoming = index.frozen()
    world = world.derive(orders=MappingProxyType(new_orders), results=MappingProxyType(new_results),
                         refs=refs, incoming=incoming)

    if index.names_old_boards:
        entries = _component(world, new_entries)
    else:
        # No earlier order names a space on the boards these orders name (always so on a
        # single board): nothing else can be linked to them, no search is needed.
        entries = new_entries
    touched = _adjudicate_entries(world, entries, new_results)
    return world.derive(results=MappingProxyType(new_results)), where, touched



def _single_board(world: World, checked: list[tuple[Order, str | None]]) -> BoardKey | None:
    """The board, when a submission concerns one movement board alone: the world's only
    active board, named by no earlier order (no ghost support waits for it), and every
    legal order given on it names nothing elsewhere. Then no space of another board takes
    part, and :func:`_store_single_board` can number spaces by province."""
    ends = world.ends
    if len(ends) != 1:
        return None
    [(timeline, turn)] = ends.items()
    if turn[1] == Season.WINTER:
        return None
    key = _new_tuple(BoardKey, (timeline, turn))
    if key in world.refs or key in world.incoming:
        return None
    for o, reason in checked:
        if reason is None:
            kind = o.kind
            if kind == "move":
                if o.dest[0] != key:
                    return None
            elif kind == "support":
                if o.supported[0] != key or (o.dest is not None and o.dest[0] != key):
                    return None
            elif kind == "convoy":
                if o.army[0] != key or o.dest[0] != key:
                    return None
            elif kind != "hold":
                return None
    return key


def _store_single_board(world: World, key: BoardKey, checked: list[tuple[Order, str | None]],
                        repeats: dict[int, int], results: list[Result | None]
                        ) -> tuple[World, dict[int, tuple[BoardKey, int]], set[BoardKey]]:
    """:func:`_store_and_adjudicate` for a submission on one board (see :func:`_single_board`):
    the same orders stored in the same places, the same index and results, in one pass
    that names spaces by province (a string hashes once; a ``Space`` hashes its board
    key on every lookup) and needs no search for linked orders."""
    board = world.boards[key]
    variant, mode = world.variant, world.adjacency
    stored: list[Order] = []
    refused: dict[int, Result] = {}  # where an order refused when given is kept (to be shown)
    given: list[tuple[int, int]] = []  # (place in the submission, where it is stored)
    inner: dict[str, tuple[Ref, ...]] = {}  # this board's part of World.refs
    number = _province_numbers(variant)  # province → its space in the adjudicator's table
    rows: list[tuple] = []  # one per order stored and not refused, in the same order
    ordered_units: set[str] = set()
    for i, (o, reason) in enumerate(checked):
        if repeats and i in repeats:
            continue
        idx = len(stored)
        if reason is not None:
            results[i] = r = Result("invalid", reason, illegal=True)
            if (o.unit[0] if o.kind in _UNIT_KINDS else o.board) == key:
                stored.append(o)
                refused[idx] = r
            continue
        given.append((i, idx))
        stored.append(o)
        own = _PROVINCE[o.unit[1]]
        ordered_units.add(own)
        ref = (key, idx)
        if o.kind == "hold":  # the commonest order, named and tabled inline
            inner[own] = inner.get(own, ()) + (ref,)
            rows.append((HOLD, number[own], o.nation, -1, -1, True, False, ""))
            continue
        named = _provinces_named(o, own)
        for p in named:
            inner[p] = inner.get(p, ()) + (ref,)
        n = len(named)
        rows.append(_table_row(o, number[own], number[named[1]] if n > 1 else -1,
                               number[named[2]] if n > 2 else -1, variant, mode))
    for prov, unit in board.units.items():
        if prov not in ordered_units:  # no order: holds
            idx = len(stored)
            stored.append(Hold(unit.nation, unit.type, _new_tuple(Location, (key, unit.loc))))
            inner[prov] = inner.get(prov, ()) + ((key, idx),)
            rows.append((HOLD, number[prov], unit.nation, -1, -1, True, False, ""))

    provinces = list(number)

    def space(n: int) -> Space:
        return _new_tuple(Space, (key, provinces[n]))

    if not refused:
        stored_results = _adjudicated_results(world, stored, rows, space)
    else:
        adjudicated = iter(_adjudicated_results(
            world, [o for idx, o in enumerate(stored) if idx not in refused], rows, space))
        stored_results = [refused[idx] if idx in refused else next(adjudicated) for idx in range(len(stored))]
    # .copy() of the read-only views: a C-level copy (see _store_and_adjudicate).
    orders, results_on, refs = world.orders.copy(), world.results.copy(), world.refs.copy()
    orders[key] = tuple(stored)
    results_on[key] = tuple(stored_results)
    refs[key] = MappingProxyType(inner)
    world = world.derive(orders=MappingProxyType(orders), results=MappingProxyType(results_on),
                         refs=MappingProxyType(refs))
    # The submitted orders' results are final here (a movement board has no adjustment to
    # apply): report them directly rather than through a ``where`` map.
    for i, idx in given:
        results[i] = stored_results[idx]
    return world, {}, {key}


def _province_numbers(variant) -> dict[str, int]:
    """The variant's provinces numbered in its own order (made once per variant): a single
    board's spaces for the adjudicator."""
    numbers = _NUMBERS.get(id(variant))
    if numbers is None or numbers[0] is not variant:
        numbers = _NUMBERS[id(variant)] = (variant, dict(zip(variant.provinces, range(len(variant.provinces)))))
    return numbers[1]


_NUMBERS: dict[int, tuple[object, dict[str, int]]] = {}


def _provinces_named(o: Order, own: str) -> tuple[str, ...]:
    """The provinces a movement order names on its own board, in :func:`spaces_named`'s order."""
    kind = o.kind
    if kind == "hold":
        return (own,)
    if kind == "move":
        return (own, _PROVINCE[o.dest[1]])
    if kind == "support":
        if o.dest is None:
            return (own, _PROVINCE[o.supported[1]])
        return (own, _PROVINCE[o.supported[1]], _PROVINCE[o.dest[1]])
    return (own, _PROVINCE[o.army[1]], _PROVINCE[o.dest[1]])


# One movement order taking part in an adjudication: where it is stored, the order, and the
# spaces it names (its unit's first).
_Entry = tuple[tuple[BoardKey, int], Order, tuple[Space, ...]]


def _repeats_and_replaced(checked: list[tuple[Order, str | None]], one_board: BoardKey | None = None
                          ) -> tuple[dict[int, int], set[int]]:
    """Among the legal orders of a submission: ``repeats`` maps an order repeated word for
    word to its first place, where it counts once (RULES.md §3: builds and disbands are
    taken in the order listed, so a repeat must not move its order later; the copies
    fail). ``replaced`` holds the places of orders replaced by a later, different order
    for the same unit (the latest word counts; a repeat of an earlier order is that order
    said again). Waives are not merged: waiving twice waives two builds."""
    repeats: dict[int, int] = {}
    replaced: set[int] = set()
    # Usually every legal order is for a different unit and at most one thing is built:
    # say so with one set of (board, province) pairs before looking order by order. On
    # ``one_board`` (see _single_board) every legal order is a unit order there: its
    # province alone names its unit.
    if one_board is not None:
        keys = [_PROVINCE[o.unit[1]] for o, reason in checked if reason is None]
    else:
        keys = [(o.unit[0], _PROVINCE[o.unit[1]]) if o.kind != "build" else "build"
                for o, reason in checked if reason is None and o.kind != "waive"]
    if len(set(keys)) == len(keys):
        return repeats, replaced
    # Unit (or build site) → places of its distinct orders. Orders are compared only when
    # they share a unit: hashing every order would cost more than the rest of this.
    given: dict[Space, list[int]] = {}
    build_sites: dict[Space, list[int]] = {}
    counting: dict[Space, int] = {}  # unit → place of the order that counts for it so far
    for i, (o, reason) in enumerate(checked):
        if reason is not None:
            continue
        kind = o.kind
        if kind == "waive":
            continue
        if kind == "build":
            site = _space(o.at)
            places = build_sites.get(site)
            if places is None:
                build_sites[site] = [i]
            elif not _is_repeat(i, o, places, checked, repeats):
                places.append(i)
            continue
        unit = _space(o.unit)
        places = given.get(unit)
        if places is None:
            given[unit] = [i]
            counting[unit] = i
            continue
        if not _is_repeat(i, o, places, checked, repeats):
            places.append(i)
        j = repeats.get(i, i)
        k = counting[unit]
        if k != j:
            replaced.add(k)
        replaced.discard(j)
        counting[unit] = j
    return repeats, replaced


def _is_repeat(i: int, o: Order, places: list[int], checked: list, repeats: dict[int, int]) -> bool:
    for k in places:
        if checked[k][0] == o:
            repeats[i] = k
            return True
    return False


_new_tuple = tuple.__new__
_spaces_of = spaces_named  # the name game.py used to import


def _component(world: World, new_entries: list[_Entry]) -> list[_Entry]:
    """Every effective movement order linked to the new ones through the spaces they name,
    in board order."""
    seen: dict[tuple[BoardKey, int], _Entry] = {e[0]: e for e in new_entries}
    visited: set[Space] = set()
    stack = [sp for e in new_entries for sp in e[2]]
    naming = world.orders_naming
    orders = world.orders
    while stack:
        sp = stack.pop()
        if sp in visited:
            continue
        visited.add(sp)
        for ref in naming(sp):
            if ref not in seen:
                o = orders[ref[0]][ref[1]]
                entry = seen[ref] = (ref, o, spaces_named(o))
                stack.extend(entry[2])
    return [seen[ref] for ref in sorted(seen)]


def _adjudicate_entries(world: World, entries: list[_Entry], results: dict[BoardKey, tuple[Result, ...]]) -> set[BoardKey]:
    """Adjudicate these orders together; write their results into ``results``. Returns
    the existing boards that the orders name (whose next boards may change)."""
    spaces = dict.fromkeys(sp for e in entries for sp in e[2])  # distinct, in order
    space_ids: dict[Space, int] = dict(zip(spaces, range(len(spaces))))
    variant, mode = world.variant, world.adjacency
    rows = []
    append = rows.append
    for _, o, named in entries:
        n = len(named)
        append(_table_row(o, space_ids[named[0]], space_ids[named[1]] if n > 1 else -1,
                          space_ids[named[2]] if n > 2 else -1, variant, mode))
    space_list = list(space_ids)
    new = _adjudicated_results(world, [e[1] for e in entries], rows, space_list.__getitem__)
    updated: dict[BoardKey, list[Result]] = {}
    for r, ((key, idx), _, _) in zip(new, entries):
        lst = updated.get(key)
        if lst is None:
            lst = updated[key] = list(results[key])
        lst[idx] = r
    for key, lst in updated.items():
        results[key] = tuple(lst)
    boards = world.boards
    return {k for k in {sp[0] for sp in space_list} if k in boards}


def _table_row(o: Order, own: int, first: int, second: int, variant, mode: str) -> tuple:
    """The adjudicator's row (:meth:`Orders.add`'s fields) for a movement order whose
    named spaces (see :func:`spaces_named`) are numbered ``own``, ``first``, ``second``."""
    kind = o.kind
    if kind == "hold":
        return (HOLD, own, o.nation, -1, -1, True, False, "")
    if kind == "move":
        unit, dest = o.unit, o.dest
        if unit[0] == dest[0]:  # the common case: adjacency on the map alone
            direct = dest[1] in (variant.army_adjacent if o.unit_type == "A"
                                 else variant.fleet_adjacent).get(unit[1], ())
        else:
            direct = reaches(variant, mode, o.unit_type, unit, dest)
        return (MOVE, own, o.nation, first, -1, direct, o.via_convoy, _coast(dest[1]))
    if kind == "support":
        if o.dest is None:
            return (SUPPORT, own, o.nation, -1, first, True, False, "")
        return (SUPPORT, own, o.nation, second, first, True, False, _coast(o.dest[1]))
    return (CONVOY, own, o.nation, second, first, True, False, "")


def _adjudicated_results(world: World, orders: list[Order], rows: list[tuple],
                         space: Callable[[int], Space]) -> list[Result]:
    """Adjudicate the table ``rows`` (one per order) and return one result per order.
    ``space(n)`` is the space numbered ``n`` (asked only for a convoy route or a result
    that names a space)."""
    variant, mode = world.variant, world.adjacency
    table = Orders.from_rows(rows)
    step_cache: dict[tuple[int, int], bool] = {}

    def step(a: int, b: int) -> bool:
        k = (a, b)
        r = step_cache.get(k)
        if r is None:
            r = step_cache[k] = convoy_step(variant, mode, space(a), space(b))
        return r

    out = adjudicate(table, step)
    # Most orders simply succeed: those share two result constants without a call.
    new = [(_MOVED if k == MOVE else _SUCCEEDS) if by < 0 and not void and (k == HOLD or ok and k != CONVOY)
           else None for k, by, ok, void in zip(out.kind, out.dislodged_by, out.success, out.void)]
    for n, r in enumerate(new):
        if r is None:
            new[n] = _result_for(n, orders[n], table, out, space, world)
    return new


def _coast(loc: str) -> str:
    i = loc.find("/")
    return "" if i < 0 else loc[i + 1:]


_SUCCEEDS = Result("succeeds")
_MOVED = Result("succeeds", "", True)


def _result_for(n: int, o: Order, table: Orders, out: Outcome, space: Callable[[int], Space], world: World) -> Result:
    kind = out.kind[n]
    by_n = out.dislodged_by[n]
    if by_n < 0 and not out.void[n]:
        if out.success[n]:
            if kind == MOVE:
                return _MOVED
            if kind != CONVOY:
                return _SUCCEEDS
        elif kind == HOLD:
            return _SUCCEEDS
    dislodged = by_n >= 0
    by = f"dislodged from {space(table.space[n])}" if dislodged else ""
    given = table.kind[n]
    if out.void[n] and kind == MOVE:
        return Result("invalid", "no convoy is ordered along a complete route for this move"
                      + (f"; {by}" if by else ""), dislodged=dislodged)
    if out.void[n]:
        target_board = space(table.target[n]).board if table.target[n] >= 0 else None
        if target_board is not None and target_board not in world.boards:
            reason = (f"board {target_board} does not exist yet: the "
                      + ("support waits for a matching move" if given == SUPPORT else "convoy waits for its army"))
        else:
            reason = {SUPPORT: "the supported unit does not do what the support says",
                      CONVOY: "no army is convoyed along this fleet's route"}.get(given, "void")
        return Result("invalid", reason + (f"; {by}" if by else ""), dislodged=dislodged)
    if kind == MOVE:
        if out.success[n]:
            return _MOVED
        reason = "the convoy was disrupted" if not out.path[n] else f"bounced at {space(table.dest[n])}"
        return Result("fails", reason + (f"; {by}" if by else ""), dislodged=dislodged, contests=out.contests[n])
    if kind == SUPPORT:
        if out.success[n]:
            return Result("succeeds", "", dislodged=dislodged)
        return Result("fails", by or "support cut", dislodged=dislodged)
    if kind == CONVOY:
        army = out.convoy_of[n]
        if out.success[n] and army >= 0 and out.success[army] and out.uses_convoy[army]:
            return Result("succeeds", "", dislodged=dislodged)
        if not out.uses_convoy[army]:
            reason = by or "the army went overland"
        else:
            reason = by or ("the convoy route was broken (paradox)" if not out.success[n] else "the army did not move")
        return Result("fails", reason, dislodged=dislodged)
    return Result("fails", by, dislodged=True)


# -- retreats ------------------------------------------------------------------------------


def _next_units(world: World, key: BoardKey) -> dict[str, Unit]:
    """Units of ``key``'s next board, from the current results (dislodged units that have
    not retreated are left out), keyed by province."""
    results = world.results
    board_units = world.boards[key].units
    units: dict[str, Unit] = {}
    gone: set[str] = set()
    arrivals: list[Move] = []
    for o, r in zip(world.orders.get(key, ()), results.get(key, ())):
        if r.moved:
            gone.add(_PROVINCE[o.unit[1]])
            if o.dest[0] == key:
                arrivals.append(o)
        elif r.dislodged and not r.illegal:
            prov = _PROVINCE[o.unit[1]]
            gone.add(prov)
            if r.retreat_to:
                u = board_units[prov]
                units[_PROVINCE[r.retreat_to]] = unit_of(u.nation, u.type, r.retreat_to)
    if not gone:
        units.update(board_units)
    elif not units:  # no retreat placed first: a C-level copy, then the few that left
        units = board_units.copy()
        for p in gone:
            del units[p]
    else:
        for p, u in board_units.items():
            if p not in gone:
                units[p] = u
    for k, i in world.incoming.get(key, ()):
        if results[k][i].moved:
            arrivals.append(world.orders[k][i])
    for o in arrivals:
        dest = o.dest[1]
        units[_PROVINCE[dest]] = unit_of(o.nation, o.unit_type, dest)
    return units


_NOT_UNIT_ORDERS = frozenset({"build", "waive"})
_UNIT_KINDS = frozenset({"hold", "move", "support", "convoy", "retreat", "disband"})


def _retreat_options(world: World, touched: set[BoardKey]) -> dict[Location, frozenset[str]]:
    v = world.variant
    options: dict[Location, frozenset[str]] = {}
    for key in sorted(touched):
        board = world.boards[key]
        if not board.is_movement:
            continue
        dislodged = [(o, r) for o, r in zip(world.orders[key], world.results[key])
                     if r.dislodged and hasattr(o, "unit") and r.status != "pending"]
        if not dislodged:
            continue
        occupied = set(_next_units(world, key))
        contested = _contested(world, key)
        for o, r in dislodged:
            unit = board.units[o.unit.province]
            attacker_origin = _attacker_origin(world, key, o.unit.province)
            allowed = frozenset(
                loc for loc in v.adjacent_locations(unit.type, unit.loc)
                if loc.split("/")[0] not in occupied and loc.split("/")[0] not in contested
                and loc.split("/")[0] != attacker_origin)
            loc = Location(key, unit.loc)
            if allowed:
                options[loc] = allowed
    return options


def _attacker_origin(world: World, key: BoardKey, province: str) -> str | None:
    """The province on this board the dislodging unit came from, if it came over land
    from this board (a convoyed attacker leaves its origin open: DATC 4.A.5)."""
    target = Space(key, province)
    for k, i in world.orders_naming(target):
        o = world.orders[k][i]
        r = world.results[k][i]
        if isinstance(o, Move) and o.dest.space == target and r.moved:
            if k != key:
                return None
            if o.via_convoy or not reaches(world.variant, world.adjacency, o.unit_type, o.unit, o.dest):
                return None
            if _convoyed(world, k, i):
                return None
            return o.unit.province
    return None


def _convoyed(world: World, key: BoardKey, idx: int) -> bool:
    """Whether a successful adjacent move went by convoy (a fleet of its nation convoyed it)."""
    o = world.orders[key][idx]
    for k, i in world.orders_naming(o.unit.space):
        c = world.orders[k][i]
        if isinstance(c, Convoy) and c.army.space == o.unit.space and c.dest.space == o.dest.space \
                and world.results[k][i].status == "succeeds":
            return True
    return False


def _contested(world: World, key: BoardKey) -> set[str]:
    """Provinces of board ``key`` where a move bounced but kept its strength (a standoff).
    Occupied ones are left out by the caller; what remains is left vacant by the standoff."""
    movers = [(key, i) for i, o in enumerate(world.orders.get(key, ())) if o.kind == "move" and o.dest[0] == key]
    movers += world.incoming.get(key, ())
    return {world.orders[k][i].dest.province for k, i in movers if world.results[k][i].contests}


def _submit_retreats(world: World, orders: list[Order]) -> Report:
    pause = world.pause
    checked = [check(world, o) for o in orders]
    results: list[Result | None] = [None] * len(orders)
    repeats, replaced = _repeats_and_replaced(checked)
    chosen: dict[Location, tuple[int, Order]] = {}
    for i, (o, reason) in enumerate(checked):
        if reason is not None:
            results[i] = Result("invalid", reason, illegal=True)
        elif i in replaced:
            results[i] = Result("invalid", _INVALID_REPLACED)
        elif i not in repeats:
            unit = world.unit_at(o.unit)
            chosen[Location(o.unit.board, unit.loc)] = (i, o)
    targets: dict[Space, list[Location]] = {}
    for loc, (i, o) in chosen.items():
        if isinstance(o, Retreat):
            targets.setdefault(o.dest.space, []).append(loc)
    new_results = world.results.copy()
    retreat_log = world.retreats.copy()
    for loc in pause.dislodged:
        key = loc.board
        entry = chosen.get(loc)
        retreat_to = None
        if entry is not None:
            i, o = entry
            if isinstance(o, Retreat):
                if len(targets[o.dest.space]) == 1:
                    retreat_to = o.dest.loc
                    results[i] = Result("succeeds")
                else:
                    results[i] = Result("fails", f"two units retreated to {o.dest.province}: both are disbanded")
            else:
                results[i] = Result("succeeds", "disbanded")
            retreat_log[key] = retreat_log.get(key, ()) + ((o, results[i]),)
        lst = list(new_results[key])
        for idx, o in enumerate(world.orders[key]):
            if hasattr(o, "unit") and o.unit.province == loc.province and lst[idx].dislodged:
                r = lst[idx]
                lst[idx] = r._replace(dislodged=True, retreat_to=retreat_to)
        new_results[key] = tuple(lst)
    for i in repeats:
        results[i] = _REPEAT
    for i, (o, reason) in enumerate(checked):
        if results[i] is None:
            results[i] = Result("invalid", "not a retreat")
    world = world.derive(results=MappingProxyType(new_results), retreats=MappingProxyType(retreat_log), pause=None)
    touched = set(pause.finish)
    report = _finish(world, touched, [], [], {})
    report.results = [r if r is not None else Result("invalid") for r in results]
    return report


# -- finishing: next boards, forks, adjustments, victory --------------------------------------


def _finish(world: World, touched: set[BoardKey], checked, results, where) -> Report:
    boards = world.boards.copy()
    ends = world.ends.copy()
    starts = world.starts.copy()
    parents = world.parents.copy()
    new_results = world.results.copy()
    new_boards: list[BoardKey] = []
    changed: list[BoardKey] = []
    forks: list[tuple[BoardKey, dict[str, Unit], Mapping[str, str]]] = []
    active_boards = world.active_boards()
    active = set(active_boards)
    for key in active_boards:
        board = world.boards[key]
        if board.is_movement:
            units = _next_units(world, key)
            centres = _centres_after(world, board, units)
        else:
            units, centres, adj_results = _adjust(world, key)
            centres = MappingProxyType(centres)
            new_results[key] = adj_results
        nxt = BoardKey(key.timeline, key.turn.next())
        boards[nxt] = Board(nxt, MappingProxyType(units), centres)
        ends[key.timeline] = nxt.turn
        new_boards.append(nxt)
    for key in sorted(touched - active, key=lambda k: (k.turn, k.timeline)):
        board = world.boards[key]
        if not board.is_movement:
            continue
        units = _next_units(world, key)
        centres = _centres_after(world, board, units)
        candidate = Board(BoardKey(0, key.turn.next()), MappingProxyType(units), centres)
        if any(world.boards[c].same_position(candidate) for c in world.children(key)):
            continue
        if any(src == key and candidate.same_position(b) for src, b in ((f[0], f[3]) for f in forks)):
            continue
        forks.append((key, units, centres, candidate))
    forks.sort(key=lambda f: (f[0].turn, f[0].timeline))
    new_timelines = []
    next_timeline = max(ends) + 1
    for src, units, centres, _ in forks:
        t = next_timeline
        next_timeline += 1
        k = BoardKey(t, src.turn.next())
        boards[k] = Board(k, MappingProxyType(units), centres)
        parents[t] = src
        starts[t] = k.turn
        ends[t] = k.turn
        new_boards.append(k)
        new_timelines.append(t)
        changed.append(src)
    world = world.derive(boards=MappingProxyType(boards), ends=MappingProxyType(ends),
                         starts=MappingProxyType(starts), parents=MappingProxyType(parents),
                         results=MappingProxyType(new_results), pause=None,
                         submissions=world.submissions + 1, winner=_winner(world.variant, boards, ends))
    world = world.with_first_winter_homes(new_boards)  # RULES.md §9
    return Report(world, _collect(world, checked, results, where), new_boards, new_timelines, changed)


def _centres_after(world: World, board: Board, units: dict[str, Unit]) -> Mapping[str, str]:
    """The centre owners of ``board``'s next board, read-only: they change only after a
    Fall board; otherwise the next board shares this board's (immutable) mapping."""
    centres = board.centres
    if board.key[1][1] == Season.FALL:
        centres = dict(centres)
        supply_centres = world.variant.supply_centres
        for prov, u in units.items():
            if prov in supply_centres:
                centres[prov] = u.nation
    elif type(centres) is MappingProxyType:
        return centres
    return MappingProxyType(dict(centres))


def _adjust(world: World, key: BoardKey) -> tuple[dict[str, Unit], dict[str, str], tuple[Result, ...]]:
    """Apply a Winter board's builds and disbands: the first legal ones up to each nation's
    allowance count; missing disbands are chosen with the game's seeded random source."""
    board = world.boards[key]
    units = dict(board.units)
    orders = world.orders.get(key, ())
    results = list(world.results.get(key, ()))
    allowance = {n: board.centre_count(n) - board.unit_count(n) for n in world.variant.nation_names}
    used: set[str] = set()
    for i, o in enumerate(orders):
        if results[i].status == "invalid":
            continue
        n = o.nation
        if isinstance(o, Build):
            prov = o.at.province
            if allowance.get(n, 0) <= 0:
                results[i] = Result("fails", f"{n} has no build left on {key}")
            elif prov in used:
                results[i] = Result("fails", f"{prov} already has a build")
            else:
                loc = o.at.loc if o.unit_type == "F" else prov
                units[prov] = Unit(n, o.unit_type, loc)
                used.add(prov)
                allowance[n] -= 1
                results[i] = Result("succeeds")
        elif isinstance(o, Disband):
            prov = o.unit.province
            if allowance.get(n, 0) >= 0:
                results[i] = Result("fails", f"{n} has no disband to make on {key}")
            elif prov in used or prov not in units:
                results[i] = Result("fails", f"the unit in {prov} is already disbanded")
            else:
                del units[prov]
                used.add(prov)
                allowance[n] += 1
                results[i] = Result("succeeds")
        elif isinstance(o, Waive):
            results[i] = Result("succeeds" if allowance.get(n, 0) > 0 else "fails",
                                "" if allowance.get(n, 0) > 0 else f"{n} has no build to waive")
            if allowance.get(n, 0) > 0:
                allowance[n] -= 1
    for n in world.variant.nation_names:
        missing = -allowance[n]
        if missing > 0:
            rng = random.Random(f"{world.seed}/{key}/{n}")
            own = sorted(p for p, u in units.items() if u.nation == n)
            for p in rng.sample(own, min(missing, len(own))):
                del units[p]
    return units, dict(board.centres), tuple(results)


def _winner(variant, boards: Mapping[BoardKey, Board], ends: Mapping[int, Turn]) -> str | None:
    """RULES.md §5: the nation owning the most distinct centres on active boards, if it
    has at least the variant's victory count and strictly more than every other."""
    victory = variant.victory_centres
    counts: dict[str, int] = {}
    if len(ends) == 1:
        [(t, turn)] = ends.items()
        owners = boards[(t, turn)].centres.values()
        if len(owners) < victory:  # not enough centres owned for anyone to have won
            return None
        for n in owners:
            counts[n] = counts.get(n, 0) + 1
    else:
        owned: set[tuple[str, str]] = set()  # (province, nation): a province counts once per nation
        for t, turn in ends.items():
            owned.update(boards[(t, turn)].centres.items())
        for _, n in owned:
            counts[n] = counts.get(n, 0) + 1
    if not counts:
        return None
    best = max(counts.values())
    if best < victory:
        return None
    top = [n for n, c in counts.items() if c == best]
    return top[0] if len(top) == 1 else None


def _collect(world: World, checked, results, where) -> list[Result]:
    if not where:  # every result is already in ``results``
        return [r if r is not None else Result("invalid") for r in results]
    out = []
    stored = world.results
    key = on_board = None
    for i in range(len(checked)):
        at = where.get(i)
        if at is not None:
            if at[0] is not key:  # usually one board's key object: no hashing it per order
                key = at[0]
                on_board = stored[key]
            out.append(on_board[at[1]])
        else:
            r = results[i]
            out.append(r if r is not None else Result("invalid"))
    return out
