"""Bytes in: encoding sniffing and decoding as the HTML and Encoding
standards say.

https://html.spec.whatwg.org/#the-input-byte-stream

Modules, one job each:

* :mod:`.labels` - data: the Encoding Standard's labels, the Python codec
  behind each encoding, the corrections to those codecs;
* :mod:`.decoding` - get an encoding from a label, BOM sniffing, decoders;
* :mod:`.prescan` - the prescan of the first 1,024 bytes for ``<meta>``;
* :mod:`.meta` - what a ``<meta>`` declares (also used by tree
  construction);
* :mod:`.sniffing` - the encoding sniffing algorithm and the confidences;
* :mod:`.detectors` - step 8's optional detector (``detector=``);
* :mod:`.change` - changing the encoding while parsing;
* :mod:`.bytestream` - the entry point's decode and re-parse loop.
"""

from __future__ import annotations

from .bytestream import DecodedInput, decode_for_parse, parse_with_reparse, redecode
from .change import ReparseWithEncoding, change_the_encoding
from .decoding import bom_sniff, decode, decode_without_bom_sniffing, get_an_encoding, lookup
from .labels import LABELS
from .meta import encoding_declared_by_meta, extract_a_character_encoding_from_a_meta_element
from .prescan import PRESCAN_LENGTH, prescan_a_byte_stream_to_determine_its_encoding
from .sniffing import (
    CERTAIN,
    ENCODING_SOURCES,
    IRRELEVANT,
    TENTATIVE,
    NoDetectorWarning,
    Sniffed,
    autodetect_encoding,
    determine_the_character_encoding,
    encoding_sniffing_algorithm,
    is_valid_utf8,
)

__all__ = [
    "CERTAIN",
    "ENCODING_SOURCES",
    "IRRELEVANT",
    "LABELS",
    "PRESCAN_LENGTH",
    "TENTATIVE",
    "DecodedInput",
    "NoDetectorWarning",
    "ReparseWithEncoding",
    "Sniffed",
    "autodetect_encoding",
    "bom_sniff",
    "change_the_encoding",
    "decode",
    "decode_for_parse",
    "decode_without_bom_sniffing",
    "determine_the_character_encoding",
    "encoding_declared_by_meta",
    "encoding_sniffing_algorithm",
    "extract_a_character_encoding_from_a_meta_element",
    "get_an_encoding",
    "is_valid_utf8",
    "lookup",
    "parse_with_reparse",
    "prescan_a_byte_stream_to_determine_its_encoding",
    "redecode",
]
