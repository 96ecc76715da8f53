"""The seat's pending orders on screen: their arrows on the boards, the order list, and
what the seat still owes (the badges and the Next board count), kept in step with the match.

Giving, changing or taking back one order touches one arrow, one row and one board's count
(:meth:`PendingShown.change`): a turn of a thousand orders stays as quick at its last order
as at its first. Anything else that changes the pending orders (a submission, undo, a seat
coming to the table, the computer's suggestions) is caught up with by :meth:`sync`, which
compares by identity and redraws only what differs.
"""

from __future__ import annotations

from app.match import order_key
from app.match.attention import Attention, Need


_NOTHING: dict = {}


class PendingShown:
    def __init__(self, window):
        self.w = window
        self._todo: Attention | None = None
        self._todo_for: tuple | None = None       # what _todo was counted for (see _attention)

    # -- the whole set ------------------------------------------------------------------------
    def sync(self) -> None:
        """Show the pending orders of the seat at the table (none in a replay or behind the
        curtain), whatever changed them."""
        w = self.w
        pending = w.pending if w.replay_index is None else {}
        w.scene.set_pending(pending)
        self._show_list(pending)
        self.update_attention()

    def clear(self) -> None:
        """Nothing of the seat that leaves the table stays (the curtain comes down)."""
        w = self.w
        if w.scene is not None:
            w.scene.set_pending({})
        w.orders_panel.set_orders({}, "Orders")
        self._todo = self._todo_for = None

    def _show_list(self, pending: dict) -> None:
        self.w.orders_panel.set_orders(pending, self._title())

    def _title(self) -> str:
        w = self.w
        return f"{w.match.seats[w.seat].name}'s orders" if w.match.private and w.seat is not None else "Orders"

    # -- one order ----------------------------------------------------------------------------
    def change(self, before, after) -> None:
        """One order given (``before`` None), replaced, or taken back (``after`` None)."""
        w = self.w
        key = order_key(after if after is not None else before)
        w.scene.change_pending(key, after)
        if after is None:
            w.orders_panel.drop(key)
        else:
            w.orders_panel.put(key, after)
        todo = self._todo
        if todo is not None and _same_table(self._todo_for, self._key()):
            if boards := todo.change(before, after):
                self._show_owed(todo, boards)
            self._todo_for = self._key()       # counted up to this revision

    # -- what the seat still owes ---------------------------------------------------------------
    def _key(self) -> tuple:
        w = self.w
        return (w.match.world, w.seat, w.view_as, w.match.revision)

    def _attention(self) -> Attention | None:
        """The seat's :class:`Attention`, counted again only when the world, the seat or the
        orders changed other than through :meth:`change`."""
        w = self.w
        if w.match is None or w.seat is None or w.replay_index is not None:
            return None
        key = self._key()
        if self._todo is None or not _same_table(self._todo_for, key) or key[3] != self._todo_for[3]:
            self._todo = Attention(w.world, w.match.pending(w.seat), w.seat_nations())
            self._todo_for = key
        return self._todo

    def needs(self) -> list[Need]:
        todo = self._attention()
        return todo.needs() if todo is not None else []

    def update_attention(self) -> None:
        todo = self._attention()
        self._show_owed(todo)

    def _show_owed(self, todo: Attention | None, changed=None) -> None:
        w = self.w
        boards = todo.boards if todo is not None else 0
        if w.view is not None:    # badges on the boards owing something
            w.view.show_owed(todo.owed if todo is not None else _NOTHING, changed)
        w.commands.next.setText(f"Next board ({boards})" if boards else "Next board")
        w.commands.next.setEnabled(bool(boards))


def _same_table(a: tuple | None, b: tuple) -> bool:
    """The same world (by identity: worlds are compared by what they are, never by value),
    seat and sandbox sight."""
    return a is not None and a[0] is b[0] and a[1:3] == b[1:3]
