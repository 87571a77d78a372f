"""specparser as a drop-in for html5lib: the API checks of
``compat/html5lib_api_suite.py`` (each mirrors a downstream caller), and
bs4's and lxml's own html5lib test files run with the import alias on.

``python compat/run.py html5lib-api all`` runs the same and prints the
summary.
"""

from __future__ import annotations

import pytest

from compat import html5lib_api_suite as suite


@pytest.mark.parametrize("check", suite.CHECKS, ids=[c.__name__ for c in suite.CHECKS])
def test_api(check) -> None:
    check()


def _upstream(which: str) -> None:
    failures: list[str] = []
    passed, failed = suite.run_upstream(which, show=failures.append)
    if failed and any(line.startswith("cannot run") for line in failures):
        pytest.skip(failures[0])
    real_failures = [line for line in failures if " skipped " not in line and "expected failure" not in line]
    assert failed == 0, "\n".join(real_failures[:20])
    assert passed > 0


def test_bs4_html5lib_tests_on_the_alias() -> None:
    pytest.importorskip("bs4", reason="beautifulsoup4 is not installed (pip install specparser-html[bs4])")
    _upstream("bs4")


def test_lxml_html5parser_tests_on_the_alias() -> None:
    pytest.importorskip("lxml", reason="lxml is not installed (pip install specparser-html[lxml])")
    _upstream("lxml")
