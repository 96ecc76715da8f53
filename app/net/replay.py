"""A stored action done again on a match read back (a restarted server; ``python -m app
table export``). The sealed ones a match cannot read alone (a box of orders, a sealed
answer) are the server's table's own to replay (:meth:`app.net.server.Table.replay`);
here they change nothing."""

from __future__ import annotations

from app.match import Match, order_key

from .away import hand_to_computer, take_back
from .endings import replay_propose, replay_tally, replay_vote
from .offers import replay_answer, replay_offer
from .store import Action

SEALED = ("seal", "reveal", "vote_box")


def replay(match: Match, action: Action) -> None:
    if action.kind == "order":
        match.add_text(action.text, action.seat)
    elif action.kind == "remove":
        match.remove_order(order_key(match.read_order(action.text, action.seat)), action.seat)
    elif action.kind == "done":
        match.end_turn(action.seat)
    elif action.kind == "offer":
        replay_offer(match, action.text)
    elif action.kind == "answer":
        replay_answer(match, action.text)
    elif action.kind == "hand":
        hand_to_computer(match, action.seat, action.text)
    elif action.kind == "take":
        take_back(match, action.seat)
    elif action.kind == "propose":
        replay_propose(match, action.seat, action.text)
    elif action.kind == "vote":                    # an answer in the clear, from an older server
        replay_vote(match, action.seat, action.text)
    elif action.kind == "tally":
        replay_tally(match, action.text)
    elif action.kind not in SEALED:
        raise ValueError(f"unknown stored action {action.kind!r}")
