"""Every code block of the documentation runs (rules: tests/_doc_examples.py):
the pages of docs/ and the Markdown files at the top of the project
(README.md, CONTRIBUTING.md, CHANGELOG.md).  README-specific checks (the
two set-up commands) are in tests/test_readme_examples.py.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from _doc_examples import ROOT, blocks_of, check_page, extras_named, needed_modules

DOCS = ROOT / "docs"
PAGES = sorted(ROOT.glob("*.md")) + (sorted(DOCS.rglob("*.md")) if DOCS.is_dir() else [])


def test_the_documentation_is_here() -> None:
    # The sdist carries docs/ and README.md; without them this would test nothing.
    names = {str(p.relative_to(ROOT)) for p in PAGES}
    assert {"README.md", "CONTRIBUTING.md", "docs/index.md"} <= names, names


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(ROOT)) for p in PAGES])
def test_every_block_runs(page: Path) -> None:
    for module in needed_modules(page):
        pytest.importorskip(module, reason=f"{page.name}'s examples use {module}")
    problems = check_page(page)
    assert not problems, "\n\n".join(problems)


# The import names of the distributions the extras install (issue 30: the
# README's .cssselect() failed after pip install 'specparser-html[lxml]').
_IMPORT_NAME = {"beautifulsoup4": "bs4"}


def _extras() -> dict[str, set[str]]:
    """Each extra of pyproject.toml: the modules it installs."""
    try:
        import tomllib
    except ImportError:  # Python 3.10: pytest's own dependency
        import tomli as tomllib
    table = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    modules: dict[str, set[str]] = {}
    for extra, requirements in table.items():
        names = {re.split(r"[<>=!~\[; ]", requirement, maxsplit=1)[0].lower() for requirement in requirements}
        modules[extra] = {_IMPORT_NAME.get(name, name.replace("-", "_")) for name in names}
    return modules


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(ROOT)) for p in PAGES])
def test_the_extras_a_page_names_install_what_its_examples_use(page: Path) -> None:
    extras = _extras()
    named = extras_named(page)
    assert named <= set(extras), f"{page.name} names extras pyproject.toml lacks: {named - set(extras)}"
    installed = set().union(*(extras[extra] for extra in named))
    missing = [module for module in needed_modules(page) if module not in installed]
    assert not missing, f"{page.name}'s examples use {missing}, which no extra it names ({sorted(named)}) installs"


def test_the_lxml_extra_brings_cssselect() -> None:
    assert {"lxml", "cssselect"} <= _extras()["lxml"]


# The checker itself: a page whose blocks are wrong must be reported.


def _page(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "page.md"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_failing_python_block_is_reported(tmp_path: Path) -> None:
    page = _page(tmp_path, "# t\n\n```python\nx = 1\n```\n\ntext\n\n```python\nassert x == 2\n```\n")
    (problem,) = check_page(page)
    assert "page.md:10" in problem and "AssertionError" in problem


def test_python_blocks_of_a_page_share_names(tmp_path: Path) -> None:
    page = _page(tmp_path, "```python\nimport specparser\nx = 1\n```\n\n```python\nassert x == 1\n```\n")
    assert check_page(page) == []


def test_console_output_is_compared(tmp_path: Path) -> None:
    page = _page(tmp_path, "```console\n$ python -c \"print('a')\"\nb\n```\n")
    (problem,) = check_page(page)
    assert "output differs" in problem
    page = _page(tmp_path, "```console\n$ python -c \"print('a')\"\na\n```\n")
    assert check_page(page) == []


def test_a_block_that_cannot_run_needs_a_reason(tmp_path: Path) -> None:
    page = _page(tmp_path, "```sh\npip install x\n```\n")
    (problem,) = check_page(page)
    assert "does not run" in problem
    page = _page(tmp_path, "% not-run: installs from PyPI\n```sh\npip install x\n```\n")
    assert check_page(page) == []
    page = _page(tmp_path, "<!-- not-run: installs from PyPI -->\n```sh\npip install x\n```\n")
    assert check_page(page) == []


def test_directives_and_nested_fences_are_not_code(tmp_path: Path) -> None:
    page = _page(tmp_path, "````{eval-rst}\n```python\nraise SystemExit(1)\n```\n````\n\n```{toctree}\nx\n```\n")
    assert [b.language for b in blocks_of(page)] == ["{eval-rst}", "{toctree}"]
    assert check_page(page) == []


def test_printed_output_is_compared(tmp_path: Path) -> None:
    code = "for x in (1, 2):\n    print(x)\n# 1\n# {}\nassert True\n"
    page = _page(tmp_path, "```python\n" + code.format(3) + "```\n")
    (problem,) = check_page(page)
    assert "printed something else" in problem
    page = _page(tmp_path, "```python\n" + code.format(2) + "```\n")
    assert check_page(page) == []


def test_a_synopsis_runs_through_the_command(tmp_path: Path) -> None:
    synopsis = "<!-- cli-synopsis -->\n```sh\nspecparser --format tree page.html   # the tree\n{}\n```\n"
    page = _page(tmp_path, synopsis.format("cat x | specparser --format json -"))
    assert check_page(page) == []
    page = _page(tmp_path, synopsis.format("specparser --format no-such-format page.html"))
    (problem,) = check_page(page)
    assert "no-such-format" in problem and "exit status 2" in problem


def test_what_a_block_not_run_names_must_exist(tmp_path: Path) -> None:
    page = _page(tmp_path, "<!-- not-run: slow -->\n```sh\npython benchmarks/compare.py --markdown --only x\n```\n")
    assert check_page(page) == []
    page = _page(tmp_path, "<!-- not-run: slow -->\n```sh\npython benchmarks/compare.py --no-such-option\n```\n")
    (problem,) = check_page(page)
    assert "compare.py has no option --no-such-option" in problem
    page = _page(tmp_path, "<!-- not-run: slow -->\n```sh\npython tests/no_such_file.py\n```\n")
    (problem,) = check_page(page)
    assert "tests/no_such_file.py does not exist" in problem
