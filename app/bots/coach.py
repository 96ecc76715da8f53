"""The coach: "What would Hard do?" for the nations a seat plays, each order with its reason
and an evaluation per nation and timeline. No Qt (the studio's Coach pane shows it).

1. **Orders.** Hard decides for each of the seat's nations (:func:`app.bots.decide`).
2. **The other nations' likely orders**: what the Standard computer would order for each
   nation seen on the boards, on its own boards (:data:`RIVALS_ASSUMED` says it in words).
3. **Reasons.** The engine adjudicates Hard's orders with those, then once more for each
   order replaced by its natural alternative (a move, a support or a convoy: hold; a
   retreat: disband; a hold keeps no alternative and is read from the first adjudication).
   The difference between the two results, read from the boards and the results, is the
   reason: "takes Tunis", "keeps Trieste (without it Trieste falls to Austria)", "cuts the
   support of the Italian fleet in the Ionian Sea", "splits off timeline 3, …", "no change
   against the likely orders: holds the line".
4. **Evaluation** per nation and active timeline: its centres (one Winter ahead) and units
   there and its lead over the strongest other nation on that board, now and after the
   orders; and Hard's own measure of the whole world (:func:`app.bots.hard.gain`).

The coach is given the world **as the seat sees it** (the match's ``view_for(seat)``: fog of
war, civilisations' sight), so nothing hidden can reach a reason or an evaluation: the
same view gives the same advice, whatever lies out of sight. Rivals are the nations seen on
the boards (never the variant's list: a civilisation not met stays unnamed). Every step is
counted (Hard's budget, one adjudication per order), never timed, and seeded: the same
view and seed give the same advice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

from app.engine import (BoardKey, Build, Convoy, Disband, Hold, Move, Order, Result, Retreat, submit,
                        Support, Waive, World)

RIVALS_ASSUMED = ("How a reason is found: the engine adjudicates the orders, then each order replaced by "
                  "its alternative (hold; for a retreat, disband), against the other nations' likely "
                  "orders (the Standard computer's, on their own boards).")
MEASURE_MEANING = ("Each bar: the nation's supply centres on that timeline's present board, counting the coming "
                   "Winter (a unit standing on a centre takes it); the line above it gives its lead over the "
                   "strongest other nation there, now and after these orders. Hard's measure (below): its "
                   "lead in distinct centres over the best rival across all timelines. Under fog of war all of "
                   "these count only what you can see.")

Progress = Callable[[float, str], None]


class Cancelled(Exception):
    """The coach was asked to stop (raised by a progress listener; nothing is advised)."""


@dataclass(frozen=True)
class Reason:
    order: Order
    text: str            # what the order gains or saves, in words
    changes: bool        # the engine's results differ from its alternative's


@dataclass(frozen=True)
class Standing:
    """A nation on one active timeline: now and after Hard's orders (against the likely ones)."""
    nation: str
    timeline: int
    board: BoardKey
    centres: int
    units: int
    lead: int            # centres minus the strongest other nation's there
    rival: str | None    # that nation (None: nobody else holds a centre there)
    centres_after: int
    lead_after: int

    def words(self, several: bool) -> str:
        where = f" on timeline {self.timeline}" if several else ""
        over = f"against {self.rival}, the strongest other nation there" if self.rival else "(nobody else holds a centre there)"
        after = (f"; after these orders {self.centres_after} ({self.lead_after:+d})"
                 if (self.centres_after, self.lead_after) != (self.centres, self.lead) else "; after these orders the same")
        return (f"{self.nation}{where}: {self.centres} centre{'s' if self.centres != 1 else ''}, "
                f"{self.units} unit{'s' if self.units != 1 else ''}, {self.lead:+d} {over}{after}")


@dataclass(frozen=True)
class Measure:
    """Hard's measure of the whole world for one nation (:func:`app.bots.hard.gain`)."""
    nation: str
    lead: int            # distinct centres minus the best rival's
    centres: int         # distinct centres on active boards
    lead_after: int
    centres_after: int

    def words(self) -> str:
        return (f"{self.nation}: {self.centres} distinct centres, {self.lead:+d} over the best rival across "
                f"all timelines; after these orders {self.centres_after} ({self.lead_after:+d})")


