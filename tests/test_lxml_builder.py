"""The lxml adapter: tree shape, DOCTYPE, comments around the root,
fragments, template contents, lxml.html classes, each infoset coercion
end to end (spec examples), the single warning, and scaling."""

from __future__ import annotations

import subprocess
import sys
import warnings

import pytest
from hypothesis import given
from hypothesis import strategies as st

pytest.importorskip("lxml", reason="lxml is not installed (pip install specparser-html[lxml])")

from lxml import etree  # noqa: E402

from _timing import best_time  # noqa: E402

import specparser  # noqa: E402
from specparser import html5lib_compat  # noqa: E402
from specparser.builders.lxml import LxmlTreeBuilder  # noqa: E402
from specparser.constants import HTML_NAMESPACE, SVG_NAMESPACE, XLINK_NAMESPACE  # noqa: E402
from specparser.infoset import DataLossWarning  # noqa: E402
from specparser.testformat import dump_events  # noqa: E402
from specparser.treeconstruction import build_tree  # noqa: E402
from specparser.walkers.lxml import walk  # noqa: E402

X = "{%s}" % HTML_NAMESPACE
S = "{%s}" % SVG_NAMESPACE
XL = "{%s}" % XLINK_NAMESPACE


def parse(text: str, **options):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DataLossWarning)
        return html5lib_compat.parse(text, treebuilder="lxml", **options)


def build(text: str, **options) -> tuple[LxmlTreeBuilder, object]:
    """Parse with a builder we keep, to look at its coercion counts."""
    builder = LxmlTreeBuilder(**options)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DataLossWarning)
        return builder, build_tree(text, builder)


def body(tree):
    return tree.getroot()[1]


# -- tree shape -------------------------------------------------------------


def test_parse_returns_an_element_tree_with_namespaced_html() -> None:
    tree = parse("<p class=a>Hi <b>there</b>!")
    assert isinstance(tree, etree._ElementTree)
    root = tree.getroot()
    assert root.tag == X + "html"
    assert [child.tag for child in root] == [X + "head", X + "body"]
    p = body(tree)[0]
    assert (p.tag, p.get("class"), p.text, p[0].text, p[0].tail) == (X + "p", "a", "Hi ", "there", "!")
    # The XHTML namespace is the default namespace, not an ns0: prefix.
    assert etree.tostring(root, encoding="unicode").startswith('<html xmlns="http://www.w3.org/1999/xhtml">')


def test_plain_html_elements_for_xpath() -> None:
    tree = parse("<div><p>a</p><p>b</p></div>", namespaceHTMLElements=False)
    assert tree.getroot().tag == "html"
    assert [p.text for p in tree.xpath("//div/p")] == ["a", "b"]


def test_foreign_elements_keep_their_namespace() -> None:
    for namespace_html in (True, False):
        tree = parse('<svg xlink:href="#a"><foreignObject><div>x', namespaceHTMLElements=namespace_html)
        svg = body(tree)[0]
        assert svg.tag == S + "svg"
        assert svg.get(XL + "href") == "#a"
        div = svg[0][0]
        assert div.tag == (X + "div" if namespace_html else "div")


def test_doctype_in_docinfo() -> None:
    tree = parse("<!DOCTYPE html><p>")
    assert tree.docinfo.doctype == "<!DOCTYPE html>"
    assert etree.tostring(tree, encoding="unicode").startswith("<!DOCTYPE html>\n<html")
    tree = parse('<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01//EN" "http://www.w3.org/TR/html4/strict.dtd">')
    assert tree.docinfo.public_id == "-//W3C//DTD HTML 4.01//EN"
    assert tree.docinfo.system_url == "http://www.w3.org/TR/html4/strict.dtd"
    assert tree.docinfo.internalDTD.name == "html"


def test_doctype_with_another_name() -> None:
    tree = parse('<!DOCTYPE potato SYSTEM "taco"><p>')
    assert tree.docinfo.internalDTD.name == "potato"
    assert tree.docinfo.internalDTD.system_url == "taco"
    assert next(walk(tree)) == (4, "potato", "", "taco")


def test_no_doctype() -> None:
    tree = parse("<p>")
    assert tree.docinfo.internalDTD is None
    assert tree.docinfo.doctype == ""


def test_comments_around_the_root_are_siblings() -> None:
    tree = parse("<!--a--><!--b--><!DOCTYPE html><!--c--><html><p></html><!--d--><!--e-->")
    root = tree.getroot()
    assert [c.text for c in root.itersiblings(preceding=True)] == ["c", "b", "a"]
    assert [c.text for c in root.itersiblings()] == ["d", "e"]
    xml = etree.tostring(tree, encoding="unicode")
    assert xml.startswith("<!--a--><!--b--><!DOCTYPE html>\n<!--c--><html")
    assert xml.endswith("</html><!--d--><!--e-->")


