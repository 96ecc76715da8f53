"""An exception in a Qt override, a slot or a thread is reported once (log, dialog with
"Copy details", autosave) and the app goes on."""

import sys
import threading

import pytest
from PySide6.QtCore import QEvent, QObject, Signal
from PySide6.QtWidgets import QApplication, QGraphicsSceneHoverEvent

from app.ui.guard import reporter

from .helpers import key, submit


@pytest.fixture(autouse=True)
def fresh_reporter():
    reporter.reports.clear()
    reporter.counts.clear()
    if reporter.dialog is not None:
        reporter.dialog.close()
    reporter.dialog = None
    yield
    if reporter.dialog is not None:
        reporter.dialog.close()
    reporter.dialog = None


def test_an_exception_in_paint_is_reported_once_and_the_game_goes_on(qtbot, window, monkeypatch):
    from app.ui.multiverse.board_item import BoardItem
    window.new_game("sandbox")
    window.console_order("A par - bur")

    def boom(self, painter, px):
        raise RuntimeError("paint boom")
    monkeypatch.setattr(BoardItem, "_paint_label", boom)
    window.view.viewport().grab()
    window.view.viewport().grab()
    assert len(reporter.reports) == 1 and "paint boom" in reporter.reports[0]
    assert "BoardItem.paint" in reporter.reports[0]
    assert sum(reporter.counts.values()) >= 2, "repeats are counted, not shown again"
    dlg = reporter.dialog
    assert dlg is not None and dlg.isVisible() and "paint boom" in dlg.summary.text()
    dlg.copy_btn.click()
    assert "paint boom" in QApplication.clipboard().text()
    # the game was autosaved when it happened
    assert window.files.writer.flush(30) and window.files.session.autosave_path.exists()
    monkeypatch.undo()
    submit(qtbot, window)
    assert window.game.world.boards[key("1:F1901")].units["bur"].nation == "France"


def test_resize_and_hover_exceptions_are_reported(qtbot, window, monkeypatch):
    from app.ui.multiverse.board_item import BoardItem
    from app.ui.multiverse.world_view import WorldView
    window.new_game("sandbox")
    monkeypatch.setattr(WorldView, "refresh_area", lambda self: 1 / 0)
    window.resize(1400, 900)
    qtbot.waitUntil(lambda: any("ZeroDivisionError" in r and "WorldView.resizeEvent" in r for r in reporter.reports),
                    timeout=5000)
    monkeypatch.undo()

    def bad(self, local):
        raise KeyError("hover boom")
    monkeypatch.setattr(BoardItem, "province_at", bad)
    item = window.scene.items_by_key[key("1:S1901")]
    # Qt (C++) delivers the hover event to the Python override, as a mouse over the board would
    ev = QGraphicsSceneHoverEvent(QEvent.GraphicsSceneHoverMove)
    ev.setPos(item.boundingRect().center())
    window.scene.sendEvent(item, ev)
    assert any("hover boom" in r and "hoverMoveEvent" in r for r in reporter.reports)
    monkeypatch.undo()
    window.view.viewport().grab()
    assert window.isVisible()


def test_slots_and_threads_go_to_the_same_report(qtbot, window, monkeypatch):
    monkeypatch.setattr(sys, "excepthook", reporter.excepthook)
    monkeypatch.setattr(threading, "excepthook", reporter.thread_hook)

    class Source(QObject):
        fired = Signal()

    src = Source()

    def slot():
        raise ValueError("slot boom")
    src.fired.connect(slot)
    src.fired.emit()
    assert any("slot boom" in r for r in reporter.reports)
    t = threading.Thread(target=lambda: (_ for _ in ()).throw(OSError("thread boom")), name="worker")
    t.start()
    t.join()
    assert any("thread boom" in r and "worker" in r for r in reporter.reports)
    # the dialog for a thread's error opens on the GUI thread, once the loop runs
    qtbot.waitUntil(lambda: reporter.dialog is not None, timeout=20000)


def test_every_qt_override_in_app_ui_is_guarded():
    """A new override without @guarded would let an exception escape into Qt again."""
    import ast
    import re
    from pathlib import Path
    root = Path(__file__).resolve().parents[2] / "app" / "ui"
    override = re.compile(r"^(paint|event|eventFilter|drawForeground|drawBackground|[a-z]+Event)$")
    missing = []
    for path in root.rglob("*.py"):
        for cls in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(cls, ast.ClassDef):
                continue
            for fn in cls.body:
                if isinstance(fn, ast.FunctionDef) and override.match(fn.name):
                    names = {ast.unparse(d).split("(")[0] for d in fn.decorator_list}
                    if "guarded" not in names:
                        missing.append(f"{path.relative_to(root)}: {cls.name}.{fn.name}")
    assert not missing, missing
