"""What a seat's window reads of away seats (app/net/remote_away.py) agrees with how the
server counts votes (app/net/away.py ``enough_votes``): the votes it says are needed are
exactly those that hand the seat over, at tables of every size, with a computer seat and a
seat nobody plays (which have no vote)."""

from app.match import Match, Seat
from app.net import protocol as p
from app.net.away import enough_votes, hand_to_computer
from app.net.remote_away import away_seats
from app.net.table import Table
from app.net.views import welcome_fields

NATIONS = ("England", "France", "Germany", "Italy", "Russia", "Turkey", "Austria")


def table_of(persons: int) -> Match:
    seats = [Seat(name=f"P{i}", nations=(NATIONS[i],)) for i in range(persons)]
    seats.append(Seat(name="Bot", nations=(NATIONS[persons],), controller="computer", level="easy"))
    seats.append(Seat(name="Nobody", nations=NATIONS[persons + 1:], controller="nobody"))
    return Match.new(seats=seats)


def state(m: Match, away: set[int], votes: dict[int, set[int]]) -> p.TableState:
    t = Table(id="t", name="t", match=m)
    t.away, t.votes = away, votes
    return t.state()


def test_the_votes_a_window_says_are_needed_are_those_that_hand_the_seat_over():
    for persons in range(2, 6):
        m = table_of(persons)
        away = persons - 1
        welcome = p.Welcome(table="t", seat=0, **welcome_fields(m, 0))
        for voted in range(persons):
            votes = set(range(voted))
            (seen,) = away_seats(welcome, state(m, {away}, {away: votes}))
            assert seen.seat == away and seen.name == f"P{away}" and seen.votes == tuple(sorted(votes))
            assert (len(votes) >= seen.needed) == enough_votes(m, away, votes), (persons, voted)


def test_a_seat_handed_over_no_longer_votes_nor_counts():
    m = table_of(4)
    hand_to_computer(m, 3)                     # P3 went to the computer: P2 is away now
    welcome = p.Welcome(table="t", seat=0, **welcome_fields(table_of(4), 0))     # as P0 was welcomed before
    (seen,) = away_seats(welcome, state(m, {2}, {}))
    assert seen.needed == 2                    # more than half of P0 and P1
    assert all((len(v) >= 2) == enough_votes(m, 2, v) for v in ({0}, {0, 1}))
    assert away_seats(welcome, None) == []     # no table state yet: nobody is known away
