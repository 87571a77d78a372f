"""The legacy multi-byte decoders, exactly as the Encoding Standard says.

https://encoding.spec.whatwg.org/#legacy-multi-byte-chinese-(simplified)-encodings
and the sections after it: gb18030 (GBK's decoder is gb18030's), Big5,
EUC-JP, ISO-2022-JP, Shift_JIS and EUC-KR, in "replacement" error mode.

Two paths give the same text:

* the *exact decoders* (``_decode_<encoding>``): the standard's handlers
  as loops over the bytes, one function per decoder, its state in local
  variables.  The standard's "restore" (giving bytes back to be read again)
  is not advancing past them;
* the *fast path* (:func:`decode_multi_byte`, on by default; switch with
  :data:`USE_FAST_PATH`): Python's C codec for the encoding, which decodes
  every sequence it accepts as the standard does except the few listed in
  :data:`_FAST_PATHS` (found by comparing the two on every one- and
  two-byte sequence and the three-/four-byte ranges; the tests repeat that
  comparison).  Where the C codec reports an error, an error handler runs
  the exact decoder on that one sequence and the codec goes on after it, so
  error recovery is the standard's.  Sequences the C codec decodes to a
  code point of its own that only they produce are put right with
  ``str.translate``; the rest (a handful that collide with other bytes,
  e.g. EUC-JP 0x8F 0xA2 0xB7, which the C codec reads as "~") are found
  with a bytes pattern, and the stretch of bytes around each (between two
  bytes that always end a sequence) is decoded with the exact decoder.

:class:`IncrementalDecoder` decodes input given in pieces (keeping the
bytes of a sequence not yet complete) with the same result as decoding the
whole at once.
"""

from __future__ import annotations

import codecs
import re
from typing import Any, Callable

from .indexes import NULL, gb18030_ranges_code_point, index_table
from .labels import MULTI_BYTE_ENCODINGS

__all__ = ["MULTI_BYTE_ENCODINGS", "IncrementalDecoder", "USE_FAST_PATH", "decode_multi_byte", "decoding_met_an_error"]

# Whether decode_multi_byte uses the C codecs (see the module docstring);
# False runs the exact decoders alone (same output; the tests check both).
USE_FAST_PATH = True

_FFFD = "\ufffd"

# An exact decoder: (data, start, stop, final) -> (text, end).  Decodes the
# sequences that begin before ``stop`` (each may read bytes after it);
# ``end`` is where decoding stopped.  When ``final`` is false it stops
# before a sequence that the end of ``data`` leaves undecided.
_Exact = Callable[[bytes, int, int, bool], "tuple[str, int]"]


def _decode_gb18030(data: bytes, start: int, stop: int, final: bool, error: str = _FFFD) -> tuple[str, int]:
    """https://encoding.spec.whatwg.org/#gb18030-decoder (``error``: what
    an error gives; U+FFFD is also the code point of 0x84 0x31 0xA4 0x37)"""
    table = index_table("gb18030")
    size = len(table)
    n = len(data)
    out: list[str] = []
    append = out.append
    i = start
    while i < stop:
        byte = data[i]
        if byte < 0x80:
            append(chr(byte))
            i += 1
            continue
        if byte == 0x80:
            append("\u20ac")
            i += 1
            continue
        if byte == 0xFF:
            append(error)
            i += 1
            continue
        # gb18030 first = byte.
        if i + 1 >= n:
            if not final:
                break
            append(error)  # end-of-queue with first set
            i += 1
            continue
        second = data[i + 1]
        if 0x30 <= second <= 0x39:
            if i + 2 >= n:
                if not final:
                    break
                append(error)
                i += 2
                continue
            third = data[i + 2]
            if not 0x81 <= third <= 0xFE:
                # Restore « second, byte »: only the first byte is used up.
                append(error)
                i += 1
                continue
            if i + 3 >= n:
                if not final:
                    break
                append(error)
                i += 3
                continue
            fourth = data[i + 3]
            if not 0x30 <= fourth <= 0x39:
                # Restore « second, third, byte ».
                append(error)
                i += 1
                continue
            code_point = gb18030_ranges_code_point(
                (byte - 0x81) * 12600 + (second - 0x30) * 1260 + (third - 0x81) * 10 + fourth - 0x30
            )
            append(error if code_point is None else chr(code_point))
            i += 4
            continue
        # Two bytes.
        if 0x40 <= second <= 0x7E or 0x80 <= second <= 0xFE:
            pointer = (byte - 0x81) * 190 + second - (0x40 if second < 0x7F else 0x41)
            char = table[pointer] if pointer < size else NULL
            if char != NULL:
                append(char)
                i += 2
                continue
        append(error)
        i += 1 if second < 0x80 else 2  # an ASCII byte is restored
    return "".join(out), i


