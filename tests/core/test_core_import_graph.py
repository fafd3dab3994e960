"""No module imports a module that imports it: the import graph of the project's packages has no circle.

Every `import` statement counts, also those inside functions (a lazy import
still ties two modules together). `from pkg import name` counts as importing
`pkg.name` when that is a module, else `pkg`.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("companion", "printables")


def module_names() -> dict[str, Path]:
    """Map every module name of the project's packages to its file."""
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """Return the project modules that one module imports."""
    is_package = path.name == "__init__.py"
    base = name.split(".") if is_package else name.split(".")[:-1]
    targets = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                anchor = base[: len(base) - node.level + 1]
                source = ".".join(anchor + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            for alias in node.names:
                full = f"{source}.{alias.name}"
                targets.add(full if full in modules else source)
    return {t for t in targets if t in modules and t != name}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """Return one circle of the graph as a list of modules, or None (iterative depth-first search)."""
    state: dict[str, int] = {}  # 1 = on the current path, 2 = finished
    for start in sorted(graph):
        if state.get(start):
            continue
        stack = [(start, iter(sorted(graph[start])))]
        path = [start]
        state[start] = 1
        while stack:
            node, children = stack[-1]
            child = next(children, None)
            if child is None:
                state[node] = 2
                stack.pop()
                path.pop()
            elif state.get(child) == 1:
                return [*path[path.index(child):], child]
            elif not state.get(child):
                state[child] = 1
                path.append(child)
                stack.append((child, iter(sorted(graph[child]))))
    return None


def test_the_walker_finds_a_planted_circle():
    """The search is real: a circle of three is found, a chain is not."""
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None


def test_relative_imports_resolve_to_modules():
    """`from . import x` and `from .x import y` inside a package point at the right modules."""
    modules = module_names()
    web = imports_of("companion.web.enroute", modules["companion.web.enroute"], modules)
    assert {"companion.web.enroute.referee.setup", "companion.web.enroute.tables.pages", "companion.web.core.plugins"} <= web


def test_import_graph_has_no_circle():
    """Walk every module's imports; fail naming the circle if there is one."""
    modules = module_names()
    graph = {name: imports_of(name, path, modules) for name, path in modules.items()}
    cycle = find_cycle(graph)
    assert cycle is None, "import circle: " + " -> ".join(cycle)
