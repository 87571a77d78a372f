#!/usr/bin/env python3
"""How often ``detector="charset-normalizer"`` reads an undeclared legacy
page right, and what it costs.

    python benchmarks/detector_accuracy.py [--verbose]

Needs charset-normalizer (``pip install '.[detect]'``); bs4 and lxml for
the bs4 columns.  The pages are the corpus's, made undeclared legacy
bytes: each page's text (decoded as a browser would) loses its
``<meta charset>`` / ``http-equiv`` declarations and its byte order mark
and is written in a legacy encoding suited to its language, characters the
encoding lacks as character references (as browsers submit them):

* the Chinese pages gmw.html and youth.html in GBK and gb18030, pixnet.html
  (Traditional) in Big5 (not qq.html: it declares GBK but its bytes are
  UTF-8, so its "GBK text" is mojibake to begin with);
* the Japanese pages (hukumusume.html, yahoo-4.html) in Shift_JIS and EUC-JP;
* the Czech page (aktualne.html) in windows-1250 and ISO-8859-2;
* the pages with Cyrillic text (wikipedia-2.html, mozilla-1.html,
  wikipedia-3.html) in windows-1251 and KOI8-R;
* every page whose visible text has at least 10 characters beyond ASCII,
  95% of them in windows-1252, in windows-1252: the Western pages, which
  the default already reads right (a wrong detection is a regression).

A page counts only when its legacy bytes are not valid UTF-8 (others never
reach the detector).  "Right" means the visible text
(:func:`specparser.visible_text`) equals that of the same bytes parsed
with the true encoding given (``encoding=``).  The columns: the default
(windows-1252), the detector, bs4 with lxml (``BeautifulSoup(b, "lxml")``,
its text against ``from_encoding=`` the true one), bs4 with specparser.
Costs: CPU time of the detector call against that of the parse without it,
on the same bytes in the same run (process_time, best of 3).  The corpus
as it is: how many pages reach the detector at all.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import time
from collections import defaultdict

from _common import corpus_paths

import specparser
from specparser.encoding import bom_sniff, decode_for_parse, is_valid_utf8, prescan_a_byte_stream_to_determine_its_encoding
from specparser.encoding.detectors import charset_normalizer_detector, detector_input
from specparser.encoding.labels import MULTI_BYTE_ENCODINGS, PYTHON_CODECS
from specparser.encoding.multibyte_encoders import encode_multi_byte

PAGES = {
    "gbk": ("gmw.html", "youth.html"),
    "gb18030": ("gmw.html", "youth.html"),
    "big5": ("pixnet.html",),
    "shift_jis": ("hukumusume.html", "yahoo-4.html"),
    "euc-jp": ("hukumusume.html", "yahoo-4.html"),
    "windows-1250": ("aktualne.html",),
    "iso-8859-2": ("aktualne.html",),
    "windows-1251": ("wikipedia-2.html", "mozilla-1.html", "wikipedia-3.html"),
    "koi8-r": ("wikipedia-2.html", "mozilla-1.html", "wikipedia-3.html"),
}

_DECLARATION = re.compile(
    r"<meta\b[^>]*(?:charset|http-equiv\s*=\s*[\"']?content-type)[^>]*>", re.IGNORECASE
)


def encode(text: str, encoding: str) -> bytes:
    """``text`` in ``encoding`` (the standard's encoders for the multi-byte
    ones), characters it lacks as decimal character references."""
    if encoding in MULTI_BYTE_ENCODINGS:
        return encode_multi_byte(text, encoding, "html")
    return text.encode(PYTHON_CODECS[encoding], "xmlcharrefreplace")


def undeclared_text(data: bytes) -> str:
    """The page's text as a browser decodes it, without encoding declarations."""
    return _DECLARATION.sub("", decode_for_parse(data, detect_utf8=True).text)


def western_share(text: str) -> tuple[int, float]:
    beyond = [char for char in text if ord(char) > 127]
    if not beyond:
        return 0, 0.0
    fits = sum(1 for char in beyond if char.encode("cp1252", "ignore"))
    return len(beyond), fits / len(beyond)


def cpu(function, *args, **kwargs):  # type: ignore[no-untyped-def]
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        result = function(*args, **kwargs)
        best = min(best, time.process_time() - start)
    return best, result


