"""The package's modules import one another without a cycle, and without hiding one inside a function.

The graph is read from the source (ast), not from a running import: every ``import`` and
``from ... import`` statement counts, at module level and inside functions alike, except
those under ``if TYPE_CHECKING:`` (read by the type checker only). A name imported from a
package counts as its submodule when there is one (``from rummytable.tress import solver``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import rummytable

PACKAGE = Path(rummytable.__file__).resolve().parent


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    found: list[ast.Import | ast.ImportFrom] = []
    todo: list[ast.AST] = [tree]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.If) and _is_type_checking(node):
            todo.extend(node.orelse)
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        todo.extend(ast.iter_child_nodes(node))
    return found


def _resolve(name: str, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    is_package = MODULES[name].name == "__init__.py"
    base = name.split(".") if is_package else name.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])


def import_graph() -> dict[str, set[str]]:
    """Module -> the package modules it imports."""
    graph: dict[str, set[str]] = {}
    for name, path in MODULES.items():
        targets: set[str] = set()
        for node in _imports(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names)
                continue
            base = _resolve(name, node)
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                targets.add(sub if sub in MODULES else base)
        graph[name] = {target for target in targets if target in MODULES and target != name}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle as a list of modules (first == last), or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for target in sorted(graph[node]):
            if state.get(target) == 1:
                return [*stack[stack.index(target):], target]
            if target not in state and (cycle := visit(target)):
                return cycle
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (cycle := visit(node)):
            return cycle
    return None


def test_the_graph_sees_the_package() -> None:
    graph = import_graph()
    assert "rummytable.tress.game" in graph["rummytable.registry"]
    assert "rummytable.tress.solver" in graph["rummytable.tress.game"]  # "from rummytable.tress import solver"


def test_find_cycle_finds_one() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_no_import_cycle_in_the_package() -> None:
    cycle = find_cycle(import_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_no_module_of_a_game_at_the_top_level() -> None:
    top = [name for name in MODULES if name.count(".") == 1]
    assert not [name for name in top if name.split(".")[1].startswith(("tress_", "take_", "solver"))], top
