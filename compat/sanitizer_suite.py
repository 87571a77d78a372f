"""The Sanitizer API's web-platform-tests ``.sub.dat`` cases.

    python compat/run.py sanitizer [--builder etree|lxml|lxml.html|bs4|dom|all] [-v]

Reads ``wpt/*.sub.dat`` from ``$SANITIZER_API`` or ``../shared/sanitizer-api``
(README.md there describes the format and which call each file makes).  Each
case runs through :func:`specparser.parse_fragment` with the call its file
exercises:

* ``setHTML``: ``sanitizer=<#config>`` (absent: ``"default"``), ``safe=True``;
* ``setHTMLUnsafe``: ``sanitizer=<#config>`` (absent: no sanitizing),
  ``safe=False``;

in the ``#document-fragment`` context (default ``div``), ``{{host}}``
replaced with one host name in ``#data`` and ``#document``.  A ``#error``
case passes when the call raises that error (``TypeError``).  The result's
dump is compared with ``#document``.  Every case is reported: passed,
failed, or not yet runnable with its reason (see :data:`NOT_YET`).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import traceback
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from compat.paths import MISSING_SANITIZER_API, sanitizer_api_dir

__all__ = ["BUILDERS", "FILES", "NOT_YET", "SanitizerCase", "load_cases", "parse_sub_dat", "run_case"]

BUILDERS = ("etree", "lxml", "lxml.html", "bs4", "dom")
HOST = "example.test"

#: file -> the call its cases make when they have no ``#method`` (README).
FILES = {
    "sethtml-tree-construction.sub.dat": "setHTML",
    "sethtml-safety.sub.dat": "setHTML",
    "sethtml-unsafety.sub.dat": "setHTMLUnsafe",
    "sanitizer-in-adoption-agency.sub.dat": "setHTML",
    "sanitizer-script-tokenizer.sub.dat": "setHTML",
    "sethtmlunsafe-toplevel-template-script.sub.dat": "setHTMLUnsafe",
}

#: (file, index) -> why the case cannot pass yet.  Cases that need
#: declarative shadow roots (``setHTML`` parses with them allowed; the
#: parser's ``shadow_roots=True`` is another branch's work, and
#: SanitizingTreeBuilder.attach_shadow_root is ready for it) would be
#: listed here; none of the ``.sub.dat`` cases needs them: the one
#: ``<template shadowrootmode>`` case (sethtmlunsafe-toplevel-template-
#: script 1) puts it directly in the fragment, whose root is not a valid
#: shadow host, so it stays a template either way.
NOT_YET: dict[tuple[str, int], str] = {}


@dataclass
class SanitizerCase:
    file: str
    index: int
    data: str
    config: Any  # the parsed #config, or _ABSENT
    method: str
    context: str
    error: str | None
    expected: str

    @property
    def id(self) -> str:
        return f"{self.file}:{self.index}"


_ABSENT = object()


def parse_sub_dat(text: str) -> list[dict[str, str]]:
    """The cases of a ``.sub.dat`` file, exactly as WPT's
    ``parse_html5lib_testcases`` reads them: an empty line ends a case, a
    ``#`` line (re)starts a section, other lines join the current one."""
    cases: list[dict[str, str]] = []
    current: dict[str, list[str]] = {}
    state: str | None = None
    for line in text.split("\n"):
        if not line:
            if current:
                cases.append({k: "\n".join(v) for k, v in current.items()})
            current, state = {}, None
        elif line[0] == "#":
            state = line[1:]
            current[state] = []
        elif state is not None:
            current[state].append(line)
    if current:
        cases.append({k: "\n".join(v) for k, v in current.items()})
    return cases


