"""An independent, deliberately plain implementation of the Encoding
Standard's legacy multi-byte decoders and encoders, for the tests to compare
specparser's with.

Written from the standard's text (``../shared/encoding-standard/encoding.bs``,
https://encoding.spec.whatwg.org/), step by step, with the standard's I/O
queue (a list; "restore" inserts at the front) and its handlers returning
``FINISHED``, ``CONTINUE``, ``Error`` or a list of items.  The indexes are
read from the standard's ``index-*.txt`` files as its "Indexes" section says
(split on LF, drop empty and ``#`` lines, split on TAB: decimal pointer,
hexadecimal code point).  Nothing here imports specparser.

Slow on purpose: clarity over speed.
"""

from __future__ import annotations

import bisect
from collections import deque
from typing import Callable

from compat.paths import SHARED

STANDARD_DIR = SHARED / "encoding-standard"
MISSING_STANDARD = (
    "the Encoding Standard's index files were not found: set SPECPARSER_SHARED or place them at "
    "../shared/encoding-standard beside the checkout"
)

FINISHED = "finished"
CONTINUE = "continue"
END = None  # end-of-queue


class Error:
    """The standard's "error", optionally with a code point."""

    def __init__(self, code_point: int | None = None) -> None:
        self.code_point = code_point


# -- indexes (https://encoding.spec.whatwg.org/#indexes) --------------------

_index_cache: dict[str, list[tuple[int, int]]] = {}


def index_entries(name: str) -> list[tuple[int, int]]:
    """(pointer, code point) for every line of index-<name>.txt, in order."""
    if name not in _index_cache:
        text = (STANDARD_DIR / f"index-{name}.txt").read_text(encoding="utf-8")
        entries = []
        for line in text.split("\n"):
            if line == "" or line.startswith("#"):
                continue
            fields = line.split("\t")
            entries.append((int(fields[0]), int(fields[1], 16)))
        _index_cache[name] = entries
    return _index_cache[name]


_as_dict: dict[str, dict[int, int]] = {}


def _dict(name: str) -> dict[int, int]:
    if name not in _as_dict:
        _as_dict[name] = dict(index_entries(name))
    return _as_dict[name]


def index_code_point_for(pointer: int, name: str) -> int | None:
    """https://encoding.spec.whatwg.org/#index-code-point"""
    return _dict(name).get(pointer)


def index_pointer(code_point: int, entries: list[tuple[int, int]]) -> int | None:
    """https://encoding.spec.whatwg.org/#index-pointer: the *first* pointer."""
    for pointer, cp in entries:
        if cp == code_point:
            return pointer
    return None


_first_pointer_cache: dict[int, dict[int, int]] = {}


def first_pointers(entries: list[tuple[int, int]]) -> dict[int, int]:
    """index pointer for every code point of ``entries`` at once (the same
    answers as :func:`index_pointer`, computed in one pass)."""
    key = id(entries)
    if key not in _first_pointer_cache:
        table: dict[int, int] = {}
        for pointer, cp in entries:
            table.setdefault(cp, pointer)
        _first_pointer_cache[key] = table
    return _first_pointer_cache[key]


def gb18030_ranges_code_point(pointer: int) -> int | None:
    """https://encoding.spec.whatwg.org/#index-gb18030-ranges-code-point"""
    if (39419 < pointer < 189000) or pointer > 1237575:
        return None
    if pointer == 7457:
        return 0xE7C7
    # "the last pointer in index gb18030 ranges that is less than or equal to pointer"
    entries = index_entries("gb18030-ranges")  # in pointer order
    offset, code_point_offset = entries[bisect.bisect_right(entries, (pointer, 0x10FFFF)) - 1]
    return code_point_offset + pointer - offset


def gb18030_ranges_pointer(code_point: int) -> int:
    """https://encoding.spec.whatwg.org/#index-gb18030-ranges-pointer"""
    if code_point == 0xE7C7:
        return 7457
    # "the last code point in index gb18030 ranges that is less than or equal to codePoint"
    by_code_point = sorted((c, p) for p, c in index_entries("gb18030-ranges"))
    offset, pointer_offset = by_code_point[bisect.bisect_right(by_code_point, (code_point, 1 << 30)) - 1]
    return pointer_offset + code_point - offset


_shift_jis_index: list[tuple[int, int]] = []
_big5_index: list[tuple[int, int]] = []


