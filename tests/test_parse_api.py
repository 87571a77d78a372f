"""html5lib's entry points (specparser.html5lib_compat: parse, parseFragment,
HTMLParser), the builder registry, and the html5lib-compatible ElementTree
shape.  The native API is tested in test_native_api.py."""

from __future__ import annotations

from xml.etree import ElementTree as ET

import html5lib
import pytest

import specparser
from specparser import html5lib_compat
from specparser.builders import get_builder
from specparser.testformat import dump_events
from specparser.walkers.etree import walk

XHTML = "{http://www.w3.org/1999/xhtml}"
SVG = "{http://www.w3.org/2000/svg}"


def test_parse_returns_the_html_element_like_html5lib() -> None:
    root = html5lib_compat.parse("<!DOCTYPE html><title>t</title><p class=a>x<b>y</b>z")
    assert root.tag == XHTML + "html"
    p = root.find(f"{XHTML}body/{XHTML}p")
    assert p.get("class") == "a" and p.text == "x"
    assert p[0].tag == XHTML + "b" and p[0].text == "y" and p[0].tail == "z"
    theirs = html5lib.parse("<!DOCTYPE html><title>t</title><p class=a>x<b>y</b>z")
    assert ET.tostring(root) == ET.tostring(theirs)


def test_namespace_html_elements_false_gives_plain_names() -> None:
    root = html5lib_compat.parse("<p>x<svg><path/></svg>", namespaceHTMLElements=False)
    assert root.tag == "html"
    p = root.find("body/p")
    assert p is not None
    # Foreign elements keep their namespace, as in html5lib.
    assert p[0].tag == SVG + "svg" and p[0][0].tag == SVG + "path"


def test_namespaced_attributes_use_clark_keys() -> None:
    root = html5lib_compat.parse('<svg xlink:href="#a" xml:lang="en" viewbox="0 0 1 1"></svg>')
    svg = root.find(f"{XHTML}body/{SVG}svg")
    assert svg.get("{http://www.w3.org/1999/xlink}href") == "#a"
    assert svg.get("{http://www.w3.org/XML/1998/namespace}lang") == "en"
    assert svg.get("viewBox") == "0 0 1 1"


def test_full_tree_holds_doctype_and_top_level_comments() -> None:
    doc = html5lib_compat.parse(
        '<!--a--><!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01//EN" "x"><html></html><!--b-->',
        fullTree=True,
    )
    assert doc.tag == "DOCUMENT_ROOT"
    first, doctype, html, last = list(doc)
    assert first.tag is ET.Comment and first.text == "a"
    assert doctype.tag == "<!DOCTYPE>" and doctype.text == "html"
    assert doctype.get("publicId") == "-//W3C//DTD HTML 4.01//EN" and doctype.get("systemId") == "x"
    assert html.tag == XHTML + "html"
    assert last.tag is ET.Comment and last.text == "b"


def test_parse_fragment_returns_document_fragment() -> None:
    fragment = html5lib_compat.parseFragment("a<b>b</b>c")
    assert fragment.tag == "DOCUMENT_FRAGMENT"
    assert fragment.text == "a" and fragment[0].tag == XHTML + "b" and fragment[0].tail == "c"


@pytest.mark.parametrize(
    ("container", "source", "expected"),
    [
        # The context decides the insertion mode and the tokenizer state.
        ("tr", "<td>x", '| <td>\n|   "x"'),
        ("textarea", "<b>x</b>", '| "<b>x</b>"'),
        ("svg path", "<circle/><b>x", '| <svg circle>\n| <b>\n|   "x"'),
        ("math mi", "<mglyph/>", "| <math mglyph>"),
        ("select", "<option>a<input>", '| <option>\n|   "a"'),
    ],
)
def test_parse_fragment_contexts(container: str, source: str, expected: str) -> None:
    assert dump_events(walk(html5lib_compat.parseFragment(source, container))) == expected


