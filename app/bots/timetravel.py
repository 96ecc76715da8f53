"""Time travel for every level: candidates across boards, kept only when the engine says so.

A plan for one submission is made board by board. Then the player looks across boards:
moving a unit into the past of its timeline or to a neighbouring timeline, supporting a move
that failed on a past board (it may succeed now, and fork a timeline where it did), or
convoying its army to another board. Each candidate replaces its units' orders in the plan
and the whole world is adjudicated by the real engine (:func:`app.engine.rules.submission.submit`,
every other nation holding); the candidate is kept only when the nation then stands
better by the victory measure (:func:`app.bots.common.standing`). Candidates are tried in a
seeded order, at most ``budget`` of them, so a decision is as deterministic as it is quick.
"""

from __future__ import annotations

import random
from typing import Callable

from app.engine import (adjacent_board_keys, check, Convoy, direct_targets, Location, Move, Order,
                        Space, submit, Support, World)

from .common import movement_boards, own_units, standing

Candidate = tuple[Order, ...]


Score = Callable[[World, str], tuple]  # a world after the candidate, the nation -> how it stands (higher is better)


def evaluate(world: World, nation: str, orders: list[Order], score: Score = standing) -> tuple:
    """Where ``nation`` stands after ``orders`` are adjudicated (others hold; dislodged
    units that would retreat are counted as lost, on every side), by ``score`` (default:
    :func:`app.bots.common.standing`)."""
    after = submit(world, orders).world
    if after.pause is not None:
        after = submit(after, []).world
    return score(after, nation)


def budget_for(world: World, share: float = 1.0) -> int:
    """How many candidates to adjudicate: many on a small world, few on a large one (each
    costs a submission, whose price grows with the world)."""
    return max(2, min(20, int(share * 1200 / (len(world.boards) + 40))))


def _unit_key(o: Order) -> Space:
    return o.unit.space


def _legal(world: World, orders: Candidate) -> Candidate | None:
    out = []
    for o in orders:
        normal, reason = check(world, o)
        if reason is not None:
            return None
        out.append(normal)
    return tuple(out)


def candidates(world: World, nation: str, plan: list[Order], rng: random.Random) -> list[Candidate]:
    """Cross-board candidates, most promising kinds first, each kind in a seeded order:
    supports of the nation's failed moves on past boards (they may succeed now), moves into
    past boards, moves to neighbouring timelines, convoys to another board, supports of its
    planned moves on neighbouring timelines."""
    v = world.variant
    loose = world.adjacency == "loose"
    supports_past: list[Candidate] = []
    moves_past: list[Candidate] = []
    moves_across: list[Candidate] = []
    supports_across: list[Candidate] = []
    convoys: list[Candidate] = []
    planned_moves = [o for o in plan if isinstance(o, Move)]
    for key in movement_boards(world, nation):
        board = world.boards[key]
        near = [k for k in adjacent_board_keys(key) if k in world.boards]
        for loc in own_units(world, key, nation):
            unit = board.units[loc.province]
            for t in direct_targets(world, loc):
                if t.board != key:
                    group = moves_across if world.is_active(t.board) else moves_past
                    group.append((Move(nation, unit.type, loc, t),))
            reach = {loc.province} | (set(v.adjacent_provinces(unit.type, unit.loc)) if loose else set())
            for other in near:
                if world.is_active(other):
                    for m in planned_moves:
                        if m.unit.board == other and m.dest.board == other and m.dest.province in reach:
                            supports_across.append((Support(nation, unit.type, loc, m.unit_type, m.unit, m.dest),))
                    continue
                for o, r in zip(world.orders.get(other, ()), world.results.get(other, ())):
                    if o.nation != nation or r.illegal:
                        continue
                    if isinstance(o, Move) and not r.moved and o.dest.province in reach:
                        supports_past.append((Support(nation, unit.type, loc, o.unit_type, o.unit, o.dest),))
                    elif r.dislodged and not isinstance(o, Move) and o.unit.province in reach:
                        supports_past.append((Support(nation, unit.type, loc, o.unit_type, o.unit, None),))
            if unit.type == "F" and loc.province in v.convoy_waters:   # seas, and ports (RULES.md §12)
                convoys.extend(_convoys(world, nation, loc, near))
    out: list[Candidate] = []
    for group in (supports_past, moves_past, moves_across, convoys, supports_across):
        rng.shuffle(group)
        out.extend(group)
    return out


def _convoys(world: World, nation: str, fleet: Location, near: list) -> list[Candidate]:
    """One's own army carried by one's own fleet at ``fleet`` to a coast on another board:
    in loose adjacency straight across; in strict, through one's own fleet in the same sea
    on a neighbouring active board. (Longer chains are left to the players.)"""
    v = world.variant
    sea = fleet.province
    shores = [p for p in sorted(v.fleet_adjacent_provinces[sea]) if v.kind(p) == "coast"]
    board = world.boards[fleet.board]
    armies = [Location(fleet.board, p) for p in shores
              if (u := board.units.get(p)) is not None and u.nation == nation and u.type == "A"]
    out: list[Candidate] = []
    for other in near:
        if not other.turn.is_movement:
            continue
        fleets = [fleet]
        if world.adjacency == "strict":
            u = world.boards[other].units.get(sea)
            if u is None or u.nation != nation or u.type != "F" or not world.is_active(other):
                continue
            fleets.append(Location(other, sea))
        for army in armies:
            for p in shores:
                dest = Location(other, p)
                out.append((Move(nation, "A", army, dest, True),)
                           + tuple(Convoy(nation, "F", f, army, dest) for f in fleets))
    return out


def replace(plan: list[Order], candidate: Candidate) -> list[Order]:
    """The plan with the candidate's orders instead of its units' orders."""
    mine = {_unit_key(o) for o in candidate}
    return [o for o in plan if not (hasattr(o, "unit") and _unit_key(o) in mine)] + list(candidate)


def improve(world: World, nation: str, plan: list[Order], rng: random.Random, budget: int,
            score: Score = standing, rank: Callable[[Candidate], tuple] | None = None,
            log: list[tuple[Candidate, bool]] | None = None) -> list[Order]:
    """The plan, with every time-travel candidate that the adjudicator shows to help (by
    ``score``). ``rank``: candidates are tried lowest first (after the seeded shuffle);
    ``log`` receives each candidate adjudicated and whether it was kept."""
    if world.pause is not None or budget <= 0 or not movement_boards(world, nation):
        return plan
    found = candidates(world, nation, plan, rng)
    if rank is not None:
        found.sort(key=rank)
    if not found:
        return plan
    best = evaluate(world, nation, plan, score)
    tried = 0
    for cand in found:
        if tried >= budget:
            break
        legal = _legal(world, cand)
        if legal is None:
            continue
        tried += 1
        trial = replace(plan, legal)
        value = evaluate(world, nation, trial, score)
        if log is not None:
            log.append((legal, value > best))
        if value > best:
            plan, best = trial, value
    return plan


__all__ = ["Candidate", "budget_for", "candidates", "evaluate", "improve", "replace"]
