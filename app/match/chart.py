"""The centre chart and order statistics: how each nation stood after every submission,
and what became of its orders. No Qt.

- **Centres** (:class:`CentreChart`): after each submission (and at the start), each
  nation's victory count — the distinct supply centres it owns on active boards, each
  province once (RULES.md §5) — and, per timeline, the centres it owns on that timeline's
  active board.
- **Order statistics** (:func:`order_stats`): per nation, the orders it gave and how many
  succeeded, failed and were invalid (their results as they stand now: an attack from the
  future can still cut a past support).

Past worlds come from :meth:`app.engine.game.Game.world_at`, which rebuilds them on demand:
a front end gives :class:`ChartBuilder` a :meth:`~app.engine.game.Game.snapshot` of the game
and builds on a worker thread; the builder keeps the rows it has made, so after a
submission only the new world is read.

What a seat may see (RULES.md §8): under fog of war, until the game is over, a seat sees
its own nations' counts only (:func:`visible_nations`); otherwise every count is public.

>>> from app.engine.game import Game
>>> g = Game.new()
>>> _ = g.submit_text(["A par - bur", "F bre - mao"]); _ = g.submit_text(["F mao - spa/nc"]); _ = g.submit_text([])
>>> chart = ChartBuilder().build(g)
>>> chart.totals_of("France")           # Spain is France's once the Fall is adjudicated
(3, 3, 4, 4)
>>> chart.labels                          # the latest turn on the boards after each submission
('start', 'F1901', 'W1901', 'S1902')
>>> order_stats(g)["France"]
OrderStats(given=3, succeeded=3, failed=0, invalid=0)
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from typing import Iterable

from app.engine import BoardKey, Build, civ_of, Disband, Order, Retreat, Waive, World


@dataclass(frozen=True)
class CentreChart:
    """Centre counts after each submission (point 0: the start).

    - ``nations``: the nations shown, in the variant's order;
    - ``labels``: per point, ``start`` or the latest turn on the boards after that
      submission (``F1903``: Spring 1903 was just adjudicated);
    - ``totals``: per point, per nation, the victory count;
    - ``timelines``: every timeline, and ``per_timeline[t]``: per point, per nation, the
      centres on timeline ``t``'s active board (None before the timeline exists);
    - ``victory``: the victory count that wins (None: nobody can win); ``hidden``: nations left out (fog of war).
    """

    nations: tuple[str, ...]
    labels: tuple[str, ...]
    totals: tuple[tuple[int, ...], ...]
    timelines: tuple[int, ...]
    per_timeline: dict[int, tuple[tuple[int, ...] | None, ...]]
    victory: int | None
    hidden: tuple[str, ...] = ()

    @property
    def points(self) -> int:
        return len(self.labels)

    def totals_of(self, nation: str) -> tuple[int, ...]:
        j = self.nations.index(nation)
        return tuple(row[j] for row in self.totals)

    def timeline_of(self, timeline: int, nation: str) -> tuple[int | None, ...]:
        j = self.nations.index(nation)
        return tuple(None if row is None else row[j] for row in self.per_timeline[timeline])

    def highest(self) -> int:
        """The largest count anywhere in the chart (for the axis)."""
        top = max((max(row, default=0) for row in self.totals), default=0)
        for rows in self.per_timeline.values():
            top = max(top, max((max(r, default=0) for r in rows if r is not None), default=0))
        return top

    def only(self, nations: Iterable[str]) -> "CentreChart":
        """The chart with only ``nations`` (the others are ``hidden``)."""
        keep = [j for j, n in enumerate(self.nations) if n in set(nations)]
        pick = lambda row: None if row is None else tuple(row[j] for j in keep)  # noqa: E731
        return CentreChart(tuple(self.nations[j] for j in keep), self.labels, tuple(pick(r) for r in self.totals),
                           self.timelines, {t: tuple(pick(r) for r in rows) for t, rows in self.per_timeline.items()},
                           self.victory, tuple(n for n in self.nations if n not in set(nations)) + self.hidden)

    def to_csv(self) -> str:
        """One row per point and timeline: ``submission, turn, timeline`` (``all`` for the
        victory count) then one column per nation."""
        out = io.StringIO()
        w = csv.writer(out, lineterminator="\n")
        w.writerow(["submission", "turn", "timeline", *self.nations])
        for i, label in enumerate(self.labels):
            w.writerow([i, label, "all", *self.totals[i]])
            for t in self.timelines:
                row = self.per_timeline[t][i]
                if row is not None:
                    w.writerow([i, label, t, *row])
        return out.getvalue()


@dataclass(frozen=True)
class _Row:
    label: str
    totals: tuple[int, ...]
    per_timeline: dict[int, tuple[int, ...]]


def _row(world: World, nations: tuple[str, ...]) -> _Row:
    index = {n: j for j, n in enumerate(nations)}
    owned = world.centres_on_active_boards()
    totals = tuple(len(owned.get(n, ())) for n in nations)
    per: dict[int, tuple[int, ...]] = {}
    for t, turn in world.ends.items():
        counts = [0] * len(nations)
        for nation in world.boards[BoardKey(t, turn)].centres.values():
            j = index.get(nation)
            if j is not None:
                counts[j] += 1
        per[t] = tuple(counts)
    label = str(max(world.ends.values())) if world.submissions else "start"
    return _Row(label, totals, per)


class ChartBuilder:
    """Builds a game's :class:`CentreChart`, keeping the rows it has read: each row stands
    for the world after the same submissions (checked by identity), so a new submission
    costs one row and an undo none. Use one builder per game; :meth:`build` may run on a
    worker thread given a :meth:`Game.snapshot` (which it reads and nothing else)."""

    def __init__(self):
        self._rows: list[_Row] = []
        self._made_by: list[object] = []      # the submission tuple each row (after the first) follows

    def build(self, game, progress=None, victory: bool = True) -> CentreChart:
        """``victory`` False: a game nobody can win (``selfplay --no-victory``): no target."""
        nations = tuple(game.variant.nation_names)
        subs = game.submissions
        keep = 0
        if self._rows:
            keep = 1
            while keep < len(self._rows) and keep <= len(subs) and self._made_by[keep - 1] is subs[keep - 1]:
                keep += 1
        rows, made_by = self._rows[:keep], self._made_by[:max(keep - 1, 0)]
        n = len(subs)
        missing = list(range(keep, n + 1))
        fresh: dict[int, _Row] = {}
        for done, i in enumerate(reversed(missing)):    # from the present back: each world one step from the last
            fresh[i] = _row(game.world_at(i), nations)
            if progress is not None:
                progress(done + 1, len(missing))
        for i in missing:
            rows.append(fresh[i])
            if i:
                made_by.append(subs[i - 1])
        self._rows, self._made_by = rows, made_by
        timelines = tuple(sorted({t for r in rows for t in r.per_timeline}))
        per = {t: tuple(r.per_timeline.get(t) for r in rows) for t in timelines}
        return CentreChart(nations, tuple(r.label for r in rows), tuple(r.totals for r in rows), timelines, per,
                           game.variant.victory_centres if victory else None)


def visible_nations(match, seat: int | None) -> tuple[str, ...]:
    """The nations whose counts ``seat`` may see: every nation, or under fog of war until
    the game is over the seat's own (none while no seat is at the table)."""
    every = tuple(match.game.variant.nation_names)
    if not match.fog or match.world.phase == "over":
        return every
    if seat is None:
        return ()
    mine = match.nations_of(seat)
    return tuple(n for n in every if n in mine)


