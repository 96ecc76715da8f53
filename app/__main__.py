"""Command line: ``python -m app`` opens the window; the commands of :data:`COMMANDS` are
tools. ``python -m app --help`` lists them all from that one table, and ``python -m app
COMMAND --help`` gives a command's own help.

A new command is one entry in :data:`COMMANDS`: its name, the function that runs it
(``"module:function"``, called with the remaining arguments, returning the exit status),
its arguments in short and what it does.
"""

from __future__ import annotations

import importlib
import sys
from dataclasses import dataclass


@dataclass(frozen=True)
class Command:
    run: str            # "module:function", called with the command's arguments
    usage: str          # its arguments, for the list
    does: str           # what it does, in a line


COMMANDS: dict[str, Command] = {
    "scenario": Command("app.engine.scenarios.scenario:main", "FILE [FILE ...] [--no-check]",
                        "run scenario files (docs/scenarios.md): a JSON report per file"),
    "selfplay": Command("app.bots.selfplay:main", "(--turns N | --boards N) [--no-victory] [--variant V] --seed S --out FILE",
                        "grow a large random game and save it"),
    "throw": Command("app.winks.cli:main", "--players N --seed S [--variant V] --out FILE [--save GAME]",
                     "a random thrown start (Diplomacywinks) as a scenario, and/or a save to play"),
    "civ": Command("app.engine.civ.civ_cli:main", "--civs N --seed S [--variant V] --out FILE",
                   "the seeded start of a civilisations game (RULES.md §10) as a scenario"),
    "tournament": Command("app.match.tournament:main", "--players standard,easy,random --games N --years Y --seed S",
                          "computer players against each other: their figures"),
    "watch": Command("app.ui.commands.watch:main", "[--variant V] [--players standard,easy,random] [--seed S] [--speed SECONDS] | --server HOST:PORT [--table ID]",
                     "watch the computer play a new game (pause, step, take over), or a table on a server"),
    "chart": Command("app.ui.studio.chart_cli:main",
                     "GAME.json (--out CHART.png | --out COUNTS.csv | --stats) [--timeline N] [--seat NAME]",
                     "a saved game's centre chart as PNG or CSV, and its order statistics"),
    "record": Command("app.ui.record.cli:main", "GAME.json --out GAME.gif|GAME.webp|GAME.pdf [--headline TEXT]",
                      "a saved game's record to share: an animation of its boards, or a PDF of its story"),
    "variant": Command("app.variants.cli:main", "check|new|import ...",
                       "check a variant, scaffold a new one, import a .map file"),
    "preview": Command("app.ui.commands.preview:main", "PATH_OR_NAME",
                       "a variant's map, overlays and problems, live as you edit it"),
    "serve": Command("app.net.cli:serve_main", "[--host 127.0.0.1] [--port 8765] [--db FILE] [--certfile F --keyfile F]",
                     "hold tables for players at other computers, with no window"),
    "table": Command("app.net.cli:table_main", "[--db FILE] new|host|reissue|export|list ...",
                     "a server's tables: a new game or a saved one, invitations, export"),
    "join": Command("app.net.cli:join_main", "INVITATION [--window] [--cafile FILE]",
                    "play a seat at a table on another computer (--window: in the window)"),
    "lobby": Command("app.net.cli:lobby_main", "--server HOST:PORT", "a server's tables: seats, games to watch"),
    "install-desktop": Command("app.ui.desktop:main", "[--uninstall]",
                               "add the game to the desktop's application menu (Linux)"),
}


def help_text() -> str:
    """The whole command line: the window's options, then every command of the table."""
    from app.ui.app import parser
    lines = [parser().format_help().rstrip(), "", "commands (python -m app COMMAND --help for a command's own help):"]
    width = max(len(name) for name in COMMANDS)
    for name, c in COMMANDS.items():
        lines.append(f"  {name.ljust(width)}  {c.does}")
        lines.append(f"  {' ' * width}    python -m app {name} {c.usage}")
    return "\n".join(lines) + "\n"


def run(command: Command, args: list[str]) -> int:
    module, function = command.run.split(":")
    return getattr(importlib.import_module(module), function)(args)


def not_a_command(word: str) -> int:
    """Say what was meant by ``word``, which is no command: a file to open, or a command's
    close spelling."""
    import difflib
    from pathlib import Path
    if Path(word).is_file():
        print(f"python -m app: '{word}' is not a command; to open a saved game or a scenario: "
              f"python -m app --open {word}", file=sys.stderr)
        return 2
    close = difflib.get_close_matches(word, COMMANDS, n=1)
    print(f"python -m app: no command '{word}'" + (f" (did you mean {close[0]}?)" if close else "")
          + "; python -m app --help lists the commands", file=sys.stderr)
    return 2


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["join"] and "--window" in args:          # the seat played in the window
        args = ["--join", *(a for a in args[1:] if a != "--window")]
    elif args and args[0].startswith(("5d://", "5ds://")):  # an invitation link opened with the app (5ds: TLS)
        args = ["--join", *args]
    if args and args[0] in COMMANDS:
        return run(COMMANDS[args[0]], args[1:])
    if args and not args[0].startswith("-"):      # the window takes options only
        return not_a_command(args[0])
    if any(a in ("-h", "--help") for a in args):
        sys.stdout.write(help_text())
        return 0
    from app.ui.app import main as ui_main
    return ui_main(args)


if __name__ == "__main__":
    sys.exit(main())
