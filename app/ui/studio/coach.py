"""The coach in the studio: "What would Hard do?" for the nations the seat at the table plays.

The advice (:func:`app.bots.coach.advise`: Hard's orders, each with the reason the engine's
adjudication of its alternative gives, and an evaluation per nation and timeline) is
computed on a worker thread from the seat's own view of the world (``Match.view_for``: fog
of war, civilisations' sight), with progress and Cancel. Its news reaches the window
through a carrier the window owns, so a worker that finishes after the pane or the game
has gone emits on a live object, and the coach drops what is no longer asked for.

The orders are drawn on the boards as a plan in the coach's own colour (never the seat's
plans unless it presses "Keep as plans"), cleared whenever the position, the seat or the
game changes; "Use these orders" enters them as the seat's pending orders (its own units
only). In hotseat the coach shows only the seat at the table's nations, is cleared when the
curtain comes down, and is never computed for a seat behind it.
"""

from __future__ import annotations

import threading

from PySide6.QtCore import QObject, QRectF, Signal
from PySide6.QtGui import QColor

from app.engine import Build, Convoy, Disband, format_order, Hold, Location, Move, Retreat, Support

from ..civ.names import calendar_for
from ..guard import guarded
from ..panels.orders import short_text
from .coach_pane import ALL, CoachPane, IDLE_TEXT
from .plans import PlansItem, PlansTool
from .services import StudioServices

COACH_COLOUR = QColor("#ae3ec9")
"""The coach's plan: a violet none of the seat's four plan colours is."""


class _Arrival(QObject):
    """The worker's news (a child of the window: it outlives the pane and any job)."""
    step = Signal(int, int, str)       # job, percent, text
    advice = Signal(int, object)       # job, Advice
    failed = Signal(int, str)          # job, what went wrong ("" : cancelled)


