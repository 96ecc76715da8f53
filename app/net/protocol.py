"""The messages between a client and the server: one JSON object per WebSocket text frame,
each with the protocol's version ``v`` and a ``type``, checked by pydantic models that
forbid unknown fields and bound every string. Whatever does not read as one of these is
a :class:`ProtocolError` naming what is wrong; the server closes that connection with it.

A connection's first message says who it is (``hello`` with a seat's invitation,
``watch`` with a table's id, or ``lobby``); a seat then sends ``order``, ``remove`` and
``done``. The server answers with ``welcome``, ``view`` (the world as the connection may
see it and, for a seat, its own pending orders), ``pending`` (the seat's own pending orders once changed), ``refused`` (an order the game refuses:
the connection stays open), ``lobby`` and ``table`` (who is done).

What only the seat's computer may read travels sealed: a sealed table's orders (``seal``,
then ``reveal`` when asked), messages (``letter``), answers to a proposal to end the game
(``seal_vote``, then ``vote_key`` when ``reveal_vote`` asks), and a sealed table's offers
between people (``seal_offer``; ``answer_sealed`` shows the gift only to accept it).
"""

from __future__ import annotations

import json
from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from .letters import MAX_LETTER_BOX

PROTOCOL_VERSION = 1
MAX_CLIENT_FRAME = 16 * 1024
"""Bytes in one message from a client: an order is at most a few hundred; the WebSocket
layer refuses a larger frame before it is read (close code 1009)."""
MAX_SERVER_FRAME = 64 * 1024 * 1024
"""Bytes in one message from the server (a whole large world's view)."""

CLOSE_PROTOCOL = 1008          # RFC 6455 "policy violation": malformed, out of order, flooding
CLOSE_TAKEN_OVER = 4001        # the seat was joined again from another connection
CLOSE_REVOKED = 4002           # the seat's invitation was re-issued
CLOSE_REFUSED = 4003           # an invitation or table the server does not know; a watch not allowed

Text = Annotated[str, Field(max_length=600)]


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    v: Literal[1] = PROTOCOL_VERSION


# -- from a client ---------------------------------------------------------------------------
class Hello(_Message):
    """Take the seat the invitation names (again, from anywhere)."""
    type: Literal["hello"]
    invitation: Annotated[str, Field(min_length=10, max_length=300)]
    public_key: Annotated[str, Field(max_length=64, pattern=r"^[A-Za-z0-9+/=]*$")] | None = None   # messages to it
    offer_key: Annotated[str, Field(max_length=64, pattern=r"^[A-Za-z0-9+/=]*$")] | None = None    # sealed offers


class Watch(_Message):
    type: Literal["watch"]
    table: Annotated[str, Field(min_length=1, max_length=40)]


class Lobby(_Message):
    type: Literal["lobby"]


class AddOrder(_Message):
    type: Literal["order"]
    text: Text


class AddOrders(_Message):
    """Several orders in one message (a seat with many units: one message each would be a
    flood); each is checked as :class:`AddOrder` is, and the accepted ones kept together."""
    type: Literal["orders"]
    texts: Annotated[list[Text], Field(min_length=1, max_length=200)]


class RemoveOrder(_Message):
    """Take back the pending order of the unit (or build) that ``text`` orders."""
    type: Literal["remove"]
    text: Text


class Done(_Message):
    type: Literal["done"]


class Seal(_Message):
    """A sealed table: the seat's pending orders as a box only its computer can open, and a
    commitment to the key (:mod:`app.net.sealing`); replaces its box before it is done."""
    type: Literal["seal"]
    box: Annotated[str, Field(max_length=12_000, pattern=r"^[A-Za-z0-9+/=]*$")]
    commitment: Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]


class Reveal(_Message):
    """The key of the seat's box, once the server asks for it (every seat is done)."""
    type: Literal["reveal"]
    key: Annotated[str, Field(max_length=64)]


class Letter(_Message):
    """A message to seat ``to``, sealed to its public key (:mod:`app.net.letters`)."""
    type: Literal["letter"]
    to: Annotated[int, Field(ge=0, le=100)]
    box: Annotated[str, Field(max_length=MAX_LETTER_BOX, pattern=r"^[A-Za-z0-9+/=]*$")]


Name = Annotated[str, Field(min_length=1, max_length=60)]


