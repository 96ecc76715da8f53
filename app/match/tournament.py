"""Tournaments: computer levels play whole games against each other, for figures.

    python -m app tournament --players hard,standard* --games 28 --years 10 --classic --seed 1
    python -m app tournament --players standard,easy,random --games 14 --variant isles

``--players`` lists levels for the nations in the variant's order: ``level*N`` is N
seats of it, ``level*`` fills the seats left, and a list shorter than the nations is
repeated (``standard,random`` alternates). Game *g* seats the list turned by *g* places,
so over as many games as nations every level takes every seat (the lone Hard of
``hard,standard*`` plays each nation in turn); each game has its own seed. A game is
played from the start for ``--years`` years (Spring, Fall and Winter each; retreat
pauses come on top) or until a nation wins. ``--classic``: one board, no time travel.

Per level it prints: nation-games, the average of distinct centres owned on active boards
at the end (the victory measure) with its 95% confidence interval, solo wins, the ratio of
its average to the other levels' (with a 95% interval from resampling the games), convoys
per game (convoy orders given, armies carried), and the time of one decision (one nation,
one submission): average and worst, wall clock and CPU; then the average by nation, and
(5D) the orders across boards each level gives per game, by kind (moves, supports and
convoys into the past or to another timeline), and their sum between active timelines. Everything but the
times is the same for the same seed. ``--json FILE`` writes the same figures.

``--civ N`` plays civilisations games instead (RULES.md §10): N civilisations from the
seeded start, each deciding from its own view (fog of war, unknown civilisations unnamed).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from app.engine import Game, load_variant, VariantError

from app.bots import LEVELS, decide
from app.bots.common import adjustment_boards, movement_boards
from app.bots.convoys import is_convoyed


@dataclass
class LevelFigures:
    """One level's results over a tournament."""

    centres: list[int] = field(default_factory=list)    # per nation-game
    games: int = 0
    wins: int = 0
    times: list[float] = field(default_factory=list)     # wall seconds per decision
    cpu: list[float] = field(default_factory=list)       # CPU seconds of the deciding thread
    convoy_orders: int = 0
    convoyed: int = 0                                    # armies carried by convoy (moves that succeeded)
    by_nation: dict[str, list[int]] = field(default_factory=dict)
    travel: dict[str, int] = field(default_factory=dict)  # orders across boards, by kind (travel_kind)

    @property
    def mean(self) -> float:
        return statistics.fmean(self.centres) if self.centres else 0.0

    def interval(self) -> tuple[float, float]:
        """95% confidence interval of the mean centres (Student's t)."""
        n = len(self.centres)
        if n < 2:
            return self.mean, self.mean
        half = _t95(n - 1) * statistics.stdev(self.centres) / math.sqrt(n)
        return self.mean - half, self.mean + half

    def as_json(self) -> dict:
        lo, hi = self.interval()
        return {"games": self.games, "avg_centres": round(self.mean, 2), "ci95": [round(lo, 2), round(hi, 2)],
                "wins": self.wins,
                "avg_ms": round(1000 * statistics.fmean(self.times), 2) if self.times else 0.0,
                "max_ms": round(1000 * max(self.times), 2) if self.times else 0.0,
                "avg_cpu_ms": round(1000 * statistics.fmean(self.cpu), 2) if self.cpu else 0.0,
                "max_cpu_ms": round(1000 * max(self.cpu), 2) if self.cpu else 0.0,
                "convoy_orders": self.convoy_orders, "convoyed": self.convoyed, "across_boards": dict(self.travel),
                "between_timelines": between_timelines(self.travel),
                "by_nation": {n: round(statistics.fmean(cs), 2) for n, cs in sorted(self.by_nation.items())}}


def _t95(df: int) -> float:
    """Student's t for a two-sided 95% interval (df degrees of freedom)."""
    table = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262,
             10: 2.228, 12: 2.179, 15: 2.131, 20: 2.086, 25: 2.060, 30: 2.042, 40: 2.021, 60: 2.000, 120: 1.980}
    if df in table:
        return table[df]
    below = max((k for k in table if k < df), default=1)
    above = min((k for k in table if k > df), default=None)
    if above is None:
        return 1.96
    return table[below] + (table[above] - table[below]) * (df - below) / (above - below)


# -- who sits where --------------------------------------------------------------------------


