"""The preview window, offscreen: overlays, a problem click zooms, and live reload when a
file of the variant is saved while the window is open."""

import json

import pytest

from app.ui.preview.window import PreviewWindow
from tests.variants.helpers import copy_variant, edit_json


@pytest.fixture
def folder(tmp_path):
    return copy_variant(tmp_path)


@pytest.fixture
def preview(qtbot, folder, tmp_path, monkeypatch):
    monkeypatch.setenv("DIPLO5D_DATA_DIR", str(tmp_path / "userdata"))
    w = PreviewWindow(str(folder), play=lambda f: f)
    qtbot.addWidget(w)
    w.resize(1366, 768)
    w.show()
    return w


def _rows(w):
    return [w.problem_list.item(i).text() for i in range(w.problem_list.count())]


def test_saving_a_file_updates_the_problem_list(preview, folder, qtbot):
    assert not any("victory_centres" in r for r in _rows(preview))
    preview.view.scale(3, 3)
    kept = preview.view.transform().m11()
    with qtbot.waitSignal(preview.reloaded, timeout=20000):
        edit_json(folder / "variant.json", lambda d: d.update(victory_centres=40))
    assert any(r.startswith("variant.json:victory_centres:") for r in _rows(preview))
    assert preview.view.transform().m11() == pytest.approx(kept)  # the view is kept
    with qtbot.waitSignal(preview.reloaded, timeout=20000):
        edit_json(folder / "variant.json", lambda d: d.update(victory_centres=18))
    assert not any("victory_centres" in r for r in _rows(preview))


def test_a_broken_file_is_listed_not_fatal(preview, folder, qtbot):
    good = (folder / "nations.json").read_text()
    with qtbot.waitSignal(preview.reloaded, timeout=20000):
        (folder / "nations.json").write_text('{"nations": [')
    assert any(r.startswith("nations.json:(file): not valid JSON") for r in _rows(preview))
    qtbot.waitUntil(lambda: "fix the data files" in preview.game_holder.text(), timeout=20000)
    assert not preview.play_action.isEnabled()
    # the map stays on screen while the file is half-saved, and says it is the last good one
    assert preview.scene is not None and preview.view.scene() is preview.scene
    assert "the last version that could be read" in preview.summary.text()
    with qtbot.waitSignal(preview.reloaded, timeout=20000):
        (folder / "nations.json").write_text(good)
    assert "the last version" not in preview.summary.text()


def test_clicking_a_gap_zooms_to_it(preview, folder, qtbot):
    """A gap between provinces has no element: the problem carries the point it is near."""
    svg = folder / "map.svg"
    text = svg.read_text()
    start = text.index('id="boh"')
    tag_start = text.rindex("<", 0, start)
    tag_end = text.index(">", start) + 1
    with qtbot.waitSignal(preview.reloaded, timeout=20000):
        svg.write_text(text[:tag_start] + text[tag_end:])     # Bohemia drawn no more: a hole
    row = next(i for i, r in enumerate(_rows(preview)) if "belongs to no province" in r)
    prob = preview.inspection.problems[row]
    before = preview.view.transform().m11()
    preview.problem_list.setCurrentRow(row)
    assert preview.view.transform().m11() > before * 1.5
    from PySide6.QtCore import QPointF
    seen = preview.view.mapToScene(preview.view.viewport().rect()).boundingRect()
    assert seen.contains(QPointF(*prob.where))
    assert "data file problem" not in preview.statusBar().currentMessage()


def test_clicking_a_problem_zooms_to_it(preview, folder, qtbot):
    from tests.variants.helpers import move_svg_element
    with qtbot.waitSignal(preview.reloaded, timeout=20000):
        move_svg_element(folder / "map.svg", "unit-mun", 518.5, 439.6)
    row = next(i for i, r in enumerate(_rows(preview)) if r.startswith("map.svg:unit-mun:"))
    before = preview.view.transform().m11()
    preview.problem_list.setCurrentRow(row)
    assert preview.view.transform().m11() > before * 1.5
    from PySide6.QtCore import QPointF
    seen = preview.view.mapToScene(preview.view.viewport().rect()).boundingRect()
    assert seen.contains(QPointF(518.5, 439.6))  # the misplaced anchor
    assert seen.width() < 400  # zoomed in on it, not the whole map (1000 wide)
    assert preview.scene.selection.shapes


def test_overlays_switch_and_play(preview, qtbot):
    layer = preview.scene.layers["army"]
    assert not layer.isVisible() and layer.shapes
    preview.overlay_actions["army"].setChecked(True)
    assert layer.isVisible()
    preview.overlay_actions["ids"].setChecked(False)
    assert not preview.scene.layers["ids"].isVisible()
    qtbot.waitUntil(lambda: preview.game_dock.widget() is not preview.game_holder, timeout=10000)
    assert set(preview.game_scene.world.boards) and len({k.timeline for k in preview.game_scene.world.boards}) == 2
    preview.play_action.trigger()
    assert preview._played == [preview.folder]


