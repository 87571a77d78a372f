"""html5lib-python's own test suite (html5lib 1.1's ``html5lib/tests``) run
on specparser's drop-in (:mod:`specparser.html5lib_compat`).

    python compat/run.py html5lib-own [-v] [-k pytest-expression]

The tests come from html5lib 1.1's sdist, fetched at run time and never
copied into the project: ``$HTML5LIB_SDIST`` (the ``.tar.gz``), else the
cache (:func:`compat.sdist.cache_dir`), filled on first use by ``pip
download --no-binary :all: --no-deps html5lib==1.1`` (with setuptools < 70
for the metadata step: html5lib 1.1's setup.py imports ``pkg_resources``).

They run in a child process in which :func:`specparser.html5lib_compat.install`
has made ``import html5lib`` load specparser, from a scratch directory
(outside the repository) holding the sdist's test modules as the package
``html5lib_tests`` and, as their ``testdata``, links to the shared
conformance data: ``../shared/html5lib-tests`` for encoding, serializer and
tokenizer data, and the current tree-construction data
``../shared/wpt-tree-construction`` (html5lib 1.1 fails its newer
expectations; the drop-in must pass them).  html5lib's ``conftest.py`` is
replaced by :class:`_Plugin`: it needs pytest-expect and the pytest 5 API
(collectors built with positional arguments), so the plugin builds the same
collectors (``tree_construction.TreeConstructionTest``, ``ParserTest``,
``TreeWalkerTest``, unchanged) through ``from_parent``.

Not applicable, listed by reason (never counted as passed):

* tests of html5lib's private modules (``_tokenizer``, ``_inputstream``,
  ``_trie``, ``_utils``): whole modules that import them, the tokenizer
  ``.test`` files (html5lib's ``tokenizer.py`` drives ``_tokenizer``), and
  single test functions whose source uses them;
* ``scripted_*.dat`` tree-construction files (they need a script engine);
* items html5lib's own tests skip (tree types that are not available, such
  as cElementTree, an alias of ElementTree since Python 3.3, and genshi
  when it is not installed; lxml cases that raise DataLossWarning).

Tree-construction cases that depend on the standard's processing
instructions (the expected tree holds one, ``<?target data?>``, or the
input has ``<?``) are listed apart as "pending processing instructions
(issue 16)" when they fail: another branch adds them.  A walker test that
html5lib skips because the parser test of its case failed ("parser output
incorrect") is counted as a failure (or pending), not a skip.

The output ends with the plain line ``N passed, M failed``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
from collections import Counter
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from compat.own_suite import OwnSuite, child_main, run_pytest_quietly  # noqa: E402
from compat.paths import SHARED, html5lib_tests_dir  # noqa: E402

__all__ = ["find_tests", "prepare_workdir", "run", "main", "PRIVATE_MODULES", "SUITE"]

VERSION = "1.1"
ENV_VAR = "HTML5LIB_SDIST"
PACKAGE = "html5lib_tests"
PRIVATE_MODULES = ("_tokenizer", "_inputstream", "_trie", "_utils")
PENDING_PI = "pending processing instructions (issue 16)"

_PRIVATE_WORD = re.compile(r"\b(%s)\b" % "|".join(PRIVATE_MODULES))
# A module that imports names from a private module cannot even be imported.
_PRIVATE_IMPORT = re.compile(
    r"^(?:from\s+html5lib\.(%s)\s+import|import\s+html5lib\.(%s)\b)" % (("|".join(PRIVATE_MODULES),) * 2), re.M
)
_TEST_FUNCTION = re.compile(r"^def test\w*\(", re.M)


# Tests that use html5lib's public API but assert what specparser does not
# have: test id (file.py::function) -> reason.  Listed as not applicable.
NOT_APPLICABLE_TESTS = {
    "test_parser2.py::test_debug_log": (
        "HTMLParser(debug=True).log records html5lib's tokenizer state methods and parser phase "
        "classes (dataState, InBodyPhase ...), internals specparser does not have"
    ),
}

# Tests whose expectation is html5lib 1.1's, where the HTML standard (or
# html5lib-tests) now says otherwise, and cases of html5lib-tests' data that
# html5lib 1.1 fails too: test id (with parameters) -> reason.  They run as
# strict expected failures: a pass would be reported as a failure.  Each is
# in the README's "Different from html5lib 1.1" list.
_LT_GT = (
    "< and > in attribute values are written &lt; and &gt; since whatwg/html#6362 (2021; "
    "html5lib-tests#192); html5lib 1.1 wrote them as they are"
)
EXPECTED_FAILURES = {
    "test_serializer.py::testSpecQuoteAttribute[<]": _LT_GT,
    "test_serializer.py::testSpecQuoteAttribute[>]": _LT_GT,
    "test_serializer.py::testLegacyQuoteAttribute[<]": _LT_GT,
    "test_serializer.py::testLegacyQuoteAttribute[>]": _LT_GT,
    "test_alphabeticalattributes.py::test_with_serializer": (
        "the standard's serialization writes xlink:href; html5lib 1.1 dropped the prefix (the test's own FIXME)"
    ),
}
# html5lib-tests' serializer case "proper attribute value non-quoting (with
# linetab)", found by its input (the test ids are positional).
_LINETAB_VALUE = r"foo\u000bbar"  # as json.dumps writes it
_LINETAB_REASON = (
    "html5lib-tests' case 'proper attribute value non-quoting (with linetab)' expects the standard's "
    "unquoted syntax under html5lib's default 'legacy' quoting, which quotes U+000B (html5lib 1.1 "
    "fails it too; testLegacyQuoteAttribute[\\x0b] asserts the quoting); it passes with quote_attr_values='spec'"
)


_LINT_REASON = (
    "html5lib's test runs each serializer case through its lint filter, which rejects this input "
    "(a void element as a StartTag token, or an EmptyTag for a non-void element; html5lib 1.1 fails it too); "
    "compat/run.py serializer runs the case without lint and passes it"
)


def _lint_rejects(tokens: Any) -> bool:
    """Whether html5lib's lint filter rejects the serializer case's tokens."""
    from html5lib.constants import voidElements

    for token in tokens or ():
        kind = token[0]
        if kind in ("StartTag", "EmptyTag"):
            name = token[2] if len(token) == 4 else token[1]
            if (kind == "StartTag") == (name in voidElements):
                return True
    return False


def _test_id(item: Any) -> str:
    return f"{Path(str(item.path)).name}::{item.name}"


_TRAILING_BLANK_REASON = (
    "html5lib's test-data reader strips one newline from the end of a file's last case, so a file ending "
    "with a blank line (processing-instructions.dat) leaves a newline in the expected tree that no "
    "testSerializer output has (html5lib 1.1 fails it too); the tree itself is checked by compat/run.py tree"
)


def _expected_failure(item: Any) -> str | None:
    test = getattr(item, "test", None)
    if isinstance(test, dict) and (test.get("document") or "").endswith("\n"):
        return _TRAILING_BLANK_REASON
    reason = EXPECTED_FAILURES.get(_test_id(item))
    if reason is None and getattr(item, "originalname", "") == "test_serializer":
        params = getattr(getattr(item, "callspec", None), "params", {})
        if _LINETAB_VALUE in json.dumps(params.get("input")) and "quote_attr_values" not in params.get("options", {}):
            reason = _LINETAB_REASON
        elif _lint_rejects(params.get("input")):
            reason = _LINT_REASON
    return reason


def wpt_tree_construction_dir() -> Path | None:
    """The current tree-construction data: ``$WPT_TREE_CONSTRUCTION`` or
    ``../shared/wpt-tree-construction``."""
    env = os.environ.get("WPT_TREE_CONSTRUCTION")
    path = Path(env) if env else SHARED / "wpt-tree-construction"
    return path if path.is_dir() else None


# -- the sdist ---------------------------------------------------------------


def _select(parts: tuple[str, ...]) -> tuple[str, ...] | None:
    """The sdist's ``html5lib/tests/*.py`` (not its old testdata)."""
    if len(parts) == 4 and parts[1:3] == ("html5lib", "tests") and parts[3].endswith(".py"):
        return parts[3:]
    return None


