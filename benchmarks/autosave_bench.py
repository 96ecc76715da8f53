"""What an autosave costs the GUI thread, and what the worker does, on grown worlds.

    python3 benchmarks/autosave_bench.py [--boards 300 1000 2000]

Prints per world size (medians of 5): the GUI thread's part (taking the snapshot), the
worker's part (serialising to one string, writing atomically), and for comparison the old
synchronous save (``Game.save``: a streaming json.dump on the GUI thread).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.bots.selfplay import grow_world  # noqa: E402
from app.match import Match  # noqa: E402
from app.match.storage import snapshot, write_text_atomic  # noqa: E402


def median_ms(fn, n: int = 5) -> float:
    times = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--boards", type=int, nargs="+", default=[300, 1000, 2000])
    args = p.parse_args(argv)
    print(f"{'boards':>7} {'GUI: snapshot':>14} {'worker: to text':>16} {'worker: write':>14} {'old sync save':>14}")
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "auto.json"
        for n in args.boards:
            game = grow_world(seed=1, boards=n, victory=False)
            match = Match(game)
            key = game.world.active_boards()[0]
            unit = next(iter(game.world.boards[key].units.values()))
            if game.world.phase == "movement" and key.turn.is_movement:
                match.add_text(f"{unit.nation}: {unit.type} {key.timeline}:{unit.loc}:{key.turn} H")
            snap_ms = median_ms(lambda: snapshot(match))
            snap = snapshot(match)
            text = snap.to_text()
            text_ms = median_ms(snap.to_text)
            write_ms = median_ms(lambda: write_text_atomic(path, text))
            old_ms = median_ms(lambda: game.save(path))
            print(f"{len(game.world.boards):>7} {snap_ms:>11.2f} ms {text_ms:>13.1f} ms {write_ms:>11.1f} ms {old_ms:>11.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
