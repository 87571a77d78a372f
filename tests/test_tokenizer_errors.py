"""ParseError records and offset -> (line, column) conversion
(src/specparser/errors.py), in the html5lib-tests convention: 1-based, a
newline belongs to the line it ends, columns count UTF-16 code units."""

from __future__ import annotations

import pytest

from specparser.errors import LineIndex, ParseError, offset_to_line_column, resolve_positions

TEXT = "ab\ncd\n\nx"


@pytest.mark.parametrize(
    "offset, expected",
    [
        (0, (1, 1)),
        (1, (1, 2)),
        (2, (1, 3)),  # the newline ending line 1
        (3, (2, 1)),
        (5, (2, 3)),
        (6, (3, 1)),  # the empty line's newline
        (7, (4, 1)),
        (8, (4, 2)),  # end of file
    ],
)
def test_line_column(offset, expected):
    assert LineIndex(TEXT).line_column(offset) == expected
    assert offset_to_line_column(TEXT, offset) == expected


def test_characters_outside_the_bmp_count_twice():
    text = "a\U0001f600b\n\U0001f600c"
    index = LineIndex(text)
    assert index.line_column(2) == (1, 4)  # "b": after a 2-unit character
    assert index.line_column(3) == (1, 5)
    assert index.line_column(5) == (2, 3)  # "c"
    assert offset_to_line_column(text, 5) == (2, 3)


def test_parse_error_positions_are_lazy_and_shared():
    index = LineIndex(TEXT)
    error = ParseError("eof-in-tag", 8, index)
    assert index._newlines is None  # nothing computed yet
    assert (error.line, error.column, error.col) == (4, 2, 2)


def test_explicit_positions():
    error = ParseError("some-tree-error", line=3, column=7)
    assert (error.line, error.column) == (3, 7)


def test_error_without_a_source_says_so():
    error = ParseError("eof-in-tag", 4)
    with pytest.raises(ValueError, match="eof-in-tag"):
        error.line
    resolve_positions([error], "ab\ncd")
    assert (error.line, error.column) == (2, 2)


def test_equality_and_repr():
    index = LineIndex(TEXT)
    a = ParseError("eof-in-tag", 8, index)
    b = ParseError("eof-in-tag", line=4, column=2)
    assert a == b
    assert a != ParseError("eof-in-tag", 7, index)
    assert repr(a) == "ParseError('eof-in-tag', line=4, column=2)"
    assert "offset=4" in repr(ParseError("x", 4))


def test_line_index_needs_str():
    with pytest.raises(TypeError, match="str"):
        LineIndex(b"abc")
