"""Markup that looks like a file name or a URL is parsed as text, with a
MarkupResemblesLocatorWarning (issue 30, item 7), on the strings where
BeautifulSoup warns (the peer: its own MarkupResemblesLocatorWarning)."""

from __future__ import annotations

import io
import warnings
from typing import Any

import pytest

import specparser
from _optional import BS4_MISSING
from specparser import MarkupResemblesLocatorWarning

# Strings bs4 4.13 warns about (True) or not (False).
PEER_CASES = [
    "page.html", "docs/index.htm", "https://example.com/", "http://x.org/a.html", "notes.txt",
    "feed.xml", "My Page.html", "C:\\x\\y.htm", "/tmp/a.xhtml", "page.HTML", "https:",
    "<p>x.html", "a  b.html", "x.html?y", "http://a b", "", "hello", "page.html\n", "//a.html",
    "a;b.html", "$HOME/x.html",
]  # fmt: skip
# Where this warning says more than bs4's, on purpose: URL schemes in any
# case, and file: / ftp: URLs.
OWN_CASES = [("HTTP://EXAMPLE.COM", True), ("ftp://example.com/a", True), ("file:///tmp/a.html", True)]


def _warned(call: Any) -> list[warnings.WarningMessage]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        call()
    return [w for w in caught if issubclass(w.category, MarkupResemblesLocatorWarning)]


@pytest.mark.skipif(BS4_MISSING is not None, reason=BS4_MISSING or "")
@pytest.mark.parametrize("markup", PEER_CASES)
def test_the_same_strings_warn_as_in_beautifulsoup(markup: str) -> None:
    import bs4

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        bs4.BeautifulSoup(markup, "html.parser")
    expected = any(issubclass(w.category, bs4.MarkupResemblesLocatorWarning) for w in caught)
    for call in (lambda: specparser.parse(markup), lambda: specparser.parse_fragment(markup.encode())):
        assert bool(_warned(call)) == expected, markup


@pytest.mark.parametrize(("markup", "warns"), OWN_CASES)
def test_more_url_schemes(markup: str, warns: bool) -> None:
    assert bool(_warned(lambda: specparser.parse(markup))) == warns


def test_the_warning_says_what_to_do_and_points_at_the_caller() -> None:
    (caught,) = _warned(lambda: specparser.parse("index.html"))
    assert issubclass(caught.category, UserWarning)
    message = str(caught.message)
    assert message.startswith("parse(): the markup 'index.html' looks like a file name, and is parsed as text")
    assert "open the file" in message
    assert caught.filename == __file__
    (caught,) = _warned(lambda: specparser.parse_fragment("https://example.com/", tree="dom"))
    assert str(caught.message).startswith("parse_fragment(): the markup 'https://example.com/' looks like a URL")
    assert caught.filename == __file__


@pytest.mark.parametrize("tree", ["etree", "lxml", "bs4", "dom"])
def test_every_tree_type_warns_and_still_parses_the_text(tree: str) -> None:
    if tree in ("lxml", "bs4"):
        pytest.importorskip(tree)
    caught = _warned(lambda: specparser.parse("page.html", tree))  # type: ignore[call-overload]
    assert len(caught) == 1
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", MarkupResemblesLocatorWarning)
        assert specparser.visible_text(specparser.parse("page.html", tree)) == "page.html"  # type: ignore[call-overload]


def test_a_file_object_never_warns() -> None:
    assert _warned(lambda: specparser.parse(io.BytesIO(b"page.html"))) == []
    assert _warned(lambda: specparser.parse("x" * 300 + ".html")) == []


@pytest.mark.skipif(BS4_MISSING is not None, reason=BS4_MISSING or "")
def test_beautifulsoup_with_the_specparser_feature_warns_once_with_bs4s_warning() -> None:
    import bs4

    import specparser.bs4  # noqa: F401  (registers the feature)

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        bs4.BeautifulSoup("page.html", "specparser")
    kinds = [w.category for w in caught if "MarkupResemblesLocator" in w.category.__name__]
    assert kinds == [bs4.MarkupResemblesLocatorWarning]


@pytest.mark.skipif(BS4_MISSING is not None, reason=BS4_MISSING or "")
def test_the_bs4_tree_warns_with_a_class_bs4s_filters_catch() -> None:
    import bs4

    (caught,) = _warned(lambda: specparser.parse("page.html", "bs4"))
    assert issubclass(caught.category, bs4.MarkupResemblesLocatorWarning)
    assert issubclass(caught.category, MarkupResemblesLocatorWarning)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        warnings.filterwarnings("ignore", category=bs4.MarkupResemblesLocatorWarning)
        specparser.parse("page.html", "bs4")
        specparser.parse("page.html")  # another tree type: not bs4's warning
    assert [w.category for w in seen] == [MarkupResemblesLocatorWarning]
