"""Storing a submission's orders on their boards, and adjudicating the orders they touch.

:func:`store_and_adjudicate` runs these steps, each a function or a method of ``_Store``
(what the submission writes into the new world):

1. **Sort** the orders by the board they are given on (``_orders_by_board``). An order
   refused on no active board is answered here: there is nowhere to keep it.
2. **Store** each active board's orders in one pass (``_Store.movement_board``), and for
   each order at once:

   - store it on its board (refused orders too, to be shown; the board's units without
     an order get a hold: ``_Store._hold_unordered``);
   - index it under the spaces it names (``World.refs``: board → province → orders, and
     ``World.incoming`` for moves arriving from another board);
   - write its row of the adjudicator's table (:mod:`.order_table`; the commonest orders
     inline, the rest through ``_Store._index_and_table``).

   A Winter board's orders are stored to wait for its adjustment (``_Store.winter_board``).
3. **Adjudicate** the table (``_Store.adjudicate``). An order on a past board can be
   linked to the new ones through a space they both name (an old support for a unit that
   is now attacked from the future). Only when a new order names a board that earlier
   orders name too are such orders searched for (``_Store._adjudicate_linked``); their
   rows join the table. Every order of the table is adjudicated together, and every
   other order of the world keeps its result, which is what adjudicating the whole world
   again would give it (RULES.md §4).
4. **Hand out** the results (``_Store.hand_out``): each board's into the new world, each
   given order's into the caller's list; then derive the new world (``_Store.new_world``).

Before storing, :func:`repeats_and_replaced` sorts out orders given twice for one unit.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Iterable

from .adjudicator import HOLD, MOVE, SUPPORT
from .coords import PROVINCE_OF, BoardKey, Location, Space
from .order_table import SpaceNumbers, results_of, table_row
from .orders import UNIT_KINDS, Order, Result, quick_hold, quick_result
from .world import Ref, World, spaces_named

INVALID_REPLACED = "replaced by a later order for the same unit"
# A second copy of an order counts for nothing (DATC 6.I.7: a second build in one centre
# fails; 6.J.2: removing the same unit twice removes it once).
REPEAT = Result("fails", "repeats an earlier order, which counts once")
_PENDING = Result("pending")  # until adjudicated (a Winter board's: until adjusted)
_WINTER = 2
_A_BUILD = object()  # marks a build's site in the quick test for repeats

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
    # Usually every legal order is for a different unit and every build for a different
    # site: say so with one set of (board, province) pairs, a build's marked apart,
    # before looking order by order.
    spaces = [(o.unit[0], PROVINCE_OF[o.unit[1]]) if o.kind in UNIT_KINDS else (_A_BUILD, o.at[0], PROVINCE_OF[o.at[1]])
              for o, reason in checked if reason is None and o.kind != "waive"]
    if len(set(spaces)) == len(spaces):
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
    return _new_tuple(Space, (loc[0], PROVINCE_OF[loc[1]]))


def store_and_adjudicate(world: World, checked: Checked, repeats: dict[int, int], results: list[Result | None]
                         ) -> tuple[World, dict[int, tuple[BoardKey, int]], set[BoardKey]]:
    """Store the submission's orders (``checked``, less ``repeats``), index them and
    adjudicate them with every order linked to them (see the module docstring).

    Fills ``results`` for refused orders and for orders on movement boards (final once
    adjudicated). Returns the new world, where each order given on a Winter board is
    stored (its result comes when the board is adjusted), and the boards whose orders
    were adjudicated (whose next boards may change)."""
    store = _Store(world)
    per_board = _orders_by_board(world, store.active, checked, repeats, results)
    for key in store.active:
        if key[1][1] == _WINTER:  # adjusted when the submission finishes
            store.winter_board(key, per_board.get(key, ()), repeats, results)
        else:
            store.movement_board(key, per_board.get(key, ()), repeats, results)
    store.adjudicate()
    store.hand_out(results)
    return store.new_world(), store.where, store.adjudicated_boards()


@dataclass(slots=True)
class _StoredBoard:
    """One active board's orders as stored: ``results`` (refused ones, and _PENDING where
    an adjudicated result goes), ``given`` the places in the submission of the orders
    given on it (the first rows of its block, in order), ``first_row`` its first row of
    the adjudicator's table (-1 for a Winter board), and ``rows_at`` where each row's
    order is stored (None when row k is stored order k: nothing was refused)."""

    key: BoardKey
    first_row: int
    results: list[Result]
    given: list[int]
    rows_at: list[int] | None


class _Store:
    """What one submission writes into the new world: the boards' orders and results,
    the index (``refs``, ``incoming``) and the adjudicator's table (``rows``), board by
    board in storing order."""

    __slots__ = ("world", "variant", "mode", "active", "numbers", "refs", "incoming", "inner_maps", "old_boards",
                 "rows", "boards_stored", "new_orders", "new_results", "where")

    def __init__(self, world: World) -> None:
        self.world = world
        self.variant, self.mode = world.variant, world.adjacency
        self.active = world.active_boards()
        self.numbers = SpaceNumbers(world.variant)
        self.refs = world.refs.copy()  # a C-level copy of the board-keyed map (not of a mappingproxy's items)
        self.incoming = world.incoming.copy()
        self.inner_maps: dict[BoardKey, dict[str, tuple[Ref, ...]]] = {}  # the boards' maps this submission writes
        self.old_boards: list[BoardKey] = []  # those of them that earlier orders name too
        self.rows: list[tuple] = []
        self.boards_stored: list[_StoredBoard] = []
        self.new_orders = world.orders.copy()
        self.new_results = world.results.copy()
        self.where: dict[int, tuple[BoardKey, int]] = {}

    def inner_map(self, board: BoardKey) -> dict[str, tuple[Ref, ...]]:
        """``board``'s index (province → references), as this submission writes it."""
        inner = self.inner_maps.get(board)
        if inner is None:
            old = self.world.refs.get(board)
            if old is None:
                inner = self.inner_maps[board] = {}
            else:
                inner = self.inner_maps[board] = old.copy()
                self.old_boards.append(board)
        return inner

    def winter_board(self, key: BoardKey, given_here, repeats: dict[int, int], results: list[Result | None]) -> None:
        """Store a Winter board's orders: their results come when it is adjusted."""
        stored: list[Order] = []
        stored_results: list[Result] = []
        for i, (o, reason) in given_here:
            if repeats and i in repeats:
                continue
            if reason is not None:
                results[i] = r = quick_result("invalid", reason, illegal=True)
                if (o.unit[0] if o.kind in UNIT_KINDS else o.board) != key:
                    continue
            else:
                r = _PENDING
                self.where[i] = (key, len(stored))
            stored.append(o)
            stored_results.append(r)
        self.new_orders[key] = tuple(stored)
        self.boards_stored.append(_StoredBoard(key, -1, stored_results, [], None))

    def movement_board(self, key: BoardKey, given_here, repeats: dict[int, int], results: list[Result | None]) -> None:
        """Store a movement board's orders, index each under the spaces it names and
        write its row of the table; the board's units without an order hold."""
        army_adjacent, fleet_adjacent = self.variant.army_adjacent, self.variant.fleet_adjacent
        number = self.numbers.number
        rows = self.rows
        index_and_table = self._index_and_table
        stored: list[Order] = []
        stored_results: list[Result] = []
        given: list[int] = []
        refused = False
        first_row = len(rows)
        inner = None
        base = 0
        for i, (o, reason) in given_here:
            if repeats and i in repeats:
                continue
            idx = len(stored)
            if reason is not None:  # refused: kept to be shown (if given here), takes no part
                results[i] = r = quick_result("invalid", reason, illegal=True)
                if (o.unit[0] if o.kind in UNIT_KINDS else o.board) == key:
                    stored.append(o)
                    stored_results.append(r)
                    refused = True
                continue
            stored.append(o)
            stored_results.append(_PENDING)
            given.append(i)
            own = PROVINCE_OF[o.unit[1]]
            if inner is None:
                inner, base = self.inner_map(key), self.numbers.base(key)
            ref = (key, idx)
            inner[own] = inner.get(own, ()) + (ref,)
            kind = o.kind
            # The commonest orders, on this board alone, are tabled inline (table_row's fields).
            if kind == "hold":
                rows.append((HOLD, base + number[own], o.nation, -1, -1, True, False, ""))
                continue
            if kind == "move":
                dest = o.dest
                dest_board = dest[0]
                if dest_board is key or dest_board == key:
                    to = PROVINCE_OF[dest[1]]
                    inner[to] = inner.get(to, ()) + (ref,)
                    rows.append((MOVE, base + number[own], o.nation, base + number[to], -1,
                                 dest[1] in (army_adjacent if o.unit_type == "A" else fleet_adjacent).get(o.unit[1], ()),
                                 o.via_convoy, dest[1].partition("/")[2]))
                    continue
            elif kind == "support":
                supported, dest = o.supported, o.dest
                sup_board = supported[0]
                if (sup_board is key or sup_board == key) and (dest is None or dest[0] is key or dest[0] == key):
                    sp = PROVINCE_OF[supported[1]]
                    inner[sp] = inner.get(sp, ()) + (ref,)
                    if dest is None:
                        rows.append((SUPPORT, base + number[own], o.nation, -1, base + number[sp], True, False, ""))
                    else:
                        to = PROVINCE_OF[dest[1]]
                        inner[to] = inner.get(to, ()) + (ref,)
                        rows.append((SUPPORT, base + number[own], o.nation, base + number[to], base + number[sp],
                                     True, False, dest[1].partition("/")[2]))
                    continue
            rows.append(index_and_table(o, key, ref, inner, base, base + number[own]))
        units = self.world.boards[key].units
        if len(given) < len(units):  # some units have no order: they hold
            self._hold_unordered(key, units, stored, stored_results, inner, base)
        self.new_orders[key] = tuple(stored)
        rows_at = [idx for idx, r in enumerate(stored_results) if r is _PENDING] if refused else None
        self.boards_stored.append(_StoredBoard(key, first_row, stored_results, given, rows_at))

    def _index_and_table(self, o: Order, key: BoardKey, ref: Ref, inner: dict, base: int, own: int) -> tuple:
        """Any other order (a convoy, or one naming another board): index it under the
        other spaces it names, in spaces_named's order, and give its row. ``base``: the
        number of ``key``'s first province (a space on the order's own board, as most
        of a convoy's are, is numbered without asking ``numbers``)."""
        kind = o.kind
        if kind == "move":
            named = (o.dest,)
        elif kind == "support":
            named = (o.supported,) if o.dest is None else (o.supported, o.dest)
        else:
            named = (o.army, o.dest)
        numbers, number = self.numbers, self.numbers.number
        first = second = -1
        for loc in named:
            board, prov = loc[0], PROVINCE_OF[loc[1]]
            if board is key or board == key:
                inner[prov] = inner.get(prov, ()) + (ref,)
                n = base + number[prov]
            else:
                index = self.inner_map(board)
                index[prov] = index.get(prov, ()) + (ref,)
                n = numbers.base(board) + number[prov]
            if first < 0:
                first = n
            else:
                second = n
        if kind == "move" and o.dest[0] != key:
            dest_board = o.dest[0]
            self.incoming[dest_board] = self.incoming.get(dest_board, ()) + (ref,)
        return table_row(o, own, first, second, self.variant, self.mode)

    def _hold_unordered(self, key: BoardKey, units, stored: list[Order], stored_results: list[Result],
                        inner: dict | None, base: int) -> None:
        """Store a hold for each of the board's units without an order, and table it."""
        number, rows = self.numbers.number, self.rows
        # (every legal order is for a different unit: repeats and replaced orders are out)
        ordered = {PROVINCE_OF[stored[idx].unit[1]] for idx, r in enumerate(stored_results) if r is _PENDING}
        for prov, unit in units.items():
            if prov not in ordered:
                idx = len(stored)
                stored.append(quick_hold(unit.nation, unit.type, _new_tuple(Location, (key, unit.loc))))
                stored_results.append(_PENDING)
                if inner is None:
                    inner, base = self.inner_map(key), self.numbers.base(key)
                inner[prov] = inner.get(prov, ()) + ((key, idx),)
                rows.append((HOLD, base + number[prov], unit.nation, -1, -1, True, False, ""))

    def adjudicate(self) -> None:
        """Publish the index, then adjudicate the table: alone, or with the earlier orders
        linked to it where new orders were added beside earlier ones."""
        refs, inner_maps, old_boards = self.refs, self.inner_maps, self.old_boards
        for board, inner in inner_maps.items():
            refs[board] = MappingProxyType(inner)
        if not old_boards:
            self._adjudicate_alone()
            return
        # where the new orders meet earlier ones: the spaces of those boards they were added to
        old_refs = self.world.refs
        meeting: list[tuple[BoardKey, str]] = []
        for board in old_boards:
            old_inner = old_refs[board]
            meeting += [(board, prov) for prov, named in inner_maps[board].items() if named is not old_inner.get(prov)]
        fresh = inner_maps.keys() - old_boards
        self._adjudicate_linked(meeting, fresh)

    def _adjudicate_alone(self) -> None:
        """Nothing else is linked: the table is the new orders alone, board by board."""
        adjudicated = results_of(self.world, self.rows, self.numbers)
        for board in self.boards_stored:
            first_row, stored_results = board.first_row, board.results
            if first_row < 0:
                continue
            if board.rows_at is None:
                stored_results[:] = adjudicated[first_row:first_row + len(stored_results)]
            else:
                for k, idx in enumerate(board.rows_at, first_row):
                    stored_results[idx] = adjudicated[k]

    def _adjudicate_linked(self, meeting: list[tuple[BoardKey, str]], fresh: set[BoardKey]) -> None:
        """Adjudicate the new orders' rows with those of every stored movement order linked
        to them through the spaces they name; write each result where its order is stored
        (a new board's list in ``boards_stored``, a past board's in ``new_results``).

        The search starts from ``meeting``, the spaces where new orders were added beside
        earlier ones; a space of a ``fresh`` board (named by new orders alone) links nothing."""
        world, refs, orders, new_results, numbers = self.world, self.refs, self.new_orders, self.new_results, self.numbers
        variant, mode = self.variant, self.mode
        row_refs = [(b.key, idx) for b in self.boards_stored if b.first_row >= 0
                    for idx in (b.rows_at if b.rows_at is not None else range(len(b.results)))]
        seen: set[Ref] = set(row_refs)
        visited: set[tuple[BoardKey, str]] = set()
        stack: list[tuple[BoardKey, str]] = meeting
        table = list(zip(row_refs, self.rows))
        linked = False
        while stack:
            sp = stack.pop()
            if sp in visited or sp[0] in fresh:
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
                    table.append((ref, table_row(o, n[0], n[1], n[2], variant, mode)))
                    linked = True
        if linked:
            table.sort(key=lambda entry: entry[0])  # board order, as the table always is
        lists = {b.key: b.results for b in self.boards_stored}
        key = lst = None
        for (ref, _), r in zip(table, results_of(world, [row for _, row in table], numbers)):
            if ref[0] is not key:  # rows come board by board: one lookup per board
                key = ref[0]
                lst = lists.get(key)
                if lst is None:  # a past board's linked orders
                    lst = lists[key] = list(new_results[key])
            lst[ref[1]] = r
        for key, lst in lists.items():
            new_results[key] = tuple(lst)

    def hand_out(self, results: list[Result | None]) -> None:
        """Each board's results into the new world, and each given order's into ``results``."""
        new_results = self.new_results
        for board in self.boards_stored:
            given, rows_at = board.given, board.rows_at
            final = new_results[board.key] = tuple(board.results)
            if rows_at is None and len(given) == len(results):  # one board took every order, in order
                results[:] = final[:len(results)]
            elif rows_at is None:
                for i, r in zip(given, final):
                    results[i] = r
            else:
                for i, idx in zip(given, rows_at):
                    results[i] = final[idx]

    def new_world(self) -> World:
        return self.world.derive(orders=MappingProxyType(self.new_orders), results=MappingProxyType(self.new_results),
                                 refs=MappingProxyType(self.refs), incoming=MappingProxyType(self.incoming))

    def adjudicated_boards(self) -> set[BoardKey]:
        """The boards whose orders were adjudicated (numbered in the table) that exist."""
        boards = self.world.boards
        return {k for k in self.numbers.boards if k in boards}


def _orders_by_board(world: World, active: list[BoardKey], checked: Checked, repeats: dict[int, int],
                     results: list[Result | None]) -> dict[BoardKey, Iterable[tuple[int, tuple[Order, str | None]]]]:
    """The submission's orders by the board they are given on, each with its place. An
    order refused on no active board is answered here (there is nowhere to keep it).
    With one active board, every legal order is on it (validation saw to it): no sorting."""
    if len(active) == 1:
        return {active[0]: enumerate(checked)}
    ends = world.ends
    per_board: dict[BoardKey, list] = {}
    last_key: BoardKey | None = None
    last_list: list = []
    for i, pair in enumerate(checked):
        if repeats and i in repeats:
            continue
        o, reason = pair
        key = o.unit[0] if o.kind in UNIT_KINDS else o.board
        if key is not last_key and key != last_key:  # orders usually come board by board
            if reason is not None and ends.get(key[0]) != key[1]:
                results[i] = quick_result("invalid", reason, illegal=True)
                continue
            last_key = key
            last_list = per_board.get(key)
            if last_list is None:
                last_list = per_board[key] = []
        last_list.append((i, pair))
    return per_board
