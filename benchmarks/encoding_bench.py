#!/usr/bin/env python3
"""Bytes to text on the corpus: specparser.encoding against html5lib 1.1.

Both sides run the encoding sniffing algorithm (BOM, prescan of the first
1,024 bytes, default) and decode the whole page to a str; html5lib's side
reads its decoded stream (``dataStream``) to the end, the decoding work its
tokenizer pays for.

    python benchmarks/encoding_bench.py [--repeat N] [--cjk-only]

The two sides take turns within each round (interleaved, so machine noise
hits both); the best round of each is kept.  Prints the total time of each
side and the ratio (times are noisy: compare the ratio, run it more than
once).

Then the legacy multi-byte encodings: a CJK page in each (the corpus's
Chinese page, qq.html, its ideographs kept for gbk, gb18030 and big5 and
replaced one for one by kana and kanji for the Japanese encodings and by
Hangul for euc-kr; written with specparser's encoder), decoded by
specparser (the Encoding Standard's decoder) and by Python's codec of the
nearest name with "replace" (which is not the standard's).  Prints the
ratio specparser / Python: the issue's budget is 2x.

Then the corpus's two Japanese pages (hukumusume.html, yahoo-4.html) in
EUC-JP, ISO-2022-JP and Shift_JIS: the whole page, and its text alone
("dense": the text nodes holding kana, one after the other, where
ISO-2022-JP switches state every few characters).
"""

from __future__ import annotations

import argparse
import re
import sys
import time

from _common import best_of, corpus_paths

from specparser.encoding import decode_for_parse, decode_without_bom_sniffing
from specparser.encoding.labels import PYTHON_CODECS
from specparser.encoding.multibyte_encoders import encode_multi_byte

CJK_ENCODINGS = ("gbk", "gb18030", "big5", "euc-jp", "iso-2022-jp", "shift_jis", "euc-kr")


def ours(pages: list[bytes]) -> int:
    total = 0
    for data in pages:
        total += len(decode_for_parse(data).text)
    return total


def html5lib_side(pages: list[bytes]) -> int:
    from html5lib._inputstream import HTMLBinaryInputStream

    total = 0
    for data in pages:
        stream = HTMLBinaryInputStream(data, useChardet=False)
        total += len(stream.dataStream.read())
    return total


def cjk_text(paths: list) -> str:
    """qq.html as text (or, without it, generated markup around ideographs)."""
    for path in paths:
        if path.name == "qq.html":
            return path.read_bytes().decode("utf-8", "replace")
    return "".join(f'<p class="c{i % 7}">' + "".join(chr(0x4E00 + (i * 37 + j * 11) % 3000) for j in range(40)) + "</p>\n"
                   for i in range(2000))


def localized(text: str, encoding: str) -> str:
    """``text`` with each CJK ideograph replaced, one for one, by a
    character of the encoding's language (deterministic)."""
    if encoding in ("euc-jp", "iso-2022-jp", "shift_jis"):
        alphabet = [chr(c) for c in range(0x3041, 0x3094)] + list("日本語漢字東京大阪新聞社会経済政治国際")
    elif encoding == "euc-kr":
        alphabet = [chr(0xAC00 + 37 * i) for i in range(300)]
    else:
        return text
    return "".join(alphabet[ord(c) % len(alphabet)] if 0x4E00 <= ord(c) <= 0x9FFF else c for c in text)


def against_python_codec(data: bytes, encoding: str, repeat: int) -> dict:
    """Best times of decoding ``data`` with specparser ("ours") and with
    Python's codec of the nearest name ("python"), in replacement mode."""
    codec = PYTHON_CODECS[encoding]
    return best_of(
        {
            "ours": lambda: decode_without_bom_sniffing(data, encoding),
            "python": lambda: data.decode(codec, "replace"),
        },
        repeat, time.perf_counter,
    )


def cjk(paths: list, repeat: int) -> None:
    text = cjk_text(paths)
    print(f"\nCJK page decoding ({len(text)} characters of qq.html), best of {repeat}: specparser / Python's codec")
    for encoding in CJK_ENCODINGS:
        data = encode_multi_byte(localized(text, encoding), encoding)
        codec = PYTHON_CODECS[encoding]
        best = against_python_codec(data, encoding, repeat)
        print(f"  {encoding:12s} {len(data) / 1e3:7.1f} kB  specparser {best['ours'] * 1e3:6.2f} ms  "
              f"{codec} {best['python'] * 1e3:6.2f} ms  ratio {best['ours'] / best['python']:.2f}x")


JAPANESE_PAGES = ("hukumusume.html", "yahoo-4.html")
JAPANESE_ENCODINGS = ("euc-jp", "iso-2022-jp", "shift_jis")


def japanese(paths: list, repeat: int) -> None:
    pages = [path for path in paths if path.name in JAPANESE_PAGES]
    if not pages:
        return
    print(f"\nJapanese pages, best of {repeat}: specparser / Python's codec")
    for path in pages:
        page = path.read_bytes().decode("utf-8", "replace")
        dense = "".join(re.findall("(?<=>)[^<]*[\u3040-\u30ff][^<]*(?=<)", page))
        for kind, text in (("page", page), ("dense", dense)):
            for encoding in JAPANESE_ENCODINGS:
                data = encode_multi_byte(text, encoding)
                codec = PYTHON_CODECS[encoding]
                best = against_python_codec(data, encoding, repeat)
                print(f"  {path.name:16s} {kind:5s} {encoding:12s} {len(data) / 1e3:7.1f} kB  "
                      f"specparser {best['ours'] * 1e3:6.3f} ms  {codec} {best['python'] * 1e3:6.3f} ms  "
                      f"ratio {best['ours'] / best['python']:.2f}x")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--cjk-only", action="store_true", help="only the multi-byte encodings")
    args = parser.parse_args(argv)
    paths = corpus_paths()
    if args.cjk_only:
        cjk(paths, args.repeat * 4)
        japanese(paths, args.repeat * 4)
        return 0
    pages = [path.read_bytes() for path in paths]
    megabytes = sum(map(len, pages)) / 1e6
    characters: dict[str, int] = {}
    best = best_of(
        {"ours": lambda: ours(pages), "theirs": lambda: html5lib_side(pages)},
        args.repeat, time.perf_counter, results=characters,
    )
    ours_time, theirs_time = best["ours"], best["theirs"]
    ours_chars, theirs_chars = characters["ours"], characters["theirs"]
    print(f"{len(pages)} pages, {megabytes:.1f} MB; best of {args.repeat}")
    print(f"specparser.encoding: {ours_time * 1000:8.1f} ms  ({ours_chars} characters)")
    print(f"html5lib 1.1:        {theirs_time * 1000:8.1f} ms  ({theirs_chars} characters)")
    print(f"ratio html5lib / specparser: {theirs_time / ours_time:.1f}x")
    cjk(paths, args.repeat * 4)
    japanese(paths, args.repeat * 4)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
