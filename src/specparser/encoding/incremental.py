"""The input byte stream as bytes arrive: the encoding sniffing algorithm
run as soon as it can decide, then an incremental decoder.

https://html.spec.whatwg.org/#the-input-byte-stream

:class:`ByteStream` gives, for each piece of bytes, the text decoded so
far.  The concatenated text is what :func:`specparser.encoding.decode_for_parse`
gives for the concatenated bytes, with the same encoding, confidence and
deciding step, under one condition kept by the caller
(:class:`specparser.Parser`): the "valid UTF-8" autodetection (``detect_utf8``)
looks at *all* the bytes, so while it is only a guess the caller checks the
rest with :class:`Utf8Check` and starts again with the default encoding
when the guess fails.

The algorithm's step 3 says to wait for bytes: here the BOM waits for
three bytes, the prescan for :data:`~specparser.encoding.PRESCAN_LENGTH`
bytes (or the end of the input, whichever comes first).  Step 8 with a
``detector`` waits for all of them, as the one-shot parser gives the
detector the whole document: while the bytes are valid UTF-8 the outcome
is known unless a later byte is not (UTF-8 with ``detect_utf8``, else the
default, checked with :class:`Utf8Check` as above); once a byte is not,
the stream *holds* every byte until the end and asks the detector then.
"""

from __future__ import annotations

import codecs
from typing import Callable

from .detectors import Detector
from .decoding import _BOM_LENGTH, bom_sniff, decode_without_bom_sniffing
from .labels import MULTI_BYTE_ENCODINGS, PYTHON_CODECS, SINGLE_BYTE_ENCODINGS
from .prescan import PRESCAN_LENGTH
from .sniffing import TENTATIVE, Sniffed, determine_the_character_encoding

__all__ = ["ByteStream", "Utf8Check", "incremental_decoder"]

# The steps that decide before the prescan: nothing later can change them.
_EARLY_STEPS = ("bom", "override", "transport")


def incremental_decoder(encoding: str) -> Callable[[bytes, bool], str]:
    """``decode(piece, final)`` for the named encoding (no BOM sniffing):
    the concatenated results equal
    :func:`~specparser.encoding.decode_without_bom_sniffing` of the
    concatenated pieces, a sequence split between pieces included."""
    if encoding in SINGLE_BYTE_ENCODINGS or encoding == "x-user-defined":
        # One byte, one character: nothing to carry between pieces.
        def decode_single_byte(data: bytes, final: bool = False) -> str:
            return decode_without_bom_sniffing(data, encoding)

        return decode_single_byte
    if encoding == "replacement":
        return _ReplacementDecoder().decode
    if encoding in MULTI_BYTE_ENCODINGS:
        from .multibyte import IncrementalDecoder

        return IncrementalDecoder(encoding).decode
    codec = {"utf-16le": "utf-16-le", "utf-16be": "utf-16-be"}.get(encoding) or PYTHON_CODECS[encoding]
    return codecs.getincrementaldecoder(codec)("replace").decode


class _ReplacementDecoder:
    """https://encoding.spec.whatwg.org/#replacement-decoder: one U+FFFD
    for a non-empty input."""

    def __init__(self) -> None:
        self._done = False

    def decode(self, data: bytes, final: bool = False) -> str:
        if data and not self._done:
            self._done = True
            return "\ufffd"
        return ""


class Utf8Check:
    """Whether all the bytes fed so far are (the start of) valid UTF-8."""

    def __init__(self) -> None:
        self._decode = codecs.getincrementaldecoder("utf-8")("strict").decode
        self.valid = True

    def feed(self, data: bytes, final: bool = False) -> bool:
        if self.valid:
            try:
                self._decode(data, final)
            except UnicodeDecodeError:
                self.valid = False
        return self.valid


class ByteStream:
    """Sniff, then decode, bytes fed a piece at a time.

    ``forced`` (an encoding, its confidence and step) skips the sniffing:
    the re-parse after a ``<meta>`` changed the encoding, or after the
    UTF-8 guess failed.  Until :attr:`sniffed` is set, :meth:`feed`
    returns ``""`` and keeps the bytes.  :attr:`kept` holds every byte fed
    (for a re-parse) until the caller sets it to ``None``."""

    def __init__(
        self,
        *,
        override: str | None,
        transport_encoding: str | None,
        default: str,
        detect_utf8: bool,
        detector: Detector | None = None,
        forced: Sniffed | None = None,
        hold: bool = False,
    ) -> None:
        self._options = (override, transport_encoding, default)
        self._detect_utf8 = detect_utf8
        self._detector = detector
        self.sniffed = forced
        self.kept: bytearray | None = bytearray()
        self._head = bytearray()  # the bytes before the decoder exists
        # Every byte waits for the end (step 8's detector, see above); the
        # kept bytes are the head then, not a second copy.
        self._hold = False
        if hold:
            self._start_holding()
        self._decode: Callable[[bytes, bool], str] | None = None
        #: Set when the sniffing took valid UTF-8 for UTF-8 before the end:
        #: the caller checks the rest of the bytes with it.
        self.utf8_check: Utf8Check | None = None

    def _start_holding(self) -> None:
        self._hold = True
        if self.kept is not None:
            self._head = self.kept

    def feed(self, data: bytes, final: bool = False) -> str:
        """The text of ``data`` and the bytes before it not yet decoded."""
        kept = self.kept
        if kept is not None:
            kept += data
        decode = self._decode
        if decode is not None:
            return decode(data, final)
        if self._head is not kept:
            self._head += data
        if self._hold and not final:
            return ""
        head = bytes(self._head)
        if self.sniffed is None:
            self.sniffed = self._sniff(head, final)
            if self.sniffed is None:
                return ""
        # https://encoding.spec.whatwg.org/#decode: a BOM wins and goes.
        encoding = self.sniffed.encoding
        bom = bom_sniff(head)
        if bom is not None:
            head = head[_BOM_LENGTH[bom] :]
            encoding = bom
        self._head = bytearray()
        decode = self._decode = incremental_decoder(encoding)
        return decode(head, final)

    def _sniff(self, head: bytes, final: bool) -> Sniffed | None:
        """https://html.spec.whatwg.org/#encoding-sniffing-algorithm, once
        the bytes it needs are here; ``None`` while they are not."""
        override, transport, default = self._options
        if len(head) < 3 and not final:
            return None
        early = determine_the_character_encoding(head, override, transport, default_encoding=default, prescan_length=0)
        if early.source in _EARLY_STEPS:
            return early
        if len(head) < PRESCAN_LENGTH and not final:
            return None
        if final:
            # All the bytes are here: the algorithm as the one-shot parser runs it.
            return determine_the_character_encoding(
                head, override, transport, default_encoding=default, detect_utf8=self._detect_utf8,
                detector=self._detector,
            )  # fmt: skip
        sniffed = determine_the_character_encoding(head, override, transport, default_encoding=default)
        if sniffed.source == "default" and (self._detect_utf8 or self._detector is not None):
            check = Utf8Check()
            if check.feed(head):
                # Valid so far: step 8 says UTF-8 (or, with a detector but
                # not detect_utf8, the default) unless a later byte is not.
                self.utf8_check = check
                return Sniffed("utf-8", TENTATIVE, "utf-8-detection") if self._detect_utf8 else sniffed
            if self._detector is not None:
                self._start_holding()  # the detector reads them all
                return None
        return sniffed
