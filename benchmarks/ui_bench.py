"""UI benchmark: the real main window, offscreen, on selfplay worlds of 300 to 10,000 boards.

    python3 benchmarks/ui_bench.py                     # 300, 1000 and 2000 boards, side by side
    python3 benchmarks/ui_bench.py --sizes 300,2000,5000,10000
    python3 benchmarks/ui_bench.py --sizes 300         # one size
    python3 benchmarks/ui_bench.py --file game.json    # a saved game
    python3 benchmarks/ui_bench.py --json out.json     # also write the figures as JSON

Each world is measured in a process of its own (so that peak memory is that world's):
- open to first paint: the window created, the file opened, the view rendered once; of it,
  the engine's share (reading the file into a match, ``open_match``) and the window's. The
  map's plain form is kept in the data folder first, as every start after the very first
  finds it (``--cold-map``: not);
- frame times: the view rendered to a viewport-sized image, panned a few pixels per frame,
  median and max, zoomed out ("fit all"), ~5 boards across and ~1.5 boards across (the
  thumbnail workers are given time to fill the cache first; the cold first frame is shown);
- click-to-highlight: a click on a unit of an active board until the frame with its legal
  targets is rendered, median over 15 units;
- window submission: random legal orders for every nation entered as pending orders (all at
  once, :func:`enter_orders`), then Submit until the frame showing the new boards is
  rendered, median of ``--submissions`` movement and retreat submissions each (between
  two, the event loop runs once and the autosave it starts is let finish);
- undo of a movement submission (a turn's orders given back to the order list and the
  boards), and one step of the history slider, each until the frame is rendered;
- beside each wall time, CPU time: the GUI thread's for frames, clicks, undo, history and
  the window's share of a submission; the whole process's for opening and a submission
  (the adjudication and the thumbnail workers run on threads of their own);
- peak memory: the process's maximum resident set size.

Worlds are grown with selfplay with victory switched off (so they can pass the size at
which somebody would have won) and kept in benchmarks/.cache/: one game is grown to the
largest size asked for, the smaller ones saved on its way (10,000 boards: about a minute).

Targets (issue 24; the column shows the 2000-board ones): at 2000 boards, open to first
paint <= 1.0 s, movement submission <= 80 ms, zoomed-out frame <= 16 ms; at 10,000 boards,
open <= 3 s, submission <= 200 ms, frame <= 16 ms, undo <= 150 ms, peak RSS <= 450 MB.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / "benchmarks" / ".cache"
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
SEED = 7


def no_victory() -> None:
    """Benchmarks play past the point where somebody would have won."""
    from app.engine import load_variant
    load_variant("standard").victory_centres = 10 ** 6


def world_file(boards: int) -> Path:
    """A selfplay world of at least ``boards`` boards (grown once, then cached)."""
    return world_files([boards])[0]


def world_files(sizes: list[int], log=lambda m: None) -> list[Path]:
    """Selfplay worlds of at least each of ``sizes`` boards, grown once and cached.

    One game is grown to the largest missing size; the same seed plays the same game, so a
    smaller world is that game's past and is saved on the way (growing 10,000 boards takes
    long enough not to grow 2000 and 5000 again beside it)."""
    paths = [CACHE / f"selfplay-{SEED}-{n}.json" for n in sizes]
    missing = sorted(n for n, p in zip(sizes, paths) if not p.exists())
    if missing:
        CACHE.mkdir(parents=True, exist_ok=True)
        import random as _random
        from app.bots.selfplay import random_orders
        from app.engine import Game, load_variant, without_victory as unwinnable
        rng = _random.Random(SEED)   # as grow_world(seed=SEED, boards=n, victory=False) plays
        game = Game.new(unwinnable(load_variant("standard")), "strict", SEED)
        played = 0
        while missing:
            if len(game.world.boards) >= missing[0]:
                n = missing.pop(0)
                game.meta["selfplay"] = {"seed": SEED, "submissions": played, "victory": False}
                game.save(CACHE / f"selfplay-{SEED}-{n}.json")
                log(f"{len(game.world.boards)} boards after {played} submissions: selfplay-{SEED}-{n}.json")
                continue
            game.submit(random_orders(game.world, rng, 0.3, 8))
            played += 1
    return paths


def bench_window():
    """A main window as the benchmarks drive it, shown at 1600×1000: it never asks (unsaved
    work is discarded, a turn is submitted with the orders it has)."""
    from app.ui.window.main_window import MainWindow
    win = MainWindow(theme="light")
    win.files.ask_unsaved = lambda doing: "discard"
    win.navigation.ask_missing = lambda owed: True
    win.resize(1600, 1000)
    win.show()
    return win


def open_window(path: Path):
    """:func:`bench_window` with the game at ``path`` open in it."""
    win = bench_window()
    if not win.open_game(str(path)):
        raise SystemExit(f"cannot open {path}: {win.last_message}")
    return win


def enter_orders(win, orders) -> None:
    """Give ``orders`` as the seat's pending orders, shown once (as a paste of many orders
    would): entering thousands one by one through the window is the order entry's cost
    (measured elsewhere), not the submission's, and at 10,000 boards took minutes."""
    from app.match import OrderRefused
    for o in orders:
        try:
            win.match.add_order(o, win.seat)
        except OrderRefused:
            pass
    win._orders_changed()


