#!/usr/bin/env python3
"""Tokenizer throughput against the standard library's html.parser.

    python benchmarks/bench_tokenizer.py [--rounds N] [--errors]

Tokenizes every page of the corpus (compat.paths.corpus_dir()) with a no-op
sink, and in the same run feeds the same pages to html.parser.HTMLParser
with no-op handlers.  Several rounds, interleaved, best round of each;
prints both throughputs and the ratio (ours / html.parser; >= 1.0 means at
least as fast).  Times are the process's CPU time (time.process_time), which
other processes on a shared machine disturb less than wall time; still,
compare the ratio, not the absolute numbers.  ``--errors`` also times the tokenizer while it
collects parse errors.
"""

from __future__ import annotations

import argparse
import sys
import time
from html.parser import HTMLParser

from _common import best_of, load_pages, megabytes

from specparser.tokenizer import Tokenizer
from specparser.tokens import IgnoringSink


class NullSink(IgnoringSink):
    __slots__ = ()


class SwitchingSink(NullSink):
    """Switches the tokenizer state after <script>, <style>, <title> ... as
    tree construction would, so script and style bodies are tokenized the
    way a real parse tokenizes them (html.parser does the same for
    <script>/<style> by itself)."""

    __slots__ = ("tokenizer",)
    _STATES = {"script": 3, "style": 2, "xmp": 2, "iframe": 2, "noembed": 2, "noframes": 2,
               "textarea": 1, "title": 1, "plaintext": 4}

    def start_tag(self, tag):
        state = self._STATES.get(tag.name)
        if state is not None:
            self.tokenizer.state = state


class NullHTMLParser(HTMLParser):
    def handle_starttag(self, tag, attrs):
        pass

    def handle_endtag(self, tag):
        pass

    def handle_data(self, data):
        pass

    def handle_comment(self, data):
        pass

    def handle_decl(self, decl):
        pass

    def handle_pi(self, data):
        pass

    def unknown_decl(self, data):
        pass


def run_specparser(pages, errors=False):
    for text in pages:
        sink = SwitchingSink()
        tokenizer = Tokenizer(text, sink, errors=[] if errors else None)
        sink.tokenizer = tokenizer
        tokenizer.run()


def run_html_parser(pages):
    for text in pages:
        parser = NullHTMLParser()
        parser.feed(text)
        parser.close()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--errors", action="store_true", help="also time error collection")
    args = parser.parse_args(argv)
    pages = load_pages()
    size = megabytes(pages)
    runs = {
        "ours": lambda: run_specparser(pages),
        "theirs": lambda: run_html_parser(pages),
    }
    if args.errors:
        runs["with_errors"] = lambda: run_specparser(pages, True)
    best = best_of(runs, args.rounds, time.process_time)
    ours, theirs = best["ours"], best["theirs"]
    print(f"corpus: {len(pages)} pages, {size:.1f} MB, best of {args.rounds} rounds")
    print(f"specparser tokenizer: {size / ours:7.2f} MB/s")
    if args.errors:
        print(f"  collecting errors:  {size / best['with_errors']:7.2f} MB/s")
    print(f"html.parser:          {size / theirs:7.2f} MB/s")
    print(f"ratio (specparser / html.parser): {theirs / ours:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
