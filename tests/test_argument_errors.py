"""Wrong arguments to every public entry point fail at once, with the
exception type a Python user expects (TypeError for a wrong type,
ValueError / LookupError for a wrong value) and a message that names what
is accepted.  Where specparser is html5lib's drop-in, html5lib 1.1 itself
is the reference for the behaviour.
"""

from __future__ import annotations

import io
import re
import warnings
from xml.etree import ElementTree as ET

import pytest

import specparser
from specparser import html5lib_compat
from specparser import tokens
from specparser.encoding import (
    decode,
    encoding_sniffing_algorithm,
    prescan_a_byte_stream_to_determine_its_encoding,
)
from specparser.encoding.bytestream import decode_for_parse
from specparser.serializer import serialize_events, serialize_html, serialize_inner_html
from specparser.tokenizer import Tokenizer, tokenize
from specparser.treeconstruction import build_tree

from _optional import BS4_MISSING, LXML_MISSING

try:
    import html5lib
except ImportError:  # pragma: no cover
    html5lib = None

# Values of a wrong type for a document source.
NOT_A_SOURCE = {"None": None, "int": 3, "float": 1.5, "list": ["<p>"], "dict": {"a": 1}, "object": object()}
KNOWN_BUILDERS = ("bs4", "etree", "lxml")


# -- parsing ----------------------------------------------------------------------


def _parse_entry_points():
    yield "parse", lambda s: html5lib_compat.parse(s)
    yield "parseFragment", lambda s: html5lib_compat.parseFragment(s)
    yield "HTMLParser().parse", lambda s: html5lib_compat.HTMLParser().parse(s)
    yield "HTMLParser().parseFragment", lambda s: html5lib_compat.HTMLParser().parseFragment(s, "td")
    yield "HTMLParser('bs4').parse", lambda s: html5lib_compat.HTMLParser("bs4").parse(s)


@pytest.mark.parametrize("entry", list(_parse_entry_points()), ids=lambda e: e[0])
@pytest.mark.parametrize("kind", list(NOT_A_SOURCE))
def test_a_source_of_the_wrong_type_is_a_type_error_naming_the_accepted_ones(entry, kind) -> None:
    name, call = entry
    if "bs4" in name and BS4_MISSING:
        pytest.skip(BS4_MISSING)
    with pytest.raises(TypeError) as info:
        call(NOT_A_SOURCE[kind])
    message = str(info.value)
    assert "bytes" in message and "str" in message and type(NOT_A_SOURCE[kind]).__name__ in message


@pytest.mark.parametrize(
    "source", [io.StringIO("<p>x&amp;y"), io.BytesIO(b"<p>x&amp;y")], ids=["text file", "binary file"]
)
def test_text_and_binary_files_are_both_documents_as_in_html5lib(source) -> None:
    # html5lib accepts either kind of file object for parse(); so do we,
    # with the same tree as for the str.
    tree = html5lib_compat.parse(source)
    assert ET.tostring(tree) == ET.tostring(html5lib_compat.parse("<p>x&amp;y"))


def test_a_file_whose_read_returns_something_else_is_a_type_error() -> None:
    class Odd:
        def read(self):
            return 42

    with pytest.raises(TypeError, match=r"Odd\.read\(\) returned int, not bytes or str"):
        html5lib_compat.parse(Odd())


# The encoding layer's own rules (decode_for_parse, which every parse entry
# point other than the html5lib facade uses); the html5lib facade keeps
# html5lib 1.1's (its TypeError message; unknown and bytes labels ignored or
# accepted): tests/test_html5lib_own.py compares it with html5lib 1.1.


def test_encoding_keywords_with_str_input_say_to_pass_bytes() -> None:
    with pytest.raises(TypeError, match="cannot set an encoding for str input.*pass bytes"):
        decode_for_parse("<p>x", override_encoding="utf-8")


