"""Retreats: where a dislodged unit may go, and the submission that says where it goes.

When a movement submission dislodges a unit that has somewhere to go, the whole world
pauses (RULES.md §3; ``World.pause``): the next submission holds only retreats and
disbands. A unit may retreat to a neighbouring location of its own board that is empty
after the moves, that no standoff left vacant, and that its attacker did not come from
(unless the attacker came by convoy, DATC 4.A.5).
"""

from __future__ import annotations

from operator import attrgetter
from types import MappingProxyType

from .adjacency import reaches
from .coords import BoardKey, Location, Space
from .next_boards import next_units
from .orders import Convoy, Move, Order, Result, Retreat
from .storing import INVALID_REPLACED, REPEAT, repeats_and_replaced
from .validation import check
from .variant_rules import may_retreat
from .world import World


_DISLODGED = attrgetter("dislodged")


def settle_retreats(before: World, world: World, touched: set[BoardKey]
                    ) -> tuple[World, dict[Location, frozenset[str]]]:
    """What becomes of each unit dislodged on the boards of ``touched``, once ``world``
    (made from ``before`` by a movement submission) holds their new results.

    - A unit dislodged for the first time may retreat: its options are returned, and the
      world pauses for them.
    - A unit dislodged in an earlier submission, on a past board adjudicated again, keeps
      what was decided then (its retreat, or its disbanding) as long as that retreat is
      still possible: a resolved retreat is never asked again. Only if its destination is
      now taken after the moves, left vacant by a standoff or the attacker's origin, may
      it retreat anew (elsewhere; nor where a kept retreat went).
    - A unit with nowhere to go is disbanded at once and causes no pause.

    Returns the world with each settled retreat written into its unit's result, and the
    options of the units that may retreat now (by location)."""
    options: dict[Location, frozenset[str]] = {}
    changed: dict[BoardKey, tuple] = {}
    for key in sorted(touched):
        board = world.boards[key]
        if not board.is_movement:
            continue
        results = world.results[key]
        if not any(map(_DISLODGED, results)):  # the usual case, asked at C speed
            continue
        dislodged = [idx for idx, (o, r) in enumerate(zip(world.orders[key], results))
                     if r.dislodged and hasattr(o, "unit") and r.status != "pending"]
        if not dislodged:
            continue
        earlier = before.results.get(key)  # a past board's: aligned with its locked orders
        after_moves = set(next_units(world, key, retreats=False))
        contested = _contested(world, key)
        updated = list(results)
        asked: list[tuple[int, frozenset[str]]] = []
        for idx in dislodged:
            province = world.orders[key][idx].unit.province
            allowed = _allowed(world, key, board.units[province], after_moves, contested)
            old = earlier[idx] if earlier is not None else None
            if old is not None and old.dislodged and (old.retreat_to is None or old.retreat_to in allowed):
                updated[idx] = updated[idx]._replace(retreat_to=old.retreat_to)
            else:
                asked.append((idx, allowed))
        kept = {r.retreat_to.split("/")[0] for r in updated if r.retreat_to is not None}
        for idx, allowed in asked:
            updated[idx] = updated[idx]._replace(retreat_to=None)
            allowed = frozenset(loc for loc in allowed if loc.split("/")[0] not in kept)
            if allowed:
                unit = board.units[world.orders[key][idx].unit.province]
                options[Location(key, unit.loc)] = allowed
        if any(a is not b for a, b in zip(updated, results)):
            changed[key] = tuple(updated)
    if changed:
        new_results = world.results.copy()
        new_results.update(changed)
        world = world.derive(results=MappingProxyType(new_results))
    return world, options


def _allowed(world: World, key: BoardKey, unit, after_moves: set[str], contested: set[str]) -> frozenset[str]:
    """Where a unit dislodged on board ``key`` could retreat: a neighbouring location whose
    province is empty after the moves, saw no standoff, and is not the attacker's origin."""
    if not may_retreat(world.variant, unit):
        return frozenset()  # a neutral unit dislodged is disbanded (RULES.md §12)
    attacker_origin = _attacker_origin(world, key, unit.loc.split("/")[0])
    return frozenset(loc for loc in world.variant.adjacent_locations(unit.type, unit.loc)
                     if loc.split("/")[0] not in after_moves and loc.split("/")[0] not in contested
                     and loc.split("/")[0] != attacker_origin)


