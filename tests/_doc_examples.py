"""Run the code blocks of Markdown pages (docs/, and README.md when it is
added to a page list), so that no example in the documentation can rot.

The rules for a fenced block, by its info string:

* ``python``: executed.  The blocks of one page run in order in one fresh
  interpreter and share one namespace (a block may use what an earlier block
  of the same page defined).  The working directory is the project root, so
  ``examples/example.html`` is there.  Say what a block must give with
  ``assert``.
* ``console``: each line starting with ``$ `` is a command, the lines up to
  the next command its expected standard output (compared line by line,
  trailing whitespace ignored).  Only ``specparser ...`` and ``python ...``
  commands, run as ``sys.executable -m specparser ...`` / ``sys.executable
  ...`` without a shell; an exit status above 1 (usage error) fails.
* ``{directive}``: a MyST directive (toctree, eval-rst, include), not code.
* anything else (``sh``, ``toml`` ...): must be preceded by a line
  ``% not-run: REASON`` (a MyST comment) or ``<!-- not-run: REASON -->``
  (for GitHub Markdown), else :func:`check_page` fails: nothing is left
  unverified silently.

The interpreter finds the same ``specparser`` as the test process (the
checkout's ``src/`` or the installed package).
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import specparser

__all__ = ["Block", "ROOT", "blocks_of", "check_page"]

ROOT = Path(__file__).resolve().parent.parent

_FENCE = re.compile(r"^(?P<indent> {0,3})(?P<fence>`{3,}|~{3,})(?P<info>[^`\n]*)$")
_NOT_RUN = re.compile(r"^\s*(?:%\s*not-run:\s*(?P<a>.+?)|<!--\s*not-run:\s*(?P<b>.+?)\s*-->)\s*$")

# Runs the blocks of one page (JSON on stdin) in one namespace; a failing
# block's traceback names the page and the line the block starts on.
_DRIVER = """\
import json, sys
namespace = {"__name__": "__docs_example__"}
for block in json.load(sys.stdin):
    code = compile(block["code"], block["where"], "exec")
    exec(code, namespace)
"""


@dataclass(frozen=True)
class Block:
    """One fenced block: its language, its text, where it starts (1-based
    line of the first line of code) and, for blocks not run, the reason."""

    language: str
    code: str
    line: int
    not_run: str | None


def blocks_of(path: Path) -> list[Block]:
    """The fenced code blocks of a Markdown file, in order."""
    lines = path.read_text(encoding="utf-8").splitlines()
    blocks: list[Block] = []
    i = 0
    while i < len(lines):
        match = _FENCE.match(lines[i])
        if not match:
            i += 1
            continue
        fence, info = match["fence"], match["info"].strip()
        reason = None
        if i > 0:
            marker = _NOT_RUN.match(lines[i - 1])
            if marker:
                reason = marker["a"] or marker["b"]
        start = i + 1
        i += 1
        while i < len(lines) and not (
            lines[i].strip().startswith(fence[0] * len(fence)) and lines[i].strip().strip(fence[0]) == ""
        ):
            i += 1
        indent = len(match["indent"])
        code = "\n".join(line[indent:] if line[:indent].strip() == "" else line for line in lines[start:i])
        blocks.append(Block(info.split()[0] if info else "", code + "\n", start + 1, reason))
        i += 1
    return blocks


def _environment() -> dict[str, str]:
    # The directory that holds the specparser package the tests import.
    package_parent = str(Path(specparser.__file__).resolve().parent.parent)
    path = os.environ.get("PYTHONPATH")
    return dict(
        os.environ,
        PYTHONPATH=package_parent + (os.pathsep + path if path else ""),
        PYTHONIOENCODING="utf-8",
    )


def _run_python(path: Path, blocks: list[Block]) -> list[str]:
    payload = [{"code": b.code, "where": f"{path.name}:{b.line}"} for b in blocks]
    if not payload:
        return []
    done = subprocess.run(
        [sys.executable, "-c", _DRIVER],
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=_environment(),
        timeout=300,
    )
    if done.returncode != 0:
        return [f"{path.name}: a python block failed:\n{done.stderr.strip()}"]
    return []


def _console_steps(block: Block) -> list[tuple[int, str, list[str]]]:
    steps: list[tuple[int, str, list[str]]] = []
    for offset, line in enumerate(block.code.splitlines()):
        if line.startswith("$ "):
            steps.append((block.line + offset, line[2:], []))
        elif steps:
            steps[-1][2].append(line.rstrip())
        elif line.strip():
            raise ValueError(f"line {block.line + offset}: output before any '$ ' command")
    return steps


def _run_console(path: Path, block: Block) -> list[str]:
    problems = []
    for line, command, expected in _console_steps(block):
        argv = shlex.split(command)
        if argv[0] == "specparser":
            argv = [sys.executable, "-m", "specparser", *argv[1:]]
        elif argv[0] in ("python", "python3"):
            argv = [sys.executable, *argv[1:]]
        else:
            problems.append(f"{path.name}:{line}: only specparser and python commands run: {command}")
            continue
        done = subprocess.run(argv, capture_output=True, text=True, cwd=ROOT, env=_environment(), timeout=300)
        got = [out.rstrip() for out in done.stdout.splitlines()]
        while expected and not expected[-1]:
            expected.pop()
        while got and not got[-1]:
            got.pop()
        if done.returncode > 1:
            problems.append(f"{path.name}:{line}: {command}: exit status {done.returncode}\n{done.stderr}")
        elif got != expected:
            problems.append(
                f"{path.name}:{line}: {command}: output differs\n--- expected\n"
                + "\n".join(expected)
                + "\n--- got\n"
                + "\n".join(got)
            )
    return problems


def check_page(path: Path) -> list[str]:
    """Run every block of ``path``; return the problems found (empty when
    every block ran as it says)."""
    problems: list[str] = []
    python_blocks: list[Block] = []
    for block in blocks_of(path):
        if block.language.startswith("{"):
            continue
        if block.not_run is not None:
            continue
        if block.language == "python":
            python_blocks.append(block)
        elif block.language == "console":
            problems.extend(_run_console(path, block))
        else:
            problems.append(
                f"{path.name}:{block.line}: a {block.language or 'plain'} block that does not run: "
                "make it python or console, or say why not with '% not-run: REASON' above it"
            )
    problems.extend(_run_python(path, python_blocks))
    return problems