def test_an_unknown_keyword_is_a_type_error_naming_it() -> None:
    with pytest.raises(TypeError, match="nonsense"):
        html5lib_compat.parse("<p>x", nonsense=1)
    with pytest.raises(TypeError, match="nonsense"):
        html5lib_compat.HTMLParser("etree").parse("<p>x", nonsense=1)


# -- tree builders -------------------------------------------------------------------


@pytest.mark.parametrize(
    "call",
    [
        lambda: html5lib_compat.parse("x", treebuilder="no-such-tree"),
        lambda: html5lib_compat.parseFragment("x", treebuilder="no-such-tree"),
        lambda: html5lib_compat.HTMLParser("no-such-tree"),
        lambda: specparser.get_builder("no-such-tree"),
        lambda: specparser.get_walker("no-such-tree"),
        lambda: serialize_html(html5lib_compat.parse("x"), "no-such-tree"),
    ],
)
def test_an_unknown_tree_builder_name_is_a_value_error_listing_the_known_ones(call) -> None:
    with pytest.raises(ValueError) as info:
        call()
    message = str(info.value)
    assert "no-such-tree" in message
    for name in KNOWN_BUILDERS:
        assert name in message


@pytest.mark.skipif(html5lib is None, reason="html5lib is not installed: it is the reference here")
def test_html5lib_functions_treat_unknown_tree_names_as_html5lib_does() -> None:
    # getTreeBuilder raises ValueError; getTreeWalker returns None (html5lib
    # 1.1's behaviour, which callers test for).
    with pytest.raises(ValueError, match="no-such-tree"):
        html5lib.getTreeBuilder("no-such-tree")
    with pytest.raises(ValueError, match="no-such-tree"):
        html5lib_compat.getTreeBuilder("no-such-tree")
    assert html5lib.getTreeWalker("no-such-tree") is None
    assert html5lib_compat.getTreeWalker("no-such-tree") is None


@pytest.mark.parametrize("bad", [3, None, ["etree"], b"etree"], ids=repr)
def test_a_tree_builder_name_of_the_wrong_type_is_a_type_error(bad) -> None:
    with pytest.raises(TypeError, match="str"):
        specparser.get_builder(bad)
    with pytest.raises(TypeError, match="str"):
        html5lib_compat.getTreeBuilder(bad)
    if bad is not None:  # None means "the default" for html5lib's HTMLParser
        with pytest.raises(TypeError, match="builder name"):
            html5lib_compat.HTMLParser(bad)


@pytest.mark.parametrize("name", ["etree", "lxml", "bs4"])
def test_an_unknown_builder_option_is_a_type_error_naming_it(name) -> None:
    if name == "lxml" and LXML_MISSING:
        pytest.skip(LXML_MISSING)
    if name == "bs4" and BS4_MISSING:
        pytest.skip(BS4_MISSING)
    with pytest.raises(TypeError, match="bogus_option"):
        specparser.get_builder(name)(bogus_option=1)
    with pytest.raises(TypeError, match="bogus_option"):
        html5lib_compat.parse("x", treebuilder=name, bogus_option=1)


def test_build_tree_with_a_text_file_or_bytes_is_a_type_error_asking_for_str() -> None:
    builder = specparser.get_builder("etree")()
    for source in (b"<p>", io.StringIO("<p>"), io.BytesIO(b"<p>")):
        with pytest.raises(TypeError, match="must be a str, not " + type(source).__name__):
            build_tree(source, builder)


# -- encoding labels ---------------------------------------------------------------


@pytest.mark.parametrize("keyword", ["override_encoding", "likely_encoding", "default_encoding"])
def test_an_unknown_encoding_label_from_the_caller_is_a_lookup_error(keyword) -> None:
    with pytest.raises(LookupError) as info:
        decode_for_parse(b"<p>x", **{keyword: "no-such-encoding"})
    message = str(info.value)
    assert "'no-such-encoding'" in message and "Encoding Standard" in message


