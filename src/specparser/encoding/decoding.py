"""Labels to encodings, and bytes to text, as the Encoding Standard says.

https://encoding.spec.whatwg.org/

Decoding never raises: every malformed or unmapped byte sequence becomes
U+FFFD (the standard's "replacement" error mode).

Known differences from the standard (multi-byte encodings only; every
single-byte encoding, UTF-8, UTF-16LE/BE, x-user-defined and replacement
decode exactly as specified):

* Shift_JIS (cp932, with its four single-byte extras turned back into
  errors) and EUC-KR (cp949) map every valid byte pair as the standard
  does, but after an invalid pair Python may emit a different
  number of U+FFFD than the standard (which, for instance, swallows an
  unmapped trail byte in the trail-byte range).  ASCII bytes after a bad
  lead byte are never swallowed, so markup such as ``<`` survives.
* gbk/gb18030 (Python's gb18030, with a lone 0x80 decoded to U+20AC as
  the standard says): a few dozen pairs map differently (the standard
  follows GB 18030-2022, Python the 2005 mapping).
* Big5 (Python's big5hkscs): about two hundred HKSCS-2008 pairs Python
  does not know decode to U+FFFD.
* EUC-JP (Python's euc_jp) uses JIS X 0208 as published, where the
  standard uses Microsoft's variant (e.g. 0xA1C1 is U+301C here, U+FF5E in
  the standard) and knows the NEC row 13 and IBM extensions.
* ISO-2022-JP (Python's iso2022_jp) accepts the same escape sequences but
  recovers from errors differently.
"""

from __future__ import annotations

import codecs
import re

from .labels import LABEL_TO_NAME, PYTHON_CODECS, SINGLE_BYTE_DIFFERENCES, SINGLE_BYTE_ENCODINGS

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
    ``LookupError`` naming the label."""
    name = get_an_encoding(label)
    if name is None:
        raise LookupError(
            f"unknown encoding label {label!r}: not a label of the WHATWG Encoding "
            "Standard (https://encoding.spec.whatwg.org/#names-and-labels)"
        )
    return name


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
    try:
        codec = PYTHON_CODECS[encoding]
    except KeyError:
        raise LookupError(f"{encoding!r} is not the name of an encoding") from None
    text = data.decode(codec, _ERROR_HANDLERS.get(codec, "replace"))
    if encoding == "shift_jis" and _CP932_SINGLE_BYTE_EXTRAS.search(text):
        text = text.translate(_CP932_SINGLE_BYTE_FIX)
    return text


def _gb18030_error(error: UnicodeError) -> tuple[str, int]:
    # https://encoding.spec.whatwg.org/#gb18030-decoder: a 0x80 that is not
    # the trail of a lead byte is U+20AC, and decoding goes on with the next
    # byte; Python's gb18030 reports an error starting at it (one byte, or
    # two when a digit follows).  Every other error is U+FFFD, as with
    # "replace".
    if not isinstance(error, UnicodeDecodeError):
        raise error  # registered for decoding only
    if error.object[error.start] == 0x80:
        return "\u20ac", error.start + 1
    return "\ufffd", error.end


codecs.register_error("specparser-gb18030", _gb18030_error)
_ERROR_HANDLERS = {"gb18030": "specparser-gb18030"}

# cp932 decodes the single bytes 0xA0, 0xFD, 0xFE and 0xFF to U+F8F0-U+F8F3
# (Microsoft's best fit); the standard's Shift_JIS decoder has no such bytes
# (errors).  No other cp932 sequence yields those code points.
_CP932_SINGLE_BYTE_EXTRAS = re.compile("[\uf8f0-\uf8f3]")
_CP932_SINGLE_BYTE_FIX = {c: 0xFFFD for c in range(0xF8F0, 0xF8F4)}


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
