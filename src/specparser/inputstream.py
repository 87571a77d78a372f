"""Preprocessing the input stream.

https://html.spec.whatwg.org/#preprocessing-the-input-stream

Newlines are normalized once, for the whole text (CR LF and lone CR become
LF), so every later offset indexes the preprocessed text.  The parse errors
the spec attaches to individual code points of the input stream (surrogates,
noncharacters, controls) are found with one regex scan, and only when errors
are being collected.
"""

from __future__ import annotations

import re

# https://infra.spec.whatwg.org/#surrogate
_SURROGATE = "\ud800-\udfff"
# https://infra.spec.whatwg.org/#noncharacter
_NONCHARACTER = "\ufdd0-\ufdef" + "".join(
    chr(plane << 16 | 0xFFFE) + chr(plane << 16 | 0xFFFF) for plane in range(17)
)
# https://infra.spec.whatwg.org/#control that is not ASCII whitespace and not
# U+0000 (NULs are reported by the tokenizer states that meet them).
_CONTROL = "\x01-\x08\x0b\x0e-\x1f\x7f-\x9f"

_PROBLEM_CHARACTER = re.compile(f"[{_SURROGATE}{_NONCHARACTER}{_CONTROL}]")


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
        if "\ud800" <= c <= "\udfff":
            code = "surrogate-in-input-stream"
        elif c <= "\x9f":
            code = "control-character-in-input-stream"
        else:
            code = "noncharacter-in-input-stream"
        found.append((match.start(), code))
    return found
