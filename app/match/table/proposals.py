"""Ending a game by agreement (RULES.md §11): a draw among the nations still in the game,
or a concession to one of them, proposed by a seat and answered by the seat of every such
nation, computer players included.

>>> from app.match import Match, Seat
>>> m = Match.new(seats=[Seat(name="Ada", nations=("England",)), Seat(name="Ben", nations=("France",)),
...                      Seat(name="Cleo", nations=("Germany",))])
>>> p = m.table.proposals
>>> _ = p.propose(0, "draw")            # Ada proposes (and so accepts)
>>> p.waiting()                         # who still has to answer; never how anyone answered
[1, 2]
>>> p.answer(1, True) is None           # Ben accepts: not decided yet
True
>>> p.answer(2, True).agreed            # Cleo accepts: the draw is agreed
True
>>> m.world.phase, p.ending.kind, len(p.ending.nations)
('over', 'draw', 7)

The promises:

- **Votes are secret.** How a seat answered is kept in a private field and is never
  handed out: the public face says who still has to answer (:meth:`Proposals.waiting`)
  and, once every answer is in, only whether the proposal was agreed (:class:`Outcome`).
  A refusal is therefore *not* announced when it is given: the proposal stays open until
  the last seat has answered, so the order of answers tells nobody who refused. (Two seats
  answering alone learn from the outcome what the other said: no rule can hide that.)
- **An adjudication ends an open proposal** unanswered (:meth:`Proposals.adjudicated`).
- **Computer players** answer as the proposal is made, by their level's judgement
  (:mod:`app.bots.ending_judgement`), from what their seat sees (under fog of war or in a
  civilisations game, only their own view), with a seed drawn from the game's seed: the
  same game gives the same answers. Their answers are not written to the save file: a
  reopened game asks them again and they answer the same.
- **In the save file** a person seat's answer is kept as its pending orders are: in the
  clear without a PIN, in its sealed box with one (:meth:`sealed_vote`, :meth:`open_vote`).
- **Seats that change** (a resignation, a newcomer): the seat's answer goes with it; the
  computer that takes its place answers at once; nobody does not answer.
- **Civilisations**: a seat may concede only to a civilisation it knows, and
  :meth:`Proposals.describe` names to each seat only what it may know.

A draw or a concession agreed at a hotseat table discards every seat's pending orders (no
adjudication will use them, and the ended game's board is shown to whoever is at the
computer). It makes the match's world "over" (see :mod:`app.match.ending`) while
the game is where it ended: a sandbox's undo takes it back, and play goes on.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Literal

from app.engine import World

from ..ending import DRAWN, Ending, centre_counts, latest_turn, nations_in_game

if TYPE_CHECKING:
    from .host import Host
    from .saved import SavedProposals

ProposalKind = Literal["draw", "concession"]

NO_DRAWS_THROWN = "a thrown start's play-out has no draws: after every season each seat names the winner instead"
"""Why a draw is refused in a thrown start's play-out (RULES.md §9)."""


class ProposalRefused(ValueError):
    """A proposal or an answer the table does not take now; the text says why."""


@dataclass(frozen=True)
class Proposal:
    """An open proposal: ``number`` (the game's count of proposals), ``kind``, ``to`` (a
    concession's nation), ``by`` (the proposing seat), ``at`` (submissions adjudicated when
    it was made; the next adjudication ends it)."""

    number: int
    kind: ProposalKind
    by: int
    at: int
    to: str | None = None


@dataclass(frozen=True)
class Outcome:
    """How a proposal ended, as every seat may know it: ``agreed``, or why not (``"refused"``:
    at least one seat said no, nobody is told which; ``"adjudicated"``: a submission came
    first; ``"withdrawn"``: the table changed so that it no longer stands)."""

    proposal: Proposal
    agreed: bool
    why: Literal["agreed", "refused", "adjudicated", "withdrawn"]


