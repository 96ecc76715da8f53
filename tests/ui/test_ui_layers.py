"""The window is the top of app/ui: the parts below it (the multiverse view, the dock panels,
the dialogs, the studio, the table, ...) are given what they need and never reach back up
into the window or the entry point. Read from the source's imports, those inside functions
included (a lazy import runs back up just the same)."""

from __future__ import annotations

import ast
from pathlib import Path

import app.ui

UI = Path(app.ui.__file__).parent
TOP = ("app.ui.app", "app.ui.window", "app.ui.commands")     # the window and what opens it
# the rooms that stand above the window or are it: they may import it
ABOVE = {"app.py", "window", "commands"}


def _module(path: Path) -> str:
    parts = list(path.relative_to(UI.parent.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path, module: str | None = None) -> list[tuple[int, str]]:
    """Every module ``path`` (the module ``module``) imports, relative imports made
    absolute, with its line."""
    package = (module or _module(path)).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[:len(package) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            # ``from .. import window`` names a module, not a name in one
            found += [(node.lineno, target)] + [(node.lineno, f"{target}.{a.name}") for a in node.names]
    return found


def _reaches_up(target: str, top: tuple[str, ...]) -> bool:
    return any(target == t or target.startswith(t + ".") for t in top)


def upward_imports(files) -> list[str]:
    return sorted({f"{f.relative_to(UI.parent.parent)}:{line}: {target}"
                   for f in files for line, target in imported(f) if _reaches_up(target, TOP)})


def test_the_import_reader_sees_lazy_and_relative_imports(tmp_path):
    """The checks below can fail: a lazy relative import of the window is seen as one."""
    fake = tmp_path / "fake.py"
    fake.write_text("from ..guard import guarded\n\n\ndef f():\n    from ..window.bubble import Bubble\n"
                    "    from .. import app\n")
    found = imported(fake, "app.ui.panels.fake")
    assert (1, "app.ui.guard") in found
    assert [t for _, t in found if _reaches_up(t, TOP)] == ["app.ui.window.bubble", "app.ui.window.bubble.Bubble",
                                                            "app.ui.app"]
    assert not _reaches_up("app.ui.windows", TOP)


def test_nothing_below_the_window_imports_it():
    below = [f for f in UI.rglob("*.py")
             if f.relative_to(UI).parts[0] not in ABOVE]
    assert len(below) > 50
    assert upward_imports(below) == []


def test_the_window_does_not_import_what_opens_it():
    window = list((UI / "window").rglob("*.py"))
    found = [f"{f.relative_to(UI.parent.parent)}:{line}: {t}" for f in window for line, t in imported(f)
             if _reaches_up(t, ("app.ui.app", "app.ui.commands"))]
    assert found == []


# the rooms whose parts are made with a parent and narrow inputs: none is handed the window
WIRED = ("multiverse", "panels", "dialogs", "table", "studio")
WINDOW_NAMES = {"w", "win", "window", "main_window", "mw"}


def holds_the_window(path: Path) -> list[str]:
    """Where ``path`` takes the whole window: an ``__init__`` with a parameter named as the
    window is, or an attribute ``self.w``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.FunctionDef) and node.name == "__init__":
            names = {a.arg for a in node.args.args + node.args.kwonlyargs}
            found += [f"{path.name}:{node.lineno}: __init__({n})" for n in sorted(names & WINDOW_NAMES)]
        elif isinstance(node, ast.Attribute) and node.attr == "w" and isinstance(node.value, ast.Name) \
                and node.value.id == "self":
            found.append(f"{path.name}:{node.lineno}: self.w")
    return sorted(set(found))


def test_the_window_reader_sees_a_part_made_with_the_window(tmp_path):
    fake = tmp_path / "fake.py"
    fake.write_text("class Part:\n    def __init__(self, window):\n        self.w = window\n\n\n"
                    "class Fine:\n    def __init__(self, parent, match):\n        self.match = match\n")
    assert holds_the_window(fake) == ["fake.py:2: __init__(window)", "fake.py:3: self.w"]


def test_no_part_below_the_window_is_handed_the_window():
    files = [f for room in WIRED for f in (UI / room).rglob("*.py")]
    assert len(files) > 40
    assert [hit for f in files for hit in holds_the_window(f)] == []
