"""The install check: a missing Qt system library is named with the package to install,
and CI runs exactly the README's test command."""

import re
from pathlib import Path

from app.ui.qt_check import XCB_LIBRARIES, platform_problem, uses_xcb

ROOT = Path(__file__).resolve().parents[2]


def _loader(missing: set[str]):
    def load(name: str) -> None:
        if name in missing:
            raise OSError(f"{name}: cannot open shared object file")
    return load


def test_missing_xcb_libraries_are_named_with_their_packages():
    env = {"DISPLAY": ":0"}
    msg = platform_problem(env, "linux", _loader({"libxcb-icccm.so.4", "libxcb-keysyms.so.1"}))
    assert msg is not None
    assert "libxcb-icccm.so.4, libxcb-keysyms.so.1" in msg
    assert "apt-get install libxcb-icccm4 libxcb-keysyms1\n" in msg
    assert "dnf install xcb-util-wm xcb-util-keysyms\n" in msg
    assert "libxcb-cursor0" not in msg          # only what is missing


def test_nothing_said_when_everything_loads_or_another_platform_is_used():
    assert platform_problem({"DISPLAY": ":0"}, "linux", _loader(set())) is None
    everything = {e[0] for e in XCB_LIBRARIES}
    assert platform_problem({"QT_QPA_PLATFORM": "offscreen"}, "linux", _loader(everything)) is None
    assert platform_problem({"DISPLAY": ":0"}, "win32", _loader(everything)) is None
    assert uses_xcb({"QT_QPA_PLATFORM": "xcb:foo"}, "linux")
    assert not uses_xcb({"WAYLAND_DISPLAY": "wayland-0", "XDG_SESSION_TYPE": "wayland"}, "linux")


def test_no_display_is_said_plainly():
    msg = platform_problem({}, "linux", _loader(set()))
    assert msg is not None and "DISPLAY" in msg


def test_ci_runs_exactly_the_readme_test_command():
    readme = (ROOT / "README.md").read_text()
    commands = re.findall(r"^    (python3 -m venv .*)$", readme, re.M)
    assert len(commands) == 2 and "pytest" in commands[1]
    ci = (ROOT / ".ci" / "run").read_text().strip().splitlines()[-1]
    assert ci == commands[1]
