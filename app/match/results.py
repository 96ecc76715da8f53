"""What became of orders, as a seat may see it (no Qt): a submission's orders with their
results, and the orders that put a unit where it stands on a board.

Under fog of war (RULES.md §8) a seat sees its own orders and those of units standing in
provinces it sees: both functions read the world through the seat's view
(:func:`app.match.fog.fogged_world`), never the whole of it.
"""

from __future__ import annotations

from typing import Iterable

from app.engine import BoardKey, Game, Order, province_of, Result, Space, step_at, World

from .fog import fogged_world


def submission_results(game: Game, number: int, nations: Iterable[str] | None = None) -> list[tuple[Order, Result]]:
    """Submission ``number``'s orders (1 = the first) and what became of each right after
    it, in the order given, refused ones last; ``nations``: the seat's, under fog of war
    (None: everything). Holds the engine gave units without orders are left out."""
    seat = tuple(nations) if nations is not None else None
    view = (lambda w: fogged_world(w, seat)) if seat is not None else None
    step = step_at(game, number, view, own=seat)
    return ([(line.order, line.first or line.result) for _, lines in step.boards for line in lines
             if not line.default] + [(line.order, line.result) for line in step.refused])


def predecessor(world: World, key: BoardKey) -> BoardKey | None:
    """The board ``key`` continues: the previous turn of its timeline, or for a timeline's
    first board the board it branched from."""
    if world.starts.get(key.timeline) == key.turn:
        return world.parents.get(key.timeline)
    prev = BoardKey(key.timeline, key.turn.previous())
    return prev if prev in world.boards else None


def _place(order: Order) -> str | None:
    where = getattr(order, "unit", None) or getattr(order, "at", None)
    return province_of(where.loc) if where is not None else None


def arrivals(world: World, key: BoardKey, province: str) -> list[tuple[Order, Result]]:
    """The orders given on the board before ``key`` that decided what stands in
    ``province`` on ``key``: the order of the unit that stood there (held, supported,
    failed to move), moves into it (those that failed too), a build or retreat there; on a
    timeline's first board, also the moves from other boards that arrived and branched it.
    ``world``: the seat's view under fog of war."""
    prev = predecessor(world, key)
    if prev is None:
        return []
    out = []
    for o, r in zip(world.orders.get(prev, ()), world.results.get(prev, ())):
        dest = getattr(o, "dest", None)
        if _place(o) == province or (o.kind == "move" and dest.board == prev and dest.province == province):
            out.append((o, r))
    for o, r in world.retreats.get(prev, ()):
        dest = getattr(o, "dest", None)
        if _place(o) == province or (dest is not None and dest.province == province):
            out.append((o, r))
    if world.starts.get(key.timeline) == key.turn:     # moves through time that made this timeline
        for k, i in world.orders_naming(Space(prev, province)):
            o = world.orders[k][i]
            if k != prev and o.kind == "move" and o.dest.board == prev and o.dest.province == province:
                out.append((o, world.results[k][i]))
    return out


__all__ = ["submission_results", "arrivals", "predecessor"]
