"""The argument contract of issue 20: fragment contexts are checked by one
rule (the command line's) at every entry point, with a ValueError naming the
entry point and the text; every option of the serializers and the tokenizer
checks its type.  One test per public entry point, fed wrong types and
values (and the right ones, which must keep working)."""

from __future__ import annotations

import pytest

import specparser
from specparser import html5lib_compat
from _optional import BS4_MISSING
from specparser.cli import UsageError, fragment_context
from specparser.constants import HTML_NAMESPACE, MATHML_NAMESPACE, SVG_NAMESPACE
from specparser.fragment_context import check_context_element, parse_fragment_context
from specparser.html5lib_compat import HTMLParser
from specparser.html5lib_compat.serializer import HTMLSerializer
from specparser.html5lib_compat.serializer import serialize as html5lib_serialize
from specparser.html5lib_compat.treewalkers import getTreeWalker
from specparser.serializer import serialize_events, serialize_html, serialize_inner_html
from specparser.tokenizer import Tokenizer, tokenize
from specparser.tokens import IgnoringSink
from specparser.treeconstruction import build_tree
from specparser.builders import get_walker

# -- fragment contexts --------------------------------------------------------------

# Written contexts every entry point refuses: not a name a start tag could
# make, two words that are not svg/math + a name, three words, and a bare
# svg/math (an HTML element of that name, which the parser never makes).
BAD_CONTEXTS = ["", "  ", "foo bar", "\x00", "1a", "a/b", "a>b", "svg path extra", "svg", "math", "SVG", "html svg",
                # Whitespace other than the one space between two words (issue 31).
                " td", "td ", " div ", "td\n", "svg  path", "svg\tpath", " svg path", "math mi "]
# (written, parsed): the html5lib-tests notation.
GOOD_CONTEXTS = [
    ("td", ("td", HTML_NAMESPACE)),
    ("TD", ("td", HTML_NAMESPACE)),  # ASCII-lowercased, as the tokenizer would
    ("x-custom", ("x-custom", HTML_NAMESPACE)),
    ("svg path", ("path", SVG_NAMESPACE)),
    ("svg foreignObject", ("foreignObject", SVG_NAMESPACE)),
    ("svg svg", ("svg", SVG_NAMESPACE)),
    ("math mi", ("mi", MATHML_NAMESPACE)),
    ("math annotation-xml", ("annotation-xml", MATHML_NAMESPACE)),
]


def _bs4_fragment(markup: str, context: object) -> object:
    from bs4 import BeautifulSoup

    from specparser.builders.bs4 import SpecParserTreeBuilder

    return BeautifulSoup(markup, builder=SpecParserTreeBuilder(fragment_context=context))


MARKUP = "<b>x</b><td>y"
# Each public entry point that takes a written context: (name, call(context)).
CONTEXT_ENTRY_POINTS = {
    "parseFragment": lambda c: html5lib_compat.parseFragment(MARKUP, container=c),
    "HTMLParser.parseFragment": lambda c: HTMLParser().parseFragment(MARKUP, container=c),
    "parseFragment(treebuilder='dom')": lambda c: html5lib_compat.parseFragment(MARKUP, container=c, treebuilder="dom"),
    "bs4 fragment_context": lambda c: _bs4_fragment(MARKUP, c),
}


def _entry_point_params():
    for name, call in CONTEXT_ENTRY_POINTS.items():
        marks = [pytest.mark.skipif(BS4_MISSING is not None, reason=BS4_MISSING or "")] if "bs4" in name else []
        yield pytest.param(call, id=name, marks=marks)


@pytest.mark.parametrize("context", BAD_CONTEXTS, ids=repr)
@pytest.mark.parametrize("call", list(_entry_point_params()))
def test_every_entry_point_refuses_a_bad_context_with_a_value_error(call, context) -> None:
    with pytest.raises(ValueError, match="unknown (container|fragment_context)"):
        call(context)


