"""The Infra Standard's string operations that the parser's comparisons use.

https://infra.spec.whatwg.org/#strings.  Python's ``str.lower`` is Unicode
lowercasing, not the standard's: it maps U+212A KELVIN SIGN to ``k`` and
U+0130 to two code points (``i`` + U+0307), so a name or label compared
after ``str.lower`` can match where the standard says it does not.
"""

from __future__ import annotations

from typing import Final

__all__ = ["ASCII_WHITESPACE", "ascii_lowercase"]

# https://infra.spec.whatwg.org/#ascii-whitespace: TAB, LF, FF, CR, SPACE.
ASCII_WHITESPACE: Final = "\t\n\x0c\r "

_ASCII_LOWERCASE_TABLE: Final = {c: c + 0x20 for c in range(0x41, 0x5B)}


def ascii_lowercase(s: str) -> str:
    """https://infra.spec.whatwg.org/#ascii-lowercase: A-Z become a-z and
    nothing else changes (so offsets into the string stay valid)."""
    # str.lower equals the standard's operation on ASCII text, and is faster.
    return s.lower() if s.isascii() else s.translate(_ASCII_LOWERCASE_TABLE)
