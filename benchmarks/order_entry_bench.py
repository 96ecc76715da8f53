"""Order entry benchmark: the real main window, offscreen, entering a whole turn one order at a
time on selfplay worlds of 300, 1000 and 2000 boards.

    python3 benchmarks/order_entry_bench.py                  # 300, 1000 and 2000 boards
    python3 benchmarks/order_entry_bench.py --sizes 2000     # one size
    python3 benchmarks/order_entry_bench.py --json out.json  # also write the figures as JSON

The worlds are ui_bench.py's (selfplay with victory off, cached in benchmarks/.cache/).
Each size runs in a process of its own. A turn's orders are random legal orders for every
nation (``selfplay.random_orders``, about one per unit on the active boards); each is given
through the path a click on the board takes (``ClickHandler.handle`` with the order entry's
outcome: the match checks and adds the order, then the arrows, the order list, the
attention counts, the title and the highlights follow). The event loop runs between two
orders (outside the timer), as it does between two clicks; frames are ui_bench.py's concern.

Figures, each as wall time and the GUI thread's CPU time (``time.thread_time``) side by
side, since the machine may be shared:
- one more order with the turn's other orders pending (~1000 at 2000 boards): the median
  over the turn's last 20 orders;
- the whole turn entered one by one: the sum over every order.

Targets (issue 17): at 2000 boards with ~1000 pending, one more order <= 10 ms; a whole
turn of ~1000 orders <= 5 s of CPU.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from ui_bench import SEED, no_victory, open_window, table, world_file  # noqa: E402  (the same worlds and table as the UI benchmark)

LAST = 20      # the turn's last orders, each timed with all the others pending


def measure(path: Path) -> dict:
    no_victory()
    from PySide6.QtWidgets import QApplication
    app = QApplication.instance() or QApplication([])
    from app.bots.selfplay import random_orders
    from app.match.order_entry import Outcome

    win = open_window(path)
    rng = random.Random(SEED)
    if win.game.world.pause is not None:          # a retreat pause: play it, then order a movement turn
        for o in random_orders(win.game.world, rng):
            win.add_order(o)
        win.submit()
        win.wait_idle()
    win.view.go_to_present()
    app.processEvents()
    orders = random_orders(win.game.world, rng)
    walls, cpus = [], []
    for o in orders:
        w, c = time.perf_counter(), time.thread_time()
        win.clicks.handle(Outcome(o))
        walls.append(time.perf_counter() - w)
        cpus.append(time.thread_time() - c)
        app.processEvents()
    pending = len(win.pending)
    world = win.game.world
    out = {"boards": len(world.boards), "active": len(world.active_boards()), "orders": len(orders),
           "pending": pending,
           "one_more_ms": statistics.median(walls[-LAST:]) * 1000,
           "one_more_cpu_ms": statistics.median(cpus[-LAST:]) * 1000,
           "one_more_max_ms": max(walls[-LAST:]) * 1000,
           "turn_s": sum(walls), "turn_cpu_s": sum(cpus),
           "first_ms": statistics.median(walls[:LAST]) * 1000}
    win.files.ask_unsaved = lambda doing: "discard"
    win.close()
    return out


ROWS = [
    ("boards", "boards", "{:.0f}", None),
    ("active boards", "active", "{:.0f}", None),
    ("orders in the turn", "orders", "{:.0f}", None),
    ("  of them pending at the end", "pending", "{:.0f}", None),
    ("first orders, median (ms)", "first_ms", "{:.2f}", None),
    ("one more order, median (ms)", "one_more_ms", "{:.2f}", 10),
    ("  GUI thread CPU (ms)", "one_more_cpu_ms", "{:.2f}", 10),
    ("  max of the last 20 (ms)", "one_more_max_ms", "{:.2f}", None),
    ("whole turn, wall (s)", "turn_s", "{:.2f}", None),
    ("whole turn, GUI thread CPU (s)", "turn_cpu_s", "{:.2f}", 5),
]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="300,1000,2000", help="world sizes in boards (comma-separated)")
    ap.add_argument("--json", help="also write the figures here")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        print(json.dumps(measure(Path(args.child))))
        return 0
    results = []
    for n in args.sizes.split(","):
        f = world_file(int(n))
        env = dict(os.environ, DIPLO5D_DATA_DIR=tempfile.mkdtemp())
        run = subprocess.run([sys.executable, __file__, "--child", str(f)], capture_output=True, text=True,
                             env=env, cwd=ROOT)
        if run.returncode != 0:
            print(run.stderr, file=sys.stderr)
            return 1
        results.append(json.loads(run.stdout.strip().splitlines()[-1]))
    print(f"load average: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
    print(table(results, ROWS))
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
