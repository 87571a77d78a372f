#!/usr/bin/env python3
"""What CPython's cyclic garbage collector costs a parse, per tree type.

    PYTHONPATH=src python benchmarks/bench_gc.py [--rounds N] [--trees a,b] [--workloads a,b]

Workloads: ``corpus`` (the benchmark corpus, page by page), ``huge`` (one
document of about 4 MB: corpus pages joined), ``deep`` (64k nested
``<div>``), ``small`` (3000 documents of 1 KB: corpus slices).  Each is
parsed to each tree type under each collector strategy:

* ``on``: the collector as the process has it (specparser's pause off);
* ``pause``: specparser's default, the collector paused while the tree is
  built (:mod:`specparser.collector`);
* ``thresh``: the pause off, threshold 0 raised 100-fold during the parse.

The strategies take turns round by round (CPU time, ``time.process_time``;
the best round kept), and each timed pass ends by allocating a few
thousand containers, so a collection the pause only deferred is counted.
Ratios are ``on`` time over the strategy's time: 1.4 means 1.4x faster.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
import warnings
from typing import Any, Callable

import _common  # noqa: F401  (puts the repository root on sys.path)

import specparser
from specparser.collector import set_pause_gc

WORKLOADS = ("corpus", "huge", "deep", "small")
TREES = ("etree", "lxml", "bs4", "dom")
STRATEGIES = ("on", "pause", "thresh")


def workload(name: str) -> list[str]:
    pages = _common.load_pages()
    if name == "corpus":
        return pages
    if name == "huge":
        joined, size = [], 0
        for page in pages:
            joined.append(page)
            size += len(page)
            if size > 4_000_000:
                break
        return ["".join(joined)]
    if name == "deep":
        return ["<div>" * 65536]
    if name == "small":
        text = "".join(pages)
        return [text[i : i + 1000] for i in range(0, 3000 * 1000, 1000)]
    raise ValueError(name)


def parser(tree: str) -> Callable[[str], Any]:
    if tree == "bs4":
        from bs4 import BeautifulSoup

        from specparser import bs4 as _registers  # noqa: F401  (the "specparser" feature)

        return lambda page: BeautifulSoup(page, "specparser")
    return lambda page: specparser.parse(page, treebuilder=tree)


def timed(parse: Callable[[str], Any], docs: list[str], strategy: str) -> float:
    threshold = gc.get_threshold()
    set_pause_gc(strategy == "pause")
    if strategy == "thresh":
        gc.set_threshold(threshold[0] * 100, *threshold[1:])
    try:
        start = time.process_time()
        tree = None
        for doc in docs:
            tree = parse(doc)
        del tree
        # A collection the pause deferred happens on the next allocations.
        _ = [[] for _ in range(5000)]
        return time.process_time() - start
    finally:
        gc.set_threshold(*threshold)
        set_pause_gc(True)


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--trees", default=",".join(TREES))
    ap.add_argument("--workloads", default=",".join(WORKLOADS))
    args = ap.parse_args(argv)
    warnings.simplefilter("ignore")  # lxml's DataLossWarnings: not what is measured
    print(
        f"Python {sys.version.split()[0]}, gc thresholds {gc.get_threshold()}; CPU s, best of {args.rounds};"
        " ratio = on / strategy (round by round range)"
    )
    print(f"{'workload':8} {'tree':6} {'on':>7} {'pause':>7} {'thresh':>7}  pause ratio        thresh ratio")
    for name in args.workloads.split(","):
        docs = workload(name)
        for tree in args.trees.split(","):
            parse = parser(tree)
            parse(docs[0][:2000])  # warm-up: lazy imports
            times: dict[str, list[float]] = {s: [] for s in STRATEGIES}
            for _ in range(args.rounds):
                for strategy in STRATEGIES:
                    gc.collect()
                    times[strategy].append(timed(parse, docs, strategy))
            best = {s: min(t) for s, t in times.items()}
            cells = []
            for s in ("pause", "thresh"):
                paired = sorted(a / b for a, b in zip(times["on"], times[s]))
                cells.append(f"{best['on'] / best[s]:.2f}x ({paired[0]:.2f}-{paired[-1]:.2f})")
            print(
                f"{name:8} {tree:6} {best['on']:7.3f} {best['pause']:7.3f} {best['thresh']:7.3f}  "
                f"{cells[0]:18} {cells[1]}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
