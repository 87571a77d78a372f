"""A run without the conformance data says so at its end (issue 30): the
hook in tests/conftest.py names each suite skipped for want of data, after
the short summary, where a reader of a green run looks."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _pytest(tests: list[str], shared: str) -> str:
    env = {k: v for k, v in os.environ.items() if k not in ("HTML5LIB_TESTS", "WPT_TREE_CONSTRUCTION", "SPECPARSER_CORPUS")}
    env["SPECPARSER_SHARED"] = shared
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *tests],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_a_run_without_the_data_says_which_suites_were_skipped(tmp_path: Path) -> None:
    output = _pytest(["tests/test_serializer_roundtrip.py", "tests/test_tokenizer_suite.py"], str(tmp_path / "nowhere"))
    summary = output.split("conformance suites skipped", 1)
    assert len(summary) == 2, output
    assert "no data for the real-page corpus" in summary[1]
    assert "no data for html5lib-tests" in summary[1]
    assert "SPECPARSER_SHARED" in summary[1]
    # The closing line stays the last one (CI reads it).
    assert " skipped in " in output.strip().splitlines()[-1]


def test_a_run_with_the_data_says_nothing(tmp_path: Path) -> None:
    # Data that is there (an empty corpus folder) is not reported missing.
    (tmp_path / "corpus" / "pages").mkdir(parents=True)
    (tmp_path / "corpus" / "pages" / "a.html").write_text("<p>x")
    output = _pytest(["tests/test_serializer_roundtrip.py", "-k", "corpus_is_there"], str(tmp_path))
    assert "conformance suites skipped" not in output, output
