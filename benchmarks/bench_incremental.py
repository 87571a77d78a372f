#!/usr/bin/env python3
"""specparser.Parser (feed/close) against one-shot specparser.parse on the
corpus, in the same process and run.

    python benchmarks/bench_incremental.py [--tree etree] [--chunk 65536] [--rounds 3] [--pages K] [--str]

Each round parses every page once with ``parse(data, tree)`` and once with
``Parser(tree)`` fed ``--chunk`` bytes (or characters, ``--str``) at a
time, alternating page by page so that a change in the machine's load hits
both alike; CPU time (``time.process_time``), best round of each kept.
The figure is the ratio incremental / one-shot (1.05 means 5% more CPU).
"""

from __future__ import annotations

import argparse
import sys
import time
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import specparser  # noqa: E402
from compat.paths import corpus_dir  # noqa: E402


def main(argv: list[str]) -> int:
    options = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    options.add_argument("--tree", default="etree")
    options.add_argument("--chunk", type=int, default=65536)
    options.add_argument("--rounds", type=int, default=3)
    options.add_argument("--pages", type=int, default=0, help="only the first K pages")
    options.add_argument("--str", action="store_true", help="feed decoded text, not bytes")
    args = options.parse_args(argv)
    warnings.simplefilter("ignore")  # lxml's DataLossWarning, the same for both
    base = corpus_dir()
    if base is None:
        print("the corpus is not there (../shared/corpus/pages)")
        return 1
    pages = [path.read_bytes() for path in sorted(base.iterdir())]
    if args.pages:
        pages = pages[: args.pages]
    if args.str:
        pages = [page.decode("utf-8", "replace") for page in pages]  # type: ignore[misc]
    tree, chunk = args.tree, args.chunk
    best_one = best_incremental = float("inf")
    for _ in range(args.rounds):
        one = incremental = 0.0
        for page in pages:
            start = time.process_time()
            specparser.parse(page, tree)
            middle = time.process_time()
            parser = specparser.Parser(tree)
            for i in range(0, len(page), chunk):
                parser.feed(page[i : i + chunk])
            parser.close()
            end = time.process_time()
            one += middle - start
            incremental += end - middle
        best_one = min(best_one, one)
        best_incremental = min(best_incremental, incremental)
    size = sum(map(len, pages)) / 1e6
    kind = "characters" if args.str else "bytes"
    print(
        f"{tree}, {len(pages)} pages ({size:.1f} M{kind[0].upper()}), {chunk} {kind} a piece: "
        f"one-shot {best_one:.2f} s, incremental {best_incremental:.2f} s, "
        f"ratio {best_incremental / best_one:.3f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