_BIG5_TWO_CODE_POINTS = {1133: "\u00ca\u0304", 1135: "\u00ca\u030c", 1164: "\u00ea\u0304", 1166: "\u00ea\u030c"}


def _decode_big5(data: bytes, start: int, stop: int, final: bool) -> tuple[str, int]:
    """https://encoding.spec.whatwg.org/#big5-decoder"""
    table = index_table("big5")
    size = len(table)
    n = len(data)
    out: list[str] = []
    append = out.append
    i = start
    while i < stop:
        byte = data[i]
        if byte < 0x80:
            append(chr(byte))
            i += 1
            continue
        if not 0x81 <= byte <= 0xFE:
            append(_FFFD)
            i += 1
            continue
        if i + 1 >= n:
            if not final:
                break
            append(_FFFD)
            i += 1
            continue
        trail = data[i + 1]
        if 0x40 <= trail <= 0x7E or 0xA1 <= trail <= 0xFE:
            pointer = (byte - 0x81) * 157 + trail - (0x40 if trail < 0x7F else 0x62)
            two = _BIG5_TWO_CODE_POINTS.get(pointer)
            if two is not None:
                append(two)
                i += 2
                continue
            char = table[pointer] if pointer < size else NULL
            if char != NULL:
                append(char)
                i += 2
                continue
        append(_FFFD)
        i += 1 if trail < 0x80 else 2
    return "".join(out), i


def _decode_euc_jp(data: bytes, start: int, stop: int, final: bool) -> tuple[str, int]:
    """https://encoding.spec.whatwg.org/#euc-jp-decoder"""
    jis0208 = index_table("jis0208")
    jis0212 = index_table("jis0212")
    n = len(data)
    out: list[str] = []
    append = out.append
    i = start
    while i < stop:
        byte = data[i]
        if byte < 0x80:
            append(chr(byte))
            i += 1
            continue
        if not (byte == 0x8E or byte == 0x8F or 0xA1 <= byte <= 0xFE):
            append(_FFFD)
            i += 1
            continue
        if i + 1 >= n:
            if not final:
                break
            append(_FFFD)
            i += 1
            continue
        trail = data[i + 1]
        if byte == 0x8E and 0xA1 <= trail <= 0xDF:
            append(chr(0xFF61 - 0xA1 + trail))
            i += 2
            continue
        table = jis0208
        used = 2
        leading = byte
        if byte == 0x8F and 0xA1 <= trail <= 0xFE:
            # jis0212: the lead becomes this byte and a third byte is read.
            if i + 2 >= n:
                if not final:
                    break
                append(_FFFD)
                i += 2
                continue
            table = jis0212
            leading = trail
            trail = data[i + 2]
            used = 3
        if 0xA1 <= leading <= 0xFE and 0xA1 <= trail <= 0xFE:
            pointer = (leading - 0xA1) * 94 + trail - 0xA1
            char = table[pointer] if pointer < len(table) else NULL
            if char != NULL:
                append(char)
                i += used
                continue
        append(_FFFD)
        i += used - 1 if trail < 0x80 else used
    return "".join(out), i


