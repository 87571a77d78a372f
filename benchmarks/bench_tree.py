#!/usr/bin/env python3
"""Tree construction throughput: specparser against justhtml and html5lib.

    python benchmarks/bench_tree.py [--rounds N] [--limit N] [--no-html5lib]

Parses every corpus page (compat.paths.corpus_dir()) to a tree with
``specparser.html5lib_compat.parse`` (ElementTree), ``justhtml.JustHTML(html,
sanitize=False)`` and ``html5lib.parse`` (ElementTree), interleaved round by
round, best round of each.  Prints MB/s and the ratios (specparser's speed
over the peer's: >= 1.0 means specparser is at least as fast).  Timings on
a shared machine are noisy: compare the ratios, not the absolute numbers.
"""

from __future__ import annotations

import argparse
import sys
import time

from _common import best_of, load_pages, megabytes, print_table

from specparser import html5lib_compat


def run_specparser(pages: list[str]) -> None:
    parse = html5lib_compat.parse
    for text in pages:
        parse(text)


def run_justhtml(pages: list[str]) -> None:
    from justhtml import JustHTML

    for text in pages:
        JustHTML(text, sanitize=False)


def run_html5lib(pages: list[str]) -> None:
    import html5lib

    for text in pages:
        html5lib.parse(text)


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--limit", type=int, default=None, help="only the first N pages")
    ap.add_argument("--no-html5lib", action="store_true", help="skip html5lib (slow)")
    args = ap.parse_args(argv)
    pages = load_pages(args.limit)
    size = megabytes(pages)
    contenders = {"specparser": run_specparser}
    try:
        import justhtml  # noqa: F401

        contenders["justhtml"] = run_justhtml
    except ImportError:
        print("justhtml not installed: skipped")
    if not args.no_html5lib:
        try:
            import html5lib  # noqa: F401

            contenders["html5lib"] = run_html5lib
        except ImportError:
            print("html5lib not installed: skipped")
    runs = {name: lambda fn=fn: fn(pages) for name, fn in contenders.items()}
    best = best_of(runs, args.rounds, time.perf_counter)
    print(f"{len(pages)} pages, {size:.1f} MB, best of {args.rounds} rounds")
    print_table(best, size, 11)
    ours = best["specparser"]
    for name, seconds in best.items():
        if name != "specparser":
            print(f"specparser / {name} speed ratio: {seconds / ours:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
