"""The table of friends in the window (RULES.md §6): the Table menu (leave, take over,
messages), the Messages dock, the deadline's countdown, the watching bar, and judging a
thrown play-out after every season. The rules and state are :mod:`app.match.table`; this
only shows them and forwards what people do.

Ending a game (draws, concessions, resigning: RULES.md §11) is :mod:`.ending_ui`'s.

The main window holds one :class:`TableUI` and calls it in four places: when a match is
set (:meth:`~TableUI.attach`), when it redraws (:meth:`~TableUI.refresh`), when the curtain
comes down (:meth:`~TableUI.clear_private`), and to start a watched game.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu

from app.match import Match
from app.match.table import MessageRefused, SeatChangeError
from app.match.table.judging import JudgingError
from app.match.table.watching import computer_seats

from ..guard import guarded
from .deadline_ui import DeadlineUI
from .ending_ui import EndingUI
from .messages_panel import MessagesPanel, privacy_words
from .services import TableUIServices
from .watch_bar import Watcher


class TableUI(QObject):
    def __init__(self, parent: QMainWindow, services: TableUIServices, curtain, nations_dock: QDockWidget):
        """``parent``: the main window (the Table menu, the Messages dock tabbed with
        ``nations_dock``, the watching bar and the deadline chip go on it); ``curtain``: the
        hotseat curtain the countdown is shown on. The window calls :meth:`after_submission`
        after each submission."""
        super().__init__(parent)
        self.main = parent
        self.s = services
        self.dialog = None                     # the open leave/take-over/judging dialog (tests answer it)
        self._build_menu()
        self.messages = MessagesPanel()
        self.messages.send.connect(self.send)
        self.dock = QDockWidget("Messages", parent)
        self.dock.setObjectName("messages")
        self.dock.setWidget(self.messages)
        self.dock.setFeatures(QDockWidget.DockWidgetMovable)     # not floatable: the curtain must cover it
        parent.addDockWidget(Qt.RightDockWidgetArea, self.dock)
        parent.tabifyDockWidget(nations_dock, self.dock)
        nations_dock.raise_()
        self.dock.setVisible(False)
        self.deadline = DeadlineUI(parent, services, curtain)
        self.watcher = Watcher(parent, services, self.take_over)

    def _build_menu(self) -> None:
        w = self.main
        self.menu = QMenu("&Table", w)
        self.a_leave = QAction("&Leave the table…", w)
        self.a_leave.setStatusTip("A seat leaves: its nations go to the computer or to nobody")
        self.a_leave.triggered.connect(self.leave)
        self.a_take = QAction("&Take over a nation…", w)
        self.a_take.setStatusTip("A newcomer takes over a nation the computer or nobody plays")
        self.a_take.triggered.connect(lambda: self.take_over())
        self.a_messages = QAction("&Messages", w)
        self.a_messages.setShortcut(QKeySequence("Ctrl+M"))
        self.a_messages.setStatusTip("Your private messages (hotseat): read them, write to another seat")
        self.a_messages.triggered.connect(self.show_messages)
        for a in (self.a_leave, self.a_take):
            self.menu.addAction(a)
        self.menu.addSeparator()
        self.menu.addAction(self.a_messages)
        w.addAction(self.a_messages)
        self.ending = EndingUI(w, self.s, self.menu, self)     # draws, concessions, resigning (RULES.md §11)
        help_menu = next((a for a in w.menuBar().actions() if a.text().replace("&", "") == "Help"), None)
        if help_menu is not None:
            w.menuBar().insertMenu(help_menu, self.menu)
        else:
            w.menuBar().addMenu(self.menu)
        self.update_actions()

    # -- the window's hooks --------------------------------------------------------------
    def attach(self) -> None:
        """A new or opened match is on screen."""
        self.deadline.attach()
        self.watcher.attach()
        self.refresh()

    def refresh(self) -> None:
        """Show what belongs to the seat at the table (messages), and the table's state."""
        m, seat = self.s.match(), self.s.seat()
        self.update_actions()
        self.dock.setVisible(m is not None and m.private)
        if m is None or not m.private or seat is None or self.s.curtain_up():
            self.messages.clear()
        else:
            self._show_messages(seat)
        self.deadline.show()
        self.ending.refresh()

    def closing(self) -> None:
        """The window closes: no timer starts another round, and a round still running
        finishes (its thread must not outlive the window)."""
        self.watcher.timer.stop()
        self.deadline.timer.stop()
        m = self.s.match()
        if m is not None:
            m.table.watch.pause()
        self.s.wait_idle()

    def clear_private(self) -> None:
        """The curtain comes down: nothing of the seat's messages stays on screen."""
        self.messages.clear()
        self.deadline.show()
        self.ending.update_actions()

    def update_actions(self) -> None:
        m = self.s.match()
        live = m is not None and not self.s.busy() and m.world.phase != "over"
        self.a_leave.setEnabled(live and bool(m.table.seats.person_seats()))
        self.a_take.setEnabled(live and bool(m.table.seats.open_nations())
                               and not (self.watcher.watching and m.table.watch.playing))
        self.a_messages.setEnabled(m is not None and m.private)
        self.ending.update_actions()

    # -- messages ------------------------------------------------------------------------
    def _show_messages(self, seat: int) -> None:
        m = self.s.match()
        mail = m.table.mail
        try:
            own = mail.messages(seat)
        except MessageRefused:
            self.messages.clear()
            return
        me = m.seats[seat].name
        recipients = [(i, m.seats[i].name, privacy_words(me, m.seats[i].name, mail.kept_readable(seat, i)))
                      for i in mail.recipients(seat)]
        self.messages.show_for(m.seats[seat].name, own, recipients)
        new = mail.unread(seat)
        if new:
            mail.mark_read(seat)
            self.dock.raise_()
            self.s.show_toast(f"<b>{new} new message{'s' if new > 1 else ''}</b> for {m.seats[seat].name}")

    @guarded
    def show_messages(self, *_) -> None:
        if self.dock.isVisible():
            self.dock.raise_()
            self.messages.text.setFocus()

    @guarded
    def send(self, receiver: int, text: str) -> None:
        s, m, seat = self.s, self.s.match(), self.s.seat()
        if m is None or seat is None or s.curtain_up():
            return
        try:
            m.table.mail.write(seat, receiver, text)
        except MessageRefused as e:
            self.messages.show_feedback(str(e).capitalize() + ".", False)
            return
        self._show_messages(seat)
        self.messages.text.setPlainText("")
        name = m.seats[receiver].name
        readable = m.table.mail.kept_readable(seat, receiver)
        self.messages.show_feedback(f"Sent to {name}, " + ("kept readable in the save file (" + " and ".join(readable)
                                    + " without a PIN)." if readable else "sealed."), True)
        s.files_changed()

    # -- seats that change ---------------------------------------------------------------
    @guarded
    def leave(self, *_) -> None:
        from .seat_dialogs import LeaveDialog
        s, m = self.s, self.s.match()
        if m is None or s.busy():
            return
        at_table = None if s.curtain_up() else s.seat()          # the seat whose board is shown
        self.dialog = dlg = LeaveDialog(m, at_table, self.main)
        dlg.setWindowModality(Qt.WindowModal)
        dlg.accepted.connect(lambda: self._leave(*dlg.choice()))
        dlg.open()

    def _leave(self, seat: int, level: str | None, submit: bool) -> None:
        m = self.s.match()
        name = m.seats[seat].name
        try:
            m.table.seats.leave(seat, level, submit=submit)
        except SeatChangeError as e:
            self.s.show_message("Leave the table", str(e).capitalize() + ".")
            return
        who = f"the computer ({level})" if level else "nobody"
        self.after_seat_change(f"{name} left the table; {who} plays {name}'s nations"
                               + (" from the next round." if submit else "."))

    @guarded
    def take_over(self, *_, nation: str | None = None) -> None:
        from .seat_dialogs import TakeOverDialog
        m = self.s.match()
        if m is None or self.s.busy():
            return
        if self.watcher.watching and m.table.watch.playing:
            self.watcher.toggle()                  # take over at a pause
        self.dialog = dlg = TakeOverDialog(m, self.main, nation)
        dlg.setWindowModality(Qt.WindowModal)
        dlg.accepted.connect(lambda: self._take_over(*dlg.choice()))
        dlg.open()

    def _take_over(self, nations: tuple[str, ...], name: str, pin: str | None) -> None:
        m = self.s.match()
        try:
            seat = m.table.seats.take_over(nations, name, pin=pin)
        except SeatChangeError as e:
            self.s.show_message("Take over", str(e).capitalize() + ".")
            return
        self.after_seat_change(f"{name} takes over {', '.join(m.seats[seat].nations)}.")

    def after_seat_change(self, text: str) -> None:
        """Bring the window in line with the seats: the curtain for the seat whose turn it is
        now (never another seat's board left on screen), the round adjudicated if it is
        complete, or watching on."""
        w, m = self.s, self.s.match()
        w.files_changed()
        if m.turn is None:
            if m.private and m.world.phase != "over" and any(s.is_person for s in m.seats):
                w.clear_private()
                w.adjudicate()            # every seat left at the table is done
            else:
                w.seat_table()
        elif w.curtain_up() or w.seat() != m.turn:
            if w.seat() is None and not w.curtain_up() and not m.private:
                w.seat_table()            # from watching to playing: nothing private on screen yet
            else:
                w.show_curtain(m.turn, note=text)
        w.refresh()
        self.watcher.attach()
        self.deadline.attach()
        w.update_title()
        w.set_status(text)

    # -- after a submission -----------------------------------------------------------------
    @guarded
    def after_submission(self, report) -> None:
        self.watcher.after_submission(report)
        m = self.s.match()
        if m is not None and m.table.judging.due:
            if not any(s.is_person for s in m.seats):
                m.table.judging.play_on()  # watched: computers alone always agree
            else:
                self.ask_judgement()
        self.deadline.show()
        self.update_actions()

    def ask_judgement(self) -> None:
        from .judging_dialog import JudgingDialog
        self.dialog = dlg = JudgingDialog(self.s.match(), self.main)
        dlg.setWindowModality(Qt.WindowModal)
        dlg.accepted.connect(lambda: self._judged(dlg.votes()))
        dlg.rejected.connect(self._play_on)
        dlg.open()

    def _judged(self, votes: dict[int, str]) -> None:
        w, m = self.s, self.s.match()
        try:
            winner = m.table.judging.judge(votes)
        except JudgingError as e:
            w.show_message("Judging", str(e).capitalize() + ".")
            return
        w.files_changed()
        if winner is None:
            w.set_status("No agreement on the winner: play on (the next season is judged again).")
            return
        w.seat_table()                    # the game is over: nobody orders any more
        w.refresh()
        w.set_status(f"Everyone names {winner}: {winner} wins the play-out.")
        w.show_toast(f"<b>{winner} wins</b><br>everyone named {winner}")

    @guarded
    def _play_on(self) -> None:
        m = self.s.match()
        if m is not None and m.table.judging.due:
            m.table.judging.play_on()
            self.s.files_changed()

    # -- watching --------------------------------------------------------------------------
    def start_watching(self, variant: str = "standard", levels=("standard",), seed: int = 0,
                       adjacency: str = "strict", confirmed: bool = False) -> bool:
        """A new game every nation's computer plays, watched (``python -m app watch``, or
        "Watch the computer play" in the new-game dialog)."""
        w = self.s
        if not confirmed and not w.confirm_discard("start a new game"):
            return False
        match = Match.new(variant, adjacency, seed, computer_seats(variant, list(levels)))
        w.set_match(match, None)
        w.set_status(f"Watching the computer play {match.game.variant.title} (seed {seed}): "
                     "pause, step, choose the speed; take over any nation at a pause.")
        return True
