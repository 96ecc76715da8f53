"""Screenshots of the main window, offscreen, for looking at what we build.

    python3 tools/screenshots.py [OUT_FOLDER] [--only fresh,fork,results,big] [--sizes 1366x768,1920x1080]

Renders the real window (``QT_QPA_PLATFORM=offscreen``) at 1366×768 and 1920×1080, in
light and dark, of:

- ``fresh``: a new sandbox game;
- ``fork``: a timeline split after a move into the past;
- ``results``: the results list after a submission with a failed and an invalid order;
- ``big``: a 300+ board world (a cached selfplay world, ``benchmarks/.cache``, grown if
  missing) played on to a retreat phase, with "Next board" (N) pressed once.

Writes ``OUT_FOLDER/<scene>-<width>x<height>-<theme>.png`` (default ``/tmp/screens``) and
prints each path. The window's settings go to a temporary folder: nothing of the user's
is read or changed.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("DIPLO5D_DATA_DIR", tempfile.mkdtemp(prefix="5d-screens-"))

SIZES = ((1366, 768), (1920, 1080))
THEMES = ("light", "dark")
BIG_BOARDS = 300
BIG_SEED = 7


def _window():
    from app.ui.window.main_window import MainWindow
    w = MainWindow(theme="light")
    w.files.ask_unsaved = lambda doing: "discard"
    w.ask_missing = lambda owed: True          # submit what is there, unasked (no modal question)
    w.resize(*SIZES[0])
    w.show()
    return w


def _submit(w, texts=()) -> None:
    for t in texts:
        if not w.console_order(t):
            raise SystemExit(f"screenshots: the order {t!r} was refused: {w.last_status}")
    w.submit()
    w.wait_idle()


# -- the scenes: each sets up a window and returns how to frame it for every size -------------


def scene_fresh(w):
    w.new_game(confirmed=True)
    return lambda: w.view.go_to_present()


def scene_fork(w):
    w.new_game(confirmed=True)
    _submit(w, ["A mun - ruh", "A vie - gal", "F lon - nth"])
    _submit(w, ["A 1:ruh:F1901 - 1:ruh:S1901", "F nth - nwy"])
    assert len(w.game.world.timelines) == 2, "the move into the past did not fork"
    return lambda: w.view.fit_all()


def scene_results(w):
    w.new_game(confirmed=True)
    _submit(w, ["A vie - gal", "A war - gal",        # both bounce: failed
                "A mun S A ber - sil",                # Berlin holds: the support is invalid
                "F lon - nth"])
    return lambda: w.view.go_to_present()


def scene_big(w):
    from app.bots.selfplay import grow_world, random_orders
    from app.engine.variant import load_variant
    load_variant("standard").victory_centres = 10 ** 6     # as the benchmarks: play past any solo win
    path = ROOT / "benchmarks" / ".cache" / f"selfplay-{BIG_SEED}-{BIG_BOARDS}.json"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        grow_world(seed=BIG_SEED, boards=BIG_BOARDS, victory=False).save(path)
    if not w.open_game(str(path)):
        raise SystemExit(f"screenshots: cannot open {path}: {w.last_message}")
    rng = random.Random(BIG_SEED)
    for _ in range(20):
        if w.game.world.pause is not None:
            break
        for o in random_orders(w.game.world, rng):
            w.add_order(o)
        w.submit()
        w.wait_idle()
    if w.game.world.pause is None:
        raise SystemExit("screenshots: no retreat phase came in 20 submissions")

    def frame():
        w.view.go_to_present()
        w._attention_at = None        # every picture shows the first board needing attention
        w.next_attention()
    return frame


SCENES = {"fresh": scene_fresh, "fork": scene_fork, "results": scene_results, "big": scene_big}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("out", nargs="?", default="/tmp/screens", help="folder for the PNGs (default /tmp/screens)")
    p.add_argument("--only", default=",".join(SCENES), help="scenes to take, comma-separated: " + ", ".join(SCENES))
    p.add_argument("--sizes", default=",".join(f"{a}x{b}" for a, b in SIZES), help="window sizes, e.g. 1366x768")
    args = p.parse_args(argv)
    names = [n.strip() for n in args.only.split(",") if n.strip()]
    unknown = [n for n in names if n not in SCENES]
    if unknown:
        p.error(f"unknown scene {', '.join(unknown)} (known: {', '.join(SCENES)})")
    try:
        sizes = [tuple(int(v) for v in s.lower().split("x")) for s in args.sizes.split(",")]
    except ValueError:
        p.error(f"--sizes: write sizes as WIDTHxHEIGHT, e.g. 1366x768 (not {args.sizes!r})")
    out = Path(args.out)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        print(f"screenshots: cannot make {out}: {e.strerror or e}", file=sys.stderr)
        return 1
    from PySide6.QtWidgets import QApplication
    app = QApplication.instance() or QApplication([])
    from app.ui.app import settle
    failed = 0
    for name in names:
        w = _window()
        frame = SCENES[name](w)
        for theme in THEMES:
            w.a_dark.setChecked(theme == "dark")
            w.toggle_theme()
            for width, height in sizes:
                w.resize(width, height)
                app.processEvents()
                frame()
                settle(w, rounds=8, whole_overview=True)
                path = out / f"{name}-{width}x{height}-{theme}.png"
                if w.grab().save(str(path)):
                    print(path)
                else:
                    print(f"screenshots: cannot write {path}", file=sys.stderr)
                    failed += 1
        w.close()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
