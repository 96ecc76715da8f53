"""A sealed table's round on the server: each seat's box and key commitment, and the keys
revealed once every seat is done (:mod:`.sealing` says what this protects against).

The server never holds a sealed seat's orders before the reveal: its match's pending
orders for that seat stay empty, and what is stored (each box, each key once revealed) is
what a restarted server replays.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from app.match import Match, OrderRefused

from .sealing import committed_key, SealError, unseal


@dataclass
class SealedRound:
    boxes: dict[int, tuple[str, str]] = field(default_factory=dict)    # seat -> (box, commitment)
    revealed: set[int] = field(default_factory=set)
    revealing: bool = False

    def seal(self, seat: int, box: str, commitment: str) -> None:
        self.boxes[seat] = (box, commitment)

    def box(self, seat: int) -> str | None:
        got = self.boxes.get(seat)
        return got[0] if got else None

    @property
    def waiting(self) -> list[int]:
        """Seats whose box is not opened yet."""
        return sorted(s for s in self.boxes if s not in self.revealed)

    def open(self, match: Match, table: str, seat: int, key_text: str) -> list[str]:
        """The orders in the seat's box, opened with its committed key; raises
        :class:`SealError` (nothing changes)."""
        if seat not in self.boxes:
            raise SealError("this seat sealed no orders this round")
        if seat in self.revealed:
            raise SealError("this seat's box is open already")
        key, box = committed_key(self.boxes[seat], key_text)
        return unseal(key, box, table, seat, len(match.game.submissions))

    def apply(self, match: Match, seat: int, orders: list[str]) -> list[str]:
        """The opened orders go to the match as the seat's; returns why each refused one was."""
        refused = []
        for text in orders:
            try:
                match.add_text(text, seat)
            except OrderRefused as e:
                refused.append(f"{text}: {e.reason}")
        self.revealed.add(seat)
        return refused

    def clear(self) -> None:
        self.boxes.clear()
        self.revealed.clear()
        self.revealing = False
