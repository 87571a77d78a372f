#!/usr/bin/env python3
"""Pages per second per core, from a WARC file to each page's text:
specparser against resiliparse and trafilatura on the same archive.

    python benchmarks/bench_warc.py [--rounds 3] [--limit N] [--repeat 1]

The archive is written once (to a temporary folder, gzip per record, the
way Common Crawl stores it) from the corpus pages (compat.paths.corpus_dir()),
each as an HTTP response ``Content-Type: text/html`` without a charset, so
every tool sniffs the encoding itself.  Each contender reads the whole
archive and extracts every page's text:

* ``specparser text``: :func:`specparser.warc.extract_warc` with
  ``fields=("text",)`` (warcio reads the records; the browser's parse; the
  innerText rules);
* ``specparser text+links``: the same with the links resolved;
* ``resiliparse``: FastWARC reads the records, ``detect_encoding`` +
  ``HTMLTree.parse_from_bytes`` (lexbor, C) + ``extract_plain_text``;
* ``trafilatura``: warcio reads the records, ``trafilatura.extract`` (main
  content extraction over lxml: it does more per page, and drops
  boilerplate).

Time is the process's CPU time, contenders interleaved round by round, the
best round kept: pages per CPU-second is pages/s per core, the figure a
cluster of workers scales by.  A missing contender is reported and left out.
"""

from __future__ import annotations

import argparse
import io
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

from _common import best_of, corpus_paths


def write_archive(path: Path, pages: list[Path], repeat: int) -> int:
    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    count = 0
    with open(path, "wb") as file:
        writer = WARCWriter(file, gzip=True)
        for round_ in range(repeat):
            for page in pages:
                http = StatusAndHeaders("200 OK", [("Content-Type", "text/html")], protocol="HTTP/1.1")
                url = f"http://corpus.example/{round_}/{page.name}"
                record = writer.create_warc_record(url, "response", payload=io.BytesIO(page.read_bytes()), http_headers=http)
                writer.write_record(record)
                count += 1
    return count


def specparser_run(path: Path, fields: tuple[str, ...]) -> Callable[[], int]:
    from specparser.warc import extract_warc

    def run() -> int:
        return sum(1 for _ in extract_warc(path, fields))

    return run


def resiliparse_run(path: Path) -> Callable[[], int]:
    from fastwarc.warc import ArchiveIterator, WarcRecordType
    from resiliparse.extract.html2text import extract_plain_text
    from resiliparse.parse.encoding import detect_encoding
    from resiliparse.parse.html import HTMLTree

    def run() -> int:
        pages = 0
        with open(path, "rb") as file:
            for record in ArchiveIterator(file, record_types=WarcRecordType.response, parse_http=True):
                if "text/html" not in (record.http_content_type or ""):
                    continue
                body = record.reader.read()
                tree = HTMLTree.parse_from_bytes(body, detect_encoding(body))
                extract_plain_text(tree)
                pages += 1
        return pages

    return run


def trafilatura_run(path: Path) -> Callable[[], int]:
    import trafilatura
    from warcio.archiveiterator import ArchiveIterator

    def run() -> int:
        pages = 0
        with open(path, "rb") as file:
            for record in ArchiveIterator(file):
                if record.rec_type != "response":
                    continue
                trafilatura.extract(record.content_stream().read())
                pages += 1
        return pages

    return run


CONTENDERS: dict[str, Callable[[Path], Callable[[], int]]] = {
    "specparser text": lambda path: specparser_run(path, ("text",)),
    "specparser text+links": lambda path: specparser_run(path, ("text", "links")),
    "resiliparse": resiliparse_run,
    "trafilatura": trafilatura_run,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--limit", type=int, default=None, help="only the first N corpus pages")
    parser.add_argument("--repeat", type=int, default=1, help="put every page in the archive N times")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "corpus.warc.gz"
        pages = write_archive(path, corpus_paths(args.limit), args.repeat)
        runs: dict[str, Callable[[], Any]] = {}
        for name, make in CONTENDERS.items():
            try:
                runs[name] = make(path)
            except ImportError as error:
                print(f"  {name}: not installed ({error})")
        results: dict[str, Any] = {}
        best = best_of(runs, args.rounds, time.process_time, results)
        print(f"{pages} pages, {path.stat().st_size / 1e6:.1f} MB gzipped WARC; CPU time, best of {args.rounds}")
        for name, seconds in best.items():
            print(f"  {name:22s} {seconds:7.2f} s  {results[name] / seconds:8.1f} pages/s per core  ({results[name]} pages)")


if __name__ == "__main__":
    main()
