"""Step 8 of the encoding sniffing algorithm with a real detector: the
``detector=`` argument of the native API and the command line.

https://html.spec.whatwg.org/#encoding-sniffing-algorithm, step 8: "The user
agent may attempt to autodetect the character encoding from applying
frequency analysis or other algorithms to the data stream. [...] If
autodetection succeeds in determining a character encoding, and that
encoding is a supported encoding, then return that encoding, with the
confidence tentative."

A detector is a callable taking the bytes and returning a label or
``None``; ``"charset-normalizer"`` names the one of the ``[detect]`` extra.
Its answer goes through the Encoding Standard's label table
(https://encoding.spec.whatwg.org/#concept-encoding-get), after the
spellings detectors use for Python's codecs (``cp1251``, ``cp932``,
``euc_kr``).  Decided here, since the standard leaves "supported" to the
user agent: an answer that names no encoding of the standard, or one of
:data:`REFUSED_DETECTOR_ENCODINGS`, is ignored (the next step, the default,
decides).
"""

from __future__ import annotations

import codecs
import re
from typing import Callable, Union

from .decoding import get_an_encoding

__all__ = [
    "DETECTOR_NAMES",
    "Detector",
    "MINIMUM_EVIDENCE",
    "REFUSED_DETECTOR_ENCODINGS",
    "autodetect_the_character_encoding",
    "charset_normalizer_detector",
    "detector_input",
    "encoding_of_detector_answer",
    "resolve_detector",
]

#: A detector: the document's bytes in, an encoding label (or ``None``) out.
Detector = Callable[[bytes], Union[str, None]]

#: The detectors known by name (``detector="charset-normalizer"``).
DETECTOR_NAMES = ("charset-normalizer",)

#: Encodings a detector's answer may not choose.  ``replacement`` decodes a
#: whole document to one U+FFFD (its labels name encodings the standard
#: refuses to decode).  UTF-16BE/LE come only from a byte order mark or
#: the transport layer: the prescan reads a declared UTF-16 as UTF-8, and
#: step 6 skips a parent's UTF-16, because bytes that hold ASCII markup are
#: not UTF-16 (a detector guessing UTF-16 for them mistakes binary-looking
#: bytes).  ``x-user-defined`` is what the prescan turns into windows-1252:
#: no detector can tell it from that.
REFUSED_DETECTOR_ENCODINGS = frozenset({"replacement", "utf-16be", "utf-16le", "x-user-defined"})

# Python codec names (as detectors give them) of encodings the standard
# knows under other labels: Python's cp932 and cp949 are the standard's
# Shift_JIS and EUC-KR (both are the Windows supersets), the JIS X 0213
# variants are read by their base encodings, big5hkscs is Big5 (the
# standard's Big5 has the HKSCS extensions).
_PYTHON_CODEC_NAMES = {
    "cp932": "shift_jis",
    "shift-jis-2004": "shift_jis",
    "shift-jisx0213": "shift_jis",
    "cp949": "euc-kr",
    "euc-jis-2004": "euc-jp",
    "euc-jisx0213": "euc-jp",
    "big5hkscs": "big5",
    "mac-cyrillic": "x-mac-cyrillic",
    "mac-roman": "macintosh",
}


def encoding_of_detector_answer(label: object) -> str | None:
    """The standard's encoding for a detector's answer, or ``None`` when it
    names none (or a refused one: :data:`REFUSED_DETECTOR_ENCODINGS`).

    The label table first (``windows-1251``, ``sjis``); then the spellings
    of Python's codec names (``utf_8``, ``iso8859_7``, ``latin_1``,
    ``utf-8-sig``, ``cp932``)."""
    if not isinstance(label, str) or not label.isascii():
        return None
    name = get_an_encoding(label)
    if name is None:
        spelled = label.strip().lower().replace("_", "-")
        if spelled.endswith("-sig"):
            spelled = spelled[:-4]
        try:
            canonical = codecs.lookup(spelled).name.replace("_", "-")
        except (LookupError, ValueError):  # ValueError: a NUL in the name
            canonical = spelled
        for candidate in (spelled, canonical, canonical.replace("-", ""), _PYTHON_CODEC_NAMES.get(canonical)):
            name = get_an_encoding(candidate) if candidate else None
            if name is not None:
                break
    if name in REFUSED_DETECTOR_ENCODINGS:
        return None
    return name


