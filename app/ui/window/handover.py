"""Hand-over at the hotseat table leaves nothing behind: when the curtain comes down the
previous seat's refusal bubble goes, what it copied from the game leaves the clipboard, and
its place on the boards (zoom and scroll, which show what it was working on) is kept for it
alone; the next seat starts at its own last place, or at the present once the world moved on.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QClipboard, QGuiApplication

from ..guard import guarded


class HandOver(QObject):
    def __init__(self, window):
        super().__init__(window)
        self.w = window
        self.places: dict[int, tuple[object, tuple]] = {}    # seat -> (the world then, the view's place)
        self._copied: dict[QClipboard.Mode, str] = {}       # what a seat copied from the game, by mode
        # The clipboard is the application's and outlives every window: its signals go to
        # this object's own methods, which Qt disconnects when the window (and this) goes.
        cb = QGuiApplication.clipboard()
        cb.dataChanged.connect(self._note_clipboard)
        cb.selectionChanged.connect(self._note_selection)

    def reset(self) -> None:
        """Another match: no seat has a place yet."""
        self.places.clear()
        self._copied.clear()

    def _note_clipboard(self) -> None:
        self._note(QClipboard.Clipboard)

    def _note_selection(self) -> None:
        self._note(QClipboard.Selection)

    @guarded
    def _note(self, mode) -> None:
        """Something was copied: by the seat at the table when this window is active."""
        w = self.w
        if w.match is not None and w.match.private and w.table.seat is not None \
                and QGuiApplication.applicationState() == Qt.ApplicationActive:
            self._copied[mode] = QGuiApplication.clipboard().text(mode)

    def leave(self, seat: int | None) -> None:
        """The curtain comes down on ``seat``: keep its place, take away what it leaves."""
        w = self.w
        if w.view is not None:
            if seat is not None and w.match is not None:
                self.places[seat] = (w.match.world, w.view.place())
            w.view.hide_refusal()
        cb = QGuiApplication.clipboard()
        modes = [QClipboard.Clipboard] + ([QClipboard.Selection] if cb.supportsSelection() else [])
        for mode in modes:
            owned = cb.ownsClipboard() if mode == QClipboard.Clipboard else cb.ownsSelection()
            copied = self._copied.pop(mode, None)
            if owned or (copied is not None and cb.text(mode) == copied):
                cb.clear(mode)

    def arrive(self, seat: int) -> None:
        """``seat`` is at the table: its own last place if the world is as it left it, else
        the present."""
        w = self.w
        if w.view is None:
            return
        world, place = self.places.get(seat, (None, None))
        if place is not None and world is w.match.world:
            w.view.set_place(place)
        else:
            w.view.go_to_present()
