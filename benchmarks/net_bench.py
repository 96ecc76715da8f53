"""Play across computers under load: N tables × 7 seat clients (+ watchers) on one server.

    python3 benchmarks/net_bench.py [--tables 5] [--watchers 2] [--rounds 5] [--seed 0]

First, before the server starts, each table's game is played here to its end (in a pool of
processes): every round, every seat with work orders its nation at random (the Random
computer player, seeded by the table and the round), and the round is adjudicated. What is
kept of it is a script (each round's order texts per seat, which seats have work, the
pending orders each seat must then hold, the orders the round adjudicates) and the final
world (every board's units and centres). The game has no computer seat, so the server,
given the same orders, must play the same game.

Then the server runs in its own process (``python -m app serve`` on a free loopback port, a
fresh database), and client processes run the real :class:`app.net.client.Client` (real
WebSockets, the real protocol): each seat sends its script's orders, waits until its
pending orders are what the script says, and ends its turn; the timed clients do nothing
else while the game runs (no adjudication, no bot, no bookkeeping of their own). Timed:
from the last seat's ``done`` to each client's new view (p50, p95, max).

Checked once every table has ended (outside the timing): every client's own views (seats
and watchers) show, round by round, exactly the orders the seats held when they ended their
turn (those sent; a second order for one unit replaces the first, as at a hotseat table):
none lost, none twice, counting the orders newly adjudicated on its boards (a retreat
round's orders are not shown in a view, so those rounds are checked through the world);
its last view counts every round, and its world is the script's final world, board by
board. Printed: those counts, the server's CPU and peak RSS (VmHWM), the client processes'
CPU, and the time the scripts took to make. The client processes' cyclic garbage collector
is off while the tables play (:func:`play_chunk` says why; ``--client-gc`` leaves it on).
It stops by itself: every wait is bounded, the server is stopped at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import multiprocessing
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from app.bots import decide  # noqa: E402
from app.engine import format_order, Game, World  # noqa: E402
from app.match import Match, Seat  # noqa: E402
from app.net.client import Client  # noqa: E402
from app.net.server import issue  # noqa: E402
from app.net.store import Store  # noqa: E402

NATIONS = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")


@dataclass(frozen=True)
class ScriptRound:
    working: tuple[int, ...]                # the seats with work (a retreat: only some)
    orders: tuple[tuple[str, ...], ...]     # each seat's order texts, as sent
    pending: tuple[int, ...]                # each seat's pending orders once they are in
    adjudicated: tuple[str, ...]            # the orders the round adjudicates (sorted): those the seats held
                                            # once their orders were in (one a unit: a second replaces the first)
    retreats: bool                          # a retreat round: a view does not show its orders


@dataclass(frozen=True)
class Script:
    """One table's game, played before the server starts."""
    base: int                               # submissions before the first round (a grown game has a history)
    rounds: tuple[ScriptRound, ...]
    world: tuple[tuple[str, tuple[str, ...], tuple[tuple[str, str], ...]], ...]   # each board: units, centres
    adjudication: tuple[float, ...]         # seconds each round's adjudication took here


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


# -- the scripts: each table's game, played before the server starts -------------------------
def make_script(job: tuple[int, int, Path | None]) -> Script:
    """Table ``seed``'s game of ``rounds`` rounds: each seat's random legal orders, adjudicated here."""
    seed, rounds, save = job
    match = table_match(save)
    base = len(match.game.submissions)
    out, took = [], []
    for n in range(rounds):
        retreats = match.world.phase == "retreats"
        working = tuple(i for i in range(len(NATIONS)) if match.has_work(i))
        orders = []
        for i, nation in enumerate(NATIONS):
            chosen = decide("random", match.world, nation, seed=seed * 1000 + n) if i in working else []
            orders.append(tuple(format_order(match.add_order(o, i)) for o in chosen))
        held = [format_order(o) for i in range(len(NATIONS)) for o in match.pending(i)]
        pending = tuple(len(match.pending(i)) for i in range(len(NATIONS)))
        before = match.world.orders
        for i in working:
            match.end_turn(i)
        t = time.perf_counter()
        match.submit()
        took.append(time.perf_counter() - t)
        adjudicated = tuple(sorted(newly_adjudicated(before, match.world)))
        if not retreats and adjudicated != tuple(sorted(held)):
            raise RuntimeError(f"table {seed}, round {n}: the orders adjudicated are not the orders the seats "
                               "held: the views could not be checked against what was sent")
        out.append(ScriptRound(working, tuple(orders), pending, adjudicated, retreats))
    return Script(base, tuple(out), world_of(match.world), tuple(took))


