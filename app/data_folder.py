"""The one per-user data folder: settings, recent games, this instance's autosave and lock,
games set aside after a crash, the error log, and the user's own variants (``variants/``).

Where it is: the platform's data folder for ``fived-diplomacy`` (``platformdirs``): on Linux
``~/.local/share/fived-diplomacy``, on macOS ``~/Library/Application Support/fived-diplomacy``,
on Windows ``%LOCALAPPDATA%\\fived-diplomacy``. ``DIPLO5D_DATA_DIR`` puts it anywhere else
(tests, a portable install).

Earlier versions kept settings and autosaves in a second folder, ``5D Diplomacy/5D Diplomacy``
beside it; the first start with this version moves what that folder held into this one
(:func:`migrate_old_folder`), quietly, and never over a file that is already here.

Nothing here raises because the disk says no: :func:`data_dir` returns the folder even when it
cannot be made, and :func:`data_dir_problem` says what is wrong with it (read-only, full,
missing), so the app can start, say what will not be kept, and play on.
"""

from __future__ import annotations

import errno
import os
import shutil
import sys
from pathlib import Path

APP_DIR_NAME = "fived-diplomacy"
OLD_DIR_NAME = "5D Diplomacy"          # the settings' folder before there was one folder

# files both folders may hold: the one data folder's copy wins and the old one goes
_SUPERSEDED = frozenset({"settings.ini", "recent.json", "errors.log"})

_PROBLEMS: dict[Path, str | None] = {}
_MIGRATED: set[Path] = set()


def _platform_dir() -> Path:
    from platformdirs import user_data_dir
    return Path(user_data_dir(APP_DIR_NAME, appauthor=False))


def old_data_dir() -> Path:
    """Where settings and autosaves were kept before (``5D Diplomacy/5D Diplomacy``)."""
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / OLD_DIR_NAME / OLD_DIR_NAME


def data_dir() -> Path:
    """The data folder, made if it can be (never raises: see :func:`data_dir_problem`)."""
    env = os.environ.get("DIPLO5D_DATA_DIR")
    d = Path(env) if env else _platform_dir()
    try:
        d.mkdir(parents=True, exist_ok=True)
    except OSError:
        pass
    if not env and d not in _MIGRATED:
        _MIGRATED.add(d)
        migrate_old_folder(old_data_dir(), d)
    return d


def data_dir_problem(refresh: bool = False) -> str | None:
    """None when the data folder can be written; otherwise why not, in a few words (e.g.
    ``read-only file system``, ``no space left on device``). Checked by writing a small file
    (file modes alone say nothing to an administrator, nor about a read-only disk); the
    answer is kept for the process unless ``refresh``."""
    d = data_dir()
    if not refresh and d in _PROBLEMS:
        return _PROBLEMS[d]
    _PROBLEMS[d] = problem = _probe(d)
    return problem


def _probe(d: Path) -> str | None:
    if not d.is_dir():
        return "it does not exist and cannot be made" if not d.exists() else "it is not a folder"
    probe = d / f".probe-{os.getpid()}.tmp"
    try:
        fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            os.write(fd, b"5d" * 2048)
            os.fsync(fd)
        finally:
            os.close(fd)
    except OSError as e:
        return describe_error(e)
    finally:
        try:
            probe.unlink()
        except OSError:
            pass
    return None


def describe_error(e: OSError) -> str:
    """Why a write failed, in a few words for people."""
    if e.errno == errno.EROFS:
        return "it is on a read-only file system"
    if e.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", -1)):
        return "the disk is full"
    if e.errno in (errno.EACCES, errno.EPERM):
        return "you may not write there"
    return (e.strerror or str(e)).lower()


def migrate_old_folder(old: Path, new: Path) -> list[Path]:
    """Move what ``old`` holds into ``new`` (files already in ``new`` win: the settings,
    recent games and error log of ``old`` then go; anything else stays; a session still
    running in an older version keeps its lock and autosave where they are), then remove
    ``old`` if it is empty. Quiet: a file that cannot be moved stays. Returns what moved."""
    moved: list[Path] = []
    try:
        if not old.is_dir() or old.resolve() == new.resolve():
            return moved
        entries = list(old.iterdir())
    except OSError:
        return moved
    live = {p.stem.removeprefix("session-") for p in entries if p.name.startswith("session-") and _held(p)}
    for p in entries:
        sid = p.stem.removeprefix("session-").removeprefix("autosave-")
        if sid in live and p.name.startswith(("session-", "autosave-")):
            continue
        target = new / p.name
        try:
            if target.exists():
                if p.name in _SUPERSEDED:
                    p.unlink()         # the one data folder's own copy is the newer one
                continue
            new.mkdir(parents=True, exist_ok=True)
            shutil.move(str(p), str(target))
            moved.append(target)
        except OSError:
            continue
    for folder in (old, old.parent):
        try:
            folder.rmdir()             # only when empty
        except OSError:
            break
    return moved


def _held(lock: Path) -> bool:
    """Is a session lock file held by a running instance?"""
    try:
        with open(lock, "a+") as f:
            if try_lock(f):
                unlock(f)
                return False
            return True
    except OSError:
        return True


def try_lock(f) -> bool:
    """Take an open file's exclusive lock without waiting: False when another process holds it."""
    try:
        if sys.platform == "win32":
            import msvcrt
            f.seek(0)                  # lock (and later unlock) the same first byte
            msvcrt.locking(f.fileno(), msvcrt.LK_NBLCK, 1)
        else:
            import fcntl
            fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except OSError:
        return False


def unlock(f) -> None:
    """Let go of a lock taken by :func:`try_lock`."""
    try:
        if sys.platform == "win32":
            import msvcrt
            f.seek(0)
            msvcrt.locking(f.fileno(), msvcrt.LK_UNLCK, 1)
        else:
            import fcntl
            fcntl.flock(f.fileno(), fcntl.LOCK_UN)
    except OSError:
        pass
