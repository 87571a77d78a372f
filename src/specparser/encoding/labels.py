"""Data: the Encoding Standard's names and labels, and how each encoding is
decoded here.

https://encoding.spec.whatwg.org/#names-and-labels

The label table is the standard's (every label of every encoding, 228 in
all, lower-case as the standard lists them).  Names are the standard's
names, lower-cased, as html5lib and webencodings report them
(``"windows-1252"``, ``"utf-8"``, ``"shift_jis"``).

Decoding uses Python's codecs where they agree with the standard, plus
small, exact corrections:

* ``SINGLE_BYTE_DIFFERENCES``: the bytes where the standard's index for a
  single-byte encoding differs from the Python codec named in
  ``PYTHON_CODECS``.  Python leaves most C1 slots of the windows-125x code
  pages undefined; the standard maps them to the C1 control with the same
  value (0x81 -> U+0081).  With these corrections every single-byte
  encoding decodes exactly as the standard's index-*.txt files say
  (checked byte for byte against two independent implementations of the
  indexes; the tests keep a digest of each table).
* The legacy multi-byte encodings (``MULTI_BYTE_ENCODINGS``) have decoders
  and encoders of their own (:mod:`specparser.encoding.multibyte`,
  :mod:`specparser.encoding.multibyte_encoders`), exactly the standard's;
  ``PYTHON_CODECS`` names the closest Python codec, which the decoders use
  where it is provably identical and which webencodings-style
  ``codec_info`` users get.
"""

from __future__ import annotations

__all__ = [
    "LABELS",
    "LABEL_TO_NAME",
    "MULTI_BYTE_ENCODINGS",
    "PYTHON_CODECS",
    "SINGLE_BYTE_DIFFERENCES",
    "SINGLE_BYTE_ENCODINGS",
]

# https://encoding.spec.whatwg.org/#names-and-labels
# name -> every label of that encoding (already lower-case and trimmed).
LABELS: dict[str, tuple[str, ...]] = {
    "utf-8": ("unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "utf-8", "utf8",
        "x-unicode20utf8"),
    "ibm866": ("866", "cp866", "csibm866", "ibm866"),
    "iso-8859-2": ("csisolatin2", "iso-8859-2", "iso-ir-101", "iso8859-2", "iso88592",
        "iso_8859-2", "iso_8859-2:1987", "l2", "latin2"),
    "iso-8859-3": ("csisolatin3", "iso-8859-3", "iso-ir-109", "iso8859-3", "iso88593",
        "iso_8859-3", "iso_8859-3:1988", "l3", "latin3"),
    "iso-8859-4": ("csisolatin4", "iso-8859-4", "iso-ir-110", "iso8859-4", "iso88594",
        "iso_8859-4", "iso_8859-4:1988", "l4", "latin4"),
    "iso-8859-5": ("csisolatincyrillic", "cyrillic", "iso-8859-5", "iso-ir-144",
        "iso8859-5", "iso88595", "iso_8859-5", "iso_8859-5:1988"),
    "iso-8859-6": ("arabic", "asmo-708", "csiso88596e", "csiso88596i",
        "csisolatinarabic", "ecma-114", "iso-8859-6", "iso-8859-6-e", "iso-8859-6-i",
        "iso-ir-127", "iso8859-6", "iso88596", "iso_8859-6", "iso_8859-6:1987"),
    "iso-8859-7": ("csisolatingreek", "ecma-118", "elot_928", "greek", "greek8",
        "iso-8859-7", "iso-ir-126", "iso8859-7", "iso88597", "iso_8859-7",
        "iso_8859-7:1987", "sun_eu_greek"),
    "iso-8859-8": ("csiso88598e", "csisolatinhebrew", "hebrew", "iso-8859-8",
        "iso-8859-8-e", "iso-ir-138", "iso8859-8", "iso88598", "iso_8859-8",
        "iso_8859-8:1988", "visual"),
    "iso-8859-8-i": ("csiso88598i", "iso-8859-8-i", "logical"),
    "iso-8859-10": ("csisolatin6", "iso-8859-10", "iso-ir-157", "iso8859-10",
        "iso885910", "l6", "latin6"),
    "iso-8859-13": ("iso-8859-13", "iso8859-13", "iso885913"),
    "iso-8859-14": ("iso-8859-14", "iso8859-14", "iso885914"),
    "iso-8859-15": ("csisolatin9", "iso-8859-15", "iso8859-15", "iso885915",
        "iso_8859-15", "l9"),
    "iso-8859-16": ("iso-8859-16",),
    "koi8-r": ("cskoi8r", "koi", "koi8", "koi8-r", "koi8_r"),
    "koi8-u": ("koi8-ru", "koi8-u"),
    "macintosh": ("csmacintosh", "mac", "macintosh", "x-mac-roman"),
    "windows-874": ("dos-874", "iso-8859-11", "iso8859-11", "iso885911", "tis-620",
        "windows-874"),
    "windows-1250": ("cp1250", "windows-1250", "x-cp1250"),
    "windows-1251": ("cp1251", "windows-1251", "x-cp1251"),
    "windows-1252": ("ansi_x3.4-1968", "ascii", "cp1252", "cp819", "csisolatin1",
        "ibm819", "iso-8859-1", "iso-ir-100", "iso8859-1", "iso88591", "iso_8859-1",
        "iso_8859-1:1987", "l1", "latin1", "us-ascii", "windows-1252", "x-cp1252"),
    "windows-1253": ("cp1253", "windows-1253", "x-cp1253"),
    "windows-1254": ("cp1254", "csisolatin5", "iso-8859-9", "iso-ir-148", "iso8859-9",
        "iso88599", "iso_8859-9", "iso_8859-9:1989", "l5", "latin5", "windows-1254",
        "x-cp1254"),
    "windows-1255": ("cp1255", "windows-1255", "x-cp1255"),
    "windows-1256": ("cp1256", "windows-1256", "x-cp1256"),
    "windows-1257": ("cp1257", "windows-1257", "x-cp1257"),
    "windows-1258": ("cp1258", "windows-1258", "x-cp1258"),
    "x-mac-cyrillic": ("x-mac-cyrillic", "x-mac-ukrainian"),
    "gbk": ("chinese", "csgb2312", "csiso58gb231280", "gb2312", "gb_2312",
        "gb_2312-80", "gbk", "iso-ir-58", "x-gbk"),
    "gb18030": ("gb18030",),
    "big5": ("big5", "big5-hkscs", "cn-big5", "csbig5", "x-x-big5"),
    "euc-jp": ("cseucpkdfmtjapanese", "euc-jp", "x-euc-jp"),
    "iso-2022-jp": ("csiso2022jp", "iso-2022-jp"),
    "shift_jis": ("csshiftjis", "ms932", "ms_kanji", "shift-jis", "shift_jis", "sjis",
        "windows-31j", "x-sjis"),
    "euc-kr": ("cseuckr", "csksc56011987", "euc-kr", "iso-ir-149", "korean",
        "ks_c_5601-1987", "ks_c_5601-1989", "ksc5601", "ksc_5601", "windows-949"),
    "replacement": ("csiso2022kr", "hz-gb-2312", "iso-2022-cn", "iso-2022-cn-ext",
        "iso-2022-kr", "replacement"),
    "utf-16be": ("unicodefffe", "utf-16be"),
    "utf-16le": ("csunicode", "iso-10646-ucs-2", "ucs-2", "unicode", "unicodefeff",
        "utf-16", "utf-16le"),
    "x-user-defined": ("x-user-defined",),}