def test_an_unknown_transport_label_is_ignored_as_the_spec_says() -> None:
    # https://html.spec.whatwg.org/#encoding-sniffing-algorithm step 3: the
    # transport layer's encoding is used only "if ... supported"; otherwise
    # sniffing goes on (here: to the windows-1252 default).
    parser = html5lib_compat.HTMLParser()
    parser.parse(b"<p>\xe9", transport_encoding="no-such-encoding")
    assert parser.documentEncoding == "windows-1252"


@pytest.mark.parametrize("bad", [3, b"utf-8", ["utf-8"]], ids=repr)
def test_an_encoding_label_of_the_wrong_type_is_a_type_error(bad) -> None:
    for keyword in ("override_encoding", "transport_encoding", "likely_encoding"):
        with pytest.raises(TypeError, match=f"{keyword} must be an encoding label \\(str\\)"):
            decode_for_parse(b"<p>x", **{keyword: bad})


@pytest.mark.parametrize("source", [None, "<meta charset=utf-8>", io.StringIO("x"), io.BytesIO(b"x"), 3])
def test_byte_level_encoding_functions_given_text_or_files_ask_for_bytes(source) -> None:
    # Regression: these raised "string argument without an encoding" or
    # "'StringIO' object is not subscriptable".
    with pytest.raises(TypeError, match=f"needs bytes, not {type(source).__name__}"):
        decode(source, "utf-8")
    with pytest.raises(TypeError, match=f"needs bytes, not {type(source).__name__}"):
        prescan_a_byte_stream_to_determine_its_encoding(source)
    with pytest.raises(TypeError, match=f"needs bytes, not {type(source).__name__}"):
        encoding_sniffing_algorithm(source)


def test_decode_with_an_unknown_encoding_name_is_a_lookup_error() -> None:
    with pytest.raises(LookupError, match="no-such-encoding"):
        decode(b"x", "no-such-encoding")
    with pytest.raises(TypeError, match="encoding name"):
        decode(b"x", None)


# -- fragment contexts ----------------------------------------------------------------


@pytest.mark.parametrize("bad", [3, 2.5, ["div"], b"div"], ids=repr)
def test_a_context_of_the_wrong_type_is_a_type_error(bad) -> None:
    with pytest.raises(TypeError, match="container must be a str such as 'div' or 'svg path'"):
        html5lib_compat.parseFragment("x", container=bad)


def test_an_empty_context_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="parseFragment: unknown container '  '"):
        html5lib_compat.parseFragment("x", container="  ")


@pytest.mark.skipif(html5lib is None, reason="html5lib is not installed: it is the reference here")
@pytest.mark.parametrize("container", ["no-such-element", "x-custom", "blink"])
def test_an_unknown_context_element_is_an_ordinary_element_as_in_html5lib(container) -> None:
    # The fragment parsing algorithm accepts any context element; one the
    # spec does not name resets the insertion mode to "in body".
    source = "<p>a<td>b</td><tr>c<!--d--><table>e"
    ours = html5lib_compat.parseFragment(source, container=container)
    theirs = html5lib.parseFragment(source, container=container)
    assert ET.tostring(ours) == ET.tostring(theirs)


# -- tokenizer ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "source", [None, 3, b"<p>", io.StringIO("<p>"), io.BytesIO(b"<p>"), ["<p>"]], ids=lambda s: type(s).__name__
)
def test_the_tokenizer_takes_str_only(source) -> None:
    with pytest.raises(TypeError, match=f"Tokenizer input must be a str, not {type(source).__name__}"):
        tokenize(source)
    with pytest.raises(TypeError, match=f"Tokenizer input must be a str, not {type(source).__name__}"):
        Tokenizer(source, sink=None)


def test_the_tokenizer_errors_argument_must_be_a_list() -> None:
    with pytest.raises(TypeError, match="errors must be a list or None, not tuple"):
        tokenize("x", errors=())


@pytest.mark.parametrize("state", [99, -1, "data", True], ids=repr)
def test_an_unknown_tokenizer_state_is_rejected_naming_the_states(state) -> None:
    with pytest.raises((ValueError, TypeError), match="DATA_STATE"):
        tokenize("x", state=state)


