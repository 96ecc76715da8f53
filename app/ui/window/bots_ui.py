"""Computer players in the window (who plays which nation of a new sandbox is the new-game
dialog's :mod:`app.ui.dialogs.sandbox_opponents`).

- :class:`RoundProgress`: a round's computer players report, nation by nation, on the status
  bar and the progress bar while the worker thread asks them (the nation and level only:
  in hotseat their orders are as private as a seat's).
- :class:`BotMenu`: in a sandbox, "Suggest orders for <nation>" and "Fill in orders for every
  nation without orders". The computer decides off the GUI thread; its orders arrive as
  pending orders the player may change or delete.

The decisions themselves are :func:`app.bots.decide` (no Qt), imported when first asked:
the window's first paint does not wait for the computer players' modules.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from typing import Callable

from PySide6.QtCore import QObject, QThread, Signal
from PySide6.QtGui import QActionGroup
from PySide6.QtWidgets import QMenu

from app.engine import civ_of, Order, World
from app.match import OrderRefused
from app.match.attention import fill_gaps, needs

from ..guard import guarded


# -- progress while a round's computer players decide ----------------------------------------


class _Notifier(QObject):
    step = Signal(int, int, str)   # done, total, text


STEPS = 100   # progress steps per computer nation (a long think moves the bar within its nation)


class ThinkingSteps:
    """Turns a player's progress within one nation's think (0..1) into the bar's steps
    (``STEPS`` a nation), passing on only the steps that move the bar: a search reports
    often, and each report crosses threads."""

    def __init__(self, emit, index: int, total: int, text: str):
        self.emit, self.index, self.total, self.text = emit, index, total, text
        self.last = -1

    def __call__(self, done: float, _what: str = "") -> None:
        step = int(done * (STEPS - 1))
        if step > self.last:
            self.last = step
            percent = f" {int(done * 100)}%" if done > 0 else ""
            self.emit(self.index * STEPS + step, self.total * STEPS, self.text + percent)


class RoundProgress(QObject):
    """Shows a round's computer players, nation by nation, on a progress bar and the status
    bar (made with a parent, the bar and the status callback; its notifier lives as long)."""

    def __init__(self, parent: QObject, progress, set_status, running=lambda: True):
        super().__init__(parent)
        self.progress = progress
        self.set_status = set_status
        self.running = running          # whether the round is still being adjudicated
        self.notifier = _Notifier(self)
        self.notifier.step.connect(self._show)

    def _show(self, done: int, total: int, text: str) -> None:
        if not self.running():
            return        # a step queued by the worker, arriving after a result waited for
        self.progress.setRange(0, total)
        self.progress.setValue(done)
        self.set_status(text)

    def follow(self, rnd) -> None:
        """Wrap the round's ``decide`` so that each computer nation it asks shows here, and a
        long think (Hard) moves the bar while it searches (the signal crosses from the
        worker thread to the GUI thread queued)."""
        self.progress.setRange(0, 0)
        total = len(rnd.computer)
        if not total:
            return
        if civ_of(rnd.world) is not None:     # RULES.md §10: neither the computer's civilisations nor their number
            self.set_status("The other civilisations are choosing their orders…")
            return
        notifier = self.notifier
        ask = rnd.decide
        count = [0]

        def decide_with_progress(level: str, world: World, nation: str, *, seed: int) -> list[Order]:
            text = f"Computer players are choosing orders: {nation} ({level}), {count[0] + 1} of {total}…"
            listener = ThinkingSteps(notifier.step.emit, count[0], total, text)
            listener(0.0)
            from app.bots.progress import reporting_to      # (app.bots is loaded by now: the round asks it)
            with reporting_to(listener):
                orders = ask(level, world, nation, seed=seed)
            count[0] += 1
            notifier.step.emit(count[0] * STEPS, total * STEPS, "Adjudicating…" if count[0] == total else
                               f"Computer players are choosing orders ({count[0]} of {total})…")
            return orders

        rnd.decide = decide_with_progress


# -- suggestions in a sandbox ---------------------------------------------------------------


class SuggestJob(QThread):
    """The computer's orders for some nations, decided off the GUI thread."""

    step = Signal(int, int, str)

    def __init__(self, world: World, nations: list[str], level: str, seed: int, parent=None):
        super().__init__(parent)
        self.world, self.nations, self.level, self.seed = world, nations, level, seed
        self.base: World | None = None    # the match's world when the job started
        self.fill = False                  # keep the player's orders, add only what is missing
        self.orders: list[Order] = []
        self.error: Exception | None = None

    def run(self) -> None:
        try:
            from app.bots import decide
            total = len(self.nations)
            for i, n in enumerate(self.nations):
                listener = ThinkingSteps(self.step.emit, i, total,
                                         f"The computer ({self.level}) is thinking for {n} ({i + 1} of {total})…")
                listener(0.0)
                seed = zlib.crc32(f"{self.seed}/{self.world.submissions}/{n}/suggest".encode())
                self.orders.extend(decide(self.level, self.world, n, seed=seed, progress=listener))
        except Exception as e:  # shown to the player; nothing is added
            self.error = e


