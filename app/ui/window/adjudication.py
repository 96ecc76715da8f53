"""Adjudication off the GUI thread: the match prepares a round, a worker thread runs it
(computer players' orders, then the engine), the GUI thread commits it. New, Open and Quit
wait for a running one and keep its result (:meth:`AdjudicationMixin.finish_adjudication`).
A mixin of the main window."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QThread, QTimer, Qt
from PySide6.QtWidgets import QApplication

from app.match import Round

from .bots_ui import with_progress
from ..guard import guarded
from .report import summary


class SubmitJob(QThread):
    """A round adjudicated off the GUI thread (computer players' orders included)."""

    def __init__(self, rnd: Round, parent=None):
        super().__init__(parent)
        self.round = rnd
        self.error: Exception | None = None

    def run(self) -> None:
        try:
            self.round.run()
        except Exception as e:  # shown to the player; the match is untouched
            self.error = e


class AfterPaint(QObject):
    """Calls ``fn`` once, just after ``widget`` next paints, or after ``limit_ms`` if it
    does not paint by then (covered, minimised). Used to start the autosave only once the
    new boards are on screen: the writer's thread encodes JSON holding the interpreter
    lock, and would otherwise slow the window's own work after a submission."""

    def __init__(self, widget, fn, limit_ms: int = 400):
        super().__init__(widget)
        self.widget = widget
        self.fn = fn
        widget.installEventFilter(self)
        self.timer = QTimer(self, singleShot=True, interval=limit_ms, timeout=self.fire)
        self.timer.start()

    @guarded(default=False)
    def eventFilter(self, obj, event) -> bool:
        if obj is self.widget and event.type() == QEvent.Paint and self.fn is not None:
            QTimer.singleShot(0, self, self.fire)     # after this paint is done
        return False

    def fire(self) -> None:
        fn, self.fn = self.fn, None
        if fn is None:
            return
        self.timer.stop()
        self.widget.removeEventFilter(self)
        self.deleteLater()
        fn()


class AdjudicationMixin:
    _after_paint: AfterPaint | None = None
    # the view's count of the player's pans and zooms (WorldView.user_moves) when this turn's
    # order entry started and when its submission started: see _show_new_boards
    _moves_at_turn = 0
    _moves_at_submit = 0

    def start_turn_view(self) -> None:
        """The order entry of a new turn starts now (a game shown, a submission or an undo
        done): moves of the view from now on are this turn's."""
        if self.view is not None:
            self._moves_at_turn = self._moves_at_submit = self.view.user_moves

    def autosave_after_paint(self) -> None:
        """Autosave once the view has painted the new world (at once if it is not shown:
        no paint is coming)."""
        pending = self._after_paint
        if pending is not None and pending.fn is not None:
            return                                   # one is already waiting for the paint
        view = self.view.viewport() if self.view is not None else None
        if view is None or not view.isVisible():
            self.files.autosave_now()
            return
        self._after_paint = AfterPaint(view, self.files.autosave_now)

    def _adjudicate(self) -> None:
        rnd = self.match.prepare()
        with_progress(self, rnd)
        self.busy = True
        self.entry.cancel()
        self._update_highlights()
        self.progress.setVisible(True)
        self.set_status(f"Adjudicating {len(rnd.orders)} orders across {len(rnd.world.active_boards())} active boards…")
        QApplication.setOverrideCursor(Qt.BusyCursor)
        self.update_actions()
        self._moves_at_submit = self.view.user_moves
        job = SubmitJob(rnd, self)
        job.finished.connect(lambda: self._adjudicated(job))
        self._job = job
        job.start()

    def finish_adjudication(self) -> None:
        """Wait for a running adjudication and keep its result (before New, Open, Quit)."""
        self.commands.bot_menu.wait()
        job = self._job
        if job is not None:
            job.wait()
            self._adjudicated(job)

    wait_idle = finish_adjudication

    @guarded
    def _adjudicated(self, job: SubmitJob) -> None:
        if job is not self._job:
            return               # already handled (finish_adjudication) or from a game left behind
        self._job = None
        self.busy = False
        self.progress.setVisible(False)
        QApplication.restoreOverrideCursor()
        m = self.match
        if job.error is not None:
            self.refresh()
            self.show_message("Adjudication failed", f"The orders could not be adjudicated: {job.error}\n\n"
                              "The game is unchanged.")
            self.set_status(f"Adjudication failed: {job.error}", error=True)
            return
        report = m.commit(job.round)
        fogged = m.fog and m.world.phase != "over"
        if not fogged:    # the report has every result: no transcript to read (fog: refresh reads the seat's)
            self.results.submitted(list(zip(job.round.orders, report.results)))
        self.files.changed()
        self.refresh()
        self.autosave_after_paint()
        self.scene.set_flash(set(report.new_boards))
        self._flash_timer.start(5000)
        text = summary(report, fog=fogged)
        self.orders_panel.feedback.setText("")      # the console's last word is about orders now gone
        if not fogged and any(r.status != "succeeds" for r in report.results):
            self.results_dock.raise_()
        when = self.civ_ui.date_note()          # a civilisations game: the date now (RULES.md §10)
        self.set_status(f"Submission {len(self.game.submissions)}{when}: {text}.")
        self.notices.show_toast(f"<b>Submission {len(self.game.submissions)}</b>{when}<br>{text}")
        self._show_new_boards(report)
        if m.private and m.turn is not None:
            self.table.show_curtain(m.turn, note="The orders are adjudicated.")
        self.update_title()
        self.submitted.emit(report)

    def _show_new_boards(self, report) -> None:
        """Show what the submission made, as 5D Chess does: the view glides to frame the new
        boards, unless the player moved the view this turn. Precisely, counting the player's
        pans and zooms (WorldView.note_user_move):
        - one between pressing Submit and now (the adjudication ran meanwhile): the view
          stays exactly where the player put it;
        - one since this turn's order entry started, none since Submit: the player chose
          their place; they stay there, at the same zoom, unless they were watching what the
          new boards continue from, when it pans no further than needed to show one
          (WorldView.keep_place, h15);
        - none this turn: the view glides to the new boards (WorldView.follow_boards).
        Watching the computer play, its bar frames each submission; at the hotseat, each seat
        arrives at its own place (handover.py): the player's place is kept for them here."""
        view = self.view
        moved_meanwhile = view.user_moves != self._moves_at_submit
        moved_this_turn = view.user_moves != self._moves_at_turn
        if moved_meanwhile:
            pass                        # the player's place, untouched
        elif moved_this_turn or self.match.private or self.table_ui.watcher.watching:
            view.keep_place(report.new_boards)
        else:
            view.follow_boards(report.new_boards or report.changed_boards)
        self.start_turn_view()