class MakeOffer(_Message):
    """A civilisations game (RULES.md §10): the seat's civilisation ``giver`` offers
    ``receiver`` a gift of ``kind`` (map, maps, unit with ``unit`` = timeline:province:turn,
    contact with ``third``). Only the receiver's computer is told of it."""
    type: Literal["offer"]
    kind: Annotated[str, Field(max_length=20)]
    giver: Name
    receiver: Name
    unit: Annotated[str, Field(max_length=60)] | None = None
    third: Name | None = None


class AnswerOffer(_Message):
    """The receiver's answer to offer number ``offer``."""
    type: Literal["answer"]
    offer: Annotated[int, Field(ge=1, le=10 ** 9)]
    accept: bool


class AskMap(_Message):
    """A civilisations game: the map this seat received as accepted gift number ``gift``
    (its place among the game's gifts, as :class:`Offers` lists it; see :mod:`app.net.civ_maps`)."""
    type: Literal["ask_map"]
    gift: Annotated[int, Field(ge=0, le=10 ** 9)]


class HandOver(_Message):
    """This seat's vote that seat ``seat``, away for a whole deadline, be played by the
    computer from now on (RULES.md §6; see :mod:`app.net.away`)."""
    type: Literal["hand_over"]
    seat: Annotated[int, Field(ge=0, le=100)]


class Propose(_Message):
    """This seat proposes a draw shared by every nation still in the game, or concedes the
    game to nation ``to`` (RULES.md §11); proposing is accepting (see :mod:`app.net.endings`)."""
    type: Literal["propose"]
    kind: Literal["draw", "concession"]
    to: Name | None = None


class Vote(_Message):
    """An answer in the clear, which this server no longer takes (:class:`SealVote`): it is
    refused with a reason, the connection stays."""
    type: Literal["vote"]
    accept: bool


Base64 = Annotated[str, Field(pattern=r"^[A-Za-z0-9+/=]*$")]
Commitment = Annotated[str, Field(max_length=64)]
"""SHA-256 in hex: one that is not is refused by the server with why (the connection stays)."""
ProposalNumber = Annotated[int, Field(ge=1, le=10 ** 9)]


class SealVote(_Message):
    """This seat's answer to proposal ``proposal``, sealed by its computer, with a
    commitment to the key (:mod:`app.net.sealed_votes`); never told to another seat."""
    type: Literal["seal_vote"]
    proposal: ProposalNumber
    box: Annotated[Base64, Field(max_length=200)]
    commitment: Commitment


class VoteKey(_Message):
    """The key of this seat's sealed answer, once the server asks for it (every seat answered)."""
    type: Literal["vote_key"]
    proposal: ProposalNumber
    key: Annotated[str, Field(max_length=64)]


class SealOffer(_Message):
    """A sealed table's offer to a person's civilisation (:mod:`app.net.sealed_offers`): who
    gives to whom in the clear (the server routes it), the gift itself sealed to the receiver
    (``box``) and to the giver (``own``, so its computer shows it again), and a commitment to it."""
    type: Literal["seal_offer"]
    giver: Annotated[str, Field(min_length=1, max_length=60)]
    receiver: Annotated[str, Field(min_length=1, max_length=60)]
    box: Annotated[Base64, Field(max_length=1500)]
    own: Annotated[Base64, Field(max_length=1500)]
    commitment: Commitment


class AnswerSealedOffer(_Message):
    """The receiver's answer to sealed offer ``offer``: an acceptance carries the gift and
    the nonce the commitment was made with; a refusal carries nothing."""
    type: Literal["answer_sealed"]
    offer: Annotated[int, Field(ge=1, le=10 ** 9)]
    accept: bool
    content: Annotated[str, Field(max_length=400)] | None = None
    nonce: Annotated[str, Field(pattern=r"^[0-9a-f]{32}$")] | None = None


class Judge(_Message):
    """A thrown play-out (RULES.md §9): this seat's name for the winner of the season that made
    submission ``at``, sealed by its computer (:mod:`app.net.judging_seal`), and a commitment
    to the key; an empty name in the box is "Play on" (no winner named)."""
    type: Literal["judge"]
    at: Annotated[int, Field(ge=1, le=10 ** 9)]
    box: Annotated[str, Field(max_length=400, pattern=r"^[A-Za-z0-9+/=]*$")]
    commitment: Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]


class JudgeKey(_Message):
    """The key of this seat's sealed name, once the server says every seat has named."""
    type: Literal["judge_key"]
    at: Annotated[int, Field(ge=1, le=10 ** 9)]
    key: Annotated[str, Field(max_length=64)]