def _decode_shift_jis(data: bytes, start: int, stop: int, final: bool) -> tuple[str, int]:
    """https://encoding.spec.whatwg.org/#shift_jis-decoder"""
    table = index_table("jis0208")
    size = len(table)
    n = len(data)
    out: list[str] = []
    append = out.append
    i = start
    while i < stop:
        byte = data[i]
        if byte <= 0x80:
            append(chr(byte))
            i += 1
            continue
        if 0xA1 <= byte <= 0xDF:
            append(chr(0xFF61 - 0xA1 + byte))
            i += 1
            continue
        if not (0x81 <= byte <= 0x9F or 0xE0 <= byte <= 0xFC):
            append(_FFFD)
            i += 1
            continue
        if i + 1 >= n:
            if not final:
                break
            append(_FFFD)
            i += 1
            continue
        trail = data[i + 1]
        if 0x40 <= trail <= 0x7E or 0x80 <= trail <= 0xFC:
            pointer = (byte - (0x81 if byte < 0xA0 else 0xC1)) * 188 + trail - (0x40 if trail < 0x7F else 0x41)
            if 8836 <= pointer <= 10715:
                append(chr(0xE000 - 8836 + pointer))  # EUDC
                i += 2
                continue
            char = table[pointer] if pointer < size else NULL
            if char != NULL:
                append(char)
                i += 2
                continue
        append(_FFFD)
        i += 1 if trail < 0x80 else 2
    return "".join(out), i


def _decode_euc_kr(data: bytes, start: int, stop: int, final: bool) -> tuple[str, int]:
    """https://encoding.spec.whatwg.org/#euc-kr-decoder"""
    table = index_table("euc-kr")
    size = len(table)
    n = len(data)
    out: list[str] = []
    append = out.append
    i = start
    while i < stop:
        byte = data[i]
        if byte < 0x80:
            append(chr(byte))
            i += 1
            continue
        if not 0x81 <= byte <= 0xFE:
            append(_FFFD)
            i += 1
            continue
        if i + 1 >= n:
            if not final:
                break
            append(_FFFD)
            i += 1
            continue
        trail = data[i + 1]
        if 0x41 <= trail <= 0xFE:
            pointer = (byte - 0x81) * 190 + trail - 0x41
            char = table[pointer] if pointer < size else NULL
            if char != NULL:
                append(char)
                i += 2
                continue
        append(_FFFD)
        i += 1 if trail < 0x80 else 2
    return "".join(out), i


class _Corrections:
    """Puts right the code points a C codec gets wrong (``fix``: the codec's
    code point -> the standard's, for code points only the wrong sequences
    give).  ``str.replace`` per code point present (found with
    ``str.__contains__``, a memchr-speed scan): ``str.translate`` with a
    dict costs a lookup per character of the whole text (a Japanese page
    with one U+FF5E took 37x the codec's time), so only code points that
    swap with another (gb18030's U+1E3F and U+E7C7), which ``replace`` one
    after the other would mix up, go through it."""

    def __init__(self, fix: dict[int, int]) -> None:
        swapping = {w: r for w, r in fix.items() if w in fix.values() or r in fix}
        self.replacements = [(chr(w), chr(r)) for w, r in fix.items() if w not in swapping]
        self.swaps = swapping
        self.swap_chars = tuple(map(chr, swapping))

    def __call__(self, text: str) -> str:
        for wrong, right in self.replacements:
            if wrong in text:
                text = text.replace(wrong, right)
        for char in self.swap_chars:
            if char in text:
                return text.translate(self.swaps)
        return text


# -- ISO-2022-JP ------------------------------------------------------------

# https://encoding.spec.whatwg.org/#iso-2022-jp-decoder: the states outside
# an escape sequence or a byte pair (the "output state").
_ASCII, _ROMAN, _KATAKANA, _LEADING_BYTE = range(4)

# What "ESC <x> <y>" switches to.
_ESCAPES = {(0x28, 0x42): _ASCII, (0x28, 0x4A): _ROMAN, (0x28, 0x49): _KATAKANA,
            (0x24, 0x40): _LEADING_BYTE, (0x24, 0x42): _LEADING_BYTE}  # fmt: skip

