"""Studio benchmark: the adjudication preview and the centre chart, in the real window
(offscreen), on the selfplay worlds of ui_bench (300 and 2000 boards, grown once and cached
in benchmarks/.cache).

    python3 benchmarks/studio_bench.py                 # 300 and 2000 boards
    python3 benchmarks/studio_bench.py --sizes 2000    # one size
    python3 benchmarks/studio_bench.py --json out.json

**Preview refresh after a change.** The world opened in the window, random legal orders
for every nation pending (``app.bots`` random orders, as ``ui_bench``'s submission), the
preview on. A change is one order replaced (alternately two different legal orders for one
unit, through the window's console path ``add_order``). Measured per change, median of 9:

- *compute*: the preview's adjudication on the worker thread (the engine's submission on
  the unchanged world), its thread CPU time and its wall time;
- *draw*: the GUI thread's work when the result arrives (geometry for every outcome, the
  item updated), CPU;
- *latency*: wall time from the change (after the debounce's pause of 120 ms, which is a
  choice, not work) to the preview drawn — what the player waits.

**Chart at 2000 boards.** The centre chart of the whole game built from a snapshot (every
past world read once through ``Game.world_at``), on the worker: thread CPU and wall; the
same after one more submission of random orders (one new world read); the order
statistics, first and after that submission; the chart painted into the dock's size
(360×240) and the export size (1200×700), CPU, median of 9.

Load average and thread CPU are printed beside wall times: on a shared machine wall time
grows with the load and CPU time does not.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def _med(xs):
    return statistics.median(xs) if xs else float("nan")


def measure(boards: int, changes: int = 9) -> dict:
    import tempfile
    os.environ.setdefault("DIPLO5D_DATA_DIR", tempfile.mkdtemp(prefix="studio-bench-"))
    from ui_bench import no_victory, world_file
    no_victory()
    path = world_file(boards)
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QColor, QImage, QPainter
    from PySide6.QtWidgets import QApplication
    app = QApplication.instance() or QApplication([])
    from app.bots.selfplay import random_orders
    from app.engine import orderable_units  # noqa: F401  (the same imports as ui_bench)
    from app.match.chart import ChartBuilder, StatsBuilder
    from app.ui.studio.chart_art import paint_chart
    from app.ui.window.main_window import MainWindow

    win = MainWindow(theme="light")
    win.files.ask_unsaved = lambda doing: "discard"
    win.resize(1366, 768)
    win.show()
    if not win.open_game(str(path)):
        raise SystemExit(f"cannot open {path}: {win.last_message}")
    app.processEvents()
    w = win.match.world
    if w.pause is not None:                   # a movement phase: the commonest preview
        win.match.game.submit(random_orders(w, random.Random(1)))
        win.refresh()
        w = win.match.world
    orders = random_orders(w, random.Random(7), 0.3, 8)
    for o in orders:
        try:
            win.match.add_order(o, win.seat)
        except Exception:
            pass
    win._orders_changed()
    pending = list(win.match.pending(win.seat))
    out = {"boards": len(w.boards), "active": len(w.active_boards()), "orders": len(pending)}
    # two different orders for one unit, to alternate: a hold and the unit's pending move
    unit_order = next(o for o in pending if o.kind == "move")
    from app.engine import Hold
    hold = Hold(unit_order.nation, unit_order.unit_type, unit_order.unit)
    studio = win.studio
    ctl = studio.preview
    studio.a_preview.setChecked(True)
    draws, computes, compute_walls, latencies, queued, worker_walls = [], [], [], [], [], []
    marks = {}
    real_compute = ctl.runner._compute

    def timed_compute(world, own):
        marks["start"] = time.perf_counter()
        p = real_compute(world, own)
        marks["end"] = time.perf_counter()
        return p
    ctl.runner._compute = timed_compute
    real_draw = ctl._draw

    def timed_draw(p):
        marks["arrived"] = time.perf_counter()
        t0 = time.thread_time()
        real_draw(p)
        draws.append(time.thread_time() - t0)
    ctl._draw = timed_draw

    def wait_shown():
        got = []
        ctl.shown.connect(got.append)
        t_end = time.perf_counter() + 60
        while not got and time.perf_counter() < t_end:
            app.processEvents()
            time.sleep(0.001)
        ctl.shown.disconnect(got.append)
        return got[0] if got else None
    wait_shown()                               # the first preview (warm-up)
    # the window settled, as when a player changes an order: the far overview's miniatures,
    # made in the background after opening, are done (the figure is the preview's, not theirs)
    ov = win.scene.overview
    t_end = time.perf_counter() + 60
    while (ov.dirty or ov._later.isActive() or ov._filler.isActive()) and time.perf_counter() < t_end:
        app.processEvents()
        time.sleep(0.001)
    draws.clear()
    for i in range(changes):
        win.match.add_order(hold if i % 2 == 0 else unit_order, win.seat)
        win._orders_changed()                  # the window's path after a change
        ctl.timer.stop()                       # the debounce's pause is a choice: ask at once
        t0 = time.perf_counter()
        ctl.ask_now()
        p = wait_shown()
        latencies.append(time.perf_counter() - t0)
        computes.append(p.seconds)
        worker_walls.append(marks["end"] - marks["start"])
        queued.append(marks["arrived"] - marks["end"])      # the GUI thread busy elsewhere (painting)
    # the compute's wall time, alone (no window work beside it)
    from app.match.preview import preview, seat_input
    world, own = seat_input(win.match, win.seat)
    for _ in range(3):
        t0 = time.perf_counter()
        preview(world, own)
        compute_walls.append(time.perf_counter() - t0)
    out["preview"] = {"compute_cpu_ms": _med(computes) * 1000, "compute_wall_ms": _med(compute_walls) * 1000,
                      "draw_cpu_ms": _med(draws) * 1000, "latency_ms": _med(latencies) * 1000,
                      "latency_max_ms": max(latencies) * 1000, "debounce_ms": 120,
                      "worker_wall_ms": _med(worker_walls) * 1000, "waiting_for_gui_ms": _med(queued) * 1000}
    # the chart
    game = win.match.game
    builder, counter = ChartBuilder(), StatsBuilder()
    t0, c0 = time.perf_counter(), time.thread_time()
    snap = game.snapshot()
    chart = builder.build(snap)
    first = (time.perf_counter() - t0, time.thread_time() - c0)
    t0, c0 = time.perf_counter(), time.thread_time()
    counter.build(snap)
    stats_first = (time.perf_counter() - t0, time.thread_time() - c0)
    game.submit(random_orders(game.world, random.Random(11), 0.3, 8))     # one more submission, as played
    t0, c0 = time.perf_counter(), time.thread_time()
    chart = builder.build(game.snapshot())
    again = (time.perf_counter() - t0, time.thread_time() - c0)
    t0, c0 = time.perf_counter(), time.thread_time()
    counter.build(game.snapshot())
    stats = (time.perf_counter() - t0, time.thread_time() - c0)
    colours = {n: x.colour for n, x in game.variant.nations.items()}
    paints = {}
    for size in ((360, 240), (1200, 700)):
        img = QImage(*size, QImage.Format_ARGB32_Premultiplied)
        times = []
        for _ in range(9):
            img.fill(QColor("white"))
            p = QPainter(img)
            c = time.thread_time()
            paint_chart(p, QRectF(0, 0, *size), chart, None, colours, QColor("black"), QColor("#ccc"))
            times.append(time.thread_time() - c)
            p.end()
        paints[f"{size[0]}x{size[1]}"] = _med(times) * 1000
    out["chart"] = {"points": chart.points, "timelines": len(chart.timelines),
                    "build_wall_ms": first[0] * 1000, "build_cpu_ms": first[1] * 1000,
                    "after_one_submission_wall_ms": again[0] * 1000, "after_one_submission_cpu_ms": again[1] * 1000,
                    "order_stats_first_cpu_ms": stats_first[1] * 1000,
                    "order_stats_wall_ms": stats[0] * 1000, "order_stats_cpu_ms": stats[1] * 1000,
                    "paint_cpu_ms": paints}
    ctl.stop()
    win.close()
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[300, 2000])
    ap.add_argument("--json")
    args = ap.parse_args(argv)
    results = []
    for n in args.sizes:
        r = measure(n)
        results.append(r)
        p, c = r["preview"], r["chart"]
        print(f"{r['boards']} boards ({r['active']} active, {r['orders']} orders pending), "
              f"load average {os.getloadavg()[0]:.1f}")
        print(f"  preview after a change: latency {p['latency_ms']:.0f} ms median (max {p['latency_max_ms']:.0f}), "
              f"compute {p['compute_cpu_ms']:.0f} ms CPU / {p['compute_wall_ms']:.0f} ms wall on the worker, "
              f"draw {p['draw_cpu_ms']:.1f} ms CPU on the GUI thread (+ {p['debounce_ms']} ms debounce pause); "
              f"of the latency: worker {p['worker_wall_ms']:.0f} ms wall, result waiting for the GUI thread "
              f"{p['waiting_for_gui_ms']:.0f} ms")
        print(f"  chart of {c['points']} points, {c['timelines']} timelines: build {c['build_cpu_ms']:.0f} ms CPU / "
              f"{c['build_wall_ms']:.0f} ms wall (worker); after one more submission {c['after_one_submission_cpu_ms']:.1f} ms "
              f"CPU; order statistics {c['order_stats_first_cpu_ms']:.0f} ms CPU, after one more submission "
              f"{c['order_stats_cpu_ms']:.0f} ms CPU; paint "
              + ", ".join(f"{k} {v:.1f} ms" for k, v in c["paint_cpu_ms"].items()) + " CPU")
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
