"""Storing a submission's orders on their boards, and adjudicating the orders they touch.

A movement submission gives orders on the active boards. :func:`store_and_adjudicate`
makes one pass over each active board's orders, and for each order at once:

- stores it on its board (refused orders too, to be shown; the board's units without an
  order get a hold);
- indexes it under the spaces it names (``World.refs``: board → province → orders, and
  ``World.incoming`` for moves arriving from another board);
- writes its row of the adjudicator's table (:mod:`.order_table`).

An order on a past board can be linked to the new ones through a space they both name
(an old support for a unit that is now attacked from the future). Only when a new order
names a board that earlier orders name too are such orders searched for; their rows join
the table. Every order of the table is then adjudicated together, and every other order
of the world keeps its result, which is what adjudicating the whole world again would
give it (RULES.md §4).

Before storing, :func:`repeats_and_replaced` sorts out orders given twice for one unit.
"""

from __future__ import annotations

from types import MappingProxyType

from .coords import _PROVINCE, BoardKey, Space
from .adjudicator import HOLD
from .order_table import SpaceNumbers, results_of, table_row
from .orders import UNIT_KINDS, Hold, Location, Order, Result
from .world import Ref, World, spaces_named

INVALID_REPLACED = "replaced by a later order for the same unit"
# A second copy of an order counts for nothing (DATC 6.I.7: a second build in one centre
# fails; 6.J.2: removing the same unit twice removes it once).
REPEAT = Result("fails", "repeats an earlier order, which counts once")
_PENDING = Result("pending")  # until adjudicated (a Winter board's: until adjusted)
_HOLDS_BY_DEFAULT = Result("pending", "no order: holds")
_WINTER = 2

_new_tuple = tuple.__new__  # a named tuple's own __new__ is a Python-level call

Checked = list[tuple[Order, "str | None"]]  # each order in normal form, and why it is refused


def repeats_and_replaced(checked: Checked) -> tuple[dict[int, int], set[int]]:
    """Among the legal orders of a submission: ``repeats`` maps an order repeated word for
    word to its first place, where it counts once (RULES.md §3: builds and disbands are
    taken in the order listed, so a repeat must not move its order later; the copies
    fail). ``replaced`` holds the places of orders replaced by a later, different order
    for the same unit (the latest word counts; a repeat of an earlier order is that order
    said again). Waives are not merged: waiving twice waives two builds."""
    repeats: dict[int, int] = {}
    replaced: set[int] = set()
    # Usually every legal order is for a different unit and at most one thing is built:
    # say so with one set of provinces, then (if provinces repeat, as on many boards) of
    # (board, province) pairs, before looking order by order.
    units = [o.unit for o, reason in checked if reason is None and o.kind in UNIT_KINDS]
    builds = sum(1 for o, reason in checked if reason is None and o.kind == "build")
    if builds <= 1:
        provinces = [_PROVINCE[u[1]] for u in units]
        if len(set(provinces)) == len(provinces):
            return repeats, replaced
        pairs = [(u[0], p) for u, p in zip(units, provinces)]
        if len(set(pairs)) == len(pairs):
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


def _is_repeat(i: int, o: Order, places: list[int], checked: Checked, repeats: dict[int, int]) -> bool:
    for k in places:
        if checked[k][0] == o:
            repeats[i] = k
            return True
    return False


def _space(loc: Location) -> Space:
    return _new_tuple(Space, (loc[0], _PROVINCE[loc[1]]))


