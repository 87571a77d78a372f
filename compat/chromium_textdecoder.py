#!/usr/bin/env python3
"""Decode a sample of byte sequences with headless Chromium's TextDecoder,
for tests/test_encoding_chromium.py (the data: tests/data/chromium_textdecoder_cjk.json).

    python compat/chromium_textdecoder.py [--chromium chromium] [--out PATH]

The sample, per legacy multi-byte encoding (gbk, gb18030, big5, euc-jp,
iso-2022-jp, shift_jis, euc-kr): the byte sequences issue 19 names (each in
every encoding), every escape sequence ISO-2022-JP knows with what can
follow it, and random sequences of 1-3 bytes drawn from the bytes that
matter to the decoders (leads, trails, ASCII that is given back, escape
bytes) and from all 256 (seeded, so the sample is the same on every run).
A page decodes each with ``new TextDecoder(label)`` (replacement mode, no
BOM handling for these encodings) and writes the code points as JSON into
the DOM; ``chromium --headless --dump-dom`` prints it.

Nothing here imports specparser: the file records what the browser does.
"""

from __future__ import annotations

import argparse
import html
import json
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ENCODINGS = ("gbk", "gb18030", "big5", "euc-jp", "iso-2022-jp", "shift_jis", "euc-kr")

# Issue 19's named cases (tests/test_encoding_cjk_decoders.py), decoded in
# every encoding.
NAMED = [
    b"a\x1b(Zb", b"a\x0eb\x0fc\x1b", b"\x1b$B\x1b(Bx", b"\x84\x31\xa5\x30<", b"\xe3\x32\x9a\x36",
    b"\xa6\xd9\xa3\xa0\xa8\xbc\x81\x35\xf4\x37", b"\x85\xa1a", b"\x81<p>", b"\x8f\xa2\xb7~",
    b"\xa1\xc1\xad\xa1", b"\x81\x40\xc8\xff", b"\x88\x62\x88\x64\x87\x40", b"\xa2\x41\xa1\xfe", b"\xa4<b>",
    b"\x84\x31\xa4\x37", b"\x80", b"\xa0", b"\xfd\xfe\xff", b"\x88\xa3\x88\xa5",
]  # fmt: skip

# Where Chromium 156 and the standard disagree (found by comparing this
# sample with tests/_whatwg_cjk_reference.py; the standard is the arbiter,
# and tests/test_encoding_chromium.py checks each is still a difference).
DIFFERENCES = {
    "big5": {
        "886288648740": "Big5 0x88 0x62 and 0x88 0x64 (pointers 1133, 1135) are U+00CA U+0304 and U+00CA U+030C "
        "in the standard; Chromium 156 gives U+0093 U+DF04 and U+0093 U+DF0C (a C1 control and a lone surrogate)",
        "88a388a5": "Big5 0x88 0xA3 and 0x88 0xA5 (pointers 1164, 1166) are U+00EA U+0304 and U+00EA U+030C "
        "in the standard; Chromium 156 gives U+00B3 U+DF04 and U+00B3 U+DF0C",
    },
}
# Not a decoder difference, so not in the data: Chromium 156's TextDecoder
# keeps decoder state from one decode() call without {stream: true} to the
# next (the TextDecoder's decode() method says to start a new decoder): after
# decode(ESC ( B), decode(ESC ( B "a") gives U+FFFD "a" (the ISO-2022-JP
# output flag kept); after decode(0x8F 0xA2), decode(0xBA 0xA1) gives
# U+5AC4 from JIS X 0212 (EUC-JP's jis0212 flag kept).  Hence a new
# TextDecoder for each input below.

ISO_2022_JP = [
    escape + tail
    for escape in (b"\x1b(B", b"\x1b(J", b"\x1b(I", b"\x1b$@", b"\x1b$B", b"\x1b$", b"\x1b(", b"\x1b")
    for tail in (b"", b"\\~", b"!_`", b"0!-!", b"0\x1b(B", b"\x1b(B", b"\n0!", b"!A!B")
]

INTERESTING = (0x00, 0x0A, 0x0E, 0x0F, 0x1B, 0x21, 0x24, 0x28, 0x30, 0x39, 0x3C, 0x40, 0x41, 0x42, 0x49, 0x4A,
               0x5C, 0x5F, 0x7E, 0x7F, 0x80, 0x81, 0x84, 0x8E, 0x8F, 0xA0, 0xA1, 0xA2, 0xA4, 0xC8, 0xDF,
               0xE0, 0xFC, 0xFD, 0xFE, 0xFF)  # fmt: skip


