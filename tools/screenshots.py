"""Screenshots of the main window, offscreen, for looking at what we build.

    python3 tools/screenshots.py [OUT_FOLDER] [--only fresh,fork,results,big,...] [--sizes 1366x768,1920x1080]

Renders the real window (``QT_QPA_PLATFORM=offscreen``) at 1366×768 and 1920×1080, in
light and dark, of:

- ``fresh``: a new sandbox game (the province names at the default zoom);
- ``near``: the same, zoomed in on a board (full names);
- ``fork``: a timeline split after a move into the past;
- ``results``: the results list after a submission with a failed and an invalid order;
- ``reopened``: a game saved after such a submission, opened again (its results come back);
- ``fog``: a fogged hotseat game after a round, the Results list as one seat sees it;
- ``civ``: a civilisations game (one person, eight computer civilisations) after five
  submissions: the fog, the dates BC on labels and headers, a Winter column;
- ``big``: a 300+ board world (a cached selfplay world, ``benchmarks/.cache``, grown if
  missing) played on to a retreat phase, with "Next board" (N) pressed once;
- ``thrown``, ``rules``, ``preview``: those windows as they open on a screen of that size
  (drawn over the main window, where the screen puts them);
- ``ending``: the end screen after a sandbox victory, over the window;
- ``tutorial``: each step of the tutorial (``tutorial-01`` …).

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
    w.navigation.ask_missing = lambda owed: True          # submit what is there, unasked (no modal question)
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
    from app.engine import load_variant
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
        w.navigation.last_visited = None        # every picture shows the first board needing attention
        w.navigation.next_attention()
    return frame


def scene_near(w):
    w.new_game(confirmed=True)
    from app.engine import BoardKey
    return lambda: w.view.show_board(BoardKey.parse("1:S1901"), 0.75)


def scene_reopened(w):
    w.new_game(confirmed=True)
    _submit(w, ["A vie - gal", "A war - gal", "A mun S A ber - sil", "F lon - nth"])
    path = Path(tempfile.mkdtemp(prefix="5d-shots-")) / "reopened.json"
    if not w.save_as(str(path)):
        raise SystemExit(f"screenshots: cannot save {path}")
    w.new_game(confirmed=True)
    if not w.open_game(str(path)):
        raise SystemExit(f"screenshots: cannot open {path}: {w.last_message}")
    w.results_dock.raise_()
    return lambda: w.view.go_to_present()


def scene_fog(w):
    ada = {"name": "Ada", "colour": "#1971c2", "nations": ["England", "France", "Germany"]}
    ben = {"name": "Ben", "colour": "#e8590c", "nations": ["Russia", "Turkey", "Austria", "Italy"]}
    w.new_game("hotseat", seats=[ada, ben], fog=True, confirmed=True)
    w.curtain.button.click()
    for t in ("A par - bur", "A mar - bur", "A mun - tyr"):
        w.console_order(t)
    w.submit()
    w.curtain.button.click()
    for t in ("A war - gal", "A vie - gal", "A ven - tyr"):
        w.console_order(t)
    _submit(w)
    w.curtain.button.click()                     # Ada, after the adjudication: her sight
    w.results_dock.raise_()
    return lambda: w.view.go_to_present()


def scene_civ(w):
    from app.match.civ_setup import CivPlayer
    settings = {"variant": "standard", "adjacency": "strict",
                "civ": {"players": [CivPlayer("Ada", "Sumer", "#c92a2a", None)], "computers": 8, "levels": ["easy"]}}
    if not w.civ_ui.start(settings, seed=5):
        raise SystemExit(f"screenshots: the civilisations game did not start: {w.last_status}")
    for _ in range(5):
        _submit(w)
    return lambda: w.view.go_to_present()


SCENES = {"fresh": scene_fresh, "civ": scene_civ, "near": scene_near, "fork": scene_fork, "results": scene_results,
          "reopened": scene_reopened, "fog": scene_fog, "big": scene_big}


# -- sequences: windows opened, or several states of one game, made again for each size and theme ---


def _over_window(w, top):
    """``top`` (another window) drawn where the screen put it, over the main window."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QColor, QPainter, QPen
    from PySide6.QtWidgets import QApplication
    QApplication.processEvents()
    from PySide6.QtCore import QRect
    from app.ui.window.settle import settle
    w.view.go_to_present()
    settle(w, rounds=8)
    base = w.grab().toImage()
    p = QPainter(base)
    f, g = top.frameGeometry(), top.geometry()
    bar = 28                                   # a window manager's title bar, above the window's own area
    p.fillRect(QRect(f.left(), f.top(), g.width() + 2, bar + g.height() + 1), QColor("#3b3f45"))
    p.setPen(QPen(QColor("#ffffff")))
    p.drawText(QRect(f.left() + 10, f.top(), g.width() - 20, bar), Qt.AlignLeft | Qt.AlignVCenter,
               top.windowTitle() if top.windowTitle().endswith("5D Diplomacy") else top.windowTitle() + " — 5D Diplomacy")
    p.drawImage(f.left() + 1, f.top() + bar, top.grab().toImage())
    p.end()
    return base


