"""Ending a game across computers by agreement (RULES.md §11): a draw or a concession
proposed by a seat through the server, answered by the others (computer seats as at a
hotseat table), every seat and watcher told how the game ended, the lobby listing it as
finished, a fogged game watchable whole once it has ended; votes kept secret and kept
through a restarted server."""

import json

from app.match import Match, Seat
from app.net import protocol as p
from app.net.client import Client

from .serving import ADA, BEN, clients, run, serving, two_seats, units
from .test_restart import free_port

AMY = Seat(name="Amy", nations=("England", "France"))
BOB = Seat(name="Bob", nations=("Germany", "Austria"))
CAL = Seat(name="Cal", nations=("Italy", "Russia", "Turkey"))


def three_seats(cal: Seat = CAL) -> Match:
    return Match.new(seats=[AMY, BOB, cal])


async def lobby(server) -> dict:
    """The server's lobby entry of its only table, as a client reads it."""
    c = Client(server=server.address)
    async with clients(c):
        await c.wait_for(lambda c: c.lobby is not None)
    return c.lobby.tables[0]


def refusals(client: Client) -> list[p.Refused]:
    return [m for m in client.messages if isinstance(m, p.Refused)]


def test_an_agreed_draw_ends_a_fogged_game_which_can_then_be_watched_whole(tmp_path):
    async def play():
        async with serving(tmp_path / "t.db") as server:
            table, invitations = server.add_table(two_seats(fog=True), "fogged")
            ada, ben = (Client(invitation=str(i)) for i in invitations)
            async with clients(ada, ben):
                for c in (ada, ben):
                    await c.wait_for(lambda c: c.view is not None)
                assert not any(u.startswith("Austria") for u in units(ada.view))      # fogged: Ben's far away
                early = Client(server=server.address, table=table)
                async with clients(early):
                    await early.wait_for(lambda c: c.closed is not None)
                assert early.closed[0] == p.CLOSE_REFUSED
                entry = await lobby(server)
                assert (entry["watchable"], entry["finished"]) == (False, False)

                await ada.order("F lon H")          # pending orders the end discards
                await ada.wait_for(lambda c: len(c.view.pending) == 1)
                await ada.propose_draw()
                await ben.wait_for(lambda c: c.proposal is not None and c.proposal.must_answer)
                assert ben.proposal.kind == "draw" and "Ada proposes a draw" in ben.proposal.text
                await ada.wait_for(lambda c: c.proposal is not None and c.proposal.waiting == [1])
                assert not ada.proposal.must_answer
                await ben.vote(True)
                for c in (ada, ben):
                    await c.wait_for(lambda c: c.ended is not None)
                    assert c.ended.kind == "draw" and len(c.ended.nations) == 7
                    assert c.ended.text.startswith("A draw shared by Austria")
                    assert c.proposal.outcome == "agreed"
                await ada.wait_for(lambda c: c.view.phase == "over" and not c.view.pending)
                assert any(u.startswith("Austria") for u in units(ada.view))          # the fog has lifted
                entry = await lobby(server)
                assert (entry["watchable"], entry["finished"], entry["phase"]) == (True, True, "over")
                assert entry["ending"].startswith("A draw shared by")

                late = Client(server=server.address, table=table)
                async with clients(late):
                    await late.wait_for(lambda c: c.ended is not None)
                    assert late.ended.kind == "draw"
                    records = [m for m in late.messages if isinstance(m, p.Record)]
                    assert len(records) == 1 and json.loads(records[0].game)       # the whole game
                    assert any(u.startswith("Austria") for u in units(late.view))
                await ada.done()                     # nothing to play after the end
                await ada.wait_for(lambda c: refusals(c))
                assert "nothing to order" in refusals(ada)[-1].reason
    run(play)


def test_a_watcher_of_an_open_game_is_told_it_ended(tmp_path):
    async def play():
        async with serving(tmp_path / "t.db") as server:
            table, invitations = server.add_table(two_seats(), "open")
            ada, ben = (Client(invitation=str(i)) for i in invitations)
            watcher = Client(server=server.address, table=table)
            async with clients(ada, ben, watcher):
                await watcher.wait_for(lambda c: c.view is not None)
                await ben.wait_for(lambda c: c.view is not None)
                await ben.propose_draw()
                await ada.wait_for(lambda c: c.proposal is not None and c.proposal.must_answer)
                await ada.vote(True)
                await watcher.wait_for(lambda c: c.ended is not None)
                assert watcher.ended.kind == "draw"
                assert watcher.proposal is None          # a watcher is told the end, not the votes
                await watcher.wait_for(lambda c: c.view.phase == "over")
    run(play)


def test_a_refusal_is_told_only_once_every_seat_answered_and_never_whose(tmp_path):
    async def play():
        async with serving(tmp_path / "t.db") as server:
            _, invitations = server.add_table(three_seats(), "three")
            amy, bob, cal = (Client(invitation=str(i)) for i in invitations)
            async with clients(amy, bob, cal):
                for c in (amy, bob, cal):
                    await c.wait_for(lambda c: c.view is not None)
                await amy.propose_draw()
                await bob.wait_for(lambda c: c.proposal is not None and c.proposal.must_answer)
                await bob.vote(False)
                await bob.wait_for(lambda c: c.proposal is not None and not c.proposal.must_answer)
                # Bob said no, but nobody is told until the last answer: the proposal stands
                for c in (amy, bob, cal):
                    await c.wait_for(lambda c: c.proposal.waiting == [2])
                    assert c.proposal.number == 1 and c.proposal.outcome == ""
                await cal.vote(True)
                for c in (amy, bob, cal):
                    await c.wait_for(lambda c: c.proposal.number is None and c.proposal.outcome == "refused")
                    assert c.proposal.outcome_text == "The draw was not agreed: at least one seat refused. Play on."
                    assert c.ended is None
                every_frame = [f for c in (amy, bob, cal) for f in c.frames]
                assert not any('"accept"' in f or "Bob" in json.loads(f).get("outcome_text", "")
                               for f in every_frame)
                await amy.order("F lon H")          # the game goes on
                await amy.wait_for(lambda c: len(c.view.pending) == 1)
                await amy.vote(True)                # nothing open to answer
                await amy.wait_for(lambda c: refusals(c))
                assert refusals(amy)[-1].reason == "there is no proposal to answer"
    run(play)