def shift_jis_pointer(code_point: int) -> int | None:
    """https://encoding.spec.whatwg.org/#index-shift_jis-pointer"""
    if not _shift_jis_index:
        _shift_jis_index.extend(e for e in index_entries("jis0208") if not 8272 <= e[0] <= 8835)
    return first_pointers(_shift_jis_index).get(code_point)


def big5_pointer(code_point: int) -> int | None:
    """https://encoding.spec.whatwg.org/#index-big5-pointer"""
    if not _big5_index:
        _big5_index.extend(e for e in index_entries("big5") if e[0] >= (0xA1 - 0x81) * 157)
    if code_point in (0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345):
        last = None
        for pointer, cp in _big5_index:
            if cp == code_point:
                last = pointer
        return last
    return first_pointers(_big5_index).get(code_point)


def restore(queue: deque, items: list) -> None:
    """https://encoding.spec.whatwg.org/#concept-stream-prepend: insert
    ``items``, in the given order, before the first item of ``queue``."""
    queue.extendleft(reversed(items))


def read(queue: deque):
    """https://encoding.spec.whatwg.org/#concept-stream-read (immediate
    mode): end-of-queue stays in the queue once reached."""
    item = queue.popleft()
    if item is END:
        queue.appendleft(END)
    return item


def is_ascii_byte(byte: int | None) -> bool:
    return byte is not None and 0x00 <= byte <= 0x7F


# -- decoders ---------------------------------------------------------------


class Gb18030Decoder:
    """https://encoding.spec.whatwg.org/#gb18030-decoder"""

    def __init__(self) -> None:
        self.first = self.second = self.third = 0x00

    def handler(self, queue: deque, byte: int | None):  # noqa: C901 - the spec's steps
        if byte is END and self.first == 0 and self.second == 0 and self.third == 0:
            return FINISHED
        if byte is END:
            self.first = self.second = self.third = 0x00
            return Error()
        if self.third != 0x00:
            if not 0x30 <= byte <= 0x39:
                restore(queue, [self.second, self.third, byte])
                self.first = self.second = self.third = 0x00
                return Error()
            code_point = gb18030_ranges_code_point(
                ((self.first - 0x81) * (10 * 126 * 10)) + ((self.second - 0x30) * (10 * 126))
                + ((self.third - 0x81) * 10) + byte - 0x30
            )
            self.first = self.second = self.third = 0x00
            if code_point is None:
                return Error()
            return [code_point]
        if self.second != 0x00:
            if 0x81 <= byte <= 0xFE:
                self.third = byte
                return CONTINUE
            restore(queue, [self.second, byte])
            self.first = self.second = 0x00
            return Error()
        if self.first != 0x00:
            if 0x30 <= byte <= 0x39:
                self.second = byte
                return CONTINUE
            leading = self.first
            self.first = 0x00
            pointer = None
            offset = 0x40 if byte < 0x7F else 0x41
            if 0x40 <= byte <= 0x7E or 0x80 <= byte <= 0xFE:
                pointer = (leading - 0x81) * 190 + (byte - offset)
            code_point = None if pointer is None else index_code_point_for(pointer, "gb18030")
            if code_point is not None:
                return [code_point]
            if is_ascii_byte(byte):
                restore(queue, [byte])
            return Error()
        if is_ascii_byte(byte):
            return [byte]
        if byte == 0x80:
            return [0x20AC]
        if 0x81 <= byte <= 0xFE:
            self.first = byte
            return CONTINUE
        return Error()


_BIG5_TWO = {1133: [0x00CA, 0x0304], 1135: [0x00CA, 0x030C], 1164: [0x00EA, 0x0304], 1166: [0x00EA, 0x030C]}


class Big5Decoder:
    """https://encoding.spec.whatwg.org/#big5-decoder"""

    def __init__(self) -> None:
        self.leading = 0x00

    def handler(self, queue: deque, byte: int | None):
        if byte is END and self.leading != 0x00:
            self.leading = 0x00
            return Error()
        if byte is END and self.leading == 0x00:
            return FINISHED
        if self.leading != 0x00:
            leading = self.leading
            self.leading = 0x00
            pointer = None
            offset = 0x40 if byte < 0x7F else 0x62
            if 0x40 <= byte <= 0x7E or 0xA1 <= byte <= 0xFE:
                pointer = (leading - 0x81) * 157 + (byte - offset)
            if pointer in _BIG5_TWO:
                return list(_BIG5_TWO[pointer])
            code_point = None if pointer is None else index_code_point_for(pointer, "big5")
            if code_point is not None:
                return [code_point]
            if is_ascii_byte(byte):
                restore(queue, [byte])
            return Error()
        if is_ascii_byte(byte):
            return [byte]
        if 0x81 <= byte <= 0xFE:
            self.leading = byte
            return CONTINUE
        return Error()


