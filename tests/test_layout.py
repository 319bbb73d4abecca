"""The package's layout (issue 28): no two modules of amalogs import each other, directly or round a circle (imports
inside functions count; type-only imports under ``if TYPE_CHECKING:`` do not), and no module is over 600 lines.
tests/test_referee_layout.py holds the referee's own layering (which part may import which)."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import networkx as nx

import amalogs

PACKAGE = Path(amalogs.__file__).parent
MOST_LINES = 600


def _name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {_name(p): p for p in PACKAGE.rglob("*.py")}


def _typing_only(tree: ast.Module) -> set[int]:
    """The nodes under ``if TYPE_CHECKING:`` (imports there are for the type checker only)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.dump(node.test):
            found.update(id(n) for n in ast.walk(node))
    return found


@functools.cache
def _graph() -> nx.DiGraph:
    modules = _modules()
    graph = nx.DiGraph()
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        typing_only = _typing_only(tree)
        graph.add_node(name)
        for node in ast.walk(tree):
            if id(node) in typing_only:
                continue
            targets: list[str] = []
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("amalogs"):
                targets = [f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in modules else node.module
                           for a in node.names]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names if a.name.startswith("amalogs")]
            for target in targets:
                while target not in modules and "." in target:
                    target = target.rpartition(".")[0]
                if target != name and not name.startswith(target + "."):  # a module's own packages: not a circle
                    graph.add_edge(name, target)
    return graph


def test_the_graph_sees_imports_inside_functions() -> None:
    graph = _graph()
    assert graph.has_edge("amalogs.cli", "amalogs.cli.output")  # imported inside functions only
    assert len(graph) == len(_modules()) > 100


def test_no_import_circle_anywhere_in_amalogs() -> None:
    graph = _graph()
    circles = [sorted(c) for c in nx.strongly_connected_components(graph) if len(c) > 1]  # a circle joins them
    assert not circles, f"modules that import each other round a circle: {circles[:5]}"


def test_no_module_is_over_600_lines() -> None:
    long = {name: n for name, path in _modules().items()
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > MOST_LINES}
    assert not long, f"modules over {MOST_LINES} lines (split them along their seams): {long}"
