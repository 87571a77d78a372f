"""The encoding sniffing algorithm, the prescan, <meta> extraction and
changing the encoding while parsing, step by step.

https://html.spec.whatwg.org/#encoding-sniffing-algorithm
"""

from __future__ import annotations

import io
import sys
import types

import pytest

from specparser.encoding import (
    CERTAIN,
    IRRELEVANT,
    TENTATIVE,
    DecodedInput,
    ReparseWithEncoding,
    NoDetectorWarning,
    autodetect_encoding,
    change_the_encoding,
    decode_for_parse,
    encoding_declared_by_meta,
    encoding_sniffing_algorithm,
    extract_a_character_encoding_from_a_meta_element,
    parse_with_reparse,
    prescan_a_byte_stream_to_determine_its_encoding,
    redecode,
)

META_2 = b'<meta charset="iso-8859-2">'


def sniff(data: bytes, **keywords) -> tuple[str, str]:
    return encoding_sniffing_algorithm(data, **keywords)


# -- the sniffing algorithm, in the spec's order --------------------------


@pytest.mark.parametrize(
    ("data", "encoding"),
    [
        (b"\xef\xbb\xbf" + META_2, "utf-8"),
        (b"\xff\xfe<\x00p\x00>\x00", "utf-16le"),
        (b"\xfe\xff\x00<\x00p\x00>", "utf-16be"),
    ],
)
def test_step_1_a_bom_wins_over_everything(data: bytes, encoding: str) -> None:
    assert sniff(data, override_encoding="koi8-r", transport_encoding="big5") == (encoding, CERTAIN)


def test_utf_16_boms_decode_and_are_removed() -> None:
    le = decode_for_parse("\ufeff<p>é€".encode("utf-16-le"))
    assert (le.text, le.encoding, le.confidence) == ("<p>é€", "utf-16le", CERTAIN)
    be = decode_for_parse("\ufeff<p>é€".encode("utf-16-be"))
    assert (be.text, be.encoding, be.confidence) == ("<p>é€", "utf-16be", CERTAIN)


def test_step_2_override_beats_transport_and_meta() -> None:
    assert sniff(META_2, override_encoding="KOI8-R", transport_encoding="big5") == ("koi8-r", CERTAIN)


def test_step_4_transport_beats_meta() -> None:
    assert sniff(META_2, transport_encoding=" Shift_JIS ") == ("shift_jis", CERTAIN)


def test_step_4_an_unsupported_transport_encoding_is_skipped() -> None:
    assert sniff(META_2, transport_encoding="utf-7") == ("iso-8859-2", TENTATIVE)


def test_step_5_prescan_is_tentative() -> None:
    assert sniff(META_2, likely_encoding="big5") == ("iso-8859-2", TENTATIVE)


def test_step_6_parent_encoding() -> None:
    assert sniff(b"<p>", same_origin_parent_encoding="euc-kr", likely_encoding="big5") == ("euc-kr", TENTATIVE)
    # ... but not a UTF-16 one, and not an unknown one.
    assert sniff(b"<p>", same_origin_parent_encoding="utf-16", likely_encoding="big5") == ("big5", TENTATIVE)
    assert sniff(b"<p>", same_origin_parent_encoding="bogus") == ("windows-1252", TENTATIVE)


def test_step_7_likely_encoding() -> None:
    assert sniff(b"<p>", likely_encoding="gbk", default_encoding="utf-8") == ("gbk", TENTATIVE)


def test_step_9_default() -> None:
    assert sniff(b"<p>") == ("windows-1252", TENTATIVE)
    assert sniff(b"<p>", default_encoding="UTF-8") == ("utf-8", TENTATIVE)
    assert sniff(b"") == ("windows-1252", TENTATIVE)


