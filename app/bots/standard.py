"""The Standard player: DumbBot's province values, played board by board, then time travel.

On each active movement board the nation's units are taken strongest claim first; each
goes to the free location of highest value among where it stands and where it can move
(now and then the second best when the two are close: the seeded random source keeps it
from being predictable). A move is discounted by its odds (:func:`_odds`): DumbBot itself
never asks whether a move can succeed. Two of its own units never aim at one province:
a unit whose favourite province is already the goal of a contestable move of its own
supports that move instead, and a unit left standing supports a move of its own into a
province a rival can contest, or the hold of a threatened neighbour. An army is convoyed by
its own fleets when the far shore is worth more than what they would do otherwise
(:func:`with_convoys`). Retreats go to the best free location; builds go where the value is
highest and disbands where it is lowest.
Then :mod:`app.bots.timetravel` looks across boards.
"""

from __future__ import annotations

import random

from app.engine import BoardKey, Hold, Location, Move, Order, province_of, Support, World

from . import values
from .common import adjustments, complete, movement_boards, projected_centres, retreats
from .convoys import convoy_orders, convoy_routes
from .timetravel import budget_for, improve

CLOSE = 0.05        # a second-best option within this fraction of the best…
WANDER = 0.2        # …is taken with this probability
ALONE = 0.35        # a move into a rival's unit that no other unit of ours could support is worth this much
CONTESTED = 0.8     # a move that a rival unit could contest (or one we could back) is worth this much
SUPPORT_SHARE = 0.3  # a support is worth this share of the value of the place it backs
CONVOY_MARGIN = 0.05 # a convoy is made when it beats the plan by this share
MAX_CONVOYS = 2      # convoys a board, at most


class BoardValues:
    """Board values for one nation, computed on first use per board."""

    def __init__(self, world: World, nation: str):
        self.world, self.nation = world, nation
        self.held = frozenset(projected_centres(world).get(nation, ()))
        self._cache: dict[BoardKey, values.BoardValues] = {}

    def board(self, key: BoardKey) -> values.BoardValues:
        bv = self._cache.get(key)
        if bv is None:
            season = key.turn.season
            weights = values.SPRING if season == 0 else values.FALL if season == 1 else values.BUILD
            bv = self._cache[key] = values.board_values(self.world.variant, self.world.boards[key], self.nation,
                                                        weights, self.held)
        return bv

    def __call__(self, key: BoardKey, unit_type: str, loc: str) -> float:
        return self.board(key).value(unit_type, loc)


def board_orders(world: World, key: BoardKey, nation: str, vals: values.BoardValues, rng: random.Random,
                 wander: float = WANDER) -> list[Order]:
    """Moves, holds, supports and convoys for ``nation``'s units on one active movement
    board. ``wander``: how often a close second-best option is taken instead."""
    v = world.variant
    board = world.boards[key]
    units = sorted((u for u in board.units.values() if u.nation == nation), key=lambda u: u.loc)
    options = {}
    for u in units:
        opts = [(vals.value(u.type, u.loc), u.loc)]
        opts += [(_odds(board, nation, d, vals) * vals.value(u.type, d), d) for d in v.adjacent_locations(u.type, u.loc)]
        opts.sort(key=lambda o: (-o[0], o[1]))
        options[u.loc] = opts
    units.sort(key=lambda u: (-options[u.loc][0][0], u.loc))
    claimed: dict[str, str] = {}       # province -> location of the unit that goes there
    dest: dict[str, str] = {}          # unit location -> where it goes (itself: stays)
    helps: dict[str, str] = {}         # unit location -> the unit whose move it supports
    backing: dict[str, int] = {}       # province -> supports given to the move there
    for u in units:
        free = [o for o in options[u.loc] if province_of(o[1]) not in claimed]
        mover = _move_to_back(u, options[u.loc], free, claimed, dest, backing, vals, v)
        if mover is not None:
            helps[u.loc] = mover
            p = province_of(dest[mover])
            backing[p] = backing.get(p, 0) + 1
            claimed[province_of(u.loc)] = u.loc
            dest[u.loc] = u.loc
            continue
        if not free:
            choice = u.loc
        else:
            choice = free[0][1]
            if len(free) > 1 and free[0][0] - free[1][0] <= CLOSE * abs(free[0][0]) and rng.random() < wander:
                choice = free[1][1]
        claimed[province_of(choice)] = u.loc
        dest[u.loc] = choice
    _settle(dest, {province_of(u.loc): u.loc for u in units})
    return with_convoys(world, key, nation, _with_supports(world, key, nation, units, dest, vals, helps), vals)


