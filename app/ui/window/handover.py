"""Hand-over at the hotseat table leaves nothing behind: when the curtain comes down the
previous seat's refusal bubble goes, what it copied from the game leaves the clipboard, and
its place on the boards (zoom and scroll, which show what it was working on) is kept for it
alone; the next seat starts at its own last place, or at the present once the world moved on.
So are the side panel's tabs it left open (Nations, Results, Messages…): which one a seat
was reading says something of its plans, so the next seat finds its own, or the Nations tab.
"""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QClipboard, QGuiApplication
from PySide6.QtWidgets import QDockWidget, QMainWindow

from ..guard import guarded


class HandOver(QObject):
    def __init__(self, parent: QMainWindow, match: Callable[[], object], view: Callable[[], object],
                 seated: Callable[[], bool], nations_dock: QDockWidget):
        """``parent``: the main window, whose tabbed docks are the side panel's tabs; the
        match and view shown, whether a seat is at the table, and the neutral tab."""
        super().__init__(parent)
        self.main = parent
        self.match, self.view, self.seated, self.nations_dock = match, view, seated, nations_dock
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
        m = self.match()
        if m is not None and m.private and self.seated() \
                and QGuiApplication.applicationState() == Qt.ApplicationActive:
            self._copied[mode] = QGuiApplication.clipboard().text(mode)

    def leave(self, seat: int | None) -> None:
        """The curtain comes down on ``seat``: keep its place, take away what it leaves."""
        m, view = self.match(), self.view()
        if view is not None:
            if seat is not None and m is not None:
                self.places[seat] = (m.world, view.place())
            view.hide_refusal()
        if seat is not None and m is not None:
            self.tabs[seat] = (m.seats[seat], tuple(d.objectName() for d in self._tabs_on_top()))
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
        main = self.main
        return [d for d in main.findChildren(QDockWidget) if not d.isFloating() and main.tabifiedDockWidgets(d)]

    def _tabs_on_top(self) -> list[QDockWidget]:
        """The tabbed docks whose tab is the one shown (the others have nothing on screen)."""
        return [d for d in self._tabbed() if d.isVisible() and not d.visibleRegion().isEmpty()]

    def _neutral_tabs(self) -> None:
        nations = self.nations_dock
        if nations.isVisible():
            nations.raise_()

    def arrive_tabs(self, seat: int) -> None:
        """``seat`` sits down: the tabs it left on top (a newcomer in its place: the neutral ones)."""
        m = self.match()
        owner, names = self.tabs.get(seat, (None, ()))
        if m is None or owner is not m.seats[seat]:
            names = ()
        self._neutral_tabs()
        by_name = {d.objectName(): d for d in self._tabbed()}
        for name in names:
            if (d := by_name.get(name)) is not None and d.isVisible():
                d.raise_()

    def arrive(self, seat: int) -> None:
        """``seat`` is at the table: its own last place if the world is as it left it, else
        the present."""
        view = self.view()
        if view is None:
            return
        world, place = self.places.get(seat, (None, None))
        if place is not None and world is self.match().world:
            view.set_place(place)
        else:
            view.go_to_present()