class Proposals:
    """The proposals of one match (see the module docstring)."""

    def __init__(self, match: "Host", judged: "Callable[[World], World]"):
        self.m = match
        self._judged = judged
        self.open: Proposal | None = None
        self.last: Outcome | None = None            # the latest outcome, shown to every seat
        self.count = 0                              # proposals made in this game
        self._votes: dict[int, bool] = {}           # seat -> its answer: never handed out
        self._ending: Ending | None = None
        self._world_in: World | None = None
        self._world_out: World | None = None

    # -- the game's end -------------------------------------------------------------------
    @property
    def ending(self) -> Ending | None:
        """How the game ended, if it did: agreed here while the game is where it was agreed,
        or the victory of the rules (or of a thrown play-out's judging)."""
        m = self.m
        n = len(m.game.submissions)
        if self._ending is not None and self._ending.at == n:
            return self._ending
        w = self._judged(m.game.world)
        if w.winner:
            named = w.winner != m.game.world.winner      # a thrown play-out's judging, not the rules' count
            return Ending("victory", (w.winner,), n, latest_turn(w), how="every seat named it" if named else "")
        return None

    def world(self, world: World) -> World:
        """``world`` (the present as the table sees it) over, once a draw or a concession
        is agreed (the same object each time, as the match's round checks)."""
        e = self._ending
        if e is None or e.at != len(self.m.game.submissions) or world.winner is not None:
            return world
        if self._world_in is not world:
            self._world_in, self._world_out = world, world.derive(winner=e.winner or DRAWN)
        return self._world_out  # type: ignore[return-value]

    def play_on(self) -> None:
        """A sandbox plays on from the board where it ended (RULES.md §11)."""
        if self.m.mode != "sandbox":
            raise ProposalRefused("only a sandbox plays on after the game has ended")
        if self._ending is not None:
            self._ending = None
            self.m.revision += 1
            self.m.next_turn(0)

    # -- who answers ----------------------------------------------------------------------
    def voters(self, proposal: Proposal | None = None) -> list[int]:
        """The seats that answer: those (person or computer) playing a nation still in the
        game, the conceded-to nation apart. A seat nobody plays does not answer."""
        p = proposal or self.open
        m = self.m
        alive = set(nations_in_game(m.game.world))
        if p is not None and p.kind == "concession":
            alive.discard(p.to)
        return [i for i, s in enumerate(m.seats) if s.controller != "nobody" and alive & set(s.nations)]

    def waiting(self) -> list[int]:
        """The person seats that still have to answer the open proposal (a seat whose box is
        still sealed may have answered already: it is named until it opens its box)."""
        if self.open is None:
            return []
        m = self.m
        return [i for i in self.voters() if m.seats[i].is_person and (m.is_locked(i) or i not in self._votes)]

    def must_answer(self, seat: int) -> bool:
        return seat in self.waiting()

    # -- proposing and answering -----------------------------------------------------------
    def refusal(self, seat: int, kind: str, to: str | None = None) -> str | None:
        """Why ``seat`` may not propose this now (None: it may)."""
        m = self.m
        if kind not in ("draw", "concession"):
            return f"'{kind}' is not a proposal (a draw or a concession)"
        if not 0 <= seat < len(m.seats) or not m.seats[seat].is_person:
            return "only a person's seat proposes"
        if m.is_locked(seat):
            return f"{m.seats[seat].name}'s box is sealed: give the PIN first"
        if m.world.phase == "over":
            return "the game is over"
        if self.open is not None:
            return "a proposal is already open: it is answered or the next adjudication ends it"
        alive = nations_in_game(m.game.world)
        mine = set(m.seats[seat].nations)
        if kind == "concession":
            known = set(m.known_civilisations(seat))
            if to is None or to not in known or to not in alive:
                return f"{to or 'nobody'} is not a nation still in the game that you know"
            if to in mine:
                return f"you play {to}: the others concede to it, not you"
            if not (mine & set(alive)) - {to}:
                return "none of your nations is still in the game"
        elif not mine & set(alive):
            return "none of your nations is still in the game"
        elif m.thrown:
            return NO_DRAWS_THROWN
        return None

    def propose(self, seat: int, kind: ProposalKind, to: str | None = None) -> Outcome | None:
        """``seat`` proposes a draw (or concedes to ``to``), accepting it itself; computer
        seats answer at once. Returns the outcome if that decides it (None: still open)."""
        why = self.refusal(seat, kind, to)
        if why:
            raise ProposalRefused(why)
        m = self.m
        self.count += 1
        self.open = Proposal(self.count, kind, seat, len(m.game.submissions), to if kind == "concession" else None)
        self._votes = {seat: True}
        self.last = None
        self._computers_answer()
        m.revision += 1
        return self._settle()

    def answer(self, seat: int, accept: bool) -> Outcome | None:
        """``seat`` (at the table) answers the open proposal. Returns the outcome once every
        answer is in (None: still open)."""
        m = self.m
        if self.open is None:
            raise ProposalRefused("there is no proposal to answer")
        if seat not in self.voters() or not m.seats[seat].is_person:
            raise ProposalRefused(f"{m.seats[seat].name} does not answer this proposal")
        if m.is_locked(seat):
            raise ProposalRefused(f"{m.seats[seat].name}'s box is sealed: give the PIN first")
        if seat in self._votes:
            raise ProposalRefused(f"{m.seats[seat].name} has answered already")
        self._votes[seat] = bool(accept)
        m.revision += 1
        if m.turn == seat and m.is_done(seat):     # it came to the table only to answer
            m.next_turn(seat + 1)
        return self._settle()

    def _computers_answer(self) -> None:
        from app.bots.ending_judgement import accepts_concession, accepts_draw
        m, p = self.m, self.open
        for i in self.voters():
            s = m.seats[i]
            if not s.is_computer:
                continue
            view = m.view_for_nations(s.nations)          # only what the seat sees
            counts = centre_counts(view)
            sides = [n for n in nations_in_game(view) if n not in s.nations]
            own = sum(counts.get(n, 0) for n in s.nations)
            seed = zlib.crc32(f"{m.game.seed}/{p.at}/{p.number}/{i}".encode())
            level = s.level or "standard"
            if p.kind == "draw":
                self._votes[i] = accepts_draw(level, own, [counts.get(n, 0) for n in sides], seed)
            else:
                rest = [counts.get(n, 0) for n in sides if n != p.to]
                self._votes[i] = accepts_concession(level, own, counts.get(p.to, 0), rest, seed)

    def _settle(self) -> Outcome | None:
        """Once every voter's answer is in: the outcome (and the ending if agreed)."""
        p = self.open
        if p is None or self.waiting() or any(i not in self._votes for i in self.voters()):
            return None
        agreed = all(self._votes[i] for i in self.voters())
        m = self.m
        if agreed:
            w = m.game.world
            nations = nations_in_game(w) if p.kind == "draw" else (p.to,)
            self._ending = Ending(p.kind, nations, len(m.game.submissions), latest_turn(w))
            if m.private:      # no adjudication will use them, and no seat may ever see another's
                m.discard_pending()
        return self._close(agreed, "agreed" if agreed else "refused")

    def _close(self, agreed: bool, why) -> Outcome:
        m = self.m
        self.last = Outcome(self.open, agreed, why)
        self.open = None
        self._votes = {}
        m.revision += 1
        m.next_turn(m.turn if m.turn is not None else 0)
        return self.last

    def adjudicated(self) -> Outcome | None:
        """A submission was adjudicated: an open proposal ends unagreed."""
        if self.open is None:
            return None
        return self._close(False, "adjudicated")

    def seat_changed(self, seat: int) -> None:
        """A seat left or was taken over: its answer goes with it; a computer in its place
        answers now. The proposal may then be decided (or no longer stand)."""
        if self.open is None:
            return
        self._votes.pop(seat, None)
        if not self.m.seats[self.open.by].is_person:
            self._close(False, "withdrawn")      # the proposer left: nobody stands behind it
            return
        self._computers_answer()
        self._settle()

    def describe(self, seat: int | None) -> str:
        """The open proposal as ``seat`` may read it (a civilisations seat is told of no
        civilisation it has not met, nor how many are in the game)."""
        p = self.open
        if p is None:
            return ""
        m = self.m
        civ = m.civ is not None           # a civilisations game (RULES.md §10)
        who = "A seat" if civ else m.seats[p.by].name
        if p.kind == "draw":
            if civ:
                return f"{who} proposes a draw shared by every civilisation still in the game."
            return f"{who} proposes a draw shared by {', '.join(nations_in_game(m.game.world))}."
        known = seat is not None and p.to in m.known_civilisations(seat)
        to = p.to if known else "a civilisation you have not met"
        return f"{who} proposes that the game be conceded to {to}."

    # -- the save file --------------------------------------------------------------------
    def sealed_vote(self, seat: int) -> bool | None:
        """A PIN seat's answer to the open proposal, to go into its sealed box."""
        return self._votes.get(seat) if self.open is not None and self.m.seats[seat].is_person else None

    def open_vote(self, seat: int, raw, where: str) -> None:
        """A PIN seat's box, opened: its answer (to this proposal) counts again."""
        from ..file_error import MatchFileError
        if raw is None:
            return
        if not isinstance(raw, dict) or not isinstance(raw.get("accept"), bool) or not isinstance(raw.get("proposal"), int):
            raise MatchFileError(f"{where}: the sealed answer does not read")
        if self.open is not None and raw["proposal"] == self.open.number:
            self._votes[seat] = raw["accept"]
            self._settle()

    def to_part(self) -> SavedProposals | None:
        from .saved import SavedEnding, SavedProposal, SavedProposals
        m = self.m
        open_ = None
        if self.open is not None:
            p = self.open
            plain = {i: v for i, v in sorted(self._votes.items()) if m.seats[i].is_person and not m.has_pin(i)}
            open_ = SavedProposal(number=p.number, kind=p.kind, by=p.by, at=p.at, to=p.to, votes=plain)
        e = self._ending
        ending = SavedEnding(kind=e.kind, nations=list(e.nations), at=e.at, turn=e.turn) if e is not None else None
        if not self.count and ending is None:
            return None
        return SavedProposals(count=self.count, open=open_, ending=ending)

    def load_part(self, part: SavedProposals | None, where: str) -> None:
        from ..file_error import MatchFileError
        if part is None:
            return
        m = self.m
        at = f"{where}: field 'meta.table.proposals"
        self.count = part.count
        if part.ending is not None:
            bad = [n for n in part.ending.nations if n not in m.game.variant.nations]
            if bad:
                raise MatchFileError(f"{at}.ending.nations': {bad[0]!r} is not a nation of this game")
            self._ending = Ending(part.ending.kind, tuple(part.ending.nations), part.ending.at, part.ending.turn)
        p = part.open
        if p is not None:
            n = len(m.seats)
            if not 0 <= p.by < n or not m.seats[p.by].is_person:
                raise MatchFileError(f"{at}.open.by': seat {p.by} is not a person's seat")
            if p.kind == "concession" and p.to not in m.game.variant.nations:
                raise MatchFileError(f"{at}.open.to': {p.to!r} is not a nation")
            for i in p.votes:
                if not 0 <= i < n or not m.seats[i].is_person or m.has_pin(i):
                    raise MatchFileError(f"{at}.open.votes.{i}': seat {i} is not a person's seat without a PIN")
            self.open = Proposal(p.number, p.kind, p.by, p.at, p.to)
            self._votes = dict(p.votes)
            if p.at != len(m.game.submissions):        # written after an adjudication: it ended then
                self.open, self._votes = None, {}
            else:
                self._computers_answer()


def __getattr__(name: str):
    if name == "SavedProposals":     # pydantic models of the save file: imported when first named
        from . import saved
        return getattr(saved, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
