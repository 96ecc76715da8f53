"""The Hard player's search on one board: its best response to its neighbours' likely orders.

1. **Likely replies.** Each other nation on the board is played by the Standard policy
   (:func:`app.bots.standard.board_orders`, convoys included) a few times with the
   seeded random source, wandering more each time; one more sample has each rival unit
   next to the nation's centres or units attack it, the others back the attacks. Reply
   *j* is sample *j* of every rival. In a classic game (one board, no time travel) one more
   reply has every rival play *boldly*, as DumbBot does (:func:`app.bots.bold.bold_orders`): each
   unit goes where it values most, by DumbBot's own values, whatever the odds, and a fellow
   whose favourite is the same province backs it. Against six DumbBots, with Standard's
   samples alone, Hard left Vienna and Trieste open to moves Standard never makes (issue 36).
2. **Candidates** for the nation's own orders: Standard's plan for it, then changes to the
   best plan so far, one at a time: another order for one unit (hold, a move, a support
   of a move or hold of its own), a supported attack (one unit moves, every other that can
   reach supports it), a convoy along its own fleets at sea.
3. **Judging.** A candidate is adjudicated with every reply by the real engine, on the
   board alone (:class:`app.bots.arena.Arena`), and each board that follows is valued by
   :func:`app.bots.judge.board_worth`. Its score is the weighted mean over replies plus a
   share of the worst. A change is kept when it scores better; the search goes round the
   units until no change helps or the budget of adjudications is spent.

Everything is in a fixed order and the random source is seeded: the same position gives
the same orders.
"""

from __future__ import annotations

import random
from typing import Callable

from app.engine import BoardKey, check, Hold, Location, Move, Order, province_of, Support, World

from . import standard, values
from .arena import Arena
from .bold import bold_orders
from .common import projected_centres
from .convoys import convoy_orders, convoy_routes, mend_convoys
from .judge import Census, board_worth

Plan = dict[str, Order]  # the nation's orders on the board, by the province of the unit

WANDERS = (0.2, 0.6, 0.9)   # Standard's samples of each rival: how often each takes a close second best
ATTACK_WEIGHT = 0.6          # the weight of the sample in which rivals attack (the others weigh 1)
WORST_SHARE = 0.3            # a candidate's score: mean over replies + this share of the worst
BOLD_WEIGHT = 1.5            # the weight of the sample in which rivals go where they value most, whatever the odds


