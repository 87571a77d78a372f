#!/usr/bin/env python3
"""Peak memory of parsing to a tree: specparser against html5lib.

    python benchmarks/bench_memory.py [--synthetic-mb 50] [--parsers specparser,html5lib]
                                      [--no-tracemalloc]

Inputs: the largest corpus page (compat.paths.corpus_dir()) and a synthetic
page of ``--synthetic-mb`` MB made by concatenating the corpus pages (in
name order, repeated) until it is that long: real markup of every kind,
whose later ``<html>`` / ``<body>`` tags merge into one document.

Two measurements, each parser in its own fresh subprocess so that one
parser's freed memory cannot hide another's peak:

* **RSS**: the process's high-water mark (``VmHWM``, reset just before
  the parse; ``ru_maxrss`` where it cannot be reset) after the parse,
  minus the resident size just before it, with the input already read and
  decoded and the parser imported.  This is what the machine sees: the
  tree, the parser's transient data, allocator slack.
* **tracemalloc** (the corpus page only, unless ``--tracemalloc-all``):
  the peak of Python allocations during the parse, and what is still
  allocated after it (the tree itself).  Slower; Python objects only.

Trees are ElementTree for both (``specparser.html5lib_compat.parse`` and
``html5lib.parse``, both with their default etree builder), held until the
measurement is taken.  ``--parsers`` may add ``specparser-lxml``,
``specparser-bs4``, ``specparser-dom``, ``html5lib-lxml``,
``html5lib-dom`` and ``bs4-html5lib`` (bs4 on html5lib); each specparser tree type is compared with its html5lib peer.  Ratios are specparser over
html5lib: below 1.0 means specparser uses less.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from compat.paths import MISSING_CORPUS, corpus_dir  # noqa: E402

PARSERS = {
    # name -> (module to import first, expression parsing `text`)
    "specparser": ("specparser", "html5lib_compat.parse(text)"),
    "html5lib": ("html5lib", "html5lib.parse(text)"),
    "specparser-lxml": ("specparser", "html5lib_compat.parse(text, treebuilder='lxml')"),
    "specparser-bs4": ("specparser", "html5lib_compat.parse(text, treebuilder='bs4')"),
    "html5lib-lxml": ("html5lib", "html5lib.parse(text, treebuilder='lxml')"),
    "bs4-html5lib": ("bs4", "bs4.BeautifulSoup(text, 'html5lib')"),
    "specparser-dom": ("specparser", "html5lib_compat.parse(text, treebuilder='dom')"),
    "html5lib-dom": ("html5lib", "html5lib.parse(text, treebuilder='dom')"),
}
# Who each specparser tree type is compared with.
PEERS = {
    "specparser": "html5lib",
    "specparser-lxml": "html5lib-lxml",
    "specparser-bs4": "bs4-html5lib",
    "specparser-dom": "html5lib-dom",
}


def _rss_kb() -> int:
    """Current resident set size in KiB (Linux /proc), else the high-water mark."""
    try:
        with open("/proc/self/statm") as f:
            pages = int(f.read().split()[1])
        return pages * resource.getpagesize() // 1024
    except OSError:  # pragma: no cover - not Linux
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def _reset_peak_rss() -> bool:
    """Start a new high-water mark of the resident size (Linux: writing 5
    to /proc/self/clear_refs resets VmHWM).  Without it the peak of building
    the input (the joined corpus and its slice: two copies of the text)
    would hide any parse that peaks lower."""
    try:
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")
        return True
    except OSError:  # pragma: no cover - not Linux, or not allowed
        return False


def _peak_rss_kb() -> int:
    """The high-water mark of the resident size in KiB: VmHWM (which
    _reset_peak_rss resets) on Linux, else ru_maxrss."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:  # pragma: no cover
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def child(args: list[str]) -> None:
    """In the subprocess: read the input, import the parser, parse, report."""
    name, source, synthetic_mb, use_tracemalloc = args[0], args[1], float(args[2]), args[3] == "1"
    text = make_input(source, synthetic_mb)
    module, expression = PARSERS[name]
    namespace = {"text": text}
    exec(f"import {module}", namespace)
    if name.startswith("specparser"):
        exec("import specparser.builders.etree, specparser.treeconstruction; from specparser import html5lib_compat", namespace)
    import gc
    import warnings

    warnings.simplefilter("ignore")
    gc.collect()
    result: dict = {"chars": len(text)}
    if use_tracemalloc:
        import tracemalloc

        tracemalloc.start()
        start = time.perf_counter()
        tree = eval(expression, namespace)  # noqa: S307 - a fixed expression from PARSERS
        result["seconds"] = time.perf_counter() - start
        current, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        result["traced_peak_kb"] = peak // 1024
        result["traced_tree_kb"] = current // 1024
    else:
        before = _rss_kb()
        result["peak_reset"] = _reset_peak_rss()
        start = time.perf_counter()
        tree = eval(expression, namespace)  # noqa: S307
        result["seconds"] = time.perf_counter() - start
        peak = _peak_rss_kb()
        result["rss_before_kb"] = before
        result["rss_peak_growth_kb"] = peak - before
        result["rss_after_kb"] = _rss_kb()
    del tree
    print(json.dumps(result))