# The fast path: Python's iso2022_jp_ext codec decodes a *well-formed
# stretch* exactly as the standard does, apart from six pairs put right
# below (found by comparing the two on every byte, pair and escape sequence
# in every state; the tests repeat the comparison).  A well-formed stretch
# is text in the current state, then escape sequences the standard accepts,
# each followed by at least one byte its state decodes without an error:
#
# * ASCII and Roman: any byte but ESC, SO, SI and 0x80-0xFF (the codec
#   passes SO and SI through, the standard says error; the codec's Roman
#   already gives U+00A5 for 0x5C and U+203E for 0x7E);
# * katakana (ESC ( I, which iso2022_jp lacks and iso2022_jp_ext has):
#   0x21-0x5F (the codec passes control bytes through);
# * JIS X 0208 (ESC $ @ and ESC $ B): 0x21-0x7E (the codec passes control
#   bytes through).  A run of odd length (a lead byte before an escape
#   sequence or the end) is an error for the codec too: the error handler
#   stops the codec there (``_OddJisRun``) and the standard's steps take
#   over from the escape sequence before it.  Matching pairs instead
#   (``(?:[\x21-\x7e]{2})+``) made the pattern cost more than the codec;
# * never an escape sequence right after another (or at the start when the
#   output flag is set): the standard's "ISO-2022-JP output" flag makes that
#   an error, the codec says nothing.
#
# A buffer that is all ASCII without SO and SI (checked at memchr speed)
# uses "not ESC" for the ASCII and Roman bytes, which the regular
# expression engine matches with a tight loop rather than a class lookup.
_JIS_BODY = rb"[\x21-\x7e]"
_KATAKANA_BODY = rb"[\x21-\x5f]"


def _well_formed_patterns(ascii_body: bytes) -> dict[tuple[int, bool], Callable[..., Any]]:
    """(state, output flag) -> the match method of the pattern for a
    well-formed stretch starting there."""
    escaped = (rb"(?:\x1b(?:\$[@B]" + _JIS_BODY + rb"+|\([BJ]" + ascii_body + rb"+|\(I" + _KATAKANA_BODY + rb"+))*")
    bodies = {_ASCII: ascii_body, _ROMAN: ascii_body, _KATAKANA: _KATAKANA_BODY, _LEADING_BYTE: _JIS_BODY}
    return {
        (mode, output): re.compile(body + (b"+" if output else b"*") + escaped).match
        for mode, body in bodies.items()
        for output in (False, True)
    }


_WELL_FORMED = _well_formed_patterns(rb"[\x00-\x0d\x10-\x1a\x1c-\x7f]")
_WELL_FORMED_IN_ASCII_INPUT = _well_formed_patterns(rb"[^\x1b]")
_ISO_2022_JP_CODEC = "iso2022_jp_ext"
# The escape sequence that puts the codec in each state.
_CODEC_PREFIX = {_ASCII: b"", _ROMAN: b"\x1b(J", _KATAKANA: b"\x1b(I", _LEADING_BYTE: b"\x1b$B"}
# The codec's JIS X 0208 as published vs index jis0208 (Microsoft's): six
# pairs, whose code points the codec gives for nothing else and the index
# has nowhere.
_iso_2022_jp_fixed = _Corrections(
    {0x301C: 0xFF5E, 0x2016: 0x2225, 0x2212: 0xFF0D, 0x00A2: 0xFFE0, 0x00A3: 0xFFE1, 0x00AC: 0xFFE2}
)
_ISO_2022_JP_ERRORS = "specparser-iso-2022-jp"


class _OddJisRun(Exception):
    """The codec met a JIS X 0208 lead byte without a trail byte at
    ``position`` (in the bytes it was given)."""

    def __init__(self, position: int) -> None:
        self.position = position


