"""The server's worker thread does a round's adjudication before any save waiting with it."""

import asyncio
import threading

import pytest

from app.net.worker import LATER, URGENT, Worker


def test_urgent_work_goes_before_work_that_came_earlier_and_order_holds_within_each():
    worker = Worker()
    busy, done = threading.Event(), []

    async def play():
        first = asyncio.ensure_future(worker.run(URGENT, busy.wait, 60))     # holds the thread
        await asyncio.sleep(0)
        later = [asyncio.ensure_future(worker.run(LATER, done.append, f"save {i}")) for i in range(2)]
        urgent = [asyncio.ensure_future(worker.run(URGENT, done.append, f"round {i}")) for i in range(2)]
        await asyncio.sleep(0)          # all four are queued behind the first
        busy.set()
        await asyncio.gather(first, *later, *urgent)
    try:
        asyncio.run(asyncio.wait_for(play(), 60))
    finally:
        worker.stop()
    assert done == ["round 0", "round 1", "save 0", "save 1"]


def test_an_error_in_the_work_reaches_the_one_waiting_for_it():
    worker = Worker()

    async def play():
        await worker.run(URGENT, int, "not a number")
    try:
        with pytest.raises(ValueError):
            asyncio.run(asyncio.wait_for(play(), 60))
    finally:
        worker.stop()
