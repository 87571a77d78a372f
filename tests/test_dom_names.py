"""The dom tree keeps every attribute and the whole DOCTYPE name (issue 31,
item 1).

minidom keys attributes by (namespace, local name) as well as by name, and
its ``setAttribute("xml:lang")`` takes ``lang`` as the local name, so
``<p lang=en xml:lang=fr>`` used to keep one attribute; its
``createDocumentType("a:b")`` keeps ``b``.  The HTML parser gives an HTML
element attributes named ``lang`` and ``xml:lang`` (no namespace:
https://html.spec.whatwg.org/#adjust-foreign-attributes applies in foreign
content only) and a DOCTYPE named ``a:b``; the expected values below are
the spec's, and the corpus check compares every page with ElementTree's.
"""

from __future__ import annotations

import pytest

from compat.paths import MISSING_CORPUS, corpus_dir
from specparser import html5lib_compat, parse, serialize
from specparser.constants import HTML_NAMESPACE
from specparser.walkers import DOCTYPE, START
from specparser.walkers.dom import walk as walk_dom
from specparser.walkers.etree import walk as walk_etree

XLINK = "http://www.w3.org/1999/xlink"
XML = "http://www.w3.org/XML/1998/namespace"

# Attribute names that share "lang" / "href" as the part after a colon.
SHARED_LOCAL = '<p lang=en xml:lang=fr foo:lang=de xlink:href=1 href=2 id=p>'
SHARED_LOCAL_ATTRS = {"lang": "en", "xml:lang": "fr", "foo:lang": "de", "xlink:href": "1", "href": "2", "id": "p"}


def _starts(events, name):
    return [event[3] for event in events if event[0] == START and event[1] == name]


@pytest.mark.parametrize("html_namespace", [False, True])
def test_html_element_keeps_attributes_sharing_a_local_name(html_namespace: bool) -> None:
    document = parse(SHARED_LOCAL, tree="dom", html_namespace=html_namespace)
    (attrs,) = _starts(walk_dom(document), "p")
    assert attrs == SHARED_LOCAL_ATTRS
    assert list(attrs) == list(SHARED_LOCAL_ATTRS)  # in source order
    p = document.getElementsByTagName("p")[0] if not html_namespace else document.getElementsByTagNameNS(HTML_NAMESPACE, "p")[0]
    assert p.getAttribute("lang") == "en" and p.getAttribute("xml:lang") == "fr"
    assert serialize(document) == serialize(parse(SHARED_LOCAL))


def test_foreign_element_keeps_namespaced_and_plain_attributes() -> None:
    # In SVG, xml:lang and xlink:href are adjusted into their namespaces
    # (https://html.spec.whatwg.org/#adjust-foreign-attributes); lang and
    # href stay plain: four attributes.
    document = parse("<svg xml:lang=a lang=b xlink:href=c href=d a:b=e b=f>", tree="dom")
    (attrs,) = _starts(walk_dom(document), "svg")
    assert attrs == {("xml", "lang", XML): "a", "lang": "b", ("xlink", "href", XLINK): "c", "href": "d", "a:b": "e", "b": "f"}


def test_html_start_tag_adds_colon_attributes_to_html() -> None:
    # https://html.spec.whatwg.org/#parsing-main-inbody, "A start tag whose
    # tag name is html": attributes the element lacks are added.
    document = parse("<html lang=en><body><html xml:lang=fr lang=de>", tree="dom")
    (attrs,) = _starts(walk_dom(document), "html")
    assert attrs == {"lang": "en", "xml:lang": "fr"}


def test_selectedcontent_clone_keeps_names_and_attributes() -> None:
    # https://html.spec.whatwg.org/#clone-an-option-into-a-selectedcontent:
    # the option's children are cloned with their attributes and names.
    markup = "<select><button><selectedcontent></selectedcontent></button><option><a:b xml:lang=1 lang=2>t</a:b></option></select>"
    events = list(walk_dom(parse(markup, tree="dom")))
    assert _starts(events, "a:b") == [{"xml:lang": "1", "lang": "2"}] * 2
    assert serialize(parse(markup, tree="dom")) == serialize(parse(markup))


@pytest.mark.parametrize("name", ["a:b", "html:html", "a:b:c", ":x", "x:"])
def test_doctype_keeps_the_whole_name(name: str) -> None:
    document = parse(f"<!DOCTYPE {name}>", tree="dom")
    assert document.doctype.name == name
    assert [event for event in walk_dom(document) if event[0] == DOCTYPE] == [(DOCTYPE, name, "", "")]
    assert serialize(document).startswith(f"<!DOCTYPE {name}>")


def test_html5lib_dom_builder_keeps_them_too() -> None:
    parser = html5lib_compat.HTMLParser(tree=html5lib_compat.getTreeBuilder("dom"))
    document = parser.parse("<!DOCTYPE a:b>" + SHARED_LOCAL)
    text = parser.tree.testSerializer(document)
    assert "<!DOCTYPE a:b>" in text
    for name, value in SHARED_LOCAL_ATTRS.items():
        assert f'{name}="{value}"' in text
    walker = html5lib_compat.getTreeWalker("dom")
    (tag,) = [token for token in walker(document) if token.get("name") == "p" and token["type"] == "StartTag"]
    assert {name: value for (_, name), value in tag["data"].items()} == SHARED_LOCAL_ATTRS
    assert html5lib_compat.serialize(document, tree="dom").count("lang=") == 3


def _comparable(events):
    """START and DOCTYPE events, a namespaced attribute keyed by
    (namespace, local name): the etree walker names the prefix of
    ``xmlns`` in the xmlns namespace where the dom tree keeps none, as the
    spec's table has it; both serialize it as ``xmlns``."""
    out = []
    for event in events:
        if event[0] == START:
            attrs = [((key[2], key[1]) if key.__class__ is tuple else key, value) for key, value in event[3].items()]
            out.append((event[1], event[2], attrs))
        elif event[0] == DOCTYPE:
            out.append(event)
    return out


def _corpus_pages():
    directory = corpus_dir()
    return sorted(p for p in directory.iterdir() if p.suffix == ".html") if directory else []


@pytest.mark.skipif(corpus_dir() is None, reason=MISSING_CORPUS)
def test_every_corpus_page_keeps_every_attribute_on_the_dom_tree() -> None:
    # Before issue 31, 40 of the 130 pages lost 312 attributes.
    differing = []
    for page in _corpus_pages():
        source = page.read_bytes()
        expected = _comparable(walk_etree(parse(source, html_namespace=True)))
        got = _comparable(walk_dom(parse(source, tree="dom", html_namespace=True)))
        if got != expected:
            differing.append(page.name)
    assert not differing
