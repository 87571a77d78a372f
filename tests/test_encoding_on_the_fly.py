"""A ``<meta charset>`` that the prescan missed (beyond its 1,024 bytes)
changes the encoding on the fly when the bytes read so far decode the same
in the new encoding, instead of parsing the document again:
https://html.spec.whatwg.org/#changing-the-encoding-while-parsing step 5
(step 6, the re-parse, stays for when they do not).

The reference for every tree is the re-parse itself (the behaviour before
the on-the-fly change, forced here by not telling the decoder how far the
tokenizer got) and the same page decoded correctly up front as str.
"""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree

import pytest

from compat.paths import MISSING_CORPUS, corpus_dir
from specparser import html5lib_compat
from specparser.cli import Options, parse_bytes
from specparser.encoding import bytestream

# Corpus pages and fuzz inputs hold names and characters an lxml tree cannot;
# the coercion and its single DataLossWarning are tested in tests/test_infoset.py.
pytestmark = pytest.mark.filterwarnings("ignore::specparser.infoset.DataLossWarning")

PADDING = b"<!--" + b"p" * 1100 + b"-->"  # pushes the meta out of the prescan's window


def page(head: bytes = b"", meta: bytes = b"<meta charset=iso-8859-2>", body: bytes = b"") -> bytes:
    return (
        b"<!DOCTYPE html>\r\n<html><head>" + PADDING + b"\r\n<title>T</title>\r\n" + head + meta
        + b"\r\n<link rel=x>\r\n</head><body>\r\n<p>caf\xc3\xa9 \xe2\x80\x94 &amp; \x01 x</p>\r\n" + body
        + b"</body></html>"
    )


@pytest.fixture
def redecodes(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The encodings the document was parsed again with (step 6)."""
    seen: list[str] = []
    original = bytestream.redecode

    def counting(decoded, encoding):  # type: ignore[no-untyped-def]
        seen.append(encoding)
        return original(decoded, encoding)

    monkeypatch.setattr(bytestream, "redecode", counting)
    return seen


def restarted(monkeypatch: pytest.MonkeyPatch, parse):  # type: ignore[no-untyped-def]
    """``parse()`` as it was before the on-the-fly change: always step 6."""
    original = bytestream.DecodedInput.change_the_encoding_for_meta
    with monkeypatch.context() as patch:
        patch.setattr(
            bytestream.DecodedInput,
            "change_the_encoding_for_meta",
            lambda self, attributes, consumed=None: original(self, attributes),
        )
        return parse()


def etree_of(data: bytes | str) -> bytes:
    return ElementTree.tostring(html5lib_compat.parse(data))


def lxml_of(data: bytes) -> list:
    lxml_etree = pytest.importorskip("lxml.etree")
    root = html5lib_compat.parse(data, treebuilder="lxml")
    return [lxml_etree.tostring(root)] + [(node.tag, node.sourceline) for node in root.iter()]


def bs4_of(data: bytes) -> str:
    bs4 = pytest.importorskip("bs4")
    import specparser.bs4  # noqa: F401  (registers the feature)

    soup = bs4.BeautifulSoup(data, "specparser")
    return str(soup) + repr([(tag.name, tag.sourceline, tag.sourcepos) for tag in soup.find_all(True)]) + str(
        soup.original_encoding
    )


def errors_of(data: bytes) -> list:
    tree, errors, encoding = parse_bytes(data, Options("errors", None, None, False))
    return [(error.code, error.line, error.column) for error in errors] + [encoding]


@pytest.mark.parametrize(
    "meta",
    [
        b"<meta charset=iso-8859-2>",  # the tokenizer's fast path
        b'<meta http-equiv=Content-Type content="text/html; charset=iso-8859-2">',
        b'<meta charset=iso-8859-2 title="a&amp;b">',  # fast path with character references
        b"<meta charset=iso-8859-2 a=1 a=2>",  # the state machine (duplicate attribute)
        b"<meta charset=iso-8859-2\r\n/>",
    ],
)
def test_meta_beyond_the_prescan_switches_on_the_fly(meta: bytes, redecodes, monkeypatch) -> None:
    data = page(meta=meta)
    for build in (etree_of, lxml_of, bs4_of, errors_of):
        redecodes.clear()
        on_the_fly = build(data)
        assert redecodes == [], build.__name__
        assert on_the_fly == restarted(monkeypatch, lambda: build(data)), build.__name__
        # The reference really parsed again (bs4's adapter starts from
        # UTF-8, the others from windows-1252: both read the prefix alike).
        assert redecodes == ["iso-8859-2"], build.__name__
    assert etree_of(data) == etree_of(data.decode("iso-8859-2"))


def test_input_stream_errors_after_the_switch_keep_their_places(redecodes, monkeypatch) -> None:
    # U+0001 before and after the meta, and U+FFFF (a noncharacter) that
    # only the new encoding produces.
    data = page(head=b"<title>\x01</title>", meta=b"<meta charset=utf-8>", body=b"<p>\xef\xbf\xbf\x02</p>")
    found = errors_of(data)
    assert redecodes == []
    codes = [entry[0] for entry in found[:-1]]
    assert codes.count("control-character-in-input-stream") == 3
    assert codes.count("noncharacter-in-input-stream") == 1
    assert found == restarted(monkeypatch, lambda: errors_of(data))


def test_a_prefix_that_reads_differently_still_parses_again(redecodes, monkeypatch) -> None:
    # "é" before the meta is two windows-1252 characters but one in UTF-8.
    data = page(head=b"<title>caf\xc3\xa9</title>", meta=b"<meta charset=utf-8>")
    tree = etree_of(data)
    assert redecodes == ["utf-8"]
    assert tree == etree_of(data.decode("utf-8"))
    assert errors_of(data) == restarted(monkeypatch, lambda: errors_of(data))


def test_the_html5lib_facade_reports_the_new_encoding(redecodes) -> None:

    parser = html5lib_compat.HTMLParser()
    parser.parse(page())
    assert redecodes == []
    assert parser.documentEncoding == "iso-8859-2"


def test_corpus_pages_parse_as_before(redecodes, monkeypatch) -> None:
    pages = corpus_dir()
    if pages is None:
        pytest.skip(MISSING_CORPUS)
    switched = 0
    for path in sorted(pages.iterdir()):
        data = path.read_bytes()
        redecodes.clear()
        reference = restarted(monkeypatch, lambda: etree_of(data))
        if not redecodes:
            continue  # no late meta changed this page's encoding
        redecodes.clear()
        assert etree_of(data) == reference, path.name
        switched += not redecodes
    assert switched > 0
