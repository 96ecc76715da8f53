"""Fog of war timings: sight of a ~300-board world (RULES.md §8).

    python3 benchmarks/fog_bench.py              # grow a world of at least 300 boards, then time
    python3 benchmarks/fog_bench.py --boards 120 # another size

Prints, for strict and loose adjacency:
- every nation's sight of the whole world, cold (board cache emptied first) and warm;
- one board's sight (warm, and cold: the board and its neighbours not yet seen);
- a whole seat's fogged view (``app.match.fog.fogged_world``) when it exists.
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


def median_ms(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


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

        cold = median_ms(cold_all, max(3, args.repeat // 3))
        all_nations()
        warm = median_ms(all_nations, args.repeat)
        mid = keys[len(keys) // 2]
        one_warm = median_ms(lambda: [visibility.board_sight(world, n, mid) for n in nations], args.repeat * 20) / len(nations)

        def one_cold():
            visibility.clear_cache()
            visibility.board_sight(world, nations[0], mid)

        one_cold_ms = median_ms(one_cold, args.repeat * 5)
        label = f"{mode}, {len(world.boards)} boards, {len(world.timelines)} timelines (grown in {grown:.1f} s)"
        rows.append((f"every nation's sight, cold [{mode}]", cold, "ms", "<= 100", cold <= 100, label))
        rows.append((f"every nation's sight, warm [{mode}]", warm, "ms", "<= 100", warm <= 100, label))
        rows.append((f"one board, one nation, warm [{mode}]", one_warm, "ms", "< 1", one_warm < 1, label))
        rows.append((f"one board, one nation, cold [{mode}]", one_cold_ms, "ms", "< 1", one_cold_ms < 1, label))
        try:
            from app.match.fog import fogged_world
        except ImportError:
            continue
        fog_ms = median_ms(lambda: fogged_world(world, [nations[0]]), max(3, args.repeat // 3))
        rows.append((f"fogged_world, one seat [{mode}]", fog_ms, "ms", "-", True, label))
    print(f"{'measure':42} {'value':>10}  {'target':>8}  met  context")
    for name, value, unit, target, met, ctx in rows:
        print(f"{name:42} {value:8.3f} {unit}  {target:>8}  {'yes' if met else 'NO ':3}  {ctx}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
