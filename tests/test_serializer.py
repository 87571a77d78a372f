"""The spec's HTML fragment serialization algorithm over walker events.

Expected strings follow https://html.spec.whatwg.org/#serialising-html-fragments
(current standard: ``<`` and ``>`` are escaped in attribute values too).
"""

from __future__ import annotations

from xml.dom import minidom
from xml.etree import ElementTree as ET

import pytest
from _timing import best_time

from specparser.constants import (
    HTML_NAMESPACE as H,
    MATHML_NAMESPACE,
    SVG_NAMESPACE,
    XLINK_NAMESPACE,
    XML_NAMESPACE,
    XMLNS_NAMESPACE,
)
from specparser.serializer import (
    serialize_events,
    serialize_html,
    serialize_inner_html,
    walker_for,
)
from specparser.walkers import COMMENT, CONTENT, DOCTYPE, END, END_CONTENT, START, TEXT


def el(name, children=(), attrs=None, ns=H):
    """Events for an element with the given child events."""
    events = [(START, name, ns, attrs or {})]
    for child in children:
        events.extend(child if isinstance(child, list) else [child])
    events.append((END, name, ns))
    return events


def text(data):
    return (TEXT, data)


# -- escaping ------------------------------------------------------------


def test_text_escapes_amp_nbsp_lt_gt_but_not_quotes():
    out = serialize_events(el("p", [text("a&b\xa0c<d>e\"f'g")]))
    assert out == "<p>a&amp;b&nbsp;c&lt;d&gt;e\"f'g</p>"


def test_attribute_escapes_amp_nbsp_quot_lt_gt_but_not_apostrophe():
    out = serialize_events(el("p", attrs={"title": "a&b\xa0c\"d<e>f'g"}))
    assert out == "<p title=\"a&amp;b&nbsp;c&quot;d&lt;e&gt;f'g\"></p>"


def test_attributes_always_double_quoted_even_when_empty():
    out = serialize_events(el("input", attrs={"disabled": "", "value": "x"}))
    assert out == '<input disabled="" value="x">'


def test_attribute_order_is_kept():
    out = serialize_events(el("a", attrs={"z": "1", "a": "2", "m": "3"}))
    assert out == '<a z="1" a="2" m="3"></a>'


@pytest.mark.parametrize(
    "key, name",
    [
        (("xlink", "href", XLINK_NAMESPACE), "xlink:href"),
        (("xml", "lang", XML_NAMESPACE), "xml:lang"),
        ((None, "xmlns", XMLNS_NAMESPACE), "xmlns"),
        (("xmlns", "xlink", XMLNS_NAMESPACE), "xmlns:xlink"),
        # "any other namespace": the qualified name.
        (("foo", "bar", "urn:x"), "foo:bar"),
        ((None, "bar", "urn:x"), "bar"),
        # A namespace URL wins over whatever prefix the tree kept.
        (("weird", "href", XLINK_NAMESPACE), "xlink:href"),
    ],
)
def test_attribute_serialized_name(key, name):
    assert serialize_events(el("svg", attrs={key: "v"}, ns=SVG_NAMESPACE)) == f'<svg {name}="v"></svg>'


# -- elements ------------------------------------------------------------


VOIDS = "area base basefont bgsound br col embed frame hr img input keygen link meta param source track wbr"


@pytest.mark.parametrize("name", VOIDS.split())
def test_void_elements_have_no_end_tag(name):
    assert serialize_events(el(name) + [text("x")]) == f"<{name}>x"


def test_void_element_children_are_not_serialized():
    # A DOM can give a void element children; "serializes as void" skips them.
    events = el("div", [el("br", [text("lost"), el("b", [text("lost")])]), text("kept")])
    assert serialize_events(events) == "<div><br>kept</div>"


def test_void_names_in_foreign_namespaces_get_end_tags():
    assert serialize_events(el("img", ns=SVG_NAMESPACE)) == "<img></img>"
    assert serialize_events(el("br", ns=MATHML_NAMESPACE)) == "<br></br>"


def test_foreign_elements_use_local_name_and_keep_case():
    events = el("svg", [el("foreignObject", ns=SVG_NAMESPACE)], ns=SVG_NAMESPACE)
    events += el("math", [el("mi", [text("x")], ns=MATHML_NAMESPACE)], ns=MATHML_NAMESPACE)
    assert serialize_events(events) == "<svg><foreignObject></foreignObject></svg><math><mi>x</mi></math>"


@pytest.mark.parametrize("name", "style script xmp iframe noembed noframes plaintext".split())
def test_raw_text_parents_write_text_literally(name):
    assert serialize_events(el(name, [text("a<b>&c\xa0")])) == f"<{name}>a<b>&c\xa0</{name}>"


