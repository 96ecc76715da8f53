"""A table on a server, as a window plays it: no Qt, and never an adjudication here.

:class:`RemoteMatch` is a :class:`~app.match.Match` for one seat (or for a watcher: no
seat) over the world its views describe (:mod:`.remote_world`; the rounds it saw:
:mod:`.remote_rounds`). Its seat's pending orders are the server's: an order given here is
checked against the seat's view, kept, and sent (:mod:`.remote_outbox`); the server's
answer (``pending``) is what stays. :meth:`RemoteMatch.done` sends ``done``; the server
adjudicates when every seat is done and the next view replaces the world (``adjudicates``
is False: the window must not).

The client runs on a thread of its own (:class:`~.link.Link`), which hands every message
to the window's thread; there :meth:`RemoteMatch.apply` takes it in (:mod:`.remote_inbox`).
Nothing here is touched from two threads.
"""

from __future__ import annotations

from typing import Callable

from app.engine import format_order, load_variant, NotationError, parse_order
from app.match import Match, MatchError, OrderRefused, Seat, order_key

from . import protocol as p
from .client import Client
from .remote_away import away_seats, AwaySeat, handed_seats
from .remote_civ import RemoteCivTable
from .remote_endings import RemoteProposals
from .remote_judging import RemoteJudging
from .remote_inbox import Change, take_message
from .remote_outbox import Outbox
from .remote_rounds import SeenRounds
from .remote_world import RemoteError, ViewReader


def seats_of(welcome: p.Welcome, variant) -> list[Seat]:
    """The table's seats as the window shows them: only this connection's seat is a
    person's here (the others order at their own computers); a watcher has none."""
    listed = welcome.seats or [{"name": welcome.seat_name or "You", "nations": welcome.nations}]
    seats = []
    for i, s in enumerate(listed):
        mine = i == welcome.seat
        if not s["nations"]:         # a civilisations table: another seat's civilisations are not this one's to know
            seats.append(Seat.unseen(s["name"], s.get("colour", "#1971c2")))
            continue
        seats.append(Seat(name=s["name"], colour=s.get("colour", "#1971c2"), nations=tuple(s["nations"]),
                          controller="person" if mine else "nobody"))
    named = {n for s in seats for n in s.nations}
    rest = tuple(n for n in variant.nation_names if n not in named)
    if rest and not getattr(variant, "game_nations", False):   # civilisations met are nobody's to name
        seats.append(Seat(name="Nobody", nations=rest, controller="nobody"))
    return seats


