"""Writing a record, whatever its kind: the one path the command line and the window share."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Callable

from .animation import FrameStyle, frames, prepare, write_animation
from .document import write_pdf

KINDS = {".gif": "an animated GIF", ".webp": "an animated WebP", ".pdf": "a PDF record"}


def target_problem(path: Path) -> str:
    """What is wrong with writing the record to ``path`` ("" when nothing is)."""
    kind = path.suffix.lower()
    if kind not in KINDS:
        return (f"{path}: a record is written as .gif, .webp or .pdf"
                + (f", not {path.suffix}" if path.suffix else " (the name has no extension)"))
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        return f"{path}: there is no folder {folder}"
    if path.is_dir():
        return f"{path}: that is a folder"
    if _read_only(folder):
        return f"{path}: cannot write there (the disk is read-only)"
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        return f"{path}: cannot write there (permission denied)"
    if kind == ".webp":
        from PIL import features
        if not features.check("webp"):
            return f"{path}: this installation of Pillow cannot write WebP; write a .gif instead"
    return ""


def _read_only(folder: Path) -> bool:
    try:
        return bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
    except (AttributeError, OSError):       # no statvfs (Windows): the access check says it
        return False


def write_record(path: Path, game, story, headline: str, art, style: FrameStyle = FrameStyle(),
                 progress: Callable[[int, int], None] | None = None,
                 cancelled: Callable[[], bool] = lambda: False) -> str:
    """Write the record of ``game`` to ``path`` (its kind by its extension); returns what
    was written, in a sentence. The map's layers must be ready (:func:`prepare_art`).
    Raises OSError, ValueError (nothing to animate), :class:`.animation.Cancelled`."""
    if path.suffix.lower() == ".pdf":
        pages = write_pdf(path, game, story, headline, progress, cancelled)
        return f"{path}: {pages} pages"
    count = len(story.steps_with_new_boards)
    write_animation(path, frames(game, story, art, style, headline, progress, cancelled), count)
    return f"{path}: {count} frames, {style.width} × {style.height} pixels"


def prepare_art(path: Path, art, story, style: FrameStyle) -> set[int]:
    """Make the map's layers an animation needs, on the art's own thread (none for a PDF)."""
    return set() if path.suffix.lower() == ".pdf" else prepare(art, story, style)
