"""The variant preview window: :mod:`.window`; its command ``python -m app preview PATH_OR_NAME``: :mod:`.cli`."""

from __future__ import annotations

from pathlib import Path
from typing import Callable


def open_preview_dialog(parent, play: Callable[[Path], object] | None = None) -> object | None:
    """File → Preview variant…: choose a variant's folder and open its preview next to the
    main window (the preview is kept on ``parent._previews``); ``play(folder)`` opens a
    sandbox game on it."""
    from PySide6.QtWidgets import QFileDialog, QMessageBox
    from app.engine import is_variant_folder, user_variants_dir
    start = user_variants_dir()
    folder = QFileDialog.getExistingDirectory(parent, "Preview a variant's folder",
                                              str(start if start.is_dir() else Path.home()))
    if not folder:
        return None
    if not is_variant_folder(Path(folder)):
        QMessageBox.warning(parent, "Preview variant", f"{folder} has no variant.json: it is not a "
                            "variant's folder. 'python -m app variant new NAME' makes one to start from.")
        return None
    from .window import PreviewWindow
    theme = getattr(getattr(parent, "theme", None), "name", "light")
    window = PreviewWindow(folder, theme=theme, play=play)
    if not hasattr(parent, "_previews"):
        parent._previews = []
    parent._previews.append(window)
    window.show()
    return window

