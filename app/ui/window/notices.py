"""Notices laid over the world view: the winner's banner and the toast after a submission.

The notices are children of the central widget, not of the view: whatever lies inside the
scrolled area has its pixels moved when the view pans, and the notices would slide with it."""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QObject, QPoint, Qt, QTimer, Signal
from PySide6.QtWidgets import QGraphicsView, QLabel, QWidget


class Notices(QObject):
    """The banner and the toast, children of ``parent`` (the central widget), centred over
    the view that ``view`` gives (None: no game shown)."""

    winner_shown = Signal(str)          # the banner shows this winner (the end screen follows)

    def __init__(self, parent: QWidget, view: Callable[[], QGraphicsView | None]):
        super().__init__(parent)
        self._view = view
        self.banner = QLabel(parent)   # over the view, never inside its scrolled area
        self.banner.setAlignment(Qt.AlignCenter)
        self.banner.hide()
        self.toast = QLabel(parent)
        self.toast.setAlignment(Qt.AlignCenter)
        self.toast.setAttribute(Qt.WA_TransparentForMouseEvents)   # a click on it reaches the board
        self.toast.hide()
        self._toast_timer = QTimer(self, singleShot=True, timeout=self.toast.hide)

    def update_banner(self, world, judged: bool) -> None:
        """The winner of ``world``, if any, in the banner; ``judged``: the table's judging
        ended the game (a thrown play-out), not the supply centres."""
        w = world
        if w is not None and w.winner:
            colour = w.variant.nations[w.winner].colour if w.winner in w.variant.nations else "#333"
            why = (f"everyone named {w.winner} (a thrown play-out, judged)" if judged
                   else f"{w.variant.victory_centres} distinct supply centres on the active boards")
            self.show_banner(f"{w.winner} wins!", why, colour)
            self.winner_shown.emit(w.winner)
        else:
            self.banner.hide()

    def show_banner(self, title: str, why: str, colour: str) -> None:
        """The banner over the view: ``title`` large, ``why`` beneath, on ``colour``."""
        self.banner.setText(f"<div style='font-size:30px; font-weight:700'>{title}</div><div>{why}</div>")
        self.banner.setStyleSheet(f"background: {colour}; color: white; border-radius: 14px; padding: 16px 40px;")
        self._place_banner()
        self.banner.show()
        self.banner.raise_()

    def show_toast(self, html: str, msecs: int = 6000) -> None:
        self.toast.setText(html)
        self.toast.setStyleSheet("background: rgba(25, 28, 33, 215); color: white; border-radius: 10px;"
                                 " padding: 10px 22px; font-size: 14px;")
        self.toast.adjustSize()
        self._place_toast()
        self.toast.show()
        self.toast.raise_()
        self._toast_timer.start(msecs)

    def hide_toast(self) -> None:
        """Take the toast down at once (the submission it tells of was undone)."""
        self._toast_timer.stop()
        self.toast.hide()

    def place(self) -> None:
        """Keep the banner and the toast centred over the view when the window changes size."""
        if self._view() is None:
            return
        if self.banner.isVisible():
            self._place_banner()
        if self.toast.isVisible():
            self._place_toast()

    def _place_banner(self) -> None:
        self.banner.adjustSize()
        vp = self._view().viewport()
        self.banner.move(self._over_view(QPoint((vp.width() - self.banner.width()) // 2, 60)))

    def _place_toast(self) -> None:
        vp = self._view().viewport()
        self.toast.move(self._over_view(QPoint((vp.width() - self.toast.width()) // 2,
                                               vp.height() - self.toast.height() - 30)))

    def _over_view(self, p: QPoint) -> QPoint:
        """A point of the view's viewport in the coordinates of the notices' parent."""
        return self._view().viewport().mapTo(self.banner.parentWidget(), p)