def hidden_note(match, shown: Iterable[str]) -> str:
    """What the chart says of the counts fog of war hides when it shows ``shown`` ("" when it
    hides none): how many, except in a civilisations game (a seat is not told how many play)."""
    hidden = len(set(match.game.variant.nation_names) - set(shown))
    if not hidden:
        return ""
    if civ_of(match.world) is not None:
        return "Fog of war: only your civilisations' counts are shown."
    return f"Fog of war: {hidden} nations' counts are hidden."


# -- order statistics ---------------------------------------------------------------------------


@dataclass(frozen=True)
class OrderStats:
    """One nation's orders over the game: given, and of those how many succeeded, failed
    and were invalid (a unit's later order in the same submission replaces an earlier one,
    which counts as invalid; the same order twice counts once)."""

    given: int = 0
    succeeded: int = 0
    failed: int = 0
    invalid: int = 0


def _slot(order: Order, retreat_phase: bool):
    """Where an order's result is stored: one slot per unit and phase, per build place,
    per waived board."""
    if isinstance(order, Build):
        return ("build", order.at.board, order.at.province)
    if isinstance(order, Waive):
        return ("waive", order.on, order.nation)
    return ("retreat" if retreat_phase else "unit", order.unit.board, order.unit.province)


def _board_slots(orders, results, retreats) -> dict:
    """One board's slots → the (order, result) pairs stored there, in the order stored: a
    refused order is kept beside the hold its unit got instead."""
    out: dict = {}
    for o, r in zip(orders, results):
        out.setdefault(_slot(o, False), []).append((o, r))
    for o, r in retreats:
        out.setdefault(_slot(o, True), []).append((o, r))
    return out


