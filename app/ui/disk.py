"""Writing a file the window or a command made: whole, or not at all.

Qt's own writers (QImage.save, QPdfWriter on a file name) drop a full disk's error and leave
an empty or cut-off file said to be written. So what Qt makes is made in memory and written
by the engine's :func:`~app.engine.write_bytes_atomic`, which raises: through a temporary file
beside the target, flushed to the disk, then renamed over it; on failure the temporary file goes
and the target is as it was.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Callable, TypeVar

from PySide6.QtCore import QBuffer, QByteArray, QIODevice
from PySide6.QtGui import QImage, QPdfWriter

from app.engine import write_bytes_atomic


def image_bytes(img: QImage, fmt: str = "PNG") -> bytes:
    """``img`` encoded as ``fmt``; ValueError when Qt cannot encode it."""
    buf = QBuffer()
    buf.open(QIODevice.WriteOnly)
    if not img.save(buf, fmt):
        raise ValueError(f"the image could not be encoded as {fmt}")
    return bytes(buf.data())


T = TypeVar("T")


def pdf_bytes(title: str, dpi: int, paint: Callable[[QPdfWriter], T]) -> tuple[bytes, T]:
    """A PDF document painted in memory by ``paint(writer)`` (titled ``title``, at ``dpi``):
    its bytes, and what ``paint`` returned."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setResolution(dpi)
    writer.setCreator("5D Diplomacy")
    writer.setTitle(title)
    painted = paint(writer)
    del writer                           # the document is finished when its writer goes
    buffer.close()
    return bytes(data), painted


def save_image(img, path: str | os.PathLike) -> None:
    """Save a QImage or QPixmap to ``path`` in the format its extension names (PNG without
    one), whole or not at all; raises OSError, ValueError (a format Qt cannot write)."""
    suffix = Path(path).suffix.lstrip(".").upper()
    fmt = {"JPG": "JPEG", "": "PNG"}.get(suffix, suffix)
    write_bytes_atomic(path, image_bytes(img.toImage() if hasattr(img, "toImage") else img, fmt))
