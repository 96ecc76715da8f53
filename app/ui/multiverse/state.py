"""From the engine's world to what the window draws: board states and order arrows.

Nothing here decides a rule; it only reads the world (units, centres, orders, results).
"""

from __future__ import annotations

from dataclasses import dataclass

from app.engine import (BoardKey, Build, Convoy, Disband, Hold, Location, Move, Order, Result, Retreat,
                        Support, Waive, World)

from .map_art import Arrow, BoardState, MapArt
from .nation_look import look_of, safe


_LOCATIONS = {
    Move: lambda o: [o.unit, o.dest],
    Retreat: lambda o: [o.unit, o.dest],
    Support: lambda o: [o.unit, o.supported] if o.dest is None else [o.unit, o.supported, o.dest],
    Convoy: lambda o: [o.unit, o.army, o.dest],
    Build: lambda o: [o.at],
    Hold: lambda o: [o.unit],
    Disband: lambda o: [o.unit],
}


def order_locations(order: Order) -> list[Location]:
    """The points an order's arrow passes through, in drawing order."""
    f = _LOCATIONS.get(type(order))  # by exact type: called for every order of a large world
    return f(order) if f is not None else []


def order_nation(order: Order) -> str:
    return getattr(order, "nation", "")


def _arrow(art: MapArt, order: Order, status: str, locs: list[Location] | None = None) -> Arrow | None:
    if locs is None:
        locs = order_locations(order)
    if not locs:
        return None
    nation = order_nation(order)
    colour = look_of(art.variant).colours.get(nation, "#555555")
    pts = [art.anchor(loc.loc) for loc in locs]
    kind = order.kind
    if kind == "support" and len(pts) == 3:
        # support of a move: from the supporter to the target, bending past the mover
        pts = [pts[0], ((pts[1][0] + pts[2][0]) / 2, (pts[1][1] + pts[2][1]) / 2), pts[2]]
    return Arrow(kind, status, colour, tuple(pts))


def same_board(order: Order, locs: list[Location] | None = None) -> bool:
    if locs is None:
        locs = order_locations(order)
    if len(locs) < 2:
        return True
    first = locs[0].board
    for loc in locs:
        if loc.board != first:
            return False
    return True


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
        locs = order_locations(o)
        if same_board(o, locs):
            a = _arrow(art, o, r.status, locs)
            if a is not None:
                arrows.append(a)
    for o, r in world.retreats.get(key, ()):
        locs = order_locations(o)
        if same_board(o, locs):
            a = _arrow(art, o, r.status, locs)
            if a is not None:
                arrows.append(a)
    units = tuple(sorted((u.loc, u.nation, u.type, p in dislodged) for p, u in board.units.items()))
    centres = tuple(sorted(board.centres.items()))
    return BoardState(units, centres, tuple(arrows), not key.turn.is_movement, frozenset(fog), safe())


def board_cross_arrows(world: World, key: BoardKey) -> list[CrossArrow]:
    """The orders given on one board whose arrows span boards."""
    out = [CrossArrow(o, r.status) for o, r in zip(world.orders.get(key, ()), world.results.get(key, ()))
           if not same_board(o)]
    out.extend(CrossArrow(o, r.status) for o, r in world.retreats.get(key, ()) if not same_board(o))
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


__all__ = ["board_state", "board_cross_arrows", "order_locations", "pending_arrow", "nation_summary",
           "CrossArrow", "same_board", "Waive", "Result"]