def test_template_contents_are_the_template_children() -> None:
    root = html5lib_compat.parse("<template><td>x</td></template>")
    template = root.find(f"{XHTML}head/{XHTML}template")
    assert [child.tag for child in template] == [XHTML + "td"]
    lines = dump_events(walk(root)).splitlines()
    assert lines[2:5] == ["|     <template>", "|       content", "|         <td>"]


def test_scripting_flag_changes_noscript() -> None:
    off = html5lib_compat.parse("<noscript><p>x</p></noscript>", namespaceHTMLElements=False)
    on = html5lib_compat.parse("<noscript><p>x</p></noscript>", namespaceHTMLElements=False, scripting=True)
    # Scripting off: <noscript> in head may hold only head elements; <p>
    # closes it and goes to the body.
    assert len(off.find("head/noscript")) == 0 and off.find("body/p").text == "x"
    assert on.find("head/noscript").text == "<p>x</p>"


def test_selectedcontent_gets_a_clone_of_the_selected_option() -> None:
    root = html5lib_compat.parse(
        "<select><button><selectedcontent></selectedcontent></button>"
        "<option>A</option><option selected>B<i>!</i></option></select>",
        namespaceHTMLElements=False,
    )
    selected = root.find("body/select/button/selectedcontent")
    assert selected.text == "B" and selected[0].tag == "i" and selected[0].text == "!"


def test_parser_collects_errors_with_positions() -> None:
    parser = html5lib_compat.HTMLParser()
    parser.parse("<p>\n</b>")
    codes = [e.code for e in parser.errors]
    assert codes[0] == "missing-doctype"
    assert "unexpected-end-tag" in codes
    end_tag = parser.errors[codes.index("unexpected-end-tag")]
    assert (end_tag.line, end_tag.column) == (2, 1)
    parser.parse("<!DOCTYPE html><p>ok</p>")
    assert parser.errors == []


def test_tokenizer_and_tree_errors_share_one_list() -> None:
    parser = html5lib_compat.HTMLParser()
    parser.parse("<!DOCTYPE html><p a a>x</i>")
    codes = [e.code for e in parser.errors]
    assert "duplicate-attribute" in codes and "unexpected-end-tag" in codes


def test_bytes_are_decoded_with_encoding_sniffing() -> None:
    root = html5lib_compat.parse("<meta charset=windows-1251><p>\u0416".encode("cp1251"), namespaceHTMLElements=False)
    assert root.find("body/p").text == "\u0416"
    root = html5lib_compat.parse(b"<p>\xc3\xa9", transport_encoding="utf-8", namespaceHTMLElements=False)
    assert root.find("body/p").text == "\u00e9"


@pytest.mark.parametrize("source", [None, 42, 3.5, ["<p>"], object()])
def test_wrong_source_types_raise_type_error(source) -> None:
    with pytest.raises(TypeError):
        html5lib_compat.parse(source)
    with pytest.raises(TypeError):
        html5lib_compat.parseFragment(source)


def test_wrong_container_type_raises_type_error() -> None:
    with pytest.raises(TypeError):
        html5lib_compat.parseFragment("x", container=42)


def test_unknown_treebuilder_is_a_value_error_naming_the_known_ones() -> None:
    with pytest.raises(ValueError, match="etree"):
        html5lib_compat.parse("<p>", treebuilder="nope")
    with pytest.raises(ValueError, match="etree"):
        get_builder("nope")
    with pytest.raises(TypeError):
        html5lib_compat.parse("<p>", treebuilder=42)


def test_unknown_keyword_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        html5lib_compat.parse("<p>", fullTre=True)


@pytest.mark.parametrize(
    "source",
    ["", "\x00", "<", "</", "<!", "<!--", "<![CDATA[", "&", "\ud800", "<svg><![CDATA[x", "<table><td>\x00",
     "<frameset></frameset><p>", "</html><!--x--></body>x", "<math><annotation-xml encoding=text/html><p>"],
)
def test_every_str_parses(source: str) -> None:
    for scripting in (False, True):
        html5lib_compat.parse(source, scripting=scripting)
        html5lib_compat.parseFragment(source, scripting=scripting)
