"""The Easy player: a greedy rule set, board by board, then time travel.

On each active movement board, in this order:

1. **take**: a unit next to an empty supply centre that its nation does not own moves in
   (armies first: they can go on inland afterwards); an army that has none next to it is
   convoyed to one by its own fleets at sea, if they can;
2. **defend**: a unit on a threatened centre of its own stays; one next to an empty,
   threatened centre of its own moves in;
3. **advance**: every other unit steps towards the nearest centre its nation does not own,
   onto a place none of its own units holds or goes to (an army that cannot get nearer
   over land goes by sea when its own idle fleets can carry it nearer).

It never supports. Builds go to home centres nearest the centres it lacks (armies unless
only a fleet gets closer); disbands remove the units farthest from them; retreats go
closest to them. Then :mod:`app.bots.timetravel` looks across boards, with a smaller
budget than Standard's.
"""

from __future__ import annotations

import random
from collections import deque

from app.engine import Board, BoardKey, Hold, Location, Move, Order, province_of, World

from .common import adjustments, complete, movement_boards, retreats
from .convoys import convoy_orders, convoy_routes
from .timetravel import budget_for, improve
from .values import map_index

FAR = 99


def distances(world: World, board: Board, nation: str) -> dict[tuple[str, str], int]:
    """Moves needed from each (unit type, location) to a supply centre ``nation`` does not
    own. An army may also cross the water where the nation's own fleets at sea could carry
    it (one move from shore to shore), so an army on an island walks to its port."""
    v = world.variant
    ix = map_index(v)
    goals = {p for p in v.supply_centres if board.centres.get(p) != nation}
    ferries = _ferries(world, board, nation, ix)
    out: dict[tuple[str, str], int] = {}
    for utype, locs, nbrs, provs in (("A", ix.army_locs, ix.army_nbrs, ix.army_prov),
                                     ("F", ix.fleet_locs, ix.fleet_nbrs, ix.fleet_prov)):
        dist = [FAR] * len(locs)
        queue = deque(i for i, p in enumerate(provs) if p in goals)
        for i in queue:
            dist[i] = 0
        extra = ferries if utype == "A" else {}
        while queue:
            i = queue.popleft()
            for j in (nbrs[i] + extra[i]) if i in extra else nbrs[i]:
                if dist[j] > dist[i] + 1:
                    dist[j] = dist[i] + 1
                    queue.append(j)
        out.update(((utype, loc), d) for loc, d in zip(locs, dist))
    return out


def _ferries(world: World, board: Board, nation: str, ix) -> dict[int, tuple[int, ...]]:
    """Army locations (by index) joined by the nation's own fleets at sea: each coast of a
    connected group of them to every other coast of that group."""
    v = world.variant
    kinds, adj = v.kinds, v.fleet_adjacent_provinces
    seas = {p for p, u in board.units.items() if u.nation == nation and u.type == "F" and p in v.convoy_waters}
    out: dict[int, list[int]] = {}
    while seas:
        group = [seas.pop()]
        for s in group:
            for n in adj[s]:
                if n in seas:
                    seas.discard(n)
                    group.append(n)
        shores = sorted({ix.army_at[c] for s in group for c in adj[s] if kinds[c] == "coast" and c in ix.army_at})
        for i in shores:
            out.setdefault(i, []).extend(j for j in shores if j != i)
    return {i: tuple(js) for i, js in out.items()}


def _threatened(world: World, board: Board, nation: str) -> set[str]:
    v = world.variant
    out = set()
    for u in board.units.values():
        if u.nation != nation:
            out.update(v.adjacent_provinces(u.type, u.loc))
    return out


