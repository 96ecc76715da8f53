"""Multiverse adjacency: which boards touch, where a unit can reach, convoy chain steps.

Two boards are adjacent when they are in the same timeline one movement turn apart
(Winter is skipped), or at the same movement turn in timelines whose numbers differ by
one. A unit reaches, on its own board, the map's neighbours; on an adjacent board, its
own location (strict) or also the map's neighbours of it (loose). Winter boards touch
nothing.
"""

from __future__ import annotations

from functools import lru_cache

from .coords import BoardKey, Location, Space
from ..variants.variant import Variant


def boards_adjacent(a: BoardKey, b: BoardKey) -> bool:
    """True when orders may cross from board ``a`` to board ``b`` (never for ``a == b``)."""
    ta, tb = a.turn, b.turn
    if not ta.is_movement or not tb.is_movement:
        return False
    if a.timeline == b.timeline:
        return abs(ta.movement_index - tb.movement_index) == 1
    return ta == tb and abs(a.timeline - b.timeline) == 1


@lru_cache(maxsize=8192)
def adjacent_board_keys(key: BoardKey) -> tuple[BoardKey, ...]:
    """Coordinates of the boards adjacent to ``key``, existing or not (ghost boards).
    Remembered: convoy searches ask it for the same few boards many times a submission."""
    if not key.turn.is_movement:
        return ()
    t = key.turn
    out = [BoardKey(key.timeline, t.previous_movement()), BoardKey(key.timeline, t.next_movement())]
    if key.timeline > 1:
        out.append(BoardKey(key.timeline - 1, t))
    out.append(BoardKey(key.timeline + 1, t))
    return tuple(out)


def reaches(variant: Variant, mode: str, unit_type: str, frm: Location, to: Location) -> bool:
    """Can a unit of ``unit_type`` at ``frm`` move to exactly ``to`` without a convoy?"""
    if frm.board == to.board:
        return frm.board.turn.is_movement and to.loc in variant.adjacent_locations(unit_type, frm.loc)
    if not boards_adjacent(frm.board, to.board):
        return False
    if to.loc == frm.loc:
        return True
    return mode == "loose" and to.loc in variant.adjacent_locations(unit_type, frm.loc)


def reaches_province(variant: Variant, mode: str, unit_type: str, frm: Location, to: Space) -> bool:
    """Can the unit reach some location of ``to``'s province (what supporting needs: the
    coast does not matter, DATC 4.B.4)?"""
    if frm.board == to.board:
        return frm.board.turn.is_movement and to.province in variant.adjacent_provinces(unit_type, frm.loc)
    if not boards_adjacent(frm.board, to.board):
        return False
    if to.province == frm.province:
        return True
    return mode == "loose" and to.province in variant.adjacent_provinces(unit_type, frm.loc)


def convoy_step(variant: Variant, mode: str, a: Space, b: Space) -> bool:
    """Is ``b`` one step of a convoy chain from ``a`` (army start, fleet, …, army end)?

    Steps follow the sea: on one board, provinces touching by a fleet edge; across
    adjacent boards, the same province (or, loose, also a touching one)."""
    if a.board == b.board:
        return b.province in variant.fleet_adjacent_provinces[a.province]
    if not boards_adjacent(a.board, b.board):
        return False
    return a.province == b.province or (mode == "loose" and b.province in variant.fleet_adjacent_provinces[a.province])


# -- potential convoy routes (what a convoy or convoyed move could use, orders unknown) ------

_SEARCH_BUDGET = 20000


def _may_convoy(world, key: BoardKey, army: Space) -> bool:
    """Fleets that can still take part in a convoy of ``army``: those on active boards
    (they get new orders), and fleets on past boards whose locked order convoys that army."""
    if world.is_active(key):
        return True
    orders = world.orders.get(key)
    return bool(orders) and army in _convoyed_armies(orders)


