"""Prescan a byte stream to determine its encoding.

https://html.spec.whatwg.org/#prescan-a-byte-stream-to-determine-its-encoding

The prescan walks raw bytes the way the spec does: it skips comments, the
insides of other tags (attribute by attribute, so a ``>`` in a quoted value
does not end a tag early), ``<!``, ``</`` and ``<?`` constructs, and looks
at the attributes of ``<meta`` tags.  Running out of bytes anywhere (the end
condition: the first ``PRESCAN_LENGTH`` bytes) aborts it unsuccessfully.
"""

from __future__ import annotations

import re

from .decoding import get_an_encoding
from .meta import extract_a_character_encoding_from_a_meta_element

__all__ = ["PRESCAN_LENGTH", "get_an_attribute", "prescan_a_byte_stream_to_determine_its_encoding"]

# "User agents are encouraged to only prescan the first 1024 bytes."
PRESCAN_LENGTH = 1024

_WHITESPACE = b"\t\n\x0c\r "  # 0x09, 0x0A, 0x0C, 0x0D, 0x20
_WHITESPACE_OR_SLASH = frozenset(b"\t\n\x0c\r /")
_WHITESPACE_OR_GT = re.compile(rb"[\t\n\x0c\r >]")
_ASCII_LETTER = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
# Step 4 of "get an attribute": the bytes that end an attribute name
# (after its first byte, which may itself be "=").
_NAME_END = re.compile(rb"[\t\n\x0c\r />=]")
# Step 11: the bytes that end an unquoted attribute value.
_VALUE_END = _WHITESPACE_OR_GT

_GT = 0x3E
_EQUALS = 0x3D
_SLASH = 0x2F


class _RanOutOfBytes(Exception):
    """The position went past the bytes available (or the end condition)."""


def _text(raw: bytes) -> str:
    # Appending "the code point with the same value as the byte", with A-Z
    # lower-cased (bytes.lower() touches ASCII letters only).
    return raw.lower().decode("latin-1")


def get_an_attribute(data: bytes, position: int) -> tuple[str | None, str, int]:
    """https://html.spec.whatwg.org/#concept-get-attributes-when-sniffing

    Returns ``(name, value, position)``; ``name`` is ``None`` when there is no
    further attribute (the position is then at a ``>``).  Raises
    :class:`_RanOutOfBytes` when the bytes end first."""
    length = len(data)
    # Step 1: skip whitespace and "/".
    while position < length and data[position] in _WHITESPACE_OR_SLASH:
        position += 1
    if position >= length:
        raise _RanOutOfBytes
    # Step 2.
    if data[position] == _GT:
        return None, "", position
    # Steps 3-5: the name.  Its first byte is taken whatever it is ("=" when
    # the name is still empty is "anything else").
    match = _NAME_END.search(data, position + 1)
    if match is None:
        raise _RanOutOfBytes
    end = match.start()
    name = _text(data[position:end])
    position = end
    byte = data[position]
    if byte == _SLASH or byte == _GT:
        return name, "", position
    if byte != _EQUALS:
        # Step 6 (spaces).
        while position < length and data[position] in _WHITESPACE:
            position += 1
        if position >= length:
            raise _RanOutOfBytes
        # Step 7.
        if data[position] != _EQUALS:
            return name, "", position
    # Step 8: past the "=".
    position += 1
    # Step 9 (value): skip whitespace.
    while position < length and data[position] in _WHITESPACE:
        position += 1
    if position >= length:
        raise _RanOutOfBytes
    # Step 10.
    byte = data[position]
    if byte == 0x22 or byte == 0x27:  # " or '
        end = data.find(bytes((byte,)), position + 1)
        if end == -1:
            raise _RanOutOfBytes
        return name, _text(data[position + 1 : end]), end + 1
    if byte == _GT:
        return name, "", position
    # Steps 10 ("anything else") to 12: up to whitespace or ">".
    match = _VALUE_END.search(data, position + 1)
    if match is None:
        raise _RanOutOfBytes
    return name, _text(data[position : match.start()]), match.start()


# A sentinel for the algorithm's "failure" result of getting an encoding,
# which it keeps apart from null (None).
_FAILURE = "failure"


def _meta_tag(data: bytes, position: int) -> tuple[str | None, int]:
    """Steps 2-16 of the ``<meta`` branch, with ``position`` at the space or
    slash after ``<meta``.  Returns the encoding (or ``None``) and the
    position to continue from ("next byte" adds one)."""
    attribute_list: set[str] = set()
    got_pragma = False
    need_pragma: bool | None = None
    charset: str | None = None
    while True:
        # Step 6 (attributes).
        name, value, position = get_an_attribute(data, position)
        if name is None:
            break
        # Steps 7-8.
        if name in attribute_list:
            continue
        attribute_list.add(name)
        # Step 9.
        if name == "http-equiv":
            if value == "content-type":
                got_pragma = True
        elif name == "content":
            encoding = extract_a_character_encoding_from_a_meta_element(value)
            if encoding is not None and charset is None:
                charset = encoding
                need_pragma = True
        elif name == "charset":
            charset = get_an_encoding(value) or _FAILURE
            need_pragma = False
    # Steps 11-13 (processing).
    if need_pragma is None or (need_pragma and not got_pragma) or charset is _FAILURE:
        return None, position
    # Steps 14-15.
    if charset == "utf-16be" or charset == "utf-16le":
        charset = "utf-8"
    elif charset == "x-user-defined":
        charset = "windows-1252"
    # Step 16.
    return charset, position


def prescan_a_byte_stream_to_determine_its_encoding(
    data: bytes, end_condition: int = PRESCAN_LENGTH
) -> str | None:
    """https://html.spec.whatwg.org/#prescan-a-byte-stream-to-determine-its-encoding

    The encoding a ``<meta>`` in the first ``end_condition`` bytes declares,
    or ``None`` when the prescan aborts unsuccessfully."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError(f"the prescan needs bytes, not {type(data).__name__}")
    data = bytes(data[:end_condition])
    length = len(data)
    position = 0
    try:
        while True:
            # Step 2 (loop).
            position = data.find(b"<", position)
            if position == -1:
                return None  # "any other byte" up to the end: ran out
            if data.startswith(b"<!--", position):
                # The ">" of the first "-->" after the "<" (the dashes of
                # "<!--" count, so "<!-->" is a whole comment).
                end = data.find(b"-->", position + 2)
                if end == -1:
                    return None
                position = end + 2
            elif (
                data[position + 1 : position + 5].lower() == b"meta"
                and position + 5 < length
                and data[position + 5] in _WHITESPACE_OR_SLASH
            ):
                encoding, position = _meta_tag(data, position + 5)
                if encoding is not None:
                    return encoding
            elif position + 1 < length and (
                data[position + 1] in _ASCII_LETTER
                or (
                    data[position + 1] == _SLASH
                    and position + 2 < length
                    and data[position + 2] in _ASCII_LETTER
                )
            ):
                # A start or end tag: to the next whitespace or ">", then
                # past its attributes.
                match = _WHITESPACE_OR_GT.search(data, position + 2)
                if match is None:
                    return None
                position = match.start()
                while True:
                    name, _value, position = get_an_attribute(data, position)
                    if name is None:
                        break
            elif data[position + 1 : position + 2] in (b"!", b"/", b"?"):
                end = data.find(b">", position + 1)
                if end == -1:
                    return None
                position = end
            # Step 3 (next byte).
            position += 1
    except _RanOutOfBytes:
        return None
