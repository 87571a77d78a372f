"""The adapter of docs/guides/treebuilder.md ("Writing your own TreeBuilder"),
exactly as the page writes it, through the whole tree-construction suite
(WPT's and html5lib-tests'), read back by the page's walker and compared
with the suite's expected dumps; and every call the parser makes to it is
checked against the contract that specparser/treebuilder.py states."""

from __future__ import annotations

import sys
import warnings
from pathlib import Path
from typing import Any

import pytest

from _doc_examples import ROOT, blocks_of

sys.path.insert(0, str(ROOT))
from compat.tree_suite import SUITES, load_cases, missing_reason, suite_dir  # noqa: E402

from specparser.constants import HTML_NAMESPACE  # noqa: E402
from specparser.testformat import dump_events  # noqa: E402
from specparser.treeconstruction import build_tree, context_element  # noqa: E402

PAGE = ROOT / "docs" / "guides" / "treebuilder.md"


def _page_namespace(path: Path) -> dict[str, Any]:
    """The names the page's python blocks define, run in order."""
    namespace: dict[str, Any] = {"__name__": "treebuilder_guide"}
    for block in blocks_of(path):
        if block.language == "python" and block.not_run is None:
            exec(compile(block.code, f"{path.name}:{block.line}", "exec"), namespace)
    return namespace


GUIDE = _page_namespace(PAGE)
DictBuilder = GUIDE["DictBuilder"]
walk = GUIDE["walk"]


class ContractViolation(AssertionError):
    pass


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise ContractViolation(message)


class CheckedDictBuilder(DictBuilder):  # type: ignore[misc, valid-type]
    """The page's adapter, asserting what treebuilder.py promises about each
    call before passing it on."""

    def __init__(self) -> None:
        self.started = self.sourced = self.finished = False
        self.made_marker = False
        self.quirks_calls = 0
        self.contents: dict[int, Any] = {}
        self.calls: set[str] = set()

    def _call(self, name: str) -> None:
        self.calls.add(name)
        _check(self.started and not self.finished, f"{name} outside start ... finish")
        if name != "set_source":
            _check(self.sourced, f"{name} before set_source")

    def _is_document(self, node: Any) -> bool:
        return node["type"] == "document"

    def start_document(self) -> Any:
        _check(not self.started, "started twice")
        self.started = True
        return super().start_document()

    def start_fragment(self) -> Any:
        _check(not self.started, "started twice")
        self.started = True
        return super().start_fragment()

    def set_source(self, text: str) -> None:
        self._call("set_source")
        self.sourced = True

    def finish(self) -> Any:
        self._call("finish")
        self.finished = True
        return super().finish()

    def set_quirks_mode(self, mode: str) -> None:
        self._call("set_quirks_mode")
        self.quirks_calls += 1
        _check(self.quirks_calls == 1, "set_quirks_mode more than once")
        _check(self._is_document(self.root), "set_quirks_mode for a fragment")
        _check(mode in ("no-quirks", "quirks", "limited-quirks"), f"quirks mode {mode!r}")
        super().set_quirks_mode(mode)

    def create_element(self, name: str, namespace: str, attrs: dict, pos: int = -1) -> Any:
        self._call("create_element")
        for key in attrs:
            _check(
                key.__class__ is str or (key.__class__ is tuple and len(key) == 3 and namespace != HTML_NAMESPACE),
                f"attribute key {key!r}",
            )
        return super().create_element(name, namespace, attrs, pos)

    def append_new_element(self, parent: Any, name: str, namespace: str, attrs: dict, pos: int = -1) -> Any:
        _check(not self._is_document(parent), "append_new_element to the Document")
        return super().append_new_element(parent, name, namespace, attrs, pos)

    def create_comment(self, data: str, pos: int = -1) -> Any:
        self._call("create_comment")
        return super().create_comment(data, pos)

    def create_processing_instruction(self, target: str, data: str, pos: int = -1) -> Any:
        self._call("create_processing_instruction")
        self.made_marker = self.made_marker or target in ("marker", "start", "end")
        _check(target.lower() not in ("xml", "xml-stylesheet") and ">" not in data, f"PI {target!r} {data!r}")
        return super().create_processing_instruction(target, data, pos)

    def append_doctype(self, name: str, public_id: str, system_id: str) -> None:
        self._call("append_doctype")
        _check(self._is_document(self.root), "a doctype in a fragment")
        super().append_doctype(name, public_id, system_id)

    def template_contents(self, template: Any) -> Any:
        self._call("template_contents")
        _check(
            template["type"] == "element" and template["name"] == "template" and template["namespace"] == HTML_NAMESPACE,
            "template_contents of a non-template",
        )
        return super().template_contents(template)

    def _insertable(self, parent: Any, child: Any) -> None:
        _check(child["parent"] is None, "inserting a node that has a parent")
        if self._is_document(parent):
            _check(
                child["type"] in ("comment", "pi", "doctype")
                or (child["type"] == "element" and child["name"] == "html"),
                f"a {child['type']} appended to the Document",
            )

    def append(self, parent: Any, child: Any) -> None:
        self._call("append")
        self._insertable(parent, child)
        super().append(parent, child)

    def insert_before(self, parent: Any, child: Any, reference: Any) -> None:
        self._call("insert_before")
        self._insertable(parent, child)
        _check(reference["parent"] is parent, "insert_before a node that is not a child of parent")
        super().insert_before(parent, child, reference)

    def insert_text(self, parent: Any, text: str, before: Any = None) -> None:
        self._call("insert_text")
        _check(text != "", "empty text")
        _check(not self._is_document(parent), "text for the Document")
        _check(before is None or before["parent"] is parent, "text before a node that is not a child")
        super().insert_text(parent, text, before)

    def remove(self, node: Any) -> None:
        self._call("remove")
        super().remove(node)

    def move_children(self, old_parent: Any, new_parent: Any) -> None:
        self._call("move_children")
        _check(
            new_parent["parent"] is None and not new_parent["children"] and new_parent["type"] == "element",
            "move_children into a node that is not a new element",
        )
        super().move_children(old_parent, new_parent)

    def parent_of(self, node: Any) -> Any:
        self._call("parent_of")
        _check(node["type"] != "text", "parent_of a text node")
        # Exactly the three cases treebuilder.py lists: the last table on
        # the stack (foster parenting); the adoption agency's lastNode right
        # after remove (it has no parent then); <template for>'s climb from
        # the body or a marker up to the Document, and once a marker was
        # made, from a lookup's scope or the adoption agency's furthest
        # block (an element).
        _check(
            node["type"] == "element" and node["name"] in ("table", "body")
            or node["parent"] is None
            or node["type"] == "pi"
            or _holds_a_pi(node)
            or self.made_marker and node["type"] == "element",
            f"parent_of an unlisted node: {node['type']} {node.get('name')!r}",
        )
        return super().parent_of(node)

    def children_of(self, parent: Any) -> list:
        self._call("children_of")
        _check(not self._is_document(parent), "children_of the Document")
        return super().children_of(parent)

    def remove_between(self, parent: Any, start: Any, end: Any) -> None:
        self._call("remove_between")
        _check(start["parent"] is parent, "remove_between: start is not a child")
        if end is not None:
            siblings = parent["children"]
            _check(
                end["parent"] is parent
                and [i for i, n in enumerate(siblings) if n is start] < [i for i, n in enumerate(siblings) if n is end],
                "remove_between: end is not a later child",
            )
        super().remove_between(parent, start, end)

    def add_missing_attributes(self, node: Any, attrs: dict) -> None:
        self._call("add_missing_attributes")
        _check(
            node is self.root and node["type"] == "fragment"
            or node["type"] == "element" and node["name"] in ("html", "body"),
            "add_missing_attributes on another node",
        )
        _check(all(key.__class__ is str for key in attrs), "add_missing_attributes: a namespaced key")
        super().add_missing_attributes(node, attrs)

    def replace_children_with_clones(self, target: Any, source: Any) -> None:
        self._call("replace_children_with_clones")
        _check(target["name"] == "selectedcontent" and source["name"] == "option", "clones elsewhere")
        super().replace_children_with_clones(target, source)


