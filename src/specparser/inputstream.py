"""Preprocessing the input stream.

https://html.spec.whatwg.org/#preprocessing-the-input-stream

Newlines are normalized once, for the whole text (CR LF and lone CR become
LF), so every later offset indexes the preprocessed text.  The parse errors
the spec attaches to individual code points of the input stream (surrogates,
noncharacters, controls) are found with one regex scan, and only when errors
are being collected.
"""

from __future__ import annotations

from typing import Final

import re

__all__ = ["input_stream_errors", "preprocess"]

# Every code point that is *not* a parse error by itself: U+0000 (the
# tokenizer states report NULs), ASCII whitespace and printable ASCII, then
# everything from U+00A0 except surrogates and noncharacters
# (https://infra.spec.whatwg.org/#surrogate, #noncharacter).  Searching for
# the complement of this class is ~8x faster than for a class listing the
# problem code points, because the regex engine settles the common case in
# its first ranges.
_FINE: Final = (
    "\x00\t\n\x0c\r -~\xa0-\ud7ff\ue000-\ufdcf\ufdf0-\ufffd"
    + "".join(f"{chr(plane << 16)}-{chr(plane << 16 | 0xFFFD)}" for plane in range(1, 17))
)
_PROBLEM_CHARACTER: Final = re.compile(f"[^{_FINE}]")


# chr(), not literals: mypyc takes no surrogate in a string literal.
_FIRST_SURROGATE: Final = chr(0xD800)
_LAST_SURROGATE: Final = chr(0xDFFF)


def preprocess(text: str) -> str:
    """Normalize newlines: CR LF and lone CR become LF."""
    if "\r" in text:
        return text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def input_stream_errors(text: str) -> list[tuple[int, str]]:
    """``(offset, code)`` for every code point of the preprocessed ``text``
    that the spec makes a parse error by itself, in text order:
    ``surrogate-in-input-stream``, ``noncharacter-in-input-stream``,
    ``control-character-in-input-stream``."""
    found = []
    for match in _PROBLEM_CHARACTER.finditer(text):
        c = match.group()
        if c <= "\x9f":  # C0 controls but whitespace and NUL, DEL, C1 controls
            code = "control-character-in-input-stream"
        elif _FIRST_SURROGATE <= c <= _LAST_SURROGATE:
            code = "surrogate-in-input-stream"
        else:
            code = "noncharacter-in-input-stream"
        found.append((match.start(), code))
    return found