@pytest.mark.parametrize("context", [3, 2.5, ["div"], b"div", ("div", HTML_NAMESPACE)], ids=repr)
@pytest.mark.parametrize("call", list(_entry_point_params()))
def test_every_entry_point_refuses_a_context_that_is_not_a_str(call, context) -> None:
    with pytest.raises(TypeError, match="must be a str such as 'div' or 'svg path'"):
        call(context)


@pytest.mark.parametrize("context", BAD_CONTEXTS, ids=repr)
def test_the_command_line_refuses_the_same_contexts(context) -> None:
    with pytest.raises(UsageError, match="--fragment: unknown context"):
        fragment_context(context)


@pytest.mark.parametrize("written, parsed", GOOD_CONTEXTS, ids=[w for w, _ in GOOD_CONTEXTS])
def test_every_entry_point_reads_a_good_context_alike(written, parsed) -> None:
    assert fragment_context(written) == parsed
    assert parse_fragment_context(written, "f", "p") == parsed
    assert check_context_element(parsed, "f", "p") == parsed
    # The fragment is parsed in that context: the same tree as build_tree's.
    from specparser.builders.etree import ElementTreeBuilder

    expected = serialize_html(build_tree(MARKUP, ElementTreeBuilder(), context=parsed))
    for name, call in CONTEXT_ENTRY_POINTS.items():
        if "bs4" in name or "dom" in name:
            continue
        assert serialize_html(call(written)) == expected, name


@pytest.mark.parametrize(
    "context, error",
    [
        ("div", TypeError),  # a str, not the pair
        (("div",), TypeError),
        (("div", HTML_NAMESPACE, "x"), TypeError),
        ((1, HTML_NAMESPACE), TypeError),
        (("div", "http://example.com/"), ValueError),
        (("DIV", HTML_NAMESPACE), ValueError),  # HTML names are lower case
        (("svg", HTML_NAMESPACE), ValueError),
        (("foo bar", HTML_NAMESPACE), ValueError),
        (("", SVG_NAMESPACE), ValueError),
        (("\x00", MATHML_NAMESPACE), ValueError),
    ],
    ids=repr,
)
def test_the_internal_entry_checks_the_context_pair(context, error) -> None:
    from specparser.builders.etree import ElementTreeBuilder

    with pytest.raises(error, match="build_tree: context"):
        build_tree("x", ElementTreeBuilder(), context=context)


# -- the serializers ------------------------------------------------------------------

NOT_A_FLAG = ["yes", 2, None, 1.0, []]


@pytest.mark.parametrize("value", NOT_A_FLAG, ids=repr)
@pytest.mark.parametrize("option", ["scripting", "doctype_ids"])
@pytest.mark.parametrize("function", [serialize_html, serialize_inner_html], ids=lambda f: f.__name__)
def test_serialize_html_options_check_their_type(function, option, value) -> None:
    tree = html5lib_compat.parse("<p>x")
    with pytest.raises(TypeError, match=rf"{function.__name__}\(\): {option} must be True or False"):
        function(tree, "etree", **{option: value})
    assert function(tree, "etree", **{option: True})  # the right type still works


@pytest.mark.parametrize("value", NOT_A_FLAG, ids=repr)
@pytest.mark.parametrize("option", ["scripting", "doctype_ids"])
def test_serialize_events_options_check_their_type(option, value) -> None:
    events = list(get_walker("etree")(html5lib_compat.parse("<p>x")))
    with pytest.raises(TypeError, match=rf"serialize_events\(\): {option} must be True or False"):
        serialize_events(events, **{option: value})


@pytest.mark.parametrize("tree", [1, None, b"etree"], ids=repr)
def test_the_tree_type_of_the_serializers_must_be_a_str(tree) -> None:
    node = html5lib_compat.parse("<p>x")
    with pytest.raises(TypeError, match="tree must be a str"):
        serialize_html(node, tree)
    with pytest.raises(TypeError, match="tree must be a str"):
        html5lib_serialize(node, tree=tree)


FLAG_OPTIONS = [name for name in HTMLSerializer.options if name not in ("quote_attr_values", "quote_char")]


