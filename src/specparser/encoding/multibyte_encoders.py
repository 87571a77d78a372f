"""The legacy multi-byte encoders, exactly as the Encoding Standard says.

https://encoding.spec.whatwg.org/#gb18030-encoder (and GBK's, the Big5,
EUC-JP, ISO-2022-JP, Shift_JIS and EUC-KR encoders).

:func:`encode_multi_byte` runs the standard's encoder over a whole string
("process a queue" then end-of-queue).  What the encoder cannot encode is an
"error with a code point", handled by ``errors``:

* ``"html"`` (the standard's "html" error mode, as its ``encode`` hook and
  HTML forms use it): ``&#`` + the code point in decimal + ``;``;
* ``"fatal"``: :class:`UnicodeEncodeError` naming the first such
  character;
* a function of the character returning ASCII text to write instead (e.g.
  a named character reference).

The stateless encoders are one table each: code point -> bytes, built on
first use from the index (the standard's "index pointer" rules: first
pointer, Big5's and Shift_JIS's exclusions) and the encoder's own steps,
and applied with ``str.translate`` (a C-level lookup per character; the
bytes are carried as Latin-1 characters).  gb18030's four-byte sequences
are computed on demand.  A lone surrogate in a Python str is encoded as
U+FFFD, as the standard's callers convert strings to scalar values first.
"""

from __future__ import annotations

import re
from typing import Callable, Union

from .indexes import gb18030_ranges_pointer, index_pointers, index_table
from .labels import MULTI_BYTE_ENCODINGS

__all__ = ["ErrorMode", "encode_multi_byte"]

ErrorMode = Union[str, Callable[[str], str]]


class _Unencodable(Exception):
    def __init__(self, char: str) -> None:
        self.char = char


def _html(char: str) -> str:
    # https://encoding.spec.whatwg.org/#concept-encoding-process: "html".
    return f"&#{ord(char)};"


def _fatal(char: str) -> str:
    raise _Unencodable(char)


def _bytes_text(*values: int) -> str:
    return "".join(map(chr, values))


def _gb18030_four_bytes(code_point: int) -> str:
    """https://encoding.spec.whatwg.org/#gb18030-encoder steps 9-15."""
    pointer = gb18030_ranges_pointer(code_point)
    byte1, pointer = divmod(pointer, 10 * 126 * 10)
    byte2, pointer = divmod(pointer, 10 * 126)
    byte3, byte4 = divmod(pointer, 10)
    return _bytes_text(byte1 + 0x81, byte2 + 0x30, byte3 + 0x81, byte4 + 0x30)


_GB18030_SIDE_TABLE = {
    0xE78D: (0xA6, 0xD9), 0xE78E: (0xA6, 0xDA), 0xE78F: (0xA6, 0xDB), 0xE790: (0xA6, 0xDC),
    0xE791: (0xA6, 0xDD), 0xE792: (0xA6, 0xDE), 0xE793: (0xA6, 0xDF), 0xE794: (0xA6, 0xEC),
    0xE795: (0xA6, 0xED), 0xE796: (0xA6, 0xF3), 0xE81E: (0xFE, 0x59), 0xE826: (0xFE, 0x61),
    0xE82B: (0xFE, 0x66), 0xE82C: (0xFE, 0x67), 0xE832: (0xFE, 0x6D), 0xE843: (0xFE, 0x7E),
    0xE854: (0xFE, 0x90), 0xE864: (0xFE, 0xA0),
}  # fmt: skip