def newly_adjudicated(before, world: World) -> list[str]:
    """The orders on boards whose orders the round set (a board's orders are set once, when it is adjudicated)."""
    return [format_order(o) for key, orders in world.orders.items() if before.get(key) is not orders for o in orders]


def world_of(world: World) -> tuple:
    return tuple(sorted((f"{key.timeline}:{key.turn}", tuple(sorted(str(u) for u in board.units.values())),
                         tuple(sorted(board.centres.items())))
                        for key, board in world.boards.items()))


def make_scripts(tables: int, rounds: int, seed: int, save: Path | None, processes: int) -> list[Script]:
    jobs = [(seed + k, rounds, save) for k in range(tables)]
    with multiprocessing.get_context("fork").Pool(processes) as pool:
        return pool.map(make_script, jobs)


# -- the timed clients: they send the scripts and wait, nothing else ----------------------------
async def play_table(table_invitations: list[str], server: str, watchers: int, script: Script,
                     latencies: list[float]) -> list[Client]:
    seats = [Client(invitation=inv) for inv in table_invitations]
    table = table_invitations[0].split("/")[3]
    lookers = [Client(server=server, table=table) for _ in range(watchers)]
    everyone = seats + lookers
    for c in everyone:
        c.start()
    n = -1
    base = script.base
    try:
        await asyncio.gather(*[c.wait_for(lambda c: c.view is not None and c.view.submissions == base, 300)
                               for c in everyone])
        for n, rnd in enumerate(script.rounds):
            for i in rnd.working:
                if rnd.orders[i]:
                    await seats[i].orders(list(rnd.orders[i]))
            await asyncio.gather(*[c.wait_for(lambda c, k=rnd.pending[i]: len(c.view.pending) == k, 60)
                                   for i, c in enumerate(seats)])     # every order accepted (one a unit)
            for i in rnd.working[:-1]:
                await seats[i].done()
            await asyncio.gather(*[seats[i].wait_for(lambda c: c.view.done, 60) for i in rnd.working[:-1]])
            start = time.perf_counter()
            await seats[rnd.working[-1]].done()
            latencies.extend(await asyncio.gather(*[_timed(c, base + n + 1, start) for c in everyone]))
        return everyone
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


# -- the checks, once the tables have ended -----------------------------------------------------
@dataclass(frozen=True)
class Checked:
    lost: int               # orders sent that a client's views never showed adjudicated
    twice: int              # orders a client's views showed adjudicated more often than sent
    rounds_missing: int     # rounds a client's last view does not count
    worlds_differing: int   # clients whose world is not the script's


def check_client(c: Client, script: Script) -> Checked:
    """What one client received, against the script: per round, the orders its views newly
    show adjudicated (a board's orders, seen for the first time) are the round's orders."""
    shown: dict[int, Counter] = {}
    seen: set[tuple[str, int, str]] = set()
    for m in c.messages:
        if type(m).__name__ != "View":
            continue
        got = shown.setdefault(m.submissions, Counter())
        for b in m.boards:
            for k, (text, _status) in enumerate(b["orders"]):
                if (b["board"], k, text) not in seen:
                    seen.add((b["board"], k, text))
                    got[text] += 1
    lost = twice = 0
    for n, rnd in enumerate(script.rounds):
        if rnd.retreats:
            continue
        want, got = Counter(rnd.adjudicated), shown.get(script.base + n + 1, Counter())
        lost += sum((want - got).values())
        twice += sum((got - want).values())
    missing = script.base + len(script.rounds) - c.view.submissions
    world = tuple(sorted((b["board"], tuple(b["units"]), tuple(sorted(b["centres"].items()))) for b in c.view.boards))
    return Checked(lost, twice, abs(missing), int(world != script.world))


