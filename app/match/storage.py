"""Files around a match, with no Qt: saving and opening, the per-user data folder, this
running instance's session (its lock and its own autosave), crash recovery, recent files and
stale temporary files.

Every write is atomic (a temporary file beside the target, fsync, rename): an interrupted
save never leaves a broken file, and :func:`clean_stale_temps` removes the temporary files
an interrupted save leaves behind.

Each running instance owns a session: ``session-<id>.lock`` (held with an OS file lock for
the instance's life) and ``autosave-<id>.json``. A lock file whose OS lock nobody holds
belongs to an instance that crashed: :meth:`Session.crashed` lists their autosaves, which
the window offers to restore; two instances never write the same autosave.
"""

from __future__ import annotations

import glob
import json
import os
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from app.data_folder import data_dir, data_dir_problem, describe_error  # noqa: F401  (the one data folder)
from app.data_folder import try_lock, unlock
from app.engine import civ_of, Game, GameFileError, read_every_board, write_text_atomic

from .match import Match

# -- writing and reading -------------------------------------------------------------------

@dataclass(frozen=True)
class Snapshot:
    """A match frozen for writing: taken on the GUI thread in microseconds (worlds are
    immutable; lists are copied; PIN seats sealed), turned into text anywhere."""

    game: Game

    def to_text(self) -> str:
        return self.game.dumps()

    def pieces(self, pause: Callable[[], None] | None = None) -> list[str]:
        """The text in pieces (what :func:`write_text_atomic` writes without joining them);
        ``pause`` is called between pieces of the work (see :class:`Pacer`)."""
        return self.game.dump_pieces(pause)


def snapshot(match: Match, saved_as: Path | None = None) -> Snapshot:
    """``saved_as``: the game's own file, kept in an autosave so that a restored game
    knows its name again."""
    g = match.game
    meta = match.to_meta()
    if saved_as is not None:
        meta["saved_as"] = str(saved_as)
    return Snapshot(g.snapshot(meta=meta))


def save_match(match: Match, path: Path) -> None:
    write_text_atomic(Path(path), snapshot(match).pieces())


def open_match(path: Path, decide=None, replay_later: bool = False) -> Match:
    """Load a save file and its match part; raises ``GameFileError`` (a ``MatchFileError``
    for the match part) naming the file and field. ``replay_later``: see
    :meth:`Game.load` (the window runs ``match.game.replay_owed`` on a worker)."""
    path = Path(path)
    try:
        game = Game.load(path, replay_later=replay_later)
    except GameFileError:
        scenario = _scenario_game(path)       # a scenario file (``throw`` writes them) starts a game
        if scenario is None:
            raise
        match = Match(scenario, decide=decide)
        match.scenario = str(path)
        return match
    saved_as = game.meta.get("saved_as") if isinstance(game.meta, dict) else None
    match = Match.from_game(game, str(path), decide=decide)
    match.saved_as = saved_as if isinstance(saved_as, str) else None   # an autosave's game file
    if match.fog or civ_of(game.world) is not None:   # a fogged view reads every board: read them now, at once
        read_every_board(game.world)
    return match


def _scenario_game(path: Path) -> Game | None:
    """The game a scenario file starts (its start and steps), or None when ``path`` is no
    scenario; a scenario that cannot be used raises ``GameFileError`` naming its fault."""
    from app.engine import parse_json, read_text
    from app.engine import game_of, looks_like_scenario, ScenarioError
    try:
        raw = parse_json(read_text(path, GameFileError), str(path), GameFileError)
    except GameFileError:
        return None
    if not looks_like_scenario(raw):
        return None
    try:
        return game_of(path)
    except ScenarioError as e:
        raise GameFileError(f"{e} (a scenario file)") from None


class Pacer:
    """Called between pieces of a worker thread's Python work: after every ``work``
    seconds of it, the worker sleeps ``rest`` seconds, leaving the interpreter lock free
    (not while ``hurry`` is set: nobody is waiting for the lock then, see
    :meth:`BackgroundWriter.flush`).

    The window's thread takes that lock for every event it hands to Python and lets it go
    around every Qt call; while a worker runs Python, each of those waits until the worker
    is made to let go (every 5 ms: ``sys.getswitchinterval``), and the worker takes it back
    at the next Qt call. So a worker busy beside the window slows the window by about its
    own whole time (the convoy effect), whatever the switch interval. Resting often keeps
    the window's share: it waits at most ``work`` at a time, for at most a fraction
    ``work / (work + rest)`` of its time."""

    def __init__(self, hurry: threading.Event | None = None, work: float = 0.0003, rest: float = 0.003):
        self.hurry, self.work, self.rest = hurry, work, rest
        self._since = time.perf_counter()

    def __call__(self) -> None:
        if time.perf_counter() - self._since >= self.work:
            if self.hurry is None or not self.hurry.is_set():
                time.sleep(self.rest)
            self._since = time.perf_counter()