ClientMessage = Annotated[Union[Hello, Watch, Lobby, AddOrder, AddOrders, RemoveOrder, Done, Seal, Reveal, Letter,
                                MakeOffer, AnswerOffer, HandOver, Propose, Vote, SealVote, VoteKey, SealOffer,
                                AnswerSealedOffer, Judge, JudgeKey, AskMap],
                          Field(discriminator="type")]
FIRST_MESSAGES = (Hello, Watch, Lobby)
SEAT_MESSAGES = (AddOrder, AddOrders, RemoveOrder, Done, Seal, Reveal, Letter, MakeOffer, AnswerOffer, HandOver,
                 Propose, Vote, SealVote, VoteKey, SealOffer, AnswerSealedOffer, Judge, JudgeKey, AskMap)


# -- from the server --------------------------------------------------------------------------
class Welcome(_Message):
    type: Literal["welcome"] = "welcome"
    table: str
    seat: int | None              # None: a watcher
    seat_name: str = ""
    nations: list[str] = []
    fog: bool = False
    sealed: bool = False          # the seat seals its orders (Seal, then Reveal when asked)
    # what a window needs to rebuild the game (app.net.remote): public, as in the lobby
    variant: str = ""             # the variant's name (load_variant); "" from an older server
    adjacency: str = "strict"
    seats: list[dict] = []        # every seat: name, colour, nations, controller


class View(_Message):
    """The world as the connection may see it (see :mod:`app.net.views`). ``full`` False:
    ``boards`` holds only the boards that changed since the connection's last view (a new
    board, a board's sight or results); the others are as the client has them."""
    type: Literal["view"] = "view"
    table: str
    submissions: int
    phase: str
    winner: str | None = None
    full: bool = True
    boards: list[dict]
    dislodged: list[str] = []
    pending: list[str] = []       # this seat's own pending orders (a watcher: none)
    done: bool = False            # has this seat ended its turn this round?
    box: str | None = None        # a sealed table: the seat's own box, as the server keeps it
    retreats: dict[str, list[str]] = {}   # a retreat pause: each dislodged unit seen -> where it may go
    homes: dict[str, list[str]] | None = None     # home centres the game sets (app.net.homes); None: the variant's
    homes_at_first_winter: bool = False
    civ: dict | None = None       # a civilisations game: the civilisations the seat knows, their state (app.net.civ_views)


class Pending(_Message):
    """The seat's own pending orders, after it changed them or ended its turn."""
    type: Literal["pending"] = "pending"
    table: str
    pending: list[str]
    done: bool
    box: str | None = None


class Mail(_Message):
    """A sealed message to this seat (only its computer opens it)."""
    type: Literal["mail"] = "mail"
    table: str
    sender: int
    box: str
    submissions: int


class Kept(_Message):
    """The seat's message to ``to`` is kept for it (and passed on if it is connected)."""
    type: Literal["kept"] = "kept"
    table: str
    to: int


class RevealNow(_Message):
    """Every seat is done: send the key of this round's box."""
    type: Literal["reveal_now"] = "reveal_now"
    table: str
    submissions: int


class RevealVote(_Message):
    """Every seat has answered proposal ``proposal``: send the key of this seat's answer."""
    type: Literal["reveal_vote"] = "reveal_vote"
    table: str
    proposal: int


class TableState(_Message):
    """Which seats have ended their turn this round (public, as at a hotseat table)."""
    type: Literal["table"] = "table"
    table: str
    submissions: int
    done_seats: list[int]
    connected_seats: list[int]
    seconds_left: float | None = None    # the round's deadline (None: no deadline)
    public_keys: dict[int, str] = {}     # each seat's key for messages sealed to it
    away_seats: list[int] = []           # seats not connected for the whole of the last deadline
    computer_seats: list[int] = []       # seats the computer plays (handed over, or from the start)
    hand_over_votes: dict[int, list[int]] = {}    # away seat -> the seats that voted to hand it over


class Refused(_Message):
    type: Literal["refused"] = "refused"
    text: str
    reason: str


