"""Judging a thrown start's play-out after every season (RULES.md §9, "Playing it out").

After each submission of a play-out the players judge again: each names the nation they
think is winning. If all name the same nation it wins and the game is over; otherwise play
goes on. There are no draws. Computer players name the leader (the most centres on active
boards, then the most units, then the first in the variant's order), so a table with
computer players can still agree.

>>> from app.winks import throw_at_random
>>> from app.winks.session import thrown_game
>>> from app.match import Match, Seat
>>> g = thrown_game(throw_at_random(2, seed=3))
>>> m = Match(g, [Seat(name="Ada", nations=("Austria",)), Seat(name="Ben", nations=("England",))])
>>> j = m.table.judging
>>> j.active, j.due
(True, False)
>>> m.done(0), m.done(1)                 # both seats order (here: hold), then Fall 1901 is adjudicated
(1, None)
>>> _ = m.submit()
>>> j.due
True
>>> j.judge({0: "England", 1: "England"})
'England'
>>> m.world.phase, m.world.winner
('over', 'England')

The agreed winner is kept by the match (saved in its part of the file), not written into
the engine's world: the world's own winner is the rules' victory, which the save file
checks by replaying the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Mapping

from app.engine import World

from .host import Host

if TYPE_CHECKING:
    from .saved import SavedJudging


class JudgingError(ValueError):
    """A judgement the play-out does not take now; the text says why."""


def leader(world: World, nations) -> str:
    """The nation a computer player names: most centres on active boards, then most
    units on them, then the earliest in ``nations``."""
    centres = world.centres_on_active_boards()
    units: dict[str, int] = {}
    for key in world.active_boards():
        for u in world.boards[key].units.values():
            units[u.nation] = units.get(u.nation, 0) + 1
    order = list(nations)
    return min(order, key=lambda n: (-len(centres.get(n, ())), -units.get(n, 0), order.index(n)))


class Judging:
    """The judging of one match (active only for a thrown start's play-out)."""

    def __init__(self, match: Host):
        self.m = match
        self.judged = 0                  # submissions judged so far (0: none due yet)
        self.winner: str | None = None
        self.at: int | None = None
        self._world_in: World | None = None
        self._world_out: World | None = None

    @property
    def active(self) -> bool:
        return bool(self.m.thrown)

    @property
    def due(self) -> bool:
        """A season was played since the last judgement, and the game goes on."""
        m = self.m
        n = len(m.game.submissions)
        return self.active and n > self.judged and self.ended is None and m.game.world.phase != "over"

    @property
    def ended(self) -> str | None:
        """The nation everyone named, while the game is where they named it (an undo
        takes the judgement back with the season)."""
        return self.winner if self.winner is not None and self.at == len(self.m.game.submissions) else None

    def players(self) -> list[str]:
        """The nations in the play-out (the thrown start's, in seat order)."""
        thrown = self.m.thrown or {}
        return list(thrown.get("nations") or self.m.game.variant.nation_names)

    def computer_votes(self) -> dict[int, str]:
        """What each computer seat names (the leader)."""
        m = self.m
        named = leader(m.game.world, self.players())
        return {i: named for i, s in enumerate(m.seats) if s.is_computer}

    def judge(self, votes: Mapping[int, str]) -> str | None:
        """Every person seat's named nation (``votes``: seat -> nation); computer seats
        name the leader. Returns the winner if all named the same nation, else None (play
        on). Seats nobody plays do not judge."""
        m = self.m
        if not self.due:
            raise JudgingError("there is nothing to judge now")
        people = [i for i, s in enumerate(m.seats) if s.is_person]
        missing = [m.seats[i].name for i in people if i not in votes]
        if missing:
            raise JudgingError(f"{', '.join(missing)} has not named a winner")
        allowed = set(self.players())
        for i, n in votes.items():
            if n not in allowed:
                raise JudgingError(f"{n} is not in this game")
        named = {votes[i] for i in people} | set(self.computer_votes().values())
        self.judged = len(m.game.submissions)
        m.revision += 1
        if len(named) == 1:
            self.winner, self.at = named.pop(), self.judged
            m.next_turn()                     # nobody orders any more
            return self.winner
        return None

    def play_on(self) -> None:
        """Skip this judgement (the players did not agree, or do not want to judge now)."""
        if self.due:
            self.judged = len(self.m.game.submissions)
            self.m.revision += 1

    def world(self, world: World) -> World:
        """``world`` (the game's present) with the agreed winner, once there is one."""
        if self.ended is None or world.winner is not None:
            return world
        if self._world_in is not world:
            self._world_in, self._world_out = world, world.derive(winner=self.winner)
        return self._world_out  # type: ignore[return-value]

    # -- the save file -------------------------------------------------------------------
    def to_part(self) -> SavedJudging | None:
        from .saved import SavedJudging
        if not self.active or (self.judged == 0 and self.winner is None):
            return None
        return SavedJudging(judged=self.judged, winner=self.winner, at=self.at)

    def load_part(self, part: SavedJudging | None, where: str) -> None:
        if part is None:
            return
        from ..file_error import MatchFileError
        if part.winner is not None and part.winner not in self.m.game.variant.nations:
            raise MatchFileError(f"{where}: field 'meta.table.judging.winner': {part.winner!r} is not a nation")
        self.judged, self.winner, self.at = part.judged, part.winner, part.at


def __getattr__(name: str):
    if name == "SavedJudging":     # pydantic models of the save file: imported when first named
        from . import saved
        return getattr(saved, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
