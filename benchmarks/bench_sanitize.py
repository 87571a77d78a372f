#!/usr/bin/env python3
"""Sanitizing the corpus pages' markup: specparser against nh3, justhtml and
bleach, CPU time, in the same run.

    python benchmarks/bench_sanitize.py [--rounds N] [--pages K]

Contenders, each given a page's markup as a str and returning a str, with
its own default (safe) configuration:

* ``specparser.sanitize``: the string API (``setHTML`` with the built-in
  safe default, serialized, and parsed once more to prove the output a
  fixed point: two parses per call);
* ``specparser tree``: ``serialize(parse_fragment(page, sanitizer="default"))``,
  one sanitizing parse, as ``setHTML`` then ``getHTML``;
* ``nh3.clean`` (ammonia, Rust);
* ``justhtml`` (``JustHTML(page, fragment=True).to_html(pretty=False)``,
  its default sanitizing policy);
* ``bleach.clean`` 6.4 (html5lib 1.1 underneath, vendored).

The configurations differ (each library's own safe default), so this
compares the cost of the common call, not identical work.  Rounds are
interleaved and each contender's best round kept; times are
``time.process_time`` (CPU of this process).  Timings on a shared machine
are noisy: compare the ratios.
"""

from __future__ import annotations

import argparse
import time
import warnings

from _common import best_of, load_pages, megabytes, print_table


def contenders() -> dict:
    import specparser

    runs = {
        "specparser.sanitize": specparser.sanitize,
        "specparser tree": lambda page: specparser.serialize(specparser.parse_fragment(page, sanitizer="default")),
    }
    try:
        import nh3

        runs["nh3.clean"] = nh3.clean
    except ImportError:
        print("nh3 not installed: skipped")
    try:
        import justhtml

        runs["justhtml"] = lambda page: justhtml.JustHTML(page, fragment=True).to_html(pretty=False)
    except ImportError:
        print("justhtml not installed: skipped")
    try:
        import bleach

        runs[f"bleach {bleach.__version__}"] = bleach.clean
    except ImportError:
        print("bleach not installed: skipped")
    return runs


def main() -> None:
    ap = argparse.ArgumentParser(prog="bench_sanitize.py")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--pages", type=int, default=30)
    args = ap.parse_args()
    warnings.simplefilter("ignore")
    pages = load_pages(args.pages)
    size = megabytes(pages)
    runs = {name: (lambda call=call: [call(page) for page in pages]) for name, call in contenders().items()}
    print(f"{len(pages)} corpus pages, {size:.1f} MB; CPU time, best of {args.rounds} interleaved rounds")
    best = best_of(runs, args.rounds, time.process_time)
    print_table(best, size, max(map(len, best)))
    base = best["specparser.sanitize"]
    for name, seconds in best.items():
        print(f"  {name}: {seconds / base:.2f}x specparser.sanitize's time")


if __name__ == "__main__":
    main()
