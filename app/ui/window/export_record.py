"""File → Export → Game record… and the end screen's export buttons: the record
(:mod:`app.ui.record`) drawn and written on a worker thread, with a progress dialog that
can cancel it; the window never freezes.

The record shows every board and every order, so a game under fog of war is refused until
it is over (RULES.md §8), as the ``record`` command refuses it.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Qt, QThread, Signal
from PySide6.QtWidgets import QFileDialog, QProgressDialog

from ..guard import guarded
from ..record.animation import Cancelled, FrameStyle
from ..record.make import KINDS, target_problem, write_record
from ..screen_fit import fit_title

_RUNNING: set = set()
"""Jobs under way, held here rather than by the window alone: a QThread destroyed while it
runs ends the process, and a window may close during an export."""

FILTERS = {".gif": "Animated GIF (*.gif)", ".webp": "Animated WebP (*.webp)", ".pdf": "PDF record (*.pdf)"}


class _Signals(QObject):
    progress = Signal(int, int)
    done = Signal(str, str)            # error ("" / "cancelled" / the message), what was written


class _Delivery(QObject):
    """The worker's news, delivered to the window while it lives (a child of the window:
    Qt disconnects it when the window goes)."""

    def __init__(self, parent, progress, finished):
        super().__init__(parent)
        self._progress, self._finished = progress, finished

    @guarded
    def progress(self, done: int, total: int) -> None:
        self._progress(done, total)

    @guarded
    def done(self, error: str, said: str) -> None:
        self.deleteLater()
        self._finished(error, said)


class _Worker(QThread):
    """A Qt thread, not a Python one: the PDF's text layout starts Qt timers, which need the
    event dispatcher a QThread has (a Python thread's warned on every page)."""

    def __init__(self, work):
        super().__init__()
        self._work = work

    def run(self) -> None:
        self._work()


class RecordJob:
    """Reads the story and writes the record on a worker thread; everything it reads is
    taken on the window's thread first (a snapshot of the game)."""

    def __init__(self, game, victory, art, path: Path, headline: str, story=None):
        """``game``: a snapshot of the game (the window's own goes on changing); ``victory``:
        the match's victory target; ``art``: the map's art the boards are drawn with."""
        self.path, self.headline = path, headline
        self.game = game
        self.victory = victory
        self.story = story
        self.art = art
        self.style = FrameStyle()
        self.signals = _Signals()
        self.cancelled = False
        self.thread = _Worker(self._run)

    def _run(self) -> None:
        error, said = "", ""
        try:
            from app.match.story import story_of
            from ..record.make import prepare_art
            story = self.story or story_of(self.game, victory=self.victory)
            prepare_art(self.path, self.art, story, self.style)
            said = write_record(self.path, self.game, story, self.headline, self.art, self.style,
                                self.signals.progress.emit, lambda: self.cancelled)
        except Cancelled:
            error = "cancelled"
        except OSError as e:
            error = f"Cannot write {self.path}: {e.strerror or e}"
        except ValueError as e:
            error = f"Cannot export the record: {e}"
        except Exception as e:               # a fault of ours: said, and the app goes on
            error = f"The record could not be made: {e}"
        try:
            self.signals.done.emit(error, said)
        except RuntimeError:                 # the window went meanwhile
            pass


def export_record(w, path, headline: str, story=None, show_progress: bool = True) -> RecordJob | None:
    """Start writing the record of the window's game to ``path`` (its kind by extension)
    in the background; None when refused (the player is told why)."""
    path = Path(path)
    problem = _refusal(w) or target_problem(path)
    if problem:
        w.show_message("Cannot export the record", problem)
        return None
    job = RecordJob(w.game.snapshot(), w.match.victory, w.scene.art, path, headline, story)
    dlg = None
    if show_progress:
        dlg = QProgressDialog(f"Making {KINDS[path.suffix.lower()]}: {path.name}…", "Cancel", 0, 0, w)
        dlg.setWindowTitle("Exporting the game record")
        fit_title(dlg)
        dlg.setWindowModality(Qt.WindowModal)
        dlg.setMinimumDuration(300)
        dlg.canceled.connect(lambda: setattr(job, "cancelled", True))

    def progress(done: int, total: int) -> None:
        if dlg is not None:
            dlg.setMaximum(total)
            dlg.setValue(min(done, total - 1))
        w.set_status(f"Exporting the record: {done} of {total}…")

    def finished(error: str, said: str) -> None:
        job.thread.wait()                    # it has told all it had to: only its return is left
        _RUNNING.discard(job)
        if dlg is not None:
            dlg.reset()
            dlg.hide()
        if error == "cancelled":
            w.set_status("The record export was cancelled; nothing was written.")
        elif error:
            w.show_message("Cannot export the record", error)
        else:
            w.set_status(f"Exported {said}.")
        w.record_job = None
    delivery = _Delivery(w, progress, finished)
    job.signals.progress.connect(delivery.progress)
    job.signals.done.connect(delivery.done)
    w.record_job = job
    _RUNNING.add(job)
    w.set_status(f"Exporting the record to {path}…")
    job.thread.start()
    return job


def _refusal(w) -> str:
    m = w.match
    if m is None:
        return "There is no game open."
    if m.fog and m.world.phase != "over":
        return ("This game is played under fog of war and is not over: its record would show every board, "
                "what the fog still hides. Export it when the game is over.")
    if getattr(w, "record_job", None) is not None:
        return "A record is being exported already; wait for it or cancel it."
    return ""


def export_record_dialog(w, suffix: str = ".gif", headline: str | None = None, story=None) -> RecordJob | None:
    """Ask where (GIF, WebP or PDF, ``suffix`` first), then export."""
    if _refusal(w):
        w.show_message("Cannot export the record", _refusal(w))
        return None
    from app.match.story import default_headline
    order = [suffix] + [s for s in FILTERS if s != suffix]
    saved = w.files.path
    where = (saved.parent if saved else Path.home()) / f"{saved.stem if saved else '5d-diplomacy'}-record{suffix}"
    path, chosen = QFileDialog.getSaveFileName(w, "Export the game record", str(where),
                                               ";;".join(FILTERS[s] for s in order))
    if not path:
        return None
    if not Path(path).suffix:
        path += next((s for s, f in FILTERS.items() if f == chosen), suffix)
    return export_record(w, path, headline or default_headline(w.match.world), story)
