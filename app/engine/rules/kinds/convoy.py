"""A convoy: a fleet at sea carries an army from a coast to a coast, alone or in a chain
of fleets, on its board or across boards next to it (RULES.md §2, §4).

- its text: ``F 1:nth:S1901 C A 1:lon:S1901 - 1:bel:S1901``: :func:`text`;
- its check: :func:`check`;
- its targets: :func:`convoy_options` (the armies it can carry, and where) and
  :func:`ghost_convoy_targets` (for an army on a board that does not exist yet).

Elsewhere: its words in the notation's grammar (``C``, ``convoys``:
:mod:`app.engine.notation.order_words`); its row of the adjudicator's table (CONVOY,
:mod:`..order_table` and :mod:`..storing`), its matching to the army's move, the convoy
routes and the fleet's decision (:mod:`..adjudicator`), where every kind stays in
columns for speed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from ..adjacency import adjacent_board_keys, convoy_possible, convoys_alone
from ..coords import PROVINCE_OF, BoardKey, Location, Space
from ..orders import Convoy, Order
from .move import convoy_targets, reachable_boards

if TYPE_CHECKING:
    from ..world import World

_WINTER = 2
_new_tuple = tuple.__new__  # a named tuple's own __new__ is a Python-level call


def text(order: Convoy, place: Callable[[Location, BoardKey | None], str], key: BoardKey | None) -> str:
    """The words after the nation, each location written by ``place`` as seen from board
    ``key`` (None: with every coordinate)."""
    return f"{order.unit_type} {place(order.unit, key)} C A {place(order.army, key)} - {place(order.dest, key)}"


# -- its check ---------------------------------------------------------------------------


def check(world: World, order: Convoy, utype: str) -> tuple[Order, str | None]:
    """The convoy's own check, once :func:`app.engine.rules.validation.check`'s gates are
    passed: ``(order, None)`` or ``(order, reason)``."""
    v = world.variant
    kinds = v.kinds
    own, army, dest = order.unit, order.army, order.dest
    own_prov, army_prov, dest_prov = PROVINCE_OF[own[1]], PROVINCE_OF[army[1]], PROVINCE_OF[dest[1]]
    if utype != "F" or own_prov not in v.convoy_waters:
        return order, "only a fleet at sea (or in a port) can convoy"
    if kinds.get(army_prov) != "coast" or kinds.get(dest_prov) != "coast":
        return order, "a convoy carries an army from a coast to a coast"
    army_key, dest_key = army[0], dest[0]
    if army_key == dest_key and army_prov == dest_prov:
        return order, "a unit cannot move to where it stands"
    for key in (army_key, dest_key):
        if key[1][1] == _WINTER:
            return order, f"{key} is a Winter board"
    army_board = world.boards.get(army_key)
    if army_board is None:
        return order, None
    unit = army_board.units.get(army_prov)   # none there: void at adjudication
    if unit is not None and unit.type != "A":
        return order, "only armies are convoyed"
    near = v.fleet_adjacent_provinces[own_prov]
    if army_key == dest_key == own[0] and army_prov in near and dest_prov in near \
            and (len(world.boards) == 1 or convoys_alone(world, _new_tuple(Space, (army_key, army_prov)))):
        return order, None   # the fleet alone carries the army: a route that needs it
    if not convoy_possible(world, army.space, dest.space, order.unit.space):
        return order, f"no convoy route from {army.space} to {dest.space} needs this fleet"
    return order, None


# -- its targets -------------------------------------------------------------------------


def convoy_options(world: World, loc: Location) -> dict[Location, list[Location]]:
    """For a fleet at sea at ``loc``: armies it could help convoy, with their destinations."""
    unit = world.unit_at(loc)
    v = world.variant
    if unit is None or unit.type != "F" or loc.province not in v.convoy_waters:
        return {}
    me = Space(loc.board, loc.province)
    out: dict[Location, list[Location]] = {}
    for key in reachable_boards(world, loc.board):
        board = world.boards[key]
        if not world.is_active(key) or not board.is_movement:
            continue
        for prov, other in board.units.items():
            if other.type != "A" or v.kind(prov) != "coast":
                continue
            army = Location(key, prov)
            dests = [d for d in convoy_targets(world, army)
                     if convoy_possible(world, army.space, d.space, through=me)]
            if dests:
                out[army] = dests
    return out


def ghost_convoy_targets(world: World, fleet: Location, army: Location) -> list[Location]:
    """Destinations for the fleet at ``fleet`` convoying an army that will stand at ``army``
    on a ghost board (a coordinate adjacent to the fleet's board that does not exist yet).

    The army's coast must touch the fleet's sea (a fleet there on the ghost board, or the
    army itself in loose mode, links it to this fleet); destinations are coasts touching the
    sea on the fleet's board or a board next to it. The convoy stays void until that army
    is ordered to that move along a complete chain."""
    unit = world.unit_at(fleet)
    v = world.variant
    if unit is None or unit.type != "F" or fleet.province not in v.convoy_waters:
        return []
    if army.board in world.boards or v.kinds.get(army.province) != "coast" or not army.board.turn.is_movement:
        return []
    shores = v.fleet_adjacent_provinces[fleet.province]
    if army.board not in adjacent_board_keys(fleet.board) or army.province not in shores:
        return []
    boards = [fleet.board] + [k for k in adjacent_board_keys(fleet.board) if k.turn.is_movement]
    return [Location(key, p) for key in boards for p in sorted(shores)
            if v.kinds[p] == "coast" and (key, p) != (army.board, army.province)]
