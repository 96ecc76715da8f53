"""What the studio's parts (the preview, the plans tool, the centre chart, the studio
itself) read from and ask of the window, named: the window builds one
:class:`StudioServices` and hands it down, so the parts hold no window."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable


def _nowhere(_key) -> None:
    """No board to go to (a window that does not offer it)."""


@dataclass(frozen=True)
class StudioServices:
    # what is shown, each read when needed
    match: Callable[[], object]                 # the Match (None: no game)
    seat: Callable[[], int | None]              # the seat at the table
    curtain_up: Callable[[], bool]              # hotseat: the curtain covers the window
    busy: Callable[[], bool]                    # an adjudication is running
    replaying: Callable[[], bool]               # the history slider is in the past
    world: Callable[[], object]                 # the world shown (the seat's sight)
    pending: Callable[[], dict]                 # the seat's pending orders
    view: Callable[[], object]                  # the WorldView
    scene: Callable[[], object]                 # the WorldScene
    theme: Callable[[], object]
    # what the parts ask for
    set_status: Callable[..., None]             # (text, error=False)
    files_changed: Callable[[], None]
    confirm_discard: Callable[[str], bool]      # unsaved changes asked about first
    set_match: Callable[..., None]              # (match, path): show a game
    entry_hint: Callable[[], str]               # what the order entry says to do next
    orders_changed: Callable[[], None]          # the seat's pending orders changed (pasted)
    show_side_panel: Callable[[], None]         # F9's panel shown if it was hidden
    goto_board: Callable[[object], None] = _nowhere   # (BoardKey): bring that board into view

    def game(self):
        m = self.match()
        return m.game if m is not None else None
