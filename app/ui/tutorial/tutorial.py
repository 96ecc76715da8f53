"""The tutorial in the window: it starts a sandbox game, shows each step of :data:`STEPS`
on a card over the view and watches the real game (a light timer asks the step's check, and
the window's own signals ask it at once) until the step is done; then the next. Every step
can be done for the player; the tutorial can be ended at any time; once ended or finished it
is never offered again unasked (``tutorial/done`` in the window's QSettings)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QTimer

from ..guard import guarded
from .card import TutorialCard
from .steps import STEPS, Step

CHECK_MS = 250           # how often the step's check is asked besides the window's signals
NEXT_MS = 900            # a done step stays shown this long, ticked, before the next


class Tutorial(QObject):
    def __init__(self, window, steps: tuple[Step, ...] = STEPS):
        super().__init__(window)
        self.w = window
        self.steps = steps
        self.index = 0
        self.at_start: dict = {}
        self.clicked_result = False
        self.finished = False
        self.card = TutorialCard(window.stack)
        self.card.restyle(window.theme)
        self.card.next_clicked.connect(self.next)
        self.card.do_it_clicked.connect(self.do_it)
        self.card.end_clicked.connect(self.end)
        self.timer = QTimer(self, interval=CHECK_MS, timeout=self.check)
        # the card moves to the corner hiding the least, once the view has settled after a move
        self._replace = QTimer(self, singleShot=True, interval=150, timeout=self._place)
        view = window.view
        view.zoomed.connect(self._replace.start)
        view.horizontalScrollBar().valueChanged.connect(self._replace.start)
        view.verticalScrollBar().valueChanged.connect(self._replace.start)
        self._advance = QTimer(self, singleShot=True, interval=NEXT_MS, timeout=self._next_step)
        window.message.connect(self._soon)
        window.submitted.connect(self._soon)
        window.results_panel.goto.connect(self._result_clicked)
        window.installEventFilter(self)

    # -- starting and ending ---------------------------------------------------------------
    @classmethod
    def start(cls, window) -> "Tutorial | None":
        """Start the tutorial in ``window`` on a new sandbox game (unsaved changes are asked
        about first); None when the player keeps the game they have."""
        old = getattr(window, "tutorial", None)
        if old is not None and not old.finished:
            old.end(remember=False)
        if not window.files.confirm_discard("start the tutorial"):
            return None
        window.new_game("sandbox", variant="standard", confirmed=True)
        t = cls(window)
        t.match = window.match
        window.tutorial = t
        t._show()
        t.card.show()
        t.timer.start()
        return t

    @guarded
    def end(self, remember: bool = True) -> None:
        """Close the tutorial; ``remember``: it is not offered again unasked."""
        if remember:
            self.w.settings.setValue("tutorial/done", "true")
        self.finished = True
        self.timer.stop()
        self._advance.stop()
        self.card.hide()
        self.card.deleteLater()
        self.w.removeEventFilter(self)
        for signal, slot in ((self.w.message, self._soon), (self.w.submitted, self._soon),
                             (self.w.results_panel.goto, self._result_clicked)):
            try:
                signal.disconnect(slot)
            except (RuntimeError, TypeError):
                pass
        self.w.set_status("The tutorial is closed. Help → Tutorial plays it again.")

    # -- the steps -------------------------------------------------------------------------
    @property
    def step(self) -> Step:
        return self.steps[self.index]

    def _show(self) -> None:
        w = self.w
        self.at_start = {"submissions": len(w.game.submissions) if w.game is not None else 0,
                         "timelines": len(w.game.world.timelines) if w.game is not None else 0}
        self.clicked_result = False
        s = self.step
        self.card.show_step(self.index + 1, len(self.steps), s.title, s.text, s.done is not None,
                            self.index == len(self.steps) - 1)
        self.card.do_btn.setEnabled(True)
        self.card.place(w.view)

    @guarded
    def _place(self) -> None:
        if not self.finished:
            self.card.place(self.w.view)

    @guarded
    def check(self, *_):
        """Ask the step's check; done, it is ticked and the next step follows."""
        if self.finished or self._advance.isActive():
            return False
        if self.w.match is not getattr(self, "match", self.w.match):
            self.end(remember=False)        # another game was started or opened: the tutorial steps aside
            return False
        if self.step.done is None:
            return False
        if not self.step.done(self):
            return False
        self.card.show_done()
        self._advance.start()
        return True

    @guarded
    def _soon(self, *_):
        QTimer.singleShot(0, self, self.check)      # after the window has finished acting

    @guarded
    def _result_clicked(self, _key) -> None:
        self.clicked_result = True
        self._soon()

    @guarded
    def next(self) -> None:
        """Next (steps the player reads) or Finish."""
        if self.index >= len(self.steps) - 1:
            self.end()
            return
        self._next_step()

    @guarded
    def _next_step(self) -> None:
        if self.finished:
            return
        self.index = min(self.index + 1, len(self.steps) - 1)
        self._show()
        self.check()

    @guarded
    def do_it(self) -> None:
        """The step done for the player, through the window's own commands."""
        s = self.step
        if s.do_it is not None and not self._advance.isActive():
            s.do_it(self)
            if not self.check():
                self.w.set_status("The tutorial could not do this step here; do it yourself, or end the tutorial.",
                                  error=True)

    @guarded(default=False)
    def eventFilter(self, obj, event) -> bool:
        if obj is self.w and event.type() in (QEvent.Resize, QEvent.Show) and not self.finished:
            QTimer.singleShot(0, self, lambda: self.card.place(self.w.view) if not self.finished else None)
        return False
