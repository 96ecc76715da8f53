"""The desktop entry (Linux and other XDG desktops): ``python -m app install-desktop``.

The package ships ``icons/fived-diplomacy.desktop`` and the app icon. Installing copies the
icon into the user's icon theme folder and writes the entry into the user's applications
folder (``$XDG_DATA_HOME``, usually ``~/.local/share``), its ``Exec`` line set to the Python
that runs this command, so the menu starts the same installation (a virtual environment
included) whether or not its scripts are on the PATH. ``--uninstall`` removes both files.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from app.engine import write_text_atomic

ICON_DIR = Path(__file__).parent / "icons"     # (not imported from .icons: this needs no Qt)
APP_ICON = ICON_DIR / "app.svg"
DESKTOP_ID = "fived-diplomacy"
ENTRY = ICON_DIR / f"{DESKTOP_ID}.desktop"


def data_home() -> Path:
    """The user's XDG data folder (``~/.local/share`` unless ``XDG_DATA_HOME`` says otherwise)."""
    from platformdirs import user_data_path
    return user_data_path()


def _quote(arg: str) -> str:
    """An Exec argument quoted as the desktop entry specification asks (double quotes)."""
    if arg and not any(c in arg for c in ' \t\n"\'\\><~|&;$*?#()`='):
        return arg
    quoted = '"' + "".join("\\" + c if c in '"`$\\' else c for c in arg) + '"'
    return quoted.replace("\\", "\\\\")    # then the file's own string escape doubles each backslash


def entry_text(python: str = sys.executable) -> str:
    """The shipped entry with its ``Exec`` line running ``python -m app`` (and ``Path`` the
    folder that holds the ``app`` package, so a clone that was never installed starts too)."""
    root = Path(__file__).resolve().parents[2]
    lines = []
    for line in ENTRY.read_text(encoding="utf-8").splitlines():
        if line.startswith("Exec="):
            line = f"Exec={_quote(python)} -m app"
            lines.append(line)
            lines.append(f"Path={root}")
            continue
        lines.append(line)
    return "\n".join(lines) + "\n"


def install(base: Path | None = None, python: str = sys.executable) -> list[Path]:
    """Write the entry and the icon under ``base`` (the XDG data folder); the paths written."""
    base = base or data_home()
    entry = base / "applications" / f"{DESKTOP_ID}.desktop"
    icon = base / "icons" / "hicolor" / "scalable" / "apps" / f"{DESKTOP_ID}.svg"
    written: list[Path] = []
    for path, data in ((entry, entry_text(python)), (icon, APP_ICON.read_text(encoding="utf-8"))):
        try:
            write_text_atomic(path, data)       # whole or not at all: an empty entry is a broken menu item
        except OSError as e:
            for done in written:                # an entry without its icon, or the other way round: neither
                done.unlink(missing_ok=True)
            raise OSError(e.errno, f"cannot write {path}: {e.strerror or e}") from None
        written.append(path)
    return written


def uninstall(base: Path | None = None) -> list[Path]:
    base = base or data_home()
    gone = []
    for path in (base / "applications" / f"{DESKTOP_ID}.desktop",
                 base / "icons" / "hicolor" / "scalable" / "apps" / f"{DESKTOP_ID}.svg"):
        if path.exists():
            try:
                path.unlink()
            except OSError as e:
                raise OSError(e.errno, f"cannot remove {path}: {e.strerror or e}") from None
            gone.append(path)
    return gone


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m app install-desktop",
                                 description="Add 5D Diplomacy to the desktop's application menu (Linux, XDG desktops).")
    ap.add_argument("--uninstall", action="store_true", help="remove the entry and its icon")
    ap.add_argument("--dir", type=Path, help="the data folder to write into (default: $XDG_DATA_HOME or ~/.local/share)")
    args = ap.parse_args(argv)
    if sys.platform in ("win32", "darwin") and args.dir is None:
        print("error: desktop entries are for Linux desktops; on Windows and macOS start the game with "
              "`python -m app`", file=sys.stderr)
        return 2
    try:
        paths = uninstall(args.dir) if args.uninstall else install(args.dir)
    except OSError as e:
        print(f"error: {e.strerror or e}", file=sys.stderr)
        return 2
    for p in paths:
        print(("removed " if args.uninstall else "wrote ") + str(p))
    if args.uninstall and not paths:
        print("nothing to remove")
    return 0
