"""The typing gate: ``mypy --strict`` passes on the package, infers each
tree type's class from ``parse``'s ``tree`` argument in a user's script,
and rejects a misspelled keyword or a wrong argument type.

mypy is in the ``test`` extra.  The same checks run a second time with
lxml-stubs when ``SPECPARSER_MYPY_STUBS_PYTHON`` names a Python that has
mypy and lxml-stubs (e.g. ``/work/venv-stubs/bin/python``); without lxml-stubs
lxml's classes are ``Any`` to mypy, with them they are lxml's.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"

pytest.importorskip("mypy", reason="mypy is not installed (pip install '.[test]')")

PYTHONS = [pytest.param(sys.executable, id="no-lxml-stubs")]
_STUBS = os.environ.get("SPECPARSER_MYPY_STUBS_PYTHON")
PYTHONS.append(
    pytest.param(
        _STUBS,
        id="lxml-stubs",
        marks=pytest.mark.skipif(not _STUBS, reason="SPECPARSER_MYPY_STUBS_PYTHON (a Python with mypy and lxml-stubs) is not set"),
    )
)


def mypy(python: str, *args: str, cwd: Path, cache: Path) -> subprocess.CompletedProcess[str]:
    """``mypy --strict`` in ``cwd``, specparser found on MYPYPATH; user
    scripts add ``--follow-imports=silent`` so that, as for an installed
    package, specparser's own modules are analysed but not reported on
    with the script's settings (the package has its own gate, above)."""
    env = dict(os.environ, MYPYPATH=str(SRC))
    return subprocess.run(
        [python, "-m", "mypy", "--strict", "--no-error-summary", f"--cache-dir={cache}", *args],
        cwd=cwd, env=env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip


def has_lxml_stubs(python: str) -> bool:
    code = "import importlib.metadata as m; m.distribution('lxml-stubs')"
    return subprocess.run([python, "-c", code], capture_output=True).returncode == 0


@pytest.mark.parametrize("python", PYTHONS)
def test_the_package_passes_mypy_strict(python: str, tmp_path: Path) -> None:
    result = mypy(python, cwd=ROOT, cache=tmp_path / "cache")  # files: [tool.mypy] in pyproject.toml
    assert result.returncode == 0, result.stdout + result.stderr


USER_SCRIPT = '''
    import io
    import xml.etree.ElementTree as ET

    import specparser
    from specparser import ParseError, ParseInfo

    def links(page: bytes) -> list[str]:
        tree = specparser.parse(page)
        return [a.get("href", "") for a in tree.iter("a")]

    def root_of(page: bytes) -> ET.Element:
        return specparser.parse(page).getroot()

    errors: list[ParseError] = []
    info = ParseInfo()
    reveal_type(specparser.parse("<p>"))
    reveal_type(specparser.parse(b"<p>", "lxml"))
    reveal_type(specparser.parse(b"<p>", "lxml.html"))
    reveal_type(specparser.parse(b"<p>", tree="bs4"))
    reveal_type(specparser.parse(io.BytesIO(b"<p>"), "dom", errors=errors, info=info))
    reveal_type(specparser.parse_fragment("<td>", "tr"))
    reveal_type(specparser.parse_fragment("<td>", "tr", "lxml"))
    reveal_type(specparser.parse_fragment("<td>", "tr", "bs4"))
    reveal_type(specparser.parse_fragment("<td>", "tr", "dom"))
    reveal_type(specparser.serialize(specparser.parse("<p>")))
    reveal_type(errors[0].message)
    reveal_type(errors[0].details)
    reveal_type(info.encoding_source)
'''

EXPECTED = [
    "specparser.etree_document.HTMLElementTree",
    "lxml.etree._ElementTree",
    "lxml.etree._ElementTree",
    "bs4.BeautifulSoup",
    "xml.dom.minidom.Document",
    "xml.etree.ElementTree.Element[str]",
    "list[lxml.etree._Element | str]",
    "bs4.BeautifulSoup",
    "xml.dom.minidom.DocumentFragment",
    "builtins.str",
    "builtins.str",
    "builtins.dict[builtins.str, builtins.str]",
    "builtins.str | None",
]


def revealed(output: str) -> list[str]:
    return re.findall(r'Revealed type is "([^"]*)"', output)


def normalize(type_text: str) -> str:
    # mypy prints builtins without their module in some versions.
    return re.sub(r"\bbuiltins\.", "", type_text)


@pytest.mark.parametrize("python", PYTHONS)
def test_a_user_script_gets_each_tree_types_class(python: str, tmp_path: Path) -> None:
    (tmp_path / "user.py").write_text(textwrap.dedent(USER_SCRIPT))
    result = mypy(python, "--follow-imports=silent", "user.py", cwd=tmp_path, cache=tmp_path / "cache")
    errors = [line for line in result.stdout.splitlines() if ": error:" in line]
    assert errors == [], result.stdout
    expected = [normalize(t) for t in EXPECTED]
    if not has_lxml_stubs(python):
        # lxml's classes are Any to mypy without lxml-stubs.
        expected = [t.replace("lxml.etree._ElementTree", "Any").replace("lxml.etree._Element", "Any") for t in expected]
    assert [normalize(t) for t in revealed(result.stdout)] == expected


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('specparser.parse("<p>", scriptng=True)', 'Unexpected keyword argument "scriptng"'),
        ("specparser.parse(42)", "No overload variant"),
        ('specparser.parse("<p>", "etree", scripting="yes")', "No overload variant"),
        ('specparser.parse_fragment("<p>", context=3)', "No overload variant"),
        ('specparser.parse("<p>", errors=[1])', 'incompatible type "int"; expected "ParseError"'),
        ("specparser.parse(b'', errors=3)", "No overload variant"),
        ('specparser.serialize("<p>", doctype_ids=None)', 'incompatible type "None"'),
        ('x: int = specparser.parse("<p>")', "Incompatible types in assignment"),
    ],
)
def test_mistakes_fail_the_check(line: str, message: str, tmp_path: Path) -> None:
    (tmp_path / "bad.py").write_text(f"import specparser\n{line}\n")
    result = mypy(sys.executable, "--follow-imports=silent", "bad.py", cwd=tmp_path, cache=tmp_path / "cache")
    assert result.returncode == 1, result.stdout
    assert message in result.stdout, result.stdout


@pytest.mark.skipif(not _STUBS, reason="SPECPARSER_MYPY_STUBS_PYTHON (a Python with mypy and lxml-stubs) is not set")
def test_serialize_rejects_what_is_not_a_node(tmp_path: Path) -> None:
    # Without lxml-stubs, lxml's node classes in serialize's Node union are
    # Any, which accepts anything; with them a str is no node.
    assert _STUBS is not None
    (tmp_path / "bad.py").write_text('import specparser\nspecparser.serialize("<p>")\n')
    result = mypy(_STUBS, "--follow-imports=silent", "bad.py", cwd=tmp_path, cache=tmp_path / "cache")
    assert result.returncode == 1 and 'incompatible type "str"' in result.stdout, result.stdout