# Markup, in bytes: comments, script and style elements with their
# contents, tags.  No trail byte of the multi-byte encodings a detector may
# name (Shift_JIS, EUC-JP, EUC-KR, GBK, gb18030, Big5) is below 0x40, so
# "<" and ">" are always ASCII ones; the 7-bit ISO-2022-JP is valid UTF-8
# and never reaches a detector.
_MARKUP = re.compile(
    rb"<!--.*?(?:-->|\Z)|<(script|style)\b.*?(?:</\1\s*>|\Z)|<[!?/a-zA-Z][^>]*>?|&#?[a-zA-Z0-9]+;?",
    re.DOTALL | re.IGNORECASE,
)
_SPACES = re.compile(rb"[ \t\n\r\f]+")


def detector_input(data: bytes) -> bytes:
    """What the detector is given: the document's bytes without its markup
    (comments, tags, the contents of ``script`` and ``style``, character
    references), white space runs as one space.  Frequency analysis needs
    the text: on a whole page the ASCII markup outweighs it (the spec's
    note on step 8): charset-normalizer, given 70 corpus pages made
    undeclared legacy bytes, reads 59 right, given their text 63
    (benchmarks/detector_accuracy.py, docs/guides/encodings.md); it is
    also less to read."""
    return _SPACES.sub(b" ", _MARKUP.sub(b" ", data))


#: The detector is asked only when the text holds at least this many bytes
#: beyond ASCII.  Fewer is a word or two: too little for frequency analysis
#: (charset-normalizer reads the windows-1252 "R\xe4ksm\xf6rg\xe5s" as Big5,
#: and so do bs4's lxml and html.parser builders), and the default is right
#: more often; a sentence of Cyrillic, Greek or CJK text has more.
MINIMUM_EVIDENCE = 8

_ASCII = bytes(range(0x80))


def autodetect_the_character_encoding(data: bytes, detector: Detector) -> str | None:
    """Step 8 with ``detector``: its answer for the text of ``data``
    (:func:`detector_input`) when that names a supported encoding
    (:func:`encoding_of_detector_answer`), else ``None``.  Not asked when
    the text has fewer than :data:`MINIMUM_EVIDENCE` bytes beyond ASCII."""
    text = detector_input(data)
    if len(text.translate(None, _ASCII)) < MINIMUM_EVIDENCE:
        return None
    return encoding_of_detector_answer(detector(text))


def charset_normalizer_detector(data: bytes) -> str | None:
    """charset-normalizer's best guess for ``data`` (a Python codec name),
    or ``None``; raises ``ImportError`` when it is not installed."""
    import charset_normalizer  # type: ignore[import-not-found, unused-ignore]

    matches = charset_normalizer.from_bytes(data)
    best = matches.best()
    if best is None:
        return None
    # charset-normalizer ranks encodings that read the text equally well in
    # an order of its own (windows-1250 before windows-1252, for Western
    # pages whose accented letters both decode as letters): such a tie is no
    # detection, and windows-1252, the spec's default, stays.
    for match in matches:
        if match.chaos <= best.chaos and encoding_of_detector_answer(match.encoding) == "windows-1252":
            return "windows-1252"
    encoding = best.encoding
    return encoding if isinstance(encoding, str) else None


_NAMED: dict[str, Detector] = {"charset-normalizer": charset_normalizer_detector}
_EXTRA_OF = {"charset-normalizer": ("charset_normalizer", "detect")}


def resolve_detector(detector: object, where: str) -> Detector | None:
    """The callable that ``detector`` (a name of :data:`DETECTOR_NAMES`, a
    callable or ``None``) stands for.  ``where`` names the caller in the
    errors: a wrong type is a ``TypeError``, an unknown name a
    ``ValueError``, a named detector that is not installed an
    ``ImportError`` naming the extra to install."""
    if detector is None:
        return None
    if isinstance(detector, str):
        if detector not in _NAMED:
            raise ValueError(
                f"{where}: detector must be one of {', '.join(map(repr, DETECTOR_NAMES))} "
                f"or a callable, not {detector!r}"
            )
        module, extra = _EXTRA_OF[detector]
        try:
            __import__(module)
        except ImportError:
            raise ImportError(
                f"{where}: detector={detector!r} needs {detector}: "
                f"pip install 'specparser-html[{extra}]'"
            ) from None
        return _NAMED[detector]
    if callable(detector):
        return detector  # type: ignore[no-any-return, unused-ignore]
    raise TypeError(
        f"{where}: detector must be a detector name ({', '.join(DETECTOR_NAMES)}), a callable "
        f"taking bytes and returning an encoding label or None, or None; not {type(detector).__name__}"
    )
