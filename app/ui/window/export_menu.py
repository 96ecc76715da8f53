"""File → Export, the menu: ask where (and for a board or the view, which and how large), make
the file's bytes (:mod:`.export` draws them, :mod:`.printing` makes a PDF) and write them
through a temporary file and a rename; the transcript from a worker thread; the whole
multiverse in the background (:mod:`.export_multiverse`), the game's record
(:mod:`.export_record`)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QFileDialog

from app.engine import BoardKey

from .export import (ExportError, board_image, board_svg, board_under_cursor, png_bytes, seated, transcript_job,
                     transcript_text, view_image, view_svg, write_bytes_atomic)
from .export_kinds import EXPORTS as _KINDS      # (label, file filter, suffix, tip) per kind
from .export_options import ExportOptions, ask_options
from .export_sizes import describe


def _make(w, what: str, key: BoardKey | None, scale: int = 1) -> bytes:
    if what == "view-png":
        return png_bytes(view_image(w, scale))
    if what == "view-svg":
        return view_svg(w)
    if what == "board-png":
        return png_bytes(board_image(w, key, scale=scale))
    if what == "board-svg":
        return board_svg(w, key)
    if what == "orders":
        return transcript_text(w).encode("utf-8")
    if what in ("view-pdf", "board-pdf", "orders-pdf"):
        from .printing import pdf_bytes
        return pdf_bytes(w, what.split("-")[0], key)
    raise ValueError(what)


def _write(w, path: Path, data: bytes) -> bool:
    try:
        write_bytes_atomic(path, data)
    except ExportError as e:
        w.show_message("Cannot export", str(e))
        return False
    w.set_status(f"Exported {path}.")
    return True


def export_to(w, what: str, path, key: BoardKey | None = None, scale: int = 1) -> bool:
    """Export ``what`` (view-png, view-svg, view-pdf, board-png, board-svg, board-pdf,
    orders, orders-pdf) to ``path``, images at ``scale`` (1, 2 or 4) times the screen's
    resolution; a clear message on failure. Returns whether the file was written. (The whole
    multiverse: :func:`.export_multiverse.export_multiverse`, in the background.)"""
    QApplication.setOverrideCursor(Qt.WaitCursor)
    try:
        data = _make(w, what, key, scale)
    except ExportError as e:
        w.show_message("Cannot export", str(e))
        return False
    finally:
        QApplication.restoreOverrideCursor()
    return _write(w, Path(path), data)


_POOL = ThreadPoolExecutor(max_workers=1, thread_name_prefix="export")


def export_transcript_in_background(w, path) -> bool:
    """Write the transcript from a worker thread (a 1000-board fogged game takes seconds):
    the window stays responsive; the file is written, or the failure told, when it is done.
    Returns whether the work started."""
    try:
        job = transcript_job(w)
    except ExportError as e:
        w.show_message("Cannot export", str(e))
        return False
    path = Path(path)
    future = _POOL.submit(job)
    w.set_status(f"Writing the orders and results to {path}…")
    timer = QTimer(w)

    def poll() -> None:
        if not future.done():
            return
        timer.stop()
        timer.deleteLater()
        try:
            text = future.result()
        except Exception as e:     # a bug, not the player's fault: say so, keep the app
            w.show_message("Cannot export", f"The transcript for {path} could not be made: {e}")
            return
        _write(w, path, text.encode("utf-8"))
    timer.timeout.connect(poll)
    timer.start(50)                  # a child of the window: it lives until it has polled the result
    return True


# what each export asks before the file dialog (export_options.ExportImageDialog)
_ASKS = {"board-png": "board", "board-svg": "board", "board-pdf": "pdf-board", "view-png": "view",
         "multiverse-png": "multiverse"}


def _default_name(w, what: str, key: BoardKey | None) -> str:
    stem = w.files.path.stem if w.files.path else "5d-diplomacy"
    if key is not None:
        stem += f"-board-{key.timeline}-{key.turn}"
    elif what.startswith("view"):
        stem += "-view"
    elif what.startswith("multiverse"):
        stem += "-multiverse"
    else:
        stem += "-orders"
    return str((w.files.path.parent if w.files.path else Path.home()) / (stem + _KINDS[what][2]))


def export_dialog(w, what: str) -> None:
    """Ask where (and for a board, which board), then export."""
    if what == "record":                 # its own dialog: three kinds of file, a worker thread
        from .export_record import export_record_dialog
        export_record_dialog(w, headline=w.ending.headline)
        return
    if not seated(w):
        return
    options = ExportOptions()
    if what in _ASKS:
        options = ask_options(w, _ASKS[what], board_under_cursor(w), lambda o: describe(w, what, o))
        if options is None:
            return
    key = options.key
    label, filt, suffix, _ = _KINDS[what]
    path, _ = QFileDialog.getSaveFileName(w, label.rstrip("…"), _default_name(w, what, key), filt)
    if not path:
        return
    if not Path(path).suffix:
        path += suffix
    if what == "orders":
        export_transcript_in_background(w, path)
    elif what == "multiverse-png":
        from .export_multiverse import export_multiverse
        export_multiverse(w, path, options.scale)
    else:
        export_to(w, what, path, key, options.scale)
