"""Answers to a proposal to end the game, sealed by each seat's computer (issue 32, RULES.md
§11): the holder of a table never finds in its database how a seat voted.

A seat's computer seals its answer with a key only it can make (HKDF-SHA256 of its
invitation's secret, for this table, seat and proposal, as :mod:`.sealing` does for
orders) in an AES-GCM box, and sends the box with a commitment to the key. The server
keeps the box (a stored action, so a restarted server still knows the seat answered) and
tells the others only that the seat has answered. When every person seat has answered it
asks for the keys; it keeps them in memory only, and once all are in it opens the boxes,
tallies, and stores only whether every person said yes (what a restarted server needs to
reach the same outcome), deleting the boxes in the same transaction (:func:`tally_written`).
The plaintext of every answer has the same length, so a box's size does not tell a yes
from a no.

What remains: the server's memory holds the answers for the moment of the tally (a
holder watching its process then, or the keys on their way, reads them).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from .sealing import commitment, committed_key, labelled_key, open_value, seal_value, SealError

MAX_VOTE_BOX = 200          # characters of a sealed answer (one is 64)


def commitment_fault(text: str) -> str | None:
    """Why ``text`` is not a commitment (SHA-256 in hex), or None."""
    return None if re.fullmatch(r"[0-9a-f]{64}", text) else "the commitment is not 64 hexadecimal digits (SHA-256)"


def _label(table: str, seat: int, proposal: int) -> str:
    return f"5d-sealed-vote/{table}/{seat}/{proposal}"


def vote_key(secret: str, table: str, seat: int, proposal: int) -> bytes:
    return labelled_key(secret, _label(table, seat, proposal))


def seal_vote(key: bytes, accept: bool, table: str, seat: int, proposal: int) -> str:
    # 1 or 0: one length either way, so a box's size does not tell a yes from a no
    return seal_value(key, {"accept": int(bool(accept))}, _label(table, seat, proposal))


def open_vote(key: bytes, box: str, table: str, seat: int, proposal: int) -> bool:
    """The answer in ``box``; raises :class:`SealError`."""
    opened = open_value(key, box, _label(table, seat, proposal), "sealed answer")
    try:
        answer = opened["accept"]
    except (KeyError, TypeError):
        raise SealError("the sealed answer does not open with that key") from None
    if answer not in (0, 1) or isinstance(answer, bool):
        raise SealError("the sealed answer holds no yes or no")
    return bool(answer)


def sealed_answer(secret: str, table: str, seat: int, proposal: int, accept: bool) -> tuple[str, str]:
    """(box, commitment) of a seat's answer, as its computer sends them."""
    key = vote_key(secret, table, seat, proposal)
    return seal_vote(key, accept, table, seat, proposal), commitment(key)


@dataclass
class SealedVotes:
    """The sealed answers to the open proposal (``proposal``: its number), and the keys
    revealed so far (in memory only)."""
    proposal: int | None = None
    boxes: dict[int, tuple[str, str]] = field(default_factory=dict)     # seat -> (box, commitment)
    opened: dict[int, bool] = field(default_factory=dict)               # seat -> its answer, at the tally

    def seal(self, proposal: int, seat: int, box: str, committed: str) -> None:
        if proposal != self.proposal:
            self.clear(proposal)
        self.boxes[seat] = (box, committed)

    def clear(self, proposal: int | None = None) -> None:
        self.proposal, self.boxes, self.opened = proposal, {}, {}

    def answered(self, proposal: int | None) -> set[int]:
        """The seats whose sealed answer to ``proposal`` is in."""
        return set(self.boxes) if proposal is not None and proposal == self.proposal else set()

    def answered_to(self, proposals) -> set[int]:
        """The seats whose sealed answer to ``proposals``' open one is in."""
        return self.answered(proposals.open.number if proposals.open is not None else None)

    def revealing(self, waiting: list[int]) -> bool:
        """Every seat the match still waits for (``waiting``: it counts a sealed answer as
        none) has sealed its answer: time for the keys."""
        return bool(waiting) and all(s in self.boxes for s in waiting)

    def unopened(self, waiting: list[int]) -> list[int]:
        """The seats whose key is still to come (a seat handed to the computer meanwhile has
        answered again, by the computer: its box no longer counts)."""
        return sorted(s for s in waiting if s in self.boxes and s not in self.opened)

    def open(self, table: str, seat: int, key_text: str) -> None:
        """The seat's answer, opened with its committed key; raises :class:`SealError`."""
        if seat not in self.boxes:
            raise SealError("this seat sealed no answer to this proposal")
        if seat in self.opened:
            raise SealError("this seat's answer is open already")
        key, box = committed_key(self.boxes[seat], key_text)
        self.opened[seat] = open_vote(key, box, table, seat, self.proposal)


def box_text(box: str, committed: str) -> str:
    """A sealed answer as its stored action's text."""
    return json.dumps([box, committed])


def box_of(text: str) -> tuple[str, str]:
    box, committed = json.loads(text)
    return box, committed


def tally_written(table: str, tally: str, seat: int) -> list[tuple[str, tuple]]:
    """The statements of the tally: what it keeps (``tally``: :func:`app.net.endings.tally_text`)
    stored, every sealed answer deleted, in one transaction (:meth:`app.net.store.Store.write`)."""
    from .store import Action, actions_written
    return actions_written(table, [Action(seat, "tally", tally)]) + \
        [("DELETE FROM actions WHERE table_id = ? AND kind = 'vote_box'", (table,))]