def _odds(board, nation: str, dest: str, vals: values.BoardValues) -> float:
    """DumbBot never asks whether a move can succeed, and butts against a held province
    year after year. Discount a move by how likely it is to get in: into a rival's unit
    with no second unit of ours to support it, little; into a contested place, somewhat."""
    p = province_of(dest)
    occupant = board.units.get(p)
    if occupant is not None and occupant.nation != nation:
        return ALONE if vals.strength.get(p, 0) <= 1 else CONTESTED
    return CONTESTED if vals.competition(p) else 1.0


def _move_to_back(u, options, free, claimed, dest, backing, vals: values.BoardValues, v) -> str | None:
    """A province this unit wants more than any free one may already be the goal of one of
    its own units' moves; if that move can be contested, supporting it is worth more than
    going elsewhere. Returns the unit to support, if any."""
    here = province_of(u.loc)
    best_free = free[0][0] if free else float("-inf")
    reach = v.adjacent_provinces(u.type, u.loc)
    for val, d in options:
        if val <= best_free:
            return None
        p = province_of(d)
        mover = claimed.get(p)
        if mover is None or p == here or p not in reach or dest.get(mover, mover) == mover:
            continue
        if 1 + backing.get(p, 0) <= vals.competition(p):
            return mover
    return None


def _settle(dest: dict[str, str], own_at: dict[str, str]) -> None:
    """A unit never moves into a province one of its own stays in (or swaps places with
    one of its own without a convoy): both would fail. Such a unit stays instead."""
    changed = True
    while changed:
        changed = False
        for loc, d in dest.items():
            if d == loc:
                continue
            other = own_at.get(province_of(d))
            if other is not None and (dest[other] == other or province_of(dest[other]) == province_of(loc)):
                dest[loc] = loc
                changed = True


def _with_supports(world: World, key: BoardKey, nation: str, units, dest: dict[str, str],
                   vals: values.BoardValues, helps: dict[str, str]) -> list[Order]:
    v = world.variant
    board = world.boards[key]
    orders: list[Order] = []
    moves = {loc: d for loc, d in dest.items() if d != loc}
    backing: dict[str, int] = {}   # province -> supports given to the move or hold there
    for u in sorted(units, key=lambda u: u.loc):
        if u.loc in moves:
            orders.append(Move(nation, u.type, Location(key, u.loc), Location(key, moves[u.loc])))
        elif helps.get(u.loc) in moves:
            mover = board.units[province_of(helps[u.loc])]
            to = moves[mover.loc]
            orders.append(Support(nation, u.type, Location(key, u.loc), mover.type, Location(key, mover.loc),
                                  Location(key, to)))
            backing[province_of(to)] = backing.get(province_of(to), 0) + 1
    for u in sorted(units, key=lambda u: u.loc):
        if u.loc in moves or helps.get(u.loc) in moves:
            continue
        here = province_of(u.loc)
        reach = v.adjacent_provinces(u.type, u.loc)
        best = None
        for frm, to in sorted(moves.items()):
            p = province_of(to)
            if p == here or p not in reach:
                continue
            occupant = board.units.get(p)
            need = vals.competition(p) + (1 if occupant and occupant.nation != nation else 0) - backing.get(p, 0)
            if need > 0:
                score = (1, need, vals.value(board.units[province_of(frm)].type, to))
                if best is None or score > best[0]:
                    mover = board.units[province_of(frm)]
                    best = (score, Support(nation, u.type, Location(key, u.loc), mover.type, Location(key, mover.loc),
                                           Location(key, to)), p)
        for p in sorted(reach):
            other = board.units.get(p)
            if other is None or other.nation != nation or other.loc in moves:
                continue
            need = vals.competition(p) - backing.get(p, 0)
            if need > 0:
                score = (0, need, vals.value(other.type, other.loc))
                if best is None or score > best[0]:
                    best = (score, Support(nation, u.type, Location(key, u.loc), other.type, Location(key, other.loc)), p)
        if best is None:
            orders.append(Hold(nation, u.type, Location(key, u.loc)))
        else:
            orders.append(best[1])
            backing[best[2]] = backing.get(best[2], 0) + 1
    return orders


