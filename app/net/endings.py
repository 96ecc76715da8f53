"""Ending a game across computers by agreement (RULES.md §11, §6 "Across computers"): a seat
proposes a draw or concedes to a nation still in the game, the seats of every such nation
answer, computer seats at once by their level's judgement. The table's rules are the
hotseat's own (:class:`app.match.table.Proposals`: who may propose, who answers, votes
kept secret until the last answer, an adjudication ending a proposal); this module only
reads the messages, says what each seat is told, and replays what was stored.

Each proposal and answer is an action stored like an order (kind ``propose`` or ``vote``),
kept before it is done and replayed by a restarted server, so votes given before a restart
still count (computer seats answer again on replay, the same way: their answers are seeded
by the game).

What a seat is told keeps §11's secret: the open proposal, whether it must still answer,
which seats still have to answer (as the hotseat table shows), and once every answer is in
only whether it was agreed. A refused proposal says "at least one seat refused", never
which, and never how anyone voted.
"""

from __future__ import annotations

import json

from app.match import Match
from app.match.ending import Ending
from app.match.table.proposals import Outcome

from .protocol import GameEnded, Propose, ProposalState, Vote


def propose_text(message: Propose) -> str:
    """The stored action's text."""
    return json.dumps({"kind": message.kind, "to": message.to}, sort_keys=True)


def vote_text(message: Vote) -> str:
    return json.dumps({"accept": message.accept})


def proposal_refusal(match: Match, seat: int, message: Propose) -> str | None:
    """Why the seat may not make this proposal now (None: it may)."""
    return match.table.proposals.refusal(seat, message.kind, message.to)


def vote_refusal(match: Match, seat: int) -> str | None:
    """Why the seat may not answer now (None: it may): the words say nothing of how others voted."""
    p = match.table.proposals
    if p.open is None:
        return "there is no proposal to answer"
    if not p.must_answer(seat):
        return "this seat does not answer this proposal (or has answered already)"
    return None


def replay_propose(match: Match, seat: int, text: str) -> None:
    fields = json.loads(text)
    match.table.proposals.propose(seat, fields["kind"], fields.get("to"))


def replay_vote(match: Match, seat: int, text: str) -> None:
    match.table.proposals.answer(seat, bool(json.loads(text)["accept"]))


def outcome_text(match: Match, outcome: Outcome) -> str:
    """How a proposal ended, as every seat may know it (the hotseat window's words)."""
    what = "The draw" if outcome.proposal.kind == "draw" else "The concession"
    if outcome.agreed:
        ending = match.table.proposals.ending
        return (ending.describe() if ending is not None else f"{what} was agreed") + "."
    if outcome.why == "refused":
        return f"{what} was not agreed: at least one seat refused. Play on."
    if outcome.why == "adjudicated":
        return f"{what} was not agreed before the adjudication. Play on."
    return f"{what} was withdrawn: its proposer left the table."


def proposal_message(match: Match, table: str, seat: int) -> ProposalState:
    """What the seat is told of proposals: the open one (as it may read it) and the last outcome."""
    p = match.table.proposals
    last = p.last
    state = ProposalState(table=table) if last is None else \
        ProposalState(table=table, outcome=last.why, outcome_text=outcome_text(match, last),
                      outcome_number=last.proposal.number, outcome_kind=last.proposal.kind)
    if p.open is None:
        return state
    o = p.open
    return state.model_copy(update={"number": o.number, "kind": o.kind, "text": p.describe(seat),
                                    "must_answer": p.must_answer(seat), "waiting": p.waiting()})


def ending_message(table: str, ending: Ending) -> GameEnded:
    return GameEnded(table=table, kind=ending.kind, nations=list(ending.nations), turn=ending.turn,
                     text=ending.describe() + ".", how=ending.how)


def the_ending(match: Match) -> Ending | None:
    """How the game ended (agreed, or a victory of the rules); None while it goes on."""
    return match.table.proposals.ending if match.world.phase == "over" else None