def _holds_a_pi(node: Any) -> bool:
    """Whether a processing instruction (a <template for> marker) is among
    ``node``'s descendants: the climb from a marker passes its ancestors."""
    stack = list(node["children"])
    if "content" in node:
        stack.append(node["content"])
    while stack:
        child = stack.pop()
        if child["type"] == "pi":
            return True
        stack.extend(child["children"])
        if "content" in child:  # a template's contents
            stack.append(child["content"])
    return False


def _dump(data: str, context: str | None, scripting: bool, builder: Any) -> str:
    ctx = None if context is None else context_element(context)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        tree = build_tree(data, builder, scripting=scripting, context=ctx)
    _check(builder.finished, "finish was not called")
    return dump_events(walk(tree))


@pytest.mark.parametrize("suite", SUITES)
def test_the_guide_adapter_passes_the_whole_tree_suite(suite: str) -> None:
    if suite_dir(suite) is None:
        pytest.skip(missing_reason(suite))
    cases = load_cases(suite=suite)
    assert len(cases) > 1000, "the suite was found but holds few cases"
    failures = []
    calls: set[str] = set()
    for case in cases:
        builder = CheckedDictBuilder()
        try:
            got = _dump(case.data, case.context, case.scripting, builder)
        except ContractViolation as exc:
            failures.append(f"{case.id}: contract: {exc}")
            continue
        calls |= builder.calls
        if got != case.expected:
            failures.append(f"{case.id}: {case.data!r}\n{got}\n--- expected\n{case.expected}")
    assert not failures, f"{len(failures)} of {len(cases)} failed:\n" + "\n\n".join(failures[:5])
    # The suite reaches every method (but those only <template for> calls,
    # test_template_for_cases below), so the checks above were all made.
    assert _every_checked_method() - calls == {"children_of", "remove_between"}


def _every_checked_method() -> set[str]:
    skip = ("start_document", "start_fragment", "append_new_element")
    return {
        name
        for name, value in vars(CheckedDictBuilder).items()
        if callable(value) and not name.startswith("_") and name not in skip
    }


def test_template_for_cases() -> None:
    """``<template for>`` (not in the suites yet): Chromium's trees, from
    tests/test_template_for.py, document and fragment."""
    from test_template_for import CHROMIUM

    calls: set[str] = set()
    for source, document, fragment in CHROMIUM:
        for context, expected in ((None, document), ("div", fragment)):
            builder = CheckedDictBuilder()
            assert _dump(source, context, False, builder) == expected, (source, context)
            calls |= builder.calls
    assert {"children_of", "remove_between"} <= calls


def test_the_checker_rejects_a_broken_call() -> None:
    # The checks can fail: a parent-ful child is refused.
    builder = CheckedDictBuilder()
    document = builder.start_document()
    builder.set_source("")
    element = builder.create_element("p", HTML_NAMESPACE, {})
    builder.append(document, builder.create_element("html", HTML_NAMESPACE, {}))
    builder.append(document["children"][0], element)
    with pytest.raises(ContractViolation):
        builder.append(document["children"][0], element)
    with pytest.raises(ContractViolation):
        builder.insert_text(document, "x")
