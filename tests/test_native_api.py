"""The native API's contract: plain HTML names in every tree type, the
XHTML namespace on request, the DOCTYPE kept, and every bad argument a
TypeError or ValueError naming the function and the parameter."""

from __future__ import annotations

import io
import warnings
import xml.etree.ElementTree as ET

import pytest

import specparser
from specparser.builders.etree import ElementTreeBuilder

XHTML = "http://www.w3.org/1999/xhtml"
SVG = "http://www.w3.org/2000/svg"
PAGE = '<!DOCTYPE html><p>x<a href="/1">one</a><svg><path/></svg>'


def test_plain_names_and_foreign_namespaces_in_every_tree() -> None:
    tree = specparser.parse(PAGE)
    assert [a.get("href") for a in tree.iter("a")] == ["/1"]
    assert tree.find("body/p/a") is not None and tree.findall(".//a")
    assert tree.find(f"body/p/{{{SVG}}}svg/{{{SVG}}}path") is not None
    ns = specparser.parse(PAGE, html_namespace=True)
    assert ns.getroot().tag == f"{{{XHTML}}}html" and not list(ns.iter("a"))
    assert specparser.parse(PAGE, html_namespace=XHTML).getroot().tag == f"{{{XHTML}}}html"
    pytest.importorskip("lxml")
    lx = specparser.parse(PAGE, "lxml")
    assert [a.get("href") for a in lx.xpath("//a")] == ["/1"] and lx.xpath("//*[local-name()='path']")
    dom = specparser.parse(PAGE, "dom")
    assert [a.getAttribute("href") for a in dom.getElementsByTagName("a")] == ["/1"]
    assert dom.getElementsByTagName("a")[0].namespaceURI is None


def test_the_etree_document_keeps_doctype_and_top_level_comments() -> None:
    tree = specparser.parse('<!--a--><!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN"><p>x</p></body></html><!--b-->')
    assert tree.doctype == specparser.Doctype("html", "-//W3C//DTD HTML 4.01 Transitional//EN", "")
    assert tree.quirks_mode == "quirks"  # that public identifier without a system one
    assert specparser.serialize(tree) == (
        '<!--a--><!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN"><html><head></head><body><p>x</p></body></html><!--b-->'
    )
    assert specparser.serialize(tree, doctype_ids=False).startswith("<!--a--><!DOCTYPE html><html>")
    assert specparser.serialize(tree.getroot()).startswith("<html>")


def test_info_reports_the_encoding_and_its_step() -> None:
    info = specparser.ParseInfo()
    tree = specparser.parse("<p>café".encode(), info=info)
    assert tree.find("body/p").text == "café"
    assert (info.encoding, info.encoding_source, info.confidence) == ("utf-8", "utf-8-detection", "tentative")
    specparser.parse("<p>café".encode(), detect_utf8=False, info=info)
    assert (info.encoding, info.encoding_source) == ("windows-1252", "default")
    specparser.parse(io.BytesIO(b"<p>\xe9"), encoding="latin2", info=info)
    assert (info.encoding, info.encoding_source, info.confidence) == ("iso-8859-2", "override", "certain")
    specparser.parse("<p>", info=info)
    assert (info.encoding, info.encoding_source, info.confidence) == (None, None, "irrelevant")


def test_errors_are_appended_once_even_after_a_reparse() -> None:
    # A <meta> past the prescan's 1,024 bytes after non-ASCII text: the
    # document is parsed twice; only the second parse's errors count.
    data = "<!--é-->".encode("windows-1252") + b"<!--" + b"x" * 1100 + b'--><meta charset="utf-8"></b>'
    errors: list[specparser.ParseError] = []
    info = specparser.ParseInfo()
    specparser.parse(data, errors=errors, info=info)
    assert info.encoding_source == "meta"
    assert [e.code for e in errors] == ["missing-doctype", "unexpected-end-tag"]


def test_fragments_and_builders() -> None:
    fragment = specparser.parse_fragment("<td>x", "tr")
    # A list like lxml's (not an Element an append() would insert whole).
    assert isinstance(fragment, list) and isinstance(fragment[0], ET.Element) and fragment[0].tag == "td"
    assert specparser.serialize(fragment) == "<td>x</td>"
    (path,) = specparser.parse_fragment("<path/>", "svg g")
    assert isinstance(path, ET.Element) and path.tag == f"{{{SVG}}}path"
    assert specparser.parse_fragment("lead<b>x</b>", "div")[0] == "lead"
    built = specparser.parse("<p>", tree=ElementTreeBuilder(fullTree=True))
    assert built.tag == "DOCUMENT_ROOT"
    assert specparser.parse("<p>", tree=ElementTreeBuilder).tag == f"{{{XHTML}}}html"


