"""The end screen in the window (issue 33): shown once when a game is won (the banner's
news, :class:`~.notices.Notices`), and by :meth:`MainWindow.show_ending` for any other
ending (a draw, a concession). Its buttons ask: export the record, or in a sandbox play on
(the winning submission is taken back, its orders pending again; Redo brings it back).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from ..guard import guarded

if TYPE_CHECKING:
    from ..dialogs.end_screen import EndScreen


class Ending(QObject):
    """Holds the window's end screen and remembers which ending it has shown, so that a
    redraw of the same won world does not show it again."""

    def __init__(self, w):
        super().__init__(w)
        self.w = w
        self.screen: EndScreen | None = None
        self.headline: str | None = None
        self._shown_for = None            # the won world the screen was shown for (compared by identity)

    @guarded
    def winner_shown(self, winner: str) -> None:
        """The banner shows ``winner``: the end screen, once per won game, never over a
        replayed past world or while a curtain hides the table."""
        w = self.w
        if w.match is None or w.replay_index is not None:
            return
        if w.match.world is self._shown_for:    # the same win redrawn; a win played again is another world
            return
        agreed = w.match.table.proposals.ending
        if agreed is not None and agreed.kind != "victory":   # conceded: the agreed ending shows its own screen
            return
        self._shown_for = w.match.world
        self.show(f"{winner} wins")

    def show(self, headline: str) -> EndScreen:
        """The end screen saying ``headline``, over the window (one at a time)."""
        from ..dialogs.end_screen import EndScreen     # (made when a game ends, not at start-up)
        w = self.w
        if self.screen is not None:
            self.screen.close()
            self.screen.deleteLater()
        self.headline = headline
        colours = {n: x.colour for n, x in w.game.variant.nations.items()}
        screen = EndScreen(w, headline, w.game, lambda: w.theme, colours, can_play_on=w.match.can_undo(),
                           victory=w.match.victory)
        screen.export_requested.connect(self._export)
        screen.play_on_requested.connect(self._play_on)
        self.screen = screen
        screen.show()
        screen.raise_()
        return screen

    @guarded
    def _export(self, suffix: str) -> None:
        from .export_record import export_record_dialog
        story = self.screen.story if self.screen is not None else None
        export_record_dialog(self.w, suffix, self.headline, story)

    @guarded
    def _play_on(self) -> None:
        self.w.undo()
