"""Selfplay: legal, varied random orders for every nation, to grow large worlds.

Each submission gives every unit on an active board an order: holds, moves (now and
then through time: into the past of its own timeline or across to a neighbouring
timeline), supports of planned moves and holds, convoys of armies over one fleet, and on
Winter boards builds and disbands; in a retreat pause, retreats. Every order is asked of
:func:`app.engine.validation.check` before it is given. The same seed gives the same
world, move for move. The Random computer player plays these orders.

    python -m app selfplay --turns 40 --seed 1 --out big.json
    python -m app selfplay --boards 300 --no-victory --seed 7 --out huge.json
"""

from __future__ import annotations

import argparse
import copy
import random
import sys
import time
from pathlib import Path

from app.engine.coords import Location
from app.engine.game import Game
from app.engine.orders import Build, Convoy, Disband, Move, Order, Retreat, Support
from app.engine.targets import build_options, direct_targets, retreat_targets
from app.engine.validation import check
from app.engine.variant import Variant, load_variant
from app.engine.world import World


def random_orders(world: World, rng: random.Random, time_travel: float = 0.3,
                  max_travellers: int = 8, move_rate: float = 0.25) -> list[Order]:
    """One submission's worth of orders for every nation on every active board."""
    if world.pause is not None:
        return _retreats(world, rng)
    orders: list[Order] = []
    travellers = 0
    keys = world.active_boards()
    rng.shuffle(keys)
    for key in keys:
        board = world.boards[key]
        if not board.is_movement:
            orders.extend(_adjustments(world, key, rng))
            continue
        planned: dict[str, Order] = {}
        units = sorted(board.units.values(), key=lambda u: u.loc)
        for u in units:
            loc = Location(key, u.loc)
            targets = direct_targets(world, loc)
            if not targets:
                continue
            across = [t for t in targets if t.board != key]
            here = [t for t in targets if t.board == key]
            r = rng.random()
            if across and travellers < max_travellers and r < time_travel:
                dest = rng.choice(across)
                travellers += 1
            elif here and r < move_rate:
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
    for fleet in units:
        prov = fleet.loc.split("/")[0]
        if fleet.type != "F" or v.kind(prov) != "sea" or prov in planned or rng.random() > 0.3:
            continue
        shores = sorted(p for p in v.fleet_adjacent_provinces[prov] if v.kind(p) == "coast")
        armies = [p for p in shores if (u := board.units.get(p)) and u.type == "A" and p not in planned]
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


def _adjustments(world: World, key, rng: random.Random) -> list[Order]:
    board = world.boards[key]
    orders: list[Order] = []
    for nation in world.variant.nation_names:
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


def _retreats(world: World, rng: random.Random) -> list[Order]:
    orders: list[Order] = []
    for loc in sorted(world.pause.dislodged):
        unit = world.unit_at(loc)
        targets = retreat_targets(world, loc)
        if targets and rng.random() < 0.85:
            orders.append(Retreat(unit.nation, unit.type, loc, rng.choice(targets)))
        else:
            orders.append(Disband(unit.nation, unit.type, loc))
    return orders


def no_victory(variant: Variant) -> Variant:
    """A copy of ``variant`` in which nobody can win (the victory count is out of reach), so
    a world can grow past the point where a nation would have won. The loaded variant,
    shared by every game, is left as it is."""
    v = copy.copy(variant)
    v.victory_centres = v.centre_count + 1
    return v


def grow_world(variant: str | Variant = "standard", adjacency: str = "strict", seed: int = 0,
               turns: int | None = None, boards: int | None = None, victory: bool = True, *,
               time_travel: float = 0.3, max_travellers: int = 8, progress=None) -> Game:
    """Play random legal orders from the variant's start until ``turns`` submissions are
    played or the world has at least ``boards`` boards, whichever comes first (at least one
    of the two must be given). The game stops early on victory unless ``victory`` is False.

    >>> g = grow_world(seed=1, boards=12)
    >>> len(g.world.boards) >= 12
    True
    """
    if turns is None and boards is None:
        raise ValueError("grow_world needs turns or boards (or both)")
    v = load_variant(variant) if isinstance(variant, str) else variant
    if not victory:
        v = no_victory(v)
    rng = random.Random(seed)
    game = Game.new(v, adjacency, seed)
    played = 0
    while turns is None or played < turns:
        if game.world.phase == "over" or (boards is not None and len(game.world.boards) >= boards):
            break
        game.submit(random_orders(game.world, rng, time_travel, max_travellers))
        played += 1
        if progress:
            progress(played, game.world)
    game.meta["selfplay"] = {"seed": seed, "submissions": played, "victory": victory}
    return game


def play(submissions: int, seed: int, variant: str = "standard", adjacency: str = "strict",
         time_travel: float = 0.3, max_travellers: int = 8, progress=None) -> Game:
    """Play ``submissions`` submissions from the start (stops early on victory):
    :func:`grow_world` by number of submissions."""
    return grow_world(variant, adjacency, seed, turns=submissions, time_travel=time_travel,
                      max_travellers=max_travellers, progress=progress)


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m app selfplay",
                                 description="Play random legal orders for every nation and save the game.")
    ap.add_argument("--turns", type=int, help="number of submissions to play (at most)")
    ap.add_argument("--boards", type=int, help="play until the world has at least this many boards")
    ap.add_argument("--no-victory", action="store_true",
                    help="keep playing past a solo win (nobody can win; for benchmarks)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", required=True, help="save file to write")
    ap.add_argument("--adjacency", choices=["strict", "loose"], default="strict")
    ap.add_argument("--time-travel", type=float, default=0.3,
                    help="chance that a unit tries a move to another board (default 0.3, at most 8 a submission)")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    if args.turns is None and args.boards is None:
        ap.error("give --turns or --boards (or both)")
    t0 = time.perf_counter()
    goal = " / ".join(x for x in (f"{args.turns} submissions" if args.turns is not None else "",
                                  f"{args.boards} boards" if args.boards is not None else "") if x)

    def progress(i: int, w: World) -> None:
        if not args.quiet:
            print(f"\r\033[Ksubmission {i} ({goal}): {len(w.boards)} boards, {len(w.timelines)} timelines",
                  end="", file=sys.stderr, flush=True)

    game = grow_world(adjacency=args.adjacency, seed=args.seed, turns=args.turns, boards=args.boards,
                      victory=not args.no_victory, time_travel=args.time_travel, progress=progress)
    game.save(Path(args.out))
    w = game.world
    if not args.quiet:
        print(file=sys.stderr)
    print(f"{args.out}: {len(game.submissions)} submissions, {len(w.boards)} boards, {len(w.timelines)} timelines, "
          f"phase {w.phase}, {time.perf_counter() - t0:.1f} s")
    return 0
