"""Preprocessing the input stream:
https://html.spec.whatwg.org/#preprocessing-the-input-stream

Expected values come from the spec: newline normalization, and the parse
errors for surrogates, noncharacters and controls, reported at their
positions in the preprocessed text and in order with the tokenizer's own
errors."""

from __future__ import annotations

import pytest

from specparser.inputstream import input_stream_errors, preprocess
from specparser.tokenizer import tokenize


def codes_at(text):
    errors = []
    tokens = tokenize(text, errors=errors)
    return tokens, [(e.code, e.line, e.column) for e in errors]


@pytest.mark.parametrize(
    "raw, expected",
    [
        ("a\r\nb", "a\nb"),
        ("a\rb", "a\nb"),
        ("a\r\rb", "a\n\nb"),
        ("a\r\r\nb", "a\n\nb"),
        ("\n\r", "\n\n"),
        ("\r", "\n"),
        ("no newline", "no newline"),
    ],
)
def test_newlines_are_normalized(raw, expected):
    assert preprocess(raw) == expected


def test_tokenizer_keeps_the_preprocessed_text():
    from specparser.tokenizer import Tokenizer

    class Sink:
        def __getattr__(self, name):
            return lambda *args: None

    t = Tokenizer("a\r\nb\rc", Sink())
    assert t.text == "a\nb\nc"


def test_cr_lf_inside_tags_and_values():
    tokens, errors = codes_at('<a\r\nb="x\r\ny">\r\n')
    assert tokens == [("StartTag", "a", {"b": "x\ny"}, False), ("Character", "\n")]
    assert errors == []


@pytest.mark.parametrize(
    "char, code",
    [
        ("\x01", "control-character-in-input-stream"),
        ("\x08", "control-character-in-input-stream"),
        ("\x0b", "control-character-in-input-stream"),
        ("\x0e", "control-character-in-input-stream"),
        ("\x1f", "control-character-in-input-stream"),
        ("\x7f", "control-character-in-input-stream"),
        ("\x80", "control-character-in-input-stream"),
        ("\x9f", "control-character-in-input-stream"),
        ("\ufdd0", "noncharacter-in-input-stream"),
        ("\ufdef", "noncharacter-in-input-stream"),
        ("\ufffe", "noncharacter-in-input-stream"),
        ("\uffff", "noncharacter-in-input-stream"),
        ("\U0001fffe", "noncharacter-in-input-stream"),
        ("\U0010ffff", "noncharacter-in-input-stream"),
        ("\ud800", "surrogate-in-input-stream"),
        ("\udfff", "surrogate-in-input-stream"),
    ],
)
def test_problem_code_points(char, code):
    assert input_stream_errors("ab" + char) == [(2, code)]
    tokens, errors = codes_at("ab" + char)
    assert tokens == [("Character", "ab" + char)]  # passed through unchanged
    assert errors == [(code, 1, 3)]


@pytest.mark.parametrize(
    "char",
    ["\t", "\n", "\x0c", " ", "~", "\xa0", "\ud7ff", "\ue000", "\ufdcf", "\ufdf0", "\ufffd",
     "\U00010000", "\U0001fffd", "\U0010fffd"],
)
def test_ordinary_code_points_are_not_errors(char):
    assert input_stream_errors(char) == []


def test_nul_is_left_to_the_tokenizer():
    assert input_stream_errors("\x00") == []
    tokens, errors = codes_at("a\x00")
    assert tokens == [("Character", "a\x00")]
    assert errors == [("unexpected-null-character", 1, 2)]


def test_positions_are_in_the_preprocessed_text():
    # CR LF counts as one newline: the control is on line 2, column 1.
    tokens, errors = codes_at("a\r\n\x01")
    assert errors == [("control-character-in-input-stream", 2, 1)]


def test_order_relative_to_tokenizer_errors():
    # Tokenizer error before, at and after the input stream error's offset.
    _, errors = codes_at("<>\x01")
    assert errors == [
        ("invalid-first-character-of-tag-name", 1, 2),
        ("control-character-in-input-stream", 1, 3),
    ]
    # Same offset: the code point is in the stream before a state looks at it.
    _, errors = codes_at("<\x01")
    assert errors == [
        ("control-character-in-input-stream", 1, 2),
        ("invalid-first-character-of-tag-name", 1, 2),
    ]
    _, errors = codes_at('<a b="\x01\x02"')
    assert errors == [
        ("control-character-in-input-stream", 1, 7),
        ("control-character-in-input-stream", 1, 8),
        ("eof-in-tag", 1, 10),  # at EOF, after the closing quote
    ]


def test_input_errors_inside_a_well_formed_tag_come_before_later_errors():
    # The tag takes the fast path; the control inside it must still be
    # reported before the error that follows the tag.
    _, errors = codes_at('<a b="\x01">\x00')
    assert errors == [
        ("control-character-in-input-stream", 1, 7),
        ("unexpected-null-character", 1, 10),
    ]


def test_no_error_list_no_errors():
    # Without an error list the tokenizer must still tokenize the same way.
    assert tokenize("\x01<a\x02>") == tokenize("\x01<a\x02>", errors=[])
