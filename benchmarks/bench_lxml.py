#!/usr/bin/env python3
"""Parsing to lxml trees: specparser against html5lib's lxml builder.

    python benchmarks/bench_lxml.py [--rounds N] [--limit N] [--cpu] [--profile]

Parses every corpus page (compat.paths.corpus_dir()) to an lxml tree with
``html5lib_compat.parse(text, treebuilder="lxml")`` and with
``html5lib.parse(text, treebuilder="lxml")``, interleaved round by round,
best round of each.  Also times specparser's ElementTree builder, to show
what the lxml adapter costs over it.  DataLossWarnings are silenced (both
libraries coerce some names).  Prints MB/s and the ratio of html5lib's time
to specparser's (target: >= 4).  Timings on a shared machine are noisy:
compare the ratios, not the absolute numbers (``--cpu`` measures process
CPU time, steadier when other processes compete).  ``--profile`` prints a
cProfile of one specparser round instead.
"""

from __future__ import annotations

import argparse
import sys
import time
import warnings

from _common import best_of, load_pages, megabytes, print_table

from specparser import html5lib_compat


def run_specparser_lxml(pages: list[str]) -> None:
    parse = html5lib_compat.parse
    for text in pages:
        parse(text, treebuilder="lxml")


def run_specparser_etree(pages: list[str]) -> None:
    parse = html5lib_compat.parse
    for text in pages:
        parse(text)


def run_html5lib_lxml(pages: list[str]) -> None:
    import html5lib

    for text in pages:
        html5lib.parse(text, treebuilder="lxml")


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--limit", type=int, default=None, help="only the first N pages")
    ap.add_argument("--profile", action="store_true", help="profile one specparser round")
    ap.add_argument(
        "--cpu",
        action="store_true",
        help="measure process CPU time instead of wall time (steadier on a busy machine)",
    )
    args = ap.parse_args(argv)
    try:
        import lxml  # noqa: F401
    except ImportError:
        print("lxml is not installed: pip install specparser-html[lxml]")
        return 1
    warnings.simplefilter("ignore")
    pages = load_pages(args.limit)
    if args.profile:
        import cProfile
        import pstats

        cProfile.runctx("run_specparser_lxml(pages)", globals(), {"pages": pages}, "/tmp/bench_lxml.prof")
        pstats.Stats("/tmp/bench_lxml.prof").sort_stats("tottime").print_stats(25)
        return 0
    size = megabytes(pages)
    contenders = {"specparser lxml": run_specparser_lxml, "specparser etree": run_specparser_etree}
    try:
        import html5lib  # noqa: F401

        contenders["html5lib lxml"] = run_html5lib_lxml
    except ImportError:
        print("html5lib not installed: skipped")
    clock = time.process_time if args.cpu else time.perf_counter
    runs = {name: lambda fn=fn: fn(pages) for name, fn in contenders.items()}
    best = best_of(runs, args.rounds, clock)
    kind = "CPU" if args.cpu else "wall"
    print(f"{len(pages)} pages, {size:.1f} MB, best of {args.rounds} rounds ({kind} time)")
    print_table(best, size, 17)
    ours = best["specparser lxml"]
    if "html5lib lxml" in best:
        print(f"specparser lxml / html5lib lxml speed ratio: {best['html5lib lxml'] / ours:.2f}")
    print(f"lxml adapter time over the etree adapter's: {ours / best['specparser etree']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
