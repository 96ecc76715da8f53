"""A client's connection to a server, apart from what it says there: connecting (TLS
checked, never waved through), its status, and connecting again by itself when the network
loses it (backoff: 0.2 s doubling to 5 s, with jitter). A connection the server closed on
purpose (the seat taken over, its invitation replaced, a refused invitation or a protocol
fault) is not made again: :attr:`Connection.closed` then says why.
"""

from __future__ import annotations

import asyncio
import random
import ssl
from typing import Callable

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from . import protocol as p

FINAL = (1015, p.CLOSE_PROTOCOL, p.CLOSE_TAKEN_OVER, p.CLOSE_REVOKED, p.CLOSE_REFUSED, 1000, 1009)
"""Close codes after which coming back would not help."""


CLOSE_UNTRUSTED = 1015
"""RFC 6455's code for a failed TLS handshake: here, a certificate that is not trusted."""

SERVER_FAILED = 1011
"""RFC 6455's "internal error": the server failed on its side (its disk, say)."""


def server_url(server: str) -> str:
    """``HOST:PORT`` as a WebSocket address (one given as ws:// or wss:// stays as it is)."""
    return server if server.startswith(("ws://", "wss://")) else f"ws://{server}"


class Connection:
    """Sends ``hello`` each time it connects to ``url``, then hands each message the server
    sends to :meth:`received` (what a client makes of it) and wakes :meth:`wait_for`."""

    def __init__(self, url: str, hello, backoff: tuple[float, float], cafile: str | None):
        """``cafile``: the certificate(s) to trust for a TLS server besides the system's (a
        self-signed server's own). Raises ValueError naming a CA file that cannot be read."""
        self.url, self.hello = url, hello
        self.cafile = cafile
        self.tls = self._tls()                          # checked now: a bad CA file is said at once
        self.backoff = backoff
        self.frames: list[str] = []                    # every frame as it came (what a privacy test reads)
        self.status = "connecting"
        self.closed: tuple[int, str] | None = None     # the server's final close: code, reason
        self.last_failure: str | None = None            # the server's reason when it failed on its side (1011)
        self.connections = 0                           # how many times it connected
        self.on_status: Callable[[str], None] | None = None    # told each change of status (a window's bar)
        self._ws = None
        self._changed = asyncio.Condition()
        self._task: asyncio.Task | None = None

    def _tls(self) -> ssl.SSLContext | None:
        """wss://: a context that checks the certificate against the system's CAs and
        ``cafile``."""
        if not self.url.startswith("wss://"):
            return None
        context = ssl.create_default_context()
        if self.cafile:
            try:
                context.load_verify_locations(cafile=str(self.cafile))
            except (OSError, ssl.SSLError) as e:
                raise ValueError(f"the CA certificate file {self.cafile} cannot be read: "
                                 f"{getattr(e, 'strerror', None) or e}") from None
        return context

    async def received(self, message) -> None:
        """What the client makes of a message (before :meth:`wait_for` is woken)."""

    # -- life --------------------------------------------------------------------------
    def start(self) -> asyncio.Task:
        self._task = asyncio.ensure_future(self.run())
        return self._task

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except asyncio.CancelledError:
                pass
        if self._ws is not None:
            await self._ws.close()

    async def run(self) -> None:
        delay = self.backoff[0]
        while self.closed is None:
            try:
                async with connect(self.url, max_size=p.MAX_SERVER_FRAME, compression=None,
                                   open_timeout=10, proxy=None, ssl=self.tls) as ws:
                    self._ws = ws
                    self.connections += 1
                    await ws.send(p.dump(self.hello))
                    delay = self.backoff[0]
                    await self._set_status("connected")
                    async for frame in ws:
                        self.last_failure = None              # the server answers: it works again
                        self.frames.append(frame)
                        await self.received(p.read_server(frame))
                        await self._changes()
                code, reason = ws.close_code, ws.close_reason
            except ConnectionClosed as e:
                code, reason = (e.rcvd.code, e.rcvd.reason) if e.rcvd is not None else (None, "")
            except ssl.SSLCertVerificationError as e:     # trying again would not make it trusted
                self.closed = (CLOSE_UNTRUSTED, f"the server's certificate is not trusted "
                                                f"({e.verify_message or e.reason}): give its CA certificate "
                                                "to trust it (--cafile)")
                await self._set_status(f"closed: {self.closed[1]}")
                return
            except (OSError, InvalidHandshake, TimeoutError):
                code, reason = None, ""
            except InvalidURI as e:
                code, reason = p.CLOSE_REFUSED, str(e)
            finally:
                self._ws = None
            if code in FINAL:
                self.closed = (code, reason)
                await self._set_status(f"closed: {reason}" if reason else "closed")
                return
            # 1011: the server failed on its side (its disk, say); worth trying again, but said
            self.last_failure = (reason or "no reason given") if code == SERVER_FAILED else None
            await self._set_status("reconnecting…")
            await asyncio.sleep(delay * random.uniform(0.8, 1.2))
            delay = min(delay * 2, self.backoff[1])

    async def _set_status(self, status: str) -> None:
        self.status = status
        if self.on_status is not None:
            self.on_status(status)
        await self._changes()

    async def _changes(self) -> None:
        """Something arrived or the status changed: whoever waits looks again."""
        async with self._changed:
            self._changed.notify_all()

    async def wait_for(self, condition: Callable[["Connection"], bool], timeout: float = 30.0) -> None:
        """Until ``condition(self)`` holds after something arrived (TimeoutError after ``timeout``)."""
        async def wait():
            async with self._changed:
                await self._changed.wait_for(lambda: condition(self))
        await asyncio.wait_for(wait(), timeout)

    async def send(self, message) -> None:
        if self._ws is None:
            raise ConnectionError("not connected to the server")
        await self._ws.send(p.dump(message))