def parse_players(text: str, nations: int) -> list[str]:
    """The seats' levels from ``--players`` (see the module docstring), one per nation.
    Raises ValueError naming the word at fault."""
    words = [w.strip().lower() for w in text.split(",") if w.strip()]
    if not words:
        raise ValueError("--players: no level given")
    fixed: list[tuple[str, int | None]] = []
    for w in words:
        level, star, count = w.partition("*")
        if level not in LEVELS:
            raise ValueError(f"--players: unknown level '{level}' (one of {', '.join(LEVELS)})")
        if not star:
            fixed.append((level, 1))
        elif not count:
            fixed.append((level, None))
        elif count.isdigit() and int(count) > 0:
            fixed.append((level, int(count)))
        else:
            raise ValueError(f"--players: '{w}': write level*N with N a number of seats, or level* for the rest")
    fill = [lv for lv, c in fixed if c is None]
    if len(fill) > 1:
        raise ValueError("--players: only one level may fill the rest (level*)")
    given = sum(c for _, c in fixed if c is not None)
    if given > nations:
        raise ValueError(f"--players: {given} seats given, the variant has {nations} nations")
    if fill:
        out: list[str] = []
        for lv, c in fixed:
            out.extend([lv] * (c if c is not None else nations - given))
        return out
    seats = [lv for lv, c in fixed for _ in range(c)]
    return [seats[i % len(seats)] for i in range(nations)]


def seating(players: list[str], nations: tuple[str, ...], game: int) -> dict[str, str]:
    """Which level plays which nation in game number ``game`` (from 0): the seats' list
    turned by ``game`` places (one level per nation; a shorter list is repeated first)."""
    seats = [players[i % len(players)] for i in range(len(nations))]
    k = game % len(nations)
    return {n: seats[(i - k) % len(nations)] for i, n in enumerate(nations)}


# -- playing ----------------------------------------------------------------------------------


def _has_orders(world, nation: str) -> bool:
    if world.pause is not None:
        return any(world.unit_at(loc).nation == nation for loc in world.pause.dislodged)
    return bool(movement_boards(world, nation) or adjustment_boards(world, nation))


def new_game(variant: str, adjacency: str, seed: int, civs: int = 0) -> Game:
    """The variant's standard start, or with ``civs`` a civilisations start (RULES.md §10)."""
    if not civs:
        return Game.new(variant, adjacency, seed)
    from app.engine import civ_start
    from app.engine import default_nations
    v = load_variant(variant)
    return Game.from_world(civ_start(v, default_nations(civs, seed=seed, variant=v), seed, adjacency))


@dataclass
class GameRecord:
    """What one game says about its seats: times per decision and convoys, per level."""

    times: dict[str, list[float]] = field(default_factory=dict)
    cpu: dict[str, list[float]] = field(default_factory=dict)
    convoy_orders: dict[str, int] = field(default_factory=dict)
    convoyed: dict[str, int] = field(default_factory=dict)
    travel: dict[str, dict[str, int]] = field(default_factory=dict)


def travel_kind(world, order) -> str | None:
    """What kind of order across boards ``order`` is, if it is one: a move, support or
    convoy into the past (a board no longer active) or to another timeline (its active
    board). A convoy counts when its army or the army's destination is on another board."""
    kind = order.kind
    if kind == "move":
        there = order.dest.board
    elif kind == "support":
        there = (order.dest or order.supported).board
    elif kind == "convoy":
        there = order.dest.board if order.dest.board != order.unit.board else order.army.board
    else:
        return None
    if there == order.unit.board:
        return None
    where = ACROSS_TIMELINES if world.is_active(there) else "into the past"
    return f"{kind} {where}"


ACROSS_TIMELINES = "to another timeline"   # (an active board of another timeline: the present, not a fork)


def between_timelines(travel: dict[str, int]) -> int:
    """How many of the orders counted in ``travel`` (by :func:`travel_kind`) go between
    active timelines: moves, supports and convoys to another timeline's present board."""
    return sum(n for k, n in travel.items() if k.endswith(ACROSS_TIMELINES))


def play_game(seats: dict[str, str], years: int, seed: int, variant: str = "standard",
              adjacency: str = "strict", record: GameRecord | None = None, classic: bool = False,
              civs: int = 0) -> Game:
    """One game: every nation played by its level for ``years`` years or until a win.
    ``classic``: nobody leaves its board (one board, no time travel). Times and convoys
    go into ``record``. In a civilisations game each decides from its own view."""
    from .match import seat_view
    game = new_game(variant, adjacency, seed, civs)
    turns = 0
    while turns < 3 * years and game.world.phase != "over":
        world = game.world
        orders = []
        levels = []
        for nation in game.variant.nation_names:
            if not _has_orders(world, nation):
                continue
            level = seats[nation]
            t0, c0 = time.perf_counter(), time.thread_time()
            view = seat_view(world, (nation,), False)     # the whole world, but for a civilisation
            given = decide(level, view, nation, seed=seed, time_travel=not classic)
            if record is not None:
                record.times.setdefault(level, []).append(time.perf_counter() - t0)
                record.cpu.setdefault(level, []).append(time.thread_time() - c0)
                for o in given:
                    k = travel_kind(world, o) if world.pause is None else None
                    if k is not None:
                        kinds = record.travel.setdefault(level, {})
                        kinds[k] = kinds.get(k, 0) + 1
            orders.extend(given)
            levels.extend([level] * len(given))
        if world.pause is None:
            turns += 1
        report = game.submit(orders)
        if record is not None:
            for o, r, level in zip(orders, report.results, levels):
                if o.kind == "convoy":
                    record.convoy_orders[level] = record.convoy_orders.get(level, 0) + 1
                elif is_convoyed(world, o) and r.moved:
                    record.convoyed[level] = record.convoyed.get(level, 0) + 1
    return game


