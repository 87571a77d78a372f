"""The infoset-coercion rules, with the spec's own examples.

https://html.spec.whatwg.org/#coercing-an-html-dom-into-an-infoset
"""

from __future__ import annotations

import re
import warnings

import pytest
from hypothesis import given
from hypothesis import strategies as st

from specparser import infoset
from specparser.constants import HTML_NAMESPACE, SVG_NAMESPACE, XLINK_NAMESPACE, XMLNS_NAMESPACE
from specparser.infoset import (
    CoercionLog,
    DataLossWarning,
    coerce_characters,
    coerce_comment,
    coerce_name,
    coerce_public_id,
    coerce_system_id,
    restore_comment,
    restore_identifier,
    restore_name,
)

# XML 1.0 fifth edition, written out independently of the module under test.
# https://www.w3.org/TR/xml/#NT-Name
NCNAME = re.compile(
    "[A-Z_a-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u02ff\u0370-\u037d\u037f-\u1fff\u200c\u200d"
    "\u2070-\u218f\u2c00-\u2fef\u3001-\ud7ff\uf900-\ufdcf\ufdf0-\ufffd\U00010000-\U000effff]"
    "[-.0-9A-Z_a-z\u00b7\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u037d\u037f-\u1fff\u200c\u200d"
    "\u203f\u2040\u2070-\u218f\u2c00-\u2fef\u3001-\ud7ff\uf900-\ufdcf\ufdf0-\ufffd"
    "\U00010000-\U000effff]*\\Z"
)
XML_CHARS = re.compile("[\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]*\\Z")
PUBID = re.compile("[\x20\r\na-zA-Z0-9\\-'()+,./:=?;!*#@$_%]*\\Z")


# -- names ------------------------------------------------------------------


def test_spec_example_element_name() -> None:
    # "the element name foo<bar ... would be converted into fooU00003Cbar"
    assert coerce_name("foo<bar") == "fooU00003Cbar"
    assert restore_name("fooU00003Cbar") == "foo<bar"


def test_spec_example_xlink_href_on_an_html_element() -> None:
    # "It could thus get converted, becoming xlinkU00003Ahref."
    assert coerce_name("xlink:href") == "xlinkU00003Ahref"
    assert restore_name("xlinkU00003Ahref") == "xlink:href"


def test_spec_example_a_colon_colon() -> None:
    # "... an actual element in the DOM with the name aU00003AU00003A"
    assert coerce_name("a::") == "aU00003AU00003A"


@pytest.mark.parametrize("name", ["html", "div", "foreignObject", "definitionURL", "x-y.z", "é", "a\u00b7b"])
def test_xml_names_are_unchanged(name: str) -> None:
    assert coerce_name(name) == name
    assert restore_name(name) == name


def test_first_character_rules() -> None:
    # Digits, "-", "." and combining marks may follow but not start a name.
    assert coerce_name("123") == "U00003123"
    assert coerce_name("-a") == "U00002Da"
    assert coerce_name("\u0300a") == "U000300a"


def test_six_hex_digits_upper_case_and_astral() -> None:
    assert coerce_name("a\U0001f600") == "a\U0001f600"  # astral letters are NameChars
    assert coerce_name("a\U000f0000") == "aU0F0000"  # private use plane 15 is not
    assert coerce_name("a b") == "aU000020b"
    assert coerce_name("a\ud800") == "aU00D800"  # a lone surrogate from str input


def test_a_real_name_that_looks_like_an_escape_round_trips() -> None:
    # A literal "U" followed by six hex digits is itself escaped.
    assert coerce_name("U00003C") == "U00005500003C"
    assert restore_name("U00005500003C") == "U00003C"
    assert coerce_name("aU00003Cb") == "aU00005500003Cb"
    assert restore_name(coerce_name("aU00003Cb")) == "aU00003Cb"
    # A "U" not followed by six upper-case hex digits stays.
    assert coerce_name("U00003c") == "U00003c"
    assert coerce_name("Ux") == "Ux"


