"""A headless client: a seat (with its invitation) or a watcher (a table's id), for tests,
the benchmark and ``python -m app join``. It keeps the last view and table state the server
sent, and a list of every message it received.

A connection lost by the network is made again by itself, waiting longer each time
(backoff: 0.2 s doubling to 5 s, with jitter); a connection the server closed on purpose
(the seat taken over, its invitation replaced, a refused invitation or a protocol fault)
is not: :attr:`closed` then says why.
"""

from __future__ import annotations

import asyncio
import random
import ssl
from typing import Callable

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from . import protocol as p
from .invitations import parse_invitation
from .judging_seal import name_key_text, sealed_name
from .letters import LetterError, open_letter, public_key_text, seal_letter
from .sealed_offers import gift_content, GiftError, offer_key, open_gift, seal_gift
from .sealed_votes import sealed_answer, vote_key
from .sealing import commitment, key_text, round_key, seal, SealError, unseal

FINAL = (1015, p.CLOSE_PROTOCOL, p.CLOSE_TAKEN_OVER, p.CLOSE_REVOKED, p.CLOSE_REFUSED, 1000, 1009)
"""Close codes after which coming back would not help."""


CLOSE_UNTRUSTED = 1015
"""RFC 6455's code for a failed TLS handshake: here, a certificate that is not trusted."""


def _server_url(server: str) -> str:
    return server if server.startswith(("ws://", "wss://")) else f"ws://{server}"


