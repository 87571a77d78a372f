"""Run the code blocks of Markdown pages (docs/, README.md, CONTRIBUTING.md),
so that no example in the documentation can rot.

The rules for a fenced block, by its info string:

* ``python``: executed.  The blocks of one page run in order in one fresh
  interpreter and share one namespace (a block may use what an earlier block
  of the same page defined).  The working directory is the project root, so
  ``examples/example.html`` is there.  Say what a block must give with
  ``assert``, or show it as ``# `` comment lines right after a line that
  calls ``print(``: those lines are compared with what the block printed.
* ``console``: each line starting with ``$ `` is a command, the lines up to
  the next command its expected standard output (compared line by line,
  trailing whitespace ignored).  Only ``specparser ...`` and ``python ...``
  commands, run as ``sys.executable -m specparser ...`` / ``sys.executable
  ...`` without a shell; an exit status above 1 (usage error) fails.
* ``sh`` preceded by a line ``% cli-synopsis`` or ``<!-- cli-synopsis -->``:
  a synopsis of the command.  Each line (``specparser ...``, or ``... |
  specparser ...`` reading standard input) runs through the command with
  the placeholder file names replaced by example files
  (:data:`CLI_PLACEHOLDERS`); it must exit with status 0 or 1 and print
  something.  So no option or format it shows can disappear unnoticed.
* ``{directive}``: a MyST directive (toctree, eval-rst, include), not code.
* anything else (``sh``, ``toml`` ...): must be preceded by a line
  ``% not-run: REASON`` (a MyST comment) or ``<!-- not-run: REASON -->``
  (for GitHub Markdown), else :func:`check_page` fails: nothing is left
  unverified silently.  Even then, what such a block names must exist: the
  scripts of this project it runs (``benchmarks/compare.py``), and every
  ``--option`` given to one, which must appear in the source of that
  script or of its folder (:func:`check_not_run`).

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

__all__ = ["Block", "CLI_PLACEHOLDERS", "ROOT", "blocks_of", "check_not_run", "check_page", "extras_named", "needed_modules"]

ROOT = Path(__file__).resolve().parent.parent

_FENCE = re.compile(r"^(?P<indent> {0,3})(?P<fence>`{3,}|~{3,})(?P<info>[^`\n]*)$")
_NOT_RUN = re.compile(r"^\s*(?:%\s*not-run:\s*(?P<a>.+?)|<!--\s*not-run:\s*(?P<b>.+?)\s*-->)\s*$")
_SYNOPSIS = re.compile(r"^\s*(?:%\s*cli-synopsis|<!--\s*cli-synopsis\s*-->)\s*$")

#: The file names a command synopsis uses, and the files of this project
#: they stand for when the synopsis is run.
CLI_PLACEHOLDERS: dict[str, list[str]] = {
    "page.html": ["examples/example.html"],
    "*.html": ["examples/example.html", "docs/examples/prices.html"],
    "pages/*": ["examples/example.html", "docs/examples/prices.html"],
    "snippet.html": ["docs/examples/shapes.html"],
    "crawl.warc.gz": ["examples/example.warc.gz"],
}
# What a synopsis pipes into ``specparser -``.
_CLI_STDIN = "examples/example.html"

# Runs the blocks of one page (JSON on stdin) in one namespace and writes
# what each printed (a JSON list) to stdout; a failing block's traceback
# names the page and the line the block starts on.
_DRIVER = """\
import contextlib, io, json, sys
namespace = {"__name__": "__docs_example__"}
printed = []
for block in json.load(sys.stdin):
    code = compile(block["code"], block["where"], "exec")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(code, namespace)
    printed.append(out.getvalue())
