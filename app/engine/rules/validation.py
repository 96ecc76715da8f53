"""Is an order legal where it is given, and if not, why.

:func:`check` looks at one order against the world as it stands, knowing no other
order of the same submission (matching supports and convoys to moves happens during
adjudication). It returns the order in its normal form (a fleet's coast filled in where
only one is possible, an army's pointless coast dropped) and a reason when the order
is illegal. Reasons are sentences a player can read in the status bar.
"""

from __future__ import annotations

from .adjacency import REACH_CACHE, boards_adjacent, convoy_possible, convoy_reach, convoys_alone, reaches, reaches_province
from .coords import PROVINCE_OF, Location, Space
from .orders import Build, Convoy, Disband, Move, Order, Retreat, Support, Waive
from .variant_rules import build_site_refusal, build_sites, is_neutral, neutral_refusal
from .world import World


# The checks below run for every order of every submission: they index tuples
# (``loc[0]`` is a location's board, ``key[1][1] == 2`` a Winter turn) and look up
# provinces in ``PROVINCE_OF`` rather than call the equivalent properties, which cost a
# Python-level call each.
_WINTER = 2
_new_tuple = tuple.__new__  # a named tuple's own __new__ is a Python-level call


def check(world: World, order: Order) -> tuple[Order, str | None]:
    """``(normal form, None)`` if ``order`` is legal now, else ``(order, reason)``."""
    if world.winner is not None:
        return order, "the game is over"
    kind = order.kind
    if world.pause is not None and kind not in ("retreat", "disband"):
        # RULES.md §3: while the world waits for retreats, any other order is invalid
        # (builds and waives included, though their Winter board is not paused).
        return order, RETREATS_ONLY
    if kind == "waive":
        return _check_waive(world, order)
    if kind == "build":
        return order, _check_build(world, order)
    unit_loc = order.unit
    key = unit_loc[0]
    board = world.boards.get(key)
    if board is None:
        return order, f"there is no board {unit_loc.board}"
    if world.pause is not None:
        return _check_retreat_phase(world, order)
    prov = PROVINCE_OF[unit_loc[1]]
    unit = board.units.get(prov)
    if unit is None:
        return order, f"there is no unit in {prov} on board {key}"
    if order.nation and order.nation != unit.nation:
        return order, f"the unit in {prov} is {unit.nation}'s, not {order.nation}'s"
    if is_neutral(world.variant, unit):
        return order, neutral_refusal(world.variant, prov)
    if kind == "retreat":
        return order, "no unit is waiting to retreat"
    if world.ends.get(key[0]) != key[1]:
        return order, f"board {key} is in the past: its orders are locked"
    winter = key[1][1] == _WINTER
    if kind == "disband":
        if not winter:
            return order, "units are disbanded only on Winter boards (or when dislodged)"
        return order, None
    if winter:
        return order, f"board {key} is a Winter board: build, disband or waive"
    if kind == "hold":
        return order, None
    if kind == "move":
        return _check_move(world, order, unit.type, unit.loc, prov, board.units)
    if kind == "support":
        return _check_support(world, order, unit.type, unit.loc, prov)
    if kind == "convoy":
        return _check_convoy(world, order, unit.type)
    return order, "not an order for this phase"


def check_all(world: World, orders: list[Order]) -> list[tuple[Order, str | None]]:
    """:func:`check` for each order of one submission. For a movement order whose unit is
    found where it should be (the usual case) the tests common to all unit orders are made
    inline and the order goes straight to its own check; any other order, and one that
    fails those tests, goes through ``check`` for its reason. (A call to ``check`` per
    order costs as much as a hold's tests.)"""
    if world.winner is not None or world.pause is not None:
        return [check(world, o) for o in orders]
    boards, ends = world.boards, world.ends
    v = world.variant
    legal_moves = _legal_moves(v)
    reach = v.adjacent_provinces
    army_adjacent = v.army_adjacent
    neutral = v.neutral_nation  # its units take no orders: check() says so
    out = []
    append = out.append
    last_key = None  # the last board found active and not Winter (orders come board by board)
    units = None
    for o in orders:
        kind = o.kind
        if kind in _MOVEMENT_KINDS:
            loc = o.unit
            key = loc[0]
            # check()'s tests for every unit order: the board exists, is active and is not
            # a Winter board, and the ordering nation's unit stands there
            if key is not last_key and key != last_key:
                board = boards.get(key)
                if board is not None and ends.get(key[0]) == key[1] and key[1][1] != _WINTER:
                    last_key, units = key, board.units
                else:
                    append(check(world, o))
                    continue
            prov = PROVINCE_OF[loc[1]]
            unit = units.get(prov)
            if unit is not None and (not o.nation or o.nation == unit.nation) and unit.nation != neutral:
                if kind == "hold":
                    append((o, None))
                elif kind == "move":
                    # the common case inline: a move on its own board in normal form that
                    # the variant's table of moves without a convoy holds (see _check_move)
                    dest = o.dest
                    if dest[0] == key and not o.via_convoy \
                            and legal_moves.get((unit.type, unit.loc, dest[1])) == dest[1]:
                        append((o, None))
                    else:
                        append(_check_move(world, o, unit.type, unit.loc, prov, units))
                elif kind == "support":
                    # the common case inline, as _check_support's first test
                    supported, dest = o.supported, o.dest
                    if supported[0] == key and (dest is None or dest[0] == key):
                        supported_prov = PROVINCE_OF[supported[1]]
                        target_prov = PROVINCE_OF[dest[1]] if dest is not None else supported_prov
                        if supported_prov != prov and target_prov != prov and target_prov in reach(unit.type, unit.loc):
                            other = units.get(supported_prov)
                            if other is None or dest is None or other.type != "A" \
                                    or dest[1] in army_adjacent.get(other.loc, ()):
                                append((o, None))
                                continue
                    append(_check_support_anew(world, o, unit.type, unit.loc, prov))
                else:
                    append(_check_convoy(world, o, unit.type))
                continue
        append(check(world, o))
    return out


