"""Where the server runs a table's round without computer seats (app.net.rounds): a quick
one on the event loop, a long one (or the table's first) on the worker thread. Real rounds
of a real match, adjudicated by the engine; only the thread each ran on is recorded."""

import asyncio
import threading
import time

from app.match import Match, Seat
from app.net.rounds import INLINE_SECONDS, Rounds


class Recorded:
    """A match's round, recording the thread it ran on (and, ``heavy``, taking more
    processor time than a quick round may)."""

    def __init__(self, match: Match, heavy: bool = False):
        for i in range(len(match.seats)):
            match.end_turn(i)
        self.match, self.rnd, self.heavy = match, match.prepare(), heavy
        self.computer = self.rnd.computer
        self.thread: str | None = None

    def run(self) -> None:
        self.thread = threading.current_thread().name
        start = time.thread_time()
        self.rnd.run()
        while self.heavy and time.thread_time() - start < 2 * INLINE_SECONDS:
            pass

    def commit(self) -> None:
        self.match.commit(self.rnd)


def _match() -> Match:
    return Match.new(seats=[Seat(name="Ada", nations=("England", "France", "Germany")),
                            Seat(name="Ben", nations=("Austria", "Italy", "Russia", "Turkey"))])


def test_a_table_s_first_round_goes_to_the_worker_then_quick_rounds_run_on_the_loop_long_ones_on_the_worker():
    rounds = Rounds()
    m = _match()
    places = []

    async def play():
        loop = threading.current_thread().name
        for heavy in (False, False, True, False):
            r = Recorded(m, heavy)
            await rounds.adjudicate("t", r)
            r.commit()
            places.append("loop" if r.thread == loop else r.thread)
    try:
        asyncio.run(asyncio.wait_for(play(), 60))
    finally:
        rounds.stop()
    assert places == ["rounds", "loop", "loop", "rounds"]
    assert len(m.game.submissions) == 4


def test_each_table_is_judged_by_its_own_last_round():
    rounds = Rounds()
    a, b = _match(), _match()
    places = []

    async def play():
        for table, match in (("a", a), ("a", a), ("b", b)):
            r = Recorded(match)
            await rounds.adjudicate(table, r)
            r.commit()
            places.append(r.thread)
    try:
        asyncio.run(asyncio.wait_for(play(), 60))
    finally:
        rounds.stop()
    assert places[0] == "rounds" and places[1] != "rounds" and places[2] == "rounds"
