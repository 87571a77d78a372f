"""The entry point's side of the input byte stream: bytes (or a binary
file) in, text plus encoding and confidence out, and the re-parse loop.

https://html.spec.whatwg.org/#the-input-byte-stream

Typical use by a parse function::

    def parse(source, **keywords):
        return parse_with_reparse(source, _parse_text, **keywords)

    def _parse_text(decoded: DecodedInput):
        # tokenize and build decoded.text; tree construction, in "in head"
        # for a <meta> start tag, calls
        #     decoded.change_the_encoding_for_meta(tag.attrs, tag.end)
        # which returns True when the encoding changed on the fly (go on
        # tokenizing the new decoded.text from tag.end), or raises
        # ReparseWithEncoding when the document must be parsed again;
        # parse_with_reparse catches it and calls _parse_text again.
        ...

The text is not preprocessed here (CR LF and CR stay as they are): that is
the input stream's job (:mod:`specparser.inputstream`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from .change import ReparseWithEncoding, change_the_encoding
from .decoding import decode, lookup
from .detectors import Detector
from .meta import encoding_declared_by_meta
from .sniffing import CERTAIN, IRRELEVANT, TENTATIVE, determine_the_character_encoding

__all__ = ["DecodedInput", "ENCODING_KEYWORDS", "decode_for_parse", "parse_with_reparse", "redecode"]

_T = TypeVar("_T")

# The keyword arguments of decode_for_parse / parse_with_reparse that choose
# an encoding (html5lib's names); the html5lib facade accepts the same.
ENCODING_KEYWORDS = (
    "override_encoding",
    "transport_encoding",
    "same_origin_parent_encoding",
    "likely_encoding",
    "default_encoding",
)


class DecodedInput:
    """The decoded document: ``text``, the ``encoding`` name it was decoded
    with (``None`` for str input), the ``confidence`` ("tentative",
    "certain" or "irrelevant"), the ``source`` bytes (``None`` for str
    input), kept for a re-decode, and ``encoding_source``, the step that
    chose the encoding (:data:`specparser.encoding.sniffing.ENCODING_SOURCES`;
    ``"meta"`` once a ``<meta>`` changed it, ``None`` for str input)."""

    __slots__ = ("text", "encoding", "confidence", "source", "encoding_source")

    def __init__(
        self,
        text: str,
        encoding: str | None,
        confidence: str,
        source: bytes | None,
        encoding_source: str | None = None,
    ) -> None:
        self.text = text
        self.encoding = encoding
        self.confidence = confidence
        self.source = source
        self.encoding_source = encoding_source

    def change_the_encoding_for_meta(self, attributes: Mapping, consumed: int | None = None) -> bool:
        """The "in head" insertion mode's step for a ``<meta>`` start tag
        (https://html.spec.whatwg.org/#parsing-main-inhead): when the
        confidence is tentative and the element declares an encoding,
        change the encoding.

        Either the confidence becomes certain and nothing else changes (same
        encoding, or a UTF-16 document; returns ``False``), or the document
        must be read with another encoding.  Then, when ``consumed`` is
        given (how many characters of the *preprocessed* text the tokenizer
        has consumed, i.e. the end of this ``<meta>`` tag) and the new
        decoding reads exactly the same up to there, the encoding changes on
        the fly (the spec's step 5): :attr:`text` and :attr:`encoding` are
        replaced, and ``True`` tells the caller to go on tokenizing the new
        text (preprocessed again) from offset ``consumed``.  Otherwise
        :class:`ReparseWithEncoding` is raised for the entry point to catch
        (step 6).  Returns ``False`` when nothing is declared."""
        if self.confidence != TENTATIVE:
            return False
        declared = encoding_declared_by_meta(attributes)
        if declared is None:
            return False
        new = change_the_encoding(self.encoding or "", self.confidence, declared)
        self.confidence = CERTAIN
        if new is None:
            return False
        if consumed is not None and self.source is not None:
            text, used = decode(self.source, new)
            same = _common_prefix_length(self.text, text)
            # Preprocessing turns each CR LF into one character, so the
            # preprocessed length of the common prefix is this:
            if same - self.text.count("\r\n", 0, same) >= consumed:
                self.text = text
                self.encoding = used
                self.encoding_source = "meta"
                return True
        raise ReparseWithEncoding(new)

    def __repr__(self) -> str:
        return f"DecodedInput(<{len(self.text)} characters>, {self.encoding!r}, {self.confidence!r})"


def _common_prefix_length(a: str, b: str) -> int:
    """How many leading characters ``a`` and ``b`` share (C-speed slice
    comparisons: chunk by chunk, then a binary search in the chunk that
    differs)."""
    limit = min(len(a), len(b))
    start = 0
    chunk = 1 << 16
    while start < limit and a[start : start + chunk] == b[start : start + chunk]:
        start += chunk
    if start >= limit:
        return limit
    low, high = start, min(start + chunk, limit)
    if a[low:high] == b[low:high]:
        return high  # the chunk only differed in length: high is the limit
    # Invariant: a[:low] == b[:low] and a[low:high] != b[low:high].
    while high - low > 1:
        middle = (low + high) // 2
        if a[low:middle] == b[low:middle]:
            low = middle
        else:
            high = middle
    return low


def _read_source(source: Any) -> bytes | str:
    if isinstance(source, bytes):
        return source
    if isinstance(source, (bytearray, memoryview)):
        return bytes(source)
    if isinstance(source, str):
        return source
    read = getattr(source, "read", None)
    if callable(read):
        data = read()
        if isinstance(data, (bytes, str)):
            return data
        if isinstance(data, (bytearray, memoryview)):
            return bytes(data)
        raise TypeError(f"{type(source).__name__}.read() returned {type(data).__name__}, not bytes or str")
    raise TypeError(f"cannot parse {type(source).__name__}: expected bytes, a binary file or str")


def decode_for_parse(
    source: bytes | bytearray | memoryview | str | Any,
    *,
    override_encoding: str | None = None,
    transport_encoding: str | None = None,
    same_origin_parent_encoding: str | None = None,
    likely_encoding: str | None = None,
    default_encoding: str | None = None,
    useChardet: bool = False,
    detect_utf8: bool = False,
    detector: Detector | None = None,
) -> DecodedInput:
    """Run the encoding sniffing algorithm on ``source`` and decode it.

    ``source`` is bytes (bytearray, memoryview), a file whose ``read()``
    returns bytes, or already-decoded text (str, or a file whose ``read()``
    returns str).  ``default_encoding`` ``None`` means windows-1252.
    ``useChardet`` lets an installed chardet or charset_normalizer guess
    when nothing else decided (off by default so results do not depend on
    what happens to be installed); ``detect_utf8`` takes bytes that are
    valid UTF-8 as UTF-8 first (the native API's default, not html5lib's);
    ``detector`` is asked about undecided bytes that are not valid UTF-8
    (:mod:`specparser.encoding.detectors`).

    Text input has no encoding: its confidence is "irrelevant" and, as in
    html5lib 1.1, giving any ``*_encoding`` keyword with it is a
    ``TypeError`` (the keywords would silently do nothing).  Unknown labels:
    see :mod:`specparser.encoding.sniffing`.
    """
    data = _read_source(source)
    if isinstance(data, str):
        given = [
            name
            for name, value in zip(
                ENCODING_KEYWORDS,
                (override_encoding, transport_encoding, same_origin_parent_encoding, likely_encoding, default_encoding),
            )
            if value is not None
        ]
        if given:
            raise TypeError(
                f"cannot set an encoding for str input (got {', '.join(given)}); "
                "pass bytes to have them decoded, or decode the text yourself"
            )
        return DecodedInput(data, None, IRRELEVANT, None)
    encoding, confidence, step = determine_the_character_encoding(
        data,
        override_encoding=override_encoding,
        transport_encoding=transport_encoding,
        same_origin_parent_encoding=same_origin_parent_encoding,
        likely_encoding=likely_encoding,
        default_encoding="windows-1252" if default_encoding is None else default_encoding,
        useChardet=useChardet,
        detect_utf8=detect_utf8,
        detector=detector,
    )
    text, encoding = decode(data, encoding)
    return DecodedInput(text, encoding, confidence, data, step)


def redecode(decoded: DecodedInput, encoding: str) -> DecodedInput:
    """The spec's re-parse: the same bytes decoded with ``encoding`` (a label
    or name), confidence certain, skipping the sniffing algorithm."""
    if decoded.source is None:
        raise ValueError("str input cannot be decoded again with another encoding")
    text, used = decode(decoded.source, lookup(encoding))
    return DecodedInput(text, used, CERTAIN, decoded.source, "meta")


def parse_with_reparse(
    source: Any,
    parse_text: Callable[[DecodedInput], _T],
    **keywords: Any,
) -> _T:
    """Decode ``source`` (keywords as :func:`decode_for_parse`), call
    ``parse_text(decoded)`` and, if it raises :class:`ReparseWithEncoding`,
    decode again with the requested encoding and call it once more.

    The second pass has confidence certain, so it cannot ask again; a
    parse function that still does gets its exception back."""
    decoded = decode_for_parse(source, **keywords)
    try:
        return parse_text(decoded)
    except ReparseWithEncoding as request:
        decoded = redecode(decoded, request.encoding)
    return parse_text(decoded)
