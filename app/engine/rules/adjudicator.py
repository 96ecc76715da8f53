"""Kruijswijk's adjudicator: the rules as a handful of decisions.

Movement orders are adjudicated as equations over *spaces* (here: integers standing for
(board, province) pairs, so one algorithm serves a single board and the whole multiverse).
The decisions, as in DATC chapter 5 (Kruijswijk's "The Math of Adjudication"):

- MOVE      the unit moves;
- SUPPORT   the support is given (not cut, supporter not dislodged);
- DISLODGE  the unit is dislodged (asked of a convoying fleet while resolving: its part
  of a convoy route holds; of every other unit, read from the moves once all are made);
- PATH      a convoyed move has a chain of fleets, none dislodged;

computed from strengths (attack, hold, defend, prevent). Each decision and strength is
a method of one resolver object (``_Resolver``, whose docstring maps them); ``resolve``
decides on partial information, trying each decision optimistically and pessimistically;
a cycle with no single answer gets the backup rule: circular movement succeeds, convoy
paradoxes follow Szykman (the convoys in the cycle fail).

The input is an :class:`Orders` table (one column per field, filled by its ``add``);
:func:`adjudicate` matches supports and convoys to moves, finds convoy routes, resolves,
and returns an :class:`Outcome`.

Each order kind's text, check and targets live in its own module
(:mod:`app.engine.rules.kinds`); its part here does not. The decisions read one another
in the hot loop of every submission, so the table stays in columns indexed by row and a
kind is an integer compared inline (HOLD, MOVE, SUPPORT, CONVOY): an object or a method
per kind would cost a call per order and per decision asked.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Callable, Sequence

HOLD, MOVE, SUPPORT, CONVOY = 0, 1, 2, 3


class Orders:
    """Movement orders as columns, spaces as integers. Row i is one unit's order:

    - ``kind``: HOLD, MOVE, SUPPORT or CONVOY (an illegal order is given as HOLD);
    - ``space``: where the unit stands; ``nation``: whose it is;
    - MOVE: ``dest`` space, ``direct`` (reachable without convoy), ``via`` (said "via
      convoy"), ``coast`` named at the destination (or "");
    - SUPPORT: ``target`` the supported unit's space, ``dest`` its destination or -1
      (hold), ``coast`` named at the destination;
    - CONVOY: ``target`` the army's space, ``dest`` the army's destination.

    Columns rather than one object per order: building and reading them is the hot path
    of every submission.
    """

    __slots__ = ("kind", "space", "nation", "dest", "target", "direct", "via", "coast")

    def __init__(self) -> None:
        self.kind: list[int] = []
        self.space: list[int] = []
        self.nation: list[str] = []
        self.dest: list[int] = []
        self.target: list[int] = []
        self.direct: list[bool] = []
        self.via: list[bool] = []
        self.coast: list[str] = []

    def add(self, kind: int, space: int, nation: str, dest: int = -1, target: int = -1,
            direct: bool = True, via: bool = False, coast: str = "") -> None:
        self.kind.append(kind)
        self.space.append(space)
        self.nation.append(nation)
        self.dest.append(dest)
        self.target.append(target)
        self.direct.append(direct)
        self.via.append(via)
        self.coast.append(coast)

    @classmethod
    def from_rows(cls, rows: list[tuple]) -> "Orders":
        """The table from one tuple per order, fields in ``add``'s order (all given): one
        C-level transposition instead of eight appends per order."""
        table = cls()
        if rows:
            (table.kind, table.space, table.nation, table.dest, table.target, table.direct,
             table.via, table.coast) = map(list, zip(*rows))
        return table

    def __len__(self) -> int:
        return len(self.kind)


@dataclass(slots=True)
class Outcome:
    """Results, indexed like the orders.

    ``kind`` is the effective kind after matching (a void support, convoy or convoy-less
    move becomes HOLD, with ``void[i]`` True). ``success``: MOVE moved, SUPPORT given,
    CONVOY not dislodged. ``dislodged_by[i]``: the entry that dislodged unit i, or -1.
    ``path``: for moves, whether the route held; ``uses_convoy`` for moves. ``contests``:
    a failed move that kept its prevent strength (route held, not beaten head-to-head), so
    its destination saw a standoff.
    """

    kind: list[int]
    void: list[bool]
    success: list[bool]
    dislodged_by: list[int]
    path: list[bool]
    uses_convoy: list[bool]
    convoy_of: list[int]
    contests: list[bool]  # for a matched convoy: the move entry it serves, else -1


def adjudicate(orders: Orders, convoy_step: Callable[[int, int], bool]) -> Outcome:
    """Adjudicate a set of movement orders. ``convoy_step(a, b)`` tells whether space ``b``
    follows space ``a`` in a convoy chain (army start → fleets → army end)."""
    return _Resolver(orders, convoy_step).outcome()


class _Resolver:
    """One adjudication: the orders matched to each other, and Kruijswijk's decisions
    over them, each decision a method.

    Kruijswijk ("The Math of Adjudication", DATC chapter 5) names four decisions with a
    yes-or-no answer and four strengths they are computed from:

    ========================  ==============================================================
    MOVE decision             :meth:`decide` of a move: its :meth:`attack` beats the
                              :meth:`defend` of a head-to-head opponent, else the
                              :meth:`hold` of its destination, and every other move's
                              :meth:`prevent` there
    SUPPORT decision          :meth:`decide` of a support: not cut (no foreign move into
                              the supporter's space whose :meth:`path` holds, save from
                              the space the support goes to, which cuts only by dislodging)
    DISLODGE decision         of a convoying fleet, :meth:`decide` of the convoy: no move
                              into its space succeeds; of every other unit, read from the
                              MOVE decisions once all are made (:meth:`outcome`)
    PATH decision             :meth:`path`: a convoyed move's fleets, not dislodged, form
                              a chain from shore to shore (a move over land always has one)
    ATTACK STRENGTH           :meth:`attack`: 1 + the given supports, less those of the
                              nation attacked; 0 against one's own unit or without a path
    HOLD STRENGTH             :meth:`hold`: 0 for an empty space or a unit that moves away,
                              1 for a unit whose move fails, 1 + hold supports otherwise
    DEFEND STRENGTH           :meth:`defend`: a head-to-head move's 1 + its supports
    PREVENT STRENGTH          :meth:`prevent`: 1 + supports, 0 without a path or when
                              beaten head-to-head
    ========================  ==============================================================

    The strengths count supports (:meth:`supports_given`) by asking their decisions. Every
    decision goes through :meth:`resolve`, which remembers answers and, on a decision
    that depends on itself, guesses both ways: if both guesses give one answer it is the
    answer; if not, the decisions of the cycle get :meth:`backup`'s rule (circular
    movement succeeds; a convoy paradox follows Szykman, its convoys fail).

    A method takes ``maxi``/``opt``: ``True`` answers as favourably as still possible for
    the decision asked (an unknown support is counted), ``False`` as unfavourably.

    The orders stay in columns (:class:`Orders`) and every field here is a list indexed
    by order: the decisions run in the hot loop of every submission, so each method
    takes the columns it reads into locals once.
    """

    __slots__ = ("kind", "space", "nation", "dest", "unit_at", "void", "uses_convoy", "route",
                 "attackers", "convoy_of", "move_supports", "hold_supports", "target_of", "h2h",
                 "moves", "supports", "convoys", "resolved", "result", "visited", "cycle",
                 "in_cycle", "hits", "uncertain")

    def __init__(self, orders: Orders, convoy_step: Callable[[int, int], bool]) -> None:
        n = len(orders)
        kind = self.kind = list(orders.kind)
        self.space = orders.space
        self.nation = orders.nation
        self.dest = orders.dest
        self.unit_at: dict[int, int] = dict(zip(orders.space, range(n)))
        self.void = [False] * n
        self.moves = [i for i, k in enumerate(kind) if k == MOVE]
        self.supports = [i for i, k in enumerate(kind) if k == SUPPORT]
        self.convoys = [i for i, k in enumerate(kind) if k == CONVOY]
        self._match_convoys(orders.target)
        self._find_routes(orders.via, orders.direct, convoy_step)
        self._match_supports(orders.target, orders.coast)
        self._find_head_to_head()
        self.resolved = [False] * n
        self.result = [False] * n
        self.visited = [False] * n
        self.cycle: list[int] = []
        self.in_cycle: set[int] = set()
        self.hits = 0
        self.uncertain = False
        self._resolve_all()

    # -- matching: which orders belong together ----------------------------------------------

    def _match_convoys(self, target: list[int]) -> None:
        """A convoy is matched when the army it names is ordered to exactly that move;
        an unmatched one is void (the fleet holds)."""
        kind, dest, unit_at, void = self.kind, self.dest, self.unit_at, self.void
        convoy_of = self.convoy_of = [-1] * len(kind)
        for i in self.convoys:
            army = unit_at.get(target[i])
            if army is not None and kind[army] == MOVE and dest[army] == dest[i]:
                convoy_of[i] = army
            else:
                kind[i] = HOLD
                void[i] = True

    def _find_routes(self, via: list[bool], direct: list[bool],
                     convoy_step: Callable[[int, int], bool]) -> None:
        """Which moves go by convoy, and the fleets each may go through; and the moves
        into each space (``attackers``).

        A move uses the convoy route when it says "via convoy", cannot go overland, or a
        fleet of its own nation is ordered to convoy it (DATC 4.A.3); then it never falls
        back to the land route. A move that needs a convoy and has no complete route stays
        a move that fails (it cannot receive hold support, DATC 6.D.8) and is reported void."""
        space, nation, dest, void = self.space, self.nation, self.dest, self.void
        convoys_for: dict[int, list[int]] = {}
        for i in self.convoys:
            army = self.convoy_of[i]
            if army >= 0:
                convoys_for.setdefault(army, []).append(i)
        uses_convoy = self.uses_convoy = [False] * len(space)
        route: dict[int, tuple[list[int], list[int], dict[int, list[int]]] | None] = {}
        self.route = route
        attackers: dict[int, list[int]] = {}
        self.attackers = attackers
        empty_route: list[int] = []
        for m in self.moves:
            d = dest[m]
            if d in attackers:
                attackers[d].append(m)
            else:
                attackers[d] = [m]
            if not (via[m] or not direct[m] or m in convoys_for):
                continue
            fleets = convoys_for.get(m, ())
            if via[m] or not direct[m] or (fleets and any(nation[c] == nation[m] for c in fleets)):
                uses_convoy[m] = True
                if len(fleets) == 1:  # the usual convoy: one fleet, next to both shores or not
                    c = fleets[0]
                    if convoy_step(space[m], space[c]) and convoy_step(space[c], d):
                        route[m] = ([c], [c], {c: empty_route})
                    else:
                        route[m] = None
                        void[m] = True
                    continue
                starts, ends, links = _route_graph(space[m], d, fleets, space, convoy_step) if fleets else ([], [], {})
                if starts and ends and _on_some_route(starts, ends, links):
                    route[m] = (starts, ends, links)
                else:
                    route[m] = None
                    void[m] = True

    def _match_supports(self, target: list[int], coast: list[str]) -> None:
        """A support is matched to the unit it names when that unit does what it says
        (holds, or moves to the space and coast given); an unmatched one is void."""
        kind, dest, unit_at, void = self.kind, self.dest, self.unit_at, self.void
        move_supports: dict[int, list[int]] = {}
        hold_supports: dict[int, list[int]] = {}
        target_of = [-1] * len(kind)  # a move-support's destination, for the "attacked from there" rule
        for s in self.supports:
            sup = unit_at.get(target[s])
            if sup is None:
                matched = False
            elif dest[s] < 0:
                matched = kind[sup] != MOVE
                if matched:
                    hold_supports.setdefault(sup, []).append(s)
            else:
                # A coast named in the support must be the coast moved to (DATC 6.B.9).
                matched = (kind[sup] == MOVE and dest[sup] == dest[s]
                           and (not coast[s] or coast[s] == coast[sup]))
                if matched:
                    move_supports.setdefault(sup, []).append(s)
                    target_of[s] = dest[s]
            if not matched:
                kind[s] = HOLD
                void[s] = True
        self.move_supports, self.hold_supports, self.target_of = move_supports, hold_supports, target_of

    def _find_head_to_head(self) -> None:
        """``h2h[m]``: the unit that moves into m's space while m moves into its, neither
        by convoy (the two attack each other head to head), else -1."""
        kind, space, dest, unit_at, uses_convoy = self.kind, self.space, self.dest, self.unit_at, self.uses_convoy
        h2h = self.h2h = [-1] * len(kind)
        for m in self.moves:
            if not uses_convoy[m]:
                o = unit_at.get(dest[m])
                if o is not None and kind[o] == MOVE and dest[o] == space[m] and not uses_convoy[o]:
                    h2h[m] = o

    # -- the strengths -------------------------------------------------------------------------

    def supports_given(self, supports: list[int], maxi: bool, exclude: str | None = None) -> int:
        """How many of ``supports`` are given (not those of nation ``exclude``)."""
        nation, resolved, result, resolve = self.nation, self.resolved, self.result, self.resolve
        c = 0
        for s in supports:
            # (a decided support is read without a call: most are decided before resolving)
            if (exclude is None or nation[s] != exclude) and (result[s] if resolved[s] else resolve(s, maxi)):
                c += 1
        return c

    def attack(self, m: int, maxi: bool) -> int:
        """ATTACK STRENGTH of move ``m``."""
        if not self.path(m, maxi):
            return 0
        occ = self.unit_at.get(self.dest[m])
        supports = self.move_supports.get(m, _EMPTY)
        if occ is None:
            return 1 + self.supports_given(supports, maxi)
        if self.kind[occ] == MOVE and self.h2h[m] != occ and self.resolve(occ, maxi):
            return 1 + self.supports_given(supports, maxi)
        nation = self.nation
        if nation[occ] == nation[m]:
            return 0
        return 1 + self.supports_given(supports, maxi, nation[occ])

    def defend(self, m: int, maxi: bool) -> int:
        """DEFEND STRENGTH of move ``m`` against the move that meets it head to head."""
        return 1 + self.supports_given(self.move_supports.get(m, _EMPTY), maxi)

    def prevent(self, m: int, maxi: bool) -> int:
        """PREVENT STRENGTH of move ``m`` against other moves into its destination."""
        if not self.path(m, maxi):
            return 0
        o = self.h2h[m]
        if o >= 0 and self.resolve(o, not maxi):
            return 0
        return 1 + self.supports_given(self.move_supports.get(m, _EMPTY), maxi)

    def hold(self, sp: int, maxi: bool) -> int:
        """HOLD STRENGTH of space ``sp``."""
        occ = self.unit_at.get(sp)
        if occ is None:
            return 0
        if self.kind[occ] == MOVE:
            return 0 if self.resolve(occ, not maxi) else 1
        return 1 + self.supports_given(self.hold_supports.get(occ, _EMPTY), maxi)

    # -- the decisions -------------------------------------------------------------------------

    def path(self, m: int, maxi: bool) -> bool:
        """PATH decision of move ``m``: a chain of fleets, none dislodged, from its
        start to its destination (a move over land needs none)."""
        if not self.uses_convoy[m]:
            return True
        r = self.route[m]
        if r is None:
            return False
        resolve = self.resolve
        starts, ends, links = r
        seen: set[int] = set()
        stack = [c for c in starts if resolve(c, maxi)]
        end_set = set(ends)
        while stack:
            c = stack.pop()
            if c in seen:
                continue
            seen.add(c)
            if c in end_set:
                return True
            for d in links.get(c, _EMPTY):
                if d not in seen and resolve(d, maxi):
                    stack.append(d)
        return False

    def decide(self, i: int, opt: bool) -> bool:
        """One pass of order ``i``'s decision (MOVE, SUPPORT, or a convoying fleet's
        DISLODGE answered as "not dislodged"), reading the others' as ``opt`` allows."""
        k = self.kind[i]
        if k == MOVE:
            a = self.attack(i, opt)
            if a == 0:
                return False
            o = self.h2h[i]
            d = self.dest[i]
            if o >= 0:
                if a <= self.defend(o, not opt):
                    return False
            elif a <= self.hold(d, not opt):
                return False
            prevent = self.prevent
            for m2 in self.attackers[d]:
                if m2 != i and a <= prevent(m2, not opt):
                    return False
            return True
        space, nation, resolve = self.space, self.nation, self.resolve
        if k == SUPPORT:
            path, target = self.path, self.target_of[i]
            for m in self.attackers.get(space[i], _EMPTY):
                if nation[m] == nation[i]:
                    continue
                if space[m] == target:
                    if resolve(m, not opt):
                        return False
                elif path(m, not opt):
                    return False
            return True
        # CONVOY: the fleet is not dislodged
        for m in self.attackers.get(space[i], _EMPTY):
            if resolve(m, not opt):
                return False
        return True

    def resolve(self, i: int, opt: bool) -> bool:
        """Order ``i``'s decision, made once: given as ``opt`` while it is being made
        (a cycle), settled by guessing both ways or by :meth:`backup`."""
        resolved = self.resolved
        if resolved[i]:
            return self.result[i]
        in_cycle = self.in_cycle
        if i in in_cycle:
            self.uncertain = True
            return opt
        visited = self.visited
        cycle = self.cycle
        if visited[i]:
            cycle.append(i)
            in_cycle.add(i)
            self.hits += 1
            self.uncertain = True
            return opt
        visited[i] = True
        old_len = len(cycle)
        old_hits = self.hits
        old_uncertain = self.uncertain
        self.uncertain = False
        r_opt = self.decide(i, True)
        if not self.uncertain:  # decided without guessing anything: no cycle was entered
            visited[i] = False
            self.uncertain = old_uncertain
            resolved[i] = True
            self.result[i] = r_opt
            return r_opt
        r_pes = self.decide(i, False) if r_opt else r_opt
        visited[i] = False
        if r_opt == r_pes:
            for x in cycle[old_len:]:
                in_cycle.discard(x)
            del cycle[old_len:]
            self.hits = old_hits
            self.uncertain = old_uncertain
            resolved[i], self.result[i] = True, r_opt
            return r_opt
        if i in in_cycle:
            self.hits -= 1
        if self.hits == old_hits:
            members = cycle[old_len:]
            self.backup(members)
            for x in members:
                in_cycle.discard(x)
            del cycle[old_len:]
            self.uncertain = old_uncertain
            return self.resolve(i, opt)
        if i not in in_cycle:
            cycle.append(i)
            in_cycle.add(i)
        self.uncertain = True
        return opt

    def backup(self, members: list[int]) -> None:
        """The backup rule for a cycle with no single answer: a convoy paradox follows
        Szykman (its convoys fail); circular movement succeeds; anything else fails."""
        kind, resolved, result = self.kind, self.resolved, self.result
        convoys = [x for x in members if kind[x] == CONVOY]
        if convoys:
            for x in convoys:
                resolved[x], result[x] = True, False
        elif all(kind[x] == MOVE for x in members):
            for x in members:
                resolved[x], result[x] = True, True
        else:
            for x in members:
                resolved[x], result[x] = True, False

    def _resolve_all(self) -> None:
        """Every order's decision. Decisions with nothing to depend on are settled here
        without a call to :meth:`resolve`: a support or convoy that no move attacks is
        given; a move over land into an empty province that no other unit moves to
        succeeds."""
        kind, space, dest = self.kind, self.space, self.dest
        resolved, result, attackers, unit_at = self.resolved, self.result, self.attackers, self.unit_at
        moves, others = self.moves, self.supports + self.convoys
        for i in others:
            if kind[i] != HOLD and space[i] not in attackers:
                resolved[i] = result[i] = True
        uses_convoy = self.uses_convoy
        for m in moves:
            if not uses_convoy[m] and dest[m] not in unit_at and len(attackers[dest[m]]) == 1:
                resolved[m] = result[m] = True
        limit = sys.getrecursionlimit()
        if 50 * len(kind) + 2000 > limit:
            sys.setrecursionlimit(50 * len(kind) + 2000)
        resolve = self.resolve
        try:
            for i in moves + others:
                if kind[i] != HOLD and not resolved[i]:
                    resolve(i, False)
        finally:
            sys.setrecursionlimit(limit)

    def outcome(self) -> Outcome:
        """The decisions' consequences. A decision's result is final for every order not
        reduced to a hold (resolve ran on it); an order reduced to a hold has no decision,
        and its result stayed False."""
        kind, unit_at, h2h, uses_convoy = self.kind, self.unit_at, self.h2h, self.uses_convoy
        n = len(kind)
        success = self.result
        dislodged_by = [-1] * n
        for sp, movers in self.attackers.items():
            occ = unit_at.get(sp)
            if occ is None or (kind[occ] == MOVE and success[occ]):
                continue
            for m in movers:
                if success[m]:
                    dislodged_by[occ] = m
                    break
        path_ok = [False] * n
        contests = [False] * n
        path = self.path
        for m in self.moves:
            path_ok[m] = path(m, False) if uses_convoy[m] else True
            o = h2h[m]
            contests[m] = not success[m] and path_ok[m] and not (o >= 0 and success[o])
        return Outcome(kind, self.void, success, dislodged_by, path_ok, uses_convoy, self.convoy_of, contests)


_EMPTY: list[int] = []


def _route_graph(start: int, end: int, fleets: Sequence[int], space: list[int],
                 step: Callable[[int, int], bool]) -> tuple[list[int], list[int], dict[int, list[int]]]:
    starts = [c for c in fleets if step(start, space[c])]
    ends = [c for c in fleets if step(space[c], end)]
    links = {c: [d for d in fleets if d != c and step(space[c], space[d])] for c in fleets}
    return starts, ends, links


def _on_some_route(starts: list[int], ends: list[int], links: dict[int, list[int]]) -> list[int]:
    """Fleets that lie on at least one complete chain from a start fleet to an end fleet."""
    forward: set[int] = set()
    stack = list(starts)
    while stack:
        c = stack.pop()
        if c not in forward:
            forward.add(c)
            stack.extend(links.get(c, ()))
    reverse: dict[int, list[int]] = {}
    for c, ds in links.items():
        for d in ds:
            reverse.setdefault(d, []).append(c)
    backward: set[int] = set()
    stack = list(ends)
    while stack:
        c = stack.pop()
        if c not in backward:
            backward.add(c)
            stack.extend(reverse.get(c, ()))
    return [c for c in forward if c in backward]