@dataclass(frozen=True)
class Advice:
    nations: tuple[str, ...]
    reasons: tuple[Reason, ...]          # one per order Hard gives, in its order
    standings: tuple[Standing, ...]      # per nation, per active timeline
    measures: tuple[Measure, ...]        # per nation
    rivals: tuple[str, ...]              # the nations whose likely orders were assumed
    adjudications: int                   # the coach's own (Hard's search counts its own)
    assumed: str = RIVALS_ASSUMED
    meaning: str = MEASURE_MEANING

    @property
    def orders(self) -> tuple[Order, ...]:
        return tuple(r.order for r in self.reasons)


def advise(world: World, nations: Iterable[str], seed: int, budget: int | None = None,
           progress: Progress | None = None) -> Advice:
    """What Hard would order for ``nations`` in ``world`` (the seat's view), with reasons and
    evaluations (see the module docstring). ``progress(done, text)`` hears how far it has
    got and may raise :class:`Cancelled` to stop."""
    from app.bots import decide
    tell = progress or (lambda done, text: None)
    ours = tuple(n for n in sorted(set(nations)) if n in world.variant.nation_names)
    mine: list[Order] = []
    share = 0.7 / max(1, len(ours))
    for i, n in enumerate(ours):
        def part(done: float, text: str, i=i) -> None:
            tell(share * (i + done), f"Hard is thinking: {text or n}")
        part(0.0, "")
        mine.extend(decide("hard", world, n, seed=seed, budget=budget, progress=part))
    rivals = _seen_nations(world, ours)
    tell(0.72, "The other nations' likely orders…")
    theirs: list[Order] = []
    if world.pause is None:
        for n in rivals:
            if n in world.variant.nation_names:
                theirs.extend(decide("standard", world, n, seed=seed, budget=0, time_travel=False))
    if world.phase == "over" or not mine:
        return Advice(ours, (), _standings(world, world, ours), _measures(world, world, ours), rivals, 0)
    reader = _Reader(world, mine, theirs)
    reasons = []
    for j, order in enumerate(mine):
        tell(0.75 + 0.25 * j / len(mine), "Reading the reasons…")
        reasons.append(reader.reason(j))
    tell(1.0, "Done")
    after = reader.after        # retreats settled: a paused world's boards are not yet advanced
    return Advice(ours, tuple(reasons), _standings(world, after, ours), _measures(world, after, ours), rivals,
                  reader.count)


def _seen_nations(world: World, ours: tuple[str, ...]) -> tuple[str, ...]:
    """The other nations on the world's active boards (units or centres): the seat's view
    names no one it may not see."""
    seen: set[str] = set()
    for key in world.active_boards():
        board = world.boards[key]
        seen.update(u.nation for u in board.units.values())
        seen.update(board.centres.values())
    return tuple(sorted(seen - set(ours)))


# -- reading the adjudications ---------------------------------------------------------------


def _settled(world: World, orders: list[Order]):
    """The report of ``orders`` adjudicated, and the world once every retreat is settled as
    a disband (what a dislodged unit comes to at worst)."""
    report = submit(world, orders)
    after = report.world
    if after.pause is not None and after.phase != "over":
        after = submit(after, []).world
    return report, after


def _alternative(order: Order) -> Order | None:
    """The order's natural alternative (None: a hold, a build or an adjustment: none)."""
    if isinstance(order, (Move, Support, Convoy)):
        return Hold(order.nation, order.unit_type, order.unit)
    if isinstance(order, Retreat):
        return Disband(order.nation, order.unit_type, order.unit)
    return None


def held_centres(world: World, key: BoardKey) -> dict[str, set[str]]:
    """Each nation's supply centres on one board, one Winter ahead (a unit standing on a
    centre holds it; else its owner)."""
    board = world.boards[key]
    out: dict[str, set[str]] = {}
    for prov in world.variant.supply_centres:
        u = board.units.get(prov)
        holder = u.nation if u is not None else board.centres.get(prov)
        if holder is not None:
            out.setdefault(holder, set()).add(prov)
    return out


