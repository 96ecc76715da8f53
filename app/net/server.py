"""The server: any number of tables over WebSockets (the ``websockets`` package: RFC 6455
framing, a size limit checked before a frame is read, ping/keepalive, asyncio).

Each table is an :class:`app.match.Match` the server holds and adjudicates with the engine;
a client only says what its seat does (an order, taking one back, done) and receives what
its seat may see (:mod:`.views`). Every accepted action is stored (:mod:`.store`) before it
is answered; when every seat is done the round runs on a worker thread (a computer seat's
decision never blocks the other tables) and each connection receives its new view.

A connection whose message is malformed, oversized, out of order or one of a flood is
closed with a reason naming its fault; the others are served as before.

This module holds the server's life, the holder's verbs, a connection's greeting and its
seat's orders, and the rounds; its other parts are mixins beside it: :mod:`.server_talk`
(messages, hand-overs, offers, proposals, judging, the game's end), :mod:`.server_deadlines`,
:mod:`.server_votes` (sealed answers) and :mod:`.server_offers` (sealed offers). A table
as it is held is :class:`.table.Table`.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from typing import Callable

from websockets.asyncio.server import serve, ServerConnection
from websockets.exceptions import ConnectionClosed

from app.match import Match, MatchError, OrderRefused, order_key

from . import protocol as p
from .sealed_round import SealedRound
from .sealing import SealError
from .invitations import Invitation, InvitationError, matches, new_invitation, parse_invitation
from .store import Action, packed_save, Store, StoreError
from .away import take_back
from .civ_maps import map_answer
from .server_offers import SealedOffering
from .serving_lock import ServingLock
from .rounds import Rounds
from .worker import LATER
from .connection_limits import BURST, Closing, HELLO_TIMEOUT, RATE, RateLimit, send_quietly  # noqa: F401 (BURST: tests read it here)
from .record import record_message
from .endings import ending_message, proposal_message, the_ending
from .server_votes import SealedVoting
from .server_deadlines import Deadlines
from .server_talk import TableTalk
from .table import sealed_box, stored_table, Table  # noqa: F401 (stored_table: read here by the CLI and tests)
from .views import (BoardCodes, may_watch, pending_message, seat_message, Sent, update_frames, watcher_message,
                    welcome_fields)

log = logging.getLogger(__name__)


def _failed(table_id: str, e: StoreError) -> Closing:
    """A seat's join the server could not keep (its database refused the write): the whole
    error to the server's log, and to the seat what failed without the database's path (a
    close reason holds 123 bytes)."""
    log.error("table %s: a seat's join could not be kept: %s", table_id, e)
    return Closing(1011, e.why)


CLOSE_TIMEOUT = 1.0
"""Seconds the server waits for a client to answer its close frame: a flooding client's
answer waits behind its unread messages, and the reason has been sent already."""
REVEAL_TIMEOUT = 60.0
"""Seconds a sealed table's seats have to reveal their keys once every seat is done: a seat
whose computer is not there by then holds (RULES.md §6). The voters on a proposal have as
long to reveal their sealed answers (:mod:`.server_votes`)."""
STATE_DELAY = 0.2
"""Seconds a table's "who is done" waits before it goes to every seat: seats that end their
turn together are told of in one message each, not one per seat that ended (at a table of
seven, 49 messages a round became a handful; sending them was the server's largest cost)."""
class Server(SealedVoting, SealedOffering, Deadlines, TableTalk):
    """``await start()`` binds (``port`` 0: a free one, then read :attr:`port`) and resumes
    every stored table; ``await stop()`` closes every connection and the database."""

    def __init__(self, store: Store, host: str = "127.0.0.1", port: int = 8765, *,
                 clock: Callable[[], float] = time.monotonic, advertise: str | None = None, ssl=None,
                 reveal_timeout: float | None = REVEAL_TIMEOUT):
        self.store, self.host, self.port, self.clock, self.ssl = store, host, port, clock, ssl
        self.reveal_timeout = reveal_timeout    # seconds seats have to reveal (None: until finish_reveal)
        self.advertise = advertise          # HOST:PORT written in invitations (default: where it listens)
        self.tables: dict[str, Table] = {}
        self._server = None
        self.rounds_running = 0
        self._quick: Rounds | None = None     # where rounds run (.rounds), then saves
        self._lock: ServingLock | None = None    # held from start to stop: one server per database

    # -- life --------------------------------------------------------------------------
    async def start(self) -> None:
        """Serve: raises :class:`~.serving_lock.ServedElsewhere` when another server holds
        the database, ``OSError`` when the address cannot be listened on."""
        self._lock = ServingLock(self.store.path)
        try:
            await self._start()
        except BaseException:
            self._lock.release()
            raise

    async def _start(self) -> None:
        self.load_new_tables()
        self.store.start_writer()
        self._quick = Rounds()
        self._server = await serve(self._connection, self.host, self.port, max_size=(p.MAX_CLIENT_FRAME, None),
                                   ssl=self.ssl, compression=None, close_timeout=CLOSE_TIMEOUT)
        self.port = self._server.sockets[0].getsockname()[1]
        for table in self.tables.values():          # killed after the last seat's done, before its round
            if table.match.round_complete and table.match.world.phase != "over" and \
                    not table.judging.is_open(table.match):       # (else the round waits for the names)
                async with table.lock:
                    await self._round_complete(table)
            else:
                self._start_deadline(table, resume=True)

    def load_new_tables(self) -> None:
        """Tables the database holds that this server has not read yet (all of them at start;
        later, those ``python -m app table new`` added while it runs)."""
        for stored in self.store.tables():
            if stored.id not in self.tables:
                table = self.tables[stored.id] = stored_table(stored, self.store)
                if self._server is not None:        # added while this server runs: its clock starts
                    self._start_deadline(table, resume=True)

    def _table(self, table: str) -> Table | None:
        if table not in self.tables:
            self.load_new_tables()
        return self.tables.get(table)

    async def stop(self) -> None:
        for table in self.tables.values():        # no clock outlives the server
            for timer in (table.deadline_timer, table.reveal_timer, table.state_timer, table.vote_timer):
                if timer is not None:
                    timer.cancel()
            table.deadline_timer = table.reveal_timer = table.state_timer = table.vote_timer = None
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
            self._server = None
        if self._quick is not None:
            self._quick.stop()
            self._quick = None
        if self._lock is not None:
            self._lock.release()

    async def serve_forever(self) -> None:
        await self._server.serve_forever()

    @property
    def address(self) -> str:
        return self.advertise or f"{self.host}:{self.port}"

    # -- the holder's verbs ----------------------------------------------------------------
    def add_table(self, match: Match, name: str, sealed: bool = False,
                  round_seconds: float | None = None) -> tuple[str, list[Invitation]]:
        """A new table playing ``match`` (a new game or a saved one); one invitation per
        person seat (the only time its secret is seen: the server keeps its hash).
        ``sealed``: the seats' computers seal their pending orders (:mod:`.sealing`);
        ``round_seconds``: each round's deadline (run by a running server)."""
        table = self.store.add_table(match, name, sealed, round_seconds)
        self.tables[table] = Table(table, name, match, sealed=SealedRound() if sealed else None,
                                   round_seconds=round_seconds)
        if self._server is not None:
            self._start_deadline(self.tables[table])
        return table, [self.reissue(table, i) for i, s in enumerate(match.seats) if s.is_person]

    def reissue(self, table: str, seat: int) -> Invitation:
        """A new invitation for the seat; the old one stops working, and a connection that
        joined with it is closed, told why."""
        t = self.tables[table]
        if not 0 <= seat < len(t.match.seats):
            raise ValueError(f"table {table} has no seat {seat}")
        invitation = issue(self.store, f"wss://{self.address}" if self.ssl else self.address, table, seat)  # 5ds://
        old = t.seats.pop(seat, None)
        if old is not None:
            asyncio.ensure_future(old.close(p.CLOSE_REVOKED, "the host replaced this seat's invitation"))
        return invitation

    # -- a connection --------------------------------------------------------------------
    async def _connection(self, ws: ServerConnection) -> None:
        limit = RateLimit(self.clock)
        table: Table | None = None
        seat: int | None = None
        try:
            try:
                first = await asyncio.wait_for(ws.recv(), HELLO_TIMEOUT)
            except TimeoutError:
                raise Closing(p.CLOSE_PROTOCOL, f"no hello within {HELLO_TIMEOUT:.0f} s") from None
            limit.allow()
            table, seat, digest = await self._greet(ws, self._read(first))
            async for frame in ws:
                if not limit.allow():
                    raise Closing(p.CLOSE_PROTOCOL, f"too many messages (more than {RATE:.0f} a second)")
                message = self._read(frame)
                if seat is None:
                    raise Closing(p.CLOSE_PROTOCOL, f"out of order: a watcher sends nothing after watch "
                                                    f"(got {message.type})")
                if not isinstance(message, p.SEAT_MESSAGES):
                    raise Closing(p.CLOSE_PROTOCOL, f"out of order: {message.type} after this connection's hello")
                if table.seats.get(seat) is not ws:       # taken over or revoked: nothing more from it
                    return
                if self.store.digest(table.id, seat) != digest:    # re-issued by another process
                    raise Closing(p.CLOSE_REVOKED, "the host replaced this seat's invitation")
                await self._act(table, seat, ws, message)
        except Closing as c:
            await ws.close(c.code, c.reason[:120])
        except ConnectionClosed:
            pass
        finally:
            if table is not None:
                table.watchers.discard(ws)
                table.sent.pop(ws, None)
                if seat is not None and table.seats.get(seat) is ws:
                    del table.seats[seat]
                    self._tell_soon(table)

    @staticmethod
    def _read(frame) -> object:
        try:
            return p.read_client(frame)
        except p.ProtocolError as e:
            raise Closing(p.CLOSE_PROTOCOL, f"malformed message: {e}") from None

    async def _greet(self, ws: ServerConnection, message) -> tuple[Table, int | None, str | None]:
        """Who the connection is: (its table, its seat or None for a watcher, the digest of
        the invitation it joined with)."""
        if isinstance(message, p.Lobby):
            self.load_new_tables()
            await ws.send(p.dump(p.LobbyList(tables=[t.lobby_entry() for t in self.tables.values()])))
            raise Closing(1000, "the lobby was sent")
        if isinstance(message, p.Watch):
            table = self._table(message.table)
            if table is None:
                raise Closing(p.CLOSE_REFUSED, f"no table {message.table} on this server")
            if (why := may_watch(table.match)) is not None:
                raise Closing(p.CLOSE_REFUSED, why)
            await ws.send(p.dump(p.Welcome(table=table.id, seat=None, fog=table.match.fog,
                                           **welcome_fields(table.match))))
            async with table.lock:
                table.sent[ws] = Sent()
                await ws.send(p.dump(watcher_message(table.match, table.id, table.sent[ws], table.codes)))
                if (ending := the_ending(table.match)) is not None:     # first: how the record ends
                    await ws.send(p.dump(ending_message(table.id, ending)))
                if (record := record_message(table.match, table.id)) is not None:    # a finished game, whole
                    await ws.send(p.dump(record))
                table.watchers.add(ws)
            return table, None, None
        if not isinstance(message, p.Hello):
            raise Closing(p.CLOSE_PROTOCOL, f"out of order: {message.type} before hello, watch or lobby")
        try:
            inv = parse_invitation(message.invitation)
        except InvitationError as e:
            raise Closing(p.CLOSE_REFUSED, str(e)) from None
        table = self._table(inv.table)
        if table is None or not matches(self.store.digest(inv.table, inv.seat), inv.table, inv.seat, inv.secret):
            raise Closing(p.CLOSE_REFUSED, "this invitation does not open that seat (wrong, or replaced by the host)")
        seat, m = inv.seat, table.match
        async with table.lock:
            try:
                await self._take_keys(table, seat, message)
            except StoreError as e:
                raise _failed(table.id, e) from None
            if not m.seats[seat].is_person:      # handed to the computer: its invitation takes it back
                try:
                    await self.store.keep_actions(table.id, [Action(seat, "take", "")])
                except StoreError as e:
                    raise _failed(table.id, e) from None
                take_back(m, seat)
            table.seen.add(seat)
            table.away.discard(seat)
            table.votes.pop(seat, None)
            earlier = table.seats.get(seat)
            table.seats[seat] = ws
            if earlier is not None:
                await earlier.close(p.CLOSE_TAKEN_OVER, "this seat was joined again from another connection")
            s = m.seats[seat]
            await ws.send(p.dump(p.Welcome(table=table.id, seat=seat, seat_name=s.name, nations=list(s.nations),
                                           fog=m.fog, sealed=table.sealed is not None,
                                           **welcome_fields(m, seat))))
            table.sent[ws] = Sent()
            await ws.send(p.dump(seat_message(m, table.id, seat, table.sent[ws], sealed_box(table, seat), table.codes)))
            if m.civ is not None:
                await ws.send(p.dump(self._offers_of(table, seat)))
            for sender, box, submissions in self.store.letters_to(table.id, seat):
                await ws.send(p.dump(p.Mail(table=table.id, sender=sender, box=box, submissions=submissions)))
            if table.sealed is not None and table.sealed.revealing and seat in table.sealed.waiting:
                await ws.send(p.dump(p.RevealNow(table=table.id, submissions=len(m.game.submissions))))
            if m.table.proposals.open is not None or m.table.proposals.last is not None:
                answered = table.votes_sealed.answered_to(m.table.proposals)
                await ws.send(p.dump(proposal_message(m, table.id, seat, answered)))
                await self._ask_vote_keys(table, {seat})
            if (ending := the_ending(m)) is not None:
                await ws.send(p.dump(ending_message(table.id, ending)))
            if table.judging.speaks_to(m):
                await ws.send(p.dump(table.judging.message(m, table.id, seat)))
        await self._tell_all(table, table.state())
        return table, seat, inv.digest()

    async def _act(self, table: Table, seat: int, ws: ServerConnection, message) -> None:
        async with table.lock:
            m = table.match
            if isinstance(message, p.Reveal):
                await self._reveal(table, seat, ws, message)
                return
            if isinstance(message, p.Letter):
                await self._letter(table, seat, ws, message)
                return
            if isinstance(message, (p.MakeOffer, p.AnswerOffer)):
                await self._offer(table, seat, ws, message)
                return
            if isinstance(message, (p.SealOffer, p.AnswerSealedOffer)):
                sealed_offer = self._seal_offer if isinstance(message, p.SealOffer) else self._answer_sealed
                await sealed_offer(table, seat, ws, message)
                return
            if isinstance(message, p.AskMap):          # a map received (app.net.civ_maps): read, nothing kept
                await ws.send(p.dump(map_answer(m, table.id, seat, message)))
                return
            if isinstance(message, p.HandOver):
                await self._hand_over_vote(table, seat, ws, message.seat)
                return
            if isinstance(message, p.Propose):
                await self._proposal(table, seat, ws, message)
                return
            if isinstance(message, (p.SealVote, p.VoteKey, p.Vote)):
                await (self._seal_vote if isinstance(message, p.SealVote) else self._vote_key)(table, seat, ws, message)
                return
            if isinstance(message, (p.Judge, p.JudgeKey)):
                await self._judging(table, seat, ws, message)
                return
            if table.sealed is not None and isinstance(message, (p.AddOrder, p.AddOrders, p.RemoveOrder)):
                await ws.send(p.dump(p.Refused(text=getattr(message, "text", "orders"), reason="this table keeps orders sealed: your "
                                                                          "computer seals them before they are sent")))
                return
            if table.sealed is None and isinstance(message, p.Seal):
                raise Closing(p.CLOSE_PROTOCOL, "out of order: seal at a table whose orders are not sealed")
            if m.is_done(seat) or not m.has_work(seat):
                why = "this seat has ended its turn" if m.is_done(seat) else "this seat has nothing to order now"
                await ws.send(p.dump(p.Refused(text=getattr(message, "text", message.type), reason=why)))
                return
            try:
                if isinstance(message, p.AddOrders):
                    await self._add_orders(table, seat, ws, message.texts)
                    return
                if isinstance(message, p.AddOrder):
                    before = m.pending_items(seat)
                    normal = m.add_text(message.text, seat)
                    await self._keep(table, Action(seat, "order", message.text),
                               undo=lambda: _restore(m, seat, order_key(normal), before))
                elif isinstance(message, p.RemoveOrder):
                    key = order_key(m.read_order(message.text, seat))
                    old = m.remove_order(key, seat)
                    await self._keep(table, Action(seat, "remove", message.text),
                               undo=lambda: old is not None and m.add_order(old, seat))
                elif isinstance(message, p.Seal):
                    await self._keep(table, Action(seat, "seal", json.dumps([message.box, message.commitment])),
                                     undo=None)
                    table.sealed.seal(seat, message.box, message.commitment)
                else:       # nothing can refuse it now: kept first, then done
                    await self._keep(table, Action(seat, "done", ""), undo=None)
                    m.end_turn(seat)
            except (OrderRefused, MatchError, StoreError) as e:
                await ws.send(p.dump(p.Refused(text=getattr(message, "text", message.type), reason=str(e))))
                return
            await ws.send(p.dump(pending_message(m, table.id, seat, sealed_box(table, seat))))
            if isinstance(message, p.Done):
                if not m.round_complete:
                    self._tell_soon(table)
                else:
                    await self._round_complete(table)

    async def _round_complete(self, table: Table) -> None:
        """Every seat is done: adjudicate, or at a sealed table first ask for the keys."""
        if table.match.world.phase == "over":       # ended by agreement: nothing more to adjudicate
            return
        if table.judging.is_open(table.match):      # a play-out's seats name the winner first (.judging)
            return
        sealed = table.sealed
        if sealed is None or not sealed.waiting:
            await self._adjudicate(table)
            return
        sealed.revealing = True
        frame = p.dump(p.RevealNow(table=table.id, submissions=len(table.match.game.submissions)))
        for seat in sealed.waiting:
            if seat in table.seats:
                await send_quietly(table.seats[seat], frame)
        if self.reveal_timeout is not None and table.reveal_timer is None:
            loop = asyncio.get_running_loop()
            table.reveal_timer = loop.call_later(self.reveal_timeout,
                                                 lambda: asyncio.ensure_future(self.finish_reveal(table.id)))

    async def _tell_everyone(self, table: Table, message) -> None:
        """Every seat and every watcher."""
        frame = p.dump(message)
        for ws in list(table.seats.values()) + list(table.watchers):
            await send_quietly(ws, frame)

    async def _reveal(self, table: Table, seat: int, ws: ServerConnection, message) -> None:
        sealed = table.sealed
        if sealed is None or not sealed.revealing:
            raise Closing(p.CLOSE_PROTOCOL, "out of order: reveal before the server asked for it")
        try:
            orders = sealed.open(table.match, table.id, seat, message.key)
            await self.store.keep_actions(table.id, [Action(seat, "reveal", message.key)])
        except (SealError, StoreError) as e:
            await ws.send(p.dump(p.Refused(text="reveal", reason=str(e))))
            return
        refused = sealed.apply(table.match, seat, orders)
        for reason in refused:
            await ws.send(p.dump(p.Refused(text="reveal", reason=reason)))
        if not sealed.waiting:
            await self._adjudicate(table)

    async def _add_orders(self, table: Table, seat: int, ws: ServerConnection, texts: list[str]) -> None:
        """Each order checked; the accepted ones kept in one transaction (or none of them)."""
        m = table.match
        before = m.pending_items(seat)
        accepted, refused = [], []
        for text in texts:
            try:
                m.add_text(text, seat)
                accepted.append(Action(seat, "order", text))
            except OrderRefused as e:
                refused.append(p.Refused(text=text, reason=e.reason))
        if accepted:
            try:
                await self.store.keep_actions(table.id, accepted)
            except StoreError as e:
                for key in list(m.pending_items(seat)):
                    m.remove_order(key, seat)
                for order in before.values():
                    m.add_order(order, seat)
                refused = [p.Refused(text=a.text, reason=str(e)) for a in accepted] + refused
        for r in refused:
            await ws.send(p.dump(r))
        await ws.send(p.dump(pending_message(m, table.id, seat, sealed_box(table, seat))))

    async def _keep(self, table: Table, action: Action, undo) -> None:
        try:
            await self.store.keep_actions(table.id, [action])
        except StoreError:
            if undo is not None:            # what the database did not keep did not happen
                undo()
            raise

    async def _adjudicate(self, table: Table) -> None:
        """Run the round (computer seats decide; :mod:`.rounds` says where); store and send it."""
        m = table.match
        if table.reveal_timer is not None:
            table.reveal_timer.cancel()
            table.reveal_timer = None
        rnd = m.prepare()
        self.rounds_running += 1
        try:
            await self._quick.adjudicate(table.id, rnd)     # on the loop, the worker or a thread (.rounds)
        finally:
            self.rounds_running -= 1
        proposal_was_open = m.table.proposals.open is not None
        m.commit(rnd)
        table.codes = BoardCodes()      # a new round: the encodings kept are this round's only
        if table.sealed is not None:
            table.sealed.clear()
        self._start_deadline(table)
        # The views go out first; then the save is made off the event loop (a big world's takes
        # a while) and kept. The table's lock is held until it is kept, so no later action of
        # this table is stored before it; a server killed in between adjudicates the same round
        # again at its restart (every seat's done is kept), and its clients see the same world.
        await self._send_views(table)
        if (ending := the_ending(m)) is not None:     # the game ended: everyone is told how, first
            await self._tell_everyone(table, ending_message(table.id, ending))
        record = record_message(m, table.id)          # ... and its watchers get it whole
        if record is not None:
            for ws in list(table.watchers):
                await send_quietly(ws, p.dump(record))
        if m.civ is not None:           # computer civilisations offer after a round
            for seat, ws in list(table.seats.items()):
                await send_quietly(ws, p.dump(self._offers_of(table, seat)))
        if proposal_was_open:           # the adjudication ended it unagreed
            await self._tell_proposal(table)
        if table.judging.sync(m):       # a play-out's season: every seat names the winner
            await self._tell_judging(table)
        await self._tell_all(table, table.state())
        try:
            await self.store.keep_round(table.id, await self._quick.run(LATER, packed_save, m))
        except StoreError as e:
            log.error("table %s: the adjudicated round was not stored: %s", table.id, e)

    async def _send_views(self, table: Table, watchers: bool = True, quiet: frozenset[int] = frozenset()) -> None:
        """Each connection's view, as a change from what it was sent; the ``quiet`` seats
        only if a board of theirs changed (nothing tells them that something happened elsewhere)."""
        m = table.match
        targets = [(ws, seat, table.sent.setdefault(ws, Sent()), sealed_box(table, seat))
                   for seat, ws in list(table.seats.items())]
        if watchers:
            targets += [(ws, None, table.sent.setdefault(ws, Sent()), None) for ws in list(table.watchers)]
        for (ws, seat, *_), (frame, boards) in zip(targets, update_frames(m, table.id, targets, table.codes)):
            if boards or seat not in quiet:
                await send_quietly(ws, frame)

    def _tell_soon(self, table: Table) -> None:
        """The table's state to every seat in :data:`STATE_DELAY` (with whatever else changes by then)."""
        if table.state_timer is None:
            table.state_timer = asyncio.get_running_loop().call_later(
                STATE_DELAY, lambda: asyncio.ensure_future(self._tell_state_now(table)))

    async def _tell_state_now(self, table: Table) -> None:
        table.state_timer = None
        await self._tell_all(table, table.state())

    async def _tell_all(self, table: Table, message) -> None:
        if isinstance(message, p.TableState) and table.state_timer is not None:    # this one says it all
            table.state_timer.cancel()
            table.state_timer = None
        frame = p.dump(message)
        for ws in list(table.seats.values()):
            await send_quietly(ws, frame)




def _restore(m: Match, seat: int, key, before: dict) -> None:
    m.remove_order(key, seat)
    if key in before:
        m.add_order(before[key], seat)


def issue(store: Store, address: str, table: str, seat: int) -> Invitation:
    """A new invitation for the seat, its hash stored (the old one stops working)."""
    invitation = new_invitation(address, table, seat)
    store.set_digest(table, seat, invitation.digest())
    return invitation
