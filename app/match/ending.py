"""How a game ended (RULES.md §11): a frozen :class:`Ending`, and which nations are still in
the game (those a draw is shared by, and whose seats answer a proposal).

>>> from app.engine import Game
>>> w = Game.new().world
>>> nations_in_game(w)[:3]
('Austria', 'England', 'France')
>>> e = Ending("draw", ("England", "France"), at=4, turn="Spring 1903")
>>> e.describe()
'A draw shared by England and France (Spring 1903)'
"""

from __future__ import annotations

import weakref

from dataclasses import dataclass
from typing import Literal

from app.engine import World

EndingKind = Literal["victory", "draw", "concession"]
KINDS = ("victory", "draw", "concession")

# The world of a drawn game says "over" with nobody winning alone: its ``winner`` is this
# (falsy, so whatever names a winner finds none, while everything that asks whether the game
# is over hears yes).
DRAWN = ""


@dataclass(frozen=True)
class Ending:
    """How a game ended: ``kind``; ``nations``: the winner (victory, concession) or those
    sharing the draw; ``at``: the number of submissions adjudicated when it ended; ``turn``:
    the latest turn on the boards then (e.g. "Fall 1904"); ``how``: how a victory came other
    than by the rules' count (a thrown play-out's: "every seat named it")."""

    kind: EndingKind
    nations: tuple[str, ...]
    at: int
    turn: str = ""
    how: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "nations", tuple(self.nations))
        if self.kind not in KINDS:
            raise ValueError(f"ending kind {self.kind!r} is not one of {', '.join(KINDS)}")
        if not self.nations:
            raise ValueError("an ending names at least one nation")

    @property
    def winner(self) -> str | None:
        """The nation that won alone (victory or concession); None for a draw."""
        return None if self.kind == "draw" else self.nations[0]

    def describe(self) -> str:
        when = f" ({self.turn})" if self.turn else ""
        if self.kind == "draw":
            names = self.nations
            shared = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
            return f"A draw shared by {shared}{when}"
        if self.kind == "concession":
            return f"{self.nations[0]} wins: the others conceded{when}"
        return f"{self.nations[0]} wins: {self.how}{when}" if self.how else f"{self.nations[0]} wins{when}"


def nations_in_game(world: World) -> tuple[str, ...]:
    """Nations still in the game: owning a supply centre or a unit on an active board
    (RULES.md §11), in the variant's order."""
    global _last_asked
    ref, known = _last_asked
    if ref() is world:     # a window's redraw asks it a dozen times of one world (2000 boards: 0.4 ms each)
        return known
    names = world.variant.nation_names
    alive: set[str] = set()
    for key in world.active_boards():
        board = world.boards[key]
        alive.update(board.centres.values())
        alive.update(u.nation for u in board.units.values())
        if alive.issuperset(names):   # every nation is in: no other board can change the answer
            break
    out = tuple(n for n in names if n in alive)
    _last_asked = (weakref.ref(world), out)   # one tuple, read whole by any thread
    return out


_last_asked: tuple = (lambda: None, ())     # (a weak reference to the last world asked, its answer)


def latest_turn(world: World) -> str:
    """The latest turn on the boards (what "when" an ending says), as the game names its
    turns (a civilisations game: "Fall 3750 BC", RULES.md §10)."""
    return world.calendar.title(max(world.ends.values())) if world.ends else ""


def centre_counts(world: World) -> dict[str, int]:
    """Each nation's distinct centres on the active boards (as the victory counts them)."""
    return {n: len(c) for n, c in world.centres_on_active_boards().items()}
