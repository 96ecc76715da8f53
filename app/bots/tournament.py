"""Tournaments: computer levels play whole games against each other, for figures.

    python -m app tournament --players standard,easy,random --games 14 --years 10 --seed 1

``--players`` lists the levels given to the nations in the variant's order, repeated when
shorter than the number of nations (``standard,random,random,random,random,random,random``
is one Standard against six Random). Each game shifts the list by one nation, so over
as many games as nations every level plays every nation. A game is played from the start
for ``--years`` years (Spring, Fall and Winter each; retreat pauses come on top) or until a
nation wins. Per level it prints: nation-games played, the average of unique centres owned
on active boards at the end (the victory measure), solo wins, and the average and worst
time of one decision (one nation, one submission). Everything but the times is the same
for the same seed. ``--json FILE`` writes the same figures as
``{"levels": {"standard": {"games", "avg_centres", "wins", "avg_ms", "max_ms"}, …}}``.

``--civ N`` plays civilisations games instead (RULES.md §10): N civilisations from the
seeded start, each deciding from its own view (fog of war, unknown civilisations unnamed).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from app.engine.game import Game

from . import LEVELS, decide
from .common import adjustment_boards, movement_boards


@dataclass
class LevelFigures:
    games: int = 0
    centres: int = 0
    wins: int = 0
    times: list[float] = field(default_factory=list)

    def as_json(self) -> dict:
        return {"games": self.games,
                "avg_centres": round(self.centres / self.games, 2) if self.games else 0.0,
                "wins": self.wins,
                "avg_ms": round(1000 * sum(self.times) / len(self.times), 2) if self.times else 0.0,
                "max_ms": round(1000 * max(self.times), 2) if self.times else 0.0}


def seating(players: list[str], nations: tuple[str, ...], game: int) -> dict[str, str]:
    """Which level plays which nation in game number ``game`` (from 0)."""
    return {n: players[(i + game) % len(players)] for i, n in enumerate(nations)}


def _has_orders(world, nation: str) -> bool:
    if world.pause is not None:
        return any(world.unit_at(loc).nation == nation for loc in world.pause.dislodged)
    return bool(movement_boards(world, nation) or adjustment_boards(world, nation))


def new_game(variant: str, adjacency: str, seed: int, civs: int = 0) -> Game:
    """The variant's standard start, or with ``civs`` a civilisations start (RULES.md §10)."""
    if not civs:
        return Game.new(variant, adjacency, seed)
    from app.engine.civstart import civ_start
    from app.engine.nations import default_nations
    from app.engine.variant import load_variant
    v = load_variant(variant)
    return Game.from_world(civ_start(v, default_nations(civs, seed=seed, variant=v), seed, adjacency))


def play_game(seats: dict[str, str], years: int, seed: int, variant: str = "standard",
              adjacency: str = "strict", times: dict[str, list[float]] | None = None, civs: int = 0) -> Game:
    """One game: every nation played by its level for ``years`` years or until a win. The
    time of each decision is appended to ``times[level]``. In a civilisations game each
    decides from its own view."""
    from app.match.match import seat_view
    game = new_game(variant, adjacency, seed, civs)
    turns = 0
    while turns < 3 * years and game.world.phase != "over":
        world = game.world
        orders = []
        for nation in game.variant.nation_names:
            if not _has_orders(world, nation):
                continue
            t0 = time.perf_counter()
            view = seat_view(world, (nation,), False)     # the whole world, but for a civilisation
            orders.extend(decide(seats[nation], view, nation, seed=seed))
            if times is not None:
                times.setdefault(seats[nation], []).append(time.perf_counter() - t0)
        if world.pause is None:
            turns += 1
        game.submit(orders)
    return game


def tournament(players: list[str], games: int, years: int, seed: int, variant: str = "standard",
               adjacency: str = "strict", progress=None, civs: int = 0) -> dict[str, LevelFigures]:
    figures = {level: LevelFigures() for level in dict.fromkeys(players)}
    for g in range(games):
        nations = new_game(variant, adjacency, seed + g, civs).variant.nation_names
        seats = seating(players, nations, g)
        times: dict[str, list[float]] = {}
        game = play_game(seats, years, seed + g, variant, adjacency, times, civs)
        owned = game.world.centres_on_active_boards()
        for nation, level in seats.items():
            f = figures[level]
            f.games += 1
            f.centres += len(owned.get(nation, ()))
            f.wins += game.world.winner == nation
        for level, ts in times.items():
            figures[level].times.extend(ts)
        if progress:
            progress(g, game, seats)
    return figures


def table(figures: dict[str, LevelFigures]) -> str:
    lines = [f"{'level':<10}{'games':>7}{'avg centres':>13}{'wins':>6}{'avg ms':>9}{'max ms':>9}"]
    for level, f in figures.items():
        j = f.as_json()
        lines.append(f"{level:<10}{j['games']:>7}{j['avg_centres']:>13.2f}{j['wins']:>6}{j['avg_ms']:>9.1f}{j['max_ms']:>9.1f}")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m app tournament",
                                 description="Computer levels play games against each other; prints figures per level.")
    ap.add_argument("--players", default="standard,easy,random",
                    help=f"levels for the nations in order, comma-separated, repeated to fill ({', '.join(LEVELS)})")
    ap.add_argument("--games", type=int, default=7)
    ap.add_argument("--years", type=int, default=10)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--adjacency", choices=["strict", "loose"], default="strict")
    ap.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    ap.add_argument("--quiet", action="store_true", help="no progress on stderr")
    ap.add_argument("--civ", type=int, default=0, metavar="N",
                    help="play civilisations games (RULES.md §10) of N civilisations (7 to 13 on the standard map)")
    args = ap.parse_args(argv)
    players = [p.strip().lower() for p in args.players.split(",") if p.strip()]
    unknown = [p for p in players if p not in LEVELS]
    if not players or unknown:
        ap.error(f"--players: unknown level {', '.join(unknown) or '(none given)'}; choose from {', '.join(LEVELS)}")
    if args.games < 1 or args.years < 1:
        ap.error("--games and --years must be at least 1")
    if args.civ and not 7 <= args.civ <= 13:
        ap.error("--civ: 7 to 13 civilisations on the standard map")

    def progress(g: int, game: Game, seats: dict[str, str]) -> None:
        if args.quiet:
            return
        w = game.world
        owned = w.centres_on_active_boards()
        held = ", ".join(f"{n[:3]}({seats[n][0]}) {len(owned.get(n, ()))}" for n in seats)
        print(f"game {g + 1}/{args.games}: {len(w.boards)} boards, {len(w.timelines)} timelines, "
              f"winner {w.winner or '-'}; {held}", file=sys.stderr, flush=True)

    figures = tournament(players, args.games, args.years, args.seed, adjacency=args.adjacency, progress=progress,
                         civs=args.civ)
    print(f"{args.games} games of {args.years} years, seed {args.seed}, players {','.join(players)}"
          + (f", {args.civ} civilisations" if args.civ else ""))
    print(table(figures))
    if args.json:
        data = {"levels": {level: f.as_json() for level, f in figures.items()},
                "settings": {"players": players, "games": args.games, "years": args.years, "seed": args.seed,
                             "adjacency": args.adjacency, **({"civ": args.civ} if args.civ else {})}}
        Path(args.json).write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    return 0