class BackgroundWriter:
    """Writes snapshots on a worker thread, one at a time; a write asked for while another
    runs waits for it (the newest request for a path replaces an older one still waiting),
    so the GUI never blocks and no save is lost or interleaved."""

    def __init__(self, write: Callable[[Path, str | list[str]], None] | None = None):
        self._write = write or write_text_atomic
        self._hurry = threading.Event()     # set while somebody waits in flush(): no resting
        self._lock = threading.Condition()
        self._queue: dict[Path, Snapshot] = {}
        self._busy = False
        self._thread: threading.Thread | None = None
        self.errors: list[str] = []
        self.written: list[Path] = []
        self.on_error: Callable[[Path, OSError], None] | None = None
        self.on_done: Callable[[Path], None] | None = None

    def write(self, path: Path, snap: Snapshot) -> None:
        self._hurry.clear()       # the window goes on: the writer rests between stretches again
        with self._lock:
            self._queue.pop(Path(path), None)
            self._queue[Path(path)] = snap
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
                self._thread.start()

    def _run(self) -> None:
        while True:
            with self._lock:
                if not self._queue:
                    self._busy = False
                    self._lock.notify_all()
                    return
                path = next(iter(self._queue))
                snap = self._queue.pop(path)
                self._busy = True
            try:
                self._write(path, snap.pieces(Pacer(self._hurry)))
                self.written.append(path)
                if self.on_done is not None:
                    self.on_done(path)
            except OSError as e:
                self.errors.append(f"{path}: {e.strerror or e}")
                if self.on_error is not None:
                    self.on_error(path, e)

    def busy(self) -> bool:
        with self._lock:
            return self._busy or bool(self._queue)

    def flush(self, timeout: float | None = 30.0) -> bool:
        """Wait until every queued write is on disk; False on timeout. The caller waits
        without working (this is the window's thread, blocked): the writer need leave it
        no room (see :class:`Pacer`)."""
        self._hurry.set()
        end = None if timeout is None else time.monotonic() + timeout
        with self._lock:
            while self._busy or self._queue:
                left = None if end is None else end - time.monotonic()
                if left is not None and left <= 0:
                    return False
                self._lock.wait(left)
        return True


# -- sessions: this instance's lock and autosave ---------------------------------------------

