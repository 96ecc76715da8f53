"""Start-up benchmark: from launching ``python -m app`` to its first painted frame.

    python3 benchmarks/startup_bench.py               # 5 starts of each kind, median
    python3 benchmarks/startup_bench.py --runs 9
    python3 benchmarks/startup_bench.py --json out.json

Each start is a fresh process (offscreen) with ``DIPLO5D_FIRST_PAINT`` set to the launch
time: the app prints one line once its first complete frame is painted, and quits
(:mod:`app.ui.first_paint`). Modules load from their bytecode cache, as an installed app's
do (``PYTHONDONTWRITEBYTECODE`` is dropped for the child). Timed:

- the first start ever (an empty data folder: the map's plain form is not kept yet), once;
- ``--new sandbox``: a new game, to the first complete paint of the world view;
- no arguments: the window, to the first paint of the New game dialog it opens.

Printed per kind: wall time from launch to the first frame (median, min, max), the process's
CPU time by then (interpreter start-up included) and the heavy libraries it had imported.
A bare ``python -c "import PySide6.QtWidgets"`` start is timed too, as the floor.

Target (issue 24): a new game's first paint <= 0.8 s after ``python -m app`` starts.
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

ROOT = Path(__file__).resolve().parent.parent
KINDS = {"new game (--new sandbox)": ["--new", "sandbox"], "no arguments (New game dialog)": []}
FLOOR = ("import PySide6.QtWidgets as w, json, time, os; a = w.QApplication([]); "
         "print(json.dumps({'first_paint_s': time.time() - float(os.environ['DIPLO5D_FIRST_PAINT']), "
         "'cpu_s': time.process_time(), 'modules': []}))")


def start(args: list[str], data_dir: str, code: str | None = None) -> dict:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", DIPLO5D_DATA_DIR=data_dir)
    env.pop("PYTHONDONTWRITEBYTECODE", None)   # as installed: modules load from their bytecode cache
    env["DIPLO5D_FIRST_PAINT"] = repr(time.time())
    cmd = [sys.executable, "-c", code] if code else [sys.executable, "-m", "app", *args]
    run = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)
    lines = [l for l in run.stdout.splitlines() if l.startswith("{")]
    if run.returncode != 0 or not lines:
        raise SystemExit(f"{' '.join(cmd)} failed ({run.returncode}):\n{run.stderr[-2000:]}")
    return json.loads(lines[-1])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--json", help="also write the figures here")
    args = ap.parse_args(argv)
    kinds = {"floor: Python + QApplication": (None, FLOOR), **{k: (a, None) for k, a in KINDS.items()}}
    out = {}
    data_dir = tempfile.mkdtemp()
    first = start(KINDS["new game (--new sandbox)"], data_dir)   # the first start ever: an empty data folder
    out["first start ever (--new sandbox)"] = {"wall_ms": [first["first_paint_s"] * 1000],
                                               "cpu_ms": [first["cpu_s"] * 1000], "modules": first["modules"]}
    for name, (a, code) in kinds.items():
        runs = [start(a or [], data_dir, code) for _ in range(args.runs)]
        walls = [r["first_paint_s"] * 1000 for r in runs]
        out[name] = {"wall_ms": walls, "cpu_ms": [r["cpu_s"] * 1000 for r in runs], "modules": runs[-1]["modules"]}
    with open("/proc/loadavg") as f:
        load = " ".join(f.read().split()[:3])
    print(f"load average {load}; {args.runs} starts each, median (min–max)")
    print(f"{'':34}{'first paint, wall (ms)':>26}{'CPU (ms)':>12}   heavy modules imported")
    for name, r in out.items():
        w = r["wall_ms"]
        print(f"{name:34}{statistics.median(w):>12.0f} ({min(w):.0f}–{max(w):.0f})".ljust(60)
              + f"{statistics.median(r['cpu_ms']):>12.0f}   {', '.join(r['modules']) or '—'}")
    print("target: a new game's first paint <= 800 ms")
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