@pytest.mark.parametrize("value", ["yes", 2, None, 1.5], ids=repr)
@pytest.mark.parametrize("option", FLAG_OPTIONS)
# sanitize=1 runs html5lib's sanitizer, which warns that it is deprecated.
@pytest.mark.filterwarnings("ignore:html5lib's sanitizer is deprecated:DeprecationWarning")
def test_html5lib_serializer_flags_check_their_type(option, value) -> None:
    tree = html5lib_compat.parse("<p>x")
    with pytest.raises(TypeError, match=rf"HTMLSerializer\(\): {option} must be True or False"):
        html5lib_serialize(tree, **{option: value})
    with pytest.raises(TypeError, match=rf"HTMLSerializer\(\): {option} must be True or False"):
        HTMLSerializer(**{option: value})
    html5lib_serialize(tree, **{option: False})  # the right type still works
    html5lib_serialize(tree, **{option: 1})  # html5lib users write 0 / 1 too


@pytest.mark.parametrize(
    "option, value, error",
    [
        ("quote_char", 1, TypeError),
        ("quote_char", None, TypeError),
        ("quote_char", "x", ValueError),
        ("quote_char", "''", ValueError),
        ("quote_attr_values", "sometimes", ValueError),
        ("quote_attr_values", 1, TypeError),
        ("quote_attr_values", None, TypeError),
    ],
    ids=repr,
)
def test_html5lib_serializer_choices_check_type_and_value(option, value, error) -> None:
    with pytest.raises(error, match=rf"HTMLSerializer\(\): {option} must be one of"):
        html5lib_serialize(html5lib_compat.parse("<p>x"), **{option: value})


@pytest.mark.parametrize("option, value", [("quote_char", "'"), ("quote_attr_values", "spec"), ("quote_attr_values", True)])
def test_html5lib_serializer_choices_accept_html5lib_values(option, value) -> None:
    out = html5lib_serialize(html5lib_compat.parse("<p title='a b'>x"), **{option: value})
    assert "a b" in out


@pytest.mark.parametrize("encoding", [1, b"utf-8", ["utf-8"]], ids=repr)
def test_html5lib_serializer_encoding_must_be_a_str(encoding) -> None:
    tree = html5lib_compat.parse("<p>x")
    with pytest.raises(TypeError, match=r"serialize\(\): encoding must be a str or None"):
        html5lib_serialize(tree, encoding=encoding)
    walker = getTreeWalker("etree")
    with pytest.raises(TypeError, match=r"HTMLSerializer.render\(\): encoding must be a str or None"):
        HTMLSerializer().render(walker(tree), encoding)
    assert html5lib_serialize(tree, encoding="utf-8").endswith(b"x")


# -- the tokenizer ------------------------------------------------------------------------


@pytest.mark.parametrize("value", [1, b"script", ["script"]], ids=repr)
def test_tokenize_last_start_tag_must_be_a_str(value) -> None:
    with pytest.raises(TypeError, match=r"tokenize\(\): last_start_tag must be a str or None"):
        tokenize("x</script>", last_start_tag=value)
    assert tokenize("x</script>", last_start_tag="script") == [("Character", "x"), ("EndTag", "script")]


@pytest.mark.parametrize("option", ["cdata_allowed", "fast_paths"])
@pytest.mark.parametrize("value", NOT_A_FLAG, ids=repr)
def test_tokenize_flags_check_their_type(option, value) -> None:
    with pytest.raises(TypeError, match=rf"{option} must be True or False"):
        tokenize("x", **{option: value})


@pytest.mark.parametrize("value", NOT_A_FLAG, ids=repr)
def test_tokenizer_fast_paths_must_be_a_flag(value) -> None:
    with pytest.raises(TypeError, match=r"Tokenizer\(\): fast_paths must be True or False"):
        Tokenizer("x", IgnoringSink(), fast_paths=value)


@pytest.mark.parametrize("sink", [None, object(), "sink", []], ids=repr)
def test_tokenizer_sink_must_be_a_token_sink(sink) -> None:
    with pytest.raises(TypeError, match=r"Tokenizer\(\): sink must be a TokenSink"):
        Tokenizer("x", sink)
