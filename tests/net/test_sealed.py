"""A sealed table: the server (and whoever holds its database) cannot read a seat's pending
orders before every seat is done, and a seat cannot change them after."""

import asyncio

import pytest

from app.match import Match
from app.net import protocol as p
from app.net.client import Client
from app.net.invitations import parse_invitation
from app.net.sealed_round import SealedRound
from app.net.sealing import commitment, key_text, round_key, seal, SealError, unseal

from .serving import ADA, BEN, clients, run, serving, stored_bytes, two_seats, units, views_at


async def until(condition):
    while not condition():
        await asyncio.sleep(0.01)


def test_sealed_orders_stay_unread_by_the_server_until_every_seat_is_done(tmp_path):
    async def play():
        async with serving(tmp_path / "t.db") as server:
            table, (ada_inv, ben_inv) = server.add_table(two_seats(fog=True), "sealed", sealed=True)
            match = server.tables[table].match
            ada, ben = Client(invitation=str(ada_inv)), Client(invitation=str(ben_inv))
            async with clients(ada, ben):
                await ada.wait_for(views_at(0))
                await ben.wait_for(views_at(0))
                assert ada.welcome.sealed
                await ada.order("A par - bur")
                await ada.order("A mun - boh")
                await ada.wait_for(lambda c: c.view.pending == ["A par - bur", "A mun - boh"])
                await ada.done()
                await ada.wait_for(lambda c: c.view.done)
                await ben.order("A war - gal")
                await ben.wait_for(lambda c: c.view.pending == ["A war - gal"])
                # every seat's box is stored, none is readable where the server keeps it
                assert match.pending(0) == [] and match.pending(1) == []
                kept = stored_bytes(tmp_path)
                assert b"Ada" in kept and b"par - bur" not in kept and b"war - gal" not in kept
                assert not any("bur" in f or "boh" in f for f in ben.frames)
                await ben.done()
                await ada.wait_for(views_at(1))
                await ben.wait_for(views_at(1))
            assert {"France A bur", "Germany A boh"} <= units(ada.view)
            assert "Russia A gal" in units(ben.view)
            assert server.tables[table].sealed.boxes == {}
    run(play)


def test_a_seat_away_at_the_reveal_holds_and_the_others_play(tmp_path):
    async def play():
        async with serving(tmp_path / "t.db", reveal_timeout=None) as server:
            table, (ada_inv, ben_inv) = server.add_table(two_seats(), "sealed", sealed=True)
            sealed = server.tables[table].sealed
            ada = Client(invitation=str(ada_inv))
            async with clients(ada):
                await ada.wait_for(views_at(0))
                await ada.order("A par - bur")
                await ada.done()
                await ada.wait_for(lambda c: c.view.done)
            ben = Client(invitation=str(ben_inv))
            async with clients(ben):
                await ben.wait_for(views_at(0))
                await ben.order("A war - gal")
                await ben.done()
                await asyncio.wait_for(until(lambda: sealed.revealed == {1}), 30)
                assert sealed.waiting == [0]
                await server.finish_reveal(table)           # the time to reveal ran out
                await ben.wait_for(views_at(1))
            assert "France A par" in units(ben.view) and "Russia A gal" in units(ben.view)
    run(play)


def test_a_sealed_seat_that_comes_back_finds_its_orders_and_reveals_when_asked(tmp_path):
    async def play():
        async with serving(tmp_path / "t.db", reveal_timeout=None) as server:
            table, (ada_inv, ben_inv) = server.add_table(two_seats(), "sealed", sealed=True)
            ada = Client(invitation=str(ada_inv))
            async with clients(ada):
                await ada.wait_for(views_at(0))
                await ada.order("A par - bur")
                await ada.done()
                await ada.wait_for(lambda c: c.view.done)
            ben = Client(invitation=str(ben_inv))
            async with clients(ben):
                await ben.wait_for(views_at(0))
                await ben.done()                             # Ben orders nothing: the round asks for keys
                await asyncio.wait_for(until(lambda: server.tables[table].sealed.revealing), 30)
                again = Client(invitation=str(ada_inv))
                async with clients(again):                  # Ada's computer comes back: it finds and reveals
                    await again.wait_for(views_at(1))
                    first = next(m for m in again.messages if isinstance(m, p.View))
                    inv = parse_invitation(str(ada_inv))         # its box came back, for its key only
                    assert unseal(round_key(inv.secret, table, 0, 0), first.box, table, 0, 0) == ["A par - bur"]
            assert "France A bur" in units(again.view)
    run(play)


