"""Inputs whose tree the standard makes far larger than the markup
(docs/conformance.md, "The size of the tree the standard builds"): the
element counts are Chromium 156's (``DOMParser``, counted with
``getElementsByTagName("*")`` on 2026-11-28), on every tree type and with
the tree construction shortcuts off as well as on.  The sanitizer's
output size is bleach 6.4's for the same call."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import specparser
from specparser.builders import get_builder
from specparser.treeconstruction import build_tree

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _optional import BS4_MISSING, LXML_MISSING  # noqa: E402

TREES = ["etree", "lxml", "bs4", "dom"]
_NEEDS = {"lxml": LXML_MISSING, "bs4": BS4_MISSING}


def reconstructed(n: int, attribute: str = "a{}") -> str:
    """n distinct formatting elements (``attribute``, formatted with each
    one's number, tells them apart) closed by a block, then n blocks with
    text: each text reconstructs all n."""
    b_tags = "".join(f"<b {attribute.format(i)}>" for i in range(n))
    return "<div>" + b_tags + "</div>" + "<div>x</div>" * n


def copied(n: int, m: int) -> str:
    """n selectedcontent elements, each filled with a copy of an option m
    elements deep."""
    return (
        "<select><button>" + "<selectedcontent></selectedcontent>" * n + "</button><option selected>"
        + "<b>" * m + "x" + "</b>" * m + "</option></select>"
    )  # fmt: skip


# (markup, Chromium 156's element count)
CASES = {
    "reconstructed 200": (reconstructed(200), 40_404),
    "selectedcontent 10x10": (copied(10, 10), 126),
    "selectedcontent 300x300": (copied(300, 300), 90_606),
}


def element_count(markup: str, tree: str, fast_paths: bool) -> int:
    """The elements of the document tree built with ``tree``, counted
    through the tree type's walker-independent HTML serialization."""
    builder = get_builder(tree)()
    document = build_tree(markup, builder, fast_paths=fast_paths)
    html = specparser.serialize(document)
    # Every element has exactly one start tag in the serialization, and
    # the markup holds no "<" in text or attributes.
    return html.count("<") - html.count("</") - html.count("<!")


@pytest.mark.parametrize("fast_paths", [True, False], ids=["shortcuts", "general"])
@pytest.mark.parametrize("tree", TREES)
@pytest.mark.parametrize("case", CASES)
def test_element_counts_are_chromiums(case: str, tree: str, fast_paths: bool) -> None:
    if _NEEDS.get(tree):
        pytest.skip(_NEEDS[tree])
    markup, chromium = CASES[case]
    assert element_count(markup, tree, fast_paths) == chromium


def test_the_sanitizer_reconstructs_as_bleach_does() -> None:
    # bleach 6.4.0: bleach.clean(markup, tags={"b", "div"},
    # attributes={"b": ["title"]}) is 1,776,501 characters with 90,300
    # <b> start tags (html5lib's parser reconstructs the same way).
    markup = reconstructed(300, "title=a{}")
    from specparser import bleach_compat

    out = bleach_compat.clean(markup, tags={"b", "div"}, attributes={"b": ["title"]})
    assert (len(out), out.count("<b")) == (1_776_501, 90_300)
    assert specparser.sanitize(markup).count("<b") == 90_300