def has_something_to_order(world: World, nation: str) -> bool:
    if world.phase == "over":
        return False
    if world.pause is not None:
        return any((u := world.unit_at(loc)) is not None and u.nation == nation for loc in world.pause.dislodged)
    from app.bots.common import adjustment_boards, movement_boards
    return bool(movement_boards(world, nation) or adjustment_boards(world, nation))


@dataclass(frozen=True)
class BotInputs:
    """What the computer's suggestions read and tell, each called when needed."""
    match: Callable[[], object]                 # the Match (None: no game)
    seat: Callable[[], int | None]              # the seat at the table
    pending: Callable[[], dict]                 # its pending orders
    busy: Callable[[], bool]                    # an adjudication is running
    replaying: Callable[[], bool]               # the history slider is in the past
    progress: Callable[[], object]              # the status bar's progress bar
    set_status: Callable[..., None]             # (text, error=False)
    orders_changed: Callable[[], None]          # the seat's pending orders changed


class BotMenu(QObject):
    """The Game menu's computer entries and the job behind them."""

    LEVEL = "standard"

    def __init__(self, parent, inputs: BotInputs, menu: QMenu):
        super().__init__(parent)
        self.i = inputs
        self.job: SuggestJob | None = None
        menu.addSeparator()
        self.suggest_menu = menu.addMenu("Suggest orders for")
        self.suggest_menu.setToolTipsVisible(True)
        self.suggest_menu.aboutToShow.connect(self._fill_suggest_menu)
        self.a_fill = menu.addAction("Fill in orders for every nation without orders")
        self.a_fill.triggered.connect(self.fill_in)
        self.level_menu = menu.addMenu("Suggestions by")
        self.level_menu.aboutToShow.connect(lambda: self.level_actions)
        self._level_actions: QActionGroup | None = None
        self.level = self.LEVEL
        self._tip()
        menu.aboutToShow.connect(self.update)

    @property
    def level_actions(self) -> QActionGroup:
        """The "Suggestions by" entries, made when first needed: the computer players are not
        imported before the window's first paint."""
        if self._level_actions is None:
            from app.bots import LEVELS
            self._level_actions = QActionGroup(self)
            for level in LEVELS:
                a = self.level_menu.addAction(f"Computer ({level})")
                a.setCheckable(True)
                a.setChecked(level == self.level)
                a.setData(level)
                self._level_actions.addAction(a)
            self._level_actions.triggered.connect(lambda a: self.set_level(a.data()))
        return self._level_actions

    def set_level(self, level: str) -> None:
        """The computer level that suggests and fills in orders (Standard at first)."""
        from app.bots import LEVELS
        if level in LEVELS:
            self.level = level
            for a in self.level_actions.actions():
                a.setChecked(a.data() == level)
            self._tip()

    def _tip(self) -> None:
        self.a_fill.setStatusTip(f"The computer ({self.level}) gives orders to each of your nations that has none "
                                 "yet; they are pending orders you can change")

    # -- what may be done now ----------------------------------------------------------------
    def _seat_nations(self) -> list[str]:
        m, seat = self.i.match(), self.i.seat()
        if m is None or m.private or seat is None or self.i.replaying() or self.i.busy():
            return []
        return [n for n in m.game.variant.nation_names if n in m.nations_of(seat)]

    def _ready(self) -> bool:
        return self.job is None and bool(self._seat_nations())

    def update(self) -> None:
        ok = self._ready()
        self.suggest_menu.setEnabled(ok)
        self.a_fill.setEnabled(ok and bool(self.without_orders()))

    def without_orders(self) -> list[str]:
        """Your nations still owing something: a unit without an order, a retreat, a build
        or a disband (a nation with some orders given is one of them while it owes more)."""
        w = self.i
        world = w.match().world
        if not needs(world, w.pending().values(), set(self._seat_nations())):
            return []                     # one pass for all of them, the usual answer
        return [n for n in self._seat_nations() if needs(world, w.pending().values(), {n})]

    def _fill_suggest_menu(self) -> None:
        self.suggest_menu.clear()
        world = self.i.match().world if self.i.match() else None
        for n in self._seat_nations():
            a = self.suggest_menu.addAction(n)
            a.setEnabled(world is not None and has_something_to_order(world, n))
            a.triggered.connect(lambda _=False, n=n: self.suggest([n]))

    # -- doing it -----------------------------------------------------------------------------
    @guarded
    def suggest(self, nations: list[str], fill: bool = False) -> None:
        """Ask the computer for ``nations``' orders off the GUI thread; they arrive as pending
        orders (``fill``: only where the player has given none, see :func:`fill_gaps`)."""
        if not self._ready() or not nations:
            return
        w = self.i
        m = w.match()
        job = SuggestJob(m.view_for(w.seat()), nations, self.level, m.game.seed, self)
        job.base = m.world
        job.fill = fill
        job.step.connect(self._step)
        job.finished.connect(lambda: self._done(job))
        self.job = job
        progress = w.progress()
        progress.setRange(0, len(nations) * STEPS)
        progress.setValue(0)
        progress.setVisible(True)
        job.start()

    def fill_in(self) -> None:
        nations = self.without_orders() if self._ready() else []
        if not nations:
            self.i.set_status("Every nation of yours with something to order has orders already.")
            return
        self.suggest(nations, fill=True)

    def _step(self, done: int, total: int, text: str) -> None:
        if self.job is None:
            return      # a late step of a job already finished
        self.i.progress().setValue(done)
        self.i.set_status(text)

    def wait(self) -> None:
        """Let a running job finish and add its orders (tests; leaving a game)."""
        if self.job is not None:
            self.job.wait()
            self._done(self.job)

    @guarded
    def _done(self, job: SuggestJob) -> None:
        if job is not self.job:
            return
        self.job = None
        w = self.i
        w.progress().setVisible(False)
        w.progress().setRange(0, 0)
        if job.error is not None:
            w.set_status(f"The computer could not suggest orders: {job.error}", error=True)
            return
        m, seat = w.match(), w.seat()
        if m is None or m.world is not job.base or seat is None:
            w.set_status("The world changed while the computer was thinking: nothing was added.")
            return
        added = 0
        orders = fill_gaps(m.world, w.pending().values(), job.orders) if job.fill else job.orders
        for o in orders:
            try:
                m.add_order(o, seat)
                added += 1
            except OrderRefused:
                continue
        w.orders_changed()
        who = job.nations[0] if len(job.nations) == 1 else f"{len(job.nations)} nations"
        w.set_status(f"The computer suggested {added} orders for {who}: they are pending; change any you like.")
