#!/usr/bin/env python3
"""The specparser command on the corpus: its overhead, and what -j buys.

    python benchmarks/bench_cli.py [--rounds N] [--format html|tree|errors|text|json]

Times, interleaved round by round (best round of each):

* ``in-process``: the same work as the command without it: for each page,
  read the bytes, parse with encoding sniffing and format the result
  (:func:`specparser.cli.parse_and_format`);
* ``cli -j 1``: ``python -m specparser --format F <every page>`` as a
  subprocess, output to /dev/null;
* ``cli -j 2``: the same with two worker processes.

Prints the ratios: the command's overhead (start-up, output, ordering) is
``cli -j 1 / in-process``; the speed-up of two processes is
``cli -j 1 / cli -j 2`` (at most 2.0 on two free cores).  Timings on a
shared machine are noisy: compare the ratios, not the absolute numbers.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

from _common import REPO_ROOT as ROOT, best_of, corpus_paths, print_table

sys.path.insert(0, str(ROOT / "src"))

from specparser.cli import Options, parse_and_format  # noqa: E402


def in_process(paths: list[Path], options: Options) -> None:
    for path in paths:
        parse_and_format(path.read_bytes(), str(path), options)


def command(paths: list[Path], fmt: str, jobs: int) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    subprocess.run(
        [sys.executable, "-m", "specparser", "--format", fmt, "-j", str(jobs), *map(str, paths)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
        check=True,
    )


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--format", default="html", choices=("html", "tree", "errors", "text", "json"))
    args = parser.parse_args(argv)
    paths = corpus_paths()
    size = sum(p.stat().st_size for p in paths)
    options = Options(format=args.format, encoding=None, context=None, scripting=False)
    runs = {
        "in-process": lambda: in_process(paths, options),
        "cli -j 1": lambda: command(paths, args.format, 1),
        "cli -j 2": lambda: command(paths, args.format, 2),
    }
    # Wall time: the command's work is done in child processes.
    best = best_of(runs, args.rounds, time.perf_counter)
    print(f"{len(paths)} pages, {size / 1e6:.1f} MB, --format {args.format}, best of {args.rounds}")
    print_table(best, size / 1e6, 11)
    print(f"overhead of the command (cli -j 1 / in-process): {best['cli -j 1'] / best['in-process']:.2f}")
    print(f"speed-up of -j 2 (cli -j 1 / cli -j 2):           {best['cli -j 1'] / best['cli -j 2']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
