"""What the table's parts ask of the match they serve, in one place.

The parts (seat changes, deadline, messages, watching, judging) are made with the match and
read it live, but they name no ``Match`` class: they see it through :class:`Host`, a
``Protocol`` that :class:`app.match.Match` fulfils. So the table imports nothing of the
match above it, and this page is the whole seam: a part that needs more of the match says
so here first.
"""

from __future__ import annotations

from typing import Any, Protocol

from app.engine import Game, Report, World

from ..pin_tries import PinTries
from ..seats import Seat


class Host(Protocol):
    """A match as its table sees it (:class:`app.match.Match` is the one there is)."""

    game: Game
    seats: tuple[Seat, ...]
    revision: int                      # grows with every change (the table's too)
    thrown: dict[str, Any] | None      # a thrown start's record: its play-out is judged
    pin_tries: PinTries
    mode: str                          # "sandbox", "hotseat", …

    @property
    def world(self) -> World: ...

    @property
    def turn(self) -> int | None: ...

    @property
    def private(self) -> bool: ...

    def seat_of(self, nation: str) -> int | None: ...

    def has_pin(self, seat: int) -> bool: ...

    def is_locked(self, seat: int) -> bool: ...

    def has_work(self, seat: int, world: World | None = None) -> bool: ...

    def is_done(self, seat: int) -> bool: ...

    def known_civilisations(self, seat: int | None) -> list[str]: ...

    # -- what the table does to the match ------------------------------------------------
    def done(self, seat: int | None = None) -> int | None: ...

    def end_turn(self, seat: int) -> int | None: ...

    def next_turn(self, start: int = 0) -> int | None: ...

    def replace_seat(self, seat: int, new: Seat, pin: str | None = None) -> None: ...

    def add_seat(self, new: Seat, pin: str | None = None) -> int: ...

    def submit(self) -> Report: ...
