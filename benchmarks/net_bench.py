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
import multiprocessing
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
sys.path.insert(0, str(Path(__file__).resolve().parent))

from app.bots import decide  # noqa: E402
from app.engine import format_order, Game  # noqa: E402
from app.match import Match, Seat  # noqa: E402
from app.net.client import Client  # noqa: E402
from app.net.server import issue  # noqa: E402
from app.net.store import Store  # noqa: E402

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


def new_tables(db: Path, address: str, n: int, save: Path | None = None) -> list[list[str]]:
    """``n`` tables of seven seats (a new game, or the game saved in ``save``); each table's
    invitations in seat order. Made here, with the server's own store (as ``python -m app
    table new`` makes them), before the server starts."""
    store = Store(db)
    try:
        out = []
        for _ in range(n):
            match = table_match(save)
            table = store.add_table(match, "bench")
            out.append([str(issue(store, address, table, i)) for i in range(len(match.seats))])
        return out
    finally:
        store.close()


def table_match(save: Path | None) -> Match:
    seats = [Seat(name=n, nations=(n,)) for n in NATIONS]
    if save is None:
        return Match.new(seats=seats)
    grown = Match.from_game(Game.load(save), str(save))
    match = Match(grown.game, seats)
    match.provenance = grown.provenance         # grown so that nobody can win: it says so in its save
    return match


async def play_table(table_invitations: list[str], server: str, watchers: int, rounds: int, seed: int,
                     latencies: list[float], sent: list[int], sizes: list[int], save: Path | None = None,
                     adjudications: list[float] | None = None) -> bool:
    mirror = table_match(save)
    seats = [Client(invitation=inv) for inv in table_invitations]
    table = table_invitations[0].split("/")[3]
    lookers = [Client(server=server, table=table) for _ in range(watchers)]
    everyone = seats + lookers
    for c in everyone:
        c.start()
    n = -1
    base = len(mirror.game.submissions)         # a grown game has a history
    try:
        for c in everyone:
            await c.wait_for(lambda c: c.view is not None and c.view.submissions == base, 300)
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
                await c.wait_for(lambda c, k=len(mirror.pending(i)): len(c.view.pending) == k, 60)   # one order a unit
            for i in working[:-1]:
                await seats[i].done()
                await seats[i].wait_for(lambda c: c.view.done, 60)
            start = time.perf_counter()
            await seats[working[-1]].done()
            got = [asyncio.ensure_future(_timed(c, base + n + 1, start)) for c in everyone]
            latencies.extend(await asyncio.gather(*got))
            views = [f for f in seats[0].frames if f.startswith('{"v":1,"type":"view"')]
            sizes.append(len(views[-1].encode()))
            for i in working:
                mirror.end_turn(i)
            t = time.perf_counter()
            mirror.submit()             # the same adjudication the server ran: its share of the update
            if adjudications is not None:
                adjudications.append(time.perf_counter() - t)
        units = {u for b in lookers[0].view.boards for u in b["units"]} if lookers else set()
        mine = {f"{u.nation} {u.type} {u.loc}" for b in mirror.world.boards.values() for u in b.units.values()}
        return not lookers or units == mine
    except TimeoutError:
        lost = [(i, c.connections, c.status, [type(m).__name__ for m in c.messages[-3:]]) for i, c in enumerate(seats)]
        raise RuntimeError(f"table {table}, round {n}: a wait timed out; seats (connections, status, last "
                           f"messages): {lost}") from None
    finally:
        for c in everyone:
            await c.stop()


async def _timed(c: Client, submissions: int, start: float) -> float:
    await c.wait_for(lambda c: c.view.submissions == submissions, 120)
    return time.perf_counter() - start


def play_chunk(job: tuple) -> tuple[list[float], int, list[bool], float, list[int]]:
    """One client process's share of the tables: (latencies, orders sent, each table's
    watched world equal to its mirror, this process's CPU seconds, view frame sizes)."""
    chunk, address, watchers, rounds, seed, save = job
    latencies: list[float] = []
    sent = [0]
    sizes: list[int] = []
    adjudications: list[float] = []

    async def everything():
        return await asyncio.wait_for(asyncio.gather(*[
            play_table(inv, address, watchers, rounds, seed + k, latencies, sent, sizes, save, adjudications)
            for k, inv in chunk]), 1800)
    cpu = time.process_time()
    same = asyncio.run(everything())
    return latencies, sent[0], list(same), time.process_time() - cpu, sizes, adjudications


