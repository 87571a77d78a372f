"""The html5lib-compatible serializer, filters and tree walkers
(:mod:`specparser.html5lib_compat`), against html5lib 1.1 where the two
should agree and against the standard where html5lib 1.1 is out of date."""

from __future__ import annotations

from xml.etree import ElementTree as ET

import pytest

from specparser import html5lib_compat
from specparser.constants import HTML_NAMESPACE as H, SVG_NAMESPACE, XLINK_NAMESPACE
from specparser.html5lib_compat import serialize
from specparser.html5lib_compat.filters.lint import Filter as Lint, LintError
from specparser.html5lib_compat.serializer import HTMLSerializer, SerializeError
from specparser.html5lib_compat.treewalkers import getTreeWalker, pprint
from specparser.html5lib_compat.treewalkers.base import TreeWalker

DOC = (
    "<!DOCTYPE html><title>t</title><p class=a id='b c'>x &amp; y<br>z"
    "<svg viewBox='0 0 1 1' xlink:href='#a'><path/></svg><!--c-->"
    "<table><tr><td>1<td>2</table><template><b>t</b></template><script>a<b</script>"
)


class Tokens(TreeWalker):
    """A walker over a list of ready-made token dicts."""

    def __iter__(self):
        yield from self.tree


def render(tokens, **options):
    return HTMLSerializer(**options).render(Tokens(tokens))


def start(name, attrs=None, ns=H):
    return {"type": "StartTag", "name": name, "namespace": ns, "data": attrs or {}}


# -- tree walkers --------------------------------------------------------


@pytest.mark.parametrize("tree", ["etree", "dom", "lxml"])
def test_walker_tokens_match_html5lib_walkers(tree):
    # html5lib 1.1's own walker on the same tree is the reference.
    html5lib = pytest.importorskip("html5lib")
    if tree == "lxml":
        pytest.importorskip("lxml")
    document = html5lib_compat.parse(DOC, treebuilder=tree) if tree != "etree" else html5lib_compat.parse(DOC, fullTree=True)
    ours = list(getTreeWalker(tree)(document))
    theirs = list(html5lib.getTreeWalker(tree)(document))
    for token in theirs:  # html5lib's "data" is an OrderedDict; ours a dict
        if "data" in token and not isinstance(token["data"], str):
            token["data"] = dict(token["data"])
    if tree == "dom":
        # html5lib's dom walker reports attributes without a namespace under
        # their full name with a None namespace, as we do; and "" ids as "".
        for token in theirs:
            if token["type"] == "Doctype":
                token["publicId"] = token["publicId"] or None
                token["systemId"] = token["systemId"] or None
    assert ours == theirs


def test_walker_registry():
    assert getTreeWalker("nonsense") is None
    assert getTreeWalker("ETREE") is getTreeWalker("etree")
    with pytest.raises(TypeError):
        getTreeWalker(None)


def test_void_element_with_children_gives_error_token_and_skips_them():
    br = ET.Element(f"{{{H}}}br")
    br.text = "lost"
    tokens = list(getTreeWalker("etree")(br))
    assert [t["type"] for t in tokens] == ["EmptyTag", "SerializeError"]


def test_pprint():
    tree = html5lib_compat.parse("<p a=1>x<svg xlink:href=y></svg>")
    assert pprint(getTreeWalker("etree")(tree)) == "\n".join(
        [
            "<html>",
            "  <head>",
            "  <body>",
            "    <p>",
            '      a="1"',
            '      "x"',
            "      <svg svg>",
            '        xlink href="y"',
        ]
    )


# -- serializer: html5lib 1.1's behaviour --------------------------------


def test_same_output_as_html5lib_on_a_document():
    html5lib = pytest.importorskip("html5lib")
    # A document without the constructs where we differ on purpose.
    source = "<!DOCTYPE html><title>t</title><p class=a id='b c' hidden>x &amp; y<br>z<ul><li>1<li>2</ul><!--c-->"
    tree = html5lib_compat.parse(source)
    for options in ({}, {"omit_optional_tags": False}, {"quote_attr_values": "always"}, {"strip_whitespace": True}):
        assert serialize(tree, **options) == html5lib.serialize(tree, **options)


def test_serialize_yields_fine_grained_pieces():
    # bleach relies on these pieces.
    pieces = list(HTMLSerializer(quote_attr_values="always").serialize(Tokens([start("a", {(None, "href"): "x"})])))
    assert pieces == ["<a", " ", "href", "=", '"', "x", '"', ">"]


