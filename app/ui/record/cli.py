"""``python -m app record GAME.json --out game.gif|game.webp|game.pdf``: a saved game's
record, to share: an animation of the boards each submission made, or a PDF with how the
game ended, the centre chart, the story's figures and every turn's orders and results.

The record shows every board and every order. A game played under fog of war is refused
until it is over: nobody learns from the app what the fog still hides (RULES.md §8).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m app record",
        description="A saved game's record: an animated GIF or WebP of the boards each submission made, or a "
                    "PDF with the ending, the centre chart and every turn's orders and results.")
    p.add_argument("game", help="a saved game (.json)")
    p.add_argument("--out", required=True, help="where to write: a .gif, .webp or .pdf file")
    p.add_argument("--headline", help="how the game ended, for the title (default: the winner, or the turn)")
    p.add_argument("--width", type=int, default=960, help="animation width in pixels (default 960)")
    p.add_argument("--height", type=int, default=600, help="animation height in pixels (default 600)")
    p.add_argument("--dark", action="store_true", help="dark animation frames")
    return p


def _fail(text: str) -> int:
    print(f"record: {text}", file=sys.stderr)
    return 2


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    out = Path(args.out)
    from .make import target_problem
    problem = target_problem(out)
    if problem:
        return _fail(problem)
    if not (200 <= args.width <= 4000 and 150 <= args.height <= 4000):
        return _fail("--width is from 200 to 4000 pixels and --height from 150 to 4000")
    from app.engine import GameFileError
    from app.match.storage import open_match
    try:
        match = open_match(Path(args.game))
    except GameFileError as e:
        return _fail(str(e))
    if match.fog and match.world.phase != "over":
        return _fail(f"{args.game}: the game is played under fog of war and is not over: its record would show "
                     "what the fog hides")
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")     # a record needs no screen
    from PySide6.QtGui import QGuiApplication
    _app = QGuiApplication.instance() or QGuiApplication([sys.argv[0]])
    from app.match.story import default_headline, story_of
    from ..multiverse.map_art import map_art
    from .animation import FrameStyle
    from .make import prepare_art, write_record
    game = match.game
    story = story_of(game, victory=match.victory)
    style = FrameStyle(args.width, args.height, args.dark)
    art = map_art(game.variant)
    prepare_art(out, art, story, style)
    try:
        said = write_record(out, game, story, args.headline or default_headline(game.world), art, style)
    except OSError as e:
        return _fail(f"{out}: {e.strerror or e}")
    except ValueError as e:
        return _fail(f"{args.game}: {e}")
    print(f"wrote {said}")
    return 0
