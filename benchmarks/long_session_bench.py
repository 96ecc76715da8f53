"""Memory over a long session (issue 17): the resident set must stay near that of the game
opened fresh, however long the session.

    python3 benchmarks/long_session_bench.py                      # both parts, ~10 min
    python3 benchmarks/long_session_bench.py --submissions 300 --cycles 200   # a quick look
    python3 benchmarks/long_session_bench.py --baseline 974f8ae   # and an older revision

(1) A long session, in one process, no window: a fogged sandbox match from the standard
start, 2,000 submissions of selfplay orders (``random_orders`` without time travel, so the
world grows by a board a submission, as the long hotseat game of issue 17 did: 2,100
submissions, 2,058 boards), a fogged view for two seats after each, every fifth submission undone, every tenth undo redone, the game
saved every 50 submissions. Then the same game is opened fresh in a new process and the
same two views are made. Printed: the peak resident set (VmHWM) of each, and their ratio.
Target: session / fresh <= 1.5.

(2) 2,000 fog undo cycles on the ~300-board selfplay world (``benchmarks/grown.py``): submit
selfplay orders, save, the fogged views of two seats, undo. Printed: the resident set after
the first 100 cycles and at the end, and the growth. Target <= 10%.

Each part runs in a fresh process per revision; wall and CPU time and the load average are
printed beside the figures.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from grown import STATUS, grown_file, load_average, revisions, run_script as run  # noqa: E402

COMMON = STATUS + r"""
import gc, json, os, random, sys, tempfile, time
try:
    from app.engine import Game, load_variant
except ImportError:   # a revision before the engine had its public face (--baseline)
    from app.engine.game import Game
    from app.engine.variant import load_variant
from app.bots.selfplay import random_orders
from app.match.match import Match, Round
from app.match.fog import fogged_world
load_variant("standard").victory_centres = 10 ** 6   # nobody wins: the session goes on
SEATS = [("England",), ("France", "Germany")]
def views(world):
    for seat in SEATS:
        fogged_world(world, seat)
def submit(m, rng, travel):
    rnd = Round(m.world, random_orders(m.world, rng, travel, 1))
    rnd.run()
    m.commit(rnd)
w0, c0 = time.perf_counter(), time.process_time()
"""

SESSION = COMMON + r"""
n, out = int(sys.argv[1]), sys.argv[2]
m = Match.new(fog=True)
rng = random.Random(11)
undos = 0
for i in range(1, n + 1):
    submit(m, rng, 0.0)
    views(m.world)
    if i % 5 == 0:
        m.undo(); undos += 1
        views(m.world)
        if undos % 10 == 0:
            m.redo()
            views(m.world)
    if i % 50 == 0:
        m.game.save(out)
m.game.save(out)
rss, peak = status()
print(json.dumps({"rss": rss, "peak": peak, "boards": len(m.world.boards), "submissions": len(m.game.submissions),
                  "wall": time.perf_counter() - w0, "cpu": time.process_time() - c0}))
"""

FRESH = COMMON + r"""
g = Game.load(sys.argv[1])
m = Match(g, fog=True)
views(m.world)
rss, peak = status()
print(json.dumps({"rss": rss, "peak": peak, "boards": len(m.world.boards),
                  "wall": time.perf_counter() - w0, "cpu": time.process_time() - c0}))
"""

CYCLES = COMMON + r"""
path, n = sys.argv[1], int(sys.argv[2])
m = Match(Game.load(path), fog=True)
rng = random.Random(5)
tmp = os.path.join(tempfile.mkdtemp(), "cycle.json")
marks = {}
for i in range(1, n + 1):
    submit(m, rng, 0.3)
    m.game.save(tmp)
    views(m.world)
    m.undo()
    if i in (min(100, n), n // 2, n):
        gc.collect()
        marks[i] = status()[0]
rss, peak = status()
print(json.dumps({"marks": marks, "peak": peak, "boards": len(m.world.boards),
                  "wall": time.perf_counter() - w0, "cpu": time.process_time() - c0}))
"""


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--submissions", type=int, default=2000)
    ap.add_argument("--cycles", type=int, default=2000)
    ap.add_argument("--baseline", metavar="REV", help="also run this git revision")
    args = ap.parse_args(argv)
    print(f"{load_average()} at the start")
    with tempfile.TemporaryDirectory() as d:
        codes = revisions(args.baseline, Path(d) / "code")
        for label, root, tag in codes:
            print(f"\n== {label}")
            if args.submissions:
                saved = str(Path(d) / f"session-{tag or 'this'}.json")
                s = run(SESSION, [str(args.submissions), saved], root)
                if "error" in s:
                    print(f"(1) error: {s['error']}")
                else:
                    f = run(FRESH, [saved], root)
                    print(f"(1) {s['submissions']} submissions kept ({args.submissions} made), {s['boards']} boards: "
                          f"session peak {s['peak']:.0f} MB (RSS at the end {s['rss']:.0f} MB; "
                          f"{s['wall']:.0f} s wall, {s['cpu']:.0f} s CPU)")
                    if "error" in f:
                        print(f"    fresh: error: {f['error']}")
                    else:
                        print(f"    the same game opened fresh, two fogged views: peak {f['peak']:.0f} MB "
                              f"({f['wall']:.1f} s wall, {f['cpu']:.1f} s CPU)")
                        print(f"    session / fresh: {s['peak'] / f['peak']:.2f}x (target <= 1.5x)")
            if args.cycles:
                c = run(CYCLES, [str(grown_file(300, root=root, tag=tag)), str(args.cycles)], root)
                if "error" in c:
                    print(f"(2) error: {c['error']}")
                else:
                    marks = {int(k): v for k, v in c["marks"].items()}
                    first, last = marks[min(marks)], marks[max(marks)]
                    steps = ", ".join(f"after {i}: {v:.0f} MB" for i, v in sorted(marks.items()))
                    print(f"(2) {args.cycles} fog undo cycles on {c['boards']} boards: RSS {steps}; "
                          f"growth {100 * (last / first - 1):+.1f}% (target <= 10%); peak {c['peak']:.0f} MB "
                          f"({c['wall']:.0f} s wall, {c['cpu']:.0f} s CPU)")
    print(f"\n{load_average()} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
