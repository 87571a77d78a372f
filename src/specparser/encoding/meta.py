"""What a ``<meta>`` element says about the document's encoding.

Used twice: by the prescan (on attribute values it read from bytes) and by
the tree construction stage, whose "in head" insertion mode looks at every
``<meta>`` start tag while the confidence is tentative.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..infra import ascii_lowercase
from .decoding import ASCII_WHITESPACE, get_an_encoding

__all__ = ["encoding_declared_by_meta", "extract_a_character_encoding_from_a_meta_element"]


def extract_a_character_encoding_from_a_meta_element(s: str) -> str | None:
    """https://html.spec.whatwg.org/#algorithm-for-extracting-a-character-encoding-from-a-meta-element

    The encoding named by ``charset=`` in a ``content`` attribute value, or
    ``None`` ("nothing", or a label that is not an encoding)."""
    lowered = ascii_lowercase(s)  # same length as s: indexes carry over
    length = len(s)
    # Step 1.
    position = 0
    while True:
        # Step 2 (loop): the next "charset", ASCII case-insensitively.
        found = lowered.find("charset", position)
        if found == -1:
            return None
        position = found + 7
        # Step 3: skip ASCII whitespace after the word.
        while position < length and s[position] in ASCII_WHITESPACE:
            position += 1
        # Step 4: no "=": search again from just before this character.
        if position < length and s[position] == "=":
            break
    # Step 5: skip ASCII whitespace after the "=".
    position += 1
    while position < length and s[position] in ASCII_WHITESPACE:
        position += 1
    # Step 6.
    if position == length:
        return None  # there is no next character
    quote = s[position]
    if quote == '"' or quote == "'":
        end = s.find(quote, position + 1)
        if end == -1:
            return None  # an unmatched quote
        return get_an_encoding(s[position + 1 : end])
    end = position
    while end < length and s[end] not in ASCII_WHITESPACE and s[end] != ";":
        end += 1
    return get_an_encoding(s[position:end])


def encoding_declared_by_meta(attributes: Mapping) -> str | None:
    """The encoding a ``<meta>`` start tag declares, as the "in head"
    insertion mode reads it, or ``None``.

    https://html.spec.whatwg.org/#parsing-main-inhead ("A start tag whose tag
    name is "meta""): a ``charset`` attribute whose value is an encoding
    label; otherwise ``http-equiv`` ASCII case-insensitively equal to
    ``Content-Type`` together with a ``content`` attribute from which the
    extraction algorithm gets an encoding.

    ``attributes`` maps attribute names (lower-case, as the tokenizer emits
    them) to values.  The UTF-16 and x-user-defined substitutions are not
    made here: :func:`~specparser.encoding.change_the_encoding` makes them.
    """
    charset = attributes.get("charset")
    if charset is not None:
        encoding = get_an_encoding(charset)
        if encoding is not None:
            return encoding
    http_equiv = attributes.get("http-equiv")
    if http_equiv is not None and ascii_lowercase(http_equiv) == "content-type":
        content = attributes.get("content")
        if content is not None:
            return extract_a_character_encoding_from_a_meta_element(content)
    return None
