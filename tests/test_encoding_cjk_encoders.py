"""The legacy multi-byte encoders against the Encoding Standard, and
encode-then-decode of every code point they can encode.

The reference is tests/_whatwg_cjk_reference.py, written from the
standard's text independently of specparser.
"""

from __future__ import annotations

import pytest

from specparser.encoding.multibyte import decode_multi_byte
from specparser.encoding.multibyte_encoders import encode_multi_byte

from _whatwg_cjk_reference import MISSING_STANDARD, standard_available

if not standard_available():
    pytest.skip(MISSING_STANDARD, allow_module_level=True)

import _whatwg_cjk_reference as reference  # noqa: E402

ENCODINGS = ["gb18030", "gbk", "big5", "euc-jp", "iso-2022-jp", "shift_jis", "euc-kr"]
INDEXES = ["big5", "euc-kr", "gb18030", "jis0208", "jis0212"]


def code_points():
    """Every BMP scalar value, every code point an index holds, and a
    sample of the other astral ones (which no index has: gb18030 encodes
    them all with the same ranges arithmetic)."""
    astral = {cp for name in INDEXES for _, cp in reference.index_entries(name) if cp > 0xFFFF}
    astral.update(range(0x10000, 0x110000, 997))
    astral.add(0x10FFFF)
    return [cp for cp in range(0x10000) if not 0xD800 <= cp <= 0xDFFF] + sorted(astral)


CODE_POINTS = code_points()


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_every_code_point_encodes_as_the_standard(encoding):
    wrong = [
        (hex(cp), expected, got)
        for cp in CODE_POINTS
        if (expected := reference.encode(chr(cp), encoding)) != (got := encode_multi_byte(chr(cp), encoding))
    ]
    assert wrong[:10] == []


# The standard's encoders map these code points to bytes that decode to
# something else, on purpose (each is a step of the encoder's algorithm).
ONE_WAY = {
    # gb18030 encoder step 5: a side table from Private Use code points to
    # the bytes of the GB 18030-2022 characters that replaced them.
    "gb18030": {0xE78D, 0xE78E, 0xE78F, 0xE790, 0xE791, 0xE792, 0xE793, 0xE794, 0xE795, 0xE796,
                0xE81E, 0xE826, 0xE82B, 0xE82C, 0xE832, 0xE843, 0xE854, 0xE864},
    # EUC-JP and Shift_JIS encoder steps 3-4 and 6: U+00A5 as 0x5C, U+203E
    # as 0x7E, U+2212 as U+FF0D.
    "euc-jp": {0x00A5, 0x203E, 0x2212},
    "shift_jis": {0x00A5, 0x203E, 0x2212},
    # ISO-2022-JP encoder steps 8-9: U+2212 as U+FF0D, halfwidth katakana as
    # the fullwidth of index ISO-2022-JP katakana.
    "iso-2022-jp": {0x2212, *range(0xFF61, 0xFFA0)},
    "big5": set(),
    "euc-kr": set(),
}  # fmt: skip
ONE_WAY["gbk"] = ONE_WAY["gb18030"]


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_every_encodable_code_point_comes_back(encoding):
    decoder = "gb18030" if encoding == "gbk" else encoding
    lost = []
    one_way = []
    count = 0
    for cp in CODE_POINTS:
        if not reference.encodable(cp, encoding):
            continue
        count += 1
        data = encode_multi_byte(chr(cp), encoding)
        back = decode_multi_byte(data, decoder)
        if cp in ONE_WAY[encoding]:
            # ...and decodes to what the standard's decoder makes of the
            # bytes, which is never U+FFFD.
            one_way.append(cp)
            assert back == reference.decode(data, decoder) and "\ufffd" not in back
        elif back != chr(cp):
            lost.append(hex(cp))
    assert lost == []
    assert sorted(one_way) == sorted(ONE_WAY[encoding])
    assert count > 7000


def test_big5_encoder_skips_hkscs_pointers_and_picks_the_last_of_six():
    # index Big5 pointer: no pointer below (0xA1 - 0x81) * 157 ...
    assert encode_multi_byte("\u00ca", "big5") == b"&#202;"  # only at pointer 1137 (0x88 0x66)
    assert decode_multi_byte(b"\x88\x66", "big5") == "\u00ca"
    # ... and the last pointer for U+2550 and five others.
    assert encode_multi_byte("\u2550\u5341", "big5") == b"\xf9\xf9\xa4\x51"


