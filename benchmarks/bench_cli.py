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

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "src"))

from compat.paths import MISSING_CORPUS, corpus_dir  # noqa: E402

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
    directory = corpus_dir()
    if directory is None:
        print(MISSING_CORPUS, file=sys.stderr)
        return 2
    paths = sorted(p for p in directory.iterdir() if p.is_file())
    size = sum(p.stat().st_size for p in paths)
    options = Options(format=args.format, encoding=None, context=None, scripting=False)
    runs = {
        "in-process": lambda: in_process(paths, options),
        "cli -j 1": lambda: command(paths, args.format, 1),
        "cli -j 2": lambda: command(paths, args.format, 2),
    }
    best = {name: float("inf") for name in runs}
    for _ in range(args.rounds):
        for name, run in runs.items():
            start = time.perf_counter()
            run()
            best[name] = min(best[name], time.perf_counter() - start)
    print(f"{len(paths)} pages, {size / 1e6:.1f} MB, --format {args.format}, best of {args.rounds}")
    for name, seconds in best.items():
        print(f"  {name:<11} {seconds:7.2f} s  {size / 1e6 / seconds:6.2f} MB/s")
    print(f"overhead of the command (cli -j 1 / in-process): {best['cli -j 1'] / best['in-process']:.2f}")
    print(f"speed-up of -j 2 (cli -j 1 / cli -j 2):           {best['cli -j 1'] / best['cli -j 2']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