def store_and_adjudicate(world: World, checked: Checked, repeats: dict[int, int], results: list[Result | None]
                         ) -> tuple[World, dict[int, tuple[BoardKey, int]], set[BoardKey]]:
    """Store the submission's orders (``checked``, less ``repeats``), index them and
    adjudicate them with every order linked to them (see the module docstring).

    Fills ``results`` for refused orders and for orders on movement boards (final once
    adjudicated). Returns the new world, where each order given on a Winter board is
    stored (its result comes when the board is adjusted), and the boards whose orders
    were adjudicated (whose next boards may change)."""
    ends = world.ends
    # The orders by board (a submission usually concerns one board at a time: the last
    # board's list is kept at hand rather than hashing every order's board key).
    per_board: dict[BoardKey, list[tuple[Order, Result | None, int]]] = {}
    last_key: BoardKey | None = None
    last_list: list = []
    for i, (o, reason) in enumerate(checked):
        if repeats and i in repeats:
            continue
        key = o.unit[0] if o.kind in UNIT_KINDS else o.board
        if reason is None:
            entry = (o, None, i)
        else:
            results[i] = r = Result("invalid", reason, illegal=True)
            if ends.get(key[0]) != key[1]:  # not on an active board: nowhere to keep it
                continue
            entry = (o, r, i)
        if key is not last_key and key != last_key:
            last_key = key
            last_list = per_board.get(key)
            if last_list is None:
                last_list = per_board[key] = []
        last_list.append(entry)

    variant, mode = world.variant, world.adjacency
    numbers = SpaceNumbers(variant)
    number = numbers.number
    old_refs = world.refs
    refs = old_refs.copy()  # a C-level copy of the board-keyed map (not of a mappingproxy's items)
    incoming = world.incoming.copy()
    inner_maps: dict[BoardKey, dict[str, tuple[Ref, ...]]] = {}  # the boards' maps this submission writes
    names_old_boards = False  # whether a new order names a board earlier orders name
    table: list[tuple[Ref, tuple]] = []  # (where the order is stored, its row), in board order
    stored_lists: dict[BoardKey, tuple[list[Order], list[Result]]] = {}
    given: list[tuple[int, list[Result], int]] = []  # (place in the submission, its board's results, index)
    where: dict[int, tuple[BoardKey, int]] = {}

    def inner_map(board: BoardKey) -> dict[str, tuple[Ref, ...]]:
        nonlocal names_old_boards
        inner = inner_maps.get(board)
        if inner is None:
            old = old_refs.get(board)
            if old is None:
                inner = inner_maps[board] = {}
            else:
                inner = inner_maps[board] = old.copy()
                names_old_boards = True
        return inner

    for key in world.active_boards():
        movement = key[1][1] != _WINTER
        stored: list[Order] = []
        stored_results: list[Result] = []
        stored_lists[key] = (stored, stored_results)
        ordered: set[str] = set()
        if movement:
            inner = base = None
        for o, r, i in per_board.get(key, ()):
            idx = len(stored)
            stored.append(o)
            if r is not None:  # refused: kept to be shown, takes no part
                stored_results.append(r)
                continue
            stored_results.append(_PENDING)
            if not movement:  # adjusted when the submission finishes
                where[i] = (key, idx)
                continue
            given.append((i, stored_results, idx))
            own = _PROVINCE[o.unit[1]]
            ordered.add(own)
            if inner is None:
                inner, base = inner_map(key), numbers.base(key)
            ref = (key, idx)
            if o.kind == "hold":  # the commonest order, indexed and tabled inline
                inner[own] = inner.get(own, ()) + (ref,)
                table.append((ref, (HOLD, base + number[own], o.nation, -1, -1, True, False, "")))
                continue
            n = [base + number[own], -1, -1]
            inner[own] = inner.get(own, ()) + (ref,)
            for j, (board, prov) in enumerate(spaces_named(o)[1:], 1):
                if board is key or board == key:
                    inner[prov] = inner.get(prov, ()) + (ref,)
                    n[j] = base + number[prov]
                else:
                    other = inner_map(board)
                    other[prov] = other.get(prov, ()) + (ref,)
                    n[j] = numbers.base(board) + number[prov]
            if o.kind == "move" and o.dest[0] != key:
                dest_board = o.dest[0]
                incoming[dest_board] = incoming.get(dest_board, ()) + (ref,)
            table.append((ref, table_row(o, n[0], n[1], n[2], variant, mode)))
        if movement:
            for prov, unit in world.boards[key].units.items():
                if prov not in ordered:  # no order: holds
                    idx = len(stored)
                    stored.append(Hold(unit.nation, unit.type, _new_tuple(Location, (key, unit.loc))))
                    stored_results.append(_HOLDS_BY_DEFAULT)
                    if inner is None:
                        inner, base = inner_map(key), numbers.base(key)
                    ref = (key, idx)
                    inner[prov] = inner.get(prov, ()) + (ref,)
                    table.append((ref, (HOLD, base + number[prov], unit.nation, -1, -1, True, False, "")))

    new_orders = world.orders.copy()
    for key, (stored, _) in stored_lists.items():
        new_orders[key] = tuple(stored)
    for board, inner in inner_maps.items():
        refs[board] = MappingProxyType(inner)
    if names_old_boards:
        table = _with_linked(table, refs, new_orders, numbers, variant, mode)

    # Adjudicate; write each result where its order is stored.
    new_results = world.results.copy()
    lists = {key: stored_results for key, (_, stored_results) in stored_lists.items()}
    key = lst = None
    for (ref, _), r in zip(table, results_of(world, [row for _, row in table], numbers.space)):
        if ref[0] is not key:  # rows come board by board: one lookup per board
            key = ref[0]
            lst = lists.get(key)
            if lst is None:  # a past board's linked orders
                lst = lists[key] = list(new_results[key])
        lst[ref[1]] = r
    for key, lst in lists.items():
        new_results[key] = tuple(lst)
    for i, lst, idx in given:
        results[i] = lst[idx]
    world = world.derive(orders=MappingProxyType(new_orders), results=MappingProxyType(new_results),
                         refs=MappingProxyType(refs), incoming=MappingProxyType(incoming))
    boards = world.boards
    return world, where, {k for k in numbers.boards if k in boards}


def _with_linked(table: list[tuple[Ref, tuple]], refs, orders, numbers: SpaceNumbers, variant, mode: str
                 ) -> list[tuple[Ref, tuple]]:
    """``table`` with the rows of every stored movement order linked to its orders through
    the spaces they name, in board order (the order the table is always in)."""
    seen: set[Ref] = {ref for ref, _ in table}
    visited: set[Space] = set()
    stack: list[Space] = []
    for ref, _ in table:
        stack.extend(spaces_named(orders[ref[0]][ref[1]]))
    linked: list[tuple[Ref, tuple]] = []
    while stack:
        sp = stack.pop()
        if sp in visited:
            continue
        visited.add(sp)
        on_board = refs.get(sp[0])
        for ref in on_board.get(sp[1], ()) if on_board is not None else ():
            if ref not in seen:
                seen.add(ref)
                o = orders[ref[0]][ref[1]]
                named = spaces_named(o)
                stack.extend(named)
                n = [numbers.base(b) + numbers.number[p] for b, p in named] + [-1, -1]
                linked.append((ref, table_row(o, n[0], n[1], n[2], variant, mode)))
    if not linked:
        return table
    return sorted(table + linked, key=lambda entry: entry[0])
