"""Input and output speed: reading orders, opening, saving, undo and history on big worlds.

    python3 benchmarks/io_bench.py                            # 300, 2000 and 10,000 boards, 3 runs each
    python3 benchmarks/io_bench.py --baseline 974f8ae         # and an older revision, side by side
    python3 benchmarks/io_bench.py --sizes 300 1000 --runs 1  # other sizes, one run

(1) Hard inputs: the time to parse (here: refuse) an order of 8,000 and 32,767 characters
with runs of spaces (the console's maximum), of the longest order read (300 characters)
in its worst form, and to open a save file holding one 32,767-character order.
Targets: parse <= 10 ms, open <= 1 s.

(2) Big worlds: ``python -m app selfplay --boards N --no-victory --seed 7`` for each size
(``benchmarks/grown.py``: grown once, cached in ``benchmarks/.cache/``; one game, so the
sizes are points on one history). Each run is a fresh process: ``Game.load`` (wall and CPU
time, and the resident set: the peak while opening and what stays after), ``json.loads`` of
the file alone (a yardstick for the machine's speed at the time), the first save after
opening and the next, ``undo`` right after opening, and one step of the history slider
after it and the next. With ``--baseline REV`` the same is timed for the revision REV (its
``app/`` exported with ``git archive``), reading the same game grown and saved by that
revision's own code. Targets: load <= 0.4 s at 2000 boards; save <= 150 ms, undo and one
step <= 150 ms at 10,000 boards.

(3) The window's open, apart: ``Game.load(path, replay_later=True)`` (what the window
does: the file opens at once, its replay check owed) and then that check, as the window's
worker runs it, each timed, with the resident set after opening, its peak during the check
(``/proc/self/clear_refs``) and after it; a fresh process per run. ``Game.load`` in (2)
replays the file before it returns, so its time is the two together.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from grown import STATUS, export_revision, grown_file, load_average, run_script  # noqa: E402

# Runs in a fresh process for each file, revision and run: only API both revisions have.
MEASURE = STATUS + r"""
import json, sys, time, tempfile, os
try:
    from app.engine import Game, load_variant
except ImportError:   # a revision before the engine had its public face (--baseline)
    from app.engine.game import Game
    from app.engine.variant import load_variant
load_variant("standard").victory_centres = 10 ** 6  # as the world was grown: replays must not end in a win
path = sys.argv[1]
def t(fn):
    w0, c0 = time.perf_counter(), time.process_time()
    r = fn()
    return [(time.perf_counter() - w0) * 1000, (time.process_time() - c0) * 1000], r
out = {"rss_before": status()[0]}
out["load"], g = t(lambda: Game.load(path))
out["rss_after"], out["peak"] = status()
out["boards"] = len(g.world.boards)
out["json"] = t(lambda: json.loads(open(path, encoding="utf-8").read()))[0]
tmp = os.path.join(tempfile.mkdtemp(), "s.json")
out["save_first"] = t(lambda: g.save(tmp))[0]
out["save"] = t(lambda: g.save(tmp))[0]
n = len(g.submissions)
out["undo"] = t(g.undo)[0]
out["step1"] = t(lambda: g.history()[n - 2])[0]
out["step2"] = t(lambda: g.history()[n - 3])[0]
out["size_mb"] = os.path.getsize(path) / 2 ** 20
print(json.dumps(out))
"""

# Opening as the window does, in a fresh process of its own: the file read lazily with its
# replay check owed (``replay_later=True``), then that check run as the window's worker
# runs it (here without its rests). Game.load above runs the same check before it returns.
MEASURE_WINDOW = STATUS + r"""
import json, sys, time
try:
    from app.engine import Game, load_variant
except ImportError:   # a revision before the engine had its public face (--baseline)
    from app.engine.game import Game
    from app.engine.variant import load_variant
load_variant("standard").victory_centres = 10 ** 6
path = sys.argv[1]
def t(fn):
    w0, c0 = time.perf_counter(), time.process_time()
    r = fn()
    return [(time.perf_counter() - w0) * 1000, (time.process_time() - c0) * 1000], r
out = {}
out["open_later"], g = t(lambda: Game.load(path, replay_later=True))
out["rss_opened"], out["peak_opened"] = status()
with open("/proc/self/clear_refs", "w") as f:   # the peak from here on: the check's
    f.write("5")
check, g.replay_owed = g.replay_owed, None
out["check"], _ = t(check.run)
del check, _
out["rss_checked"], out["peak_check"] = status()
print(json.dumps(out))
"""


# The mean parse time of typical orders, also run against the baseline revision.
PARSE = r"""
import time
try:
    from app.engine import load_variant, parse_order
except ImportError:   # a revision before the engine had its public face (--baseline)
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
    from app.engine import Game, GameFileError
    from app.engine import MAX_ORDER_LENGTH, NotationError, parse_order
    from app.engine import load_variant
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
    data["submissions"][0].append("1:S1901 A" + " " * 32_000 + "mun - tyr" + " " * 749)
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


def measure(path: Path, app_root: Path) -> dict:
    got = run_script(MEASURE, [str(path)], app_root)
    if "error" not in got:
        window = run_script(MEASURE_WINDOW, [str(path)], app_root)
        got["window"] = window if "error" not in window else None   # (a revision without replay_later)
    return got


