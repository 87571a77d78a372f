"""The list of active formatting elements' Noah's Ark clause
(https://html.spec.whatwg.org/#push-onto-the-list-of-active-formatting-elements)
against justhtml (a spec-following parser whose list compares every entry's
name and attributes; html5lib 1.1 is not a usable peer here: its adoption
agency is an older version's and it inserts whitespace without
reconstructing).  No nobr: justhtml 3.16 nests <b><nobr></b><nobr>'s second
nobr in the reconstructed one, where the nobr start tag's adoption agency
pops it first.

These documents pile up formatting elements of a few names with
attributes from a small pool, close, misnest and reconstruct them, so a
name goes past three entries, back under and past again (the clause's
count).  Markers (a cell, an object) are in the fixed cases only:
generated documents with them also find differences from justhtml that
are not the clause's (foster parenting, object in cells; not resolved
here).  (Written for an index of the entries by name, measured in issue 23
and reverted: it raised bs4's peak memory on the corpus.)
"""

from __future__ import annotations

import sys
import warnings
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import specparser

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_properties import examples  # noqa: E402

justhtml = pytest.importorskip("justhtml", reason="justhtml (the peer) is not installed")

_ATTRS = ["", " class=x", " class=y", ' class=x id=1', ' id=1 class=x', " href=h"]
_PIECE = st.one_of(
    st.builds(lambda n, a: f"<{n}{a}>", st.sampled_from(["b", "i", "a", "font"]), st.sampled_from(_ATTRS)),
    st.builds(lambda n: f"</{n}>", st.sampled_from(["b", "i", "a", "font", "p", "div"])),
    st.sampled_from(["t", " ", "<p>", "<div>", "<br>"]),
)


def _ours(source: str) -> tuple:
    def walk(node) -> tuple:
        if node.nodeType == node.TEXT_NODE:
            return ("#text", node.data)
        attrs = sorted(node.attributes.items()) if node.nodeType == node.ELEMENT_NODE else []
        return (node.localName or node.nodeName, attrs, [walk(child) for child in node.childNodes])

    return walk(specparser.parse(source, tree="dom").documentElement)


def _peer(source: str) -> tuple:
    def walk(node) -> tuple:
        if node.name == "#text":
            return ("#text", node.data)
        return (node.name, sorted(node.attrs.items()), [walk(child) for child in node.children or ()])

    root = justhtml.JustHTML(source, sanitize=False).root
    return walk(next(child for child in root.children if child.name == "html"))


def test_fixed_cases_match_justhtml() -> None:
    # Each closes the formatting elements it opened (</p>, </div>, </td>)
    # so that text after it reconstructs what the list kept.
    sources = [
        "<p><b>1<b>2<b>3<b>4</p>x",
        "<p><b class=x>1<b class=y>2<b class=x>3<b class=x>4<b class=x>5</p>x",
        "<p><b class=x id=1>1<b id=1 class=x>2<b class=x id=1>3<b id=1 class=x>4</p>x",
        "<p><b>1<b>2<b>3</b></b></b><b>4<b>5<b>6<b>7<b>8</p>x",
        "<p><b>1<b>2<b>3<b>4<table><td><b>5<b>6<b>7<b>8</td></table>y</p>x",
        "<div><a href=1>1<b>2<a href=2>3<a href=1>4<a href=1>5<a href=1>6</div>x",
        "<div><font>1<font>2<font>3<font>4</font>5<font>6<font>7</div>x",
        "<div><i>1<i class=x>2<i>3<i class=x>4<i>5<i class=x>6<i>7</div>x",
    ]
    for source in sources:
        assert _ours(source) == _peer(source), source


@examples(400)
@given(st.lists(_PIECE, max_size=40))
def test_generated_formatting_documents_match_justhtml(pieces: list) -> None:
    source = "<div>" + "".join(pieces) + "</div></p>end"
    assert _ours(source) == _peer(source)
