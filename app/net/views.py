"""What one connection may receive, computed on the server from the match's own per-seat
view (``Match.view_for``: fog of war and a civilisation's sight, as at a hotseat table).

A seat receives the world through its sight and its own pending orders, never another
seat's. A watcher receives the adjudicated world only, and only once the game has ended
when it has fog of war or civilisations (RULES.md §6 "Watching").

A view is sent as a change: :class:`Sent` remembers, per connection, which board values
(immutable: a board, its orders, its results) it has been sent, and the next view holds
only the boards whose values are not those (a new board, a board the seat now sees more
of, a board's results); a new connection receives every board.
"""

from __future__ import annotations

from app.engine import civ_of, format_order, World
from app.match import Match

from .homes import homes_fields
from .protocol import Pending, View


class Sent:
    """The boards one connection has been sent, by identity of their immutable values."""

    def __init__(self):
        self.values: dict = {}          # board key -> (board, orders, results) as last sent

    def changes(self, world: World) -> tuple[bool, list[dict]]:
        """(every board?, the boards to send), and remember them as sent."""
        full = not self.values
        out, values = [], {}
        for key in sorted(world.boards):
            now = (world.boards[key], world.orders.get(key, ()), world.results.get(key, ()))
            values[key] = now
            old = self.values.get(key)
            if old is None or any(a is not b for a, b in zip(old, now)):
                out.append(encode_board(key, *now))
                if world.starts.get(key.timeline) == key.turn and world.parents.get(key.timeline) is not None:
                    out[-1]["parent"] = str(world.parents[key.timeline])   # where its timeline branched
        self.values = values
        return full, out


def encode_board(key, board, orders, results) -> dict:
    """A board's units, centres and adjudicated orders with their results."""
    out = {"board": f"{key.timeline}:{key.turn}",
           "units": sorted(f"{u.nation} {u.type} {u.loc}" for u in board.units.values()),
           "centres": dict(sorted(board.centres.items())),
           "orders": [[format_order(o), r.status] for o, r in zip(orders, results)]}
    if any(r.reason for r in results):     # why orders failed (a fogged view's words already)
        out["reasons"] = [r.reason for r in results]
    return out


def board_list(world: World) -> list[dict]:
    """Every board of ``world``."""
    return Sent().changes(world)[1]


def seat_message(match: Match, table: str, seat: int, sent: Sent | None = None, box: str | None = None) -> View:
    """``box``: a sealed seat's own box (its pending orders, which the server cannot read)."""
    view = match.view_for(seat)
    full, boards = (sent or Sent()).changes(view)
    return View(table=table, submissions=len(match.game.submissions), phase=view.phase, winner=view.winner,
                full=full, boards=boards, dislodged=_dislodged(view),
                pending=[format_order(o) for o in match.pending(seat)], done=match.is_done(seat), box=box,
                retreats=_retreats(view), **homes_fields(view, match.seats[seat].nations))


def pending_message(match: Match, table: str, seat: int, box: str | None = None) -> Pending:
    return Pending(table=table, pending=[format_order(o) for o in match.pending(seat)], done=match.is_done(seat),
                   box=box)


def may_watch(match: Match) -> str | None:
    """Why the game may not be watched now (None: it may)."""
    hidden = match.fog or civ_of(match.world) is not None
    if hidden and match.world.phase != "over":
        return "this game is played under fog of war or with civilisations: it can be watched once it has ended"
    return None


def watcher_message(match: Match, table: str, sent: Sent | None = None) -> View:
    world = match.world       # the adjudicated world: pending orders are the match's, not the world's
    full, boards = (sent or Sent()).changes(world)
    return View(table=table, submissions=len(match.game.submissions), phase=world.phase, winner=world.winner,
                full=full, boards=boards, dislodged=_dislodged(world), retreats=_retreats(world),
                **homes_fields(world, None))


def _dislodged(world: World) -> list[str]:
    return sorted(f"{loc.board.timeline}:{loc.loc}:{loc.board.turn}" for loc in world.pause.dislodged) \
        if world.pause is not None else []


def _retreats(world: World) -> dict[str, list[str]]:
    """A retreat pause: where each dislodged unit the view holds may retreat to."""
    if world.pause is None:
        return {}
    return {str(loc): sorted(options) for loc, options in sorted(world.pause.dislodged.items(), key=str)}


def welcome_fields(match: Match, seat: int | None = None) -> dict:
    """What a window needs to rebuild the game from views (:mod:`.remote`): the variant,
    the adjacency and the seats. In a civilisations game still in play, a seat's
    civilisations are named to that seat alone (RULES.md §10: never the name or number of
    a civilisation not met); ``seat`` None: a watcher or the lobby."""
    hidden = hides_nations(match)
    return {"variant": match.game.variant.name, "adjacency": match.world.adjacency,
            "seats": [{"name": s.name, "colour": s.colour,
                       "nations": list(s.nations) if not hidden or i == seat else [], "controller": s.controller}
                      for i, s in enumerate(match.seats)]}


def hides_nations(match: Match) -> bool:
    """Whether who plays which nation is kept from the other seats, the lobby and watchers:
    a civilisations game not yet ended."""
    return civ_of(match.world) is not None and match.world.phase != "over"