"""Notes: a page of free text per seat, kept with the game. No Qt.

In a hotseat game a seat's notes are private like its pending orders: a seat with a PIN
keeps them in its sealed box (:mod:`.sealed`), the others in ``meta.notes``.

>>> notes = Notes()
>>> notes.write(0, "Lure Germany into Burgundy, then take Munich from the past.")
>>> notes.of(0)[:4], notes.of(1)
('Lure', '')
"""

from __future__ import annotations

from typing import Callable

MAX_NOTES = 100_000
"""The longest notes a seat keeps, in characters."""


class Notes:
    """Each seat's notes, by seat index. ``guard`` and ``changed`` as for
    :class:`app.match.plans.Plans`."""

    def __init__(self, guard: Callable[[int | None], int] | None = None, changed: Callable[[], None] | None = None):
        self._guard = guard or (lambda seat: 0 if seat is None else seat)
        self._changed = changed or (lambda: None)
        self._by_seat: dict[int, str] = {}

    def of(self, seat: int | None = None) -> str:
        return self._by_seat.get(self._guard(seat), "")

    def write(self, seat: int | None, text: str) -> None:
        """Replace the seat's notes with ``text``."""
        i = self._guard(seat)
        if len(text) > MAX_NOTES:
            raise ValueError(f"notes hold at most {MAX_NOTES:,} characters; these have {len(text):,}")
        if text == self._by_seat.get(i, ""):
            return
        self.restore(i, text)
        self._changed()

    def dump(self, seat: int) -> str:
        return self._by_seat.get(seat, "")

    def restore(self, seat: int, text: str) -> None:
        if text:
            self._by_seat[seat] = text
        else:
            self._by_seat.pop(seat, None)

    def seats(self) -> list[int]:
        return sorted(self._by_seat)
