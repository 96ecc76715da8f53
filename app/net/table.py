"""A table as the server holds it: its match, its connections, its sealed rounds, answers,
offers and judging, its clock; :func:`stored_table` reads one back from the database as a
restarted server does (its save, then every action kept since, done again)."""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass, field

from websockets.asyncio.server import ServerConnection

from app.match import Match

from . import protocol as p
from .sealed_round import SealedRound
from .judging import JUDGING_ACTIONS, TableJudging
from .store import Action, match_from_text, Store, StoredTable
from .sealed_offers import SealedOffers, stored_offer_keys, stored_offers
from .endings import the_ending
from .replay import replay
from .sealed_votes import box_of, SealedVotes
from .views import BoardCodes, hides_nations, may_watch, Sent


@dataclass(eq=False)
class Table:
    id: str
    name: str
    match: Match
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    seats: dict[int, ServerConnection] = field(default_factory=dict)
    watchers: set[ServerConnection] = field(default_factory=set)
    sent: dict[ServerConnection, Sent] = field(default_factory=dict)    # what each connection has
    sealed: SealedRound | None = None      # the seats' computers seal their orders
    reveal_timer: asyncio.TimerHandle | None = None
    round_seconds: float | None = None     # a deadline for each round (RULES.md §6)
    round_ends: float | None = None        # wall-clock time the running round's time runs out
    deadline_timer: asyncio.TimerHandle | None = None
    state_timer: asyncio.TimerHandle | None = None              # "who is done" to be sent soon
    codes: BoardCodes = field(default_factory=BoardCodes)       # boards encoded this round (joins, updates)
    seen: set[int] = field(default_factory=set)       # seats connected at some moment of this round
    away: set[int] = field(default_factory=set)       # seats not connected for the whole last deadline
    votes: dict[int, set[int]] = field(default_factory=dict)    # away seat -> seats voting to hand it over
    votes_sealed: SealedVotes = field(default_factory=SealedVotes)    # sealed answers to the open proposal
    offers_sealed: SealedOffers = field(default_factory=SealedOffers)     # a sealed table's offers between people
    offer_keys: dict[int, str] = field(default_factory=dict)            # seat -> its key for sealed offers
    vote_timer: asyncio.TimerHandle | None = None       # the time to reveal sealed answers
    judging: TableJudging = field(default_factory=TableJudging)  # a thrown play-out's sealed names

    def replay(self, action: Action) -> None:
        """A stored action, done again on the match read back (a restarted server)."""
        if action.kind == "seal":
            box, commitment = json.loads(action.text)
            self.sealed.seal(action.seat, box, commitment)
        elif action.kind == "reveal":
            self.sealed.revealing = True
            self.sealed.apply(self.match, action.seat, self.sealed.open(self.match, self.id, action.seat, action.text))
        elif action.kind == "vote_box":
            self.votes_sealed.seal(self.match.table.proposals.open.number, action.seat, *box_of(action.text))
        elif action.kind in JUDGING_ACTIONS:
            self.judging.replay(self.match, self.id, action)
        else:
            if action.kind == "tally":
                self.votes_sealed.clear()
            replay(self.match, action)

    def round_began(self) -> None:
        """A new round's clock: only the seats connected now have been seen in it."""
        self.seen = set(self.seats)

    def deadline_ran_out(self) -> None:
        """Person seats not seen at any moment of the round are away (:mod:`.away`)."""
        m = self.match
        self.away = {i for i, s in enumerate(m.seats) if s.is_person and i not in self.seen}
        self.votes = {i: v for i, v in self.votes.items() if i in self.away}

    public_keys: dict[int, str] = field(default_factory=dict)

    def state(self) -> p.TableState:
        m = self.match
        left = None if self.round_ends is None else max(0.0, self.round_ends - time.time())
        return p.TableState(table=self.id, submissions=len(m.game.submissions),
                            done_seats=[i for i in range(len(m.seats)) if m.is_done(i)],
                            connected_seats=sorted(self.seats), seconds_left=left,
                            public_keys=dict(sorted(self.public_keys.items())), away_seats=sorted(self.away),
                            computer_seats=[i for i, s in enumerate(m.seats) if s.is_computer],
                            hand_over_votes={i: sorted(v) for i, v in sorted(self.votes.items())})

    def lobby_entry(self) -> dict:
        m = self.match
        hidden = hides_nations(m)     # a civilisations game in play names no civilisation
        return {"table": self.id, "name": self.name, "variant": m.game.variant.title, "fog": m.fog,
                "phase": m.world.phase, "submissions": len(m.game.submissions),
                "watchable": may_watch(m) is None, "finished": m.world.phase == "over",
                "ending": (ending.describe() if (ending := the_ending(m)) is not None else ""),
                "seats": [{"seat": i, "name": s.name, "nations": [] if hidden else list(s.nations), "controller": s.controller,
                           "connected": i in self.seats} for i, s in enumerate(m.seats)]}


def stored_table(stored: StoredTable, store: Store) -> Table:
    """A stored table as it stands: its save read, and every action kept since, done again
    (with its seats' public keys and its sealed offers, from ``store``)."""
    match = match_from_text(stored.save, f"table {stored.id}")
    table = Table(stored.id, stored.name, match, sealed=SealedRound() if stored.sealed else None,
                  round_seconds=stored.round_seconds, round_ends=stored.round_ends,
                  public_keys=store.public_keys(stored.id),
                  offers_sealed=SealedOffers(stored_offers(store.reader, stored.id)),
                  offer_keys=stored_offer_keys(store.reader, stored.id))
    table.judging.sync(match)        # as after the adjudication that made a judging due
    for a in stored.actions:
        table.replay(a)
    return table


def sealed_box(table: Table, seat: int) -> str | None:
    """The seat's sealed orders at a sealed table (None: none, or not a sealed table)."""
    return table.sealed.box(seat) if table.sealed is not None else None
