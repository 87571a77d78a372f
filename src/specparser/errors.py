"""Parse errors: a code and an offset, with line and column worked out only
when someone asks.

https://html.spec.whatwg.org/#parse-errors

The tokenizer (and tree construction) record an error as the spec's
kebab-case code plus an *offset* into the preprocessed input (CR LF and lone
CR already turned into LF).  Turning offsets into ``line`` / ``column`` needs
the positions of every newline; that work is done once per document, lazily,
by a shared :class:`LineIndex`, so collecting errors stays cheap.

Line and column follow the html5lib-tests convention: both 1-based, a
newline character belongs to the line it ends, and the column counts UTF-16
code units from the start of the line, so a character outside the Basic
Multilingual Plane (U+10000 and up) counts twice, as in the DOM and in every
JavaScript implementation the suite was checked against.
"""

from __future__ import annotations

import re
from bisect import bisect_left

from . import error_messages as _codes

_ASTRAL = re.compile("[\U00010000-\U0010ffff]")

# The tree construction errors that are about one tag token; their offset is
# that token's "<", so the tag's name can be read back from the text when
# someone asks (nothing is stored per error).  The tag name as the
# tokenizer makes it: https://html.spec.whatwg.org/#tag-name-state
TAG_ERROR_CODES = frozenset(
    {
        _codes.UNEXPECTED_START_TAG,
        _codes.UNEXPECTED_END_TAG,
        _codes.MISNESTED_TAG,
        _codes.UNEXPECTED_HTML_IN_FOREIGN_CONTENT,
        _codes.NON_VOID_SELF_CLOSING,
    }
)
_TAG_AT = re.compile(r"<(/?)([A-Za-z][^\t\n\f />]*)")
_ASCII_LOWER = {c: c + 0x20 for c in range(0x41, 0x5B)} | {0: 0xFFFD}

__all__ = ["ParseError", "LineIndex", "TAG_ERROR_CODES", "offset_to_line_column", "resolve_positions"]


class LineIndex:
    """Newline offsets of one text, found on first use; maps an offset to a
    ``(line, column)`` pair with a binary search."""

    __slots__ = ("text", "_newlines", "_astral")

    def __init__(self, text: str) -> None:
        if not isinstance(text, str):
            raise TypeError(f"LineIndex needs a str, not {type(text).__name__}")
        self.text = text
        self._newlines: list[int] | None = None
        self._astral = False

    def _find_newlines(self) -> list[int]:
        text = self.text
        find = text.find
        newlines: list[int] = []
        append = newlines.append
        i = find("\n")
        while i != -1:
            append(i)
            i = find("\n", i + 1)
        self._newlines = newlines
        self._astral = _ASTRAL.search(text) is not None
        return newlines

    def line_column(self, offset: int) -> tuple[int, int]:
        """1-based ``(line, column)`` of the character at ``offset`` (an
        offset equal to the text's length is the end-of-file position)."""
        newlines = self._newlines
        if newlines is None:
            newlines = self._find_newlines()
        # Newlines strictly before ``offset``: a newline at ``offset`` itself
        # still belongs to the line it ends.
        line = bisect_left(newlines, offset)
        start = newlines[line - 1] + 1 if line else 0
        column = offset - start + 1
        if self._astral:
            column += _astral_count(self.text, start, offset)
        return line + 1, column

    def tag_at(self, offset: int) -> re.Match[str] | None:
        """The tag whose ``<`` is at ``offset``, for :attr:`ParseError.details`
        (an index without the text, such as the incremental parser's,
        answers from what it kept)."""
        return _TAG_AT.match(self.text, offset)


def _astral_count(text: str, start: int, end: int) -> int:
    """Characters above U+FFFF in ``text[start:end]`` (each is two UTF-16
    code units)."""
    count = 0
    search = _ASTRAL.search
    m = search(text, start, end)
    while m is not None:
        count += 1
        m = search(text, m.end(), end)
    return count


