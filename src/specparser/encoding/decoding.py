"""Labels to encodings, and bytes to text, as the Encoding Standard says.

https://encoding.spec.whatwg.org/

Decoding never raises: every malformed or unmapped byte sequence becomes
U+FFFD (the standard's "replacement" error mode).

Every encoding decodes exactly as the standard says: the single-byte
encodings through Python's charmap codec with the standard's tables,
UTF-8 and UTF-16LE/BE through Python's codecs (which follow the standard's
error handling), x-user-defined and replacement here, and the legacy
multi-byte encodings (gb18030, GBK, Big5, EUC-JP, ISO-2022-JP, Shift_JIS,
EUC-KR) in :mod:`specparser.encoding.multibyte`.
"""

from __future__ import annotations

import codecs
import difflib

from .labels import LABEL_TO_NAME, MULTI_BYTE_ENCODINGS, PYTHON_CODECS, SINGLE_BYTE_DIFFERENCES, SINGLE_BYTE_ENCODINGS

__all__ = [
    "ASCII_WHITESPACE",
    "bom_sniff",
    "decode",
    "decode_without_bom_sniffing",
    "get_an_encoding",
    "lookup",
    "nearest_label",
    "unknown_label_message",
]

# https://infra.spec.whatwg.org/#ascii-whitespace
ASCII_WHITESPACE = "\t\n\x0c\r "

def get_an_encoding(label: str) -> str | None:
    """https://encoding.spec.whatwg.org/#concept-encoding-get

    The encoding's name for ``label`` (leading and trailing ASCII whitespace
    removed, ASCII case-insensitive), or ``None`` for the standard's
    "failure"."""
    if not isinstance(label, str):
        raise TypeError(f"an encoding label must be a str, not {type(label).__name__}")
    label = label.strip(ASCII_WHITESPACE)
    if not label.isascii():
        return None  # every label is ASCII; this also rules out "\u212aoi8-r"
    return LABEL_TO_NAME.get(label.lower())


def lookup(label: str) -> str:
    """Like :func:`get_an_encoding`, but an unknown label is an error:
    ``LookupError`` naming the label (and the nearest known one)."""
    name = get_an_encoding(label)
    if name is None:
        raise LookupError(unknown_label_message(label))
    return name


def nearest_label(label: str) -> str | None:
    """The label of the Encoding Standard most like ``label`` (difflib's
    ratio, at least 0.6, case and surrounding whitespace ignored as
    :func:`get_an_encoding` ignores them), or ``None``: for an error
    message's "did you mean"."""
    matches = difflib.get_close_matches(label.strip(ASCII_WHITESPACE).lower(), LABEL_TO_NAME, n=1)
    return matches[0] if matches else None


def unknown_label_message(label: str) -> str:
    """``unknown encoding label 'latin-1' (did you mean 'latin1'?) ...``"""
    nearest = nearest_label(label) if isinstance(label, str) else None
    hint = f" (did you mean {nearest!r}?)" if nearest is not None else ""
    return (
        f"unknown encoding label {label!r}{hint}: not a label of the WHATWG Encoding "
        "Standard (https://encoding.spec.whatwg.org/#names-and-labels)"
    )


def bom_sniff(data: bytes) -> str | None:
    """https://encoding.spec.whatwg.org/#bom-sniff: the encoding a leading
    byte order mark names, or ``None``."""
    if data[:3] == b"\xef\xbb\xbf":
        return "utf-8"
    head = data[:2]
    if head == b"\xfe\xff":
        return "utf-16be"
    if head == b"\xff\xfe":
        return "utf-16le"
    return None


_BOM_LENGTH = {"utf-8": 3, "utf-16be": 2, "utf-16le": 2}

# name -> 256-character decoding table, built on first use.
_charmaps: dict[str, str] = {}


def _charmap(name: str) -> str:
    table = _charmaps.get(name)
    if table is None:
        if name == "x-user-defined":
            # https://encoding.spec.whatwg.org/#x-user-defined-decoder:
            # 0x00-0x7F are ASCII, 0x80-0xFF become U+F780-U+F7FF.
            chars = [chr(b) if b < 0x80 else chr(0xF780 + b - 0x80) for b in range(256)]
        else:
            # The Python codec's table with U+FFFD for its undefined bytes,
            # corrected where the standard's index differs.
            chars = list(bytes(range(256)).decode(PYTHON_CODECS[name], "replace"))
            for byte, code_point in SINGLE_BYTE_DIFFERENCES.get(name, {}).items():
                chars[byte] = chr(code_point)
        table = _charmaps[name] = "".join(chars)
    return table


def decode_without_bom_sniffing(data: bytes, encoding: str) -> str:
    """Decode ``data`` with the named encoding's decoder, U+FFFD for errors.

    ``encoding`` must be a name (see :func:`get_an_encoding`)."""
    if encoding in SINGLE_BYTE_ENCODINGS or encoding == "x-user-defined":
        # One C-level table lookup per byte (the same path Python's own
        # single-byte codecs take); no byte is ever undefined in the table.
        return codecs.charmap_decode(data, "strict", _charmap(encoding))[0]
    if encoding == "utf-16le":
        return data.decode("utf-16-le", "replace")
    if encoding == "utf-16be":
        return data.decode("utf-16-be", "replace")
    if encoding == "replacement":
        # https://encoding.spec.whatwg.org/#replacement-decoder: one U+FFFD
        # for the whole of a non-empty input.
        return "\ufffd" if data else ""
    if encoding in MULTI_BYTE_ENCODINGS:
        from .multibyte import decode_multi_byte  # the tables load on first use

        return decode_multi_byte(bytes(data), encoding)
    try:
        codec = PYTHON_CODECS[encoding]
    except KeyError:
        raise LookupError(f"{encoding!r} is not the name of an encoding") from None
    return data.decode(codec, "replace")


def decode(data: bytes, encoding: str) -> tuple[str, str]:
    """https://encoding.spec.whatwg.org/#decode

    A leading byte order mark overrides ``encoding`` and is removed.  Returns
    the text and the encoding actually used."""
    if not isinstance(data, (bytes, bytearray)):
        raise TypeError(f"decode() needs bytes, not {type(data).__name__}")
    if not isinstance(encoding, str):
        raise TypeError(f"decode() needs an encoding name (str), not {type(encoding).__name__}")
    bom_encoding = bom_sniff(data)
    if bom_encoding is not None:
        return decode_without_bom_sniffing(data[_BOM_LENGTH[bom_encoding]:], bom_encoding), bom_encoding
    return decode_without_bom_sniffing(data, encoding), encoding
