"""The legacy multi-byte decoders against headless Chromium 156's TextDecoder.

tests/data/chromium_textdecoder_cjk.json holds about 2,000 byte sequences
(issue 19's named cases, ISO-2022-JP's escape sequences, random 1-3 byte
sequences that exercise error recovery) and what Chromium decoded each to,
written by compat/chromium_textdecoder.py.  specparser must agree on every
one, through the fast path and through the exact decoders, except where the
file records that Chromium differs from the Encoding Standard: there
specparser must give the standard's answer (tests/_whatwg_cjk_reference.py)
and Chromium's recorded answer must still be a different one.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from specparser.encoding import multibyte
from specparser.encoding.multibyte import decode_multi_byte

from _whatwg_cjk_reference import MISSING_STANDARD, standard_available

DATA = json.loads((Path(__file__).parent / "data" / "chromium_textdecoder_cjk.json").read_text(encoding="utf-8"))
ENCODINGS = list(DATA["encodings"])


def test_the_sample_is_chromium_156_and_every_encoding():
    assert DATA["chromium"].startswith("Chromium 156.")
    assert ENCODINGS == ["gbk", "gb18030", "big5", "euc-jp", "iso-2022-jp", "shift_jis", "euc-kr"]
    for encoding, results in DATA["encodings"].items():
        assert results["decoder_encoding"] == encoding  # the label named this encoding in Chromium
        assert len(results["cases"]) > 250


@pytest.mark.parametrize("fast", [True, False], ids=["fast-path", "exact"])
@pytest.mark.parametrize("encoding", ENCODINGS)
def test_decoders_agree_with_chromium(encoding, fast, monkeypatch):
    monkeypatch.setattr(multibyte, "USE_FAST_PATH", fast)
    known = DATA["differences_from_the_standard"].get(encoding, {})
    wrong = []
    for hex_bytes, code_points in DATA["encodings"][encoding]["cases"]:
        if hex_bytes in known:
            continue
        got = [ord(c) for c in decode_multi_byte(bytes.fromhex(hex_bytes), encoding)]
        if got != code_points:
            wrong.append((hex_bytes, code_points, got))
    assert wrong[:10] == []


@pytest.mark.skipif(not standard_available(), reason=MISSING_STANDARD)
def test_where_chromium_differs_from_the_standard_the_standard_decides():
    import _whatwg_cjk_reference as reference

    cases = {(encoding, h): cps for encoding, results in DATA["encodings"].items() for h, cps in results["cases"]}
    checked = 0
    for encoding, differences in DATA["differences_from_the_standard"].items():
        for hex_bytes in differences:
            data = bytes.fromhex(hex_bytes)
            standard = [ord(c) for c in reference.decode(data, encoding)]
            assert [ord(c) for c in decode_multi_byte(data, encoding)] == standard
            assert cases[encoding, hex_bytes] != standard, f"Chromium now agrees on {encoding} {hex_bytes}"
            checked += 1
    assert checked == 2  # Big5's four pairs that decode to two code points
