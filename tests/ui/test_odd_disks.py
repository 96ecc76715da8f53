"""Starting anywhere (issue 17): a read-only, full or missing data folder gives a notice naming
what is not kept (autosave, recent games, settings) and a game that plays; an autosave that
fails is said over the board, once, with what to do."""

import errno
import io
import logging
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


def _fill_up(monkeypatch, folder: Path):
    """Files under ``folder`` open, but every byte written to them fails with ENOSPC: what a
    full disk does (it still has room for an empty file's name). The files are made, empty;
    their writes go to Linux's /dev/full, which answers every write so."""
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here to stand for a full disk")
    real_open, real_os_open = open, os.open
    folder = str(folder)
    made = os.O_CREAT | os.O_EXCL | os.O_TRUNC

    def inside(p) -> bool:
        return isinstance(p, (str, os.PathLike)) and os.fspath(p).startswith(folder)

    def fake_os_open(path, flags, mode=0o777, *, dir_fd=None):
        if inside(path) and flags & (os.O_WRONLY | os.O_RDWR):
            os.close(real_os_open(path, flags, mode))
            return real_os_open("/dev/full", flags & ~made)
        return real_os_open(path, flags, mode, dir_fd=dir_fd)

    def fake_open(path, mode="r", *a, **k):
        if inside(path) and any(c in mode for c in "wax+"):
            os.close(real_os_open(path, os.O_WRONLY | os.O_CREAT, 0o644))
            return real_open("/dev/full", mode.replace("x", "w"), *a, **k)
        return real_open(path, mode, *a, **k)

    monkeypatch.setattr(os, "open", fake_os_open)
    monkeypatch.setattr("builtins.open", fake_open)
    monkeypatch.setattr(io, "open", fake_open)       # pathlib's write_text opens through io
    data_folder._PROBLEMS.clear()


def test_a_disk_that_fills_at_the_first_byte_is_said_and_the_game_plays(qtbot, _data_dir, monkeypatch):
    """Opening works and writing fails (issue 31: the session lock's write then stopped the app)."""
    from app.ui.window.main_window import MainWindow
    _data_dir.mkdir(parents=True, exist_ok=True)
    _fill_up(monkeypatch, _data_dir)
    w = MainWindow(theme="light")
    qtbot.addWidget(w)
    w.files.ask_unsaved = lambda doing: "discard"
    notice = w.notice_board.text("data-folder")
    assert "disk is full" in notice and "error log" in notice
    assert w.files.session.problem == "the disk is full"
    assert not list(_data_dir.glob("session-*.lock"))     # no empty lock a later start takes for a crash
    w.new_game("sandbox")
    assert w.console_order("A par - bur")
    assert not w.files.autosave_now()
    report = submit(qtbot, w)
    assert report.world is w.game.world and len(w.game.submissions) == 1
    w.files.recent.add(Path(__file__))                  # not kept, quietly
    w.toggle_theme()
    monkeypatch.undo()
    data_folder._PROBLEMS.clear()


def test_the_error_log_on_a_full_disk_loses_its_copy_quietly(_data_dir, monkeypatch, capsys):
    from app.ui.guard import ErrorLogFile
    _data_dir.mkdir(parents=True, exist_ok=True)
    _fill_up(monkeypatch, _data_dir)
    handler = ErrorLogFile(_data_dir / "errors.log")
    record = logging.LogRecord("fived", logging.ERROR, __file__, 1, "unexpected error", None, None)
    handler.handle(record)
    handler.close()
    assert "Logging error" not in capsys.readouterr().err
    monkeypatch.undo()
    assert (_data_dir / "errors.log").read_text() == ""    # the file was reached, the bytes were not


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
    qtbot.waitUntil(lambda: "autosave" in window.notice_board.bars, timeout=20000)
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
    qtbot.waitUntil(lambda: "autosave" not in window.notice_board.bars, timeout=20000)


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


def _play_a_submission_with_the_data_in(qtbot, monkeypatch, folder: Path, notice: str):
    """A window whose data folder is ``folder`` says ``notice`` and plays a submission all the
    same; remembering a recent file there is quietly not kept. The window is handed back."""
    from app.ui.window.main_window import MainWindow
    monkeypatch.setenv("DIPLO5D_DATA_DIR", str(folder))
    data_folder._PROBLEMS.clear()
    w = MainWindow(theme="light")
    qtbot.addWidget(w)
    w.files.ask_unsaved = lambda doing: "discard"
    assert notice in w.notice_board.text("data-folder")
    w.new_game("sandbox")
    assert w.console_order("A par - bur")
    submit(qtbot, w)
    assert len(w.game.submissions) == 1
    w.files.recent.add(Path(__file__))                 # nowhere to keep it: quietly not kept
    return w