class _Reader:
    """Adjudicates the orders once, and once per order with its alternative; words the difference."""

    def __init__(self, world: World, mine: list[Order], theirs: list[Order]):
        self.world, self.mine, self.theirs = world, mine, theirs
        self.v = world.variant
        self.ours = {o.nation for o in mine}
        self.several = len(world.timelines) > 1
        self.count = 1
        self.base, self.after = _settled(world, mine + theirs)

    # names --------------------------------------------------------------------------------
    def name(self, province: str) -> str:
        p = self.v.provinces.get(province)
        return p.name if p is not None else province

    def adjective(self, nation: str) -> str:
        n = self.v.nations.get(nation)
        return getattr(n, "adjective", None) or nation

    def unit(self, o: Order) -> str:
        return (f"the {self.adjective(o.nation)} {'army' if o.unit_type == 'A' else 'fleet'} in "
                f"{self.name(o.unit.province)}")

    def on(self, timeline: int) -> str:
        return f" on timeline {timeline}" if self.several else ""

    # reasons ------------------------------------------------------------------------------
    def reason(self, j: int) -> Reason:
        order = self.mine[j]
        if isinstance(order, (Build, Disband, Waive)) or self.world.pause is not None:
            return Reason(order, self._adjustment(order), False)
        alt = _alternative(order)
        if alt is None:
            return Reason(order, self._hold(j), False)
        orders = self.mine[:j] + [alt] + self.mine[j + 1:]
        self.count += 1
        report, after = _settled(self.world, orders + self.theirs)
        words = self._difference(j, report, after)
        if words:
            return Reason(order, "; ".join(words), True)
        return Reason(order, self._no_change(order), False)

    def _adjustment(self, order: Order) -> str:
        if isinstance(order, Build):
            kind = "an army" if order.unit_type == "A" else "a fleet"
            return f"builds {kind} in {self.name(order.at.province)}{self.on(order.at.board.timeline)}"
        if isinstance(order, Waive):
            return "builds nothing more (no free home centre it wants)"
        if isinstance(order, Retreat):
            return f"retreats to {self.name(order.dest.province)} (the unit is kept)"
        return f"disbands {self.unit(order)}: the unit it needs least"

    def _hold(self, j: int) -> str:
        order = self.mine[j]
        result = self.base.results[j]
        where = self.name(order.unit.province) + self.on(order.unit.board.timeline)
        attackers = [o for o in self.theirs if isinstance(o, Move) and o.dest.board == order.unit.board
                     and o.dest.province == order.unit.province]
        if result.dislodged:
            return f"is dislodged from {where} against the likely orders (nothing better was found)"
        if attackers:
            who = " and ".join(sorted({self.adjective(o.nation) for o in attackers}))
            return f"holds {where} against the {who} attack"
        return f"no change: holds the line in {where}"

    def _no_change(self, order: Order) -> str:
        if isinstance(order, Move):
            return (f"no change against the likely orders: moves towards {self.name(order.dest.province)}"
                    f"{self.on(order.dest.board.timeline)} for later")
        if isinstance(order, Support):
            return "no change against the likely orders: a support in case it is needed"
        if isinstance(order, Convoy):
            return "no change against the likely orders: a convoy in case it is needed"
        return "no change against the likely orders: holds the line"

    def _difference(self, j: int, report, after: World) -> list[str]:
        """What the order changes, from the results with it (self.base) and without (report)."""
        words: list[str] = []
        nation = self.mine[j].nation
        words += self._timelines(nation, after)
        words += self._centres(nation, after)
        n = len(self.mine)
        for i, (with_it, without) in enumerate(zip(self.base.results, report.results)):
            if i == j:
                continue
            o = (self.mine + self.theirs)[i]
            words += self._result_change(o, with_it, without, i < n)
        own = self.base.results[j]
        order = self.mine[j]
        if not words and isinstance(order, Move) and own.moved:
            words.append(f"moves into {self.name(order.dest.province)}{self.on(order.dest.board.timeline)}")
        if not words and isinstance(order, Move) and own.contests:
            words.append(f"stands off in {self.name(order.dest.province)}{self.on(order.dest.board.timeline)}")
        return list(dict.fromkeys(words))

    def _timelines(self, nation: str, after: World) -> list[str]:
        """The timelines this order splits off: new ones with it that have no match without it
        (matched by the board they branch from: numbers shift when another fork is missing)."""
        unmatched: dict[BoardKey, int] = {}
        for t in after.timelines:
            if t not in self.world.ends:
                parent = after.parents.get(t)
                unmatched[parent] = unmatched.get(parent, 0) + 1
        out = []
        for t in self.after.timelines:
            if t in self.world.ends:
                continue
            parent = self.after.parents.get(t)
            if unmatched.get(parent, 0):
                unmatched[parent] -= 1
                continue
            mine = len(held_centres(self.after, self.after.active_key(t)).get(nation, ()))
            out.append(f"splits off a new timeline {t} from board {parent}, where {nation} holds {mine} "
                       f"centre{'s' if mine != 1 else ''}" + self._beside(nation, parent))
        return out

    def _beside(self, nation: str, parent: BoardKey | None) -> str:
        """How the nation stands on the timeline a new one branched from (for comparison)."""
        if parent is None or parent.timeline not in self.after.ends:
            return ""
        there = len(held_centres(self.after, self.after.active_key(parent.timeline)).get(nation, ()))
        return f" ({there} on timeline {parent.timeline})"

    def _centres(self, nation: str, after: World) -> list[str]:
        out = []
        for t in self.after.timelines:
            if t not in after.ends or t not in self.world.ends:
                continue
            now = held_centres(self.world, self.world.active_key(t)).get(nation, set())
            with_it = held_centres(self.after, self.after.active_key(t))
            without = held_centres(after, after.active_key(t))
            for p in sorted(with_it.get(nation, set()) - without.get(nation, set())):
                if p in now:
                    taker = next((n for n, cs in without.items() if p in cs), None)
                    fall = f"without it {self.name(p)} falls to {taker}" if taker else f"without it {self.name(p)} is lost"
                    out.append(f"keeps {self.name(p)}{self.on(t)} ({fall})")
                else:
                    out.append(f"takes {self.name(p)}{self.on(t)}")
            for p in sorted(without.get(nation, set()) - with_it.get(nation, set())):
                taker = next((n for n, cs in with_it.items() if p in cs), None)
                out.append(f"gives up {self.name(p)}{self.on(t)}" + (f" ({taker} takes it)" if taker else ""))
        return out

    def _result_change(self, o: Order, with_it: Result, without: Result, own: bool) -> list[str]:
        """A difference in another order's result that this order made."""
        if not hasattr(o, "unit"):
            return []
        where = self.on(o.unit.board.timeline)
        if own:
            if without.dislodged and not with_it.dislodged:
                return [f"saves {self.unit(o)}{where} from being dislodged"]
            if isinstance(o, Move) and with_it.moved and not without.moved:
                return [f"lets {self.unit(o)} into {self.name(o.dest.province)}{self.on(o.dest.board.timeline)}"]
            return []
        if with_it.dislodged and not without.dislodged:
            return [f"dislodges {self.unit(o)}{where}"]
        if isinstance(o, Support) and with_it.status != "succeeds" and without.status == "succeeds" \
                and not with_it.dislodged:
            return [f"cuts the support of {self.unit(o)}{where}"]
        if isinstance(o, Move) and without.moved and not with_it.moved:
            return [f"stops {self.unit(o)} entering {self.name(o.dest.province)}{self.on(o.dest.board.timeline)}"]
        return []