def _convoyed_armies(orders: tuple) -> frozenset:
    """The armies that a board's stored orders convoy. Remembered per board's orders (a
    past board's never change, and validating a submission asks of the same boards for
    every convoy near them)."""
    got = _CONVOYED.get(id(orders))
    if got is not None and got[0] is orders:
        return got[1]
    armies = frozenset(o.army.space for o in orders if getattr(o, "kind", "") == "convoy")
    if len(_CONVOYED) > 20000:
        _CONVOYED.clear()
    _CONVOYED[id(orders)] = (orders, armies)  # (the tuple is kept: its id cannot be reused meanwhile)
    return armies


_CONVOYED: dict[int, tuple[tuple, frozenset]] = {}


def sea_fleets(variant: Variant, board) -> frozenset[str]:
    """The sea provinces of ``board`` that hold a fleet (what a convoy chain can use there).
    Remembered per board: a board never changes, and convoy questions ask about the same
    few boards many times."""
    units = board.units
    got = _SEA_FLEETS.get(id(units))
    if got is not None and got[0] is units:
        return got[1]
    waters = variant.convoy_waters  # the seas, and ports (RULES.md §12)
    seas = frozenset(p for p, u in units.items() if u.type == "F" and p in waters)
    if len(_SEA_FLEETS) > 20000:
        _SEA_FLEETS.clear()
    _SEA_FLEETS[id(units)] = (units, seas)  # (the mapping is kept: its id cannot be reused meanwhile)
    return seas


_SEA_FLEETS: dict[int, tuple[object, frozenset[str]]] = {}


def convoy_reach(variant: Variant, board) -> dict[str, frozenset[str]]:
    """For one board alone: each coast → the coasts an army there could be convoyed to by
    the board's fleets at sea (the coasts touching a connected group of them)."""
    units = board.units
    got = REACH_CACHE.get(id(units))
    if got is not None and got[0] is units:
        return got[1]
    seas = sea_fleets(variant, board)
    adj, kinds = variant.fleet_adjacent_provinces, variant.kinds
    reach: dict[str, frozenset[str]] = {}
    left = set(seas)
    while left:
        group = [left.pop()]
        for s in group:  # (grows while it is walked)
            for n in adj[s]:
                if n in left:
                    left.discard(n)
                    group.append(n)
        shores = frozenset(c for s in group for c in adj[s] if kinds[c] == "coast")
        for c in shores:
            reach[c] = reach[c] | shores if c in reach else shores
    if len(REACH_CACHE) > 20000:
        REACH_CACHE.clear()
    REACH_CACHE[id(units)] = (units, reach)
    return reach


REACH_CACHE: dict[int, tuple[object, dict[str, frozenset[str]]]] = {}


def forget_remembered() -> None:
    """Let go of what the convoy questions above remember, and of the boards' orders and
    units each memo keeps alive. A save file's replay check calls it as it goes: the worlds
    it replays are not the session's, and up to 20,000 of their boards would stay."""
    _CONVOYED.clear()
    _SEA_FLEETS.clear()
    REACH_CACHE.clear()


def convoys_alone(world, army: Space) -> bool:
    """Whether only fleets on the army's own board could take part in its convoy: no
    board next to it exists where a fleet could convoy it."""
    boards = world.boards
    if len(boards) == 1:
        return True
    for k in adjacent_board_keys(army[0]):
        if k in boards and _may_convoy(world, k, army):
            return False
    return True


def fleet_neighbours(world, variant: Variant, mode: str, sp: Space, army: Space | None = None) -> list[Space]:
    """Sea spaces holding a fleet one convoy step from ``sp``, on boards where a fleet
    could convoy ``army``."""
    out = []
    all_boards = world.boards
    boards = [sp.board] + [k for k in adjacent_board_keys(sp.board) if k in all_boards]
    if army is not None:
        boards = [k for k in boards if k in all_boards and _may_convoy(world, k, army)]
    near = variant.fleet_adjacent_provinces[sp.province]
    for key in boards:
        board = all_boards.get(key)
        if board is None:
            continue
        if key == sp.board:
            provinces = near
        elif mode == "loose":
            provinces = near | {sp.province}
        else:
            provinces = (sp.province,)
        seas = sea_fleets(variant, board)
        for p in provinces:
            if p in seas:
                out.append(Space(key, p))
    return out