def test_big5_cyrillic_io_round_trips():
    # Python's big5 codec writes U+0401 as the bytes of U+30B7.
    assert decode_multi_byte(encode_multi_byte("\u0401\u0451", "big5"), "big5") == "\u0401\u0451"


def test_euc_kr_every_hangul_syllable_is_two_bytes_and_round_trips():
    # Python's euc_kr codec writes 8,822 of them as jamo sequences.
    syllables = "".join(map(chr, range(0xAC00, 0xD7A4)))
    data = encode_multi_byte(syllables, "euc-kr")
    assert len(data) == 2 * len(syllables)
    assert decode_multi_byte(data, "euc-kr") == syllables


def test_shift_jis_uses_the_ibm_extensions_not_the_nec_duplicates():
    # index Shift_JIS pointer excludes pointers 8272-8835: U+2170 (small
    # roman numeral one) is at NEC-selected 0xEE 0xEF and IBM 0xFA 0x40.
    assert encode_multi_byte("\u2170", "shift_jis") == b"\xfa\x40"
    assert decode_multi_byte(b"\xee\xef", "shift_jis") == "\u2170"


def test_gb18030_encodes_every_code_point_but_e5e5():
    assert encode_multi_byte("\ue5e5\U0001f600\u20ac", "gb18030") == b"&#58853;\x94\x39\xfc\x36\xa2\xe3"  # (as Python's gb18030 for U+1F600)
    assert encode_multi_byte("\u20ac\U0001f600", "gbk") == b"\x80&#128512;"


def test_iso_2022_jp_output_ends_in_ascii_and_escapes_stay_errors():
    data = encode_multi_byte("a\u00a5b\u65e5\uff71\x1bz", "iso-2022-jp")
    assert data == b"a\x1b(J\\b\x1b$B\x46\x7c\x25\x22\x1b(B&#65533;z"
    assert decode_multi_byte(data, "iso-2022-jp") == "a\u00a5b\u65e5\u30a2&#65533;z"


def test_error_modes():
    assert encode_multi_byte("x\u00e9", "euc-jp") == b"x&#233;"
    assert encode_multi_byte("x\u00e9", "euc-jp", lambda c: "&eacute;") == b"x&eacute;"
    with pytest.raises(UnicodeEncodeError) as caught:
        encode_multi_byte("ab\U0001f600", "euc-kr", "fatal")
    assert (caught.value.start, caught.value.end) == (2, 3)
    with pytest.raises(UnicodeEncodeError) as caught:
        encode_multi_byte("a\x1b", "iso-2022-jp", "fatal")
    assert caught.value.start == 1


def test_lone_surrogates_are_encoded_as_replacement_characters():
    assert encode_multi_byte("\ud800", "gb18030") == b"\x84\x31\xa4\x37"
    assert encode_multi_byte("\udfff", "big5") == b"&#65533;"


def test_argument_errors():
    with pytest.raises(TypeError, match="encode_multi_byte"):
        encode_multi_byte(b"x", "big5")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="encode_multi_byte"):
        encode_multi_byte("x", "utf-8")
    with pytest.raises(ValueError, match="errors"):
        encode_multi_byte("x", "big5", "replace")


@pytest.mark.parametrize("label", ["euc-kr", "big5", "shift_jis", "sjis", "gb2312", "gb18030", "euc-jp", "iso-2022-jp"])
def test_html5lib_serializer_keeps_every_character(label):
    from specparser.encoding import decode, get_an_encoding
    from specparser.html5lib_compat import parse, serialize

    text = "\ud55c\uad6d\uc5b4 \u0401 \u65e5\u672c \u4e2d\u6587 \u00e9 \U0001f600"
    data = serialize(parse(f"<p>{text}</p>"), encoding=label)
    again = parse(decode(data, get_an_encoding(label))[0])
    assert again.find(".//{http://www.w3.org/1999/xhtml}p").text == text