class Coach(QObject):
    """Runs the coach for the seat at the table and shows it in :attr:`pane` and on the boards."""

    def __init__(self, parent, services: StudioServices, plans: PlansTool):
        super().__init__(parent)
        self.s = services
        self.plans = plans
        self.pane = CoachPane()
        self.arrival = _Arrival(parent)
        self.arrival.step.connect(self._step)
        self.arrival.advice.connect(self._arrived)
        self.arrival.failed.connect(self._failed)
        self.pane.ask.connect(self.ask)
        self.pane.cancel.connect(self.cancel)
        self.pane.use.connect(self.use_orders)
        self.pane.keep.connect(self.keep_as_plans)
        self.pane.clear.connect(self.clear)
        self.pane.goto.connect(self._goto)
        self.job = 0                          # the job asked for last (older news is dropped)
        self.running = False
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._asked_for = None                # (match, world, seat) the advice is about
        self.advice = None
        self.item: PlansItem | None = None

    # -- who may ask -----------------------------------------------------------------------------
    def _seated(self):
        """(match, seat) when a seat is at the table, the curtain up, the present shown."""
        w = self.s
        m, seat = w.match(), w.seat()
        if m is None or seat is None or w.curtain_up() or w.replaying() or m.is_locked(seat):
            return None
        return m, seat

    def seat_nations(self) -> list[str]:
        here = self._seated()
        if here is None:
            return []
        m, seat = here
        return [n for n in m.game.variant.nation_names if n in m.nations_of(seat)]

    def _now(self):
        here = self._seated()
        return (here[0], here[0].world, here[1]) if here is not None else None

    def _still_asked(self) -> bool:
        """Is the advice asked for still about what is on the table? (By identity: worlds
        compare by value, board by board, which a refresh must not pay for.)"""
        now, asked = self._now(), self._asked_for
        return now is not None and asked is not None and all(a is b for a, b in zip(now[:2], asked[:2])) \
            and now[2] == asked[2]

    def refresh(self) -> None:
        """The position, the seat, the game or the curtain may have changed."""
        if self._asked_for is not None and not self._still_asked():
            self.clear()
        self.pane.set_nations(self.seat_nations())
        self.update_actions()

    def update_actions(self) -> None:
        here = self._seated()
        can = here is not None and not self.s.busy() and here[0].world.phase != "over"
        self.pane.set_running(self.running, can)

    # -- asking ----------------------------------------------------------------------------------
    @guarded
    def ask(self, nation: str = ALL) -> bool:
        here = self._seated()
        if here is None or self.s.busy() or self.running:
            return False
        m, seat = here
        if m.world.phase == "over":
            return False
        mine = self.seat_nations()
        nations = mine if nation == ALL else [nation] if nation in mine else []
        if not nations:
            return False
        self.clear()
        view = m.view_for(seat)           # the seat's sight only: nothing hidden reaches the worker
        self.job += 1
        job, arrival = self.job, self.arrival
        stop = self._stop = threading.Event()
        self._asked_for = (m, m.world, seat)
        seed = m.game.seed

        def run() -> None:
            from app.bots.coach import advise, Cancelled
            last = [-1]

            def listener(done: float, text: str) -> None:
                if stop.is_set():
                    raise Cancelled()
                percent = int(done * 100)
                if percent != last[0]:
                    last[0] = percent
                    arrival.step.emit(job, percent, text)
            try:
                advice = advise(view, nations, seed, progress=listener)
            except Cancelled:
                news = (arrival.failed.emit, job, "")
            except Exception as e:                 # shown in the pane; nothing is drawn
                news = (arrival.failed.emit, job, str(e) or type(e).__name__)
            else:
                news = (arrival.advice.emit, job, advice)
            try:
                news[0](*news[1:])
            except RuntimeError:                   # the window itself has gone: nobody to tell
                pass
        self.running = True
        self.update_actions()
        self.pane.note.show_message(f"Hard is thinking for {', '.join(nations)}…")
        self._thread = threading.Thread(target=run, name="coach", daemon=True)
        self._thread.start()
        return True

    @guarded
    def cancel(self) -> None:
        if self.running:
            self._stop.set()
            self.job += 1                 # whatever it still says is dropped
            self.running = False
            self._asked_for = None
            self.pane.show_nothing("Cancelled: the coach stopped thinking.")
            self.update_actions()

    def wait(self) -> None:
        """Let a running worker end (leaving the window)."""
        if self._thread is not None:
            self._thread.join()

    def _current(self, job: int) -> bool:
        return job == self.job and self._still_asked()

    @guarded
    def _step(self, job: int, percent: int, text: str) -> None:
        if self.running and self._current(job):
            self.pane.set_progress(percent, text)

    @guarded
    def _failed(self, job: int, text: str) -> None:
        if job != self.job:
            return
        self.running = False
        self._asked_for = None
        self.pane.show_nothing(f"The coach could not advise: {text}" if text else "Cancelled.",
                               "error" if text else "plain")
        self.update_actions()

    @guarded
    def _arrived(self, job: int, advice) -> None:
        if job != self.job:
            return
        self.running = False
        if not self._current(job):
            self.clear()
            return
        self.advice = advice
        self._show(advice)
        self.update_actions()

    # -- showing ---------------------------------------------------------------------------------
    def _show(self, advice) -> None:
        m = self._asked_for[0]
        world = self._asked_for[1]
        several = len(world.timelines) > 1
        cal = calendar_for(world)        # a civilisations game names its boards by its dates (RULES.md §10)
        rows = []
        for r in advice.reasons:
            key = _board_of(r.order)
            text = short_text(r.order, format_order(r.order))
            where = f"{r.order.nation}, " if len(advice.nations) > 1 else ""
            rows.append((f"{where}{cal.board(key)}: {text}", r.text, key))
        centres = len(world.variant.supply_centres)
        bars = [(s.words(several), s.centres, centres,
                 f"{s.centres} of the {centres} supply centres on board {cal.board(s.board)}")
                for s in advice.standings]
        meaning = advice.meaning + "\n" + "\n".join(m_.words() for m_ in advice.measures)
        who = ", ".join(advice.nations)
        if rows:
            heading = (f"Hard's orders for {who}: {len(rows)}, with what each gains or saves "
                       f"({advice.adjudications} adjudications). Click one to go to its board.")
        else:
            heading = f"Hard has nothing to order for {who} now."
        self.pane.show_advice(heading, rows, advice.assumed, bars, meaning, can_use=not m.world.phase == "over")
        self._draw(advice)

    def _draw(self, advice) -> None:
        scene = self.s.scene()
        if scene is None:
            return
        if self.item is None or self.item.scene() is not scene:
            self.item = PlansItem(palette=(COACH_COLOUR,))
            scene.addItem(self.item)
        boards = scene.world.boards if scene.world is not None else {}
        out = []
        for order in advice.orders:
            a, b = _plan_ends(order)
            if a is None or a.board not in boards or (b is not None and b.board not in boards):
                continue
            pa = scene.loc_point(a)
            pb = scene.loc_point(b) if b is not None else None
            bounds = QRectF(pa, pb if pb is not None else pa).normalized().adjusted(-250, -250, 250, 250)
            out.append((bounds, "arrow" if b is not None else "mark", pa, pb, 0))
        self.item.set_marks(out)

    @guarded
    def clear(self) -> None:
        """Nothing of the advice on screen (a running job is dropped)."""
        if self.running:
            self._stop.set()
            self.job += 1
            self.running = False
        self.advice = None
        self._asked_for = None
        if self.item is not None:
            self.item.set_marks([])
        self.pane.show_nothing(IDLE_TEXT)
        self.update_actions()

    # -- the seat's verbs ------------------------------------------------------------------------
    @guarded
    def use_orders(self) -> int:
        """Enter the advice's orders as the seat's pending orders (its own units only)."""
        from app.match import OrderRefused
        if self.advice is None or not self._still_asked() or self.s.busy():
            return 0
        m, _world, seat = self._asked_for
        own = m.nations_of(seat)
        added = refused = 0
        for o in self.advice.orders:
            if o.nation not in own:
                continue
            try:
                m.add_order(o, seat)
                added += 1
            except OrderRefused:
                refused += 1
        self.s.orders_changed()
        more = f" ({refused} refused)" if refused else ""
        self.s.set_status(f"The coach's {added} orders are pending{more}: change any you like.")
        return added

    @guarded
    def keep_as_plans(self) -> int:
        """Copy the drawn plan into the seat's own plans (the plans tool's colour)."""
        from app.match.plan_marks import PlanMark
        if self.advice is None or not self._still_asked():
            return 0
        kept = 0
        for order in self.advice.orders:
            a, b = _plan_ends(order)
            if a is None:
                continue
            mark = PlanMark.ring(a, self.plans.colour) if b is None else PlanMark.arrow(a, b, self.plans.colour)
            kept += self.plans.add(mark)
        if kept:
            self.s.set_status(f"Kept the coach's plan as {kept} of your plans (Notes: Clear or Undo there).")
        return kept

    @guarded
    def _goto(self, key) -> None:
        if key is not None:
            self.s.goto_board(key)


def _board_of(order):
    if isinstance(order, Build):
        return order.at.board
    return order.unit.board if hasattr(order, "unit") else getattr(order, "on", None)


def _plan_ends(order) -> tuple[Location | None, Location | None]:
    """Where an order's plan mark starts and ends (None end: a ring)."""
    if isinstance(order, (Move, Retreat)):
        return order.unit, order.dest
    if isinstance(order, Support):
        return order.unit, order.dest or order.supported
    if isinstance(order, Convoy):
        return order.unit, order.dest
    if isinstance(order, (Hold, Disband)):
        return order.unit, None
    if isinstance(order, Build):
        return order.at, None
    return None, None