# https://encoding.spec.whatwg.org/#concept-encoding-get: label -> name.
LABEL_TO_NAME: dict[str, str] = {
    label: name for name, labels in LABELS.items() for label in labels
}

# The Python codec behind each encoding.  Encodings missing here have a
# decoder of their own in decoding.py: utf-16le/utf-16be (BOM rules),
# x-user-defined and replacement.
PYTHON_CODECS: dict[str, str] = {
    "utf-8": "utf-8",
    "ibm866": "cp866",
    "iso-8859-2": "iso8859_2",
    "iso-8859-3": "iso8859_3",
    "iso-8859-4": "iso8859_4",
    "iso-8859-5": "iso8859_5",
    "iso-8859-6": "iso8859_6",
    "iso-8859-7": "iso8859_7",
    "iso-8859-8": "iso8859_8",
    # ISO-8859-8-I differs from ISO-8859-8 only in directionality, which a
    # decoder does not see: the standard gives both the same index.
    "iso-8859-8-i": "iso8859_8",
    "iso-8859-10": "iso8859_10",
    "iso-8859-13": "iso8859_13",
    "iso-8859-14": "iso8859_14",
    "iso-8859-15": "iso8859_15",
    "iso-8859-16": "iso8859_16",
    "koi8-r": "koi8_r",
    "koi8-u": "koi8_u",
    "macintosh": "mac_roman",
    "windows-874": "cp874",
    "windows-1250": "cp1250",
    "windows-1251": "cp1251",
    "windows-1252": "cp1252",
    "windows-1253": "cp1253",
    "windows-1254": "cp1254",
    "windows-1255": "cp1255",
    "windows-1256": "cp1256",
    "windows-1257": "cp1257",
    "windows-1258": "cp1258",
    "x-mac-cyrillic": "mac_cyrillic",
    # The standard's GBK decoder is its gb18030 decoder.
    "gbk": "gb18030",
    "gb18030": "gb18030",
    # The standard's Big5 is Big5-HKSCS (2008) minus a few encoder-only
    # pointers; Python's big5hkscs (HKSCS-2004) is the closest codec.
    "big5": "big5hkscs",
    "euc-jp": "euc_jp",
    "iso-2022-jp": "iso2022_jp",
    # The standard's Shift_JIS (index jis0208 with the NEC and IBM rows) is
    # Microsoft's code page 932: cp932 maps every valid pair the same way.
    "shift_jis": "cp932",
    # The standard's EUC-KR is the Unified Hangul Code (windows-949).
    "euc-kr": "cp949",
}

