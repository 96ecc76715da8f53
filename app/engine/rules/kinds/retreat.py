"""A retreat: a unit dislodged in the last movement phase goes to an empty space next to
it on its own board, while the world waits for retreats (RULES.md §3).

- its text: ``A 1:mun:S1901 R 1:boh:S1901``: :func:`text`;
- its check: :func:`check`, which also checks a disband given in the pause (the only
  other order a dislodged unit takes);
- its targets: :func:`retreat_targets`.

Elsewhere: its words in the notation's grammar (``R``, ``retreats to``; a plain ``-`` in
the pause is read as a retreat: :meth:`app.engine.rules.world.World.resolve`); where a
dislodged unit may go, and the retreats' adjudication (:mod:`..retreats`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from ..coords import BoardKey, Location
from ..orders import Disband, Order, Retreat

if TYPE_CHECKING:
    from ..world import World


def text(order: Retreat, place: Callable[[Location, BoardKey | None], str], key: BoardKey | None) -> str:
    """The words after the nation, each location written by ``place`` as seen from board
    ``key`` (None: with every coordinate)."""
    return f"{order.unit_type} {place(order.unit, key)} R {place(order.dest, key)}"


def check(world: World, order: Order) -> tuple[Order, str | None]:
    """A retreat's or disband's check while the world waits for retreats:
    ``(normal form, None)`` (a coast filled in where only one fits) or ``(order, reason)``."""
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


def retreat_targets(world: World, loc: Location) -> list[Location]:
    """Where a dislodged unit may retreat (empty outside a retreat pause)."""
    if world.pause is None:
        return []
    unit = world.unit_at(loc)
    allowed = world.pause.dislodged.get(Location(loc.board, unit.loc if unit else loc.loc))
    return sorted(Location(loc.board, a) for a in allowed) if allowed else []