class Offers(_Message):
    """A civilisations game: this seat's offers, as its own civilisations are party to them
    (none of anyone else's). Each is ``{id, kind, from, to, made_at}`` (with ``unit`` or
    ``with``); ``answered`` adds ``status`` (to the maker, a refusal is only "not taken":
    why is the receiver's business) and ``reason`` (a lapsed offer's, to its receiver).
    ``maps``: the maps this seat's civilisations received, ``{gift, giver, receiver, turn}``
    (ask for one with :class:`AskMap`)."""
    type: Literal["offers"] = "offers"
    table: str
    to_answer: list[dict] = []
    made: list[dict] = []
    answered: list[dict] = []
    keys: dict[str, str] = {}     # a sealed table: civilisation met -> its seat's key to seal an offer to (not its message key)
    maps: list[dict] = []


class MapView(_Message):
    """A map this seat received (RULES.md §10 map gift): the boards its giver saw then, each
    civilisation named only if the giver knew it then and this seat knows it now."""
    type: Literal["map"] = "map"
    table: str
    gift: int
    boards: list[dict]


class LobbyList(_Message):
    type: Literal["lobby"] = "lobby"
    tables: list[dict]


class Record(_Message):
    """A finished game's whole record for its watchers (:mod:`app.net.record`): the save
    file's text of its game, every submission and world, so a watcher steps through it."""
    type: Literal["record"] = "record"
    table: str
    game: str


class ProposalState(_Message):
    """What this seat is told of proposals to end the game: the open one (``number`` None:
    none) as it may read it, whether it must still answer, the seats that still have to
    answer; and how the last one ended (``outcome``: agreed, refused, adjudicated or
    withdrawn; a refusal never says whose)."""
    type: Literal["proposal"] = "proposal"
    table: str
    number: int | None = None
    kind: str = ""
    text: str = ""
    must_answer: bool = False
    waiting: list[int] = []
    outcome: str = ""
    outcome_text: str = ""
    outcome_number: int | None = None     # the proposal the outcome is of
    outcome_kind: str = ""


class GameEnded(_Message):
    """The table's game has ended (a victory, an agreed draw or a concession): to every seat
    and watcher. ``nations``: the winner, or those sharing the draw."""
    type: Literal["ended"] = "ended"
    table: str
    kind: str
    nations: list[str]
    turn: str = ""
    text: str
    how: str = ""                 # a victory not of the centres' count: a thrown play-out's "every seat named it"


class JudgingState(_Message):
    """A thrown play-out's judging (RULES.md §9), as this seat is told of it (see
    :mod:`app.net.judging`): the one open (``at``: the submission whose season is judged;
    None: none open), the nations that may be named, whether this seat must still name or
    its computer must now send its key, the seats still owing a name or a key; and how the
    last judging ended (``outcome``: agreed or "play on"), never who named whom."""
    type: Literal["judging"] = "judging"
    table: str
    at: int | None = None
    nations: list[str] = []
    must_name: bool = False
    key_owed: bool = False
    waiting: list[int] = []
    outcome: str = ""
    outcome_text: str = ""
    outcome_at: int | None = None
    winner: str | None = None       # the nation every seat named, once agreed


ServerMessage = Annotated[Union[Welcome, View, Pending, Mail, Kept, RevealNow, RevealVote, TableState, Refused,
                                LobbyList, Record, Offers, ProposalState, GameEnded, JudgingState, MapView],
                          Field(discriminator="type")]

_CLIENT = TypeAdapter(ClientMessage)
_SERVER = TypeAdapter(ServerMessage)


class ProtocolError(ValueError):
    """A message that is not one of this protocol's, with what is wrong with it."""


def read_client(frame: str | bytes) -> BaseModel:
    """A client's message, checked; raises :class:`ProtocolError` naming the fault."""
    return _read(frame, _CLIENT)


def read_server(frame: str | bytes) -> BaseModel:
    return _read(frame, _SERVER)


def _read(frame: str | bytes, adapter: TypeAdapter) -> BaseModel:
    if isinstance(frame, bytes):
        raise ProtocolError("a binary frame: this protocol sends JSON text")
    try:
        raw = json.loads(frame)
    except (ValueError, RecursionError):
        raise ProtocolError("not JSON") from None
    if not isinstance(raw, dict):
        raise ProtocolError("not a JSON object")
    if raw.get("v") != PROTOCOL_VERSION:
        raise ProtocolError(f"protocol version {raw.get('v')!r}; this server speaks version {PROTOCOL_VERSION}")
    try:
        return adapter.validate_python(raw)
    except ValidationError as e:
        first = e.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "message"
        raise ProtocolError(f"field '{where}': {first['msg']}") from None


def dump(message: BaseModel) -> str:
    return message.model_dump_json()
