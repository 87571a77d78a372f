"""The Encoding Standard's encoders, for every encoding it names.

https://encoding.spec.whatwg.org/#encode

:func:`encode_with` encodes a string with the encoder of an encoding name
(:func:`specparser.encoding.get_an_encoding` gives it for a label):

* the single-byte encodings: the standard's single-byte encoder
  (https://encoding.spec.whatwg.org/#single-byte-encoder): ASCII as is,
  any other code point as its index pointer + 0x80.  The index is the one
  the decoder uses (:func:`specparser.encoding.decoding._charmap`, checked
  against the standard's ``index-*.txt`` files), so every character the
  decoder gives encodes back to its byte; Python's codecs of the same
  names leave the C1 bytes of the windows-125x code pages undefined and
  have no codec for many labels (``windows-874``, ``dos-874``,
  ``x-mac-ukrainian`` ...);
* x-user-defined: https://encoding.spec.whatwg.org/#x-user-defined-encoder;
* the multi-byte encodings: :mod:`specparser.encoding.multibyte_encoders`;
* UTF-8, and UTF-16LE / UTF-16BE (which the standard decodes but does not
  encode: its "get an output encoding" writes UTF-8 instead; here they are
  written as the code units their decoder reads, without a byte order
  mark, so the bytes decode back with the same label);
* replacement has no encoder: :func:`get_an_output_encoding` gives UTF-8,
  as the standard says.

``errors`` is the name of a Python codec error handler: ``"strict"``
raises :class:`UnicodeEncodeError`; ``"xmlcharrefreplace"``,
``"htmlentityreplace"`` (registered by
:mod:`specparser.html5lib_compat.serializer`) ... write what they return.
"""

from __future__ import annotations

import codecs
from typing import Any, Callable

from .decoding import _charmap
from .labels import MULTI_BYTE_ENCODINGS, SINGLE_BYTE_ENCODINGS

__all__ = ["encode_with", "get_an_output_encoding"]

_PYTHON_CODECS = {"utf-8": "utf-8", "utf-16le": "utf-16-le", "utf-16be": "utf-16-be"}

# name -> codecs.charmap_build's encoding map of the single-byte encoder.
_encoding_maps: dict[str, Any] = {}


def get_an_output_encoding(name: str) -> str:
    """https://encoding.spec.whatwg.org/#get-an-output-encoding, for the
    encodings that have no encoder here: replacement is written as UTF-8.
    (The standard sends UTF-16BE/LE to UTF-8 too; :func:`encode_with`
    writes them as such, see the module docstring.)"""
    return "utf-8" if name == "replacement" else name


def _encoding_map(name: str) -> Any:
    """The single-byte (or x-user-defined) encoder as a charmap: the
    decoder's table inverted.  Its bytes without a code point (U+FFFD in the
    decoder's table) are left out: U+FFFE marks them, which
    ``charmap_build`` skips.  No single-byte index has a code point twice,
    so "the first pointer" of the standard's index pointer is the only one."""
    mapping = _encoding_maps.get(name)
    if mapping is None:
        table = _charmap(name).replace("\ufffd", "\ufffe")
        mapping = _encoding_maps[name] = codecs.charmap_build(table)
    return mapping


def encode_with(text: str, name: str, errors: str = "strict") -> bytes:
    """``text`` encoded with the encoder of the encoding ``name`` (a name
    :func:`specparser.encoding.get_an_encoding` returns); ``errors`` as the
    module docstring says.  An unknown name is a ``LookupError``."""
    name = get_an_output_encoding(name)
    if name in SINGLE_BYTE_ENCODINGS or name == "x-user-defined":
        return codecs.charmap_encode(text, errors, _encoding_map(name))[0]
    if name in MULTI_BYTE_ENCODINGS:
        from .multibyte_encoders import encode_multi_byte

        return encode_multi_byte(text, name, "fatal" if errors == "strict" else _handler_function(errors))
    codec = _PYTHON_CODECS.get(name)
    if codec is None:
        raise LookupError(f"{name!r} is not the name of an encoding of the Encoding Standard")
    return text.encode(codec, errors)


def _handler_function(errors: str) -> Callable[[str], str]:
    """A codec error handler name as a function of one character."""
    handler = codecs.lookup_error(errors)

    def replace(char: str) -> str:
        result = handler(UnicodeEncodeError("specparser", char, 0, 1, "unencodable"))[0]
        return result if isinstance(result, str) else result.decode("ascii")

    return replace
