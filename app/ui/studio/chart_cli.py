"""``python -m app chart``: a saved game's centre chart as a PNG image or CSV, and its order
statistics, from the command line.

    python -m app chart GAME.json --out chart.png [--timeline N] [--seat NAME] [--stats]
    python -m app chart GAME.json --out counts.csv
    python -m app chart GAME.json --stats

What it shows is what the window would show (RULES.md §8):

- a game without fog of war, or one that is over: every nation's counts;
- a fogged game still being played: only one seat's own nations, and only with
  ``--seat NAME``; a seat with a PIN is asked for it (typed at the terminal, or one line on
  standard input). Without ``--seat`` the command refuses: the file holds the whole world,
  but nobody learns other nations' counts from the app before the fog lifts.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path




def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m app chart",
        description="A saved game's centre chart (the victory count after each submission, or one timeline's "
                    "centres) as PNG or CSV, and its order statistics. Under fog of war, until the game is over, "
                    "only one seat's own nations are shown, with --seat (its PIN is asked if it has one); "
                    "without --seat a fogged game in progress is refused.")
    p.add_argument("game", help="a saved game (.json)")
    p.add_argument("--out", help="where to write: a .png image or a .csv table")
    p.add_argument("--timeline", type=int, default=None,
                   help="chart the centres on this timeline's active board (default: the victory count)")
    p.add_argument("--seat", help="a fogged game: the seat whose own nations are charted (its name)")
    p.add_argument("--stats", action="store_true", help="print each nation's order statistics")
    p.add_argument("--width", type=int, default=1200, help="image width in pixels (default 1200)")
    p.add_argument("--height", type=int, default=700, help="image height in pixels (default 700)")
    p.add_argument("--dark", action="store_true", help="a dark image")
    return p


def _fail(text: str) -> int:
    print(f"error: {text}", file=sys.stderr)
    return 2


def _ask_pin(name: str) -> str:
    if sys.stdin.isatty():
        import getpass
        return getpass.getpass(f"{name}'s PIN: ")
    return sys.stdin.readline().strip()


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    if args.out is None and not args.stats:
        return _fail("nothing to do: give --out FILE.png or FILE.csv, or --stats")
    out = Path(args.out) if args.out else None
    if out is not None and out.suffix.lower() not in (".png", ".csv"):
        return _fail(f"{out}: the chart is written as .png or .csv")
    if not (100 <= args.width <= 10000 and 100 <= args.height <= 10000):
        return _fail("--width and --height are from 100 to 10000 pixels")
    from app.engine import GameFileError
    from app.match.chart import ChartBuilder, order_stats, visible_nations
    from app.match.storage import open_match
    try:
        match = open_match(Path(args.game))
    except GameFileError as e:
        return _fail(str(e))
    fogged = match.fog and match.world.phase != "over"
    seat = None
    if args.seat is not None:
        seat = next((i for i, s in enumerate(match.seats) if s.name.lower() == args.seat.lower()), None)
        if seat is None:
            return _fail(f"{args.game}: no seat '{args.seat}' (the seats are "
                         f"{', '.join(s.name for s in match.seats)})")
        try:
            if fogged and match.has_pin(seat):
                name = match.seats[seat].name
                pin = _ask_pin(name)
                if not pin:         # nothing typed, or standard input already at its end
                    return _fail(f"no PIN was given for {name}: type it when asked, or pass it on standard input")
                if not match.check_pin(seat, pin):
                    return _fail(f"that is not {name}'s PIN")
        except GameFileError as e:           # the PIN opened a sealed box that does not read
            return _fail(str(e))
    elif fogged:
        return _fail(f"{args.game}: the game is played under fog of war and is not over: a seat sees only its "
                     "own nations' counts; give --seat NAME")
    nations = visible_nations(match, seat if seat is not None else 0) if fogged else \
        tuple(match.game.variant.nation_names)
    chart = ChartBuilder().build(match.game, victory=match.victory).only(nations)
    if args.timeline is not None and args.timeline not in chart.timelines:
        return _fail(f"{args.game}: no timeline {args.timeline} (timelines 1 to {max(chart.timelines)})")
    if out is not None:
        try:
            if out.suffix.lower() == ".csv":
                from app.engine import write_text_atomic
                write_text_atomic(out, chart.to_csv())
            else:
                _png(chart, args, out, match)
        except ValueError as e:
            return _fail(f"{out}: {e}")
        except OSError as e:
            return _fail(f"{out}: {e.strerror or e}")
        print(f"wrote {out}")
    if args.stats:
        stats = order_stats(match.game, nations)
        print(f"{'nation':<12}{'given':>8}{'succeeded':>11}{'failed':>8}{'invalid':>9}")
        for n, s in stats.items():
            print(f"{n:<12}{s.given:>8}{s.succeeded:>11}{s.failed:>8}{s.invalid:>9}")
    if chart.hidden:
        print("(fog of war: the other nations' counts are not shown)")
    return 0


def _png(chart, args, out: Path, match) -> None:
    """Write the chart's image to ``out``; raises OSError, ValueError (not encoded)."""
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")     # an image needs no screen
    from PySide6.QtGui import QGuiApplication
    _app = QGuiApplication.instance() or QGuiApplication([sys.argv[0]])
    from .chart_art import chart_image
    v = match.game.variant
    title = (f"{v.title}: the victory count (distinct centres on active boards)" if args.timeline is None
             else f"{v.title}: centres on timeline {args.timeline}")
    img = chart_image(chart, args.timeline, {n: x.colour for n, x in v.nations.items()}, args.width, args.height,
                      args.dark, title)
    from ..disk import image_bytes, write_bytes_atomic
    write_bytes_atomic(out, image_bytes(img))
