"""Is an order legal where it is given, and if not, why.

:func:`check` looks at one order against the world as it stands, knowing no other
order of the same submission (matching supports and convoys to moves happens during
adjudication). It returns the order in its normal form (a fleet's coast filled in where
only one is possible, an army's pointless coast dropped) and a reason when the order
is illegal. Reasons are sentences a player can read in the status bar.
"""

from __future__ import annotations

from .adjacency import boards_adjacent, convoy_possible, reaches, reaches_province
from .coords import Location, Space
from .orders import Build, Convoy, Disband, Move, Order, Retreat, Support, Waive
from .world import World


def check(world: World, order: Order) -> tuple[Order, str | None]:
    """``(normal form, None)`` if ``order`` is legal now, else ``(order, reason)``."""
    if world.winner is not None:
        return order, "the game is over"
    kind = order.kind
    if kind == "waive":
        return _check_waive(world, order)
    if kind == "build":
        return order, _check_build(world, order)
    unit_loc = order.unit
    board = world.boards.get(unit_loc[0])
    if board is None:
        return order, f"there is no board {unit_loc.board}"
    if world.pause is not None:
        return _check_retreat_phase(world, order)
    unit = board.units.get(unit_loc.province)
    if unit is None:
        return order, f"there is no unit in {unit_loc.province} on board {unit_loc.board}"
    if order.nation and order.nation != unit.nation:
        return order, f"the unit in {unit_loc.province} is {unit.nation}'s, not {order.nation}'s"
    if kind == "retreat":
        return order, "no unit is waiting to retreat"
    if world.ends.get(unit_loc[0][0]) != unit_loc[0][1]:
        return order, f"board {unit_loc.board} is in the past: its orders are locked"
    if kind == "disband":
        if board.is_movement:
            return order, "units are disbanded only on Winter boards (or when dislodged)"
        return order, None
    if not board.is_movement:
        return order, f"board {unit_loc.board} is a Winter board: build, disband or waive"
    if kind == "hold":
        return order, None
    if kind == "move":
        return _check_move(world, order, unit.type, unit.loc)
    if kind == "support":
        return _check_support(world, order, unit.type, unit.loc)
    if kind == "convoy":
        return _check_convoy(world, order, unit.type)
    return order, "not an order for this phase"


def _check_move(world: World, order: Move, utype: str, loc: str) -> tuple[Order, str | None]:
    v = world.variant
    dest = order.dest
    board = order.unit[0]
    dest_board = dest[0]
    if dest_board not in world.boards:
        return order, f"board {dest_board} does not exist: moves only end on existing boards"
    if dest_board[1][1] == 2:
        return order, f"{dest_board} is a Winter board: nothing moves onto it"
    dest_prov = dest.province
    frm = Location(board, loc)
    if dest_board == board and dest_prov == frm.province:
        return order, "a unit cannot move to where it stands"
    kind = v.kinds[dest_prov]
    if utype == "A":
        if kind == "sea":
            return order, "an army cannot move to sea"
        if dest[1] != dest_prov:
            order = Move(order.nation, order.unit_type, order.unit, Location(dest_board, dest_prov), order.via_convoy)
            dest = order.dest
        direct = reaches(v, world.adjacency, "A", frm, dest)
        if direct and not order.via_convoy:
            return order, None
        by_sea = v.kinds[frm.province] == "coast" and kind == "coast"
        if order.via_convoy and not by_sea:
            return order, "only an army on a coast can be convoyed to a coast"
        if not direct and not by_sea:
            return order, f"{dest} is out of reach"
        if not convoy_possible(world, frm.space, dest.space):
            return order, f"no chain of fleets could convoy this army to {dest}"
        return order, None
    if order.via_convoy:
        return order, "only armies are convoyed"
    if kind == "land":
        return order, "a fleet cannot move inland"
    coasts = v.coasts_of.get(dest_prov)
    if coasts:
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
    if not reaches(v, world.adjacency, "F", frm, dest):
        return order, f"{dest} is out of reach"
    return order, None


def _check_support(world: World, order: Support, utype: str, loc: str) -> tuple[Order, str | None]:
    v = world.variant
    board = order.unit[0]
    frm = Location(board, loc)
    own_prov = frm.province
    supported = order.supported
    target = order.dest if order.dest is not None else supported
    if supported[0] == board and supported.province == own_prov:
        return order, "a unit cannot support itself"
    target_prov = target.province
    if target[0] == board and target_prov == own_prov:
        return order, "a unit cannot support a move into its own province"
    if target[0][1][1] == 2:
        return order, f"{target.board} is a Winter board: nothing is supported there"
    if not reaches_province(v, world.adjacency, utype, frm, Space(target[0], target_prov)):
        return order, f"this unit cannot reach {target.space}, so it cannot support there"
    if order.dest is not None and not (supported[0] == order.dest[0]
                                       or boards_adjacent(supported[0], order.dest[0])
                                       or v.kinds[supported.province] == "coast"):
        return order, f"{supported} cannot move to {order.dest}"
    # An empty location is no reason to refuse: the support is void at adjudication, as on
    # a ghost board. (Under fog of war a seat may name places it cannot see, RULES §8.)
    supported_board = world.boards.get(supported[0])
    unit = supported_board.units.get(supported.province) if supported_board is not None else None
    if unit is not None:
        if order.dest is not None and unit.type == "A" and not reaches(
                v, world.adjacency, "A", Location(supported[0], unit.loc), order.dest) \
                and not convoy_possible(world, supported.space, order.dest.space, without=frm.space):
            return order, f"{supported.space} could reach {order.dest.space} only through this fleet's convoy"
    return order, None