# html5lib 1.1's setup.py imports pkg_resources: setuptools < 70 for pip's
# metadata step.
SUITE = OwnSuite("html5lib", VERSION, ENV_VAR, _select, "support.py", "compat.html5lib_own_suite", "setuptools<70\n")


def find_tests(download: bool = True) -> tuple[Path | None, str]:
    """``(directory of html5lib 1.1's test modules, "")`` or ``(None, why
    not)``: from ``$HTML5LIB_SDIST``, the cache, or a fresh ``pip download``."""
    return SUITE.find_tests(download)


def prepare_workdir(tests: Path, workdir: Path) -> tuple[Path | None, str]:
    """Lay out ``workdir/html5lib_tests``: the test modules (html5lib's
    conftest.py left out) and ``testdata`` linking to the shared data.
    Returns ``(package directory, "")`` or ``(None, why not)``."""
    html5lib_tests = html5lib_tests_dir()
    tree_construction = wpt_tree_construction_dir()
    if html5lib_tests is None:
        return None, "html5lib-tests not found (set HTML5LIB_TESTS or place it at ../shared/html5lib-tests)"
    if tree_construction is None:
        return None, "the tree-construction data was not found (set WPT_TREE_CONSTRUCTION or place it at ../shared/wpt-tree-construction)"
    package = workdir / PACKAGE
    package.mkdir(parents=True)
    for module in tests.glob("*.py"):
        if module.name != "conftest.py":
            shutil.copyfile(module, package / module.name)
    testdata = package / "testdata"
    testdata.mkdir()
    for name in ("encoding", "serializer", "tokenizer"):
        (testdata / name).symlink_to(html5lib_tests / name, target_is_directory=True)
    (testdata / "tree-construction").symlink_to(tree_construction, target_is_directory=True)
    # test_serializer.py reads html5lib's own copy of the serializer cases
    # (tests/serializer-testdata, not in the sdist): give it html5lib-tests'.
    (package / "serializer-testdata").symlink_to(html5lib_tests / "serializer", target_is_directory=True)
    return package, ""