def random_sequences(count: int, seed: int) -> list[bytes]:
    rng = random.Random(seed)
    sequences = []
    for _ in range(count):
        length = rng.randrange(1, 4)
        sequences.append(bytes(rng.choice(INTERESTING) if rng.random() < 0.6 else rng.randrange(256) for _ in range(length)))
    return sequences


def sample() -> dict[str, list[bytes]]:
    cases = {}
    for number, encoding in enumerate(ENCODINGS):
        inputs = NAMED + (ISO_2022_JP if encoding == "iso-2022-jp" else []) + random_sequences(300, 1900 + number)
        cases[encoding] = list(dict.fromkeys(inputs))  # each once, in order
    return cases


PAGE = """<!DOCTYPE html><meta charset="utf-8"><title>TextDecoder sample</title><pre id="out"></pre>
<script>
const cases = %s;
const results = {userAgent: navigator.userAgent, decoded: {}};
for (const [label, inputs] of Object.entries(cases)) {
  results.decoded[label] = {encoding: new TextDecoder(label).encoding, code_points: inputs.map(hex => {
    const bytes = new Uint8Array(hex.length / 2);
    for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.substr(2 * i, 2), 16);
    // A new decoder for each input (see the module docstring).
    return Array.from(new TextDecoder(label).decode(bytes), c => c.codePointAt(0));
  })};
}
document.getElementById("out").textContent = JSON.stringify(results);
</script>
"""


def run_chromium(chromium: str, cases: dict[str, list[bytes]]) -> dict:
    with tempfile.TemporaryDirectory() as directory:
        page = Path(directory) / "page.html"
        page.write_text(PAGE % json.dumps({label: [data.hex() for data in inputs] for label, inputs in cases.items()}))
        profile = Path(directory) / "profile"
        dom = subprocess.run(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
             "--no-first-run", f"--user-data-dir={profile}", "--dump-dom", page.as_uri()],
            capture_output=True, text=True, check=True, timeout=300,
        ).stdout  # fmt: skip
    match = re.search(r'<pre id="out">(.*?)</pre>', dom, re.S)
    if match is None:
        raise SystemExit(f"no results in Chromium's DOM:\n{dom[:2000]}")
    return json.loads(html.unescape(match.group(1)))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chromium", default="chromium")
    parser.add_argument("--out", default=str(Path(__file__).resolve().parent.parent / "tests/data/chromium_textdecoder_cjk.json"))
    args = parser.parse_args(argv)
    cases = sample()
    results = run_chromium(args.chromium, cases)
    version = subprocess.run([args.chromium, "--version"], capture_output=True, text=True).stdout.strip()
    data = {
        "about": (
            "Byte sequences decoded by headless Chromium's TextDecoder (replacement mode), written by "
            "compat/chromium_textdecoder.py; each case is [the input bytes in hex, the code points decoded]. "
            "tests/test_encoding_chromium.py compares specparser's decoders with it."
        ),
        "chromium": version,
        "user_agent": results["userAgent"],
        "differences_from_the_standard": DIFFERENCES,
        "textdecoder_note": (
            "Chromium 156's TextDecoder keeps decoder state between decode() calls without {stream: true} "
            "(ISO-2022-JP's output flag, EUC-JP's jis0212 flag), which the standard's decode() method resets: "
            "each input here is decoded by a new TextDecoder."
        ),
        "encodings": {
            label: {
                "decoder_encoding": results["decoded"][label]["encoding"],
                "cases": [[data.hex(), code_points] for data, code_points in zip(inputs, results["decoded"][label]["code_points"])],
            }
            for label, inputs in cases.items()
        },
    }
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    # One case a line, so that a new run's differences read in a diff.
    text = json.dumps(data, indent=1)
    text = re.sub(r"\[\n\s*(\"[0-9a-f]*\"),\n\s*\[([\d,\s]*)\]\n\s*\]",
                  lambda m: "[" + m.group(1) + ", [" + ", ".join(m.group(2).split()).replace(",,", ",") + "]]", text)
    text = re.sub(r"\[\n\s*(\"[0-9a-f]*\"),\n\s*\[\]\n\s*\]", r"[\1, []]", text)
    Path(args.out).write_text(text + "\n", encoding="utf-8")
    print(f"{sum(len(v) for v in cases.values())} sequences decoded by {version}: {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