def offset_to_line_column(text: str, offset: int) -> tuple[int, int]:
    """One-off conversion of an offset in ``text`` to 1-based (line, column),
    column in UTF-16 code units.  For many offsets into the same text, build
    one :class:`LineIndex`."""
    line = text.count("\n", 0, offset)
    start = text.rfind("\n", 0, offset) + 1
    return line + 1, offset - start + 1 + _astral_count(text, start, offset)


class ParseError:
    """One parse error.

    ``code`` is the spec's kebab-case code (``eof-in-tag`` ...); ``offset``
    indexes the preprocessed input.  ``line`` and ``column`` are computed on
    first access from the :class:`LineIndex` the error was created with, or
    may be given explicitly.  ``details`` (``{"name": "b"}`` for the errors
    about a tag, :data:`TAG_ERROR_CODES`; ``{}`` otherwise) and ``message``
    (a short sentence, with the tag when there is one) are also worked out
    when read.
    """

    __slots__ = ("code", "offset", "_index", "_line", "_column")

    def __init__(
        self,
        code: str,
        offset: int = -1,
        index: LineIndex | None = None,
        line: int | None = None,
        column: int | None = None,
    ) -> None:
        self.code = code
        self.offset = offset
        self._index = index
        self._line = line
        self._column = column

    def _resolve(self) -> None:
        if self._index is None or self.offset < 0:
            raise ValueError(f"parse error {self.code!r} has no source to compute its position from")
        self._line, self._column = self._index.line_column(self.offset)

    @property
    def line(self) -> int:
        if self._line is None:
            self._resolve()
        return self._line  # type: ignore[return-value]

    @property
    def column(self) -> int:
        if self._column is None:
            self._resolve()
        return self._column  # type: ignore[return-value]

    # html5lib-tests spells it "col".
    col = column

    def _tag(self) -> tuple[str, str] | None:
        """``("/" or "", tag name)`` of the tag token a tag error is about."""
        if self.code not in TAG_ERROR_CODES or self._index is None or self.offset < 0:
            return None
        match = self._index.tag_at(self.offset)
        if match is None:
            return None
        return match.group(1), match.group(2).translate(_ASCII_LOWER)

    @property
    def details(self) -> dict[str, str]:
        """What the message needs besides the code: ``{"name": tag name}``
        for an error about a tag token (the name as the tokenizer made it,
        lower-cased), else ``{}``."""
        tag = self._tag()
        return {} if tag is None else {"name": tag[1]}

    @property
    def message(self) -> str:
        """A short human-readable description (``specparser --format
        errors`` prints the same), naming the tag for tag errors."""
        tag = self._tag()
        text = _codes.message_for(self.code)
        return text if tag is None else f"{text}: <{tag[0]}{tag[1]}>"

    # html5lib 1.1 reports errors as ``((line, col), errorcode, datavars)``
    # tuples, ``col`` counted from 0 (its ``stream.position()``).  A record
    # also unpacks and indexes that way, so one ``HTMLParser.errors`` list
    # serves code written for either (specparser.html5lib_compat).
    # ``datavars`` is html5lib's name for :attr:`details` (html5lib also
    # uses "name" for the tag).
    @property
    def datavars(self) -> dict[str, str]:
        return self.details

    def _html5lib_tuple(self) -> tuple[tuple[int, int], str, dict[str, str]]:
        return ((self.line, self.column - 1), self.code, self.details)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self._html5lib_tuple())

    def __getitem__(self, index: int | slice) -> object:
        return self._html5lib_tuple()[index]

    def __len__(self) -> int:
        return 3

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ParseError):
            return NotImplemented
        return self.code == other.code and self.line == other.line and self.column == other.column

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        try:
            where = f"line={self.line}, column={self.column}"
        except ValueError:
            where = f"offset={self.offset}"
        return f"ParseError({self.code!r}, {where})"


def resolve_positions(errors: list[ParseError], text: str) -> list[ParseError]:
    """Give every error in ``errors`` that has no position source one from
    ``text`` (the preprocessed input); returns ``errors``."""
    index = LineIndex(text)
    for error in errors:
        if error._index is None and error._line is None:
            error._index = index
    return errors