def won_sandbox(w):
    """A sandbox game France wins at the window's own submission (a copy of the standard
    variant with 7 centres to win), after a move into the past: a story with a fork."""
    import copy
    from app.engine import Game, load_variant
    from app.match import Match
    v = copy.copy(load_variant("standard"))
    v.victory_centres = 7
    g = Game.new(v)
    for orders in (["F bre - mao", "A mar - spa", "A par - bur"], ["F mao - por", "A bur - bel"],
                   ["France: build A par", "France: build F bre"], ["A par - 1:par:F1901", "A bel - hol", "F bre - eng"]):
        g.submit_text(orders)
    w.set_match(Match(g), None)
    _submit(w, ["F 1:por H"])


def seq_ending(w):
    """The end screen after a victory, over the window."""
    from PySide6.QtWidgets import QApplication
    won_sandbox(w)
    screen = w.ending.screen
    while screen.story is None:
        QApplication.processEvents()
    yield "", _over_window(w, screen)
    screen.close()


def seq_thrown(w):
    from app.ui.winks import open_thrown_start
    w.new_game(confirmed=True)
    win = open_thrown_start(w, 4, 7, lambda game: None)
    yield "", _over_window(w, win)
    win.close()


def seq_rules(w):
    w.new_game(confirmed=True)
    w.show_rules()
    yield "", _over_window(w, w._rules)
    w._rules.close()


def seq_preview(w):
    from app.ui.preview.window import PreviewWindow
    from app.ui.window.settle import settle
    w.new_game(confirmed=True)
    win = PreviewWindow("standard", theme=w.theme.name)
    win.show()
    for _ in range(20):
        from PySide6.QtWidgets import QApplication
        QApplication.processEvents()
    if getattr(win, "game_scene", None) is not None:
        win.game_scene.cache.wait()
    yield "", _over_window(w, win)
    win.close()


def seq_tutorial(w):
    from app.ui.tutorial import Tutorial
    from app.ui.window.settle import settle
    t = Tutorial.start(w)
    for i, step in enumerate(t.steps):
        w.view.go_to_present()
        t._place()                               # (the card follows the view after 150 ms in use)
        settle(w)
        yield f"{i + 1:02d}", None
        if i == len(t.steps) - 1:
            break
        if step.done is None:
            t.next()
        else:
            t.do_it()                            # the step done as the player would, then the next
            t._advance.stop()
            t._next_step()
    t.end()


SEQUENCES = {"thrown": seq_thrown, "rules": seq_rules, "preview": seq_preview, "tutorial": seq_tutorial,
             "ending": seq_ending}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("out", nargs="?", default="/tmp/screens", help="folder for the PNGs (default /tmp/screens)")
    p.add_argument("--only", default="fresh,fork,results,big",
                   help="scenes to take, comma-separated: " + ", ".join(list(SCENES) + list(SEQUENCES)))
    p.add_argument("--sizes", default=",".join(f"{a}x{b}" for a, b in SIZES), help="window sizes, e.g. 1366x768")
    args = p.parse_args(argv)
    names = [n.strip() for n in args.only.split(",") if n.strip()]
    unknown = [n for n in names if n not in SCENES and n not in SEQUENCES]
    if unknown:
        p.error(f"unknown scene {', '.join(unknown)} (known: {', '.join(list(SCENES) + list(SEQUENCES))})")
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
    from app.ui.window.settle import settle
    failed = 0
    from PySide6.QtCore import QRect
    from app.ui import screen_fit
    real_rect = screen_fit.available_rect
    for name in [n for n in names if n in SEQUENCES]:
        for theme in THEMES:
            for width, height in sizes:
                # windows open as on a screen of this size (the screen's available area)
                screen_fit.available_rect = lambda widget=None, r=QRect(0, 0, width, height): r
                w = _window()
                w.commands.dark.setChecked(theme == "dark")
                w.toggle_theme()
                w.resize(width, height)
                app.processEvents()
                try:
                    for suffix, img in SEQUENCES[name](w):
                        settle(w, rounds=8, whole_overview=True)
                        img = img if img is not None else w.grab().toImage()
                        path = out / f"{name}{'-' + suffix if suffix else ''}-{width}x{height}-{theme}.png"
                        if img.save(str(path)):
                            print(path)
                        else:
                            print(f"screenshots: cannot write {path}", file=sys.stderr)
                            failed += 1
                finally:
                    screen_fit.available_rect = real_rect
                w.close()
    for name in [n for n in names if n in SCENES]:
        w = _window()
        frame = SCENES[name](w)
        for theme in THEMES:
            w.commands.dark.setChecked(theme == "dark")
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
