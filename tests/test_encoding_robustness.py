"""Bad input never crashes; the corpus sniffs as html5lib 1.1 sniffs it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from compat.paths import MISSING_CORPUS, corpus_dir
from specparser.encoding import (
    LABELS,
    decode,
    decode_for_parse,
    encoding_declared_by_meta,
    extract_a_character_encoding_from_a_meta_element,
    prescan_a_byte_stream_to_determine_its_encoding,
)

# Bytes made mostly of the prescan's own vocabulary, so that it goes deep.
MARKUP = st.lists(
    st.sampled_from([b"<", b">", b"/", b"=", b'"', b"'", b" ", b"\n", b"!", b"-", b"?", b"meta", b"META",
                     b"charset", b"http-equiv", b"content", b"content-type", b"utf-8", b"big5", b"a",
                     b"\xff", b"\x80", b"\xe9"]),
    max_size=60,
).map(b"".join)


@settings(max_examples=300, deadline=None)
@given(st.one_of(MARKUP, st.binary(max_size=200)))
def test_prescan_and_sniffing_never_crash(data: bytes) -> None:
    encoding = prescan_a_byte_stream_to_determine_its_encoding(data)
    assert encoding is None or (encoding in LABELS and encoding not in ("utf-16le", "utf-16be", "x-user-defined"))
    decoded = decode_for_parse(data)
    assert isinstance(decoded.text, str) and decoded.encoding in LABELS


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=64), st.sampled_from(sorted(LABELS)))
def test_every_decoder_accepts_any_bytes(data: bytes, name: str) -> None:
    text, used = decode(data, name)
    assert isinstance(text, str) and used in LABELS


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=40), st.text(max_size=40))
def test_meta_helpers_accept_any_text(content: str, charset: str) -> None:
    extract_a_character_encoding_from_a_meta_element(content)
    encoding_declared_by_meta({"charset": charset, "http-equiv": "content-type", "content": content})


def test_corpus_sniffs_like_html5lib() -> None:
    root = corpus_dir()
    if root is None:
        pytest.skip(MISSING_CORPUS)
    html5lib_inputstream = pytest.importorskip("html5lib._inputstream")
    for path in sorted(root.glob("*.html")):
        data = path.read_bytes()
        ours = decode_for_parse(data)
        theirs = html5lib_inputstream.HTMLBinaryInputStream(data, useChardet=False).charEncoding
        assert (ours.encoding, ours.confidence) == (theirs[0].name, theirs[1]), path.name
