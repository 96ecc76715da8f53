"""Deadlines (RULES.md §6): a time limit for each seat's turn, set when the game is made.

A seat's turn is one seat ordering in one submission round (a retreat pause is a round of
its own). In hotseat its clock starts when the seat sits down — when its curtain lifts and
its board is shown (:meth:`TurnClock.seated`) — not while the computer is passed to it and
the curtain waits; a sandbox has no curtain, so there the clock starts with the turn. Once
started it keeps running until the turn ends (lowering the curtain again does not stop it).
When it runs out the seat's pending orders are submitted as they
stand: units without orders hold, dislodged units without a retreat are disbanded,
missing builds are waived and missing disbands are chosen by the rules (the engine does
all of this for orders that are missing). A PIN seat whose orders are still sealed (read
from a file, the PIN not given yet) ends its turn with them sealed: it opens them with its
PIN before the round is adjudicated, as any done seat read from a file does.

>>> from app.match import Match, Seat
>>> m = Match.new(seats=[Seat(name="Ada", nations=("France",)), Seat(name="Ben", nations=("Russia",))])
>>> clock = m.table.deadline
>>> now = [100.0]
>>> clock.now = lambda: now[0]           # tests inject a clock: no real waiting
>>> clock.seconds = 60
>>> now[0] += 30                          # the computer is passed to Ada: no time runs
>>> clock.remaining(), clock.waiting
(60.0, True)
>>> clock.seated(0)                       # Ada's curtain lifts: her minute starts
>>> now[0] += 61
>>> clock.expire()                        # Ada's time is up: her turn ends, Ben's begins
True
>>> m.turn, clock.remaining(), clock.waiting
(1, 60.0, True)

Nothing runs in between:
a front end asks :meth:`TurnClock.remaining` to show the countdown and
:meth:`TurnClock.expire` (say once a second) to enforce it.
The time left of the running turn is saved with the game, so a reopened game resumes it
(in hotseat, once the seat sits down again behind the reopened game's curtain).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Callable

from .host import Host

if TYPE_CHECKING:
    from .saved import SavedDeadline

LIMITS = (60, 120, 180, 300, 600, 900, 1800)       # the choices a new game offers, in seconds
SEASON_SUGGESTION = 300                            # the seed's "5 minute deadlines"


def clock_text(seconds: float) -> str:
    """``4:05``, ``0:09``, ``1:02:00`` — a countdown as people read it (never negative)."""
    s = max(0, int(seconds + 0.999))                 # 0.2 s left still shows 0:01
    h, rest = divmod(s, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def limit_text(seconds: int) -> str:
    """``5 minutes``, ``90 seconds``, ``1 minute``."""
    if seconds % 60:
        return f"{seconds} seconds"
    m = seconds // 60
    return "1 minute" if m == 1 else f"{m} minutes"


class TurnClock:
    """The time limit of a match's seat turns (``seconds``; None: no limit).

    ``now`` is the clock read (``time.monotonic`` by default; tests put a fake one)."""

    def __init__(self, match: Host, seconds: int | None = None, now: Callable[[], float] = time.monotonic):
        self.m = match
        self._seconds = seconds
        self._now = now
        self._turn: tuple[int, int] | None = None      # (submission round, seat) being timed
        self._started = 0.0
        self._budget = 0.0
        self._waiting = False                          # the turn's seat has not sat down yet
        self._resume: tuple[tuple[int, int], float] | None = None   # read from a file

    @property
    def seconds(self) -> int | None:
        return self._seconds

    @seconds.setter
    def seconds(self, seconds: int | None) -> None:
        """Set (or with None, lift) the time limit; the running turn starts afresh."""
        self._seconds = seconds
        self._turn = None
        self.remaining()

    @property
    def now(self) -> Callable[[], float]:
        return self._now

    @now.setter
    def now(self, clock: Callable[[], float]) -> None:
        """Read another clock from now on; the running turn keeps the time it has left."""
        left = self.remaining()
        self._now = clock
        if left is not None and not self._waiting:
            self._started, self._budget = clock(), left

    @property
    def on(self) -> bool:
        return self.seconds is not None

    def running(self) -> tuple[int, int] | None:
        """The turn being timed now: (round, seat), or None (no limit, nobody ordering,
        or the game is over)."""
        m = self.m
        if self.seconds is None or m.turn is None or m.world.phase == "over":
            return None
        if m.is_done(m.turn) or not m.has_work(m.turn):
            return None
        return len(m.game.submissions), m.turn

    def _sync(self) -> tuple[int, int] | None:
        turn = self.running()
        if turn is not None and turn != self._turn:
            self._turn = turn
            self._started = self.now()
            self._waiting = self.m.private      # behind a curtain: from when the seat sits down
            self._budget = float(self.seconds)  # type: ignore[arg-type]
            if self._resume is not None and self._resume[0] == turn:
                self._budget = min(self._budget, self._resume[1])
            self._resume = None
        if turn is not None and self._waiting and not self.m.private:
            self._waiting = False               # no curtain any more (a seat left): nobody to wait for
            self._started = self.now()
        return turn

    def remaining(self) -> float | None:
        """Seconds left in the running turn (None: no turn is timed)."""
        if self._sync() is None:
            return None
        if self._waiting:
            return max(0.0, self._budget)
        return max(0.0, self._budget - (self.now() - self._started))

    @property
    def waiting(self) -> bool:
        """Is the running turn's clock waiting for its seat to sit down (curtain up)?"""
        return self._sync() is not None and self._waiting

    def seated(self, seat: int) -> None:
        """The seat sat down at the table (its curtain lifted, its board shown): if the
        running turn is its own, the turn's clock starts now (it runs on from then on)."""
        turn = self._sync()
        if turn is not None and turn[1] == seat and self._waiting:
            self._waiting = False
            self._started = self.now()

    def expire(self) -> bool:
        """If the running turn's time is up, end it with the seat's pending orders as they
        stand; True when it did (the caller then shows the next seat, or adjudicates when
        the round is complete — in a sandbox, at once)."""
        left = self.remaining()
        if left is None or left > 0:
            return False
        m = self.m
        if m.private and m.turn is not None:
            m.end_turn(m.turn)               # sealed orders stay sealed; the next seat's clock starts
        return True

    # -- the save file -------------------------------------------------------------------
    def to_part(self) -> SavedDeadline | None:
        from .saved import SavedDeadline
        if self.seconds is None:
            return None
        turn = self.running()
        if turn is None:
            return SavedDeadline(seconds=self.seconds)
        return SavedDeadline(seconds=self.seconds, left=round(self.remaining() or 0.0, 1),
                             submission=turn[0], seat=turn[1])

    def load_part(self, part: SavedDeadline | None) -> None:
        self._seconds = part.seconds if part is not None else None
        self._turn = None
        if part is not None and part.left is not None and part.submission is not None and part.seat is not None:
            self._resume = ((part.submission, part.seat), part.left)


def __getattr__(name: str):
    if name == "SavedDeadline":     # pydantic models of the save file: imported when first named
        from . import saved
        return getattr(saved, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
