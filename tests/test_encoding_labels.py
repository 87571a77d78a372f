"""Labels and decoders against the Encoding Standard's own tables.

https://encoding.spec.whatwg.org/#names-and-labels
"""

from __future__ import annotations

import hashlib

import pytest

from specparser.encoding import LABELS, decode, decode_without_bom_sniffing, get_an_encoding, lookup
from specparser.encoding.labels import LABEL_TO_NAME, SINGLE_BYTE_ENCODINGS

# The standard's "Names and labels" table, as it lists it: the encoding's
# name (mixed case there), then every label.
STANDARD_TABLE = """
# The Encoding
UTF-8: "unicode-1-1-utf-8" "unicode11utf8" "unicode20utf8" "utf-8" "utf8" "x-unicode20utf8"
# Legacy single-byte encodings
IBM866: "866" "cp866" "csibm866" "ibm866"
ISO-8859-2: "csisolatin2" "iso-8859-2" "iso-ir-101" "iso8859-2" "iso88592" "iso_8859-2" "iso_8859-2:1987" "l2" "latin2"
ISO-8859-3: "csisolatin3" "iso-8859-3" "iso-ir-109" "iso8859-3" "iso88593" "iso_8859-3" "iso_8859-3:1988" "l3" "latin3"
ISO-8859-4: "csisolatin4" "iso-8859-4" "iso-ir-110" "iso8859-4" "iso88594" "iso_8859-4" "iso_8859-4:1988" "l4" "latin4"
ISO-8859-5: "csisolatincyrillic" "cyrillic" "iso-8859-5" "iso-ir-144" "iso8859-5" "iso88595" "iso_8859-5" "iso_8859-5:1988"
ISO-8859-6: "arabic" "asmo-708" "csiso88596e" "csiso88596i" "csisolatinarabic" "ecma-114" "iso-8859-6" "iso-8859-6-e" "iso-8859-6-i" "iso-ir-127" "iso8859-6" "iso88596" "iso_8859-6" "iso_8859-6:1987"
ISO-8859-7: "csisolatingreek" "ecma-118" "elot_928" "greek" "greek8" "iso-8859-7" "iso-ir-126" "iso8859-7" "iso88597" "iso_8859-7" "iso_8859-7:1987" "sun_eu_greek"
ISO-8859-8: "csiso88598e" "csisolatinhebrew" "hebrew" "iso-8859-8" "iso-8859-8-e" "iso-ir-138" "iso8859-8" "iso88598" "iso_8859-8" "iso_8859-8:1988" "visual"
ISO-8859-8-I: "csiso88598i" "iso-8859-8-i" "logical"
ISO-8859-10: "csisolatin6" "iso-8859-10" "iso-ir-157" "iso8859-10" "iso885910" "l6" "latin6"
ISO-8859-13: "iso-8859-13" "iso8859-13" "iso885913"
ISO-8859-14: "iso-8859-14" "iso8859-14" "iso885914"
ISO-8859-15: "csisolatin9" "iso-8859-15" "iso8859-15" "iso885915" "iso_8859-15" "l9"
ISO-8859-16: "iso-8859-16"
KOI8-R: "cskoi8r" "koi" "koi8" "koi8-r" "koi8_r"
KOI8-U: "koi8-ru" "koi8-u"
macintosh: "csmacintosh" "mac" "macintosh" "x-mac-roman"
windows-874: "dos-874" "iso-8859-11" "iso8859-11" "iso885911" "tis-620" "windows-874"
windows-1250: "cp1250" "windows-1250" "x-cp1250"
windows-1251: "cp1251" "windows-1251" "x-cp1251"
windows-1252: "ansi_x3.4-1968" "ascii" "cp1252" "cp819" "csisolatin1" "ibm819" "iso-8859-1" "iso-ir-100" "iso8859-1" "iso88591" "iso_8859-1" "iso_8859-1:1987" "l1" "latin1" "us-ascii" "windows-1252" "x-cp1252"
windows-1253: "cp1253" "windows-1253" "x-cp1253"
windows-1254: "cp1254" "csisolatin5" "iso-8859-9" "iso-ir-148" "iso8859-9" "iso88599" "iso_8859-9" "iso_8859-9:1989" "l5" "latin5" "windows-1254" "x-cp1254"
windows-1255: "cp1255" "windows-1255" "x-cp1255"
windows-1256: "cp1256" "windows-1256" "x-cp1256"
windows-1257: "cp1257" "windows-1257" "x-cp1257"
windows-1258: "cp1258" "windows-1258" "x-cp1258"
x-mac-cyrillic: "x-mac-cyrillic" "x-mac-ukrainian"
# Legacy multi-byte Chinese (simplified) encodings
GBK: "chinese" "csgb2312" "csiso58gb231280" "gb2312" "gb_2312" "gb_2312-80" "gbk" "iso-ir-58" "x-gbk"
gb18030: "gb18030"
# Legacy multi-byte Chinese (traditional) encodings
Big5: "big5" "big5-hkscs" "cn-big5" "csbig5" "x-x-big5"
# Legacy multi-byte Japanese encodings
EUC-JP: "cseucpkdfmtjapanese" "euc-jp" "x-euc-jp"
ISO-2022-JP: "csiso2022jp" "iso-2022-jp"
Shift_JIS: "csshiftjis" "ms932" "ms_kanji" "shift-jis" "shift_jis" "sjis" "windows-31j" "x-sjis"
# Legacy multi-byte Korean encodings
EUC-KR: "cseuckr" "csksc56011987" "euc-kr" "iso-ir-149" "korean" "ks_c_5601-1987" "ks_c_5601-1989" "ksc5601" "ksc_5601" "windows-949"
# Legacy miscellaneous encodings
replacement: "csiso2022kr" "hz-gb-2312" "iso-2022-cn" "iso-2022-cn-ext" "iso-2022-kr" "replacement"
UTF-16BE: "unicodefffe" "utf-16be"
UTF-16LE: "csunicode" "iso-10646-ucs-2" "ucs-2" "unicode" "unicodefeff" "utf-16" "utf-16le"
x-user-defined: "x-user-defined"
"""


