"""Seats that change during a game (RULES.md §6, "Seats change"): a seat leaves, a newcomer
takes over a nation the computer or nobody plays.

>>> from app.match import Match, Seat
>>> m = Match.new(seats=[Seat(name="Ada", nations=("France",)), Seat(name="Ben", nations=("Russia",)),
...                      Seat(name="Cleo", nations=("Turkey",))])
>>> changes = m.table.seats
>>> changes.leave(1, "easy")              # Ben leaves; the computer (easy) plays Russia
>>> m.seats[1].controller, m.seats[1].level
('computer', 'easy')
>>> changes.take_over(("Russia",), "Dev")  # Dev sits down in Ben's place
1
>>> m.seats[1].name, m.pending(1)
('Dev', [])

The privacy promises:

- a seat that leaves takes its pending orders with it: they are discarded, and a sealed
  box (a PIN seat's orders read from a file) is dropped unread. Only a seat that is at
  the table (its orders open to it) may instead *submit* them as it leaves: its turn ends
  with them, and the seat goes to the computer or to nobody once the round is adjudicated;
- its private messages go with it (see :mod:`.messages`), so a newcomer in its place
  reads none of them;
- taking over gives the newcomer an empty seat: no earlier pending orders (a computer
  decides only when the round is adjudicated, and nothing of a seat that left is kept).

Seat indices never change (a sealed box is bound to its seat's index), so a seat that
leaves stays in place as a computer or nobody seat, and a newcomer takes the place of
the seat whose nations it takes whole, or sits at a new place at the end of the table.
"""

from __future__ import annotations

from typing import Callable, Iterable

from ..seats import Seat, shared_name
from .host import Host

COMPUTER_NAME = "Computer"
NOBODY_NAME = "Nobody"
NEWCOMER_COLOURS = ("#1971c2", "#e8590c", "#2f9e44", "#9c36b5", "#c2255c", "#0c8599", "#f08c00")


class SeatChangeError(ValueError):
    """A seat change the table does not allow now; the message says why."""


def stand_in(seat: Seat, level: str | None) -> Seat:
    """The seat as the computer (``level``) or nobody (``None``) plays it."""
    if level is None:
        return Seat(name=NOBODY_NAME, colour=seat.colour, nations=seat.nations, controller="nobody")
    return Seat(name=f"{COMPUTER_NAME} ({level})", colour=seat.colour, nations=seat.nations,
                controller="computer", level=level)


