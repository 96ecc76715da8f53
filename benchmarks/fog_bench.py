"""Fog of war timings on big worlds (RULES.md §8): sight and a seat's fogged world.

    python3 benchmarks/fog_bench.py                           # 300, 2000 and 10,000 boards
    python3 benchmarks/fog_bench.py --sizes 2000 --repeat 9   # one size, more repeats
    python3 benchmarks/fog_bench.py --baseline 974f8ae        # and an older revision, side by side

Worlds: ``python -m app selfplay --boards N --no-victory --seed 7`` (``benchmarks/grown.py``,
cached; strict adjacency), plus a 300-board world grown here in loose adjacency. Each size
and revision is measured in a fresh process. Timed, every figure the median of
``--repeat`` runs, wall and CPU time of the thread (the collector off):

- every nation's sight (``visibility.sight(world, nation)`` for all seven), cold (every
  fog cache emptied first), warm (the same world again), and for the next world (one
  submission of selfplay orders later, the world before it seen warm);
- one board's sight for one nation, warm and cold;
- a seat's fogged world (``app.match.fog.fogged_world(world, [nation])``): cold; after a
  submission (the seat's view of the world before it made); after an undo (the world
  before the submission rebuilt by the history index, a new object, while the view of the
  submission's world was the last made).

Targets (issue 24), at 2000 boards: every nation's sight <= 20 ms warm and <= 60 ms
cold; a seat's fogged world after a submission <= 50 ms.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from grown import grown_file, load_average, revisions, run_script  # noqa: E402

# Runs in a fresh process per world and revision: only API every revision has.
MEASURE = r"""
import gc, json, random, statistics, sys, time
try:
    from app.engine import Game, load_variant, submit
    from app.engine.fog import visibility
except ImportError:   # a revision before the engine had its public face (--baseline)
    from app.engine import visibility
    from app.engine.game import Game
    from app.engine.submission import submit
    from app.engine.variant import load_variant
from app.bots.selfplay import grow_world, random_orders
from app.match import fog
load_variant("standard").victory_centres = 10 ** 6
path, repeat = sys.argv[1], int(sys.argv[2])
if path.startswith("loose:"):
    game = grow_world(adjacency="loose", seed=3, boards=int(path[6:]), victory=False)
else:
    game = Game.load(path)
world = game.world
nations = world.variant.nation_names
rng = random.Random(7)
orders = random_orders(world, rng)
after = submit(world, orders).world
game.redo(tuple(orders), after)
rebuilt = game.index.step_back(after, len(game.submissions))   # the world before, as an undo makes it

def clear():
    visibility.clear_cache()
    if hasattr(fog, "clear_cache"):
        fog.clear_cache()
    else:
        fog._VIEWS.clear(); fog._BOARDS.clear()

def timed(fn, prepare=None):
    walls, cpus = [], []
    for _ in range(repeat):
        if prepare:
            prepare()
        gc.disable()
        w0, c0 = time.perf_counter(), time.thread_time()
        fn()
        cpus.append((time.thread_time() - c0) * 1000); walls.append((time.perf_counter() - w0) * 1000)
        gc.enable()
    return [statistics.median(walls), statistics.median(cpus)]

def every(w):
    for n in nations:
        visibility.sight(w, n)

mid = sorted(world.boards)[len(world.boards) // 2]
out = {"boards": len(world.boards), "timelines": len(world.timelines), "adjacency": world.adjacency}
out["sight_cold"] = timed(lambda: every(world), clear)
out["sight_warm"] = timed(lambda: every(world), lambda: every(world))
out["sight_next"] = timed(lambda: every(after), lambda: (clear(), every(world)))
out["board_warm"] = timed(lambda: [visibility.board_sight(world, n, mid) for n in nations],
                          lambda: [visibility.board_sight(world, n, mid) for n in nations])
out["board_cold"] = timed(lambda: visibility.board_sight(world, nations[0], mid), clear)
seat = [nations[0]]
out["view_cold"] = timed(lambda: fog.fogged_world(world, seat), clear)
out["view_next"] = timed(lambda: fog.fogged_world(after, seat), lambda: (clear(), fog.fogged_world(world, seat)))
out["view_undo"] = timed(lambda: fog.fogged_world(rebuilt, seat),
                         lambda: (clear(), fog.fogged_world(world, seat), fog.fogged_world(after, seat)))
print(json.dumps(out))
"""

ROWS = [("sight_cold", "every nation's sight, cold", 60), ("sight_warm", "every nation's sight, warm", 20),
        ("sight_next", "every nation's sight, next world", 20),
        ("board_warm", "one board, every nation, warm", None), ("board_cold", "one board, one nation, cold", None),
        ("view_cold", "fogged_world, one seat, cold", None), ("view_next", "fogged_world after a submission", 50),
        ("view_undo", "fogged_world after an undo", 50)]


def measure(what: str, root: Path, repeat: int) -> dict:
    return run_script(MEASURE, [what, str(repeat)], root)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[300, 2000, 10000])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--loose", type=int, default=300, help="boards of the loose-adjacency world (0: none)")
    ap.add_argument("--baseline", metavar="REV", help="also time this git revision, side by side")
    args = ap.parse_args(argv)
    print(f"{load_average()} at the start")
    with tempfile.TemporaryDirectory() as d:
        codes = revisions(args.baseline, Path(d))
        results = []
        for n in args.sizes:
            for label, root, tag in codes:
                results.append((label, measure(str(grown_file(n, root=root, tag=tag)), root, args.repeat)))
        if args.loose:
            for label, root, _ in codes:
                results.append((label, measure(f"loose:{args.loose}", root, args.repeat)))
    print("times in ms, wall / CPU (medians)")
    print(f"{'world':<30} {'code':<10}" + "".join(f"{title[:26]:>28}" for _, title, _ in ROWS))
    for label, r in results:
        if "error" in r:
            print(f"{'?':<30} {label:<10} error: {r['error']}")
            continue
        world = f"{r['boards']} boards, {r['timelines']} tl, {r['adjacency']}"
        print(f"{world:<30} {label:<10}" + "".join(f"{r[k][0]:>19.1f} / {r[k][1]:>6.1f}" for k, _, _ in ROWS))
    print("targets at 2000 boards: " + ", ".join(f"{title} <= {t} ms" for _, title, t in ROWS if t))
    print(f"{load_average()} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
