"""The house reads without loops: nowhere in app/ (the engine, the match layer, the bots, the
variants, the window, the server) does an import loop run through more than two files,
counting every import — those inside functions and those under ``if TYPE_CHECKING:`` too. A type hint is still a tie a reader follows: a part that names the
whole Match to say what it needs is tied to everything Match is tied to."""

import ast
from functools import cache

import networkx as nx
from tests.test_layers import MODULES

FLOORS = ("app",)


def every_import(name: str, source: str | None = None) -> list[str]:
    """The modules (or packages) module ``name`` imports anywhere in its file (or in
    ``source``), relative ones resolved."""
    path = MODULES.get(name)
    is_package = path is not None and path.name == "__init__.py"
    found = []
    for node in ast.walk(ast.parse(source if source is not None else path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = name.split(".") if is_package else name.split(".")[:-1]
                package = package[:len(package) - node.level + 1]
                base = ".".join(package + ([base] if base else []))
            found += [f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base for a in node.names]
    return found


@cache
def graph() -> nx.DiGraph:
    """Module -> module it imports, within app/ (an import of a package's name is an arrow to
    the package's __init__)."""
    g = nx.DiGraph()
    g.add_nodes_from(MODULES)
    for name in MODULES:
        for target in every_import(name):
            while target and target not in MODULES:
                target = target.rpartition(".")[0]
            if target and target != name:
                g.add_edge(name, target)
    return g


def test_the_scanner_sees_hints_and_imports_inside_functions():
    source = ("from typing import TYPE_CHECKING\n"
              "if TYPE_CHECKING:\n    from ..match import Match\n"
              "def later():\n    from .saved import TablePart\n")
    assert every_import("app.match.table.deadlines", source) == ["typing", "app.match.match", "app.match.table.saved"]


def test_no_import_loop_of_more_than_two_files():
    inside = graph().subgraph(n for n in MODULES if n.startswith(tuple(f + "." for f in FLOORS)) or n in FLOORS)
    # files tied in a knot: each reaches every other (two loops through one file make a knot
    # of three though no single loop holds three)
    knots = [sorted(part) for part in nx.strongly_connected_components(inside) if len(part) > 2]
    assert not knots, "import loops through more than two files: " + "; ".join(", ".join(k) for k in knots)