def test_a_comment_before_the_doctype_stays_before_it() -> None:
    # IE's "saved from url" comment comes before the DOCTYPE.
    tree = parse("<!-- saved from url=(0014)about:internet --><!DOCTYPE html><!--b--><p>")
    xml = etree.tostring(tree, encoding="unicode")
    assert xml.startswith("<!-- saved from url=(0014)about:internet --><!DOCTYPE html>\n<!--b--><html")
    siblings = [c.text for c in tree.getroot().itersiblings(preceding=True)]
    assert siblings == ["b", " saved from url=(0014)about:internet "]


def test_many_comments_after_the_root_scale_linearly() -> None:
    # 8x the comments: linear ~8x the CPU time, quadratic ~64x.
    def source(n: int) -> str:
        return "<p></html>" + "<!--x-->" * n

    small, large = source(2000), source(16000)
    assert sum(1 for _ in parse(large).getroot().itersiblings()) == 16000
    _assert_parse_time_grows_linearly(small, large)


def _assert_parse_time_grows_linearly(small: str, large: str) -> None:
    """``large`` is 8x ``small``: linear ~8x the CPU time, quadratic ~64x;
    up to three measurements before a ratio counts as a failure."""
    ratio = float("inf")
    for _ in range(3):
        ratio = min(ratio, best_time(lambda: parse(large), 2) / best_time(lambda: parse(small), 2))
        if ratio < 20:
            break
    assert ratio < 20, ratio


def test_fragment_is_a_list_with_leading_text() -> None:
    fragment = html5lib_compat.parseFragment("lead <b>bold</b> tail<!--c--><i>x</i>", treebuilder="lxml")
    assert fragment[0] == "lead "
    assert [node.tag for node in fragment[1:]] == [X + "b", etree.Comment, X + "i"]
    assert fragment[1].text == "bold" and fragment[1].tail == " tail"
    assert all(node.getparent() is None for node in fragment[1:])
    assert html5lib_compat.parseFragment("<b>x</b>", treebuilder="lxml")[0].tag == X + "b"
    assert html5lib_compat.parseFragment("", treebuilder="lxml") == []


def test_fragment_in_svg_context() -> None:
    fragment = html5lib_compat.parseFragment("<path/>", "svg svg", treebuilder="lxml")
    assert fragment[0].tag == S + "path"


def test_template_contents_are_the_template_children() -> None:
    tree = parse("<template><p>in</p></template>")
    template = tree.getroot()[0][0]
    assert template.tag == X + "template"
    assert template[0].tag == X + "p"
    events = [e[0] for e in walk(template)]
    assert events == [0, 5, 0, 2, 1, 6, 1]  # START CONTENT START TEXT END END_CONTENT END


def test_text_is_merged_and_placed_around_children() -> None:
    tree = parse("<p>a&amp;b<b>c</b>d&lt;e")
    p = body(tree)[0]
    assert (p.text, p[0].text, p[0].tail) == ("a&b", "c", "d<e")


def test_foster_parented_text_and_elements() -> None:
    tree = parse("<table>x<tr><td>y</td></tr>z<b>w</b></table>")
    b = body(tree)
    assert dump_events(walk(b)) == "\n".join(
        [
            "| <body>",
            '|   "xz"',
            "|   <b>",
            '|     "w"',
            "|   <table>",
            "|     <tbody>",
            "|       <tr>",
            "|         <td>",
            '|           "y"',
        ]
    )


def test_adoption_agency_keeps_text_in_place() -> None:
    tree = parse("<p>1<b>2<i>3</b>4</i>5</p>")
    assert dump_events(walk(body(tree))) == "\n".join(
        [
            "| <body>",
            "|   <p>",
            '|     "1"',
            "|     <b>",
            '|       "2"',
            "|       <i>",
            '|         "3"',
            "|     <i>",
            '|       "4"',
            '|     "5"',
        ]
    )


def test_many_text_chunks_scale_linearly() -> None:
    # Entities split one text node into many insert_text calls; joining
    # them with += on .text would be quadratic.  8x the input: linear ~8x
    # the CPU time, quadratic ~64x.
    def source(n: int) -> str:
        return "<p>" + "a&amp;" * n

    small, large = source(10_000), source(80_000)
    assert len(body(parse(large))[0].text) == 160_000
    _assert_parse_time_grows_linearly(small, large)


def test_deep_documents_build_and_walk_without_recursion() -> None:
    # Deeper than Python's recursion limit (any depth is linear: see
    # test_scaling.py and test_huge_documents.py).
    depth = 5000
    tree = parse("<div>" * depth + "x")
    events = sum(1 for _ in walk(tree))
    assert events > 2 * depth