def _iso_2022_jp_pair_error(error: UnicodeError) -> tuple[str, int]:
    # In a well-formed stretch the codec fails on a JIS X 0208 pair outside
    # its table (the NEC row 13 and the IBM rows 89-92 among them): the
    # standard's trail byte state looks the pair up in index jis0208.  Any
    # other error is a lead byte without its trail.
    if not isinstance(error, UnicodeDecodeError):
        raise error
    data, start = error.object, error.start
    if error.end - start != 2 or not (0x21 <= data[start] <= 0x7E and 0x21 <= data[start + 1] <= 0x7E):
        raise _OddJisRun(start)
    pointer = (data[start] - 0x21) * 94 + data[start + 1] - 0x21
    jis0208 = index_table("jis0208")
    char = jis0208[pointer] if pointer < len(jis0208) else NULL
    return (_FFFD if char == NULL else char), start + 2


codecs.register_error(_ISO_2022_JP_ERRORS, _iso_2022_jp_pair_error)


def _decode_well_formed_iso_2022_jp(data: bytes, start: int, end: int, mode: int) -> str:
    """Decode the well-formed stretch ``data[start:end]`` (see
    :data:`_WELL_FORMED`), which starts in state ``mode``, with the C codec.
    Raises ``_OddJisRun`` with the position in ``data``."""
    prefix = _CODEC_PREFIX[mode]
    stretch = data if start == 0 and end == len(data) and not prefix else prefix + data[start:end]
    try:
        text = stretch.decode(_ISO_2022_JP_CODEC, _ISO_2022_JP_ERRORS)
    except _OddJisRun as odd:
        odd.position += start - len(prefix)
        raise
    return _iso_2022_jp_fixed(text)


def _state_after(data: bytes, start: int, end: int, mode: int) -> int:
    """The state after ``data[start:end]``: the last escape sequence's."""
    last = data.rfind(b"\x1b", start, end)
    return mode if last < 0 else _ESCAPES[data[last + 1], data[last + 2]]


def _decode_iso_2022_jp(
    data: bytes, state: tuple[int, bool], final: bool, fast: bool = True
) -> tuple[str, int, tuple[int, bool]]:
    """https://encoding.spec.whatwg.org/#iso-2022-jp-decoder

    ``state`` is (the output state, the "ISO-2022-JP output" flag); returns
    the text, where decoding stopped and the state there.  With ``fast``,
    each well-formed stretch (see :data:`_WELL_FORMED`) is decoded by the C
    codec (the same characters); the standard's steps below read the bytes
    between them."""
    mode, output = state
    jis0208 = index_table("jis0208")
    n = len(data)
    out: list[str] = []
    append = out.append
    i = 0
    well_formed = _WELL_FORMED
    if fast and data.isascii() and b"\x0e" not in data and b"\x0f" not in data:
        well_formed = _WELL_FORMED_IN_ASCII_INPUT
    exact_until = 0  # the standard's steps alone before this position
    while i < n:
        if fast and i >= exact_until:
            match = well_formed[mode, output](data, i)
            end = i if match is None else match.end()
            if end > i:
                try:
                    text = _decode_well_formed_iso_2022_jp(data, i, end, mode)
                except _OddJisRun as odd:
                    # The codec's text is right up to the escape sequence
                    # that began the odd run (or the run began the stretch).
                    exact_until = odd.position + 1
                    end = max(i, data.rfind(b"\x1b", i, odd.position))
                    text = _decode_well_formed_iso_2022_jp(data, i, end, mode) if end > i else ""
            if end > i:
                append(text)
                mode = _state_after(data, i, end, mode)
                output = False  # a stretch ends with a byte decoded in its state
                i = end
                if i >= n:
                    break
        byte = data[i]
        if byte == 0x1B:
            # Escape start.
            if i + 1 >= n:
                if not final:
                    break
                append(_FFFD)  # end-of-queue: error, back to the output state
                output = False
                i += 1
                continue
            leading = data[i + 1]
            if leading == 0x24 or leading == 0x28:
                # Escape.
                if i + 2 >= n and not final:
                    break
                new = _ESCAPES.get((leading, data[i + 2])) if i + 2 < n else None
                if new is not None:
                    mode = new
                    if output:
                        append(_FFFD)  # two escape sequences with nothing between
                    output = True
                    i += 3
                    continue
            # Restore the byte(s) after ESC; error; back to the output state.
            append(_FFFD)
            output = False
            i += 1
            continue
        if mode == _LEADING_BYTE:
            if 0x21 <= byte <= 0x7E:
                output = False
                if i + 1 >= n:
                    if not final:
                        break
                    append(_FFFD)  # end-of-queue in the trailing byte state
                    i += 1
                    continue
                trail = data[i + 1]
                if trail == 0x1B:
                    append(_FFFD)  # the lead is dropped; the escape is read next
                    i += 1
                    continue
                if 0x21 <= trail <= 0x7E:
                    pointer = (byte - 0x21) * 94 + trail - 0x21
                    char = jis0208[pointer] if pointer < len(jis0208) else NULL
                    append(_FFFD if char == NULL else char)
                else:
                    append(_FFFD)
                i += 2
                continue
            output = False
            append(_FFFD)
            i += 1
            continue
        output = False
        if mode == _KATAKANA:
            append(chr(0xFF61 - 0x21 + byte) if 0x21 <= byte <= 0x5F else _FFFD)
        elif byte >= 0x80 or byte == 0x0E or byte == 0x0F:
            append(_FFFD)
        elif mode == _ROMAN and byte == 0x5C:
            append("\u00a5")
        elif mode == _ROMAN and byte == 0x7E:
            append("\u203e")
        else:
            append(chr(byte))
        i += 1
    return "".join(out), i, (mode, output)