class SeatChanges:
    """The seat changes of one match: :meth:`leave`, :meth:`take_over`, and the seats that
    leave once the round they submitted is adjudicated (:attr:`leaving`)."""

    def __init__(self, match: Host):
        self.m = match
        self.leaving: dict[int, str | None] = {}      # seat -> level (None: nobody), after this round
        # the table's other parts and the match's (messages, plans, notes) forget the seat
        self.on_leave: list[Callable[[int], None]] = []

    # -- who may take what ---------------------------------------------------------------
    def open_nations(self) -> list[str]:
        """Nations a newcomer may take over now: played by the computer or by nobody (in a
        seat or in none), and not a leaving seat's whose orders stand for this round."""
        m = self.m
        out = []
        for n in m.game.variant.nation_names:
            i = m.seat_of(n)
            if i is None or (not m.seats[i].is_person and i not in self.leaving):
                out.append(n)
        return out

    def person_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.m.seats) if s.is_person and i not in self.leaving]

    # -- leaving -------------------------------------------------------------------------
    def leave(self, seat: int, level: str | None, submit: bool = False) -> None:
        """Seat ``seat`` leaves the table; its nations go to the computer at ``level`` or,
        with ``None``, to nobody (they hold; retreats disband; builds are waived).

        ``submit``: its pending orders stand for this round (the seat must be open: at the
        table, or its PIN given); it leaves once the round is adjudicated. Otherwise its
        pending orders are discarded (a sealed box unread) and it leaves now."""
        m = self.m
        if not 0 <= seat < len(m.seats):
            raise SeatChangeError(f"there is no seat {seat}")
        s = m.seats[seat]
        if not s.is_person or seat in self.leaving:
            raise SeatChangeError(f"{s.name} is not a person's seat at the table")
        if level is not None:
            from app.bots import LEVELS
            if level not in LEVELS:
                raise SeatChangeError(f"unknown computer level '{level}' (one of {', '.join(LEVELS)})")
        if submit:
            if m.is_locked(seat):
                raise SeatChangeError(f"{s.name}'s orders are sealed: give the PIN to submit them")
            if m.world.phase == "over":
                raise SeatChangeError("the game is over: there is no round to submit to")
            self.leaving[seat] = level
            if not m.is_done(seat):
                m.done(seat)
            m.revision += 1
            return
        self._replace(seat, stand_in(s, level))
        if m.turn is None or m.turn == seat or not m.has_work(m.turn):
            m.next_turn(seat + 1)

    def after_round(self) -> None:
        """The round is adjudicated: seats that submitted as they left go now."""
        for seat, level in sorted(self.leaving.items()):
            self._replace(seat, stand_in(self.m.seats[seat], level))
        self.leaving.clear()

    def _replace(self, seat: int, new: Seat, pin: str | None = None) -> None:
        """Put ``new`` in place of seat ``seat``: nothing of the seat that was there stays
        (pending orders, sealed box, PIN, messages, plans, notes)."""
        self.m.replace_seat(seat, new, pin)
        for hook in self.on_leave:
            hook(seat)

    # -- taking over ---------------------------------------------------------------------
    def take_over(self, nations: Iterable[str], name: str, pin: str | None = None,
                  colour: str | None = None) -> int:
        """A newcomer ``name`` takes over ``nations`` (each played by the computer or by
        nobody; those of one seat at most, plus nations no seat plays), with their own
        ``pin`` if given. Returns the newcomer's seat. The newcomer has no pending orders;
        if a round is under way they order in it (after the seat at the table)."""
        m = self.m
        nations = tuple(dict.fromkeys(nations))
        if not nations:
            raise SeatChangeError("choose at least one nation to take over")
        name = name.strip()
        if not name:
            raise SeatChangeError("the newcomer needs a name")
        if shared_name([*(s.name for s in m.seats if s.is_person), name[:40]]) is not None:
            raise SeatChangeError(f"someone at the table is already named {name[:40]}: the newcomer needs a name "
                                  f"of their own")
        open_ = set(self.open_nations())
        for n in nations:
            if n not in m.game.variant.nations:
                raise SeatChangeError(f"{n} is not a nation of {m.game.variant.title}")
            if n not in open_:
                who = m.seats[m.seat_of(n)].name
                raise SeatChangeError(f"{n} is played by {who}; only nations the computer or nobody plays "
                                      f"can be taken over")
        sources = sorted({i for n in nations if (i := m.seat_of(n)) is not None})
        if len(sources) > 1:
            raise SeatChangeError("take over the nations of one computer seat at a time")
        if m.world.phase == "over":
            raise SeatChangeError("the game is over")
        if sources and set(m.seats[sources[0]].nations) <= set(nations):
            seat = sources[0]                          # the whole seat: sit in its place
            taken = tuple(n for n in m.game.variant.nation_names if n in set(nations) | set(m.seats[seat].nations))
            newcomer = Seat(name=name[:40], colour=colour or m.seats[seat].colour, nations=taken)
            self._replace(seat, newcomer, pin)
        else:
            if sources:                                # part of a computer seat: it keeps the rest
                src = m.seats[sources[0]]
                rest = tuple(n for n in src.nations if n not in nations)
                m.seats = m.seats[:sources[0]] + (src.with_nations(rest),) + m.seats[sources[0] + 1:]
            newcomer = Seat(name=name[:40], colour=colour or self._free_colour(), nations=nations)
            seat = m.add_seat(newcomer, pin)
        if m.turn is None or not m.has_work(m.turn):
            m.next_turn(seat)
        return seat

    def _free_colour(self) -> str:
        used = {s.colour for s in self.m.seats}
        return next((c for c in NEWCOMER_COLOURS if c not in used), NEWCOMER_COLOURS[len(self.m.seats) % 7])
