"""Ending a game across computers by agreement (RULES.md §11, §6 "Across computers"): a seat
proposes a draw or concedes to a nation still in the game, the seats of every such nation
answer, computer seats at once by their level's judgement. The table's rules are the
hotseat's own (:class:`app.match.table.Proposals`: who may propose, who answers, votes
kept secret until the last answer, an adjudication ending a proposal); this module only
reads the messages, says what each seat is told, and replays what was stored.

Each proposal is an action stored like an order (kind ``propose``), kept before it is done
and replayed by a restarted server. A person seat's answer comes sealed by its computer
(:mod:`.sealed_votes`): its box is stored (kind ``vote_box``), so answers given before a
restart still count, and once every answer is in and opened only the outcome is stored
(kind ``tally``), the boxes deleted with it. Computer seats answer again on replay, the
same way (their answers are seeded by the game). A ``vote`` action (an answer in the
clear, from a database an older server wrote) is still replayed.

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

from .protocol import GameEnded, Propose, ProposalState


def propose_text(message: Propose) -> str:
    """The stored action's text."""
    return json.dumps({"kind": message.kind, "to": message.to}, sort_keys=True)


def proposal_refusal(match: Match, seat: int, message: Propose) -> str | None:
    """Why the seat may not make this proposal now (None: it may)."""
    return match.table.proposals.refusal(seat, message.kind, message.to)


def vote_refusal(match: Match, seat: int, proposal: int, sealed: set[int]) -> str | None:
    """Why the seat may not answer ``proposal`` now (None: it may); ``sealed``: the seats
    whose sealed answer is in. The words say nothing of how others voted."""
    p = match.table.proposals
    if p.open is None:
        return "there is no proposal to answer"
    if p.open.number != proposal:
        return f"proposal {proposal} has ended: answer the open one (proposal {p.open.number})"
    if not p.must_answer(seat) or seat in sealed:
        return "this seat does not answer this proposal (or has answered already)"
    return None


def replay_tally(match: Match, text: str) -> None:
    """A stored tally done again: every person seat that had still to answer answers as the
    tally says, all yes or all no (as any one no did, all no refuses); with the computers'
    answers, made again the same way, the outcome is the one the seats were told."""
    p = match.table.proposals
    all_yes = json.loads(text)["all_yes"]
    for seat in p.waiting():
        p.answer(seat, bool(all_yes))


def tally_text(all_yes: bool) -> str:
    """What a tally keeps: whether every person seat's answer was yes, and nothing of whose."""
    return json.dumps({"all_yes": bool(all_yes)})


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


def proposal_message(match: Match, table: str, seat: int, sealed: set[int] = frozenset()) -> ProposalState:
    """What the seat is told of proposals: the open one (as it may read it) and the last
    outcome. ``sealed``: seats whose sealed answer is in (answered, for all the others know)."""
    p = match.table.proposals
    last = p.last
    state = ProposalState(table=table) if last is None else \
        ProposalState(table=table, outcome=last.why, outcome_text=outcome_text(match, last),
                      outcome_number=last.proposal.number, outcome_kind=last.proposal.kind)
    if p.open is None:
        return state
    o = p.open
    return state.model_copy(update={"number": o.number, "kind": o.kind, "text": p.describe(seat),
                                    "must_answer": p.must_answer(seat) and seat not in sealed,
                                    "waiting": [s for s in p.waiting() if s not in sealed]})


def ending_message(table: str, ending: Ending) -> GameEnded:
    return GameEnded(table=table, kind=ending.kind, nations=list(ending.nations), turn=ending.turn,
                     text=ending.describe() + ".", how=ending.how)


def the_ending(match: Match) -> Ending | None:
    """How the game ended (agreed, or a victory of the rules); None while it goes on."""
    return match.table.proposals.ending if match.world.phase == "over" else None