def test_the_window_plays_on_a_read_only_mount(qtbot, readonly_mount, monkeypatch):
    _play_a_submission_with_the_data_in(qtbot, monkeypatch, readonly_mount, "read-only")


# -- a real full disk: a small tmpfs filled to the last byte -------------------------------------

@pytest.fixture
def full_mount(tmp_path):
    where = tmp_path / "full"
    where.mkdir()
    made = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(where)], capture_output=True)
    if made.returncode != 0:
        pytest.skip("cannot mount a small tmpfs here to fill (needs root): "
                    + made.stderr.decode(errors="replace").strip())
    try:
        with open(where / "filler", "wb") as f:
            try:
                while True:
                    f.write(b"\0" * 65536)
                    f.flush()
            except OSError as e:
                assert e.errno == errno.ENOSPC
        yield where
    finally:
        subprocess.run(["umount", str(where)], capture_output=True)


def test_the_app_starts_and_says_so_on_a_full_disk(full_mount, tmp_path):
    shot = tmp_path / "shot.png"
    data = full_mount / "data"
    env = dict(os.environ, DIPLO5D_DATA_DIR=str(data), QT_QPA_PLATFORM="offscreen")
    run = subprocess.run([sys.executable, "-m", "app", "--new", "sandbox", "--screenshot", str(shot)],
                         capture_output=True, text=True, env=env, timeout=300, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert shot.stat().st_size > 10_000
    assert "the disk is full" in run.stderr
    assert "Traceback" not in run.stderr and "Logging error" not in run.stderr
    assert not list(data.glob("session-*.lock"))


def test_the_window_plays_on_a_full_disk(qtbot, full_mount, monkeypatch):
    w = _play_a_submission_with_the_data_in(qtbot, monkeypatch, full_mount / "data", "disk is full")
    w.toggle_theme()
    data_folder._PROBLEMS.clear()


def test_a_pdf_record_on_a_full_disk_is_refused_not_said_written(qapp, full_mount, tmp_path, capsys):
    # QPdfWriter writes through Qt's own file, which drops a full disk's error: the command
    # said "wrote game.pdf: 6 pages" and left an empty file where the record should be.
    from app.engine import Game
    from app.ui.record.cli import main as record
    game = Game.new("standard")
    game.submit_text(["A par - bur", "A mun - ruh"])
    saved = tmp_path / "game.json"
    game.save(saved)
    out = full_mount / "game.pdf"
    assert record([str(saved), "--out", str(out)]) != 0
    said = capsys.readouterr()
    assert "wrote" not in said.out and str(out) in said.err and "No space left" in said.err
    assert not out.exists() and not list(full_mount.glob(".*.tmp")), "nothing half-written is left"


def test_a_new_variant_on_a_full_disk_is_said_and_leaves_no_half_made_folder(full_mount, capsys):
    # The files of 'variant new' failed one by one with a traceback, and the half-made folder
    # then stopped the next try ("exists and is not empty").
    from app.variants.cli import main as variant
    folder = full_mount / "alps"
    assert variant(["new", str(folder)]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err and str(folder) in err and "No space left" in err
    assert not folder.exists()


@pytest.mark.parametrize("name", ["centres.png", "centres.csv"])
def test_a_chart_on_a_full_disk_is_refused_and_leaves_no_broken_file(qapp, full_mount, tmp_path, capsys, name):
    # QImage.save and a plain write_text left an empty or cut-off file behind (the PNG was
    # even said written when the disk filled during it).
    from app.engine import Game
    from app.ui.studio.chart_cli import main as chart
    game = Game.new("standard")
    game.submit_text(["A par - bur", "A mun - ruh"])
    saved = tmp_path / "game.json"
    game.save(saved)
    out = full_mount / name
    assert chart([str(saved), "--out", str(out)]) != 0
    said = capsys.readouterr()
    assert "wrote" not in said.out and str(out) in said.err and "No space left" in said.err
    assert not out.exists() and not list(full_mount.glob(".*.tmp"))


def test_a_screenshot_on_a_full_disk_says_why_and_leaves_no_empty_file(full_mount, tmp_path):
    shot = full_mount / "shot.png"
    env = dict(os.environ, DIPLO5D_DATA_DIR=str(tmp_path / "data"), QT_QPA_PLATFORM="offscreen")
    run = subprocess.run([sys.executable, "-m", "app", "--screenshot", str(shot)], capture_output=True,
                         text=True, env=env, timeout=300, cwd=Path(__file__).resolve().parents[2])
    assert run.returncode == 2 and "No space left" in run.stderr and "Traceback" not in run.stderr
    assert not shot.exists()


@pytest.mark.parametrize("command", [["throw", "--players", "4", "--seed", "7"], ["civ", "--civs", "9", "--seed", "3"]])
def test_a_scenario_command_on_a_full_disk_leaves_no_empty_file(full_mount, capsys, command):
    # write_text truncated the target before the disk refused: an empty file stood where the
    # scenario should be (and where an earlier one of that name was).
    from app.__main__ import main
    out = full_mount / "start.json"
    assert main([*command, "--out", str(out)]) != 0
    assert "No space left" in capsys.readouterr().err
    assert not out.exists() and not list(full_mount.glob(".*.tmp"))


def test_save_as_to_a_full_disk_says_the_game_is_not_saved_and_what_to_do(qtbot, window, full_mount):
    window.new_game("sandbox")
    assert window.console_order("A par - bur")
    submit(qtbot, window)
    assert not window.save_as(str(full_mount / "game.json"))
    said = window.last_message
    assert "No space left" in said and "not saved" in said and "Save As" in said
    assert window.dirty and not (full_mount / "game.json").exists()


def test_save_as_into_a_file_taken_for_a_folder_names_the_file(qtbot, window, tmp_path):
    # The message was "…/notes.json/game.json: File exists", the error of making its folder.
    window.new_game("sandbox")
    notes = tmp_path / "notes.json"
    notes.write_text("mine")
    assert not window.save_as(str(notes / "game.json"))
    assert f"{notes} is a file, not a folder" in window.last_message
    assert notes.read_text() == "mine"


def test_an_import_on_a_full_disk_is_said_and_leaves_no_half_made_folder(full_mount, capsys):
    from app.variants.cli import main as variant
    source = Path(__file__).resolve().parents[1] / "variants" / "data" / "lakes.map"
    folder = full_mount / "lakes"
    assert variant(["import", str(source), "--out", str(folder)]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err and str(folder) in err and "No space left" in err
    assert not folder.exists()


def test_a_record_on_a_read_only_disk_says_read_only_not_permission(readonly_mount):
    # Root on a read-only mount was told "permission denied": the wrong thing to fix.
    from app.ui.record.make import target_problem
    problem = target_problem(readonly_mount / "game.gif")
    assert "read-only" in problem and "permission" not in problem


def test_a_multiverse_png_that_fills_the_disk_is_refused_not_written_cut_off(qtbot, window, full_mount):
    # QImageWriter says a PNG written when the disk fills part way (its device drops the
    # error): the export said "Exported" and left a cut-off image.
    from app.ui.window import export_multiverse as em
    window.new_game("sandbox")
    filler = full_mount / "filler"
    os.truncate(filler, filler.stat().st_size - 48 * 1024)     # room for a start, not a whole image
    out = full_mount / "all.png"
    job = em.export_multiverse(window, out, 1, show_progress=False)
    qtbot.waitUntil(lambda: not job.thread.is_alive(), timeout=60000)
    qtbot.waitUntil(lambda: job.error != "" or window.last_status.startswith("Exported"), timeout=20000)
    assert "No space left" in job.error and not out.exists()
    assert not list(full_mount.glob(".*.tmp"))


def test_a_position_exported_to_a_full_disk_leaves_no_empty_file(qtbot, window, full_mount):
    window.new_game("sandbox")
    dialog = window.studio.open_editor()
    qtbot.addWidget(dialog)
    out = full_mount / "position.json"
    assert not dialog.export(str(out))
    assert not out.exists(), "an empty file stood where the position was to be"
    assert "No space left" in dialog.message_text


def test_install_desktop_on_a_full_disk_leaves_no_empty_menu_entry(full_mount, capsys):
    # It said "error: [Errno 28] No space left on device" and left an empty .desktop file,
    # a broken entry in the desktop's menu.
    from app.ui.desktop import main as install_desktop
    assert install_desktop(["--dir", str(full_mount)]) == 2
    err = capsys.readouterr().err
    assert "cannot write" in err and "fived-diplomacy.desktop" in err and "No space left" in err
    assert not list(full_mount.rglob("fived-diplomacy.*"))