def test_every_public_tokenizer_state_is_accepted() -> None:
    for state in (tokens.DATA_STATE, tokens.RCDATA_STATE, tokens.RAWTEXT_STATE,
                  tokens.SCRIPT_DATA_STATE, tokens.PLAINTEXT_STATE, tokens.CDATA_SECTION_STATE):  # fmt: skip
        assert tokenize("a", state=state) == [("Character", "a")]


# -- serializer ------------------------------------------------------------------------------


def _trees():
    """(tree type, a document of that type) for each installed tree type."""
    yield "etree", html5lib_compat.parse("<p>x", treebuilder="etree")
    if not LXML_MISSING:
        yield "lxml", html5lib_compat.parse("<p>x", treebuilder="lxml")
    if not BS4_MISSING:
        yield "bs4", html5lib_compat.parse("<p>x", treebuilder="bs4")


NOT_A_NODE = [3, "<p>x</p>", b"<p>", ["<p>"], io.StringIO("<p>")]


@pytest.mark.parametrize("tree_type", ["etree", "lxml", "bs4", "dom"])
@pytest.mark.parametrize("node", NOT_A_NODE, ids=lambda n: type(n).__name__)
def test_serializing_something_that_is_not_a_node_is_a_type_error(tree_type, node) -> None:
    # Regression: the etree walker raised AttributeError ("'int' object has
    # no attribute 'tag'") and the bs4 walker wrote str(node) as text.
    if tree_type == "lxml" and LXML_MISSING:
        pytest.skip(LXML_MISSING)
    if tree_type == "bs4" and BS4_MISSING:
        pytest.skip(BS4_MISSING)
    if tree_type in ("lxml", "etree") and isinstance(node, list):
        # A list is an lxml or etree fragment (parse_fragment's shape:
        # leading text, then nodes), so ["<p>"] is text; a list of anything
        # else is refused.
        assert serialize_html(node, tree_type) == "&lt;p&gt;"
        message = "a fragment holds str and lxml nodes, not int" if tree_type == "lxml" else "fragment list holding int"
        with pytest.raises(TypeError, match=message):
            serialize_html([3], tree_type)
        return
    with pytest.raises(TypeError, match=re.escape(type(node).__name__)):
        serialize_html(node, tree_type)
    with pytest.raises(TypeError):
        serialize_inner_html(node, tree_type)


@pytest.mark.parametrize("walker_type", ["etree", "lxml", "bs4"])
def test_a_tree_of_another_type_is_a_type_error_naming_the_expected_one(walker_type) -> None:
    for tree_type, tree in _trees():
        if tree_type == walker_type:
            assert serialize_html(tree, walker_type).endswith("<p>x</p></body></html>")
            continue
        if walker_type == "lxml" and LXML_MISSING or walker_type == "bs4" and BS4_MISSING:
            continue
        with pytest.raises(TypeError, match=f"cannot walk {type(tree).__name__}"):
            serialize_html(tree, walker_type)


def test_serialize_none_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="needs a node, not None"):
        serialize_html(None)
    with pytest.raises(TypeError, match="needs an element, not None"):
        serialize_inner_html(None)
    with pytest.raises(TypeError, match="NoneType"):
        serialize_events(None)


@pytest.mark.parametrize("events", [b"x", "<p>", 3], ids=repr)
def test_serialize_events_of_a_non_event_stream_names_the_walkers(events) -> None:
    with pytest.raises(TypeError, match="walker event tuples"):
        serialize_events(events)


def test_html5lib_style_serialize_of_a_non_tree_is_a_type_error() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for bad in (None, 3, "<p>"):
            with pytest.raises(TypeError, match="etree"):
                html5lib_compat.serialize(bad)


def test_an_unknown_walker_event_is_a_value_error_naming_it() -> None:
    with pytest.raises(ValueError, match=r"unknown walker event \(99,\)"):
        serialize_events([(99,)])
