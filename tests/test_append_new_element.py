"""TreeBuilder.append_new_element: the adapters' in-place shortcut builds
the same trees as create_element + append (the contract's default), and a
subclass that overrides create_element or append still sees every element."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree

import pytest

from specparser.builders.etree import ElementTreeBuilder
from specparser.treebuilder import TreeBuilder
from specparser.treeconstruction import build_tree

CASES = [
    "<p>a<b class=x id=y>t</b>c</p>",
    "text<table>x<tr><td>cell<b>b</b></table>after",  # foster parenting
    "<template><p>t</p></template><p>u<em>v</em>w</p>",
    "<svg><g><p>x</svg>",
    "<p>1<b>2<i>3</p>4</i>5</b>",  # adoption agency
]


@pytest.mark.parametrize("html", CASES)
@pytest.mark.parametrize("namespace_html", [True, False])
def test_etree_shortcut_matches_create_then_append(html: str, namespace_html: bool, monkeypatch) -> None:
    def build() -> bytes:
        builder = ElementTreeBuilder(namespaceHTMLElements=namespace_html, fullTree=True)
        return ElementTree.tostring(build_tree("<!DOCTYPE html>" + html, builder))

    shortcut = build()
    monkeypatch.setattr(ElementTreeBuilder, "append_new_element", TreeBuilder.append_new_element)
    assert shortcut == build()


def test_a_subclass_overriding_create_element_sees_every_element() -> None:
    seen = []

    class Counting(ElementTreeBuilder):
        def create_element(self, name, namespace, attrs, pos=-1):  # type: ignore[no-untyped-def]
            seen.append(name)
            return super().create_element(name, namespace, attrs, pos)

    build_tree("<p>a<b>t</b></p>", Counting())
    assert seen == ["html", "head", "body", "p", "b"]


def test_lxml_subclass_overriding_append_sees_every_element() -> None:
    pytest.importorskip("lxml")
    from specparser.builders.lxml import LxmlTreeBuilder

    appended = []

    class Counting(LxmlTreeBuilder):
        def append(self, parent, child):  # type: ignore[no-untyped-def]
            appended.append(child.tag.rpartition("}")[2])
            super().append(parent, child)

    build_tree("<p>a<b>t</b></p>", Counting())
    assert appended == ["html", "head", "body", "p", "b"]
