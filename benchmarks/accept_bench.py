"""What accepting one seat's order costs the server, on worlds of 1, ~20 and 100+ boards.

    python3 benchmarks/accept_bench.py [--boards 1 20 120] [--repeat 5] [--tables 1] [--fog] [--profile FILE]

A world of N boards is the selfplay game grown by ``grown.py`` (the standard start for 1),
seven seats of one nation each, as the server's table has. For every seat the Random
computer player writes legal orders on a mirror; each order's text is then given to the
table's :meth:`Match.add_text` (the server's path: read the notation, check, keep pending),
and the time per accepted order is printed (the median of ``--repeat`` passes, each with new
random orders, with CPU time). ``--tables N``: N copies of the table take turns order by
order, as clients' messages interleave on a server. ``--fog``: each pass also makes every
seat's fogged view once (new tables each pass), as a server does once a round anyway.
``--profile FILE`` writes cProfile statistics; this path is many small calls, and cProfile
makes it look several times dearer than it is (about 20 µs an order read as 120-150 µs).
"""

from __future__ import annotations

import argparse
import cProfile
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from app.bots import decide  # noqa: E402
from app.engine import format_order, Game  # noqa: E402
from app.match import Match, Seat  # noqa: E402

NATIONS = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")


def table(boards: int) -> Match:
    seats = [Seat(name=n, nations=(n,)) for n in NATIONS]
    if boards <= 1:
        return Match.new(seats=seats)
    from grown import grown_file
    game = Game.load(grown_file(boards))
    return Match(Match.from_game(game, "bench").game, seats)


def texts_for(match: Match, seed: int) -> list[tuple[int, str]]:
    mirror = Match(match.game, match.seats)
    out = []
    for i, nation in enumerate(NATIONS):
        for o in decide("random", mirror.world, nation, seed=seed * 10 + i):
            out.append((i, format_order(mirror.add_order(o, i))))
    return out


def one_pass(boards: int, texts: list[tuple[int, str]], tables: int, fog: bool) -> tuple[float, float, int]:
    """Every text given to each of ``tables`` tables (each its own copy of the game, as a
    server holds them), the tables taking turns order by order (as clients' messages
    interleave on a server)."""
    matches = [Match(table(boards).game, [Seat(name=n, nations=(n,)) for n in NATIONS], fog=fog)
               for _ in range(tables)]
    wall, cpu = time.perf_counter(), time.process_time()
    for seat, text in texts:
        for match in matches:
            match.add_text(text, seat)
    return time.perf_counter() - wall, time.process_time() - cpu, len(texts) * tables


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--boards", type=int, nargs="+", default=[1, 20, 120])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--tables", type=int, default=1, help="tables taking turns (as on a server)")
    ap.add_argument("--fog", action="store_true", help="fog of war at every table")
    ap.add_argument("--profile", type=Path, default=None, metavar="FILE")
    args = ap.parse_args()
    for boards in args.boards:
        m = table(boards)
        prof = cProfile.Profile() if args.profile else None
        passes = []
        for r in range(args.repeat):
            texts = texts_for(m, seed=r)          # new orders each pass: nothing read before
            if prof:
                prof.enable()
            passes.append(one_pass(boards, texts, args.tables, args.fog))
            if prof:
                prof.disable()
        wall, cpu, n = sorted(passes)[len(passes) // 2]
        print(f"{'fog ' if args.fog else ''}{args.tables} table(s) {len(m.world.boards):6d} boards  {n:5d} orders  {wall / n * 1e6:8.1f} µs/order wall  "
              f"{cpu / n * 1e6:8.1f} µs/order CPU", flush=True)
        if prof:
            prof.dump_stats(f"{args.profile}.{boards}")


if __name__ == "__main__":
    main()
