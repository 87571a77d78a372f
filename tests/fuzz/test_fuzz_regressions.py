"""Replay every input the fuzzer ever found failing (``regressions/``), and
a handful of hand-written inputs that touch each entry point, through the
same :func:`fuzz_targets.exercise` the fuzzer runs.

A file in ``regressions/`` is a raw fuzz input: its first byte chooses the
options (see :func:`fuzz_targets.split`), the rest is the document.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import fuzz_targets  # noqa: E402

REGRESSIONS = sorted(p for p in (HERE / "regressions").glob("*") if p.is_file() and p.name != "README.md")

# Inputs every option byte value pattern reaches: each tokenizer state,
# foreign content, templates, tables, entities, broken UTF-8, NUL and CR.
HAND_WRITTEN = [
    b"\x00<!DOCTYPE html><p>a&amp;b&notit;<b>c<i>d</b>e</i>",
    b"\x01<title>x</title>&lt;<textarea>\r\n\x00</textarea>",
    b"\x02<style>a</style><xmp></xmp><iframe>&amp;</iframe>",
    b"\x03<script><!--<script></script>--></script>",
    b"\x04<plaintext>&amp;<b>",
    b"\x05<svg><![CDATA[x]]><foreignObject><p>y</svg>",
    b"\x86<table>a<tr>b<td>c<template><col>d</template></table>",
    b"\x87<math><mi><mglyph/><annotation-xml encoding=text/html><div>",
    b"\x08\xff\xfe<\x00p\x00>\x00",  # a UTF-16LE BOM in the bytes input
    b"\x09<meta charset=windows-1252>\xe9\xed\xa0\x80",  # late charset, invalid UTF-8
    b"\x0a<select><button><selectedcontent></selectedcontent></button><option>a<b>b",
    b"\x0b<a><a><p><a></p>&#x0;&#xd800;&#128;",
]


@pytest.mark.parametrize("data", HAND_WRITTEN, ids=lambda d: repr(d[:24]))
def test_hand_written_inputs(data: bytes) -> None:
    fuzz_targets.exercise(data)


@pytest.mark.parametrize("path", REGRESSIONS, ids=lambda p: p.name)
def test_saved_fuzz_input(path: Path) -> None:
    fuzz_targets.exercise(path.read_bytes())


def test_regression_directory_is_present() -> None:
    # The replay above must not silently run nothing because the directory
    # moved: it holds at least its README.
    assert (HERE / "regressions" / "README.md").is_file()
