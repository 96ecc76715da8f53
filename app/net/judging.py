"""A thrown play-out judged after every season across computers (RULES.md §9 "Playing it
out", §6 "Across computers"). The rules are the hotseat table's own
(:class:`app.match.table.Judging`: who judges, that computer seats name the leader, that a
unanimous name ends the game, that there are no draws); this module keeps the names sealed
until every seat has named, says what each seat is told, and replays what was stored.

How a judging goes at a server's table:

1. After each adjudicated season of a play-out (while the game goes on) a judging opens for
   that season; the person seats then are its voters. Each seat's computer sends its name
   sealed (:mod:`.judging_seal`): a box and a commitment to its key. The server keeps it (a
   stored action, kind ``judge``) and tells the table only who still owes a name.
2. When every voter's box is in, each seat's computer is asked for its key (a connected
   client sends it by itself; one that comes back later, when it joins). Each key is checked
   against its commitment and kept (kind ``judge_key``).
3. With every key in, the match's :class:`~app.match.table.Judging` judges: one name from
   every seat (computer seats included) ends the game, "Germany wins: every seat named it";
   anything else, or a seat that named no winner ("Play on"), and the table is told "the
   seats did not agree: play on". Nobody is ever told who named whom.
4. The next season is not adjudicated while a judging is open (the seats name first, as at a
   hotseat table where the question comes before the next orders). A round's deadline that
   runs out with a name or a key owed ends that judging unagreed (kind ``judge_end``).

What the holder of the table can see, and when: until every voter's box is in, that a seat
has named (its box and commitment, which it cannot open: the key comes from the seat's
invitation secret, of which the server keeps only a hash) and nothing of the name; once the
keys come (every seat has named, and no box can change any more), each seat's name, which it
needs to judge; the boxes and keys stay in its database until the next adjudication spends
the round's actions (for good in a game the judging ended). This holds against a holder who
reads the database or the traffic; a holder who runs a server changed to ask for the keys
early is believed by the seats' computers, as with sealed orders. A seat is told, of other
seats, only who still owes a name or a key, and the outcome.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from app.match import Match
from app.match.table.judging import JudgingError

from . import protocol as p
from .judging_seal import open_name
from .sealing import committed_key, SealError
from .store import Action

AGREED_TEXT = "{winner} wins: every seat named it."
PLAY_ON_TEXT = "The seats did not agree: play on (the next season is judged again)."
ENDED_TEXT = "The judging ended at the deadline with a name still owed: play on."

JUDGING_ACTIONS = ("judge", "judge_key", "judge_end")


@dataclass(frozen=True)
class JudgingOutcome:
    """How a judging ended, as every seat may know it."""
    at: int
    winner: str | None
    text: str


@dataclass
class TableJudging:
    """One table's judging on the server: the one open (if any) and how the last one ended."""
    at: int | None = None                   # the submission whose season is being judged
    voters: tuple[int, ...] = ()            # the person seats when it opened
    boxes: dict[int, tuple[str, str]] = field(default_factory=dict)    # seat -> (box, commitment)
    names: dict[int, str] = field(default_factory=dict)                # seat -> its name, once its key came
    last: JudgingOutcome | None = None

    # -- opening ----------------------------------------------------------------------------
    def sync(self, match: Match) -> bool:
        """Open the judging the match owes now (a play-out's season was adjudicated), if it is
        not open yet. True: one opened. A table with no person seat judges nothing (its
        computers always agree, and nobody watches for an answer: play on, as when watching)."""
        judging = match.table.judging
        n = len(match.game.submissions)
        if not judging.due or self.at == n:
            return False
        self.at, self.boxes, self.names = n, {}, {}
        self.voters = tuple(i for i, s in enumerate(match.seats) if s.is_person)
        if not self.voters:
            judging.play_on()
            self.at = None
            return False
        return True

    def is_open(self, match: Match) -> bool:
        return self.at is not None and match.table.judging.due and self.at == len(match.game.submissions)

    @property
    def revealing(self) -> bool:
        """Every voter's box is in: the keys are asked for."""
        return self.at is not None and all(i in self.boxes for i in self.voters)

    def waiting(self) -> list[int]:
        """The voters that still owe a name (or, once every box is in, a key)."""
        if self.at is None:
            return []
        owed = self.names if self.revealing else self.boxes
        return [i for i in self.voters if i not in owed]

    # -- a seat's name and key ----------------------------------------------------------------
    def check(self, match: Match, table: str, seat: int,
              message: p.Judge | p.JudgeKey) -> tuple[str, str | None, Action]:
        """(what the seat does, why the table refuses it or None, the action to keep)."""
        if isinstance(message, p.Judge):
            return "name a winner", self.name_refusal(match, seat, message), self.name_action(seat, message)
        try:
            self.open_box(match, table, seat, message.at, message.key)
            why = None
        except SealError as e:
            why = str(e)
        return "the key of your name", why, Action(seat, "judge_key", message.key)

    def take(self, match: Match, table: str, seat: int, message: p.Judge | p.JudgeKey) -> str | None:
        """Do what :meth:`check` allowed (and was kept); returns a note for the seat, or None."""
        if isinstance(message, p.Judge):
            self.seal(seat, message.box, message.commitment)
            return None
        return self.reveal(match, seat, self.open_box(match, table, seat, message.at, message.key))

    def name_refusal(self, match: Match, seat: int, message: p.Judge) -> str | None:
        if not self.is_open(match):
            return "there is no judging open now"
        if message.at != self.at:
            return f"the judging open is of submission {self.at}, not {message.at}"
        if seat not in self.voters:
            return "this seat does not judge this season (it was not a person's when the judging opened)"
        if seat in self.boxes:
            return "this seat has named already"
        return None

    def name_action(self, seat: int, message: p.Judge) -> Action:
        return Action(seat, "judge", json.dumps({"at": message.at, "box": message.box,
                                                 "commitment": message.commitment}))

    def seal(self, seat: int, box: str, commitment: str) -> None:
        self.boxes[seat] = (box, commitment)

    def open_box(self, match: Match, table: str, seat: int, at: int, key_text: str) -> str:
        """The name in the seat's box for the judging of ``at``, opened with its committed key
        (``key_text``); raises :class:`SealError` (nothing changes)."""
        if not self.is_open(match) or not self.revealing or at != self.at:
            raise SealError("no key is asked for now")
        if seat not in self.boxes or seat in self.names:
            raise SealError("this seat owes no key now")
        key, box = committed_key(self.boxes[seat], key_text)
        return open_name(key, box, table, seat, self.at)

    def reveal(self, match: Match, seat: int, name: str) -> str | None:
        """The seat's opened name counts; returns why it counts as no name (not a nation of
        the play-out), or None."""
        if name and name not in match.table.judging.players():
            self.names[seat] = ""
            return f"{name} is not a nation of this play-out: your seat named no winner"
        self.names[seat] = name
        return None

    # -- the end of a judging -------------------------------------------------------------------
    @property
    def complete(self) -> bool:
        return self.revealing and not self.waiting()

    def close(self, match: Match) -> JudgingOutcome:
        """Every name is in: the match's judging decides. The names of voters no longer at a
        person's seat do not count (the match asks the computer in their place); with none left,
        the judging is unagreed, as computers alone are not asked at a hotseat table."""
        judging = match.table.judging
        at = self.at
        names = {i: self.names[i] for i in self.voters if match.seats[i].is_person}
        winner = None
        if names and all(names.values()):
            try:
                winner = judging.judge(names)
            except JudgingError:
                judging.play_on()
        else:
            judging.play_on()
        if winner is not None and match.private:       # no adjudication will use them
            match.discard_pending()
        return self._ended(at, winner, AGREED_TEXT.format(winner=winner) if winner else PLAY_ON_TEXT)

    def end_unagreed(self, match: Match) -> JudgingOutcome | None:
        """The deadline ran out with a name or a key owed (None: no judging was open)."""
        if not self.is_open(match):
            return None
        at = self.at
        match.table.judging.play_on()
        return self._ended(at, None, ENDED_TEXT)

    def _ended(self, at: int, winner: str | None, text: str) -> JudgingOutcome:
        self.at, self.voters, self.boxes, self.names = None, (), {}, {}
        self.last = JudgingOutcome(at, winner, text)
        return self.last

    # -- a restarted server ---------------------------------------------------------------------
    def replay(self, match: Match, table: str, action: Action) -> None:
        """A stored action of a judging, done again on the match read back (whose judging was
        opened by :meth:`sync` when it was read, as after the adjudication that made it due)."""
        if action.kind == "judge":
            fields = json.loads(action.text)
            self.seal(action.seat, fields["box"], fields["commitment"])
        elif action.kind == "judge_key":
            name = self.open_box(match, table, action.seat, self.at or 0, action.text)
            self.reveal(match, action.seat, name)
            if self.complete:
                self.close(match)
        elif action.kind == "judge_end":
            self.end_unagreed(match)

    # -- what a seat is told --------------------------------------------------------------------
    def message(self, match: Match, table: str, seat: int) -> p.JudgingState:
        last = self.last
        state = p.JudgingState(table=table, nations=match.table.judging.players())
        if last is not None:
            state = state.model_copy(update={"outcome": "agreed" if last.winner else "play on",
                                             "outcome_text": last.text, "outcome_at": last.at,
                                             "winner": last.winner})
        if not self.is_open(match):
            return state
        return state.model_copy(update={"at": self.at, "waiting": self.waiting(),
                                        "must_name": seat in self.voters and seat not in self.boxes,
                                        "key_owed": self.revealing and seat in self.boxes and seat not in self.names})

    def speaks_to(self, match: Match) -> bool:
        """Does this table tell its seats of judging at all (a thrown play-out)?"""
        return match.table.judging.active