@pytest.mark.parametrize("keyword", ["override_encoding", "likely_encoding", "default_encoding"])
def test_the_callers_own_unknown_labels_raise(keyword: str) -> None:
    with pytest.raises(LookupError, match="'utf-7'"):
        sniff(b"\xef\xbb\xbf", **{keyword: "utf-7"})
    with pytest.raises(LookupError, match="'utf-7'"):
        decode_for_parse(b"<p>", **{keyword: "utf-7"})


@pytest.mark.parametrize(
    "keyword",
    ["override_encoding", "transport_encoding", "same_origin_parent_encoding", "likely_encoding", "default_encoding"],
)
def test_labels_must_be_str(keyword: str) -> None:
    with pytest.raises(TypeError, match=keyword):
        sniff(b"", **{keyword: b"utf-8"})


# -- step 8: an optional detector ----------------------------------------


@pytest.fixture
def fake_chardet(monkeypatch):
    module = types.ModuleType("chardet")
    seen = []

    def detect(data):
        seen.append(data)
        return {"encoding": "utf_8", "confidence": 0.99}

    module.detect = detect
    monkeypatch.setitem(sys.modules, "chardet", module)
    return seen


def test_step_8_detector_only_when_asked_and_nothing_else_decided(fake_chardet) -> None:
    assert sniff(b"<p>\xc3\xa9") == ("windows-1252", TENTATIVE)
    assert fake_chardet == []
    assert sniff(b"<p>\xc3\xa9", useChardet=True) == ("utf-8", TENTATIVE)
    assert sniff(META_2, useChardet=True) == ("iso-8859-2", TENTATIVE)
    assert sniff(b"<p>", useChardet=True, likely_encoding="big5") == ("big5", TENTATIVE)
    assert fake_chardet == [b"<p>\xc3\xa9"]


def test_detector_names_become_standard_names(monkeypatch) -> None:
    module = types.ModuleType("chardet")
    monkeypatch.setitem(sys.modules, "chardet", module)
    for answer, name in [
        ("utf-8-sig", "utf-8"),
        ("ISO-8859-1", "windows-1252"),
        ("latin_1", "windows-1252"),
        ("EUC-JP", "euc-jp"),
        ("SHIFT_JIS", "shift_jis"),
        ("MacCyrillic", None),
        (None, None),
        ("utf-32", None),
    ]:
        module.detect = lambda data, answer=answer: {"encoding": answer}
        assert autodetect_encoding(b"x") == name


def test_charset_normalizer_is_the_second_choice(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "chardet", None)  # import fails
    module = types.ModuleType("charset_normalizer")

    class Best:
        encoding = "cp1251"

    class Matches:
        def best(self):
            return Best()

    module.from_bytes = lambda data: Matches()
    monkeypatch.setitem(sys.modules, "charset_normalizer", module)
    assert sniff(b"\xcf\xf0\xe8", useChardet=True) == ("windows-1251", TENTATIVE)


def test_no_detector_installed(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "chardet", None)
    monkeypatch.setitem(sys.modules, "charset_normalizer", None)
    assert autodetect_encoding(b"x") is None
    # Asked for and missing: reported, not ignored (the default is used).
    with pytest.warns(NoDetectorWarning, match="neither chardet nor charset_normalizer"):
        assert sniff(b"\xe9", useChardet=True) == ("windows-1252", TENTATIVE)


