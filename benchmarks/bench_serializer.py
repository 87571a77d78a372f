#!/usr/bin/env python3
"""Serializer throughput: specparser against html5lib's serializer.

    python benchmarks/bench_serializer.py [--rounds N] [--limit N]

Every corpus page (compat.paths.corpus_dir()) is parsed once, up front:
with ``specparser.html5lib_compat.parse`` for specparser's serializers and with
``html5lib.parse`` for html5lib's.  Then, interleaved round by round, best
round of each:

* spec      -- ``specparser.serializer.serialize_html`` (the standard's
               algorithm) on specparser's ElementTree trees;
* compat    -- ``specparser.html5lib_compat.serialize`` (html5lib's API and
               options, default options) on the same trees;
* html5lib  -- ``html5lib.serialize(tree, tree="etree")`` on html5lib's own
               trees (the reference: html5lib's whole serialize call).

Prints MB of output per second and the ratios (ours over html5lib's: 3.0
means three times as fast).  Timings on a shared machine are noisy: compare
the ratios, not the absolute numbers.
"""

from __future__ import annotations

import argparse
import sys
import time

from _common import best_of, load_pages

from specparser import html5lib_compat
from specparser.html5lib_compat import serialize as compat_serialize
from specparser.serializer import serialize_html


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--limit", type=int, default=None, help="only the first N pages")
    args = parser.parse_args(argv)

    import html5lib

    pages = load_pages(args.limit)
    ours = [html5lib_compat.parse(text) for text in pages]
    theirs = [html5lib.parse(text) for text in pages]

    runs = {
        "spec": lambda: [serialize_html(tree) for tree in ours],
        "compat": lambda: [compat_serialize(tree) for tree in ours],
        "html5lib": lambda: [html5lib.serialize(tree, tree="etree") for tree in theirs],
    }
    outputs: dict[str, list[str]] = {}
    best = best_of(runs, args.rounds, time.perf_counter, results=outputs)
    size = {name: sum(len(s) for s in out) for name, out in outputs.items()}

    print(f"{len(pages)} pages, best of {args.rounds} rounds")
    for name in runs:
        print(f"  {name:9s} {best[name]:7.3f} s  {size[name] / best[name] / 1e6:6.2f} MB/s of output")
    print(f"spec serializer vs html5lib:   {best['html5lib'] / best['spec']:.2f}x faster")
    print(f"compat serializer vs html5lib: {best['html5lib'] / best['compat']:.2f}x faster")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
