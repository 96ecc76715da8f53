"""``python -m app watch [--variant V] [--players LEVELS] [--seed S] [--speed SECONDS]``:
open the window on a new game that every nation's computer plays, and watch it.
(``python -m app watch --server HOST:PORT [--table ID]`` follows a table on a server
instead, from the terminal: :func:`app.net.cli.watch_main`.)

``--players`` lists computer levels (``hard``, ``standard``, ``easy``, ``random``) given to the
nations in the variant's order, repeated when shorter: ``standard,random`` alternates.
``--speed`` is the seconds per submission (0.5 to 10; the default, 4, is a pace a newcomer
can follow). Pause, step, change the speed and take over any nation at a pause from the
window.
"""

from __future__ import annotations

import argparse
import sys

from app.match.table.watching import DEFAULT_SECONDS, FASTEST, SLOWEST


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m app watch",
                                description="Watch the computer play a new game of 5D Diplomacy.")
    p.add_argument("--variant", default="standard", metavar="NAME_OR_FOLDER", help="the variant (default: standard)")
    p.add_argument("--players", default="standard", metavar="LEVELS",
                   help="computer levels for the nations, comma-separated, repeated (default: standard)")
    p.add_argument("--seed", type=int, default=0, help="the game's seed (default: 0)")
    p.add_argument("--speed", type=float, default=DEFAULT_SECONDS, metavar="SECONDS",
                   help=f"seconds per submission, {FASTEST:g} to {SLOWEST:g} (default: {DEFAULT_SECONDS:g})")
    p.add_argument("--theme", choices=["light", "dark"], help="colour theme")
    return p


def main(argv: list[str]) -> int:
    if any(a == "--server" or a.startswith("--server=") for a in argv):    # a table on a server (app/net)
        from app.net.cli import watch_main
        return watch_main(argv)
    args = parser().parse_args(argv)
    levels = [x.strip() for x in args.players.split(",") if x.strip()]
    from app.engine import VariantError
    from app.match.table.watching import computer_seats
    try:
        computer_seats(args.variant, levels)          # names a wrong level or variant before any window
    except (ValueError, VariantError) as e:
        print(f"watch: {e}", file=sys.stderr)
        return 2
    if not FASTEST <= args.speed <= SLOWEST:
        print(f"watch: --speed {args.speed:g} is outside {FASTEST:g} to {SLOWEST:g} seconds per submission",
              file=sys.stderr)
        return 2
    from PySide6.QtWidgets import QApplication
    from ..app import name_app
    from ..desktop import DESKTOP_ID
    if QApplication.instance() is None:
        from ..qt_check import platform_problem
        problem = platform_problem()
        if problem:
            print(problem, file=sys.stderr)
            return 3
    app = QApplication.instance() or QApplication([DESKTOP_ID])
    name_app(app)
    from ..guard import reporter
    reporter.install()
    from ..window.main_window import MainWindow
    window = MainWindow(theme=args.theme)
    window.show()
    window.table_ui.start_watching(args.variant, levels, args.seed, confirmed=True)
    window.match.table.watch.set_speed(args.speed)
    window.table_ui.watcher.attach()
    return app.exec()
