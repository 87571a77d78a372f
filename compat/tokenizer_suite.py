"""html5lib-tests tokenizer suite: ``python compat/run.py tokenizer``.

Runs every case of ``tokenizer/*.test`` once per initial state and compares
the coalesced tokens *and* the parse errors (code, line, column, order)
exactly.  ``xmlViolation.test`` describes the infoset-coercion variant of
the tokenizer: its cases are checked by applying :mod:`specparser.infoset`
(the coercions the lxml adapter applies) to the tokens.

Cases the 2026 processing instruction rule supersedes (listed with their
reasons in ``compat/tokenizer_superseded.py``) run against the project's
corrected expectation instead of the upstream one; the runner counts and
lists them as "superseded".

Options: ``--slow`` runs the state machine without the data state's fast
paths; ``--verbose`` prints every failure instead of the first 50.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from compat.paths import MISSING_TESTS, html5lib_tests_dir
from compat.tokenizer_superseded import SUPERSEDED
from specparser import tokens as _tokens
from specparser.tokenizer import tokenize

INITIAL_STATES = {
    "Data state": _tokens.DATA_STATE,
    "PLAINTEXT state": _tokens.PLAINTEXT_STATE,
    "RCDATA state": _tokens.RCDATA_STATE,
    "RAWTEXT state": _tokens.RAWTEXT_STATE,
    "Script data state": _tokens.SCRIPT_DATA_STATE,
    "CDATA section state": _tokens.CDATA_SECTION_STATE,
}

MAX_FAILURES_SHOWN = 50


@dataclass
class Case:
    file: str
    index: int
    description: str
    input: str
    output: list
    errors: list = field(default_factory=list)
    initial_state: str = "Data state"
    last_start_tag: str | None = None
    # For a superseded case: the reason; ``output``/``errors`` are then the
    # project's corrected expectation and these hold the upstream ones.
    superseded: str | None = None
    upstream_output: list | None = None
    upstream_errors: list | None = None

    @property
    def id(self) -> str:
        return f"{self.file}:{self.index}:{self.initial_state}"


_ESCAPE = re.compile(r"\\u([0-9a-fA-F]{4})")


def _unescape(value):
    """The ``doubleEscaped`` second round of unescaping: ``\\uHHHH`` to the
    code point (lone surrogates included), recursively through lists/dicts."""
    if isinstance(value, str):
        return _ESCAPE.sub(lambda m: chr(int(m.group(1), 16)), value)
    if isinstance(value, list):
        return [_unescape(v) for v in value]
    if isinstance(value, dict):
        return {_unescape(k): _unescape(v) for k, v in value.items()}
    return value


def test_files(directory: Path | None = None) -> list[Path]:
    directory = directory or html5lib_tests_dir()
    if directory is None:
        return []
    return sorted(p for p in (directory / "tokenizer").glob("*.test") if p.name != "xmlViolation.test")


def load_cases(path: Path) -> list[Case]:
    """Every (test, initial state) pair of one ``.test`` file."""
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    cases = []
    for index, test in enumerate(data.get("tests", [])):
        text, output = test["input"], test["output"]
        if test.get("doubleEscaped"):
            text, output = _unescape(text), _unescape(output)
        for state in test.get("initialStates", ["Data state"]):
            case = Case(
                file=path.name,
                index=index,
                description=test["description"],
                input=text,
                output=output,
                errors=test.get("errors", []),
                initial_state=state,
                last_start_tag=test.get("lastStartTag"),
            )
            corrected = SUPERSEDED.get((path.name, index))
            if corrected is not None:
                _supersede(case, corrected)
            cases.append(case)
    return cases


class StaleSupersededEntry(Exception):
    """An entry of compat/tokenizer_superseded.py no longer names the
    upstream case it was written for."""


def _supersede(case: Case, corrected) -> None:
    if corrected.input != case.input or case.initial_state != "Data state":
        raise StaleSupersededEntry(
            f"{case.file}:{case.index}: the upstream input is {case.input!r}, "
            f"compat/tokenizer_superseded.py expects {corrected.input!r} in the data state"
        )
    case.upstream_output, case.upstream_errors = case.output, case.errors
    case.output = corrected.output
    case.errors = [{"code": code, "line": line, "col": col} for code, line, col in corrected.errors]
    case.superseded = corrected.reason


def all_cases() -> list[Case]:
    cases = []
    for path in test_files():
        cases.extend(load_cases(path))
    return cases


def _as_test_tokens(tokens: list[tuple]) -> list[list]:
    """Our :func:`tokenize` tuples in the html5lib-tests token shape."""
    result = []
    for token in tokens:
        if token[0] == "StartTag":
            item = ["StartTag", token[1], token[2]]
            if token[3]:
                item.append(True)
            result.append(item)
        else:
            result.append(list(token))
    return result


def check(case: Case, *, fast_paths: bool = True) -> str | None:
    """Run one case; ``None`` when it passes, else a description of the
    difference."""
    errors: list = []
    try:
        tokens = tokenize(
            case.input,
            state=INITIAL_STATES[case.initial_state],
            last_start_tag=case.last_start_tag,
            errors=errors,
            fast_paths=fast_paths,
        )
    except Exception as exc:  # a crash is a failure to report, not to hide
        return f"raised {type(exc).__name__}: {exc}"
    got_tokens = _as_test_tokens(tokens)
    got_errors = [{"code": e.code, "line": e.line, "col": e.column} for e in errors]
    want_errors = [{"code": e["code"], "line": e["line"], "col": e["col"]} for e in case.errors]
    problems = []
    if got_tokens != case.output:
        problems.append(f"tokens {got_tokens!r} != expected {case.output!r}")
    if got_errors != want_errors:
        problems.append(
            "errors " + _format_errors(got_errors) + " != expected " + _format_errors(want_errors)
        )
    return "; ".join(problems) or None


def _format_errors(errors: list[dict]) -> str:
    return "[" + ", ".join(f"{e['code']}@{e['line']}:{e['col']}" for e in errors) + "]"


def xml_violation_cases(directory: Path | None = None) -> list[Case]:
    """``xmlViolation.test``: the same tokens, seen through the spec's
    "coercing an HTML DOM into an infoset" rules (what our lxml output
    holds).  These cases list no errors."""
    directory = directory or html5lib_tests_dir()
    path = directory / "tokenizer" / "xmlViolation.test" if directory else None
    if path is None or not path.is_file():
        return []
    with open(path, encoding="utf-8") as f:
        tests = json.load(f).get("xmlViolationTests", [])
    return [
        Case(
            file=path.name,
            index=index,
            description=test["description"],
            input=test["input"],
            output=test["output"],
            errors=[],
            initial_state="Data state",
            last_start_tag=None,
        )
        for index, test in enumerate(tests)
    ]


def _coerce_to_infoset(token: list) -> list:
    """One html5lib-tests token with specparser.infoset's coercions applied,
    as the lxml adapter applies them to the tree."""
    from specparser import infoset

    kind = token[0]
    if kind == "Character":
        return [kind, infoset.coerce_characters(token[1])]
    if kind == "Comment":
        return [kind, infoset.coerce_comment(infoset.coerce_characters(token[1]))]
    if kind == "StartTag":
        attrs = {infoset.coerce_name(k): infoset.coerce_characters(v) for k, v in token[2].items()}
        return [kind, infoset.coerce_name(token[1]), attrs, *token[3:]]
    if kind == "EndTag":
        return [kind, infoset.coerce_name(token[1])]
    return token


def check_xml_violation(case: Case) -> str | None:
    try:
        tokens = tokenize(case.input)
    except Exception as exc:
        return f"raised {type(exc).__name__}: {exc}"
    got = [_coerce_to_infoset(token) for token in _as_test_tokens(tokens)]
    if got != case.output:
        return f"tokens {got!r} != expected {case.output!r}"
    return None


def main(argv: list[str]) -> int:
    fast_paths = "--slow" not in argv
    verbose = "--verbose" in argv
    if html5lib_tests_dir() is None:
        print(MISSING_TESTS)
        print("0 passed, 0 failed")
        return 1
    passed = failed = 0
    superseded = []
    for case in all_cases():
        problem = check(case, fast_paths=fast_paths)
        if case.superseded is not None:
            superseded.append(case)
        if problem is None:
            passed += 1
            continue
        failed += 1
        if verbose or failed <= MAX_FAILURES_SHOWN:
            print(f"FAIL {case.id} {case.description!r} input={case.input!r}: {problem}")
    if failed > MAX_FAILURES_SHOWN and not verbose:
        print(f"... {failed - MAX_FAILURES_SHOWN} more failures (use --verbose)")
    for case in xml_violation_cases():
        problem = check_xml_violation(case)
        if problem is None:
            passed += 1
        else:
            failed += 1
            print(f"FAIL {case.id} {case.description!r} input={case.input!r}: {problem}")
    print(
        f"{len(superseded)} upstream cases superseded by the 2026 processing instruction rule "
        "(run against compat/tokenizer_superseded.py's expectations, counted in passed/failed):"
    )
    for case in superseded:
        print(f"  SUPERSEDED {case.id} {case.description!r} input={case.input!r}")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
