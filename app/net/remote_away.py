"""Seats away for a whole deadline, as a window's seat sees them (RULES.md §6; how the
table decides: :mod:`.away`): which seats are away, which the computer plays, who voted to
hand each away seat to the computer and how many votes it takes. Read from the table's
public state (:class:`~.protocol.TableState`); no Qt, and nothing decided here: the server
refuses a vote it does not take."""

from __future__ import annotations

from dataclasses import dataclass

from . import protocol as p


@dataclass(frozen=True)
class AwaySeat:
    """An away seat: ``votes`` the seats that voted to hand it to the computer, ``needed``
    how many votes hand it over (more than half of the other person seats: :func:`.away.enough_votes`)."""
    seat: int
    name: str
    votes: tuple[int, ...]
    needed: int

    def voted(self, seat: int | None) -> bool:
        return seat in self.votes


def votes_needed(other_person_seats: int) -> int:
    """The fewest votes that are more than half of ``other_person_seats``
    (:func:`.away.enough_votes`: at a table of two, one; of seven, four of the six)."""
    return other_person_seats // 2 + 1


def person_seats(welcome: p.Welcome, state: p.TableState) -> set[int]:
    """The seats a person plays now: those of the table not played by nobody (as the welcome
    said) and not by the computer (as the table says now: a seat handed over, or taken back)."""
    return {i for i, s in enumerate(welcome.seats)
            if s.get("controller", "person") != "nobody" and i not in state.computer_seats}


def handed_seats(welcome: p.Welcome, state: p.TableState | None) -> list[int]:
    """The person seats (as the welcome listed them) that the computer plays now: handed
    over by the table's vote, until their invitation takes them back."""
    if state is None:
        return []
    return [i for i in sorted(state.computer_seats)
            if i < len(welcome.seats) and welcome.seats[i].get("controller", "person") == "person"]


def away_seats(welcome: p.Welcome, state: p.TableState | None) -> list[AwaySeat]:
    """The seats away for the whole of the last deadline, in seat order (none before the
    table's state arrives)."""
    if state is None:
        return []
    persons = person_seats(welcome, state)
    names = [s["name"] for s in welcome.seats]
    return [AwaySeat(seat=i, name=names[i] if i < len(names) else f"seat {i}",
                     votes=tuple(sorted(state.hand_over_votes.get(i, ()))),
                     needed=votes_needed(len(persons - {i})))
            for i in sorted(state.away_seats)]
