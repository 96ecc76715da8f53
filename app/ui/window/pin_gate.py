"""The curtain's PIN, in the window: the key is derived on a worker thread (a third of a
second a try: the window never freezes meanwhile), wrong tries wait longer each time with the
wait counted down on the curtain, and a forgotten PIN has a way out that reveals nothing.

The rules are the match's (:meth:`~app.match.Match.check_pin`, :meth:`~app.match.Match.pin_wait`,
:meth:`~app.match.Match.reset_pin`); this only asks and shows.
"""

from __future__ import annotations

import math
import threading

from PySide6.QtCore import QObject, QTimer, Signal

from app.match import MatchFileError, PinWait

from ..guard import guarded


class _Derived(QObject):
    """Carries a worker's key to the gate. Not the gate's own signal: the worker keeps this
    alive while it works, and a window closed meanwhile (the gate with it) is simply not
    told, where emitting on the deleted gate raised in the worker."""
    done = Signal(object, int, str, object)        # token, seat, PIN, key (or an exception)


class PinGate(QObject):
    def __init__(self, table, services):
        """``table``: the hotseat :class:`~.hotseat.Table` (its curtain, drafts, ``reveal``);
        ``services``: its :class:`~.hotseat.TableServices` (the match, the status, the file)."""
        super().__init__(table)
        self.table = table
        self.s = services
        self.curtain = table.curtain
        self._token = object()          # a try in flight; a new match or seat makes it stale
        self.checking = False
        self.derived = _Derived()
        self.derived.done.connect(self._derived)      # a method of the gate: gone with it
        self._tick = QTimer(self, interval=250, timeout=self._count_down)
        self.curtain.forgot.connect(self.forgotten)

    # -- a try --------------------------------------------------------------------------------
    def try_pin(self, seat: int, pin: str) -> None:
        """Check ``pin`` for ``seat`` off the GUI thread; the curtain lifts when it is right."""
        m = self.s.match()
        if self.checking:
            return
        if m.pin_wait(seat) > 0:
            self._show_wait(seat, "")
            return
        self.checking = True
        self.curtain.set_checking(True)
        token = self._token = object()
        derived = self.derived

        def run():
            try:
                key = m.pin_key(seat, pin)
            except Exception as e:      # noqa: BLE001  (shown on the curtain, never lost)
                key = e
            derived.done.emit(token, seat, pin, key)
        threading.Thread(target=run, name="pin", daemon=True).start()

    def forget(self) -> None:
        """The curtain comes down for another seat or the match goes: a try in flight is dropped."""
        self._token = object()
        self.checking = False
        self._tick.stop()
        self.curtain.set_checking(False)

    @guarded
    def _derived(self, token, seat: int, pin: str, key) -> None:
        if token is not self._token:
            return                          # another match or seat meanwhile
        self.checking = False
        self.curtain.set_checking(False)
        m = self.s.match()
        if m is None or m.turn != seat:
            return
        if isinstance(key, Exception):
            self.curtain.show_error(f"The PIN could not be checked: {key}")
            return
        try:
            ok = m.check_pin(seat, pin, key=key)
        except PinWait:
            self._show_wait(seat, "")
            return
        except MatchFileError as e:        # the sealed orders opened but do not read
            self.curtain.show_error(str(e))
            return
        if ok:
            self._tick.stop()
            self.table.reveal(seat)
            return
        self.s.files_changed()              # the wrong try is kept with the game (app.match.pin_tries)
        wrong = f"That is not {m.seats[seat].name}'s PIN."
        if m.pin_wait(seat) > 0:
            self._show_wait(seat, wrong)
        else:
            self.curtain.show_error(wrong)

    # -- waiting --------------------------------------------------------------------------------
    def _show_wait(self, seat: int, first: str) -> None:
        self._wait_seat, self._wait_first = seat, first
        self._count_down()
        self._tick.start()

    @guarded
    def _count_down(self) -> None:
        m = self.s.match()
        seat = getattr(self, "_wait_seat", None)
        left = m.pin_wait(seat) if m is not None and seat is not None and m.turn == seat else 0
        if left <= 0:
            self._tick.stop()
            self.curtain.set_waiting(False, "")
            return
        s = math.ceil(left)
        when = f"{s} s" if s < 60 else f"{s // 60} min {s % 60:02d} s"
        self.curtain.set_waiting(True, (self._wait_first + " " if self._wait_first else "")
                                 + f"Too many wrong PINs: try again in {when}.")

    # -- a forgotten PIN ----------------------------------------------------------------------------
    @guarded
    def forgotten(self) -> None:
        """Ask the table; if it agrees, the seat's sealed orders go unread and it sets a new PIN."""
        from ..dialogs.forgot_pin import ForgottenPinDialog
        m = self.s.match()
        seat = m.turn if m is not None else None
        if seat is None or not m.has_pin(seat):
            return
        dlg = ForgottenPinDialog(self.table.main, m.seats[seat].name)
        self.s.hold_prompt(dlg)
        dlg.accepted.connect(lambda: self._reset(seat, dlg.new_pin()))
        dlg.finished.connect(lambda _r: self.s.hold_prompt(None))
        dlg.open()

    @guarded
    def _reset(self, seat: int, pin: str) -> None:
        m = self.s.match()
        if m is None or m.turn != seat:
            return
        self.forget()
        name = m.seats[seat].name
        m.reset_pin(seat, pin)
        self.table.drafts.pop(seat, None)          # its console text goes unread too
        self.s.files_changed()
        self.table.reveal(seat)
        self.s.set_status(f"{name} has a new PIN. The orders {name} had sealed this turn were discarded unread: "
                          "give them again, then press Done.")
