"""Tree-construction runner: WPT's ``.dat`` files (the arbiter) or the old
html5lib-tests snapshot.

    python compat/run.py tree [--builder etree|lxml|lxml.html|bs4|dom|all]
                              [--suite wpt|html5lib-tests] [--no-fast-paths]
                              [--verbose] [FILE_SUBSTRING ...]

``--suite wpt`` (the default) reads ``html/syntax/parsing/resources/*.dat``
from ``$WPT_TREE_CONSTRUCTION`` or ``../shared/wpt-tree-construction``; the
tree-construction tests moved there from html5lib-tests (html5lib-tests
224991e, 2026-06-26).  ``--suite html5lib-tests`` runs the frozen
html5lib-tests 9329e64 snapshot's ``tree-construction/`` instead, with the
cases the 2026 processing instruction rule superseded taking WPT's
expectation (compat/tree_superseded.py).

Every case (document and fragment) runs through the chosen adapter and its
walker and is compared with the expected dump.  A case without
``#script-on`` / ``#script-off`` runs twice, with scripting off and on.
Cases that need a script engine are reported as skipped, with the reason,
and counted: WPT's ``scripted_*.dat`` files (html5lib-tests' ``scripted/``
folder) and any ``#script-on`` case whose input calls ``document.write``.
Parse error counts are compared with ``#errors`` + ``#new-errors`` and
reported, not required to match.  ``--no-fast-paths`` parses with
``build_tree(fast_paths=False)``: every character through the tokenizer's
states and every token through the insertion modes' handlers.

The format (WPT ``html/syntax/parsing/resources/README.md``) is
html5lib-tests' plus two additions understood here: ``#description`` lines
may open a case before ``#data``, and a processing instruction dumps as
``| <?target data?>`` (see :func:`parse_dump`).
"""

from __future__ import annotations

import argparse
import re
import sys
import traceback
import warnings
from dataclasses import dataclass
from pathlib import Path

from compat.paths import MISSING_TESTS, MISSING_WPT_TREE, html5lib_tests_dir, wpt_tree_construction_dir
from compat.tree_superseded import SUPERSEDED, wpt_expectation

__all__ = [
    "BUILDERS",
    "DEFAULT_SUITE",
    "SUITES",
    "TreeCase",
    "load_cases",
    "missing_reason",
    "parse_dat",
    "parse_dump",
    "run_case",
    "suite_dir",
]

SUITES = ("wpt", "html5lib-tests")
DEFAULT_SUITE = "wpt"
BUILDERS = ("etree", "lxml", "lxml.html", "bs4", "dom")

SCRIPTED_REASON = "needs a script engine (document.write / DOM calls from <script>)"

# The section headers of the format; anything else is a line of the section.
_SECTIONS = frozenset(
    ("#errors", "#new-errors", "#document-fragment", "#document", "#script-on", "#script-off")
)


@dataclass
class TreeCase:
    file: str
    index: int
    data: str
    errors: int
    context: str | None
    scripting: bool
    expected: str
    description: str = ""
    # Why the case is not run (None: it is run).
    skip: str | None = None

    @property
    def id(self) -> str:
        mode = "script-on" if self.scripting else "script-off"
        return f"{self.file}:{self.index}:{mode}"


def suite_dir(suite: str = DEFAULT_SUITE) -> Path | None:
    """The folder holding the suite's ``.dat`` files, or None when absent."""
    if suite == "wpt":
        return wpt_tree_construction_dir()
    if suite == "html5lib-tests":
        base = html5lib_tests_dir()
        return None if base is None else base / "tree-construction"
    raise ValueError(f"unknown tree suite {suite!r}; known: {', '.join(SUITES)}")


def missing_reason(suite: str = DEFAULT_SUITE) -> str:
    return MISSING_WPT_TREE if suite == "wpt" else MISSING_TESTS


def parse_dat(path: Path) -> list[dict]:
    """The cases of one ``.dat`` file as dicts of section name -> lines.

    A case starts at ``#data``, or at ``#description`` (WPT: free text lines
    before ``#data``) when outside a case's ``#data``/``#errors`` sections.
    A dump line always starts with ``| `` (or continues a multi-line text
    node), so a ``#`` line inside ``#document`` is a header."""
    cases = []
    # newline="" keeps a CR inside a case (plain-text-unsafe.dat has one).
    with open(path, encoding="utf-8", newline="") as f:
        lines = f.read().split("\n")
    current: dict | None = None
    section = None
    for line in lines:
        starts_case = line == "#description" or (line == "#data" and section != "description")
        if starts_case and (current is None or section == "document"):
            if current is not None:
                cases.append(current)
            current = {}
            section = line[1:]
            current[section] = []
            continue
        if current is None:
            continue
        if line == "#data" or line in _SECTIONS:
            section = line[1:]
            current.setdefault(section, [])
            continue
        current[section].append(line)
    if current is not None:
        cases.append(current)
    return cases


