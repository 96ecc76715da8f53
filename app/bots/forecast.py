"""The rivals' likely orders across boards, and the moves that cut them short.

Standard's time travel feeds its forks: over 14 tournament games a rival supported its own
move on a past board 139 times unopposed, and in 52 of them a unit of the lone Hard stood
next to the supporter on the supporter's own (active) board, where an attack cuts it. A
move into the past can seldom be stopped (in strict adjacency only a unit in the very
same place on a neighbouring board reaches its target: 2 of 118 successful ones), but a
support from the present can. Each new timeline copies every rival's units and centres,
and the victory count takes each centre once over all of them, so a fork that gives a
rival back what it had lost raises its count for nothing.

:func:`rivals_across` plays each rival's likely plan through the time travel Standard
would add (:func:`app.bots.timetravel.improve`, its own measure, its own budget), so that
the Hard player judges its candidates against it; :func:`cuts` gives its candidates that
attack a rival unit supporting across boards.
"""

from __future__ import annotations

import random

from app.engine import Location, Move, Order, province_of, World

from .timetravel import budget_for, Candidate, improve


def crosses(order: Order) -> bool:
    """Whether ``order`` reaches another board than its unit's (a move, support or convoy)."""
    if order.kind == "move":
        there = order.dest.board
    elif order.kind == "support":
        there = (order.dest or order.supported).board
    elif order.kind == "convoy":
        there = order.dest.board
    else:
        return False
    return there != order.unit.board


def rivals_across(world: World, nation: str, likely: list[Order], rng: random.Random) -> list[Order]:
    """The orders across boards that each rival would add to its part of ``likely`` as
    Standard does (with a random source of the nation's own: the same seed, the same guess)."""
    plans: dict[str, list[Order]] = {}
    for o in likely:
        if o.nation != nation:
            plans.setdefault(o.nation, []).append(o)
    budget = budget_for(world)
    out: list[Order] = []
    for rival in sorted(plans):
        out.extend(o for o in improve(world, rival, plans[rival], rng, budget, meet_own_past=True) if crosses(o))
    return out


def with_travel(reply: tuple[Order, ...], travel: list[Order]) -> tuple[Order, ...]:
    """``reply`` with the orders of the units in ``travel`` replaced by those."""
    moving = {o.unit.space for o in travel}
    return tuple(o for o in reply if not (hasattr(o, "unit") and o.unit.space in moving)) + tuple(travel)


def cuts(world: World, nation: str, travel: list[Order]) -> list[Candidate]:
    """For each rival support in ``travel`` (given from an active board to another board),
    a move of each of the nation's units next to the supporter on that board into the
    supporter's province: the support is cut, whatever the attack's fate."""
    v = world.variant
    out: list[Candidate] = []
    for o in sorted((o for o in travel if o.kind == "support"), key=lambda o: (o.unit.board, o.unit.loc)):
        key, target = o.unit.board, o.unit.province
        board = world.boards[key]
        for u in sorted((u for u in board.units.values() if u.nation == nation), key=lambda u: u.loc):
            dest = next((d for d in sorted(v.adjacent_locations(u.type, u.loc)) if province_of(d) == target), None)
            if dest is not None:
                out.append((Move(nation, u.type, Location(key, u.loc), Location(key, dest)),))
    return out


__all__ = ["crosses", "cuts", "rivals_across", "with_travel"]
