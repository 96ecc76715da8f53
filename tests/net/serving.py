"""Helpers for the network tests: a real server on 127.0.0.1 (a free port), real clients,
every test bounded by a timeout and leaving no task or socket behind."""

from __future__ import annotations

import asyncio
import sqlite3
import zlib
from contextlib import asynccontextmanager

from app.match import Match, Seat
from app.net.client import Client
from app.net.server import Server
from app.net.store import Store

ADA = Seat(name="Ada", nations=("England", "France", "Germany"))
BEN = Seat(name="Ben", nations=("Austria", "Italy", "Russia", "Turkey"))


def run(test, timeout: float = 120.0):
    """Run ``test()`` (a coroutine function) in a fresh loop, failing after ``timeout``."""
    async def bounded():
        await asyncio.wait_for(test(), timeout)
    asyncio.run(bounded())


@asynccontextmanager
async def serving(db, port: int = 0, **kw):
    """A server on ``port`` (0: a free one)."""
    server = Server(Store(db), "127.0.0.1", port, **kw)
    await server.start()
    try:
        yield server
    finally:
        await server.stop()
        server.store.close()


@asynccontextmanager
async def clients(*made: Client):
    for c in made:
        c.start()
    try:
        yield made
    finally:
        for c in made:
            await c.stop()


def two_seats(fog: bool = False) -> Match:
    return Match.new(seats=[ADA, BEN], fog=fog)


def views_at(n: int):
    """A condition: the client's view is of submission ``n``."""
    return lambda c: c.view is not None and c.view.submissions == n


def units(view) -> set[str]:
    return {u for b in view.boards for u in b["units"]}


def stored_bytes(tmp_path) -> bytes:
    """Everything the server's database ``t.db`` holds, as a holder who opens it can read
    it: its files' bytes, and each table's save as text (the database keeps it compressed)."""
    raw = b"".join(f.read_bytes() for f in tmp_path.glob("t.db*"))
    db = sqlite3.connect(f"file:{tmp_path / 't.db'}?mode=ro", uri=True)
    try:
        saves = [s for (s,) in db.execute("SELECT save FROM tables")]
    finally:
        db.close()
    return raw + b"".join(zlib.decompress(s) if isinstance(s, bytes) else s.encode("utf-8") for s in saves)
