"""What a unit may be ordered to do: the queries the window asks on every click.

- :func:`move_targets`: where a unit can move (own board, adjacent boards, by convoy);
- :func:`support_options`: which units it can support, to hold or into which locations;
- :func:`convoy_options`: which armies a fleet can convoy, and where to;
- :func:`retreat_targets`, :func:`build_options`: for the retreat pause and Winter.

Every answer is also legal for :func:`app.engine.rules.validation.check`; the tests hold the two
to that. Supports and convoys may also name ghost boards (coordinates adjacent to the
unit's board that do not exist yet); ``support_options`` lists those as ghost entries.
"""

from __future__ import annotations

from .adjacency import fleet_neighbours, adjacent_board_keys, convoy_possible, convoy_step, reaches, reaches_province
from .coords import BoardKey, Location, Space, province_of
from .orders import Move
from .variant_rules import build_sites, is_neutral
from .world import World


def _unit(world: World, loc: Location):
    board = world.boards.get(loc.board)
    return board.units.get(loc.province) if board else None


def reachable_boards(world: World, key: BoardKey) -> list[BoardKey]:
    """The unit's own board and the existing movement boards adjacent to it."""
    return [key] + [k for k in adjacent_board_keys(key) if k in world.boards]


def direct_targets(world: World, loc: Location) -> list[Location]:
    """Locations the unit at ``loc`` reaches without a convoy, on existing boards."""
    unit = _unit(world, loc)
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
    unit = _unit(world, loc)
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
    unit = _unit(world, loc)
    if unit is not None and is_neutral(world.variant, unit):
        return []
    direct = direct_targets(world, loc)
    seen = {(t.board, province_of(t.loc)) for t in direct}
    return direct + [t for t in convoy_targets(world, loc) if (t.board, t.province) not in seen]


def _reaches(world: World, supporter: Location, utype: str, space: Space) -> bool:
    return reaches_province(world.variant, world.adjacency, utype, supporter, space)


def support_options(world: World, loc: Location) -> dict[Location, list[Location | None]]:
    """For the unit at ``loc``: each unit it can support, mapped to the supports possible
    (``None`` = support to hold, else the destination). Units on past boards can be
    supported only in what they were ordered to do."""
    unit = _unit(world, loc)
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
    unit = _unit(world, supporter)
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


def convoy_options(world: World, loc: Location) -> dict[Location, list[Location]]:
    """For a fleet at sea at ``loc``: armies it could help convoy, with their destinations."""
    unit = _unit(world, loc)
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
    unit = _unit(world, fleet)
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


def retreat_targets(world: World, loc: Location) -> list[Location]:
    """Where a dislodged unit may retreat (empty outside a retreat pause)."""
    if world.pause is None:
        return []
    unit = _unit(world, loc)
    allowed = world.pause.dislodged.get(Location(loc.board, unit.loc if unit else loc.loc))
    return sorted(Location(loc.board, a) for a in allowed) if allowed else []


def build_options(world: World, key: BoardKey, nation: str) -> dict[str, list[str]]:
    """On an active Winter board: for each home centre where ``nation`` may build, the unit
    types and locations (``{"kie": ["A kie", "F kie"], "stp": ["A stp", "F stp/nc", "F stp/sc"]}``)."""
    board = world.boards.get(key)
    v = world.variant
    if board is None or board.is_movement or not world.is_active(key) or world.pause is not None:
        return {}
    if board.centre_count(nation) - board.unit_count(nation) <= 0:
        return {}
    out = {}
    for prov in sorted(build_sites(world, nation, key)):
        if board.centres.get(prov) != nation or prov in board.units:
            continue
        choices = [f"A {prov}"]
        choices += [f"F {loc}" for loc in v.fleet_locations_in(prov)]
        out[prov] = choices
    return out


def orderable_units(world: World, nations: set[str] | None = None) -> list[Location]:
    """Units that take orders now: on active boards (or dislodged, in a retreat pause); never
    the neutral power's (RULES.md §12)."""
    if world.pause is not None:
        return sorted(world.pause.dislodged)
    out = []
    neutral = world.variant.neutral_nation
    for key in world.active_boards():
        for u in world.boards[key].units.values():
            if u.nation != neutral and (nations is None or u.nation in nations):
                out.append(Location(key, u.loc))
    return out


__all__ = ["move_targets", "direct_targets", "convoy_targets", "support_options", "support_targets",
           "convoy_options", "ghost_convoy_targets", "retreat_targets", "build_options", "orderable_units", "reachable_boards"]