# -- the fast path ----------------------------------------------------------


class _FastPath:
    """How the C codec ``codec`` is used for an encoding (see the module
    docstring).  ``fix`` maps the code points it gets wrong (and that only
    the wrong sequences give) to the standard's.  ``unsafe`` is what it gets
    wrong otherwise: the byte sequences and the characters the codec makes
    of them (a decoded text without those characters holds none of the
    sequences).  Bytes below ``boundary`` always end a sequence, in the
    standard's decoder and in the codec."""

    def __init__(self, name: str, codec: str, exact: _Exact, boundary: int,
                 fix: dict[int, int] | None = None,
                 unsafe: tuple[str, tuple[bytes, ...]] | None = None) -> None:  # fmt: skip
        self.name = name
        self.codec = codec
        self.exact = exact
        self.boundary = boundary
        self._fixed = _Corrections(fix or {})
        self.unsafe_chars, self.unsafe_bytes = unsafe if unsafe else ("", ())
        self.unsafe = re.compile(b"|".join(map(re.escape, self.unsafe_bytes))).search if unsafe else None
        self.errors = f"specparser-{name}"
        codecs.register_error(self.errors, self._error)

    def _error(self, error: UnicodeError) -> tuple[str, int]:
        # The C codec stopped at a sequence it does not accept: the exact
        # decoder reads the one sequence starting there.
        if not isinstance(error, UnicodeDecodeError):
            raise error
        return self.exact(error.object, error.start, error.start + 1, True)  # type: ignore[arg-type, unused-ignore]

    def decode(self, data: bytes) -> str:
        text = data.decode(self.codec, self.errors)
        if self.unsafe is not None and any(c in text for c in self.unsafe_chars):
            if any(sequence in data for sequence in self.unsafe_bytes):
                return self._decode_around_unsafe(data)
        return self._fixed(text)

    def _decode_around_unsafe(self, data: bytes) -> str:
        unsafe = self.unsafe
        assert unsafe is not None
        boundary = self.boundary
        pieces = []
        position = 0
        n = len(data)
        match = unsafe(data)
        while match is not None:
            # The stretch around the match (which may be the end of one
            # sequence and the start of the next): from just after the last
            # byte that ends a sequence before it to just after the next one.
            begin = match.start()
            while begin > position and data[begin - 1] >= boundary:
                begin -= 1
            end = match.end()
            while end < n and data[end] >= boundary:
                end += 1
            end = min(end + 1, n)
            if begin > position:
                pieces.append(self._fixed(data[position:begin].decode(self.codec, self.errors)))
            pieces.append(self.exact(data[begin:end], 0, end - begin, True)[0])
            position = end
            match = unsafe(data, position)
        if position < n:
            pieces.append(self._fixed(data[position:].decode(self.codec, self.errors)))
        return "".join(pieces)


