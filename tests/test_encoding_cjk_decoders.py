"""The legacy multi-byte decoders against the Encoding Standard.

The reference is tests/_whatwg_cjk_reference.py, written from the
standard's text (https://encoding.spec.whatwg.org/) independently of
specparser.  Every one- and two-byte input, EUC-JP's three-byte range and
gb18030's four-byte range are compared, through the fast path (Python's C
codecs with corrections) and through the exact decoders alone; then random
inputs, input fed in pieces, and each difference issue 19 found between the
standard and Python's codecs by name.
"""

from __future__ import annotations

import functools
import random

import pytest

from specparser.encoding import decode, multibyte
from specparser.encoding.multibyte import IncrementalDecoder, decode_multi_byte, decoding_met_an_error

from _whatwg_cjk_reference import MISSING_STANDARD, standard_available

if not standard_available():
    pytest.skip(MISSING_STANDARD, allow_module_level=True)

import _whatwg_cjk_reference as reference  # noqa: E402

ENCODINGS = ["gb18030", "gbk", "big5", "euc-jp", "iso-2022-jp", "shift_jis", "euc-kr"]


@pytest.fixture(params=[True, False], ids=["fast-path", "exact"])
def fast_path(request, monkeypatch):
    monkeypatch.setattr(multibyte, "USE_FAST_PATH", request.param)
    return request.param


def differences(inputs, encoding):
    return [
        (data.hex(), expected, got)
        for data in inputs
        if (expected := reference.decode(data, encoding)) != (got := decode_multi_byte(data, encoding))
    ]


ONE_AND_TWO_BYTES = [bytes([a]) for a in range(256)] + [bytes([a, b]) for a in range(256) for b in range(256)]


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_every_one_and_two_byte_input(encoding, fast_path):
    assert differences(ONE_AND_TWO_BYTES, encoding)[:10] == []


def test_euc_jp_every_three_byte_input_after_0x8f(fast_path):
    inputs = [bytes([0x8F, a, b]) for a in range(256) for b in range(256)]
    assert differences(inputs, "euc-jp")[:10] == []


@pytest.mark.parametrize("first", range(0x81, 0xFF, 5))
def test_gb18030_four_byte_range_one_by_one(first, fast_path):
    # A sample of the range decoded one sequence at a time (the whole range
    # is decoded as concatenated sequences below).
    inputs = [bytes([first, b, c, d]) for b in range(0x30, 0x3A) for c in range(0x81, 0xFF, 3) for d in (0x30, 0x35, 0x39)]
    assert differences(inputs, "gb18030")[:10] == []


@functools.lru_cache(maxsize=None)
def four_byte_sequences(first: int) -> tuple[bytes, str]:
    data = b"".join(bytes([first, b, c, d]) for b in range(0x30, 0x3A) for c in range(0x81, 0xFF) for d in range(0x30, 0x3A))
    return data, reference.decode(data, "gb18030")


def test_gb18030_every_four_byte_sequence(fast_path):
    # Every [81-FE][30-39][81-FE][30-39] sequence, assigned or not: each is
    # one unit for the standard's decoder (a code point or one error), so
    # decoding them back to back gives one character per sequence.
    for first in range(0x81, 0xFF):
        data, expected = four_byte_sequences(first)
        got = decode_multi_byte(data, "gb18030")
        assert len(expected) == len(data) // 4
        if got != expected:
            wrong = [i for i, (x, y) in enumerate(zip(expected, got)) if x != y][:5]
            pytest.fail(f"first byte {first:#x}: sequences {[data[4 * i:4 * i + 4].hex() for i in wrong]} differ")


@functools.lru_cache(maxsize=None)
def iso_2022_jp_after(prefix: bytes) -> tuple[list[bytes], list[str]]:
    inputs = [prefix + data for data in ONE_AND_TWO_BYTES]
    return inputs, [reference.decode(data, "iso-2022-jp") for data in inputs]


