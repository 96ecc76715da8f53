"""A seat's invitation opens that seat only, comes back after a break, takes the seat over
from an earlier connection, and stops working when the host re-issues it."""

import pytest

from app.net import protocol as p
from app.net.client import Client
from app.net.invitations import digest, InvitationError, parse_invitation, SECRET_BYTES
from app.net.store import Store

from .serving import clients, run, serving, two_seats, views_at


def test_an_invitation_is_refused_for_another_seat(tmp_path):
    async def play():
        async with serving(tmp_path / "t.db") as server:
            table, (ada_inv, _) = server.add_table(two_seats(), "t")
            for_ben = str(ada_inv).replace(f"/{table}/0/", f"/{table}/1/")
            assert for_ben != str(ada_inv)
            thief = Client(invitation=for_ben)
            async with clients(thief):
                await thief.wait_for(lambda c: c.closed is not None)
            assert thief.closed[0] == p.CLOSE_REFUSED and "does not open that seat" in thief.closed[1]
            assert thief.view is None and thief.frames == []
    run(play)


def test_the_server_keeps_only_a_hash_of_a_secret_of_at_least_128_bits(tmp_path):
    async def play():
        async with serving(tmp_path / "t.db") as server:
            table, (ada_inv, ben_inv) = server.add_table(two_seats(), "t")
            assert len(ada_inv.secret) * 6 >= 128 and SECRET_BYTES * 8 >= 128 and ada_inv.secret != ben_inv.secret
            raw = (tmp_path / "t.db").read_bytes() + (tmp_path / "t.db-wal").read_bytes()
            assert ada_inv.secret.encode() not in raw
            assert server.store.digest(table, 0) == digest(table, 0, ada_inv.secret)
    run(play)


def test_joining_again_takes_the_seat_over_and_tells_the_earlier_connection_why(tmp_path):
    async def play():
        async with serving(tmp_path / "t.db") as server:
            table, (ada_inv, _) = server.add_table(two_seats(), "t")
            first = Client(invitation=str(ada_inv))
            async with clients(first):
                await first.wait_for(views_at(0))
                await first.order("A par - bur")
                await first.wait_for(lambda c: len(c.view.pending) == 1)
                second = Client(invitation=str(ada_inv))
                async with clients(second):
                    await first.wait_for(lambda c: c.closed is not None)
                    assert first.closed == (p.CLOSE_TAKEN_OVER, "this seat was joined again from another connection")
                    await second.wait_for(views_at(0))
                    assert second.view.pending == ["France: A 1:par:S1901 - 1:bur:S1901"]   # found where it was left
    run(play)


def test_a_reissued_invitation_closes_the_old_one(tmp_path):
    async def play():
        async with serving(tmp_path / "t.db") as server:
            table, (ada_inv, _) = server.add_table(two_seats(), "t")
            ada = Client(invitation=str(ada_inv))
            async with clients(ada):
                await ada.wait_for(views_at(0))
                new = server.reissue(table, 0)
                await ada.wait_for(lambda c: c.closed is not None)
                assert ada.closed[0] == p.CLOSE_REVOKED
            old_again, fresh = Client(invitation=str(ada_inv)), Client(invitation=str(new))
            async with clients(old_again, fresh):
                await old_again.wait_for(lambda c: c.closed is not None)
                assert old_again.closed[0] == p.CLOSE_REFUSED
                await fresh.wait_for(views_at(0))
                assert fresh.welcome.seat == 0
    run(play)


def test_a_reissue_by_another_process_closes_the_old_connection_at_its_next_message(tmp_path):
    async def play():
        async with serving(tmp_path / "t.db") as server:
            table, (ada_inv, _) = server.add_table(two_seats(), "t")
            ada = Client(invitation=str(ada_inv))
            async with clients(ada):
                await ada.wait_for(views_at(0))
                other = Store(tmp_path / "t.db")          # `python -m app table reissue` while it runs
                other.set_digest(table, 0, digest(table, 0, "another secret entirely"))
                other.close()
                await ada.order("A par - bur")
                await ada.wait_for(lambda c: c.closed is not None)
                assert ada.closed[0] == p.CLOSE_REVOKED and ada.view.pending == []
    run(play)


@pytest.mark.parametrize("text, fault", [
    ("https://example.org/x", "starts with 5d://"),
    ("5d://host:1/table/seat", "5d://HOST:PORT/TABLE/SEAT/SECRET"),
    ("5d://host:1/table/one/secret", "not a number"),
])
def test_text_that_is_not_an_invitation_is_named(text, fault):
    with pytest.raises(InvitationError, match=fault):
        parse_invitation(text)