def test_empty_name() -> None:
    assert coerce_name("") == infoset.EMPTY_NAME
    assert restore_name(infoset.EMPTY_NAME) == ""


@given(st.text(min_size=1).filter(lambda s: s != "\x00"))
def test_names_always_become_ncnames_and_come_back(name: str) -> None:
    coerced = coerce_name(name)
    assert NCNAME.match(coerced)
    assert restore_name(coerced) == name


@given(st.text(alphabet="U0123456789ABCDEF<:a", min_size=1))
def test_escape_like_names_come_back(name: str) -> None:
    assert restore_name(coerce_name(name)) == name


# -- DOCTYPE identifiers ----------------------------------------------------


def test_public_id() -> None:
    assert coerce_public_id("-//W3C//DTD HTML 4.01//EN") == "-//W3C//DTD HTML 4.01//EN"
    assert coerce_public_id("go'of") == "go'of"
    assert coerce_public_id("a<b\tc") == "aU00003CbU000009c"


def test_system_id_with_both_quotes() -> None:
    assert coerce_system_id("tai'co") == "tai'co"
    assert coerce_system_id('taco"') == 'taco"'
    assert coerce_system_id("a'b\"c") == "a'bU000022c"
    assert restore_identifier("a'bU000022c") == "a'b\"c"


@given(st.text())
def test_identifiers_become_literals_and_come_back(value: str) -> None:
    public = coerce_public_id(value)
    assert PUBID.match(public)
    assert restore_identifier(public) == value
    system = coerce_system_id(value)
    assert XML_CHARS.match(system) and not ('"' in system and "'" in system)
    assert restore_identifier(system) == value


# -- comments ---------------------------------------------------------------


@pytest.mark.parametrize(
    "data, coerced",
    [
        ("a--b", "a- -b"),  # "insert a single U+0020 SPACE character between"
        ("a-", "a- "),  # "insert a single U+0020 SPACE character at the end"
        ("-", "- "),
        ("---", "- - - "),
        ("foo -- bar", "foo - - bar"),
        (" BAR -- <QUX> -- MUX ", " BAR - - <QUX> - - MUX "),
        ("plain comment", "plain comment"),
        ("-a-b-", "-a-b- "),
        # Reversibility: a real "- -" or a final "- " gains one space too.
        ("a- -b", "a-  -b"),
        ("a- ", "a-  "),
    ],
)
def test_comment_hyphens(data: str, coerced: str) -> None:
    assert coerce_comment(data) == coerced
    assert restore_comment(coerced) == data


@given(st.text(alphabet="- ab\x0c"))
def test_comments_become_xml_comments_and_hyphens_come_back(data: str) -> None:
    coerced = coerce_comment(data)
    assert "--" not in coerced and not coerced.endswith("-")
    assert restore_comment(coerced) == data.replace("\x0c", " ")


def test_comment_characters() -> None:
    assert coerce_comment("a\x0cb\x01") == "a b\ufffd"


# -- characters -------------------------------------------------------------


def test_form_feed_becomes_a_space() -> None:
    assert coerce_characters("a\x0cb") == "a b"


@pytest.mark.parametrize("char", ["\x00", "\x01", "\x0b", "\x1f", "\ud800", "\udfff", "\ufffe", "\uffff"])
def test_other_non_xml_characters_become_replacement_characters(char: str) -> None:
    assert coerce_characters("a" + char + "b") == "a\ufffdb"


def test_xml_characters_stay() -> None:
    text = "\t\n\r x\u00a0\ud7ff\ue000\ufffd\U00010000\U0010ffff"
    assert coerce_characters(text) == text


@given(st.text())
def test_characters_always_become_xml(text: str) -> None:
    assert XML_CHARS.match(coerce_characters(text))


# -- xmlns attributes -------------------------------------------------------


@pytest.mark.parametrize(
    "key, expected",
    [
        ("xmlns", True),
        ("xmlns:v", True),
        ("xmlnsx", False),
        ("xml:lang", False),
        (("xmlns", "xlink", XMLNS_NAMESPACE), True),
        ((None, "xmlns", XMLNS_NAMESPACE), True),
        (("xlink", "href", XLINK_NAMESPACE), False),
    ],
)
def test_xmlns_attributes(key, expected: bool) -> None:
    assert infoset.is_xmlns_attribute(key) is expected


