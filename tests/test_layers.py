"""The house's structure, read from its imports (every import, inside functions too; those
under ``if TYPE_CHECKING:`` are left out where only what runs matters, and counted where a
reader's sense of the house matters: the engine's loops): layers only import downwards, Qt
stays in app/ui, no loop of imports runs through more than two files, and no module takes
another's private name."""

import ast
from functools import cache
from itertools import islice
from pathlib import Path

import networkx as nx
import pytest

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "app"


def module_of(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_of(p): p for p in sorted(APP.rglob("*.py"))}


def _runs(tree: ast.AST, typing: bool = False):
    """The import statements that can run: everything but what ``if TYPE_CHECKING:`` holds
    (with ``typing``, those too: a type checker's imports tie files for a reader alike)."""
    for node in ast.iter_child_nodes(tree):
        if not typing and isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            yield from (n for s in node.orelse for n in [s, *_runs(s)])
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        yield from _runs(node, typing)


@cache
def imports(typing: bool = False) -> dict[str, list[tuple[str, str | None]]]:
    """Each module's imports: (the module or package imported from, the name taken or None);
    with ``typing``, those under ``if TYPE_CHECKING:`` too."""
    out = {}
    for name, path in MODULES.items():
        found = []
        for node in _runs(ast.parse(path.read_text(encoding="utf-8")), typing):
            if isinstance(node, ast.Import):
                found += [(a.name, None) for a in node.names]
                continue
            base = node.module or ""
            if node.level:
                package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
                package = package[:len(package) - node.level + 1]
                base = ".".join(package + ([base] if base else []))
            for a in node.names:
                sub = f"{base}.{a.name}"
                found.append((sub, None) if sub in MODULES else (base, a.name))
        out[name] = found
    return out


def graph(typing: bool = False) -> nx.DiGraph:
    """Module -> module it imports, within app/ (a name taken from a package is an arrow to
    the package's __init__); with ``typing``, counting the imports under ``if TYPE_CHECKING:``."""
    g = nx.DiGraph()
    g.add_nodes_from(MODULES)
    for name, found in imports(typing).items():
        for target, _ in found:
            while target and target not in MODULES:
                target = target.rpartition(".")[0]
            if target and target != name:
                g.add_edge(name, target)
    return g


def test_the_reader_sees_the_imports_inside_functions():
    # an import that only runs when a function is called still ties the two files
    assert "app.engine.saves.jsonfile" in dict(imports()["app.engine.variants.variant"])


def long_loops(g: nx.DiGraph) -> list[list[str]]:
    """One loop of more than two files in each knot of ``g`` that has one."""
    found = []
    for part in nx.strongly_connected_components(g):
        if len(part) > 2:
            inside = g.subgraph(part)
            found += islice((c for c in nx.simple_cycles(inside) if len(c) > 2), 1)
    return found


def test_no_import_loop_runs_through_more_than_two_files():
    loops = long_loops(graph())
    assert not loops, "import loops of more than two files: " + "; ".join(" -> ".join(c) for c in loops)


def test_the_reader_sees_the_imports_a_type_checker_makes():
    # a save file's part names the game it is read for only by a protocol, never the class
    assert "app.engine.saves.saved_game" in dict(imports(typing=True)["app.engine.saves.replay_check"])
    assert "app.engine.saves.saved_game" not in dict(imports()["app.engine.saves.replay_check"])


def test_no_loop_in_the_engine_runs_through_more_than_two_files_even_for_a_type_checker():
    # The engine's rooms read downwards: a loop that only a type checker follows still ties
    # the files for whoever reads them (app/match and app/ui are held to the looser rule above).
    engine = graph(typing=True).subgraph(n for n in MODULES if n.startswith("app.engine"))
    loops = long_loops(engine)
    assert not loops, "engine import loops of more than two files: " + "; ".join(" -> ".join(c) for c in loops)


def test_the_core_of_the_engine_names_no_game_kind():
    # The civilisations (app.engine.civ) reach the core through its seam (rules/extension.py):
    # no module of the core imports them, even for a type checker.
    core = ("app.engine.rules", "app.engine.game", "app.engine.saves", "app.engine.notation",
            "app.engine.fog", "app.engine.scenarios", "app.engine.variants")
    wrong = sorted({(name, target) for name, found in imports(typing=True).items() if name.startswith(core)
                    for target, _ in found if target.startswith("app.engine.civ")})
    assert not wrong, wrong


LAYERS_BELOW_UI = ("app.engine", "app.match", "app.bots", "app.winks", "app.variants", "app.mapgeo",
                   "app.data_folder", "app.net")


@pytest.mark.parametrize("layer", LAYERS_BELOW_UI)
def test_no_qt_and_no_ui_below_the_ui(layer):
    wrong = sorted({(name, target) for name, found in imports().items()
                    if name == layer or name.startswith(layer + ".")
                    for target, _ in found
                    if target.split(".")[0] in ("PySide6", "shiboken6") or target.startswith("app.ui")})
    assert not wrong, wrong


def test_the_engine_imports_nothing_above_it():
    above = ("app.match", "app.ui", "app.bots", "app.winks", "app.variants", "app.mapgeo")
    wrong = sorted({(name, target) for name, found in imports().items() if name.startswith("app.engine")
                    for target, _ in found if target.startswith(above)})
    assert not wrong, wrong


def test_no_private_name_is_taken_from_another_module():
    taken = sorted({(name, target, n) for name, found in imports().items() for target, n in found
                    if n and n.startswith("_") and not n.startswith("__") and target.startswith("app")})
    assert not taken, taken


def test_the_engine_public_face_names_what_other_layers_take_from_it():
    import app.engine as engine
    outside = {n for name, found in imports().items() if not name.startswith("app.engine")
               for target, n in found if target == "app.engine" and n}
    assert outside <= set(engine.__all__), outside - set(engine.__all__)
    for n in engine.__all__:          # each one is really there, from the room the face names
        assert getattr(engine, n) is not None, n
