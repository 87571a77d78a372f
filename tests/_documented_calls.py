"""Every call of specparser's native API that the README and the docs show,
as they write it, with the type each must have: ``mypy --strict`` and
pyright (strict) check this file (tests/test_typing.py), which also runs it,
so the calls work as typed.  tests/test_typing.py also checks that every
call shape in the documentation (function, positional arguments, the tree
named, keywords) is here: add a line when the docs show a new one.

``assert_type`` fails the check when the inferred type is not exactly the
one written (for lxml that needs types-lxml, in the ``test`` extra; lxml's
classes are not subscriptable at run time, hence the quoted types).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any
from xml.dom.minidom import Document, DocumentFragment

from bs4 import BeautifulSoup
from lxml.etree import _Element, _ElementTree  # pyright: ignore[reportPrivateUsage]
from lxml.html import HtmlElement
from typing_extensions import assert_type

import specparser
from specparser.builders.etree import ElementTreeBuilder
from specparser.treebuilder import TreeBuilder

page = b"<!DOCTYPE html><title>Prices</title><p>Caf\xc3\xa9 <a href='/menu'>menu</a><table><tr><td>Tea<td>2.50</table>"
html = "<!DOCTYPE html><p>Hi <a href='/x'>there</a>"
errors: list[specparser.ParseError] = []
info = specparser.ParseInfo()

# -- parse, per tree type ------------------------------------------------------
tree = specparser.parse(page)
assert_type(tree, specparser.HTMLElementTree)
assert_type(specparser.parse(html), specparser.HTMLElementTree)
links: list[str | None] = [a.get("href") for a in tree.iter("a")]
root: ET.Element = tree.getroot()
assert_type(tree.doctype, specparser.Doctype | None)
assert_type(tree.quirks_mode, str)
assert_type(specparser.parse(b"<p>caf\xc3\xa9</b>", errors=errors, info=info), specparser.HTMLElementTree)
assert_type(specparser.parse(page, detect_utf8=False, info=info), specparser.HTMLElementTree)
assert_type(specparser.parse(page, info=info), specparser.HTMLElementTree)
assert_type(specparser.parse(page, info=info, detector="charset-normalizer"), specparser.HTMLElementTree)
assert_type(specparser.parse(page, info=info, encoding="latin1", transport_encoding="utf-8"), specparser.HTMLElementTree)
assert_type(specparser.parse(page, default_encoding="windows-1251", scripting=True), specparser.HTMLElementTree)
assert_type(specparser.parse("<!DOCTYPE html>\n<p>x</b>", errors=errors), specparser.HTMLElementTree)


def read(data: bytes, **keywords: Any) -> tuple[str | None, str | None]:
    # The encodings guide's helper: keywords passed through.
    info = specparser.ParseInfo()
    specparser.parse(data, info=info, **keywords)
    return info.encoding, info.encoding_source


assert_type(read(page, detect_utf8=False), tuple[str | None, str | None])

doc = specparser.parse(html, "lxml.html")
assert_type(doc, "_ElementTree[HtmlElement]")
assert_type(doc.getroot().cssselect("a")[0].text_content(), str)
assert_type(doc.getroot().text_content(), str)
doc.getroot().make_links_absolute("https://example.com/")
assert_type(doc.xpath("//a/@href"), Any)
assert_type(specparser.parse(html, tree="lxml.html"), "_ElementTree[HtmlElement]")

etree_doc = specparser.parse(html, "lxml")
assert_type(etree_doc, "_ElementTree[_Element]")
assert_type(etree_doc.getroot(), _Element)
assert_type(specparser.parse("<p>x", "lxml", html_namespace=True), "_ElementTree[_Element]")

soup = specparser.parse(html, "bs4")
assert_type(soup, BeautifulSoup)
assert_type(specparser.parse(page, tree="bs4"), BeautifulSoup)
assert_type(specparser.parse(page, tree="bs4", shadow_roots=True), BeautifulSoup)
assert_type(specparser.parse(page, shadow_roots=True), specparser.HTMLElementTree)

dom = specparser.parse(html, "dom")
assert_type(dom, Document)
assert_type(specparser.parse(page, tree="dom", shadow_roots=True), Document)
assert_type(dom.getElementsByTagName("a")[0].getAttribute("href"), str)

# A TreeBuilder, an instance or the class: its finish() result, untyped.
assert_type(specparser.parse("<table><tr>text", ElementTreeBuilder(), errors=errors), Any)
assert_type(specparser.parse(b"<p>caf\xc3\xa9", ElementTreeBuilder, errors=errors), Any)
builder: TreeBuilder = ElementTreeBuilder()
assert_type(specparser.parse(b"<p>", builder), Any)

# -- parse_fragment, per tree type -----------------------------------------------
cells = specparser.parse_fragment("<td>a<td>b", context="tr")
assert_type(cells, list[ET.Element | str])
assert_type(specparser.parse_fragment("a<b>b</b>"), list[ET.Element | str])
assert_type(specparser.parse_fragment("<td>x</tr>", "tr", errors=errors), list[ET.Element | str])
assert_type(specparser.parse_fragment("<td>x", "tr", "etree"), list[ET.Element | str])
assert_type(specparser.parse_fragment("a<b>b</b>", tree="lxml"), list[_Element | str])
assert_type(specparser.parse_fragment("<td>x", "tr", "lxml"), list[_Element | str])
assert_type(specparser.parse_fragment("<b>a</b>", "div", "lxml", sanitizer={"elements": ["b"]}), list[_Element | str])
assert_type(specparser.parse_fragment("<b>a</b>", sanitizer=specparser.Sanitizer()), list[ET.Element | str])
assert_type(specparser.parse_fragment("a<b>b</b>", tree="lxml.html"), list[HtmlElement | str])
assert_type(specparser.parse_fragment("<td>x", context="tr", tree="lxml.html"), list[HtmlElement | str])
assert_type(specparser.parse_fragment("a<b>b</b>", tree="bs4"), BeautifulSoup)
assert_type(specparser.parse_fragment("<td>x", "tr", "bs4"), BeautifulSoup)
assert_type(specparser.parse_fragment("a<b>b</b>", tree="dom"), DocumentFragment)
assert_type(specparser.parse_fragment("<td>x", "tr", "dom"), DocumentFragment)
assert_type(specparser.parse_fragment("<div>x</div>", "div", "dom", sanitizer={}, shadow_roots=True), DocumentFragment)
assert_type(specparser.parse_fragment("<td>x", "tr", ElementTreeBuilder), Any)

# -- insert_fragment, into each tree type -------------------------------------------
row = next(specparser.parse("<table><tr><td>0</table>").iter("tr"))
assert_type(specparser.insert_fragment(row, cells), None)
specparser.insert_fragment(row, specparser.parse_fragment("<td>1", "tr"), 0)
specparser.insert_fragment(doc.getroot(), specparser.parse_fragment("x<b>y</b>", tree="lxml.html"))
specparser.insert_fragment(etree_doc.getroot(), specparser.parse_fragment("x<b>y</b>", tree="lxml"), index=-1)
specparser.insert_fragment(soup.body or soup, specparser.parse_fragment("x<b>y</b>", tree="bs4"))
specparser.insert_fragment(dom.getElementsByTagName("body")[0], specparser.parse_fragment("x<b>y</b>", tree="dom"), None)

# -- serialize, visible_text -----------------------------------------------------
assert_type(specparser.serialize(cells), str)
assert_type(specparser.serialize(specparser.parse("<!DOCTYPE html><p>x")), str)
assert_type(specparser.serialize(next(tree.iter("li"), root)), str)
assert_type(specparser.serialize(soup.select("a")[0]), str)
assert_type(specparser.serialize(soup), str)
assert_type(specparser.serialize(doc), str)
assert_type(specparser.serialize(etree_doc.getroot()), str)
assert_type(specparser.serialize(specparser.parse_fragment("x", tree="lxml")), str)
assert_type(specparser.serialize(dom), str)
assert_type(specparser.serialize(dom, shadow_roots=True), str)
assert_type(specparser.serialize(tree, doctype_ids=False, scripting=True), str)
for node in (tree, doc, soup, dom):
    assert_type(specparser.visible_text(node), str)
assert_type(specparser.visible_text(cells), str)
assert_type(specparser.visible_text(root, separator=" ", strip=True), str)
assert_type(specparser.visible_text(root, separator="|"), str)
assert_type(specparser.visible_text(root, strip=True), str)

# -- errors and info ----------------------------------------------------------------
for error in errors:
    assert_type(error.line, int)
    assert_type(error.column, int)
    assert_type(error.code, str)
    assert_type(error.message, str)
    assert_type(error.details, dict[str, str])
assert_type(info.encoding, str | None)
assert_type(info.encoding_source, str | None)
assert_type(info.quirks_mode, str)