def measure(path: Path, frames: int, submissions: int = 3) -> dict:
    no_victory()
    t_import = time.perf_counter()
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtWidgets import QApplication
    app = QApplication.instance() or QApplication([])
    from app.ui.window.main_window import MainWindow  # noqa: F401  (timed with the imports)
    from app.bots.selfplay import random_orders
    from app.engine import orderable_units
    import_s = time.perf_counter() - t_import

    # the engine's share of opening (reading the file into a match), timed apart from the window's
    import app.ui.window.files as files_mod
    load: dict = {}

    def timed_open(path, *a, _open=files_mod.open_match, **k):
        s, c = time.perf_counter(), time.thread_time()
        try:
            return _open(path, *a, **k)
        finally:
            load["wall"], load["cpu"] = time.perf_counter() - s, time.thread_time() - c
    files_mod.open_match = timed_open

    t0, c0 = time.perf_counter(), time.process_time()
    win = open_window(path)
    view = win.view
    vp = view.viewport()
    img = QImage(vp.size(), QImage.Format_ARGB32_Premultiplied)

    frame_cpu = [0.0]      # the last frame's CPU time on this (the GUI) thread

    def frame() -> float:
        s, c = time.perf_counter(), time.thread_time()
        p = QPainter(img)
        view.render(p, img.rect().toRectF(), vp.rect())
        p.end()
        frame_cpu[0] = time.thread_time() - c
        return time.perf_counter() - s

    frame()
    first_paint = time.perf_counter() - t0
    first_paint_cpu = time.process_time() - c0
    world = win.game.world
    out: dict = {"boards": len(world.boards), "timelines": len(world.timelines),
                 "import_s": import_s, "first_paint_s": first_paint,
                 "first_paint_cpu_s": first_paint_cpu, "load_s": load["wall"], "load_cpu_s": load["cpu"],
                 "frames": {}}

    def settle() -> None:
        for _ in range(8):
            frame()
            app.processEvents()
            if not win.scene.cache.busy():
                break
            win.scene.cache.wait()
            app.processEvents()

    def frames_at(name: str, setup) -> None:
        setup()
        app.processEvents()
        cold = frame()
        settle()
        times, cpus = [], []
        h = view.horizontalScrollBar()
        for i in range(frames):
            h.setValue(h.value() + (3 if i % 2 == 0 else -2))
            times.append(frame())
            cpus.append(frame_cpu[0])
        out["frames"][name] = {"median_ms": statistics.median(times) * 1000, "max_ms": max(times) * 1000,
                               "median_cpu_ms": statistics.median(cpus) * 1000,
                               "cold_first_ms": cold * 1000,
                               "boards_across": vp.width() / (view.scale_factor() * win.scene.layout.board_w)}

    def across(n):
        def f():
            view.go_to_present()
            view.set_boards_across(n)
        return f

    frames_at("zoomed_out", view.fit_all)
    frames_at("5_across", across(5))
    frames_at("1.5_across", across(1.5))

    # click-to-highlight on units of active boards
    across(5)()
    settle()
    units = orderable_units(world)
    units = units[::max(1, len(units) // 15)][:15]
    lat, lat_cpu = [], []
    for loc in units:
        item = win.scene.items_by_key[loc.board]
        view.centerOn(item.sceneBoundingRect().center())
        settle()
        scene_pt = item.mapToScene(win.scene.art.unit_point(loc.loc))
        s, c = time.perf_counter(), time.thread_time()
        win.clicks.on_click(scene_pt, Qt.LeftButton.value)
        frame()
        lat.append(time.perf_counter() - s)
        lat_cpu.append(time.thread_time() - c)
        win.cancel_entry()
    out["click_to_highlight_ms"] = {"median": statistics.median(lat) * 1000, "max": max(lat) * 1000,
                                    "median_cpu": statistics.median(lat_cpu) * 1000}

    # window submissions: one of each kind (movement, retreats), the view near the present
    across(5)()
    settle()
    rng = random.Random(SEED)
    subs: dict[str, list[float]] = {"movement": [], "retreats": []}
    cpu: dict[str, list[float]] = {"movement": [], "retreats": []}
    gui: dict[str, list[float]] = {"movement": [], "retreats": []}
    for _ in range(6 * submissions + 6):
        if len(subs["movement"]) >= submissions and len(subs["retreats"]) >= submissions:
            break
        kind = "retreats" if win.game.world.pause is not None else "movement"
        enter_orders(win, random_orders(win.game.world, rng))
        s, c, g = time.perf_counter(), time.process_time(), time.thread_time()
        win.submit()
        win.wait_idle()
        frame()
        subs[kind].append(time.perf_counter() - s)
        cpu[kind].append(time.process_time() - c)
        gui[kind].append(time.thread_time() - g)
        app.processEvents()          # what the event loop does next: the paint, then the autosave
        win.files.writer.flush()     # the next submission is not timed against this one's autosave
    out["submission_ms"] = {k: statistics.median(v) * 1000 if v else None for k, v in subs.items()}
    out["submission_runs_ms"] = {k: [x * 1000 for x in v] for k, v in subs.items()}
    # the process's CPU time over the same span (all its threads): steadier than the wall
    # clock on a busy machine, though it also counts a thread working beside the window
    out["submission_cpu_ms"] = {k: statistics.median(v) * 1000 if v else None for k, v in cpu.items()}
    # the GUI thread's CPU time alone: the window's share (the adjudication runs on a thread
    # of its own, the GUI thread waits for it without working)
    out["submission_gui_cpu_ms"] = {k: statistics.median(v) * 1000 if v else None for k, v in gui.items()}

    if kind != "movement":
        # the undo timed takes back a movement submission: a turn's orders are given back
        # (the costly case: every one goes back into the order list and onto its board)
        enter_orders(win, random_orders(win.game.world, rng))
        win.submit()
        win.wait_idle()
        frame()
        app.processEvents()
        win.files.writer.flush()
    out["undo_orders"] = len(win.game.submissions[-1])
    settle()                         # the undo is not timed against the last frame's images being drawn
    s, c = time.perf_counter(), time.thread_time()
    win.undo()
    frame()
    out["undo_ms"] = (time.perf_counter() - s) * 1000
    out["undo_cpu_ms"] = (time.thread_time() - c) * 1000
    n = len(win.game.submissions)
    s, c = time.perf_counter(), time.thread_time()
    win.show_history(n - 1)
    frame()
    out["history_step_ms"] = (time.perf_counter() - s) * 1000
    out["history_step_cpu_ms"] = (time.thread_time() - c) * 1000
    win.show_history(n)
    out["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    win.files.ask_unsaved = lambda doing: "discard"
    win.close()
    return out


ROWS = [
    ("boards", "boards", "{:.0f}", None),
    ("open to first paint (ms)", lambda r: r["first_paint_s"] * 1000, "{:.0f}", 1000),
    ("  open, process CPU (ms)", lambda r: r["first_paint_cpu_s"] * 1000, "{:.0f}", None),
    ("  of which engine load (ms)", lambda r: r["load_s"] * 1000, "{:.0f}", None),
    ("  engine load, CPU (ms)", lambda r: r["load_cpu_s"] * 1000, "{:.0f}", None),
    ("  window share (ms)", lambda r: (r["first_paint_s"] - r["load_s"]) * 1000, "{:.0f}", None),
    ("  window share, CPU (ms)", lambda r: (r["first_paint_cpu_s"] - r["load_cpu_s"]) * 1000, "{:.0f}", None),
    ("frame zoomed out (ms)", lambda r: r["frames"]["zoomed_out"]["median_ms"], "{:.1f}", 16),
    ("  zoomed out, CPU (ms)", lambda r: r["frames"]["zoomed_out"]["median_cpu_ms"], "{:.1f}", None),
    ("frame zoomed out, max (ms)", lambda r: r["frames"]["zoomed_out"]["max_ms"], "{:.1f}", None),
    ("frame 5 across (ms)", lambda r: r["frames"]["5_across"]["median_ms"], "{:.1f}", 16),
    ("  5 across, CPU (ms)", lambda r: r["frames"]["5_across"]["median_cpu_ms"], "{:.1f}", None),
    ("frame 1.5 across (ms)", lambda r: r["frames"]["1.5_across"]["median_ms"], "{:.1f}", None),
    ("  1.5 across, CPU (ms)", lambda r: r["frames"]["1.5_across"]["median_cpu_ms"], "{:.1f}", None),
    ("click to highlight (ms)", lambda r: r["click_to_highlight_ms"]["median"], "{:.1f}", 50),
    ("  click, CPU (ms)", lambda r: r["click_to_highlight_ms"]["median_cpu"], "{:.1f}", None),
    ("submission, movement (ms)", lambda r: r["submission_ms"]["movement"], "{:.0f}", 80),
    ("submission, retreats (ms)", lambda r: r["submission_ms"]["retreats"], "{:.0f}", 100),
    ("  movement, process CPU (ms)", lambda r: r["submission_cpu_ms"]["movement"], "{:.0f}", None),
    ("  retreats, process CPU (ms)", lambda r: r["submission_cpu_ms"]["retreats"], "{:.0f}", None),
    ("  movement, window CPU (ms)", lambda r: r["submission_gui_cpu_ms"]["movement"], "{:.0f}", None),
    ("  retreats, window CPU (ms)", lambda r: r["submission_gui_cpu_ms"]["retreats"], "{:.0f}", None),
    ("undo (ms)", "undo_ms", "{:.0f}", 150),
    ("  undo, window CPU (ms)", "undo_cpu_ms", "{:.0f}", None),
    ("  undo, orders given back", "undo_orders", "{:.0f}", None),
    ("history step (ms)", "history_step_ms", "{:.0f}", 150),
    ("  history step, CPU (ms)", "history_step_cpu_ms", "{:.0f}", None),
    ("peak RSS (MB)", "peak_rss_mb", "{:.0f}", 350),
]


def table(results: list[dict], rows=None) -> str:
    """The figures side by side; ``rows``: (label, key or getter, format, target), ROWS by default."""
    lines = []
    head = f"{'':32}" + "".join(f"{'world ' + str(i + 1):>12}" for i in range(len(results))) + f"{'target':>10}"
    lines.append(head)
    for label, get, fmt, target in rows or ROWS:
        cells = []
        for r in results:
            try:
                v = get(r) if callable(get) else r[get]
                cells.append(fmt.format(v) if v is not None else "—")
            except (KeyError, TypeError):
                cells.append("—")
        lines.append(f"{label:32}" + "".join(f"{c:>12}" for c in cells) + (f"{'<= ' + str(target):>10}" if target else ""))
    return "\n".join(lines)


def warm_map_cache(env: dict) -> None:
    """Keep the map's plain form in the child's data folder, as any start after the first
    finds it (app/ui/multiverse/plain_map.py); code without that cache ignores this."""
    subprocess.run([sys.executable, "-c", "try:\n    from app.engine import load_variant\n"
                    "except ImportError:\n    from app.engine.variant import load_variant\n"
                    "from app.ui.multiverse.plain_map import load_plain_map\n"
                    "load_plain_map(load_variant('standard').map_path)"],
                   capture_output=True, env=env, cwd=ROOT)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="300,1000,2000", help="world sizes in boards (comma-separated)")
    ap.add_argument("--file", help="measure this saved game instead")
    ap.add_argument("--json", help="also write the figures here")
    ap.add_argument("--frames", type=int, default=20)
    ap.add_argument("--submissions", type=int, default=3, help="submissions of each kind timed (median)")
    ap.add_argument("--cold-map", action="store_true",
                    help="open without the map's plain form kept (as the very first start does)")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        print(json.dumps(measure(Path(args.child), args.frames, args.submissions)))
        return 0
    files = [Path(args.file)] if args.file else world_files([int(n) for n in args.sizes.split(",")],
                                                            log=lambda m: print(m, file=sys.stderr, flush=True))
    results = []
    for f in files:
        env = dict(os.environ, DIPLO5D_DATA_DIR=tempfile.mkdtemp())
        if not args.cold_map:
            warm_map_cache(env)
        run = subprocess.run([sys.executable, __file__, "--child", str(f), "--frames", str(args.frames),
                              "--submissions", str(args.submissions)],
                             capture_output=True, text=True, env=env, cwd=ROOT)
        if run.returncode != 0:
            print(run.stderr, file=sys.stderr)
            return 1
        results.append(json.loads(run.stdout.strip().splitlines()[-1]))
    print(table(results))
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
