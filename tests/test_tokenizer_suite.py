"""The html5lib-tests tokenizer suite under pytest: every case, once per
initial state, tokens and errors compared exactly (see
compat/tokenizer_suite.py).  Each case runs twice: with the data state's
fast paths and through the plain state machine, which must agree."""

from __future__ import annotations

import pytest

from compat import tokenizer_suite
from compat.paths import MISSING_TESTS, html5lib_tests_dir

_CASES = tokenizer_suite.all_cases() if html5lib_tests_dir() is not None else []


def _params(values: list, ids=None) -> list:
    """``values`` as parameters; without the suite, one skipped parameter
    that says why (pytest would say "got empty parameter set")."""
    if values:
        return [pytest.param(v, id=None if ids is None else ids(v)) for v in values]
    return [pytest.param(None, id="suite-missing", marks=pytest.mark.skip(reason=MISSING_TESTS))]


@pytest.fixture(autouse=True)
def _need_suite():
    if html5lib_tests_dir() is None:
        pytest.skip(MISSING_TESTS)


def test_suite_is_complete():
    # The 2026-06 snapshot has 7,032 token checks outside xmlViolation.test;
    # a loader bug that drops cases must not pass silently.
    assert len(_CASES) == 7032


_SUPERSEDED = [c for c in _CASES if c.superseded is not None]


def test_superseded_cases_are_the_known_ones():
    """The 2026 processing instruction rule supersedes 38 upstream cases
    (compat/tokenizer_superseded.py): 11 now give other tokens, 27 keep
    their comment with another error.  Each is still run, against the
    corrected expectation (test_case below)."""
    assert len(_SUPERSEDED) == 38
    other_tokens = [c for c in _SUPERSEDED if c.output != c.upstream_output]
    assert len(other_tokens) == 11
    assert all(c.errors != c.upstream_errors for c in _SUPERSEDED)
    # No upstream expectation still holds: an entry that replaced a case
    # specparser passes as written would hide nothing but would be wrong.
    for case in _SUPERSEDED:
        upstream = tokenizer_suite.Case(
            case.file, case.index, case.description, case.input, case.upstream_output, case.upstream_errors
        )
        assert tokenizer_suite.check(upstream) is not None, case.id


@pytest.mark.parametrize("case", _params(_CASES, lambda c: c.id))
def test_case(case):
    problem = tokenizer_suite.check(case)
    assert problem is None, problem


_FILES = sorted({c.file for c in _CASES})


@pytest.mark.parametrize("file", _params(_FILES))
def test_file_without_fast_paths(file):
    # One test per file (not per case) keeps the suite's run time down.
    problems = []
    for case in _CASES:
        if case.file == file:
            problem = tokenizer_suite.check(case, fast_paths=False)
            if problem is not None:
                problems.append(f"{case.id}: {problem}")
    assert not problems, "\n".join(problems[:20])


_XML_CASES = tokenizer_suite.xml_violation_cases() if html5lib_tests_dir() is not None else []


def test_xml_violation_suite_is_complete():
    assert len(_XML_CASES) == 4


@pytest.mark.parametrize("case", _params(_XML_CASES, lambda c: c.id))
def test_xml_violation_case(case):
    problem = tokenizer_suite.check_xml_violation(case)
    assert problem is None, problem
