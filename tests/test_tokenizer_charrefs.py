"""Character references, as the spec defines them:
https://html.spec.whatwg.org/#character-reference-state and the named,
ambiguous ampersand and numeric states, the numeric character reference end
state's replacement table, and the attribute-value legacy rule.

Expected values are worked out from the spec text (and the named table in
the spec), not taken from the tokenizer."""

from __future__ import annotations

import pytest

from specparser.charrefs import (
    NAMED_WITH_SEMICOLON,
    NAMED_WITHOUT_SEMICOLON,
    NUMERIC_REPLACEMENTS,
)
from specparser.tokenizer import tokenize


def text(source):
    """Tokens and (code, column) errors for ``source`` on one line."""
    errors = []
    tokens = tokenize(source, errors=errors)
    return tokens, [(e.code, e.column) for e in errors]


def attribute(value_source, quote='"'):
    errors = []
    tokens = tokenize(f"<a t={quote}{value_source}{quote}>", errors=errors)
    assert len(tokens) == 1 and tokens[0][0] == "StartTag", tokens
    return tokens[0][2]["t"], [(e.code, e.column) for e in errors]


# -- the table ----------------------------------------------------------------


def test_table_sizes():
    # The spec's table has 2,231 entries, 106 of them without a semicolon.
    assert len(NAMED_WITH_SEMICOLON) + len(NAMED_WITHOUT_SEMICOLON) == 2231
    assert len(NAMED_WITHOUT_SEMICOLON) == 106
    assert NAMED_WITHOUT_SEMICOLON["amp"] == "&"
    assert NAMED_WITH_SEMICOLON["NotEqualTilde;"] == "\u2242\u0338"


def test_replacement_table_is_the_specs():
    assert len(NUMERIC_REPLACEMENTS) == 27
    assert NUMERIC_REPLACEMENTS[0x80] == "\u20ac"
    assert NUMERIC_REPLACEMENTS[0x9F] == "\u0178"
    for unmapped in (0x81, 0x8D, 0x8F, 0x90, 0x9D):
        assert unmapped not in NUMERIC_REPLACEMENTS


# -- named, in text -------------------------------------------------------------


@pytest.mark.parametrize(
    "source, expected",
    [
        ("&amp;", "&"),
        ("&lt;&gt;", "<>"),
        ("&notin;", "\u2209"),
        ("&NotEqualTilde;", "\u2242\u0338"),  # two code points
        ("&CounterClockwiseContourIntegral;", "\u2233"),  # the longest name
        ("x&amp;y", "x&y"),
    ],
)
def test_named_with_semicolon(source, expected):
    assert text(source) == ([("Character", expected)], [])


@pytest.mark.parametrize(
    "source, expected, column",
    [
        ("&amp", "&", 5),
        ("&ampx", "&x", 5),  # longest match "amp", then "x"
        ("I'm &notit; I tell you", "I'm \xacit; I tell you", 9),
        ("&copy2", "\xa92", 6),
        ("&AMP", "&", 5),
        ("&frac34x", "\xbex", 8),  # six letters, the longest legacy name
    ],
)
def test_named_without_semicolon_in_text(source, expected, column):
    assert text(source) == ([("Character", expected)], [("missing-semicolon-after-character-reference", column)])


def test_longest_match_wins():
    # "notin;" is longer than "not".
    assert text("&notin;") == ([("Character", "\u2209")], [])
    # "not" without a semicolon, then "in" as text.
    assert text("&notin")[0] == [("Character", "\xacin")]


@pytest.mark.parametrize("source", ["&hellip", "&Amp", "&xyz", "&a1b2", "&"])
def test_no_match_without_semicolon_is_text_without_error(source):
    # "hellip" exists only with a semicolon; no match means the ambiguous
    # ampersand state, which reports nothing unless a ";" follows.
    assert text(source) == ([("Character", source)], [])


@pytest.mark.parametrize("source, column", [("&xyz;", 5), ("&hellipx;", 9), ("a &b1; c", 6)])
def test_unknown_named_reference(source, column):
    assert text(source) == ([("Character", source)], [("unknown-named-character-reference", column)])


def test_ampersand_followed_by_non_alphanumeric():
    assert text("& &; &= &#")[0] == [("Character", "& &; &= &#")]
    assert text("& &; &=") == ([("Character", "& &; &=")], [])


# -- named, in attribute values ----------------------------------------------------


@pytest.mark.parametrize("quote", ['"', "'", ""])
def test_attribute_with_semicolon(quote):
    assert attribute("a&amp;b", quote) == ("a&b", [])


@pytest.mark.parametrize(
    "source",
    ["?a=1&copy=2", "&copyx", "&copy2", "&notin", "&ampx"],
)
def test_attribute_legacy_rule_keeps_text(source):
    # No ";", and the next character is "=" or alphanumeric: for historical
    # reasons not a character reference at all, and no error.
    assert attribute(source) == (source, [])


@pytest.mark.parametrize(
    "source, expected, column",
    [
        ("&copy-", "\xa9-", 12),
        ("&copy", "\xa9", 12),  # next character is the closing quote
        ("&copy&amp;", "\xa9&", 12),
        ("&amp ", "& ", 11),
    ],
)
def test_attribute_without_semicolon_otherwise_decoded(source, expected, column):
    assert attribute(source) == (expected, [("missing-semicolon-after-character-reference", column)])