# One line of a #document dump: "| " + two spaces per level + the node.
_DUMP_LINE = re.compile(r"\| ((?:  )*)(.*)", re.S)
_PROCESSING_INSTRUCTION = re.compile(r"<\?([^ ]*) (.*)\?>", re.S)
_DOCTYPE = re.compile(r'<!DOCTYPE ([^ >]*)(?: "(.*)" "(.*)")?>', re.S)


def parse_dump(expected: str) -> list[tuple[int, str, tuple]]:
    """The nodes of an expected ``#document`` dump, in order, as
    ``(depth, kind, fields)`` with kind one of element (name, namespace
    prefix), attribute (name, quoted value), text, comment, doctype,
    processing-instruction (target, data) and content.

    A processing instruction is WPT's ``<?target data?>`` (one space always,
    so empty data is ``<?target ?>``); html5lib-tests never had one in a
    tree.  A line that does not start with ``| `` continues the node above
    (text, comments and attribute values can hold newlines)."""
    raw: list[list] = []
    for line in expected.split("\n"):
        match = _DUMP_LINE.fullmatch(line)
        if match is None:
            if not raw:
                raise ValueError(f"not a dump line: {line!r}")
            raw[-1][1] += "\n" + line
        else:
            raw.append([len(match.group(1)) // 2, match.group(2)])
    nodes: list[tuple[int, str, tuple]] = []
    for depth, body in raw:
        if body.startswith('"') and body.endswith('"') and len(body) > 1:
            nodes.append((depth, "text", (body[1:-1],)))
        elif body.startswith("<!-- ") and body.endswith(" -->"):
            nodes.append((depth, "comment", (body[5:-4],)))
        elif body.startswith("<!DOCTYPE "):
            doctype = _DOCTYPE.fullmatch(body)
            nodes.append((depth, "doctype", doctype.groups() if doctype else (body,)))
        elif body.startswith("<?"):
            pi = _PROCESSING_INSTRUCTION.fullmatch(body)
            if pi is None:
                raise ValueError(f"not a processing instruction dump: {body!r}")
            nodes.append((depth, "processing-instruction", pi.groups()))
        elif body == "content":
            nodes.append((depth, "content", ()))
        elif body.startswith("<") and body.endswith(">"):
            # "<svg path>" is ("path", "svg").
            prefix, _, name = body[1:-1].rpartition(" ")
            nodes.append((depth, "element", (name, prefix)))
        elif "=" in body:
            name, _, value = body.partition("=")
            nodes.append((depth, "attribute", (name, value)))
        else:
            raise ValueError(f"not a dump line: {body!r}")
    return nodes


def _skip_reason(path: Path, raw: dict, scripting: bool) -> str | None:
    if path.name.startswith("scripted_") or path.parent.name == "scripted":
        return SCRIPTED_REASON
    if scripting and "script-on" in raw and "document.write" in "\n".join(raw["data"]):
        return SCRIPTED_REASON
    return None


def _dat_files(base: Path) -> list[Path]:
    # html5lib-tests keeps its scripted cases in a sub-folder; WPT in
    # top-level scripted_*.dat files.
    return sorted(base.glob("*.dat")) + sorted(base.glob("scripted/*.dat"))


def load_cases(
    files: list[str] | None = None, *, suite: str = DEFAULT_SUITE, skipped: bool = False
) -> list[TreeCase]:
    """Every case and scripting mode of the suite (empty when it is absent).

    Cases that cannot run here (see :data:`SCRIPTED_REASON`) are included,
    with ``skip`` set, only when ``skipped`` is true."""
    base = suite_dir(suite)
    if base is None:
        return []
    out: list[TreeCase] = []
    for path in _dat_files(base):
        name = path.name if path.parent == base else f"{path.parent.name}/{path.name}"
        if files and not any(f in name for f in files):
            continue
        for index, raw in enumerate(parse_dat(path)):
            data = "\n".join(raw.get("data", []))
            document = raw.get("document", [])
            while document and document[-1] == "":
                document.pop()
            expected = "\n".join(document)
            if suite == "html5lib-tests" and (name, index) in SUPERSEDED:
                # The 2026 PI rule: WPT's expectation (compat/tree_superseded.py).
                expected = wpt_expectation(name, data) or expected
            errors = len([e for e in raw.get("errors", []) if e])
            errors += len([e for e in raw.get("new-errors", []) if e])
            context = None
            if "document-fragment" in raw:
                context = raw["document-fragment"][0].strip()
            description = "\n".join(raw.get("description", [])).strip()
            if "script-on" in raw:
                modes = [True]
            elif "script-off" in raw:
                modes = [False]
            else:
                modes = [False, True]
            for scripting in modes:
                skip = _skip_reason(path, raw, scripting)
                if skip is None or skipped:
                    out.append(
                        TreeCase(name, index, data, errors, context, scripting, expected, description, skip)
                    )
    return out


def run_case(case: TreeCase, builder: str = "etree", fast_paths: bool = True, events: bool = False) -> tuple[str, int]:
    """The dump of the tree the adapter built, and the parse error count.

    Uses the core API (builder registry + tree construction), not the
    html5lib-compatible facade, so every registered adapter is tested as
    it is.  ``events=True`` parses the way the event interfaces do
    (specparser.events: every event reported, tree shortcuts off)."""
    from specparser.builders import get_builder, get_walker
    from specparser.events import EVENT_NAMES, EventQueue, reporting_builder
    from specparser.testformat import dump_events
    from specparser.treeconstruction import build_tree, context_element

    options = {"fullTree": True} if builder == "etree" else {}
    adapter = get_builder(builder)(namespaceHTMLElements=True, **options)
    listener = None
    if events:
        listener = EventQueue(frozenset(EVENT_NAMES))
        adapter = reporting_builder(adapter, listener)
    context = None if case.context is None else context_element(case.context)
    errors: list = []
    tree = build_tree(
        case.data, adapter, scripting=case.scripting, errors=errors, context=context, fast_paths=fast_paths,
        listener=listener,
    )
    return dump_events(get_walker(builder)(tree)), len(errors)


def _run_builder(cases: list[TreeCase], builder: str, args: argparse.Namespace) -> tuple[int, int, int]:
    passed = failed = skipped = shown = 0
    error_count_matches = 0
    for case in cases:
        if case.skip is not None:
            skipped += 1
            if args.verbose:
                print(f"SKIP {case.id}: {case.skip}")
            continue
        try:
            with warnings.catch_warnings():
                # Adapters that must coerce names (lxml) warn; expected here.
                warnings.simplefilter("ignore")
                got, nerrors = run_case(case, builder, args.fast_paths, args.events)
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
            print(f"FAIL [{builder}] {case.id}{context}: {case.data!r}")
            if args.verbose:
                print("expected:\n" + case.expected + "\ngot:\n" + got + "\n")
    print(
        f"{builder}: {passed} passed, {failed} failed, {skipped} skipped "
        f"(parse error counts equal to the suite's: {error_count_matches} of {passed} passing cases)"
    )
    return passed, failed, skipped


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="run.py tree")
    ap.add_argument("--builder", default="etree", choices=BUILDERS + ("all",))
    ap.add_argument("--suite", default=DEFAULT_SUITE, choices=SUITES)
    ap.add_argument(
        "--no-fast-paths",
        dest="fast_paths",
        action="store_false",
        help="build_tree(fast_paths=False): every character through the tokenizer's states, every token through the handlers",
    )
    ap.add_argument(
        "--events",
        action="store_true",
        help="parse as the event interfaces do (specparser.events: every event reported, tree shortcuts off)",
    )
    ap.add_argument("--verbose", "-v", action="store_true")
    ap.add_argument("--max-failures", type=int, default=50)
    ap.add_argument("files", nargs="*")
    args = ap.parse_args(argv)
    base = suite_dir(args.suite)
    if base is None:
        print(missing_reason(args.suite))
        print("0 passed, 0 failed")
        return 1
    print(f"suite: {args.suite} ({base})")
    if args.suite == "html5lib-tests":
        print(
            f"({len(SUPERSEDED)} cases superseded by the 2026 PI rule run with WPT's expectation: "
            "compat/tree_superseded.py)"
        )
    cases = load_cases(args.files, suite=args.suite, skipped=True)
    skipped_files = sorted({c.file for c in cases if c.skip is not None})
    if skipped_files:
        print(f"skipped: {', '.join(skipped_files)} and any #script-on case calling document.write: {SCRIPTED_REASON}")
    builders = list(BUILDERS) if args.builder == "all" else [args.builder]
    passed = failed = 0
    for builder in builders:
        p, f, _ = _run_builder(cases, builder, args)
        passed += p
        failed += f
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