def play_chunk(job: tuple) -> tuple:
    """One client process's share of the tables: (latencies, this process's CPU seconds while
    the tables played, each client's :class:`Checked`, a seat's update frame sizes).

    Unless ``client_gc``, the process's cyclic garbage collector is off while the tables
    play: one process holds hundreds of clients, each keeping every message it received
    (for the checks), gigabytes a process, and the collector's full passes over all of it
    stopped every client of the process for up to 3 s at a time (a real client holds one
    seat's messages). Measured with it on: ``--client-gc``."""
    chunk, address, watchers, client_gc = job
    latencies: list[float] = []

    async def everything():
        return await asyncio.wait_for(asyncio.gather(*[
            play_table(inv, address, watchers, script, latencies) for inv, script in chunk]), 1800)
    if not client_gc:
        gc.collect()
        gc.disable()
    cpu = time.process_time()
    clients = asyncio.run(everything())
    cpu = time.process_time() - cpu
    gc.enable()
    checked = [check_client(c, script) for table, (_, script) in zip(clients, chunk) for c in table]
    views = [[f for f in table[0].frames if f.startswith('{"v":1,"type":"view"')] for table in clients]
    sizes = [len(f.encode()) for frames in views for f in frames[1:]]     # a seat's updates (its first: the whole world)
    return latencies, cpu, checked, sizes


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
                    help="processes the clients are spread over (default 2)")
    ap.add_argument("--boards", type=int, default=None, metavar="N",
                    help="one game of at least N boards (benchmarks/grown.py) instead of new games")
    ap.add_argument("--client-gc", action="store_true",
                    help="leave the client processes' cyclic garbage collector on while the tables play")
    ap.add_argument("--profile", type=Path, default=None, metavar="FILE",
                    help="run the server under cProfile, its statistics written to FILE")
    args = ap.parse_args()
    save = None
    if args.boards is not None:
        from grown import grown_file
        save = grown_file(args.boards)
    t = time.perf_counter()
    scripts = make_scripts(args.tables, args.rounds, args.seed, save, max(1, min(args.clients, os.cpu_count() or 1)))
    scripted = time.perf_counter() - t
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
        tables = list(zip(invitations, scripts))
        jobs = [(tables[j::args.clients], address, args.watchers, args.client_gc) for j in range(args.clients)]
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
    checked = [x for r in results for x in r[2]]
    sizes = [x for r in results for x in r[3]]
    q = statistics.quantiles(latencies, n=100) if len(latencies) > 1 else [latencies[0]] * 99
    print(f"{args.tables} tables x 7 seats + {args.watchers} watchers, {args.rounds} rounds"
          f"{f', a game of {args.boards}+ boards' if save else ''}, {took:.1f} s wall")
    print(f"update after the last done: p50 {q[49] * 1000:.0f} ms, p95 {q[94] * 1000:.0f} ms, "
          f"max {latencies[-1] * 1000:.0f} ms ({len(latencies)} updates)")
    if save is not None:
        adjudications = [x for s in scripts for x in s.adjudication]
        print(f"the adjudication alone (the same rounds, played before the server started): median "
              f"{statistics.median(adjudications) * 1000:.0f} ms, max {max(adjudications) * 1000:.0f} ms")
    if sizes:
        print(f"a seat's update frame: median {statistics.median(sizes) / 1024:.0f} KiB, "
              f"max {max(sizes) / 1024:.0f} KiB")
    sent = sum(len(o) for s in scripts for r in s.rounds for o in r.orders)
    retreat = sum(len(o) for s in scripts for r in s.rounds if r.retreats for o in r.orders)
    lost, twice = sum(c.lost for c in checked), sum(c.twice for c in checked)
    print(f"orders sent {sent} ({retreat} of them retreats, checked through the world); over {len(checked)} "
          f"clients' views: lost {lost}, twice {twice}, rounds missing {sum(c.rounds_missing for c in checked)}, "
          f"worlds differing from the script {sum(c.worlds_differing for c in checked)}")
    print(f"server: peak RSS {rss:.0f} MB, CPU {server_cpu:.1f} s; clients ({len(jobs)} processes"
          f"{', collector on' if args.client_gc else ''}): CPU {sum(r[1] for r in results):.1f} s; "
          f"scripts made before: {scripted:.1f} s wall; "
          f"load average {load_before[0]:.2f} before, {os.getloadavg()[0]:.2f} after")
    for f in folder.iterdir():
        f.unlink()
    folder.rmdir()
    return 0 if not any(c.lost or c.twice or c.rounds_missing or c.worlds_differing for c in checked) else 1


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    sys.exit(main())
