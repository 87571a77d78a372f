"""The encoding sniffing algorithm.

https://html.spec.whatwg.org/#encoding-sniffing-algorithm

Returns an encoding name and a confidence
(:func:`determine_the_character_encoding` also says which step decided,
one of :data:`ENCODING_SOURCES`).  The keyword names are
html5lib's (``override_encoding``, ``transport_encoding``,
``same_origin_parent_encoding``, ``likely_encoding``, ``default_encoding``).

Unknown labels: the transport layer's and the parent document's encodings
come from outside the caller's control (an HTTP header, another document),
and the spec uses them only "if supported", so an unknown label there is
skipped.  ``override_encoding``, ``likely_encoding`` and ``default_encoding``
are the caller's own choices: an unknown label there raises ``LookupError``
naming it (html5lib ignores them silently).
"""

from __future__ import annotations

import warnings
from typing import NamedTuple

from .decoding import bom_sniff, get_an_encoding, lookup
from .detectors import Detector, autodetect_the_character_encoding
from .prescan import PRESCAN_LENGTH, prescan_a_byte_stream_to_determine_its_encoding

__all__ = [
    "CERTAIN",
    "ENCODING_SOURCES",
    "IRRELEVANT",
    "NoDetectorWarning",
    "Sniffed",
    "TENTATIVE",
    "autodetect_encoding",
    "detector_installed",
    "determine_the_character_encoding",
    "encoding_sniffing_algorithm",
    "is_valid_utf8",
]

# https://html.spec.whatwg.org/#concept-encoding-confidence
TENTATIVE = "tentative"
CERTAIN = "certain"
IRRELEVANT = "irrelevant"

# Which step of the algorithm decided the encoding (Sniffed.source); "meta"
# is a later change by a <meta> while parsing (specparser.encoding.change),
# None is str input, which has no encoding.
ENCODING_SOURCES = (
    "bom", "override", "transport", "prescan", "parent", "likely",
    "utf-8-detection", "detector", "default", "meta",
)  # fmt: skip


class Sniffed(NamedTuple):
    """The encoding sniffing algorithm's answer: the encoding, its
    confidence and the step that chose it (see :data:`ENCODING_SOURCES`)."""

    encoding: str
    confidence: str
    source: str


class NoDetectorWarning(UserWarning):
    """``useChardet=True`` asked for step 8's detector, and neither chardet
    nor charset_normalizer is installed: the default encoding was used."""


def _label_or_none(label: str | None, keyword: str) -> str | None:
    if label is None:
        return None
    if not isinstance(label, str):
        raise TypeError(f"{keyword} must be an encoding label (str) or None, not {type(label).__name__}")
    return label


def is_valid_utf8(data: bytes) -> bool:
    """Step 8's autodetection, the part that needs no dependency: bytes
    that decode as UTF-8 without error are UTF-8 text.  (A document in a
    legacy encoding is very unlikely to be valid UTF-8 as soon as it has
    one byte above 0x7F; pure ASCII reads the same in either.)"""
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def detector_installed() -> bool:
    """Whether :func:`autodetect_encoding` has a detector to ask."""
    for name in ("chardet", "charset_normalizer"):
        try:
            __import__(name)
        except ImportError:
            continue
        return True
    return False


def autodetect_encoding(data: bytes) -> str | None:
    """Step 8's optional frequency analysis, with chardet or
    charset_normalizer when one of them is installed (neither is a
    dependency).  Returns an encoding name the Encoding Standard knows, or
    ``None``."""
    label = None
    try:
        import chardet  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        try:
            import charset_normalizer  # type: ignore[import-not-found, unused-ignore]
        except ImportError:
            return None
        best = charset_normalizer.from_bytes(data).best()
        label = best.encoding if best is not None else None
    else:
        label = chardet.detect(data).get("encoding")
    if not isinstance(label, str):
        return None
    # The detectors answer with Python codec names ("utf_8", "latin_1",
    # "utf-8-sig"); try the spellings the standard's labels use.
    label = label.lower()
    if label.endswith("-sig") or label.endswith("_sig"):
        label = label[:-4]
    for candidate in (label, label.replace("_", "-"), label.replace("_", "")):
        name = get_an_encoding(candidate)
        if name is not None:
            return name
    return None