def tournament(players: list[str], games: int, years: int, seed: int, variant: str = "standard",
               adjacency: str = "strict", progress=None, classic: bool = False, civs: int = 0
               ) -> tuple[dict[str, LevelFigures], list[dict[str, tuple[str, int]]]]:
    """Play the games; per level its figures, and per game each nation's (level, centres).
    ``civs``: civilisations games of that many civilisations (each game its own)."""
    figures = {level: LevelFigures() for level in dict.fromkeys(players)}
    results: list[dict[str, tuple[str, int]]] = []
    for g in range(games):
        nations = new_game(variant, adjacency, seed + g, civs).variant.nation_names if civs \
            else load_variant(variant).nation_names
        seats = seating(players, nations, g)
        record = GameRecord()
        game = play_game(seats, years, seed + g, variant, adjacency, record, classic, civs)
        owned = game.world.centres_on_active_boards()
        results.append({n: (seats[n], len(owned.get(n, ()))) for n in nations})
        for nation, level in seats.items():
            f = figures[level]
            c = len(owned.get(nation, ()))
            f.games += 1
            f.centres.append(c)
            f.by_nation.setdefault(nation, []).append(c)
            f.wins += game.world.winner == nation
        for level in figures:
            figures[level].times.extend(record.times.get(level, ()))
            figures[level].cpu.extend(record.cpu.get(level, ()))
            figures[level].convoy_orders += record.convoy_orders.get(level, 0)
            figures[level].convoyed += record.convoyed.get(level, 0)
            for k, n in record.travel.get(level, {}).items():
                figures[level].travel[k] = figures[level].travel.get(k, 0) + n
        if progress:
            progress(g, game, seats)
    return figures, results


def ratio_to_others(level: str, results: list[dict[str, tuple[str, int]]], seed: int = 0,
                    resamples: int = 2000) -> tuple[float, float, float] | None:
    """The level's average centres over the other levels' average, and a 95% interval
    from resampling the games (seeded: the same games give the same interval)."""
    def ratio(games) -> float | None:
        mine = [c for g in games for lv, c in g.values() if lv == level]
        rest = [c for g in games for lv, c in g.values() if lv != level]
        if not mine or not rest or not sum(rest):
            return None
        return statistics.fmean(mine) / statistics.fmean(rest)

    point = ratio(results)
    if point is None:
        return None
    rng = random.Random(f"ratio/{seed}/{level}")
    samples = sorted(r for r in (ratio([rng.choice(results) for _ in results]) for _ in range(resamples))
                     if r is not None)
    if not samples:
        return point, point, point
    return point, samples[int(0.025 * (len(samples) - 1))], samples[int(0.975 * (len(samples) - 1))]


def table(figures: dict[str, LevelFigures], results: list[dict[str, tuple[str, int]]], seed: int = 0) -> str:
    games = max(1, len(results))
    head = (f"{'level':<10}{'games':>6}{'avg centres':>12}{'95% CI':>14}{'wins':>5}{'vs others':>10}"
            f"{'95% CI':>14}{'convoys/game':>13}{'carried/game':>13}{'avg ms':>9}{'max ms':>9}{'cpu ms':>9}{'max cpu':>9}")
    lines = [head]
    several = len(figures) > 1
    for level, f in figures.items():
        j = f.as_json()
        lo, hi = j["ci95"]
        r = ratio_to_others(level, results, seed) if several else None
        rtext = f"{r[0]:>10.2f}{f'{r[1]:.2f}-{r[2]:.2f}':>14}" if r else f"{'-':>10}{'-':>14}"
        lines.append(f"{level:<10}{j['games']:>6}{j['avg_centres']:>12.2f}{f'{lo:.2f}-{hi:.2f}':>14}{j['wins']:>5}"
                     f"{rtext}{f.convoy_orders / games:>13.2f}{f.convoyed / games:>13.2f}"
                     f"{j['avg_ms']:>9.1f}{j['max_ms']:>9.1f}{j['avg_cpu_ms']:>9.1f}{j['max_cpu_ms']:>9.1f}")
    return "\n".join(lines)


