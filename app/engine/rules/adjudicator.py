"""Kruijswijk's adjudicator: the rules as a handful of decisions.

Movement orders are adjudicated as equations over *spaces* (here: integers standing for
(board, province) pairs, so one algorithm serves a single board and the whole multiverse).
The decisions, as in DATC chapter 5:

- MOVE     the unit moves;
- SUPPORT  the support is given (not cut, supporter not dislodged);
- CONVOY   the fleet is not dislodged (its part of a convoy route holds);

computed from strengths (attack, hold, defend, prevent) and the PATH of convoyed moves.
``resolve`` decides on partial information, trying each decision optimistically and
pessimistically; a cycle with no single answer gets the backup rule: circular movement
succeeds, convoy paradoxes follow Szykman (the convoys in the cycle fail).

The input is an :class:`Orders` table (one column per field, filled by its ``add``);
:func:`adjudicate` matches supports and convoys to moves, finds convoy routes, resolves,
and returns an :class:`Outcome`.
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
    n = len(orders)
    kind = list(orders.kind)
    space = orders.space
    nation = orders.nation
    dest = orders.dest
    target = orders.target
    coast = orders.coast
    unit_at: dict[int, int] = dict(zip(space, range(n)))
    void = [False] * n
    moves = [i for i, k in enumerate(kind) if k == MOVE]
    supports = [i for i, k in enumerate(kind) if k == SUPPORT]
    convoys = [i for i, k in enumerate(kind) if k == CONVOY]

    # -- convoy routes ---------------------------------------------------------------------
    # A convoy is matched when the army it names is ordered to exactly that move. A move
    # uses the convoy route when it says "via convoy", cannot go overland, or a fleet of
    # its own nation is ordered to convoy it (DATC 4.A.3); then it never falls back to the
    # land route. A move that needs a convoy and has no complete route stays a move that
    # fails (it cannot receive hold support, DATC 6.D.8) and is reported void.
    convoys_for: dict[int, list[int]] = {}
    convoy_of = [-1] * n
    for i in convoys:
        army = unit_at.get(target[i])
        if army is not None and kind[army] == MOVE and dest[army] == dest[i]:
            convoys_for.setdefault(army, []).append(i)
            convoy_of[i] = army
        else:
            kind[i] = HOLD
            void[i] = True
    uses_convoy = [False] * n
    route: dict[int, tuple[list[int], list[int], dict[int, list[int]]] | None] = {}
    via, direct = orders.via, orders.direct
    attackers: dict[int, list[int]] = {}
    empty_route: list[int] = []
    for m in moves:
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

    # -- supports --------------------------------------------------------------------------
    empty: list[int] = []
    move_supports: dict[int, list[int]] = {}
    hold_supports: dict[int, list[int]] = {}
    target_of = [-1] * n  # a move-support's destination, for the "attacked from there" rule
    for s in supports:
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

    h2h = [-1] * n
    for m in moves:
        if not uses_convoy[m]:
            o = unit_at.get(dest[m])
            if o is not None and kind[o] == MOVE and dest[o] == space[m] and not uses_convoy[o]:
                h2h[m] = o

    # -- resolution --------------------------------------------------------------------------
    resolved = [False] * n
    result = [False] * n
    visited = [False] * n
    cycle: list[int] = []
    in_cycle: set[int] = set()
    hits = 0
    uncertain = False

    def count(supports: list[int], maxi: bool, exclude: str | None = None) -> int:
        c = 0
        for s in supports:
            # (a decided support is read without a call: most are decided before resolving)
            if (exclude is None or nation[s] != exclude) and (result[s] if resolved[s] else resolve(s, maxi)):
                c += 1
        return c

    def path(m: int, maxi: bool) -> bool:
        if not uses_convoy[m]:
            return True
        r = route[m]
        if r is None:
            return False
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
            for d in links.get(c, empty):
                if d not in seen and resolve(d, maxi):
                    stack.append(d)
        return False

    def attack(m: int, maxi: bool) -> int:
        if not path(m, maxi):
            return 0
        occ = unit_at.get(dest[m])
        if occ is None:
            return 1 + count(move_supports.get(m, empty), maxi)
        if kind[occ] == MOVE and h2h[m] != occ and resolve(occ, maxi):
            return 1 + count(move_supports.get(m, empty), maxi)
        if nation[occ] == nation[m]:
            return 0
        return 1 + count(move_supports.get(m, empty), maxi, nation[occ])

    def prevent(m: int, maxi: bool) -> int:
        if not path(m, maxi):
            return 0
        o = h2h[m]
        if o >= 0 and resolve(o, not maxi):
            return 0
        return 1 + count(move_supports.get(m, empty), maxi)

    def hold(sp: int, maxi: bool) -> int:
        occ = unit_at.get(sp)
        if occ is None:
            return 0
        if kind[occ] == MOVE:
            return 0 if resolve(occ, not maxi) else 1
        return 1 + count(hold_supports.get(occ, empty), maxi)

    def adjudicate_one(i: int, opt: bool) -> bool:
        k = kind[i]
        if k == MOVE:
            a = attack(i, opt)
            if a == 0:
                return False
            o = h2h[i]
            if o >= 0:
                if a <= 1 + count(move_supports.get(o, empty), not opt):
                    return False
            elif a <= hold(dest[i], not opt):
                return False
            for m2 in attackers[dest[i]]:
                if m2 != i and a <= prevent(m2, not opt):
                    return False
            return True
        if k == SUPPORT:
            sp = space[i]
            for m in attackers.get(sp, empty):
                if nation[m] == nation[i]:
                    continue
                if space[m] == target_of[i]:
                    if resolve(m, not opt):
                        return False
                elif path(m, not opt):
                    return False
            return True
        # CONVOY: the fleet is not dislodged
        for m in attackers.get(space[i], empty):
            if resolve(m, not opt):
                return False
        return True

    def backup(members: list[int]) -> None:
        convoys = [x for x in members if kind[x] == CONVOY]
        if convoys:  # Szykman: the convoys of the paradox fail
            for x in convoys:
                resolved[x], result[x] = True, False
        elif all(kind[x] == MOVE for x in members):  # circular movement
            for x in members:
                resolved[x], result[x] = True, True
        else:
            for x in members:
                resolved[x], result[x] = True, False

    def resolve(i: int, opt: bool) -> bool:
        nonlocal hits, uncertain
        if resolved[i]:
            return result[i]
        if i in in_cycle:
            uncertain = True
            return opt
        if visited[i]:
            cycle.append(i)
            in_cycle.add(i)
            hits += 1
            uncertain = True
            return opt
        visited[i] = True
        old_len = len(cycle)
        old_hits = hits
        old_uncertain = uncertain
        uncertain = False
        r_opt = adjudicate_one(i, True)
        if not uncertain:  # decided without guessing anything: no cycle was entered
            visited[i] = False
            uncertain = old_uncertain
            resolved[i] = True
            result[i] = r_opt
            return r_opt
        r_pes = adjudicate_one(i, False) if r_opt else r_opt
        visited[i] = False
        if r_opt == r_pes:
            for x in cycle[old_len:]:
                in_cycle.discard(x)
            del cycle[old_len:]
            hits = old_hits
            uncertain = old_uncertain
            resolved[i], result[i] = True, r_opt
            return r_opt
        if i in in_cycle:
            hits -= 1
        if hits == old_hits:
            members = cycle[old_len:]
            backup(members)
            for x in members:
                in_cycle.discard(x)
            del cycle[old_len:]
            uncertain = old_uncertain
            return resolve(i, opt)
        if i not in in_cycle:
            cycle.append(i)
            in_cycle.add(i)
        uncertain = True
        return opt

    limit = sys.getrecursionlimit()
    if 50 * n + 2000 > limit:
        sys.setrecursionlimit(50 * n + 2000)
    # Decisions with nothing to depend on are settled here without a call to resolve: a
    # support or convoy that no move attacks is given; a move over land into an empty
    # province that no other unit moves to succeeds.
    for i in supports + convoys:
        if kind[i] != HOLD and space[i] not in attackers:
            resolved[i] = result[i] = True
    for m in moves:
        if not uses_convoy[m] and dest[m] not in unit_at and len(attackers[dest[m]]) == 1:
            resolved[m] = result[m] = True
    try:
        for i in moves + supports + convoys:
            if kind[i] != HOLD and not resolved[i]:
                resolve(i, False)
    finally:
        sys.setrecursionlimit(limit)

    # -- consequences ------------------------------------------------------------------------
    # A decision's result is final for every order not reduced to a hold (resolve ran on
    # it); an order reduced to a hold has no decision, and its result stayed False.
    success = result
    dislodged_by = [-1] * n
    for sp, movers in attackers.items():
        occ = unit_at.get(sp)
        if occ is None or (kind[occ] == MOVE and success[occ]):
            continue
        for m in movers:
            if success[m]:
                dislodged_by[occ] = m
                break
    path_ok = [False] * n
    contests = [False] * n
    for m in moves:
        path_ok[m] = path(m, False) if uses_convoy[m] else True
        o = h2h[m]
        contests[m] = not success[m] and path_ok[m] and not (o >= 0 and success[o])
    return Outcome(kind, void, success, dislodged_by, path_ok, uses_convoy, convoy_of, contests)


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
