"""What the table's parts (:class:`~app.ui.table.TableUI`, its deadline and its watching
bar) read from and ask of the window, named: the window builds one :class:`TableUIServices`
and hands it down, so the parts hold no window and what they depend on is here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True)
class TableUIServices:
    # what is shown, each read when needed
    match: Callable[[], object]                 # the Match (None: no game)
    seat: Callable[[], int | None]              # the seat at the table (None: the curtain is up or nobody orders)
    curtain_up: Callable[[], bool]              # hotseat: the curtain covers the window
    busy: Callable[[], bool]                    # an adjudication is running
    replaying: Callable[[], bool]               # the history slider is in the past
    view: Callable[[], object]                  # the WorldView
    scene: Callable[[], object]                 # the WorldScene
    # what the parts ask for
    set_status: Callable[..., None]             # (text, error=False)
    show_message: Callable[[str, str], object]  # a window-modal message (title, text)
    show_toast: Callable[[str], None]
    hide_toast: Callable[[], None]
    show_banner: Callable[[str, str, str], None]   # (title, text, colour): how the game ended
    game_ended: Callable[[object], None]        # an ending agreed at the table: the end screen
    files_changed: Callable[[], None]
    confirm_discard: Callable[[str], bool]      # unsaved changes asked about first ("start a new game")
    set_match: Callable[..., None]              # (match, path): show a game
    refresh: Callable[[], None]                 # redraw everything from the match
    update_title: Callable[[], None]
    clear_private: Callable[[], None]           # nothing of the seat at the table stays on screen
    cancel_entry: Callable[[], None]            # the order being clicked in goes
    adjudicate: Callable[[], None]              # start adjudicating the pending orders
    wait_idle: Callable[[], None]               # a running adjudication finishes
    seat_table: Callable[[], None]              # the hotseat table starts again (whose turn it is)
    show_curtain: Callable[..., None]           # (seat, note=...)
    show_present: Callable[[], None]            # the history slider back at the present
    follow_pace: Callable[[float | None], None]  # the history's replay speed (None: its own)