def test_unknown_option_is_type_error():
    with pytest.raises(TypeError):
        HTMLSerializer(foobar=None)


def test_bad_quote_mode_is_value_error():
    with pytest.raises(ValueError):
        render([start("a", {(None, "b"): "c"})], quote_attr_values="sometimes")


def test_boolean_quote_modes_from_old_html5lib():
    assert render([start("a", {(None, "b"): "c"})], quote_attr_values=True) == '<a b="c">'
    assert render([start("a", {(None, "b"): "c"})], quote_attr_values=False) == "<a b=c>"


def test_encoding_gives_bytes_and_entity_references():
    tokens = [start("span", {(None, "title"): "\u0101"}), {"type": "Characters", "data": "\u0101\xa0\U0001f600"}]
    assert render(tokens) == "<span title=\u0101>\u0101\xa0\U0001f600"
    assert HTMLSerializer().render(Tokens(tokens), "iso-8859-1") == b"<span title=&amacr;>&amacr;\xa0&#x1f600;"


@pytest.mark.parametrize(
    "token",
    [
        {"type": "Doctype", "name": "\u0101", "publicId": None, "systemId": None},
        {"type": "Comment", "data": "\u0101"},
        start("\u0101"),
        start("span", {(None, "\u0101"): "v"}),
        {"type": "EndTag", "name": "\u0101", "namespace": H},
    ],
)
def test_unencodable_markup_is_an_error(token):
    with pytest.raises(UnicodeEncodeError):
        HTMLSerializer().render(Tokens([token]), "iso-8859-1")


def test_resolve_entities():
    tokens = [{"type": "Entity", "name": "beta"}, {"type": "Entity", "name": "gt"}]
    assert render(tokens) == "\u03b2&gt;"
    assert render(tokens, resolve_entities=False) == "&beta;&gt;"


def test_strict_mode_raises_serialize_error():
    serializer = HTMLSerializer()
    serializer.strict = True
    with pytest.raises(SerializeError):
        serializer.render(Tokens([{"type": "Comment", "data": "a--b"}]))


# -- serializer: where the current standard wins --------------------------


def test_angle_brackets_in_attributes_are_escaped():
    assert render([start("a", {(None, "t"): "<>"})]) == '<a t="&lt;&gt;">'


def test_namespaced_attributes_keep_their_prefix():
    tokens = [start("svg", {(XLINK_NAMESPACE, "href"): "#a"}, ns=SVG_NAMESPACE)]
    assert render(tokens) == "<svg xlink:href=#a>"


def test_svg_style_text_is_escaped_plaintext_is_not():
    svg_style = [start("style", ns=SVG_NAMESPACE), {"type": "Characters", "data": "a<b"}]
    assert render(svg_style) == "<style>a&lt;b"
    assert render([start("plaintext"), {"type": "Characters", "data": "a<b"}]) == "<plaintext>a<b"


def test_wbr_is_void():
    assert serialize(html5lib_compat.parse("<wbr>"), omit_optional_tags=False) == (
        "<html><head></head><body><wbr></body></html>"
    )


# -- filters ---------------------------------------------------------------


def test_lint_accepts_walker_output_and_rejects_bad_tokens():
    tree = html5lib_compat.parse(DOC)
    list(Lint(getTreeWalker("etree")(tree)))
    with pytest.raises(LintError):
        list(Lint(Tokens([start("img")])))
    with pytest.raises(AssertionError):  # LintError is an AssertionError
        list(Lint(Tokens([start("p"), {"type": "EndTag", "name": "div", "namespace": H}])))


def test_optional_p_end_tag_kept_in_transparent_parent():
    tokens = [start("a"), start("p"), {"type": "EndTag", "name": "p", "namespace": H},
              {"type": "EndTag", "name": "a", "namespace": H}]  # fmt: skip
    assert render(tokens) == "<a><p></p></a>"
    tokens[0] = start("div")
    tokens[3] = {"type": "EndTag", "name": "div", "namespace": H}
    assert render(tokens) == "<div><p></div>"


def test_serialize_other_trees():
    pytest.importorskip("lxml")
    pytest.importorskip("bs4")
    expected = serialize(html5lib_compat.parse(DOC, fullTree=True))
    for tree in ("dom", "lxml", "bs4"):
        assert serialize(html5lib_compat.parse(DOC, treebuilder=tree), tree=tree) == expected, tree