# -- the prescan ------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "encoding"),
    [
        (b'<meta charset="utf-8">', "utf-8"),
        (b"<META CHARSET=UTF-8>", "utf-8"),
        (b"<meta/charset=utf-8>", "utf-8"),
        (b"<meta charset='  koi8-r  '>", "koi8-r"),
        (b"<meta charset=koi8-r/>", None),  # the value is "koi8-r/"
        (b'<meta http-equiv="Content-Type" content="text/html; charset=big5">', "big5"),
        (b'<meta content="text/html; charset=big5" http-equiv=content-type>', "big5"),
        (b'<meta content="text/html; charset=big5">', None),  # needs the pragma
        (b'<meta http-equiv="content-type">', None),
        # charset wins over an earlier content, whatever the order.
        (b'<meta content="charset=big5" charset="gbk" http-equiv="content-type">', "gbk"),
        # A failed charset blocks content too.
        (b'<meta charset="bogus" content="charset=big5" http-equiv="content-type">', None),
        # The first of duplicate attributes counts.
        (b'<meta charset="gbk" charset="big5">', "gbk"),
        (b'<meta http-equiv="x" http-equiv="content-type" content="charset=big5">', None),
        # Substitutions of steps 14-15.
        (b'<meta charset="utf-16be">', "utf-8"),
        (b'<meta charset="unicode">', "utf-8"),
        (b'<meta charset="x-user-defined">', "windows-1252"),
        # Comments, including "<!-->", and other markup are skipped.
        (b'<!--<meta charset="gbk">--><meta charset="big5">', "big5"),
        (b'<!--><meta charset="big5">', "big5"),
        # "<!--->" is a whole comment too: its ">" follows two dashes.
        (b'<!---><meta charset="gbk">--><meta charset="big5">', "gbk"),
        (b'<!DOCTYPE html><?xml x><meta charset="big5">', "big5"),
        (b'</meta charset="gbk"><meta charset="big5">', "big5"),
        (b'<p title="<meta charset=gbk>"><meta charset="big5">', "big5"),
        (b'<p title=\'x>\' lang=en><meta charset="big5">', "big5"),
        (b"<meta charset=big5", None),  # ran out of bytes
        (b'<meta charset="big5', None),
        (b"<!-- <meta charset=big5>", None),
        (b"<metacharset=big5>", None),
        (b"< meta charset=big5>", None),  # "<" then a space: no tag at all
        (b"<meta =charset=big5>", None),  # the name is "=charset"
        (b"", None),
    ],
)
def test_prescan(data: bytes, encoding: str | None) -> None:
    assert prescan_a_byte_stream_to_determine_its_encoding(data) == encoding


def test_prescan_stops_at_1024_bytes() -> None:
    comment = b"<!--" + b"x" * 1100 + b"-->"
    assert prescan_a_byte_stream_to_determine_its_encoding(comment + META_2) is None
    # Just inside the window: found.
    data = b" " * (1024 - len(META_2)) + META_2
    assert prescan_a_byte_stream_to_determine_its_encoding(data) == "iso-8859-2"
    # One byte later the ">" is out of reach.
    assert prescan_a_byte_stream_to_determine_its_encoding(b" " + data) is None


def test_a_meta_after_a_long_comment_needs_the_tree_builder() -> None:
    data = b"<!--" + b"x" * 2000 + b"-->" + META_2 + b"<p>\xe6"
    decoded = decode_for_parse(data)
    assert (decoded.encoding, decoded.confidence) == ("windows-1252", TENTATIVE)
    with pytest.raises(ReparseWithEncoding) as raised:
        decoded.change_the_encoding_for_meta({"charset": "iso-8859-2"})
    assert raised.value.encoding == "iso-8859-2"
    again = redecode(decoded, raised.value.encoding)
    assert (again.encoding, again.confidence) == ("iso-8859-2", CERTAIN)
    assert again.text.endswith("<p>\u0107")  # 0xE6 is c with acute in ISO-8859-2


def test_prescan_time_is_bounded_by_its_window() -> None:
    # The end condition: nothing past the first 1,024 bytes is looked at.
    data = b"<a " + b"b" * 10_000_000
    assert prescan_a_byte_stream_to_determine_its_encoding(data) is None


# -- extracting a character encoding from a meta element -------------------