def test_play_a_sandbox_opens_the_main_window_on_the_variant(qtbot, folder, tmp_path, monkeypatch):
    monkeypatch.setenv("DIPLO5D_DATA_DIR", str(tmp_path / "userdata"))
    from app.ui.window.main_window import MainWindow
    from app.ui.preview.window import open_sandbox
    window = open_sandbox(MainWindow, folder)
    qtbot.addWidget(window)
    window.files.ask_unsaved = lambda doing: "discard"
    assert window.game.variant.folder == folder.resolve()
    assert window.match.mode == "sandbox"


def test_file_menu_opens_the_preview(qtbot, folder, tmp_path, monkeypatch):
    monkeypatch.setenv("DIPLO5D_DATA_DIR", str(tmp_path / "userdata"))
    from PySide6.QtWidgets import QFileDialog
    from app.ui.window.main_window import MainWindow
    w = MainWindow(theme="dark")
    qtbot.addWidget(w)
    w.files.ask_unsaved = lambda doing: "discard"
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", staticmethod(lambda *a, **k: str(folder)))
    file_menu = w.menuBar().actions()[0].menu()
    assert w.commands.preview in file_menu.actions()
    w.commands.preview.trigger()
    preview = w._previews[-1]
    qtbot.addWidget(preview)
    assert preview.folder == folder.resolve() and preview.theme.name == "dark"
    assert preview.play is not None and preview.play_action.isVisible()  # the window passed its own class
    assert preview.problem_list.count() == 0 and "no problems" in preview.summary.text()


def _game_views(w):
    from app.ui.multiverse.world_view import WorldView
    return [v for v in w.game_dock.findChildren(WorldView)]


def test_a_preview_that_goes_as_its_game_is_drawn_leaves_no_call_behind(qtbot, folder, tmp_path, monkeypatch):
    """The game view is fitted once the event loop runs again; a window deleted before then
    (as pytest-qt deletes a test's windows, or a parent takes its children) must not leave
    that call aimed at its deleted view: it raised in whatever ran next."""
    from PySide6.QtCore import QCoreApplication, QEvent
    monkeypatch.setenv("DIPLO5D_DATA_DIR", str(tmp_path / "userdata"))
    w = PreviewWindow(str(folder))
    w.resize(1366, 768)
    w.show()
    with qtbot.waitSignal(w.game_ready, timeout=10000):
        pass
    assert _game_views(w)       # drawn; its fit waits for the loop
    gone = []
    w.destroyed.connect(lambda: gone.append(True))
    w.close()
    w.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.DeferredDelete)
    assert gone
    QCoreApplication.processEvents()    # pytest-qt fails the test on an exception raised here


def test_saving_twice_quickly_keeps_one_fitted_game_view(preview, folder, qtbot):
    """Two saves read before the event loop runs: one new game view, fitted to the whole
    world, and the views of earlier reloads deleted (each reload drew a new view and scene,
    and every old pair stayed alive beside it)."""
    with qtbot.waitSignal(preview.game_ready, timeout=10000):
        pass
    first_scene = preview.game_scene
    edit_json(folder / "variant.json", lambda d: d.update(title="Saved once"))
    preview.reload()
    edit_json(folder / "variant.json", lambda d: d.update(title="Saved twice"))
    preview.reload()
    with qtbot.waitSignal(preview.game_ready, timeout=10000):
        pass
    view = preview.game_dock.widget()
    assert preview.game_scene is not first_scene and view.ws is preview.game_scene
    qtbot.waitUntil(lambda: _game_views(preview) == [view], timeout=20000)
    world = preview.game_scene.board_rect()
    qtbot.waitUntil(lambda: view.mapToScene(view.viewport().rect()).boundingRect().contains(world), timeout=20000)


def test_the_variant_rules_are_named_and_ports_marked(qtbot, folder, tmp_path, monkeypatch):
    # RULES.md §12: the preview says which rules the variant sets, and marks its ports
    monkeypatch.setenv("DIPLO5D_DATA_DIR", str(tmp_path / "userdata"))
    edit_json(folder / "variant.json", lambda d: d.update(build_anywhere=True))
    edit_json(folder / "provinces.json",
              lambda d: next(p for p in d["provinces"] if p["id"] == "kie").update(port=True))
    w = PreviewWindow(str(folder), play=lambda f: f)
    qtbot.addWidget(w)
    text = w.summary.text()
    assert "Variant rules: build anywhere" in text and "port: Kiel" in text
    marks = [s for s in w.scene.layers["anchors"].shapes if s[0] == "text" and s[1][1] == "port"]
    assert len(marks) == 1
    with qtbot.waitSignal(w.reloaded, timeout=20000):
        edit_json(folder / "variant.json", lambda d: d.pop("build_anywhere"))
    assert "build anywhere" not in w.summary.text() and "port: Kiel" in w.summary.text()


def test_the_map_has_the_larger_share_of_the_window_it_is_given(qtbot, folder, tmp_path, monkeypatch):
    """On a small screen (here the offscreen one) the problems dock takes a share of the
    width, not a fixed 520 px that left the map a strip."""
    monkeypatch.setenv("DIPLO5D_DATA_DIR", str(tmp_path / "userdata"))
    w = PreviewWindow(str(folder))
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    assert w.view.width() > w.problems_dock.width()
