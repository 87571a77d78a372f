"""Documents far deeper than Python's recursion limit, and huge nodes,
through every tree type: parse, walk (the event walker and the
html5lib-compatible token walker) and serialize (``serialize_html`` and
the html5lib-compatible serializer), with no RecursionError.

Depth 50,000 here (the recursion limit is 1,000); 1,000,000 is measured by
``benchmarks/bench_depth.py``.  The third-party calls that recurse and so
cannot take such trees (ElementTree's ``tostring``, minidom's ``toxml``,
bs4's ``prettify``/``decode`` and ``copy``) are listed in the README and not
called here.
"""

from __future__ import annotations

import warnings

import pytest

import specparser
from specparser import html5lib_compat
from _optional import MISSING
from specparser.html5lib_compat.serializer import serialize as html5lib_serialize
from specparser.serializer import serialize_html

pytestmark = pytest.mark.slow

TREE_TYPES = ["etree", "lxml", "lxml.html", "bs4", "dom"]
DEPTH = 50_000

# kind -> (markup repeated to the depth, prefix, a tag of each level, the
# innermost element, which holds the text)
KINDS = {
    "div": ("<div>", "", "div", "div"),
    "formatting": ("<b>", "", "b", "b"),
    "table": ("<table><tr><td>", "", "table", "td"),
    "template": ("<template>", "", "template", "template"),
    "select": ("<span>", "<select>", "span", "span"),
    "svg": ("<g>", "<svg>", "g", "g"),
    "mathml": ("<mrow>", "<math>", "mrow", "mrow"),
    "lists": ("<ul><li>", "", "ul", "li"),
}


def _skip_missing(tree_type: str) -> None:
    base = tree_type.split(".")[0]
    if base in MISSING:
        pytest.skip(MISSING[base])


@pytest.mark.parametrize("kind", list(KINDS))
@pytest.mark.parametrize("tree_type", TREE_TYPES)
def test_deep_documents_parse_walk_and_serialize(tree_type: str, kind: str) -> None:
    _skip_missing(tree_type)
    unit, prefix, tag, innermost = KINDS[kind]
    depth = DEPTH // unit.count("<")
    tree = html5lib_compat.parse(prefix + unit * depth + "x", treebuilder=tree_type)
    markup = serialize_html(tree, tree_type)
    # Every level is opened and closed, the text is innermost.
    assert markup.count(f"<{tag}>") == depth and markup.count(f"</{tag}>") == depth
    assert f"<{innermost}>x</{innermost}>" in markup
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        # html5lib's serializer omits optional tags: count the start tags.
        assert html5lib_serialize(tree, tree=tree_type).count(f"<{tag}>") == depth


@pytest.mark.parametrize("tree_type", TREE_TYPES)
def test_huge_inputs(tree_type: str) -> None:
    """100,000 unclosed formatting elements, a 50 MB text node and a 10 MB
    attribute value parse and serialize in full."""
    _skip_missing(tree_type)
    markup = serialize_html(html5lib_compat.parse("<b>" * 100_000 + "x", treebuilder=tree_type), tree_type)
    assert markup.count("<b>") == 100_000 and markup.count("</b>") == 100_000
    text = "x" * 50_000_000
    markup = serialize_html(html5lib_compat.parse("<p>" + text, treebuilder=tree_type), tree_type)
    assert markup == f"<html><head></head><body><p>{text}</p></body></html>"
    del markup, text
    value = "y" * 10_000_000
    markup = serialize_html(html5lib_compat.parse(f'<p title="{value}">', treebuilder=tree_type), tree_type)
    assert markup == f'<html><head></head><body><p title="{value}"></p></body></html>'
