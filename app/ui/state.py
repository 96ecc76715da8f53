"""From the engine's world to what the window draws: board states and order arrows.

Nothing here decides a rule; it only reads the world (units, centres, orders, results).
"""

from __future__ import annotations

from dataclasses import dataclass

from app.engine.coords import BoardKey, Location
from app.engine.orders import Build, Convoy, Disband, Hold, Move, Order, Result, Retreat, Support, Waive
from app.engine.world import World

from .map_art import Arrow, BoardState, MapArt


def order_locations(order: Order) -> list[Location]:
    """The points an order's arrow passes through, in drawing order."""
    if isinstance(order, (Move, Retreat)):
        return [order.unit, order.dest]
    if isinstance(order, Support):
        if order.dest is None:
            return [order.unit, order.supported]
        return [order.unit, order.supported, order.dest]
    if isinstance(order, Convoy):
        return [order.unit, order.army, order.dest]
    if isinstance(order, Build):
        return [order.at]
    if isinstance(order, (Hold, Disband)):
        return [order.unit]
    return []


def order_nation(order: Order) -> str:
    return getattr(order, "nation", "")


def _arrow(art: MapArt, order: Order, status: str) -> Arrow | None:
    locs = order_locations(order)
    if not locs:
        return None
    nation = order_nation(order)
    n = art.variant.nations.get(nation)
    colour = n.colour if n else "#555555"
    pts = []
    for loc in locs:
        pt = art.unit_point(loc.loc)
        pts.append((pt.x(), pt.y()))
    kind = order.kind
    if kind == "support" and len(pts) == 3:
        # support of a move: from the supporter to the target, bending past the mover
        pts = [pts[0], ((pts[1][0] + pts[2][0]) / 2, (pts[1][1] + pts[2][1]) / 2), pts[2]]
    return Arrow(kind, status, colour, tuple(pts))


def same_board(order: Order) -> bool:
    locs = order_locations(order)
    return all(loc.board == locs[0].board for loc in locs)


@dataclass(frozen=True)
class CrossArrow:
    """An order whose arrow spans boards (drawn by the scene's overlay)."""

    order: Order
    status: str


def board_state(world: World, key: BoardKey, art: MapArt, fog: frozenset[str] = frozenset()) -> BoardState:
    """``fog``: provinces out of the viewer's sight, drawn veiled (fog of war)."""
    board = world.boards[key]
    dislodged: set[str] = set()
    if world.pause is not None:
        dislodged = {loc.province for loc in world.pause.dislodged if loc.board == key}
    arrows = []
    orders = world.orders.get(key, ())
    results = world.results.get(key, ())
    for o, r in zip(orders, results):
        if r.dislodged and hasattr(o, "unit"):
            dislodged.add(o.unit.province)
        if same_board(o):
            a = _arrow(art, o, r.status)
            if a is not None:
                arrows.append(a)
    for o, r in world.retreats.get(key, ()):
        if same_board(o):
            a = _arrow(art, o, r.status)
            if a is not None:
                arrows.append(a)
    units = tuple(sorted((u.loc, u.nation, u.type, p in dislodged) for p, u in board.units.items()))
    centres = tuple(sorted(board.centres.items()))
    return BoardState(units, centres, tuple(arrows), not key.turn.is_movement, frozenset(fog))


def cross_arrows(world: World) -> list[CrossArrow]:
    out = []
    for key, orders in world.orders.items():
        for o, r in zip(orders, world.results.get(key, ())):
            if not same_board(o):
                out.append(CrossArrow(o, r.status))
    for key, items in world.retreats.items():
        for o, r in items:
            if not same_board(o):
                out.append(CrossArrow(o, r.status))
    return out


def pending_arrow(art: MapArt, order: Order) -> Arrow | None:
    return _arrow(art, order, "pending")


def nation_summary(world: World) -> list[dict]:
    """Per nation: distinct centres on active boards and builds/disbands owed per Winter board."""
    owned = world.centres_on_active_boards()
    rows = []
    for name in world.variant.nation_names:
        owed = []
        for key in world.active_boards():
            b = world.boards[key]
            if b.is_movement:
                continue
            diff = b.centre_count(name) - b.unit_count(name)
            if diff:
                owed.append((key, diff))
        units = sum(world.boards[k].unit_count(name) for k in world.active_boards())
        rows.append({"nation": name, "centres": len(owned.get(name, ())), "owed": owed, "units": units})
    return rows


__all__ = ["board_state", "cross_arrows", "order_locations", "pending_arrow", "nation_summary",
           "CrossArrow", "same_board", "Waive", "Result"]
