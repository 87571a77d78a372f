"""Character reference tables.

https://html.spec.whatwg.org/#named-character-references
https://html.spec.whatwg.org/#numeric-character-reference-end-state

The named table is the standard library's copy of the spec's table
(:data:`html.entities.html5`), split in two the way the tokenizer uses it:
every name that ends in ``;`` and the legacy names that the spec also
matches without a semicolon (``&amp``, ``&copy``, ``&not`` ...).
"""

from __future__ import annotations

from typing import Final

from html.entities import html5 as _html5

__all__ = [
    "LONGEST_WITHOUT_SEMICOLON",
    "NAMED_WITHOUT_SEMICOLON",
    "NAMED_WITH_SEMICOLON",
    "NUMERIC_REPLACEMENTS",
    "is_control_reference_error",
    "is_noncharacter",
]

# "amp;" -> "&": every entry that ends with a semicolon (the semicolon is
# part of the key, as in the spec's table).
NAMED_WITH_SEMICOLON: dict[str, str] = {k: v for k, v in _html5.items() if k.endswith(";")}

# "amp" -> "&": the legacy entries matched without a semicolon.
NAMED_WITHOUT_SEMICOLON: dict[str, str] = {k: v for k, v in _html5.items() if not k.endswith(";")}

# Longest legacy name: longer alphanumeric runs only need their prefixes tried.
LONGEST_WITHOUT_SEMICOLON: Final = max(map(len, NAMED_WITHOUT_SEMICOLON))

# Step "If the number is one of the numbers in the first column of the
# following table" of the numeric character reference end state: code points
# 0x80-0x9F that windows-1252 put printable characters at.
NUMERIC_REPLACEMENTS: dict[int, str] = {
    0x80: "\u20ac",
    0x82: "\u201a",
    0x83: "\u0192",
    0x84: "\u201e",
    0x85: "\u2026",
    0x86: "\u2020",
    0x87: "\u2021",
    0x88: "\u02c6",
    0x89: "\u2030",
    0x8A: "\u0160",
    0x8B: "\u2039",
    0x8C: "\u0152",
    0x8E: "\u017d",
    0x91: "\u2018",
    0x92: "\u2019",
    0x93: "\u201c",
    0x94: "\u201d",
    0x95: "\u2022",
    0x96: "\u2013",
    0x97: "\u2014",
    0x98: "\u02dc",
    0x99: "\u2122",
    0x9A: "\u0161",
    0x9B: "\u203a",
    0x9C: "\u0153",
    0x9E: "\u017e",
    0x9F: "\u0178",
}


def is_noncharacter(code: int) -> bool:
    """https://infra.spec.whatwg.org/#noncharacter"""
    return 0xFDD0 <= code <= 0xFDEF or (code & 0xFFFE) == 0xFFFE


def is_control_reference_error(code: int) -> bool:
    """The numeric character reference end state's control check: "0x0D, or
    a control that's not ASCII whitespace" (U+0000 is handled before)."""
    return (
        0x01 <= code <= 0x08
        or code == 0x0B
        or 0x0D <= code <= 0x1F
        or 0x7F <= code <= 0x9F
    )