def test_sourceline_is_the_line_of_the_token() -> None:
    text = (
        "<!DOCTYPE html>\n<html>\n<head>\n<title>t</title>\n</head>\n<body>\n"
        "<p>a\n<b>b\n</p>\n<p>c\n<!--d-->\n</body>"
    )
    tree = parse(text)
    root = tree.getroot()
    head, body_ = root
    assert (root.sourceline, head.sourceline, head[0].sourceline, body_.sourceline) == (2, 3, 4, 6)
    p1, b_again = body_
    assert (p1.sourceline, p1[0].sourceline) == (7, 8)
    # The newline after </p> reconstructs the <b>: the new element is made
    # for the <b> token of line 8, an earlier token than the last one seen
    # (https://html.spec.whatwg.org/#reconstruct-the-active-formatting-elements).
    assert b_again.tag == X + "b" and b_again.sourceline == 8
    p2, comment = b_again[0], b_again[0][0]
    assert p2.tag == X + "p" and p2.sourceline == 10
    assert comment.tag is etree.Comment and comment.sourceline == 11


@given(st.text(alphabet="a\n"), st.lists(st.integers(min_value=0, max_value=200)))
def test_line_numbers_forwards_and_backwards(source: str, positions: list) -> None:
    builder = LxmlTreeBuilder()
    builder.set_source(source)
    for pos in positions:
        pos = min(pos, len(source))
        assert builder._line_at(pos) == source.count("\n", 0, pos) + 1


def test_implied_elements_have_no_sourceline() -> None:
    tree = parse("\n\nx")
    assert [el.sourceline for el in tree.getroot().iter()] == [None, None, None]


def test_walk_rejects_other_objects() -> None:
    with pytest.raises(TypeError, match="cannot walk str"):
        walk("not a tree")
    with pytest.raises(TypeError, match="not int"):
        list(walk(["text", 3]))


# -- lxml.html classes ------------------------------------------------------


def test_lxml_html_classes() -> None:
    from lxml import html as lxml_html

    tree = html5lib_compat.parse(
        '<p>Hello <a href="x/y">link</a><!--c-->', treebuilder="lxml.html", namespaceHTMLElements=False
    )
    root = tree.getroot()
    assert isinstance(root, lxml_html.HtmlElement)
    p = root.find("body/p")
    assert isinstance(p, lxml_html.HtmlElement)
    assert p.text_content() == "Hello link"
    assert isinstance(p[1], lxml_html.HtmlComment)
    root.make_links_absolute("http://example.com/base/")
    assert p[0].get("href") == "http://example.com/base/x/y"
    fragment = html5lib_compat.parseFragment("<b>x</b>", treebuilder="lxml.html", namespaceHTMLElements=False)
    assert isinstance(fragment[0], lxml_html.HtmlElement)


def test_lxml_html_classes_with_cssselect() -> None:
    pytest.importorskip("cssselect", reason="cssselect is not installed")
    tree = html5lib_compat.parse("<p class=a>1<p class=b>2", treebuilder="lxml.html", namespaceHTMLElements=False)
    assert [p.text for p in tree.getroot().cssselect("p.b")] == ["2"]


def test_lxml_html_classes_as_a_keyword() -> None:
    from lxml import html as lxml_html

    tree = html5lib_compat.parse("<p>", treebuilder="lxml", html_classes=True)
    assert isinstance(tree.getroot(), lxml_html.HtmlElement)


# -- the infoset coercions, end to end ---------------------------------------


def test_spec_example_foo_lt_bar() -> None:
    builder, tree = build("<foo<bar>x")
    element = body(tree)[0]
    assert element.tag == X + "fooU00003Cbar"
    assert dump_events(walk(element)) == '| <foo<bar>\n|   "x"'
    assert builder.coercions.counts == {"element name": 1}


def test_spec_example_xlink_href_on_html_and_svg() -> None:
    builder, tree = build('<p xlink:href="a"><svg xlink:href="b"></svg>')
    p = body(tree)[0]
    assert dict(p.attrib) == {"xlinkU00003Ahref": "a"}
    assert dict(p[0].attrib) == {XL + "href": "b"}  # adjusted: a namespaced attribute
    assert builder.coercions.counts == {"attribute name": 1}
    events = list(walk(p))
    assert events[0] == (0, "p", HTML_NAMESPACE, {"xlink:href": "a"})
    assert events[1] == (0, "svg", SVG_NAMESPACE, {("xlink", "href", XLINK_NAMESPACE): "b"})


