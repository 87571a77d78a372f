"""html5lib-tests tree-construction runner.

    python compat/run.py tree [--builder etree] [--verbose] [FILE_SUBSTRING ...]

Every case of ``tree-construction/*.dat`` (document and fragment cases)
runs through the chosen adapter and its walker and is compared with the
expected dump.  A case without ``#script-on`` / ``#script-off`` runs twice,
with scripting off and on.  The ``scripted/`` subdirectory is skipped: its
cases need a script engine (document.write).  Parse error counts are
compared with ``#errors`` + ``#new-errors`` and reported, not required to
match.
"""

from __future__ import annotations

import argparse
import sys
import traceback
import warnings
from dataclasses import dataclass
from pathlib import Path

from compat.paths import MISSING_TESTS, html5lib_tests_dir
from compat.tree_superseded import SUPERSEDED, wpt_expectation


@dataclass
class TreeCase:
    file: str
    index: int
    data: str
    errors: int
    context: str | None
    scripting: bool
    expected: str

    @property
    def id(self) -> str:
        mode = "script-on" if self.scripting else "script-off"
        return f"{self.file}:{self.index}:{mode}"


def parse_dat(path: Path) -> list[dict]:
    """The cases of one ``.dat`` file as dicts of section name -> text."""
    cases = []
    # newline="" keeps a CR inside a case (plain-text-unsafe.dat has one).
    with open(path, encoding="utf-8", newline="") as f:
        lines = f.read().split("\n")
    current: dict | None = None
    section = None
    for line in lines:
        if line == "#data" and (current is None or section == "document"):
            # "#data" starts a case; within #document a line can't be "#data"
            # because dump lines start with "| ".
            if current is not None:
                cases.append(current)
            current = {"data": []}
            section = "data"
            continue
        if current is None:
            continue
        if line in ("#errors", "#new-errors", "#document-fragment", "#document", "#script-on", "#script-off"):
            section = line[1:]
            current.setdefault(section, [])
            continue
        current[section].append(line)
    if current is not None:
        cases.append(current)
    return cases


def load_cases(files: list[str] | None = None) -> list[TreeCase]:
    base = html5lib_tests_dir()
    if base is None:
        return []
    out: list[TreeCase] = []
    for path in sorted((base / "tree-construction").glob("*.dat")):
        if files and not any(f in path.name for f in files):
            continue
        for index, raw in enumerate(parse_dat(path)):
            data = "\n".join(raw["data"])
            document = raw.get("document", [])
            while document and document[-1] == "":
                document.pop()
            expected = "\n".join(document)
            if (path.name, index) in SUPERSEDED:
                # The 2026 PI rule: WPT's expectation (compat/tree_superseded.py).
                expected = wpt_expectation(path.name, data) or expected
            errors = len([e for e in raw.get("errors", []) if e])
            errors += len([e for e in raw.get("new-errors", []) if e])
            context = None
            if "document-fragment" in raw:
                context = raw["document-fragment"][0].strip()
            if "script-on" in raw:
                modes = [True]
            elif "script-off" in raw:
                modes = [False]
            else:
                modes = [False, True]
            for scripting in modes:
                out.append(TreeCase(path.name, index, data, errors, context, scripting, expected))
    return out


def run_case(case: TreeCase, builder: str = "etree") -> tuple[str, int]:
    """The dump of the tree the adapter built, and the parse error count.

    Uses the core API (builder registry + tree construction), not the
    html5lib-compatible facade, so every registered adapter is tested as
    it is."""
    from specparser.builders import get_builder, get_walker
    from specparser.testformat import dump_events
    from specparser.treeconstruction import build_tree, context_element

    options = {"fullTree": True} if builder == "etree" else {}
    adapter = get_builder(builder)(namespaceHTMLElements=True, **options)
    context = None if case.context is None else context_element(case.context)
    errors: list = []
    tree = build_tree(case.data, adapter, scripting=case.scripting, errors=errors, context=context)
    return dump_events(get_walker(builder)(tree)), len(errors)


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="run.py tree")
    ap.add_argument("--builder", default="etree")
    ap.add_argument("--verbose", "-v", action="store_true")
    ap.add_argument("--max-failures", type=int, default=50)
    ap.add_argument("files", nargs="*")
    args = ap.parse_args(argv)
    if html5lib_tests_dir() is None:
        print(MISSING_TESTS)
        print("0 passed, 0 failed")
        return 1
    print("(skipping tree-construction/scripted/: those cases need a script engine)")
    print(f"({len(SUPERSEDED)} cases superseded by the 2026 PI rule run with WPT's expectation: compat/tree_superseded.py)")
    cases = load_cases(args.files)
    passed = failed = shown = 0
    error_count_matches = 0
    for case in cases:
        try:
            with warnings.catch_warnings():
                # Adapters that must coerce names (lxml) warn; expected here.
                warnings.simplefilter("ignore")
                got, nerrors = run_case(case, args.builder)
        except Exception:
            got, nerrors = "EXCEPTION\n" + traceback.format_exc(), -1
        if got == case.expected:
            passed += 1
            if nerrors == case.errors:
                error_count_matches += 1
            continue
        failed += 1
        if shown < args.max_failures:
            shown += 1
            context = f" (fragment: {case.context})" if case.context else ""
            print(f"FAIL {case.id}{context}: {case.data!r}")
            if args.verbose:
                print("expected:\n" + case.expected + "\ngot:\n" + got + "\n")
    print(f"parse error counts equal to the suite's: {error_count_matches} of {passed} passing cases")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
