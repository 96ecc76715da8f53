"""What the autosave after a submission costs the window: the real main window, offscreen.

    python3 benchmarks/autosave_pass_bench.py                      # 10,000 boards, autosave on and off
    python3 benchmarks/autosave_pass_bench.py --boards 2000 --submissions 5
    python3 benchmarks/autosave_pass_bench.py --sample             # and where the window waited

A world grown by selfplay (``benchmarks/.cache``, as ``ui_bench.py`` grows it) is opened in
the window. Each time: random legal orders for every nation are entered as pending orders,
Submit is pressed and the new boards are rendered (as ``ui_bench.py`` times a submission),
then the event loop runs (``processEvents``) until the new boards are painted and the
autosave they start is under way (the snapshot on the window's thread, the text and the
file on the writer's thread), and one pass more: the window's next work (the overview's
miniatures, the results list, whatever else was queued) beside the writer. That is timed, wall and the GUI thread's CPU
time; after it the event loop runs until the writer is done, so one submission's save never
overlaps the next.

The same is done with the autosave switched off (in a process of its own), for comparison:
the target (issue 24) is the pass with the autosave on within ~20 ms of the pass without it.
The writer's own time is printed beside it (its thread's wall time from the submission's
autosave queued to the file on disk, and CPU time). ``--sample`` records the
window thread's stack every millisecond during the passes and prints where it stood most
often (the line it waited on).
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


class StackSampler:
    """Records where one thread stands every ``every`` seconds, while :attr:`on`."""

    def __init__(self, thread_id: int, every: float = 0.001):
        self.thread_id, self.every = thread_id, every
        self.on = False
        self.counts: collections.Counter = collections.Counter()
        self._stop = False
        self._thread = threading.Thread(target=self._run, name="sampler", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop:
            time.sleep(self.every)
            if not self.on:
                continue
            f = sys._current_frames().get(self.thread_id)
            stack = []
            while f is not None and len(stack) < 4:
                stack.append(f"{Path(f.f_code.co_filename).name}:{f.f_lineno} {f.f_code.co_name}")
                f = f.f_back
            self.counts[" < ".join(stack)] += 1

    def stop(self) -> None:
        self._stop = True
        self._thread.join()


def wait_for_writer(app, writer) -> None:
    """Run the window's event loop until the writer is done, as the app would (the writer
    works on while the loop waits for events, see app.match.storage.Pacer)."""
    from PySide6.QtCore import QEventLoop, QTimer
    loop = QEventLoop()
    poll = QTimer(interval=20, timeout=lambda: writer.busy() or loop.quit())
    poll.start()
    if writer.busy():
        loop.exec()
    poll.stop()


def measure(path: Path, submissions: int, autosave: bool, sample: bool) -> dict:
    from ui_bench import enter_orders, no_victory, open_window
    no_victory()
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtWidgets import QApplication
    app = QApplication.instance() or QApplication([])
    from app.bots.selfplay import random_orders

    win = open_window(path)
    if not autosave:
        win.files.autosave_now = lambda: False
    writer = win.files.writer
    writer_cpu, writer_wall = [0.0], [0.0]

    def timed_run(_run=writer._run):   # the writer's thread, each time it starts: its CPU and wall time
        c, w = time.thread_time(), time.perf_counter()
        try:
            _run()
        finally:
            writer_cpu[0] += time.thread_time() - c
            writer_wall[0] += time.perf_counter() - w
    writer._run = timed_run
    view, vp = win.view, win.view.viewport()
    img = QImage(vp.size(), QImage.Format_ARGB32_Premultiplied)

    def frame() -> None:
        p = QPainter(img)
        view.render(p, img.rect().toRectF(), vp.rect())
        p.end()

    view.go_to_present()
    view.set_boards_across(5)
    for _ in range(3):
        frame()
        app.processEvents()
    win.files.autosave_now()    # the first save after opening (it also splits the file's text)
    writer.flush()
    sampler = StackSampler(threading.main_thread().ident) if sample else None
    rng = random.Random(7)
    passes, cpus, saves, save_walls = [], [], [], []
    while len(passes) < submissions:
        movement = win.game.world.pause is None
        enter_orders(win, random_orders(win.game.world, rng))
        win.submit()
        win.wait_idle()
        frame()
        if not movement:     # retreats: not timed, the next one is a movement
            app.processEvents()
            writer.flush()
            continue
        writer_cpu[0] = writer_wall[0] = 0.0
        if sampler:
            sampler.on = True
        s, c = time.perf_counter(), time.thread_time()
        # the passes until the new boards are painted and the autosave is started, then
        # one more: the window's next work (the overview, the results…) beside the writer
        while win.adjudicator.after_paint is not None and win.adjudicator.after_paint.fn is not None \
                and time.perf_counter() - s < 2:
            app.processEvents()
        app.processEvents()
        passes.append((time.perf_counter() - s) * 1000)
        cpus.append((time.thread_time() - c) * 1000)
        if sampler:
            sampler.on = False
        wait_for_writer(app, writer)
        saves.append(writer_cpu[0] * 1000)
        save_walls.append(writer_wall[0] * 1000)
    out = {"boards": len(win.game.world.boards), "autosave": autosave, "pass_ms": passes,
           "pass_gui_cpu_ms": cpus, "writer_cpu_ms": saves, "writer_wall_ms": save_walls,
           "written": len(writer.written), "errors": writer.errors}
    if sampler:
        sampler.stop()
        out["waits"] = sampler.counts.most_common(8)
    win.files.ask_unsaved = lambda doing: "discard"
    win.close()
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--boards", type=int, default=10000)
    ap.add_argument("--submissions", type=int, default=3, help="movement submissions timed")
    ap.add_argument("--sample", action="store_true", help="print where the window thread stood")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        r = measure(Path(args.child), args.submissions, autosave=os.environ["AUTOSAVE"] == "1", sample=args.sample)
        print("RESULT " + json.dumps(r))
        return 0
    from grown import load_average
    from ui_bench import world_file
    path = world_file(args.boards)
    print(f"{path.name}, {args.submissions} movement submissions each, load {load_average()}")
    for on in (True, False):
        env = dict(os.environ, DIPLO5D_DATA_DIR=tempfile.mkdtemp(), AUTOSAVE="1" if on else "0")
        cmd = [sys.executable, __file__, "--child", str(path), "--submissions", str(args.submissions)]
        proc = subprocess.run(cmd + (["--sample"] if args.sample else []), env=env, capture_output=True, text=True)
        line = next((x for x in proc.stdout.splitlines() if x.startswith("RESULT ")), None)
        if line is None:
            print(proc.stdout[-2000:], proc.stderr[-4000:])
            return 1
        r = json.loads(line[7:])
        fmt = lambda xs: " / ".join(f"{x:.0f}" for x in xs)   # noqa: E731
        print(f"autosave {'on ' if on else 'off'}: {r['boards']} boards; pass after a submission "
              f"{fmt(r['pass_ms'])} ms wall (median {statistics.median(r['pass_ms']):.0f}), "
              f"GUI thread CPU {fmt(r['pass_gui_cpu_ms'])} ms"
              + (f"; the save on the writer's thread {fmt(r['writer_wall_ms'])} ms wall, "
                 f"{fmt(r['writer_cpu_ms'])} ms CPU" if on else ""))
        for stack, n in r.get("waits", []):
            print(f"    {n:4d} ms  {stack}")
    print(f"load after: {load_average()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
