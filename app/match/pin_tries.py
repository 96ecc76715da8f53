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

The count and the wait are saved with the game (``meta.table.pin_tries``, see
:mod:`app.match.table`), so closing the window and opening the file again does not start
the wait afresh; the wait left is saved, and runs again from the reopening (a clock turned
back changes nothing). What it protects against: a player at the table who reopens the game
to try again at once. It reveals nothing but what the curtain shows the whole room (a seat's
wrong tries), and it is not a lock on the file: a player can edit the count down, as they
can copy the file and guess offline, and against that only the key derivation's cost
stands (:mod:`.secret`).

>>> tries.succeeded(0)
>>> tries.failed(0); tries.failed(0); tries.failed(0); tries.failed(0)
0.0
0.0
0.0
2.0
>>> saved = tries.saved()
>>> saved
{0: (4, 2.0)}
>>> again = PinTries(clock=lambda: 500.0)
>>> again.restore(0, *saved[0])
>>> again.wrong(0), again.wait_left(0)
(4, 2.0)
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

    def saved(self) -> dict[int, tuple[int, float]]:
        """{seat: (wrong tries, seconds still to wait)} for the save file (seats with none left out)."""
        return {seat: (n, round(self.wait_left(seat), 1)) for seat, n in sorted(self._wrong.items()) if n}

    def restore(self, seat: int, wrong: int, wait: float) -> None:
        """A seat's count read from a file: its wait runs again from now."""
        if wrong > 0:
            self._wrong[seat] = wrong
            self._until[seat] = self.clock() + min(max(0.0, wait), MAX_WAIT)