def server_cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tables", type=int, default=5)
    ap.add_argument("--watchers", type=int, default=2)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--clients", type=int, default=2, metavar="PROCESSES",
                    help="processes the clients are spread over (default 2: one process of 900 clients "
                         "and their mirrors measures itself more than the server)")
    ap.add_argument("--boards", type=int, default=None, metavar="N",
                    help="one game of at least N boards (benchmarks/grown.py) instead of new games")
    ap.add_argument("--profile", type=Path, default=None, metavar="FILE",
                    help="run the server under cProfile, its statistics written to FILE")
    args = ap.parse_args()
    save = None
    if args.boards is not None:
        from grown import grown_file
        save = grown_file(args.boards)
    folder = Path(tempfile.mkdtemp(prefix="net-bench-"))
    db, port = folder / "t.db", free_port()
    address = f"127.0.0.1:{port}"
    invitations = new_tables(db, address, args.tables, save)
    profile = ["-m", "cProfile", "-o", str(args.profile)] if args.profile else []
    proc = subprocess.Popen([sys.executable, *profile, "-m", "app", "serve", "--db", str(db), "--port", str(port)],
                            stdout=subprocess.PIPE, text=True)
    load_before = os.getloadavg()
    try:
        if not proc.stdout.readline():             # it listens (or it stopped: its error is above)
            raise SystemExit("net_bench: the server did not start")
        jobs = [([(k, inv) for k, inv in enumerate(invitations) if k % args.clients == j], address,
                 args.watchers, args.rounds, args.seed, save) for j in range(args.clients)]
        jobs = [j for j in jobs if j[0]]
        t = time.perf_counter()
        cpu0 = server_cpu_seconds(proc.pid)
        with multiprocessing.get_context("fork").Pool(len(jobs)) as pool:
            results = pool.map(play_chunk, jobs)
        took = time.perf_counter() - t
        server_cpu = server_cpu_seconds(proc.pid) - cpu0
        rss = peak_rss_mb(proc.pid)
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(120)
        proc.stdout.close()
    latencies = sorted(x for r in results for x in r[0])
    sent = sum(r[1] for r in results)
    same = [x for r in results for x in r[2]]
    sizes = [x for r in results for x in r[4]]
    q = statistics.quantiles(latencies, n=100) if len(latencies) > 1 else [latencies[0]] * 99
    print(f"{args.tables} tables x 7 seats + {args.watchers} watchers, {args.rounds} rounds"
          f"{f', a game of {args.boards}+ boards' if save else ''}, {took:.1f} s wall")
    print(f"update after the last done: p50 {q[49] * 1000:.0f} ms, p95 {q[94] * 1000:.0f} ms, "
          f"max {latencies[-1] * 1000:.0f} ms ({len(latencies)} updates)")
    adjudications = [x for r in results for x in r[5]]
    if save is not None:
        print(f"the adjudication alone (the same round, in this process): median "
              f"{statistics.median(adjudications) * 1000:.0f} ms, max {max(adjudications) * 1000:.0f} ms")
    if sizes:
        print(f"a seat's update frame: median {statistics.median(sizes) / 1024:.0f} KiB, "
              f"max {max(sizes) / 1024:.0f} KiB")
    print(f"orders sent {sent}; tables whose watched world differs from the mirror: {same.count(False)}")
    print(f"server: peak RSS {rss:.0f} MB, CPU {server_cpu:.1f} s; clients ({len(jobs)} processes): "
          f"CPU {sum(r[3] for r in results):.1f} s; load average {load_before[0]:.2f} before, "
          f"{os.getloadavg()[0]:.2f} after")
    for f in folder.iterdir():
        f.unlink()
    folder.rmdir()
    return 0 if all(same) else 1


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    sys.exit(main())