class Session:
    """This running instance: its lock (held while it runs) and its own autosave file."""

    def __init__(self, folder: Path | None = None):
        self.folder = Path(folder) if folder else data_dir()
        self.id = os.urandom(6).hex()
        self.lock_path = self.folder / f"session-{self.id}.lock"
        self.autosave_path = self.folder / f"autosave-{self.id}.json"
        self.closed = False
        #: why this session can keep no lock nor autosave (a read-only, full or missing data
        #: folder), None when it can: the game plays on, unprotected against a crash
        self.problem: str | None = None
        self._lock_file = None
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            # unbuffered: a full disk fails the write below, never again in a later close()
            self._lock_file = open(self.lock_path, "a+b", buffering=0)
            if not try_lock(self._lock_file):
                raise OSError(f"{self.lock_path}: cannot lock")
            self._lock_file.write(str(os.getpid()).encode("ascii"))
        except OSError as e:
            self.problem = describe_error(e)
            self._give_up_lock()

    def _give_up_lock(self) -> None:
        """No lock after all: let go of the file, and leave no empty lock behind that a
        later start would take for a crashed session."""
        if self._lock_file is not None:
            unlock(self._lock_file)
            try:
                self._lock_file.close()
            except OSError:
                pass
            self._lock_file = None
        _remove(self.lock_path)

    @property
    def usable(self) -> bool:
        return self.problem is None

    def write(self, path: Path, text: str | list[str]) -> None:
        """Write ``text`` (or its pieces) to ``path`` atomically, noted in the data folder while it runs (a
        ``saving/<session>.<n>.path`` entry naming the file), so that if this instance dies
        mid-write the next start finds the temporary file beside any game, and removes it
        (:func:`clean_interrupted_saves`)."""
        entry = None
        if self.usable:
            entry = self.folder / SAVING / f"{self.id}.{os.urandom(4).hex()}.path"
            try:
                entry.parent.mkdir(exist_ok=True)
                entry.write_text(str(Path(path).resolve()), encoding="utf-8")
            except OSError:
                _remove(entry)          # a full disk leaves it empty: no half a note
                entry = None
        try:
            write_text_atomic(Path(path), text)
        finally:
            if entry is not None:
                _remove(entry)

    def set_aside(self, autosave: Path, why: str = "") -> Path | None:
        """Keep a crashed session's autosave that was not restored in the recovered-games
        folder (for :data:`KEEP_RECOVERED_DAYS` days), and forget the session. Returns where
        it went (None if it could not be moved: it is then left where it is)."""
        folder = self.folder / RECOVERED
        stamp = time.strftime("%Y-%m-%d %H.%M.%S", time.localtime(_mtime(autosave)))
        target = folder / f"game from {stamp}{why}.json"
        try:
            folder.mkdir(exist_ok=True)
            n = 2
            while target.exists():
                target = folder / f"game from {stamp}{why} ({n}).json"
                n += 1
            os.replace(autosave, target)
        except OSError:
            return None
        self.dismiss(autosave)
        return target

    def crashed(self) -> list[Path]:
        """Autosaves left by instances that did not close properly, newest first."""
        found = []
        for lock in self.folder.glob("session-*.lock"):
            if lock == self.lock_path:
                continue
            sid = lock.stem.removeprefix("session-")
            auto = self.folder / f"autosave-{sid}.json"
            try:
                with open(lock, "a+") as f:
                    if not try_lock(f):
                        continue           # a live instance holds it
                    unlock(f)
            except OSError:
                continue
            if auto.exists():
                found.append(auto)
            elif time.time() - lock.stat().st_mtime > 60:
                _remove(lock)              # crashed before its first autosave: nothing to offer
        # legacy single autosave (before sessions): offered once like a crashed session's
        legacy = self.folder / "autosave.json"
        if legacy.exists() and (self.folder / "session.lock").exists():
            found.append(legacy)
        return sorted(found, key=lambda p: p.stat().st_mtime, reverse=True)

    def dismiss(self, autosave: Path) -> None:
        """Forget a crashed session (after its autosave was restored into this one or declined)."""
        sid = autosave.stem.removeprefix("autosave-")
        _remove(autosave)
        _remove(self.folder / (f"session-{sid}.lock" if sid != "autosave" else "session.lock"))

    def forget_autosave(self) -> None:
        """The game it held was saved or discarded: a crash now must not offer it back."""
        _remove(self.autosave_path)

    def close(self, keep_autosave: bool = False) -> None:
        """A clean exit: release the lock and remove this session's files."""
        if self.closed:
            return
        self.closed = True
        if self._lock_file is None:
            return
        unlock(self._lock_file)
        try:
            self._lock_file.close()
        except OSError:
            pass
        if not keep_autosave:
            _remove(self.autosave_path)
            _remove(self.lock_path)

    def abandon(self) -> None:
        """Release the lock but leave the files, as a crash would (tests)."""
        self.close(keep_autosave=True)


def _remove(p: Path) -> None:
    try:
        p.unlink()
    except OSError:
        pass


SAVING = "saving"              # the data folder's notes of saves being written (Session.write)
RECOVERED = "recovered"        # autosaves of crashed sessions that were not restored
KEEP_RECOVERED_DAYS = 30


def _mtime(p: Path) -> float:
    try:
        return p.stat().st_mtime
    except OSError:
        return time.time()


def _session_alive(folder: Path, sid: str) -> bool:
    """Is the session ``sid`` (its lock in ``folder``) held by a running instance?"""
    lock = folder / f"session-{sid}.lock"
    if not lock.exists():
        return False
    try:
        with open(lock, "a+") as f:
            if not try_lock(f):
                return True
            unlock(f)
            return False
    except OSError:
        return True         # cannot tell: better to leave its files alone