def _check_convoy(world: World, order: Convoy, utype: str) -> tuple[Order, str | None]:
    v = world.variant
    if utype != "F" or v.kind(order.unit.province) != "sea":
        return order, "only a fleet at sea can convoy"
    if v.kind(order.army.province) != "coast" or v.kind(order.dest.province) != "coast":
        return order, "a convoy carries an army from a coast to a coast"
    if order.army.space == order.dest.space:
        return order, "a unit cannot move to where it stands"
    for where in (order.army, order.dest):
        if not where.board.turn.is_movement:
            return order, f"{where.board} is a Winter board"
    army_board = world.boards.get(order.army.board)
    if army_board is not None:
        unit = army_board.units.get(order.army.province)   # none there: void at adjudication
        if unit is not None and unit.type != "A":
            return order, "only armies are convoyed"
    if army_board is not None and not convoy_possible(world, order.army.space, order.dest.space, order.unit.space):
        return order, f"no convoy route from {order.army.space} to {order.dest.space} needs this fleet"
    return order, None


def _check_retreat_phase(world: World, order: Order) -> tuple[Order, str | None]:
    if not isinstance(order, (Retreat, Disband)):
        return order, "the world waits for retreats: only retreat or disband dislodged units"
    allowed = world.pause.dislodged.get(Location(order.unit.board, _unit_loc(world, order.unit)))
    if allowed is None:
        return order, f"no unit is waiting to retreat from {order.unit.space}"
    unit = world.unit_at(order.unit)
    if order.nation and unit and order.nation != unit.nation:
        return order, f"the unit in {order.unit.province} is {unit.nation}'s, not {order.nation}'s"
    if isinstance(order, Disband):
        return order, None
    dest = order.dest
    if dest.board != order.unit.board:
        return order, "retreats stay on their own board"
    if dest.loc not in allowed:
        fitting = [a for a in allowed if a.split("/")[0] == dest.province]
        if len(fitting) == 1 and "/" not in dest.loc:
            return Retreat(order.nation, order.unit_type, order.unit, Location(dest.board, fitting[0])), None
        if fitting:
            return order, f"name the coast: {' or '.join(fitting)}"
        return order, f"cannot retreat to {dest.province}" + (f" (may go to {', '.join(sorted(allowed))})" if allowed else "")
    return order, None


def _unit_loc(world: World, loc: Location) -> str:
    unit = world.unit_at(loc)
    return unit.loc if unit else loc.loc


def _check_build(world: World, order: Build) -> str | None:
    v = world.variant
    board = world.boards.get(order.at.board)
    if board is None:
        return f"there is no board {order.at.board}"
    if world.pause is not None:
        return "the world waits for retreats: only retreat or disband dislodged units"
    if board.is_movement:
        return "builds are made on Winter boards"
    if not world.is_active(board.key):
        return f"board {board.key} is in the past: its orders are locked"
    prov = order.at.province
    if prov not in v.home_centres.get(order.nation, ()):
        return f"{prov} is not a home centre of {order.nation or 'that nation'}"
    if board.centres.get(prov) != order.nation:
        return f"{order.nation} does not own {prov} on this board"
    if prov in board.units:
        return f"{prov} is occupied"
    if order.unit_type not in ("A", "F"):
        return f"say which unit to build in {prov}: army or fleet (and the coast)"
    if order.unit_type == "F" and v.kind(prov) == "land":
        return "a fleet cannot be built inland"
    if order.unit_type == "F" and v.coasts_of.get(prov) and order.at.loc not in v.coasts_of[prov]:
        return f"name the coast for a fleet in {prov}: {' or '.join(v.coasts_of[prov])}"
    if order.unit_type == "A" and order.at.loc != prov:
        return None
    return None


def _check_waive(world: World, order: Waive) -> tuple[Order, str | None]:
    if order.on not in world.boards:
        return order, f"there is no board {order.on}"
    if order.on.turn.is_movement or not world.is_active(order.on):
        return order, "builds are waived on active Winter boards"
    if order.nation not in world.variant.nations:
        return order, "waive names a nation"
    return order, None
