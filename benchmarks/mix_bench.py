"""Engine benchmark on a realistic order mix: single-board adjudication against pydip when
few units hold and many orders go by convoy, are refused or come to nothing.

    python3 benchmarks/mix_bench.py                 # 200 phases (about a minute)
    python3 benchmarks/mix_bench.py --quick         # 40 phases
    python3 benchmarks/mix_bench.py --json out.json # also write the figures as JSON
    python3 benchmarks/mix_bench.py --profile 60    # cProfile our side on 60 phases

**The phase set.** Positions are seeded random midgame boards: single-timeline selfplay games
(``random_orders(time_travel=0.0)``, seeds 1…n) played to 1912, every Spring and Fall board
of 1903–1912 (as in ``engine_bench.py``). Their orders are made anew by :func:`mix_orders`,
seeded per phase, to the mix a real midgame shows and the older phase set lacks: armies
convoyed (alone or along chains of up to three fleets, "via convoy" where they could also
walk), supports of those moves and of other moves and holds, few holds, and orders that
are refused (a move out of reach, a convoy with no chain) or void (a support of a move
nobody makes, a convoy of an army that stays). Every unit gets an order. The set's make-up
is printed; its targets are at most 25% holds and at least 20% via-convoy, refused or void
orders.

**The comparison** (as ``engine_bench.py`` (a), paired in one process): ours is
``submit(World.from_boards(variant, [board]), orders)`` (validates, adjudicates, builds the
next board); pydip 0.1.8 builds its players and commands from the same orders (an order its
command constructors refuse becomes a hold, as ours does) and calls ``resolve_turn``. Per
phase one warm-up, then 5 alternating runs of each, min per phase; median and p90 over
phases; CPU time of the thread, collector off. Target: ours at most 0.5x pydip's time.

**The via-convoy path.** The time to validate each via-convoy move (``check``) against each
direct move of the set, median per order; and ``submit`` per phase with every convoy order
and convoyed move kept, against the same phase with the convoyed armies ordered to hold and
their fleets too (the extra cost of the convoys, per convoyed move). Target: a via-convoy
move's validation no slower than a direct move's.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from app.engine import check, Convoy, Hold, load_variant, Location, Move, submit, Support, World  # noqa: E402
from engine_bench import REPEATS, PydipMap, midgame_phases, ms, pct, profile_ours, pydip, to_pydip  # noqa: E402
from engine_scale import cpu_timed  # noqa: E402

if pydip is not None:
    from pydip.turn.resolve import resolve_turn
    import pydip.turn.resolve as pydip_resolve

FAR_MOVES = 0.08       # a move out of reach (refused)
LOST_CONVOYS = 0.12    # an army said to go via convoy where no chain of fleets could carry it (refused)
VOID_CONVOYS = 0.3     # a fleet at sea convoys an army that stays (void or refused)
MOVES = 0.45           # a unit left moves (the rest support or hold)
VOID_SUPPORTS = 0.2    # a unit left supports a move nobody makes (void)
SUPPORTS = 0.8         # a unit left supports a move or a hold (the rest hold)
CONVOY_CHANCE = 0.8    # an army that could be convoyed is


def _chains(board, variant, start: str, free_fleets: set[str], longest: int = 3) -> list[tuple[list[str], str]]:
    """(fleets, destination coast) for every chain of up to ``longest`` of ``free_fleets``
    (sea provinces) from the coast ``start`` to another coast."""
    out = []
    adj = variant.fleet_adjacent_provinces
    frontier = [[s] for s in sorted(adj[start]) if s in free_fleets]
    while frontier:
        path = frontier.pop(0)
        last = path[-1]
        for p in sorted(adj[last]):
            if variant.kind(p) == "coast" and p != start:
                out.append((path, p))
            elif p in free_fleets and p not in path and len(path) < longest:
                frontier.append(path + [p])
    return out


def mix_orders(board, variant, rng: random.Random) -> list:
    """Orders for every unit of ``board``, in the realistic mix (see the module docstring)."""
    key = board.key
    L = lambda loc: Location(key, loc)  # noqa: E731
    units = sorted(board.units.values(), key=lambda u: u.loc)
    planned: dict[str, object] = {}
    sea_fleets = {u.loc for u in units if u.type == "F" and variant.kind(u.loc.split("/")[0]) == "sea"}
    coastal_armies = [u for u in units if u.type == "A" and variant.kind(u.loc) == "coast"]
    rng.shuffle(coastal_armies)
    for a in coastal_armies:
        free = sea_fleets - set(planned)
        chains = _chains(board, variant, a.loc, free)
        if not chains or rng.random() > CONVOY_CHANCE:
            continue
        fleets, dest = rng.choice(chains)
        planned[a.loc] = Move(a.nation, "A", L(a.loc), L(dest), True)
        for f in fleets:
            planned[f] = Convoy(board.units[f].nation, "F", L(f), L(a.loc), L(dest))
    provinces = sorted(variant.provinces)
    for u in units:
        prov = u.loc.split("/")[0]
        if prov in planned:
            continue
        r = rng.random()
        near = sorted(variant.adjacent_locations(u.type, u.loc))
        if prov in sea_fleets and rng.random() < VOID_CONVOYS:
            armies = [x for x in sorted(variant.fleet_adjacent_provinces[prov])
                      if (v := board.units.get(x)) is not None and v.type == "A" and x not in planned]
            shores = [x for x in sorted(variant.fleet_adjacent_provinces[prov]) if variant.kind(x) == "coast"]
            if armies and len(shores) > 1:
                army = rng.choice(armies)
                planned[prov] = Convoy(u.nation, "F", L(u.loc), L(army), L(rng.choice([s for s in shores if s != army])))
                continue
        if r < FAR_MOVES:
            reach = variant.adjacent_provinces(u.type, u.loc)
            far = [p for p in provinces if p != prov and p not in reach and variant.kind(p) != "sea"] if u.type == "A" \
                else [x for p in provinces if p != prov and p not in reach for x in variant.fleet_locations_in(p)]
            planned[prov] = Move(u.nation, u.type, L(u.loc), L(rng.choice(far)))
        elif r < FAR_MOVES + LOST_CONVOYS and u.type == "A" and variant.kind(prov) == "coast":
            coasts = [p for p in provinces if variant.kind(p) == "coast" and p != prov]
            planned[prov] = Move(u.nation, "A", L(u.loc), L(rng.choice(coasts)), True)
        elif near and rng.random() < MOVES:
            planned[prov] = Move(u.nation, u.type, L(u.loc), L(rng.choice(near)))
    moves = [o for o in planned.values() if isinstance(o, Move)]
    for u in units:
        prov = u.loc.split("/")[0]
        if prov in planned:
            continue
        reach = variant.adjacent_provinces(u.type, u.loc)
        r = rng.random()
        if r < VOID_SUPPORTS:
            others = [x for x in sorted(reach) if x in board.units]
            if others:
                x = rng.choice(others)
                other = board.units[x]
                going = planned[x].dest.province if isinstance(planned.get(x), Move) else None
                dests = sorted(p for p in variant.adjacent_provinces(other.type, other.loc)
                               if p in reach and p != prov and p != going)
                if dests:
                    planned[prov] = Support(u.nation, u.type, L(u.loc), other.type, L(other.loc), L(rng.choice(dests)))
                    continue
        backable = [m for m in moves if m.dest.province in reach and m.dest.province != prov]
        holders = [x for x in sorted(reach) if x in board.units and not isinstance(planned.get(x), Move)]
        if (backable or holders) and rng.random() < SUPPORTS:
            if backable and (not holders or rng.random() < 0.7):
                m = rng.choice(backable)
                planned[prov] = Support(u.nation, u.type, L(u.loc), m.unit_type, m.unit, m.dest)
            else:
                x = board.units[rng.choice(holders)]
                planned[prov] = Support(u.nation, u.type, L(u.loc), x.type, L(x.loc))
        else:
            planned[prov] = Hold(u.nation, u.type, L(u.loc))
    return [planned[u.loc.split("/")[0]] for u in units]


def mix_phases(n_games: int, last_year: int, variant, seed: int = 1) -> list[tuple]:
    """(board, orders) for every midgame Spring/Fall board of the selfplay games, orders
    made by :func:`mix_orders` with a source seeded per phase."""
    out = []
    for i, (board, _, _) in enumerate(midgame_phases(n_games, 1903, last_year, variant)):
        out.append((board, mix_orders(board, variant, random.Random(f"{seed}/{i}"))))
    return out


def make_up(variant, phases: list[tuple]) -> dict:
    """What the phase set holds: orders by kind, and how many are via convoy, refused or void
    (by our engine's results)."""
    kinds: dict[str, int] = {}
    special = via = refused = void = 0
    for board, orders in phases:
        rep = submit(World.from_boards(variant, [board]), orders)
        for o, r in zip(orders, rep.results):
            kinds[o.kind] = kinds.get(o.kind, 0) + 1
            is_via = o.kind == "move" and (o.via_convoy or o.dest.province not in variant.army_adjacent.get(o.unit.loc, ())
                                           if o.unit_type == "A" else False)
            via += is_via
            refused += r.illegal
            is_void = r.status == "invalid" and not r.illegal
            void += is_void
            special += is_via or r.illegal or is_void
    total = sum(kinds.values())
    return {"orders": total, "by_kind": kinds, "hold_share": kinds.get("hold", 0) / total,
            "via_convoy": via, "refused": refused, "void": void, "special_share": special / total}


def bench(n_games: int, last_year: int, agree_n: int, profile_n: int, log) -> dict:
    variant = load_variant()
    t0 = time.perf_counter()
    phases = mix_phases(n_games, last_year, variant)
    log(f"{len(phases)} phases from {n_games} games in {time.perf_counter() - t0:.1f} s")
    out: dict = {"phases": len(phases), "games": n_games, "years": [1903, last_year]}
    out["units_per_phase_median"] = statistics.median(len(b.units) for b, _ in phases)
    out["make_up"] = make_up(variant, phases)
    if profile_n:
        out["profile"] = profile_ours(variant, [(b, o, None) for b, o in phases[:profile_n]])
    out["via_convoy_path"] = via_convoy_path(variant, phases)
    if pydip is None:
        out["pydip"] = None
        return out
    pm = PydipMap(variant)

    agree = total = 0
    examples = []
    for board, orders in phases[:agree_n]:
        rep = submit(World.from_boards(variant, [board]), orders)
        commands, moves, _ = to_pydip(pm, board, orders)
        resolve_turn(pm.game_map, commands)
        theirs = pydip_resolve.resolution_map
        for i, pos in moves:
            a = rep.results[i].status == "succeeds"
            b = bool(theirs[pos])
            total += 1
            agree += a == b
            if a != b and len(examples) < 5:
                examples.append(f"{board.key}: {orders[i]}: ours {rep.results[i].status} "
                                f"({rep.results[i].reason or '-'}), pydip {'succeeds' if b else 'fails'}")
    out["agreement"] = {"phases": min(agree_n, len(phases)), "moves": total, "agree": agree,
                        "rate": agree / total if total else float("nan"), "examples": examples}

    def pydip_built(board, orders):
        return resolve_turn(pm.game_map, to_pydip(pm, board, orders)[0])

    ours_t, theirs_t = [], []
    for board, orders in phases:
        worlds = [World.from_boards(variant, [board]) for _ in range(REPEATS + 1)]
        submit(worlds[0], orders)
        pydip_built(board, orders)
        a = b = float("inf")
        for r in range(REPEATS):
            a = min(a, cpu_timed(submit, worlds[r + 1], orders)[0])
            b = min(b, cpu_timed(pydip_built, board, orders)[0])
        ours_t.append(ms(a))
        theirs_t.append(ms(b))
    out["ours_ms"] = {"median": statistics.median(ours_t), "p90": pct(ours_t, 90)}
    out["pydip_ms"] = {"median": statistics.median(theirs_t), "p90": pct(theirs_t, 90)}
    ratios = [a / b for a, b in zip(ours_t, theirs_t)]
    out["ours_over_pydip"] = {"of_medians": out["ours_ms"]["median"] / out["pydip_ms"]["median"],
                              "median_per_phase": statistics.median(ratios), "p90_per_phase": pct(ratios, 90)}
    out["pydip"] = getattr(pydip, "__version__", "0.1.8")
    return out


def via_convoy_path(variant, phases: list[tuple]) -> dict:
    """Validation time per order: via-convoy moves against direct moves (see the docstring)."""
    direct_t, via_t = [], []
    extra = []
    for board, orders in phases:
        world = World.from_boards(variant, [board])
        for o in orders:
            if o.kind != "move":
                continue
            is_via = o.unit_type == "A" and (o.via_convoy or o.dest.province not in variant.army_adjacent.get(o.unit.loc, ()))
            normal, reason = check(world, o)
            if reason is not None:
                continue
            t = min(cpu_timed(check, world, o)[0] for _ in range(REPEATS))
            (via_t if is_via else direct_t).append(t * 1e6)
        convoyed = {o.unit.province for o in orders if o.kind == "move" and o.via_convoy}
        if convoyed:
            fleets = {o.unit.province for o in orders if o.kind == "convoy"}
            plain = [Hold(o.nation, o.unit_type, o.unit) if o.unit.province in convoyed | fleets else o for o in orders]
            w1, w2 = World.from_boards(variant, [board]), World.from_boards(variant, [board])
            submit(w1, orders)
            submit(w2, plain)
            a = min(cpu_timed(submit, World.from_boards(variant, [board]), orders)[0] for _ in range(REPEATS))
            b = min(cpu_timed(submit, World.from_boards(variant, [board]), plain)[0] for _ in range(REPEATS))
            extra.append((a - b) * 1e6 / len(convoyed))
    return {"direct_us": {"n": len(direct_t), "median": statistics.median(direct_t), "p90": pct(direct_t, 90)},
            "via_us": {"n": len(via_t), "median": statistics.median(via_t) if via_t else float("nan"),
                       "p90": pct(via_t, 90)},
            "submit_extra_per_convoyed_move_us": {"n": len(extra), "median": statistics.median(extra) if extra else 0.0}}


def render(r: dict, meta: dict) -> str:
    m = r["make_up"]
    kinds = ", ".join(f"{k} {n}" for k, n in sorted(m["by_kind"].items()))
    lines = [f"Realistic-mix engine benchmark ({meta['python']}, {meta['machine']}, {meta['seconds']:.0f} s, "
             f"load average {meta['load']})",
             f"phase set: {r['phases']} phases from {r['games']} seeded random games, S/F {r['years'][0]}-{r['years'][1]}, "
             f"median {r['units_per_phase_median']:.0f} units",
             f"  orders {m['orders']}: {kinds}",
             f"  holds {100 * m['hold_share']:.1f}% (target <= 25%: {'met' if m['hold_share'] <= 0.25 else 'NOT met'}); "
             f"via convoy {m['via_convoy']}, refused {m['refused']}, void {m['void']}: "
             f"{100 * m['special_share']:.1f}% of orders (target >= 20%: {'met' if m['special_share'] >= 0.2 else 'NOT met'})"]
    v = r["via_convoy_path"]
    lines.append(f"validation per order (check, min of {REPEATS}, median over orders): direct move "
                 f"{v['direct_us']['median']:.1f} us (p90 {v['direct_us']['p90']:.1f}, n {v['direct_us']['n']}), "
                 f"via-convoy move {v['via_us']['median']:.1f} us (p90 {v['via_us']['p90']:.1f}, n {v['via_us']['n']}): "
                 f"{v['via_us']['median'] / v['direct_us']['median']:.2f}x "
                 f"(target: no slower, within the timer's 5%: "
                 f"{'met' if v['via_us']['median'] <= v['direct_us']['median'] * 1.05 else 'NOT met'})")
    lines.append(f"submit() extra per convoyed move (its fleets' convoy orders included) over holding them: "
                 f"{v['submit_extra_per_convoyed_move_us']['median']:.1f} us (median of {v['submit_extra_per_convoyed_move_us']['n']} phases)")
    if r.get("pydip"):
        o, p, q = r["ours_ms"], r["pydip_ms"], r["ours_over_pydip"]
        lines.append(f"ours submit(): median {o['median']:.3f} ms, p90 {o['p90']:.3f} ms")
        lines.append(f"pydip {r['pydip']} commands + resolve_turn(): median {p['median']:.3f} ms, p90 {p['p90']:.3f} ms")
        lines.append(f"ours / pydip: {q['of_medians']:.2f} (of the medians); per phase median {q['median_per_phase']:.2f}, "
                     f"p90 {q['p90_per_phase']:.2f} (target <= 0.5: {'met' if q['of_medians'] <= 0.5 else 'NOT met'})")
        a = r["agreement"]
        lines.append(f"move outcomes agree with pydip: {a['agree']}/{a['moves']} ({100 * a['rate']:.1f}%), "
                     f"first {a['phases']} phases")
        lines += [f"  disagreement: {e}" for e in a["examples"]]
    else:
        lines.append("pydip not installed (pip install -e '.[bench]'): no comparison")
    if "profile" in r:
        for key in ("cumulative", "tottime"):
            lines.append(f"\ncProfile of our side, {r['profile']['phases']} phases, top 15 by {key}:")
            lines.append(r["profile"][key])
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="40 phases")
    ap.add_argument("--json", metavar="FILE")
    ap.add_argument("--profile", type=int, metavar="N", default=0)
    args = ap.parse_args(argv)
    log = lambda m: print(m, file=sys.stderr, flush=True)  # noqa: E731
    t0 = time.perf_counter()
    games, last_year, agree_n = (2, 1907, 40) if args.quick else (10, 1912, 200)
    r = bench(games, last_year, agree_n, args.profile, log)
    import os
    meta = {"python": f"Python {platform.python_version()}", "machine": platform.machine(),
            "seconds": time.perf_counter() - t0, "load": " ".join(f"{x:.1f}" for x in os.getloadavg())}
    print(render(r, meta))
    if args.json:
        Path(args.json).write_text(json.dumps({"meta": meta, **r}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