_FAST_PATH_SPECS: dict[str, tuple[Any, ...]] = {
    # name: (C codec, exact decoder, boundary, fix, unsafe)
    "gb18030": (
        "gb18030", _decode_gb18030, 0x30,
        # GB 18030-2005 (the codec) vs the standard's 2022 mapping: ten
        # vertical forms, eight CJK ideographs, U+3000 for 0xA3 0xA0, and
        # 0xA8 0xBC / 0x81 0x35 0xF4 0x37 swapped.
        {0xE5E5: 0x3000, 0xE78D: 0xFE10, 0xE78E: 0xFE12, 0xE78F: 0xFE11, 0xE790: 0xFE13,
         0xE791: 0xFE14, 0xE792: 0xFE15, 0xE793: 0xFE16, 0xE794: 0xFE17, 0xE795: 0xFE18,
         0xE796: 0xFE19, 0xE7C7: 0x1E3F, 0x1E3F: 0xE7C7, 0xE81E: 0x9FB4, 0xE826: 0x9FB5,
         0xE82B: 0x9FB6, 0xE82C: 0x9FB7, 0xE832: 0x9FB8, 0xE843: 0x9FB9, 0xE854: 0x9FBA,
         0xE864: 0x9FBB},
        None,
    ),
    "big5": (
        "big5hkscs", _decode_big5, 0x40,
        # big5hkscs's own choices for nine pairs of the Big5 part.
        {0x2022: 0x2027, 0xFF64: 0xFE51, 0x203E: 0x00AF, 0x223C: 0xFF5E, 0x2641: 0x2295,
         0x2609: 0x2299, 0x00A5: 0xFFE5, 0x00A2: 0xFFE0, 0x00A3: 0xFFE1},
        # 0xA2 0x41 and 0xA2 0x42, which the codec decodes to what 0xA1 0xFE
        # and 0xA2 0x40 give.
        ("\uff0f\uff3c", (b"\xa2\x41", b"\xa2\x42")),
    ),
    "euc-jp": (
        "euc_jp", _decode_euc_jp, 0x80,
        # JIS X 0208 as published vs Microsoft's variant.
        {0x301C: 0xFF5E, 0x2016: 0x2225, 0x2212: 0xFF0D, 0x00A2: 0xFFE0, 0x00A3: 0xFFE1,
         0x00AC: 0xFFE2},
        # JIS X 0212 0x22 0x37, which the codec decodes to "~".
        ("~", (b"\x8f\xa2\xb7",)),
    ),
    "shift_jis": (
        "cp932", _decode_shift_jis, 0x40,
        # Microsoft's single bytes 0xA0, 0xFD-0xFF are errors in the standard.
        {0xF8F0: 0xFFFD, 0xF8F1: 0xFFFD, 0xF8F2: 0xFFFD, 0xF8F3: 0xFFFD},
        None,
    ),
    "euc-kr": ("cp949", _decode_euc_kr, 0x41, None, None),
}  # fmt: skip

_fast_paths: dict[str, _FastPath] = {}


def _fast_path(name: str) -> _FastPath:
    fast = _fast_paths.get(name)
    if fast is None:
        fast = _fast_paths[name] = _FastPath(name, *_FAST_PATH_SPECS[name])
    return fast


