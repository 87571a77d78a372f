#!/usr/bin/env python3
"""What CPython's cyclic garbage collector costs a parse, per tree type.

    PYTHONPATH=src python benchmarks/bench_gc.py [--rounds N] [--trees a,b] [--workloads a,b]

Workloads: ``corpus`` (the benchmark corpus, page by page), ``huge`` (one
document of about 4 MB: corpus pages joined), ``deep`` (64k nested
``<div>``), ``small`` (3000 documents of 1 KB: corpus slices).  Each is
parsed to each tree type under each collector strategy:

* ``on``: the collector as the process has it (specparser's pause off);
* ``watch``: specparser's default (:mod:`specparser.collector`): the
  collector paused from the first full collection during a build to its end;
* ``pause``: the collector paused for the whole build;
* ``young``: the young generations collected before the build, then paused;
* ``thresh``: the pause off, generation 0's threshold raised 100-fold
  during each build.

The strategies take turns round by round (CPU time, ``time.process_time``;
the best round kept); each parse's result is dropped before the next, and
each timed pass ends by allocating a few thousand containers, so a
collection a strategy only deferred is counted.  Ratios are ``on`` time
over the strategy's time: 1.4 means 1.4x faster.  ``--memory`` instead
runs each (workload, tree, strategy) in a subprocess and reports the peak
resident memory the pass added (Linux ``VmHWM``), the trees dropped one by
one as the ``corpus`` pass of ``compare.py`` does, or held (``--hold N``:
the last N trees alive, as ``soup = parse(page)`` in a loop holds one).
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
STRATEGIES = ("on", "watch", "pause", "young", "thresh")


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
    return lambda page: specparser.parse(page, tree)


def install(strategy: str) -> Callable[[], None]:
    """Set the collector strategy up; returns what undoes it."""
    from specparser import collector, treeconstruction

    saved = (treeconstruction.pause_collection, treeconstruction.resume_collection)

    def undo() -> None:
        collector.set_pause_gc(True)
        treeconstruction.pause_collection, treeconstruction.resume_collection = saved

    def patch(before: Callable[[], Any], after: Callable[[Any], None]) -> None:
        treeconstruction.pause_collection = before  # type: ignore[assignment]
        treeconstruction.resume_collection = after  # type: ignore[assignment]

    if strategy == "on":
        collector.set_pause_gc(False)
    elif strategy in ("pause", "young"):

        def pause() -> bool:
            enabled = gc.isenabled()
            if enabled and strategy == "young":
                gc.collect(1)
            gc.disable()
            return enabled

        patch(pause, lambda enabled: gc.enable() if enabled else None)
    elif strategy == "thresh":
        thresholds: list[tuple[int, int, int]] = []

        def raise_threshold() -> bool:
            thresholds.append(gc.get_threshold())
            gc.set_threshold(thresholds[-1][0] * 100, *thresholds[-1][1:])
            return True

        patch(raise_threshold, lambda _: gc.set_threshold(*thresholds.pop()))
    return undo


def run_pass(parse: Callable[[str], Any], docs: list[str], hold: int) -> None:
    held: list[Any] = []
    for doc in docs:
        tree = parse(doc)
        if hold:
            held.append(tree)
            del held[:-hold]
        del tree
    del held
    # A collection a strategy only deferred happens on the next allocations.
    _ = [[] for _ in range(5000)]


def timed(parse: Callable[[str], Any], docs: list[str], strategy: str) -> float:
    undo = install(strategy)
    try:
        start = time.process_time()
        run_pass(parse, docs, 0)
        return time.process_time() - start
    finally:
        undo()


def peak_memory(name: str, tree: str, strategy: str, hold: int) -> float:
    """One pass in this process (a fresh one): the peak resident memory it
    added, in MB."""
    from compare import _peak_mb, _reset_peak

    docs = workload(name)
    parse = parser(tree)
    parse(docs[0][:2000])
    undo = install(strategy)
    gc.collect()
    baseline = _reset_peak()
    run_pass(parse, docs, hold)
    undo()
    return _peak_mb() - baseline


def memory_table(args: argparse.Namespace) -> None:
    import subprocess

    print(f"Python {sys.version.split()[0]}; peak MB added by one pass, hold={args.hold}")
    print(f"{'workload':8} {'tree':6} " + " ".join(f"{s:>7}" for s in STRATEGIES))
    for name in args.workloads.split(","):
        for tree in args.trees.split(","):
            cells = []
            for strategy in STRATEGIES:
                out = subprocess.run(
                    [sys.executable, __file__, "--peak", f"{name},{tree},{strategy},{args.hold}"],
                    capture_output=True, text=True, check=True,
                ).stdout  # fmt: skip
                cells.append(f"{float(out.split()[-1]):7.0f}")
            print(f"{name:8} {tree:6} " + " ".join(cells), flush=True)


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--trees", default=",".join(TREES))
    ap.add_argument("--workloads", default=",".join(WORKLOADS))
    ap.add_argument("--memory", action="store_true", help="peak memory per strategy instead of time")
    ap.add_argument("--hold", type=int, default=0, help="with --memory: keep the last N trees alive")
    ap.add_argument("--peak", default=None, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    warnings.simplefilter("ignore")  # lxml's DataLossWarnings: not what is measured
    if args.peak:
        name, tree, strategy, hold = args.peak.split(",")
        print(peak_memory(name, tree, strategy, int(hold)))
        return 0
    if args.memory:
        memory_table(args)
        return 0
    print(
        f"Python {sys.version.split()[0]}, gc thresholds {gc.get_threshold()}; CPU s, best of {args.rounds};"
        " ratio = on / strategy (round by round range)"
    )
    others = STRATEGIES[1:]
    print(f"{'workload':8} {'tree':6} " + " ".join(f"{s:>7}" for s in STRATEGIES) + "  " + "  ".join(f"{s + ' ratio':18}" for s in others))
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
            for s in others:
                paired = sorted(a / b for a, b in zip(times["on"], times[s]))
                cells.append(f"{best['on'] / best[s]:.2f}x ({paired[0]:.2f}-{paired[-1]:.2f})")
            print(
                f"{name:8} {tree:6} " + " ".join(f"{best[s]:7.3f}" for s in STRATEGIES) + "  " + "  ".join(f"{c:18}" for c in cells),
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
