"""Imports run one way: no circle among shipyard's modules, counting every import statement,
those inside functions and under `TYPE_CHECKING` too (a lazy import still ties two modules
together; it only hides the circle from the interpreter)."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import ROOT

PACKAGE = ROOT / "shipyard"


def _modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _targets(module: str, path: Path, node: ast.Import | ast.ImportFrom,
             known: dict[str, Path]) -> list[str]:
    """The shipyard modules an import statement names (a name imported from a package counts
    as the submodule when there is one of that name, else as the package)."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names if a.name in known]
    base = node.module or ""
    if node.level:
        package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
        package = package[:len(package) - (node.level - 1)]
        base = ".".join(package + ([base] if base else []))
    names = [f"{base}.{a.name}" for a in node.names]
    return [n if n in known else base for n in names if n in known or base in known]


def import_graph() -> dict[str, set[str]]:
    known = _modules()
    graph: dict[str, set[str]] = {m: set() for m in known}
    for module, path in known.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                graph[module].update(t for t in _targets(module, path, node, known)
                                     if t != module)
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of two or more modules (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            for nxt in edges:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def test_the_finder_sees_a_circle_through_a_lazy_import() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(graph) == [["a", "b", "c"]]


def test_shipyard_has_no_import_circle() -> None:
    assert circles(import_graph()) == []
