"""html5lib-tests encoding cases: ``python compat/run.py encoding``.

Every case of ``encoding/tests1.dat``, ``tests2.dat`` and
``test-yahoo-jp.dat``: ``#data`` is read as bytes (the trailing newline
before the next heading is not part of it, as in html5lib's runner) and
``#encoding`` is compared with the detected encoding after looking both up
as labels.  ``encoding/scripted/`` needs a script engine (the ``<meta>`` is
written by ``document.write``): those cases are reported as skipped.

Each case runs as the parser entry point would: the encoding sniffing
algorithm, then a parse of the text in which every ``<meta>`` start tag goes
through ``DecodedInput.change_the_encoding_for_meta`` (the "in head" rule),
re-parsing when it asks to.  Until specparser's tree construction exists,
that parse is a stand-in: the standard library's ``html.parser`` finds the
start tags (it skips comments and the raw text of ``<script>`` and
``<style>``, which is all these cases need).  The stand-in is not the spec's
tree construction (it sends every ``<meta>`` to the "in head" rule, also in
frameset modes where the spec ignores it): the run reports how many cases
it decided (the seven of tests1.dat whose ``<meta>`` follows a comment
longer than the prescan's 1,024 bytes).  When ``specparser.parse`` exists,
``_parse_text`` should become the real tree construction.

Usage: ``python compat/run.py encoding [-v]`` (``-v`` lists passes too).
"""

from __future__ import annotations

import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import NamedTuple

from compat.paths import MISSING_TESTS, html5lib_tests_dir
from specparser.encoding import DecodedInput, decode_for_parse, lookup, parse_with_reparse

FILES = ("tests1.dat", "tests2.dat", "test-yahoo-jp.dat")
SCRIPTED = "scripted/tests1.dat"
SKIP_REASON = "needs a script engine: the <meta> is written by document.write"


class Case(NamedTuple):
    id: str
    data: bytes
    expected: str  # the label as the test file gives it
    scripted: bool


def read_dat(path: Path) -> list[tuple[bytes, bytes]]:
    """``(data, encoding)`` byte pairs of an encoding ``.dat`` file."""
    cases: list[tuple[bytes, bytes]] = []
    sections: dict[bytes, list[bytes]] = {}
    current: list[bytes] | None = None

    def flush() -> None:
        if b"data" in sections:
            data = b"".join(sections[b"data"])
            encoding = b"".join(sections.get(b"encoding", []))
            cases.append((data[:-1] if data.endswith(b"\n") else data, encoding.strip()))

    for line in path.read_bytes().splitlines(keepends=True):
        heading = line.rstrip(b"\r\n")
        if heading in (b"#data", b"#encoding"):
            if heading == b"#data":
                flush()
                sections = {}
            current = sections.setdefault(heading[1:], [])
        elif current is not None:
            current.append(line)
    flush()
    return cases


def load_cases() -> list[Case]:
    root = html5lib_tests_dir()
    if root is None:
        return []
    cases = []
    for name in (*FILES, SCRIPTED):
        path = root / "encoding" / name
        for index, (data, encoding) in enumerate(read_dat(path)):
            cases.append(Case(f"{name}:{index}", data, encoding.decode("ascii"), name == SCRIPTED))
    return cases


class _MetaFinder(HTMLParser):
    """Stand-in for tree construction: every <meta> start tag goes to the
    "in head" rule for <meta>."""

    def __init__(self, decoded: DecodedInput) -> None:
        super().__init__(convert_charrefs=True)
        self.decoded = decoded

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "meta":
            attributes: dict[str, str] = {}
            for name, value in attrs:
                attributes.setdefault(name, "" if value is None else value)  # first one wins
            self.decoded.change_the_encoding_for_meta(attributes)

    handle_startendtag = handle_starttag


def _parse_text(decoded: DecodedInput) -> DecodedInput:
    finder = _MetaFinder(decoded)
    finder.feed(decoded.text)
    finder.close()
    return decoded


def detect(data: bytes) -> tuple[str, bool]:
    """The encoding the entry point ends with, and whether the prescan alone
    did not decide it (a late <meta> did)."""
    first_guess = decode_for_parse(data).encoding
    result = parse_with_reparse(data, _parse_text)
    assert result.encoding is not None
    return result.encoding, result.encoding != first_guess


def run_case(case: Case) -> tuple[bool, str]:
    """``(passed, message)``."""
    expected = lookup(case.expected)
    got, late = detect(case.data)
    how = " (late <meta> re-parse)" if late else ""
    if got == expected:
        return True, f"{case.id}: {got}{how}"
    return False, f"{case.id}: expected {expected}, got {got}{how}"


def main(argv: list[str]) -> int:
    verbose = "-v" in argv
    cases = load_cases()
    if not cases:
        print(MISSING_TESTS)
        print("0 passed, 0 failed")
        return 2  # nothing was tested: not a success
    passed = failed = skipped = late = 0
    shown = 0
    for case in cases:
        if case.scripted:
            skipped += 1
            print(f"SKIP {case.id}: {SKIP_REASON}")
            continue
        ok, message = run_case(case)
        if "late <meta>" in message:
            late += 1
        if ok:
            passed += 1
            if verbose:
                print(f"PASS {message}")
        else:
            failed += 1
            if shown < 50:
                print(f"FAIL {message}")
                shown += 1
    print(
        f"{late} cases decided by a <meta> beyond the prescan's 1,024 bytes "
        "(re-parse; tree construction stand-in: html.parser)"
    )
    print(f"{skipped} skipped ({SKIP_REASON})")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
