"""The Encoding Standard's multi-byte indexes, loaded on first use.

https://encoding.spec.whatwg.org/#indexes

The data is generated from the standard's ``index-*.txt`` files by
:mod:`specparser.encoding._generate` into :mod:`specparser.encoding._index_data`
(compressed; its header names each file's Identifier and Date).  Nothing is
decompressed until a multi-byte encoding is first used, so importing
specparser stays cheap.

* :func:`index_table` - pointer -> code point, as a string: the character
  at position *pointer*, U+0000 for "null" (the index code point);
* :func:`index_pointers` - code point -> pointer, the *first* pointer as the
  standard's "index pointer" says, and the variants the standard defines
  for Shift_JIS and Big5;
* :func:`gb18030_ranges_code_point` / :func:`gb18030_ranges_pointer`.
"""

from __future__ import annotations

import bisect

__all__ = [
    "NULL",
    "gb18030_ranges_code_point",
    "gb18030_ranges_pointer",
    "index_pointers",
    "index_table",
]

# The code point standing for "null" in the tables (no index maps to it).
NULL = "\x00"

_tables: dict[str, str] = {}
_pointers: dict[str, dict[int, int]] = {}
_ranges: list[tuple[tuple[int, ...], tuple[int, ...]]] = []


def _load() -> None:
    import base64
    import zlib

    from . import _index_data

    blob = zlib.decompress(base64.b85decode("".join(_index_data.PACKED))).decode("utf-8")
    start = 0
    for name, length in _index_data.LENGTHS.items():
        _tables[name] = blob[start : start + length]
        start += length


def index_table(name: str) -> str:
    """The index ``name`` ("big5", "euc-kr", "gb18030", "jis0208",
    "jis0212", "iso-2022-jp-katakana") as a string indexed by pointer;
    :data:`NULL` where the index has no such pointer; pointers past the
    string's end are null too."""
    if not _tables:
        _load()
    return _tables[name]


def index_pointers(name: str) -> dict[int, int]:
    """Code point -> pointer for ``name``, an index name or one of:

    * ``"shift_jis"``: https://encoding.spec.whatwg.org/#index-shift_jis-pointer
      (index jis0208 without pointers 8272-8835);
    * ``"big5"``: https://encoding.spec.whatwg.org/#index-big5-pointer (index
      Big5 without the pointers below (0xA1 - 0x81) x 157, the *last*
      pointer for six code points).

    Otherwise https://encoding.spec.whatwg.org/#index-pointer: the *first*
    pointer of each code point."""
    table = _pointers.get(name)
    if table is not None:
        return table
    source = index_table("jis0208" if name == "shift_jis" else name)
    table = {}
    for pointer, char in enumerate(source):
        if char == NULL:
            continue
        if name == "shift_jis" and 8272 <= pointer <= 8835:
            continue
        if name == "big5" and pointer < (0xA1 - 0x81) * 157:
            continue
        table.setdefault(ord(char), pointer)
    if name == "big5":
        for pointer in range(len(source) - 1, (0xA1 - 0x81) * 157 - 1, -1):
            code_point = ord(source[pointer])
            if code_point in (0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345) and table[code_point] < pointer:
                table[code_point] = pointer  # the last pointer, found first going down
    _pointers[name] = table
    return table


def _range_columns() -> tuple[tuple[int, ...], tuple[int, ...]]:
    if not _ranges:
        from ._index_data import GB18030_RANGES

        pointers = tuple(pointer for pointer, _ in GB18030_RANGES)
        code_points = tuple(code_point for _, code_point in GB18030_RANGES)
        _ranges.append((pointers, code_points))
    return _ranges[0]


def gb18030_ranges_code_point(pointer: int) -> int | None:
    """https://encoding.spec.whatwg.org/#index-gb18030-ranges-code-point"""
    # Step 1.
    if 39419 < pointer < 189000 or pointer > 1237575:
        return None
    # Step 2.
    if pointer == 7457:
        return 0xE7C7
    # Steps 3-4: the last range starting at or before pointer (both columns
    # of the index increase together).
    pointers, code_points = _range_columns()
    row = bisect.bisect_right(pointers, pointer) - 1
    return code_points[row] + pointer - pointers[row]


def gb18030_ranges_pointer(code_point: int) -> int:
    """https://encoding.spec.whatwg.org/#index-gb18030-ranges-pointer"""
    # Step 1.
    if code_point == 0xE7C7:
        return 7457
    # Steps 2-3.
    pointers, code_points = _range_columns()
    row = bisect.bisect_right(code_points, code_point) - 1
    return pointers[row] + code_point - code_points[row]
