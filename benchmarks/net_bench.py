"""Play across computers under load: N tables × 7 seat clients (+ watchers) on one server.

    python3 benchmarks/net_bench.py [--tables 5] [--watchers 2] [--rounds 5] [--seed 0]

The server runs in its own process (``python -m app serve`` on a free loopback port, a
fresh database); this process runs every client. Each round every seat sends random legal
orders for its nation (the Random computer player on a mirror of the table that this
process keeps by submitting the same orders: the game has no computer seat, so the mirror
and the server's game must stay equal), then ends its turn. Printed: the time from the
last seat's ``done`` to each client's new view (p50, p95, max), orders sent and lost
(the watcher's units compared with the mirror's), and the server's peak RSS (VmHWM).
It stops by itself: every wait is bounded, the server is stopped at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.bots import decide  # noqa: E402
from app.engine import format_order  # noqa: E402
from app.match import Match, Seat  # noqa: E402
from app.net.client import Client  # noqa: E402

NATIONS = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def new_tables(db: Path, address: str, n: int) -> list[list[str]]:
    """``n`` tables of seven seats; each table's invitations in seat order."""
    out = []
    for _ in range(n):
        args = [sys.executable, "-m", "app", "table", "--db", str(db), "--address", address, "new"]
        for nation in NATIONS:
            args += ["--seat", f"{nation}={nation}"]
        text = subprocess.run(args, capture_output=True, text=True, check=True, timeout=120).stdout
        out.append([line.split(": ")[-1] for line in text.splitlines()[1:]])
    return out


async def play_table(table_invitations: list[str], server: str, watchers: int, rounds: int, seed: int,
                     latencies: list[float], sent: list[int]) -> bool:
    mirror = Match.new(seats=[Seat(name=n, nations=(n,)) for n in NATIONS])
    seats = [Client(invitation=inv) for inv in table_invitations]
    table = table_invitations[0].split("/")[3]
    lookers = [Client(server=server, table=table) for _ in range(watchers)]
    everyone = seats + lookers
    for c in everyone:
        c.start()
    try:
        for c in everyone:
            await c.wait_for(lambda c: c.view is not None and c.view.submissions == 0, 60)
        for n in range(rounds):
            texts = {}
            working = [i for i in range(len(NATIONS)) if mirror.has_work(i)]   # a retreat: only some
            for i, nation in enumerate(NATIONS):
                if i in working:
                    orders = decide("random", mirror.world, nation, seed=seed * 1000 + n)
                    texts[i] = [format_order(mirror.add_order(o, i)) for o in orders]
            for i, c in enumerate(seats):
                if texts.get(i):
                    await c.orders(texts[i])
                sent[0] += len(texts.get(i, []))
            for i, c in enumerate(seats):
                await c.wait_for(lambda c, k=len(texts.get(i, [])): len(c.view.pending) == k, 60)
            for i in working[:-1]:
                await seats[i].done()
                await seats[i].wait_for(lambda c: c.view.done, 60)
            start = time.perf_counter()
            await seats[working[-1]].done()
            got = [asyncio.ensure_future(_timed(c, n + 1, start)) for c in everyone]
            latencies.extend(await asyncio.gather(*got))
            for i in working:
                mirror.end_turn(i)
            mirror.submit()
        units = {u for b in lookers[0].view.boards for u in b["units"]} if lookers else set()
        mine = {f"{u.nation} {u.type} {u.loc}" for b in mirror.world.boards.values() for u in b.units.values()}
        return not lookers or units == mine
    finally:
        for c in everyone:
            await c.stop()


async def _timed(c: Client, submissions: int, start: float) -> float:
    await c.wait_for(lambda c: c.view.submissions == submissions, 120)
    return time.perf_counter() - start


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tables", type=int, default=5)
    ap.add_argument("--watchers", type=int, default=2)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="net-bench-"))
    db, port = folder / "t.db", free_port()
    address = f"127.0.0.1:{port}"
    invitations = new_tables(db, address, args.tables)
    proc = subprocess.Popen([sys.executable, "-m", "app", "serve", "--db", str(db), "--port", str(port)],
                            stdout=subprocess.PIPE, text=True)
    try:
        proc.stdout.readline()                     # it listens
        latencies: list[float] = []
        sent = [0]

        async def everything():
            return await asyncio.wait_for(asyncio.gather(*[
                play_table(inv, address, args.watchers, args.rounds, args.seed + k, latencies, sent)
                for k, inv in enumerate(invitations)]), 1800)
        t = time.perf_counter()
        same = asyncio.run(everything())
        took = time.perf_counter() - t
        rss = peak_rss_mb(proc.pid)
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(60)
        proc.stdout.close()
    latencies.sort()
    q = statistics.quantiles(latencies, n=100)
    print(f"{args.tables} tables x 7 seats + {args.watchers} watchers, {args.rounds} rounds, {took:.1f} s")
    print(f"update after the last done: p50 {q[49] * 1000:.0f} ms, p95 {q[94] * 1000:.0f} ms, "
          f"max {latencies[-1] * 1000:.0f} ms ({len(latencies)} updates)")
    print(f"orders sent {sent[0]}; tables whose watched world differs from the mirror: {same.count(False)}")
    print(f"server peak RSS {rss:.0f} MB")
    for f in folder.iterdir():
        f.unlink()
    folder.rmdir()
    return 0 if all(same) else 1


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    sys.exit(main())
