"""A support: the unit lends its strength to another unit's hold or move, on its board or
on a board next to it (RULES.md §2, §4).

- its text: ``A 1:mun:S1901 S A 1:boh:S1901 - 1:tyr:S1901`` (``H`` for a hold): :func:`text`;
- its check: :func:`check` (the common case, all on one board), and :func:`check_in_full`;
- its targets: :func:`support_options` (each unit it can support, and how) and
  :func:`support_targets` (how it can support one unit, ghost boards included).

Elsewhere: its words in the notation's grammar (``S``, ``supports``:
:mod:`app.engine.notation.order_words`); its row of the adjudicator's table (SUPPORT,
:mod:`..order_table` and :mod:`..storing`), its matching to the move or hold it names and
its decision (:mod:`..adjudicator`), where every kind stays in columns for speed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from ..adjacency import adjacent_board_keys, boards_adjacent, convoy_possible, fleet_neighbours, reaches, reaches_province
from ..coords import PROVINCE_OF, BoardKey, Location, Space, province_of
from ..orders import Move, Order, Support
from .move import convoy_targets, reachable_boards

if TYPE_CHECKING:
    from ..world import World

_WINTER = 2


def text(order: Support, place: Callable[[Location, BoardKey | None], str], key: BoardKey | None) -> str:
    """The words after the nation, each location written by ``place`` as seen from board
    ``key`` (None: with every coordinate)."""
    supported_type = f"{order.supported_type} " if order.supported_type else ""
    tail = f" - {place(order.dest, key)}" if order.dest is not None else " H"
    return f"{order.unit_type} {place(order.unit, key)} S {supported_type}{place(order.supported, key)}{tail}"


# -- its check ---------------------------------------------------------------------------


def check(world: World, order: Support, utype: str, loc: str, own_prov: str) -> tuple[Order, str | None]:
    board = order.unit[0]
    supported = order.supported
    dest = order.dest
    """The support's own check, once :func:`app.engine.rules.validation.check`'s gates are
    passed: ``(order, None)`` or ``(order, reason)``."""
    if supported[0] == board and (dest is None or dest[0] == board):
        # The common case, all on one board, when legal: the tests of check_in_full
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
    return check_in_full(world, order, utype, loc, own_prov)


def check_in_full(world: World, order: Support, utype: str, loc: str, own_prov: str
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


# -- its targets -------------------------------------------------------------------------


def _reaches(world: World, supporter: Location, utype: str, space: Space) -> bool:
    return reaches_province(world.variant, world.adjacency, utype, supporter, space)


def support_options(world: World, loc: Location) -> dict[Location, list[Location | None]]:
    """For the unit at ``loc``: each unit it can support, mapped to the supports possible
    (``None`` = support to hold, else the destination). Units on past boards can be
    supported only in what they were ordered to do."""
    unit = world.unit_at(loc)
    if unit is None or not loc.board.turn.is_movement:
        return {}
    v = world.variant
    frm = Location(loc.board, unit.loc)
    # Where the supporter reaches (support can only go into these spaces): on its own
    # board the map's neighbours; on an adjacent board its own province, and in loose
    # mode the neighbours too (what reaches_province says, without asking it 75 times
    # per board).
    reach = [k for k in reachable_boards(world, loc.board) if k.turn.is_movement]
    own_near = v.adjacent_provinces(unit.type, unit.loc)
    across = {frm.province} | (own_near if world.adjacency == "loose" else set())
    reach_spaces = {Space(k, p) for k in reach for p in (own_near if k == loc.board else across)}
    reach_provinces = {sp.province for sp in reach_spaces}
    near = reach_provinces | {q for p in reach_provinces for q in v.army_adjacent.get(p, ())} \
        | {q for p in reach_provinces for q in v.fleet_adjacent_provinces.get(p, ())}
    boards = set(reach)
    for k in reach:
        boards.update(kk for kk in adjacent_board_keys(k) if kk in world.boards)
    # Convoys into those spaces: which chains of fleets touch each coastal one.
    network = _fleet_network(world)
    ends = {sp: network.groups_near(sp) for sp in reach_spaces if v.kinds[sp.province] == "coast"}
    end_groups = set().union(*ends.values())
    # Where an army could board a fleet of those chains (checked first: most units are neither).
    shores = set().union(*(network.shores(g) for g in end_groups))
    reach_by_board: dict[BoardKey, set[str]] = {}
    for sp in reach_spaces:
        reach_by_board.setdefault(sp.board, set()).add(sp.province)
    out: dict[Location, list[Location | None]] = {}
    for key in sorted(boards):
        board = world.boards[key]
        if not board.is_movement:
            continue
        active = world.is_active(key)
        for prov, other in board.units.items():
            # A unit far from every space the supporter reaches can only get there by convoy.
            far = prov not in near
            space = Space(key, prov)
            boards_fleet = other.type == "A" and space in shores
            if far and not boards_fleet:
                continue
            if space == frm.space:
                continue
            groups = {g for g in end_groups if space in network.shores(g)} if boards_fleet else ()
            target = Location(key, other.loc)
            options: list[Location | None] = []
            if active:
                if space in reach_spaces:
                    options.append(None)
                dests = [] if far else _direct_into(world, target, other, reach_by_board)
                if groups:
                    seen = {d.space for d in dests}
                    # a fleet cannot both convoy and support (DATC 6.D.31): when the supporter
                    # is one of the chain's fleets, the army must have a route without it
                    mine = network.group.get(frm.space)
                    dests += [Location(sp.board, sp.province) for sp in sorted(ends, key=_space_order)
                              if sp not in seen and sp != space and ends[sp] & groups
                              and network.carries(world, target, sp, ends[sp] & groups)
                              and (mine not in ends[sp] & groups
                                   or convoy_possible(world, space, sp, without=frm.space))]
                options.extend(dests)
            else:
                given = world.order_of(space)
                if given is None:
                    continue
                order = given[0]
                if isinstance(order, Move):
                    if order.dest.space in reach_spaces:
                        options.append(order.dest)
                elif space in reach_spaces:
                    options.append(None)
            if options:
                out[target] = options
    return out


def _direct_into(world: World, loc: Location, unit, wanted: dict[BoardKey, set[str]]) -> list[Location]:
    """:func:`direct_targets` of the unit at ``loc`` (in the same order), only those in
    the ``wanted`` provinces of each board."""
    v, mode = world.variant, world.adjacency
    frm = Location(loc.board, unit.loc)
    out = []
    for key in reachable_boards(world, loc.board):
        provinces = wanted.get(key)
        if not provinces:
            continue
        candidates = v.adjacent_locations(unit.type, unit.loc)
        if key != loc.board:
            candidates = ({unit.loc} | candidates) if mode == "loose" else {unit.loc}
        for c in sorted(candidates):
            if province_of(c) in provinces:
                to = Location(key, c)
                if reaches(v, mode, unit.type, frm, to):
                    out.append(to)
    return out


def _space_order(sp: Space) -> tuple:
    return (sp.board, sp.province)


class _FleetNetwork:
    """The fleets of one world that can take part in a convoy, grouped into connected
    chains (convoy steps are symmetric, so an army one step from a fleet of a group can
    be carried to any coast one step from a fleet of the same group).

    Fleets on active boards convoy any army; a fleet on a past board only the army its
    locked convoy order names, so a group holding one is marked and its answers checked
    with :func:`convoy_targets`. Groups are found lazily, once per world."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.group: dict[Space, int] = {}
        self.has_past: list[bool] = []
        self.members: list[list[Space]] = []
        self._shores: dict[int, set[Space]] = {}
        self._checked: dict[Location, set[Space]] = {}

    def shores(self, g: int) -> set[Space]:
        """Coastal spaces one convoy step from a fleet of group ``g`` (where an army could
        board it, or land)."""
        found = self._shores.get(g)
        if found is None:
            w = self.world
            v = w.variant
            found = self._shores[g] = set()
            for f in self.members[g]:
                shore = [p for p in v.fleet_adjacent_provinces[f.province] if v.kinds[p] == "coast"]
                # Across boards a step keeps its province (a sea), so only loose steps land.
                boards = reachable_boards(w, f.board) if w.adjacency == "loose" else [f.board]
                found.update(Space(k, p) for k in boards if k.turn.is_movement for p in shore)
        return found

    def _usable(self, fleet: Space) -> bool:
        if self.world.is_active(fleet.board):
            return True
        given = self.world.order_of(fleet)
        return given is not None and given[0].kind == "convoy"

    def _neighbours(self, sp: Space) -> list[Space]:
        w = self.world
        return [f for f in fleet_neighbours(w, w.variant, w.adjacency, sp) if self._usable(f)]

    def groups_near(self, sp: Space) -> set[int]:
        """The groups of the usable fleets one convoy step from ``sp``."""
        return {self._group_of(f) for f in self._neighbours(sp)}

    def _group_of(self, fleet: Space) -> int:
        g = self.group.get(fleet)
        if g is not None:
            return g
        g = len(self.has_past)
        past = False
        members: list[Space] = []
        self.members.append(members)
        stack = [fleet]
        while stack:
            f = stack.pop()
            if f in self.group:
                continue
            self.group[f] = g
            members.append(f)
            past = past or not self.world.is_active(f.board)
            stack.extend(n for n in self._neighbours(f) if n not in self.group)
        self.has_past.append(past)
        return g

    def carries(self, world: World, army: Location, end: Space, groups: set[int]) -> bool:
        """Whether the army can be convoyed to ``end`` through one of ``groups`` (all of
        which touch both)."""
        if any(not self.has_past[g] for g in groups):
            return True
        found = self._checked.get(army)
        if found is None:
            found = self._checked[army] = {d.space for d in convoy_targets(world, army)}
        return end in found


_last_network: _FleetNetwork | None = None


def _fleet_network(world: World) -> _FleetNetwork:
    """The fleet network of ``world``, kept for the last world asked about (the window
    asks many questions of one world between submissions)."""
    global _last_network
    network = _last_network
    if network is None or network.world is not world:
        network = _last_network = _FleetNetwork(world)
    return network


def support_targets(world: World, supporter: Location, supported: Location) -> list[Location | None]:
    """Where the unit at ``supporter`` may support the unit at ``supported`` (None: hold).

    ``supported`` may be on a ghost board; then any location the supporter reaches on that
    board's province neighbourhood is offered."""
    if supported.board in world.boards:
        return support_options(world, supporter).get(supported, [])
    unit = world.unit_at(supporter)
    if unit is None:
        return []
    frm = Location(supporter.board, unit.loc)
    out: list[Location | None] = []
    if _reaches(world, frm, unit.type, supported.space):
        out.append(None)
    for p in sorted(world.variant.army_adjacent.get(supported.province, frozenset())
                    | world.variant.fleet_adjacent_provinces.get(supported.province, frozenset())):
        sp = Space(supported.board, p)
        if _reaches(world, frm, unit.type, sp):
            out.append(Location(supported.board, p))
    return out