def _result_of(order: Order, stored: list):
    """The result stored for ``order``: the pair holding that very order, else the first
    (the order as the engine normalised it comes before any hold it added)."""
    return next((r for o, r in stored if o == order), stored[0][1])


def _in_retreats(order: Order) -> bool:
    return isinstance(order, Retreat) or (isinstance(order, Disband) and order.unit.board.turn.is_movement)


def _given(orders: tuple) -> list:
    """A submission's orders as (order, slot, counts): the same order twice counts once,
    and a unit's later order replaces its earlier one (which stays counted, as invalid)."""
    unique = list(dict.fromkeys(orders))
    slots = [_slot(o, _in_retreats(o)) for o in unique]
    last = dict(zip(slots, unique))
    return [(o, slot, last[slot] is o) for o, slot in zip(unique, slots)]


_COLUMN = {"succeeds": 1, "fails": 2, "invalid": 3}


class StatsBuilder:
    """Order statistics of a game, keeping what it has counted: each submission's counts
    stand while the results stored on the boards its orders name are the same objects (a
    submission makes new result tuples only for the boards it adjudicates, and an attack
    from the future that cuts a past support makes that board's new), so after a submission
    little is counted again."""

    def __init__(self):
        self._subs: dict[int, tuple] = {}      # submission index -> (its tuple, deps, counts by nation)

    @staticmethod
    def _deps(world: World, boards) -> tuple:
        return tuple((world.orders.get(k), world.results.get(k), world.retreats.get(k)) for k in boards)

    def _count(self, world: World, orders: tuple) -> tuple:
        given = _given(orders)
        boards = sorted({slot[1] for _o, slot, _last in given})
        tables = {k: _board_slots(world.orders.get(k, ()), world.results.get(k, ()), world.retreats.get(k, ()))
                  for k in boards}
        counts: dict[str, list[int]] = {}
        for o, slot, last in given:
            c = counts.setdefault(o.nation, [0, 0, 0, 0])
            c[0] += 1
            here = tables[slot[1]].get(slot)
            if not last or here is None:
                c[3] += 1                               # replaced, or never stored: invalid
                continue
            j = _COLUMN.get(_result_of(o, here).status)
            if j is not None:                           # (an adjustment waiting for retreats: not yet)
                c[j] += 1
        return boards, self._deps(world, boards), counts

    def build(self, game, nations: Iterable[str] | None = None) -> dict[str, OrderStats]:
        wanted = tuple(nations) if nations is not None else tuple(game.variant.nation_names)
        world = game.world
        total = {n: [0, 0, 0, 0] for n in wanted}
        for i, orders in enumerate(game.submissions):
            held = self._subs.get(i)
            if held is None or held[0] is not orders or any(
                    a is not b for dep, now in zip(held[2], self._deps(world, held[1])) for a, b in zip(dep, now)):
                held = self._subs[i] = (orders, *self._count(world, orders))
            for n, c in held[3].items():
                t = total.get(n)
                if t is not None:
                    for j in range(4):
                        t[j] += c[j]
        for i in [i for i in self._subs if i >= len(game.submissions)]:
            del self._subs[i]                           # undone
        return {n: OrderStats(*c) for n, c in total.items()}


def order_stats(game, nations: Iterable[str] | None = None) -> dict[str, OrderStats]:
    """Per nation (default: all), what became of the orders it gave (see :class:`OrderStats`)."""
    return StatsBuilder().build(game, nations)