def test_names_seen_plain_do_not_let_a_coerced_name_through() -> None:
    # The builder remembers attribute names lxml may take as they are; a
    # name needing coercion next to them (or on a later element, or one an
    # SVG element made plain in its own namespace) is still coerced, as the
    # standard's infoset coercion says.
    builder, tree = build(
        '<p a="1"><p a="2" b:c="3"><svg><a xlink:href="x"/></svg>'
        '<p {urn:x}href="4" a="5">'
    )
    first, second, third = body(tree)
    svg = second[0]
    assert dict(first.attrib) == {"a": "1"}
    assert dict(second.attrib) == {"a": "2", "bU00003Ac": "3"}
    assert dict(svg[0].attrib) == {XL + "href": "x"}
    assert dict(third.attrib) == {"U00007BurnU00003AxU00007Dhref": "4", "a": "5"}
    # The serialization is well-formed XML with the same tree.
    again = etree.fromstring(etree.tostring(tree))
    assert [dict(e.attrib) for e in again.iter(X + "p")] == [dict(first.attrib), dict(second.attrib), dict(third.attrib)]


def test_spec_example_a_colon_colon_closed_by_its_own_end_tag() -> None:
    # "a <a::> start tag will be closed by a </a::> end tag"
    tree = parse("<a::>x</a::>y")
    element = body(tree)[0]
    assert element.tag == X + "aU00003AU00003A"
    assert (element.text, element.tail) == ("x", "y")
    assert dump_events(walk(body(tree))) == '| <body>\n|   <a::>\n|     "x"\n|   "y"'


def test_comments_with_double_hyphens() -> None:
    builder, tree = build("<!--a--b--><p><!-- x - - y --><!--c-->")
    assert tree.getroot().getprevious().text == "a- -b"
    p = body(tree)[0]
    # A real "- -" gains a space too, so that the walker can tell them apart.
    assert [c.text for c in p] == [" x -  - y ", "c"]
    assert [e[1] for e in walk(tree) if e[0] == 3] == ["a--b", " x - - y ", "c"]
    assert builder.coercions.counts == {"comment": 2}
    etree.fromstring(etree.tostring(tree))  # well-formed


def test_form_feed_and_controls_in_text_attributes_and_comments() -> None:
    builder, tree = build('<p title="a\x0cb\x01">c\x0cd\x7f\x01<!--e\x0cf-->')
    p = body(tree)[0]
    assert p.get("title") == "a b\ufffd"
    # U+007F is an XML character; U+0001 is not.
    assert p.text == "c d\x7f\ufffd"
    assert p[0].text == "e f"
    assert builder.coercions.counts == {"characters": 5}


def test_text_lxml_refuses_keeps_the_text_before_it() -> None:
    # lxml drops the old .text before it refuses the new value.  Here "<" is
    # written first, then U+0001 is foster-parented into the same .text.
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        fragment = html5lib_compat.parseFragment("<<table>\x01", treebuilder="lxml")
    assert [w.message.counts for w in caught] == [{"characters": 1}]
    assert fragment[0] == "<\ufffd"
    assert fragment[1].tag == X + "table"
    tree = parse("<p>a<b></b>b\x0c")
    assert body(tree)[0][0].tail == "b "


def test_lone_surrogates_from_str_input() -> None:
    tree = parse("<p>a\ud800b")
    assert body(tree)[0].text == "a\ufffdb"


def test_xmlns_attributes_are_dropped() -> None:
    builder, tree = build('<html xmlns="http://www.w3.org/1999/xhtml" xmlns:v="urn:v"><p xmlns="urn:x">')
    root = tree.getroot()
    assert dict(root.attrib) == {}
    assert dict(body(tree)[0].attrib) == {}
    assert builder.coercions.counts == {"redundant xmlns attribute": 1, "xmlns attribute": 2}


def test_xmlns_attributes_on_svg_are_dropped() -> None:
    builder, tree = build(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="#a">'
    )
    svg = body(tree)[0]
    assert dict(svg.attrib) == {XL + "href": "#a"}
    assert builder.coercions.counts == {"redundant xmlns attribute": 2}
    xml = etree.tostring(svg, encoding="unicode")
    assert xml.startswith('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"')


def test_doctype_coercion_round_trips() -> None:
    for source, expected in [
        ("<!DOCTYPE>", (4, "", "", "")),
        ("<!DOCTYPE <!doctype>", (4, "<!doctype", "", "")),
        ('<!DOCTYPE a PUBLIC "x<y" "a\'b"', (4, "a", "x<y", "a'b")),
    ]:
        assert next(walk(parse(source))) == expected


