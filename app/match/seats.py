"""Who sits at the table: a seat is a person, a computer player or nobody, playing some nations.

>>> Seat(name="Ada", nations=("England", "France"))
Seat(name='Ada', colour='#1971c2', nations=('England', 'France'), controller='person', level=None)

A seat's PIN is not part of the seat: the match keeps it (as a derived key) where neither
the window nor the save file can read it back.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Controller = Literal["person", "computer", "nobody"]


class Seat(BaseModel):
    """One seat. ``controller``: a person gives its orders at the table; a computer seat's
    orders come from ``app.bots.decide(level, ...)`` at the end of each round; a seat played
    by nobody holds."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1, max_length=40)
    colour: str = Field("#1971c2", pattern=r"^#[0-9a-fA-F]{6}$")
    nations: tuple[str, ...] = Field(min_length=1)
    controller: Controller = "person"
    level: str | None = None

    @property
    def is_person(self) -> bool:
        return self.controller == "person"

    @property
    def is_computer(self) -> bool:
        return self.controller == "computer"
