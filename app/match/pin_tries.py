"""Wrong PINs at the table cost more each time: a few tries are free (a typo, a second look at
the keyboard), then each wrong try makes the seat wait twice as long before the next, up to
five minutes. A right PIN clears the count.

The clock is given (``time.monotonic`` by default), so a test moves time on without sleeping:

>>> now = [0.0]
>>> tries = PinTries(clock=lambda: now[0])
>>> [tries.failed(0) for _ in range(5)]
[0.0, 0.0, 0.0, 2.0, 4.0]
>>> tries.wait_left(0)
4.0
>>> now[0] += 4
>>> tries.wait_left(0)
0.0
>>> tries.succeeded(0); tries.failed(0)
0.0

The count lives with the running game (not in the save file, which a player could edit);
guessing against a copied file is slowed by the key derivation instead (:mod:`.secret`).
"""

from __future__ import annotations

import time
from typing import Callable

FREE_TRIES = 3          # wrong tries before any wait
FIRST_WAIT = 2.0        # seconds after the first wrong try past the free ones, doubling
MAX_WAIT = 300.0


class PinTries:
    def __init__(self, clock: Callable[[], float] = time.monotonic):
        self.clock = clock
        self._wrong: dict[int, int] = {}
        self._until: dict[int, float] = {}

    def wait_left(self, seat: int) -> float:
        """Seconds before the seat may try again (0: now)."""
        return max(0.0, self._until.get(seat, 0.0) - self.clock())

    def wrong(self, seat: int) -> int:
        """Wrong tries since the seat's last right one."""
        return self._wrong.get(seat, 0)

    def failed(self, seat: int) -> float:
        """A wrong try: returns the wait it costs (seconds)."""
        n = self._wrong[seat] = self._wrong.get(seat, 0) + 1
        wait = 0.0 if n <= FREE_TRIES else min(MAX_WAIT, FIRST_WAIT * 2 ** (n - FREE_TRIES - 1))
        self._until[seat] = self.clock() + wait
        return wait

    def succeeded(self, seat: int) -> None:
        self._wrong.pop(seat, None)
        self._until.pop(seat, None)
