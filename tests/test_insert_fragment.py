"""specparser.insert_fragment: a parsed fragment goes into an existing tree
with its text, as the DOM's insert does with a DocumentFragment
(https://dom.spec.whatwg.org/#concept-node-insert: the fragment's children,
in order, before the child at the index; the fragment left empty), on every
tree type; and the ways to get it wrong fail loudly or work (issue 30,
item 5).

The expected markup is written by hand from the DOM's rule, for the
document ``<div>a<b>b</b>c</div>`` and the fragment ``x<i>y</i>z``.
ElementTree and lxml count element children (text lives in text/tail, so
"before <b>" is after the text "a"); BeautifulSoup and minidom count every
node.
"""

from __future__ import annotations

import xml.dom.minidom
from typing import Any
from xml.etree import ElementTree as ET

import pytest

import specparser
from _optional import MISSING

TREES = ["etree", "lxml", "lxml.html", "bs4", "dom"]
COUNTS_TEXT = {"bs4", "dom"}
DOCUMENT = "<div>a<b>b</b>c</div>"
FRAGMENT = "x<i>y</i>z"


def _need(tree: str) -> None:
    base = tree.split(".")[0]
    if base in MISSING:
        pytest.skip(MISSING[base])


def _div(tree: str) -> Any:
    document: Any = specparser.parse(DOCUMENT, tree)  # type: ignore[call-overload]
    if tree == "etree":
        return document.find(".//div")
    if tree.startswith("lxml"):
        return document.find(".//div")
    if tree == "bs4":
        return document.find("div")
    return document.getElementsByTagName("div")[0]


# (index for ElementTree/lxml, index for bs4/minidom, expected)
POSITIONS = [
    (None, None, "<div>a<b>b</b>cx<i>y</i>z</div>"),
    (0, 1, "<div>ax<i>y</i>z<b>b</b>c</div>"),
    (1, 3, "<div>a<b>b</b>cx<i>y</i>z</div>"),
    (-1, -2, "<div>ax<i>y</i>z<b>b</b>c</div>"),
]


@pytest.mark.parametrize("tree", TREES)
@pytest.mark.parametrize(("element_index", "node_index", "expected"), POSITIONS)
def test_the_fragment_goes_where_the_dom_would_put_it(tree: str, element_index: Any, node_index: Any, expected: str) -> None:
    _need(tree)
    div = _div(tree)
    fragment = specparser.parse_fragment(FRAGMENT, tree=tree)  # type: ignore[call-overload]
    specparser.insert_fragment(div, fragment, node_index if tree in COUNTS_TEXT else element_index)
    assert specparser.serialize(div) == expected


@pytest.mark.parametrize("tree", ["bs4", "dom"])
def test_node_counting_trees_can_insert_before_the_first_text(tree: str) -> None:
    _need(tree)
    div = _div(tree)
    specparser.insert_fragment(div, specparser.parse_fragment(FRAGMENT, tree=tree), 0)  # type: ignore[call-overload]
    assert specparser.serialize(div) == "<div>x<i>y</i>za<b>b</b>c</div>"


@pytest.mark.parametrize("tree", TREES)
@pytest.mark.parametrize(
    ("document", "fragment", "expected"),
    [
        ("<div></div>", "just text", "<div>just text</div>"),
        ("<div>a</div>", "", "<div>a</div>"),
        ("<div></div>", "<td>cell", "<div>cell</div>"),  # parsed in a <div>: no <td>
        ("<div>a</div>", "<!--c--><p>p</p>tail", "<div>a<!--c--><p>p</p>tail</div>"),
    ],
)
def test_text_only_empty_and_comment_fragments(tree: str, document: str, fragment: str, expected: str) -> None:
    _need(tree)
    parsed: Any = specparser.parse(document, tree)  # type: ignore[call-overload]
    div = parsed.find("div") if tree == "bs4" else parsed.getElementsByTagName("div")[0] if tree == "dom" else parsed.find(".//div")
    specparser.insert_fragment(div, specparser.parse_fragment(fragment, tree=tree))  # type: ignore[call-overload]
    assert specparser.serialize(div) == expected


@pytest.mark.parametrize("tree", TREES)
def test_the_fragment_is_empty_afterwards(tree: str) -> None:
    _need(tree)
    div = _div(tree)
    fragment: Any = specparser.parse_fragment(FRAGMENT, tree=tree)  # type: ignore[call-overload]
    specparser.insert_fragment(div, fragment)
    specparser.insert_fragment(div, fragment)  # moves nothing more
    assert specparser.serialize(div) == "<div>a<b>b</b>cx<i>y</i>z</div>"
    assert specparser.serialize(fragment) == ""


def test_a_context_other_than_div() -> None:
    table = specparser.parse("<table><tr><td>1</td></tr></table>").find(".//tr")
    assert table is not None
    specparser.insert_fragment(table, specparser.parse_fragment("<td>2<td>3", "tr"))
    assert specparser.serialize(table) == "<tr><td>1</td><td>2</td><td>3</td></tr>"


