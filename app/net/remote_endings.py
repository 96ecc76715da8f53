"""Proposals to end the game (RULES.md §11) as a window at a server's table sees them: the
same face as the hotseat table's :class:`~app.match.table.Proposals` (so the window's Game
menu and questions work unchanged), but the server decides. Proposing or answering here
only sends it (:meth:`~.remote_outbox.Outbox.post`); what is open, whether this seat must
answer and how a proposal ended are what the server last said
(:class:`~.protocol.ProposalState`), which never says how another seat voted.
"""

from __future__ import annotations

from typing import Callable

from app.engine import World
from app.match.ending import DRAWN, Ending
from app.match.table import ProposalRefused, Proposals
from app.match.table.proposals import NO_DRAWS_THROWN, Outcome, Proposal

from . import protocol as p


class RemoteProposals(Proposals):
    """``post(kind, text)`` queues what the seat does for the server."""

    def __init__(self, match, me: int | None, post: Callable[[str, str], None]):
        super().__init__(match, judged=lambda world: world)
        self.me, self._post = me, post
        self.state: p.ProposalState | None = None
        self.ended: p.GameEnded | None = None
        self._answered: int | None = None       # the proposal this seat answered, until the server says so

    # -- what the server said --------------------------------------------------------------
    def take(self, state: p.ProposalState) -> None:
        self.state = state
        at = self.m.world.submissions
        self.open = None if state.number is None else Proposal(state.number, state.kind, -1, at)
        self.last = None if state.outcome_number is None else \
            Outcome(Proposal(state.outcome_number, state.outcome_kind, -1, at), state.outcome == "agreed",
                    state.outcome)
        self.m.revision += 1

    def take_ending(self, ended: p.GameEnded) -> None:
        self.ended = ended
        self.m.revision += 1

    @property
    def ending(self) -> Ending | None:
        e = self.ended
        if e is not None:
            return Ending(e.kind, tuple(e.nations), self.m.world.submissions, e.turn, how=e.how)
        return super().ending

    def world(self, world: World) -> World:
        """The server's views say when the game is over; a finished game's record (its game
        only, which knows nothing of an agreement) ends as the server said it ended."""
        e = self.ended
        if e is None or world.winner is not None:
            return world
        if self._world_in is not world:
            self._world_in, self._world_out = world, world.derive(winner=e.nations[0] if e.kind != "draw" else DRAWN)
        return self._world_out  # type: ignore[return-value]

    # -- the same face as at a hotseat table ------------------------------------------------
    def voters(self, proposal=None) -> list[int]:
        return [] if self.me is None else [self.me]

    def waiting(self) -> list[int]:
        return list(self.state.waiting) if self.open is not None and self.state is not None else []

    def must_answer(self, seat: int) -> bool:
        s = self.state
        return (seat == self.me and self.open is not None and s is not None and s.must_answer
                and self._answered != self.open.number)

    def refusal(self, seat: int, kind: str, to: str | None = None) -> str | None:
        if kind == "draw" and self.m.table.judging.active:     # the server said: a thrown play-out
            return NO_DRAWS_THROWN
        return super().refusal(seat, kind, to)

    def describe(self, seat: int | None) -> str:
        return self.state.text if self.open is not None and self.state is not None else ""

    def propose(self, seat: int, kind, to: str | None = None) -> Outcome | None:
        """Sent to the server (the outcome comes from it later)."""
        why = self.refusal(seat, kind, to) if seat == self.me else "only this window's seat proposes here"
        if why:
            raise ProposalRefused(why)
        self._post("propose", f"{kind}\n{to or ''}")
        return None

    def answer(self, seat: int, accept: bool) -> Outcome | None:
        if not self.must_answer(seat):
            raise ProposalRefused("there is no proposal for this seat to answer")
        self._answered = self.open.number
        self._post("vote", "yes" if accept else "no")
        return None

    def seat_changed(self, seat: int) -> None:
        return None             # the server's business

    def to_part(self):
        return None             # a table on a server is not saved here