def bs4_text(data: bytes, parser: str, from_encoding: str | None = None) -> str | None:
    try:
        from bs4 import BeautifulSoup
    except ImportError:
        return None
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        soup = BeautifulSoup(data, parser, from_encoding=from_encoding)
    return soup.get_text()


def cases(verbose: bool) -> list[tuple[str, str, bytes]]:
    """(encoding, page name, undeclared legacy bytes) for every case."""
    paths = {path.name: path for path in corpus_paths()}
    texts: dict[str, str] = {}

    def text_of(name: str) -> str:
        if name not in texts:
            texts[name] = undeclared_text(paths[name].read_bytes())
        return texts[name]

    chosen = [(encoding, name) for encoding, names in PAGES.items() for name in names if name in paths]
    for name in sorted(paths):
        visible = specparser.visible_text(specparser.parse(paths[name].read_bytes()))
        count, share = western_share(visible)
        if count >= 10 and share >= 0.95:
            chosen.append(("windows-1252", name))
    out = []
    for encoding, name in chosen:
        data = encode(text_of(name), encoding)
        if bom_sniff(data) or prescan_a_byte_stream_to_determine_its_encoding(data) or is_valid_utf8(data):
            if verbose:
                print(f"skipped {name} in {encoding}: declared, or valid UTF-8", file=sys.stderr)
            continue
        out.append((encoding, name, data))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--verbose", action="store_true", help="one line per page")
    args = parser.parse_args()
    rows: dict[str, list[list[bool]]] = defaultdict(list)
    wrong: dict[str, list[str]] = defaultdict(list)
    ratios: list[float] = []
    try:
        import specparser.bs4  # noqa: F401  registers the "specparser" builder with bs4
    except ImportError:
        pass
    for encoding, name, data in cases(args.verbose):
        truth = specparser.visible_text(specparser.parse(data, encoding=encoding))
        parse_time, _ = cpu(specparser.parse, data)
        default_right = specparser.visible_text(specparser.parse(data)) == truth
        detect_time, answer = cpu(lambda: charset_normalizer_detector(detector_input(data)))
        info = specparser.ParseInfo()
        detected = specparser.visible_text(specparser.parse(data, detector="charset-normalizer", info=info))
        detector_right = detected == truth
        python_codec = PYTHON_CODECS.get(encoding, encoding)
        lxml_text = bs4_text(data, "lxml")
        lxml_right = lxml_text is not None and lxml_text == bs4_text(data, "lxml", python_codec)
        ours_text = bs4_text(data, "specparser")
        ours_right = ours_text is not None and ours_text == bs4_text(data, "specparser", encoding)
        rows[encoding].append([default_right, detector_right, lxml_right, ours_right])
        if not detector_right:
            wrong[encoding].append(f"{name} ({answer} -> {info.encoding})")
        ratios.append(detect_time / parse_time)
        if args.verbose:
            print(
                f"{encoding:13} {name:32} default {default_right!s:5} detector {detector_right!s:5} "
                f"({answer}) lxml {lxml_right!s:5} bs4-specparser {ours_right!s:5} "
                f"detector/parse {detect_time / parse_time:.2f}",
                file=sys.stderr,
            )
    print("| encoding | pages | default right | detector right | bs4+lxml right | bs4+specparser right |")
    print("|---|---|---|---|---|---|")
    totals = [0, 0, 0, 0]
    count = 0
    for encoding, results in rows.items():
        sums = [sum(column) for column in zip(*results)]
        totals = [a + b for a, b in zip(totals, sums)]
        count += len(results)
        print(f"| {encoding} | {len(results)} | " + " | ".join(str(value) for value in sums) + " |")
    print(f"| all | {count} | " + " | ".join(str(value) for value in totals) + " |")
    for encoding, names in wrong.items():
        print(f"detector wrong in {encoding}: {', '.join(names)}")
    if ratios:
        print(
            f"detector CPU time / parse CPU time: median {statistics.median(ratios):.2f}, "
            f"max {max(ratios):.2f} ({len(ratios)} pages)"
        )
    reached = 0
    for path in corpus_paths():
        data = path.read_bytes()
        if not (bom_sniff(data) or prescan_a_byte_stream_to_determine_its_encoding(data) or is_valid_utf8(data)):
            reached += 1
    print(f"corpus as it is: {reached} of {len(corpus_paths())} pages reach the detector")


if __name__ == "__main__":
    main()
