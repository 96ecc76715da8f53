"""Every top-level window and dialog fits a 1366×768 laptop's screen.

The windows are those of :mod:`tests.ui.window_list` (the one list: add a new dialog
there). They are opened in a separate process whose offscreen screen is 1366×768 (Qt's
offscreen platform reads its screens from a configuration file); each one's frame must lie
inside the available area with room for a window manager's title bar, and its layout's
minimum must not be larger than that area (else it could not be made to fit)."""

import importlib
import inspect
import json
import os
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

from .window_list import WINDOWS

ROOT = Path(__file__).resolve().parents[2]
SCREEN = {"synchronousWindowSystemEvents": False, "windowFrameMargins": True,
          "screens": [{"name": "laptop", "x": 0, "y": 0, "width": 1366, "height": 768,
                       "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}
TITLE_BAR = 40          # app.ui.screen_fit.FRAME_ROOM: a real window manager's title bar and borders


@pytest.fixture(scope="module")
def measured(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("fit")
    cfg = tmp / "screen.json"
    cfg.write_text(json.dumps(SCREEN))
    env = dict(os.environ, QT_QPA_PLATFORM=f"offscreen:configfile={cfg}", DIPLO5D_DATA_DIR=str(tmp / "data"))
    out = subprocess.run([sys.executable, "-m", "tests.ui.window_list"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=600)
    rows = {}
    for line in out.stdout.splitlines():
        if line.startswith("{"):
            row = json.loads(line)
            rows[row["name"]] = row
    assert rows, f"the probe printed nothing:\n{out.stderr[-3000:]}"
    return rows


@pytest.mark.parametrize("name", [e.name for e in WINDOWS])
def test_window_fits_1366x768(measured, name):
    row = measured.get(name)
    assert row is not None, f"{name}: not measured"
    assert "error" not in row, f"{name}: {row['error']}"
    assert "modal" not in row, f"{name}: the dialog did not open"
    ax, ay, aw, ah = row["avail"]
    assert (aw, ah) == (1366, 768)
    if "cover" in row:               # drawn over the main window: its content fits the window
        cw, ch = row["cover"]
        x, y, w, h = row["content"]
        assert x >= 0 and y >= 0 and x + w <= cw and y + h <= ch, f"{name}: content {row['content']} in {cw}×{ch}"
        assert row["min"][0] <= cw and row["min"][1] <= ch, f"{name}: needs {row['min']}, has {cw}×{ch}"
        return
    fx, fy, fw, fh = row["frame"]
    gx, gy, gw, gh = row["geometry"]
    assert fx >= ax and fy >= ay and fx + fw <= ax + aw and fy + fh <= ay + ah, \
        f"{name}: frame {row['frame']} outside the available area {row['avail']}"
    assert gh + TITLE_BAR <= ah, f"{name}: {gw}×{gh} leaves no room for a title bar at 768 px"
    mw, mh = row["min"]
    assert mw <= aw and mh + TITLE_BAR <= ah, f"{name}: its layout needs at least {mw}×{mh}"
    assert gw >= min(row["title_need"], aw - 16), f"{name}: its title '{row['title']}' is cut at {gw} px"


def _window_classes() -> set[str]:
    """The classes of app/ui that make a top-level window: QDialog and QMainWindow
    subclasses, and widgets made windows with Qt.Window (not the bases they share)."""
    from PySide6.QtWidgets import QDialog, QMainWindow, QWidget
    import app.ui
    found = set()
    modules = [importlib.import_module(m.name) for m in pkgutil.walk_packages(app.ui.__path__, "app.ui.")]
    for module in modules:        # every module imported first: a base knows all its subclasses
        for name, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ != module.__name__:
                continue
            if any(sub.__module__.startswith("app.ui.") for sub in cls.__subclasses__()):
                continue        # a base of windows (e.g. CheckedDialog): its subclasses are listed
            if issubclass(cls, (QDialog, QMainWindow)):
                found.add(name)
            elif issubclass(cls, QWidget) and "Qt.Window" in inspect.getsource(cls):
                found.add(name)
    return found


def test_every_window_class_is_in_the_list():
    covered = {c for e in WINDOWS for c in e.classes}
    missing = _window_classes() - covered
    assert not missing, f"add these windows to tests/ui/window_list.py: {sorted(missing)}"
