"""The html5lib-tests encoding cases (see compat/encoding_suite.py)."""

from __future__ import annotations

import pytest

from compat.encoding_suite import SKIP_REASON, load_cases, run_case
from compat.paths import MISSING_TESTS

CASES = load_cases()


@pytest.mark.skipif(not CASES, reason=MISSING_TESTS)
def test_every_file_was_read() -> None:
    # 59 + 22 + 1 cases, and the scripted one: a parse of the .dat files that
    # silently lost cases would otherwise pass.
    assert len(CASES) == 83
    assert sum(case.scripted for case in CASES) == 1


@pytest.mark.parametrize("case", CASES or [None], ids=[c.id for c in CASES] or ["missing"])
def test_encoding_case(case) -> None:
    if case is None:
        pytest.skip(MISSING_TESTS)
    if case.scripted:
        pytest.skip(SKIP_REASON)
    passed, message = run_case(case)
    assert passed, message
