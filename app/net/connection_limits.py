"""What the server allows one connection (issue 32: "floods are rate-limited"), and how it
says why it closes one: a hello within :data:`HELLO_TIMEOUT`, then at most :data:`RATE`
messages a second after a burst of :data:`BURST`; a connection past that, or at fault, is
closed by raising :class:`Closing` with a reason naming its fault."""

from __future__ import annotations

from typing import Callable

HELLO_TIMEOUT = 30.0            # seconds a new connection has to say who it is
RATE = 20.0                     # messages per second a connection may keep up ...
BURST = 60                      # ... after a burst of this many


class RateLimit:
    """A token bucket: ``BURST`` messages at once, then ``RATE`` a second. ``clock`` may be
    set (a test's fake clock)."""

    def __init__(self, clock: Callable[[], float], rate: float = RATE, burst: int = BURST):
        self.clock, self.rate, self.burst = clock, rate, burst
        self.tokens, self.at = float(burst), clock()

    def allow(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Closing(Exception):
    """Close this connection with ``code`` and ``reason``."""

    def __init__(self, code: int, reason: str):
        super().__init__(reason)
        self.code, self.reason = code, reason


async def send_quietly(ws, frame: str) -> None:
    """Send ``frame`` to a connection that may have closed meanwhile (then nothing: its
    seat is told again when it comes back)."""
    from websockets.exceptions import ConnectionClosed
    try:
        await ws.send(frame)
    except ConnectionClosed:
        pass