# https://encoding.spec.whatwg.org/#legacy-multi-byte-chinese-(simplified)-encodings
# and the sections after it.
MULTI_BYTE_ENCODINGS: frozenset[str] = frozenset(
    ("gbk", "gb18030", "big5", "euc-jp", "iso-2022-jp", "shift_jis", "euc-kr")
)

# The single-byte encodings (https://encoding.spec.whatwg.org/#legacy-single-byte-encodings).
SINGLE_BYTE_ENCODINGS: frozenset[str] = frozenset(
    (
        "ibm866", "iso-8859-2", "iso-8859-3", "iso-8859-4", "iso-8859-5",
        "iso-8859-6", "iso-8859-7", "iso-8859-8", "iso-8859-8-i", "iso-8859-10",
        "iso-8859-13", "iso-8859-14", "iso-8859-15", "iso-8859-16", "koi8-r",
        "koi8-u", "macintosh", "windows-874", "windows-1250", "windows-1251",
        "windows-1252", "windows-1253", "windows-1254", "windows-1255",
        "windows-1256", "windows-1257", "windows-1258", "x-mac-cyrillic",
    )
)

# byte -> code point, where the standard's index differs from the Python
# codec in PYTHON_CODECS (every other byte decodes identically).
SINGLE_BYTE_DIFFERENCES: dict[str, dict[int, int]] = {
    "koi8-u": {0xAE: 0x045E, 0xBE: 0x040E},
    "windows-874": {0x81: 0x0081, 0x82: 0x0082, 0x83: 0x0083, 0x84: 0x0084,
        0x86: 0x0086, 0x87: 0x0087, 0x88: 0x0088, 0x89: 0x0089, 0x8A: 0x008A,
        0x8B: 0x008B, 0x8C: 0x008C, 0x8D: 0x008D, 0x8E: 0x008E, 0x8F: 0x008F,
        0x90: 0x0090, 0x98: 0x0098, 0x99: 0x0099, 0x9A: 0x009A, 0x9B: 0x009B,
        0x9C: 0x009C, 0x9D: 0x009D, 0x9E: 0x009E, 0x9F: 0x009F},
    "windows-1250": {0x81: 0x0081, 0x83: 0x0083, 0x88: 0x0088, 0x90: 0x0090,
        0x98: 0x0098},
    "windows-1251": {0x98: 0x0098},
    "windows-1252": {0x81: 0x0081, 0x8D: 0x008D, 0x8F: 0x008F, 0x90: 0x0090,
        0x9D: 0x009D},
    "windows-1253": {0x81: 0x0081, 0x88: 0x0088, 0x8A: 0x008A, 0x8C: 0x008C,
        0x8D: 0x008D, 0x8E: 0x008E, 0x8F: 0x008F, 0x90: 0x0090, 0x98: 0x0098,
        0x9A: 0x009A, 0x9C: 0x009C, 0x9D: 0x009D, 0x9E: 0x009E, 0x9F: 0x009F},
    "windows-1254": {0x81: 0x0081, 0x8D: 0x008D, 0x8E: 0x008E, 0x8F: 0x008F,
        0x90: 0x0090, 0x9D: 0x009D, 0x9E: 0x009E},
    "windows-1255": {0x81: 0x0081, 0x8A: 0x008A, 0x8C: 0x008C, 0x8D: 0x008D,
        0x8E: 0x008E, 0x8F: 0x008F, 0x90: 0x0090, 0x9A: 0x009A, 0x9C: 0x009C,
        0x9D: 0x009D, 0x9E: 0x009E, 0x9F: 0x009F, 0xCA: 0x05BA},
    "windows-1257": {0x81: 0x0081, 0x83: 0x0083, 0x88: 0x0088, 0x8A: 0x008A,
        0x8C: 0x008C, 0x90: 0x0090, 0x98: 0x0098, 0x9A: 0x009A, 0x9C: 0x009C,
        0x9F: 0x009F},
    "windows-1258": {0x81: 0x0081, 0x8A: 0x008A, 0x8D: 0x008D, 0x8E: 0x008E,
        0x8F: 0x008F, 0x90: 0x0090, 0x9A: 0x009A, 0x9D: 0x009D, 0x9E: 0x009E},
}
