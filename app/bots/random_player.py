"""The Random player: legal, varied random orders.

Each unit on an active board gets an order now and then: a move (sometimes through time:
into the past of its own timeline or across to a neighbouring timeline), a support of a
planned move or a hold, a convoy of an army over one fleet; the others hold. On Winter
boards it builds and disbands what it must; in a retreat pause it retreats (or disbands).
Every order is asked of :func:`app.engine.rules.validation.check` before it is given.

Selfplay plays it for every nation at once (``nations=None``); as a computer player it
plays one nation at a time.
"""

from __future__ import annotations

import random

from app.engine import (Build, build_options, check, Convoy, direct_targets, Disband, Location, Move,
                        Order, Retreat, retreat_targets, Support, World)


def random_orders(world: World, rng: random.Random, time_travel: float = 0.3,
                  max_travellers: int = 8, move_rate: float = 0.25,
                  nations: frozenset[str] | None = None) -> list[Order]:
    """One submission's worth of orders on every active board for ``nations`` (None: every
    nation). At most ``max_travellers`` units try a move to another board."""
    if world.pause is not None:
        return _retreats(world, rng, nations)
    orders: list[Order] = []
    travellers = 0
    keys = world.active_boards()
    rng.shuffle(keys)
    for key in keys:
        board = world.boards[key]
        if not board.is_movement:
            orders.extend(_adjustments(world, key, rng, nations))
            continue
        planned: dict[str, Order] = {}
        units = sorted(board.units.values(), key=lambda u: u.loc)
        if nations is not None:
            units = [u for u in units if u.nation in nations]
        units = [u for u in units if u.nation != world.variant.neutral_nation]   # it holds (RULES.md §12)
        for u in units:
            loc = Location(key, u.loc)
            targets = direct_targets(world, loc)
            if not targets:
                continue
            across = [t for t in targets if t.board != key]
            here = [t for t in targets if t.board == key]
            r = rng.random()
            # one draw decides: below time_travel a unit that can travel does; the next
            # move_rate of the range (or the first, when it cannot travel) moves it on its
            # own board. (A plain move must not wait for travel to be impossible: a unit
            # that never moves only ever travels into its own past self, and on a small
            # map, where no nation runs out of travellers, nothing would ever fork.)
            travel = bool(across) and travellers < max_travellers
            if travel and r < time_travel:
                dest = rng.choice(across)
                travellers += 1
            elif here and r < (time_travel if travel else 0.0) + move_rate:
                dest = rng.choice(here)
            else:
                continue
            planned[u.loc.split("/")[0]] = Move(u.nation, u.type, loc, dest)
        _add_convoys(world, key, units, planned, rng)
        _add_supports(world, key, units, planned, rng)
        for o in planned.values():
            normal, reason = check(world, o)
            if reason is None:
                orders.append(normal)
    return orders


def _add_convoys(world: World, key, units, planned: dict[str, Order], rng: random.Random) -> None:
    v = world.variant
    board = world.boards[key]
    orderable = {u.loc.split("/")[0] for u in units}
    for fleet in units:
        prov = fleet.loc.split("/")[0]
        if fleet.type != "F" or prov not in v.convoy_waters or prov in planned or rng.random() > 0.3:
            continue
        shores = sorted(p for p in v.fleet_adjacent_provinces[prov] if v.kind(p) == "coast")
        armies = [p for p in shores if (u := board.units.get(p)) and u.type == "A" and p not in planned
                  and p in orderable]
        if not armies:
            continue
        army = rng.choice(armies)
        dests = [p for p in shores if p != army and p not in v.army_adjacent[army]]
        if not dests:
            continue
        dest = rng.choice(dests)
        a = board.units[army]
        move = Move(a.nation, "A", Location(key, army), Location(key, dest))
        convoy = Convoy(fleet.nation, "F", Location(key, prov), Location(key, army), Location(key, dest))
        planned[army] = move
        planned[prov] = convoy


def _add_supports(world: World, key, units, planned: dict[str, Order], rng: random.Random) -> None:
    v = world.variant
    moves = [o for o in planned.values() if isinstance(o, Move)]
    for u in units:
        prov = u.loc.split("/")[0]
        if prov in planned or rng.random() > 0.45:
            continue
        reach = sorted(v.adjacent_provinces(u.type, u.loc))
        options: list[Order] = []
        for m in moves:
            if m.dest.board == key and m.dest.province in reach and m.dest.province != prov:
                options.append(Support(u.nation, u.type, Location(key, u.loc), m.unit_type, m.unit, m.dest))
        for p in reach:
            other = world.boards[key].units.get(p)
            if other is not None and (p not in planned or not isinstance(planned[p], Move)):
                options.append(Support(u.nation, u.type, Location(key, u.loc), other.type, Location(key, other.loc)))
        if options:
            planned[prov] = rng.choice(options)


def _adjustments(world: World, key, rng: random.Random, nations: frozenset[str] | None) -> list[Order]:
    board = world.boards[key]
    orders: list[Order] = []
    for nation in world.variant.nation_names:
        if nations is not None and nation not in nations:
            continue
        owed = board.centre_count(nation) - board.unit_count(nation)
        if owed > 0:
            options = build_options(world, key, nation)
            provinces = sorted(options)
            rng.shuffle(provinces)
            for prov in provinces[:owed]:
                choice = rng.choice(options[prov]).split()
                orders.append(Build(nation, choice[0], Location(key, choice[1])))
        elif owed < 0:
            own = sorted(u.loc for u in board.units.values() if u.nation == nation)
            rng.shuffle(own)
            for loc in own[:-owed]:
                u = board.units[loc.split("/")[0]]
                orders.append(Disband(nation, u.type, Location(key, loc)))
    return orders


def _retreats(world: World, rng: random.Random, nations: frozenset[str] | None) -> list[Order]:
    orders: list[Order] = []
    for loc in sorted(world.pause.dislodged):
        unit = world.unit_at(loc)
        if nations is not None and unit.nation not in nations:
            continue
        targets = retreat_targets(world, loc)
        if targets and rng.random() < 0.85:
            orders.append(Retreat(unit.nation, unit.type, loc, rng.choice(targets)))
        else:
            orders.append(Disband(unit.nation, unit.type, loc))
    return orders