def test_minidom_nodes_are_adopted_by_the_parents_document() -> None:
    document = specparser.parse(DOCUMENT, "dom")
    div = document.getElementsByTagName("div")[0]
    specparser.insert_fragment(div, specparser.parse_fragment("<i title=t>y</i>", tree="dom"))
    i = document.getElementsByTagName("i")[0]
    assert i.ownerDocument is document and i.firstChild.ownerDocument is document
    assert i.getAttributeNode("title").ownerDocument is document


def test_an_html5lib_etree_fragment_is_accepted() -> None:
    from specparser import html5lib_compat

    fragment = html5lib_compat.parseFragment(FRAGMENT, namespaceHTMLElements=False)
    div = _div("etree")
    specparser.insert_fragment(div, fragment)
    assert specparser.serialize(div) == "<div>a<b>b</b>cx<i>y</i>z</div>"


# -- wrong arguments ------------------------------------------------------------


@pytest.mark.parametrize(
    ("parent_tree", "fragment_tree"),
    [("etree", "dom"), ("dom", "etree"), ("etree", "lxml"), ("bs4", "etree"), ("lxml", "etree"), ("dom", "bs4"), ("bs4", "dom")],
)
def test_a_fragment_of_another_tree_type_is_a_type_error(parent_tree: str, fragment_tree: str) -> None:
    _need(parent_tree)
    _need(fragment_tree)
    fragment = specparser.parse_fragment(FRAGMENT, tree=fragment_tree)  # type: ignore[call-overload]
    with pytest.raises(TypeError, match=r"^insert_fragment\(\): fragment"):
        specparser.insert_fragment(_div(parent_tree), fragment)


@pytest.mark.parametrize("tree", TREES)
def test_an_index_out_of_range_is_an_index_error(tree: str) -> None:
    _need(tree)
    fragment = specparser.parse_fragment(FRAGMENT, tree=tree)  # type: ignore[call-overload]
    with pytest.raises(IndexError, match=r"^insert_fragment\(\): index 9"):
        specparser.insert_fragment(_div(tree), fragment, 9)


@pytest.mark.parametrize(("parent", "index", "message"), [("<div>", True, "index must be an int"), ("<div>", "0", "index must be an int")])
def test_a_bad_index_is_a_type_error(parent: str, index: Any, message: str) -> None:
    with pytest.raises(TypeError, match=rf"^insert_fragment\(\): {message}"):
        specparser.insert_fragment(_div("etree"), specparser.parse_fragment("x"), index)


@pytest.mark.parametrize("parent", [None, "<div>", [ET.Element("div")]])
def test_a_parent_that_is_no_tree_node_is_a_type_error(parent: Any) -> None:
    with pytest.raises(TypeError, match=r"^insert_fragment\(\): parent must be"):
        specparser.insert_fragment(parent, specparser.parse_fragment("x"))


# -- the misuses of issue 30: they fail loudly, or work ---------------------------


def test_etree_append_of_a_fragment_fails_loudly() -> None:
    div = _div("etree")
    with pytest.raises(TypeError):
        div.append(specparser.parse_fragment(FRAGMENT))  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        div.extend(specparser.parse_fragment(FRAGMENT))  # type: ignore[arg-type]  # the leading text
    # Without leading text, extend() is right: the tails come along.
    div.extend(specparser.parse_fragment("<i>y</i>z"))  # type: ignore[arg-type]
    assert specparser.serialize(div) == "<div>a<b>b</b>c<i>y</i>z</div>"
    assert "DOCUMENT_FRAGMENT" not in specparser.serialize(div)


@pytest.mark.parametrize("tree", ["lxml", "lxml.html"])
def test_lxml_append_and_extend_of_a_fragment_fail_loudly(tree: str) -> None:
    _need(tree)
    div = _div(tree)
    with pytest.raises(TypeError):
        div.append(specparser.parse_fragment(FRAGMENT, tree=tree))  # type: ignore[call-overload]
    with pytest.raises(TypeError):
        div.extend(specparser.parse_fragment(FRAGMENT, tree=tree))  # type: ignore[call-overload]
    assert specparser.serialize(div) == DOCUMENT


def test_bs4_append_of_a_fragment_works() -> None:
    _need("bs4")
    div = _div("bs4")
    div.append(specparser.parse_fragment(FRAGMENT, tree="bs4"))
    assert specparser.serialize(div) == "<div>a<b>b</b>cx<i>y</i>z</div>"


def test_minidom_append_child_of_a_fragment_works() -> None:
    div = _div("dom")
    div.appendChild(specparser.parse_fragment(FRAGMENT, tree="dom"))
    assert specparser.serialize(div) == "<div>a<b>b</b>cx<i>y</i>z</div>"
    assert isinstance(div, xml.dom.minidom.Element)


def test_a_bs4_tag_is_no_fragment() -> None:
    _need("bs4")
    div = _div("bs4")
    with pytest.raises(TypeError, match=r"^insert_fragment\(\): fragment must be the BeautifulSoup"):
        specparser.insert_fragment(div, _div("bs4"))  # type: ignore[arg-type]