def clean_interrupted_saves(folder: Path | None = None) -> list[Path]:
    """Remove the temporary files of saves that were interrupted (the instance writing them
    died), beside any game, however recent; never one that a running instance is writing
    now. Returns the files removed."""
    folder = Path(folder) if folder else data_dir()
    try:
        entries = list((folder / SAVING).glob("*.path"))
    except OSError:
        return []
    dead: dict[Path, list[Path]] = {}
    for e in entries:
        if _session_alive(folder, e.name.split(".", 1)[0]):
            continue
        try:
            target = Path(e.read_text(encoding="utf-8").strip())
        except (OSError, ValueError):
            target = None
        dead.setdefault(target, []).append(e)
    # the temporary files first, then what running instances write now: a save that starts
    # after this look made its note before its file, so it is either seen below or not here
    candidates = {t: list(t.parent.glob(f".{glob.escape(t.name)}.*.tmp")) if t is not None else []
                  for t in dead}
    live = set()
    for e in (folder / SAVING).glob("*.path"):
        if _session_alive(folder, e.name.split(".", 1)[0]):
            try:
                live.add(Path(e.read_text(encoding="utf-8").strip()))
            except (OSError, ValueError):
                pass
    removed = []
    for target, temps in candidates.items():
        if target in live:
            continue
        for t in temps:
            try:
                t.unlink()
                removed.append(t)
            except OSError:
                pass
        for e in dead[target]:
            _remove(e)
    return removed


def clean_recovered(folder: Path | None = None, days: float = KEEP_RECOVERED_DAYS) -> list[Path]:
    """Forget recovered games older than ``days``."""
    folder = (Path(folder) if folder else data_dir()) / RECOVERED
    gone = []
    try:
        for p in folder.glob("*.json"):
            if time.time() - _mtime(p) > days * 86400:
                _remove(p)
                gone.append(p)
    except OSError:
        pass
    return gone


def clean_stale_temps(patterns, older_than: float = 120.0) -> list[Path]:
    """Remove the temporary files interrupted saves left behind. ``patterns``: (folder,
    glob) pairs, e.g. our data folder with ``.*.tmp`` and, in a game's folder, only that
    game's own ``.<name>.*.tmp`` (never another program's temporary files). Only files
    older than ``older_than`` seconds go, so a save running in another instance is spared."""
    removed = []
    now = time.time()
    for folder, pattern in patterns:
        try:
            candidates = list(Path(folder).glob(pattern))
        except OSError:
            continue
        for p in candidates:
            try:
                if p.is_file() and p.name.endswith(".tmp") and now - p.stat().st_mtime > older_than:
                    p.unlink()
                    removed.append(p)
            except OSError:
                continue
    return removed


def temp_patterns(data: Path, games: list[str]) -> list[tuple[Path, str]]:
    """Where :func:`write_text_atomic` may have left temporary files: the data folder, and
    beside each game file."""
    out = [(Path(data), ".*.tmp")]
    for g in games:
        p = Path(g)
        out.append((p.parent, f".{glob.escape(p.name)}.*.tmp"))
    return out


# -- the file on disk -----------------------------------------------------------------------------

@dataclass(frozen=True)
class DiskStamp:
    """What a game file on disk was when this instance last opened or saved it. Every save
    (ours or another instance's) replaces the file by a rename, so a new file id, time or
    size says another save happened since."""

    ino: int
    mtime_ns: int
    size: int

    @classmethod
    def of(cls, path: Path) -> "DiskStamp | None":
        try:
            st = Path(path).stat()
        except OSError:
            return None
        return cls(st.st_ino, st.st_mtime_ns, st.st_size)


def changed_on_disk(path: Path, stamp: "DiskStamp | None") -> bool:
    """Was ``path`` written by someone else since ``stamp`` (a file that is gone was not)?"""
    now = DiskStamp.of(path)
    return stamp is not None and now is not None and now != stamp


# -- recent files ----------------------------------------------------------------------------

class RecentFiles:
    """The last ten games opened or saved (never an autosave), in ``recent.json``."""

    LIMIT = 10

    def __init__(self, folder: Path | None = None):
        self.path = (Path(folder) if folder else data_dir()) / "recent.json"

    def list(self) -> list[str]:
        try:
            items = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return []
        return [p for p in items if isinstance(p, str) and p][: self.LIMIT] if isinstance(items, list) else []

    def add(self, path: Path) -> None:
        p = str(Path(path).resolve())
        if Path(p).parent == data_dir().resolve() and Path(p).name.startswith("autosave"):
            return
        items = [p] + [q for q in self.list() if q != p]
        try:
            write_text_atomic(self.path, json.dumps(items[: self.LIMIT]))
        except OSError:
            pass