def board_orders(world: World, key: BoardKey, nation: str, rng: random.Random) -> list[Order]:
    v = world.variant
    board = world.boards[key]
    units = sorted((u for u in board.units.values() if u.nation == nation), key=lambda u: u.loc)
    dist = distances(world, board, nation)
    threat = _threatened(world, board, nation)
    own_at = {province_of(u.loc) for u in units}
    claimed: set[str] = set()
    dest: dict[str, str] = {}
    def free_centre(p: str) -> bool:
        return p in v.supply_centres and board.centres.get(p) != nation and p not in board.units and p not in claimed

    # 1. take undefended centres: armies first (they can go on inland afterwards), then an
    # army with none next to it by sea, carried by its own fleets at sea, then the fleets
    sea_moves: dict[str, tuple[str, tuple[str, ...]]] = {}   # army -> (destination, fleets)
    for kind in ("A", "F"):
        for u in units:
            if u.type != kind:
                continue
            d = next((d for d in sorted(v.adjacent_locations(u.type, u.loc)) if free_centre(province_of(d))), None)
            if d is not None:
                dest[u.loc] = d
                claimed.add(province_of(d))
        if kind == "A":
            _by_sea(world, key, nation, units, dest, claimed, sea_moves, lambda army, p: free_centre(p))
    # 2. defend
    for u in units:
        if u.loc in dest:
            continue
        here = province_of(u.loc)
        if board.centres.get(here) == nation and here in threat and here not in claimed:
            dest[u.loc] = u.loc
            claimed.add(here)
            continue
        for d in sorted(v.adjacent_locations(u.type, u.loc)):
            p = province_of(d)
            if board.centres.get(p) == nation and p in threat and p not in board.units and p not in claimed:
                dest[u.loc] = d
                claimed.add(p)
                break
    # 2b. advance by sea: an army that cannot get nearer a centre over land, carried to the
    # coast nearest one (its own fleets at sea that have nothing to do carry it)
    def nearer_by_sea(army: str, p: str) -> bool:
        here = dist.get(("A", army), FAR)
        land = min((dist.get(("A", d), FAR) for d in v.adjacent_locations("A", army) if province_of(d) not in claimed
                    and province_of(d) not in own_at), default=FAR)
        return land >= here and dist.get(("A", p), FAR) < min(here, land) and p not in board.units
    _by_sea(world, key, nation, units, dest, claimed, sea_moves, nearer_by_sea,
            rank=lambda p: dist.get(("A", p), FAR))
    # 3. advance
    for u in units:
        if u.loc in dest:
            continue
        now = dist.get((u.type, u.loc), FAR)
        steps = [d for d in sorted(v.adjacent_locations(u.type, u.loc))
                 if province_of(d) not in claimed and province_of(d) not in own_at
                 and dist.get((u.type, d), FAR) < now]
        if steps:
            best = min(dist[(u.type, d)] for d in steps)
            d = rng.choice([d for d in steps if dist[(u.type, d)] == best])
        else:
            d = u.loc
        dest[u.loc] = d
        claimed.add(province_of(d))
    orders: list[Order] = []
    carriers = {f for _, chain in sea_moves.values() for f in chain}
    for u in units:
        if u.loc in sea_moves or u.loc in carriers:
            continue
        d = dest[u.loc]
        at = Location(key, u.loc)
        orders.append(Hold(nation, u.type, at) if d == u.loc else Move(nation, u.type, at, Location(key, d)))
    for army, (to, chain) in sorted(sea_moves.items()):
        orders.extend(convoy_orders(world, key, nation, army, to, chain))
    return orders


def _by_sea(world: World, key: BoardKey, nation: str, units, dest: dict[str, str], claimed: set[str],
            sea_moves: dict[str, tuple[str, tuple[str, ...]]], wanted, rank=None) -> None:
    """Convoy each army without a destination yet to a coast ``wanted(army, coast)`` says
    yes to (the lowest by ``rank``, else the first in order), over its nation's fleets at
    sea that have no destination either; those fleets stay to convoy it."""
    free = {u.loc for u in units if u.type == "F" and u.loc not in dest}
    routes = convoy_routes(world, key, nation, fleets=free)
    for army in sorted(routes):
        if army in dest:
            continue
        options = [(p, chain) for p, chain in routes[army].items()
                   if p not in claimed and wanted(army, p) and all(f not in dest for f in chain)]
        if not options:
            continue
        p, chain = min(options, key=lambda o: ((rank(o[0]) if rank else 0), len(o[1]), o[0]))
        dest[army] = p
        claimed.add(p)
        for f in chain:
            dest[f] = f
            claimed.add(f)
        sea_moves[army] = (p, chain)


class _Closeness:
    """Valuer: the nearer a centre the nation lacks, the better (armies slightly preferred)."""

    def __init__(self, world: World, nation: str):
        self.world, self.nation = world, nation
        self._cache: dict[BoardKey, dict] = {}

    def __call__(self, key: BoardKey, unit_type: str, loc: str) -> float:
        dist = self._cache.get(key)
        if dist is None:
            dist = self._cache[key] = distances(self.world, self.world.boards[key], self.nation)
        return -dist.get((unit_type, loc), FAR) + (0.5 if unit_type == "A" else 0.0)


def decide(world: World, nation: str, rng: random.Random, budget: int | None = None) -> list[Order]:
    value = _Closeness(world, nation)
    if world.pause is not None:
        return retreats(world, nation, value)
    plan: list[Order] = []
    for key in movement_boards(world, nation):
        plan.extend(board_orders(world, key, nation, rng))
    plan = improve(world, nation, plan, rng, budget_for(world, 0.5) if budget is None else budget,
                   meet_own_past=True)  # kept: without them it never forked on the Baltic map in ten years (issue 36)
    return complete(world, nation, plan + adjustments(world, nation, value))
