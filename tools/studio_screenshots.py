"""Screenshots of the studio (issue 20), offscreen, for looking at what it draws.

    python3 tools/studio_screenshots.py [OUT_FOLDER] [--sizes 1366x768]

At each size, light and dark:

- ``editor``: the position editor opened on a board, a few units placed, a refusal shown;
- ``preview``: the adjudication preview on a world of two timelines (a bounce, a success,
  a dislodged unit, a timeline that would fork);
- ``plans``: a hotseat game, Ada at the table with arrows and rings drawn and notes typed;
- ``curtain``: the same game with the curtain down for Ben, then ``next-seat``: Ben at
  the table (nothing of Ada's plans or notes);
- ``chart``: the centre chart dock after a few submissions.

Writes ``OUT_FOLDER/<scene>-<width>x<height>-<theme>.png`` (default /tmp/studio-shots). The
window's settings go to a temporary folder: nothing of the user's is read or changed.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("DIPLO5D_DATA_DIR", tempfile.mkdtemp(prefix="5d-studio-shots-"))

ADA = {"name": "Ada", "colour": "#1971c2", "nations": ["England", "France", "Germany"]}
BEN = {"name": "Ben", "colour": "#e8590c", "nations": ["Russia", "Turkey", "Austria", "Italy"]}


def _window(theme: str, size):
    from app.ui.window.main_window import MainWindow
    w = MainWindow(theme=theme)
    w.files.ask_unsaved = lambda doing: "discard"
    w.navigation.ask_missing = lambda owed: True
    w.resize(*size)
    w.show()
    return w


def _submit(w, texts=()):
    for t in texts:
        if not w.console_order(t):
            raise SystemExit(f"studio screenshots: the order {t!r} was refused: {w.last_status}")
    w.submit()
    w.wait_idle()


def _settle(w, wait_for=None, seconds: float = 5.0):
    import time
    from PySide6.QtWidgets import QApplication
    from app.ui.window.settle import settle
    end = time.perf_counter() + seconds
    while wait_for is not None and not wait_for() and time.perf_counter() < end:
        QApplication.processEvents()
        time.sleep(0.01)
    settle(w, rounds=8)


def shots(out: Path, size, theme: str) -> list[Path]:
    from app.engine import BoardKey, Location, Turn
    from PySide6.QtCore import Qt
    tag = f"{size[0]}x{size[1]}-{theme}"
    done = []

    def save(widget, name):
        path = out / f"{name}-{tag}.png"
        widget.grab().save(str(path))
        done.append(path)

    # the preview on a world of two timelines
    w = _window(theme, size)
    w.new_game(confirmed=True)
    _submit(w, ["A mun - bur", "A par - pic"])
    _submit(w, ["A 1:pic:F1901 - 1:pic:S1901"])          # into the past: timeline 2
    while not all(k.turn.is_movement for k in w.game.world.active_boards()):
        _submit(w)
    w.studio.a_preview.setChecked(True)
    for t in ["A 1:mar:F1902 - 1:bur:F1902", "A 1:pic:F1902 S A 1:mar:F1902 - 1:bur:F1902",   # dislodges
              "A 2:mar:S1902 - 2:bur:S1902", "A 2:bur:S1902 - 2:mar:S1902",                    # a swap: both bounce
              "A 2:par:S1902 - 1:par:S1902",                                                   # would fork
              "F 2:bre:S1902 - 2:bur:S1902", "A 2:ber:S1902 - 2:mun:S1902"]:                   # invalid; succeeds
        w.console_order(t)
    got = []
    w.studio.preview.shown.connect(got.append)
    _settle(w, lambda: got)
    w.notices.toast.hide()
    lay = w.scene.layout
    w.view.fit_rect(lay.rect(BoardKey(1, Turn(1902, 0))).united(lay.rect(BoardKey(3, Turn(1902, 1))))
                    .adjusted(-60, -120, 60, 40))
    _settle(w)
    save(w, "preview-fork")
    w.view.show_board(BoardKey(2, Turn(1902, 0)), 1.1)
    _settle(w)
    save(w, "preview")
    w.view.show_board(BoardKey(1, Turn(1902, 1)), 1.1)
    _settle(w)
    save(w, "preview-dislodged")
    # the chart after those submissions
    w.studio.chart_dock.raise_()
    _settle(w, lambda: w.studio.chart.shown is not None and not w.studio.chart.busy)
    save(w, "chart")
    w.close()

    # the editor
    w = _window(theme, size)
    w.new_game(confirmed=True)
    d = w.studio.open_editor(BoardKey(1, Turn(1901, 0)))
    d.resize(min(1240, size[0] - 40), min(700, size[1] - 40))
    d.nation.setCurrentIndex(d.nation.findData("Italy"))
    d.tool_buttons["fleet"].click()
    d.click_location("spa/sc")
    d.tool_buttons["army"].click()
    d.click_location("mun", Qt.RightButton.value)
    d.click_location("mun")
    d.tool_buttons["home"].click()
    d.click_location("mun")
    d.tool_buttons["fleet"].click()
    d.click_location("bur")                      # refused: a fleet inland
    _settle(w)
    save(d, "editor")
    d.close()
    w.close()

    # plans and notes in a hotseat game; the curtain; the next seat
    w = _window(theme, size)
    w.new_game("hotseat", seats=[ADA, BEN], pins={0: "2718"}, confirmed=True)
    w.curtain.pin.setText("2718")
    w.curtain.button.click()
    s = w.studio
    s.notes_dock.raise_()
    s.a_draw.setChecked(True)
    k = BoardKey(1, Turn(1901, 0))
    for colour, a, b in ((0, "mun", "boh"), (1, "lon", "nth"), (2, "par", "gas"), (3, "kie", "den")):
        s.notes.colours.button(colour).click()
        s.plans.draw_between(Location(k, a), Location(k, b))
    s.notes.colours.button(0).click()
    s.plans.draw_between(Location(k, "vie"), None)
    s.notes.edit.setPlainText("Lure Ben into Galicia, then hit Vienna from the past.\n"
                              "Keep a fleet in the North Sea.")
    w.console_order("A par - bur")
    w.view.show_board(k, 1.15)
    _settle(w)
    save(w, "plans")
    w.submit()                                   # Done — pass on
    _settle(w)
    save(w, "curtain")
    w.curtain.button.click()                     # Ben
    s.notes_dock.raise_()
    w.view.show_board(k, 1.15)
    _settle(w)
    save(w, "next-seat")
    w.close()
    return done


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("out", nargs="?", default="/tmp/studio-shots")
    p.add_argument("--sizes", default="1366x768")
    args = p.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    from PySide6.QtWidgets import QApplication
    _app = QApplication.instance() or QApplication([])
    for s in args.sizes.split(","):
        size = tuple(int(v) for v in s.lower().split("x"))
        for theme in ("light", "dark"):
            for path in shots(out, size, theme):
                print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
