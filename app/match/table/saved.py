"""The table's part of a save file as pydantic models (``meta.table``), and a message as a seat
keeps it: imported when a file is read or written or a message is sent, not at the window's
start (issue 24)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..pin_tries import MAX_WAIT
from .limits import FASTEST, LONGEST_DEADLINE, MAX_LENGTH, SHORTEST_DEADLINE, SLOWEST

class SavedDeadline(BaseModel):
    """The deadline's part of a save file: the limit, and the running turn's time left."""

    model_config = ConfigDict(extra="forbid")
    seconds: int = Field(ge=SHORTEST_DEADLINE, le=LONGEST_DEADLINE)
    left: float | None = Field(None, ge=0)           # of the running turn, when it was saved
    submission: int | None = Field(None, ge=0)       # which turn that was: the round …
    seat: int | None = Field(None, ge=0)             # … and the seat


class SavedPinTries(BaseModel):
    """A PIN seat's wrong tries since its last right one, and the wait still owed when saved
    (app.match.pin_tries): reopening the file does not start the wait afresh."""

    model_config = ConfigDict(extra="forbid")
    wrong: int = Field(ge=1, le=1_000_000)
    wait: float = Field(0.0, ge=0, le=MAX_WAIT)


class SavedJudging(BaseModel):
    model_config = ConfigDict(extra="forbid")
    judged: int = Field(0, ge=0)                   # the last submission judged
    winner: str | None = None                      # the nation all named …
    at: int | None = Field(None, ge=0)             # … after this many submissions


class Message(BaseModel):
    """One message as a seat keeps it. ``sent``: the writer's own copy; ``when``: the
    submission it was written before (0: before the first); names as they were then."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    sender: str = Field(min_length=1, max_length=40)
    receiver: str = Field(min_length=1, max_length=40)
    text: str = Field(min_length=1, max_length=MAX_LENGTH)
    when: int = Field(0, ge=0)
    sent: bool = False
    read: bool = False


class SavedProposal(BaseModel):
    """An open proposal to end the game (app.match.table.proposals); ``votes``: the answers
    of person seats without a PIN (a PIN seat's is in its sealed box; computers answer
    again when the file is read)."""

    model_config = ConfigDict(extra="forbid")
    number: int = Field(ge=1)
    kind: Literal["draw", "concession"]
    by: int = Field(ge=0)
    at: int = Field(ge=0)
    to: str | None = None
    votes: dict[int, bool] = {}


class SavedEnding(BaseModel):
    """A draw or a concession agreed (a victory is the rules', found again by replaying)."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["draw", "concession"]
    nations: list[str] = Field(min_length=1)
    at: int = Field(ge=0)
    turn: str = ""


class SavedProposals(BaseModel):
    model_config = ConfigDict(extra="forbid")
    count: int = Field(0, ge=0)
    open: SavedProposal | None = None
    ending: SavedEnding | None = None


class TablePart(BaseModel):
    """The table's part of a save file (``meta.table``; absent: none of it in use)."""

    model_config = ConfigDict(extra="forbid")
    leaving: dict[int, str] = {}                     # seat -> level or "nobody", after this round
    deadline: SavedDeadline | None = None
    messages: dict[int, list[dict[str, Any]]] = {}   # seats without a PIN (others: sealed)
    judging: SavedJudging | None = None
    watch_seconds: float | None = Field(None, ge=FASTEST, le=SLOWEST)
    pin_tries: dict[int, SavedPinTries] = {}        # PIN seats with wrong tries not yet made good
    proposals: SavedProposals | None = None         # draws and concessions (absent in older files)
