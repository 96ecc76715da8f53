"""A move: the unit goes to another space, on its board or on a board next to it, over
land or by convoy (RULES.md §2, §4).

- its text: ``A 1:mun:S1901 - 1:tyr:S1901`` (``via convoy`` when said): :func:`text`;
- its check: :func:`check` (the common cases from tables made once per variant), and
  :func:`check_in_full`, the same rules asked of the map step by step;
- its targets: :func:`move_targets` (:func:`direct_targets` and :func:`convoy_targets`),
  and :func:`reachable_boards`, the boards a unit's orders may reach.

Elsewhere: its words in the notation's grammar (``-``, ``to``, ``moves to``: see
:mod:`app.engine.notation.order_words`); its row of the adjudicator's table (MOVE,
:mod:`..order_table` and :mod:`..storing`), and its decision (:mod:`..adjudicator`),
where every kind stays in columns, one list per field, for speed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from ..adjacency import (REACH_CACHE, adjacent_board_keys, convoy_possible, convoy_reach, convoy_step, convoys_alone,
                         fleet_neighbours, reaches)
from ..coords import PROVINCE_OF, BoardKey, Location, Space, province_of
from ..orders import Move, Order
from ..variant_rules import is_neutral

if TYPE_CHECKING:
    from ..world import World

_WINTER = 2
_new_tuple = tuple.__new__  # a named tuple's own __new__ is a Python-level call


def text(order: Move, place: Callable[[Location, BoardKey | None], str], key: BoardKey | None) -> str:
    """The words after the nation, each location written by ``place`` as seen from board
    ``key`` (None: with every coordinate)."""
    return f"{order.unit_type} {place(order.unit, key)} - {place(order.dest, key)}" \
        + (" via convoy" if order.via_convoy else "")


# -- its check ---------------------------------------------------------------------------


def check(world: World, order: Move, utype: str, loc: str, prov: str, units) -> tuple[Order, str | None]:
    """The move's own check, once :func:`app.engine.rules.validation.check`'s gates are
    passed (a unit of the ordering nation on an active movement board): ``(normal form,
    None)`` or ``(order, reason)``. ``units``: the units of the order's board (where the
    ordered unit stands)."""
    v = world.variant
    dest = order.dest
    board = order.unit[0]
    dest_board = dest[0]
    same_board = dest_board == board
    if same_board:
        if not order.via_convoy:
            # A legal move on its own board without a convoy depends on the map alone: the
            # variant's table of them gives its normal destination.
            normal = legal_moves(v).get((utype, loc, dest[1]))
            if normal is not None:
                if normal == dest[1]:
                    return order, None
                return Move(order.nation, order.unit_type, order.unit, Location(dest_board, normal)), None
        # An army convoyed on its own board when only that board's fleets can carry it (as
        # on every board of a classic game): the coasts the board's fleets at sea connect.
        # (The table holds coasts only: a hit is a coast-to-coast move of an army on a coast.)
        if utype == "A":
            got = REACH_CACHE.get(id(units))
            reach = got[1] if got is not None and got[0] is units else convoy_reach(v, world.boards[board])
            to = dest[1]
            if to != prov and (len(world.boards) == 1 or convoys_alone(world, _new_tuple(Space, (board, prov)))):
                if to in reach.get(prov, ()):
                    return order, None
                # refused, with the reason check_in_full would give
                kinds = v.kinds
                kind = kinds.get(to)
                if kinds[prov] == "coast" and kind == "coast":
                    return order, f"no chain of fleets could convoy this army to {dest}"
                if kind is not None and kind != "sea" and not order.via_convoy:
                    return order, f"{dest} is out of reach"  # (the table above holds every move next door)
    return check_in_full(world, order, utype, loc, prov)


def legal_moves(variant) -> dict[tuple[str, str, str], str]:
    """The variant's legal moves on one board that need no convoy, made once per variant:
    (unit type, its location, destination as written) → the destination in normal form
    (an army's coast dropped, a fleet's only reachable coast filled in). Exactly the
    moves :func:`check_in_full` finds legal without asking about fleets."""
    table = _LEGAL_MOVES.get(id(variant))
    if table is not None and table[0] is variant:
        return table[1]
    moves: dict[tuple[str, str, str], str] = {}
    kinds, coasts_of = variant.kinds, variant.coasts_of
    for loc, near in variant.army_adjacent.items():
        for prov in near:
            if kinds[prov] != "sea" and prov != PROVINCE_OF[loc]:
                moves["A", loc, prov] = prov
                for coast in coasts_of.get(prov, ()):
                    moves["A", loc, coast] = prov
    for loc, near in variant.fleet_adjacent.items():
        for dest in near:
            prov = PROVINCE_OF[dest]
            if kinds[prov] == "land" or prov == PROVINCE_OF[loc]:
                continue
            coasts = coasts_of.get(prov)
            if not coasts or dest in coasts:
                moves["F", loc, dest] = dest
            if coasts:
                reachable = [c for c in coasts if c in near]
                if len(reachable) == 1:
                    moves["F", loc, prov] = reachable[0]
    _LEGAL_MOVES[id(variant)] = (variant, moves)
    return moves


_LEGAL_MOVES: dict[int, tuple[object, dict[tuple[str, str, str], str]]] = {}


def check_in_full(world: World, order: Move, utype: str, loc: str, prov: str) -> tuple[Order, str | None]:
    v = world.variant
    dest = order.dest
    board = order.unit[0]
    dest_board = dest[0]
    same_board = dest_board == board
    if not same_board:  # (the unit's own board exists and is not a Winter board: see check)
        if dest_board not in world.boards:
            return order, f"board {dest_board} does not exist: moves only end on existing boards"
        if dest_board[1][1] == _WINTER:
            return order, f"{dest_board} is a Winter board: nothing moves onto it"
    dest_prov = PROVINCE_OF[dest[1]]
    if same_board and dest_prov == prov:
        return order, "a unit cannot move to where it stands"
    kind = v.kinds[dest_prov]
    if utype == "A":
        if kind == "sea":
            return order, "an army cannot move to sea"
        if dest[1] != dest_prov:
            order = Move(order.nation, order.unit_type, order.unit, Location(dest_board, dest_prov), order.via_convoy)
            dest = order.dest
        if same_board:  # the common case, without building locations
            direct = dest_prov in v.army_adjacent.get(loc, ())
        else:
            direct = reaches(v, world.adjacency, "A", Location(board, loc), dest)
        if direct and not order.via_convoy:
            return order, None
        by_sea = v.kinds[prov] == "coast" and kind == "coast"
        if order.via_convoy and not by_sea:
            return order, "only an army on a coast can be convoyed to a coast"
        if not direct and not by_sea:
            return order, f"{dest} is out of reach"
        if not convoy_possible(world, Space(board, prov), dest.space):
            return order, f"no chain of fleets could convoy this army to {dest}"
        return order, None
    if order.via_convoy:
        return order, "only armies are convoyed"
    if kind == "land":
        return order, "a fleet cannot move inland"
    coasts = v.coasts_of.get(dest_prov)
    if coasts:
        frm = Location(board, loc)
        reachable = [c for c in coasts if reaches(v, world.adjacency, "F", frm, Location(dest_board, c))]
        if dest[1] in coasts:
            if dest[1] not in reachable:
                return order, f"the fleet cannot reach {dest[1]}"
            return order, None
        if len(reachable) == 1:
            return Move(order.nation, order.unit_type, order.unit, Location(dest_board, reachable[0])), None
        if not reachable:
            return order, f"{dest} is out of reach"
        return order, f"name the coast: {' or '.join(reachable)}"
    if not (dest[1] in v.fleet_adjacent.get(loc, ()) if same_board
            else reaches(v, world.adjacency, "F", Location(board, loc), dest)):
        return order, f"{dest} is out of reach"
    return order, None


# -- its targets -------------------------------------------------------------------------


def reachable_boards(world: World, key: BoardKey) -> list[BoardKey]:
    """The unit's own board and the existing movement boards adjacent to it."""
    return [key] + [k for k in adjacent_board_keys(key) if k in world.boards]


