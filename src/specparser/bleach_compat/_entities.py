"""bleach's reading of character references in text it does not decode.

bleach leaves character references as written (its tokenizer does not
consume them), then recognises only the ones that end with ``;``
(``&amp;``, ``&#39;``, ``&#x7b;``, ``&nbsp;``): those are kept, every other
``&`` is written ``&amp;``.  These are the functions of bleach 6's
``html5lib_shim`` that do it, with the same results: :func:`match_entity`,
:func:`convert_entity`, :func:`convert_entities`,
:func:`next_possible_entity`.
"""

from __future__ import annotations

import re
import string
from typing import Any, Iterator

from ..html5lib_compat.constants import entities

__all__ = [
    "AMP_SPLIT_RE",
    "ENTITIES",
    "convert_entities",
    "convert_entity",
    "entity_tokens",
    "match_entity",
    "next_possible_entity",
    "reference_after_ampersand",
]

#: Map of entity name (``"amp;"``, and ``"amp"`` for the legacy names that
#: may omit the semicolon) to the characters it stands for.
ENTITIES = entities

# Every prefix of every name: match_entity stops as soon as the name read
# so far can no longer become one (bleach's Trie.has_keys_with_prefix).
_PREFIXES = frozenset(name[:i] for name in ENTITIES for i in range(1, len(name) + 1))

_END_CHARACTERS = frozenset("<&=;" + string.whitespace)
_DECIMAL = frozenset("0123456789")
_HEX = frozenset("0123456789abcdefABCDEF")

AMP_SPLIT_RE = re.compile("(&)")


def match_entity(stream: str) -> str | None:
    """The character reference at the start of ``stream`` (which begins
    with ``&``), without its ``&`` and ``;``, or ``None``: a name or number
    not followed by ``;`` is not one (bleach ignores the standard's legacy
    references without a semicolon)."""
    if stream[:1] != "&":
        raise ValueError('Stream should begin with "&"')
    return reference_after_ampersand(stream, 1)


def reference_after_ampersand(stream: str, i: int) -> str | None:
    """:func:`match_entity` for the reference whose ``&`` is just before
    ``stream[i]`` (no copy of the stream)."""
    end_characters = _END_CHARACTERS
    n = len(stream)
    start = i
    if i < n and stream[i] == "#":
        i += 1
        allowed = _DECIMAL
        if i < n and stream[i] in "xX":
            allowed = _HEX
            i += 1
        digits_end = i
        # bleach reads up to an end character and stops after the first
        # character that is not a digit (which is then not part of the
        # reference; the character after it must be the ";").
        while i < n and stream[i] not in end_characters:
            i += 1
            if stream[i - 1] not in allowed:
                break
            digits_end = i
        if i < n and stream[i] == ";":
            return stream[start:digits_end]
        return None
    prefixes = _PREFIXES
    while i < n and stream[i] not in end_characters:
        i += 1
        if stream[start:i] not in prefixes:
            return None
    if i > start and i < n and stream[i] == ";":
        return stream[start:i]
    return None


def convert_entity(value: str) -> str | None:
    """The characters the reference ``value`` (no ``&``, no ``;``) stands
    for, or ``None``.  Numeric references outside 1..10FFFF are ``None``;
    named ones are looked up without their ``;``, as bleach does (so only
    the legacy names that may omit it convert)."""
    if value[:1] == "#":
        if len(value) < 2:
            return None
        if value[1] in "xX":
            digits, base = value[2:], 16
        else:
            digits, base = value[1:], 10
        if not digits:
            return None
        try:
            code_point = int(digits, base)
        except ValueError:
            return None
        return chr(code_point) if 0 < code_point < 0x110000 else None
    return ENTITIES.get(value)


def next_possible_entity(text: str) -> Iterator[str]:
    """``text`` cut before each ``&``: every part but the first starts with
    ``&``."""
    for i, part in enumerate(AMP_SPLIT_RE.split(text)):
        if i == 0:
            yield part
        elif i % 2 == 0:
            yield "&" + part


def _references(text: str) -> Iterator[tuple[str, str | None]]:
    """``(part, reference)`` for each non-empty part of ``text`` cut before
    each ``&`` (:func:`next_possible_entity`): the reference
    :func:`match_entity` recognises at the part's start, or None."""
    for part in next_possible_entity(text):
        if part:
            yield part, (match_entity(part) if part[0] == "&" else None)


def entity_tokens(text: str) -> Iterator[dict[str, Any]]:
    """``text`` as html5lib tokens for bleach's serializer: each reference
    :func:`match_entity` recognises an Entity token (``&amp;`` a
    Characters token ``&``), so that it is written as it is; the rest
    Characters tokens.  bleach's sanitizer and linkifier each have this
    loop (``BleachSanitizerFilter.sanitize_characters``,
    ``LinkifyFilter.extract_entities``)."""
    for part, entity in _references(text):
        if entity is None:
            yield {"type": "Characters", "data": part}
            continue
        if entity == "amp":
            yield {"type": "Characters", "data": "&"}
        else:
            yield {"type": "Entity", "name": entity}
        remainder = part[len(entity) + 2 :]
        if remainder:
            yield {"type": "Characters", "data": remainder}


def convert_entities(text: str) -> str:
    """``text`` with the references :func:`convert_entity` converts
    replaced by their characters; the others left as they are."""
    if "&" not in text:
        return text
    out = []
    for part, entity in _references(text):
        if entity is not None:
            converted = convert_entity(entity)
            if converted is not None:
                out.append(converted)
                out.append(part[len(entity) + 2 :])
                continue
        out.append(part)
    return "".join(out)
