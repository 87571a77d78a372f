"""``parse`` / ``parse_fragment`` with ``sanitizer=`` and ``safe=``, the
sanitizing TreeBuilder filter, and WPT's ``.sub.dat`` cases on every tree
type (``compat/run.py sanitizer``)."""

from __future__ import annotations

import xml.dom.minidom

import pytest

import specparser
from compat import sanitizer_suite
from compat.paths import sanitizer_api_dir
from specparser import Sanitizer
from specparser.sanitizer import SanitizingTreeBuilder

pytestmark = pytest.mark.filterwarnings("ignore::specparser.infoset.DataLossWarning")


@pytest.fixture(scope="module")
def wpt_cases():
    base = sanitizer_api_dir()
    if base is None:
        pytest.skip("../shared/sanitizer-api not found (set SANITIZER_API)")
    return sanitizer_suite.load_cases(base)


def test_every_sub_dat_file_and_case_is_read(wpt_cases):
    # README: 84 + 9 + 9 + 15 + 9 + 7 cases.
    assert len(wpt_cases) == 133
    assert sum(1 for case in wpt_cases if case.error) == 3
    assert not sanitizer_suite.NOT_YET


@pytest.mark.parametrize("builder", sanitizer_suite.BUILDERS)
def test_wpt_sub_dat_cases(wpt_cases, builder):
    failures = []
    for case in wpt_cases:
        expected = f"raised {case.error}" if case.error else sanitizer_suite._normalise(case.expected)
        got = sanitizer_suite.run_case(case, builder)
        if got != expected:
            failures.append(f"{case.id}: expected\n{expected}\ngot\n{got}")
    assert not failures, "\n\n".join(failures)


def _dom_children(markup: str, **options) -> list:
    fragment = specparser.parse_fragment(markup, "div", "dom", **options)
    return list(fragment.childNodes)


def test_text_around_a_removed_node_is_one_text_node():
    # WPT: "Helloxxx" is one node; the DOM tree keeps text nodes apart.
    div = _dom_children("<div>Hello<script>World</script>xxx", sanitizer="default")[0]
    assert [n.nodeType for n in div.childNodes] == [xml.dom.minidom.Node.TEXT_NODE]
    assert div.childNodes[0].data == "Helloxxx"
    nodes = _dom_children("<div>test<div>p</div>tt<p>div</p></div>", sanitizer={"elements": ["p"], "replaceWithChildrenElements": ["div"]})
    assert nodes[0].data == "testptt" and nodes[1].tagName == "p"
    p = _dom_children("<p>comment<!-- hello -->in<!-- </p> -->text</p>", sanitizer="default")[0]
    assert [n.data for n in p.childNodes] == ["commentintext"]


def test_unsanitized_without_a_sanitizer():
    assert specparser.serialize(specparser.parse_fragment("<script>x</script>", safe=False)) == "<script>x</script>"
    assert specparser.serialize(specparser.parse_fragment("<script>x</script>")) == "<script>x</script>"


def test_safe_false_keeps_what_the_configuration_allows():
    markup = '<a href="javascript:x" onclick="y">a</a><script>z</script>'
    unsafe = specparser.parse_fragment(markup, sanitizer={}, safe=False)
    assert specparser.serialize(unsafe) == markup
    safe = specparser.parse_fragment(markup, sanitizer={})
    assert specparser.serialize(safe) == "<a>a</a>"


def test_script_context_is_empty_for_the_safe_call():
    for context in ("script", "svg script"):
        result = specparser.parse_fragment("<p>Hello</p>", context, sanitizer="default")
        assert specparser.serialize(result) == ""
    # setHTMLUnsafe: the script's text.
    assert specparser.serialize(specparser.parse_fragment("<p>Hello</p>", "script", sanitizer={}, safe=False)) == "&lt;p&gt;Hello&lt;/p&gt;"


def test_removed_attributes_still_count_for_noahs_ark():
    # Four <b> with different titles: all four are reconstructed after the
    # </p>.  The sanitizer removes the titles, but the Noah's Ark clause
    # compares the tokens' attributes, so it still sees four different
    # elements (were it to compare the kept ones, only three would be).
    markup = "<p><b title=1><b title=2><b title=3><b title=4></p>x"
    kept = specparser.serialize(specparser.parse_fragment(markup, sanitizer={"elements": ["p", "b"], "attributes": []}))
    assert kept == "<p><b><b><b><b></b></b></b></b></p><b><b><b><b>x</b></b></b></b>"
    same = "<p>" + "<b title=1>" * 4 + "</p>x"
    kept = specparser.serialize(specparser.parse_fragment(same, sanitizer={"elements": ["p", "b"], "attributes": []}))
    assert kept == "<p><b><b><b><b></b></b></b></b></p><b><b><b>x</b></b></b>"


def test_template_contents_are_sanitized():
    for tree in ("etree", "dom", "lxml", "bs4"):
        result = specparser.parse_fragment("<template><script>x</script><div onclick=y>hello</div></template>", "div", tree,
                                           sanitizer={"elements": ["template", "div"], "attributes": ["onclick"]})  # fmt: skip
        assert specparser.serialize(result) == "<template><div>hello</div></template>"


