"""What every computer player needs: its units, a seeded random source, the orders that
complete a submission (holds, builds, disbands, retreats) chosen by a value, and the
victory measure it plays for.

A player sees only the world it is given (under fog of war, its nation's view), so nothing
here reads anything else: the random source is seeded from the game's seed, the nation and
the public count of submissions.
"""

from __future__ import annotations

import random
from typing import Callable

from app.engine import (BoardKey, Build, build_options, Disband, Hold, Location, Order, province_of,
                        Retreat, retreat_targets, Waive, World)

from .convoys import mend_convoys

# value(board, unit type, location) -> how much the nation wants that unit there.
Valuer = Callable[[BoardKey, str, str], float]


def rng_for(level: str, world: World, nation: str, seed: int) -> random.Random:
    """The random source of one decision: the same for the same game seed, level, nation
    and moment of the game (string seeds hash the same in every Python process)."""
    return random.Random(f"{level}/{seed}/{nation}/{world.submissions}/{world.phase}")


def movement_boards(world: World, nation: str) -> list[BoardKey]:
    """Active movement boards on which ``nation`` has a unit."""
    out = []
    for key in world.active_boards():
        board = world.boards[key]
        if board.is_movement and any(u.nation == nation for u in board.units.values()):
            out.append(key)
    return out


def adjustment_boards(world: World, nation: str) -> list[BoardKey]:
    """Active Winter boards on which ``nation`` must build or disband."""
    out = []
    for key in world.active_boards():
        board = world.boards[key]
        if not board.is_movement and board.centre_count(nation) != board.unit_count(nation):
            out.append(key)
    return out


def own_units(world: World, key: BoardKey, nation: str) -> list[Location]:
    return sorted(Location(key, u.loc) for u in world.boards[key].units.values() if u.nation == nation)


def complete(world: World, nation: str, orders: list[Order]) -> list[Order]:
    """``orders`` plus a hold for every unit of ``nation`` on an active movement board that
    has no order, and a waive for every build it leaves unmade, so that the list accounts
    for every unit and every adjustment. A move by convoy without a whole chain of the
    nation's convoy orders (its fleet sent elsewhere by a later choice) walks or holds
    instead (:func:`app.bots.convoys.mend_convoys`): never an order the engine refuses."""
    ordered = {(o.unit.board, province_of(o.unit.loc)) for o in orders if hasattr(o, "unit")}
    out = list(orders)
    for key in movement_boards(world, nation):
        for loc in own_units(world, key, nation):
            if (key, loc.province) not in ordered:
                out.append(Hold(nation, world.boards[key].units[loc.province].type, loc))
    for key in adjustment_boards(world, nation):
        board = world.boards[key]
        owed = board.centre_count(nation) - board.unit_count(nation)
        made = sum(1 for o in orders if o.board == key and o.kind in ("build", "waive"))
        out.extend(Waive(nation, key) for _ in range(owed - made))
    return mend_convoys(world, out)


def adjustments(world: World, nation: str, value: Valuer) -> list[Order]:
    """Builds and disbands on every active Winter board: build where ``value`` is highest
    (one unit per home centre), disband where it is lowest."""
    orders: list[Order] = []
    for key in adjustment_boards(world, nation):
        board = world.boards[key]
        owed = board.centre_count(nation) - board.unit_count(nation)
        if owed > 0:
            best = []
            for prov, choices in build_options(world, key, nation).items():
                scored = [(value(key, c.split()[0], c.split()[1]), c) for c in choices]
                v, choice = max(scored, key=lambda s: (s[0], s[1]))
                best.append((v, prov, choice))
            best.sort(key=lambda s: (-s[0], s[1]))
            for _, _, choice in best[:owed]:
                utype, loc = choice.split()
                orders.append(Build(nation, utype, Location(key, loc)))
        else:
            units = [u for u in board.units.values() if u.nation == nation]
            units.sort(key=lambda u: (value(key, u.type, u.loc), u.loc))
            orders.extend(Disband(nation, u.type, Location(key, u.loc)) for u in units[:-owed])
    return orders


def retreats(world: World, nation: str, value: Valuer) -> list[Order]:
    """In a retreat pause: each of ``nation``'s dislodged units retreats where ``value`` is
    highest, to a different place from its fellows on the same board, or disbands."""
    orders: list[Order] = []
    taken: set[tuple[BoardKey, str]] = set()
    for loc in sorted(world.pause.dislodged if world.pause else ()):
        unit = world.unit_at(loc)
        if unit is None or unit.nation != nation:
            continue
        options = [t for t in retreat_targets(world, loc) if (t.board, t.province) not in taken]
        if options:
            dest = max(options, key=lambda t: (value(t.board, unit.type, t.loc), t.loc))
            taken.add((dest.board, dest.province))
            orders.append(Retreat(nation, unit.type, loc, dest))
        else:
            orders.append(Disband(nation, unit.type, loc))
    return orders


def projected_centres(world: World) -> dict[str, set[str]]:
    """The victory measure looking one Winter ahead: for each nation, the distinct supply
    centres on active boards that it holds with a unit, or owns with nobody standing there.
    (Ownership itself changes only at Winter; this is what it would become.)"""
    centres = world.variant.supply_centres
    out: dict[str, set[str]] = {}
    for key in world.active_boards():
        board = world.boards[key]
        units = board.units
        for prov in centres:
            u = units.get(prov)
            holder = u.nation if u is not None else board.centres.get(prov)
            if holder is not None:
                out.setdefault(holder, set()).add(prov)
    return out


def standing(world: World, nation: str) -> tuple[int, int, float]:
    """How well ``nation`` stands by the victory measure: its projected unique centres, then
    minus the best rival's (a candidate that cuts the leader down also counts in its favour),
    then its units per active board (a unit saved on a past board, and the new timeline
    where it lives, count; a traveller that vanishes costs)."""
    held = projected_centres(world)
    mine = len(held.get(nation, ()))
    rival = max((len(cs) for n, cs in held.items() if n != nation), default=0)
    active = world.active_boards()
    units = sum(1 for k in active for u in world.boards[k].units.values() if u.nation == nation)
    return mine, -rival, round(units / max(1, len(active)), 6)