class RemoteMatch(Match):
    """One seat (or a watcher) of a table on a server. ``send`` takes a coroutine
    function of the client and runs it on the network thread (:meth:`.link.Link.call`)."""

    adjudicates = False

    def __init__(self, welcome: p.Welcome, view: p.View, send: Callable[[Callable], None]):
        try:
            variant = load_variant(welcome.variant or "standard")
        except ValueError as e:
            raise RemoteError(f"the table plays variant {welcome.variant!r}, which this computer does not have: "
                              f"{e}") from None
        self.welcome = welcome
        self.me = welcome.seat
        self.outbox = Outbox(send)             # its ``wake``: how the window sends once its event is handled
        self.reader = ViewReader(variant, welcome.adjacency)
        world = self.reader.read(view)
        if any(n not in world.variant.nations for n in welcome.nations):
            # a civilisations table whose server sends no civilisations in its views (an older one)
            raise RemoteError(f"this table plays civilisations its server does not describe to this window "
                              f"({', '.join(welcome.nations)}); play it with `python -m app join` in a terminal")
        super().__init__(SeenRounds(world), seats_of(welcome, world.variant), fog=welcome.fog)
        if self.civ is not None:           # a civilisations game (RULES.md §10): offers go through the server
            self.civ = RemoteCivTable(self, self.outbox.post)
            self.table.mail.rule = self.civ.may_write
        self.table_state: p.TableState | None = None
        self.table.proposals = RemoteProposals(self, self.me, self.outbox.post)
        self.table.judging = RemoteJudging(self, self.me, self.outbox.post)
        # (seat, text, submissions before it): messages to this seat, opened; this seat's, this session
        self.letters: list[tuple[int, str, int]] = []
        self.written: list[tuple[int, str, int]] = []
        self.view_message = view
        self.ended_here = view.done       # this seat ended its turn itself this round (not its deadline)
        self.time_ran_out = False         # the round's deadline ended this seat's turn for it
        # why the server closed this connection for good (the seat joined from elsewhere, its
        # invitation replaced): nothing this window does reaches the table any more
        self.closed: str | None = None
        self.take_pending(view.pending, view.done)

    # -- who is at the table ---------------------------------------------------------------
    @property
    def mode(self) -> str:
        return "watching" if self.me is None else "network"

    @property
    def private(self) -> bool:
        return False           # one seat per window: nothing to hide from another seat here

    def _next_seat(self, start: int) -> int | None:
        """The seat at this window stays at it (done or not); a watcher has none."""
        return getattr(self, "me", None)

    def view_for(self, seat, world=None):
        return world if world is not None else self.world      # the server fogged it already

    @property
    def seconds_left(self) -> float | None:
        return self.table_state.seconds_left if self.table_state is not None else None

    # -- what the seat does --------------------------------------------------------------------
    def connection_closed(self, why: str) -> None:
        """The server closed this connection for good (``why``, in the player's words)."""
        self.closed = why

    def _refusal_if_closed(self) -> str | None:
        if self.closed is None:
            return None
        return (f"{self.closed}: this window no longer plays the seat, and nothing done here reaches the "
                "table. Join again with the seat's invitation (Table → Join…) to play it here.")

    def add_order(self, order, seat=None):
        if (why := self._refusal_if_closed()) is not None:
            raise OrderRefused(why, "closed")
        normal = super().add_order(order, seat)      # checked against the seat's view, shown at once
        self.outbox.post("order", format_order(normal))
        return normal

    def remove_order(self, key, seat=None):
        if self.closed is not None:
            return None                # the server keeps the seat's orders; here they stay as they were
        old = super().remove_order(key, seat)
        if old is not None:
            self.outbox.post("remove", format_order(old))
        return old

    def done(self, seat=None):
        """Ends this seat's turn at the server; the round is the server's to adjudicate."""
        if self.me is None:
            raise MatchError("a watcher has no turn to end")
        if (why := self._refusal_if_closed()) is not None:
            raise MatchError(why)
        self._done.add(self.me)
        self.ended_here = True
        self.outbox.post("done", "")
        return None

    def write(self, to: int, text: str) -> None:
        """A message to seat ``to``, sealed to its computer's key by the client."""
        if (why := self._refusal_if_closed()) is not None:
            raise MatchError(why)
        self.written.append((to, text, self.world.submissions))
        self.outbox.post("write", text, to)

    def send_now(self) -> None:
        """Send what the seat did (the window calls it once its current event is handled)."""
        self.outbox.send_now()

    def resend(self) -> None:
        """The connection is back: send what waited for it."""
        self.outbox.resend()

    def away(self) -> list[AwaySeat]:
        """The seats away for a whole deadline, each with its votes to hand it to the computer."""
        return away_seats(self.welcome, self.table_state)

    def computer_seats(self) -> list[int]:
        """The table's seats the computer plays now (handed over, or from the start)."""
        return list(self.table_state.computer_seats) if self.table_state is not None else []

    def handed_seats(self) -> list[int]:
        """The person seats the table handed to the computer, until their invitation takes
        them back."""
        return handed_seats(self.welcome, self.table_state)

    def nation_players(self) -> dict[str, str]:
        """As a seat's name, except a seat the table handed to the computer: "computer for
        Cy" until Cy's invitation takes it back."""
        names = super().nation_players()
        for i in self.handed_seats():
            if i < len(self.seats):
                for n in self.seats[i].nations:
                    names[n] = f"computer for {self.seats[i].name}"
        return names

    def may_hand_over(self) -> list[AwaySeat]:
        """The away seats this seat may vote to hand to the computer: not its own, not one it
        voted for already; none for a watcher or a closed connection."""
        if self.me is None or self.closed is not None or self.world.phase == "over":
            return []
        return [a for a in self.away() if a.seat != self.me and not a.voted(self.me)]

    def hand_over(self, seat: int) -> None:
        """Vote that away seat ``seat`` be played by the computer (the server counts the
        votes, and refuses one it does not take: the window shows why)."""
        if self.me is None:
            raise MatchError("a watcher has no vote at the table")
        if (why := self._refusal_if_closed()) is not None:
            raise MatchError(why)
        self.outbox.post("hand", str(seat))

    def recipients(self) -> list[int]:
        """The seats this one may write to: the others whose computers joined once (their
        key is known)."""
        keys = self.table_state.public_keys if self.table_state is not None else {}
        civ = self.view_message.civ
        met = set(civ.get("seats", [])) if civ is not None else None     # a civilisations game: the seats met
        return [i for i in sorted(keys) if i != self.me and i < len(self.seats) and (met is None or i in met)]

    def prepare(self):
        raise MatchError("this table is adjudicated by its server")

    def can_undo(self) -> bool:
        return False

    def can_redo(self) -> bool:
        return False

    # -- what the server says ------------------------------------------------------------------
    def apply(self, message, client: Client | None = None) -> Change:
        """Take in one message from the server (on the window's thread)."""
        return take_message(self, message, client)

    def take_pending(self, texts: list[str], done: bool) -> None:
        """The server's pending orders for this seat become the ones shown."""
        if self.me is None:
            return
        kept = {}
        for text in texts:
            try:
                o = self.world.resolve(parse_order(text, self.game.variant))
            except (NotationError, ValueError, KeyError):
                continue
            key = order_key(o)
            shown = self._pending[self.me].get(key)
            kept[key] = shown if shown == o else o     # the same order stays the same object: nothing redrawn
        self._pending[self.me] = kept
        self._done = {self.me} if done else set()
