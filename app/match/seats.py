"""Who sits at the table: a seat is a person, a computer player or nobody, playing some nations.

>>> Seat(name="Ada", nations=("England", "France"))
Seat(name='Ada', colour='#1971c2', nations=('England', 'France'), controller='person', level=None)

A seat's PIN is not part of the seat: the match keeps it (as a derived key) where neither
the window nor the save file can read it back.

A frozen dataclass that checks its fields itself (as the save file's ``SavedSeat`` model
does when a file is read): a new game makes seats before anything is read, and the window's
start does not import pydantic for them (issue 24).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Iterable, Literal

Controller = Literal["person", "computer", "nobody"]
CONTROLLERS = ("person", "computer", "nobody")
_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")


@dataclass(frozen=True)
class Seat:
    """One seat. ``controller``: a person gives its orders at the table; a computer seat's
    orders come from ``app.bots.decide(level, ...)`` at the end of each round; a seat played
    by nobody holds. A field out of bounds raises ValueError naming it."""

    name: str
    colour: str = "#1971c2"
    nations: tuple[str, ...] = ()
    controller: Controller = "person"
    level: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "nations", tuple(self.nations))
        if not isinstance(self.name, str) or not 1 <= len(self.name) <= 40:
            raise ValueError(f"seat name {self.name!r}: 1 to 40 characters")
        if not isinstance(self.colour, str) or not _COLOUR.match(self.colour):
            raise ValueError(f"seat colour {self.colour!r}: write #rrggbb")
        if not self.nations or not all(isinstance(n, str) for n in self.nations):
            raise ValueError(f"seat {self.name!r}: plays at least one nation")
        if self.controller not in CONTROLLERS:
            raise ValueError(f"seat {self.name!r}: controller {self.controller!r} is not one of {', '.join(CONTROLLERS)}")
        if self.level is not None and not isinstance(self.level, str):
            raise ValueError(f"seat {self.name!r}: level {self.level!r} is not a name")

    @classmethod
    def unseen(cls, name: str, colour: str = "#1971c2", controller: Controller = "nobody") -> "Seat":
        """A seat whose nations this computer may not know: at a civilisations table across
        computers (RULES.md §10), a seat knows another seat's name, never the civilisations
        it plays until they meet. It plays no nation here (the server plays it)."""
        seat = cls(name, colour, ("?",), controller)     # every other field checked as any seat's
        object.__setattr__(seat, "nations", ())
        return seat

    def with_nations(self, nations: tuple[str, ...]) -> "Seat":
        """This seat playing ``nations`` instead."""
        return replace(self, nations=nations)

    @property
    def is_person(self) -> bool:
        return self.controller == "person"

    @property
    def is_computer(self) -> bool:
        return self.controller == "computer"



def shared_name(names: Iterable[str]) -> str | None:
    """A name two of ``names`` share, compared without case or surrounding spaces, as the
    first of them writes it (None: every name is its own). People at a table must each have a name
    of their own: the curtain, the messages and the table tell them apart by it. Computer and
    empty seats may share one ("Computer (hard)" for each nation watched), so callers pass
    the people's names.

    >>> shared_name(["Ada", "Ben", " ada"])
    'Ada'
    """
    seen: dict[str, str] = {}
    for name in names:
        key = name.strip().casefold()
        if key in seen:
            return seen[key]
        seen[key] = name.strip()
    return None
