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

import json

from app.engine import civ_of, format_order, World
from app.match import Match

from .civ_views import civ_field
from .homes import homes_fields
from .protocol import dump, Pending, View


class BoardCodes:
    """Each board value encoded once, whichever connections it is sent to in one update: a
    table's seats and watchers mostly see the same board values (no fog: all of them), and a
    board's encoding is a view's main cost. Keyed by board, checked by identity of the
    immutable values (a board the fog thinned for one seat is another value, encoded for
    itself). The server keeps one for a table's round (the connections that join in it,
    and its update) and drops it at the next: between updates each connection's
    :class:`Sent` already spares the boards it has (kept for the table's life, the
    encodings of every board of 100 growing games weighed 200 MB)."""

    def __init__(self):
        self._codes: dict = {}          # board key -> [(board, orders, results), encoding], a few each

    def encode(self, key, value: tuple) -> dict:
        known = self._codes.setdefault(key, [])
        for old, code in known:
            if all(a is b for a, b in zip(old, value)):
                return code
        code = encode_board(key, *value)
        known.append((value, code))
        del known[:-8]                  # a board's last few values (seats of a fogged game differ)
        return code


class Sent:
    """The boards one connection has been sent, by identity of their immutable values."""

    def __init__(self):
        self.values: dict = {}          # board key -> (board, orders, results) as last sent
        self.world: World | None = None      # the view they were last sent from

    def take(self, other: "Sent") -> None:
        """Sent what ``other`` was sent (the same view, the same frame)."""
        self.values, self.world = other.values, other.world

    def changes(self, world: World, codes: BoardCodes | None = None) -> tuple[bool, list[dict]]:
        """(every board?, the boards to send), and remember them as sent."""
        full = not self.values
        out, values = [], {}
        old_values = self.values
        for key in sorted(world.boards):
            now = (world.boards[key], world.orders.get(key, ()), world.results.get(key, ()))
            values[key] = now
            old = old_values.get(key)
            if old is None or old[0] is not now[0] or old[1] is not now[1] or old[2] is not now[2]:
                code = codes.encode(key, now) if codes is not None else encode_board(key, *now)
                if world.starts.get(key.timeline) == key.turn and world.parents.get(key.timeline) is not None:
                    code = dict(code, parent=str(world.parents[key.timeline]))   # where its timeline branched
                out.append(code)
        self.values, self.world = values, world
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


def seat_message(match: Match, table: str, seat: int, sent: Sent | None = None, box: str | None = None,
                 codes: BoardCodes | None = None, view: World | None = None) -> View:
    """``box``: a sealed seat's own box (its pending orders, which the server cannot read)."""
    view = match.view_for(seat) if view is None else view
    full, boards = (sent or Sent()).changes(view, codes)
    return View(table=table, submissions=len(match.game.submissions), phase=view.phase, winner=view.winner,
                full=full, boards=boards, dislodged=_dislodged(view),
                pending=[format_order(o) for o in match.pending(seat)], done=match.is_done(seat), box=box,
                retreats=_retreats(view), civ=civ_field(match, view, seat),
                **homes_fields(view, match.seats[seat].nations))


def pending_message(match: Match, table: str, seat: int, box: str | None = None) -> Pending:
    return Pending(table=table, pending=[format_order(o) for o in match.pending(seat)], done=match.is_done(seat),
                   box=box)


def may_watch(match: Match) -> str | None:
    """Why the game may not be watched now (None: it may)."""
    hidden = match.fog or civ_of(match.world) is not None
    if hidden and match.world.phase != "over":
        return "this game is played under fog of war or with civilisations: it can be watched once it has ended"
    return None


def watcher_message(match: Match, table: str, sent: Sent | None = None, codes: BoardCodes | None = None) -> View:
    world = match.world       # the adjudicated world: pending orders are the match's, not the world's
    full, boards = (sent or Sent()).changes(world, codes)
    return View(table=table, submissions=len(match.game.submissions), phase=world.phase, winner=world.winner,
                full=full, boards=boards, dislodged=_dislodged(world), retreats=_retreats(world),
                civ=civ_field(match, world, None), **homes_fields(world, None))


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
    civilisations, and its colour (its civilisation's), are told to that seat alone (RULES.md
    §10: never the name, number or colour of a civilisation not met); ``seat`` None: a
    watcher or the lobby."""
    hidden = hides_nations(match)
    return {"variant": match.game.variant.name, "adjacency": match.world.adjacency,
            "seats": [{"name": s.name, "nations": list(s.nations), "colour": s.colour, "controller": s.controller}
                      if not hidden or i == seat else      # a seat's colour is its civilisation's: not told either
                      {"name": s.name, "nations": [], "controller": s.controller}
                      for i, s in enumerate(match.seats)]}


def hides_nations(match: Match) -> bool:
    """Whether who plays which nation is kept from the other seats, the lobby and watchers:
    a civilisations game not yet ended."""
    return civ_of(match.world) is not None and match.world.phase != "over"


def update_frames(match: Match, table: str, targets: list[tuple[object, int | None, Sent, str | None]],
                  codes: BoardCodes | None = None) -> list[tuple[str, bool]]:
    """Each target's next view as a frame: ``targets`` are (connection, its seat or None for
    a watcher, what it was sent, a sealed seat's box). Connections that were sent the same
    view, and are now to receive the same view with the same fields of their own (pending
    orders, done, box, home centres, civilisations), receive the very same frame, made once: every seat and
    watcher of a game without fog after an adjudication (a seat's own fields are then a
    watcher's: no pending order, not done, no box, the same home centres), whatever nations
    each plays. Each frame comes with whether it holds a board."""
    frames, made = [], {}
    for _, seat, sent, box in targets:
        view, own = _view_and_own_fields(match, seat, box)
        key = (None if sent.world is None else id(sent.world), id(view), own)
        if key in made:
            frame, first, boards, _ = made[key]
            sent.take(first)
        else:
            message = watcher_message(match, table, sent, codes) if seat is None else \
                seat_message(match, table, seat, sent, box, codes, view)
            frame, boards = dump(message), bool(message.boards)
            made[key] = (frame, sent, boards, view)     # the view kept alive: its id is not reused meanwhile
        frames.append((frame, boards))
    return frames


def _view_and_own_fields(match: Match, seat: int | None, box: str | None) -> tuple[World, tuple]:
    """The world a connection is shown and the fields of its view that are its own, as they
    will be written (a watcher: the adjudicated world, and a View's defaults)."""
    if seat is None:
        view, pending, done, nations = match.world, (), False, None
    else:
        view, nations = match.view_for(seat), match.seats[seat].nations
        pending, done = tuple(format_order(o) for o in match.pending(seat)), match.is_done(seat)
    homes = homes_fields(view, nations)
    told = None if homes["homes"] is None else tuple((n, tuple(cs)) for n, cs in homes["homes"].items())
    civ = civ_field(match, view, seat)       # whom a seat may write to is its own
    return view, (pending, done, box, told, homes["homes_at_first_winter"],
                  None if civ is None else json.dumps(civ, sort_keys=True))
