"""The seat's pending orders on screen: their arrows on the boards, the order list, and
what the seat still owes (the badges and the Next board count), kept in step with the match.

Giving, changing or taking back one order touches one arrow, one row and one board's count
(:meth:`PendingShown.change`): a turn of a thousand orders stays as quick at its last order
as at its first. Anything else that changes the pending orders (a submission, undo, a seat
coming to the table, the computer's suggestions) is caught up with by :meth:`sync`, which
compares by identity and redraws only what differs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from app.match import order_key
from app.match.attention import Attention, Need


_NOTHING: dict = {}


@dataclass(frozen=True)
class PendingInputs:
    """What the pending orders on screen read, each when needed, and where they are shown."""
    match: Callable[[], object]                 # the Match (None: no game)
    seat: Callable[[], int | None]              # the seat at the table
    pending: Callable[[], dict]                 # its pending orders ({order key: order})
    world: Callable[[], object]                 # the world shown (its sight)
    view_as: Callable[[], str | None]           # sandbox: the nation whose sight is shown
    seat_nations: Callable[[], set | None]      # the seat's nations (None: all)
    replaying: Callable[[], bool]               # the history slider is in the past
    scene: Callable[[], object]                 # the WorldScene (arrows)
    view: Callable[[], object]                  # the WorldView (badges)
    orders_panel: Callable[[], object]          # the order list
    next_action: Callable[[], object]           # the "Next board (n)" action


class PendingShown:
    def __init__(self, inputs: PendingInputs):
        self.i = inputs
        self._todo: Attention | None = None
        self._todo_for: tuple | None = None       # what _todo was counted for (see _attention)

    # -- the whole set ------------------------------------------------------------------------
    def sync(self) -> None:
        """Show the pending orders of the seat at the table (none in a replay or behind the
        curtain), whatever changed them."""
        i = self.i
        pending = i.pending() if not i.replaying() else {}
        i.scene().set_pending(pending)
        self._show_list(pending)
        self.update_attention()

    def clear(self) -> None:
        """Nothing of the seat that leaves the table stays (the curtain comes down)."""
        scene = self.i.scene()
        if scene is not None:
            scene.set_pending({})
        self.i.orders_panel().set_orders({}, "Orders")
        self._todo = self._todo_for = None

    def _show_list(self, pending: dict) -> None:
        self.i.orders_panel().set_orders(pending, self._title())

    def _title(self) -> str:
        m, seat = self.i.match(), self.i.seat()
        return f"{m.seats[seat].name}'s orders" if m.private and seat is not None else "Orders"

    # -- one order ----------------------------------------------------------------------------
    def change(self, before, after) -> None:
        """One order given (``before`` None), replaced, or taken back (``after`` None)."""
        key = order_key(after if after is not None else before)
        self.i.scene().change_pending(key, after)
        panel = self.i.orders_panel()
        if after is None:
            panel.drop(key)
        else:
            panel.put(key, after)
        todo = self._todo
        if todo is not None and _same_table(self._todo_for, self._key()):
            if boards := todo.change(before, after):
                self._show_owed(todo, boards)
            self._todo_for = self._key()       # counted up to this revision

    # -- what the seat still owes ---------------------------------------------------------------
    def _key(self) -> tuple:
        i = self.i
        m = i.match()
        return (m.world, i.seat(), i.view_as(), m.revision)

    def _attention(self) -> Attention | None:
        """The seat's :class:`Attention`, counted again only when the world, the seat or the
        orders changed other than through :meth:`change`."""
        i = self.i
        m, seat = i.match(), i.seat()
        if m is None or seat is None or i.replaying():
            return None
        key = self._key()
        if self._todo is None or not _same_table(self._todo_for, key) or key[3] != self._todo_for[3]:
            self._todo = Attention(i.world(), m.pending(seat), i.seat_nations())
            self._todo_for = key
        return self._todo

    def needs(self) -> list[Need]:
        todo = self._attention()
        return todo.needs() if todo is not None else []

    def update_attention(self) -> None:
        todo = self._attention()
        self._show_owed(todo)

    def _show_owed(self, todo: Attention | None, changed=None) -> None:
        boards = todo.boards if todo is not None else 0
        view = self.i.view()
        if view is not None:    # badges on the boards owing something
            view.show_owed(todo.owed if todo is not None else _NOTHING, changed)
        action = self.i.next_action()
        action.setText(f"Next board ({boards})" if boards else "Next board")
        action.setEnabled(bool(boards))


def _same_table(a: tuple | None, b: tuple) -> bool:
    """The same world (by identity: worlds are compared by what they are, never by value),
    seat and sandbox sight."""
    return a is not None and a[0] is b[0] and a[1:3] == b[1:3]