_EXACT: dict[str, _Exact] = {
    "gb18030": _decode_gb18030,
    "gbk": _decode_gb18030,  # https://encoding.spec.whatwg.org/#gbk-decoder
    "big5": _decode_big5,
    "euc-jp": _decode_euc_jp,
    "shift_jis": _decode_shift_jis,
    "euc-kr": _decode_euc_kr,
}


def decode_multi_byte(data: bytes, encoding: str) -> str:
    """Decode ``data`` (a whole input) with the standard's decoder for the
    multi-byte ``encoding`` (a name from :data:`MULTI_BYTE_ENCODINGS`),
    "replacement" error mode, no BOM sniffing."""
    if encoding == "iso-2022-jp":
        return _decode_iso_2022_jp(data, (_ASCII, False), True, USE_FAST_PATH)[0]
    if encoding == "gbk":
        encoding = "gb18030"
    if not USE_FAST_PATH:
        return _EXACT[encoding](data, 0, len(data), True)[0]
    if data.isascii():
        return data.decode("ascii")
    return _fast_path(encoding).decode(data)


# The four-byte gb18030 sequence of U+FFFD (pointer 39417).
_GB18030_FFFD = b"\x84\x31\xa4\x37"


def decoding_met_an_error(text: str, data: bytes, encoding: str) -> bool:
    """Whether the standard's decoder for the multi-byte ``encoding`` met an
    error in ``data`` (where "replacement" error mode emits U+FFFD and
    "fatal" fails, https://encoding.spec.whatwg.org/#concept-encoding-process);
    ``text`` is :func:`decode_multi_byte` of ``data``.

    No index of these encodings holds U+FFFD, so a U+FFFD in ``text`` is an
    error, except that gb18030's (and GBK's) four-byte range has one:
    0x84 0x31 0xA4 0x37.  When that sequence is present, whether each of
    its U+FFFD is that sequence decoded depends on where the sequences
    begin, so the exact decoder runs again marking its errors with a lone
    surrogate, which no decoder gives otherwise."""
    if "\ufffd" not in text:
        return False
    if encoding not in ("gb18030", "gbk") or _GB18030_FFFD not in data:
        return True
    return "\ud800" in _decode_gb18030(data, 0, len(data), True, "\ud800")[0]


class IncrementalDecoder:
    """One of the multi-byte decoders over input that comes in pieces:
    ``decode(piece)`` returns the text of every sequence complete so far,
    ``decode(last, final=True)`` the rest (an incomplete sequence at the end
    is an error, as at the standard's end-of-queue).  The concatenated
    results equal :func:`decode_multi_byte` of the concatenated input."""

    def __init__(self, encoding: str) -> None:
        if encoding not in MULTI_BYTE_ENCODINGS:
            raise ValueError(f"IncrementalDecoder(): {encoding!r} is not a multi-byte encoding's name")
        self.encoding = "gb18030" if encoding == "gbk" else encoding
        self._pending = b""
        self._state: tuple[int, bool] = (_ASCII, False)

    def decode(self, data: bytes, final: bool = False) -> str:
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise TypeError(f"IncrementalDecoder.decode() needs bytes, not {type(data).__name__}")
        buffer = self._pending + bytes(data)
        if self.encoding == "iso-2022-jp":
            text, end, self._state = _decode_iso_2022_jp(buffer, self._state, final, USE_FAST_PATH)
            self._pending = buffer[end:]
            return text
        if final:
            self._pending = b""
            return decode_multi_byte(buffer, self.encoding)
        # Everything up to the last byte that always ends a sequence is a
        # whole input of its own; the exact decoder reads what follows and
        # keeps an incomplete sequence for the next piece.
        boundary = _FAST_PATH_SPECS[self.encoding][2]
        cut = len(buffer)
        while cut > 0 and buffer[cut - 1] >= boundary:
            cut -= 1
        head = decode_multi_byte(buffer[:cut], self.encoding) if cut else ""
        tail, end = _EXACT[self.encoding](buffer, cut, len(buffer), False)
        self._pending = buffer[end:]
        return head + tail
