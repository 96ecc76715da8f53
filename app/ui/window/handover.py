"""Hand-over at the hotseat table leaves nothing behind: when the curtain comes down the
previous seat's refusal bubble goes, what it copied from the game leaves the clipboard, and
its place on the boards (zoom and scroll, which show what it was working on) is kept for it
alone; the next seat starts at its own last place, or at the present once the world moved on.
So are the side panel's tabs it left open (Nations, Results, Messages…): which one a seat
was reading says something of its plans, so the next seat finds its own, or the Nations tab.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QClipboard, QGuiApplication
from PySide6.QtWidgets import QDockWidget

from ..guard import guarded


class HandOver(QObject):
    def __init__(self, window):
        super().__init__(window)
        self.w = window
        self.places: dict[int, tuple[object, tuple]] = {}    # seat -> (the world then, the view's place)
        self.tabs: dict[int, tuple[object, tuple[str, ...]]] = {}   # seat -> (its Seat, the docks it had on top)
        self._copied: dict[QClipboard.Mode, str] = {}       # what a seat copied from the game, by mode
        # The clipboard is the application's and outlives every window: its signals go to
        # this object's own methods, which Qt disconnects when the window (and this) goes.
        cb = QGuiApplication.clipboard()
        cb.dataChanged.connect(self._note_clipboard)
        cb.selectionChanged.connect(self._note_selection)

    def reset(self) -> None:
        """Another match: no seat has a place yet."""
        self.places.clear()
        self.tabs.clear()
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
        if seat is not None and w.match is not None:
            self.tabs[seat] = (w.match.seats[seat], tuple(d.objectName() for d in self._tabs_on_top()))
        self._neutral_tabs()
        cb = QGuiApplication.clipboard()
        modes = [QClipboard.Clipboard] + ([QClipboard.Selection] if cb.supportsSelection() else [])
        for mode in modes:
            owned = cb.ownsClipboard() if mode == QClipboard.Clipboard else cb.ownsSelection()
            copied = self._copied.pop(mode, None)
            if owned or (copied is not None and cb.text(mode) == copied):
                cb.clear(mode)

    # -- the side panel's tabs ----------------------------------------------------------------
    def _tabbed(self) -> list[QDockWidget]:
        w = self.w
        return [d for d in w.findChildren(QDockWidget) if not d.isFloating() and w.tabifiedDockWidgets(d)]

    def _tabs_on_top(self) -> list[QDockWidget]:
        """The tabbed docks whose tab is the one shown (the others have nothing on screen)."""
        return [d for d in self._tabbed() if d.isVisible() and not d.visibleRegion().isEmpty()]

    def _neutral_tabs(self) -> None:
        nations = self.w.docks[1]
        if nations.isVisible():
            nations.raise_()

    def arrive_tabs(self, seat: int) -> None:
        """``seat`` sits down: the tabs it left on top (a newcomer in its place: the neutral ones)."""
        w = self.w
        owner, names = self.tabs.get(seat, (None, ()))
        if w.match is None or owner is not w.match.seats[seat]:
            names = ()
        self._neutral_tabs()
        by_name = {d.objectName(): d for d in self._tabbed()}
        for name in names:
            if (d := by_name.get(name)) is not None and d.isVisible():
                d.raise_()

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
