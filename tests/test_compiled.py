"""``specparser.compiled`` and the CLI's ``--version`` tell the mypyc-compiled
build (``SPECPARSER_COMPILE=1`` at build time) from the pure-Python one.

Each checks the build it runs on against the modules' own files: compiled
modules are extension modules.  CI's compiled job sets
SPECPARSER_EXPECT_COMPILED=1 (and the pure jobs may set 0), so that a
compiled wheel that silently fell back to Python fails there.
"""

from __future__ import annotations

import importlib.machinery
import os
import subprocess
import sys

import pytest

import specparser
import specparser.tokenizer
import specparser.treeconstruction.core


def _is_extension(module: object) -> bool:
    path = getattr(module, "__file__", "") or ""
    return path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def test_compiled_says_whether_the_parse_path_is_compiled():
    assert specparser.compiled is True or specparser.compiled is False
    assert _is_extension(specparser.tokenizer) is specparser.compiled
    assert _is_extension(specparser.treeconstruction.core) is specparser.compiled
    # The public entry points stay Python in both builds (their argument
    # checks give the friendly TypeErrors; see setup.py).
    assert not _is_extension(specparser.api)


def test_expected_build():
    expected = os.environ.get("SPECPARSER_EXPECT_COMPILED")
    if expected is None:
        pytest.skip("SPECPARSER_EXPECT_COMPILED not set (CI sets it): either build is fine")
    assert specparser.compiled is (expected == "1")


def test_version_names_the_build():
    # The installed package's CLI, as the user runs it (no PYTHONPATH).
    result = subprocess.run(
        [sys.executable, "-c", "import sys; from specparser.cli import main; sys.exit(main(['--version']))"],
        capture_output=True,
        text=True,
        timeout=120,
        env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
    )
    assert result.returncode == 0, result.stderr
    build = "compiled with mypyc" if specparser.compiled else "pure Python"
    assert result.stdout.strip() == f"specparser {specparser.__version__} ({build})"
