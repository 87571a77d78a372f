"""Every code block of the documentation runs (rules: tests/_doc_examples.py).

To cover another Markdown file (README.md), add it to ``PAGES``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from _doc_examples import ROOT, blocks_of, check_page

DOCS = ROOT / "docs"
PAGES = sorted(DOCS.rglob("*.md")) if DOCS.is_dir() else []


def test_the_documentation_is_here() -> None:
    # The sdist carries docs/; a checkout without it would test nothing.
    assert PAGES, f"no Markdown pages under {DOCS}"


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(ROOT)) for p in PAGES])
def test_every_block_runs(page: Path) -> None:
    problems = check_page(page)
    assert not problems, "\n\n".join(problems)


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
