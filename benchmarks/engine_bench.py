"""Engine benchmark: single-board adjudication against pydip, and the multiverse engine at scale.

    python3 benchmarks/engine_bench.py                 # full run (~200 phases vs pydip)
    python3 benchmarks/engine_bench.py --quick         # a few seconds
    python3 benchmarks/engine_bench.py --json out.json # also write the figures as JSON
    python3 benchmarks/engine_bench.py --profile 50    # cProfile our side of (a) on 50 phases
    python3 benchmarks/engine_bench.py --no-multiverse --sizes 300,1000,2000   # (a) and (c) only

(a) Single-board movement adjudication. Single-timeline games are played with
    ``app.bots.selfplay.random_orders(time_travel=0.0)``; every Spring/Fall board of 1903
    and later is taken with the orders given on it (default holds included). Each phase is
    adjudicated by our engine (``submit`` on a one-board ``World.from_boards``) and by pydip
    0.1.8 (``resolve_turn`` on the same position and orders translated to pydip's vanilla map).
    Setup is outside the timer. Each phase: one warm-up, then 5 timed runs each (alternating),
    min per phase; the table shows median and p90 over phases. Times are the CPU time of the
    thread (a shared machine's other work is not charged to either side); the garbage
    collector is off during each timed call (as timeit does) for both engines.
(b) Multiverse: a selfplay world (``selfplay.grow_world(turns=40, seed=1)``, victory off, replayed
    here with the same rng so the orders of each submission are at hand): one submission, legal-target queries,
    save, load, file size, and submission time as the world grows.

(c) Big worlds side by side (100, 300, 1000 and 2000 boards): one selfplay game grown with
    victory off (``app.bots.selfplay.grow_world``), snapshots cached as saves in
    ``benchmarks/.cache`` (see ``engine_scale.py``). Per size: the next movement
    submission, its cost per order, the retreat submission that finishes it, and the
    legal-target queries.

Needs pydip (``pip install -e '.[bench]'``); without it (a) is skipped.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import platform
import pstats
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.engine import Convoy, Game, Hold, Location, Move, Support  # noqa: E402
from app.bots.selfplay import grow_world, random_orders  # noqa: E402
from app.engine import without_victory  # noqa: E402
from app.engine import load_variant, move_targets, submit, support_options, Variant, World  # noqa: E402
from engine_scale import big_worlds, cpu_timed, measure_scale, render_scale  # noqa: E402

try:
    import pydip
    from pydip.map.predefined import vanilla_dip
    from pydip.map.territory import CoastTerritory, LandTerritory, SeaTerritory
    from pydip.player.command.command import (ConvoyMoveCommand, ConvoyTransportCommand, HoldCommand,
                                              MoveCommand, SupportCommand)
    from pydip.player.player import Player
    from pydip.player.unit import UnitTypes
    import pydip.turn.resolve as pydip_resolve
    from pydip.turn.resolve import resolve_turn
except ImportError:  # pragma: no cover - reported in the output
    pydip = None

REPEATS = 5


def ms(seconds: float) -> float:
    return seconds * 1000.0


def pct(values: list[float], p: float) -> float:
    """The p-th percentile (nearest rank on sorted values, linear interpolation)."""
    s = sorted(values)
    if not s:
        return float("nan")
    k = (len(s) - 1) * p / 100.0
    lo, hi = int(k), min(int(k) + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (k - lo)


# =========================================================================================
# (a) inputs: midgame single-board positions from single-timeline selfplay
# =========================================================================================


def midgame_phases(n_games: int, first_year: int, last_year: int, variant: Variant) -> list[tuple]:
    """(board, orders, in-game results) for Spring/Fall boards of first_year..last_year."""
    phases = []
    for seed in range(1, n_games + 1):
        rng = random.Random(seed)
        game = Game.new(variant, seed=seed)
        while game.world.phase != "over":
            w = game.world
            if w.pause is None and min(w.ends.values()).year > last_year:
                break
            game.submit(random_orders(w, rng, time_travel=0.0))
        w = game.world
        assert w.timelines == [1], "time_travel=0.0 must stay on one timeline"
        for key in sorted(w.orders):
            if key.turn.is_movement and first_year <= key.turn.year <= last_year:
                phases.append((w.boards[key], w.orders[key], w.results[key]))
    return phases


# =========================================================================================
# (a) pydip translation
# =========================================================================================


def _norm(text: str) -> str:
    return " ".join(text.lower().replace(".", " ").replace("-", " ").split())


class PydipMap:
    """Our ids → pydip territory names, built by name and checked against both adjacency graphs."""

    # Where the two maps spell a name differently (matched after trying our name and aliases,
    # with and without a trailing "Sea").
    def __init__(self, variant: Variant):
        self.variant = variant
        self.game_map = vanilla_dip.generate_map()
        nm = self.game_map.name_map
        pydip_big = {_norm(n): n for n, t in nm.items() if not isinstance(t, CoastTerritory)}
        self.province: dict[str, str] = {}
        self.name_notes: list[str] = []
        for pid, p in variant.provinces.items():
            found = None
            for cand in (p.name, *p.aliases):
                for form in (_norm(cand), _norm(cand) + " sea", _norm(cand) + "shire"):
                    if form in pydip_big:
                        found = pydip_big[form]
                        break
                if found:
                    break
            if found is None:
                raise SystemExit(f"pydip map: no territory named like {pid} '{p.name}'")
            if _norm(found) != _norm(p.name):
                self.name_notes.append(f"{pid} '{p.name}' = '{found}'")
            self.province[pid] = found
        # Fleet locations: a sea is itself; a coastal province with one coast is '<Name> Coast';
        # split coasts are matched by name, else by which seas/coasts they touch.
        self.fleet: dict[str, str] = {}
        for pid, name in self.province.items():
            t = nm[name]
            if isinstance(t, SeaTerritory):
                self.fleet[pid] = name
            elif isinstance(t, LandTerritory) and pid not in variant.coasts_of and t.coasts:
                assert len(t.coasts) == 1, pid
                self.fleet[pid] = t.coasts[0].name
        for cid, c in variant.coasts.items():
            land = nm[self.province[c.province]]
            by_name = [k.name for k in land.coasts if _norm(c.name) in _norm(k.name)]
            if len(by_name) == 1:
                self.fleet[cid] = by_name[0]
                continue
            # bul/ec is pydip's 'Bulgaria North Coast': match by neighbours.
            ours = {self.province[x.split("/")[0]] for x in variant.fleet_adjacent[cid]}
            best = max(land.coasts, key=lambda k: len(ours & {self.game_map.relevant_name_for_territory(a)
                                                            for a in self.game_map.adjacency[k.name]}))
            self.fleet[cid] = best.name
            self.name_notes.append(f"{cid} '{c.name}' = '{best.name}' (by neighbours)")
        self.coverage = (len(self.province), len(variant.coasts))
        assert len(self.province) == 75 and len(set(self.province.values())) == 75
        assert len(variant.coasts) == 6 and all(c in self.fleet for c in variant.coasts)
        self.adjacency_mismatches = self._check_adjacency()

    def _check_adjacency(self) -> list[str]:
        v, gm, bad = self.variant, self.game_map, []
        for pid, adj in v.army_adjacent.items():
            if v.kind(pid) == "sea":
                continue
            theirs = {x for x in gm.adjacency[self.province[pid]] if isinstance(gm.name_map[x], LandTerritory)}
            if {self.province[a] for a in adj} != theirs:
                bad.append(f"army {pid}")
        for loc, adj in v.fleet_adjacent.items():
            if loc not in self.fleet:
                continue
            theirs = set(gm.adjacency[self.fleet[loc]])
            theirs = {x for x in theirs if not isinstance(gm.name_map[x], LandTerritory)}
            if {self.fleet[a] for a in adj} != theirs:
                bad.append(f"fleet {loc}")
        return bad

    def pos(self, utype: str, loc: str) -> str:
        return self.province[loc] if utype == "A" else self.fleet[loc]


def to_pydip(pm: PydipMap, board, orders) -> tuple[list, list[tuple[int, str]], int]:
    """pydip commands for one board's orders. Returns (commands, [(our index, pydip position)
    for moves], orders pydip could not express (given a hold instead))."""
    gm, v = pm.game_map, pm.variant
    by_nation: dict[str, list] = {}
    for u in board.units.values():
        by_nation.setdefault(u.nation, []).append(
            {"territory_name": pm.pos(u.type, u.loc),
             "unit_type": UnitTypes.TROOP if u.type == "A" else UnitTypes.FLEET})
    players = {n: Player(n, gm, cfg) for n, cfg in by_nation.items()}
    unit_at: dict[str, tuple] = {}  # province → (player, pydip unit)
    for n, p in players.items():
        for pu in p.units:
            unit_at[gm.relevant_name_for_territory(pu.position)] = (p, pu)

    def at(loc: Location):
        return unit_at[pm.province[loc.province]]

    move_dest: dict[str, str] = {}  # our province → pydip destination of its move

    def move_target(o: Move) -> tuple[str, bool]:
        if o.unit_type == "F":
            return pm.fleet[o.dest.loc], False
        convoy = o.via_convoy or o.dest.province not in v.army_adjacent[o.unit.loc]
        return pm.province[o.dest.province], convoy

    for o in orders:
        if isinstance(o, Move):
            move_dest[o.unit.province] = move_target(o)[0]

    commands, moves, skipped = [], [], 0
    for i, o in enumerate(orders):
        player, unit = at(o.unit)
        try:
            if isinstance(o, Hold):
                c = HoldCommand(player, unit)
            elif isinstance(o, Move):
                dest, convoy = move_target(o)
                c = (ConvoyMoveCommand if convoy else MoveCommand)(player, unit, dest)
                moves.append((i, unit.position))
            elif isinstance(o, Support):
                _, sup = at(o.supported)
                if o.dest is None:
                    dest = sup.position
                elif (md := move_dest.get(o.supported.province)) is not None \
                        and gm.relevant_name_for_territory(md) == pm.province[o.dest.province]:
                    dest = md  # pydip wants the supported move's exact destination (coast)
                elif o.supported_type == "A" or sup.unit_type == UnitTypes.TROOP:
                    dest = pm.province[o.dest.province]
                elif o.dest.loc in pm.fleet:
                    dest = pm.fleet[o.dest.loc]
                else:
                    dest = pm.fleet[v.coasts_of[o.dest.province][0]]
                c = SupportCommand(player, unit, sup, dest)
            elif isinstance(o, Convoy):
                _, army = at(o.army)
                c = ConvoyTransportCommand(player, unit, army, pm.province[o.dest.province])
            else:
                raise AssertionError(type(o).__name__)
        except AssertionError:
            skipped += 1
            c = HoldCommand(player, unit)
        commands.append(c)
    return commands, moves, skipped


# =========================================================================================
# (a) the comparison
# =========================================================================================


def ours_call(world: World, orders: list):
    return submit(world, orders)


def bench_single_board(n_games: int, last_year: int, agree_phases: int, profile_n: int, log) -> dict:
    variant = load_variant()
    t0 = time.perf_counter()
    phases = midgame_phases(n_games, 1903, last_year, variant)
    log(f"(a) {len(phases)} phases from {n_games} games in {time.perf_counter() - t0:.1f} s")
    out: dict = {"phases_generated": len(phases), "games": n_games, "years": [1903, last_year]}
    out["units_per_phase_median"] = statistics.median(len(b.units) for b, _, _ in phases)
    out["orders_by_kind"] = {}
    for _, orders, _ in phases:
        for o in orders:
            out["orders_by_kind"][o.kind] = out["orders_by_kind"].get(o.kind, 0) + 1

    # Our side: in-game results must equal a fresh one-board adjudication.
    same = 0
    for board, orders, results in phases:
        rep = submit(World.from_boards(variant, [board]), list(orders))
        same += [r.status for r in rep.results] == [r.status for r in results]
    out["one_board_equals_in_game"] = [same, len(phases)]

    if profile_n:
        out["profile"] = profile_ours(variant, phases[:profile_n])

    if pydip is None:
        out["pydip"] = None
        return out
    pm = PydipMap(variant)
    out["map"] = {"provinces": pm.coverage[0], "coasts": pm.coverage[1], "name_differences": pm.name_notes,
                  "adjacency_mismatches": pm.adjacency_mismatches}
    translated = []
    skipped_orders = skipped_phases = 0
    for board, orders, _ in phases:
        commands, moves, skipped = to_pydip(pm, board, orders)
        skipped_orders += skipped
        if skipped:
            skipped_phases += 1
            continue  # inputs would differ: leave the phase out of timing and agreement
        translated.append((board, list(orders), commands, moves))
    out["pydip_skipped_orders"] = skipped_orders
    out["pydip_skipped_phases"] = skipped_phases
    out["phases_timed"] = len(translated)

    # Agreement on which moves succeed.
    agree = total = phases_all_agree = 0
    examples = []
    for board, orders, commands, moves in translated[:agree_phases]:
        rep = submit(World.from_boards(variant, [board]), orders)
        resolve_turn(pm.game_map, commands)
        theirs = pydip_resolve.resolution_map
        ok = True
        for i, pos in moves:
            a = rep.results[i].status == "succeeds"
            b = bool(theirs[pos])
            total += 1
            if a == b:
                agree += 1
            else:
                ok = False
                if len(examples) < 5:
                    examples.append(f"{board.key}: {_fmt(orders[i])}: ours {'succeeds' if a else 'fails'} "
                                    f"({rep.results[i].reason or '-'}), pydip {'succeeds' if b else 'fails'}")
        phases_all_agree += ok
    out["agreement"] = {"phases": min(agree_phases, len(translated)), "moves": total, "agree": agree,
                        "rate": agree / total if total else float("nan"), "phases_all_agree": phases_all_agree,
                        "examples": examples}

    # Timing.
    ours_t, theirs_t, theirs_built_t = [], [], []

    def pydip_built(board, orders):
        return resolve_turn(pm.game_map, to_pydip(pm, board, orders)[0])

    for board, orders, commands, _ in translated:
        worlds = [World.from_boards(variant, [board]) for _ in range(REPEATS + 1)]
        ours_call(worlds[0], orders)           # warm-up
        resolve_turn(pm.game_map, commands)    # warm-up
        a = b = float("inf")
        for r in range(REPEATS):
            a = min(a, cpu_timed(ours_call, worlds[r + 1], orders)[0])
            b = min(b, cpu_timed(resolve_turn, pm.game_map, commands)[0])
        c = min(cpu_timed(pydip_built, board, orders)[0] for _ in range(REPEATS))
        ours_t.append(ms(a))
        theirs_t.append(ms(b))
        theirs_built_t.append(ms(c))
    out["ours_ms"] = {"median": statistics.median(ours_t), "p90": pct(ours_t, 90), "min": min(ours_t),
                      "max": max(ours_t)}
    out["pydip_ms"] = {"median": statistics.median(theirs_t), "p90": pct(theirs_t, 90), "min": min(theirs_t),
                       "max": max(theirs_t)}
    out["pydip_with_commands_ms"] = {"median": statistics.median(theirs_built_t), "p90": pct(theirs_built_t, 90)}
    out["pydip_over_ours"] = out["pydip_ms"]["median"] / out["ours_ms"]["median"]
    out["pydip"] = getattr(pydip, "__version__", "0.1.8")
    return out


def _fmt(o) -> str:
    from app.engine import format_order
    try:
        return format_order(o)
    except Exception:  # pragma: no cover
        return repr(o)


def profile_ours(variant: Variant, phases: list) -> dict:
    """cProfile of ``submit`` on each phase, 5 times (fresh worlds), after one warm-up pass."""
    inputs = [(World.from_boards(variant, [b]), list(o)) for b, o, _ in phases]
    for w, o in inputs:
        submit(w, o)
    runs = [(World.from_boards(variant, [w.boards[k]]), o) for _ in range(REPEATS) for w, o in inputs
            for k in w.boards]
    prof = cProfile.Profile()
    prof.enable()
    for w, o in runs:
        submit(w, o)
    prof.disable()
    res = {"phases": len(inputs), "runs": len(runs)}
    for key in ("cumulative", "tottime"):
        s = io.StringIO()
        pstats.Stats(prof, stream=s).strip_dirs().sort_stats(key).print_stats(15)
        text = s.getvalue()
        start = text.find("   ncalls")
        res[key] = text[start:].rstrip() if start >= 0 else text
    return res


# =========================================================================================
# (b) the multiverse
# =========================================================================================


def median_submit(world: World, orders: list, n: int = REPEATS) -> float:
    submit(world, orders)  # warm-up
    return ms(statistics.median(cpu_timed(submit, world, orders)[0] for _ in range(n)))


def bench_multiverse(turns: int, seed: int, n_units: int, thresholds: list[int], verify: bool, log) -> dict:
    out: dict = {"turns": turns, "seed": seed}
    rng = random.Random(seed)
    # Victory off (as for (c)): which nation wins by submission 40 depends on every rule,
    # and a world that is over takes no submission to time.
    variant = without_victory(load_variant())
    game = Game.new(variant, "strict", seed)
    growth = []
    pending = list(thresholds)
    t0 = time.perf_counter()
    for _ in range(turns):
        w = game.world
        if w.phase == "over":
            break
        orders = random_orders(w, rng, 0.3, 8)
        if pending and len(w.boards) >= pending[0] and w.pause is None:
            while pending and len(w.boards) >= pending[0]:
                pending.pop(0)
            growth.append({"boards": len(w.boards), "timelines": len(w.timelines),
                           "active_boards": len(w.active_boards()), "orders": len(orders),
                           "submission": w.submissions + 1, "ms": median_submit(w, orders)})
        game.submit(orders)
    game.meta["selfplay"] = {"seed": seed, "submissions": turns}
    log(f"(b) selfplay {turns} submissions, seed {seed}: {time.perf_counter() - t0:.1f} s")
    w = game.world
    if verify:
        ref = grow_world(variant, "strict", seed, turns=turns).world
        out["replay_equals_selfplay_play"] = (len(ref.boards), len(ref.timelines)) == (len(w.boards), len(w.timelines))
    out["boards"], out["timelines"] = len(w.boards), len(w.timelines)
    out["active_boards"] = len(w.active_boards())

    # One submission on the final world (a movement one: finish a retreat pause first,
    # outside the game, so that the saved game below is exactly grow_world's).
    out["final_phase"] = w.phase
    fw = w
    if fw.pause is not None:
        fw = submit(fw, random_orders(fw, rng, 0.3, 8)).world
    orders = random_orders(fw, rng, 0.3, 8)
    out["submission"] = {"boards": len(fw.boards), "timelines": len(fw.timelines),
                         "active_boards": len(fw.active_boards()), "orders": len(orders),
                         "ms": median_submit(fw, orders)}
    growth.append({"boards": len(fw.boards), "timelines": len(fw.timelines), "active_boards": len(fw.active_boards()),
                   "orders": len(orders), "submission": fw.submissions + 1, "ms": out["submission"]["ms"]})
    out["growth"] = growth

    # Legal-target queries for units on active movement boards.
    units = [Location(k, u.loc) for k in fw.active_boards() if k.turn.is_movement
             for u in fw.boards[k].units.values()]
    random.Random(0).shuffle(units)
    units = units[:n_units]
    mt, so = [], []
    for loc in units:
        move_targets(fw, loc)
        support_options(fw, loc)
        mt.append(ms(min(cpu_timed(move_targets, fw, loc)[0] for _ in range(3))))
        so.append(ms(min(cpu_timed(support_options, fw, loc)[0] for _ in range(3))))
    out["targets"] = {"units": len(units), "move_targets_ms": {"median": statistics.median(mt), "p90": pct(mt, 90)},
                      "support_options_ms": {"median": statistics.median(so), "p90": pct(so, 90)}}

    # Save and load.
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "bench.json"
        saves = [ms(cpu_timed(game.save, path)[0]) for _ in range(3)]
        size = path.stat().st_size
        loads = [ms(cpu_timed(Game.load, path)[0]) for _ in range(3)]
        loaded = Game.load(path)
    out["save_ms"] = statistics.median(saves)
    out["load_ms"] = statistics.median(loads)
    out["load_first_ms"] = loads[0]
    out["file_bytes"] = size
    out["saved_boards"] = len(game.world.boards)
    out["load_roundtrip_ok"] = len(loaded.world.boards) == len(game.world.boards)
    return out


# =========================================================================================
# the table
# =========================================================================================


def yesno(ok: bool) -> str:
    return "yes" if ok else "NO"


def render(a: dict | None, b: dict | None, meta: dict) -> str:
    rows: list[tuple[str, str, str, str, str]] = []
    notes: list[str] = []
    if a is not None and a.get("pydip") and "ours_ms" in a:
        ctx = f"{a['phases_timed']} phases, S/F {a['years'][0]}-{a['years'][1]}, {a['units_per_phase_median']:.0f} units"
        pb = a["pydip_with_commands_ms"]
        # Like for like: both sides take order text-level input and validate it. pydip
        # validates while building its command objects; our submit() validates each order.
        like = pb["median"] / a["ours_ms"]["median"]
        rows.append(("(a) ours: submit(), 1 board, median", f"{a['ours_ms']['median']:.2f} ms",
                     ctx + "; validates, adjudicates, builds the next board", "", ""))
        rows.append(("(a) ours: p90", f"{a['ours_ms']['p90']:.2f} ms", "", "", ""))
        rows.append(("(a) pydip: commands + resolve_turn()", f"{pb['median']:.2f} ms",
                     f"same inputs; validates (building commands), adjudicates; p90 {pb['p90']:.2f} ms", "", ""))
        rows.append(("(a) like for like: pydip / ours", f"{like:.2f}x",
                     "ours faster" if like > 1 else "ours SLOWER", "at most half pydip's time (>= 2x)",
                     yesno(like >= 2)))
        rows.append(("(a) pydip: resolve_turn() alone", f"{a['pydip_ms']['median']:.2f} ms",
                     f"commands built beforehand, not timed; p90 {a['pydip_ms']['p90']:.2f} ms", "", ""))
        r = a["pydip_over_ours"]
        rows.append(("(a) resolve alone / ours submit()", f"{r:.2f}x",
                     "pydip's validation left out of its side", "", ""))
        ag = a["agreement"]
        rows.append(("(a) move outcomes agree with pydip", f"{100 * ag['rate']:.1f} %",
                     f"{ag['agree']}/{ag['moves']} moves, first {ag['phases']} phases "
                     f"({ag['phases_all_agree']} phases fully agree)", "", ""))
        rows.append(("(a) orders pydip cannot express", f"{a['pydip_skipped_orders']}",
                     f"{a['pydip_skipped_phases']} phases left out", "", ""))
        s, n = a["one_board_equals_in_game"]
        rows.append(("(a) one-board result = in-game result", f"{s}/{n}", "phases (sanity)", "", ""))
    elif a is not None:
        rows.append(("(a) single board vs pydip", "skipped", "pydip not installed: pip install -e '.[bench]'",
                     "", ""))
    if b is not None:
        g = b["growth"]
        sub = b["submission"]
        ctx = f"{sub['boards']} boards, {sub['timelines']} timelines, {sub['active_boards']} active, {sub['orders']} orders"
        rows.append(("(b) one submission, median of 5", f"{sub['ms']:.1f} ms", ctx, "<= 100 ms", yesno(sub["ms"] <= 100)))
        for p in g[:-1]:
            rows.append(("(b)   submission as world grows", f"{p['ms']:.1f} ms",
                         f"{p['boards']} boards, {p['timelines']} timelines, {p['active_boards']} active, "
                         f"{p['orders']} orders (submission {p['submission']})", "<= 100 ms", yesno(p["ms"] <= 100)))
        if len(g) >= 2:
            first, last = g[0], g[-1]
            per_board = [p["ms"] / max(p["orders"], 1) for p in g]
            growth_ratio = last["ms"] / first["ms"] if first["ms"] else float("nan")
            flat = per_board[-1] <= 2.0 * per_board[0]
            rows.append(("(b)   last / first submission", f"{growth_ratio:.2f}x",
                         f"boards x{last['boards'] / first['boards']:.1f}; per order "
                         f"{per_board[0]:.2f} -> {per_board[-1]:.2f} ms", "roughly flat (per order <= 2x)", yesno(flat)))
        t = b["targets"]
        mt, so = t["move_targets_ms"], t["support_options_ms"]
        rows.append(("(b) move_targets(), median", f"{mt['median']:.2f} ms", f"{t['units']} units on active boards, p90 "
                     f"{mt['p90']:.2f} ms", "<= 5 ms", yesno(mt["median"] <= 5)))
        rows.append(("(b) support_options(), median", f"{so['median']:.2f} ms", f"{t['units']} units, p90 "
                     f"{so['p90']:.2f} ms", "<= 5 ms", yesno(so["median"] <= 5)))
        rows.append(("(b) save (game.save), median of 3", f"{b['save_ms']:.0f} ms", f"{b['saved_boards']} boards, "
                     f"{b['timelines']} timelines, {b['turns']} submissions, phase {b['final_phase']}", "", ""))
        rows.append(("(b) load (Game.load), median of 3", f"{b['load_ms']:.0f} ms", f"first load {b['load_first_ms']:.0f} ms",
                     "<= 1 s", yesno(b["load_ms"] <= 1000)))
        rows.append(("(b) save file size", f"{b['file_bytes'] / 1024:.0f} KiB", f"{b['file_bytes']} bytes", "", ""))

    head = ("measure", "value", "context", "target", "met")
    widths = [max(len(r[i]) for r in rows + [head]) for i in range(5)]
    line = "  ".join("-" * w for w in widths)
    fmt = lambda r: "  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip()  # noqa: E731
    lines = [f"5D Diplomacy engine benchmark  ({meta['python']}, {meta['machine']}, "
             f"{'quick' if meta['quick'] else 'full'} run, {meta['seconds']:.0f} s)", line, fmt(head), line]
    lines += [fmt(r) for r in rows]
    lines.append(line)
    if a is not None and a.get("pydip") and "ours_ms" in a:
        notes.append("(a) timed call, ours: app.engine.rules.submission.submit(world, orders) on a one-board world: "
                     "validates every order, adjudicates, computes retreats, builds the next board "
                     "(or the retreat pause). pydip: resolve_turn(map, commands): builds its command map, "
                     "adjudicates, computes retreats. World/Player/command construction is outside the timer. "
                     f"min of {REPEATS} runs per phase after a warm-up; CPU time of the thread, gc off during timed calls.")
        m = a["map"]
        notes.append(f"(a) map: {m['provinces']} provinces and {m['coasts']} coasts mapped to pydip names; "
                     f"adjacency mismatches: {len(m['adjacency_mismatches'])}"
                     + (f" ({', '.join(m['adjacency_mismatches'])})" if m["adjacency_mismatches"] else "")
                     + "; names that differ: " + "; ".join(m["name_differences"]))
        kinds = ", ".join(f"{k} {n}" for k, n in sorted(a["orders_by_kind"].items()))
        notes.append(f"(a) orders in the {a['phases_generated']} phases: {kinds}")
        for ex in a["agreement"]["examples"]:
            notes.append(f"(a) disagreement: {ex}")
    if b is not None:
        notes.append(f"(b) selfplay seed {b['seed']}, {b['turns']} submissions, victory off (= selfplay.grow_world(turns={b['turns']}, seed={b['seed']}, victory=False))"
                     + ("" if b.get("replay_equals_selfplay_play", True) else "  WARNING: replay differs from grow_world()")
                     + "; submission times: median of 5 re-submissions of that submission's orders on the world "
                       "before it (after a warm-up). One submission: the next random_orders() on the final world "
                       "(its retreat pause, if any, finished first). Targets: min of 3 calls per unit, median over units.")
    return "\n".join(lines + notes)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="small run: a few seconds")
    ap.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    ap.add_argument("--profile", type=int, metavar="N", default=0,
                    help="cProfile our side of (a) on N phases and print the top 15 functions")
    ap.add_argument("--no-pydip", action="store_true", help="skip (a)")
    ap.add_argument("--no-multiverse", action="store_true", help="skip (b)")
    ap.add_argument("--sizes", default=None, metavar="N,N,...",
                    help="world sizes for (c), in boards (default 100,300,1000,2000; quick 100,300; 0 skips)")
    args = ap.parse_args(argv)
    log = lambda m: print(m, file=sys.stderr, flush=True)  # noqa: E731
    t0 = time.perf_counter()
    if args.quick:
        games, last_year, agree_n, n_units, turns = 2, 1905, 12, 15, 40
    else:
        games, last_year, agree_n, n_units, turns = 10, 1912, 50, 50, 40
    a = None if args.no_pydip else bench_single_board(games, last_year, agree_n, args.profile, log)
    b = None if args.no_multiverse else bench_multiverse(turns, 1, n_units, [100, 200, 300],
                                                         verify=not args.quick, log=log)
    sizes = [int(x) for x in (args.sizes or ("100,300" if args.quick else "100,300,1000,2000")).split(",") if int(x)]
    c = None
    if sizes:
        t1 = time.perf_counter()
        c = measure_scale(big_worlds(sizes, log=log), n_units=n_units)
        log(f"(c) {len(sizes)} world sizes in {time.perf_counter() - t1:.0f} s")
    meta = {"python": f"Python {platform.python_version()}", "machine": platform.machine(),
            "quick": args.quick, "seconds": time.perf_counter() - t0}
    print(render(a, b, meta))
    if c is not None:
        print("\n(c) big worlds side by side (victory off; CPU time of the thread, collector off; "
              "submissions: min of 7 after a warm-up; targets: min of 3 per unit over up to {} units)".format(n_units))
        print("\n".join(render_scale(c)))
        if a is not None and a.get("pydip") and "ours_ms" in a:
            like = a["pydip_with_commands_ms"]["median"] / a["ours_ms"]["median"]
            print(f"single board: ours {a['ours_ms']['median']:.3f} ms, pydip commands + resolve_turn "
                  f"{a['pydip_with_commands_ms']['median']:.3f} ms: ours takes {1 / like:.2f} of pydip's time "
                  f"(target <= 0.5: {'met' if like >= 2 else 'NOT met'})")
    if a is not None and "profile" in a:
        for key in ("cumulative", "tottime"):
            print(f"\ncProfile of our side of (a): submit() on {a['profile']['phases']} phases x {REPEATS} "
                  f"({a['profile']['runs']} calls, after a warm-up), top 15 by {key}:")
            print(a["profile"][key])
    if args.json:
        Path(args.json).write_text(json.dumps({"meta": meta, "single_board": a, "multiverse": b, "big_worlds": c},
                                              indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
