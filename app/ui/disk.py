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

from PySide6.QtCore import QBuffer, QIODevice
from PySide6.QtGui import QImage

from app.engine import write_bytes_atomic


def image_bytes(img: QImage, fmt: str = "PNG") -> bytes:
    """``img`` encoded as ``fmt``; ValueError when Qt cannot encode it."""
    buf = QBuffer()
    buf.open(QIODevice.WriteOnly)
    if not img.save(buf, fmt):
        raise ValueError(f"the image could not be encoded as {fmt}")
    return bytes(buf.data())


def save_image(img, path: str | os.PathLike) -> None:
    """Save a QImage or QPixmap to ``path`` in the format its extension names (PNG without
    one), whole or not at all; raises OSError, ValueError (a format Qt cannot write)."""
    suffix = Path(path).suffix.lstrip(".").upper()
    fmt = {"JPG": "JPEG", "": "PNG"}.get(suffix, suffix)
    write_bytes_atomic(path, image_bytes(img.toImage() if hasattr(img, "toImage") else img, fmt))