def test_attribute_unquoted_reference_before_end_of_tag():
    tokens, errors = text("<a t=&amp>")
    assert tokens == [("StartTag", "a", {"t": "&"}, False)]
    assert errors == [("missing-semicolon-after-character-reference", 10)]


def test_attribute_unknown_named_reference():
    assert attribute("&xyz;") == ("&xyz;", [("unknown-named-character-reference", 11)])


# -- numeric ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "source, expected",
    [
        ("&#65;", "A"),
        ("&#x41;", "A"),
        ("&#X41;", "A"),
        ("&#x6a;", "j"),
        ("&#x6A;", "j"),
        ("&#0065;", "A"),
        ("&#9;", "\t"),  # ASCII whitespace is not a control error
        ("&#10;", "\n"),
        ("&#32;", " "),
        ("&#xA0;", "\xa0"),
        ("&#x1F600;", "\U0001f600"),
        ("&#x10FFFD;", "\U0010fffd"),
    ],
)
def test_numeric_fine(source, expected):
    assert text(source) == ([("Character", expected)], [])


@pytest.mark.parametrize(
    "source, expected, code",
    [
        ("&#0;", "\ufffd", "null-character-reference"),
        ("&#x0;", "\ufffd", "null-character-reference"),
        ("&#x110000;", "\ufffd", "character-reference-outside-unicode-range"),
        ("&#1114112;", "\ufffd", "character-reference-outside-unicode-range"),
        ("&#xD800;", "\ufffd", "surrogate-character-reference"),
        ("&#xDFFF;", "\ufffd", "surrogate-character-reference"),
        ("&#xFDD0;", "\ufdd0", "noncharacter-character-reference"),
        ("&#xFFFE;", "\ufffe", "noncharacter-character-reference"),
        ("&#x10FFFF;", "\U0010ffff", "noncharacter-character-reference"),
        ("&#x1;", "\x01", "control-character-reference"),
        ("&#xB;", "\x0b", "control-character-reference"),
        ("&#13;", "\r", "control-character-reference"),  # 0x0D is named in the spec
        ("&#x7F;", "\x7f", "control-character-reference"),
        ("&#x80;", "\u20ac", "control-character-reference"),
        ("&#x81;", "\x81", "control-character-reference"),  # not in the table
        ("&#x8E;", "\u017d", "control-character-reference"),
        ("&#x9F;", "\u0178", "control-character-reference"),
    ],
)
def test_numeric_end_state_checks(source, expected, code):
    # Errors are reported after the ";" (html5lib-tests' convention).
    assert text(source) == ([("Character", expected)], [(code, len(source) + 1)])


def test_numeric_huge_values_do_not_overflow():
    digits = "9" * 5000  # int() of this would be refused by Python 3.11
    tokens, errors = text(f"&#{digits};")
    assert tokens == [("Character", "\ufffd")]
    assert errors == [("character-reference-outside-unicode-range", len(digits) + 4)]
    tokens, errors = text(f"&#x{'f' * 5000};")
    assert tokens == [("Character", "\ufffd")]
    tokens, _ = text(f"&#{'0' * 5000}65;")  # leading zeros are fine
    assert tokens == [("Character", "A")]


@pytest.mark.parametrize(
    "source, expected, column",
    [
        ("&#65", "A", 5),
        ("&#65x", "Ax", 5),
        ("&#x41g", "Ag", 6),
    ],
)
def test_numeric_without_semicolon(source, expected, column):
    assert text(source) == (
        [("Character", expected)],
        [("missing-semicolon-after-character-reference", column)],
    )


def test_numeric_missing_semicolon_and_range_error_both_reported():
    assert text("&#0x") == (
        [("Character", "\ufffdx")],
        [("missing-semicolon-after-character-reference", 4), ("null-character-reference", 4)],
    )


@pytest.mark.parametrize(
    "source, column",
    [("&#", 3), ("&#;", 3), ("&#x", 4), ("&#X;", 4), ("&#xg;", 4), ("&#a", 3)],
)
def test_numeric_without_digits(source, column):
    assert text(source) == (
        [("Character", source)],
        [("absence-of-digits-in-numeric-character-reference", column)],
    )


def test_numeric_in_attribute_has_no_legacy_rule():
    assert attribute("&#65x") == ("Ax", [("missing-semicolon-after-character-reference", 11)])
    assert attribute("&#65=") == ("A=", [("missing-semicolon-after-character-reference", 11)])


# -- where references are (not) recognized -----------------------------------------


def test_rcdata_decodes_rawtext_and_script_do_not():
    from specparser import tokens as t

    assert tokenize("&amp;&lt;", state=t.RCDATA_STATE) == [("Character", "&<")]
    assert tokenize("&amp;", state=t.RAWTEXT_STATE) == [("Character", "&amp;")]
    assert tokenize("&amp;", state=t.SCRIPT_DATA_STATE) == [("Character", "&amp;")]
    assert tokenize("&amp;", state=t.PLAINTEXT_STATE) == [("Character", "&amp;")]


def test_not_in_comments_or_doctype_or_tag_names():
    assert text("<!--&amp;-->") == ([("Comment", "&amp;")], [])
    assert text("<a&amp;>")[0] == [("StartTag", "a&amp;", {}, False)]
    assert text("<a b&amp;=c>")[0] == [("StartTag", "a", {"b&amp;": "c"}, False)]
