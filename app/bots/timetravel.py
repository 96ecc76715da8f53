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

from app.engine import (adjacent_board_keys, check, Convoy, direct_targets, Hold, Location, Move, Order,
                        Space, submit, Support, World)

from .common import movement_boards, own_units, standing

Candidate = tuple[Order, ...]


Score = Callable[[World, str], tuple]  # a world after the candidate, the nation -> how it stands (higher is better)


def evaluate(world: World, nation: str, orders: list[Order], score: Score = standing,
             others: tuple[Order, ...] | list[Order] = ()) -> tuple:
    """Where ``nation`` stands after ``orders`` are adjudicated (with ``others``: the rivals'
    likely orders, else they hold; dislodged units that would retreat are counted as lost,
    on every side), by ``score`` (default: :func:`app.bots.common.standing`)."""
    after = submit(world, list(orders) + list(others)).world
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


def candidates(world: World, nation: str, plan: list[Order], rng: random.Random,
               meet_own_past: bool = False) -> list[Candidate]:
    """Cross-board candidates, most promising kinds first, each kind in a seeded order:
    supports of the nation's failed moves on past boards (they may succeed now), moves into
    past boards, moves to neighbouring timelines, convoys to another board, supports of its
    planned moves on neighbouring timelines, then between active timelines: a support to
    hold for its unit that rivals could attack there, and a supported attack (its unit
    there moves, the unit here backs it) on a rival or an empty centre it does not own.

    Unless ``meet_own_past``, never a move into a past board where one of the nation's own
    units entered or stayed in that province: it could only bounce its own past self (or
    fail against it), and the timeline that forks is one where the nation did worse."""
    v = world.variant
    loose = world.adjacency == "loose"
    supports_past: list[Candidate] = []
    moves_past: list[Candidate] = []
    moves_across: list[Candidate] = []
    supports_across: list[Candidate] = []
    convoys: list[Candidate] = []
    planned_moves = [o for o in plan if isinstance(o, Move)]
    planned = {o.unit.space: o for o in plan if hasattr(o, "unit")}
    for key in movement_boards(world, nation):
        board = world.boards[key]
        near = [k for k in adjacent_board_keys(key) if k in world.boards]
        for loc in own_units(world, key, nation):
            unit = board.units[loc.province]
            for t in direct_targets(world, loc):
                if t.board != key:
                    active = world.is_active(t.board)
                    if not active and not meet_own_past and own_there(world, t, nation):
                        continue
                    group = moves_across if active else moves_past
                    group.append((Move(nation, unit.type, loc, t),))
            reach = {loc.province} | (set(v.adjacent_provinces(unit.type, unit.loc)) if loose else set())
            for other in near:
                if world.is_active(other):
                    for m in planned_moves:
                        if m.unit.board == other and m.dest.board == other and m.dest.province in reach:
                            supports_across.append((Support(nation, unit.type, loc, m.unit_type, m.unit, m.dest),))
                    supports_across.extend(_holds_across(world, nation, unit, loc, other, reach, planned))
                    supports_across.extend(_attacks_across(world, nation, unit, loc, other, reach, planned))
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


def own_there(world: World, target: Location, nation: str) -> bool:
    """Whether, on the past board of ``target``, a unit of ``nation`` entered its province
    (a move that succeeded) or stood there without moving away."""
    board = world.boards[target.board]
    p = target.province
    for o, r in zip(world.orders.get(target.board, ()), world.results.get(target.board, ())):
        if o.nation != nation:
            continue
        if isinstance(o, Move) and o.dest.province == p and r.moved:
            return True
        if o.unit.province == p and not (isinstance(o, Move) and r.moved) and not r.dislodged:
            return True
    u = board.units.get(p)
    return u is not None and u.nation == nation and not world.orders.get(target.board)


def _threatened(world: World, key, province: str, nation: str) -> bool:
    """Whether a rival unit on board ``key`` could move into ``province`` there."""
    v = world.variant
    return any(u.nation != nation and province in v.adjacent_provinces(u.type, u.loc)
               for u in world.boards[key].units.values())


