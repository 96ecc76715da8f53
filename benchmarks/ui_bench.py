"""UI benchmark: the real main window, offscreen, on a 300+ board selfplay world.

    python3 benchmarks/ui_bench.py                    # makes the world with selfplay (47 turns, seed 7: 324 boards, 25 timelines)
    python3 benchmarks/ui_bench.py --file game.json   # or uses a saved game
    python3 benchmarks/ui_bench.py --json out.json    # also write the figures as JSON

Measures
- time to first paint: MainWindow created, the game file loaded, the scene built and the
  view rendered once to an image (the app's imports are timed separately);
- frame time: the view rendered to a viewport-sized QImage, 20 frames, each panned by a few
  pixels, median and max, at three zooms: fully zoomed out ("fit all"), ~5 boards across and
  ~1.5 boards across (the thumbnail workers are given time to fill the cache first, as they
  do in the app within a second or two; the cold first frame is reported too);
- click-to-highlight: a click on a unit of an active board until the frame showing its
  legal targets is rendered (the engine query included), median over 15 units;
- peak memory: the process's maximum resident set size.

Targets: first paint <= 1.5 s; frames <= 33 ms zoomed out, <= 16 ms at 5 boards across;
click-to-highlight <= 50 ms; peak memory <= 400 MB.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def make_world(turns: int, seed: int) -> Path:
    out = Path(tempfile.mkdtemp()) / "selfplay.json"
    subprocess.run([sys.executable, "-m", "app", "selfplay", "--turns", str(turns), "--seed", str(seed),
                    "--out", str(out), "--quiet"], cwd=ROOT, check=True)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--file")
    ap.add_argument("--turns", type=int, default=47)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--json")
    ap.add_argument("--frames", type=int, default=20)
    args = ap.parse_args(argv)
    path = Path(args.file) if args.file else make_world(args.turns, args.seed)
    os.environ.setdefault("DIPLO5D_DATA_DIR", tempfile.mkdtemp())

    t_import = time.perf_counter()
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtWidgets import QApplication
    app = QApplication.instance() or QApplication([])
    from app.ui.main_window import MainWindow
    from app.engine.targets import orderable_units
    import_s = time.perf_counter() - t_import

    t0 = time.perf_counter()
    win = MainWindow(theme="light")
    win.resize(1600, 1000)
    win.show()
    if not win.open_game(str(path)):
        print("cannot open", path, win.last_message)
        return 2
    view = win.view
    vp = view.viewport()
    img = QImage(vp.size(), QImage.Format_ARGB32_Premultiplied)

    def frame() -> float:
        s = time.perf_counter()
        p = QPainter(img)
        view.render(p, img.rect().toRectF(), vp.rect())
        p.end()
        return time.perf_counter() - s

    frame()
    first_paint = time.perf_counter() - t0
    world = win.game.world
    n_boards, n_tl = len(world.boards), len(world.timelines)

    def settle() -> None:
        for _ in range(8):
            frame()
            app.processEvents()
            if not win.scene.cache.busy():
                break
            win.scene.cache.wait()
            app.processEvents()

    results = {}

    def measure(name: str, setup) -> None:
        setup()
        app.processEvents()
        cold = frame()
        settle()
        times = []
        h = view.horizontalScrollBar()
        for i in range(args.frames):
            h.setValue(h.value() + (3 if i % 2 == 0 else -2))
            times.append(frame())
        results[name] = {"median_ms": statistics.median(times) * 1000, "max_ms": max(times) * 1000,
                         "cold_first_ms": cold * 1000,
                         "boards_across": vp.width() / (view.scale_factor() * win.scene.layout.board_w)}

    measure("zoomed_out", view.fit_all)

    def at(n):
        def f():
            view.go_to_present()
            view.set_boards_across(n)
        return f

    measure("5_across", at(5))
    measure("1.5_across", at(1.5))

    # click-to-highlight on units of active boards (near the present view)
    view.go_to_present()
    view.set_boards_across(5)
    settle()
    units = orderable_units(world)[::max(1, len(orderable_units(world)) // 15)][:15]
    lat = []
    for loc in units:
        item = win.scene.items_by_key[loc.board]
        view.centerOn(item.sceneBoundingRect().center())
        settle()
        scene_pt = item.mapToScene(win.scene.art.unit_point(loc.loc))
        s = time.perf_counter()
        win.on_click(scene_pt, Qt.LeftButton.value)
        frame()
        lat.append(time.perf_counter() - s)
        win.cancel_entry()
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

    out = {
        "world": {"file": str(path), "boards": n_boards, "timelines": n_tl},
        "machine": {"cpus": os.cpu_count(), "platform": sys.platform, "qt_platform": os.environ.get("QT_QPA_PLATFORM")},
        "import_s": import_s,
        "first_paint_s": first_paint,
        "frames": results,
        "click_to_highlight_ms": {"median": statistics.median(lat) * 1000, "max": max(lat) * 1000, "n": len(lat)},
        "peak_rss_mb": peak_mb,
    }
    print(f"World: {n_boards} boards, {n_tl} timelines ({path})")
    print(f"Imports (Qt + app): {import_s:.2f} s")
    print(f"Time to first paint: {first_paint * 1000:.0f} ms   (target <= 1500)")
    targets = {"zoomed_out": 33, "5_across": 16, "1.5_across": None}
    for k, r in results.items():
        t = targets[k]
        print(f"Frame {k:>10} ({r['boards_across']:.1f} boards across): median {r['median_ms']:.1f} ms, "
              f"max {r['max_ms']:.1f} ms, cold first {r['cold_first_ms']:.0f} ms" + (f"   (target <= {t})" if t else ""))
    c = out["click_to_highlight_ms"]
    print(f"Click-to-highlight: median {c['median']:.1f} ms, max {c['max']:.1f} ms over {c['n']} units   (target <= 50)")
    print(f"Peak memory (max RSS): {peak_mb:.0f} MB   (target <= 400)")
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1))
    win.dirty = False
    win.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