def make_input(source: str, synthetic_mb: float) -> str:
    directory = corpus_dir()
    if directory is None:
        raise SystemExit(MISSING_CORPUS)
    paths = sorted(p for p in directory.iterdir() if p.is_file())
    if source == "largest":
        largest = max(paths, key=lambda p: p.stat().st_size)
        return largest.read_bytes().decode("utf-8-sig", errors="replace")
    target = int(synthetic_mb * 1_000_000)
    parts: list[str] = []
    size = 0
    while size < target:
        for path in paths:
            page = path.read_bytes().decode("utf-8-sig", errors="replace")
            parts.append(page)
            size += len(page)
            if size >= target:
                break
    return "".join(parts)[:target]


def measure(name: str, source: str, synthetic_mb: float, use_tracemalloc: bool) -> dict:
    cmd = [sys.executable, str(Path(__file__).resolve()), "--child", name, source, str(synthetic_mb),
           "1" if use_tracemalloc else "0"]  # fmt: skip
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        return {"error": proc.stderr.strip().splitlines()[-1] if proc.stderr.strip() else f"exit {proc.returncode}"}
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _mb(kb: float) -> str:
    return f"{kb / 1024:8.1f} MB"


def main(argv: list[str]) -> int:
    if argv[:1] == ["--child"]:
        child(argv[1:])
        return 0
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--synthetic-mb", type=float, default=50.0)
    ap.add_argument("--parsers", default="specparser,html5lib")
    ap.add_argument("--no-tracemalloc", action="store_true")
    ap.add_argument("--tracemalloc-all", action="store_true", help="tracemalloc on the synthetic page too (slow)")
    ap.add_argument("--inputs", default="largest,synthetic")
    args = ap.parse_args(argv)
    if corpus_dir() is None:
        print(MISSING_CORPUS)
        return 1
    names = [n.strip() for n in args.parsers.split(",") if n.strip()]
    unknown = [n for n in names if n not in PARSERS]
    if unknown:
        print(f"unknown parser(s) {unknown}; known: {', '.join(PARSERS)}")
        return 2
    for source in args.inputs.split(","):
        label = "largest corpus page" if source == "largest" else f"synthetic {args.synthetic_mb:g} MB page"
        print(f"== {label}")
        rows = {}
        for name in names:
            row = measure(name, source, args.synthetic_mb, False)
            if not args.no_tracemalloc and (source == "largest" or args.tracemalloc_all) and "error" not in row:
                row.update({k: v for k, v in measure(name, source, args.synthetic_mb, True).items() if k.startswith("traced")})
            rows[name] = row
            if "error" in row:
                print(f"  {name:16} failed: {row['error']}")
                continue
            line = f"  {name:16} {row['chars'] / 1e6:6.2f} M chars  RSS peak growth {_mb(row['rss_peak_growth_kb'])}"
            line += f"  ({row['rss_peak_growth_kb'] * 1024 / max(row['chars'], 1):5.1f} bytes/char)  {row['seconds']:6.1f} s"
            if "traced_peak_kb" in row:
                line += f"  tracemalloc peak {_mb(row['traced_peak_kb'])}, tree {_mb(row['traced_tree_kb'])}"
            print(line, flush=True)
        for name in names:
            peer = PEERS.get(name)
            if peer is None:
                continue
            ours, theirs = rows.get(name, {}), rows.get(peer, {})
            if "rss_peak_growth_kb" in ours and "rss_peak_growth_kb" in theirs:
                ratio = ours["rss_peak_growth_kb"] / max(theirs["rss_peak_growth_kb"], 1)
                text = f"  {name} / {peer}: RSS peak growth x{ratio:.2f}"
                if "traced_peak_kb" in ours and "traced_peak_kb" in theirs:
                    text += f", tracemalloc peak x{ours['traced_peak_kb'] / max(theirs['traced_peak_kb'], 1):.2f}"
                    text += f", tree x{ours['traced_tree_kb'] / max(theirs['traced_tree_kb'], 1):.2f}"
                print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