def test_the_old_top_level_html5lib_names_warn() -> None:
    from specparser import html5lib_compat

    with pytest.warns(DeprecationWarning, match="html5lib_compat.HTMLParser"):
        assert specparser.HTMLParser is html5lib_compat.HTMLParser
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert {"parse", "parse_fragment", "serialize", "ParseError"} <= set(dir(specparser))
        assert set(specparser.__all__) <= set(dir(specparser))


# -- every bad argument names the function and the parameter -------------------

PARSE_CASES = [
    ({"markup": 42}, TypeError, "markup"),
    ({"markup": io.StringIO("<p>"), "encoding": "utf-8"}, TypeError, "encoding"),
    ({"tree": "etre"}, ValueError, "tree"),
    ({"tree": 3}, TypeError, "tree"),
    ({"html_namespace": "yes"}, ValueError, "html_namespace"),
    ({"html_namespace": 1}, TypeError, "html_namespace"),
    ({"html_namespace": True, "tree": ElementTreeBuilder()}, ValueError, "html_namespace"),
    ({"scripting": "no"}, TypeError, "scripting"),
    ({"encoding": "utf-9"}, ValueError, "utf-9"),
    ({"encoding": b"utf-8"}, TypeError, "encoding"),
    ({"transport_encoding": 8}, TypeError, "transport_encoding"),
    ({"default_encoding": "nope"}, ValueError, "nope"),
    ({"default_encoding": None}, TypeError, "default_encoding"),
    ({"detect_utf8": None}, TypeError, "detect_utf8"),
    ({"errors": ()}, TypeError, "errors"),
    ({"info": {}}, TypeError, "info"),
    ({"markup": "<p>", "transport_encoding": "utf-8"}, TypeError, "transport_encoding"),
]


@pytest.mark.parametrize(("function", "extra"), [("parse", {}), ("parse_fragment", {})])
@pytest.mark.parametrize(("arguments", "error", "named"), PARSE_CASES)
def test_bad_arguments(function: str, extra: dict, arguments: dict, error: type, named: str) -> None:
    arguments = {"markup": b"<p>", **arguments, **extra}
    with pytest.raises(error, match=rf"^{function}\(\).*{named}"):
        getattr(specparser, function)(**arguments)


@pytest.mark.parametrize(
    ("context", "error"),
    # None too (issue 30): it used to parse a whole document, silently.
    [(3, TypeError), (None, TypeError), ("", ValueError), ("a b c", ValueError), ("1p", ValueError)],
)
def test_bad_fragment_contexts(context: object, error: type) -> None:
    with pytest.raises(error, match=r"^parse_fragment\(\): (unknown )?context"):
        specparser.parse_fragment("<p>", context)  # type: ignore[call-overload]


def test_misspelled_keywords_name_the_function() -> None:
    with pytest.raises(TypeError, match=r"parse\(\) got an unexpected keyword argument 'scriptng'"):
        specparser.parse("<p>", scriptng=True)  # type: ignore[call-overload]
    with pytest.raises(TypeError, match=r"parse_fragment\(\) got an unexpected keyword argument 'container'"):
        specparser.parse_fragment("<p>", container="td")  # type: ignore[call-overload]


@pytest.mark.parametrize(
    ("node", "keywords", "error", "named"),
    [
        (None, {}, TypeError, "node"),
        ("<p>", {}, TypeError, "node"),
        (42, {}, TypeError, "node"),
        (specparser.parse("<p>"), {"scripting": 1}, TypeError, "scripting"),
        (specparser.parse("<p>"), {"doctype_ids": "yes"}, TypeError, "doctype_ids"),
    ],
)
def test_bad_serialize_arguments(node: object, keywords: dict, error: type, named: str) -> None:
    with pytest.raises(error, match=rf"^serialize\(\): {named}"):
        specparser.serialize(node, **keywords)  # type: ignore[arg-type]