TIMES = [("load", "load"), ("json", "json.loads"), ("save_first", "first save"), ("save", "save"),
         ("undo", "undo"), ("step1", "history step"), ("step2", "next step")]


def _median(runs: list[dict], key: str, i: int | None = None) -> float:
    return statistics.median(r[key][i] if i is not None else r[key] for r in runs)


def report(results: dict[str, dict[int, list[dict]]]) -> None:
    print("\n(2) big worlds: median of the runs, wall / CPU ms; RSS in MB (peak while opening, and after)")
    header = f"  {'boards':>7} {'code':<10} {'file MB':>8}" + "".join(f"{title:>17}" for _, title in TIMES) \
        + f"{'peak RSS':>10}{'RSS after':>10}"
    print(header)
    for label, table in results.items():
        for n, runs in table.items():
            bad = [r["error"] for r in runs if "error" in r]
            if bad:
                print(f"  {n:>7} {label:<10}  error: {bad[0]}")
                continue
            cells = "".join(f"{_median(runs, k, 0):>9.0f} /{_median(runs, k, 1):>6.0f}" for k, _ in TIMES)
            print(f"  {runs[0]['boards']:>7} {label:<10} {runs[0]['size_mb']:>8.1f}{cells}"
                  f"{_median(runs, 'peak'):>10.0f}{_median(runs, 'rss_after'):>10.0f}")
    print("\n(3) opened as the window opens it: Game.load(path, replay_later=True), then the replay check it"
          "\n  owes, which the window runs on a worker (Game.load's time above includes that check);"
          "\n  median wall / CPU ms; RSS in MB: after opening, the peak during the check, after it")
    print(f"  {'boards':>7} {'code':<10} {'open (window)':>17}{'background check':>17}"
          f"{'RSS opened':>11}{'check peak':>11}{'RSS after':>10}")
    for label, table in results.items():
        for n, runs in table.items():
            windows = [r["window"] for r in runs if r.get("window")]
            if not windows:
                print(f"  {n:>7} {label:<10}  (no replay_later in this code)")
                continue
            cells = "".join(f"{_median(windows, k, 0):>10.0f} /{_median(windows, k, 1):>6.0f}"
                            for k in ("open_later", "check"))
            print(f"  {runs[0]['boards']:>7} {label:<10} {cells}{_median(windows, 'rss_opened'):>11.0f}"
                  f"{_median(windows, 'peak_check'):>11.0f}{_median(windows, 'rss_checked'):>10.0f}")
    print("\n  every run's load, wall / CPU ms:")
    for label, table in results.items():
        for n, runs in table.items():
            if not any("error" in r for r in runs):
                print(f"  {runs[0]['boards']:>7} {label:<10} " + ",  ".join(
                    f"{r['load'][0]:.0f} / {r['load'][1]:.0f}" for r in runs))
    if len(results) == 2:
        (a_label, a), (b_label, b) = list(results.items())[::-1]
        print(f"\n  ratios ({a_label} / {b_label}), CPU time")
        for n in b:
            if any("error" in r for r in a[n] + b[n]):
                continue
            print(f"  {b[n][0]['boards']:>7} {'':<10} {'':>8}" + "".join(
                f"{_median(a[n], k, 1) / _median(b[n], k, 1):>16.1f}x" if _median(b[n], k, 1) > 0.5 else f"{'-':>17}"
                for k, _ in TIMES))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[300, 2000, 10000])
    ap.add_argument("--runs", type=int, default=3, help="fresh processes per size and revision (default 3)")
    ap.add_argument("--baseline", metavar="REV", help="also time this git revision, side by side")
    ap.add_argument("--no-inputs", action="store_true", help="skip (1)")
    args = ap.parse_args(argv)
    print(f"{load_average()} at the start")
    with tempfile.TemporaryDirectory() as d:
        base_root = export_revision(args.baseline, Path(d)) if args.baseline else None
        if not args.no_inputs:
            print("(1) hard inputs")
            for name, value, target in bench_inputs():
                print(f"  {name:<62} {value:>12}   target {target}")
            for label, root in [("this code", ROOT)] + ([(args.baseline, base_root)] if base_root else []):
                env = dict(os.environ, PYTHONPATH=str(root), PYTHONDONTWRITEBYTECODE="1")
                r = subprocess.run([sys.executable, "-c", PARSE], env=env, cwd=root, capture_output=True, text=True)
                value = f"{float(r.stdout):.1f} us" if r.returncode == 0 else "error"
                print(f"  {'parse a typical order (best of 5 means), ' + label:<62} {value:>12}")
        results: dict[str, dict[int, list[dict]]] = {"this code": {}}
        for n in args.sizes:
            path = grown_file(n)
            results["this code"][n] = [measure(path, ROOT) for _ in range(args.runs)]
            if base_root is not None:
                old = grown_file(n, root=base_root, tag=args.baseline)
                results.setdefault(args.baseline, {})[n] = [measure(old, base_root) for _ in range(args.runs)]
    report(results)
    print(f"\n  {load_average()} at the end")
    print("  targets: load <= 400 ms at 2000 boards; undo and one history step <= 150 ms at 10,000 boards")
    return 0


if __name__ == "__main__":
    sys.exit(main())
