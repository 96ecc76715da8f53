"""A bold rival: how a player who never asks whether a move can succeed orders its units on
one board — David Norman's DumbBot's way, which Hard's search takes as one of its rivals'
likely replies in classic games (:mod:`app.bots.search`, issue 36).

Each unit, the keenest first (the one whose best option is worth most), goes where it values
most among where it stands and where it can move: into a rival's unit or a contested
province alike (Standard discounts those by their odds, :func:`app.bots.standard._odds`).
A unit whose favourite province is the goal of a fellow's move backs that move; one never
moves into a fellow that stays, nor swaps places with one. A unit left standing supports a
fellow next to it, moving or standing (DumbBot's "a hold is a wasted support").

>>> from app.engine import Game, format_order
>>> from app.bots.values import board_values, SPRING
>>> w = Game.new().world
>>> board = w.boards[w.active_boards()[0]]
>>> italy = bold_orders(w.variant, board, "Italy", board_values(w.variant, board, "Italy", SPRING, neutral_size=0))
>>> sorted(format_order(o, with_nation=False) for o in italy)
['A 1:rom:S1901 - 1:ven:S1901', 'A 1:ven:S1901 - 1:tri:S1901', 'F 1:nap:S1901 - 1:ion:S1901']
"""

from __future__ import annotations

from app.engine import Board, Hold, Location, Move, Order, province_of, Support, Variant

from .values import BoardValues


def bold_orders(v: Variant, board: Board, nation: str, vals: BoardValues) -> list[Order]:
    """One order for each of ``nation``'s units on ``board`` (see the module docstring),
    valued by ``vals`` (the nation's values on that board)."""
    units = [u for u in board.units.values() if u.nation == nation]
    options = {}
    for u in units:
        here = [(vals.value(u.type, u.loc), u.loc)]
        options[u.loc] = sorted(here + [(vals.value(u.type, d), d) for d in v.adjacent_locations(u.type, u.loc)],
                                key=lambda o: (-o[0], o[1]))
    units.sort(key=lambda u: (-options[u.loc][0][0], u.loc))
    goal: dict[str, str] = {}          # unit location -> where it goes (itself: it stays)
    taken: dict[str, str] = {}         # province -> the unit that goes or stays there
    orders: dict[str, Order] = {}
    for u in units:
        order = _keenest(board, nation, u, options[u.loc], goal, taken)
        if order is not None:
            orders[u.loc] = order
        if u.loc not in goal:
            goal[u.loc] = u.loc
        if goal[u.loc] == u.loc:
            taken.setdefault(province_of(u.loc), u.loc)
    for u in sorted(units, key=lambda u: u.loc):
        if u.loc not in orders:
            orders[u.loc] = _support_a_fellow(v, board, nation, u, goal)
    return list(orders.values())


def _keenest(board: Board, nation: str, u, options, goal: dict[str, str], taken: dict[str, str]) -> Order | None:
    """The move (recorded in ``goal`` and ``taken``) or the support of a fellow's move that
    the unit's best option gives; None when it stays."""
    key = board.key
    here = province_of(u.loc)
    for _, d in options:
        p = province_of(d)
        if d == u.loc:
            if here not in taken:
                return None
            continue
        fellow = taken.get(p)
        if fellow is not None:
            if goal[fellow] == fellow:
                continue                   # a fellow stays there
            mover = board.units[province_of(fellow)]
            goal[u.loc] = u.loc
            return Support(nation, u.type, Location(key, u.loc), mover.type, Location(key, mover.loc),
                           Location(key, goal[fellow]))
        occupant = board.units.get(p)
        if occupant is not None and occupant.nation == nation and \
                (occupant.loc not in goal or province_of(goal[occupant.loc]) in (p, here)):
            continue                       # a fellow stays there (or has not chosen), or would swap with it
        goal[u.loc] = d
        taken[p] = u.loc
        return Move(nation, u.type, Location(key, u.loc), Location(key, d))
    return None


def _support_a_fellow(v: Variant, board: Board, nation: str, u, goal: dict[str, str]) -> Order:
    """A support of the first fellow (by location) that moves or stays next to the unit, or a hold."""
    key = board.key
    here = province_of(u.loc)
    reach = v.adjacent_provinces(u.type, u.loc)
    for fellow, to in sorted(goal.items()):
        p = province_of(to)
        if fellow != u.loc and p in reach and p != here:
            mover = board.units[province_of(fellow)]
            return Support(nation, u.type, Location(key, u.loc), mover.type, Location(key, mover.loc),
                           None if to == fellow else Location(key, to))
    return Hold(nation, u.type, Location(key, u.loc))
