"""What one connection may receive, computed on the server from the match's own per-seat
view (``Match.view_for``: fog of war and a civilisation's sight, as at a hotseat table).

A seat receives the world through its sight and its own pending orders, never another
seat's. A watcher receives the adjudicated world only, and only once the game has ended
when it has fog of war or civilisations (RULES.md §6 "Watching").
"""

from __future__ import annotations

from app.engine import civ_of, format_order, World
from app.match import Match

from .protocol import View


def board_list(world: World) -> list[dict]:
    """Each board of ``world``: its units, centres and its adjudicated orders with results."""
    out = []
    for key in sorted(world.boards):
        b = world.boards[key]
        orders = [[format_order(o), r.status] for o, r in zip(world.orders.get(key, ()), world.results.get(key, ()))]
        out.append({"board": f"{key.timeline}:{key.turn}",
                    "units": sorted(f"{u.nation} {u.type} {u.loc}" for u in b.units.values()),
                    "centres": dict(sorted(b.centres.items())),
                    "orders": orders})
    return out


def seat_message(match: Match, table: str, seat: int) -> View:
    view = match.view_for(seat)
    return View(table=table, submissions=len(match.game.submissions), phase=view.phase, winner=view.winner,
                boards=board_list(view), dislodged=_dislodged(view),
                pending=[format_order(o) for o in match.pending(seat)], done=match.is_done(seat))


def may_watch(match: Match) -> str | None:
    """Why the game may not be watched now (None: it may)."""
    hidden = match.fog or civ_of(match.world) is not None
    if hidden and match.world.phase != "over":
        return "this game is played under fog of war or with civilisations: it can be watched once it has ended"
    return None


def watcher_message(match: Match, table: str) -> View:
    world = match.world       # the adjudicated world: pending orders are the match's, not the world's
    return View(table=table, submissions=len(match.game.submissions), phase=world.phase, winner=world.winner,
                boards=board_list(world), dislodged=_dislodged(world))


def _dislodged(world: World) -> list[str]:
    return sorted(f"{loc.board.timeline}:{loc.loc}:{loc.board.turn}" for loc in world.pause.dislodged) \
        if world.pause is not None else []