class BoardSearch:
    """Search the nation's orders on one board (see the module docstring).

    ``world`` is what the nation sees; ``budget`` the adjudications it may spend;
    ``progress(done, text)`` is told how far it has got (0..1)."""

    def __init__(self, world: World, key: BoardKey, nation: str, rng: random.Random, budget: int,
                 replies: int = len(WANDERS) + 1, progress: Callable[[float, str], None] | None = None,
                 census: Census | None = None, bold: bool = False):
        self.world, self.nation, self.rng = world, nation, rng
        self.bold = bold
        self.arena = Arena(world, key)
        self.key = self.arena.key
        self.board = self.arena.board
        self.variant = world.variant
        self.budget = budget
        self.progress = progress
        held = projected_centres(world)
        self.held = held
        self.census = census or Census(world)
        self.stakes = self.census.stakes(key, nation)
        self.vals = values.board_values(self.variant, self.board, nation, _weights(key), frozenset(held.get(nation, ())))
        self.units = sorted((u for u in self.board.units.values() if u.nation == nation), key=lambda u: u.loc)
        self._reply_count = replies
        self._replies_made: list[tuple[float, list[Order]]] | None = None
        self._memo: dict[frozenset, float] = {}
        self.spent = 0

    # -- likely replies ------------------------------------------------------------------

    @property
    def replies(self) -> list[tuple[float, list[Order]]]:
        """The likely replies, sampled when first needed (a board not judged needs none)."""
        if self._replies_made is None:
            self._replies_made = self._replies(self._reply_count)
        return self._replies_made

    def _replies(self, count: int) -> list[tuple[float, list[Order]]]:
        rivals = sorted({u.nation for u in self.board.units.values()} - {self.nation})
        if not rivals:
            return [(1.0, [])]
        weights = _weights(self.key)
        wanders = WANDERS[:max(1, count - 1)]
        samples: list[list[Order]] = [[] for _ in wanders]
        attack: list[Order] = []
        bold: list[Order] = []
        aw = self.arena.world
        for n in rivals:
            vals = values.board_values(self.variant, self.board, n, weights, frozenset(self.held.get(n, ())))
            for j, wander in enumerate(wanders):
                samples[j].extend(standard.board_orders(aw, self.key, n, vals, self.rng, wander))
            attack.extend(self._attacks(n, samples[0]))
            if self.bold:
                bold.extend(bold_orders(self.variant, self.board, n, values.board_values(
                    self.variant, self.board, n, weights, neutral_size=0, unique_bonus=1.0)))
        out = [(1.0, s) for s in samples]
        if count > len(wanders):
            out.append((ATTACK_WEIGHT, attack))
        if self.bold:
            out.append((BOLD_WEIGHT, bold))
        return out

    def _attacks(self, rival: str, likely: list[Order]) -> list[Order]:
        """The rival's units next to the nation's centres or units attack the weakest such
        place they can reach; the rest back those attacks or do as ``likely`` says."""
        v, board, me = self.variant, self.board, self.nation
        key = self.key
        theirs = sorted((u for u in board.units.values() if u.nation == rival), key=lambda u: u.loc)
        marks = {p for p in v.supply_centres if board.centres.get(p) == me} | \
                {province_of(u.loc) for u in self.units}
        plan: dict[str, Order] = {o.unit.province: o for o in likely if o.nation == rival}
        goal: dict[str, str] = {}
        for u in theirs:
            options = sorted(d for d in v.adjacent_locations(u.type, u.loc) if province_of(d) in marks)
            if options:
                d = min(options, key=lambda d: (province_of(d) in board.units, province_of(d) in goal.values(), d))
                goal[u.loc] = d
                plan[province_of(u.loc)] = Move(rival, u.type, Location(key, u.loc), Location(key, d))
        for u in theirs:
            if u.loc in goal:
                continue
            reach = v.adjacent_provinces(u.type, u.loc)
            for mover, d in sorted(goal.items()):
                if province_of(d) in reach and province_of(d) != province_of(u.loc):
                    m = board.units[province_of(mover)]
                    plan[province_of(u.loc)] = Support(rival, u.type, Location(key, u.loc), m.type,
                                                       Location(key, m.loc), Location(key, d))
                    break
        return list(plan.values())

    # -- judging -------------------------------------------------------------------------

    def score(self, plan: Plan) -> float:
        sig = frozenset(plan.values())
        got = self._memo.get(sig)
        if got is not None:
            return got
        mine = list(plan.values())
        total = weight = 0.0
        worst = None
        fall = self.arena.fall
        for w, reply in self.replies:
            after = self.arena.play(mine + reply)
            s = board_worth(self.variant, after, self.nation, fall, self.stakes)
            total += w * s
            weight += w
            worst = s if worst is None else min(worst, s)
        self.spent += len(self.replies)
        got = self._memo[sig] = total / weight + WORST_SHARE * (worst or 0.0)
        return got

    def affordable(self) -> bool:
        return self.spent + len(self.replies) <= self.budget

    # -- candidates ------------------------------------------------------------------------

    def standard_plan(self, wander: float = 0.0) -> Plan:
        orders = standard.board_orders(self.arena.world, self.key, self.nation, self.vals, self.rng, wander)
        plan = {o.unit.province: o for o in orders}
        for u in self.units:
            plan.setdefault(province_of(u.loc), Hold(self.nation, u.type, Location(self.key, u.loc)))
        return plan

    def unit_options(self, plan: Plan, unit) -> list[Order]:
        """Other orders for one unit: hold, each move, a support of each of the plan's moves
        and holds it can reach."""
        v, key, me = self.variant, self.key, self.nation
        at = Location(key, unit.loc)
        here = province_of(unit.loc)
        out: list[Order] = [Hold(me, unit.type, at)]
        out += [Move(me, unit.type, at, Location(key, d)) for d in sorted(v.adjacent_locations(unit.type, unit.loc))]
        reach = v.adjacent_provinces(unit.type, unit.loc)
        for p, o in sorted(plan.items()):
            if p == here:
                continue
            if o.kind == "move":
                if o.dest.province in reach and o.dest.province != here:
                    out.append(Support(me, unit.type, at, o.unit_type, o.unit, o.dest))
            elif p in reach:
                out.append(Support(me, unit.type, at, o.unit_type, o.unit))
        current = plan.get(here)
        return [o for o in out if o != current]

    def attacks(self, plan: Plan) -> list[list[Order]]:
        """Supported attacks: into each province two or more of the nation's units reach
        (not one of its own that stays), one unit moves and every other that reaches supports."""
        v, key, me, board = self.variant, self.key, self.nation, self.board
        reach = {u.loc: v.adjacent_provinces(u.type, u.loc) for u in self.units}
        staying = {p for p, o in plan.items() if o.kind != "move"}
        targets = sorted({p for r in reach.values() for p in r} - staying)
        out = []
        for t in targets:
            who = [u for u in self.units if t in reach[u.loc] and province_of(u.loc) != t]
            if len(who) < 2:
                continue
            occupant = board.units.get(t)
            if occupant is not None and occupant.nation == me and province_of(occupant.loc) in staying:
                continue
            for mover in who:
                d = next((x for x in sorted(v.adjacent_locations(mover.type, mover.loc)) if province_of(x) == t), None)
                if d is None:
                    continue
                change: list[Order] = [Move(me, mover.type, Location(key, mover.loc), Location(key, d))]
                for u in who:
                    if u is not mover:
                        change.append(Support(me, u.type, Location(key, u.loc), mover.type,
                                              Location(key, mover.loc), Location(key, d)))
                out.append(change)
        return out

    def convoys(self, plan: Plan) -> list[list[Order]]:
        """Each army carried by the nation's fleets at sea to each coast they reach."""
        routes = convoy_routes(self.arena.world, self.key, self.nation)
        return [convoy_orders(self.arena.world, self.key, self.nation, army, dest, chain)
                for army, dests in sorted(routes.items()) for dest, chain in sorted(dests.items())]

    # -- the search ------------------------------------------------------------------------

    def run(self) -> list[Order]:
        """The best plan found, written for the board it is for."""
        if not self.units:
            return []
        if self.budget < self._reply_count:
            self.best = self.standard_plan()  # nothing to spend: Standard's plan, unjudged
            return self._as_given(self.best)
        best = self.standard_plan()
        best_score = self.score(best)
        improved = True
        while improved and self.affordable():
            improved = False
            changes: list[list[Order]] = []
            for u in self._by_tension():
                changes.extend([o] for o in self.unit_options(best, u))
            changes.extend(self.attacks(best))
            changes.extend(self.convoys(best))
            for i, change in enumerate(changes):
                if not self.affordable():
                    break
                trial = tidy_plan(self.arena.world, dict(best, **{o.unit.province: o for o in change}))
                s = self.score(trial)
                if s > best_score + 1e-9:
                    best, best_score = trial, s
                    improved = True
                if self.progress is not None and i % 16 == 0:
                    self.progress(min(1.0, self.spent / max(1, self.budget)), "")
        self.best = best
        if self.census.boards > 1:  # the next board searched leaves these centres to this one
            after = self.arena.play(list(best.values()) + self.replies[0][1])
            sc = self.variant.supply_centres
            self.census.plan(self.nation, {p for p, u in after.units.items() if p in sc and u.nation == self.nation})
        return self._as_given(best)

    def likely_rivals(self) -> list[list[Order]]:
        """The rivals' orders on this board in two of the replies (Standard's likeliest
        sample, and the one in which they attack), written for the board they are for;
        none when the board was not judged (a quiet board)."""
        made = self._replies_made
        if made is None:
            return []
        if self.bold:
            made = made[:-1]
        picks = [made[0]] + ([made[-1]] if len(made) > 1 else [])
        return [[self.arena.home(o) for o in reply] for _, reply in picks]

    def _as_given(self, plan: Plan) -> list[Order]:
        """The plan's orders as given in the world (a candidate the engine refuses there holds)."""
        out = []
        for o in plan.values():
            o = self.arena.home(o)
            normal, reason = check(self.world, o)
            out.append(normal if reason is None else Hold(o.nation, o.unit_type, o.unit))
        return out

    def _by_tension(self) -> list:
        """The nation's units, those with rival units near first (where orders matter most)."""
        v, board, me = self.variant, self.board, self.nation
        near: dict[str, int] = {}
        for u in board.units.values():
            if u.nation != me:
                for p in v.adjacent_provinces(u.type, u.loc):
                    near[p] = near.get(p, 0) + 1
        def tension(u) -> int:
            ps = v.adjacent_provinces(u.type, u.loc) | {province_of(u.loc)}
            return sum(near.get(p, 0) for p in ps)
        return sorted(self.units, key=lambda u: (-tension(u), u.loc))


