"""Adjudication off the GUI thread: the match prepares a round, a worker thread runs it
(computer players' orders, then the engine), the GUI thread commits it. New, Open and Quit
wait for a running one and keep its result (:meth:`AdjudicationMixin.finish_adjudication`).
A mixin of the main window."""

from __future__ import annotations

from PySide6.QtCore import QThread, Qt
from PySide6.QtWidgets import QApplication

from app.match import Round

from .bots_ui import with_progress
from .guard import guarded
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


class AdjudicationMixin:
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
        job = SubmitJob(rnd, self)
        job.finished.connect(lambda: self._adjudicated(job))
        self._job = job
        job.start()

    def finish_adjudication(self) -> None:
        """Wait for a running adjudication and keep its result (before New, Open, Quit)."""
        self.bot_menu.wait()
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
        self.files.changed()
        self.files.autosave_now()
        self.refresh()
        self.scene.set_flash(set(report.new_boards))
        self._flash_timer.start(5000)
        fogged = m.fog and m.world.phase != "over"
        text = summary(report, fog=fogged)
        self.orders_panel.feedback.setText("")      # the console's last word is about orders now gone
        if fogged:       # others' orders are not public under fog: each board tells what its seat sees
            self.results_panel.clear("Fog of war: hover your units to see how their orders went.")
        else:
            self.results_panel.set_results(len(self.game.submissions), list(zip(job.round.orders, report.results)))
            if any(r.status != "succeeds" for r in report.results):
                self.results_dock.raise_()
        self.set_status(f"Submission {len(self.game.submissions)}: {text}.")
        self.show_toast(f"<b>Submission {len(self.game.submissions)}</b><br>{text}")
        self._show_new_boards(report)
        if m.private and m.turn is not None:
            self.table.show_curtain(m.turn, note="The orders are adjudicated.")
        self.update_title()
        self.submitted.emit(report)

    def _show_new_boards(self, report) -> None:
        self.view.keep_place(report.new_boards)     # stays where the player was (h15: world_view)