def direct_targets(world: World, loc: Location) -> list[Location]:
    """Locations the unit at ``loc`` reaches without a convoy, on existing boards."""
    unit = world.unit_at(loc)
    if unit is None or not loc.board.turn.is_movement or is_neutral(world.variant, unit):
        return []   # (a neutral unit never moves: RULES.md §12)
    v, mode = world.variant, world.adjacency
    frm = Location(loc.board, unit.loc)
    out = []
    for key in reachable_boards(world, loc.board):
        candidates = set(v.adjacent_locations(unit.type, unit.loc))
        if key != loc.board:
            candidates = ({unit.loc} | candidates) if mode == "loose" else {unit.loc}
        for c in sorted(candidates):
            to = Location(key, c)
            if reaches(v, mode, unit.type, frm, to):
                out.append(to)
    return out


def convoy_targets(world: World, loc: Location) -> list[Location]:
    """Coastal locations an army at ``loc`` could reach through a chain of fleets that can
    still be ordered to convoy it (and that its own board does not reach directly)."""
    unit = world.unit_at(loc)
    v = world.variant
    if unit is None or unit.type != "A" or v.kind(loc.province) != "coast":
        return []
    army = Space(loc.board, loc.province)
    seen: set[Space] = set()
    stack = fleet_neighbours(world, v, world.adjacency, army, army)
    found: set[Location] = set()
    while stack:
        s = stack.pop()
        if s in seen:
            continue
        seen.add(s)
        for key in reachable_boards(world, s.board):
            if not key.turn.is_movement:
                continue
            for p in v.fleet_adjacent_provinces[s.province] | {s.province}:
                if v.kind(p) == "coast" and convoy_step(v, world.adjacency, s, Space(key, p)) \
                        and not (key == loc.board and p == loc.province):
                    found.add(Location(key, p))
        stack.extend(n for n in fleet_neighbours(world, v, world.adjacency, s, army) if n not in seen)
    return sorted(found, key=lambda x: (x.board, x.loc))


def move_targets(world: World, loc: Location) -> list[Location]:
    """Every location the unit at ``loc`` may be ordered to move to."""
    unit = world.unit_at(loc)
    if unit is not None and is_neutral(world.variant, unit):
        return []
    direct = direct_targets(world, loc)
    seen = {(t.board, province_of(t.loc)) for t in direct}
    return direct + [t for t in convoy_targets(world, loc) if (t.board, t.province) not in seen]
