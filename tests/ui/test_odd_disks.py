"""Starting anywhere (issue 17): a read-only, full or missing data folder gives a notice naming
what is not kept (autosave, recent games, settings) and a game that plays; an autosave that
fails is said over the board, once, with what to do."""

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest

import app.data_folder as data_folder
from tests.ui.helpers import submit


def _refuse_writes(monkeypatch, err: int, folder: Path):
    """Every file opened for writing under ``folder`` fails with ``err`` (root ignores file
    modes: this is what a read-only or full disk answers)."""
    real_open, real_os_open, real_mkdir = open, os.open, Path.mkdir
    folder = str(folder)

    def inside(p) -> bool:
        return str(p).startswith(folder)

    def fake_os_open(path, flags, *a, **k):
        if inside(path) and flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
            raise OSError(err, os.strerror(err), str(path))
        return real_os_open(path, flags, *a, **k)

    def fake_open(path, mode="r", *a, **k):
        if inside(path) and any(c in mode for c in "wax+"):
            raise OSError(err, os.strerror(err), str(path))
        return real_open(path, mode, *a, **k)

    def fake_mkdir(self, *a, **k):
        if inside(self) and not self.exists():
            raise OSError(err, os.strerror(err), str(self))
        return real_mkdir(self, *a, **k)

    monkeypatch.setattr(os, "open", fake_os_open)
    monkeypatch.setattr("builtins.open", fake_open)
    monkeypatch.setattr(Path, "mkdir", fake_mkdir)
    data_folder._PROBLEMS.clear()


@pytest.mark.parametrize("err, words", [(errno.EROFS, "read-only"), (errno.ENOSPC, "disk is full")])
def test_a_folder_that_cannot_be_written_is_said_and_the_game_plays(qtbot, _data_dir, monkeypatch, err, words):
    from app.ui.window.main_window import MainWindow
    _data_dir.mkdir(parents=True, exist_ok=True)
    _refuse_writes(monkeypatch, err, _data_dir)
    w = MainWindow(theme="light")
    qtbot.addWidget(w)
    w.files.ask_unsaved = lambda doing: "discard"
    w.resize(1366, 768)
    w.show()
    notice = w.notice_board.text("data-folder")
    assert words in notice and str(_data_dir) in notice
    for lost in ("automatic save", "recent games", "settings"):
        assert lost in notice
    assert w.notice_board.bars["data-folder"].isVisible()
    w.new_game("sandbox")
    assert w.console_order("A par - bur")
    assert not w.files.autosave_now()               # nothing to write to: no error either
    report = submit(qtbot, w)
    assert report.world is w.game.world and len(w.game.submissions) == 1
    w.toggle_theme()                                  # a setting that cannot be kept: no error
    monkeypatch.undo()
    data_folder._PROBLEMS.clear()


def test_a_missing_folder_that_cannot_be_made(qtbot, monkeypatch, tmp_path):
    from app.ui.window.main_window import MainWindow
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("DIPLO5D_DATA_DIR", str(blocker / "data"))
    data_folder._PROBLEMS.clear()
    w = MainWindow(theme="light")
    qtbot.addWidget(w)
    w.files.ask_unsaved = lambda doing: "discard"
    assert "cannot be made" in w.notice_board.text("data-folder")
    w.new_game("sandbox")
    assert w.console_order("A par - bur")


def test_a_writable_folder_says_nothing(window):
    assert window.files.lost is None and not window.notice_board.bars


def test_a_failed_autosave_is_shown_over_the_board_once_with_what_to_do(qtbot, window, monkeypatch):
    import app.match.storage as storage
    real = storage.write_text_atomic
    failing = [True]

    def write(path, text):
        if failing[0]:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))
        return real(path, text)

    monkeypatch.setattr(storage, "write_text_atomic", write)
    window.new_game("sandbox")
    window.console_order("A par - bur")
    window.files.autosave_now()
    qtbot.waitUntil(lambda: "autosave" in window.notice_board.bars, timeout=5000)
    bar = window.notice_board.bars["autosave"]
    text = window.notice_board.text("autosave")
    assert "automatic save failed" in text and "disk is full" in text and "Save As" in text
    assert "Save As…" in bar.buttons and bar.isVisible()
    for order in ("A mun - ruh", "F lon - nth"):      # it keeps failing: still one notice
        window.console_order(order)
        window.files.autosave_now()
        window.files.writer.flush()
        qtbot.wait(20)
    assert list(window.notice_board.bars) == ["autosave"] and window.notice_board.bars["autosave"] is bar
    failing[0] = False                                  # space again: the notice goes
    window.files.autosave_now()
    qtbot.waitUntil(lambda: "autosave" not in window.notice_board.bars, timeout=5000)


# -- a real read-only mount (root ignores file modes; a mount does not) --------------------------

@pytest.fixture
def readonly_mount(tmp_path):
    where = tmp_path / "ro"
    where.mkdir()
    made = subprocess.run(["mount", "-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", str(where)],
                          capture_output=True)
    if made.returncode != 0:
        pytest.skip("cannot mount a read-only tmpfs here (needs root)")
    try:
        yield where
    finally:
        subprocess.run(["umount", str(where)], capture_output=True)


def test_the_app_starts_from_a_read_only_mount(readonly_mount, tmp_path):
    shot = tmp_path / "shot.png"
    env = dict(os.environ, DIPLO5D_DATA_DIR=str(readonly_mount), QT_QPA_PLATFORM="offscreen")
    run = subprocess.run([sys.executable, "-m", "app", "--screenshot", str(shot)], capture_output=True,
                         text=True, env=env, timeout=300, cwd=Path(__file__).resolve().parents[2])
    assert run.returncode == 0, run.stderr
    assert shot.stat().st_size > 10_000
    assert "read-only file system" in run.stderr and "Traceback" not in run.stderr


def test_the_window_plays_on_a_read_only_mount(qtbot, readonly_mount, monkeypatch):
    from app.ui.window.main_window import MainWindow
    monkeypatch.setenv("DIPLO5D_DATA_DIR", str(readonly_mount))
    data_folder._PROBLEMS.clear()
    w = MainWindow(theme="light")
    qtbot.addWidget(w)
    w.files.ask_unsaved = lambda doing: "discard"
    assert "read-only" in w.notice_board.text("data-folder")
    w.new_game("sandbox")
    assert w.console_order("A par - bur")
    submit(qtbot, w)
    assert len(w.game.submissions) == 1
    w.files.recent.add(Path(__file__))                 # nowhere to keep it: quietly not kept