def test_noscript_is_raw_only_with_scripting():
    events = el("noscript", [text("<b>&")])
    assert serialize_events(events) == "<noscript>&lt;b&gt;&amp;</noscript>"
    assert serialize_events(events, scripting=True) == "<noscript><b>&</noscript>"


def test_raw_text_applies_to_the_parent_only():
    # Text in an element *inside* a script (only a DOM can do that) is escaped.
    events = el("script", [text("<"), el("b", [text("<")]), text("<")])
    assert serialize_events(events) == "<script><<b>&lt;</b><</script>"


def test_svg_style_and_script_text_is_escaped():
    # "a style element" means the HTML element; SVG's style parses as markup.
    events = el("svg", [el("style", [text("a<b")], ns=SVG_NAMESPACE)], ns=SVG_NAMESPACE)
    assert serialize_events(events) == "<svg><style>a&lt;b</style></svg>"


def test_elements_without_namespace_are_treated_as_html():
    events = el("br", ns=None) + el("script", [text("<")], ns=None)
    assert serialize_events(events) == "<br><script><</script>"


def test_no_extra_newline_for_pre_textarea_listing():
    # The current standard no longer adds a newline after these start tags.
    for name in ("pre", "textarea", "listing"):
        out = serialize_events(el(name, [text("\nx")]))
        assert out == f"<{name}>\nx</{name}>"


def test_comment_and_doctype():
    events = [(DOCTYPE, "html", "", ""), (COMMENT, " a -- b ")] + el("html")
    assert serialize_events(events) == "<!DOCTYPE html><!-- a -- b --><html></html>"


def test_doctype_identifiers_dropped_by_spec_kept_on_request():
    events = [(DOCTYPE, "html", "-//W3C//DTD HTML 4.01//EN", "http://www.w3.org/TR/html4/strict.dtd")]
    assert serialize_events(events) == "<!DOCTYPE html>"
    assert serialize_events(events, doctype_ids=True) == (
        '<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01//EN" "http://www.w3.org/TR/html4/strict.dtd">'
    )
    assert serialize_events([(DOCTYPE, "html", "", 'a"b')], doctype_ids=True) == "<!DOCTYPE html SYSTEM 'a\"b'>"


def test_template_contents_are_serialized_own_children_are_not():
    events = [
        (START, "template", H, {}),
        (CONTENT,),
        text("a<"),
        *el("b", [text("c")]),
        (END_CONTENT,),
        *el("i", [text("not contents")]),
        (END, "template", H),
        text("after"),
    ]
    assert serialize_events(events) == "<template>a&lt;<b>c</b></template>after"


def test_template_in_template_and_raw_text_inside_contents():
    inner = [(START, "template", H, {}), (CONTENT,), *el("script", [text("<")]), (END_CONTENT,), (END, "template", H)]
    events = [(START, "template", H, {}), (CONTENT,), *inner, (END_CONTENT,), (END, "template", H)]
    assert serialize_events(events) == "<template><template><script><</script></template></template>"


def test_unknown_event_is_an_error():
    with pytest.raises(ValueError):
        serialize_events([(99,)])


# -- node level ----------------------------------------------------------


def _etree_document():
    root = ET.Element("DOCUMENT_ROOT")
    doctype = ET.SubElement(root, "<!DOCTYPE>")
    doctype.text = "html"
    html = ET.SubElement(root, f"{{{H}}}html")
    body = ET.SubElement(html, f"{{{H}}}body")
    script = ET.SubElement(body, f"{{{H}}}script")
    script.text = "1<2"
    script.tail = "&"
    template = ET.SubElement(body, f"{{{H}}}template")
    template.text = "t"
    ET.SubElement(template, f"{{{H}}}br").tail = "<"
    return root, html, script, template


def test_serialize_html_etree_document_and_element():
    root, html, script, template = _etree_document()
    assert serialize_html(root) == "<!DOCTYPE html><html><body><script>1<2</script>&amp;<template>t<br>&lt;</template></body></html>"
    # An element's tail is not part of it.
    assert serialize_html(script) == "<script>1<2</script>"


def test_serialize_inner_html():
    root, html, script, template = _etree_document()
    assert serialize_inner_html(script) == "1<2"
    assert serialize_inner_html(template) == "t<br>&lt;"
    assert serialize_inner_html(html) == "<body><script>1<2</script>&amp;<template>t<br>&lt;</template></body>"
    with pytest.raises(TypeError):
        serialize_inner_html(root)


def test_bad_arguments_raise_type_error():
    with pytest.raises(TypeError):
        serialize_html(None)
    with pytest.raises(TypeError):
        serialize_html(ET.Element("p"), tree=3)
    with pytest.raises(ValueError):
        walker_for("no-such-tree")
    with pytest.raises(TypeError):
        serialize_html("<p>", tree="dom")


