"""The match's part of a save file (``meta`` in the game's JSON), as a pydantic model
(imported when a file is read or written, not at the window's start).

Versioned and validated: a malformed part raises :class:`MatchFileError` (a
``GameFileError``) naming the file and the field, e.g. ``g.json: field 'meta.seats.1.nations':
Field required``. Seats without a PIN keep their pending orders as plain text in
``pending``; a seat with a PIN keeps them in its ``sealed`` box (see :mod:`.secret`).

Files written before the match layer (``{"mode", "seats", "pending"}``) read as version 1.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from app.engine import validate

from .file_error import MATCH_VERSION, MatchFileError
from .plan_marks import PlanMark
from .seats import Controller
from .secret_box import SealedBox
from .table.saved import TablePart


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SavedSeat(_M):
    name: str = Field(min_length=1, max_length=40)
    colour: str = Field("#1971c2", pattern=r"^#[0-9a-fA-F]{6}$")
    nations: list[str] = Field(min_length=1)
    controller: Controller = "person"
    level: str | None = None
    sealed: SealedBox | None = None     # present iff the seat has a PIN


class SelfplaySource(_M):
    """How ``python -m app selfplay`` made the game (read so that its files open)."""
    seed: int
    submissions: int = Field(ge=0)
    victory: bool = True


class MatchPart(_M):
    version: int = Field(MATCH_VERSION, ge=1, le=MATCH_VERSION)
    mode: Literal["sandbox", "hotseat"] = "sandbox"
    seats: list[SavedSeat] = []
    turn: int = Field(0, ge=0)                       # the seat whose turn it is
    done: list[int] = []                             # seats done this round
    pending: dict[int, list[str]] = {}               # seat index -> order texts (no PIN)
    fog: bool = False
    selfplay: SelfplaySource | None = None
    thrown: dict[str, Any] | None = None             # a thrown start's record (app.winks, RULES.md §9)
    civ: dict[str, Any] | None = None                # a civilisations game's offers (app.match.civ_table)
    table: TablePart | None = None                   # seat changes, deadline, messages… (app.match.table)
    plans: dict[int, list[PlanMark]] = {}            # seat index -> drawn arrows and marks (no PIN; app.match.plans)
    notes: dict[int, str] = {}                       # seat index -> notes (no PIN; app.match.notes)
    saved_as: str | None = None                      # an autosave's game file (restored, Save proposes it)


def read_part(meta: Any, where: str) -> MatchPart:
    """``meta`` validated; errors name ``meta.<field>``."""
    if meta is None or meta == {}:
        return MatchPart()
    if isinstance(meta, dict) and isinstance(meta.get("version"), int) and meta["version"] > MATCH_VERSION:
        raise MatchFileError(f"{where}: field 'meta.version': saved by a newer version of the game "
                             f"(match version {meta['version']}, this game reads up to {MATCH_VERSION})")
    try:
        part = validate(meta, MatchPart, where, MatchFileError)
    except MatchFileError as e:
        # name the field from the file's top level
        raise MatchFileError(str(e).replace(": field '", ": field 'meta.", 1)) from None
    n = len(part.seats)
    if part.mode == "hotseat" and n < 2:
        raise MatchFileError(f"{where}: field 'meta.seats': a hotseat game needs at least two seats, found {n}")
    if n and part.turn >= n:
        raise MatchFileError(f"{where}: field 'meta.turn': seat {part.turn} does not exist ({n} seats)")
    for i in list(part.done) + list(part.pending):
        if not (0 <= i < max(n, 1)):
            raise MatchFileError(f"{where}: field 'meta.pending' or 'meta.done': seat {i} does not exist ({n} seats)")
    for i in part.pending:
        if n and part.seats[i].sealed is not None:
            raise MatchFileError(f"{where}: field 'meta.pending.{i}': seat {i} has a PIN; its orders must be sealed")
    for name, by_seat in (("plans", part.plans), ("notes", part.notes)):     # studio: plans and notes
        for i in by_seat:
            if not (0 <= i < max(n, 1)):
                raise MatchFileError(f"{where}: field 'meta.{name}': seat {i} does not exist ({n} seats)")
            if n and part.seats[i].sealed is not None:
                raise MatchFileError(f"{where}: field 'meta.{name}.{i}': seat {i} has a PIN; its {name} must be sealed")
    return part


def dump_part(part: MatchPart) -> dict[str, Any]:
    out = part.model_dump(mode="json", exclude_none=True)
    for optional in ("plans", "notes"):      # written only when there are some: older files stay as they were
        if not out.get(optional):
            out.pop(optional, None)
    return out