# -- the child process: pytest with the alias on ---------------------------


def _private_modules_used(source: str) -> list[str]:
    return sorted(set(_PRIVATE_WORD.findall(source)))


def _count_tokenizer_cases(directory: Path) -> tuple[int, int]:
    files = cases = 0
    for path in sorted(directory.glob("*.test")):
        files += 1
        with open(path, encoding="utf-8") as f:
            cases += len(json.load(f).get("tests", ()))
    return files, cases


def _needs_processing_instructions(test: dict) -> bool:
    """Whether a tree-construction case depends on the standard's
    processing-instruction parsing: its expected tree holds one, or its
    input has ``<?`` (once a bogus comment, now tokenized otherwise)."""
    document = test.get("document") or ""
    return "<?" in (test.get("data") or "") or any(line.lstrip("| ").startswith("<?") for line in document.split("\n"))


def _adapt_to_current_pytest(tree_construction: Any) -> None:
    """html5lib 1.1's tree-construction collectors were written for pytest
    5: they are built positionally, which today's pytest refuses ("use
    from_parent"), and their ``repr_failure`` calls ``Traceback.filter()``
    without the argument it now takes.  Let these classes through and give
    them today's short failure report, in this child process only; what
    they test is unchanged."""
    from _pytest.nodes import NodeMeta

    legacy = frozenset(
        (tree_construction.TreeConstructionTest, tree_construction.ParserTest, tree_construction.TreeWalkerTest)
    )
    refuse = NodeMeta.__call__

    def call(cls: Any, *args: Any, **kwargs: Any) -> Any:
        if cls in legacy:
            return cls._create(*args, **kwargs)
        return refuse(cls, *args, **kwargs)

    def repr_failure(self: Any, excinfo: Any) -> Any:
        return excinfo.getrepr(funcargs=True, showlocals=False, style="short", tbfilter=False)

    NodeMeta.__call__ = call  # type: ignore[method-assign]
    tree_construction.ParserTest.repr_failure = repr_failure
    tree_construction.TreeWalkerTest.repr_failure = repr_failure


