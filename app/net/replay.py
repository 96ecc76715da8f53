"""A stored action done again on a match read back (a restarted server; ``python -m app
table export``). The sealed ones a match cannot read alone (a box of orders, a sealed
answer) are the server's table's own to replay (:meth:`app.net.server.Table.replay`);
here they change nothing."""

from __future__ import annotations

import json

from app.match import Match, order_key

from .away import hand_to_computer, take_back
from .endings import replay_propose, replay_tally, replay_vote
from .offers import gift_of, replay_answer, replay_offer
from .sealed_offers import apply_accepted
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
    elif action.kind == "sealed_offer":            # its number is taken; what it offers is sealed
        match.civ.next_id = max(match.civ.next_id, int(action.text) + 1)
    elif action.kind == "sealed_accept":
        fields = json.loads(action.text)
        apply_accepted(match, fields["id"], fields["made_at"], gift_of(match, fields))
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