json.dump(printed, sys.stdout)
"""


@dataclass(frozen=True)
class Block:
    """One fenced block: its language, its text, where it starts (1-based
    line of the first line of code) and, for blocks not run, the reason."""

    language: str
    code: str
    line: int
    not_run: str | None
    synopsis: bool = False


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
        synopsis = False
        if i > 0:
            marker = _NOT_RUN.match(lines[i - 1])
            if marker:
                reason = marker["a"] or marker["b"]
            synopsis = bool(_SYNOPSIS.match(lines[i - 1]))
        start = i + 1
        i += 1
        while i < len(lines) and not (
            lines[i].strip().startswith(fence[0] * len(fence)) and lines[i].strip().strip(fence[0]) == ""
        ):
            i += 1
        indent = len(match["indent"])
        code = "\n".join(line[indent:] if line[:indent].strip() == "" else line for line in lines[start:i])
        blocks.append(Block(info.split()[0] if info else "", code + "\n", start + 1, reason, synopsis))
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


def _expected_output(block: Block) -> list[str] | None:
    """The ``# `` comment lines right after lines that call ``print(``: what
    the block must print (``None`` when it shows no output)."""
    expected: list[str] = []
    after_print = False
    for line in block.code.splitlines():
        if after_print and line.startswith("# "):
            expected.append(line[2:])
            continue
        after_print = "print(" in line or (after_print and line.startswith((" ", "\t")))
    return expected or None


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
    problems = []
    for block, printed in zip(blocks, json.loads(done.stdout)):
        expected = _expected_output(block)
        if expected is not None and printed.splitlines() != expected:
            problems.append(
                f"{path.name}:{block.line}: the block printed something else\n--- expected\n"
                + "\n".join(expected)
                + "\n--- got\n"
                + printed
            )
    return problems


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


def _synopsis_commands(block: Block) -> list[tuple[int, list[str], str | None]]:
    """(line, argv, file piped to standard input) for each command of a
    synopsis, placeholders replaced."""
    commands = []
    for offset, line in enumerate(block.code.splitlines()):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        stdin = None
        if "|" in line.split("#", 1)[0]:
            line = line.split("|", 1)[1]  # what is piped in: an example page
            stdin = _CLI_STDIN
        argv: list[str] = []
        for word in shlex.split(line, comments=True):
            argv.extend(CLI_PLACEHOLDERS.get(word, [word]))
        commands.append((block.line + offset, argv, stdin))
    return commands


def _run_synopsis(path: Path, block: Block) -> list[str]:
    problems = []
    for line, argv, stdin in _synopsis_commands(block):
        if argv[0] != "specparser":
            problems.append(f"{path.name}:{line}: a synopsis line that is not a specparser command: {argv}")
            continue
        data = (ROOT / stdin).read_bytes() if stdin else b""
        done = subprocess.run(
            [sys.executable, "-m", "specparser", *argv[1:]],
            input=data,
            capture_output=True,
            cwd=ROOT,
            env=_environment(),
            timeout=300,
        )
        if done.returncode > 1 or not done.stdout.strip():
            problems.append(
                f"{path.name}:{line}: {shlex.join(argv)}: exit status {done.returncode}, "
                f"{len(done.stdout)} bytes of output\n{done.stderr.decode('utf-8', 'replace')}"
            )
    return problems


# A script of this project, in a command: benchmarks/compare.py, tests/fuzz/...
_PROJECT_SCRIPT = re.compile(r"^(?:src|tests|compat|benchmarks|examples|docs|\.ci)/\S*\.py$")


def _options_of(script: Path) -> str:
    # The script's folder: a runner may hand its options to a sibling
    # module (compat/run.py to compat/tree_suite.py).
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(script.parent.glob("*.py")))


def check_not_run(path: Path, block: Block) -> list[str]:
    """What a block that is not run names must exist: the project's scripts
    in it, and each ``--option`` passed to one of them (``python
    benchmarks/compare.py --markdown``) in the source of that script or of
    its folder."""
    problems = []
    for offset, line in enumerate(block.code.splitlines()):
        try:
            words = shlex.split(line, comments=True)
        except ValueError:
            continue
        script = None
        for word in words:
            if _PROJECT_SCRIPT.match(word):
                script = ROOT / word
                if not script.is_file():
                    problems.append(f"{path.name}:{block.line + offset}: {word} does not exist")
                    script = None
            elif word in ("&&", "|", ";"):
                script = None
            elif script is not None and word.startswith("--"):
                option = word.split("=", 1)[0]
                if f'"{option}"' not in _options_of(script):
                    problems.append(f"{path.name}:{block.line + offset}: {script.name} has no option {option}")
    return problems


def needed_modules(path: Path) -> list[str]:
    """The optional libraries the page's python blocks use (the test skips
    the page, saying so, when one is missing): those a tree type or an API
    needs (``"lxml"`` needs lxml, ``.cssselect(`` cssselect ...), and every
    other module the blocks import that is neither the standard library's
    nor specparser's (``import html5lib`` after ``html5lib_compat.install()``
    is specparser's)."""
    code = "\n".join(b.code for b in blocks_of(path) if b.language == "python" and b.not_run is None)
    needed = [
        module
        for module, pattern in (
            ("lxml", r'\blxml\b'),
            ("bs4", r'\bbs4\b|"specparser"|BeautifulSoup'),
            ("cssselect", r"\.cssselect\("),
        )
        if re.search(pattern, code)
    ]
    own = {"specparser", "_doc_examples"} | ({"html5lib"} if "html5lib_compat.install()" in code else set())
    for name in re.findall(r"^\s*(?:import|from)\s+([A-Za-z_]\w*)", code, re.M):
        if name not in sys.stdlib_module_names and name not in own and name not in needed:
            needed.append(name)
    return needed


def extras_named(path: Path) -> set[str]:
    """The extras the page's text tells a reader to install
    (``specparser-html[lxml,bs4]``)."""
    text = path.read_text(encoding="utf-8")
    return {extra.strip() for group in re.findall(r"specparser-html\[([\w, -]+)\]", text) for extra in group.split(",")}


def check_page(path: Path) -> list[str]:
    """Run every block of ``path``; return the problems found (empty when
    every block ran as it says)."""
    problems: list[str] = []
    python_blocks: list[Block] = []
    for block in blocks_of(path):
        if block.language.startswith("{"):
            continue
        if block.not_run is not None:
            problems.extend(check_not_run(path, block))
        elif block.language == "python":
            python_blocks.append(block)
        elif block.language == "console":
            problems.extend(_run_console(path, block))
        elif block.synopsis and block.language == "sh":
            problems.extend(_run_synopsis(path, block))
        else:
            problems.append(
                f"{path.name}:{block.line}: a {block.language or 'plain'} block that does not run: "
                "make it python or console, or say why not with '% not-run: REASON' "
                "(or '<!-- not-run: REASON -->') above it"
            )
    problems.extend(_run_python(path, python_blocks))
    return problems