class EucJpDecoder:
    """https://encoding.spec.whatwg.org/#euc-jp-decoder"""

    def __init__(self) -> None:
        self.jis0212 = False
        self.leading = 0x00

    def handler(self, queue: deque, byte: int | None):
        if byte is END and self.leading != 0x00:
            self.leading = 0x00
            return Error()
        if byte is END and self.leading == 0x00:
            return FINISHED
        if self.leading == 0x8E and 0xA1 <= byte <= 0xDF:
            self.leading = 0x00
            return [0xFF61 - 0xA1 + byte]
        if self.leading == 0x8F and 0xA1 <= byte <= 0xFE:
            self.jis0212 = True
            self.leading = byte
            return CONTINUE
        if self.leading != 0x00:
            leading = self.leading
            self.leading = 0x00
            code_point = None
            if 0xA1 <= leading <= 0xFE and 0xA1 <= byte <= 0xFE:
                code_point = index_code_point_for(
                    (leading - 0xA1) * 94 + byte - 0xA1, "jis0212" if self.jis0212 else "jis0208"
                )
            self.jis0212 = False
            if code_point is not None:
                return [code_point]
            if is_ascii_byte(byte):
                restore(queue, [byte])
            return Error()
        if is_ascii_byte(byte):
            return [byte]
        if byte in (0x8E, 0x8F) or 0xA1 <= byte <= 0xFE:
            self.leading = byte
            return CONTINUE
        return Error()


ASCII, ROMAN, KATAKANA, LEADING_BYTE, TRAILING_BYTE, ESCAPE_START, ESCAPE = range(7)


class Iso2022JpDecoder:
    """https://encoding.spec.whatwg.org/#iso-2022-jp-decoder"""

    def __init__(self) -> None:
        self.state = ASCII
        self.output_state = ASCII
        self.leading = 0x00
        self.output = False

    def handler(self, queue: deque, byte: int | None):  # noqa: C901 - the spec's switch
        state = self.state
        if state == ASCII:
            if byte == 0x1B:
                self.state = ESCAPE_START
                return CONTINUE
            if byte is not END and 0x00 <= byte <= 0x7F and byte not in (0x0E, 0x0F, 0x1B):
                self.output = False
                return [byte]
            if byte is END:
                return FINISHED
            self.output = False
            return Error()
        if state == ROMAN:
            if byte == 0x1B:
                self.state = ESCAPE_START
                return CONTINUE
            if byte == 0x5C:
                self.output = False
                return [0x00A5]
            if byte == 0x7E:
                self.output = False
                return [0x203E]
            if byte is not END and 0x00 <= byte <= 0x7F and byte not in (0x0E, 0x0F, 0x1B, 0x5C, 0x7E):
                self.output = False
                return [byte]
            if byte is END:
                return FINISHED
            self.output = False
            return Error()
        if state == KATAKANA:
            if byte == 0x1B:
                self.state = ESCAPE_START
                return CONTINUE
            if byte is not END and 0x21 <= byte <= 0x5F:
                self.output = False
                return [0xFF61 - 0x21 + byte]
            if byte is END:
                return FINISHED
            self.output = False
            return Error()
        if state == LEADING_BYTE:
            if byte == 0x1B:
                self.state = ESCAPE_START
                return CONTINUE
            if byte is not END and 0x21 <= byte <= 0x7E:
                self.output = False
                self.leading = byte
                self.state = TRAILING_BYTE
                return CONTINUE
            if byte is END:
                return FINISHED
            self.output = False
            return Error()
        if state == TRAILING_BYTE:
            if byte == 0x1B:
                self.state = ESCAPE_START
                return Error()
            if byte is not END and 0x21 <= byte <= 0x7E:
                self.state = LEADING_BYTE
                pointer = (self.leading - 0x21) * 94 + byte - 0x21
                code_point = index_code_point_for(pointer, "jis0208")
                if code_point is None:
                    return Error()
                return [code_point]
            if byte is END:
                self.state = LEADING_BYTE
                return Error()
            self.state = LEADING_BYTE
            return Error()
        if state == ESCAPE_START:
            if byte in (0x24, 0x28):
                self.leading = byte
                self.state = ESCAPE
                return CONTINUE
            if byte is not END:
                restore(queue, [byte])
            self.output = False
            self.state = self.output_state
            return Error()
        # ESCAPE
        leading = self.leading
        self.leading = 0x00
        new_state = None
        if leading == 0x28 and byte == 0x42:
            new_state = ASCII
        if leading == 0x28 and byte == 0x4A:
            new_state = ROMAN
        if leading == 0x28 and byte == 0x49:
            new_state = KATAKANA
        if leading == 0x24 and byte in (0x40, 0x42):
            new_state = LEADING_BYTE
        if new_state is not None:
            self.state = self.output_state = new_state
            output = self.output
            self.output = True
            return CONTINUE if output is False else Error()
        if byte is END:
            restore(queue, [leading])
        else:
            restore(queue, [leading, byte])
        self.output = False
        self.state = self.output_state
        return Error()


