"""Plans on the map: arrows and marks a seat draws on the boards, in four colours. No Qt.

A plan is a note in pictures, never an order: it is not checked, not adjudicated, not in
the transcript, and the window draws it in a look of its own that cannot be clicked. Each
seat has its own plans; in a hotseat game they are private to the seat like its pending
orders (a seat with a PIN keeps them in its sealed box, :mod:`.sealed`), and they are saved
with the game (``meta.plans``).

>>> from app.match.plan_marks import PlanMark
>>> plans = Plans()
>>> plans.draw(0, PlanMark(kind="arrow", colour=2, at="1:par:S1901", to="1:bur:S1901"))
1
>>> plans.draw(0, PlanMark(kind="mark", at="2:mun:F1902"))
2
>>> [m.kind for m in plans.of(0)], plans.of(1)
(['arrow', 'mark'], ())
>>> plans.clear(0), plans.of(0)
(2, ())
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from .plan_marks import PlanMark

MAX_MARKS = 2000
"""A seat's plans hold at most this many arrows and marks (a drawing, not a database)."""


def __getattr__(name: str):
    if name in ("PlanMark", "COLOURS", "parse_place"):    # a pydantic model and its words: imported
        from . import plan_marks                           # when first named (not at the window's start)
        return getattr(plan_marks, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def unknown_place(marks, variant) -> str | None:
    """The first place of ``marks`` that is not on ``variant``'s map (None: all are)."""
    from app.engine import province_of
    for m in marks:
        for place in (m.start, m.end):
            if place is not None and (province_of(place.loc) not in variant.provinces
                                      or (place.loc not in variant.provinces and place.loc not in variant.coasts)):
                return str(place)
    return None


class Plans:
    """Each seat's plans, by seat index. ``guard(seat)`` (the match's) refuses a seat whose
    sealed box is still locked; ``changed()`` is called after every change (the match's
    revision, for autosave)."""

    def __init__(self, guard: Callable[[int | None], int] | None = None, changed: Callable[[], None] | None = None):
        self._guard = guard or (lambda seat: 0 if seat is None else seat)
        self._changed = changed or (lambda: None)
        self._by_seat: dict[int, tuple[PlanMark, ...]] = {}
        self._cleared: dict[int, tuple[PlanMark, ...]] = {}   # what Clear removed, until the seat draws again

    def of(self, seat: int | None = None) -> tuple[PlanMark, ...]:
        return self._by_seat.get(self._guard(seat), ())

    def draw(self, seat: int | None, mark: PlanMark) -> int:
        """Add ``mark`` to the seat's plans; returns how many it has."""
        i = self._guard(seat)
        marks = self._by_seat.get(i, ())
        if len(marks) >= MAX_MARKS:
            raise ValueError(f"a seat's plans hold at most {MAX_MARKS} arrows and marks: clear some first")
        self._by_seat[i] = marks + (mark,)
        self._cleared.pop(i, None)
        self._changed()
        return len(self._by_seat[i])

    def take_back(self, seat: int | None = None) -> PlanMark | None:
        """Remove the seat's last arrow or mark (None: it had none); just after :meth:`clear`,
        put back everything it removed instead (returns the last of them)."""
        i = self._guard(seat)
        marks = self._by_seat.get(i, ())
        if not marks:
            cleared = self._cleared.pop(i, ())
            if cleared:
                self._set(i, cleared)
                self._changed()
            return cleared[-1] if cleared else None
        self._set(i, marks[:-1])
        self._changed()
        return marks[-1]

    def clear(self, seat: int | None = None) -> int:
        """Remove all the seat's plans; returns how many there were."""
        i = self._guard(seat)
        n = len(self._by_seat.get(i, ()))
        if n:
            self._cleared[i] = self._by_seat[i]
            self._set(i, ())
            self._changed()
        return n

    def _set(self, seat: int, marks: tuple[PlanMark, ...]) -> None:
        if marks:
            self._by_seat[seat] = marks
        else:
            self._by_seat.pop(seat, None)

    # -- the save file -------------------------------------------------------------------
    def dump(self, seat: int) -> list[dict[str, Any]]:
        """The seat's plans as the save writes them (no guard: the match writes every
        unlocked seat's part)."""
        return [m.model_dump(exclude_none=True) for m in self._by_seat.get(seat, ())]

    def restore(self, seat: int, marks: list) -> None:
        """The seat's plans as read from a file (already validated)."""
        from .plan_marks import PlanMark
        self._cleared.pop(seat, None)          # (a seat that leaves, a forgotten PIN: nothing to take back)
        self._set(seat, tuple(m if isinstance(m, PlanMark) else PlanMark.model_validate(m) for m in marks))

    def seats(self) -> list[int]:
        return sorted(self._by_seat)