def test_redundant_declarations() -> None:
    redundant = infoset.is_redundant_declaration
    assert redundant("xmlns", HTML_NAMESPACE, HTML_NAMESPACE)
    assert not redundant("xmlns", "urn:x", HTML_NAMESPACE)
    assert redundant((None, "xmlns", XMLNS_NAMESPACE), SVG_NAMESPACE, SVG_NAMESPACE)
    assert redundant(("xmlns", "xlink", XMLNS_NAMESPACE), XLINK_NAMESPACE, SVG_NAMESPACE)
    assert not redundant("xmlns:v", "urn:schemas-microsoft-com:vml", HTML_NAMESPACE)


# -- reporting --------------------------------------------------------------


def test_one_warning_with_the_counts() -> None:
    log = CoercionLog()
    for _ in range(1000):
        log.add(infoset.ELEMENT_NAME, "a<b", "aU00003Cb")
    log.add(infoset.CHARACTERS, "\x0c", " ", 3)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        log.warn()
    assert len(caught) == 1
    warning = caught[0].message
    assert isinstance(warning, DataLossWarning)
    assert warning.counts == {"element name": 1000, "characters": 3}
    assert "'a<b' -> 'aU00003Cb'" in str(warning)
    assert caught[0].filename == __file__  # attributed to the caller


def test_the_message_stays_short_for_long_text() -> None:
    log = CoercionLog()
    text = "x" * 100000 + "\x0c" + "y" * 100000
    log.add(infoset.CHARACTERS, text, coerce_characters(text))
    message = log.message()
    assert len(message) < 300
    assert "'xxxxxxxxxx\\x0cyyyyyyyyy' -> 'xxxxxxxxxx yyyyyyyyy'" in message


def test_no_warning_for_nothing_or_only_redundant_declarations() -> None:
    log = CoercionLog()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        log.warn()
        log.add(infoset.REDUNDANT_XMLNS, "xmlns", None)
        log.warn()
    assert log.counts == {"redundant xmlns attribute": 1}


def test_the_fast_compiling_classes_are_the_xml_classes_complemented() -> None:
    """The regular expressions use the complements of XML's NameStartChar,
    NameChar and Char (a few small ranges compile in well under a
    millisecond, the XML classes in ~7 ms each): the same characters,
    checked code point by code point against the classes as the XML
    standard writes them (https://www.w3.org/TR/xml/#NT-NameStartChar,
    https://www.w3.org/TR/xml/#NT-Char)."""
    every = "".join(map(chr, range(0x110000)))
    pairs = [
        (infoset._NAME_START, infoset._NOT_NAME_START),
        (infoset._NAME_CHAR, infoset._NOT_NAME_CHAR),
        ("\\t\\n\\r\\x20-\\ud7ff\\ue000-\\ufffd\\U00010000-\\U0010ffff", infoset._NON_XML_CHAR[1:-1]),
    ]
    for xml_class, complement in pairs:
        outside = re.compile("[^%s]" % xml_class).findall(every)
        assert re.compile("[%s]" % complement).findall(every) == outside
    # The patterns built on them, on one- and two-character names: at
    # each code point where the classes change, and every 257th.
    assert not infoset._is_ncname("")
    not_start = set(re.findall("[^%s]" % infoset._NAME_START, every))
    not_char = set(re.findall("[^%s]" % infoset._NAME_CHAR, every))
    sample = [
        c
        for i, c in enumerate(every)
        if i % 257 == 0
        or ((c in not_start) != (every[i - 1] in not_start))
        or ((c in not_char) != (every[i - 1] in not_char))
    ]
    assert len(sample) > 4300
    for c in sample:
        assert infoset._is_ncname(c) == (c not in not_start)
        assert infoset._is_ncname("a" + c) == (c not in not_char)
        assert bool(infoset._NAME_ESCAPE.match(c)) == (c in not_char)