# -- the minidom walker --------------------------------------------------


def test_dom_walker_document():
    impl = minidom.getDOMImplementation()
    doctype = impl.createDocumentType("html", "-//W3C//DTD HTML 4.01//EN", "")
    doc = impl.createDocument(None, None, None)
    doc.appendChild(doctype)
    html = doc.createElementNS(H, "html")
    doc.appendChild(html)
    body = doc.createElementNS(H, "body")
    html.appendChild(body)
    body.appendChild(doc.createTextNode("a"))
    body.appendChild(doc.createTextNode("<"))
    body.appendChild(doc.createComment("c"))
    svg = doc.createElementNS(SVG_NAMESPACE, "svg")
    svg.setAttributeNS(XLINK_NAMESPACE, "xlink:href", "#x")
    svg.setAttribute("viewBox", "0 0 1 1")
    body.appendChild(svg)
    body.appendChild(doc.createTextNode("z"))
    events = list(walker_for("dom")(doc))
    assert events == [
        (DOCTYPE, "html", "-//W3C//DTD HTML 4.01//EN", ""),
        (START, "html", H, {}),
        (START, "body", H, {}),
        (TEXT, "a<"),  # adjacent text nodes merged
        (COMMENT, "c"),
        (START, "svg", SVG_NAMESPACE, {("xlink", "href", XLINK_NAMESPACE): "#x", "viewBox": "0 0 1 1"}),
        (END, "svg", SVG_NAMESPACE),
        (TEXT, "z"),
        (END, "body", H),
        (END, "html", H),
    ]
    assert serialize_html(doc, "dom") == (
        '<!DOCTYPE html><html><body>a&lt;<!--c--><svg xlink:href="#x" viewBox="0 0 1 1"></svg>z</body></html>'
    )
    # An element alone: no following siblings, no ancestors.
    assert serialize_html(svg, "dom") == '<svg xlink:href="#x" viewBox="0 0 1 1"></svg>'
    assert serialize_html(doc.createTextNode("&"), "dom") == "&amp;"


def test_dom_walker_fragment():
    doc = minidom.Document()
    frag = doc.createDocumentFragment()
    frag.appendChild(doc.createTextNode("x"))
    p = doc.createElement("p")
    frag.appendChild(p)
    p.appendChild(doc.createElement("br"))
    frag.appendChild(doc.createTextNode("y"))
    assert serialize_html(frag, "dom") == "x<p><br></p>y"


# -- depth and scaling ---------------------------------------------------

DEEP = 100_000


def _deep_events(depth):
    for _ in range(depth):
        yield (START, "div", H, {})
    yield (TEXT, "x")
    for _ in range(depth):
        yield (END, "div", H)


def test_100000_deep_events():
    out = serialize_events(_deep_events(DEEP))
    assert out == "<div>" * DEEP + "x" + "</div>" * DEEP


def _deep_etree(depth):
    root = node = ET.Element(f"{{{H}}}div")
    for _ in range(depth - 1):
        node = ET.SubElement(node, f"{{{H}}}div")
    node.text = "x"
    return root


def test_100000_deep_etree():
    out = serialize_html(_deep_etree(DEEP))
    assert out == "<div>" * DEEP + "x" + "</div>" * DEEP


def test_100000_deep_dom():
    # Built from the inside out: minidom's appendChild walks up the new
    # parent's ancestors, so building top-down would be quadratic.
    doc = minidom.Document()
    node = doc.createElement("div")
    node.appendChild(doc.createTextNode("x"))
    for _ in range(DEEP - 1):
        parent = doc.createElement("div")
        parent.appendChild(node)
        node = parent
    out = serialize_html(node, "dom")
    assert out == "<div>" * DEEP + "x" + "</div>" * DEEP


@pytest.mark.parametrize("shape", ["deep", "wide"])
def test_serialization_is_linear(shape):
    # Same code at two sizes: 4x the nodes must take well under 16x the time
    # (generous slack for noisy machines; quadratic behaviour gives ~16x).
    def tree(n):
        if shape == "deep":
            return _deep_etree(n)
        root = ET.Element(f"{{{H}}}div")
        for i in range(n):
            child = ET.SubElement(root, f"{{{H}}}p", {"class": "c&"})
            child.text = "t<"
            child.tail = "\xa0"
        return root

    small, large = tree(5_000), tree(20_000)
    t_small = best_time(lambda: serialize_html(small))
    t_large = best_time(lambda: serialize_html(large))
    assert t_large / t_small < 10, (t_small, t_large)
