#!/usr/bin/env python3
"""``specparser.bleach_compat.clean`` against bleach 6.4, nh3 and
justhtml's sanitizer, on the corpus pages' markup as the input to clean,
CPU time, in the same run.

    python benchmarks/bench_bleach.py [--rounds N] [--pages K] [--strip]

Each contender cleans every page with its default arguments (bleach's
``ALLOWED_TAGS`` ... for the drop-in and bleach; nh3's own defaults, a
larger allow-list with a different output, for nh3; ``JustHTML(page,
fragment=True).to_html()``, its default sanitizing policy, for justhtml:
their figures are for scale, not a like-for-like comparison).  The contenders take turns within
each round; each one's best round of ``time.process_time()`` is kept.
Prints the times, MB/s, and the ratio bleach / drop-in (4.0 means the
drop-in is 4x faster) and bleach / nh3.

Also checks, before timing, that the drop-in's output equals bleach's on
every page timed (it does on all 130 corpus pages, with strip False and
True); a difference is printed.

bleach, nh3 and justhtml are not dependencies of specparser: ``pip
install bleach==6.4.0 nh3 justhtml``.  A contender that is missing is left
out.
"""

from __future__ import annotations

import argparse
import time
from typing import Any, Callable

from _common import best_of, load_pages, megabytes, print_table

from specparser import bleach_compat


def contenders(strip: bool) -> dict[str, Callable[[str], Any]]:
    found: dict[str, Callable[[str], Any]] = {"bleach_compat": lambda page: bleach_compat.clean(page, strip=strip)}
    try:
        import bleach

        if bleach.__name__ != "bleach" or bleach.__version__ != "6.4.0":
            print(f"note: bleach is {bleach.__name__} {bleach.__version__}, not bleach 6.4.0")
        found["bleach 6.4"] = lambda page: bleach.clean(page, strip=strip)
    except ImportError:
        print("bleach is not installed (pip install bleach==6.4.0): left out")
    try:
        import nh3

        found["nh3"] = nh3.clean
    except ImportError:
        print("nh3 is not installed (pip install nh3): left out")
    try:
        from justhtml import JustHTML

        found["justhtml"] = lambda page: JustHTML(page, fragment=True).to_html()
    except ImportError:
        print("justhtml is not installed (pip install justhtml): left out")
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--pages", type=int, default=0, help="the first K pages (default: all)")
    parser.add_argument("--strip", action="store_true", help="clean(strip=True)")
    args = parser.parse_args()
    pages = load_pages(args.pages or None)
    calls = contenders(args.strip)
    if "bleach 6.4" in calls:
        differ = sum(calls["bleach 6.4"](page) != calls["bleach_compat"](page) for page in pages)
        print(f"outputs equal to bleach 6.4's: {len(pages) - differ} of {len(pages)} pages")
    runs = {name: (lambda call=call: [call(page) for page in pages]) for name, call in calls.items()}
    best = best_of(runs, args.rounds, time.process_time)
    size = megabytes(pages)
    print(f"{len(pages)} pages, {size:.1f} MB, clean(strip={args.strip}), best of {args.rounds} rounds (CPU time):")
    print_table(best, size, max(map(len, best)))
    if "bleach 6.4" in best:
        print(f"bleach 6.4 / bleach_compat: {best['bleach 6.4'] / best['bleach_compat']:.1f}x")
        for peer in ("nh3", "justhtml"):
            if peer in best:
                print(f"bleach 6.4 / {peer}: {best['bleach 6.4'] / best[peer]:.1f}x")


if __name__ == "__main__":
    main()