def _gb18030_table(is_gbk: bool) -> dict[int, str]:
    """https://encoding.spec.whatwg.org/#gb18030-encoder steps 2-8 (the
    later steps override the earlier table entries, so they go in last)."""
    table = {}
    for code_point, pointer in index_pointers("gb18030").items():
        trailing = pointer % 190
        table[code_point] = _bytes_text(pointer // 190 + 0x81, trailing + (0x40 if trailing < 0x3F else 0x41))
    for code_point, pair in _GB18030_SIDE_TABLE.items():
        table[code_point] = _bytes_text(*pair)
    if is_gbk:
        table[0x20AC] = "\x80"
    table.pop(0xE5E5, None)  # step 3: an error (0xA3 0xA0 decodes to U+3000)
    return table


def _big5_table() -> dict[int, str]:
    """https://encoding.spec.whatwg.org/#big5-encoder"""
    table = {}
    for code_point, pointer in index_pointers("big5").items():
        trailing = pointer % 157
        table[code_point] = _bytes_text(pointer // 157 + 0x81, trailing + (0x40 if trailing < 0x3F else 0x62))
    return table


def _japanese_extras(table: dict[int, str], halfwidth: Callable[[int], str]) -> None:
    # Steps shared by the EUC-JP and Shift_JIS encoders, which come before
    # the index lookup: U+00A5, U+203E, the halfwidth katakana, and U+2212
    # encoded as U+FF0D.
    if 0xFF0D in table:
        table[0x2212] = table[0xFF0D]
    for code_point in range(0xFF61, 0xFFA0):
        table[code_point] = halfwidth(code_point)
    table[0x00A5] = "\x5c"
    table[0x203E] = "\x7e"


def _euc_jp_table() -> dict[int, str]:
    """https://encoding.spec.whatwg.org/#euc-jp-encoder"""
    table = {cp: _bytes_text(p // 94 + 0xA1, p % 94 + 0xA1) for cp, p in index_pointers("jis0208").items()}
    _japanese_extras(table, lambda cp: _bytes_text(0x8E, cp - 0xFF61 + 0xA1))
    return table


def _shift_jis_table() -> dict[int, str]:
    """https://encoding.spec.whatwg.org/#shift_jis-encoder"""
    table = {}
    for code_point, pointer in index_pointers("shift_jis").items():
        leading, trailing = divmod(pointer, 188)
        table[code_point] = _bytes_text(
            leading + (0x81 if leading < 0x1F else 0xC1), trailing + (0x40 if trailing < 0x3F else 0x41)
        )
    _japanese_extras(table, lambda cp: chr(cp - 0xFF61 + 0xA1))
    table[0x80] = "\x80"
    return table


def _euc_kr_table() -> dict[int, str]:
    """https://encoding.spec.whatwg.org/#euc-kr-encoder"""
    return {cp: _bytes_text(p // 190 + 0x81, p % 190 + 0x41) for cp, p in index_pointers("euc-kr").items()}


_TABLE_BUILDERS: dict[str, Callable[[], dict[int, str]]] = {
    "gb18030": lambda: _gb18030_table(False),
    "gbk": lambda: _gb18030_table(True),
    "big5": _big5_table,
    "euc-jp": _euc_jp_table,
    "shift_jis": _shift_jis_table,
    "euc-kr": _euc_kr_table,
}

_SURROGATE = re.compile("[\ud800-\udfff]")


class _Table(dict[int, str]):
    """Code point -> the encoder's bytes as Latin-1 text, for str.translate;
    a miss (a character the table does not hold) asks ``missing``."""

    def __init__(self, base: dict[int, str], missing: Callable[[int], str]) -> None:
        super().__init__(base)
        self._missing = missing

    def __missing__(self, code_point: int) -> str:
        return self._missing(code_point)


_base_tables: dict[str, dict[int, str]] = {}
_tables: dict[tuple[str, ErrorMode], _Table] = {}


def _table(encoding: str, errors: ErrorMode) -> _Table:
    table = _tables.get((encoding, errors))
    if table is not None:
        return table
    base = _base_tables.get(encoding)
    if base is None:
        base = _TABLE_BUILDERS[encoding]()
        base.update((c, chr(c)) for c in range(0x80))  # every encoder: ASCII as is
        _base_tables[encoding] = base
    handle = _html if errors == "html" else _fatal if errors == "fatal" else errors
    assert callable(handle)

    def missing(code_point: int) -> str:
        if encoding == "gb18030" and code_point != 0xE5E5:
            return _gb18030_four_bytes(code_point)
        return handle(chr(code_point))

    table = _Table(base, missing)
    if len(_tables) > 64:
        _tables.clear()  # callables as error modes: keep the cache bounded
    _tables[(encoding, errors)] = table
    return table


# -- ISO-2022-JP ------------------------------------------------------------

_ASCII, _ROMAN, _JIS0208 = range(3)
_TO_ASCII, _TO_ROMAN, _TO_JIS0208 = "\x1b(B", "\x1b(J", "\x1b$B"
_ISO_2022_JP_ASCII_RUN = re.compile("[\x00-\x0d\x10-\x1a\x1c-\x7f]+")


def _encode_iso_2022_jp(text: str, handle: Callable[[str], str]) -> str:
    """https://encoding.spec.whatwg.org/#iso-2022-jp-encoder over ``text``
    then end-of-queue (the bytes as Latin-1 text)."""
    jis0208 = index_pointers("jis0208")
    katakana = index_table("iso-2022-jp-katakana")
    out: list[str] = []
    append = out.append
    state = _ASCII
    i = 0
    n = len(text)
    while i < n:
        if state == _ASCII:
            # Step 4 for a run of ASCII code points (step 3 excludes ESC,
            # SO and SI).
            match = _ISO_2022_JP_ASCII_RUN.match(text, i)
            if match is not None:
                append(match.group())
                i = match.end()
                continue
        code_point = ord(text[i])
        if state != _JIS0208 and code_point in (0x0E, 0x0F, 0x1B):
            # Step 3: an error with U+FFFD (a failure names the character).
            append(_fatal(text[i]) if handle is _fatal else handle("\ufffd"))
            i += 1
            continue
        if state == _ROMAN and (
            (code_point < 0x80 and code_point not in (0x5C, 0x7E)) or code_point in (0xA5, 0x203E)
        ):
            append("\x5c" if code_point == 0xA5 else "\x7e" if code_point == 0x203E else chr(code_point))
            i += 1
            continue
        if code_point < 0x80:
            append(_TO_ASCII)  # step 6 (the code point is read again)
            state = _ASCII
            continue
        if code_point in (0xA5, 0x203E):
            append(_TO_ROMAN)  # step 7
            state = _ROMAN
            continue
        if code_point == 0x2212:
            code_point = 0xFF0D
        if 0xFF61 <= code_point <= 0xFF9F:
            code_point = ord(katakana[code_point - 0xFF61])
        pointer = jis0208.get(code_point)
        if pointer is None:
            if state == _JIS0208:
                append(_TO_ASCII)
                state = _ASCII
                continue
            append(handle(text[i]))
            i += 1
            continue
        if state != _JIS0208:
            append(_TO_JIS0208)
            state = _JIS0208
            continue
        append(chr(pointer // 94 + 0x21) + chr(pointer % 94 + 0x21))
        i += 1
    if state != _ASCII:
        append(_TO_ASCII)  # step 1, at end-of-queue
    return "".join(out)


def encode_multi_byte(text: str, encoding: str, errors: ErrorMode = "html") -> bytes:
    """https://encoding.spec.whatwg.org/#encode with the multi-byte
    ``encoding``'s encoder (a name from ``MULTI_BYTE_ENCODINGS``) and
    ``errors`` as the module docstring says."""
    if not isinstance(text, str):
        raise TypeError(f"encode_multi_byte() needs a str, not {type(text).__name__}")
    if encoding not in MULTI_BYTE_ENCODINGS:
        raise ValueError(f"encode_multi_byte(): {encoding!r} is not a multi-byte encoding's name")
    if not (errors in ("html", "fatal") or callable(errors)):
        raise ValueError(f"encode_multi_byte(): errors must be 'html', 'fatal' or a function, not {errors!r}")
    if text.isascii() and encoding != "iso-2022-jp":
        return text.encode("ascii")
    if _SURROGATE.search(text):
        text = _SURROGATE.sub("\ufffd", text)
    try:
        if encoding == "iso-2022-jp":
            handle = _html if errors == "html" else _fatal if errors == "fatal" else errors
            assert callable(handle)
            out = _encode_iso_2022_jp(text, handle)
        else:
            out = text.translate(_table(encoding, errors))
        return out.encode("latin-1")
    except _Unencodable as error:
        start = text.index(error.char)  # the first of its kind: every one is an error
        raise UnicodeEncodeError(
            encoding, text, start, start + 1, "the Encoding Standard's encoder cannot encode this character"
        ) from None