def _native_parse(source, tree: str = "lxml", **options):
    """Parse text or bytes with specparser's own builder (the html5lib
    facade keeps html5lib's warnings: see test_the_html5lib_facade_...)."""
    from specparser.encoding import parse_with_reparse

    builder_class = specparser.get_builder(tree)
    # A fresh builder for each pass: a <meta charset> may start a re-parse.
    return parse_with_reparse(source, lambda decoded: build_tree(decoded.text, builder_class(**options), decoded=decoded))


def _warnings_of(text, tree: str = "lxml", **options) -> list:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        _native_parse(text, tree, **options)
    return [w for w in caught if issubclass(w.category, DataLossWarning)]


def test_the_html5lib_facade_warns_on_reversible_coercions_too() -> None:
    """html5lib's lxml builder warns on every coercion (its DataLossWarning
    for a non-XML name): the html5lib-compatible API keeps that contract."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        html5lib_compat.parse("<p xml:lang=en>", treebuilder="lxml")
    assert [w.message.counts for w in caught] == [{"attribute name": 1}]
    assert "lost: nothing; coerced reversibly: attribute name x1" in str(caught[0].message)


def test_reversible_coercions_alone_are_no_loss() -> None:
    """Names and comments coerced by the spec's rules are restored exactly
    by the walker: counted, not warned about."""
    text = "".join("<p a%d:b=1 xml:lang=en>" % i for i in range(200)) + "<!--a--b--><g:plusone>"
    assert _warnings_of(text) == []
    builder, tree = build(text)
    assert builder.coercions.counts == {"attribute name": 400, "comment": 1, "element name": 1}
    assert body(tree)[0].get("xmlU00003Alang") == "en"  # the XML tree's coercion stays exact


def test_one_warning_per_document_naming_what_was_lost() -> None:
    text = "".join("<p a%d:b=1>" % i for i in range(200)) + "<!--a--b--><p>\x0c<html xmlns:og=urn:og>"
    caught = _warnings_of(text)
    assert len(caught) == 1
    warning = caught[0].message
    assert warning.counts == {"attribute name": 200, "comment": 1, "characters": 1, "xmlns attribute": 1}
    message = str(warning)
    assert "lost: characters x1 (first: '\\x0c' -> ' '), xmlns attribute x1 (first: 'xmlns:og' dropped)" in message
    assert "coerced reversibly: attribute name x200 (first: 'a0:b' -> 'a0U00003Ab')" in message
    assert caught[0].filename == __file__


# What lxml.html's own parser (libxml2's HTML parser) keeps, on pages of the
# corpus and beyond: the names of elements and attributes.
NAMES_PAGE = (
    '<!DOCTYPE html><html xmlns:og="http://ogp.me/ns#" xmlns:fb="http://www.facebook.com/2008/fbml" '
    'xml:lang="en" lang="en"><body><p rel:gt_act="x" foo<bar="1" a"b=2 $x=4 :z=6 a:b:c=7 data-x=8>hi'
    '<a0:li>k</a0:li><g:plusone>q</g:plusone><wb:follow-button>w</wb:follow-button><foo<bar>y</foo<bar>'
    "<x-y>z</x-y></p><div xmlns=urn:x>d</div>"
)


def _names(root) -> list:
    return [(el.tag, sorted(el.attrib)) for el in root.iter() if isinstance(el.tag, str)]


def test_lxml_html_keeps_every_name_lxml_html_keeps() -> None:
    """namespaceHTMLElements=False: the same element and attribute names
    as ``lxml.html.document_fromstring`` gives, and no warning."""
    import lxml.html

    assert _warnings_of(NAMES_PAGE, "lxml.html", namespaceHTMLElements=False) == []
    tree = _native_parse(NAMES_PAGE, "lxml.html", namespaceHTMLElements=False)
    theirs = lxml.html.document_fromstring(NAMES_PAGE)
    # (libxml2 implies no <head>, the HTML parser does.)
    assert [names for names in _names(tree.getroot()) if names[0] != "head"] == _names(theirs)
    assert tree.getroot().get("xml:lang") == "en"
    assert tree.getroot().get("xmlns:og") == "http://ogp.me/ns#"
    assert tree.getroot().cssselect("g\\:plusone")[0].text == "q"
    # The walker reads the names back as the parser made them.
    assert dump_events(walk(tree)) == dump_events(
        specparser.get_walker("etree")(html5lib_compat.parse(NAMES_PAGE, fullTree=True))
    )


def test_lxml_html_with_the_html_namespace_keeps_attribute_names() -> None:
    """With namespaced HTML elements, attribute names are kept too; an
    ``xmlns`` attribute would clash with the XHTML declaration lxml writes:
    the redundant one is dropped silently, another is lost (warned);
    element names lxml refuses are coerced reversibly (no warning)."""
    builder = LxmlTreeBuilder(html_classes=True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        tree = build_tree(NAMES_PAGE.replace("<html ", '<html xmlns="http://www.w3.org/1999/xhtml" '), builder)
    assert builder.coercions.counts == {"redundant xmlns attribute": 1, "element name": 4, "xmlns attribute": 1}
    assert [str(w.message).split(";")[1] for w in caught] == [" lost: xmlns attribute x1 (first: 'xmlns' dropped)"]
    root = tree.getroot()
    assert sorted(root.attrib) == ["lang", "xml:lang", "xmlns:fb", "xmlns:og"]
    assert "foo<bar" in body(tree)[0].attrib
    assert etree.tostring(root).startswith(b'<html xmlns="http://www.w3.org/1999/xhtml" xmlns:og=')


def test_an_xmlns_typo_on_svg_is_lost_in_every_lxml_tree() -> None:
    """The only warning left on the corpus's lxml.html trees: an ``xmlns``
    on an SVG element is in the XMLNS namespace, which lxml holds as
    namespace declarations, not attributes; a value other than the SVG
    namespace is really lost."""
    page = '<svg xmlns="https://www.w3.org/2000/svg"><path/></svg>'
    for tree in ("lxml", "lxml.html"):
        for namespace_html in (True, False):
            caught = _warnings_of(page, tree, namespaceHTMLElements=namespace_html)
            assert [w.message.counts for w in caught] == [{"xmlns attribute": 1}]
    assert _warnings_of('<svg xmlns="http://www.w3.org/2000/svg"><path/></svg>', "lxml.html") == []


def test_a_document_only_xml_can_hold_coerces_names_in_lxml_html() -> None:
    """A comment before the DOCTYPE makes an XML document (see the
    builder): lxml checks names by XML's rules there, so they are coerced
    reversibly instead of kept, and nothing is lost."""
    page = "<!--c--><!DOCTYPE html><html xml:lang=en><p a:b=1><g:x>"
    assert _warnings_of(page, "lxml.html", namespaceHTMLElements=False) == []
    tree = _native_parse(page, "lxml.html", namespaceHTMLElements=False)
    assert tree.getroot().get("xmlU00003Alang") == "en"
    etree_tree = html5lib_compat.parse(page, fullTree=True)
    # (The walker puts the DOCTYPE before the comment: see its docstring.)
    assert [e for e in walk(tree) if e[0] == 0] == [e for e in specparser.get_walker("etree")(etree_tree) if e[0] == 0]


def test_no_warning_for_a_clean_document() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        html5lib_compat.parse('<html xmlns="http://www.w3.org/1999/xhtml"><p>x', treebuilder="lxml")


def test_walker_restore_false_shows_lxml_names() -> None:
    tree = parse("<foo<bar>")
    names = [e[1] for e in walk(tree, restore=False) if e[0] == 0]
    assert "fooU00003Cbar" in names


# -- lxml missing -------------------------------------------------------------


@pytest.mark.parametrize("module", ["specparser.builders.lxml", "specparser.walkers.lxml"])
def test_missing_lxml_names_the_extra(module: str) -> None:
    code = (
        "import sys; sys.modules['lxml'] = None\n"
        "import specparser\n"
        "try:\n"
        f"    import {module}\n"
        "except ImportError as exc:\n"
        "    print(exc)\n"
        "try:\n"
        "    specparser.parse('<p>', 'lxml')\n"
        "except ImportError as exc:\n"
        "    print(exc)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert len(lines) == 2
    assert all("pip install specparser-html[lxml]" in line for line in lines)


IN_PLACE_CASES = [
    "<p>a<b class=x id=y>t</b>c</p>",
    '<p>a<b x="\x01" y=1>t</b>c<i>u</i></p>',  # a value lxml refuses: coerced
    '<div a"b=1>t</div><span>u</span>',  # a name lxml refuses: coerced
    "<p xmlns=urn:x>t</p><p>u</p>",
    "text<table>x<tr><td>cell<b>b</b></table>after",  # foster parenting
    "<template><p>t</p></template><p>u\n<em>v</em></p>",
    # foreign elements: plain names seen before, a refused value, xlink
    '<svg viewBox="0 0 1 1"><path d=M0 fill=red /><path d=M1 fill="\x01"/><a xlink:href=u fill=b>t</a></svg>',
    # foreign elements in an element of their namespace (made without an
    # nsmap), nested, after a foreignObject, in both namespaces
    "<svg><g><path/><path d=1 /></g><path/><g><g><rect x=1 /></g><rect/></g><foreignObject><svg><path/>"
    "<path/></svg><math><mi>x</mi><mi>y</mi></math><p>t</p></foreignObject><path/></svg>"
    "<math><mi>a</mi><mrow><mi>b</mi><mi a=1>c</mi></mrow><mi>d</mi></math><svg><path/></svg>",
]


class _NoPlainNames(set):
    """A _plain_keys that knows no name: every element's attributes go
    through _make_coerced (the general path)."""

    def add(self, key: object) -> None:
        pass


@pytest.mark.parametrize("html", IN_PLACE_CASES)
@pytest.mark.parametrize("options", [{}, {"html_classes": True}, {"namespaceHTMLElements": False}])
def test_names_known_as_plain_match_the_coercing_path(html: str, options: dict) -> None:
    """Attributes whose names are known to need nothing are passed to lxml
    as they are: the tree, source lines and warnings are the ones
    _make_coerced's key-by-key path builds."""

    def build(plain: set) -> tuple:
        builder = LxmlTreeBuilder(**options)
        builder._plain_keys = plain
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            tree = build_tree("<!DOCTYPE html>\n" + html + html, builder)
        nodes = [(node.tag, node.text, node.tail, node.sourceline, dict(node.attrib), node.nsmap) for node in tree.getroot().iter()]
        return etree.tostring(tree), nodes, [str(w.message) for w in caught]

    assert build(set()) == build(_NoPlainNames())


