"""The deadline in the window: the countdown of the running turn, on the status bar for the
seat at the table and on the curtain while it waits for the seat, and what happens when it
runs out (:meth:`~app.match.table.deadlines.TurnClock.expire`: the orders are submitted as
they stand). The turn's clock starts when the seat's curtain lifts (the window tells the match:
:meth:`~app.match.table.deadlines.TurnClock.seated`), so passing the computer costs no time. A one-second timer asks the match's clock; tests call :meth:`DeadlineUI.tick`
with a fake clock instead of waiting."""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtWidgets import QLabel, QMainWindow

from app.match.table.deadlines import clock_text, limit_text

from ..guard import guarded
from .services import TableUIServices

WARN_AT, ALARM_AT = 30.0, 10.0       # seconds left: the countdown turns orange, then red


class DeadlineUI(QObject):
    def __init__(self, parent: QMainWindow, services: TableUIServices, curtain):
        """``parent``: the main window (the chip goes on its status bar); ``curtain``: the
        hotseat curtain (the countdown goes under the seat's name)."""
        super().__init__(parent)
        self.s = services
        self.chip = QLabel("")
        self.chip.setObjectName("deadline-chip")
        self.chip.setVisible(False)
        parent.statusBar().addPermanentWidget(self.chip)
        # on the curtain, under the seat's name (public: everyone waits for the same clock)
        self.on_curtain = QLabel("", curtain)
        self.on_curtain.setAlignment(Qt.AlignCenter)
        self.on_curtain.setVisible(False)
        lay = curtain.layout()
        lay.insertWidget(lay.indexOf(curtain.detail) + 1, self.on_curtain)
        self.timer = QTimer(self, interval=1000, timeout=self.tick)

    def attach(self) -> None:
        m = self.s.match()
        if m is not None and m.table.deadline.on:
            self.timer.start()
        else:
            self.timer.stop()
        self.show()

    def show(self) -> None:
        """The countdown where it belongs now (or nowhere)."""
        m = self.s.match()
        left = m.table.deadline.remaining() if m is not None else None
        if left is None or self.s.busy():
            self.chip.setVisible(False)
            self.on_curtain.setVisible(False)
            return
        seat = m.seats[m.turn]
        text = clock_text(left)
        colour = "#e03131" if left <= ALARM_AT else "#e8590c" if left <= WARN_AT else None
        if self.s.curtain_up():
            self.chip.setVisible(False)
            if m.table.deadline.waiting:
                words = (f"{seat.name}'s turn: <b>{text}</b> (of {limit_text(m.table.deadline.seconds)})"
                         f"<br><span style='font-size:14px'>The clock starts when {seat.name}'s board is shown.</span>")
            else:
                words = f"{seat.name}'s turn: <b>{text}</b> left (of {limit_text(m.table.deadline.seconds)})"
            self.on_curtain.setText(f"<div style='font-size:18px'>{words}</div>")
            self.on_curtain.setVisible(True)
        else:
            self.on_curtain.setVisible(False)
            self.chip.setText(f"Time left {text}")
            self.chip.setToolTip(f"Time left for {seat.name}'s turn (of {limit_text(m.table.deadline.seconds)}). "
                                 "When it runs out the orders are submitted as they stand.")
            self.chip.setStyleSheet(f"QLabel {{ font-weight: bold; padding: 0 6px; "
                                    f"{'color: ' + colour + ';' if colour else ''} }}")
            self.chip.setVisible(True)

    @guarded
    def tick(self) -> None:
        """Once a second: show the time left; when it has run out, submit as it stands."""
        m = self.s.match()
        if m is None or self.s.busy():
            return
        seat = m.turn
        if m.table.deadline.expire():
            self._expired(seat)
        self.show()

    def _expired(self, seat: int) -> None:
        w, m = self.s, self.s.match()
        name = m.seats[seat].name
        note = f"Time ran out for {name}: the orders were submitted as they stood."
        w.files_changed()
        if w.replaying():
            w.show_present()
        if m.private and m.turn is not None:
            w.show_curtain(m.turn, note=note)
        else:
            if m.private:
                w.clear_private()       # the seat may have walked away: nothing of it stays on screen
            w.cancel_entry()
            w.adjudicate()
        w.set_status(note)
