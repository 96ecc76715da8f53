"""A table on a server, as a window plays it: no Qt, and never an adjudication here.

:func:`world_from_view` rebuilds an engine :class:`~app.engine.World` from the views the
server sends (:mod:`.views`: each board's units, centres, adjudicated orders and results,
where its timeline branched, the phase and a retreat pause's options), so that the window
draws it, offers legal targets and checks orders exactly as at a hotseat table.

:class:`RemoteMatch` is a :class:`~app.match.Match` over that world for one seat (or for a
watcher: no seat). Its seat's pending orders are the server's: an order given here is
checked against the seat's view, kept, and sent; the server's answer (``pending``) is what
stays. :meth:`RemoteMatch.done` sends ``done``; the server adjudicates when every seat is
done and the next view replaces the world (``adjudicates`` is False: the window must not).

:class:`Link` runs the asyncio :class:`~.client.Client` on a thread of its own and hands
every message and change of status to ``deliver``, on that thread: the window's carrier
passes them to its own thread (a queued Qt signal) and applies them there with
:meth:`RemoteMatch.apply`. Nothing here is touched from two threads.
"""

from __future__ import annotations

import asyncio
import json
import threading
from dataclasses import dataclass
from types import MappingProxyType
from typing import Callable

from app.engine import (BoardKey, Game, GameFileError, index_orders, load_variant, Location, make_board, NotationError,
                        parse_order, Pause, Result, Turn, World)
from app.match import Match, MatchError, Seat, order_key

from . import protocol as p
from .client import Client
from .letters import LetterError, open_letter
from .homes import with_view_homes
from .record import game_from_record
from .remote_civ import (as_old_map, CivViewError, met_names, RemoteCivTable, seat_order, seat_variant,
                         with_view_civ)
from .remote_endings import RemoteProposals
from .remote_judging import RemoteJudging


class RemoteError(ValueError):
    """What the server sent cannot be shown as a game (an unknown variant, say)."""


# -- the world from views ----------------------------------------------------------------------
def world_from_view(variant, adjacency: str, view: p.View, before: "SeenBoards | None" = None) -> World:
    """The world a (full) view describes. Orders that do not read against it are left out
    (none should: they are the engine's own text). ``before``: the boards of the world
    made from the last view; a board the view describes as it did then is that same
    (immutable) board, with the same orders and results, so the worlds a window keeps, one
    per round, share what did not change instead of each holding a copy."""
    boards, parents = [], {}
    for b in view.boards:
        key = BoardKey.parse(b["board"])
        same = before.board(key, b) if before is not None else None
        if same is not None:
            boards.append(same)
        else:
            units = [tuple(u.split(" ", 2)) for u in b["units"]]
            boards.append(make_board(key, units, b["centres"]))
        if "parent" in b:
            parents[key.timeline] = BoardKey.parse(b["parent"])
    if not boards:
        raise RemoteError("the server sent a view with no board")
    starts: dict[int, Turn] = {}
    ends: dict[int, Turn] = {}
    for board in boards:
        t, turn = board.key
        starts[t] = min(starts.get(t, turn), turn)
        ends[t] = max(ends.get(t, turn), turn)
    bare = World(variant=variant, adjacency=adjacency, boards=MappingProxyType({b.key: b for b in boards}),
                 parents=MappingProxyType({t: parents.get(t) for t in sorted(starts)}),
                 starts=MappingProxyType(starts), ends=MappingProxyType(ends), winner=view.winner,
                 submissions=view.submissions)
    orders, results = {}, {}
    for b in view.boards:
        key = BoardKey.parse(b["board"])
        if before is not None and before.same_orders(key, b):
            if key in before.world.orders:
                orders[key], results[key] = before.world.orders[key], before.world.results[key]
            continue
        read = []
        reasons = b.get("reasons") or [""] * len(b["orders"])
        for (text, status), reason in zip(b["orders"], reasons):
            try:
                read.append((seat_order(bare, text, variant), Result(status, reason)))
            except (NotationError, ValueError, KeyError):
                continue
        if read:
            orders[key] = tuple(o for o, _ in read)
            results[key] = tuple(r for _, r in read)
    refs, incoming = index_orders(orders, results)
    pause = None
    if view.phase == "retreats":
        dislodged = {_location(text): frozenset(options) for text, options in view.retreats.items()}
        pause = Pause(MappingProxyType(dislodged), None)
    world = bare.derive(orders=MappingProxyType(orders), results=MappingProxyType(results), refs=refs,
                        incoming=incoming, pause=pause)
    return with_view_homes(world, view.homes, view.homes_at_first_winter)