def _holds_across(world: World, nation: str, unit, loc: Location, other, reach: set, planned: dict
                  ) -> list[Candidate]:
    """Support to hold, from ``loc``, for each unit of the nation on the active board
    ``other`` within reach that rivals could attack there (one planned to move stays)."""
    out: list[Candidate] = []
    board = world.boards[other]
    for p in sorted(reach):
        u = board.units.get(p)
        if u is None or u.nation != nation:
            continue
        there = Location(other, u.loc)
        if not _threatened(world, other, p, nation):
            continue
        backing = Support(nation, unit.type, loc, u.type, there, None)
        if isinstance(planned.get(there.space), Move):
            out.append((Hold(nation, u.type, there), backing))   # it stays, and holds with help
        else:
            out.append((backing,))
    return out


def _attacks_across(world: World, nation: str, unit, loc: Location, other, reach: set, planned: dict
                    ) -> list[Candidate]:
    """Supported attacks on the active board ``other``: into each province within reach of
    ``loc`` that holds a rival unit or is a centre the nation does not own there, one of the
    nation's units there moves in and the unit at ``loc`` supports it."""
    v = world.variant
    board = world.boards[other]
    out: list[Candidate] = []
    for p in sorted(reach):
        occupant = board.units.get(p)
        if occupant is not None and occupant.nation == nation:
            continue
        if occupant is None and not (p in v.supply_centres and board.centres.get(p) != nation):
            continue
        for mover in sorted((u for u in board.units.values() if u.nation == nation), key=lambda u: u.loc):
            dest = next((d for d in sorted(v.adjacent_locations(mover.type, mover.loc)) if d.split("/")[0] == p), None)
            if dest is None:
                continue
            at = Location(other, mover.loc)
            to = Location(other, dest)
            already = planned.get(at.space)
            if isinstance(already, Move) and already.dest == to:
                continue   # (its support alone is a candidate of its own)
            out.append((Move(nation, mover.type, at, to), Support(nation, unit.type, loc, mover.type, at, to)))
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
    """The plan with the candidate's orders instead of its units' orders, and every
    support in it that no longer matches what the backed unit of the plan now does (it
    travels instead of holding, or moves elsewhere) made a hold: the engine would void it."""
    mine = {_unit_key(o) for o in candidate}
    out = [o for o in plan if not (hasattr(o, "unit") and _unit_key(o) in mine)] + list(candidate)
    does = {o.unit.space: o for o in out if hasattr(o, "unit")}
    return [Hold(o.nation, o.unit_type, o.unit) if isinstance(o, Support) and _unbacked(o, does.get(o.supported.space))
            else o for o in out]


def _unbacked(support: Support, backed: Order | None) -> bool:
    """Whether the plan's order for the supported unit is not what ``support`` backs."""
    if backed is None or backed.nation != support.nation:
        return False   # a rival's unit, or one without an order here (it holds)
    if support.dest is None:
        return isinstance(backed, Move)
    return not (isinstance(backed, Move) and backed.dest.space == support.dest.space)


def improve(world: World, nation: str, plan: list[Order], rng: random.Random, budget: int,
            score: Score = standing, rank: Callable[[Candidate], tuple] | None = None,
            log: list[tuple[Candidate, bool]] | None = None,
            replies: tuple[tuple[Order, ...], ...] = ((),), meet_own_past: bool = False,
            first: tuple[Candidate, ...] | list[Candidate] = ()) -> list[Order]:
    """The plan, with every time-travel candidate that the adjudicator shows to help (by
    ``score`` summed over ``replies``: the rivals' likely orders, each set adjudicated
    with the plan; by default they hold). ``budget`` counts adjudications. ``rank``:
    candidates are tried lowest first (after the seeded shuffle); ``log`` receives each
    candidate adjudicated and whether it was kept; ``meet_own_past``: see :func:`candidates`;
    ``first``: candidates of the caller's own, tried before all others."""
    if world.pause is not None or budget <= 0 or not movement_boards(world, nation):
        return plan
    found = candidates(world, nation, plan, rng, meet_own_past)
    if rank is not None:
        found.sort(key=rank)
    found = list(first) + found
    if not found:
        return plan
    def judged(orders: list[Order]) -> tuple:
        values = [evaluate(world, nation, orders, score, reply) for reply in replies]
        return tuple(sum(parts) for parts in zip(*values))

    best = judged(plan)
    tried = 0
    for cand in found:
        if tried >= budget:
            break
        legal = _legal(world, cand)
        if legal is None:
            continue
        tried += len(replies)
        trial = replace(plan, legal)
        value = judged(trial)
        if log is not None:
            log.append((legal, value > best))
        if value > best:
            plan, best = trial, value
    return plan


__all__ = ["Candidate", "budget_for", "candidates", "evaluate", "improve", "own_there", "replace"]
