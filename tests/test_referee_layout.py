"""The referee is laid out by its parts and its imports point one way: the engine imports no game, player or
session; games import the engine; players import the engine's actions; sessions sit on top. No two modules
import each other, directly or round a circle (imports inside functions count; type-only imports do not)."""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

import amalogs.referee

ROOT = Path(amalogs.referee.__file__).parent
ALLOWED = {
    "engine": {"engine"},
    "games": {"engine", "games"},
    "players": {"engine", "players"},
    "sessions": {"engine", "games", "players", "sessions"},
}


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(p for p in parts if p != "__init__") or "(package)"


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip: set[int] = set()
    for node in ast.walk(tree):  # `if TYPE_CHECKING:` blocks are for the type checker only
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip.update(id(n) for n in ast.walk(node))
    found = set()
    for node in ast.walk(tree):
        if id(node) in skip or not isinstance(node, ast.ImportFrom | ast.Import):
            continue
        names = [node.module or ""] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
        for name in names:
            if name.startswith("amalogs.referee."):
                found.add(name.removeprefix("amalogs.referee."))
    return found


def _graph() -> nx.DiGraph:
    graph = nx.DiGraph()
    for path in ROOT.rglob("*.py"):
        graph.add_node(_module(path))
        for target in _imports(path):
            graph.add_edge(_module(path), target)
    return graph


def test_every_module_sits_in_a_part() -> None:
    for path in ROOT.rglob("*.py"):
        assert path.parent == ROOT and path.name == "__init__.py" or path.relative_to(ROOT).parts[0] in ALLOWED, path


def test_imports_point_one_way() -> None:
    wrong = [(a, b) for a, b in _graph().edges if a != "(package)" and b.split(".")[0] not in ALLOWED[a.split(".")[0]]]
    assert not wrong, f"imports against the layering: {wrong}"


def test_no_import_cycle() -> None:
    graph = _graph()
    graph.remove_edges_from([(a, b) for a, b in graph.edges if b == a.rpartition(".")[0]])  # a package's own __init__
    cycles = list(nx.simple_cycles(graph))
    assert not cycles, f"import cycles: {cycles[:5]}"


def test_the_engine_imports_no_game_module() -> None:
    engine = {a: b for a, b in _graph().edges if a.startswith("engine")}
    assert not [b for b in engine.values() if b.startswith("games")]