@pytest.mark.parametrize(
    ("content", "encoding"),
    [
        ("text/html; charset=utf-8", "utf-8"),
        ("text/html;charset=UTF-8", "utf-8"),
        ("text/html; CHARSET = utf-8", "utf-8"),
        ("text/html; charset=\tutf-8 ; x", "utf-8"),
        ("text/html; charset=utf-8;foo", "utf-8"),
        ('text/html; charset="utf-8"', "utf-8"),
        ("text/html; charset='utf-8'", "utf-8"),
        ('text/html; charset=" utf-8 "', "utf-8"),  # get an encoding trims
        ("text/html; charset='utf-8", None),  # unmatched quote
        ('text/html; charset="utf-8', None),
        ("text/html; charset='utf-8\"", None),
        ("text/html; charset=", None),  # no next character
        ("text/html; charset= ", None),
        ("text/html; charset", None),
        ("text/html", None),
        ("charset=bogus", None),
        ("charsetcharset=big5", "big5"),  # search again just before the "c"
        ("charset;charset=big5", "big5"),
        ("xcharset=big5", "big5"),  # "charset" anywhere
        ('text/html; charset=big5"x', None),  # the label would be 'big5"x'
        ("charset=\u0130koi8-r", None),
    ],
)
def test_extract_a_character_encoding_from_a_meta_element(content: str, encoding: str | None) -> None:
    assert extract_a_character_encoding_from_a_meta_element(content) == encoding


def test_extraction_is_ascii_case_insensitive_only() -> None:
    # U+0130 lower-cases to two code points in Unicode; offsets must not
    # shift ("\u0130" is not part of "charset" in ASCII).
    assert extract_a_character_encoding_from_a_meta_element("\u0130\u0130 CharSet=gbk") == "gbk"
    assert extract_a_character_encoding_from_a_meta_element("\u212aoi8 charset=gbk") == "gbk"


# -- what a <meta> declares to tree construction ---------------------------


@pytest.mark.parametrize(
    ("attributes", "encoding"),
    [
        ({"charset": "UTF-8"}, "utf-8"),
        ({"charset": " big5 "}, "big5"),
        ({"charset": "utf-16"}, "utf-16le"),  # substituted by change_the_encoding
        ({"http-equiv": "Content-Type", "content": "text/html; charset=gbk"}, "gbk"),
        ({"http-equiv": "CONTENT-TYPE", "content": "charset='euc-kr'"}, "euc-kr"),
        ({"http-equiv": "content-type"}, None),
        ({"content": "text/html; charset=gbk"}, None),
        ({"http-equiv": "Content-Type ", "content": "charset=gbk"}, None),
        # A charset that is not a label falls through to http-equiv.
        ({"charset": "bogus", "http-equiv": "content-type", "content": "charset=gbk"}, "gbk"),
        ({"charset": "bogus"}, None),
        ({"name": "viewport", "content": "width=device-width"}, None),
        ({}, None),
    ],
)
def test_encoding_declared_by_meta(attributes: dict, encoding: str | None) -> None:
    assert encoding_declared_by_meta(attributes) == encoding


# -- changing the encoding while parsing -----------------------------------


@pytest.mark.parametrize(
    ("current", "confidence", "new", "result"),
    [
        ("windows-1252", TENTATIVE, "iso-8859-2", "iso-8859-2"),
        ("windows-1252", TENTATIVE, " ISO8859-2 ", "iso-8859-2"),
        ("windows-1252", CERTAIN, "iso-8859-2", None),  # only while tentative
        ("windows-1252", IRRELEVANT, "iso-8859-2", None),
        ("utf-16le", TENTATIVE, "iso-8859-2", None),  # step 1
        ("utf-16be", TENTATIVE, "utf-8", None),
        ("windows-1252", TENTATIVE, "utf-16be", "utf-8"),  # step 2
        ("utf-8", TENTATIVE, "utf-16", None),  # step 2 then step 4
        ("windows-1252", TENTATIVE, "x-user-defined", None),  # step 3 then step 4
        ("iso-8859-2", TENTATIVE, "x-user-defined", "windows-1252"),
        ("windows-1252", TENTATIVE, "latin1", None),  # step 4: same encoding
        ("windows-1252", TENTATIVE, "bogus", None),
    ],
)
def test_change_the_encoding(current: str, confidence: str, new: str, result: str | None) -> None:
    assert change_the_encoding(current, confidence, new) == result


