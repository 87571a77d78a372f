"""Step 8 of the encoding sniffing algorithm without a dependency: valid
UTF-8 is taken as UTF-8 (``detect_utf8``), and every answer says which step
decided it.

https://html.spec.whatwg.org/#encoding-sniffing-algorithm: step 8 lets the
user agent "attempt to autodetect the character encoding from applying
frequency analysis or other algorithms to the data stream" before the
default of step 9.  The expectations below are the spec's order of steps:
everything before step 8 still wins over the detection.
"""

from __future__ import annotations

import pytest

from specparser.encoding import (
    CERTAIN,
    ENCODING_SOURCES,
    TENTATIVE,
    decode_for_parse,
    determine_the_character_encoding,
    parse_with_reparse,
)

CAFE = "<p>café".encode()


def sniff(data: bytes, **keywords):
    return tuple(determine_the_character_encoding(data, **keywords))


def test_valid_utf8_is_utf8_only_when_asked() -> None:
    assert sniff(CAFE, detect_utf8=True) == ("utf-8", TENTATIVE, "utf-8-detection")
    # Off by default (the html5lib facade's contract): step 9's default.
    assert sniff(CAFE) == ("windows-1252", TENTATIVE, "default")


def test_invalid_utf8_falls_through_to_the_default() -> None:
    # "café" in windows-1252: 0xE9 then end of input is not UTF-8.
    assert sniff("<p>café".encode("windows-1252"), detect_utf8=True) == ("windows-1252", TENTATIVE, "default")
    # A lone continuation byte, an overlong form, a surrogate: not UTF-8 either.
    for bad in (b"<p>\x80", b"<p>\xc0\xaf", b"<p>\xed\xa0\x80"):
        assert sniff(bad, detect_utf8=True)[2] == "default", bad


@pytest.mark.parametrize(
    ("data", "keywords", "expected"),
    [
        # Steps 1-7 all come before the detection.
        (b"\xef\xbb\xbf<p>\xc3\xa9", {}, ("utf-8", CERTAIN, "bom")),
        (CAFE, {"override_encoding": "iso-8859-2"}, ("iso-8859-2", CERTAIN, "override")),
        (CAFE, {"transport_encoding": "koi8-r"}, ("koi8-r", CERTAIN, "transport")),
        (b'<meta charset="big5"><p>\xc3\xa9', {}, ("big5", TENTATIVE, "prescan")),
        (CAFE, {"same_origin_parent_encoding": "gbk"}, ("gbk", TENTATIVE, "parent")),
        (CAFE, {"likely_encoding": "windows-1251"}, ("windows-1251", TENTATIVE, "likely")),
        (CAFE, {"default_encoding": "windows-1250"}, ("utf-8", TENTATIVE, "utf-8-detection")),
    ],
)
def test_earlier_steps_win(data: bytes, keywords: dict, expected: tuple) -> None:
    assert sniff(data, detect_utf8=True, **keywords) == expected
    assert expected[2] in ENCODING_SOURCES


def test_decoded_input_reports_the_step() -> None:
    decoded = decode_for_parse(CAFE, detect_utf8=True)
    assert decoded.text == "<p>café" and decoded.encoding_source == "utf-8-detection"
    assert decode_for_parse(CAFE).text == "<p>cafÃ©"
    assert decode_for_parse("<p>").encoding_source is None


def test_a_late_meta_still_changes_a_detected_encoding() -> None:
    # Detection gives a tentative confidence, so a <meta> beyond the
    # prescan's 1,024 bytes may still change it (here: a re-parse, since the
    # bytes before it are not ASCII).
    data = "<!--é-->".encode() + b"<!--" + b"x" * 1100 + b'--><meta charset="windows-1252"><p>\xc3\xa9'
    seen = []

    def parse_text(decoded):
        seen.append((decoded.encoding, decoded.encoding_source))
        if len(seen) == 1:
            decoded.change_the_encoding_for_meta({"charset": "windows-1252"})  # raises: re-parse
            raise AssertionError("the <meta> should have asked for a re-parse")
        return decoded

    result = parse_with_reparse(data, parse_text, detect_utf8=True)
    assert seen == [("utf-8", "utf-8-detection"), ("windows-1252", "meta")]
    assert result.text.endswith("<p>Ã©")
