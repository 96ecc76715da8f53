"""One drawn plan (an arrow or a mark) as a pydantic model, and the words it is written in
(its colours, a place on a board): validated when a file is read or a seat draws, imported
then rather than with :mod:`.plans` (the window's start needs no pydantic)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from app.engine import BoardKey, Location, parse_timeline, Turn

COLOURS = ("red", "blue", "green", "amber")
"""The four plan colours, by index (the window picks the shades, distinct from nations')."""


def parse_place(text: str) -> Location:
    """``1:par:S1901`` (a board and a place on it; a coast may be given: ``1:spa/nc:S1901``)."""
    parts = text.split(":")
    if len(parts) != 3 or not parts[1]:
        raise ValueError(f"'{text}' is not a place on a board (write timeline:province:turn, e.g. 1:par:S1901)")
    return Location(BoardKey(parse_timeline(parts[0]), Turn.parse(parts[2])), parts[1].lower())


class PlanMark(BaseModel):
    """One drawn thing: an ``arrow`` from ``at`` to ``to`` (the places may be on different
    boards), or a ``mark`` (a ring) on ``at``. ``colour`` indexes :data:`COLOURS`."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["arrow", "mark"]
    colour: int = Field(0, ge=0, le=len(COLOURS) - 1)
    at: str = Field(max_length=40)
    to: str | None = Field(None, max_length=40)

    @field_validator("at", "to")
    @classmethod
    def _place(cls, v: str | None) -> str | None:
        if v is not None:
            parse_place(v)
        return v

    @model_validator(mode="after")
    def _ends(self) -> "PlanMark":
        if (self.kind == "arrow") != (self.to is not None):
            raise ValueError("an arrow has an end ('to'), a mark has none")
        return self

    @property
    def start(self) -> Location:
        return parse_place(self.at)

    @property
    def end(self) -> Location | None:
        return parse_place(self.to) if self.to is not None else None

    @classmethod
    def arrow(cls, a: Location, b: Location, colour: int = 0) -> "PlanMark":
        return cls(kind="arrow", colour=colour, at=str(a), to=str(b))

    @classmethod
    def ring(cls, at: Location, colour: int = 0) -> "PlanMark":
        return cls(kind="mark", colour=colour, at=str(at))