def standard_table() -> list[tuple[str, str]]:
    rows = []
    for line in STANDARD_TABLE.strip().splitlines():
        if line.startswith("#"):
            continue
        name, _, labels = line.partition(": ")
        for label in labels.split():
            rows.append((name, label.strip('"')))
    return rows


ROWS = standard_table()
ROWS_LABELS = {label for _, label in ROWS}


def test_the_table_has_every_label_once() -> None:
    labels = [label for _, label in ROWS]
    assert len(labels) == 228
    assert len(set(labels)) == 228
    assert len({name for name, _ in ROWS}) == 40


@pytest.mark.parametrize(("name", "label"), ROWS, ids=[label for _, label in ROWS])
def test_every_label_resolves_to_its_encoding(name: str, label: str) -> None:
    # Names are reported lower-cased, as html5lib and webencodings do.
    assert get_an_encoding(label) == name.lower()
    assert lookup(label) == name.lower()
    # The name itself is a label of its encoding.
    assert get_an_encoding(name) == name.lower()


def test_no_label_beyond_the_standard() -> None:
    assert set(LABEL_TO_NAME) == {label for _, label in ROWS}
    assert set(LABELS) == {name.lower() for name, _ in ROWS}


@pytest.mark.parametrize(
    ("label", "name"),
    [
        ("  UTF-8\n", "utf-8"),
        ("\tLaTiN1 ", "windows-1252"),
        ("\x0cShift_JIS\r", "shift_jis"),
        ("ISO-8859-1", "windows-1252"),
        ("ascii", "windows-1252"),
        ("US-ASCII", "windows-1252"),
        ("utf-16", "utf-16le"),
        ("ISO-2022-KR", "replacement"),
        ("GB2312", "gbk"),
        ("x-user-defined", "x-user-defined"),
    ],
)
def test_label_lookup_trims_ascii_whitespace_and_ignores_ascii_case(label: str, name: str) -> None:
    assert get_an_encoding(label) == name


@pytest.mark.parametrize(
    "label",
    [
        "",
        "   ",
        "utf-7",
        "utf-32",
        "cesu-8",
        "latin-1",  # "latin1" and "l1" are labels; "latin-1" is not
        "utf 8",
        "\u212aoi8-r",  # KELVIN SIGN lower-cases to "k" in Unicode, not in ASCII
        "utf-8\x0b",  # U+000B is not ASCII whitespace
        "\u00a0utf-8",
    ],
)
def test_unknown_labels(label: str) -> None:
    assert get_an_encoding(label) is None
    with pytest.raises(LookupError) as raised:
        lookup(label)
    assert repr(label) in str(raised.value)


