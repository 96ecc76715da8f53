"""Selfplay: the Random player's orders for every nation at once, to grow large worlds.

:func:`grow_world` plays :func:`app.bots.random_player.random_orders` from the start until
the world has played a number of submissions or reached a number of boards. The same seed
gives the same world, move for move.

    python -m app selfplay --turns 40 --seed 1 --out big.json
    python -m app selfplay --boards 300 --no-victory --seed 7 --out huge.json
    python -m app selfplay --variant ~/maps/ancmed --turns 20 --seed 1 --out ancmed.json
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

from app.engine import Game, load_variant, Variant, VariantError, without_victory, World

from .random_player import random_orders

__all__ = ["grow_world", "play", "random_orders", "main"]


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
        v = without_victory(v)
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
    ap.add_argument("--variant", default="standard", help="a variant's name or folder (default: standard)")
    ap.add_argument("--out", required=True, help="save file to write")
    ap.add_argument("--adjacency", choices=["strict", "loose"], default="strict")
    ap.add_argument("--time-travel", type=float, default=0.3,
                    help="chance that a unit tries a move to another board (default 0.3, at most 8 a submission)")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    if args.turns is None and args.boards is None:
        ap.error("give --turns or --boards (or both)")
    for name, value in (("--turns", args.turns), ("--boards", args.boards)):
        if value is not None and value < 1:
            ap.error(f"{name} must be at least 1, not {value}")
    out = Path(args.out)
    if out.is_dir() or not out.parent.is_dir() or not os.access(out.parent, os.W_OK):
        # said before a long game is played, not after
        print(f"selfplay: cannot write {out}: " + ("it is a folder" if out.is_dir() else
              "no such folder" if not out.parent.is_dir() else "the folder is not writable"), file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    goal = " / ".join(x for x in (f"{args.turns} submissions" if args.turns is not None else "",
                                  f"{args.boards} boards" if args.boards is not None else "") if x)

    def progress(i: int, w: World) -> None:
        if not args.quiet:
            print(f"\r\033[Ksubmission {i} ({goal}): {len(w.boards)} boards, {len(w.timelines)} timelines",
                  end="", file=sys.stderr, flush=True)

    try:
        variant = load_variant(args.variant)
    except VariantError as e:
        print(f"selfplay: {e}", file=sys.stderr)
        return 2
    game = grow_world(variant, adjacency=args.adjacency, seed=args.seed, turns=args.turns, boards=args.boards,
                      victory=not args.no_victory, time_travel=args.time_travel, progress=progress)
    try:
        game.save(out)
    except OSError as e:      # a disk that filled meanwhile: the game is lost, but say why
        print(f"\nselfplay: cannot write {out}: {e.strerror or e}", file=sys.stderr)
        return 1
    w = game.world
    if not args.quiet:
        print(file=sys.stderr)
    print(f"{args.out}: {len(game.submissions)} submissions, {len(w.boards)} boards, {len(w.timelines)} timelines, "
          f"{_ending(w, len(game.submissions), args.turns)}, {time.perf_counter() - t0:.1f} s")
    return 0


def _ending(w: World, played: int, turns: int | None) -> str:
    """How the game stands after ``played`` submissions: who won and when on a solo win."""
    if w.winner is None:
        return f"phase {w.phase}"
    latest = max(w.ends.values())
    owned = {p for k in w.active_boards() for p, n in w.boards[k].centres.items() if n == w.winner}
    early = f"; stopped before the {turns} submissions asked (--no-victory plays on)" if turns and played < turns else ""
    return (f"{w.winner} won at submission {played}, {latest.title} ({len(owned)} distinct centres on "
            f"the active boards, {w.variant.victory_centres} needed){early}")