class _Plugin:
    """html5lib's conftest.py for today's pytest, plus the bookkeeping."""

    def __init__(self, package: Path) -> None:
        import importlib

        import pytest

        self.pytest = pytest
        self.package = package
        self.tree_dir = (package / "testdata" / "tree-construction").resolve()
        self.passed = 0
        self.failed: list[str] = []
        self.pending: list[str] = []
        self.not_applicable: Counter[str] = Counter()
        self.not_applicable_examples: dict[str, str] = {}
        self._failure_details: list[str] = []
        self.reasons: dict[str, str] = {}  # nodeid -> why not applicable
        self.expected_reasons: dict[str, str] = {}  # nodeid -> why it is an expected failure
        self.expected: dict[str, list[str]] = {}  # reason -> nodeids that failed as expected
        self.pending_ids: set[str] = set()  # tree-construction cases that need processing instructions
        tree_construction = importlib.import_module(f"{PACKAGE}.tree_construction")
        self.tree_file = tree_construction.TreeConstructionFile
        _adapt_to_current_pytest(tree_construction)
        files, cases = _count_tokenizer_cases(package / "testdata" / "tokenizer")
        self._not_applicable(
            f"testdata/tokenizer ({files} files, {cases} cases): html5lib's tokenizer.py drives "
            "html5lib._tokenizer (private)",
            cases,
        )

    def _not_applicable(self, reason: str, count: int = 1, example: str = "") -> None:
        self.not_applicable[reason] += count
        if example and reason not in self.not_applicable_examples:
            self.not_applicable_examples[reason] = example

    def pytest_configure(self, config: Any) -> None:
        for marker in ("DOM", "ElementTree", "cElementTree", "lxml", "genshi", "parser", "namespaced", "treewalker"):
            config.addinivalue_line("markers", f"{marker}: html5lib's marker")

    def pytest_ignore_collect(self, collection_path: Path, config: Any) -> bool | None:
        if collection_path.is_dir() and collection_path.name == "tokenizer":
            return True  # counted in __init__
        if collection_path.suffix == ".py" and collection_path.name.startswith("test_"):
            source = collection_path.read_text()
            private = [m for groups in _PRIVATE_IMPORT.findall(source) for m in groups if m]
            if private:
                modules = ", ".join(f"html5lib.{m}" for m in sorted(set(private)))
                functions = len(_TEST_FUNCTION.findall(source))
                self._not_applicable(
                    f"{collection_path.name} (the whole module, {functions} test functions): imports {modules} (private)"
                )
                return True
        if collection_path.suffix == ".dat" and collection_path.name.startswith("scripted_"):
            with open(collection_path, encoding="utf-8") as f:
                cases = sum(1 for line in f if line.rstrip("\n") == "#data")
            self._not_applicable("tree-construction scripted_*.dat: the cases need a script engine (document.write)", cases)
            return True
        return None

    def pytest_collect_file(self, file_path: Path, parent: Any) -> Any:
        if file_path.suffix == ".dat" and self.tree_dir in file_path.resolve().parents:
            return self.tree_file.from_parent(parent, path=file_path)
        return None

    def pytest_collection_modifyitems(self, items: list) -> None:
        import inspect

        for item in items:
            function = getattr(item, "function", None)
            reason = NOT_APPLICABLE_TESTS.get(f"{Path(str(item.path)).name}::{getattr(item, 'originalname', '')}")
            if reason is not None:
                self.reasons[item.nodeid] = f"{_test_id(item)}: {reason}"
                item.add_marker(self.pytest.mark.skip(reason="not applicable"))
                continue
            reason = _expected_failure(item)
            if reason is not None:
                self.expected_reasons[item.nodeid] = reason
                item.add_marker(self.pytest.mark.xfail(strict=True, reason=reason))
            if function is not None:
                try:
                    private = _private_modules_used(inspect.getsource(function))
                except (OSError, TypeError):
                    private = []
                if private:
                    reason = (
                        f"{item.module.__name__.rsplit('.', 1)[-1]}.py::{function.__name__}: uses "
                        + ", ".join(f"html5lib.{m}" for m in private)
                        + " (private)"
                    )
                    self.reasons[item.nodeid] = reason
                    item.add_marker(self.pytest.mark.skip(reason="not applicable"))
            test = getattr(item, "test", None)
            if isinstance(test, dict) and _needs_processing_instructions(test):
                self.pending_ids.add(item.nodeid)

    def pytest_runtest_logreport(self, report: Any) -> None:
        nodeid = report.nodeid
        if hasattr(report, "wasxfail"):
            if report.outcome == "skipped":
                self.expected.setdefault(self.expected_reasons.get(nodeid, report.wasxfail), []).append(nodeid)
            else:  # strict: an expected failure that passed
                self.failed.append(f"{nodeid}: passed, but is listed as an expected failure")
            return
        if report.outcome == "skipped":
            reason = self.reasons.get(nodeid)
            if reason is not None:
                self._not_applicable(reason)
                return
            message = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
            message = message.replace("Skipped: ", "")
            if message == "parser output incorrect":
                # The walker test skips when the parser test of the same case
                # fails: not a skip here but the same failure again.
                if nodeid in self.expected_reasons:
                    self.expected.setdefault(self.expected_reasons[nodeid], []).append(nodeid)
                elif nodeid in self.pending_ids:
                    self.pending.append(nodeid)
                else:
                    self.failed.append(f"{nodeid}: the tree the parser built is wrong (see its parser test)")
                return
            tree = re.search(r"::(\w+)::(parser|treewalker)", nodeid)
            where = f"{tree.group(1)} tree type" if tree else nodeid.split("::")[0].rsplit("/", 1)[-1]
            if report.when == "setup" or report.when == "call":
                self._not_applicable(f"skipped by html5lib's own test ({where}): {message}", example=nodeid)
            return
        if report.outcome == "failed":
            if nodeid in self.pending_ids:
                self.pending.append(nodeid)
                return
            lines = str(report.longrepr).strip().splitlines()
            self.failed.append(f"{nodeid} ({report.when}): {lines[-1] if lines else ''}")
            self._failure_details.append(str(report.longrepr))
            return
        if report.when == "call":
            self.passed += 1

    def pytest_collectreport(self, report: Any) -> None:
        if report.outcome == "failed":
            self.failed.append(f"collecting {report.nodeid}: {str(report.longrepr).strip()[-500:]}")