# A misspelt label's error names the nearest label of the standard's table
# (issue 30): each expected label is in STANDARD_TABLE above.
@pytest.mark.parametrize(
    ("label", "nearest"),
    [("latin-1", "latin1"), ("utf-88", "utf-8"), ("windows1251", "windows-1251"), ("KOI8R", "koi8_r"), ("  Big-5 ", "big5")],
)
def test_an_unknown_label_names_the_nearest_one(label: str, nearest: str) -> None:
    import specparser

    assert nearest in ROWS_LABELS
    with pytest.raises(LookupError, match=f"did you mean '{nearest}'"):
        lookup(label)
    with pytest.raises(ValueError, match=rf"^parse\(\): encoding: unknown encoding label {label!r} \(did you mean '{nearest}'\?\)"):
        specparser.parse(b"x", encoding=label)


def test_a_label_like_none_names_none() -> None:
    with pytest.raises(LookupError) as raised:
        lookup("qqqqzzzz")
    assert "did you mean" not in str(raised.value)


def test_label_must_be_a_str() -> None:
    with pytest.raises(TypeError, match="bytes"):
        get_an_encoding(b"utf-8")  # type: ignore[arg-type]


# index-windows-1252.txt, pointers 0-31 (bytes 0x80-0x9F).  The five bytes
# Python's cp1252 leaves undefined map to the C1 controls.
WINDOWS_1252_80_9F = [
    0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
    0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
]


def test_windows_1252_80_to_9f() -> None:
    text = decode_without_bom_sniffing(bytes(range(0x80, 0xA0)), "windows-1252")
    assert [ord(c) for c in text] == WINDOWS_1252_80_9F


def test_windows_1252_is_latin1_above_9f_and_ascii_below_80() -> None:
    text = decode_without_bom_sniffing(bytes(range(256)), "windows-1252")
    assert text[:0x80] == bytes(range(0x80)).decode("ascii")
    assert text[0xA0:] == bytes(range(0xA0, 0x100)).decode("latin-1")


# For each single-byte encoding and x-user-defined: the first 16 hex digits
# of SHA-256 over the UTF-8 of the 256 code points bytes 0x00-0xFF decode
# to (U+FFFD where the standard's index has no code point), computed from
# the standard's index-*.txt files.
INDEX_DIGESTS = {
    "ibm866": "3c8cc5cb485f93d2",
    "iso-8859-2": "a5871b0f978b840b",
    "iso-8859-3": "e83895f2b7d7b82b",
    "iso-8859-4": "449076e20ebf45eb",
    "iso-8859-5": "9f31ddc0f7444afa",
    "iso-8859-6": "beba4e6cf97dce83",
    "iso-8859-7": "71069977a6798ab7",
    "iso-8859-8": "b43535e7aaeb7bcf",
    "iso-8859-8-i": "b43535e7aaeb7bcf",
    "iso-8859-10": "282514fbd01219c4",
    "iso-8859-13": "4426f6d2f1b025cd",
    "iso-8859-14": "f03afb7e01e66cac",
    "iso-8859-15": "9b58b26dbd8fbff2",
    "iso-8859-16": "2de1faef4dc524c9",
    "koi8-r": "fb0243455e64ef70",
    "koi8-u": "896c218aaf12ca1b",
    "macintosh": "54112bce885d7b1a",
    "windows-874": "6a2c7940c3d68216",
    "windows-1250": "03772ed2e875bd12",
    "windows-1251": "b16600cf4e6d1a2d",
    "windows-1252": "cc916e51644a12e8",
    "windows-1253": "e4570135cbc6e3d5",
    "windows-1254": "4a8e99647c3e28e6",
    "windows-1255": "870c5c5e687fabcd",
    "windows-1256": "6f6e8626197b1b6b",
    "windows-1257": "d19a4e888879e36a",
    "windows-1258": "e79b48db126bc71d",
    "x-mac-cyrillic": "784db55e1c90195e",
    "x-user-defined": "fb4341fe90799717",
}


def test_digests_cover_every_single_byte_encoding() -> None:
    assert set(INDEX_DIGESTS) == SINGLE_BYTE_ENCODINGS | {"x-user-defined"}


@pytest.mark.parametrize("name", sorted(INDEX_DIGESTS))
def test_single_byte_encoding_matches_the_standards_index(name: str) -> None:
    text = decode_without_bom_sniffing(bytes(range(256)), name)
    assert len(text) == 256
    assert hashlib.sha256(text.encode("utf-8")).hexdigest()[:16] == INDEX_DIGESTS[name]


