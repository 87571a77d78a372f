#!/usr/bin/env python3
"""BeautifulSoup(html, "specparser") against bs4's other builders.

    python benchmarks/bench_bs4.py [--rounds N] [--pages K] [--parsers a,b,...] [--check]

Every page of the corpus (compat.paths.corpus_dir()), read as str (UTF-8,
byte order mark dropped, errors replaced), is parsed with ``BeautifulSoup(page, name)`` for each
parser: "specparser", "html5lib", "html.parser", "lxml".  The parsers take
turns within each round (interleaved, so machine noise hits them alike)
and the best round of each is kept.  Only the BeautifulSoup constructor is
timed; the previous soup is freed and collected before each page, untimed.
Prints each parser's best time and the ratio of the others' times to
specparser's (a ratio of 2.5 means specparser is 2.5x faster).  Timings
on a shared machine are noisy: compare the ratios, not the seconds.

``--check`` also runs compat.bs4_suite.check_tree (next/previous element,
siblings, descendants, find_all, strings, decode) on each specparser soup,
untimed.
"""

from __future__ import annotations

import argparse
import sys

from _common import corpus_paths, read_page, time_each

PARSERS = ["specparser", "html5lib", "html.parser", "lxml"]


def load_pages(limit: int | None) -> list[tuple[str, str]]:
    return [(path.name, read_page(path)) for path in corpus_paths(limit)]


def time_parser(name: str, pages: list[tuple[str, str]]) -> float:
    from bs4 import BeautifulSoup

    return time_each(lambda page: BeautifulSoup(page, name), (page for _, page in pages))


def check(pages: list[tuple[str, str]]) -> int:
    from bs4 import BeautifulSoup

    from compat.bs4_suite import check_tree

    bad = 0
    for filename, page in pages:
        problems = check_tree(BeautifulSoup(page, "specparser"))
        if problems:
            bad += 1
            print(f"{filename}: {problems[0]}")
    print(f"consistency: {len(pages) - bad} of {len(pages)} pages consistent")
    return bad


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--pages", type=int, default=None, help="only the first K pages")
    parser.add_argument("--parsers", default=",".join(PARSERS))
    parser.add_argument("--check", action="store_true")
    options = parser.parse_args(argv)

    import specparser.bs4  # noqa: F401  (registers "specparser")

    names = [n for n in options.parsers.split(",") if n]
    pages = load_pages(options.pages)
    characters = sum(len(p) for _, p in pages)
    print(f"{len(pages)} pages, {characters / 1e6:.1f} M characters, {options.rounds} rounds")
    best = {name: float("inf") for name in names}
    for round_number in range(options.rounds):
        for name in names:
            best[name] = min(best[name], time_parser(name, pages))
        print(f"round {round_number + 1}: " + ", ".join(f"{n} {best[n]:.2f}s" for n in names))
    ours = best.get("specparser")
    for name in names:
        line = f"{name:12} {best[name]:7.2f}s  {characters / best[name] / 1e6:6.2f} M chars/s"
        if ours and name != "specparser":
            line += f"  specparser is {best[name] / ours:.2f}x as fast"
        print(line)
    if options.check:
        return 1 if check(pages) else 0
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