_MOVEMENT_KINDS = frozenset({"hold", "move", "support", "convoy"})


def _check_move(world: World, order: Move, utype: str, loc: str, prov: str, units) -> tuple[Order, str | None]:
    """``units``: the units of the order's board (where the ordered unit stands)."""
    v = world.variant
    dest = order.dest
    board = order.unit[0]
    dest_board = dest[0]
    same_board = dest_board == board
    if same_board:
        if not order.via_convoy:
            # A legal move on its own board without a convoy depends on the map alone: the
            # variant's table of them gives its normal destination.
            normal = _legal_moves(v).get((utype, loc, dest[1]))
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
                # refused, with the reason _check_move_anew would give
                kinds = v.kinds
                kind = kinds.get(to)
                if kinds[prov] == "coast" and kind == "coast":
                    return order, f"no chain of fleets could convoy this army to {dest}"
                if kind is not None and kind != "sea" and not order.via_convoy:
                    return order, f"{dest} is out of reach"  # (the table above holds every move next door)
    return _check_move_anew(world, order, utype, loc, prov)


def _legal_moves(variant) -> dict[tuple[str, str, str], str]:
    """The variant's legal moves on one board that need no convoy, made once per variant:
    (unit type, its location, destination as written) → the destination in normal form
    (an army's coast dropped, a fleet's only reachable coast filled in). Exactly the
    moves :func:`_check_move_anew` finds legal without asking about fleets."""
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


def _check_move_anew(world: World, order: Move, utype: str, loc: str, prov: str) -> tuple[Order, str | None]:
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


def _check_support(world: World, order: Support, utype: str, loc: str, own_prov: str) -> tuple[Order, str | None]:
    board = order.unit[0]
    supported = order.supported
    dest = order.dest
    if supported[0] == board and (dest is None or dest[0] == board):
        # The common case, all on one board, when legal: the tests of _check_support_anew
        # that can pass (not itself, not into its own province, within reach, and a
        # supported army's move needs no convoy). Otherwise that function gives the reason.
        supported_prov = PROVINCE_OF[supported[1]]
        target_prov = PROVINCE_OF[dest[1]] if dest is not None else supported_prov
        if supported_prov != own_prov and target_prov != own_prov \
                and target_prov in world.variant.adjacent_provinces(utype, loc):
            unit = world.boards[board].units.get(supported_prov)
            if unit is None or dest is None or unit.type != "A" \
                    or dest[1] in world.variant.army_adjacent.get(unit.loc, ()):
                return order, None
    return _check_support_anew(world, order, utype, loc, own_prov)


def _check_support_anew(world: World, order: Support, utype: str, loc: str, own_prov: str
                        ) -> tuple[Order, str | None]:
    v = world.variant
    board = order.unit[0]
    supported = order.supported
    dest = order.dest
    target = dest if dest is not None else supported
    supported_board = supported[0]
    supported_prov = PROVINCE_OF[supported[1]]
    if supported_board == board and supported_prov == own_prov:
        return order, "a unit cannot support itself"
    target_board = target[0]
    target_prov = PROVINCE_OF[target[1]]
    if target_board == board and target_prov == own_prov:
        return order, "a unit cannot support a move into its own province"
    if target_board[1][1] == _WINTER:
        return order, f"{target.board} is a Winter board: nothing is supported there"
    if target_board == board:  # the common case, without building locations
        reached = target_prov in v.adjacent_provinces(utype, loc)
    else:
        reached = reaches_province(v, world.adjacency, utype, Location(board, loc), Space(target_board, target_prov))
    if not reached:
        return order, f"this unit cannot reach {target.space}, so it cannot support there"
    if dest is not None and not (supported_board == dest[0]
                                 or boards_adjacent(supported_board, dest[0])
                                 or v.kinds[supported_prov] == "coast"):
        return order, f"{supported} cannot move to {dest}"
    # An empty location is no reason to refuse: the support is void at adjudication, as on
    # a ghost board. (Under fog of war a seat may name places it cannot see, RULES §8.)
    on_board = world.boards.get(supported_board)
    unit = on_board.units.get(supported_prov) if on_board is not None else None
    if unit is not None:
        if dest is not None and unit.type == "A":
            if supported_board == dest[0]:
                direct = dest[1] in v.army_adjacent.get(unit.loc, ())
            else:
                direct = reaches(v, world.adjacency, "A", Location(supported_board, unit.loc), dest)
            if not direct and not convoy_possible(world, supported.space, dest.space, without=Space(board, own_prov)):
                return order, f"{supported.space} could reach {dest.space} only through this fleet's convoy"
    return order, None


def _check_convoy(world: World, order: Convoy, utype: str) -> tuple[Order, str | None]:
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


RETREATS_ONLY = "the world waits for retreats: only retreat or disband dislodged units"


def _check_retreat_phase(world: World, order: Order) -> tuple[Order, str | None]:
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
    if board.is_movement:
        return "builds are made on Winter boards"
    if not world.is_active(board.key):
        return f"board {board.key} is in the past: its orders are locked"
    prov = order.at.province
    if prov not in build_sites(world, order.nation, board.key):
        return build_site_refusal(world, order.nation, prov)
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