@pytest.mark.parametrize("html", IN_PLACE_CASES)
@pytest.mark.parametrize("options", [{}, {"html_classes": True}, {"namespaceHTMLElements": False}])
def test_elements_made_in_place_match_create_then_append(html: str, options: dict, monkeypatch) -> None:
    """append_new_element's SubElement shortcut builds what the general
    create_element + append path builds (tree, namespaces, sourcelines,
    coercions), and leaves nothing behind when lxml refuses an attribute."""
    from specparser.treebuilder import TreeBuilder

    def build() -> tuple:
        builder = LxmlTreeBuilder(**options)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            tree = build_tree("<!DOCTYPE html>\n" + html, builder)
        root = tree.getroot()
        nodes = [(node.tag, node.text, node.tail, node.sourceline, dict(node.attrib), node.nsmap) for node in root.iter()]
        return etree.tostring(tree), nodes, [str(w.message) for w in caught]

    shortcut = build()
    monkeypatch.setattr(LxmlTreeBuilder, "append_new_element", TreeBuilder.append_new_element)
    assert shortcut == build()


@pytest.mark.parametrize("options", [{}, {"html_classes": True}, {"namespaceHTMLElements": False}])
def test_names_known_in_advance_match_names_learned(options: dict) -> None:
    """The name caches start as tables of the standard's element and
    attribute names made at import: a document of those names, and of names
    that need coercion or are not in the tables, builds the same tree,
    source lines and coercions as a builder whose caches start empty and
    learn every name through its general path; the shared tables do not
    change."""
    from specparser.builders import lxml as adapter

    names = sorted(adapter._KNOWN_ELEMENTS)
    keys = sorted(adapter._KNOWN_ATTRIBUTES)
    html = "<!DOCTYPE html>\n" + "".join(
        "<div><%s %s=v xml:lang=x>t</%s>\n<p a<b=1>u</p></div>" % (names[i % len(names)], keys[i % len(keys)], names[i % len(names)])
        for i in range(len(keys))
    )
    html += '<svg viewBox="0 0 1 1" xmlns="http://www.w3.org/2000/svg"><path d=M0 fill=red /></svg><x-unknown data-x=1>'
    sizes = [len(adapter._KNOWN_PLAIN_KEYS)] + [len(table[flag]) for table in (adapter._KNOWN_HTML_TAGS, adapter._KNOWN_HTML_TAG_BYTES) for flag in (True, False)]

    def build(known: bool) -> tuple:
        builder = LxmlTreeBuilder(**options)
        if not known:
            builder._html_tags, builder._html_tag_bytes, builder._plain_keys = {}, {}, set()
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            tree = build_tree(html, builder)
        nodes = [(node.tag, node.text, node.tail, node.sourceline, dict(node.attrib), node.nsmap) for node in tree.getroot().iter()]
        return etree.tostring(tree), nodes, [str(w.message) for w in caught], builder.coercions.counts

    assert build(True) == build(False)
    assert sizes == [len(adapter._KNOWN_PLAIN_KEYS)] + [len(table[flag]) for table in (adapter._KNOWN_HTML_TAGS, adapter._KNOWN_HTML_TAG_BYTES) for flag in (True, False)]