@pytest.mark.parametrize(
    ("name", "byte", "code_point"),
    [
        ("koi8-u", 0xAE, 0x045E),  # KOI8-RU's letters, where Python's koi8_u has box drawing
        ("koi8-u", 0xBE, 0x040E),
        ("windows-1255", 0xCA, 0x05BA),  # HEBREW POINT HOLAM HASER FOR VAV
        ("windows-874", 0x81, 0x0081),
        ("windows-1251", 0x98, 0x0098),
        ("iso-8859-3", 0xA5, 0xFFFD),  # a hole in the index: an error
        ("windows-1253", 0xAA, 0xFFFD),
        ("x-mac-cyrillic", 0xFF, 0x20AC),
    ],
)
def test_single_byte_points(name: str, byte: int, code_point: int) -> None:
    assert decode_without_bom_sniffing(bytes([byte]), name) == chr(code_point)


def test_x_user_defined() -> None:
    # https://encoding.spec.whatwg.org/#x-user-defined-decoder
    text = decode_without_bom_sniffing(bytes(range(256)), "x-user-defined")
    assert text[:0x80] == "".join(map(chr, range(0x80)))
    assert [ord(c) for c in text[0x80:]] == list(range(0xF780, 0xF800))


def test_replacement() -> None:
    # https://encoding.spec.whatwg.org/#replacement-decoder
    assert decode_without_bom_sniffing(b"", "replacement") == ""
    assert decode_without_bom_sniffing(b"<html>\x1b$)C\x0e!", "replacement") == "\ufffd"
    assert decode(b"abc", "replacement") == ("\ufffd", "replacement")


@pytest.mark.parametrize(
    ("data", "text"),
    [
        # https://encoding.spec.whatwg.org/#utf-8-decoder, worked by hand:
        (b"\xe2\x82", "\ufffd"),  # truncated at the end: one U+FFFD
        (b"\xe2\x82<", "\ufffd<"),  # a truncated sequence does not eat "<"
        (b"\xf0\x9f\x98", "\ufffd"),
        (b"\xf0\x80\x80", "\ufffd\ufffd\ufffd"),  # 0x80 is out of F0's range
        (b"\xed\xa0\x80", "\ufffd\ufffd\ufffd"),  # a surrogate
        (b"\xc0\xaf", "\ufffd\ufffd"),  # overlong
        (b"\xf4\x90\x80\x80", "\ufffd" * 4),  # beyond U+10FFFF
        (b"\xff\xfe", "\ufffd\ufffd"),
        (b"\x80abc", "\ufffdabc"),
        (b"\xe2\x82\xac", "\u20ac"),
        (b"\xf0\x9f\x98\x80", "\U0001F600"),
    ],
)
def test_utf_8_errors(data: bytes, text: str) -> None:
    assert decode_without_bom_sniffing(data, "utf-8") == text


@pytest.mark.parametrize(
    ("data", "name", "text"),
    [
        # https://encoding.spec.whatwg.org/#shared-utf-16-decoder
        (b"A\x00B", "utf-16le", "A\ufffd"),  # odd trailing byte
        (b"\x00\xd8", "utf-16le", "\ufffd"),  # lone lead surrogate at the end
        (b"\x00\xd8A\x00", "utf-16le", "\ufffdA"),  # lead surrogate, then not a trail
        (b"\x00\xdcA\x00", "utf-16le", "\ufffdA"),  # lone trail surrogate
        (b"=\xd8\x00\xde", "utf-16le", "\U0001F600"),
        (b"\xd8=\xde\x00", "utf-16be", "\U0001F600"),
        (b"\x00A\x00", "utf-16be", "A\ufffd"),
    ],
)
def test_utf_16_errors(data: bytes, name: str, text: str) -> None:
    assert decode_without_bom_sniffing(data, name) == text


@pytest.mark.parametrize(
    ("data", "name", "text"),
    [
        ("日本語".encode("cp932"), "shift_jis", "日本語"),
        (b"\x87\x40", "shift_jis", "\u2460"),  # NEC row 13: CIRCLED DIGIT ONE
        (b"\x81\x60", "shift_jis", "\uff5e"),  # index jis0208: FULLWIDTH TILDE
        (b"\xa4\xa2", "euc-jp", "\u3042"),
        ("한국어".encode("cp949"), "euc-kr", "한국어"),
        (b"\x81\x41", "euc-kr", "\uac02"),  # a UHC extension pair
        ("中文".encode("gb18030"), "gbk", "中文"),
        ("中文".encode("gb18030"), "gb18030", "中文"),
        ("中文".encode("big5"), "big5", "中文"),
        (b"\x1b$B$\"\x1b(B", "iso-2022-jp", "\u3042"),
    ],
)
def test_multi_byte_encodings(data: bytes, name: str, text: str) -> None:
    assert decode_without_bom_sniffing(data, name) == text


