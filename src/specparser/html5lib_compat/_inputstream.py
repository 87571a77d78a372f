"""What html5lib's ``parser.tokenizer.stream`` offers its users, over
specparser's tokenizer.

bs4 reads two things while the tree is being built: the encoding
(``stream.charEncoding[0].name``, after the parse) and the position just
after the tag being processed (``stream.position()``, from ``elementClass``).
html5lib 1.1's conventions are kept: ``position()`` is ``(line, col)`` with
``line`` counted from 1 and ``col`` from 0, in characters; the encoding of
str input is reported as ``utf-8`` with confidence ``certain``.
"""

from __future__ import annotations

from typing import Any

__all__ = ["Encoding", "InputStreamView", "TokenizerView"]


class Encoding:
    """Stands in for the ``webencodings.Encoding`` html5lib reports: the
    WHATWG name of the encoding in ``name``."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    @property
    def codec_info(self) -> Any:
        import codecs

        from ..encoding.labels import PYTHON_CODECS

        return codecs.lookup(PYTHON_CODECS.get(self.name, self.name))

    def __eq__(self, other: object) -> bool:
        # Equal to a webencodings.Encoding of the same name, too.
        name = getattr(other, "name", None)
        return name == self.name if isinstance(name, str) else NotImplemented

    def __hash__(self) -> int:
        return hash(self.name)

    def __repr__(self) -> str:
        return f"<Encoding {self.name}>"


_UTF8 = Encoding("utf-8")


class InputStreamView:
    """``charEncoding`` and ``position()`` of one parse.

    ``position()`` reads the tokenizer's offset (the next character it will
    consume, i.e. just after the token being processed) and converts it to
    a line and column.  Calls come in input order (bs4 asks once per
    element), so the conversion resumes from the previous answer: the work
    for a whole document is linear in its length.
    """

    __slots__ = ("_tokenizer", "_decoded", "_offset", "_line", "_line_start")

    def __init__(self, tokenizer: Any, decoded: Any) -> None:
        self._tokenizer = tokenizer
        self._decoded = decoded
        self._offset = 0
        self._line = 1
        self._line_start = 0

    @property
    def charEncoding(self) -> tuple[Encoding, str]:
        decoded = self._decoded
        if decoded is None or decoded.encoding is None:
            return _UTF8, "certain"
        return Encoding(decoded.encoding), decoded.confidence

    def position(self) -> tuple[int, int]:
        tokenizer = self._tokenizer
        text = tokenizer.text
        offset = min(tokenizer.pos, len(text))
        if offset < self._offset:
            self._offset, self._line, self._line_start = 0, 1, 0
        line = self._line + text.count("\n", self._offset, offset)
        newline = text.rfind("\n", self._offset, offset)
        line_start = newline + 1 if newline != -1 else self._line_start
        self._offset, self._line, self._line_start = offset, line, line_start
        return line, offset - line_start

    # html5lib's stream calls it this too (bleach).
    def reset(self) -> None:
        self._offset, self._line, self._line_start = 0, 1, 0


class TokenizerView:
    """``parser.tokenizer``: only ``stream`` (and ``state``, read-only) are
    offered; html5lib's tokenizer internals are not (see the README's
    migration notes)."""

    __slots__ = ("stream", "_tokenizer")

    def __init__(self, tokenizer: Any, decoded: Any) -> None:
        self._tokenizer = tokenizer
        self.stream = InputStreamView(tokenizer, decoded)

    @property
    def state(self) -> int:
        return self._tokenizer.state
