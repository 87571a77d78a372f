"""README.md: its two set-up commands.

Every other block of the README runs in tests/test_docs_examples.py (python
blocks with their printed output, the command's synopsis through the
command).  The set-up commands install into a new virtual environment, so
.ci/run runs them as written; here the README is held to its promise of
exactly two (one installs and runs the command on the bundled example, one
installs the test extras and runs the suite), and the first one's command is
run on the checkout.
"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys

from _doc_examples import ROOT, blocks_of

README = ROOT / "README.md"


def _set_up_blocks() -> list[str]:
    text = README.read_text(encoding="utf-8")
    section = text.split("\n## Set up\n", 1)[1].split("\n## ", 1)[0]
    start = text.index(section)
    first_line = text[:start].count("\n") + 1
    last_line = first_line + section.count("\n")
    return [b.code.strip() for b in blocks_of(README) if first_line <= b.line <= last_line]


def test_two_set_up_commands() -> None:
    install_and_run, install_and_test = _set_up_blocks()
    for command in (install_and_run, install_and_test):
        assert "\n" not in command, command
        assert command.startswith("python3 -m venv .venv && .venv/bin/pip install -q "), command
    assert install_and_run.endswith(".venv/bin/specparser --format tree examples/example.html")
    assert ".[test,lxml,bs4]" in install_and_test and install_and_test.endswith(".venv/bin/python -m pytest -q")


def test_the_first_set_up_command_prints_the_example_tree() -> None:
    install_and_run = _set_up_blocks()[0]
    argv = shlex.split(install_and_run.rsplit("&& ", 1)[1])
    assert argv[0] == ".venv/bin/specparser"
    done = subprocess.run(
        [sys.executable, "-m", "specparser", *argv[1:]], capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    # The html5lib-tests tree format, and what the standard builds from the
    # example: the misnested <b> is split by the adoption agency, the text in
    # the table is foster-parented before it, <tbody> is implied.
    assert lines[:2] == ["| <!DOCTYPE html>", '| <html>'], lines[:2]
    assert "|       <b>" in lines
    tree = "\n".join(lines)
    assert re.search(r'"\s*Foster-parented text\s*"\n\|     <table>', tree), tree
    assert "|       <tbody>" in lines
