#!/usr/bin/env python3
"""specparser as a drop-in for html5lib: the same calls, timed side by side.

    python benchmarks/bench_html5lib_dropin.py [--rounds N] [--pages K] [--skip-bs4]

1. ``parse(page, treebuilder=T)`` with ``specparser.html5lib_compat`` and
   with html5lib 1.1, for T = etree and lxml (each library's own builder
   of that name), interleaved within each round; best round kept.
2. ``BeautifulSoup(page, "html5lib")``, bs4's own html5lib tree builder
   (``treebuilders.base`` protocol), once in a child process that calls
   ``specparser.html5lib_compat.install()`` first (so it runs on specparser)
   and once in a child process on the real html5lib.  Best round of each.

Pages are the first K pages of the corpus (compat.paths.corpus_dir()), read
as str (UTF-8, byte order mark dropped, errors replaced).  The previous tree is freed and collected
before each page, untimed.  Prints the best times and the ratio html5lib /
specparser (2.5 means specparser is 2.5x faster).  Timings on a shared
machine are noisy: compare the ratios, not the seconds.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import warnings

from _common import REPO_ROOT, load_pages, time_each


def bench_parse(pages: list[str], rounds: int) -> None:
    import html5lib

    import specparser.html5lib_compat as compat

    if html5lib.__name__.startswith("specparser"):
        raise SystemExit("the real html5lib is needed (the alias is installed)")
    for builder in ("etree", "lxml"):
        best = {"specparser": float("inf"), "html5lib": float("inf")}
        calls = {
            "specparser": lambda page, b=builder: compat.parse(page, treebuilder=b),
            "html5lib": lambda page, b=builder: html5lib.parse(page, treebuilder=b),
        }
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # DataLossWarning from both lxml builders
            for _ in range(rounds):
                for name, call in calls.items():
                    best[name] = min(best[name], time_each(call, pages))
        ratio = best["html5lib"] / best["specparser"]
        print(
            f"parse(treebuilder={builder!r}): specparser {best['specparser']:.2f}s, "
            f"html5lib {best['html5lib']:.2f}s, ratio {ratio:.1f}x"
        )


_CHILD = r"""
import gc, json, sys, time, warnings
if sys.argv[1] == "specparser":
    import specparser.html5lib_compat as compat
    compat.install()
from bs4 import BeautifulSoup
import html5lib
pages = json.load(open(sys.argv[2]))
rounds = int(sys.argv[3])
best = float("inf")
warnings.simplefilter("ignore")
for _ in range(rounds):
    total = 0.0
    soup = None
    for page in pages:
        soup = None
        gc.collect()
        start = time.perf_counter()
        soup = BeautifulSoup(page, "html5lib")
        total += time.perf_counter() - start
    best = min(best, total)
print(json.dumps({"html5lib": html5lib.__name__, "seconds": best}))
"""


def bench_bs4(pages: list[str], rounds: int) -> None:
    import tempfile

    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(REPO_ROOT / "src"), env.get("PYTHONPATH", "")])
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as handle:
        json.dump(pages, handle)
        path = handle.name
    try:
        results = {}
        for which in ("specparser", "html5lib"):
            done = subprocess.run(
                [sys.executable, "-c", _CHILD, which, path, str(rounds)],
                capture_output=True, text=True, env=env, timeout=3600,
            )
            if done.returncode != 0:
                raise SystemExit(f"bs4 child ({which}) failed: {done.stderr.strip()[-500:]}")
            results[which] = json.loads(done.stdout.strip().splitlines()[-1])
    finally:
        os.unlink(path)
    assert results["specparser"]["html5lib"] == "specparser.html5lib_compat", results
    assert results["html5lib"]["html5lib"] == "html5lib", results
    ours, theirs = results["specparser"]["seconds"], results["html5lib"]["seconds"]
    print(
        f'BeautifulSoup(page, "html5lib"): on specparser (alias) {ours:.2f}s, '
        f"on html5lib {theirs:.2f}s, ratio {theirs / ours:.1f}x"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--pages", type=int, default=20, help="the first K corpus pages (default 20)")
    ap.add_argument("--skip-bs4", action="store_true")
    args = ap.parse_args()
    pages = load_pages(args.pages)
    size = sum(len(p) for p in pages)
    print(f"{len(pages)} pages, {size / 1e6:.1f} M characters, best of {args.rounds} rounds")
    bench_parse(pages, args.rounds)
    if not args.skip_bs4:
        bench_bs4(pages, args.rounds)


if __name__ == "__main__":
    main()