@pytest.mark.parametrize(
    ("name", "lead"),
    [("shift_jis", 0x81), ("euc-jp", 0xA4), ("euc-kr", 0x81), ("gbk", 0x81), ("gb18030", 0x81), ("big5", 0x81)],
)
def test_a_lead_byte_without_its_trail_byte(name: str, lead: int) -> None:
    # Each decoder (https://encoding.spec.whatwg.org/#shift_jis-decoder etc.):
    # a lead byte followed by an ASCII byte that cannot be a trail is an
    # error and the ASCII byte is processed again (so "<" survives); a lead
    # byte at the end of the input is an error.
    assert decode_without_bom_sniffing(bytes([lead]) + b"<p>", name) == "\ufffd<p>"
    assert decode_without_bom_sniffing(bytes([lead]), name) == "\ufffd"
    assert decode_without_bom_sniffing(b"ok" + bytes([lead]), name) == "ok\ufffd"


@pytest.mark.parametrize("byte", [0x80, 0xA0, 0xFD, 0xFE, 0xFF])
def test_shift_jis_single_bytes(byte: int) -> None:
    # https://encoding.spec.whatwg.org/#shift_jis-decoder: 0x80 is U+0080;
    # 0xA0 and 0xFD-0xFF are neither characters nor lead bytes.
    expected = "\x80" if byte == 0x80 else "\ufffd"
    assert decode_without_bom_sniffing(bytes([byte]) + b"A", "shift_jis") == expected + "A"


def test_iso_2022_jp_escapes() -> None:
    # ESC $ B switches to JIS X 0208, ESC ( B back to ASCII.
    assert decode_without_bom_sniffing(b"\x1b$B$\"\x1b(B<p>", "iso-2022-jp") == "\u3042<p>"
    # A lone ESC at the end is an error.
    assert decode_without_bom_sniffing(b"\x1b", "iso-2022-jp") == "\ufffd"


def test_empty_input_decodes_to_nothing_in_every_encoding() -> None:
    for name in LABELS:
        assert decode(b"", name) == ("", name)


def test_every_encoding_decodes_every_byte_without_raising() -> None:
    data = bytes(range(256)) * 2 + b"\xe3\x81" + b"\x1b$B" + b"\x00"
    for name in LABELS:
        text, used = decode(data, name)
        assert isinstance(text, str) and used == name


@pytest.mark.parametrize(
    ("data", "given", "text", "used"),
    [
        # https://encoding.spec.whatwg.org/#decode: a BOM wins and is removed.
        (b"\xef\xbb\xbfA", "windows-1252", "A", "utf-8"),
        (b"\xff\xfeA\x00", "utf-8", "A", "utf-16le"),
        (b"\xfe\xff\x00A", "windows-1252", "A", "utf-16be"),
        (b"\xef\xbb\xbf\xef\xbb\xbfA", "utf-8", "\ufeffA", "utf-8"),  # only one BOM goes
        (b"\xef\xbbA", "windows-1252", "\u00ef\u00bbA", "windows-1252"),  # not a BOM
    ],
)
def test_decode_sniffs_the_bom(data: bytes, given: str, text: str, used: str) -> None:
    assert decode(data, given) == (text, used)


def test_decode_wants_a_name() -> None:
    with pytest.raises(LookupError, match="bogus"):
        decode_without_bom_sniffing(b"x", "bogus")


@pytest.mark.parametrize("name", ["gbk", "gb18030"])
@pytest.mark.parametrize(
    ("data", "text"),
    [
        # https://encoding.spec.whatwg.org/#gb18030-decoder: a lone 0x80 is
        # U+20AC; as a trail byte it belongs to its lead.
        (b"\x80", "\u20ac"),
        (b"a\x80b", "a\u20acb"),
        (b"\x800", "\u20ac0"),
        (b"\x80\x80", "\u20ac\u20ac"),
        (b"\x81\x80", "\u4e90"),  # index gb18030 pointer 63
        (b"\xff", "\ufffd"),
    ],
)
def test_gb18030_0x80(name: str, data: bytes, text: str) -> None:
    assert decode_without_bom_sniffing(data, name) == text