def test_orders_cannot_be_sent_in_the_clear_at_a_sealed_table(tmp_path):
    async def play():
        async with serving(tmp_path / "t.db") as server:
            table, (ada_inv, _) = server.add_table(two_seats(), "sealed", sealed=True)
            ada = Client(invitation=str(ada_inv))
            async with clients(ada):
                await ada.wait_for(views_at(0))
                await ada.send(p.AddOrder(type="order", text="A par - bur"))
                await ada.wait_for(lambda c: any(isinstance(m, p.Refused) for m in c.messages))
                assert server.tables[table].match.pending(0) == []
    run(play)


def test_only_the_committed_key_opens_a_box_and_only_for_its_seat_and_round():
    match = Match.new(seats=[ADA, BEN])
    key, other = round_key("secret-a", "t", 0, 0), round_key("secret-a", "t", 0, 1)
    assert key != other != round_key("secret-a", "t", 1, 0)
    box = seal(key, ["A par - bur"], "t", 0, 0)
    assert unseal(key, box, "t", 0, 0) == ["A par - bur"]
    for wrong in [(other, "t", 0, 0), (key, "t", 1, 0), (key, "t", 0, 1), (key, "u", 0, 0)]:
        with pytest.raises(SealError):
            unseal(wrong[0], box, *wrong[1:])
    rnd = SealedRound(revealing=True)
    rnd.seal(0, box, commitment(key))
    with pytest.raises(SealError, match="not the key this seat committed to"):
        rnd.open(match, "t", 0, key_text(other))
    with pytest.raises(SealError, match="sealed no orders"):
        rnd.open(match, "t", 1, key_text(key))
    assert rnd.apply(match, 0, rnd.open(match, "t", 0, key_text(key))) == []
    assert [str(o) for o in match.pending(0)] and rnd.waiting == []
    # an order for another seat's unit, smuggled into a box, is refused at the reveal
    assert rnd.apply(match, 0, ["A war - gal"])[0].startswith("A war - gal: Russia is not yours")


def test_a_key_is_derived_from_the_invitation_secret_the_server_only_hashes(tmp_path):
    async def play():
        async with serving(tmp_path / "t.db") as server:
            table, (ada_inv, _) = server.add_table(two_seats(), "sealed", sealed=True)
            inv = parse_invitation(str(ada_inv))
            key = round_key(inv.secret, table, 0, 0)
            assert key_text(key).encode() not in stored_bytes(tmp_path)
            assert inv.secret.encode() not in stored_bytes(tmp_path)
    run(play)


def test_a_sealed_round_survives_a_restart_between_the_reveals(tmp_path):
    from .test_restart import free_port
    port = free_port()

    async def play():
        async with serving(tmp_path / "t.db", port, reveal_timeout=None) as server:
            table, (ada_inv, ben_inv) = server.add_table(two_seats(), "sealed", sealed=True)
            ada = Client(invitation=str(ada_inv))
            async with clients(ada):
                await ada.wait_for(views_at(0))
                await ada.order("A par - bur")
                await ada.done()
                await ada.wait_for(lambda c: c.view.done)
            ben = Client(invitation=str(ben_inv))
            async with clients(ben):
                await ben.wait_for(views_at(0))
                await ben.order("A war - gal")
                await ben.done()
                await asyncio.wait_for(until(lambda: server.tables[table].sealed.revealed == {1}), 30)
        async with serving(tmp_path / "t.db", port, reveal_timeout=None) as server:   # Ben's key was kept
            sealed = server.tables[table].sealed
            assert sealed.revealing and sealed.waiting == [0]
            assert [str(o) for o in server.tables[table].match.pending(1)] != []
            ada = Client(invitation=str(ada_inv))
            async with clients(ada):
                await ada.wait_for(views_at(1))
            assert {"France A bur", "Russia A gal"} <= units(ada.view)
    run(play)