@pytest.mark.parametrize("doctype", ["<!DOCTYPE html>", "<!DOCTYPE other>"])
def test_names_lxml_html_keeps_stay_out_of_the_lxml_tree(doctype: str) -> None:
    """lxml.html keeps ``xml:lang`` and ``rel:x`` as they are; the XML
    lxml tree, and an lxml.html tree that is an XML document (a DOCTYPE
    named otherwise), coerce them (counted), whichever builder saw the names
    first in the process."""
    html = doctype + "<a xml:lang=en rel:x=1>t</a><a xml:lang=fr rel:x=2>u</a>"
    kept, kept_tree = build(html, html_classes=True, namespaceHTMLElements=False)
    coerced, coerced_tree = build(html, namespaceHTMLElements=False)
    expected = {"xmlU00003Alang": "en", "relU00003Ax": "1"}  # "U" and six hex digits
    assert dict(coerced_tree.find(".//a").attrib) == expected
    assert coerced.coercions.counts == {"attribute name": 4}
    if doctype == "<!DOCTYPE html>":
        assert dict(kept_tree.find(".//a").attrib) == {"xml:lang": "en", "rel:x": "1"}
        assert not kept.coercions
    else:
        assert dict(kept_tree.find(".//a").attrib) == expected
        assert kept.coercions.counts == {"attribute name": 4}


