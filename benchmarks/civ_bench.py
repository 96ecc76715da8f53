"""Civilisations benchmark (RULES.md §10): the seeded start, the contact and homes work of a
submission at 300 and 2000 boards, and a computer civilisation's decision.

    python3 benchmarks/civ_bench.py                   # everything
    python3 benchmarks/civ_bench.py --sizes 300       # smaller worlds only
    python3 benchmarks/civ_bench.py --json out.json   # also write the figures

(a) Start: ``civ_start`` on each shipped variant at its largest number of civilisations
    (and 7, 10, 13 on the standard map), CPU time per start, median of 20 seeds.
(b) Contact and homes per submission: the big selfplay worlds of ``engine_scale`` (standard
    map, seven nations, victory off; cached in ``benchmarks/.cache``) made civilisations
    games (homes on every board, no contact yet), then one movement submission of selfplay
    orders. Timed: the civilisations' part of that submission alone (contact rule 1 on the
    adjudicated boards, rules 2 and 3 and the homes of the new boards), and the whole
    submission with and without it. CPU time of this thread, best of 5. The target is
    ≤ 10 ms per submission at 2000 boards.
(c) A computer civilisation's decision: ten civilisations played by the computer on the
    standard map for ``--turns`` submissions (15: five years); then each level decides for each civilisation from its
    own fogged view (what a computer civilisation sees), CPU ms per decision (view making
    excluded and reported apart), and the answer to an offer.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from types import MappingProxyType

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from app.engine.civ import contact  # noqa: E402
from app.engine.rules import submission  # noqa: E402
from app.engine import Civ, civ_range, civ_start, default_nations, load_variant, start_homes  # noqa: E402


def cpu(fn, *args):
    t0 = time.thread_time()
    out = fn(*args)
    return time.thread_time() - t0, out


def bench_start() -> dict:
    out = {}
    cases = [("standard", 7), ("standard", 10), ("standard", 13)]
    for name in ("baltic", "isles"):
        cases.append((name, civ_range(load_variant(name))[1]))
    for name, n in cases:
        v = load_variant(name)
        nations = default_nations(n, variant=v)
        times = [cpu(civ_start, v, nations, seed)[0] for seed in range(20)]
        out[f"{name}/{n}"] = round(1000 * statistics.median(times), 3)
        print(f"start {name:9} {n:2} civilisations: {out[f'{name}/{n}']:.3f} ms (median of 20 seeds)")
    return out


class _Timer:
    """Wraps the civilisations' steps of a submission and adds up their CPU time."""

    def __init__(self):
        self.total = 0.0
        self._orig = (Civ.adjudicated, Civ.after_submission)     # the hooks a submission calls

    def __enter__(self):
        b, a = self._orig

        def bounces(*args):
            dt, out = cpu(b, *args)
            self.total += dt
            return out

        def after(*args):
            dt, out = cpu(a, *args)
            self.total += dt
            return out
        Civ.adjudicated, Civ.after_submission = bounces, after
        return self

    def __exit__(self, *exc):
        Civ.adjudicated, Civ.after_submission = self._orig


def bench_contact(sizes: list[int]) -> dict:
    import gc
    from engine_scale import big_worlds, submission_orders
    worlds = big_worlds(sizes, log=lambda m: print(m, flush=True))
    out = {}
    for n, world in worlds.items():
        civ = Civ(homes=MappingProxyType({k: start_homes(b.centres) for k, b in world.boards.items()}))
        civ_world = world.derive(extension=civ)
        orders = submission_orders(world)
        plain, with_civ, part = [], [], []
        gc.disable()
        try:
            for _ in range(5):
                dt, plain_report = cpu(submission.submit, world, orders)
                with _Timer() as t:
                    dt_civ, report = cpu(submission.submit, civ_world, orders)
                    if report.world.pause is not None:    # the retreats that finish it make the new boards
                        dt2, _ = cpu(submission.submit, plain_report.world, [])
                        dt_civ2, report = cpu(submission.submit, report.world, [])
                        dt, dt_civ = dt + dt2, dt_civ + dt_civ2
                plain.append(dt)
                with_civ.append(dt_civ)
                part.append(t.total)
        finally:
            gc.enable()
        pairs = len(contact.bounces(report.world, report.world.boards)) if n <= 300 else None
        out[n] = {"boards": len(world.boards), "timelines": len(world.timelines), "contact_and_homes_ms": round(1000 * min(part), 3),
                  "submission_ms": round(1000 * min(plain), 1), "submission_civ_ms": round(1000 * min(with_civ), 1),
                  "new_boards": len(report.new_boards)}
        print(f"{len(world.boards):5} boards: contact+homes {out[n]['contact_and_homes_ms']:.3f} ms of a submission "
              f"({out[n]['submission_ms']:.1f} ms plain, {out[n]['submission_civ_ms']:.1f} ms as civilisations; "
              f"{len(report.new_boards)} new boards)" + (f"; {pairs} pairs bounce on all boards" if pairs is not None else ""))
    return out


def bench_decisions(levels: list[str], turns: int = 15) -> dict:
    from app.bots import decide
    from app.engine import Game
    from app.match.civ_view import civ_view
    v = load_variant()
    game = Game.from_world(civ_start(v, default_nations(10, variant=v), seed=3))
    for _ in range(turns):
        w = game.world
        orders = []
        for nation in w.variant.nation_names:
            orders += decide("easy", civ_view(w, [nation]), nation, seed=3)
        game.submit(orders)
    w = game.world
    out = {}
    views = []
    for nation in w.variant.nation_names:
        dt, view = cpu(civ_view, w, [nation])
        views.append((nation, view, dt))
    out["view_ms"] = round(1000 * statistics.median(t for _, _, t in views), 2)
    for level in levels:
        times = [cpu(lambda: decide(level, view, nation, seed=1))[0] for nation, view, _ in views]
        out[level] = {"median_ms": round(1000 * statistics.median(times), 2), "max_ms": round(1000 * max(times), 2)}
        print(f"decision {level:8}: median {out[level]['median_ms']:.1f} ms, worst {out[level]['max_ms']:.1f} ms "
              f"(10 civilisations, {len(w.boards)} boards; making a view {out['view_ms']:.1f} ms)")
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="300,2000")
    ap.add_argument("--json")
    ap.add_argument("--skip", default="", help="comma-separated parts to skip: start,contact,decisions")
    ap.add_argument("--turns", type=int, default=15, help="submissions played before the decisions are timed")
    args = ap.parse_args(argv)
    skip = set(args.skip.split(","))
    import os
    print(f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
    figures = {}
    if "start" not in skip:
        figures["start_ms"] = bench_start()
    if "contact" not in skip:
        figures["contact"] = bench_contact([int(s) for s in args.sizes.split(",") if s])
    if "decisions" not in skip:
        figures["decisions"] = bench_decisions(["random", "easy", "standard"], args.turns)
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
