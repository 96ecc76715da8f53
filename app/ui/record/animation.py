"""The game record as an animated image (GIF or WebP): one frame per submission that made
boards, showing the boards it made side by side, as watch mode frames the boards a
submission changed; the last frame is held longer.

Frames are drawn with Qt (the boards as the window draws them: :func:`render_board_image`)
and written with Pillow, because Qt's image writers have neither GIF nor animated WebP.
Drawing may run on a worker thread: :func:`prepare` makes the map's layers at the frame's
board width first, on the thread that owns the map art.
"""

from __future__ import annotations

import math
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPen

from ..multiverse.map_art import render_board_image
from ..multiverse.state import board_state

FRAME_MS = 1200                   # a newcomer can read a frame's caption
LAST_FRAME_MS = 4000
MOST_BOARDS = 24                  # a frame shows at most this many boards; it says how many more
CAPTION_H = 44
BOARD_LABEL_H = 18
PAD = 10


class Cancelled(Exception):
    """The player cancelled the export: nothing is written."""


@dataclass(frozen=True)
class FrameStyle:
    width: int = 960
    height: int = 600
    dark: bool = False

    @property
    def background(self) -> QColor:
        return QColor("#22262c") if self.dark else QColor("#fffdf8")

    @property
    def text(self) -> QColor:
        return QColor("#e6e9ef") if self.dark else QColor("#2b2620")


@dataclass(frozen=True)
class Grid:
    columns: int
    rows: int
    board_w: int
    board_h: int


def grid_for(count: int, style: FrameStyle, aspect: float) -> Grid:
    """The columns that give ``count`` boards (height / width ``aspect``) the largest size
    in the frame below its caption."""
    area_w, area_h = style.width - PAD, style.height - CAPTION_H - PAD
    best = Grid(1, count, 1, 1)
    for cols in range(1, count + 1):
        rows = math.ceil(count / cols)
        w = min(area_w / cols - PAD, (area_h / rows - PAD - BOARD_LABEL_H) / aspect)
        if w > best.board_w:
            best = Grid(cols, rows, int(w), max(1, int(w * aspect)))
    return best


def frame_widths(story, style: FrameStyle, aspect: float) -> set[int]:
    """The board widths the frames will use (the map's layers to make first)."""
    return {max(8, grid_for(min(len(s.new_boards), MOST_BOARDS), style, aspect).board_w)
            for s in story.steps_with_new_boards}


def prepare(art, story, style: FrameStyle) -> set[int]:
    """Make the map's static layers at every width the frames use (on the art's own
    thread); returns the widths, for :meth:`MapArt.drop_layers` when done."""
    widths = frame_widths(story, style, art.rect.height() / art.rect.width())
    for w in widths:
        art.layers(w)
    return widths


def frames(game, story, art, style: FrameStyle, headline: str = "",
           progress: Callable[[int, int], None] | None = None,
           cancelled: Callable[[], bool] = lambda: False) -> Iterator[QImage]:
    """One image per submission that made boards (:attr:`Story.steps_with_new_boards`)."""
    steps = story.steps_with_new_boards
    aspect = art.rect.height() / art.rect.width()
    for done, step in enumerate(steps):
        if cancelled():
            raise Cancelled
        world = game.world_at(step.number)
        yield _frame(world, step, art, style, aspect, headline)
        if progress is not None:
            progress(done + 1, len(steps))


def _frame(world, step, art, style: FrameStyle, aspect: float, headline: str) -> QImage:
    img = QImage(style.width, style.height, QImage.Format_ARGB32_Premultiplied)
    img.fill(style.background)
    shown = step.new_boards[:MOST_BOARDS]
    grid = grid_for(len(shown), style, aspect)
    p = QPainter(img)
    try:
        p.setRenderHint(QPainter.Antialiasing)
        big = QFont("DejaVu Sans")
        big.setPixelSize(17)
        big.setBold(True)
        small = QFont("DejaVu Sans")
        small.setPixelSize(12)
        p.setPen(style.text)
        p.setFont(big)
        turn = step.label
        p.drawText(QRectF(PAD, 4, style.width - 2 * PAD, 24), Qt.AlignLeft | Qt.AlignVCenter,
                   f"Submission {step.number} · {_turn_title(turn)}")
        p.setFont(small)
        made = f"{len(step.new_boards)} new board{'s' if len(step.new_boards) != 1 else ''}"
        if step.new_timelines:
            made += f", {step.new_timelines} new timeline{'s' if step.new_timelines != 1 else ''}"
        if len(step.new_boards) > len(shown):
            made += f" ({len(step.new_boards) - len(shown)} more not shown)"
        p.drawText(QRectF(PAD, 26, style.width - 2 * PAD, 16), Qt.AlignLeft | Qt.AlignVCenter, made)
        if headline:
            p.drawText(QRectF(PAD, 4, style.width - 2 * PAD, 24), Qt.AlignRight | Qt.AlignVCenter, headline)
        used_w = grid.columns * (grid.board_w + PAD)
        left0 = (style.width - used_w) / 2 + PAD / 2
        for i, key in enumerate(shown):
            r, c = divmod(i, grid.columns)
            x = left0 + c * (grid.board_w + PAD)
            y = CAPTION_H + PAD / 2 + r * (grid.board_h + BOARD_LABEL_H + PAD)
            p.setPen(style.text)
            p.drawText(QRectF(x, y, grid.board_w, BOARD_LABEL_H), Qt.AlignLeft | Qt.AlignVCenter, str(key))
            board = render_board_image(art, board_state(world, key, art), max(8, grid.board_w))
            target = QRectF(x, y + BOARD_LABEL_H, grid.board_w, grid.board_h)
            p.drawImage(target, board)
            p.setPen(QPen(style.text, 1))
            p.setBrush(Qt.NoBrush)
            p.drawRect(target)
    finally:
        p.end()
    return img


def _turn_title(label: str) -> str:
    from app.engine import Turn
    try:
        return Turn.parse(label).title
    except ValueError:
        return label


def _pillow(img: QImage):
    from PIL import Image
    rgb = img.convertToFormat(QImage.Format_RGB888)
    return Image.frombuffer("RGB", (rgb.width(), rgb.height()), bytes(rgb.constBits()), "raw", "RGB",
                            rgb.bytesPerLine(), 1)


def readable(tmp: str) -> None:
    """Give a temporary file (made private by mkstemp) the mode a new file gets."""
    mask = os.umask(0)
    os.umask(mask)
    os.chmod(tmp, 0o666 & ~mask)


def write_animation(path: Path, images: Iterator[QImage], count: int) -> None:
    """Write ``count`` frames to ``path`` (``.gif`` or ``.webp``, looping), through a
    temporary file beside it and a rename: a cancelled or failed export leaves nothing.
    Raises OSError (the file cannot be written), :class:`Cancelled`, ValueError (no frames)."""
    if count == 0:
        raise ValueError("no submission has made a board yet: there is nothing to animate")
    fmt = {".gif": "GIF", ".webp": "WEBP"}[path.suffix.lower()]
    pictures = (_pillow(img) for img in images)
    first = next(pictures)
    durations = [FRAME_MS] * (count - 1) + [LAST_FRAME_MS]
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(fd)
    try:
        extra = {"optimize": False, "disposal": 1} if fmt == "GIF" else {"lossless": False, "quality": 85}
        first.save(tmp, format=fmt, save_all=True, append_images=pictures, duration=durations if count > 1 else
                   LAST_FRAME_MS, loop=0, **extra)
        readable(tmp)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
