"""The round-trip property on every tree type: for a generated document
outside the shapes the spec says its serialization cannot give back
(:data:`test_properties.NOT_ROUND_TRIPPABLE`: ``<plaintext>``, a script
left in an escaped state, an element nested in one of its own kind by
foster parenting or the form pointer, a CR, a leading newline in
``pre``/``textarea``/``listing``), parsing into tree type T, serializing
T's tree and parsing the markup into T again gives the same tree (T's
walker dumps both alike).  DOCTYPE identifiers are kept
(``doctype_ids=True``) so that the quirks mode survives.

The corpus round trip of every tree type is ``test_serializer_roundtrip.py``
(etree, dom, lxml, bs4; lxml.html here); the etree property is in
``test_properties.py``.  What is not promised, and why, is in the README
("Serialization round trips").
"""

from __future__ import annotations

import warnings

import pytest
from hypothesis import given
from hypothesis import strategies as st

import specparser
from specparser import html5lib_compat
from _optional import MISSING
from specparser.serializer import serialize_html
from specparser.testformat import dump_events
from test_properties import _LOSSY, CONTEXTS, examples, html_like, round_trip_exclusion

TREE_TYPES = ["lxml", "lxml.html", "bs4", "dom"]


def _parse(tree_type: str, source: str, scripting: bool) -> tuple:
    """(tree, lossless): lossless is False when lxml had to replace or drop
    something (its DataLossWarning says so): such a tree is not the
    document, and neither is its round trip."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        tree = html5lib_compat.HTMLParser(tree=tree_type).parse(source, scripting=scripting)
    lossy = any(set(getattr(w.message, "counts", ())) & _LOSSY for w in caught)
    return tree, not lossy


def _dump(tree_type: str, tree) -> str:
    return dump_events(specparser.get_walker(tree_type)(tree))


@pytest.mark.parametrize("tree_type", TREE_TYPES)
@examples(100)
@given(source=html_like, scripting=st.booleans())
def test_serialize_then_reparse_gives_the_same_tree_in_every_tree_type(tree_type, source, scripting) -> None:
    base = tree_type.split(".")[0]
    if base in MISSING:
        pytest.skip(MISSING[base])
    # Which shape the document is, decided on the etree tree (the same
    # document; the lists of exclusions are written against its walker).
    etree_tree = html5lib_compat.HTMLParser(tree="etree").parse(source, scripting=scripting)
    if round_trip_exclusion(etree_tree, serialize_html(etree_tree, "etree", doctype_ids=True)) is not None:
        return
    tree, lossless = _parse(tree_type, source, scripting)
    if not lossless:
        return
    markup = serialize_html(tree, tree_type, scripting=scripting, doctype_ids=True)
    again, _ = _parse(tree_type, markup, scripting)
    assert _dump(tree_type, again) == _dump(tree_type, tree), markup


# -- fragments ---------------------------------------------------------------------------

# Contexts whose serialization the spec does not promise to re-parse alike:
# the raw text elements (the fragment serializer escapes text that the
# context's tokenizer state reads literally; RCDATA contexts, title and
# textarea, decode the escapes again and do round-trip), and foreign
# elements that are not integration points (their breakout rules move HTML
# start tags out of the context).
NOT_ROUND_TRIPPABLE_CONTEXTS = {
    "style", "script", "xmp", "iframe", "noscript", "noembed", "noframes", "plaintext",
    "svg svg", "svg path", "math annotation-xml",
}  # fmt: skip
FRAGMENT_CONTEXTS = [c for c in CONTEXTS if c not in NOT_ROUND_TRIPPABLE_CONTEXTS]


@examples(200)
@given(source=html_like, context=st.sampled_from(FRAGMENT_CONTEXTS))
def test_fragment_serialize_then_reparse_in_the_same_context_gives_the_same_nodes(source, context) -> None:
    """parseFragment(serialize(parseFragment(x, c)), c) == parseFragment(x, c)
    for every context that is not a raw text element or a foreign element
    outside the integration points, outside NOT_ROUND_TRIPPABLE."""
    fragment = html5lib_compat.parseFragment(source, container=context)
    markup = serialize_html(fragment, "etree")
    if round_trip_exclusion(fragment, markup) is not None:
        return
    again = html5lib_compat.parseFragment(markup, container=context)
    assert _dump("etree", again) == _dump("etree", fragment), markup


@pytest.mark.parametrize(
    "source, context",
    [
        ("a&lt;b", "script"),  # the serializer escapes "<" that the script context reads literally
        ("a&amp;b", "style"),
        # Found by the property run over foreign contexts: an SVG "html"
        # element, then a table whose <title> the re-parse places elsewhere.
        ("<html/><html/><table><tr><td><html/><html/><html/><html/><colgroup/><title/>", "svg svg"),
    ],
)
def test_excluded_contexts_really_do_not_round_trip(source, context) -> None:
    assert context in NOT_ROUND_TRIPPABLE_CONTEXTS
    fragment = html5lib_compat.parseFragment(source, container=context)
    markup = serialize_html(fragment, "etree")
    assert round_trip_exclusion(fragment, markup) is None
    assert _dump("etree", html5lib_compat.parseFragment(markup, container=context)) != _dump("etree", fragment)