class SeenBoards:
    """The boards of a world made from a view, with the view's text of each (to know a
    board the next view describes alike)."""

    def __init__(self, world: World, view: p.View):
        self.world = world
        self.described = {BoardKey.parse(b["board"]): b for b in view.boards}

    def board(self, key, described: dict):
        """The board ``key`` as it was, if ``described`` gives the units and centres it gave then."""
        old = self.described.get(key)
        if old is None or not (old is described or (old["units"] == described["units"]
                                                    and old["centres"] == described["centres"])):
            return None
        return self.world.boards.get(key)

    def same_orders(self, key, described: dict) -> bool:
        """Does ``described`` give the orders, results and reasons it gave then?"""
        old = self.described.get(key)
        return old is not None and (old is described or (old["orders"] == described["orders"]
                                                         and old.get("reasons") == described.get("reasons")))


class SeenRounds(Game):
    """The game as a window across computers saw it: the world of each round it received
    from the server (from the one it joined at), so that the history bar steps and plays
    back through them. The worlds are the ones received, kept as they are (they share
    their unchanged boards: :func:`world_from_view`); none is rebuilt or adjudicated here,
    which also keeps a fogged seat's past as it saw it then, not as it sees it now.

    World ``i`` is the ``i``-th round this window saw; its own ``submissions`` is the
    server's count (they differ when the window joined late or missed rounds while away)."""

    def __init__(self, world: World):
        super().__init__(world.variant, world.adjacency, world.seed, [world], [], {}, world)
        self.seen: list[World] = [world]

    def receive(self, world: World) -> bool:
        """Take in the world of a new view; True if it is a new round (the server
        adjudicated since), False if it replaces the present (the same round, seen again)."""
        if world.submissions > self._present.submissions:
            self._push((), world)
            self.seen.append(world)
            return True
        self.change_present(world)
        return False

    def change_present(self, world: World) -> None:
        super().change_present(world)
        self.seen[-1] = world

    def number(self, i: int) -> int:
        """The server's count of submissions at the ``i``-th world seen (the history bar's label)."""
        return self.seen[min(max(i, 0), len(self.seen) - 1)].submissions

    def world_at(self, i: int) -> World:
        if not 0 <= i < len(self.seen):
            raise IndexError(f"no world {i} (0 to {len(self.seen) - 1})")
        return self.seen[i]

    def _keep(self, i: int, world: World) -> None:
        """Every seen world is kept already (:attr:`seen`)."""

    def undo(self):
        raise IndexError("a table on a server has no undo")


def _location(text: str) -> Location:
    """``1:par:S1901`` (a Location's own text)."""
    timeline, loc, turn = text.split(":")
    return Location(BoardKey(int(timeline), Turn.parse(turn)), loc)


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


# -- the match ------------------------------------------------------------------------------------
TIME_RAN_OUT = "Time ran out: your orders were submitted as they stood (units without orders hold)."
"""What a seat is told when the round's deadline ended its turn (RULES.md §6 "Deadlines")."""


@dataclass(frozen=True)
class Change:
    """What a message changed, for the window to show: ``what`` is ``world`` (a new view:
    redraw), ``record`` (a finished game's whole history: redraw), ``pending`` (the seat's
    orders), ``time ran out`` (the deadline ended the
    seat's turn: ``text`` says so), ``state`` (who is done, the deadline), ``offers`` (a
    civilisations game's offers: ``text`` says what is new),
    ``refused`` (``text`` says why), ``letter`` (a message arrived), ``proposal`` (a proposal
    to end the game opened or ended: ``text`` says it), ``judging`` (a thrown play-out's
    judging opened, moved or ended: ``text`` says its outcome), ``ended`` (the game ended:
    ``text`` says how) or ``nothing``. A ``world`` whose ``text`` is set names the civilisations the
    seat has just met (the map's colours and every list of nations change with them)."""
    what: str
    text: str = ""


