"""``html5lib_compat.serialize(..., encoding=label)`` for every label of the
Encoding Standard (issue 31, item 7).

Every label (228) must encode, with the standard's encoder
(https://encoding.spec.whatwg.org/#encode), every character its decoder
gives: a tree whose text holds them all is serialized to bytes and parsed
again with that label, and the text comes back.  What the decoder gives is
read from the standard's own index files (``index-*.txt``, through
``tests/_whatwg_cjk_reference.py``, which does not import specparser); for
the single-byte encodings each character must also come back as its own
byte (the standard's single-byte encoder: pointer + 0x80), C1 controls
included (windows-1250 0x81 is U+0081; Python's cp1250 has no byte for it).
"""

from __future__ import annotations

import pytest

from _whatwg_cjk_reference import MISSING_STANDARD, index_entries, standard_available
from specparser import html5lib_compat, parse
from specparser.encoding import LABELS, get_an_encoding
from specparser.encoding.labels import MULTI_BYTE_ENCODINGS, SINGLE_BYTE_ENCODINGS

pytestmark = pytest.mark.skipif(not standard_available(), reason=MISSING_STANDARD)

ALL_LABELS = [(name, label) for name, labels in LABELS.items() for label in labels]

# What the parser itself changes in text (NUL is dropped, CR becomes LF):
# left out of the round trip, which is about the encoders.
_PARSER_CHANGES = {0x00, 0x0D}

# The indexes each multi-byte decoder reads
# (https://encoding.spec.whatwg.org/#legacy-multi-byte-chinese-(simplified)-encodings
# and the sections after it); single-byte ones read index-<name>.
_MULTI_BYTE_INDEXES = {
    "gbk": ("gb18030",),
    "gb18030": ("gb18030",),
    "big5": ("big5",),
    "euc-jp": ("jis0208", "jis0212"),
    "iso-2022-jp": ("jis0208",),
    "shift_jis": ("jis0208",),
    "euc-kr": ("euc-kr",),
}
# https://encoding.spec.whatwg.org/#legacy-single-byte-encodings: ISO-8859-8
# and ISO-8859-8-I share index iso-8859-8.
_SINGLE_BYTE_INDEX = {"iso-8859-8-i": "iso-8859-8"}
# Half-width katakana (EUC-JP 0x8E xx, ISO-2022-JP's katakana set, Shift_JIS
# 0xA1-0xDF) decode to U+FF61-U+FF9F.
_KATAKANA = range(0xFF61, 0xFFA0)


def test_the_table_is_the_standards() -> None:
    assert len(ALL_LABELS) == 228
    assert all(get_an_encoding(label) == name for name, label in ALL_LABELS)


def _decoded_characters(name: str) -> str:
    """Every character the decoder of ``name`` maps some bytes to."""
    code_points = set(range(0x80))  # every decoder but UTF-16's: ASCII bytes
    if name in SINGLE_BYTE_ENCODINGS:
        code_points.update(code_point for _, code_point in index_entries(_SINGLE_BYTE_INDEX.get(name, name)))
    elif name == "x-user-defined":
        code_points.update(range(0xF780, 0xF800))
    elif name in MULTI_BYTE_ENCODINGS:
        for index in _MULTI_BYTE_INDEXES[name]:
            code_points.update(code_point for _, code_point in index_entries(index))
        if name in ("euc-jp", "shift_jis"):
            code_points.update(_KATAKANA)
        if name == "iso-2022-jp":
            # Its decoder maps these ASCII bytes to nothing (an error, or
            # the escape byte); its katakana set decodes to half-width
            # katakana, which its encoder writes as full-width ones (index
            # iso-2022-jp-katakana): the standard's own one-way mapping.
            code_points.difference_update((0x0E, 0x0F, 0x1B))
        if name == "gb18030" or name == "gbk":
            # The four-byte ranges: a sample of every plane's code points,
            # from U+00A0: GBK's encoder has no four-byte form, so a C1
            # control becomes a numeric reference, which the HTML parser
            # maps to another character (&#128; is U+20AC).
            code_points.update(range(0xA0, 0x10000, 251))
            code_points.update(range(0x10000, 0x110000, 4099))
    else:  # UTF-8, UTF-16BE/LE: a sample of every plane
        code_points.update(range(0x80, 0x110000, 97))
    surrogates = range(0xD800, 0xE000)
    return "".join(chr(c) for c in sorted(code_points) if c not in _PARSER_CHANGES and c not in surrogates)


_CHARACTERS: dict[str, str] = {}


def _characters(name: str) -> str:
    if name not in _CHARACTERS:
        _CHARACTERS[name] = _decoded_characters(name)
    return _CHARACTERS[name]


def _document(text: str):
    tree = parse("<p>x")
    tree.find(".//p").text = text
    return tree


@pytest.mark.parametrize(("name", "label"), [pair for pair in ALL_LABELS if pair[0] != "replacement"])
def test_every_label_round_trips_every_character_its_decoder_gives(name: str, label: str) -> None:
    text = _characters(name)
    data = html5lib_compat.serialize(_document(text), tree="etree", encoding=label)
    assert isinstance(data, bytes)
    again = parse(data, encoding=label)
    assert again.find(".//p").text == text


@pytest.mark.parametrize("name", sorted(SINGLE_BYTE_ENCODINGS))
def test_single_byte_characters_are_written_as_their_own_byte(name: str) -> None:
    entries = index_entries(_SINGLE_BYTE_INDEX.get(name, name))
    text = "".join(chr(code_point) for _, code_point in entries)
    data = html5lib_compat.serialize(_document(text), tree="etree", encoding=name)
    assert bytes(pointer + 0x80 for pointer, _ in entries) in data


@pytest.mark.parametrize("label", LABELS["replacement"])
def test_replacement_labels_write_utf8_and_say_so(label: str) -> None:
    # https://encoding.spec.whatwg.org/#get-an-output-encoding: replacement
    # has no encoder; UTF-8 is written, and the <meta> names it.
    tree = parse("<head><meta charset=x></head><p>\u00e9\u4e00")
    data = html5lib_compat.serialize(tree, tree="etree", encoding=label)
    assert b"<meta charset=utf-8>" in data
    assert "\u00e9\u4e00".encode() in data
    assert parse(data).find(".//p").text == "\u00e9\u4e00"


def test_windows_874_as_documentencoding_gives_it() -> None:
    # HTMLParser.documentEncoding says windows-874 for a Thai page; the
    # serializer takes that name (Python has no such codec).
    parser = html5lib_compat.HTMLParser()
    tree = parser.parse(b"<meta charset=tis-620><p>\xa1\xe0")
    assert parser.documentEncoding == "windows-874"
    data = html5lib_compat.serialize(tree, encoding=parser.documentEncoding)
    assert b"<p>\xa1\xe0" in data


def test_unencodable_characters_become_references_and_markup_is_strict() -> None:
    tree = parse("<p title=\u4e00>\u4e00\u00e9")
    assert html5lib_compat.serialize(tree, tree="etree", encoding="windows-1253").endswith(
        b'title=&#x4e00;>&#x4e00;&eacute;'
    )
    with pytest.raises(UnicodeEncodeError):
        html5lib_compat.serialize(parse("<!--\u4e00-->"), tree="etree", encoding="windows-1253")
