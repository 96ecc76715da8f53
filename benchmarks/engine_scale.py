"""Big worlds for the engine benchmark: grown once with selfplay (victory off), cached as saves.

Growing a 2000-board world takes minutes; the saves are kept in ``benchmarks/.cache``
(git-ignored through its own ``.gitignore``) so that reruns start at once. Delete the
folder to grow them again.
"""

from __future__ import annotations

import gc
import random
import sys
import time
from pathlib import Path

from app.bots.selfplay import grow_world, random_orders
from app.engine import without_victory
from app.engine import Game, submit, World

CACHE = Path(__file__).resolve().parent / ".cache"


def _cache_path(boards: int, seed: int) -> Path:
    return CACHE / f"world_{boards}_seed{seed}.json"


def big_worlds(sizes: list[int], seed: int = 1, log=lambda m: None) -> dict[int, World]:
    """For each size, a movement-phase world of at least that many boards: selfplay from the
    standard start with victory off (``grow_world``; the same seed gives the same game, so
    the smaller worlds are the bigger one's past). Loaded from the cache when there."""
    out: dict[int, World] = {}
    for n in sizes:
        p = _cache_path(n, seed)
        if p.exists():
            game = Game.load(p)
        else:
            t0 = time.perf_counter()
            game = grow_world("standard", "strict", seed, boards=n, victory=False)
            CACHE.mkdir(exist_ok=True)
            (CACHE / ".gitignore").write_text("*\n")
            game.save(p)
            log(f"grew {len(game.world.boards)} boards in {time.perf_counter() - t0:.0f} s (cached in {p})")
        w = game.world
        w = w.derive(variant=without_victory(w.variant))  # the save names the plain variant
        if w.pause is not None:  # finish a retreat pause: submissions are timed on movement
            w = submit(w, random_orders(w, random.Random(seed))).world
        out[n] = w
    return out


def submission_orders(world: World, seed: int = 7) -> list:
    """One submission's worth of selfplay orders for ``world`` (the same every run)."""
    return random_orders(world, random.Random(seed), 0.3, 8)


def cpu_timed(fn, *args):
    """CPU seconds of this thread for one call, collector off. On a shared machine a call
    of tens of milliseconds is preempted a few times and its wall time grows with the
    load; its CPU time does not."""
    gc_was = gc.isenabled()
    gc.disable()
    try:
        t0 = time.thread_time()
        out = fn(*args)
        return time.thread_time() - t0, out
    finally:
        if gc_was:
            gc.enable()


def measure_scale(worlds: dict[int, World], timed=cpu_timed, repeats: int = 7, n_units: int = 60) -> list[dict]:
    """Per world size (times are CPU times, see :func:`cpu_timed`):

    - the next movement submission (selfplay orders, seed 7) and, when it dislodges a unit
      that may retreat, the retreat submission that finishes it: min of ``repeats`` runs
      after a warm-up (min, not median: the machine is shared and noise only adds);
    - its cost per order: the movement submission's time over the unit orders it
      adjudicates on active boards (orders given plus the holds of units without one);
    - the legal-target queries for up to ``n_units`` units on active movement boards
      (min of 3 calls per unit; median, p90 and max over units).
    """
    from app.engine import Location
    from app.engine import move_targets, support_options

    rows = []
    for n, w in sorted(worlds.items()):
        orders = submission_orders(w)
        report = submit(w, orders)
        sub = min(timed(submit, w, orders)[0] for _ in range(repeats)) * 1000
        unit_orders = sum(len(w.boards[k].units) for k in w.active_boards() if k.turn.is_movement) \
            + sum(1 for o in orders if o.kind in ("build", "waive"))
        retreat = None
        if report.world.pause is not None:
            paused = report.world
            retreats = random_orders(paused, random.Random(7))
            submit(paused, retreats)
            retreat = min(timed(submit, paused, retreats)[0] for _ in range(repeats)) * 1000
        units = [Location(k, u.loc) for k in w.active_boards() if k.turn.is_movement
                 for u in w.boards[k].units.values()]
        random.Random(0).shuffle(units)
        units = units[:n_units]
        mt, so = [], []
        for loc in units:
            mt.append(min(timed(move_targets, w, loc)[0] for _ in range(3)) * 1000)
            so.append(min(timed(support_options, w, loc)[0] for _ in range(3)) * 1000)
        rows.append({"size": n, "boards": len(w.boards), "timelines": len(w.timelines),
                     "active": len(w.active_boards()), "orders": len(orders), "unit_orders": unit_orders,
                     "submit_ms": sub, "per_order_ms": sub / max(unit_orders, 1), "retreat_ms": retreat,
                     "units": len(units), "move_targets_ms": _spread(mt), "support_options_ms": _spread(so)})
    return rows


def _spread(values: list[float]) -> dict:
    s = sorted(values)
    if not s:
        return {"median": float("nan"), "p90": float("nan"), "max": float("nan")}
    k = (len(s) - 1) * 0.9
    lo, hi = int(k), min(int(k) + 1, len(s) - 1)
    return {"median": s[len(s) // 2] if len(s) % 2 else (s[len(s) // 2 - 1] + s[len(s) // 2]) / 2,
            "p90": s[lo] + (s[hi] - s[lo]) * (k - lo), "max": s[-1]}


def render_scale(rows: list[dict]) -> list[str]:
    head = ["boards", "active", "orders given", "unit orders", "movement submit", "per order", "retreat submit",
            "move_targets p90 / max", "support_options p90 / max"]
    body = [[str(r["boards"]), str(r["active"]), str(r["orders"]), str(r["unit_orders"]), f"{r['submit_ms']:.1f} ms",
             f"{1000 * r['per_order_ms']:.1f} us",
             f"{r['retreat_ms']:.1f} ms" if r["retreat_ms"] is not None else "(no pause)",
             f"{r['move_targets_ms']['p90']:.2f} / {r['move_targets_ms']['max']:.2f} ms",
             f"{r['support_options_ms']['p90']:.2f} / {r['support_options_ms']['max']:.2f} ms"] for r in rows]
    widths = [max(len(x[i]) for x in body + [head]) for i in range(len(head))]
    fmt = lambda cells: "  ".join(c.rjust(w) for c, w in zip(cells, widths))  # noqa: E731
    lines = [fmt(head), fmt(["-" * w for w in widths])] + [fmt(b) for b in body]
    if len(rows) >= 2:
        first, last = rows[0], rows[-1]
        ratio = last["per_order_ms"] / first["per_order_ms"]
        lines.append(f"per order, {last['boards']} boards / {first['boards']} boards: {ratio:.2f}x "
                     f"(target <= 1.3x: {'met' if ratio <= 1.3 else 'NOT met'})")
    big = [r for r in rows if r["boards"] >= 300]
    if big:
        worst = max(r["support_options_ms"]["p90"] for r in big)
        lines.append(f"support_options p90 on 300+ boards, worst size: {worst:.2f} ms "
                     f"(target <= 2 ms: {'met' if worst <= 2 else 'NOT met'})")
    return lines


if __name__ == "__main__":  # grow the cache ahead of a benchmark run
    sizes = [int(a) for a in sys.argv[1:]] or [100, 300, 1000, 2000]
    for n, w in big_worlds(sizes, log=lambda m: print(m, flush=True)).items():
        print(n, len(w.boards), "boards", len(w.active_boards()), "active", w.phase)