class RemoteMatch(Match):
    """One seat (or a watcher) of a table on a server. ``send`` takes a coroutine
    function of the client and runs it on the network thread (:meth:`Link.call`)."""

    adjudicates = False

    def __init__(self, welcome: p.Welcome, view: p.View, send: Callable[[Callable], None]):
        try:
            variant = load_variant(welcome.variant or "standard")
        except ValueError as e:
            raise RemoteError(f"the table plays variant {welcome.variant!r}, which this computer does not have: "
                              f"{e}") from None
        self.welcome = welcome
        self.me = welcome.seat
        self._send = send
        self._outbox: list[tuple[str, str, int]] = []     # what the seat did, not yet sent
        self._out_lock = threading.Lock()
        # called (on the window's thread) when the queue gets its first item: a window sends
        # once its current event is handled, so what one click or paste did goes together;
        # None: at once
        self.wake: Callable[[], None] | None = None
        self._table_variant = variant
        self._variants: dict = {}          # a civilisations game: the variant of each list of those known
        world = self._world_of(view, None)
        if any(n not in world.variant.nations for n in welcome.nations):
            # a civilisations table whose server sends no civilisations in its views (an older one)
            raise RemoteError(f"this table plays civilisations its server does not describe to this window "
                              f"({', '.join(welcome.nations)}); play it with `python -m app join` in a terminal")
        self._boards_seen = SeenBoards(world, view)
        super().__init__(SeenRounds(world), seats_of(welcome, world.variant), fog=welcome.fog)
        if self.civ is not None:           # a civilisations game (RULES.md §10): offers go through the server
            self.civ = RemoteCivTable(self, lambda kind, text: self._post(kind, text))
            self.table.mail.rule = self.civ.may_write
        self.table_state: p.TableState | None = None
        self.table.proposals = RemoteProposals(self, self.me, lambda kind, text: self._post(kind, text))
        self.table.judging = RemoteJudging(self, self.me, self._post)
        # (seat, text, submissions before it): messages to this seat, opened; this seat's, this session
        self.letters: list[tuple[int, str, int]] = []
        self.written: list[tuple[int, str, int]] = []
        self.view_message = view
        self.ended_here = view.done       # this seat ended its turn itself this round (not its deadline)
        self.time_ran_out = False         # the round's deadline ended this seat's turn for it
        self._take_pending(view.pending, view.done)

    def _world_of(self, view: p.View, before: "SeenBoards | None") -> World:
        """The world ``view`` describes; in a civilisations game, with the civilisations the
        seat knows and their state as it may know it (:mod:`.remote_civ`)."""
        try:
            variant = seat_variant(self._table_variant, view, self._variants)
            return with_view_civ(world_from_view(variant, self.welcome.adjacency, view, before), view)
        except CivViewError as e:
            raise RemoteError(f"the server's view of the civilisations does not read: {e}") from None

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
    def add_order(self, order, seat=None):
        normal = super().add_order(order, seat)      # checked against the seat's view, shown at once
        self._post("order", _text(normal))
        return normal

    def remove_order(self, key, seat=None):
        old = super().remove_order(key, seat)
        if old is not None:
            self._post("remove", _text(old))
        return old

    def done(self, seat=None):
        """Ends this seat's turn at the server; the round is the server's to adjudicate."""
        if self.me is None:
            raise MatchError("a watcher has no turn to end")
        self._done.add(self.me)
        self.ended_here = True
        self._post("done", "")
        return None

    def write(self, to: int, text: str) -> None:
        """A message to seat ``to``, sealed to its computer's key by the client."""
        self.written.append((to, text, self.world.submissions))
        self._post("write", text, to)

    # -- the way out ----------------------------------------------------------------------------
    def _post(self, kind: str, text: str, to: int = 0) -> None:
        """Queue what the seat did, in order; one sender on the network thread takes
        whatever is queued when it runs, consecutive orders in one message (the computer's
        suggestions or pasted orders, dozens at once, would otherwise be a flood the server
        closes the connection for)."""
        with self._out_lock:
            self._outbox.append((kind, text, to))
            if len(self._outbox) > 1:
                return                  # a sender is on its way (or waits for the connection) and takes this too
        (self.wake or self.send_now)()

    def send_now(self) -> None:
        """Send what is queued (the window calls it once its current event is handled)."""
        self._send(self._flush)

    async def _flush(self, client: Client) -> None:
        """Send what is queued. Not connected: it stays queued, in order, for :meth:`resend`
        once the connection is made again (nothing the seat did is dropped on the way)."""
        with self._out_lock:
            items, self._outbox = self._outbox, []
        i = 0
        try:
            while i < len(items):
                kind, text, to = items[i]
                if kind == "order":
                    j = i
                    while j < len(items) and items[j][0] == "order":
                        j += 1
                    await client.orders([t for _, t, _ in items[i:j]])
                    i = j
                    continue
                if kind == "remove":
                    await client.remove(text)
                elif kind == "done":
                    await client.done()
                elif kind == "write":
                    await client.write(to, text)
                elif kind == "propose":
                    what, nation = text.split("\n")
                    await (client.concede(nation) if what == "concession" else client.propose_draw())
                elif kind == "vote":
                    await client.vote(text == "yes")
                elif kind == "judge":
                    await client.judge(text or None, to)
                elif kind == "offer":
                    await client.offer(**json.loads(text))
                elif kind == "answer":
                    offer, accept = text.split("\n")
                    await client.answer(int(offer), accept == "yes")
                elif kind == "map":
                    await client.ask_map(int(text))
                i += 1
        except ConnectionError:
            with self._out_lock:
                self._outbox = items[i:] + self._outbox
            raise

    def resend(self) -> None:
        """The connection is back: send what waited for it."""
        with self._out_lock:
            waiting = bool(self._outbox)
        if waiting:
            self.send_now()

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
        if isinstance(message, p.View):
            if not isinstance(self.game, SeenRounds):     # a finished game's record: it changes no more
                return Change("nothing")
            view = client.view if client is not None and client.view is not None else message
            world = self._world_of(view, self._boards_seen)
            self._boards_seen = SeenBoards(world, view)
            met = met_names(self.game.world, world)
            if world.variant is not self.game.variant:     # a civilisation met: named from now on
                self.game.variant = world.variant
            if self.game.receive(world):            # a new round: this seat has not ended it yet
                self.ended_here = self.time_ran_out = False
            self.view_message = view
            self._take_pending(view.pending, view.done)
            self.revision += 1
            return Change("world", "" if not met else f"You have met {', '.join(met)}." if world.phase != "over"
                          else f"The game is over: every civilisation is named now ({', '.join(met)}).")
        if isinstance(message, p.Pending):
            pending = client.view.pending if client is not None and client.view is not None else message.pending
            self._take_pending(pending, message.done)
            if message.done and not self.ended_here and not self.time_ran_out and self.me is not None:
                self.time_ran_out = True         # the server ended the turn: the deadline passed (RULES.md §6)
                return Change("time ran out", TIME_RAN_OUT)
            return Change("pending")
        if isinstance(message, p.TableState):
            self.table_state = message
            return Change("state")
        if isinstance(message, p.Refused):
            if client is not None and client.view is not None:    # what was shown at once goes: the server's stay
                self._take_pending(client.view.pending, client.view.done)
            return Change("refused", f"The server refused {message.text!r}: {message.reason}")
        if isinstance(message, p.Welcome):       # a connection made again: every message comes again
            self.letters = []
            if isinstance(self.civ, RemoteCivTable):
                self.civ.reconnected()
            return Change("nothing")
        if isinstance(message, p.Mail) and client is not None and client.invitation is not None:
            inv = client.invitation
            try:
                text = open_letter(message.box, inv.secret, inv.table, message.sender, inv.seat)
            except LetterError as e:
                text = f"(a message that does not open: {e})"
            self.letters.append((message.sender, text, message.submissions))
            return Change("letter")
        if isinstance(message, p.Record) and self.me is None:
            return self._take_record(message)
        if isinstance(message, p.ProposalState):
            self.table.proposals.take(message)
            return Change("proposal", message.outcome_text if message.number is None else message.text)
        if isinstance(message, p.JudgingState):
            return self._take_judging(message)
        if isinstance(message, p.GameEnded):
            self.table.proposals.take_ending(message)
            return Change("ended", message.text)
        if isinstance(message, p.Offers) and isinstance(self.civ, RemoteCivTable):
            return Change("offers", self.civ.take(message))
        if isinstance(message, p.MapView) and isinstance(self.civ, RemoteCivTable):    # a map received, as sent
            shown = p.View(table=message.table, submissions=0, phase="movement", boards=message.boards)
            world = world_from_view(self.game.variant, self.world.adjacency, shown)
            return Change("offers", self.civ.take_map(message.gift, as_old_map(world, self.world)))
        if isinstance(message, p.Kept):
            return Change("kept", f"Your message to {self.seats[message.to].name} is kept for them.")
        return Change("nothing")

    def _take_judging(self, state: p.JudgingState) -> Change:
        """A thrown play-out's judging (:mod:`.remote_judging`): ``text`` is a new outcome, or
        who this seat waits for once it has named."""
        before = self.table.judging.state
        self.table.judging.take(state)
        if state.outcome_at is not None and before is not None and before.outcome_at != state.outcome_at:
            return Change("judging", state.outcome_text)
        if state.at is not None and not state.must_name and state.waiting:
            names = ", ".join(self.seats[i].name for i in state.waiting if i < len(self.seats))
            return Change("judging", f"Your name is sealed: waiting for {names} to name the winner.")
        return Change("judging")

    def _take_record(self, record: p.Record) -> Change:
        """A finished game's whole record (a watcher's): its history replaces the rounds
        this window saw, so the history bar steps through every submission of the game."""
        try:
            game = game_from_record(record)
        except GameFileError as e:
            return Change("refused", f"The finished game's record cannot be read: {e}")
        ended = game.world.phase == "over" or self.table.proposals.ending is not None    # a victory, or agreed
        if not ended or set(game.world.boards) != set(self.world.boards):
            return Change("refused", "The finished game's record is not the game the server showed: "
                                     "its last world is kept, without the history.")
        self.game = game
        self.revision += 1
        return Change("record", f"The whole game, {len(game.submissions)} submissions: step or play through it "
                                "on the history bar.")

    def _take_pending(self, texts: list[str], done: bool) -> None:
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


