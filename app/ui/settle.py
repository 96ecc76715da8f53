"""Waiting, without a timer, until the window shows the whole picture (exports, screenshots, tests)."""

from __future__ import annotations


def settle(window, rounds: int = 6, whole_overview: bool = False) -> None:
    """Let the view paint, the thumbnail workers finish and the view paint again.

    ``whole_overview``: far away, also draw every miniature now rather than in the
    overview's timed batches (an export or a screenshot wants the whole picture)."""
    from PySide6.QtWidgets import QApplication
    for _ in range(rounds):
        QApplication.processEvents()
        if whole_overview and window.scene is not None and window.scene.far:
            window.scene.overview.flush()
        if window.view is not None:
            window.view.viewport().grab()
        if window.scene is None or not window.scene.cache.busy():
            QApplication.processEvents()
            if window.scene is None or not window.scene.cache.busy():
                break
        window.scene.cache.wait()
        QApplication.processEvents()
