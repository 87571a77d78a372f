"""Step 8 of the encoding sniffing algorithm with a real detector
(``detector=`` on parse / parse_fragment, ``--detector``, the bs4 builder).

https://html.spec.whatwg.org/#encoding-sniffing-algorithm step 8: asked only
when no earlier step decided, and (our rule) only for bytes that are not
valid UTF-8; its answer, when it names a supported encoding, is returned
with the confidence tentative.  Expected texts are the texts the pages
were written from; bs4 with lxml is the peer for ``BeautifulSoup(b,
"specparser")``.
"""

from __future__ import annotations

import sys

import pytest

import specparser
from specparser.encoding.detectors import (
    MINIMUM_EVIDENCE,
    REFUSED_DETECTOR_ENCODINGS,
    detector_input,
    encoding_of_detector_answer,
)
from specparser.encoding.labels import PYTHON_CODECS
from specparser.encoding.multibyte_encoders import encode_multi_byte

charset_normalizer = pytest.importorskip(
    "charset_normalizer", reason="charset-normalizer is not installed (pip install specparser-html[detect])"
)

SAMPLES = {
    "windows-1251": "Русский язык — один из восточнославянских языков, национальный язык русского народа. "
    "Он является одним из наиболее распространённых языков мира и самым распространённым из славянских языков.",
    "shift_jis": "日本語は、主に日本国内や日本人同士の間で使用されている言語である。"
    "日本は法令によって公用語を規定していないが、法令その他の公用文は全て日本語で記述される。",
    "gbk": "汉语，又称中文、华语，是一种分析语，属于汉藏语系。汉语是世界上使用人数最多的语言之一，"
    "也是联合国的六种官方语言之一。现代标准汉语以北京语音为标准音。",
    "windows-1250": "Čeština je západoslovanský jazyk, nejbližší slovenštině, poté polštině a lužické srbštině. "
    "Patří mezi slovanské jazyky, do rodiny jazyků indoevropských. Čeština se vyvinula ze západních nářečí.",
    "iso-8859-7": "Η ελληνική γλώσσα είναι μία από τις ινδοευρωπαϊκές γλώσσες. Αποτελεί το μοναδικό μέλος "
    "ενός ανεξάρτητου κλάδου της ινδοευρωπαϊκής οικογένειας γλωσσών και είναι η επίσημη γλώσσα της Ελλάδας.",
    "euc-kr": "한국어는 대한민국과 조선민주주의인민공화국의 공용어이다. 한국어는 주로 한반도와 그 주변 지역에서 "
    "사용되며, 세계적으로 약 8천만 명의 사용자가 있다. 한글은 한국어를 적는 고유의 문자이다.",
}


def page(text: str) -> str:
    return f"<!DOCTYPE html><html><head><title>{text[:12]}</title></head><body><h1>{text[:8]}</h1><p>{text}</p></body></html>"


def legacy(text: str, encoding: str) -> bytes:
    if encoding in ("gbk", "shift_jis", "euc-kr"):
        return encode_multi_byte(text, encoding)
    return text.encode(PYTHON_CODECS[encoding])


RUSSIAN = legacy(page(SAMPLES["windows-1251"]), "windows-1251")
# "Привет, как дела?": 13 bytes beyond ASCII, enough to ask a detector.
SHORT = b"<p>\xcf\xf0\xe8\xe2\xe5\xf2, \xea\xe0\xea \xe4\xe5\xeb\xe0?"


@pytest.mark.parametrize("encoding", sorted(SAMPLES))
def test_undeclared_legacy_page_comes_out_right(encoding: str) -> None:
    data = legacy(page(SAMPLES[encoding]), encoding)
    plain = specparser.ParseInfo()
    assert SAMPLES[encoding] not in specparser.visible_text(specparser.parse(data, info=plain))
    assert (plain.encoding, plain.encoding_source) == ("windows-1252", "default")
    info = specparser.ParseInfo()
    tree = specparser.parse(data, detector="charset-normalizer", info=info)
    assert specparser.visible_text(tree).endswith(SAMPLES[encoding])
    assert (info.encoding_source, info.confidence) == ("detector", "tentative")


def test_the_detected_encoding_is_the_standards_name() -> None:
    info = specparser.ParseInfo()
    specparser.parse(RUSSIAN, detector="charset-normalizer", info=info)
    assert info.encoding == "windows-1251"
    fragment = specparser.parse_fragment(legacy(SAMPLES["shift_jis"], "shift_jis"), "p", detector="charset-normalizer", info=info)
    assert fragment == [SAMPLES["shift_jis"]]  # an etree fragment is a list: the leading text, then the nodes
    assert (info.encoding, info.encoding_source) == ("shift_jis", "detector")


class Recorder:
    def __init__(self, answer: object = "windows-1251") -> None:
        self.answer = answer
        self.seen: list[bytes] = []

    def __call__(self, data: bytes) -> object:
        self.seen.append(data)
        return self.answer