# -- evaluations ----------------------------------------------------------------------------


def _standings(world: World, after: World, ours: tuple[str, ...]) -> tuple[Standing, ...]:
    out = []
    for nation in ours:
        for t in world.timelines:
            key = world.active_key(t)
            units = sum(1 for u in world.boards[key].units.values() if u.nation == nation)
            centres, lead, rival = _board_lead(world, key, nation)
            if t in after.ends:
                centres_after, lead_after, _ = _board_lead(after, after.active_key(t), nation)
            else:
                centres_after, lead_after = centres, lead
            out.append(Standing(nation, t, key, centres, units, lead, rival, centres_after, lead_after))
    return tuple(out)


def _board_lead(world: World, key: BoardKey, nation: str) -> tuple[int, int, str | None]:
    held = held_centres(world, key)
    mine = len(held.get(nation, ()))
    others = sorted(((len(cs), n) for n, cs in held.items() if n != nation), key=lambda x: (-x[0], x[1]))
    best, rival = others[0] if others else (0, None)
    return mine, mine - best, rival


def _measures(world: World, after: World, ours: tuple[str, ...]) -> tuple[Measure, ...]:
    from app.bots.hard import gain
    out = []
    for nation in ours:
        lead, centres, *_ = gain(world, nation)
        lead_after, centres_after, *_ = gain(after, nation) if after.phase != "over" else (lead, centres)
        out.append(Measure(nation, lead, centres, lead_after, centres_after))
    return tuple(out)


__all__ = ["Advice", "advise", "Cancelled", "held_centres", "Measure", "MEASURE_MEANING", "Reason",
           "RIVALS_ASSUMED", "Standing"]