def encoding_sniffing_algorithm(
    data: bytes,
    override_encoding: str | None = None,
    transport_encoding: str | None = None,
    same_origin_parent_encoding: str | None = None,
    likely_encoding: str | None = None,
    default_encoding: str = "windows-1252",
    useChardet: bool = False,
    prescan_length: int = PRESCAN_LENGTH,
    detect_utf8: bool = False,
    detector: Detector | None = None,
) -> tuple[str, str]:
    """https://html.spec.whatwg.org/#encoding-sniffing-algorithm

    ``(encoding name, confidence)`` for the bytes ``data`` (all of them, or
    at least the first ``prescan_length``); keywords as
    :func:`determine_the_character_encoding`."""
    encoding, confidence, _ = determine_the_character_encoding(
        data,
        override_encoding,
        transport_encoding,
        same_origin_parent_encoding,
        likely_encoding,
        default_encoding,
        useChardet,
        prescan_length,
        detect_utf8,
        detector,
    )
    return encoding, confidence


def determine_the_character_encoding(
    data: bytes,
    override_encoding: str | None = None,
    transport_encoding: str | None = None,
    same_origin_parent_encoding: str | None = None,
    likely_encoding: str | None = None,
    default_encoding: str = "windows-1252",
    useChardet: bool = False,
    prescan_length: int = PRESCAN_LENGTH,
    detect_utf8: bool = False,
    detector: Detector | None = None,
) -> Sniffed:
    """https://html.spec.whatwg.org/#encoding-sniffing-algorithm

    The encoding, confidence and deciding step for the bytes ``data``.
    Step 8 (autodetection) runs only when asked: ``detect_utf8`` takes valid
    UTF-8 as UTF-8 (no dependency); ``detector`` (a callable,
    :mod:`specparser.encoding.detectors`) is asked about bytes that are not
    valid UTF-8, its answer used when it names a supported encoding
    (source ``"detector"``); then ``useChardet`` (html5lib's) asks chardet or
    charset_normalizer; with ``useChardet`` and neither installed, a
    :class:`NoDetectorWarning` says the default was used instead."""
    if not isinstance(data, (bytes, bytearray)):
        raise TypeError(f"encoding sniffing needs bytes, not {type(data).__name__}")
    # The caller's own labels are checked first, so a bad one fails whatever
    # the bytes hold.
    override = _label_or_none(override_encoding, "override_encoding")
    if override is not None:
        override = lookup(override)
    likely = _label_or_none(likely_encoding, "likely_encoding")
    if likely is not None:
        likely = lookup(likely)
    if not isinstance(default_encoding, str):
        raise TypeError(f"default_encoding must be an encoding label (str), not {type(default_encoding).__name__}")
    default = lookup(default_encoding)
    transport = _label_or_none(transport_encoding, "transport_encoding")
    parent = _label_or_none(same_origin_parent_encoding, "same_origin_parent_encoding")

    # Step 1: a byte order mark.
    encoding = bom_sniff(data)
    if encoding is not None:
        return Sniffed(encoding, CERTAIN, "bom")
    # Step 2: the user's override.
    if override is not None:
        return Sniffed(override, CERTAIN, "override")
    # Step 3 (waiting for bytes) does not apply: all the bytes are here.
    # Step 4: the transport layer, "if it is supported".
    if transport is not None:
        encoding = get_an_encoding(transport)
        if encoding is not None:
            return Sniffed(encoding, CERTAIN, "transport")
    # Step 5: the prescan.
    if prescan_length > 0:
        encoding = prescan_a_byte_stream_to_determine_its_encoding(data, prescan_length)
        if encoding is not None:
            return Sniffed(encoding, TENTATIVE, "prescan")
    # Step 6: a same-origin parent document's encoding, unless UTF-16.
    if parent is not None:
        encoding = get_an_encoding(parent)
        if encoding is not None and encoding not in ("utf-16be", "utf-16le"):
            return Sniffed(encoding, TENTATIVE, "parent")
    # Step 7: the likely encoding.
    if likely is not None:
        return Sniffed(likely, TENTATIVE, "likely")
    # Step 8: autodetection, only when asked for.  Valid UTF-8 is never
    # given to the detector: the UTF-8 test is exact where a detector
    # guesses, and the spec's note encourages it.
    if detect_utf8 or detector is not None:
        utf8 = is_valid_utf8(data)
        if utf8 and detect_utf8:
            return Sniffed("utf-8", TENTATIVE, "utf-8-detection")
        if not utf8 and detector is not None:
            encoding = autodetect_the_character_encoding(data, detector)
            if encoding is not None:
                return Sniffed(encoding, TENTATIVE, "detector")
    if useChardet:
        encoding = autodetect_encoding(data)
        if encoding is not None:
            return Sniffed(encoding, TENTATIVE, "detector")
        if not detector_installed():
            warnings.warn(
                "useChardet=True: neither chardet nor charset_normalizer is installed, "
                f"so the default encoding ({default}) was used",
                NoDetectorWarning,
                stacklevel=2,
            )
    # Step 9: the default.
    return Sniffed(default, TENTATIVE, "default")
