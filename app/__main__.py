"""Command line: ``python -m app`` opens the window; ``scenario``, ``selfplay`` and
``tournament`` are tools.

    python -m app [--open FILE] [--screenshot OUT.png]
    python -m app scenario FILE [FILE ...] [--no-check]
    python -m app selfplay (--turns N | --boards N) [--no-victory] [--variant V] --seed S --out FILE
    python -m app throw --players N --seed S [--variant V] --out FILE
    python -m app civ --civs N --seed S [--variant V] --out FILE
    python -m app watch [--variant V] [--players standard,easy,random] [--seed S] [--speed SECONDS]
    python -m app install-desktop [--uninstall]
    python -m app tournament --players standard,easy,random --games N --years Y --seed S [--json FILE]
    python -m app chart GAME.json (--out CHART.png | --out COUNTS.csv | --stats) [--timeline N] [--seat NAME]
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "scenario":
        from app.engine.scenario import main as scenario_main
        return scenario_main(args[1:])
    if args and args[0] == "selfplay":
        from app.bots.selfplay import main as selfplay_main
        return selfplay_main(args[1:])
    if args and args[0] == "throw":
        from app.winks.cli import main as throw_main
        return throw_main(args[1:])
    if args and args[0] == "civ":
        from app.engine.civ_cli import main as civ_main
        return civ_main(args[1:])
    if args and args[0] == "watch":
        from app.ui.table.cli import main as watch_main
        return watch_main(args[1:])
    if args and args[0] == "preview":
        from app.ui.preview.cli import main as preview_main
        return preview_main(args[1:])
    if args and args[0] == "variant":
        from app.variants.cli import main as variant_main
        return variant_main(args[1:])
    if args and args[0] == "install-desktop":
        from app.ui.desktop import main as desktop_main
        return desktop_main(args[1:])
    if args and args[0] == "chart":
        from app.ui.studio.chart_cli import main as chart_main
        return chart_main(args[1:])
    if args and args[0] == "tournament":
        from app.bots.tournament import main as tournament_main
        return tournament_main(args[1:])
    from app.ui.app import main as ui_main
    return ui_main(args)


if __name__ == "__main__":
    sys.exit(main())
