"""Input and output speed: reading orders, opening, saving, undo and history on big worlds.

    python3 benchmarks/io_bench.py                       # this code only
    python3 benchmarks/io_bench.py --baseline 56b218f    # and an older revision, side by side
    python3 benchmarks/io_bench.py --sizes 300 1000      # fewer sizes

(1) Hard inputs: the time to parse (here: refuse) an order of 8,000 and 32,767 characters
with runs of spaces (the console's maximum), of the longest order read (300 characters)
in its worst form, and to open a save file holding one 32,767-character order.
Targets: parse <= 10 ms, open <= 1 s.

(2) Big worlds: one world grown by selfplay with victory out of reach
(``app.bots.selfplay.grow_world(seed=1, boards=2000, victory=False)``, cached in the
temporary folder), cut at the first world of at least 300, 1000 and 2000 boards. For each
size, in a fresh process: ``json.loads`` of the file alone (a yardstick for the machine's
speed at the time: the machine is shared), ``Game.load`` (median of 3), ``save`` (the first after opening,
then the median of 3 more), ``undo`` right after opening, and one step of the history
slider right after opening (``history()[n - 1]``) and the step after it. With
``--baseline REV`` the same is timed for the revision REV (its ``app/`` exported with
``git archive`` into a temporary folder, reading version-1 files written from the same
worlds). Targets at 2000 boards: load <= 1 s, save <= 150 ms, undo and one step <= 150 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

CACHE = Path(tempfile.gettempdir()) / "5d-io-bench"

# Runs in a fresh process for each file and revision: only API both revisions have.
MEASURE = r"""
import json, statistics, sys, time, tempfile, os
from app.engine.game import Game
from app.engine.variant import load_variant
load_variant("standard").victory_centres = 99  # as the world was grown: replays must not end in a win
path = sys.argv[1]
def t(fn):
    t0 = time.perf_counter(); r = fn(); return (time.perf_counter() - t0) * 1000, r
loads = [t(lambda: Game.load(path))[0] for _ in range(3)]
out = {"load": statistics.median(loads)}
out["json"] = statistics.median(t(lambda: json.loads(open(path, encoding="utf-8").read()))[0] for _ in range(3))
g = Game.load(path)
tmp = os.path.join(tempfile.mkdtemp(), "s.json")
out["save_first"] = t(lambda: g.save(tmp))[0]
out["save"] = statistics.median(t(lambda: g.save(tmp))[0] for _ in range(3))
n = len(g.submissions)
g = Game.load(path)
out["undo"] = t(g.undo)[0]
g = Game.load(path)
out["step1"] = t(lambda: g.history()[n - 1])[0]
out["step2"] = t(lambda: g.history()[n - 2])[0]
out["boards"] = len(Game.load(path).world.boards)
print(json.dumps(out))
"""


# The mean parse time of typical orders, also run against the baseline revision.
PARSE = r"""
import time
from app.engine.notation import parse_order
from app.engine.variant import load_variant
v = load_variant()
typical = ["A mun - tyr", "F 1:nth:S1901 S A 1:yor:S1901 - 1:nwy:S1901", "Germany: A 2:Munich:Spring 1902 H",
           "F stp/sc - bot", "A lon - bel via convoy"]
best = None
for _ in range(5):
    t0 = time.perf_counter()
    for _ in range(400):
        for text in typical:
            parse_order(text, v)
    t = (time.perf_counter() - t0) / 2000 * 1e6
    best = t if best is None else min(best, t)
