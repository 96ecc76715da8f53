"""A malformed, oversized or out-of-order message, or a flood, closes that connection with a
reason naming its fault, and the server goes on serving everyone else."""

import asyncio
import json

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from app.net import protocol as p
from app.net.client import Client

from .serving import clients, run, serving, two_seats, views_at


async def closed_after(url: str, frames: list) -> tuple[int, str]:
    """Send ``frames`` on a raw connection; the code and reason the server closed it with."""
    async with connect(url, max_size=None, max_queue=None, proxy=None) as ws:
        try:
            for f in frames:
                await ws.send(f)
            async for _ in ws:
                pass
        except ConnectionClosed:
            pass
        await ws.wait_closed()
        return ws.close_code, ws.close_reason


def hello(invitation) -> str:
    return json.dumps({"v": 1, "type": "hello", "invitation": str(invitation)})


ORDER = json.dumps({"v": 1, "type": "order", "text": "A war - gal"})


@pytest.mark.parametrize("frames, code, reason", [
    (["this is not json"], p.CLOSE_PROTOCOL, "malformed message: not JSON"),
    (['{"v": 1, "type": "order", "text": "A par - bur"}'], p.CLOSE_PROTOCOL, "out of order: order before hello"),
    (['{"v": 7, "type": "lobby"}'], p.CLOSE_PROTOCOL, "protocol version 7"),
    (['{"v": 1, "type": "hello"}'], p.CLOSE_PROTOCOL, "field 'hello.invitation'"),
    ([b"\x00\x01binary"], p.CLOSE_PROTOCOL, "binary frame"),
    (["x" * (p.MAX_CLIENT_FRAME + 1)], 1009, ""),
    (["SEAT", "SEAT"], p.CLOSE_PROTOCOL, "out of order: hello after this connection's hello"),
    (["SEAT", '{"v": 1, "type": "order", "text": "' + "x" * 700 + '"}'], p.CLOSE_PROTOCOL, "at most 600"),
    (["SEAT", "[1, 2"], p.CLOSE_PROTOCOL, "not JSON"),
])
def test_a_bad_message_closes_its_connection_only(tmp_path, frames, code, reason):
    async def play():
        async with serving(tmp_path / "t.db") as server:
            table, (ada_inv, ben_inv) = server.add_table(two_seats(), "t")
            ben = Client(invitation=str(ben_inv))
            async with clients(ben):
                await ben.wait_for(views_at(0))
                sent = [hello(ada_inv) if f == "SEAT" else f for f in frames]
                got = await closed_after(f"ws://{server.address}", sent)
                assert got[0] == code and reason in got[1], got
                await ben.order("A war - gal")              # the others are served as before
                await ben.wait_for(lambda c: len(c.view.pending) == 1)
                assert ben.closed is None
    run(play)


def test_a_flood_is_closed_and_a_calm_seat_is_not(tmp_path):
    async def play():
        frozen = [0.0]
        async with serving(tmp_path / "t.db", clock=lambda: frozen[0]) as server:   # no token comes back
            table, (ada_inv, ben_inv) = server.add_table(two_seats(), "t")
            code, reason = await closed_after(f"ws://{server.address}", [hello(ada_inv)] + [ORDER] * 100)
            assert code == p.CLOSE_PROTOCOL and "too many messages" in reason
            ben = Client(invitation=str(ben_inv))
            async with clients(ben):
                await ben.wait_for(views_at(0))
                await ben.order("A war - gal")
                await ben.wait_for(lambda c: len(c.view.pending) == 1)
    run(play)


def test_a_connection_that_never_says_hello_is_closed(tmp_path, monkeypatch):
    monkeypatch.setattr("app.net.server.HELLO_TIMEOUT", 0.2)
    async def play():
        async with serving(tmp_path / "t.db") as server:
            async with connect(f"ws://{server.address}", proxy=None) as ws:
                await ws.wait_closed()
                assert ws.close_code == p.CLOSE_PROTOCOL and "no hello" in ws.close_reason
    run(play)


def test_a_disk_that_refuses_the_action_is_reported_and_the_order_not_kept(tmp_path):
    async def play():
        async with serving(tmp_path / "t.db") as server:
            table, (ada_inv, _) = server.add_table(two_seats(), "t")
            ada = Client(invitation=str(ada_inv))
            async with clients(ada):
                await ada.wait_for(views_at(0))
                server.store.db.execute("PRAGMA query_only = ON")   # as a read-only disk answers
                await ada.order("A par - bur")
                await ada.wait_for(lambda c: any(isinstance(m, p.Refused) for m in c.messages))
                refused = next(m for m in ada.messages if isinstance(m, p.Refused))
                assert "could not keep the change" in refused.reason
                assert server.tables[table].match.pending(0) == [] and ada.view.pending == []
                server.store.db.execute("PRAGMA query_only = OFF")
    run(play)


def test_a_server_that_fails_on_its_side_says_why_while_the_client_tries_again(tmp_path):
    """A store error as a seat joins (its disk turned read-only) closed the connection with
    1011 and the client said only "reconnecting…" for ever; now it keeps the server's reason,
    and joins once the disk takes writes again."""
    async def play():
        async with serving(tmp_path / "t.db") as server:
            table, (ada_inv, _) = server.add_table(two_seats(), "t")
            server.store.db.execute("PRAGMA query_only = ON")     # her key cannot be kept
            ada = Client(invitation=str(ada_inv))
            async with clients(ada):
                await ada.wait_for(lambda c: c.last_failure is not None)
                assert ada.closed is None and ada.view is None and ada.status == "reconnecting…"
                assert "readonly" in ada.last_failure.replace("-", "").replace(" ", "").lower()
                server.store.db.execute("PRAGMA query_only = OFF")
                await ada.wait_for(views_at(0))
                assert ada.last_failure is None
    run(play)
