"""Nothing queued, connected or computed for a window reaches it after it has gone: a call
left behind raised in whatever ran next (another window, or the next test), and a
connection to an application-wide object kept every closed window alive."""

import pytest
from PySide6.QtCore import SIGNAL, QCoreApplication, QEvent
from PySide6.QtGui import QGuiApplication

from app.ui.guard import reporter


@pytest.fixture
def errors(monkeypatch):
    """Every error a guarded slot reports (the reporter counts repeats once: not enough)."""
    seen = []
    monkeypatch.setattr(reporter, "report", lambda *a, **k: seen.append(a))
    return seen


def _sandbox_window():
    """A main window the test deletes itself (not handed to qtbot, which would close it again)."""
    from app.ui.window.main_window import MainWindow
    w = MainWindow(theme="light")
    w.files.ask_unsaved = lambda doing: "discard"
    w.resize(1366, 768)
    w.show()
    assert w.new_game("sandbox", confirmed=True)
    return w


def _delete_now(w) -> None:
    """Close and delete ``w`` before the event loop runs again, as pytest-qt deletes a
    test's windows (and as a parent takes its children along)."""
    gone = []
    w.destroyed.connect(lambda: gone.append(True))
    w.wait_idle()
    w.close()
    w.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.DeferredDelete)
    assert gone


def test_a_window_resized_and_deleted_before_the_loop_runs_leaves_no_call(qtbot, errors):
    w = _sandbox_window()
    w.resize(1200, 700)        # the notices are placed once the view has its new size
    _delete_now(w)
    QCoreApplication.processEvents()    # an exception here fails the test (pytest-qt)
    assert errors == []


def test_a_closed_window_leaves_no_connection_on_the_clipboard(qtbot):
    clipboard = QGuiApplication.clipboard()
    QCoreApplication.sendPostedEvents(None, QEvent.DeferredDelete)    # the last test's windows go first
    before = (clipboard.receivers(SIGNAL("dataChanged()")), clipboard.receivers(SIGNAL("selectionChanged()")))
    w = _sandbox_window()
    assert clipboard.receivers(SIGNAL("dataChanged()")) > before[0]     # the hand-over notes what a seat copies
    _delete_now(w)
    after = (clipboard.receivers(SIGNAL("dataChanged()")), clipboard.receivers(SIGNAL("selectionChanged()")))
    assert after[0] <= before[0] and after[1] <= before[1]     # (fewer: another test's window went meanwhile)
    clipboard.setText("copied after the window went")
    QCoreApplication.processEvents()


def test_a_multiverse_export_finishing_after_its_window_went_tells_nobody(qtbot, tmp_path, errors):
    from app.ui.window import export_multiverse as em
    w = _sandbox_window()
    job = em.export_multiverse(w, tmp_path / "all.png", 1, show_progress=False)
    assert job is not None
    _delete_now(w)
    qtbot.waitUntil(lambda: not job.thread.is_alive(), timeout=60000)
    QCoreApplication.processEvents()    # the worker's progress and result are queued to here
    assert errors == []
    assert job.error == "" and (tmp_path / "all.png").exists()    # the file is written all the same


def test_an_old_map_closed_before_the_loop_runs_leaves_no_call(qtbot, errors):
    from app.ui.civ.snapshot import SnapshotDialog
    w = _sandbox_window()
    qtbot.addWidget(w)
    dlg = SnapshotDialog(w, w.world, "France", "Spring 1901", w.scene.art, w.theme)
    dlg.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.DeferredDelete)
    QCoreApplication.processEvents()
    assert errors == []


def test_another_variant_stops_the_board_image_threads_of_the_last(qtbot):
    """Each scene has its own pool of (at most two) workers drawing board images: the pool
    of a scene replaced by another variant's is shut down, not left idle for good."""
    import threading

    def thumb_threads() -> int:
        return sum(t.name.startswith("thumbs") for t in threading.enumerate())
    before = thumb_threads()       # other tests' scenes may still have some: not counted
    w = _sandbox_window()
    qtbot.addWidget(w)
    for variant in ("isles", "baltic", "standard"):
        w.view.viewport().grab()                     # boards asked for: the workers start
        w.scene.cache.wait()
        assert w.new_game("sandbox", variant=variant, confirmed=True)
    w.view.viewport().grab()
    w.scene.cache.wait()
    assert thumb_threads() - before <= 2             # the shown scene's workers only


def test_a_pin_checked_after_its_window_went_tells_nobody(qtbot, monkeypatch, errors):
    """The key is derived on a worker thread; the window may close meanwhile."""
    import threading
    from app.match import Seat
    raised = []
    monkeypatch.setattr(threading, "excepthook", lambda args: raised.append(args.exc_value))
    w = _sandbox_window()
    w.new_game("hotseat", seats=[Seat(name="Ada", nations=("England", "France", "Germany")),
                                 Seat(name="Ben", nations=("Russia", "Turkey", "Austria", "Italy"))],
               pins={0: "2718"}, confirmed=True)
    release = threading.Event()
    real = w.match.pin_key
    monkeypatch.setattr(w.match, "pin_key", lambda seat, pin: release.wait(10) and real(seat, pin))
    w.curtain.pin.setText("2718")
    running = set(threading.enumerate())
    w.curtain.button.click()
    [worker] = [t for t in threading.enumerate() if t.name == "pin" and t not in running]
    _delete_now(w)
    release.set()
    worker.join(10)
    assert not worker.is_alive()
    QCoreApplication.processEvents()    # the key is queued to here
    assert raised == [] and errors == []
