"""Notices laid over the world view: the winner's banner and the toast after a submission.
A mixin of the main window (``banner``, ``toast`` and ``view``).

The notices are children of the central widget, not of the view: whatever lies inside the
scrolled area has its pixels moved when the view pans, and the notices would slide with it."""

from __future__ import annotations

from PySide6.QtCore import QPoint


class NoticesMixin:
    def _update_banner(self) -> None:
        w = self.world
        if w is not None and w.winner:
            colour = w.variant.nations[w.winner].colour if w.winner in w.variant.nations else "#333"
            why = (f"everyone named {w.winner} (a thrown play-out, judged)" if self.match.table.judging.ended
                   else f"{w.variant.victory_centres} distinct supply centres on the active boards")
            self.banner.setText(f"<div style='font-size:30px; font-weight:700'>{w.winner} wins!</div><div>{why}</div>")
            self.banner.setStyleSheet(f"background: {colour}; color: white; border-radius: 14px; padding: 16px 40px;")
            self.banner.adjustSize()
            vp = self.view.viewport()
            self.banner.move(self._over_view(QPoint((vp.width() - self.banner.width()) // 2, 60)))
            self.banner.show()
            self.banner.raise_()
        else:
            self.banner.hide()

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

    def place_notices(self) -> None:
        """Keep the banner and the toast centred over the view when the window changes size."""
        if self.view is None:
            return
        if self.banner.isVisible():
            self._update_banner()
        if self.toast.isVisible():
            self._place_toast()

    def _place_toast(self) -> None:
        vp = self.view.viewport()
        self.toast.move(self._over_view(QPoint((vp.width() - self.toast.width()) // 2,
                                               vp.height() - self.toast.height() - 30)))


    def _over_view(self, p: QPoint) -> QPoint:
        """A point of the view's viewport in the coordinates of the notices' parent."""
        return self.view.viewport().mapTo(self.banner.parentWidget(), p)