@pytest.mark.parametrize(
    "data, keywords, source",
    [
        (b"\xef\xbb\xbf<p>\xd0\x9f", {}, "bom"),
        (RUSSIAN, {"encoding": "koi8-r"}, "override"),
        (RUSSIAN, {"transport_encoding": "koi8-r"}, "transport"),
        (b'<meta charset="koi8-r">' + RUSSIAN, {}, "prescan"),
        ("<p>Привет".encode(), {}, "utf-8-detection"),
        ("<p>Привет".encode(), {"detect_utf8": False}, "default"),  # valid UTF-8 is never guessed at
        (b"<p>plain ASCII", {}, "utf-8-detection"),
    ],
)
def test_asked_only_when_nothing_decided_and_not_utf8(data: bytes, keywords: dict, source: str) -> None:
    detector = Recorder()
    info = specparser.ParseInfo()
    specparser.parse(data, detector=detector, info=info, **keywords)
    assert detector.seen == []
    assert info.encoding_source == source


def test_str_input_never_asks() -> None:
    detector = Recorder()
    specparser.parse("<p>Привет", detector=detector)
    assert detector.seen == []


def test_the_detector_reads_the_text_without_markup() -> None:
    detector = Recorder()
    data = b"<!DOCTYPE html><script>var x = '\xe9';</script><!-- \xe9 --><p class=a>\xcf\xf0\xe8\xe2\xe5\xf2&amp;\xec\xe8\xf0</p>"
    info = specparser.ParseInfo()
    specparser.parse(data, detector=detector, info=info)
    assert detector.seen == [b" \xcf\xf0\xe8\xe2\xe5\xf2 \xec\xe8\xf0 "]
    assert detector_input(data) == b" \xcf\xf0\xe8\xe2\xe5\xf2 \xec\xe8\xf0 "
    assert (info.encoding, info.encoding_source) == ("windows-1251", "detector")


def test_a_word_or_two_is_too_little_to_ask() -> None:
    # 7 bytes beyond ASCII: the default; charset-normalizer (and bs4's
    # lxml builder) would read this windows-1252 word as Big5.
    detector = Recorder()
    info = specparser.ParseInfo()
    tree = specparser.parse("<p>Räksmörgås, smörgås, blåbär".encode("cp1252"), detector=detector, info=info)
    assert detector.seen == []
    assert (info.encoding_source, tree.find(".//p").text) == ("default", "Räksmörgås, smörgås, blåbär")
    assert MINIMUM_EVIDENCE == 8
    detector = Recorder()
    specparser.parse("<p>Räksmörgås, smörgås, blåbär, öl".encode("cp1252"), detector=detector)
    assert len(detector.seen) == 1  # 8 bytes: asked


@pytest.mark.parametrize(
    "answer, encoding",
    [
        ("windows-1251", "windows-1251"),
        ("cp1251", "windows-1251"),  # a label and Python's codec name
        ("CP932", "shift_jis"),  # Python's names of the standard's Shift_JIS and EUC-KR
        ("cp949", "euc-kr"),
        ("euc_kr", "euc-kr"),
        ("iso8859_7", "iso-8859-7"),
        ("latin_1", "windows-1252"),
        ("utf_8", "utf-8"),
        ("big5hkscs", "big5"),
        ("mac_cyrillic", "x-mac-cyrillic"),
    ],
)
def test_answers_go_through_the_label_table(answer: str, encoding: str) -> None:
    assert encoding_of_detector_answer(answer) == encoding
    info = specparser.ParseInfo()
    specparser.parse(SHORT, detector=Recorder(answer), info=info)
    assert (info.encoding, info.encoding_source) == (encoding, "detector")


@pytest.mark.parametrize(
    "answer",
    [None, "", "bogus", "utf-32", "hz", "utf-16", "UTF-16LE", "utf_16_be", "iso-2022-kr", "replacement",
     "x-user-defined", 42, b"windows-1251", "\u212aoi8-r", "utf-8\x00", "rot13", "a" * 10000],
)  # fmt: skip
def test_answers_that_name_no_allowed_encoding_are_ignored(answer: object) -> None:
    assert encoding_of_detector_answer(answer) is None
    info = specparser.ParseInfo()
    specparser.parse(SHORT, detector=Recorder(answer), info=info)
    assert (info.encoding, info.encoding_source) == ("windows-1252", "default")
    assert REFUSED_DETECTOR_ENCODINGS == {"replacement", "utf-16be", "utf-16le", "x-user-defined"}


def test_a_later_meta_still_changes_a_detected_encoding() -> None:
    # Tentative: the <meta> beyond the prescan's 1,024 bytes wins.
    data = b"<!DOCTYPE html><title>" + b" " * 1100 + b'</title><meta charset="koi8-r"><p>\xf0\xd2\xc9'
    info = specparser.ParseInfo()
    specparser.parse(data, detector=Recorder("windows-1251"), info=info)
    assert (info.encoding, info.encoding_source) == ("koi8-r", "meta")


