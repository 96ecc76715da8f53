"""Memory benchmark: where the UI's resident memory goes, step by step, on selfplay worlds.

    python3 benchmarks/memory_bench.py                  # 300, 1000 and 2000 boards
    python3 benchmarks/memory_bench.py --sizes 2000     # one size
    python3 benchmarks/memory_bench.py --sizes 5000,10000
    python3 benchmarks/memory_bench.py --file game.json # a saved game
    python3 benchmarks/memory_bench.py --trace          # also Python allocations (tracemalloc; slower)

Each world is measured in a process of its own, walking the same path as
``benchmarks/ui_bench.py`` (open, frames zoomed out / 5 across / 1.5 across, clicks on 15
units, a movement and a retreat submission, undo, one history step). After each step it prints the resident set
(VmRSS), its growth over the step, and the peak so far (VmHWM, what ui_bench reports as
"peak RSS"). With ``--trace`` it adds the Python heap traced by tracemalloc after each step,
and the biggest allocation sites at the end; tracing costs time and some memory, so the RSS
figures of a traced run are not the untraced ones.

Worlds are those of ``ui_bench.py`` (grown once, cached in benchmarks/.cache/).

Targets: peak RSS <= 350 MB at 2000 boards (issue "Big worlds"), <= 450 MB at 10,000 (issue 24).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def _status() -> tuple[float, float]:
    """(VmRSS, VmHWM) of this process in MB."""
    got = {}
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(("VmRSS:", "VmHWM:")):
                name, value = line.split(":")
                got[name] = int(value.split()[0]) / 1024
    return got["VmRSS"], got["VmHWM"]


def measure(path: Path, trace: bool) -> list[dict]:
    steps: list[dict] = []
    if trace:
        import tracemalloc
        tracemalloc.start(6)

    def step(name: str) -> None:
        rss, hwm = _status()
        row = {"step": name, "rss_mb": rss, "peak_mb": hwm}
        scene = getattr(locals_.get("win"), "scene", None)
        if scene is not None:
            row["thumbs_mb"] = scene.cache._bytes / 2 ** 20
        if trace:
            row["traced_mb"] = tracemalloc.get_traced_memory()[0] / 2 ** 20
        steps.append(row)

    locals_: dict = {}
    step("python")
    from ui_bench import bench_window, enter_orders, no_victory
    no_victory()
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtWidgets import QApplication
    app = QApplication.instance() or QApplication([])
    from app.ui.window.main_window import MainWindow  # noqa: F401  (its memory is the "imports" step)
    from app.bots.selfplay import random_orders
    from app.match.storage import open_match
    step("imports")
    win = bench_window()
    locals_["win"] = win
    app.processEvents()
    step("window")
    match = open_match(path)
    step("load (the game, no window)")
    win.set_match(match, path)
    del match
    step("window shows the game")
    view = win.view
    vp = view.viewport()
    img = QImage(vp.size(), QImage.Format_ARGB32_Premultiplied)

    def frame() -> None:
        p = QPainter(img)
        view.render(p, img.rect().toRectF(), vp.rect())
        p.end()

    def settle() -> None:
        for _ in range(8):
            frame()
            app.processEvents()
            if not win.scene.cache.busy():
                break
            win.scene.cache.wait()
            app.processEvents()

    def frames() -> None:
        app.processEvents()
        frame()
        settle()
        h = view.horizontalScrollBar()
        for i in range(20):
            h.setValue(h.value() + (3 if i % 2 == 0 else -2))
            frame()

    frame()
    step("first paint")
    view.fit_all()
    frames()
    step("zoomed out (overview)")
    for n in (5, 1.5):
        view.go_to_present()
        view.set_boards_across(n)
        frames()
        step(f"{n} boards across")
    from app.engine import orderable_units
    from PySide6.QtCore import Qt
    view.go_to_present()
    view.set_boards_across(5)
    settle()
    units = orderable_units(win.game.world)
    for loc in units[::max(1, len(units) // 15)][:15]:
        item = win.scene.items_by_key[loc.board]
        view.centerOn(item.sceneBoundingRect().center())
        settle()
        win.clicks.on_click(item.mapToScene(win.scene.art.unit_point(loc.loc)), Qt.LeftButton.value)
        frame()
        win.cancel_entry()
    step("clicks on 15 units")
    view.go_to_present()
    view.set_boards_across(5)
    settle()
    rng = random.Random(7)
    done: set[str] = set()
    for _ in range(12):
        if len(done) == 2:
            break
        kind = "retreats" if win.game.world.pause is not None else "movement"
        enter_orders(win, random_orders(win.game.world, rng))
        win.submit()
        win.wait_idle()
        frame()
        done.add(kind)
    step("submissions")
    win.undo()
    frame()
    win.show_history(len(win.game.submissions) - 1)
    frame()
    win.show_history(len(win.game.submissions))
    frame()
    step("undo, history step")
    if trace:
        snap = tracemalloc.take_snapshot()
        top = snap.statistics("lineno")[:25]
        steps.append({"step": "top", "sites": [f"{s.size / 2 ** 20:7.1f} MB {s.count:>8} "
                                               f"{s.traceback[0].filename.split('/app/')[-1]}:{s.traceback[0].lineno}"
                                               for s in top]})
    win.files.ask_unsaved = lambda doing: "discard"
    win.close()
    return steps


def table(name: str, steps: list[dict]) -> str:
    lines = [name, f"{'step':32}{'RSS MB':>9}{'+MB':>8}{'peak MB':>9}{'thumbs MB':>11}" +
             (f"{'traced MB':>11}" if "traced_mb" in steps[0] else "")]
    prev = 0.0
    for s in steps:
        if s["step"] == "top":
            lines.append("largest Python allocation sites at the end:")
            lines.extend("  " + t for t in s["sites"])
            continue
        line = (f"{s['step']:32}{s['rss_mb']:9.0f}{s['rss_mb'] - prev:+8.0f}{s['peak_mb']:9.0f}"
                f"{s.get('thumbs_mb', 0):11.0f}")
        if "traced_mb" in s:
            line += f"{s['traced_mb']:11.1f}"
        lines.append(line)
        prev = s["rss_mb"]
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="300,1000,2000", help="world sizes in boards (comma-separated)")
    ap.add_argument("--file", help="measure this saved game instead")
    ap.add_argument("--trace", action="store_true", help="also trace Python allocations")
    ap.add_argument("--json", help="also write the figures here")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        print(json.dumps(measure(Path(args.child), args.trace)))
        return 0
    from ui_bench import warm_map_cache, world_files
    files = [Path(args.file)] if args.file else world_files([int(n) for n in args.sizes.split(",")],
                                                            log=lambda m: print(m, file=sys.stderr, flush=True))
    results = {}
    for f in files:
        env = dict(os.environ, DIPLO5D_DATA_DIR=tempfile.mkdtemp())
        warm_map_cache(env)                    # as every start after the first finds it
        cmd = [sys.executable, __file__, "--child", str(f)] + (["--trace"] if args.trace else [])
        run = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=ROOT)
        if run.returncode != 0:
            print(run.stderr, file=sys.stderr)
            return 1
        results[f.name] = json.loads(run.stdout.strip().splitlines()[-1])
        print(table(f.name, results[f.name]), flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
