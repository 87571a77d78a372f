#!/usr/bin/env python3
"""Peak memory of streaming parses, against the size of the document.

    python benchmarks/bench_streaming.py [--sizes 10,100,1000] [--folder DIR]

For each size (MB) a document of that many bytes is written to a file
(``DIR``, default a temporary folder; a 1,000 MB file needs that much disk):
a ``<!DOCTYPE html>`` page with ``<meta charset=utf-8>`` and a long run of
records (``<div class=record><h2>..</h2><p>..<a href=..>..</a></p><ul><li>..``),
so every size is the same kind of document.  Each measurement runs in a
fresh process and reports that process's peak resident memory
(``ru_maxrss``):

* ``errors``: ``specparser --format errors FILE`` (the command reads the
  file in pieces and builds no tree);
* ``iterparse``: ``specparser.iterparse(FILE, events=("start", "end"))``
  over an ElementTree, clearing each record at its end (the caller's
  part of bounded memory, see docs/guides/streaming.md);
* ``target``: ``specparser.Parser(target=...)`` fed 64 KB pieces, counting
  the records;
* ``parse``: ``specparser.parse(FILE)`` (the whole tree; sizes up to 100 MB
  only), for scale.

Flat means: the peak does not grow with the size.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

RECORD = (
    '<div class=record id=r{n}><h2>Record {n}</h2><p>Some text about record {n}, '
    'with <a href="/records/{n}">a link</a> &amp; an entity.</p>'
    "<ul><li>one<li>two<li>three</ul></div>\n"
)

_ERRORS = """
import os, sys
from specparser.cli import main
sys.stdout = open(os.devnull, "w")
status = main(["--format", "errors", sys.argv[1]])
sys.stdout = sys.__stdout__
print(f"exit status {status}")
"""

_ITERPARSE = """
import sys, specparser
records = 0
body = None
for event, element in specparser.iterparse(sys.argv[1], events=("start", "end")):
    if event == "start" and element.tag == "body":
        body = element
    elif event == "end" and element.tag == "div":
        records += 1
        del body[:]  # drop what was read: the body keeps no finished record
print(records)
"""

_TARGET = """
import sys, specparser
class Count:
    records = 0
    def end(self, tag):
        if tag == "div":
            self.records += 1
    def close(self):
        return self.records
parser = specparser.Parser(target=Count())
with open(sys.argv[1], "rb") as file:
    while piece := file.read(65536):
        parser.feed(piece)
print(parser.close())
"""

_PARSE = """
import sys, specparser
tree = specparser.parse(open(sys.argv[1], "rb"))
print(sum(1 for _ in tree.iter("div")))
"""


def write_document(path: Path, megabytes: int) -> None:
    target = megabytes * 1_000_000
    with open(path, "w", encoding="utf-8") as out:
        out.write("<!DOCTYPE html><html><head><meta charset=utf-8><title>Records</title></head><body>\n")
        written = 0
        n = 0
        block: list[str] = []
        while written < target:
            record = RECORD.format(n=n)
            block.append(record)
            written += len(record)
            n += 1
            if len(block) == 1000:
                out.write("".join(block))
                block = []
        out.write("".join(block))
        out.write("</body></html>\n")


# Appended to every snippet: the process's own peak and CPU time, on the
# last line of standard error.
_REPORT = """
import resource as _r, sys as _s
_u = _r.getrusage(_r.RUSAGE_SELF)
print(_u.ru_maxrss, _u.ru_utime + _u.ru_stime, file=_s.stderr)
"""


def peak_of(snippet: str, path: Path) -> tuple[float, float, str]:
    """(peak RSS in MB, CPU seconds, first output line) of ``snippet`` run
    on ``path`` in a fresh process."""
    done = subprocess.run([sys.executable, "-c", snippet + _REPORT, str(path)], capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"exit {done.returncode}\n{done.stderr}")
    maxrss, cpu = done.stderr.splitlines()[-1].split()
    return int(maxrss) / 1024, float(cpu), (done.stdout.splitlines() or [""])[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10,100,1000", help="document sizes in MB, comma-separated")
    parser.add_argument("--folder", help="where to write the documents (default: a temporary folder)")
    args = parser.parse_args()
    sizes = sorted(int(size) for size in args.sizes.split(","))
    folder = Path(args.folder or tempfile.mkdtemp(prefix="specparser-streaming-"))
    print(f"{'size':>8}  {'measurement':10} {'peak RSS':>10} {'CPU':>8}  output")
    for measurement, snippet, limit in (
        ("errors", _ERRORS, None),
        ("iterparse", _ITERPARSE, None),
        ("target", _TARGET, None),
        ("parse", _PARSE, 100),
    ):
        for size in sizes:
            if limit is not None and size > limit:
                continue
            path = folder / f"records-{size}mb.html"
            if not path.exists():
                write_document(path, size)
            peak, cpu, output = peak_of(snippet, path)
            print(f"{size:>6} MB  {measurement:10} {peak:8.1f} MB {cpu:7.1f} s  {output[:40]}")
    if not args.folder:
        for path in folder.glob("records-*.html"):
            os.unlink(path)
        folder.rmdir()


if __name__ == "__main__":
    main()