def test_meta_with_the_same_encoding_makes_the_confidence_certain() -> None:
    decoded = decode_for_parse(META_2)
    assert decoded.confidence == TENTATIVE
    decoded.change_the_encoding_for_meta({"charset": "ISO-8859-2"})
    assert decoded.confidence == CERTAIN
    # Certain: a later meta changes nothing.
    decoded.change_the_encoding_for_meta({"charset": "big5"})
    assert decoded.encoding == "iso-8859-2"


def test_meta_without_an_encoding_leaves_the_confidence_tentative() -> None:
    decoded = decode_for_parse(b"<p>")
    decoded.change_the_encoding_for_meta({"name": "x"})
    decoded.change_the_encoding_for_meta({"charset": "bogus"})
    assert decoded.confidence == TENTATIVE


def test_meta_in_a_utf_16_document_is_ignored() -> None:
    decoded = DecodedInput("", "utf-16le", TENTATIVE, b"")
    decoded.change_the_encoding_for_meta({"charset": "big5"})
    assert (decoded.encoding, decoded.confidence) == ("utf-16le", CERTAIN)


def test_str_input_ignores_meta() -> None:
    decoded = decode_for_parse("<meta charset=big5>")
    decoded.change_the_encoding_for_meta({"charset": "big5"})
    assert (decoded.encoding, decoded.confidence) == (None, IRRELEVANT)


def test_parse_with_reparse_runs_twice_at_most() -> None:
    calls = []

    def parse_text(decoded: DecodedInput) -> str:
        calls.append((decoded.encoding, decoded.confidence))
        decoded.change_the_encoding_for_meta({"charset": "koi8-r"})
        decoded.change_the_encoding_for_meta({"charset": "big5"})
        return decoded.text

    text = parse_with_reparse(b"<p>\xc1", parse_text)
    assert calls == [("windows-1252", TENTATIVE), ("koi8-r", CERTAIN)]
    assert text == "<p>\u0430"  # 0xC1 is CYRILLIC SMALL LETTER A in KOI8-R


def test_parse_with_reparse_passes_the_keywords() -> None:
    seen = []
    parse_with_reparse(b"<p>", lambda d: seen.append((d.encoding, d.confidence)), transport_encoding="gbk")
    assert seen == [("gbk", CERTAIN)]


def test_redecode_of_str_input_is_an_error() -> None:
    with pytest.raises(ValueError):
        redecode(decode_for_parse("x"), "utf-8")


def test_redecode_of_an_unknown_label_is_an_error() -> None:
    with pytest.raises(LookupError, match="bogus"):
        redecode(decode_for_parse(b"x"), "bogus")


# -- the entry point's input types -----------------------------------------


def test_bytes_like_and_binary_files() -> None:
    for source in (b"<p>\xe9", bytearray(b"<p>\xe9"), memoryview(b"<p>\xe9"), io.BytesIO(b"<p>\xe9")):
        decoded = decode_for_parse(source)
        assert (decoded.text, decoded.encoding, decoded.confidence) == ("<p>é", "windows-1252", TENTATIVE)
        assert decoded.source == b"<p>\xe9"


def test_empty_bytes() -> None:
    decoded = decode_for_parse(b"")
    assert (decoded.text, decoded.encoding, decoded.confidence) == ("", "windows-1252", TENTATIVE)


def test_str_and_text_files_have_no_encoding() -> None:
    for source in ("<p>é", io.StringIO("<p>é")):
        decoded = decode_for_parse(source)
        assert (decoded.text, decoded.encoding, decoded.confidence) == ("<p>é", None, IRRELEVANT)


