"""Value types for where things are in the multiverse.

A :class:`Turn` is a season of a year (``S1901``, ``F1901``, ``W1901``). A
:class:`BoardKey` is a board's coordinate, ``(timeline, turn)``, printed ``1:S1901``.
A :class:`Location` is a place on one board: a province id, optionally with a coast
(``spa/nc``), printed ``1:spa/nc:S1901``.

>>> Turn.parse("F1901").next()
Turn(year=1901, season=2)
>>> str(BoardKey(2, Turn(1902, Season.SPRING)))
'2:S1902'
"""

from __future__ import annotations

import enum
import re
from typing import NamedTuple


class Season(enum.IntEnum):
    SPRING = 0
    FALL = 1
    WINTER = 2

    @property
    def letter(self) -> str:
        return "SFW"[self]

    @property
    def title(self) -> str:
        return ("Spring", "Fall", "Winter")[self]


_TURN_RE = re.compile(r"^\s*(spring|fall|autumn|winter|s|f|a|w)\s*(\d{2,4})\s*$", re.I)
_SEASON_WORDS = {"s": Season.SPRING, "spring": Season.SPRING, "f": Season.FALL, "fall": Season.FALL,
                 "a": Season.FALL, "autumn": Season.FALL, "w": Season.WINTER, "winter": Season.WINTER}


class Turn(NamedTuple):
    """A season of a year (``season`` is a :class:`Season` value). Turns order
    chronologically. A named tuple: coordinates are hashed constantly during adjudication,
    and tuples hash in C."""

    year: int
    season: int

    @classmethod
    def parse(cls, text: str) -> "Turn":
        """Parse ``S1901``, ``Spring 1901``, ``S01``, ``F1901``, ``W1901``, ``S0901``, ``S901``.

        Two-digit years are taken in the 1900s (``S02`` is Spring 1902); three and four digits
        are the year itself. A turn prints with four digits (``S0001`` is Spring of year 1, as
        in the ancient Mediterranean variants), so every turn reads back as itself.
        """
        m = _TURN_RE.match(text)
        if not m:
            raise ValueError(f"'{text}' is not a turn (write S1901, F1901, W1901 or 'Spring 1901')")
        season = _SEASON_WORDS[m.group(1).lower()]
        year = int(m.group(2))
        if len(m.group(2)) == 2:
            year += 1900
        elif year < 1:
            raise ValueError(f"'{text}': the years of a game start at 1 (write S0001)")
        return cls(year, int(season))

    @property
    def is_movement(self) -> bool:
        return self.season != Season.WINTER

    @property
    def index(self) -> int:
        """Position on the column axis: one column per season."""
        return self.year * 3 + self.season

    @property
    def movement_index(self) -> int:
        """Time distance counts movement turns only (Winter is skipped)."""
        return self.year * 2 + min(int(self.season), 1)

    def next(self) -> "Turn":
        if self.season == Season.WINTER:
            return Turn(self.year + 1, 0)
        return Turn(self.year, self.season + 1)

    def previous(self) -> "Turn":
        if self.season == Season.SPRING:
            return Turn(self.year - 1, 2)
        return Turn(self.year, self.season - 1)

    def previous_movement(self) -> "Turn":
        t = self.previous()
        return t.previous() if t.season == Season.WINTER else t

    def next_movement(self) -> "Turn":
        t = self.next()
        return t.next() if t.season == Season.WINTER else t

    @property
    def title(self) -> str:
        return f"{Season(self.season).title} {self.year}"

    def __str__(self) -> str:
        return f"{'SFW'[self.season]}{self.year:04d}"


class BoardKey(NamedTuple):
    """A board's coordinate: its timeline (row, from 1) and turn (column)."""

    timeline: int
    turn: Turn

    @classmethod
    def parse(cls, text: str) -> "BoardKey":
        """Parse ``2:S1902`` (the form used in scenario files and reports)."""
        parts = text.split(":")
        if len(parts) != 2 or not parts[0].strip().isdigit():
            raise ValueError(f"'{text}' is not a board (write <timeline>:<turn>, e.g. 1:S1901)")
        return cls(int(parts[0]), Turn.parse(parts[1]))

    def __str__(self) -> str:
        return f"{self.timeline}:{self.turn}"


class Location(NamedTuple):
    """A place on one board: ``board`` and ``loc`` (province id, maybe with a coast).

    A named tuple rather than a dataclass: locations are hashed millions of times
    during adjudication and tuples hash fastest.
    """

    board: BoardKey
    loc: str

    @property
    def province(self) -> str:
        return PROVINCE_OF[self[1]]

    @property
    def space(self) -> "Space":
        return Space(self[0], PROVINCE_OF[self[1]])

    @classmethod
    def parse(cls, text: str) -> "Location":
        """Parse ``1:spa/nc:S1901``, a Location's own text (as views, offers and saves write
        it). Whether the place is on the map is the caller's question."""
        parts = str(text).split(":")
        if len(parts) != 3 or not parts[0].isdigit() or not parts[1]:
            raise ValueError(f"'{text}' is not a place on a board (write <timeline>:<place>:<turn>, e.g. 1:par:S1901)")
        return cls(BoardKey(int(parts[0]), Turn.parse(parts[2])), parts[1])

    def __str__(self) -> str:  # 1:spa/nc:S1901
        return f"{self.board.timeline}:{self.loc}:{self.board.turn}"


class Space(NamedTuple):
    """The unit of space in adjudication: a province on a board (coasts ignored)."""

    board: BoardKey
    province: str

    def __str__(self) -> str:
        return f"{self.board.timeline}:{self.province}:{self.board.turn}"


class _ProvinceCache(dict):
    def __missing__(self, loc: str) -> str:
        i = loc.find("/")
        p = self[loc] = loc if i < 0 else loc[:i]
        return p


PROVINCE_OF = _ProvinceCache()


def province_of(loc: str) -> str:
    """``spa/nc`` → ``spa``; ``mun`` → ``mun``."""
    return PROVINCE_OF[loc]


TIMELINE_WORDS = ("alfa", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india",
                  "juliett", "kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo",
                  "sierra", "tango", "uniform", "victor", "whiskey", "xray", "yankee", "zulu")


def parse_timeline(text: str) -> int:
    """``3``, ``c`` and ``charlie`` all name timeline 3."""
    t = text.strip().lower()
    if t.isdigit() and int(t) > 0:
        return int(t)
    if len(t) == 1 and "a" <= t <= "z":
        return ord(t) - ord("a") + 1
    if t == "alpha":
        return 1
    if t == "juliet":
        return 10
    if t == "x-ray":
        return 24
    if t in TIMELINE_WORDS:
        return TIMELINE_WORDS.index(t) + 1
    raise ValueError(f"'{text}' is not a timeline (write a number, a letter or alfa, bravo, …)")