def _text(order) -> str:
    from app.engine import format_order
    return format_order(order)


# -- the network thread --------------------------------------------------------------------------
class Link:
    """A :class:`Client` on a thread with its own event loop. ``deliver(item)`` is called on
    that thread with each message from the server and with ``("status", text)`` for each
    change of the connection's status; after :meth:`stop` it is called no more."""

    def __init__(self, client: Client, deliver: Callable[[object], None]):
        self.client = client
        self._deliver = deliver
        self._stopping = False
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._run, name="5d-net-client", daemon=True)
        client.on_message = lambda m: self._pass(m)
        client.on_status = lambda s: self._pass(("status", s))

    def _pass(self, item) -> None:
        if not self._stopping:
            self._deliver(item)

    def start(self) -> "Link":
        self.thread.start()
        return self

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self._task = task = self.loop.create_task(self.client.run())
        try:
            self.loop.run_until_complete(task)
        except asyncio.CancelledError:
            pass
        finally:
            self.loop.run_until_complete(self.loop.shutdown_asyncgens())
            self.loop.close()

    def call(self, action: Callable[[Client], object]) -> None:
        """Run ``action(client)`` (a coroutine) on the network thread; a failure (not
        connected) comes back through ``deliver`` as ``("error", text)``."""
        if self._stopping or self.loop.is_closed():
            return

        async def run():
            try:
                await action(self.client)
            except Exception as e:           # not connected, a message that cannot be sealed
                self._pass(("error", str(e) or type(e).__name__))
        try:
            asyncio.run_coroutine_threadsafe(run(), self.loop)
        except RuntimeError:                 # the loop closed meanwhile
            pass

    def stop(self, timeout: float = 10.0) -> None:
        """Close the connection and end the thread (waits for it)."""
        self._stopping = True
        if self.thread.is_alive():
            try:       # the connection closes as its task is cancelled (``async with connect``)
                self.loop.call_soon_threadsafe(self._task.cancel)
            except (RuntimeError, AttributeError):     # closed already, or not running yet
                pass
            self.thread.join(timeout)