def _child(package_dir: str, verbose: bool, keyword: str) -> int:
    """Run in the child process: install the alias, run pytest on the
    package, print the report."""
    import specparser.html5lib_compat as compat

    compat.install()
    try:
        import mock  # noqa: F401  (test_meta.py imports it; html5lib 1.1 needs mock>=4 there)
    except ImportError:
        import unittest.mock

        sys.modules["mock"] = unittest.mock

    package = Path(package_dir)
    sys.path.insert(0, str(package.parent))
    plugin = _Plugin(package)
    args = [
        str(package), "-q", "-p", "no:cacheprovider", "-p", "no:doctest", "--no-header", "-rN",
        "--rootdir", str(package.parent), "-c", os.devnull, "-W", "ignore::DeprecationWarning", "--continue-on-collection-errors",
    ]
    if keyword:
        args += ["-k", keyword]
    run_pytest_quietly(args, plugin)
    import html5lib

    if not html5lib.__name__.startswith("specparser"):
        plugin.failed.append("the alias did not take effect: html5lib is " + html5lib.__name__)
    for line in plugin.failed[:100]:
        print("FAIL " + line)
    if verbose:
        for detail in plugin._failure_details[:20]:
            print(detail)
    if plugin.not_applicable:
        print("not applicable:")
        for reason, count in sorted(plugin.not_applicable.items()):
            example = plugin.not_applicable_examples.get(reason)
            print(f"  {count:6d}  {reason}" + (f" (e.g. {example})" if example and count > 1 else ""))
    if plugin.expected:
        print("expected failures (html5lib 1.1's expectation, where the standard or the data now differ):")
        for reason, nodeids in sorted(plugin.expected.items()):
            print(f"  {len(nodeids):6d}  {reason}")
            for nodeid in nodeids:
                print(f"          {nodeid}")
    if plugin.pending:
        cases = Counter(re.sub(r"::[^:]+::(parser|treewalker).*$", "", nodeid).rsplit("/", 1)[-1] for nodeid in plugin.pending)
        print(
            f"{PENDING_PI}: {len(plugin.pending)} items of {len(cases)} tree-construction cases fail, "
            "to check after that branch is merged:"
        )
        for case, count in cases.items():
            print(f"  {case} ({count} items)")
    print(f"{plugin.passed} passed, {len(plugin.failed)} failed")
    return 0 if not plugin.failed and plugin.passed else 1


def run(keyword: str = "", verbose: bool = False, show: Any = print) -> int:
    """Fetch the tests, lay them out, run them in a child process; pass
    every output line to ``show`` (the last is ``N passed, M failed``).
    ``keyword``: a pytest ``-k`` expression selecting tests."""
    return SUITE.run(prepare_workdir, keyword, verbose, show)


def main(argv: list[str]) -> int:
    return child_main(argv, "run.py html5lib-own", run, _child)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