def test_foreign_content_and_urls():
    result = specparser.parse_fragment(
        '<svg><a href="javascript:x" xlink:href="javascript:y"><set attributeName="href" to="javascript:z"/></a></svg>'
        '<math href="javascript:w"><mi xlink:href=" javascript:v">x</mi></math>',
        sanitizer={},
    )
    assert specparser.serialize(result) == '<svg><a><set to="javascript:z"></set></a></svg><math><mi>x</mi></math>'


def test_processing_instructions():
    markup = "<?x a?><?y b?><p>t</p>"
    assert specparser.serialize(specparser.parse_fragment(markup, sanitizer="default")) == "<p>t</p>"
    assert specparser.serialize(specparser.parse_fragment(markup, sanitizer={"processingInstructions": ["x"]})) == "<?x a?><p>t</p>"
    s = Sanitizer({"removeProcessingInstructions": ["y"]})
    assert specparser.serialize(specparser.parse_fragment(markup, sanitizer=s)) == "<?x a?><p>t</p>"


def test_data_attributes():
    markup = '<p data-x="1" title="t">'
    assert specparser.serialize(specparser.parse_fragment(markup, sanitizer="default")) == '<p title="t"></p>'
    s = Sanitizer()
    s.set_data_attributes(True)
    assert specparser.serialize(specparser.parse_fragment(markup, sanitizer=s)) == '<p data-x="1" title="t"></p>'


def test_parse_document_with_a_sanitizer():
    tree = specparser.parse("<!DOCTYPE html><title>t</title><p onclick=x>a<script>b</script>", sanitizer="default")
    assert specparser.serialize(tree) == "<!DOCTYPE html><html><head><title>t</title></head><body><p>a</p></body></html>"


def test_argument_errors():
    with pytest.raises(TypeError, match="parse_fragment.*safe"):
        specparser.parse_fragment("x", safe="yes")
    with pytest.raises(TypeError, match="parse.*sanitizer"):
        specparser.parse("x", sanitizer=42)
    with pytest.raises(TypeError, match="preset"):
        specparser.parse("x", sanitizer="strict")
    with pytest.raises(TypeError, match="invalid sanitizer configuration"):
        specparser.parse_fragment("x", sanitizer={"elements": [], "removeElements": []})
    with pytest.raises(TypeError):
        SanitizingTreeBuilder(object(), Sanitizer())  # type: ignore[arg-type]


def test_the_sanitizer_is_not_changed_by_a_safe_call():
    s = Sanitizer({"elements": ["p", "script"]})
    before = s.get()
    specparser.parse_fragment("<script>x</script>", sanitizer=s)
    assert s.get() == before


def test_deep_documents_do_not_overflow():
    depth = 50_000
    markup = "<div>" * depth + "x" + "<script>y</script><span>z"
    result = specparser.parse_fragment(markup, sanitizer={"replaceWithChildrenElements": ["div"]})
    assert specparser.serialize(result) == "x<span>z</span>"
    assert specparser.sanitize("<b>" * 20_000 + "x").count("<b>") == 20_000


def test_shadow_roots_are_sanitized_and_handed_on():
    # The shadow root's contents are sanitized as they are inserted and
    # given to the wrapped builder's attach_shadow_root with the host; a
    # removed host's shadow root is never seen.  (The trees against
    # Chromium: tests/test_sanitizer_shadow.py.)
    from specparser.builders import get_builder
    from specparser.constants import HTML_NAMESPACE as HTML
    from specparser.treeconstruction import build_tree

    markup = (
        "<div><template shadowrootmode=open shadowrootserializable><script>x</script>"
        "<p onclick=x>in the shadow</p></template>light</div>"
        "<my-el><template shadowrootmode=open shadowrootserializable><p>gone</p></template></my-el>"
    )
    sanitizer = Sanitizer({"removeElements": ["my-el"]})
    builder = SanitizingTreeBuilder(get_builder("etree")(namespaceHTMLElements=False), sanitizer, safe=True)
    result = build_tree(markup, builder, context=("div", HTML), shadow_roots=True)
    assert specparser.serialize(result) == (
        '<div><template shadowrootmode="open" shadowrootserializable=""><p>in the shadow</p></template>light</div>'
    )

    class NoShadowRoots(get_builder("etree")):  # type: ignore[misc]
        attach_shadow_root = specparser.treebuilder.TreeBuilder.attach_shadow_root

    # A wrapped builder that holds no shadow roots: the template stays one.
    builder = SanitizingTreeBuilder(NoShadowRoots(namespaceHTMLElements=False), sanitizer, safe=True)
    result = build_tree(markup, builder, context=("div", HTML), shadow_roots=True)
    assert specparser.serialize(result) == (
        '<div><template shadowrootmode="open" shadowrootserializable=""><p>in the shadow</p></template>light</div>'
    )
    template = next(node for node in result.iter() if node.tag == "template")
    assert "shadowRoot" not in template.attrib  # an ordinary template, not a holder


def test_event_handlers_outside_htmls_list_are_removed():
    # The standard's list misses handlers browsers run (CSS animations,
    # SVG animation ...); Chromium 156 removes onbegin, onsearch and
    # oncommand and keeps onfoo.
    markup = '<p onanimationend="a" onsearch="b" oncommand="c" onfoo="d" one="e"></p><svg><animate onbegin="f"></animate></svg>'
    tree = specparser.parse_fragment(markup, sanitizer={})
    assert specparser.serialize(tree) == '<p onfoo="d" one="e"></p><svg><animate></animate></svg>'
