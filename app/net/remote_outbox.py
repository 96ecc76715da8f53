"""What a seat at a window across computers did, on its way to the server: queued in order
on the window's thread and sent by one sender on the network thread, so that nothing the
seat did is dropped or reordered when the connection drops, and dozens of orders given at
once (the computer's suggestions, a paste) go as one message, not a flood the server closes
the connection for.

Each item is ``(kind, text, to)``: ``order`` and ``remove`` (an order's text), ``done``,
``write`` (a message's text, to seat ``to``), ``propose`` (``draw``/``concession`` and a
nation, on two lines), ``vote`` (``yes``/``no``), ``judge`` (a nation or "", at submission
``to``), ``offer`` (the offer's fields as JSON), ``answer`` (an offer's id and ``yes``/``no``,
on two lines), ``map`` (the number of a map received, asked for) and ``hand`` (the number of
an away seat the seat votes to hand to the computer).
"""

from __future__ import annotations

import json
import threading
from typing import Callable

from .client import Client


class Outbox:
    """``send`` takes a coroutine function of the client and runs it on the network thread
    (:meth:`.link.Link.call`)."""

    def __init__(self, send: Callable[[Callable], None]):
        self._send = send
        self._items: list[tuple[str, str, int]] = []     # what the seat did, not yet sent
        self._lock = threading.Lock()
        # called (on the window's thread) when the queue gets its first item: a window sends
        # once its current event is handled, so what one click or paste did goes together;
        # None: at once
        self.wake: Callable[[], None] | None = None

    def post(self, kind: str, text: str, to: int = 0) -> None:
        """Queue what the seat did, in order; one sender on the network thread takes
        whatever is queued when it runs, consecutive orders in one message."""
        with self._lock:
            self._items.append((kind, text, to))
            if len(self._items) > 1:
                return                  # a sender is on its way (or waits for the connection) and takes this too
        (self.wake or self.send_now)()

    def take_unsent(self) -> list[tuple[str, str, int]]:
        """What waits to be sent, taken out (in order): the seat joins again elsewhere (its
        server moved) and the new connection's outbox sends it."""
        with self._lock:
            items, self._items = self._items, []
        return items

    def send_now(self) -> None:
        """Send what is queued (the window calls it once its current event is handled)."""
        self._send(self._flush)

    def resend(self) -> None:
        """The connection is back: send what waited for it."""
        with self._lock:
            waiting = bool(self._items)
        if waiting:
            self.send_now()

    async def _flush(self, client: Client) -> None:
        """Send what is queued. Not connected: it stays queued, in order, for :meth:`resend`
        once the connection is made again."""
        with self._lock:
            items, self._items = self._items, []
        i = 0
        try:
            while i < len(items):
                if items[i][0] == "order":
                    j = i
                    while j < len(items) and items[j][0] == "order":
                        j += 1
                    await client.orders([t for _, t, _ in items[i:j]])
                    i = j
                    continue
                await _send_one(client, *items[i])
                i += 1
        except ConnectionError:
            with self._lock:
                self._items = items[i:] + self._items
            raise


async def _send_one(client: Client, kind: str, text: str, to: int) -> None:
    """One item other than an order (orders go together: :meth:`Outbox._flush`)."""
    if kind == "remove":
        await client.remove(text)
    elif kind == "done":
        await client.done()
    elif kind == "write":
        await client.write(to, text)
    elif kind == "propose":
        what, nation = text.split("\n")
        await (client.concede(nation) if what == "concession" else client.propose_draw())
    elif kind == "vote":
        await client.vote(text == "yes")
    elif kind == "judge":
        await client.judge(text or None, to)
    elif kind == "offer":
        await client.offer(**json.loads(text))
    elif kind == "answer":
        offer, accept = text.split("\n")
        await client.answer(int(offer), accept == "yes")
    elif kind == "map":
        await client.ask_map(int(text))
    elif kind == "hand":
        await client.hand_over(int(text))