def load_cases(base: Path) -> list[SanitizerCase]:
    out = []
    for name, default_method in FILES.items():
        text = (base / "wpt" / name).read_text(encoding="utf-8").replace("{{host}}", HOST)
        for index, raw in enumerate(parse_sub_dat(text)):
            config: Any = _ABSENT
            if "config" in raw:
                # The wrappers parse it with JSON.parse in a try/catch.
                try:
                    config = json.loads(raw["config"])
                except ValueError:
                    config = _ABSENT
            out.append(
                SanitizerCase(
                    name,
                    index,
                    raw.get("data", ""),
                    config,
                    raw.get("method", default_method).strip(),
                    (raw.get("document-fragment") or "div").strip(),
                    raw.get("error", "").strip() or None,
                    raw.get("document", ""),
                )
            )
    return out


def run_case(case: SanitizerCase, builder: str) -> str:
    """The dump of the context's children after the case's call, or
    ``"raised <ErrorName>"``."""
    import specparser
    from specparser.builders import get_walker
    from specparser.testformat import dump_events

    safe = case.method == "setHTML"
    if case.config is _ABSENT:
        sanitizer: Any = "default" if safe else None
    else:
        sanitizer = case.config
    try:
        result = specparser.parse_fragment(
            case.data, case.context, builder, html_namespace=True, sanitizer=sanitizer, safe=safe
        )
    except TypeError as error:
        if "sanitiz" not in str(error).lower():
            raise
        return "raised TypeError"
    return dump_events(get_walker(builder)(result))


_COMMENT_LINE = re.compile(r"(\| *)<!--(.*)-->")


def _normalise(dump: str) -> str:
    """The expected dump in specparser's dump format.  WPT's harness
    (``support/html5lib-testcase-support.js``, ``build_node_tree``) reads a
    comment line as ``<!--(.*)-->``, so ``<!-- 1 -->`` is the comment " 1 ",
    which the html5lib format (``<!-- `` data `` -->``) writes with two
    spaces each side."""
    lines = []
    for line in dump.split("\n"):
        match = _COMMENT_LINE.fullmatch(line)
        lines.append(f"{match[1]}<!-- {match[2]} -->" if match else line)
    return "\n".join(line for line in lines if line)


def _run_builder(cases: list[SanitizerCase], builder: str, verbose: bool) -> tuple[int, int, int]:
    passed = failed = not_yet = 0
    for case in cases:
        reason = NOT_YET.get((case.file, case.index))
        if reason is not None:
            not_yet += 1
            print(f"NOT YET [{builder}] {case.id}: {reason}")
            continue
        expected = f"raised {case.error}" if case.error else _normalise(case.expected)
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                got = run_case(case, builder)
        except Exception:
            got = "EXCEPTION\n" + traceback.format_exc()
        if got == expected:
            passed += 1
            continue
        failed += 1
        print(f"FAIL [{builder}] {case.id} ({case.method}, context {case.context}): {case.data!r}")
        if verbose:
            print(f"config: {case.config if case.config is not _ABSENT else '(none)'}")
            print("expected:\n" + expected + "\ngot:\n" + got + "\n")
    print(f"{builder}: {passed} passed, {failed} failed, {not_yet} not yet runnable (reasons above)")
    return passed, failed, not_yet


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="run.py sanitizer")
    ap.add_argument("--builder", default="etree", choices=BUILDERS + ("all",))
    ap.add_argument("--verbose", "-v", action="store_true")
    args = ap.parse_args(argv)
    base = sanitizer_api_dir()
    if base is None:
        print(MISSING_SANITIZER_API)
        print("0 passed, 0 failed")
        return 1
    cases = load_cases(base)
    print(f"Sanitizer API WPT .sub.dat cases: {len(cases)} ({base / 'wpt'})")
    builders = BUILDERS if args.builder == "all" else (args.builder,)
    totals = [0, 0, 0]
    for builder in builders:
        for i, n in enumerate(_run_builder(cases, builder, args.verbose)):
            totals[i] += n
    print(f"{totals[0]} passed, {totals[1]} failed, {totals[2]} skipped")
    return 0 if totals[1] == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