print(best)
"""


def ms(seconds: float) -> float:
    return seconds * 1000


# -- (1) hard inputs ---------------------------------------------------------------------


def bench_inputs() -> list[tuple[str, str, str]]:
    from app.engine.game import Game, GameFileError
    from app.engine.notation import MAX_ORDER_LENGTH, NotationError, parse_order
    from app.engine.variant import load_variant
    v = load_variant()
    rows = []
    for n in (MAX_ORDER_LENGTH, 8_000, 32_767):
        text = ("A " + " " * n + "(nc) mun - tyr")[:n] if n > MAX_ORDER_LENGTH else \
            "A" + " " * (n - 15) + "(nc) mun - tyr"
        times = []
        for _ in range(5):
            t0 = time.perf_counter()
            try:
                parse_order(text, v)
            except NotationError:
                pass
            times.append(ms(time.perf_counter() - t0))
        rows.append((f"parse an order of {n:,} characters (runs of spaces)", f"{statistics.median(times):.3f} ms",
                     "<= 10 ms"))
    g = Game.new()
    g.submit_text(["A mun - tyr"])
    data = g.to_json()
    data.pop("checksum", None)
    data["submissions"][0].append("A" + " " * 32_000 + "mun - tyr" + " " * 757)
    data["meta"] = {"padding": "x" * 38_000}  # the 72 KB file of issue 7
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "long_order.json"
        path.write_text(json.dumps(data))
        size = path.stat().st_size
        t0 = time.perf_counter()
        try:
            Game.load(path)
            outcome = "loaded"
        except GameFileError as e:
            outcome = str(e).split(": ", 1)[1][:60]
        rows.append((f"open a {size // 1024} KB save holding one 32,767-character order",
                     f"{ms(time.perf_counter() - t0):.1f} ms", f"<= 1 s ({outcome})"))
    return rows


# -- (2) big worlds ----------------------------------------------------------------------


def grown_files(sizes: list[int]) -> dict[int, tuple[Path, Path]]:
    """For each size, (file in this code's format, the same game as a version-1 file)."""
    CACHE.mkdir(exist_ok=True)
    wanted = {n: (CACHE / f"grown_{n}.json", CACHE / f"grown_{n}_v1.json") for n in sizes}
    if all(a.exists() and b.exists() for a, b in wanted.values()):
        return wanted
    from app.bots.selfplay import grow_world
    from app.engine.game import Game
    t0 = time.perf_counter()
    print(f"growing a world to {max(sizes)} boards (once; cached in {CACHE}) …", file=sys.stderr, flush=True)
    g = grow_world(seed=1, boards=max(sizes), victory=False)
    print(f"  {len(g.world.boards)} boards in {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    worlds = g.worlds
    for n, (path, v1) in wanted.items():
        k = next(i for i, w in enumerate(worlds) if len(w.boards) >= n)
        h = Game(g.variant, g.adjacency, g.seed, worlds[:k + 1], g.submissions[:k], dict(g.meta), worlds[0])
        h.save(path)
        v1.write_text(json.dumps(as_version_1(json.loads(path.read_text()))))
    return wanted


def as_version_1(data: dict) -> dict:
    """A version-2 save as the version-1 writer wrote it (the same world, no history)."""
    data = dict(data, version=1)
    for key in ("history", "checksum"):
        data.pop(key, None)
    world = data["world"]
    for b in world["boards"]:
        b.pop("born", None)
    for o in world["orders"]:
        for key in ("given", "since", "versions"):
            o.pop(key, None)
    for r in world.get("retreats", []):
        r.pop("at", None)
    return data


def measure(path: Path, app_root: Path) -> dict:
    env = dict(os.environ, PYTHONPATH=str(app_root), PYTHONDONTWRITEBYTECODE="1")
    r = subprocess.run([sys.executable, "-c", MEASURE, str(path)], env=env, cwd=app_root,
                       capture_output=True, text=True)
    if r.returncode != 0:
        return {"error": r.stderr.strip().splitlines()[-1] if r.stderr.strip() else f"exit {r.returncode}"}
    return json.loads(r.stdout)


def export_revision(rev: str, into: Path) -> Path:
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "app", "data", "assets"],
                             capture_output=True, check=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[300, 1000, 2000])
    ap.add_argument("--baseline", metavar="REV", help="also time this git revision, side by side")
    args = ap.parse_args(argv)

    print("(1) hard inputs")
    for name, value, target in bench_inputs():
        print(f"  {name:<62} {value:>12}   target {target}")
    with tempfile.TemporaryDirectory() as d:
        roots = [("this code", ROOT)] + ([(args.baseline, export_revision(args.baseline, Path(d)))]
                                         if args.baseline else [])
        for label, root in roots:
            env = dict(os.environ, PYTHONPATH=str(root), PYTHONDONTWRITEBYTECODE="1")
            r = subprocess.run([sys.executable, "-c", PARSE], env=env, cwd=root, capture_output=True, text=True)
            value = f"{float(r.stdout):.1f} us" if r.returncode == 0 else "error"
            print(f"  {'parse a typical order (best of 5 means), ' + label:<62} {value:>12}")

    files = grown_files(args.sizes)
    results: dict[str, dict[int, dict]] = {"this code": {}}
    with tempfile.TemporaryDirectory() as d:
        base_root = export_revision(args.baseline, Path(d)) if args.baseline else None
        for n, (path, v1) in files.items():
            results["this code"][n] = measure(path, ROOT)
            if base_root is not None:
                results.setdefault(f"{args.baseline}", {})[n] = measure(v1, base_root)
    print("\n(2) big worlds (ms; one fresh process per cell; 'first save' is the first after opening)")
    cols = [("json", "json.loads"), ("load", "load"), ("save_first", "first save"), ("save", "save"), ("undo", "undo"),
            ("step1", "history step"), ("step2", "next step")]
    header = f"  {'boards':>7} {'code':<10}" + "".join(f"{title:>14}" for _, title in cols)
    print(header)
    for n in files:
        for label, table in results.items():
            row = table[n]
            if "error" in row:
                print(f"  {n:>7} {label:<10}  error: {row['error']}")
                continue
            print(f"  {row['boards']:>7} {label:<10}" + "".join(f"{row[k]:>14.1f}" for k, _ in cols))
    if args.baseline:
        print("\n  ratios (baseline / this code)")
        for n in files:
            a, b = results[args.baseline][n], results["this code"][n]
            if "error" in a or "error" in b:
                continue
            print(f"  {b['boards']:>7} {'':<10}" + "".join(
                f"{a[k] / b[k]:>13.1f}x" if a[k] >= 0.5 and b[k] > 0 else f"{'-':>14}" for k, _ in cols))
    print("\n  targets at 2000 boards: load <= 1000, save <= 150, undo and one history step <= 150")
    return 0


if __name__ == "__main__":
    sys.exit(main())
