"""Answers to a proposal to end the game, sealed by each seat's computer (issue 32, RULES.md
§11): the server's database files never hold how a seat answered, before the tally or
after it (only the outcome); a key that is not the committed one, or a malformed
commitment, is refused with why and the connection stays."""

import json
import sqlite3

import pytest

from websockets.asyncio.client import connect

from app.net import protocol as p
from app.net.client import Client
from app.net.invitations import parse_invitation
from app.net.sealed_votes import sealed_answer, vote_key
from app.net.sealing import key_text

from .serving import clients, run, serving
from .test_endings import three_seats


def raw_bytes(db) -> bytes:
    """Every byte of the database's files as the holder could read them (db, -wal, -shm)."""
    return b"".join(f.read_bytes() for f in db.parent.glob(db.name + "*"))


def stored_kinds(db) -> list[str]:
    with sqlite3.connect(db) as c:
        return [k for (k,) in c.execute("SELECT kind FROM actions ORDER BY seq")]


@pytest.mark.parametrize("sealed", [False, True], ids=["orders in the clear", "sealed table"])
def test_the_database_never_holds_how_a_seat_answered_only_the_tally(tmp_path, sealed):
    db = tmp_path / "t.db"

    async def play():
        async with serving(db) as server:
            _, invitations = server.add_table(three_seats(), "three", sealed=sealed)
            amy, bob, cal = (Client(invitation=str(i)) for i in invitations)
            async with clients(amy, bob, cal):
                for c in (amy, bob, cal):
                    await c.wait_for(lambda c: c.view is not None)
                await amy.propose_draw()
                await bob.wait_for(lambda c: c.proposal is not None and c.proposal.must_answer)
                await bob.vote(False)
                await bob.wait_for(lambda c: not c.proposal.must_answer)
                assert b'"accept"' not in raw_bytes(db) and stored_kinds(db) == ["propose", "vote_box"]
                await cal.vote(True)
                for c in (amy, bob, cal):
                    await c.wait_for(lambda c: c.proposal.outcome == "refused")
                assert stored_kinds(db) == ["propose", "tally"]       # the answers deleted with the tally
        data = raw_bytes(db)
        assert b'"accept"' not in data and b'{"all_yes": false}' in data
    run(play)


async def frames_until(ws, kind: str) -> dict:
    """The next frame of type ``kind`` the server sends on the raw connection ``ws``."""
    while True:
        frame = json.loads(await ws.recv())
        if frame["type"] == kind:
            return frame


def test_a_key_that_is_not_the_committed_one_is_refused_and_the_connection_stays(tmp_path):
    async def play():
        async with serving(tmp_path / "t.db") as server:
            _, invitations = server.add_table(three_seats(), "three")
            amy, bob = Client(invitation=str(invitations[0])), Client(invitation=str(invitations[1]))
            cal = parse_invitation(str(invitations[2]))
            async with clients(amy, bob), connect(f"ws://{server.address}", proxy=None) as ws:
                await ws.send(json.dumps({"v": 1, "type": "hello", "invitation": str(invitations[2])}))
                await frames_until(ws, "view")
                await amy.wait_for(lambda c: c.view is not None)
                await amy.propose_draw()
                await frames_until(ws, "proposal")
                await ws.send(p.dump(p.SealVote(type="seal_vote", proposal=1, box="AAAA", commitment="not-hex")))
                assert "64 hexadecimal digits" in (await frames_until(ws, "refused"))["reason"]
                box, committed = sealed_answer(cal.secret, cal.table, cal.seat, 1, True)
                await ws.send(p.dump(p.SealVote(type="seal_vote", proposal=1, box=box, commitment=committed)))
                await bob.wait_for(lambda c: c.proposal is not None and c.proposal.must_answer)
                await bob.vote(True)                 # the last answer: the server asks for the keys
                assert (await frames_until(ws, "reveal_vote"))["proposal"] == 1
                forged = key_text(vote_key(cal.secret, cal.table, cal.seat, 2))      # another proposal's key
                await ws.send(p.dump(p.VoteKey(type="vote_key", proposal=1, key=forged)))
                assert (await frames_until(ws, "refused"))["reason"] == "that is not the key this seat committed to"
                assert amy.ended is None
                true = key_text(vote_key(cal.secret, cal.table, cal.seat, 1))
                await ws.send(p.dump(p.VoteKey(type="vote_key", proposal=1, key=true)))     # the connection stayed
                assert (await frames_until(ws, "ended"))["kind"] == "draw"
                await amy.wait_for(lambda c: c.ended is not None)
    run(play)


def test_a_seat_whose_computer_does_not_reveal_its_answer_in_time_refuses(tmp_path):
    async def play():
        async with serving(tmp_path / "t.db", reveal_timeout=None) as server:
            table, invitations = server.add_table(three_seats(), "three")
            amy, bob, cal = (Client(invitation=str(i)) for i in invitations)
            async with clients(amy, cal):
                async with clients(bob):
                    await bob.wait_for(lambda c: c.view is not None)
                    await amy.wait_for(lambda c: c.view is not None)
                    await amy.propose_draw()
                    await bob.wait_for(lambda c: c.proposal is not None and c.proposal.must_answer)
                    await bob.vote(True)
                    await amy.wait_for(lambda c: c.proposal is not None and c.proposal.waiting == [2])
                # Bob's computer has gone: his sealed yes cannot be opened
                await cal.wait_for(lambda c: c.proposal is not None and c.proposal.must_answer)
                await cal.vote(True)
                await cal.wait_for(lambda c: any(isinstance(m, p.RevealVote) for m in c.messages))
                await cal.order("A ven H")       # a round trip: the server has Cal's key by its answer
                await cal.wait_for(lambda c: len(c.view.pending) == 1)
                assert server.tables[table].votes_sealed.unopened([1, 2]) == [1]
                assert amy.proposal.number == 1                 # still open: Bob's key is awaited
                await server.finish_vote_reveal(table)          # the time to reveal ran out
                for c in (amy, cal):
                    await c.wait_for(lambda c: c.proposal.number is None and c.proposal.outcome == "refused")
                assert amy.ended is None
    run(play)