@pytest.mark.parametrize("prefix", [b"\x1b", b"\x1b$B", b"\x1b$@", b"\x1b(J", b"\x1b(I", b"\x1b(B", b"\x1b$B\x30"])
def test_iso_2022_jp_every_one_and_two_bytes_after_an_escape(prefix, fast_path):
    # The one- and two-byte sweep above only sees the ASCII state: here
    # every state, every escape sequence, and a pending lead byte.
    inputs, expected = iso_2022_jp_after(prefix)
    wrong = [(d.hex(), e, g) for d, e in zip(inputs, expected) if (g := decode_multi_byte(d, "iso-2022-jp")) != e]
    assert wrong[:10] == []


# Pairs for the ISO-2022-JP documents below: ordinary kanji and kana, the
# NEC row 13 and the IBM rows 89-92 (in index jis0208, not in Python's
# codec), unassigned pairs, and the six pairs Python's codec maps to other
# code points than index jis0208.
JIS_PAIRS = [b"0!", b"F|", b"K\\", b"$\"", b"%+", b"-!", b"-~", b"y!", b"|n", b"))", b"t'", b"~~",
             b"!A", b"!B", b"!]", b"!q", b"!r", b'"L']  # fmt: skip


def iso_2022_jp_documents(count, seed):
    """Byte strings shaped like ISO-2022-JP text: escape sequences, each
    followed by a run of bytes of its state (ASCII and markup, Roman's 0x5C
    and 0x7E, katakana, JIS X 0208 pairs), and in about a third of the runs
    a flaw the fast path must leave to the standard's steps: an odd-length
    JIS run, a control byte, space or DEL among JIS bytes or katakana, two
    escape sequences in a row, an invalid or cut escape, SO, SI, a byte
    0x80-0xFF."""
    rng = random.Random(seed)
    escapes = [b"\x1b(B", b"\x1b(J", b"\x1b(I", b"\x1b$@", b"\x1b$B"]
    flaws = [b"0", b"\n", b" ", b"\x7f", b"\x00", b"\x1b(B", b"\x1b$B", b"\x1b", b"\x1b(", b"\x1b$A",
             b"\x1b(Z", b"\x0e", b"\x0f", b"\x80", b"\xa4\xa2", b"\xff", b"a"]  # fmt: skip
    for _ in range(count):
        parts = [b"<p>" if rng.random() < 0.5 else b""]
        for _ in range(rng.randrange(1, 16)):
            escape = rng.choice(escapes)
            parts.append(escape)
            length = rng.randrange(1, 8)
            if escape in (b"\x1b$@", b"\x1b$B"):
                parts += [rng.choice(JIS_PAIRS) for _ in range(length)]
            elif escape == b"\x1b(I":
                parts += [bytes([rng.randrange(0x21, 0x60)]) for _ in range(length)]
            else:
                parts += [rng.choice([b"a", b"\\", b"~", b"<b>", b"\r\n", b"\t", b"1"]) for _ in range(length)]
            if rng.random() < 0.3:
                parts.append(rng.choice(flaws))
        if rng.random() < 0.5:
            parts.append(b"\x1b(B</p>\n")
        yield b"".join(parts)


def test_iso_2022_jp_documents_fast_path_equals_the_standard(monkeypatch):
    documents = list(iso_2022_jp_documents(1500, 23))
    expected = [reference.decode(data, "iso-2022-jp") for data in documents]
    for fast in (True, False):
        monkeypatch.setattr(multibyte, "USE_FAST_PATH", fast)
        wrong = [(d.hex(), e, g) for d, e in zip(documents, expected) if (g := decode_multi_byte(d, "iso-2022-jp")) != e]
        assert wrong[:5] == [], f"USE_FAST_PATH={fast}"


def test_iso_2022_jp_documents_in_pieces():
    rng = random.Random(24)
    for data in iso_2022_jp_documents(300, 25):
        cuts = sorted(rng.sample(range(len(data) + 1), min(4, len(data) + 1)))
        decoder = IncrementalDecoder("iso-2022-jp")
        pieces = [decoder.decode(data[a:b]) for a, b in zip([0] + cuts, cuts + [len(data)])]
        pieces.append(decoder.decode(b"", final=True))
        assert "".join(pieces) == reference.decode(data, "iso-2022-jp"), data.hex()


