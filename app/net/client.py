"""A headless client: a seat (with its invitation) or a watcher (a table's id), for tests,
the benchmark, ``python -m app join`` and a window (on a thread: :mod:`.link`). It keeps
the last view and table state the server sent, and a list of every message it received;
its methods are what a seat does at the table.

The connection (connecting, TLS, its status, coming back after the network lost it) is
:mod:`.client_connection`'s; what the seat seals and opens, :mod:`.seat_seals`'.
"""

from __future__ import annotations

from typing import Callable

from . import protocol as p
from .client_connection import Connection, server_url
from .invitations import parse_invitation
from .letters import LetterError
from .seat_seals import SeatSeals
from .sealing import SealError


class Client(Connection):
    """A seat's client (``invitation``), a watcher's (``server`` and ``table``) or the
    lobby's (``server`` alone). Its connection is its base class's, so whoever waits on it
    (:meth:`wait_for`) asks the client itself what has arrived."""

    def __init__(self, *, invitation: str | None = None, server: str | None = None, table: str | None = None,
                 backoff: tuple[float, float] = (0.2, 5.0), on_message: Callable[[object], None] | None = None,
                 cafile: str | None = None):
        """``server``: HOST:PORT, or wss://HOST:PORT for one that speaks TLS. ``cafile``: the
        certificate(s) to trust for a TLS server besides the system's (a self-signed
        server's own): the certificate is always checked, never waved through."""
        self.invitation = None
        self.seals: SeatSeals | None = None            # a seat's (a watcher has none)
        if invitation is not None:
            inv = self.invitation = parse_invitation(invitation)
            self.seals = SeatSeals(inv)
            url, hello = inv.url, self.seals.hello(invitation)
        elif server is not None and table is not None:
            url, hello = server_url(server), p.Watch(type="watch", table=table)
        elif server is not None:
            url, hello = server_url(server), p.Lobby(type="lobby")
        else:
            raise ValueError("a client needs an invitation, or a server (and a table to watch)")
        super().__init__(url, hello, backoff, cafile)
        self.on_message = on_message
        self.messages: list[object] = []
        self.welcome: p.Welcome | None = None
        self.view: p.View | None = None
        self.state: p.TableState | None = None
        self.lobby: p.LobbyList | None = None
        self.sealed_orders: list[str] = []             # a sealed table: this seat's orders, kept here
        self.letters: list[tuple[int, str]] = []       # messages to this seat, opened: (sender, text)
        self.gifts: dict[int, tuple[str, str]] = {}      # sealed offers to this seat: id -> (gift, nonce)
        self.keys_sent: set[int] = set()               # judgings whose name key this connection sent

    async def received(self, message) -> None:
        if isinstance(message, p.Offers) and self.seals is not None:
            message = self.seals.open_offers(message, self.gifts)
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
            self.letters.append((message.sender, self.seals.open_letter(message)))
        elif isinstance(message, p.RevealNow):            # every seat is done: open this seat's box
            await self.send(self.seals.reveal(message.submissions))
        elif isinstance(message, p.RevealVote):           # every seat has answered: open this seat's answer
            await self.send(self.seals.vote_key(message.proposal))
        elif isinstance(message, p.JudgingState) and message.key_owed and message.at not in self.keys_sent:
            self.keys_sent.add(message.at)              # every seat has named: this seat's name opens
            await self.send(self.seals.name_key(message.at))
        if self.sealed and isinstance(message, (p.View, p.Pending)):
            self._open_own_box()
        elif isinstance(message, p.TableState):
            self.state = message
        elif isinstance(message, p.LobbyList):
            self.lobby = message
        if self.on_message is not None:
            self.on_message(message)

    # -- a sealed table (app.net.sealing) ------------------------------------------------------
    @property
    def sealed(self) -> bool:
        return self.welcome is not None and self.welcome.sealed

    def _open_own_box(self) -> None:
        """The seat's orders are what its box, as the server keeps it, holds (none: none)."""
        box = self.view.box
        try:
            self.sealed_orders = self.seals.open_orders(box, self.view.submissions) if box else []
        except SealError:
            self.sealed_orders = []
        self.view = self.view.model_copy(update={"pending": list(self.sealed_orders)})

    async def _reseal(self, orders: list[str]) -> None:
        await self.send(self.seals.sealed_orders(orders, self.view.submissions))

    # -- what a seat does ------------------------------------------------------------------
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
        await self.send(self.seals.letter(to, text, key))

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
        await self.send(self.seals.offer(kind, giver, receiver, unit, third, key))

    async def answer(self, offer: int, accept: bool) -> None:
        """Accept or refuse an offer to this seat; a sealed one's acceptance shows the server
        the gift and its nonce, a refusal nothing."""
        if offer not in self.gifts:
            await self.send(p.AnswerOffer(type="answer", offer=offer, accept=accept))
            return
        content, nonce = self.gifts[offer] if accept else (None, None)
        await self.send(p.AnswerSealedOffer(type="answer_sealed", offer=offer, accept=accept, content=content,
                                            nonce=nonce))

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
        await self.send(self.seals.vote(number, accept))

    # -- judging a thrown play-out (RULES.md §9; app.net.judging) ------------------------------
    @property
    def judging(self) -> p.JudgingState | None:
        """The last word on the play-out's judging, as this seat may know it, or None."""
        return next((m for m in reversed(self.messages) if isinstance(m, p.JudgingState)), None)

    async def judge(self, nation: str | None, at: int) -> None:
        """Name ``nation`` the winner in the judging of submission ``at`` (None: name no winner,
        "Play on"), sealed: the key goes only once every seat has named (sent by itself)."""
        await self.send(self.seals.name(nation, at))
