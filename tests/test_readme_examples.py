"""Every ```python block of README.md runs, each in a fresh namespace, and
the ``# output`` comment lines right after a ``print`` loop are checked
against what it printed.  Blocks that need an optional library (lxml, bs4,
html5lib) skip with that reason when it is missing."""

from __future__ import annotations

import contextlib
import io
import re
import warnings
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"
BLOCKS = re.findall(r"^```python\n(.*?)^```", README.read_text(encoding="utf-8"), re.S | re.M)


def test_the_readme_has_examples() -> None:
    assert len(BLOCKS) >= 5


@pytest.mark.parametrize("code", BLOCKS, ids=[f"block{i}" for i in range(len(BLOCKS))])
def test_readme_example_runs(code: str) -> None:
    for module in ("lxml", "bs4"):
        if re.search(rf'"{module}|\b{module}\b', code) and module in code:
            pytest.importorskip(module)
    if "BeautifulSoup(html" in code:
        pytest.skip("the bs4 plug-in snippet uses a placeholder `html` (tested in tests/test_bs4_registration.py)")
    printed = io.StringIO()
    try:
        with contextlib.redirect_stdout(printed), warnings.catch_warnings():
            # install(): "html5lib was already imported" by this test run.
            warnings.simplefilter("ignore", RuntimeWarning)
            exec(compile(code, str(README), "exec"), {"__name__": "readme_example"})  # noqa: S102
    finally:
        if "install()" in code:  # the example's alias must not outlive it
            from specparser import html5lib_compat

            html5lib_compat.uninstall()
    # "# text" lines that follow a print loop are its expected output.
    expected = [line[2:] for line in code.splitlines() if line.startswith("# ") and "print(" in code]
    if expected:
        assert printed.getvalue().splitlines() == expected
