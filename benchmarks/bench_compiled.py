#!/usr/bin/env python3
"""The compiled build against the pure one: same source, same run.

    python benchmarks/bench_compiled.py [--trees etree,lxml,bs4] [--rounds N]
        [--limit N] [--pure-path DIR] [--pure-python EXE]

Parses the corpus pages (as text) to each tree type: ``specparser.parse``
for etree and lxml, ``BeautifulSoup(html, "specparser")`` for bs4.  Each
round runs the pure build, then the compiled one, each in a subprocess of
its own (a warm-up pass, then the timed pass, CPU time, each page timed
alone after a garbage collection); the best round of
each is kept and the ratio printed (pure time / compiled time: 1.35 means
the compiled build takes 1/1.35 of the pure build's time).

The compiled build is the specparser this interpreter imports (it must say
``specparser.compiled``); the pure build is the same interpreter with a
copy of that package's ``.py`` files alone first on the path (or
``--pure-path DIR``, a directory holding a ``specparser`` package, or
``--pure-python``, an interpreter with the pure build installed).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

HERE = Path(__file__).resolve().parent


def _parse_one(tree: str) -> Callable[[str], object]:
    if tree == "bs4":
        from bs4 import BeautifulSoup

        import specparser.bs4  # noqa: F401  (registers "specparser")

        return lambda page: BeautifulSoup(page, "specparser")
    import specparser

    return lambda page: specparser.parse(page, tree)


def worker(tree: str, limit: int | None) -> None:
    """In the subprocess: one untimed pass, one timed; prints JSON.  Each
    page is timed alone, the previous tree freed and collected first
    (untimed, _common.time_each: as bench_bs4.py), so that the cyclic
    collector's full collections, which fall where the allocation counts
    put them, do not land in one build's timing and not the other's."""
    sys.path.insert(0, str(HERE))
    from _common import load_pages, time_each

    import specparser

    pages = load_pages(limit)
    parse = _parse_one(tree)
    time_each(parse, pages, time.process_time)
    cpu = time_each(parse, pages, time.process_time)
    print(json.dumps({"compiled": specparser.compiled, "cpu": cpu}))


def _measure(python: str, extra_path: str | None, tree: str, limit: int | None) -> tuple[bool, float]:
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    if extra_path:
        env["PYTHONPATH"] = extra_path
    command = [python, __file__, "--worker", tree]
    if limit:
        command += ["--limit", str(limit)]
    out = subprocess.run(command, env=env, check=True, capture_output=True, text=True).stdout
    result = json.loads(out.strip().splitlines()[-1])
    return result["compiled"], result["cpu"]


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--trees", default="etree,lxml,bs4")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--limit", type=int, default=None, help="only the first N pages")
    ap.add_argument("--pure-path", default=None)
    ap.add_argument("--pure-python", default=None)
    ap.add_argument("--worker", default=None, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker:
        worker(args.worker, args.limit)
        return 0
    import specparser

    if not specparser.compiled:
        raise SystemExit("this interpreter's specparser is the pure build: install the compiled one")
    with tempfile.TemporaryDirectory() as tmp:
        pure_python, pure_path = sys.executable, args.pure_path
        if args.pure_python:
            pure_python = args.pure_python
        elif pure_path is None:
            pure_path = tmp
            package = Path(specparser.__file__).resolve().parent
            shutil.copytree(package, Path(tmp) / "specparser", ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"))
        builds = {"pure": (pure_python, pure_path), "compiled": (sys.executable, None)}
        print(f"{'tree':8} {'pure s':>8} {'compiled s':>11} {'ratio':>6}")
        for tree in args.trees.split(","):
            best = {name: float("inf") for name in builds}
            for _ in range(args.rounds):
                for name, (python, path) in builds.items():
                    compiled, cpu = _measure(python, path, tree, args.limit)
                    if compiled != (name == "compiled"):
                        raise SystemExit(f"the {name} run imported compiled={compiled}")
                    best[name] = min(best[name], cpu)
            print(f"{tree:8} {best['pure']:8.3f} {best['compiled']:11.3f} {best['pure'] / best['compiled']:6.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