def _planned_value(board, nation: str, o: Order, vals: values.BoardValues) -> float:
    """What a unit's planned order is worth by the values: where it ends up (a move
    discounted by its odds), and for a support, a share of the move or hold it backs."""
    if o.kind == "move":
        return _odds(board, nation, o.dest.loc, vals) * vals.value(o.unit_type, o.dest.loc)
    here = vals.value(o.unit_type, o.unit.loc)
    if o.kind == "support":
        target = o.dest if o.dest is not None else o.supported
        return here + SUPPORT_SHARE * max(0.0, vals.value(o.supported_type or "A", target.loc))
    return here


def with_convoys(world: World, key: BoardKey, nation: str, orders: list[Order], vals: values.BoardValues
                 ) -> list[Order]:
    """Convoys where the far shore is worth more: an army carried by the nation's own fleets
    at sea to a coast no unit of its own goes to, when the army's value there (discounted
    by its odds) plus the fleets' value at sea beats what the army and those fleets were
    going to do. The best such convoy is made, then the next, at most ``MAX_CONVOYS``."""
    board = world.boards[key]
    by_prov = {o.unit.province: o for o in orders}
    made = 0
    while made < MAX_CONVOYS:
        busy = {p for p, o in by_prov.items() if o.kind == "convoy" or (o.kind == "move" and o.via_convoy)}
        claimed = {(o.dest.province if o.kind == "move" else p): p for p, o in by_prov.items()}
        routes = convoy_routes(world, key, nation, fleets={p for p in by_prov if p not in busy})
        best = None
        for army, dests in routes.items():
            if army in busy:
                continue
            before_army = _planned_value(board, nation, by_prov[army], vals)
            for dest, chain in dests.items():
                if claimed.get(dest, army) not in (army,) + chain \
                        or dest in board.units and board.units[dest].nation == nation:
                    continue  # another unit of ours goes or stays there
                after = _odds(board, nation, dest, vals) * vals.value("A", dest) \
                    + sum(vals.value("F", f) for f in chain)
                before = before_army + sum(_planned_value(board, nation, by_prov[f], vals) for f in chain)
                gain = after - before
                if gain > CONVOY_MARGIN * abs(before) and (best is None or (gain, army, dest) > best[0]):
                    best = ((gain, army, dest), army, dest, chain)
        if best is None:
            break
        _, army, dest, chain = best
        for o in convoy_orders(world, key, nation, army, dest, chain):
            by_prov[o.unit.province] = o
        made += 1
    if not made:
        return orders
    # supports of what the convoy's army and fleets no longer do are void now: they hold
    out = []
    for o in orders:
        o = by_prov[o.unit.province]
        if o.kind == "support" and o.supported.province in by_prov:
            backed = by_prov[o.supported.province]
            wanted = o.dest.province if o.dest is not None else None
            does = backed.dest.province if backed.kind == "move" else None
            if wanted != does:
                o = Hold(nation, o.unit_type, o.unit)
        out.append(o)
    return out


def decide(world: World, nation: str, rng: random.Random, budget: int | None = None) -> list[Order]:
    vals = BoardValues(world, nation)
    if world.pause is not None:
        return retreats(world, nation, vals)
    plan: list[Order] = []
    for key in movement_boards(world, nation):
        plan.extend(board_orders(world, key, nation, vals.board(key), rng))
    plan = improve(world, nation, plan, rng, budget_for(world) if budget is None else budget,
                   meet_own_past=True)  # kept: without them it never forked on the Baltic map in ten years (issue 36)
    return complete(world, nation, plan + adjustments(world, nation, vals))
