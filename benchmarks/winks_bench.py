"""Thrown-pieces benchmark: frame time while a piece flies, in the real window, offscreen.

    python3 benchmarks/winks_bench.py                  # 1366×768 and 1920×1080
    python3 benchmarks/winks_bench.py --json out.json  # also write the figures as JSON

For each window size: a 7-player thrown start with 40 pieces already on the board, then a
throw aimed into the crowd (so it pushes pieces). Every recorded frame of its flight is
shown (``ThrownStartWindow.flight_frame``) and the board widget painted into an image the
size of the widget, as the screen would be; the paint time per frame is reported (median,
p90, max over all frames of 5 throws). Also timed: the physics of one throw without
frames, and a whole random 7-player thrown start (throws, clean-up, choices).

Target: a frame <= 16 ms (60 frames per second).
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

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PySide6.QtGui import QImage  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from app.winks import throw_at_random  # noqa: E402
from app.winks.physics import aim_at  # noqa: E402


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p * (len(xs) - 1))))]


def frames_at(size: tuple[int, int]) -> dict:
    from app.ui.winks import ThrownStartWindow
    win = ThrownStartWindow(("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"), seed=3)
    win.resize(*size)
    win.show()
    QApplication.processEvents()
    rng = random.Random(1)
    while len(win.game.throws) < 40:
        t = "A" if len(win.game.throws) % 2 else "F"
        win.throw(t, win._random_throw(t, rng), animate=False)
    board = win.board
    img = QImage(board.size(), QImage.Format_ARGB32_Premultiplied)
    times: list[float] = []
    frames = 0
    for k in range(5):
        target = list(win.game.resting.values())[k * 5]
        t = "A" if len(win.game.throws) % 2 else "F"
        landing = win.throw(t, aim_at(win.game.table, target))
        win.timer.stop()  # we drive the frames ourselves
        for f in landing.frames:
            t0 = time.perf_counter()
            win.flight_frame(f.t)
            board.render(img)
            times.append((time.perf_counter() - t0) * 1000)
            frames += 1
        win.flight_frame(1e9)
    win.close()
    return {"size": f"{size[0]}x{size[1]}", "frames": frames, "median_ms": round(statistics.median(times), 2),
            "p90_ms": round(pct(times, 0.9), 2), "max_ms": round(max(times), 2)}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--json")
    args = ap.parse_args()
    app = QApplication.instance() or QApplication([])
    out = {"flight": [frames_at((1366, 768)), frames_at((1920, 1080))]}
    t0 = time.perf_counter()
    g = throw_at_random(7, seed=1)
    out["random_start_7_players_s"] = round(time.perf_counter() - t0, 3)
    out["throws"] = len(g.throws)
    for f in out["flight"]:
        print(f"flight frame at {f['size']}: median {f['median_ms']} ms, p90 {f['p90_ms']} ms, "
              f"max {f['max_ms']} ms over {f['frames']} frames (target <= 16 ms)")
    print(f"random 7-player thrown start ({out['throws']} throws, clean-up, choices): "
          f"{out['random_start_7_players_s']} s")
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1))
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main())
