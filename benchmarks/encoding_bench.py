#!/usr/bin/env python3
"""Bytes to text on the corpus: specparser.encoding against html5lib 1.1.

Both sides run the encoding sniffing algorithm (BOM, prescan of the first
1,024 bytes, default) and decode the whole page to a str; html5lib's side
reads its decoded stream (``dataStream``) to the end, the decoding work its
tokenizer pays for.

    python benchmarks/encoding_bench.py [--repeat N]

The two sides take turns within each round (interleaved, so machine noise
hits both); the best round of each is kept.  Prints the total time of each
side and the ratio (times are noisy: compare the ratio, run it more than
once).
"""

from __future__ import annotations

import argparse
import sys
import time

from _common import best_of, corpus_paths

from specparser.encoding import decode_for_parse


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


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    pages = [path.read_bytes() for path in corpus_paths()]
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
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
