"""The typing gate: ``mypy --strict`` passes on the package, infers each
tree type's class from ``parse``'s ``tree`` argument in a user's script,
and rejects a misspelled keyword or a wrong argument type; ``mypy
--strict`` and pyright (strict) both pass on tests/_documented_calls.py,
every call the README and the docs show with the exact type it must have,
and that file has every call shape the documentation shows (issue 30).

mypy, pyright and types-lxml are in the ``test`` extra (pyright's wheel
carries its JavaScript; it runs on the machine's node).  Without lxml's
stubs lxml's classes are ``Any`` to mypy; ``SPECPARSER_MYPY_STUBS_PYTHON``
may name another Python with mypy, to run the mypy checks with it too.
"""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"

pytest.importorskip("mypy", reason="mypy is not installed (pip install '.[test]')")

PYTHONS = [pytest.param(sys.executable, id="this-python")]
_STUBS = os.environ.get("SPECPARSER_MYPY_STUBS_PYTHON")
PYTHONS.append(
    pytest.param(
        _STUBS,
        id="other-python",
        marks=pytest.mark.skipif(not _STUBS, reason="SPECPARSER_MYPY_STUBS_PYTHON (another Python with mypy) is not set"),
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
    """types-lxml (the test extra's) or its predecessor lxml-stubs."""
    code = "import importlib.metadata as m, sys\nfor name in ('types-lxml', 'lxml-stubs'):\n    try: m.distribution(name); sys.exit(0)\n    except m.PackageNotFoundError: pass\nsys.exit(1)"
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
    "lxml.etree._element._ElementTree[lxml.etree._element._Element]",
    "lxml.etree._element._ElementTree[lxml.html._element.HtmlElement]",
    "bs4.BeautifulSoup",
    "xml.dom.minidom.Document",
    "builtins.list[xml.etree.ElementTree.Element[builtins.str] | builtins.str]",
    "builtins.list[lxml.etree._element._Element | builtins.str]",
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
        # lxml's classes are Any to mypy without stubs.
        expected = [re.sub(r"lxml\.etree\._element\._ElementTree\[[^]]*\]|lxml\.etree\._element\._Element", "Any", t) for t in expected]
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


def test_serialize_and_insert_fragment_reject_what_is_not_a_node(tmp_path: Path) -> None:
    # Without lxml's stubs, lxml's node classes in serialize's Node union
    # are Any, which accepts anything; with them a str is no node (nor a
    # fragment: fragments are typed as lists, not as Sequences, which a str is).
    if not has_lxml_stubs(sys.executable):
        pytest.skip("types-lxml is not installed (pip install '.[test]')")
    (tmp_path / "bad.py").write_text(
        'import specparser\nspecparser.serialize("<p>")\n'
        'specparser.insert_fragment(next(specparser.parse("<p>").iter("p")), "<p>")\n'
    )
    result = mypy(sys.executable, "--follow-imports=silent", "bad.py", cwd=tmp_path, cache=tmp_path / "cache")
    assert result.returncode == 1 and 'incompatible type "str"' in result.stdout, result.stdout
    assert 'No overload variant of "insert_fragment"' in result.stdout, result.stdout


# -- every documented call, under mypy --strict and pyright ------------------------

DOCUMENTED = ROOT / "tests" / "_documented_calls.py"
# The native API's functions (html5lib_compat keeps html5lib's untyped API).
NATIVE = ("parse", "parse_fragment", "serialize", "visible_text", "insert_fragment")
# Where each function takes ``tree`` positionally.
_TREE_POSITION = {"parse": 1, "parse_fragment": 2}


def _needs_stubs() -> None:
    if not has_lxml_stubs(sys.executable):
        pytest.skip("types-lxml is not installed (pip install '.[test]'): lxml's types would be Any")


def test_the_documented_calls_pass_mypy_strict(tmp_path: Path) -> None:
    _needs_stubs()
    shutil.copy(DOCUMENTED, tmp_path / "documented_calls.py")
    result = mypy(sys.executable, "--follow-imports=silent", "documented_calls.py", cwd=tmp_path, cache=tmp_path / "cache")
    assert result.returncode == 0, result.stdout + result.stderr


def pyright(tmp_path: Path, source: str) -> dict[str, object]:
    """pyright's JSON report on ``source`` in strict mode, specparser found
    in the checkout's src/ (as MYPYPATH does for mypy), the libraries in
    this Python's site-packages."""
    pytest.importorskip("pyright", reason="pyright is not installed (pip install '.[test]')")
    if shutil.which("node") is None:
        pytest.skip("pyright needs node, which is not on PATH")
    (tmp_path / "pyrightconfig.json").write_text(
        json.dumps({"extraPaths": [str(SRC)], "typeCheckingMode": "strict", "pythonVersion": "3.10"})
    )
    (tmp_path / "checked.py").write_text(source)
    # The wheel's own pyright (no npm download); no version check on PyPI
    # (--outputjson skips it too).
    env = dict(os.environ, PYRIGHT_PYTHON_IGNORE_WARNINGS="1", PYRIGHT_PYTHON_USE_BUNDLED_PYRIGHT="1")
    done = subprocess.run(
        [sys.executable, "-m", "pyright", "--outputjson", "--pythonpath", sys.executable, "checked.py"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    try:
        report: dict[str, object] = json.loads(done.stdout)
    except ValueError:
        pytest.fail(f"pyright did not run: {done.stdout[-2000:]}{done.stderr[-2000:]}")
    return report


def _diagnostics(report: dict[str, object]) -> list[str]:
    return [
        f"{d['range']['start']['line'] + 1}: {d['message']}"  # type: ignore[index]
        for d in report["generalDiagnostics"]  # type: ignore[attr-defined]
        if d["severity"] == "error"  # type: ignore[index]
    ]


def test_the_documented_calls_pass_pyright_strict(tmp_path: Path) -> None:
    _needs_stubs()
    report = pyright(tmp_path, DOCUMENTED.read_text(encoding="utf-8"))
    assert _diagnostics(report) == []
    assert report["summary"]["filesAnalyzed"] == 1  # type: ignore[index]


def test_the_documented_calls_run() -> None:
    pytest.importorskip("bs4")
    pytest.importorskip("lxml.html")
    env = dict(os.environ, PYTHONPATH=str(SRC) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    done = subprocess.run([sys.executable, str(DOCUMENTED)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr


# Each mistake on a line of one file (one pyright run): the error expected.
PYRIGHT_MISTAKES = [
    ('specparser.parse("<p>", scriptng=True)', 'No overloads for "parse"'),
    ('specparser.parse_fragment("<p>", context=None)', '"None" is not assignable to "str"'),
    ('specparser.parse("<p>", "lxml").getroot().text_content()', 'Cannot access attribute "text_content"'),
    ('x: int = specparser.parse("<p>")', 'is not assignable to declared type "int"'),
    ('specparser.serialize("<p>")', '"Literal[\'<p>\']" is not assignable'),
    ('specparser.insert_fragment(next(specparser.parse("<p>").iter("p")), "<p>")', 'No overloads for "insert_fragment"'),
]


def test_pyright_rejects_mistakes(tmp_path: Path) -> None:
    _needs_stubs()
    source = "import specparser\n" + "".join(f"{line}\n" for line, _ in PYRIGHT_MISTAKES)
    problems = _diagnostics(pyright(tmp_path, source))
    for number, (line, message) in enumerate(PYRIGHT_MISTAKES, start=2):
        on_line = [p for p in problems if p.startswith(f"{number}: ")]
        assert any(message in p for p in on_line), (line, on_line)


def _call_shapes(source: str) -> set[tuple[str, int, str | None, frozenset[str]]]:
    """(function, positional arguments, the tree named, keywords) of each
    call ``specparser.F(...)`` of the native API in ``source``."""
    shapes = set()
    for node in ast.walk(ast.parse(source)):
        if not (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id == "specparser"
            and node.func.attr in NATIVE
        ):
            continue
        function = node.func.attr
        keywords = {k.arg or "**" for k in node.keywords}
        tree_argument = next((k.value for k in node.keywords if k.arg == "tree"), None)
        position = _TREE_POSITION.get(function)
        if position is not None and len(node.args) > position:
            tree_argument = node.args[position]
        tree: str | None = None
        if tree_argument is not None:
            literal = isinstance(tree_argument, ast.Constant) and isinstance(tree_argument.value, str)
            tree = tree_argument.value if literal else "<builder>"  # type: ignore[union-attr]
        shapes.add((function, len(node.args), tree, frozenset(keywords - {"tree"})))
    return shapes


def test_every_documented_call_shape_is_in_the_checked_file() -> None:
    from _doc_examples import blocks_of

    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    documented: dict[tuple[str, int, str | None, frozenset[str]], str] = {}
    for page in pages:
        for block in blocks_of(page):
            if block.language == "python" and block.not_run is None:
                for shape in _call_shapes(block.code):
                    documented.setdefault(shape, f"{page.relative_to(ROOT)}:{block.line}")
    assert len(documented) > 10
    checked = _call_shapes(DOCUMENTED.read_text(encoding="utf-8"))
    missing = {shape: where for shape, where in documented.items() if shape not in checked}
    assert not missing, f"documented calls not in tests/_documented_calls.py: {missing}"
