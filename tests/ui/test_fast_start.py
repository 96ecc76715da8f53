"""A warm start paints its first frame having imported only what that frame needs (issue 24):
no pydantic, no export or printing, no computer players, besides the map's geometry, PINs and
the variant preview (tests/ui/test_plain_map.py). What was deferred still works when asked."""

import json
import subprocess
import sys

from app.ui.first_paint import HEAVY

from .helpers import start_app


def test_a_warm_start_imports_none_of_the_heavy_modules(tmp_path):
    """The first start checks the variant's files and reads the SVG (both kept); the next,
    a new game or the New game dialog, imports none of :data:`HEAVY`."""
    assert {"pydantic", "app.ui.window.export", "app.bots.common"} <= set(HEAVY)
    first = start_app(tmp_path, "--new", "sandbox")
    assert "pydantic" in first["modules"]                     # the variant's files were checked
    assert list((tmp_path / "cache" / "variants").glob("*.json")), "the checked variant is kept"
    game = start_app(tmp_path, "--new", "sandbox")
    assert game["what"] == "view" and game["modules"] == [], game
    dialog = start_app(tmp_path)
    assert dialog["what"] == "dialog" and dialog["modules"] == [], dialog


def test_export_and_print_open_when_chosen(window, monkeypatch):
    """File → Export and Print are built with the window; what they do is imported on use."""
    import app.ui.window.export_menu as export_menu
    asked = []
    monkeypatch.setattr(export_menu, "export_dialog", lambda w, what: asked.append(what))
    window.new_game("sandbox")
    window.commands.export_menu.aboutToShow.emit()
    assert window.commands.export_actions["orders"].isEnabled()
    window.commands.export_actions["orders"].trigger()
    assert asked == ["orders"]
    window.commands.print_menu.aboutToShow.emit()
    assert all(a.isEnabled() for a in window.commands.print_actions.values())


def test_a_game_with_seats_plans_messages_and_a_pin_saves_and_opens(window, tmp_path):
    """The save file's pydantic models, imported when a file is first written, read it back."""
    from app.match import Match, Seat
    from app.match.plan_marks import PlanMark
    m = Match.new(seats=[Seat(name="Ada", nations=("England", "France", "Germany")),
                         Seat(name="Ben", nations=("Italy", "Austria", "Russia", "Turkey"))], pins={1: "2468"})
    m.plans.draw(0, PlanMark(kind="arrow", colour=1, at="1:par:S1901", to="1:bur:S1901"))
    m.table.mail.write(0, 1, "Shall we?")
    m.game.meta = m.to_meta()
    back = Match.from_game(m.game, "g.json")
    assert [s.name for s in back.seats] == ["Ada", "Ben"] and back.is_locked(1)
    assert [(p.kind, p.at, p.to) for p in back.plans.of(0)] == [("arrow", "1:par:S1901", "1:bur:S1901")]
    assert not back.check_pin(1, "1357") and back.check_pin(1, "2468") and not back.is_locked(1)
    assert [x.text for x in back.table.mail.messages(1)] == ["Shall we?"]


def test_what_the_start_deferred_loads_on_a_worker_after_the_first_frame():
    """A moment after the first frame (app.ui.app.WARM_UP_MS) the save file's models load
    on a worker thread, so that the first autosave does not pause the window for them."""
    code = ("import sys; from app.ui.app import warm_up; before = 'pydantic' in sys.modules; t = warm_up(); "
            "t.join(60); print(before, t.daemon, 'app.match.save' in sys.modules, 'pydantic' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.stdout.split() == ["False", "True", "True", "True"], out.stderr


FIRST_USE = r"""
import json, sys, time
from PySide6.QtWidgets import QApplication
app = QApplication([])
from app.ui.window.main_window import MainWindow
w = MainWindow()
w.new_game("sandbox", confirmed=True)
w.show()
def wait(until, seconds=30):
    end = time.time() + seconds
    while not until() and time.time() < end:
        QApplication.processEvents()
        time.sleep(0.01)
    return until()
out = {"at_start": sorted(m for m in ("app.match.chart", "app.match.preview") if m in sys.modules)}
w.studio.chart_dock.show()
w.studio.chart_dock.raise_()
out["chart"] = wait(lambda: w.studio.chart.shown is not None) and w.studio.chart.shown.points
w.studio.a_preview.setChecked(True)
w.console_order("A par - bur")
out["preview"] = wait(lambda: w.studio.preview.current is not None) and [
    o.status for o in w.studio.preview.current.outcomes]
w.files.ask_unsaved = lambda doing: "discard"
print(json.dumps(out))
"""


def test_the_centre_chart_and_the_outcome_preview_work_when_first_used(tmp_path):
    """Their engines (app.match.chart, app.match.preview) are imported when first used, not
    at start: in a fresh process, the chart dock shown builds its chart and the preview
    turned on judges the pending order."""
    import os
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", DIPLO5D_DATA_DIR=str(tmp_path))
    run = subprocess.run([sys.executable, "-c", FIRST_USE], capture_output=True, text=True, env=env, timeout=300)
    lines = [line for line in run.stdout.splitlines() if line.startswith("{")]
    assert run.returncode == 0 and lines, run.stderr[-3000:]
    out = json.loads(lines[-1])
    assert out == {"at_start": [], "chart": 1, "preview": ["succeeds"]}, out


def test_the_first_game_of_a_window_collects_in_full_only_when_it_replaces_one(qtbot, window, monkeypatch):
    """A full collection (thaw, collect everything) before the first frame cost ~20 ms and
    found nothing to free: the first game replaces none. Another game shown after it still
    collects in full (test_scale_window: garbage frozen while it lived goes)."""
    import app.ui.collector as collector
    asked = []
    monkeypatch.setattr(collector, "set_survivors_aside", lambda whole=False: asked.append(whole))
    window.new_game(confirmed=True)
    qtbot.waitUntil(lambda: bool(asked), timeout=20000)
    assert asked == [False]
    asked.clear()
    window.new_game(confirmed=True)
    qtbot.waitUntil(lambda: bool(asked), timeout=20000)
    assert asked == [True]


def test_the_app_draws_in_fusion_however_it_was_made(window):
    """The start makes the application in Fusion (Qt's -style option, without handing PySide
    the style object); an application made elsewhere (these tests) is set to Fusion by the
    window's palette."""
    from PySide6.QtWidgets import QApplication, QProxyStyle
    style = QApplication.instance().style()
    if isinstance(style, QProxyStyle):   # once the dark theme was shown: Fusion, its indicators ringed
        style = style.baseStyle()
    assert style.name() == "fusion"
    code = ("from app.ui.theme import fusion_application; app = fusion_application(['x']); "
            "print(app.style().name(), app.property('fived_fusion'))")
    import os
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", QT_STYLE_OVERRIDE="windows")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert out.stdout.split() == ["fusion", "True"], out.stderr


def test_the_world_view_paints_into_a_plain_viewport_of_its_own(window):
    """Its viewport is the plain widget Qt would make, made by us (PySide meeting Qt's own
    loaded every Qt class before the first frame); clicks, keys and the context menu reach
    it as before (test_context_menus, test_small_defects)."""
    from PySide6.QtWidgets import QWidget
    window.new_game(confirmed=True)
    vp = window.view.viewport()
    assert type(vp) is QWidget and vp.parent() is window.view and vp.isVisible()
    assert vp.hasMouseTracking()