def tidy_plan(world: World, plan: Plan) -> Plan:
    """A plan whose supports back what the backed unit does: a support of a move it no
    longer makes, or of a hold while it moves, becomes a hold; a support of its move into
    the province it enters names the coast it enters (a fleet's move to Spain's north coast
    is not backed by a support to the south coast: DATC 6.B.4); a convoy whose army goes
    elsewhere too; and an army's move by convoy whose fleets were given other orders
    walks or holds (:func:`app.bots.convoys.mend_convoys`), so that the plan kept is
    one the engine accepts whole."""
    out = dict(plan)
    for p, o in plan.items():
        if o.kind == "support":
            backed = plan.get(o.supported.province)
            if backed is None:
                continue
            wanted = o.dest.province if o.dest is not None else None
            does = backed.dest.province if backed.kind == "move" else None
            if wanted != does:
                out[p] = Hold(o.nation, o.unit_type, o.unit)
            elif does is not None and o.dest != backed.dest:
                out[p] = Support(o.nation, o.unit_type, o.unit, o.supported_type, o.supported, backed.dest)
        elif o.kind == "convoy":
            army = plan.get(o.army.province)
            if army is None or army.kind != "move" or army.dest != o.dest:
                out[p] = Hold(o.nation, o.unit_type, o.unit)
    return dict(zip(out, mend_convoys(world, list(out.values()))))


def _weights(key: BoardKey) -> values.Weights:
    season = key.turn.season
    return values.SPRING if season == 0 else values.FALL if season == 1 else values.BUILD