@pytest.mark.parametrize(
    "keyword",
    ["override_encoding", "transport_encoding", "same_origin_parent_encoding", "likely_encoding", "default_encoding"],
)
def test_str_input_with_an_encoding_keyword_is_a_type_error(keyword: str) -> None:
    # As html5lib 1.1 does: the keyword could only be silently ignored.
    with pytest.raises(TypeError, match=keyword):
        decode_for_parse("<p>", **{keyword: "utf-8"})


@pytest.mark.parametrize("source", [None, 42, ["<p>"], object()])
def test_other_types_are_a_type_error(source) -> None:
    with pytest.raises(TypeError, match="bytes"):
        decode_for_parse(source)


def test_a_file_whose_read_returns_something_else() -> None:
    class Odd:
        def read(self):
            return 42

    with pytest.raises(TypeError, match="int"):
        decode_for_parse(Odd())


def test_the_text_keeps_carriage_returns_for_the_input_stream() -> None:
    # Newline normalization is the input stream's job, not the decoder's.
    assert decode_for_parse(b"a\r\nb\rc").text == "a\r\nb\rc"


# -- changing the encoding on the fly (the spec's step 5) -------------------


def _late_meta_document(before: bytes, after: bytes) -> tuple[bytes, int]:
    """A document whose <meta charset=utf-8> is beyond the prescan, and the
    preprocessed offset just after that tag."""
    head = b"<!--" + b"-" * 1100 + b"-->" + before + b'<meta charset="utf-8">'
    consumed = len(head.replace(b"\r\n", b"\n").decode("latin-1"))
    return head + after, consumed


def test_on_the_fly_when_the_consumed_text_reads_the_same() -> None:
    data, consumed = _late_meta_document(b"<title>plain ascii</title>\r\n", "<p>é€".encode())
    decoded = decode_for_parse(data)
    assert decoded.encoding == "windows-1252"
    assert decoded.change_the_encoding_for_meta({"charset": "utf-8"}, consumed) is True
    assert (decoded.encoding, decoded.confidence) == ("utf-8", CERTAIN)
    assert decoded.text.endswith("<p>é€")


def test_on_the_fly_with_non_ascii_that_both_encodings_share() -> None:
    # 0xE9 is e-acute in windows-1252 and in windows-1254 alike.
    data = b"<!--" + b"-" * 1100 + b"--><title>caf\xe9</title><meta charset=windows-1254>"
    decoded = decode_for_parse(data + b"<p>\xfd")
    assert decoded.change_the_encoding_for_meta({"charset": "windows-1254"}, len(data)) is True
    assert decoded.text.endswith("caf\u00e9</title><meta charset=windows-1254><p>\u0131")


def test_no_change_on_the_fly_when_the_consumed_text_differs() -> None:
    data, consumed = _late_meta_document("<title>é</title>".encode(), b"")
    decoded = decode_for_parse(data)
    with pytest.raises(ReparseWithEncoding):
        decoded.change_the_encoding_for_meta({"charset": "utf-8"}, consumed)
    assert decoded.encoding == "windows-1252"  # unchanged: the entry point re-decodes


def test_the_difference_may_start_right_after_the_consumed_text() -> None:
    data, consumed = _late_meta_document(b"", "é".encode())
    decoded = decode_for_parse(data)
    assert decoded.change_the_encoding_for_meta({"charset": "utf-8"}, consumed) is True
    decoded = decode_for_parse(data)
    with pytest.raises(ReparseWithEncoding):
        decoded.change_the_encoding_for_meta({"charset": "utf-8"}, consumed + 1)


def test_on_the_fly_never_for_the_same_encoding() -> None:
    decoded = decode_for_parse(META_2)
    assert decoded.change_the_encoding_for_meta({"charset": "iso-8859-2"}, len(META_2)) is False
    assert decoded.confidence == CERTAIN