class ShiftJisDecoder:
    """https://encoding.spec.whatwg.org/#shift_jis-decoder"""

    def __init__(self) -> None:
        self.leading = 0x00

    def handler(self, queue: deque, byte: int | None):
        if byte is END and self.leading != 0x00:
            self.leading = 0x00
            return Error()
        if byte is END and self.leading == 0x00:
            return FINISHED
        if self.leading != 0x00:
            leading = self.leading
            self.leading = 0x00
            pointer = None
            offset = 0x40 if byte < 0x7F else 0x41
            leading_offset = 0x81 if leading < 0xA0 else 0xC1
            if 0x40 <= byte <= 0x7E or 0x80 <= byte <= 0xFC:
                pointer = (leading - leading_offset) * 188 + byte - offset
            if pointer is not None and 8836 <= pointer <= 10715:
                return [0xE000 - 8836 + pointer]
            code_point = None if pointer is None else index_code_point_for(pointer, "jis0208")
            if code_point is not None:
                return [code_point]
            if is_ascii_byte(byte):
                restore(queue, [byte])
            return Error()
        if is_ascii_byte(byte) or byte == 0x80:
            return [byte]
        if 0xA1 <= byte <= 0xDF:
            return [0xFF61 - 0xA1 + byte]
        if 0x81 <= byte <= 0x9F or 0xE0 <= byte <= 0xFC:
            self.leading = byte
            return CONTINUE
        return Error()


class EucKrDecoder:
    """https://encoding.spec.whatwg.org/#euc-kr-decoder"""

    def __init__(self) -> None:
        self.leading = 0x00

    def handler(self, queue: deque, byte: int | None):
        if byte is END and self.leading != 0x00:
            self.leading = 0x00
            return Error()
        if byte is END and self.leading == 0x00:
            return FINISHED
        if self.leading != 0x00:
            leading = self.leading
            self.leading = 0x00
            pointer = None
            if 0x41 <= byte <= 0xFE:
                pointer = (leading - 0x81) * 190 + (byte - 0x41)
            code_point = None if pointer is None else index_code_point_for(pointer, "euc-kr")
            if code_point is not None:
                return [code_point]
            if is_ascii_byte(byte):
                restore(queue, [byte])
            return Error()
        if is_ascii_byte(byte):
            return [byte]
        if 0x81 <= byte <= 0xFE:
            self.leading = byte
            return CONTINUE
        return Error()


DECODERS: dict[str, Callable[[], object]] = {
    "gb18030": Gb18030Decoder,
    "gbk": Gb18030Decoder,  # https://encoding.spec.whatwg.org/#gbk-decoder
    "big5": Big5Decoder,
    "euc-jp": EucJpDecoder,
    "iso-2022-jp": Iso2022JpDecoder,
    "shift_jis": ShiftJisDecoder,
    "euc-kr": EucKrDecoder,
}


def decode(data: bytes, encoding: str, error_mode: str = "replacement") -> str | None:
    """Process a queue (https://encoding.spec.whatwg.org/#concept-encoding-run)
    of ``data`` then end-of-queue with a fresh decoder (no BOM sniffing: the
    decoder alone).  Error mode "replacement" (U+FFFD for an error) or
    "fatal" (``None``: the process returns the error)."""
    decoder = DECODERS[encoding]()
    queue = deque(data)
    queue.append(END)
    output: list[int] = []
    while True:
        item = read(queue)
        result = decoder.handler(queue, item)  # type: ignore[attr-defined]
        if result == FINISHED:
            break
        if isinstance(result, list):
            output.extend(result)
        elif isinstance(result, Error):
            if error_mode == "fatal":
                return None
            output.append(0xFFFD)
    return "".join(map(chr, output))


