"""The server inside the app (Table → Host a table…): the same :class:`~.server.Server` as
``python -m app serve``, on a thread with its own event loop, its tables in a SQLite file
in the data folder. No Qt: the window asks it from its own thread and every call waits for
the server's loop to do the work.
"""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

from app.match import Match

from .invitations import Invitation
from .server import Server
from .serving_lock import ServedElsewhere
from .store import Store


class HostingError(RuntimeError):
    """The server could not start (the port is taken, the database cannot be opened)."""


class HostedServer:
    """``start()`` binds ``host:port`` (0: a free port) and serves until ``stop()``."""

    def __init__(self, db: Path, host: str = "127.0.0.1", port: int = 0, advertise: str | None = None,
                 ssl=None):
        """``ssl``: a server-side ``ssl.SSLContext`` (its certificate and key): TLS, wss://."""
        self.db, self.host, self.port, self.advertise, self.ssl = db, host, port, advertise, ssl
        self.server: Server | None = None
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, name="5d-hosted-server", daemon=True)

    def start(self, timeout: float = 30.0) -> "HostedServer":
        self._thread.start()
        try:
            store = Store(self.db)
        except Exception as e:            # StoreError, or a folder that cannot be written
            self.stop()
            raise HostingError(f"the tables' database {self.db} cannot be opened: {e}") from None
        server = Server(store, self.host, self.port, advertise=self.advertise, ssl=self.ssl)
        try:
            self._wait(server.start(), timeout)
        except ServedElsewhere as e:
            store.close()
            self.stop()
            raise HostingError(str(e)) from None
        except OSError as e:
            store.close()
            self.stop()
            raise HostingError(f"cannot listen on {self.host}:{self.port}: {e.strerror or e}") from None
        self.server = server
        self.port = server.port
        return self

    @property
    def address(self) -> str:
        return self.server.address if self.server is not None else f"{self.host}:{self.port}"

    def add_table(self, match: Match, name: str, round_seconds: float | None = None,
                  sealed: bool = False) -> tuple[str, list[Invitation]]:
        """A new table for ``match``; one invitation per person seat."""
        async def add():
            return self.server.add_table(match, name, sealed=sealed, round_seconds=round_seconds)
        return self._wait(add())

    def tables_in_play(self) -> dict[str, dict[int, str]]:
        """Each table not over: its person seats' names by seat."""
        async def ask():
            return {t.id: {i: s.name for i, s in enumerate(t.match.seats) if s.is_person}
                    for t in self.server.tables.values() if t.match.world.phase != "over"}
        return self._wait(ask())

    def reissue(self, table: str, seat: int) -> Invitation:
        """A new invitation for the seat: the old one stops working, and whoever joined
        with it is disconnected, told why."""
        async def again():
            return self.server.reissue(table, seat)
        return self._wait(again())

    def _wait(self, coroutine, timeout: float = 30.0):
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def stop(self, timeout: float = 10.0) -> None:
        """Close every connection and the database, and end the thread."""
        if self.server is not None and self._thread.is_alive():
            server, self.server = self.server, None
            try:
                self._wait(server.stop(), timeout)
            finally:
                server.store.close()
        if self._thread.is_alive():
            self.loop.call_soon_threadsafe(self.loop.stop)
            self._thread.join(timeout)
