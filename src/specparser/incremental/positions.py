"""Line and column of offsets into input that is no longer kept.

The incremental parser (:class:`specparser.Parser`) drops the text the
tokenizer has consumed, yet parse errors and the lxml and bs4 trees need
the line (and column) of any offset, as the one-shot parser gives them from
the whole text (:class:`specparser.errors.LineIndex`).  :class:`SourceLines`
keeps only what those answers need: the offset of every newline and of
every character above U+FFFF (a column counts UTF-16 code units), plus the
tag of each tag error (its message names the tag).  That is 8 bytes a line,
and it is only kept when errors are collected or the tree records source
lines.
"""

from __future__ import annotations

import re
from array import array
from bisect import bisect_left
from typing import Sequence

from ..errors import LineIndex

__all__ = ["SourceLines"]

_NEWLINE = re.compile("\n")
_ASTRAL = re.compile("[\U00010000-\U0010ffff]")
_TAG_AT = re.compile(r"<(/?)([A-Za-z][^\t\n\f />]*)")


def _has_astral(text: str) -> bool:
    """Is a character above U+FFFF in ``text``?  Its UTF-16 form is then
    longer than two bytes a character: encoding is a copy at C speed, some
    ten times faster than a regex search of text stored two bytes a
    character (most non-ASCII pages), which would look at each one."""
    return len(text.encode("utf-16-le", "surrogatepass")) != 2 * len(text)


class SourceLines(LineIndex):
    """The newline (and astral character) offsets of the preprocessed input
    seen so far, fed a piece at a time with :meth:`extend`.

    It answers as a :class:`~specparser.errors.LineIndex` for parse errors
    (:meth:`line_column`, :meth:`tag_at`) and as the source text for a tree
    builder's line numbers: ``count("\\n", start, end)``,
    ``rfind("\\n", start, end)`` and :meth:`newline_offsets` (the only
    questions the lxml and bs4 builders ask of their source)."""

    __slots__ = ("length", "columns", "_lines", "_astrals", "_tags", "_cursor", "_dropped")

    def __init__(self, *, columns: bool = True) -> None:
        super().__init__("")
        # Whether line_column is asked (parse errors): only its columns
        # need the astral characters; a builder's lines do not.
        self.columns = columns
        self.length = 0
        self._lines = array("q")
        self._astrals = array("q")
        # offset of a tag error -> the tag at that offset (see keep_tag)
        self._tags: dict[int, str] = {}
        # Newlines forgotten (forget_before) before the first of _lines.
        self._dropped = 0
        # (offset, newlines before it) of the last count: a builder counts
        # on from where it stopped, so one search a call is enough.
        self._cursor = (0, 0)

    def extend(self, text: str) -> None:
        """The next ``text`` of the input (it starts at :attr:`length`)."""
        start = self.length
        if "\n" in text:
            # One match a newline (no string a line, as split makes); then
            # fromlist, not extend, which converts each item through the
            # array's generic setitem (an argument parse each).
            self._lines.fromlist([start + m.start() for m in _NEWLINE.finditer(text)])
        if self.columns and not text.isascii() and _has_astral(text):
            self._astrals.extend(start + m.start() for m in _ASTRAL.finditer(text))
        self.length = start + len(text)

    # -- a builder's source ------------------------------------------------

    def count(self, sub: str, start: int = 0, end: int | None = None) -> int:
        """``str.count`` of a newline between two offsets."""
        if sub != "\n":
            raise ValueError("SourceLines only counts newlines")
        lines = self._lines
        at, before = self._cursor
        first = before if start == at else bisect_left(lines, start)
        if end is None:
            end = self.length
        last = bisect_left(lines, end, first) if end >= start else bisect_left(lines, end)
        self._cursor = (end, last)
        return last - first

    def rfind(self, sub: str, start: int = 0, end: int | None = None) -> int:
        """``str.rfind`` of a newline between two offsets."""
        if sub != "\n":
            raise ValueError("SourceLines only finds newlines")
        lines = self._lines
        i = bisect_left(lines, self.length if end is None else end) - 1
        return lines[i] if i >= 0 and lines[i] >= start else -1

    def newline_offsets(self) -> Sequence[int]:
        """Every newline's offset, in order."""
        return self._lines

    def line_at(self, offset: int) -> int:
        """The 1-based line of ``offset``, for a builder's step back (a
        node made again for an earlier token)."""
        return bisect_left(self._lines, offset) + 1

    # -- a parse error's index ---------------------------------------------

    def line_column(self, offset: int) -> tuple[int, int]:
        lines = self._lines
        line = bisect_left(lines, offset)
        start = lines[line - 1] + 1 if line else 0
        column = offset - start + 1
        astrals = self._astrals
        if astrals:
            column += bisect_left(astrals, offset) - bisect_left(astrals, start)
        return self._dropped + line + 1, column

    def forget_before(self, offset: int) -> None:
        """Nothing will ask about offsets before ``offset`` again: keep only
        the newlines from the last one before it (where a later column
        counts from), and the astral characters after that one.  Only for
        the errors' answers: a builder's count() and rfind() need them all."""
        lines = self._lines
        cut = bisect_left(lines, offset) - 1
        if cut > 0:
            del lines[:cut]
            self._dropped += cut
            astrals = self._astrals
            if astrals:
                del astrals[: bisect_left(astrals, lines[0])]

    def keep_tag(self, offset: int, text: str, local: int) -> None:
        """Remember the tag at ``offset`` (``text[local:]`` starts there)
        before the text is dropped."""
        match = _TAG_AT.match(text, local)
        if match is not None:
            self._tags[offset] = match.group()

    def tag_at(self, offset: int) -> re.Match[str] | None:
        tag = self._tags.get(offset)
        return None if tag is None else _TAG_AT.match(tag)