# -- encoders ---------------------------------------------------------------


def gb18030_encode(code_point: int, is_gbk: bool) -> bytes | Error:
    """https://encoding.spec.whatwg.org/#gb18030-encoder (one code point)"""
    if code_point <= 0x7F:
        return bytes([code_point])
    if code_point == 0xE5E5:
        return Error(code_point)
    if is_gbk and code_point == 0x20AC:
        return b"\x80"
    table = {
        0xE78D: b"\xa6\xd9", 0xE78E: b"\xa6\xda", 0xE78F: b"\xa6\xdb", 0xE790: b"\xa6\xdc",
        0xE791: b"\xa6\xdd", 0xE792: b"\xa6\xde", 0xE793: b"\xa6\xdf", 0xE794: b"\xa6\xec",
        0xE795: b"\xa6\xed", 0xE796: b"\xa6\xf3", 0xE81E: b"\xfe\x59", 0xE826: b"\xfe\x61",
        0xE82B: b"\xfe\x66", 0xE82C: b"\xfe\x67", 0xE832: b"\xfe\x6d", 0xE843: b"\xfe\x7e",
        0xE854: b"\xfe\x90", 0xE864: b"\xfe\xa0",
    }  # fmt: skip
    if code_point in table:
        return table[code_point]
    pointer = first_pointers(index_entries("gb18030")).get(code_point)
    if pointer is not None:
        leading = pointer // 190 + 0x81
        trailing = pointer % 190
        offset = 0x40 if trailing < 0x3F else 0x41
        return bytes([leading, trailing + offset])
    if is_gbk:
        return Error(code_point)
    pointer = gb18030_ranges_pointer(code_point)
    byte1, pointer = divmod(pointer, 10 * 126 * 10)
    byte2, pointer = divmod(pointer, 10 * 126)
    byte3, byte4 = divmod(pointer, 10)
    return bytes([byte1 + 0x81, byte2 + 0x30, byte3 + 0x81, byte4 + 0x30])


def big5_encode(code_point: int) -> bytes | Error:
    """https://encoding.spec.whatwg.org/#big5-encoder"""
    if code_point <= 0x7F:
        return bytes([code_point])
    pointer = big5_pointer(code_point)
    if pointer is None:
        return Error(code_point)
    leading = pointer // 157 + 0x81
    trailing = pointer % 157
    offset = 0x40 if trailing < 0x3F else 0x62
    return bytes([leading, trailing + offset])


