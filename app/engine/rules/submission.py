"""One submission: orders in, a new world out.

:func:`submit` is the engine's one door. It leaves the old world untouched (worlds are
immutable snapshots) and returns a :class:`Report`. The steps, each in its own module:

1. **Check** each order where it is given (:mod:`.validation`). An illegal order is
   kept and shown as invalid; its unit holds.
2. **Repeats**: an order given twice counts once; a later, different order for the same
   unit replaces the earlier one (:func:`.storing.repeats_and_replaced`).
3. **Store and adjudicate** (:mod:`.storing`, :mod:`.order_table`, :mod:`.adjudicator`):
   orders are stored on their boards (units without an order hold), indexed by the
   spaces they name, and adjudicated together with every earlier order linked to them.
4. **Retreats** (:mod:`.retreats`): if a unit was dislodged and can retreat, the world
   pauses; the next submission holds the retreats, and then the paused one finishes.
5. **Finish** (:mod:`.next_boards`): every adjudicated board gets its next board —
   appended to an active board's timeline, or a new timeline from a past board whose
   next board now differs (:mod:`.adjustments` for Winter's builds and disbands) — and
   victory is counted.

A game of another kind (the world's ``extension``, :mod:`.extension`) is asked at three
points: as the submission starts, about the boards it adjudicated (before any retreat pause),
and about the world it made (the civilisations' homes and contacts, RULES.md §10).

>>> from app.engine.variants.variant import load_variant
>>> from app.engine.rules.world import World
>>> report = submit(World.initial(load_variant()), [])
>>> [str(k) for k in report.new_boards], len(report.world.boards)
(['1:F1901'], 2)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType

from .coords import BoardKey
from .next_boards import finish
from .orders import Order, Result
from .retreats import resolve_retreats, settle_retreats
from .storing import INVALID_REPLACED, REPEAT, repeats_and_replaced, store_and_adjudicate
from .validation import check_all
from .world import Pause, World


class SubmissionError(ValueError):
    """The world cannot take a submission now (e.g. the game is over)."""


@dataclass
class Report:
    """What a submission did: the new world, one result per submitted order (same order
    as given), the boards it created and the timelines it started."""

    world: World
    results: list[Result]
    new_boards: list[BoardKey] = field(default_factory=list)
    new_timelines: list[int] = field(default_factory=list)
    changed_boards: list[BoardKey] = field(default_factory=list)


_UNANSWERED = Result("invalid")  # an order no step gave a result (never expected)
# A Winter board is adjusted once the world's retreats are given (its builds count the
# centres and units the retreats leave), so a build or disband given in a submission that
# stopped for retreats has no result yet: the report says why, rather than nothing.
WAITS_FOR_RETREATS = Result("pending", "its Winter board is adjusted once the retreats are given")


def submit(world: World, orders: list[Order]) -> Report:
    """Adjudicate ``orders`` on ``world`` and return the :class:`Report` (the old world is
    left untouched)."""
    if world.phase == "over":
        raise SubmissionError(f"the game is over: {world.winner} has won")
    extension = world.extension
    if extension is not None:
        world = extension.before_submission(world)
    if world.pause is not None:
        world, results, touched = resolve_retreats(world, orders)
        world, new_boards, new_timelines, forked = finish(world, touched)
        if world.extension is not None:
            world = world.extension.after_submission(world, None, new_boards)
        return Report(world, [r if r is not None else _UNANSWERED for r in results],
                      new_boards, new_timelines, forked)
    checked = check_all(world, orders)
    results: list[Result | None] = [None] * len(orders)
    repeats, replaced = repeats_and_replaced(checked)
    for j in replaced:
        checked[j] = (checked[j][0], INVALID_REPLACED)
    for i in repeats:
        results[i] = REPEAT
    before = world
    world, where, touched = store_and_adjudicate(world, checked, repeats, results)
    world, dislodged = settle_retreats(before, world, touched)
    extension = world.extension
    seen = extension.adjudicated(world, touched) if extension is not None else None
    if dislodged:
        paused = world.derive(pause=Pause(MappingProxyType(dislodged), frozenset(touched)))
        if extension is not None:
            paused = paused.extension.after_submission(paused, seen, ())
        return Report(paused, _collect(paused, results, where, waiting=True))
    world, new_boards, new_timelines, forked = finish(world, touched)
    if extension is not None:
        world = world.extension.after_submission(world, seen, new_boards)
    return Report(world, _collect(world, results, where), new_boards, new_timelines, forked)


def _collect(world: World, results: list[Result | None], where: dict[int, tuple[BoardKey, int]],
             waiting: bool = False) -> list[Result]:
    """One result per order given: those already known, and for orders stored on Winter
    boards (``where``) the result their board now holds (``waiting``: the world stopped for
    retreats, so a Winter board not adjusted yet says so)."""
    if where:
        stored = world.results
        for i, (key, idx) in where.items():
            r = stored[key][idx]
            results[i] = WAITS_FOR_RETREATS if waiting and r.status == "pending" else r
    return [r if r is not None else _UNANSWERED for r in results]
