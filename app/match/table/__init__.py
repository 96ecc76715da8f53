"""The table of friends around a match (RULES.md §6 and §9), no Qt: what a fixed set of seats
needs beyond ordering in turn.

- :mod:`.seat_changes` — a seat leaves (to the computer or to nobody), a newcomer takes over;
- :mod:`.deadlines` — a time limit per seat turn, its countdown, what expiry does;
- :mod:`.messages` — private messages between seats, sealed like pending orders;
- :mod:`.watching` — an all-computer game that plays itself while people watch;
- :mod:`.judging` — a thrown start's play-out judged after every season;
- :mod:`.proposals` — draws and concessions proposed and answered (RULES.md §11).

A :class:`~app.match.Match` holds one :class:`MatchTable` as ``match.table``; the match calls
it in a few places (after a round, reading and writing its file part, a seat's sealed box).
The parts see the match through :class:`.host.Host`: what they ask of it, in one place.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .deadlines import TurnClock
from .host import Host
from .judging import Judging
from .messages import Mailbox, MessageRefused
from .proposals import ProposalRefused, Proposals
from .seat_changes import SeatChangeError, SeatChanges
from .watching import Autoplay

if TYPE_CHECKING:
    from .saved import TablePart

NOBODY = "nobody"


class MatchTable:
    """Seat changes, deadline, messages, watching and judging of one match."""

    def __init__(self, match: Host):
        self.m = match
        self.seats = SeatChanges(match)
        self.mail = Mailbox(match, leaving=self.seats.leaving)
        self.seats.on_leave.append(self.mail.forget)     # a seat that leaves takes its messages along
        self.deadline = TurnClock(match)
        self.watch = Autoplay(match)
        self.judging = Judging(match)
        self.proposals = Proposals(match, judged=self.judging.world)   # a thrown play-out's world, judged
        self.seats.on_leave.append(self.proposals.seat_changed)

    def turn_changed(self) -> None:
        """The turn came to another seat (or the round is complete): its clock starts."""
        self.deadline.remaining()

    def after_round(self) -> None:
        """A round was adjudicated (the match's commit)."""
        self.seats.after_round()
        self.proposals.adjudicated()          # an adjudication ends an open proposal

    def world(self, world):
        """The present as the table sees it: with a play-out's agreed winner, or over once
        a draw or a concession is agreed."""
        return self.proposals.world(self.judging.world(world))

    # -- a seat's sealed box: its pending orders and its messages -------------------------
    def sealed_payload(self, seat: int, orders: list[str]) -> bytes:
        """What a PIN seat's box holds: its order texts (a plain list, as before messages
        existed), or ``{"orders": [...], "messages": [...]}`` once it has messages, and
        ``"vote"`` (its answer to the open proposal) once it answered one."""
        messages = self.mail.sealed_list(seat)
        vote = self.proposals.sealed_vote(seat)
        data: Any = {"orders": orders, "messages": messages} if messages else orders
        if vote is not None:
            data = data if isinstance(data, dict) else {"orders": data}
            data["vote"] = {"proposal": self.proposals.open.number, "accept": vote}
        return json.dumps(data).encode("utf-8")

    def open_payload(self, seat: int, plain: bytes, where: str) -> list:
        """A PIN seat's box, opened: its messages go to its list; returns its order texts."""
        from ..file_error import MatchFileError
        data = json.loads(plain.decode("utf-8"))
        if isinstance(data, dict):
            self.mail.load(seat, data.get("messages", []), f"{where}: messages")
            self.proposals.open_vote(seat, data.get("vote"), f"{where}: vote")
            data = data.get("orders", [])
        if not isinstance(data, list):
            raise MatchFileError(f"{where}: not a list of orders")
        return data

    # -- the save file -------------------------------------------------------------------
    def to_part(self) -> TablePart | None:
        from .saved import SavedPinTries, TablePart
        part = TablePart(leaving={i: lv or NOBODY for i, lv in self.seats.leaving.items()},
                         deadline=self.deadline.to_part(), messages=self.mail.plain_lists(),
                         judging=self.judging.to_part(),
                         watch_seconds=self.watch.seconds if self.watch.can_watch else None,
                         pin_tries={i: SavedPinTries(wrong=n, wait=wait)
                                    for i, (n, wait) in self.m.pin_tries.saved().items() if self.m.has_pin(i)},
                         proposals=self.proposals.to_part())
        empty = TablePart()
        return None if part == empty else part

    def load_part(self, part: TablePart | None, where: str) -> None:
        from ..file_error import MatchFileError
        if part is None:
            return
        n = len(self.m.seats)
        for i in [*part.leaving, *part.messages]:
            if not 0 <= i < n:
                raise MatchFileError(f"{where}: field 'meta.table': seat {i} does not exist ({n} seats)")
        for i, lv in part.leaving.items():
            if not self.m.seats[i].is_person:
                raise MatchFileError(f"{where}: field 'meta.table.leaving.{i}': seat {i} is not a person's")
            from app.bots import LEVELS
            if lv != NOBODY and lv not in LEVELS:
                raise MatchFileError(f"{where}: field 'meta.table.leaving.{i}': {lv!r} is not a computer level "
                                     f"(one of {', '.join(LEVELS)}) nor '{NOBODY}'")
            self.seats.leaving[i] = None if lv == NOBODY else lv
        for i, raw in part.messages.items():
            if self.m.has_pin(i):
                raise MatchFileError(f"{where}: field 'meta.table.messages.{i}': seat {i} has a PIN; "
                                     "its messages must be sealed")
            self.mail.load(i, raw, f"{where}: field 'meta.table.messages.{i}'")
        for i, tries in part.pin_tries.items():
            if not 0 <= i < n or not self.m.has_pin(i):
                raise MatchFileError(f"{where}: field 'meta.table.pin_tries.{i}': seat {i} has no PIN")
            self.m.pin_tries.restore(i, tries.wrong, tries.wait)
        self.deadline.load_part(part.deadline)
        self.judging.load_part(part.judging, where)
        self.proposals.load_part(part.proposals, where)
        if part.watch_seconds is not None:
            self.watch.set_speed(part.watch_seconds)


__all__ = ["MatchTable", "TablePart", "SeatChanges", "SeatChangeError", "TurnClock", "Mailbox", "Message",
           "MessageRefused", "Autoplay", "Judging", "Proposals", "ProposalRefused"]


def __getattr__(name: str):
    if name in ("TablePart", "Message"):     # pydantic models of the save file: imported when first named
        from . import saved
        return getattr(saved, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
