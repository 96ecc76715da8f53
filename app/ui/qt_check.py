"""Before Qt starts: can it open a window here? If not, say what to install.

On a fresh Linux, Qt's xcb platform plugin needs X11 libraries that many systems lack
(``libxcb-cursor0``, ``libxcb-icccm4``, ``libxcb-keysyms1``…). Qt then aborts with "Could not
load the Qt platform plugin xcb", which names no package. :func:`missing_for_xcb` tries to
load each library the plugin links against (a ``dlopen`` each: a few milliseconds in all) and
:func:`platform_problem` turns what is missing into the command that installs it.
"""

from __future__ import annotations

import os
import sys
from typing import Callable

# The xcb plugin's libraries beyond libxcb itself: (soname, Debian/Ubuntu package, Fedora package).
XCB_LIBRARIES: tuple[tuple[str, str, str], ...] = (
    ("libxcb-cursor.so.0", "libxcb-cursor0", "xcb-util-cursor"),
    ("libxcb-icccm.so.4", "libxcb-icccm4", "xcb-util-wm"),
    ("libxcb-keysyms.so.1", "libxcb-keysyms1", "xcb-util-keysyms"),
    ("libxcb-image.so.0", "libxcb-image0", "xcb-util-image"),
    ("libxcb-render-util.so.0", "libxcb-render-util0", "xcb-util-renderutil"),
    ("libxcb-shape.so.0", "libxcb-shape0", "libxcb"),
    ("libxcb-randr.so.0", "libxcb-randr0", "libxcb"),
    ("libxcb-xkb.so.1", "libxcb-xkb1", "libxcb"),
    ("libxkbcommon-x11.so.0", "libxkbcommon-x11-0", "libxkbcommon-x11"),
    ("libX11-xcb.so.1", "libx11-xcb1", "libX11-xcb"),
    ("libEGL.so.1", "libegl1", "libglvnd-egl"),
    ("libfontconfig.so.1", "libfontconfig1", "fontconfig"),
)


def _dlopen(name: str) -> None:
    import ctypes           # only where the xcb check runs (not offscreen, not on Wayland)
    ctypes.CDLL(name)


def missing_for_xcb(load: Callable[[str], None] = _dlopen) -> list[tuple[str, str, str]]:
    """The entries of :data:`XCB_LIBRARIES` that ``load`` cannot open (it raises OSError)."""
    missing = []
    for entry in XCB_LIBRARIES:
        try:
            load(entry[0])
        except OSError:
            missing.append(entry)
    return missing


def uses_xcb(env: dict | None = None, platform: str | None = None) -> bool:
    """Will Qt pick its xcb plugin? (Linux, and no other platform asked for.)"""
    env = os.environ if env is None else env
    platform = sys.platform if platform is None else platform
    if not platform.startswith("linux"):
        return False
    asked = env.get("QT_QPA_PLATFORM", "")
    if asked:
        return asked.split(";")[0].split(":")[0] == "xcb"
    # Qt 6 prefers Wayland in a Wayland session; xcb (through XWayland) otherwise
    return not (env.get("WAYLAND_DISPLAY") and env.get("XDG_SESSION_TYPE") == "wayland")


def platform_problem(env: dict | None = None, platform: str | None = None,
                     load: Callable[[str], None] = _dlopen) -> str | None:
    """A message naming what to install when Qt cannot open a window here, else None."""
    env = os.environ if env is None else env
    if not uses_xcb(env, platform):
        return None
    missing = missing_for_xcb(load)
    if missing:
        debian = " ".join(dict.fromkeys(m[1] for m in missing))
        fedora = " ".join(dict.fromkeys(m[2] for m in missing))
        return ("5D Diplomacy cannot open a window: Qt's X11 (xcb) platform needs system libraries "
                "that are missing here:\n    " + ", ".join(m[0] for m in missing) + "\n"
                "Install them, then start again:\n"
                f"    Debian, Ubuntu:  sudo apt-get install {debian}\n"
                f"    Fedora:          sudo dnf install {fedora}\n"
                "(Without a display, QT_QPA_PLATFORM=offscreen runs the tests and --screenshot.)")
    if not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY"):
        return ("5D Diplomacy cannot open a window: no display was found (DISPLAY is not set). "
                "Start it from a desktop session; without a display, QT_QPA_PLATFORM=offscreen "
                "runs the tests and --screenshot.")
    return None
