"""One registry of parse error codes (specparser.error_messages).

Every code the parser can emit must be registered, with a message:

* statically: every code at an emitting site of the tokenizer, the input
  stream and tree construction (a string passed to ``_error``/``error``, an
  f-string expanded over its two keywords, a named constant, a string
  assigned to ``code``), found by walking the modules' syntax trees;
* dynamically: every code actually emitted over the html5lib-tests
  tokenizer suite (fast paths on and off) and the tree-construction suite
  (documents and fragments, both scripting modes, fast paths on and off).

The converse holds too: every registered code is emitted by that run or is
named at an emitting site, except the one the 2026 processing-instruction
change retired (kept so old error records still read).  Nothing else lists
the codes: html5lib's ``constants.E`` is the registry itself.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import specparser
from compat.paths import MISSING_TESTS, html5lib_tests_dir
from specparser import error_messages
from specparser.error_messages import MESSAGES, TOKENIZER_MESSAGES, TREE_CONSTRUCTION_CODES, TREE_CONSTRUCTION_MESSAGES

SRC = Path(specparser.__file__).parent
EMITTING_MODULES = ["tokenizer.py", "inputstream.py", *(f"treeconstruction/{p.name}" for p in (SRC / "treeconstruction").glob("*.py"))]
CODE = re.compile(r"[a-z]+(?:-[a-z0-9]+)+")
# The DOCTYPE states name their keyword in the code: f"...-{which}-...".
KEYWORDS = ("public", "system")
RETIRED = {"unexpected-question-mark-instead-of-tag-name"}


def _codes_at(node: ast.expr) -> set[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.Name) and node.id.isupper():
        value = getattr(error_messages, node.id, None)
        assert value is not None, f"{node.id} is not a registered code constant"
        return {value}
    if isinstance(node, ast.JoinedStr):
        out = set()
        for keyword in KEYWORDS:
            text = "".join(
                part.value if isinstance(part, ast.Constant) else keyword for part in node.values  # type: ignore[misc]
            )
            out.add(text)
        return out
    return set()


def statically_emitted() -> set[str]:
    found: set[str] = set()
    for name in EMITTING_MODULES:
        tree = ast.parse((SRC / name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and node.args:
                func = node.func
                called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                if called in ("_error", "error", "ParseError"):
                    found |= _codes_at(node.args[0])
            elif isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "code" for t in node.targets):
                found |= {c for c in _codes_at(node.value) if CODE.fullmatch(c)}
    return found


def test_the_static_scan_finds_the_emitting_sites() -> None:
    found = statically_emitted()
    # One of each kind of site: a literal, an f-string, a constant, an
    # input stream code assigned to ``code``.
    assert {
        "eof-in-tag",
        "missing-doctype-public-identifier",
        "missing-quote-before-doctype-system-identifier",
        "misnested-tag",
        "unexpected-html-element-in-foreign-content",
        "surrogate-in-input-stream",
    } <= found
    assert len(found) > 50


def test_every_code_at_an_emitting_site_is_registered() -> None:
    assert statically_emitted() - set(MESSAGES) == set()


@pytest.fixture(scope="module")
def dynamically_emitted() -> set[str]:
    if html5lib_tests_dir() is None:
        pytest.skip(MISSING_TESTS)
    from compat.tokenizer_suite import INITIAL_STATES, all_cases
    from compat.tree_suite import load_cases

    from specparser.builders import get_builder
    from specparser.tokenizer import tokenize
    from specparser.treeconstruction import build_tree, context_element

    codes: set[str] = set()
    for case in all_cases():
        for fast in (True, False):
            errors: list = []
            tokenize(
                case.input,
                state=INITIAL_STATES[case.initial_state],
                last_start_tag=case.last_start_tag,
                errors=errors,
                fast_paths=fast,
            )
            codes |= {e.code for e in errors}
    tree_cases = load_cases()
    assert len(tree_cases) > 3000
    for case in tree_cases:
        context = None if case.context is None else context_element(case.context)
        for fast in (True, False):
            errors = []
            build_tree(
                case.data,
                get_builder("etree")(namespaceHTMLElements=True),
                scripting=case.scripting,
                errors=errors,
                context=context,
                fast_paths=fast,
            )
            codes |= {e.code for e in errors}
    return codes


def test_every_code_emitted_on_the_suites_is_registered(dynamically_emitted: set[str]) -> None:
    assert dynamically_emitted - set(MESSAGES) == set()
    # Tree construction emits all its codes there.
    assert TREE_CONSTRUCTION_CODES <= dynamically_emitted


def test_every_registered_code_can_be_emitted(dynamically_emitted: set[str]) -> None:
    assert set(MESSAGES) - dynamically_emitted - statically_emitted() == RETIRED


def test_every_registered_code_is_documented() -> None:
    """A message each (one line, what ``--format errors`` prints), and the
    registry is in the API reference."""
    for code, message in MESSAGES.items():
        assert CODE.fullmatch(code), code
        assert message and "\n" not in message and "%" not in message, code
    # The two tables meet only in the codes both stages emit.
    assert set(TOKENIZER_MESSAGES) & set(TREE_CONSTRUCTION_MESSAGES) == set()
    reference = Path(__file__).resolve().parent.parent / "docs" / "reference" / "api.md"
    if reference.is_file():
        assert ".. automodule:: specparser.error_messages" in reference.read_text(encoding="utf-8")


def test_html5lib_messages_are_the_registry() -> None:
    from specparser.html5lib_compat.constants import E

    assert dict(E) == MESSAGES
    assert E["some-future-code"] == "some-future-code"