def test_iso_2022_jp_well_formed_text_is_one_codec_call(monkeypatch):
    # The fast path's point: Japanese text between escape sequences costs
    # one C codec call for the whole input, not one per run.
    calls = []
    decode_stretch = multibyte._decode_well_formed_iso_2022_jp
    monkeypatch.setattr(multibyte, "_decode_well_formed_iso_2022_jp", lambda *a: calls.append(a) or decode_stretch(*a))
    text = "<p>" + "。".join(f"日本語{i}の文章、ｶﾀｶﾅ¥{i}～①" for i in range(200)) + "</p>\n"
    data = reference.encode(text, "iso-2022-jp")
    assert decode_multi_byte(data, "iso-2022-jp") == reference.decode(data, "iso-2022-jp")
    assert len(calls) == 1
    # A lead byte without its trail in the middle: the codec's text up to
    # the escape sequence before it, the standard's steps to just past it,
    # the codec again for the rest.
    calls.clear()
    flawed = data[: len(data) // 2] + b"\x1b$B0\x1b(B" + data[len(data) // 2 :]
    assert decode_multi_byte(flawed, "iso-2022-jp") == reference.decode(flawed, "iso-2022-jp")
    assert len(calls) <= 4


def random_inputs(encoding, count, seed):
    """Byte strings built from the bytes that matter to ``encoding``'s
    decoder: leads, trails, ASCII (markup and the bytes that are restored),
    escape sequences, and anything."""
    rng = random.Random(seed)
    pieces = [bytes([b]) for b in (0x00, 0x0A, 0x1B, 0x30, 0x35, 0x39, 0x3C, 0x40, 0x41, 0x5C, 0x7E, 0x7F, 0x80,
                                    0x81, 0x8E, 0x8F, 0xA0, 0xA1, 0xA2, 0xB7, 0xC8, 0xDF, 0xE0, 0xFC, 0xFD, 0xFE, 0xFF)]
    pieces += [b"\x1b(B", b"\x1b(J", b"\x1b(I", b"\x1b$@", b"\x1b$B", b"\x1b(", b"\x1b$", b"\x8f\xa2\xb7",
               b"\xa2\x41", b"\xa1\xc1", b"\x81\x35\xf4\x37", b"\x84\x31\xa4\x37", b"<p>", b"\r\n"]
    for _ in range(count):
        parts = [rng.choice(pieces) if rng.random() < 0.7 else bytes([rng.randrange(256)]) for _ in range(rng.randrange(12))]
        yield b"".join(parts)


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_random_inputs(encoding, fast_path):
    assert differences(list(random_inputs(encoding, 3000, 19)), encoding)[:10] == []


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_byte_at_a_time_equals_whole_input(encoding, fast_path):
    for data in random_inputs(encoding, 400, 20):
        decoder = IncrementalDecoder(encoding)
        pieces = [decoder.decode(data[i : i + 1]) for i in range(len(data))]
        pieces.append(decoder.decode(b"", final=True))
        assert "".join(pieces) == decode_multi_byte(data, encoding), data.hex()


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_random_pieces_equal_whole_input(encoding):
    rng = random.Random(21)
    data = b"".join(random_inputs(encoding, 300, 22))
    for _ in range(20):
        cuts = sorted(rng.sample(range(len(data) + 1), 12))
        decoder = IncrementalDecoder(encoding)
        pieces = [decoder.decode(data[a:b]) for a, b in zip([0] + cuts, cuts + [len(data)])]
        pieces.append(decoder.decode(b"", final=True))
        assert "".join(pieces) == reference.decode(data, encoding)


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_decoding_met_an_error_as_fatal_mode_says(encoding, fast_path):
    # The standard's "fatal" error mode fails exactly where an error was
    # met.  gb18030's 0x84 0x31 0xA4 0x37 is U+FFFD itself: here at every
    # alignment after a lead, a pair, ASCII and bad bytes.
    inputs = list(random_inputs(encoding, 1500, 26))
    inputs += [prefix + b"\x84\x31\xa4\x37" + suffix for prefix in (b"", b"a", b"\x81", b"\x81\x40", b"\x84", b"\x84\x31", b"\x80", b"\xff")
               for suffix in (b"", b"\x30", b"\x81", b"\x84\x31\xa4\x38")]  # fmt: skip
    wrong = []
    for data in inputs:
        expected = reference.decode(data, encoding, "fatal") is None
        if decoding_met_an_error(decode_multi_byte(data, encoding), data, encoding) != expected:
            wrong.append((data.hex(), expected))
    assert wrong[:10] == []


def test_incremental_decoder_arguments():
    with pytest.raises(ValueError, match="IncrementalDecoder"):
        IncrementalDecoder("utf-8")
    with pytest.raises(TypeError, match="IncrementalDecoder.decode"):
        IncrementalDecoder("big5").decode("text")  # type: ignore[arg-type]


# -- the differences issue 19 found, each by name -----------------------------


def test_iso_2022_jp_invalid_escape_keeps_the_bytes_after_esc():
    # ESC ( Z is no escape sequence: one error, then "(" and "Z" are read
    # again as text (Python's codec dropped them).
    assert decode(b"a\x1b(Zb", "iso-2022-jp")[0] == "a\ufffd(Zb"


def test_iso_2022_jp_raw_so_si_esc_are_errors():
    assert decode(b"a\x0eb\x0fc\x1b", "iso-2022-jp")[0] == "a\ufffdb\ufffdc\ufffd"


def test_iso_2022_jp_two_escapes_in_a_row_are_an_error():
    assert decode(b"\x1b$B\x1b(Bx", "iso-2022-jp")[0] == "\ufffdx"


def test_gb18030_unassigned_four_byte_sequence_is_one_error():
    # Pointer 39420 (0x84 0x31 0xA5 0x30) is past the last BMP range: one
    # U+FFFD for the four bytes (Python: U+FFFD, "1", U+FFFD).
    assert decode(b"\x84\x31\xa5\x30<", "gb18030")[0] == "\ufffd<"
    assert decode(b"\xe3\x32\x9a\x36", "gb18030")[0] == "\ufffd"  # past U+10FFFF


def test_gb18030_follows_gb18030_2022():
    assert decode(b"\xa6\xd9\xa3\xa0\xa8\xbc\x81\x35\xf4\x37", "gbk")[0] == "\ufe10\u3000\u1e3f\ue7c7"


def test_shift_jis_invalid_pair_is_one_error():
    # 0x85 0xA1 is a lead and a trail byte with no character: one U+FFFD
    # for both (Python's cp932 gave U+FFFD and a halfwidth katakana).
    assert decode(b"\x85\xa1a", "shift_jis")[0] == "\ufffda"


def test_shift_jis_lead_before_ascii_gives_the_ascii_back():
    assert decode(b"\x81<p>", "shift_jis")[0] == "\ufffd<p>"


def test_euc_jp_jis0212_0x22_0x37_is_fullwidth_tilde():
    # Python's euc_jp decodes 0x8F 0xA2 0xB7 to "~".
    assert decode(b"\x8f\xa2\xb7~", "euc-jp")[0] == "\uff5e~"


def test_euc_jp_uses_microsofts_jis0208_and_the_nec_row():
    assert decode(b"\xa1\xc1\xad\xa1", "euc-jp")[0] == "\uff5e\u2460"


def test_euc_kr_errors_recover_as_the_standard():
    # A lead then a byte outside the trail range: one error, the byte read
    # again when ASCII.
    assert decode(b"\x81\x40\xc8\xff", "euc-kr")[0] == "\ufffd@\ufffd"


def test_big5_hkscs_pairs_and_two_code_point_pairs():
    assert decode(b"\x88\x62\x88\x64\x87\x40", "big5")[0] == "\u00ca\u0304\u00ca\u030c\u43f0"
    assert decode(b"\xa2\x41\xa1\xfe", "big5")[0] == "\u2215\uff0f"


def test_big5_lead_before_ascii_gives_the_ascii_back():
    assert decode(b"\xa4<b>", "big5")[0] == "\ufffd<b>"