def test_a_concession_makes_its_nation_the_winner(tmp_path):
    async def play():
        async with serving(tmp_path / "t.db") as server:
            _, invitations = server.add_table(two_seats(), "two")
            ada, ben = (Client(invitation=str(i)) for i in invitations)
            async with clients(ada, ben):
                await ben.wait_for(lambda c: c.view is not None)
                await ben.concede("Austria")          # Ben plays Austria: the others concede to it, not he
                await ben.wait_for(lambda c: refusals(c))
                assert "the others concede to it" in refusals(ben)[-1].reason
                await ben.concede("England")
                await ada.wait_for(lambda c: c.proposal is not None and c.proposal.must_answer)
                assert ada.proposal.text == "Ben proposes that the game be conceded to England."
                await ada.vote(True)
                for c in (ada, ben):
                    await c.wait_for(lambda c: c.ended is not None)
                    assert (c.ended.kind, c.ended.nations) == ("concession", ["England"])
                    await c.wait_for(lambda c: c.view.phase == "over" and c.view.winner == "England")
    run(play)


def test_a_computer_seat_answers_as_at_a_hotseat_table(tmp_path):
    async def play():
        async with serving(tmp_path / "t.db") as server:
            # Russia's 4 centres of 22 are above the standard level's fair share: it plays on
            computer = Seat(name="Cal", nations=("Russia",), controller="computer", level="standard")
            m = Match.new(seats=[ADA, Seat(name="Ben", nations=("Austria", "Italy", "Turkey")), computer])
            _, invitations = server.add_table(m, "computer")
            ada, ben = (Client(invitation=str(i)) for i in invitations)
            async with clients(ada, ben):
                await ada.wait_for(lambda c: c.view is not None)
                await ada.propose_draw()
                await ben.wait_for(lambda c: c.proposal is not None and c.proposal.must_answer)
                assert ben.proposal.waiting == [1]            # the computer answered at once
                await ben.vote(True)
                await ada.wait_for(lambda c: c.proposal.outcome == "refused")
                assert ada.ended is None
    run(play)


def test_votes_given_before_a_restart_still_count(tmp_path):
    port = free_port()

    async def play():
        async with serving(tmp_path / "t.db", port) as server:
            table, invitations = server.add_table(three_seats(), "three")
            amy, bob = Client(invitation=str(invitations[0])), Client(invitation=str(invitations[1]))
            async with clients(amy, bob):
                await amy.wait_for(lambda c: c.view is not None)
                await amy.propose_draw()
                await bob.wait_for(lambda c: c.proposal is not None and c.proposal.must_answer)
                await bob.vote(True)
                await bob.wait_for(lambda c: not c.proposal.must_answer)
        async with serving(tmp_path / "t.db", port) as server:      # the same database, a new server
            cal = Client(invitation=str(invitations[2]))
            amy = Client(invitation=str(invitations[0]))
            bob = Client(invitation=str(invitations[1]))      # its computer, back, opens its sealed answer
            async with clients(amy, bob, cal):
                await cal.wait_for(lambda c: c.proposal is not None)
                assert cal.proposal.must_answer and cal.proposal.waiting == [2]     # Amy and Bob: answered
                await amy.wait_for(lambda c: c.proposal is not None)
                await bob.wait_for(lambda c: c.proposal is not None and not c.proposal.must_answer)
                await cal.vote(True)
                for c in (amy, bob, cal):
                    await c.wait_for(lambda c: c.ended is not None)
                    assert c.ended.kind == "draw"
            entry = await lobby(server)
            assert entry["finished"] and entry["watchable"]
        async with serving(tmp_path / "t.db", port) as server:      # and the end is kept too
            entry = await lobby(server)
            assert entry["finished"] and entry["ending"].startswith("A draw shared by")
            watcher = Client(server=server.address, table=table)
            async with clients(watcher):
                await watcher.wait_for(lambda c: c.ended is not None)
    run(play)


def test_a_done_table_waits_for_an_answer_until_its_deadline_adjudicates(tmp_path):
    async def play():
        async with serving(tmp_path / "t.db") as server:
            table, invitations = server.add_table(two_seats(), "t", round_seconds=3600)
            ada, ben = (Client(invitation=str(i)) for i in invitations)
            async with clients(ada, ben):
                await ben.wait_for(lambda c: c.view is not None)
                await ada.propose_draw()
                await ben.wait_for(lambda c: c.proposal is not None and c.proposal.must_answer)
                for c in (ada, ben):
                    await c.done()
                    await c.wait_for(lambda c: c.view.done)
                await ada.wait_for(lambda c: c.state is not None and c.state.done_seats == [0, 1])
                assert server.tables[table].match.game.submissions == ()      # Ben still has to answer
                await server.deadline_passed(table)            # as the round's clock does
                for c in (ada, ben):
                    await c.wait_for(lambda c: c.view.submissions == 1)
                    await c.wait_for(lambda c: c.proposal.outcome == "adjudicated")
                    assert c.proposal.outcome_text == "The draw was not agreed before the adjudication. Play on."
                    assert c.ended is None
    run(play)
