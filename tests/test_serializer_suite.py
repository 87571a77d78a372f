"""html5lib-tests' serializer suite (every case, HTML and XHTML modes)
through the html5lib-compatible serializer; see compat/serializer_suite.py."""

from __future__ import annotations

import pytest

from compat.paths import MISSING_TESTS, html5lib_tests_dir

if html5lib_tests_dir() is None:
    pytest.skip(MISSING_TESTS, allow_module_level=True)

from compat.serializer_suite import load_cases, main, run_case  # noqa: E402

CASES = load_cases()


def test_every_file_is_loaded():
    files = {case["id"].split(":")[0] for case in CASES}
    assert files == {"core", "injectmeta", "optionaltags", "options", "whitespace", "project-pi"}
    # 230 cases, and the 49 outside optionaltags.test once more as XHTML;
    # the project's 5 processing instruction cases in both modes.
    assert len(CASES) == 289


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_serializer_case(case):
    ok, result = run_case(case)
    assert ok, f"got {result!r}, expected one of {case['expected']!r}"


def test_runner_reports_counts(capsys):
    assert main([]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "289 passed, 0 failed"
