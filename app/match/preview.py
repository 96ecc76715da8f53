"""Preview the adjudication: what would happen if the world were submitted now, without
changing the game. No Qt.

:func:`preview` runs the engine's one door (:func:`app.engine.rules.submission.submit`) on the
world as it is — worlds are immutable, so the game is untouched — and reads the report:
each order's outcome and reason, the units that would be dislodged, the timelines that
would fork. It is the very adjudication a submission makes, so the preview cannot
disagree with it (the tests hold this over random positions).

What a seat previews is its own pending orders on the world *it* sees
(:func:`seat_input`): other seats' pending orders are theirs (hotseat), computer seats
decide only at the submission, and under fog of war the seat's view stands in for the
world, so the preview tells nothing the seat could not see. Units without an order hold.

:class:`PreviewRunner` computes previews on a worker thread: the newest request replaces
any older one still waiting, and a result is delivered with the generation it was asked
for, so the front end drops a stale one.

>>> from app.engine.game import Game
>>> g = Game.new()
>>> p = preview(g.world, [g.parse("A mun - tyr"), g.parse("A vie - tyr")])
>>> [(o.status, o.reason) for o in p.outcomes]
[('fails', 'bounced at 1:tyr:S1901'), ('fails', 'bounced at 1:tyr:S1901')]
>>> len(g.submissions)          # nothing was submitted
0
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import Callable

from app.engine import BoardKey, Location, Order, Pause, submit, World


@dataclass(frozen=True)
class Outcome:
    """What would become of one order: ``status`` succeeds / fails / invalid, the reason,
    and whether its unit would be dislodged. ``given``: ordered by the seat (False: a unit
    without an order, holding)."""

    order: Order
    status: str
    reason: str = ""
    dislodged: bool = False
    given: bool = True


@dataclass(frozen=True)
class Fork:
    """A timeline that would be made: its number, the board it branches from and its first board."""

    timeline: int
    parent: BoardKey
    first: BoardKey


@dataclass(frozen=True)
class Preview:
    """The outcome of a submission that was not made (see the module docstring).

    - ``outcomes``: one per order previewed, in the same order;
    - ``held``: units without an order that something happens to (dislodged);
    - ``dislodged``: every unit that would be dislodged;
    - ``forks``: the new timelines; when the submission would pause for retreats they are
      those made if no unit retreats (``forks_after_retreats``);
    - ``phase``: what the world would wait for next; ``winner``: who would have won;
    - ``error``: the engine refused the submission (nothing else is set);
    - ``retreats_only``: a fogged view of a retreat phase: the retreats' outcomes only (what
      the finished submission makes depends on what the seat does not see).
    """

    orders: tuple[Order, ...] = ()
    outcomes: tuple[Outcome, ...] = ()
    held: tuple[Outcome, ...] = ()
    dislodged: frozenset[Location] = frozenset()
    new_boards: tuple[BoardKey, ...] = ()
    forks: tuple[Fork, ...] = ()
    forks_after_retreats: bool = False
    phase: str = "movement"
    winner: str | None = None
    error: str | None = None
    seconds: float = 0.0            # thread CPU time the adjudication took
    retreats_only: bool = False     # a fogged retreat phase: what follows the retreats is not the seat's to see

    def counts(self) -> dict[str, int]:
        """How many orders would succeed, fail and be invalid."""
        out = {"succeeds": 0, "fails": 0, "invalid": 0}
        for o in self.outcomes:
            out[o.status] = out.get(o.status, 0) + 1
        return out


def seat_input(match, seat: int) -> tuple[World, list[Order]]:
    """What ``seat`` previews: the world as it sees it and its own pending orders."""
    return match.view_for(seat), match.pending(seat)


def preview(world: World, orders: list[Order]) -> Preview:
    """What submitting ``orders`` on ``world`` would do (``world`` is left as it is)."""
    t0 = time.thread_time()
    if world.phase == "over":
        return Preview(tuple(orders), phase=world.phase, winner=world.winner)
    # A fogged view of a retreat phase keeps the pause's dislodged units the seat sees, not
    # the paused submission's own state (which boards it adjudicated): the retreats can be
    # previewed, what the finished submission makes cannot.
    retreats_only = world.pause is not None and world.pause.finish is None
    if retreats_only:
        world = world.derive(pause=Pause(world.pause.dislodged, frozenset()))
    try:
        report = submit(world, list(orders))
    except ValueError as e:             # SubmissionError and any order the engine cannot take
        return Preview(tuple(orders), error=str(e))
    after = report.world
    given = {}
    for o in orders:
        unit = getattr(o, "unit", None)
        if unit is not None:
            given[(unit.board, unit.province)] = o
    dislodged: set[Location] = set(after.pause.dislodged) if after.pause is not None else set()
    held = []
    # Units the orders did not name but that would be dislodged (they hold): read from the
    # orders stored on the boards that were active, where the engine gave them their holds.
    for key in (world.active_boards() if world.pause is None else ()):
        stored, results = after.orders.get(key, ()), after.results.get(key, ())
        for o, r in zip(stored, results):
            unit = getattr(o, "unit", None)
            if unit is None or not r.dislodged:
                continue
            dislodged.add(unit)
            if (unit.board, unit.province) not in given:
                held.append(Outcome(o, r.status, r.reason, True, given=False))
    outcomes = tuple(Outcome(o, r.status, r.reason,
                             bool(r.dislodged) or getattr(o, "unit", None) in dislodged)
                     for o, r in zip(orders, report.results))
    forks, after_retreats = _forks(report), False
    if retreats_only:
        return Preview(tuple(orders), outcomes, (), frozenset(), (), (), False, "movement", None, None,
                       time.thread_time() - t0, retreats_only=True)
    if after.pause is not None:         # the forks once the retreats are in (if none retreats)
        try:
            forks, after_retreats = _forks(submit(after, [])), True
        except ValueError:
            forks = ()
    return Preview(tuple(orders), outcomes, tuple(held), frozenset(dislodged), tuple(report.new_boards),
                   forks, after_retreats, after.phase, after.winner, None, time.thread_time() - t0)


def _forks(report) -> tuple[Fork, ...]:
    w = report.world
    return tuple(Fork(t, w.parents[t], BoardKey(t, w.starts[t]))
                 for t in sorted(report.new_timelines) if w.parents.get(t) is not None)


# -- off the GUI thread --------------------------------------------------------------------------


@dataclass
class _Request:
    generation: int
    world: World
    orders: list[Order] = field(default_factory=list)


class PreviewRunner:
    """Computes previews on one worker thread, newest request first.

    :meth:`ask` returns the request's generation; ``deliver(generation, preview)`` is
    called on the worker thread for the newest request only (a request replaced before
    its turn is never computed; one replaced while computing is delivered and should be
    dropped by the receiver when its generation is no longer the newest: :meth:`is_current`).
    """

    def __init__(self, deliver: Callable[[int, Preview], None], compute: Callable = None):
        self._deliver = deliver
        self._compute = compute or preview
        self._lock = threading.Condition()
        self._waiting: _Request | None = None
        self._thread: threading.Thread | None = None
        self.generation = 0
        self._stopped = False

    def ask(self, world: World, orders: list[Order]) -> int:
        with self._lock:
            self.generation += 1
            self._waiting = _Request(self.generation, world, list(orders))
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="preview", daemon=True)
                self._thread.start()
            self._lock.notify_all()
            return self.generation

    def cancel(self) -> None:
        """Forget any request: whatever is being computed will be stale."""
        with self._lock:
            self.generation += 1
            self._waiting = None

    def is_current(self, generation: int) -> bool:
        return generation == self.generation

    def wait(self, timeout: float = 10.0) -> None:
        """Wait until every request asked for is computed (tests, benchmarks)."""
        with self._lock:
            thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout)

    def stop(self, timeout: float = 5.0) -> None:
        """Finish: no new work; waits for the one being computed (if any)."""
        with self._lock:
            self._stopped = True
            self._waiting = None
            self.generation += 1
            self._lock.notify_all()
            thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout)

    def _run(self) -> None:
        while True:
            with self._lock:
                if self._waiting is None or self._stopped:
                    self._thread = None
                    return
                req, self._waiting = self._waiting, None
            try:
                result = self._compute(req.world, req.orders)
            except Exception as e:        # a fault of ours: said in the preview, never a crash
                result = Preview(tuple(req.orders), error=f"the preview failed ({type(e).__name__}: {e})")
            if self.is_current(req.generation):
                try:
                    self._deliver(req.generation, result)
                except RuntimeError:      # the receiver is gone (its window closed meanwhile)
                    return