# The corpus pages that still warn, and why (each really loses a value).
# lxml (59 pages before: reversible renames and redundant xmlns warned too):
# an xmlns:og / xmlns:fb / xmlns:b ... on <html>, or an SVG xmlns typo.
CORPUS_WARNINGS = {
    ("lxml", True): 21,
    # ehow-1, ehow-2: <html xmlns="http://www.w3.org/1999/html">, which
    # would clash with the XHTML declaration lxml writes on the root;
    # folha, nytimes-5: <svg xmlns="https://www.w3.org/2000/svg"> (a typo
    # in an attribute of the XMLNS namespace).
    ("lxml.html", True): {"ehow-1.html", "ehow-2.html", "folha.html", "nytimes-5.html"},
    ("lxml.html", False): {"folha.html", "nytimes-5.html"},
}


@pytest.mark.parametrize("tree, namespace_html", sorted(CORPUS_WARNINGS), ids=str)
def test_corpus_pages_that_warn(tree: str, namespace_html: bool) -> None:
    from compat.paths import MISSING_CORPUS, corpus_dir

    directory = corpus_dir()
    if directory is None:
        pytest.skip(MISSING_CORPUS)
    warned = set()
    for page in sorted(directory.glob("*.html")):
        for warning in _warnings_of(page.read_bytes(), tree, namespaceHTMLElements=namespace_html):
            # Only what is really lost warns.
            assert set(warning.message.counts) & {"characters", "xmlns attribute"}, page.name
            warned.add(page.name)
    expected = CORPUS_WARNINGS[tree, namespace_html]
    assert (len(warned) if isinstance(expected, int) else warned) == expected


def test_sourceline_past_16_bits_is_not_wrapped() -> None:
    # libxml2 keeps 16 bits of a line: lxml refuses larger values
    # (OverflowError) and the adapter stores 65535, which libxml2's
    # xmlGetLineNo reads as "ask the neighbours" (None here; lxml.html's
    # own parser reads 65535 for these elements).  Never a wrapped number
    # (70001 % 65536 = 4465).
    tree = parse("<p>a</p>" + "\n" * 65532 + "<i>x</i>" + "\n" * 5000 + "<div><b>c</b></div>")
    body = tree.getroot()[1]
    p, i, div = body
    assert (p.sourceline, i.sourceline) == (1, 65533)
    assert div.sourceline in (None, 65535) and div[0].sourceline in (None, 65535)


@pytest.mark.parametrize("options", [{}, {"html_classes": True}, {"namespaceHTMLElements": False}])
def test_the_builder_keeps_its_attributes_fast(options: dict) -> None:
    """Like the TreeConstructor (tests/test_source_shape.py): past 28
    instance attributes CPython 3.11 reads and writes every attribute of
    the builder through a dict (-1.6% instructions for the lxml parse when
    the rarely used caches moved out of the builder, 38 -> 28 attributes).
    Every path that could add an attribute runs: DOCTYPE, foreign content,
    coerced names, comments, a fragment."""
    if specparser.compiled:
        pytest.skip("the compiled build's LxmlTreeBuilder keeps its attributes in a C struct: no instance dict")
    page = (
        '<!DOCTYPE html><!--c--><html xmlns:og="x"><p a<b=1 class=x>t<svg><a xlink:href=y /></svg>'
        "<g:plusone></g:plusone><table><tr><td>x</table><b><i>y</b>z</i><!--d-->"
    )
    for context in (None, ("td", HTML_NAMESPACE)):
        builder = LxmlTreeBuilder(**options)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            build_tree("\n" + page, builder, context=context)
        assert len(vars(builder)) <= 28, sorted(vars(builder))