def convoy_possible(world, army: Space, dest: Space, through: Space | None = None,
                    without: Space | None = None) -> bool:
    """Could some chain of fleets now at sea carry an army from ``army`` to ``dest``?

    With ``through``, the chain must need that fleet: it must lie on a route in which no
    fleet could be skipped (DATC 4.E.1 and 6.G.19: a convoy by a fleet that no route needs
    is illegal). With ``without``, that fleet may not be used (a fleet cannot both convoy
    and support, DATC 6.D.31). The search is bounded; past the bound the answer is yes.
    """
    variant, mode = world.variant, world.adjacency
    if army[0] == dest[0] and (through is None or through[0] == army[0]) and convoys_alone(world, army):
        return _possible_on_one_board(variant, world.boards[army[0]], army[1], dest[1],
                                      through[1] if through is not None else None,
                                      without[1] if without is not None and without[0] == army[0] else None)

    def step(a: Space, b: Space) -> bool:
        return convoy_step(variant, mode, a, b)

    if through is None:
        seen = {without} if without is not None else set()
        stack = [s for s in fleet_neighbours(world, variant, mode, army, army)]
        while stack:
            s = stack.pop()
            if s in seen:
                continue
            seen.add(s)
            if step(s, dest):
                return True
            stack.extend(n for n in fleet_neighbours(world, variant, mode, s, army) if n not in seen)
            if len(seen) > _SEARCH_BUDGET:
                return True
        return False

    budget = [_SEARCH_BUDGET]
    path: list[Space] = []

    def extend(node: Space) -> bool:
        budget[0] -= 1
        if budget[0] < 0:
            return True
        # An induced route: the new fleet touches no earlier step but the last one.
        if any(step(p, node) for p in path[:-1]) or (path and step(army, node)):
            return False
        path.append(node)
        try:
            if step(node, dest):
                return through in path
            return any(extend(nxt) for nxt in fleet_neighbours(world, variant, mode, node, army) if nxt not in path)
        finally:
            path.pop()

    try:
        return any(extend(first) for first in fleet_neighbours(world, variant, mode, army, army))
    finally:
        # A closure that calls itself is a reference cycle (it holds its own cell), and it
        # holds the world: only a collection would free them, and Game.load replays a
        # file with the collector paused (app.engine.saves.collector). Broken here.
        del extend


def _possible_on_one_board(variant: Variant, board, army: str, dest: str, through: str | None,
                           without: str | None) -> bool:
    """:func:`convoy_possible` when only the board's own fleets can take part: the same
    answers, from the board's fleets at sea by province."""
    if without is None and through is None:
        return dest in convoy_reach(variant, board).get(army, ())
    seas = sea_fleets(variant, board)
    adj = variant.fleet_adjacent_provinces
    if through is None:  # a route that avoids one fleet
        seen = {without}
        stack = [s for s in adj[army] if s in seas]
        while stack:
            s = stack.pop()
            if s in seen:
                continue
            seen.add(s)
            if dest in adj[s]:
                return True
            stack.extend(n for n in adj[s] if n in seas and n not in seen)
        return False
    if through not in seas:
        return False
    # A route that needs ``through``: an induced chain (no fleet touches an earlier step but
    # the one before it, nor the army's coast unless it is the first) through that fleet.
    path: list[str] = []
    budget = [_SEARCH_BUDGET]

    def extend(node: str) -> bool:
        budget[0] -= 1
        if budget[0] < 0:
            return True
        near = adj[node]
        if path and (army in near or any(p in near for p in path[:-1])):
            return False
        path.append(node)
        try:
            if dest in near:
                return through in path
            return any(extend(n) for n in near if n in seas and n not in path)
        finally:
            path.pop()

    return any(extend(s) for s in adj[army] if s in seas)
