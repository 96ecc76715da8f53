"""A seat away for a whole deadline can be handed to the computer by the table (RULES.md §6;
how the table decides: app/net/away.py): the other seats vote, more than half of them
decide; the computer then plays it on the server, off the event loop; the seat's own
invitation takes it back. The round's clock is played by hand (``deadline_passed``, as the
timer calls it), so nothing here waits for real time."""

import threading

from app.match import Match, Seat
from app.net.client import Client

from .serving import ADA, BEN, clients, run, serving, two_seats, units, views_at
from .test_restart import free_port

CY = Seat(name="Cy", nations=("Austria",))


def three_seats() -> Match:
    return Match.new(seats=[Seat(name="Ada", nations=("England", "France", "Germany")),
                            Seat(name="Ben", nations=("Italy", "Russia", "Turkey")), CY])


def refusals(c: Client) -> list[str]:
    return [m.reason for m in c.messages if type(m).__name__ == "Refused"]


def test_the_other_seat_hands_a_seat_away_for_a_whole_deadline_to_the_computer(tmp_path):
    async def play():
        async with serving(tmp_path / "t.db") as server:
            table, (ada_inv, ben_inv) = server.add_table(two_seats(), "t", round_seconds=3600)
            ada = Client(invitation=str(ada_inv))
            async with clients(ada):
                await ada.wait_for(lambda c: c.view is not None and c.state is not None)
                await ada.hand_over(1)                            # not yet: no deadline has run out
                await ada.wait_for(lambda c: refusals(c))
                assert "was not away for a whole deadline" in refusals(ada)[-1]
                await server.deadline_passed(table)               # Ben never came in that round
                await ada.wait_for(lambda c: c.view.submissions == 1 and c.state.away_seats == [1])
                await ada.hand_over(1)
                await ada.wait_for(lambda c: c.state.computer_seats == [1])
                assert server.tables[table].match.seats[1].controller == "computer"
                await ada.done()                                  # the computer orders for Ben: the round goes
                await ada.wait_for(views_at(2))
            ben = Client(invitation=str(ben_inv))                 # Ben comes back with his invitation
            async with clients(ben):
                await ben.wait_for(lambda c: c.state is not None and c.state.computer_seats == [])
                assert server.tables[table].match.seats[1].is_person
                assert server.tables[table].match.seats[1].name == BEN.name
                await ben.done()                                  # his seat's again: he ends its turn
                await ben.wait_for(lambda c: c.view.done)
    run(play)


def test_a_seat_seen_in_the_round_is_not_away_and_a_vote_needs_more_than_half(tmp_path):
    async def play():
        async with serving(tmp_path / "t.db") as server:
            table, (ada_inv, ben_inv, cy_inv) = server.add_table(three_seats(), "t", round_seconds=3600)
            ada, ben = Client(invitation=str(ada_inv)), Client(invitation=str(ben_inv))
            cy = Client(invitation=str(cy_inv))
            async with clients(cy):                               # Cy looks in, then goes
                await cy.wait_for(lambda c: c.view is not None)
            async with clients(ada, ben):
                await ada.wait_for(lambda c: c.state is not None and len(c.state.connected_seats) == 2)
                await server.deadline_passed(table)
                await ada.wait_for(lambda c: c.view.submissions == 1)
                assert ada.state.away_seats == []                 # Cy was there in that round
                await server.deadline_passed(table)               # a round Cy never saw
                await ada.wait_for(lambda c: c.view.submissions == 2 and c.state.away_seats == [2])
                await ada.hand_over(2)
                await ada.wait_for(lambda c: c.state.hand_over_votes == {2: [0]})
                assert ada.state.computer_seats == []             # one of the two others: not more than half
                await ben.hand_over(2)
                await ben.wait_for(lambda c: c.state.computer_seats == [2])
    run(play)


def test_a_seat_handed_to_the_computer_stays_so_after_a_restart(tmp_path):
    port = free_port()

    async def play():
        async with serving(tmp_path / "t.db", port) as server:
            table, (ada_inv, _) = server.add_table(two_seats(), "t", round_seconds=3600)
            ada = Client(invitation=str(ada_inv))
            async with clients(ada):
                await ada.wait_for(lambda c: c.state is not None)
                await server.deadline_passed(table)
                await ada.wait_for(lambda c: c.state.away_seats == [1])
                await server.hand_to_computer(table, 1)           # the holder's command
                await ada.wait_for(lambda c: c.state.computer_seats == [1])
        async with serving(tmp_path / "t.db", port) as server:
            assert server.tables[table].match.seats[1].is_computer
    run(play)


def test_a_computer_seats_long_decision_holds_up_no_other_table(tmp_path):
    release = threading.Event()

    def slow(level, world, nation, *, seed):            # a computer deciding for as long as it likes
        assert release.wait(60), "the test never let the computer finish"
        return []

    async def play():
        async with serving(tmp_path / "t.db") as server:
            slow_match = Match.new(seats=[ADA, Seat(name="Computer", nations=BEN.nations, controller="computer",
                                                    level="hard")], decide=slow)
            _, (slow_inv,) = server.add_table(slow_match, "slow")
            _, (ada_inv, ben_inv) = server.add_table(two_seats(), "quick")
            waiting, ada, ben = (Client(invitation=str(i)) for i in (slow_inv, ada_inv, ben_inv))
            async with clients(waiting, ada, ben):
                for c in (waiting, ada, ben):
                    await c.wait_for(lambda c: c.view is not None)
                await waiting.done()                      # its round waits for the computer ...
                await waiting.wait_for(lambda c: c.view.done)
                await ada.done()
                await ben.done()
                await ada.wait_for(views_at(1))           # ... while the other table's round goes
                assert waiting.view.submissions == 0
                release.set()
                await waiting.wait_for(views_at(1))
    run(play)
