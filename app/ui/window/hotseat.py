"""Who is at the table, in the window: the curtain between hotseat seats, the PIN check,
and each seat's own console text, feedback line and half-written message.

The curtain is a child of the main window laid over all of it (menu bar, board, toolbar,
docks, console, status bar); its Menu button keeps File, View and Help reachable. While it is up nothing in the window holds a seat's
pending orders: the order list, console, feedback, status and hover lines, the scene's
pending arrows are cleared, and the console's undo history goes with its text. A seat's
console text, feedback and half-written message come back when that seat is at the table again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from PySide6.QtCore import QEvent, QObject, QRect
from PySide6.QtWidgets import QDockWidget, QMainWindow

from app.engine import civ_of

from ..dialogs.curtain import Curtain
from ..guard import guarded
from .handover import HandOver
from .pin_gate import PinGate


@dataclass
class SeatDraft:
    console: str = ""
    feedback: str = ""
    ok: bool = True
    owner: object = None        # the Seat it was kept for: a newcomer in its place finds nothing
    message_to: int | None = None   # a message half written (app/ui/table/messages_panel.py)
    message: str = ""


@dataclass(frozen=True)
class TableServices:
    """What the table reads and asks of the window, named (each called when needed)."""
    match: Callable[[], object]                 # the Match (None: no game)
    view: Callable[[], object]                  # the WorldView (a seat's place on the boards)
    clear_private: Callable[[], None]           # nothing of the seat leaving stays on screen
    refresh: Callable[[], None]                 # redraw everything from the match
    update_actions: Callable[[], None]
    update_title: Callable[[], None]
    set_status: Callable[..., None]             # (text, error=False)
    entry_hint: Callable[[], str]               # what the order entry says to do next
    files_changed: Callable[[], None]
    hold_prompt: Callable[[object], None]       # the open question (None: none), for tests to answer
    menus: Callable[[], list]                   # the menu bar's menus (the curtain's Menu button)
    messages: Callable[[], object]              # the table's messages panel (a half-written message)


class Table(QObject):
    def __init__(self, parent: QMainWindow, services: TableServices, orders_panel, nations_dock: QDockWidget):
        """``parent``: the main window, which the curtain covers whole; ``orders_panel``: the
        console and feedback line a seat's draft is kept from; ``nations_dock``: the neutral tab."""
        super().__init__(parent)
        self.main = parent
        self.s = services
        self.orders_panel = orders_panel
        self.curtain = Curtain(parent)
        self.curtain.hide()
        self.curtain.ready.connect(self.lift)
        self.pins = PinGate(self, services)
        self.handover = HandOver(parent, match=services.match, view=services.view,
                                 seated=lambda: self.seat is not None, nations_dock=nations_dock)
        self.seat: int | None = None       # the seat whose board is shown; None while the curtain is up
        self.up = False
        self.drafts: dict[int, SeatDraft] = {}
        parent.installEventFilter(self)

    # -- the table ---------------------------------------------------------------------------
    def start(self) -> None:
        """A new or opened match: the curtain for the seat whose turn it is (hotseat)."""
        self.drafts = {}
        self.seat = None
        self.handover.reset()
        m = self.s.match()
        if m is not None and m.private and m.turn is not None:
            self.show_curtain(m.turn)
        else:
            self._hide()
            watched = m is not None and not any(s.is_person for s in m.seats)   # nobody orders
            self.seat = m.turn if m is not None and m.turn is not None else (None if watched else 0)

    def leave(self) -> None:
        """The match goes away (New, Open): nothing of it stays on screen."""
        self.pins.forget()
        self._clear_console()
        self.drafts = {}
        self.seat = None
        self.handover.reset()
        self._hide()

    def show_curtain(self, seat: int, note: str = "") -> None:
        self.pins.forget()
        self._stash()
        self.seat = None
        self.s.clear_private()
        m = self.s.match()
        s = m.seats[seat]
        if m.table.proposals.must_answer(seat):      # app/ui/table/ending_ui.py asks it
            note = (note + " " if note else "") + "A proposal to end the game waits for your answer."
        # a civilisations game names no civilisation to the room (RULES.md §10: nobody is told who plays)
        nations = () if civ_of(m.world) is not None else s.nations
        self.curtain.show_for(s.name, s.colour, nations, note, m.has_pin(seat))
        self.curtain.set_menus(self.s.menus())
        self.up = True
        self._cover()
        self.curtain.show()
        self.curtain.raise_()
        self.curtain.focus()
        self.s.set_status(f"Waiting for {s.name}.")
        self.s.update_actions()
        self.s.update_title()

    @guarded
    def lift(self, pin: str = "") -> None:
        """The seat at the curtain asks for its board: at once without a PIN, else once its
        PIN is checked (on a worker thread: :mod:`.pin_gate`)."""
        m = self.s.match()
        seat = m.turn
        if seat is None:
            return
        if m.has_pin(seat):
            self.pins.try_pin(seat, pin)
            return
        self.reveal(seat)

    def reveal(self, seat: int) -> None:
        """The seat's board, once it may see it."""
        m = self.s.match()
        self._hide()
        self.seat = seat
        m.table.deadline.seated(seat)      # the seat's turn (RULES.md §6) starts now, not at the curtain
        d = self.drafts.pop(seat, SeatDraft())
        if d.owner is not None and d.owner is not m.seats[seat]:
            d = SeatDraft()            # the seat changed hands (app.match.table): not the newcomer's
        self.orders_panel.console.setText(d.console)
        self.orders_panel.show_feedback(d.feedback, d.ok)
        self.handover.arrive_tabs(seat)    # before the refresh: a seat's new messages still come to the top
        self.s.refresh()
        if d.message:
            self.s.messages().restore_draft(d.message_to, d.message)
        self.handover.arrive(seat)
        s = m.seats[seat]
        self.s.set_status(f"{s.name}: give orders for {', '.join(s.nations)}, then press Done. " + self.s.entry_hint())

    def forget_feedback(self) -> None:
        """A submission was adjudicated: the consoles' last words (an error about a typed
        order) are about orders now gone, so no seat finds them again behind the curtain."""
        for d in self.drafts.values():
            d.feedback, d.ok = "", True

    # -- private state ------------------------------------------------------------------------
    def _stash(self) -> None:
        if self.seat is not None and self.s.match() is not None and self.s.match().private:
            p = self.orders_panel
            self.drafts[self.seat] = SeatDraft(p.console.text(), p.feedback.text(), p.feedback_ok,
                                               self.s.match().seats[self.seat], *self.s.messages().draft())
        self.handover.leave(self.seat)
        self._clear_console()

    def _clear_console(self) -> None:
        p = self.orders_panel
        p.console.setText("")          # setText (unlike typing) also empties the undo history
        p.show_feedback("", True)

    def _hide(self) -> None:
        self.up = False
        self.curtain.hide()

    def _cover(self) -> None:
        self.curtain.setGeometry(QRect(0, 0, self.main.width(), self.main.height()))

    @guarded(default=False)
    def eventFilter(self, obj, event) -> bool:
        if obj is self.main and event.type() in (QEvent.Resize, QEvent.Show) and self.up:
            self._cover()
            self.curtain.raise_()
        return False
