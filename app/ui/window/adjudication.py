"""Adjudication off the GUI thread: the match prepares a round, a worker thread runs it
(computer players' orders, then the engine), the GUI thread commits it. New, Open and Quit
wait for a running one and keep its result (:meth:`Adjudicator.finish`).

:class:`Adjudicator` is a part of the window made with a parent and :class:`SubmitServices`,
the callables it uses, named; it owns the running job, ``busy``, the flash of the new boards
and the autosave after the next paint, and emits ``submitted`` (the Report) when a round is
committed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from PySide6.QtCore import QEvent, QObject, QThread, QTimer, Qt, Signal
from PySide6.QtWidgets import QApplication

from app.match import Round

from .bots_ui import RoundProgress
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


@dataclass(frozen=True)
class SubmitServices:
    """What a submission reads and tells on its way: the window's parts, named."""
    match: Callable[[], object]                 # the Match
    view: Callable[[], object]                  # the WorldView (None: no game shown)
    scene: Callable[[], object]                 # the WorldScene
    drop_entry: Callable[[], None]              # the order being clicked in goes
    set_status: Callable[..., None]             # (text, error=False)
    show_message: Callable[[str, str], object]  # a window-modal message (title, text)
    update_actions: Callable[[], None]
    refresh: Callable[[], None]                 # redraw everything from the match
    update_title: Callable[[], None]
    files_changed: Callable[[], None]
    autosave_now: Callable[[], None]
    results_submitted: Callable[[list], None]   # (order, result) pairs for the Results list
    clear_feedback: Callable[[], None]          # the console's last word
    raise_results: Callable[[], None]           # the Results dock to the front
    date_note: Callable[[], str]                # a civilisations game: " (the date)"
    show_toast: Callable[[str], None]
    show_curtain: Callable[..., None]           # hotseat: (seat, note=...)
    watching: Callable[[], bool]                # the computer plays and the window watches


class Adjudicator(QObject):
    submitted = Signal(object)        # Report
    # the view's count of the player's pans and zooms (WorldView.user_moves) when this turn's
    # order entry started and when its submission started: see _show_new_boards
    _moves_at_turn = 0
    _moves_at_submit = 0

    def __init__(self, parent: QObject, services: SubmitServices, progress):
        super().__init__(parent)
        self.s = services
        self.progress = progress                # the status bar's progress bar
        self.round_progress = RoundProgress(self, progress, services.set_status, running=lambda: self.busy)
        self.busy = False
        self.job: SubmitJob | None = None
        self.after_paint: AfterPaint | None = None
        # owned here, so it dies with the window (a free single shot outlived a closed window)
        self.flash_timer = QTimer(self, singleShot=True, timeout=self._end_flash)

    def _end_flash(self) -> None:
        scene = self.s.scene()
        if scene is not None:
            scene.set_flash(set())

    def start_turn_view(self) -> None:
        """The order entry of a new turn starts now (a game shown, a submission or an undo
        done): moves of the view from now on are this turn's."""
        view = self.s.view()
        if view is not None:
            self._moves_at_turn = self._moves_at_submit = view.user_moves

    def autosave_after_paint(self) -> None:
        """Autosave once the view has painted the new world (at once if it is not shown:
        no paint is coming)."""
        pending = self.after_paint
        if pending is not None and pending.fn is not None:
            return                                   # one is already waiting for the paint
        view = self.s.view()
        viewport = view.viewport() if view is not None else None
        if viewport is None or not viewport.isVisible():
            self.s.autosave_now()
            return
        self.after_paint = AfterPaint(viewport, self.s.autosave_now)

    def start(self) -> None:
        """Adjudicate the match's pending orders off the GUI thread."""
        s = self.s
        rnd = s.match().prepare()
        self.round_progress.follow(rnd)
        self.busy = True
        s.drop_entry()
        self.progress.setVisible(True)
        s.set_status(f"Adjudicating {len(rnd.orders)} orders across {len(rnd.world.active_boards())} active boards…")
        QApplication.setOverrideCursor(Qt.BusyCursor)
        s.update_actions()
        self._moves_at_submit = s.view().user_moves
        job = SubmitJob(rnd, self)
        job.finished.connect(lambda: self._adjudicated(job))
        self.job = job
        job.start()

    def finish(self) -> None:
        """Wait for a running adjudication and keep its result."""
        job = self.job
        if job is not None:
            job.wait()
            self._adjudicated(job)

    @guarded
    def _adjudicated(self, job: SubmitJob) -> None:
        if job is not self.job:
            return               # already handled (finish) or from a game left behind
        s = self.s
        self.job = None
        self.busy = False
        self.progress.setVisible(False)
        QApplication.restoreOverrideCursor()
        m = s.match()
        if job.error is not None:
            s.refresh()
            s.show_message("Adjudication failed", f"The orders could not be adjudicated: {job.error}\n\n"
                           "The game is unchanged.")
            s.set_status(f"Adjudication failed: {job.error}", error=True)
            return
        report = m.commit(job.round)
        fogged = m.fog and m.world.phase != "over"
        if not fogged:    # the report has every result: no transcript to read (fog: refresh reads the seat's)
            s.results_submitted(list(zip(job.round.orders, report.results)))
        s.files_changed()
        s.refresh()
        self.autosave_after_paint()
        s.scene().set_flash(set(report.new_boards))
        self.flash_timer.start(5000)
        text = summary(report, fog=fogged)
        s.clear_feedback()                      # the console's last word is about orders now gone
        if not fogged and any(r.status != "succeeds" for r in report.results):
            s.raise_results()
        when = s.date_note()                    # a civilisations game: the date now (RULES.md §10)
        count = len(m.game.submissions)
        s.set_status(f"Submission {count}{when}: {text}.")
        s.show_toast(f"<b>Submission {count}</b>{when}<br>{text}")
        self._show_new_boards(report)
        if m.private and m.turn is not None:
            s.show_curtain(m.turn, note="The orders are adjudicated.")
        s.update_title()
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
        view = self.s.view()
        moved_meanwhile = view.user_moves != self._moves_at_submit
        moved_this_turn = view.user_moves != self._moves_at_turn
        if moved_meanwhile:
            pass                        # the player's place, untouched
        elif moved_this_turn or self.s.match().private or self.s.watching():
            view.keep_place(report.new_boards)
        else:
            view.follow_boards(report.new_boards or report.changed_boards)
        self.start_turn_view()
