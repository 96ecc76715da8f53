"""The check every opened save file passes: its stored world must be what its own start and
submissions make.

A file's checksum only says that its text is what some writer made of it: anyone can edit
a file and compute the checksum again. So the checksum never switches this check off; it
only lets a big file open at once (read lazily, :mod:`app.engine.saves.lazy_orders`) with the
check still owed. :meth:`ReplayCheck.run` does it: at once for :meth:`Game.load
<app.engine.game.Game.load>`, or on a worker thread after the window has shown the game
(``replay_later``: at 10,000 boards the replay takes seconds).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Sequence

from ..civ import civgame, civsave
from ..rules.submission import SubmissionError, submit

if TYPE_CHECKING:
    from ..game import Game
    from ..rules.world import World


def _go_on() -> None:
    """No pause."""


class ReplayMismatch(ValueError):
    """The stored world is not what the file's submissions make. ``replayed``: what they
    make (None when they cannot be replayed at all)."""

    def __init__(self, message: str, replayed: "World | None"):
        super().__init__(message)
        self.replayed = replayed


@dataclass(frozen=True)
class ReplayCheck:
    """What a file's replay check needs, taken when the file was read (the game may go on
    meanwhile: worlds are immutable and the submissions are a copy)."""

    where: str
    start: "World"
    submissions: Sequence
    gifts: tuple
    world: "World"
    meta: dict      # the file's own (the match part, for a game made of the replay)
    game_type: type  # the class of the game read (this check is below it: it cannot import it)

    @classmethod
    def of(cls, game: "Game", where: str) -> "ReplayCheck":
        return cls(where, game.start, game.submissions.copy(), tuple(game.gifts), game.world, game.meta,
                   type(game))

    def game_made(self, replayed: "World") -> "Game":
        """The game the file's start and submissions make (``replayed``: their last world,
        from :class:`ReplayMismatch`); its past is replayed when first asked for."""
        game = self.game_type(self.start.variant, self.start.adjacency, self.start.seed, [replayed], self.submissions,
                    dict(self.meta), self.start)
        game.gifts = self.gifts
        return game

    def run(self, pause: Callable[[], None] = _go_on) -> "World":
        """Replay the submissions from the start, calling ``pause`` between submissions;
        the world they make, which is the stored one. Raises :class:`ReplayMismatch` naming
        the file and the first difference."""
        return replay_and_compare(self.where, self.start, self.submissions, self.gifts, self.world, pause)[-1]


def replay_and_compare(where: str, start: "World", submissions: Sequence, gifts: Sequence, stored: "World",
                       pause: Callable[[], None] = _go_on, keep: bool = False) -> list["World"]:
    """The worlds the submissions make from ``start`` (every one with ``keep``, else the
    last), checked against ``stored``."""
    worlds = [start]
    for i, orders in enumerate(submissions):
        pause()
        try:
            if gifts:     # RULES.md §10: the gifts given before this submission
                worlds[-1] = civgame.replay(worlds[-1], (), [(0, g) for at, g in gifts if at == i], submit)[0]
            made = submit(worlds[-1], list(orders)).world
        except (SubmissionError, ValueError, KeyError, AttributeError) as e:
            raise ReplayMismatch(f"{where}: field 'submissions.{i}': cannot be replayed ({e})", None) from None
        if keep:
            worlds.append(made)
        else:
            worlds[-1] = made
    if gifts:
        try:
            worlds[-1] = civgame.replay(worlds[-1], (), [(0, g) for at, g in gifts if at == len(submissions)], submit)[0]
        except ValueError as e:
            raise ReplayMismatch(f"{where}: field 'civ.gifts': cannot be replayed ({e})", None) from None
    pause()
    try:
        difference = first_difference(worlds[-1], stored)
    except ValueError as e:   # an order text of a lazily read file, read at last
        raise ReplayMismatch(f"{where}: damaged: {e}", None) from None
    if difference:
        raise ReplayMismatch(f"{where}: field 'world' is not what its own submissions make: {difference}; "
                             "the file is damaged or was edited", worlds[-1])
    return worlds


def first_difference(replayed: "World", stored: "World") -> str | None:
    for name in ("boards", "orders", "results", "retreats", "parents", "starts"):
        a, b = getattr(replayed, name), getattr(stored, name)
        if a.keys() != b.keys():
            only = sorted(map(str, a.keys() ^ b.keys()))
            return f"{name} differ at {', '.join(only[:3])}"
        for k in sorted(a):
            if a[k] != b[k]:
                return f"{name} differ at {k}"
    if replayed.pause != stored.pause:
        return "the retreats waited for differ"
    if replayed.winner != stored.winner:
        return f"the winner should be {replayed.winner}, not {stored.winner}"
    if replayed.submissions != stored.submissions:
        return "the number of submissions differs"
    return civsave.same_civ(replayed, stored)     # RULES.md §10
