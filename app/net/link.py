"""The client on a thread of its own, for a window: the window's thread never waits on the
network, and the asyncio client never touches the window's objects (everything it says is
handed over through ``deliver``, which a window turns into a queued Qt signal)."""

from __future__ import annotations

import asyncio
import threading
from typing import Callable

from .client import Client


class Link:
    """A :class:`Client` on a thread with its own event loop. ``deliver(item)`` is called on
    that thread with each message from the server and with ``("status", text)`` for each
    change of the connection's status; after :meth:`stop` it is called no more."""

    def __init__(self, client: Client, deliver: Callable[[object], None]):
        self.client = client
        self._deliver = deliver
        self._stopping = False
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._run, name="5d-net-client", daemon=True)
        client.on_message = lambda m: self._pass(m)
        client.on_status = lambda s: self._pass(("status", s))

    def _pass(self, item) -> None:
        if not self._stopping:
            self._deliver(item)

    def start(self) -> "Link":
        self.thread.start()
        return self

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self._task = task = self.loop.create_task(self.client.run())
        try:
            self.loop.run_until_complete(task)
        except asyncio.CancelledError:
            pass
        finally:
            self.loop.run_until_complete(self.loop.shutdown_asyncgens())
            self.loop.close()

    def call(self, action: Callable[[Client], object]) -> None:
        """Run ``action(client)`` (a coroutine) on the network thread; a failure (not
        connected) comes back through ``deliver`` as ``("error", text)``."""
        if self._stopping or self.loop.is_closed():
            return

        async def run():
            try:
                await action(self.client)
            except Exception as e:           # not connected, a message that cannot be sealed
                self._pass(("error", str(e) or type(e).__name__))
        try:
            asyncio.run_coroutine_threadsafe(run(), self.loop)
        except RuntimeError:                 # the loop closed meanwhile
            pass

    def stop(self, timeout: float = 10.0) -> None:
        """Close the connection and end the thread (waits for it)."""
        self._stopping = True
        if self.thread.is_alive():
            try:       # the connection closes as its task is cancelled (``async with connect``)
                self.loop.call_soon_threadsafe(self._task.cancel)
            except (RuntimeError, AttributeError):     # closed already, or not running yet
                pass
            self.thread.join(timeout)
