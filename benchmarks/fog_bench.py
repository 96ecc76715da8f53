"""Fog of war timings: sight of a ~300-board world (RULES.md §8).

    python3 benchmarks/fog_bench.py              # grow a world of at least 300 boards, then time
    python3 benchmarks/fog_bench.py --boards 120 # another size

Prints, for strict and loose adjacency:
- every nation's sight of the whole world, cold (board cache emptied first) and warm;
- one board's sight (warm, and cold: the board and its neighbours not yet seen);
- a whole seat's fogged view (``app.match.fog.fogged_world``), cold and with its
  per-board memo warm (as after a submission, when most boards are shared).
Targets: every nation's sight ≤ 100 ms; one board well under 1 ms. Figures are medians.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.engine import visibility  # noqa: E402


def grow(boards: int, adjacency: str, seed: int):
    """A selfplay world of at least ``boards`` boards (no victory ends it early)."""
    from app.bots.selfplay import grow_world
    return grow_world(adjacency=adjacency, seed=seed, boards=boards, victory=False).world


def timed_ms(fn, repeat: int) -> tuple[float, float]:
    """(median, fastest) of ``repeat`` runs, in ms. On a shared machine the fastest run shows
    what the code costs; the median what it got."""
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times), min(times)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--boards", type=int, default=300)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--repeat", type=int, default=15)
    args = ap.parse_args(argv)
    rows = []
    for mode in ("strict", "loose"):
        t0 = time.perf_counter()
        world = grow(args.boards, mode, args.seed)
        grown = time.perf_counter() - t0
        nations = world.variant.nation_names
        keys = sorted(world.boards)

        def all_nations():
            for n in nations:
                visibility.sight(world, n)

        def cold_all():
            visibility.clear_cache()
            all_nations()

        cold = timed_ms(cold_all, max(3, args.repeat // 3))
        all_nations()
        warm = timed_ms(all_nations, args.repeat)
        mid = keys[len(keys) // 2]
        one_warm = tuple(t / len(nations) for t in timed_ms(
            lambda: [visibility.board_sight(world, n, mid) for n in nations], args.repeat * 20))

        def one_cold():
            visibility.clear_cache()
            visibility.board_sight(world, nations[0], mid)

        one_cold_ms = timed_ms(one_cold, args.repeat * 5)
        label = f"{mode}, {len(world.boards)} boards, {len(world.timelines)} timelines (grown in {grown:.1f} s)"
        rows.append((f"every nation's sight, cold [{mode}]", cold, "<= 100", cold[0] <= 100, label))
        rows.append((f"every nation's sight, warm [{mode}]", warm, "<= 100", warm[0] <= 100, label))
        rows.append((f"one board, one nation, warm [{mode}]", one_warm, "< 1", one_warm[0] < 1, label))
        rows.append((f"one board, one nation, cold [{mode}]", one_cold_ms, "< 1", one_cold_ms[0] < 1, label))
        from app.match import fog

        def view_cold():
            visibility.clear_cache()
            fog._VIEWS.clear()
            fog._BOARDS.clear()
            fog.fogged_world(world, [nations[0]])

        def view_new_world():   # after a submission: a new World sharing most boards
            fog._VIEWS.clear()
            fog.fogged_world(world, [nations[0]])

        cold_view = timed_ms(view_cold, max(3, args.repeat // 3))
        shared_view = timed_ms(view_new_world, args.repeat)
        rows.append((f"fogged_world, one seat, cold [{mode}]", cold_view, "-", True, label))
        rows.append((f"fogged_world, boards memoised [{mode}]", shared_view, "-", True, label))
    import os
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; times in ms")
    print(f"{'measure':42} {'median':>9} {'fastest':>9}  {'target':>7}  met  context")
    for name, (med, fast), target, met, ctx in rows:
        print(f"{name:42} {med:9.3f} {fast:9.3f}  {target:>7}  {'yes' if met else 'NO ':3}  {ctx}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