def test_bad_detector_arguments() -> None:
    with pytest.raises(TypeError, match=r"parse\(\): detector must be"):
        specparser.parse(b"x", detector=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"parse_fragment\(\): detector must be one of 'charset-normalizer'"):
        specparser.parse_fragment(b"x", "div", detector="chardet")


def test_a_missing_detector_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "charset_normalizer", None)
    with pytest.raises(ImportError, match=r"pip install 'specparser-html\[detect\]'"):
        specparser.parse(b"<p>x", detector="charset-normalizer")


# -- the command line ------------------------------------------------------


def test_cli_detector(tmp_path, capsysbinary) -> None:
    from specparser.cli import main

    path = tmp_path / "ru.html"
    path.write_bytes(RUSSIAN)
    assert main(["--format", "text", "--detector", "charset-normalizer", str(path)]) == 0
    assert capsysbinary.readouterr().out.decode().endswith(SAMPLES["windows-1251"] + "\n")
    assert main(["--format", "text", str(path)]) == 0
    assert SAMPLES["windows-1251"] not in capsysbinary.readouterr().out.decode()


def test_cli_missing_detector(tmp_path, capsysbinary, monkeypatch: pytest.MonkeyPatch) -> None:
    from specparser.cli import main

    monkeypatch.setitem(sys.modules, "charset_normalizer", None)
    path = tmp_path / "ru.html"
    path.write_bytes(RUSSIAN)
    assert main(["--detector", "charset-normalizer", str(path)]) == 2
    assert b"specparser-html[detect]" in capsysbinary.readouterr().err


# -- BeautifulSoup -------------------------------------------------------------


def soup(data: bytes, features: str, **keywords: object):  # type: ignore[no-untyped-def]
    bs4 = pytest.importorskip("bs4", reason="beautifulsoup4 is not installed (pip install specparser-html[bs4])")
    import specparser.bs4  # noqa: F401

    return bs4.BeautifulSoup(data, features, **keywords)


def test_bs4_undeclared_windows_1251_as_bs4_lxml() -> None:
    pytest.importorskip("lxml", reason="lxml is not installed (pip install specparser-html[lxml])")
    ours = soup(RUSSIAN, "specparser")
    theirs = soup(RUSSIAN, "lxml")
    assert ours.p.get_text() == theirs.p.get_text() == SAMPLES["windows-1251"]
    assert ours.original_encoding == "windows-1251"


def test_bs4_encoding_arguments_still_win() -> None:
    assert soup(RUSSIAN, "specparser", from_encoding="koi8-r").original_encoding == "koi8-r"
    excluded = soup(RUSSIAN, "specparser", exclude_encodings=["cp1251"])
    assert excluded.original_encoding == "windows-1252"
    # A declared encoding that is excluded: the later steps decide, the
    # detector among them.
    declared = b'<meta charset="koi8-r">' + RUSSIAN
    assert soup(declared, "specparser", exclude_encodings=["koi8-r"]).original_encoding == "windows-1251"


# -- real pages made undeclared (benchmarks/detector_accuracy.py has them all) --

CORPUS_CASES = [
    ("gmw.html", "gbk"),
    ("pixnet.html", "big5"),
    ("hukumusume.html", "shift_jis"),
    ("hukumusume.html", "euc-jp"),
    ("aktualne.html", "windows-1250"),
    ("folha.html", "windows-1252"),  # a tie of windows-1250 and -1252 keeps the default
]


@pytest.mark.slow
@pytest.mark.parametrize("name, encoding", CORPUS_CASES)
def test_corpus_pages_made_undeclared(name: str, encoding: str) -> None:
    import re

    from compat.paths import MISSING_CORPUS, corpus_dir
    from specparser.encoding import decode_for_parse, is_valid_utf8

    directory = corpus_dir()
    if directory is None:
        pytest.skip(MISSING_CORPUS)
    text = decode_for_parse((directory / name).read_bytes(), detect_utf8=True).text
    text = re.sub(r"<meta\b[^>]*(?:charset|http-equiv\s*=\s*[\"']?content-type)[^>]*>", "", text, flags=re.I)
    if encoding in ("gbk", "big5", "shift_jis", "euc-jp"):
        data = encode_multi_byte(text, encoding, "html")
    else:
        data = text.encode(PYTHON_CODECS[encoding], "xmlcharrefreplace")
    assert not is_valid_utf8(data)
    expected = specparser.visible_text(specparser.parse(data, encoding=encoding))
    info = specparser.ParseInfo()
    assert specparser.visible_text(specparser.parse(data, detector="charset-normalizer", info=info)) == expected
    assert info.encoding_source == "detector"
