"""Variant tools benchmark: ``variant check`` per shipped variant, and the preview's reload.

    python3 benchmarks/variant_bench.py            # 5 runs each, median
    python3 benchmarks/variant_bench.py --runs 9

(a) ``check_variant(name)`` for every built-in variant: the whole check (data files, the
    SVG read into geometry, geometry against data, legibility). One warm-up run (imports),
    then N timed runs; wall-clock and CPU (process time) medians. Target: at most 1 s.
(b) The preview's reload after a save: a temp copy of the standard variant open in the
    preview window (offscreen); variant.json is rewritten (then, separately, map.svg, which
    is read again) and the time until the preview
    shows the new map and problem list is measured (the file watcher's delay and the 150 ms
    debounce included), then until the small game preview is redrawn (it follows, so the
    list never waits for it). Target: at most 1 s to the problem list.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.engine import available, BUILTIN_DIR  # noqa: E402
from app.variants.check import _read_map, check_variant  # noqa: E402

TARGET_S = 1.0


def bench_check(runs: int) -> list[tuple[str, float, float, int, int]]:
    rows = []
    for ref in available():
        if ref.source != "built-in":
            continue
        check_variant(ref.name)
        wall, cpu = [], []
        for _ in range(runs):
            _read_map.cache_clear()  # the whole check, the SVG read included
            w, c = time.perf_counter(), time.process_time()
            problems = check_variant(ref.name)
            wall.append(time.perf_counter() - w)
            cpu.append(time.process_time() - c)
        errors = sum(p.severity == "error" for p in problems)
        rows.append((ref.name, statistics.median(wall), statistics.median(cpu), errors, len(problems) - errors))
    return rows


def bench_reload(runs: int) -> dict[str, list[tuple[float, float, float]]] | None:
    try:
        from app.ui.preview.window import measure_reloads
    except ImportError:
        return None
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "standard"
        shutil.copytree(BUILTIN_DIR / "standard", folder)
        for file in ("variant.json", "map.svg"):
            out[file] = measure_reloads(folder, runs, file)
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    print(f"{'variant':<16}{'check wall (median)':>22}{'cpu':>10}{'errors':>8}{'warnings':>10}  target <= {TARGET_S:g} s")
    for name, wall, cpu, errors, warnings in bench_check(args.runs):
        met = "met" if wall <= TARGET_S else "NOT met"
        print(f"{name:<16}{wall:>20.3f} s{cpu:>8.3f} s{errors:>8}{warnings:>10}  {met}")
    reload = bench_reload(args.runs)
    if reload is None:
        print("preview reload: no preview window in this build")
        return 0
    for file, rows in reload.items():
        listed = statistics.median(r[0] for r in rows)
        print(f"preview reload after saving {file}: new problem list and map in median {listed:.3f} s "
              f"(max {max(r[0] for r in rows):.3f} s, {len(rows)} saves, watcher and 150 ms debounce included)  "
              f"{'met' if listed <= TARGET_S else 'NOT met'}")
        print(f"    reload() median {statistics.median(r[2] for r in rows):.3f} s CPU; the two-timeline game "
              f"preview redrawn after median {statistics.median(r[1] for r in rows):.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
