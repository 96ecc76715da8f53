"""A first game that teaches itself: :class:`Tutorial` walks a newcomer through selecting a
unit, moving, supporting, submitting, reading a failed order's reason, a move through time
that forks a timeline, and undo — each step checked by the app (:mod:`.steps`: the table of
steps). :func:`offer_on_first_start` offers it once; Help → Tutorial plays it any time."""

from __future__ import annotations

from .tutorial import Tutorial


def offer_on_first_start(window, ask=None) -> bool:
    """On the very first start, offer the tutorial (once: the answer is remembered).
    ``ask()``: the question (tests answer it); True to start. Returns whether it started."""
    s = window.settings
    if str(s.value("tutorial/offered", "false")) == "true" or str(s.value("tutorial/done", "false")) == "true":
        return False
    s.setValue("tutorial/offered", "true")
    if not (ask or _ask)(window):
        window.set_status("Help → Tutorial plays the tutorial whenever you like.")
        return False
    return Tutorial.start(window) is not None


def _ask(window) -> bool:
    from PySide6.QtWidgets import QMessageBox
    box = QMessageBox(QMessageBox.Question, "Welcome to 5D Diplomacy",
                      "New to 5D Diplomacy? A short tutorial plays your first moves with you: "
                      "orders, support, a move through time and undo.", QMessageBox.NoButton, window)
    box.setInformativeText("It takes about three minutes, and Help → Tutorial plays it again later.")
    start = box.addButton("Play the tutorial", QMessageBox.AcceptRole)
    box.addButton("Not now", QMessageBox.RejectRole)
    box.setDefaultButton(start)
    window.hold_prompt(box)
    box.exec()
    window.hold_prompt(None)
    return box.clickedButton() is start


__all__ = ["Tutorial", "offer_on_first_start"]
