"""specparser ships py.typed, so its hints are public API: mypy, run over
src/specparser with the project's [tool.mypy] configuration
(pyproject.toml), must report no error.

mypy is not a project dependency; the test is skipped where it is not
installed.  A cold run (no cache) takes a few seconds."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip(
    "mypy",
    reason="mypy is not installed (it is not a project dependency); pip install mypy to check the type hints",
)

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_reports_no_errors() -> None:
    # A subprocess, so that mypy's global state stays out of the test run;
    # no cache, so that a stale one cannot hide an error.
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--config-file",
            str(ROOT / "pyproject.toml"),
            "--cache-dir",
            os.devnull,
            "--no-error-summary",
            "--hide-error-context",
            str(ROOT / "src" / "specparser"),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    report = (result.stdout + result.stderr).strip()
    assert result.returncode == 0, f"mypy found errors:\n{report}"
    assert report == "", report