class Client:
    def __init__(self, *, invitation: str | None = None, server: str | None = None, table: str | None = None,
                 backoff: tuple[float, float] = (0.2, 5.0), on_message: Callable[[object], None] | None = None,
                 cafile: str | None = None):
        """``server``: HOST:PORT, or wss://HOST:PORT for one that speaks TLS. ``cafile``: the
        certificate(s) to trust for a TLS server besides the system's (a self-signed
        server's own): the certificate is always checked, never waved through."""
        self.invitation = None
        self.cafile = cafile
        if invitation is not None:
            inv = self.invitation = parse_invitation(invitation)
            self.url = inv.url
            self.hello = p.Hello(type="hello", invitation=invitation,
                                 public_key=public_key_text(inv.secret, inv.table, inv.seat),
                                 offer_key=offer_key(inv.secret, inv.table, inv.seat))
        elif server is not None and table is not None:
            self.url, self.hello = _server_url(server), p.Watch(type="watch", table=table)
        elif server is not None:
            self.url, self.hello = _server_url(server), p.Lobby(type="lobby")
        else:
            raise ValueError("a client needs an invitation, or a server (and a table to watch)")
        self.tls = self._tls()                          # checked now: a bad CA file is said at once
        self.backoff = backoff
        self.on_message = on_message
        self.messages: list[object] = []
        self.frames: list[str] = []                    # every frame as it came (what a privacy test reads)
        self.welcome: p.Welcome | None = None
        self.view: p.View | None = None
        self.state: p.TableState | None = None
        self.lobby: p.LobbyList | None = None
        self.status = "connecting"
        self.closed: tuple[int, str] | None = None     # the server's final close: code, reason
        self.connections = 0                           # how many times it connected
        self.sealed_orders: list[str] = []             # a sealed table: this seat's orders, kept here
        self.letters: list[tuple[int, str]] = []       # messages to this seat, opened: (sender, text)
        self.gifts: dict[int, tuple[str, str]] = {}      # sealed offers to this seat: id -> (gift, nonce)
        self.keys_sent: set[int] = set()               # judgings whose name key this connection sent
        self.on_status: Callable[[str], None] | None = None    # told each change of status (a window's bar)
        self._ws = None
        self._changed = asyncio.Condition()
        self._task: asyncio.Task | None = None

    def _tls(self) -> ssl.SSLContext | None:
        """wss://: a context that checks the certificate against the system's CAs and
        ``cafile``. Raises ValueError naming a CA file that cannot be read."""
        if not self.url.startswith("wss://"):
            return None
        context = ssl.create_default_context()
        if self.cafile:
            try:
                context.load_verify_locations(cafile=str(self.cafile))
            except (OSError, ssl.SSLError) as e:
                raise ValueError(f"the CA certificate file {self.cafile} cannot be read: "
                                 f"{getattr(e, 'strerror', None) or e}") from None
        return context

    # -- life --------------------------------------------------------------------------
    def start(self) -> asyncio.Task:
        self._task = asyncio.ensure_future(self.run())
        return self._task

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except asyncio.CancelledError:
                pass
        if self._ws is not None:
            await self._ws.close()

    async def run(self) -> None:
        delay = self.backoff[0]
        while self.closed is None:
            try:
                async with connect(self.url, max_size=p.MAX_SERVER_FRAME, compression=None,
                                   open_timeout=10, proxy=None, ssl=self.tls) as ws:
                    self._ws = ws
                    self.connections += 1
                    await ws.send(p.dump(self.hello))
                    delay = self.backoff[0]
                    await self._set_status("connected")
                    async for frame in ws:
                        self.frames.append(frame)
                        await self._received(p.read_server(frame))
                code, reason = ws.close_code, ws.close_reason
            except ConnectionClosed as e:
                code, reason = (e.rcvd.code, e.rcvd.reason) if e.rcvd is not None else (None, "")
            except ssl.SSLCertVerificationError as e:     # trying again would not make it trusted
                self.closed = (CLOSE_UNTRUSTED, f"the server's certificate is not trusted "
                                                f"({e.verify_message or e.reason}): give its CA certificate "
                                                "to trust it (--cafile)")
                await self._set_status(f"closed: {self.closed[1]}")
                return
            except (OSError, InvalidHandshake, TimeoutError):
                code, reason = None, ""
            except InvalidURI as e:
                code, reason = p.CLOSE_REFUSED, str(e)
            finally:
                self._ws = None
            if code in FINAL:
                self.closed = (code, reason)
                await self._set_status(f"closed: {reason}" if reason else "closed")
                return
            await self._set_status("reconnecting…")
            await asyncio.sleep(delay * random.uniform(0.8, 1.2))
            delay = min(delay * 2, self.backoff[1])

    async def _received(self, message) -> None:
        if isinstance(message, p.Offers):
            message = self._open_offers(message)
        self.messages.append(message)
        if isinstance(message, p.Welcome):
            self.welcome = message
            self.letters = []               # the server sends every message to the seat again after a welcome
            self.keys_sent = set()
        elif isinstance(message, p.View):
            if not message.full and self.view is not None:    # a change: the other boards stay as they were
                boards = {b["board"]: b for b in self.view.boards}
                boards.update((b["board"], b) for b in message.boards)
                message = message.model_copy(update={"boards": list(boards.values()), "full": True})
            self.view = message
        elif isinstance(message, p.Pending) and self.view is not None:
            self.view = self.view.model_copy(update={"pending": message.pending, "done": message.done,
                                                     "box": message.box})
        elif isinstance(message, p.Mail):
            inv = self.invitation
            try:
                text = open_letter(message.box, inv.secret, inv.table, message.sender, inv.seat)
            except LetterError as e:
                text = f"(a message that does not open: {e})"
            self.letters.append((message.sender, text))
        elif isinstance(message, p.RevealNow):            # every seat is done: open this seat's box
            await self.send(p.Reveal(type="reveal", key=key_text(self._key(message.submissions))))
        elif isinstance(message, p.RevealVote):           # every seat has answered: open this seat's answer
            inv = self.invitation
            key = vote_key(inv.secret, inv.table, inv.seat, message.proposal)
            await self.send(p.VoteKey(type="vote_key", proposal=message.proposal, key=key_text(key)))
        elif isinstance(message, p.JudgingState) and message.key_owed and message.at not in self.keys_sent:
            self.keys_sent.add(message.at)              # every seat has named: this seat's name opens
            inv = self.invitation
            await self.send(p.JudgeKey(type="judge_key", at=message.at,
                                       key=name_key_text(inv.secret, inv.table, inv.seat, message.at)))
        if self.sealed and isinstance(message, (p.View, p.Pending)):
            self._open_own_box()
        elif isinstance(message, p.TableState):
            self.state = message
        elif isinstance(message, p.LobbyList):
            self.lobby = message
        if self.on_message is not None:
            self.on_message(message)
        async with self._changed:
            self._changed.notify_all()

    async def _set_status(self, status: str) -> None:
        self.status = status
        if self.on_status is not None:
            self.on_status(status)
        async with self._changed:
            self._changed.notify_all()

    async def wait_for(self, condition: Callable[["Client"], bool], timeout: float = 30.0) -> None:
        """Until ``condition(self)`` holds after something arrived (TimeoutError after ``timeout``)."""
        async def wait():
            async with self._changed:
                await self._changed.wait_for(lambda: condition(self))
        await asyncio.wait_for(wait(), timeout)

    # -- a sealed table (app.net.sealing) ------------------------------------------------------
    @property
    def sealed(self) -> bool:
        return self.welcome is not None and self.welcome.sealed

    def _key(self, submissions: int) -> bytes:
        inv = self.invitation
        return round_key(inv.secret, inv.table, inv.seat, submissions)

    def _open_own_box(self) -> None:
        """The seat's orders are what its box, as the server keeps it, holds (none: none)."""
        box = self.view.box
        try:
            self.sealed_orders = unseal(self._key(self.view.submissions), box, self.invitation.table,
                                        self.invitation.seat, self.view.submissions) if box else []
        except SealError:
            self.sealed_orders = []
        self.view = self.view.model_copy(update={"pending": list(self.sealed_orders)})

    async def _reseal(self, orders: list[str]) -> None:
        submissions = self.view.submissions
        key = self._key(submissions)
        box = seal(key, orders, self.invitation.table, self.invitation.seat, submissions)
        await self.send(p.Seal(type="seal", box=box, commitment=commitment(key)))

    # -- what a seat does ------------------------------------------------------------------
    async def send(self, message) -> None:
        if self._ws is None:
            raise ConnectionError("not connected to the server")
        await self._ws.send(p.dump(message))

    async def order(self, text: str) -> None:
        """At a sealed table the order joins the seat's box (the server cannot read it, nor
        check it before the reveal); elsewhere the server checks it at once."""
        if self.sealed:
            self.sealed_orders = [o for o in self.sealed_orders if o != text] + [text]
            await self._reseal(self.sealed_orders)
        else:
            await self.send(p.AddOrder(type="order", text=text))

    async def orders(self, texts: list[str]) -> None:
        """Several orders at once, in as few messages as the frame limit allows."""
        if self.sealed:
            keep = [o for o in self.sealed_orders if o not in texts]
            self.sealed_orders = keep + list(texts)
            await self._reseal(self.sealed_orders)
            return
        batch: list[str] = []
        for text in texts:
            if batch and (len(batch) == 200 or sum(len(t) + 8 for t in batch + [text]) > p.MAX_CLIENT_FRAME // 2):
                await self.send(p.AddOrders(type="orders", texts=batch))
                batch = []
            batch.append(text)
        if batch:
            await self.send(p.AddOrders(type="orders", texts=batch))

    async def remove(self, text: str) -> None:
        if self.sealed:
            self.sealed_orders = [o for o in self.sealed_orders if o != text]
            await self._reseal(self.sealed_orders)
        else:
            await self.send(p.RemoveOrder(type="remove", text=text))

    async def write(self, to: int, text: str) -> None:
        """A message to seat ``to``, sealed to its key (it must have joined once)."""
        key = (self.state.public_keys if self.state is not None else {}).get(to)
        if key is None:
            raise LetterError(f"seat {to} has not joined yet: there is no key to seal a message to it")
        await self.send(p.Letter(type="letter", to=to, box=seal_letter(text, key, self.invitation.table,
                                                                        self.invitation.seat, to)))

    async def done(self) -> None:
        await self.send(p.Done(type="done"))

    # -- civilisations' offers and seats handed to the computer (added for issue 32) ----------
    @property
    def offers(self) -> p.Offers | None:
        """The last word on this seat's offers (a civilisations game), or None."""
        return next((m for m in reversed(self.messages) if isinstance(m, p.Offers)), None)

    async def offer(self, kind: str, giver: str, receiver: str, unit: str | None = None,
                    third: str | None = None) -> None:
        """Offer a gift (RULES.md §10): ``unit`` as timeline:province:turn, ``third`` the
        civilisation a contact gift introduces. At a sealed table an offer to a person's
        civilisation is sealed to its computer (:mod:`.sealed_offers`)."""
        key = self.offers.keys.get(receiver) if self.sealed and self.offers is not None else None
        if key is None:
            await self.send(p.MakeOffer(type="offer", kind=kind, giver=giver, receiver=receiver, unit=unit,
                                        third=third))
            return
        inv = self.invitation
        box, own, committed, _ = seal_gift(inv.table, giver, receiver, gift_content(kind, unit, third), key,
                                           self.hello.offer_key)
        await self.send(p.SealOffer(type="seal_offer", giver=giver, receiver=receiver, box=box, own=own,
                                    commitment=committed))

    async def answer(self, offer: int, accept: bool) -> None:
        """Accept or refuse an offer to this seat; a sealed one's acceptance shows the server
        the gift and its nonce, a refusal nothing."""
        if offer not in self.gifts:
            await self.send(p.AnswerOffer(type="answer", offer=offer, accept=accept))
            return
        content, nonce = self.gifts[offer] if accept else (None, None)
        await self.send(p.AnswerSealedOffer(type="answer_sealed", offer=offer, accept=accept, content=content,
                                            nonce=nonce))

    def _open_offers(self, message: p.Offers) -> p.Offers:
        """The sealed offers in ``message`` opened with this seat's key: each reads as one in
        the clear (``kind``, ``unit``, ``with``), its gift kept to accept it."""
        inv = self.invitation

        def opened(d: dict, receiving: bool) -> dict:
            if "box" not in d:
                return d
            out = {k: v for k, v in d.items() if k != "box"}
            try:
                fields, content, nonce = open_gift(d["box"], inv.secret, inv.table, inv.seat, d["from"], d["to"])
            except GiftError as e:
                return {**out, "kind": "", "reason": str(e)}
            if receiving:
                self.gifts[d["id"]] = (content, nonce)
            extra = {"unit": fields.get("unit"), "with": fields.get("third")}
            return {**out, "kind": fields.get("kind", ""), **{k: v for k, v in extra.items() if v is not None}}
        if inv is None:
            return message
        return message.model_copy(update={"to_answer": [opened(d, True) for d in message.to_answer],
                                          "made": [opened(d, False) for d in message.made]})

    async def ask_map(self, gift: int) -> None:
        """Ask for a map this seat received (the server answers with ``map``)."""
        await self.send(p.AskMap(type="ask_map", gift=gift))

    async def hand_over(self, seat: int) -> None:
        """Vote that ``seat``, away for a whole deadline, be played by the computer."""
        await self.send(p.HandOver(type="hand_over", seat=seat))

    # -- ending the game by agreement (RULES.md §11; added for issue 32) ----------------------
    @property
    def proposal(self) -> p.ProposalState | None:
        """The last word on proposals to end the game, as this seat may know it, or None."""
        return next((m for m in reversed(self.messages) if isinstance(m, p.ProposalState)), None)

    @property
    def ended(self) -> p.GameEnded | None:
        """How the game ended (to a seat or a watcher), or None while it goes on."""
        return next((m for m in reversed(self.messages) if isinstance(m, p.GameEnded)), None)

    async def propose_draw(self) -> None:
        """Propose a draw shared by every nation still in the game (and accept it)."""
        await self.send(p.Propose(type="propose", kind="draw"))

    async def concede(self, to: str) -> None:
        """Concede the game to nation ``to`` (the others still in the game answer)."""
        await self.send(p.Propose(type="propose", kind="concession", to=to))

    async def vote(self, accept: bool) -> None:
        """Answer the open proposal to end the game, sealed (:mod:`.sealed_votes`): the server
        asks for the key once every seat has answered, and this client sends it by itself."""
        told = self.proposal         # none open: the last one, which the server says has ended
        number = None if told is None else told.number or told.outcome_number
        if number is None:
            raise ValueError("there is no proposal to answer")
        inv = self.invitation
        box, committed = sealed_answer(inv.secret, inv.table, inv.seat, number, accept)
        await self.send(p.SealVote(type="seal_vote", proposal=number, box=box, commitment=committed))

    # -- judging a thrown play-out (RULES.md §9; app.net.judging) ------------------------------
    @property
    def judging(self) -> p.JudgingState | None:
        """The last word on the play-out's judging, as this seat may know it, or None."""
        return next((m for m in reversed(self.messages) if isinstance(m, p.JudgingState)), None)

    async def judge(self, nation: str | None, at: int) -> None:
        """Name ``nation`` the winner in the judging of submission ``at`` (None: name no winner,
        "Play on"), sealed: the key goes only once every seat has named (sent by itself)."""
        inv = self.invitation
        box, committed = sealed_name(inv.secret, nation, inv.table, inv.seat, at)
        await self.send(p.Judge(type="judge", at=at, box=box, commitment=committed))
