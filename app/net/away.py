"""A seat away for a whole deadline, handed to the computer by the table (RULES.md §6 "Seats
change" and "Across computers"; issue 32).

RULES.md says a table may hand such a seat to the computer, not how the table decides. We
say: a seat is *away* when its computer was not connected at any moment of a round whose
deadline ran out (it holds, as §6 says of a seat not there to unseal its orders); the other
person seats may then vote to hand it to the computer, and it goes when more than half of
them have voted (at a table of two, the other seat's vote; of seven, four of the six). The
holder of the table may also hand it over (:meth:`app.net.server.Server.hand_to_computer`).
The computer plays it at level :data:`HAND_LEVEL`, on the server, off the event loop. The
seat keeps its name and its invitation: joining with that invitation takes it back, a
person's seat again, from the round under way.

Only a table with a deadline has away seats. Who was seen in a round is the running
server's knowledge: a restarted server counts every seat as unseen until it comes back.
"""

from __future__ import annotations

from dataclasses import replace

from app.match import Match

HAND_LEVEL = "hard"


def hand_refusal(match: Match, away: set[int], voter: int | None, seat: int) -> str | None:
    """Why ``voter`` (None: the holder) may not hand ``seat`` to the computer (None: it may)."""
    if not 0 <= seat < len(match.seats):
        return f"this table has no seat {seat}"
    if seat == voter:
        return "a seat cannot hand itself to the computer: leave the table instead"
    if not match.seats[seat].is_person:
        return f"{match.seats[seat].name} is not played by a person"
    if seat not in away:
        return f"{match.seats[seat].name} was not away for a whole deadline"
    if match.world.phase == "over":
        return "the game is over"
    return None


def enough_votes(match: Match, seat: int, votes: set[int]) -> bool:
    """More than half of the other person seats voted."""
    others = [i for i, s in enumerate(match.seats) if s.is_person and i != seat]
    return 2 * len(votes & set(others)) > len(others)


def hand_to_computer(match: Match, seat: int, level: str = HAND_LEVEL) -> None:
    """The computer plays the seat from now on (its pending orders go: it decides at the
    adjudication, as any computer seat does)."""
    s = match.seats[seat]
    match.replace_seat(seat, replace(s, controller="computer", level=level))
    if match.turn is None or match.turn == seat or not match.has_work(match.turn):
        match.next_turn(seat + 1)


def take_back(match: Match, seat: int) -> None:
    """A person plays the seat again (it orders in the round under way)."""
    s = match.seats[seat]
    match.replace_seat(seat, replace(s, controller="person", level=None))
    if match.turn is None or not match.has_work(match.turn):
        match.next_turn(seat)