def nation_table(figures: dict[str, LevelFigures], nations: tuple[str, ...]) -> str:
    """Average centres by nation and level (where each level sat)."""
    lines = [f"{'nation':<12}" + "".join(f"{lv:>10}" for lv in figures)]
    for n in nations:
        cells = []
        for f in figures.values():
            cs = f.by_nation.get(n)
            cells.append(f"{statistics.fmean(cs):>10.2f}" if cs else f"{'-':>10}")
        lines.append(f"{n:<12}" + "".join(cells))
    return "\n".join(lines)


def travel_table(figures: dict[str, LevelFigures], games: int) -> str:
    """Orders across boards per game, by level and kind."""
    kinds = sorted({k for f in figures.values() for k in f.travel})
    if not kinds:
        return "no order across boards"
    lines = ["orders across boards per game:", f"{'kind':<28}" + "".join(f"{lv:>10}" for lv in figures)]
    for k in kinds:
        lines.append(f"{k:<28}" + "".join(f"{f.travel.get(k, 0) / max(1, games):>10.2f}" for f in figures.values()))
    lines.append(f"{'between active timelines':<28}"
                 + "".join(f"{between_timelines(f.travel) / max(1, games):>10.2f}" for f in figures.values()))
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m app tournament",
                                 description="Computer levels play games against each other; prints figures per level.")
    ap.add_argument("--players", default="standard,easy,random",
                    help=f"levels for the nations in order, comma-separated ({', '.join(LEVELS)}); level*N for N seats, "
                         "level* for the rest; a shorter list is repeated")
    ap.add_argument("--games", type=int, default=7)
    ap.add_argument("--years", type=int, default=10)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--variant", default="standard", metavar="NAME_OR_FOLDER", help="the variant (default: standard)")
    ap.add_argument("--adjacency", choices=["strict", "loose"], default="strict")
    ap.add_argument("--classic", action="store_true", help="one board, no time travel")
    ap.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    ap.add_argument("--quiet", action="store_true", help="no progress on stderr")
    ap.add_argument("--civ", type=int, default=0, metavar="N",
                    help="play civilisations games (RULES.md §10) of N civilisations (7 to 13 on the standard map)")
    args = ap.parse_args(argv)
    try:
        variant = load_variant(args.variant)
    except VariantError as e:
        ap.error(f"--variant: {e}")
    if args.civ and not 7 <= args.civ <= 13:
        ap.error("--civ: 7 to 13 civilisations on the standard map")
    try:
        players = parse_players(args.players, args.civ or len(variant.nation_names))
    except ValueError as e:
        ap.error(str(e))
    if args.games < 1 or args.years < 1:
        ap.error("--games and --years must be at least 1")

    def progress(g: int, game: Game, seats: dict[str, str]) -> None:
        if args.quiet:
            return
        w = game.world
        owned = w.centres_on_active_boards()
        held = ", ".join(f"{n[:3]}({seats[n][0]}) {len(owned.get(n, ()))}" for n in seats)
        print(f"game {g + 1}/{args.games}: {len(w.boards)} boards, {len(w.timelines)} timelines, "
              f"winner {w.winner or '-'}; {held}", file=sys.stderr, flush=True)

    figures, results = tournament(players, args.games, args.years, args.seed, args.variant, args.adjacency,
                                  progress=progress, classic=args.classic, civs=args.civ)
    mode = "classic (one board)" if args.classic else f"5D, {args.adjacency} adjacency"
    print(f"{args.games} games of {args.years} years, {variant.name}, {mode}, seed {args.seed}, "
          f"seats {','.join(players)} (turned one nation a game)"
          + (f", {args.civ} civilisations" if args.civ else ""))
    print(table(figures, results, args.seed))
    if not args.civ:   # (civilisations differ from game to game)
        print()
        print(nation_table(figures, variant.nation_names))
    if not args.classic:
        print()
        print(travel_table(figures, len(results)))
    if args.json:
        data = {"levels": {level: f.as_json() for level, f in figures.items()},
                "vs_others": {level: (None if (r := ratio_to_others(level, results, args.seed)) is None
                                      else {"ratio": round(r[0], 3), "ci95": [round(r[1], 3), round(r[2], 3)]})
                              for level in figures} if len(figures) > 1 else {},
                "games": [{n: {"level": lv, "centres": c} for n, (lv, c) in g.items()} for g in results],
                "settings": {"players": players, "games": args.games, "years": args.years, "seed": args.seed,
                             "variant": variant.name, "adjacency": args.adjacency, "classic": args.classic,
                             **({"civ": args.civ} if args.civ else {})}}
        Path(args.json).write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    return 0
