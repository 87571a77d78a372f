"""How tree construction calls a builder's hot methods: every argument,
positionally, so that the base class's signatures need no defaults.

Why it matters (the compiled build): tree construction calls a builder
written in Python (``SoupBuilder``, a user's subclass) through the glue
mypyc generates from ``TreeBuilder``'s signature.  When that signature
has a default, the glue cannot tell a missing argument from a given one
at compile time and makes a generic call: a list, a dict and a tuple for
every element and every text run.  Without defaults it is one
``PyObject_VectorcallMethod``.  Callgrind, 30 corpus pages, compiled
``BeautifulSoup(html, "specparser")``: 1,092.7M instructions with the
defaults, 1,051.8M without.
"""

from __future__ import annotations

import inspect
from typing import Any

import pytest

import specparser
from specparser.builders._support import GatheredText
from specparser.builders._text_runs import TextRuns
from specparser.builders.etree import ElementTreeBuilder
from specparser.builders.lxml import LxmlTreeBuilder
from specparser.treebuilder import TreeBuilder

# (method, the parameter that must not have a default)
HOT_METHODS = [("append_new_element", "pos"), ("insert_text", "before")]
# The base class and the compiled adapters (a compiled subclass whose
# signature differs from the base's also gets a glue).
COMPILED_CLASSES = [TreeBuilder, TextRuns, GatheredText, ElementTreeBuilder, LxmlTreeBuilder]


# Each class that defines the method (the others inherit it).
CASES = [
    pytest.param(cls, method, parameter, id=f"{cls.__name__}.{method}")
    for cls in COMPILED_CLASSES
    for method, parameter in HOT_METHODS
    if method in vars(cls)
]


@pytest.mark.parametrize(("cls", "method", "parameter"), CASES)
def test_the_hot_methods_have_no_defaults(cls: type, method: str, parameter: str) -> None:
    signature = inspect.signature(getattr(cls, method))
    assert signature.parameters[parameter].default is inspect.Parameter.empty


class PositionalOnly(ElementTreeBuilder):
    """Overrides that take their arguments positionally and without
    defaults: a parse only works if the parser passes every one."""

    calls: list[str]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.calls = []

    def append_new_element(self, parent, name, namespace, attrs, pos, /):  # type: ignore[no-untyped-def,override]
        self.calls.append("append_new_element")
        return super().append_new_element(parent, name, namespace, attrs, pos)

    def insert_text(self, parent, text, before, /):  # type: ignore[no-untyped-def,override]
        self.calls.append("insert_text" if before is None else "insert_text before")
        super().insert_text(parent, text, before)


# Text in a body, in an element, and foster-parented before a table
# (https://html.spec.whatwg.org/#foster-parent: the "before" argument).
DOCUMENT = "<p>a<b>b</b>c</p><table>x<tr><td>y</td></tr></table>z<!--c--><svg><g>t</g></svg>"


def test_the_parser_passes_every_argument_positionally() -> None:
    builder = PositionalOnly()
    got = specparser.serialize(specparser.parse(DOCUMENT, builder))
    expected = specparser.serialize(specparser.parse(DOCUMENT, "etree"))
    assert got == expected
    assert "<table>" in got and got.index(">x<") < got.index("<table>")
    assert {"append_new_element", "insert_text", "insert_text before"} <= set(builder.calls)
