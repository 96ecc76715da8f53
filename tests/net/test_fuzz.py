"""Fuzzing: whatever a client sends, the reader answers with a ProtocolError or a message,
and the server closes a bad connection with a reason while a calm seat goes on playing."""

import asyncio
import json
import threading

import pytest
from hypothesis import given, HealthCheck, settings, strategies as st
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from app.net import protocol as p
from app.net.client import Client
from app.net.server import Server
from app.net.store import Store

from .serving import two_seats

json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner,
                                                                                        max_size=4), max_leaves=12)
near_messages = st.fixed_dictionaries(
    {"v": st.sampled_from([1, 1, 1, 0, 2, "1", None]),
     "type": st.sampled_from(["hello", "watch", "lobby", "order", "orders", "remove", "done", "seal", "reveal", "letter", "nope", ""])},
    optional={"text": st.text(max_size=40) | json_values, "invitation": st.text(max_size=40),
              "key": st.text(max_size=50), "box": st.text(alphabet="AB+/=", max_size=40),
              "commitment": st.text(alphabet="0123456789abcdef", min_size=64, max_size=64),
              "table": st.text(max_size=12) | st.integers(), "extra": json_values})
frames = st.one_of(st.text(max_size=200), json_values.map(json.dumps), near_messages.map(json.dumps),
                   st.binary(max_size=50))


@given(frames)
@settings(max_examples=300, deadline=None)
def test_the_reader_names_every_fault(frame):
    try:
        message = p.read_client(frame)
    except p.ProtocolError as e:
        assert str(e)
    else:
        assert message.v == p.PROTOCOL_VERSION


@pytest.fixture(scope="module")
def running(tmp_path_factory):
    """A server on its own loop in a thread, with one table and a calm seat connected."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()

    def call(coro, timeout=60):
        return asyncio.run_coroutine_threadsafe(asyncio.wait_for(coro, timeout), loop).result(timeout + 5)

    server = Server(Store(tmp_path_factory.mktemp("fuzz") / "t.db"), "127.0.0.1", 0)

    async def start():
        await server.start()
        table, invitations = server.add_table(two_seats(), "fuzz")
        calm = Client(invitation=str(invitations[1]))
        calm.start()
        await calm.wait_for(lambda c: c.view is not None)
        return calm, invitations
    calm, invitations = call(start())
    try:
        yield server, calm, invitations, call
    finally:
        async def stop():
            await calm.stop()
            await server.stop()
        call(stop())
        server.store.close()
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)
        loop.run_until_complete(loop.shutdown_default_executor())    # no worker thread left behind
        loop.close()


@given(st.booleans(), st.lists(frames, min_size=1, max_size=4))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_a_fuzzing_connection_never_harms_the_server(running, as_seat, sent):
    server, calm, invitations, call = running

    async def fuzz():
        async with connect(f"ws://{server.address}", max_queue=None, proxy=None) as ws:
            try:
                if as_seat:
                    await ws.send(json.dumps({"v": 1, "type": "hello", "invitation": str(invitations[0])}))
                for f in sent:
                    await ws.send(f)
                await ws.send("not json: the end")          # whatever came before, this closes it
                async for _ in ws:
                    pass
            except ConnectionClosed:
                pass
            await ws.wait_closed()
            return ws.close_code, ws.close_reason

    code, reason = call(fuzz())
    assert code in (1000, 1009, p.CLOSE_PROTOCOL, p.CLOSE_REFUSED, p.CLOSE_TAKEN_OVER), (code, reason)
    assert reason or code == 1009

    async def still_served():
        heard = len(calm.messages)
        await calm.remove("A war - gal")          # answered with its view
        await calm.wait_for(lambda c: len(c.messages) > heard)
    call(still_served())
    assert calm.closed is None
