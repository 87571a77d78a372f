"""The html5lib-tests tree-construction suite under pytest, one test per
case and scripting mode, for every registered builder whose optional
dependency is installed."""

from __future__ import annotations

import pytest

from compat.paths import MISSING_TESTS, html5lib_tests_dir
from compat.tree_suite import load_cases, run_case

CASES = load_cases() if html5lib_tests_dir() is not None else []
BUILDERS = ["etree"]


@pytest.mark.skipif(html5lib_tests_dir() is None, reason=MISSING_TESTS)
def test_the_suite_is_complete() -> None:
    # 1,792 cases; those without #script-on/#script-off run in both modes.
    assert len(CASES) == 3549


@pytest.mark.parametrize("builder", BUILDERS)
@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_tree_construction(case, builder: str) -> None:
    got, _ = run_case(case, builder)
    assert got == case.expected, f"input: {case.data!r} context: {case.context!r}"


if not CASES:

    def test_tree_construction_data_missing() -> None:
        pytest.skip(MISSING_TESTS)