def _attacker_origin(world: World, key: BoardKey, province: str) -> str | None:
    """The province on this board the dislodging unit came from, if it came over land
    from this board (a convoyed attacker leaves its origin open: DATC 4.A.5)."""
    target = Space(key, province)
    for k, i in world.orders_naming(target):
        o = world.orders[k][i]
        r = world.results[k][i]
        if isinstance(o, Move) and o.dest.space == target and r.moved:
            if k != key:
                return None
            if o.via_convoy or not reaches(world.variant, world.adjacency, o.unit_type, o.unit, o.dest):
                return None
            if _convoyed(world, k, i):
                return None
            return o.unit.province
    return None


def _convoyed(world: World, key: BoardKey, idx: int) -> bool:
    """Whether a successful adjacent move went by convoy (a fleet of its nation convoyed it)."""
    o = world.orders[key][idx]
    for k, i in world.orders_naming(o.unit.space):
        c = world.orders[k][i]
        if isinstance(c, Convoy) and c.army.space == o.unit.space and c.dest.space == o.dest.space \
                and world.results[k][i].status == "succeeds":
            return True
    return False


def _contested(world: World, key: BoardKey) -> set[str]:
    """Provinces of board ``key`` where a move bounced but kept its strength (a standoff).
    Occupied ones are left out by the caller; what remains is left vacant by the standoff."""
    movers = [(key, i) for i, o in enumerate(world.orders.get(key, ())) if o.kind == "move" and o.dest[0] == key]
    movers += world.incoming.get(key, ())
    return {world.orders[k][i].dest.province for k, i in movers if world.results[k][i].contests}


def resolve_retreats(world: World, orders: list[Order]) -> tuple[World, list[Result], set[BoardKey]]:
    """The retreat submission of a paused world: each dislodged unit retreats as ordered
    (two retreating to one province are both disbanded) or, without an order, is
    disbanded. Returns the world with the retreats recorded and the pause lifted, one
    result per order, and the boards the paused submission adjudicated (to finish)."""
    pause = world.pause
    checked = [check(world, o) for o in orders]
    results: list[Result | None] = [None] * len(orders)
    repeats, replaced = repeats_and_replaced(checked)
    chosen: dict[Location, tuple[int, Order]] = {}
    for i, (o, reason) in enumerate(checked):
        if reason is not None:
            results[i] = Result("invalid", reason, illegal=True)
        elif i in replaced:
            results[i] = Result("invalid", INVALID_REPLACED)
        elif i not in repeats:
            unit = world.unit_at(o.unit)
            chosen[Location(o.unit.board, unit.loc)] = (i, o)
    targets: dict[Space, list[Location]] = {}
    for loc, (i, o) in chosen.items():
        if isinstance(o, Retreat):
            targets.setdefault(o.dest.space, []).append(loc)
    new_results = world.results.copy()
    retreat_log = world.retreats.copy()
    for loc in pause.dislodged:
        key = loc.board
        entry = chosen.get(loc)
        retreat_to = None
        if entry is not None:
            i, o = entry
            if isinstance(o, Retreat):
                if len(targets[o.dest.space]) == 1:
                    retreat_to = o.dest.loc
                    results[i] = Result("succeeds")
                else:
                    results[i] = Result("fails", f"two units retreated to {o.dest.province}: both are disbanded")
            else:
                results[i] = Result("succeeds", "disbanded")
            retreat_log[key] = retreat_log.get(key, ()) + ((o, results[i]),)
        lst = list(new_results[key])
        for idx, o in enumerate(world.orders[key]):
            if hasattr(o, "unit") and o.unit.province == loc.province and lst[idx].dislodged:
                r = lst[idx]
                lst[idx] = r._replace(dislodged=True, retreat_to=retreat_to)
        new_results[key] = tuple(lst)
    for i in repeats:
        results[i] = REPEAT
    for i, (o, reason) in enumerate(checked):
        if results[i] is None:
            results[i] = Result("invalid", "not a retreat")
    world = world.derive(results=MappingProxyType(new_results), retreats=MappingProxyType(retreat_log), pause=None)
    return world, results, set(pause.finish)
