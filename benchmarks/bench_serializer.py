#!/usr/bin/env python3
"""Serializer throughput: specparser against html5lib's serializer.

    python benchmarks/bench_serializer.py [--rounds N] [--limit N]

Every corpus page (compat.paths.corpus_dir()) is parsed once, up front:
with ``specparser.parse`` for specparser's serializers and with
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
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from compat.paths import MISSING_CORPUS, corpus_dir  # noqa: E402

import specparser  # noqa: E402
from specparser.html5lib_compat import serialize as compat_serialize  # noqa: E402
from specparser.serializer import serialize_html  # noqa: E402


def load_pages(directory: Path, limit: int | None) -> list[str]:
    pages = [p.read_bytes().decode("utf-8-sig", errors="replace") for p in sorted(directory.iterdir()) if p.is_file()]
    return pages[:limit] if limit else pages


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--limit", type=int, default=None, help="only the first N pages")
    args = parser.parse_args(argv)

    directory = corpus_dir()
    if directory is None:
        print(MISSING_CORPUS, file=sys.stderr)
        return 2
    import html5lib

    pages = load_pages(directory, args.limit)
    ours = [specparser.parse(text) for text in pages]
    theirs = [html5lib.parse(text) for text in pages]

    runs = {
        "spec": lambda: [serialize_html(tree) for tree in ours],
        "compat": lambda: [compat_serialize(tree) for tree in ours],
        "html5lib": lambda: [html5lib.serialize(tree, tree="etree") for tree in theirs],
    }
    best = {name: float("inf") for name in runs}
    size = {}
    for _ in range(args.rounds):
        for name, run in runs.items():
            start = time.perf_counter()
            out = run()
            best[name] = min(best[name], time.perf_counter() - start)
            size[name] = sum(len(s) for s in out)

    print(f"{len(pages)} pages, best of {args.rounds} rounds")
    for name in runs:
        print(f"  {name:9s} {best[name]:7.3f} s  {size[name] / best[name] / 1e6:6.2f} MB/s of output")
    print(f"spec serializer vs html5lib:   {best['html5lib'] / best['spec']:.2f}x faster")
    print(f"compat serializer vs html5lib: {best['html5lib'] / best['compat']:.2f}x faster")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
