"""A thrown play-out's judging (RULES.md §9) as a window at a server's table sees it: the
same face as the hotseat table's :class:`~app.match.table.Judging` (so the window asks with
the same dialog), but the server judges (:mod:`.judging`). Naming a winner here only sends
the seat's name, sealed by its computer; whether a judging is open, whether this seat must
still name and how the last one ended are what the server last said
(:class:`~.protocol.JudgingState`), which never says who named whom.
"""

from __future__ import annotations

from typing import Callable, Mapping

from app.engine import World
from app.match.table.judging import Judging, JudgingError

from . import protocol as p

SEALED_NOTE = ("Your name is sealed by your computer: no other seat, nor the computer holding the table, can read it "
               "before every seat has named; then the table is told only whether everyone named the same nation. "
               "Play on names no winner, so this season's judging cannot agree.")
"""What the window's question adds at a table across computers."""


class RemoteJudging(Judging):
    """``post(kind, text, at)`` queues what the seat does for the server."""

    note = SEALED_NOTE

    def __init__(self, match, me: int | None, post: Callable[[str, str, int], None]):
        super().__init__(match)
        self.me, self._post = me, post
        self.state: p.JudgingState | None = None
        self.named_at: int | None = None         # the judging this seat named in, until the server says so

    def take(self, state: p.JudgingState) -> None:
        """What the server said of the judging."""
        self.state = state
        self.m.revision += 1

    # -- the same face as at a hotseat table ------------------------------------------------
    @property
    def active(self) -> bool:
        return self.state is not None

    @property
    def due(self) -> bool:
        """This seat still names in the open judging (and has not sent its name yet)."""
        s = self.state
        return (self.me is not None and s is not None and s.at is not None and s.must_name
                and self.named_at != s.at)

    @property
    def ended(self) -> str | None:
        """The nation every seat named, if that ended the game (a watcher, told no judging,
        knows it from how the game ended)."""
        s = self.state
        if s is not None and s.outcome == "agreed":
            return s.winner
        e = self.m.table.proposals.ended          # the server's word on the game's end
        return e.nations[0] if e is not None and e.kind == "victory" and e.how else None

    def players(self) -> list[str]:
        """The nations in play: the judging's, once the server spoke of it; else (a watcher,
        who is never told of judging; a seat before its first word) the nations the table's
        seats play, in the variant's order (a thrown start's: only those thrown)."""
        if self.state is not None:
            return list(self.state.nations)
        seated = {n for s in self.m.welcome.seats for n in s.get("nations", ())}
        return [n for n in self.m.game.variant.nation_names if n in seated] or super().players()

    def computer_votes(self) -> dict[int, str]:
        return {}           # sealed like every name: the server asks them, and tells nobody

    def judge(self, votes: Mapping[int, str]) -> str | None:
        """Sends this seat's name (the outcome comes from the server once every seat has named)."""
        if not self.due:
            raise JudgingError("there is nothing for this seat to judge now")
        named = votes.get(self.me)
        if named not in self.players():
            raise JudgingError(f"{named} is not in this game")
        self._send(named)
        return None

    def play_on(self) -> None:
        """This seat names no winner: the judging cannot agree (said only once every seat has named)."""
        if self.due:
            self._send("")

    def _send(self, named: str) -> None:
        self.named_at = self.state.at
        self._post("judge", named, self.state.at)
        self.m.revision += 1

    def world(self, world: World) -> World:
        return world         # the server's views and its GameEnded say when the game is over

    def to_part(self):
        return None          # a table on a server is not saved here