def euc_jp_encode(code_point: int) -> bytes | Error:
    """https://encoding.spec.whatwg.org/#euc-jp-encoder"""
    if code_point <= 0x7F:
        return bytes([code_point])
    if code_point == 0xA5:
        return b"\x5c"
    if code_point == 0x203E:
        return b"\x7e"
    if 0xFF61 <= code_point <= 0xFF9F:
        return bytes([0x8E, code_point - 0xFF61 + 0xA1])
    if code_point == 0x2212:
        code_point = 0xFF0D
    pointer = first_pointers(index_entries("jis0208")).get(code_point)
    if pointer is None:
        return Error(code_point)
    return bytes([pointer // 94 + 0xA1, pointer % 94 + 0xA1])


def shift_jis_encode(code_point: int) -> bytes | Error:
    """https://encoding.spec.whatwg.org/#shift_jis-encoder"""
    if code_point <= 0x80:
        return bytes([code_point])
    if code_point == 0xA5:
        return b"\x5c"
    if code_point == 0x203E:
        return b"\x7e"
    if 0xFF61 <= code_point <= 0xFF9F:
        return bytes([code_point - 0xFF61 + 0xA1])
    if code_point == 0x2212:
        code_point = 0xFF0D
    pointer = shift_jis_pointer(code_point)
    if pointer is None:
        return Error(code_point)
    leading = pointer // 188
    leading_offset = 0x81 if leading < 0x1F else 0xC1
    trailing = pointer % 188
    offset = 0x40 if trailing < 0x3F else 0x41
    return bytes([leading + leading_offset, trailing + offset])


def euc_kr_encode(code_point: int) -> bytes | Error:
    """https://encoding.spec.whatwg.org/#euc-kr-encoder"""
    if code_point <= 0x7F:
        return bytes([code_point])
    pointer = first_pointers(index_entries("euc-kr")).get(code_point)
    if pointer is None:
        return Error(code_point)
    return bytes([pointer // 190 + 0x81, pointer % 190 + 0x41])


class Iso2022JpEncoder:
    """https://encoding.spec.whatwg.org/#iso-2022-jp-encoder"""

    def __init__(self) -> None:
        self.state = ASCII  # ASCII, ROMAN or "jis0208" (LEADING_BYTE here)

    def handler(self, queue: deque, code_point: int | None):  # noqa: C901 - the spec's steps
        if code_point is END and self.state != ASCII:
            self.state = ASCII
            return [0x1B, 0x28, 0x42]
        if code_point is END:
            return FINISHED
        if self.state in (ASCII, ROMAN) and code_point in (0x0E, 0x0F, 0x1B):
            return Error(0xFFFD)
        if self.state == ASCII and code_point <= 0x7F:
            return [code_point]
        if self.state == ROMAN and (
            (code_point <= 0x7F and code_point not in (0x5C, 0x7E)) or code_point in (0xA5, 0x203E)
        ):
            if code_point <= 0x7F:
                return [code_point]
            if code_point == 0xA5:
                return [0x5C]
            return [0x7E]
        if code_point <= 0x7F and self.state != ASCII:
            restore(queue, [code_point])
            self.state = ASCII
            return [0x1B, 0x28, 0x42]
        if code_point in (0xA5, 0x203E) and self.state != ROMAN:
            restore(queue, [code_point])
            self.state = ROMAN
            return [0x1B, 0x28, 0x4A]
        if code_point == 0x2212:
            code_point = 0xFF0D
        if 0xFF61 <= code_point <= 0xFF9F:
            code_point = index_code_point_for(code_point - 0xFF61, "iso-2022-jp-katakana")
        pointer = first_pointers(index_entries("jis0208")).get(code_point)
        if pointer is None:
            if self.state == LEADING_BYTE:
                restore(queue, [code_point])
                self.state = ASCII
                return [0x1B, 0x28, 0x42]
            return Error(code_point)
        if self.state != LEADING_BYTE:
            restore(queue, [code_point])
            self.state = LEADING_BYTE
            return [0x1B, 0x24, 0x42]
        return [pointer // 94 + 0x21, pointer % 94 + 0x21]


def encode(text: str, encoding: str) -> bytes:
    """https://encoding.spec.whatwg.org/#encode: process a queue with the
    encoder and error mode "html" (an error becomes ``&#<decimal>;``)."""
    stateless = {
        "gb18030": lambda cp: gb18030_encode(cp, False),
        "gbk": lambda cp: gb18030_encode(cp, True),
        "big5": big5_encode,
        "euc-jp": euc_jp_encode,
        "shift_jis": shift_jis_encode,
        "euc-kr": euc_kr_encode,
    }
    output = bytearray()
    if encoding in stateless:
        handler = stateless[encoding]
        for char in text:
            result = handler(ord(char))
            if isinstance(result, Error):
                output += b"&#%d;" % result.code_point
            else:
                output += result
        return bytes(output)
    encoder = Iso2022JpEncoder()
    queue = deque(ord(c) for c in text)
    queue.append(END)
    while True:
        item = read(queue)
        result = encoder.handler(queue, item)
        if result == FINISHED:
            return bytes(output)
        if isinstance(result, Error):
            output += b"&#%d;" % result.code_point
        else:
            output += bytes(result)


def encodable(code_point: int, encoding: str) -> bool:
    """Can the standard's encoder for ``encoding`` encode ``code_point``
    (without an error)?"""
    if 0xD800 <= code_point <= 0xDFFF:
        return False
    if encoding == "iso-2022-jp":
        if code_point in (0x0E, 0x0F, 0x1B):
            return False
        encoder = Iso2022JpEncoder()
        queue = deque([code_point, END])
        while True:
            item = read(queue)
            result = encoder.handler(queue, item)
            if result == FINISHED:
                return True
            if isinstance(result, Error):
                return False
    functions = {
        "gb18030": lambda cp: gb18030_encode(cp, False),
        "gbk": lambda cp: gb18030_encode(cp, True),
        "big5": big5_encode,
        "euc-jp": euc_jp_encode,
        "shift_jis": shift_jis_encode,
        "euc-kr": euc_kr_encode,
    }
    return not isinstance(functions[encoding](code_point), Error)


def standard_available() -> bool:
    return (STANDARD_DIR / "index-jis0208.txt").is_file()


__all__ = ["MISSING_STANDARD", "decode", "encodable", "encode", "standard_available"]
