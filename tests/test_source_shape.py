"""The shape of the source (issue 22): no import cycle among the modules of
src/specparser, and no function longer than about 100 lines.

Both are read from the syntax trees, not by importing: the import graph
has an edge A -> B for every module-level import in A (also inside
module-level ``if``/``try`` blocks and class bodies, not inside functions,
not under ``if TYPE_CHECKING``) of a module B of the package;
``from package import name`` points at the submodule ``name`` when there is
one, else at the package's ``__init__``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import specparser

SRC = Path(specparser.__file__).parent
PACKAGE = SRC.name

# The longest a function may be, in source lines (docstring and comments
# included), and the functions allowed beyond it, each with its reason.
MAX_FUNCTION_LINES = 100
LONGER_FUNCTIONS = {
    # The Encoding Standard's ISO-2022-JP decoder: one state machine over
    # eight states whose steps are spelled out as the standard writes them.
    "encoding/multibyte.py:_decode_iso_2022_jp",
}


def _modules() -> dict[str, tuple[Path, bool]]:
    out = {}
    for path in SRC.rglob("*.py"):
        parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts = parts[:-1]
        out[".".join(parts)] = (path, is_package)
    return out


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _module_level_imports(body: list[ast.stmt]):
    for node in body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        elif isinstance(node, ast.If):
            if not _is_type_checking(node.test):
                yield from _module_level_imports(node.body)
                yield from _module_level_imports(node.orelse)
        elif isinstance(node, ast.Try):
            yield from _module_level_imports(node.body)
            for handler in node.handlers:
                yield from _module_level_imports(handler.body)
            yield from _module_level_imports(node.orelse)
            yield from _module_level_imports(node.finalbody)
        elif isinstance(node, ast.ClassDef):
            yield from _module_level_imports(node.body)


def import_graph() -> dict[str, set[str]]:
    modules = _modules()
    graph: dict[str, set[str]] = {}
    for name, (path, is_package) in modules.items():
        package = name if is_package else name.rpartition(".")[0]
        edges: set[str] = set()
        for node in _module_level_imports(ast.parse(path.read_text(encoding="utf-8")).body):
            if isinstance(node, ast.Import):
                edges |= {alias.name for alias in node.names if alias.name in modules}
                continue
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target not in modules:
                continue
            submodules = {f"{target}.{alias.name}" for alias in node.names} & set(modules)
            edges |= submodules
            if len(submodules) < len(node.names):
                edges.add(target)
        graph[name] = edges - {name}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of ``graph`` as a list of modules, or None (iterative depth
    first search)."""
    state: dict[str, int] = {}  # 1 on the current path, 2 done
    for start in sorted(graph):
        if start in state:
            continue
        path = [start]
        state[start] = 1
        stack = [iter(sorted(graph[start]))]
        while stack:
            following = next(stack[-1], None)
            if following is None:
                state[path.pop()] = 2
                stack.pop()
            elif state.get(following) == 1:
                return path[path.index(following) :] + [following]
            elif following not in state:
                state[following] = 1
                path.append(following)
                stack.append(iter(sorted(graph[following])))
    return None


def test_the_graph_sees_the_imports() -> None:
    graph = import_graph()
    assert len(graph) > 40
    tc = f"{PACKAGE}.treeconstruction"
    # Relative, dotted, "from . import module" and package imports.
    assert {f"{tc}.body_mode", f"{tc}.document_modes", f"{tc}.table_modes", f"{tc}.foreign"} <= graph[f"{tc}.core"]
    assert f"{PACKAGE}.error_messages" in graph[f"{tc}.body_mode"]
    assert f"{PACKAGE}.tables.elements" in graph[f"{tc}.core"]
    assert f"{tc}.core" in graph[tc]


def test_find_cycle_finds_one() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None


def test_no_import_cycle() -> None:
    assert find_cycle(import_graph()) is None


def _long_functions() -> dict[str, int]:
    out = {}
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lines = node.end_lineno - node.lineno + 1  # type: ignore[operator]
                if lines > MAX_FUNCTION_LINES:
                    out[f"{path.relative_to(SRC).as_posix()}:{node.name}"] = lines
    return out


def test_no_function_is_longer_than_about_100_lines() -> None:
    assert set(_long_functions()) == LONGER_FUNCTIONS


_MAX_PARSER_ATTRIBUTES = 28


def test_the_tree_constructor_keeps_its_attributes_fast() -> None:
    """CPython shares one dict-keys table among the instances of a class
    for a limited number of attributes; past it every attribute access of
    the TreeConstructor (the parser's hottest object) becomes a dict lookup.
    On CPython 3.11 the step comes after 28 attributes, not the documented
    30: two more attributes (30) cost +2.6% instructions over the corpus
    (callgrind, etree, every fourth page), 33 cost +4.3%."""
    if specparser.compiled:
        pytest.skip("the compiled build's TreeConstructor keeps its attributes in a C struct: no instance dict")
    from specparser.builders import get_builder
    from specparser.constants import HTML_NAMESPACE
    from specparser.treeconstruction import build_tree
    from specparser.treeconstruction.core import TreeConstructor

    for context in (None, ("td", HTML_NAMESPACE)):
        parser = TreeConstructor(get_builder("etree")(), errors=[], context=context)
        assert len(vars(parser)) <= _MAX_PARSER_ATTRIBUTES
    seen = []

    class Counting(TreeConstructor):
        def eof(self, pos: int) -> None:
            super().eof(pos)
            seen.append(len(vars(self)))

    import specparser.treeconstruction as tc

    original = tc.TreeConstructor
    tc.TreeConstructor = Counting  # type: ignore[misc]
    try:
        build_tree("<!DOCTYPE html><table><tr><td>x<template>y</template><select><option>z", get_builder("etree")(), errors=[])
    finally:
        tc.TreeConstructor = original  # type: ignore[misc]
    assert seen and seen[0] <= _MAX_PARSER_ATTRIBUTES
