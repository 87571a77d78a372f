"""Beautiful Soup's own tree-builder smoke tests, run against specparser.

    python compat/run.py bs4 [pytest options]
    python compat/run.py bs4 --generic [pytest options]

bs4's wheel does not ship its tests, so they are taken from the
beautifulsoup4 sdist of the *installed* version:

* ``$BS4_SDIST``: an unpacked sdist (the directory holding ``bs4/tests``),
  or a ``beautifulsoup4-<version>.tar.gz``;
* otherwise the cache (:func:`compat.sdist.cache_dir`: ``$SPECPARSER_CACHE``,
  default ``$XDG_CACHE_HOME/specparser`` or ``~/.cache/specparser``), filled on first
  use by ``pip download --no-binary :all: --no-deps beautifulsoup4==<version>``
  (only ``bs4/`` is unpacked).

The sdist's ``bs4`` directory is appended to the installed ``bs4`` package's
``__path__``, so ``bs4.tests`` imports while bs4 itself stays the installed
copy.  The test classes (see :func:`smoke_test_classes`) live in
``tests/test_bs4_smoke.py``, which pytest also collects on its own; this
runner runs that module and prints ``N passed, M failed``.

Tests that assert a pre-HTML5 tree are expected to fail and listed, with the
reason, in :data:`PRE_STANDARD`: they are marked strict xfail (an
unexpected pass is a failure) and the HTML5 versions of the same checks
run in ``TestSpecParserHTML5Behaviour``.

``--generic`` is an informational dashboard, not a gate: bs4's generic
test modules (:data:`GENERIC_MODULES`, written for html.parser) with
specparser as ``bs4.tests.default_builder``.  Many of their expected
strings lack the html/head/body an HTML5 parser adds, so failures are
expected there (bs4's own html5lib builder fails them too).
"""

from __future__ import annotations

import os
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from compat import sdist  # noqa: E402

SMOKE_TESTS = REPO_ROOT / "tests" / "test_bs4_smoke.py"

# The inherited generic tests that expect a non-HTML5 tree.
PRE_STANDARD = {
    "test_processing_instruction": (
        "expects <?PITarget PIContent?> with no html/head/body around it; the HTML standard "
        "(2026) keeps it as a processing instruction before the html/head/body skeleton "
        "(checked by the HTML5 version of the test)"
    ),
    "test_correctly_nested_tables": (
        "expects tables without the <tbody> the HTML standard inserts "
        "(checked by the HTML5 version of the test)"
    ),
}


GENERIC_MODULES = (
    "test_tree", "test_tag", "test_pageelement", "test_navigablestring",
    "test_soup", "test_formatter", "test_css",
)


def installed_bs4_version() -> str | None:
    return sdist.installed_version("beautifulsoup4")


def _unpack_bs4(archive: Path, destination: Path) -> Path:
    """Unpack only ``<sdist>/bs4/...`` of ``archive`` under ``destination``
    (no absolute paths, no ``..``, no links); returns the sdist root."""
    with tarfile.open(archive) as tar:
        members = []
        root = None
        for member in tar.getmembers():
            parts = Path(member.name).parts
            if len(parts) < 2 or parts[1] != "bs4" or member.name.startswith("/"):
                continue
            if ".." in parts or not (member.isfile() or member.isdir()):
                continue
            root = parts[0]
            members.append(member)
        if root is None:
            raise RuntimeError(f"{archive} holds no bs4/ directory")
        destination.mkdir(parents=True, exist_ok=True)
        if hasattr(tarfile, "data_filter"):  # Python 3.12+, and 3.10/3.11 security releases
            tar.extractall(destination, members=members, filter="data")
        else:  # pragma: no cover
            tar.extractall(destination, members=members)
    return destination / root


def _has_tests(root: Path) -> bool:
    return (root / "bs4" / "tests" / "__init__.py").is_file()


def find_sdist(download: bool = True) -> tuple[Path | None, str]:
    """``(sdist root, "")`` or ``(None, why not)``."""
    version = installed_bs4_version()
    if version is None:
        return None, "beautifulsoup4 is not installed (pip install specparser-html[bs4])"
    env = os.environ.get("BS4_SDIST")
    if env:
        path = Path(env)
        if path.is_file():
            target = sdist.cache_dir() / "bs4-from-env"
            try:
                root = _unpack_bs4(path, target)
            except (OSError, RuntimeError, tarfile.TarError) as exc:
                return None, f"BS4_SDIST={env}: cannot unpack ({exc})"
            return (root, "") if _has_tests(root) else (None, f"BS4_SDIST={env} has no bs4/tests")
        if _has_tests(path):
            return path, ""
        return None, f"BS4_SDIST={env} is neither a bs4 sdist directory nor a .tar.gz"
    root = sdist.cache_dir() / f"beautifulsoup4-{version}"
    if _has_tests(root):
        return root, ""
    if not download:
        return None, f"bs4 {version} tests not cached in {root} (set BS4_SDIST)"
    with tempfile.TemporaryDirectory() as tmp:
        archive, reason = sdist.download(
            "beautifulsoup4", version, Path(tmp), no_binary=":all:", timeout=300, env_var="BS4_SDIST"
        )
        if archive is None:
            return None, reason
        try:
            unpacked = _unpack_bs4(archive, sdist.cache_dir())
        except (OSError, RuntimeError, tarfile.TarError) as exc:
            return None, f"cannot unpack the beautifulsoup4 sdist: {exc}"
    return (unpacked, "") if _has_tests(unpacked) else (None, f"{unpacked} has no bs4/tests")


def graft(root: Path) -> None:
    """Make ``bs4.tests`` (from the sdist) importable next to the installed bs4."""
    import bs4

    tests_parent = str(root / "bs4")
    if tests_parent not in bs4.__path__:
        bs4.__path__.append(tests_parent)


def prepare(download: bool = True) -> str:
    """Find the sdist and graft it; ``""`` on success, else the reason."""
    root, reason = find_sdist(download)
    if root is None:
        return reason
    graft(root)
    return ""


def smoke_test_classes() -> dict[str, type]:
    """The pytest classes (call :func:`prepare` first).

    * ``TestSpecParserSmoke``: bs4's ``HTML5TreeBuilderSmokeTest`` (which
      extends the generic ``HTMLTreeBuilderSmokeTest``), unchanged, with
      specparser as the default builder; :data:`PRE_STANDARD` strict xfail.
    * ``TestSpecParserHTML5Behaviour``: the HTML5 behaviour tests of bs4's
      ``test_html5lib.py`` (reparenting, foster parenting, tbody, comments
      for PIs ...), with the generic versions restored where that module
      only documents html5lib's limitations (string containers,
      parse_only), and html.parser's source-position test (specparser
      reports the position of the tag's ``<``).
    """
    import pytest
    from bs4.tests import HTML5TreeBuilderSmokeTest, HTMLTreeBuilderSmokeTest, TreeBuilderSmokeTest
    from bs4.tests import test_html5lib, test_htmlparser

    from specparser.builders.bs4 import SpecParserTreeBuilder

    class TestSpecParserSmoke(HTML5TreeBuilderSmokeTest):
        @property
        def default_builder(self) -> Any:
            return SpecParserTreeBuilder

    for name, reason in PRE_STANDARD.items():
        test = getattr(HTML5TreeBuilderSmokeTest, name)
        setattr(TestSpecParserSmoke, name, pytest.mark.xfail(strict=True, reason=reason)(test))

    class TestSpecParserHTML5Behaviour(test_html5lib.TestHTML5LibBuilder):
        @property
        def default_builder(self) -> Any:
            return SpecParserTreeBuilder

        test_soupstrainer = HTMLTreeBuilderSmokeTest.test_soupstrainer
        test_special_string_containers = HTMLTreeBuilderSmokeTest.test_special_string_containers
        test_doctype_filtered = TreeBuilderSmokeTest.test_doctype_filtered
        test_tracking_line_numbers = test_htmlparser.TestHTMLParserTreeBuilder.test_tracking_line_numbers

        def test_processing_instruction(self) -> None:
            """bs4's version asserts html5lib 1.1's comment; since 2026
            (whatwg/html 320c05f6) the standard keeps a processing
            instruction, which bs4 writes back as the standard does."""
            from bs4.element import ProcessingInstruction

            soup = self.soup(b"<?PITarget PIContent?>")
            assert isinstance(soup.contents[0], ProcessingInstruction)
            assert str(soup).startswith("<?PITarget PIContent?><html>")
        # html5lib's own warnings about options it does not support.
        test_prepare_markup_warnings = None

    return {
        "TestSpecParserSmoke": TestSpecParserSmoke,
        "TestSpecParserHTML5Behaviour": TestSpecParserHTML5Behaviour,
    }


def check_tree(soup: Any, root_in_chain: bool | None = False) -> list[str]:
    """Every way bs4 navigates a tree must agree with ``.contents``.

    Returns the problems found (empty when consistent):

    * ``.parent`` of every node is the tag whose ``contents`` hold it, and
      ``previous_sibling`` / ``next_sibling`` follow ``contents``;
    * the ``next_element`` chain from the first top-level node is the
      preorder of ``contents`` (object by object) and ends with None,
      ``previous_element`` is its exact reverse; the soup itself is
      outside the chain, as bs4's own parsers leave it (``root_in_chain``
      True: it must be in it, as bs4's ``append()`` puts it; None: either);
    * ``descendants``, ``find_all()``, ``.strings`` and ``_last_descendant()``
      (of every tag with a next sibling, where it uses the links) agree
      with that preorder;
    * ``decode()`` of the soup is the concatenation of its children's.

    No recursion: it runs on documents of any depth.
    """
    from bs4.element import CData, NavigableString, Tag

    problems: list[str] = []

    def problem(message: str) -> bool:
        if len(problems) < 20:
            problems.append(message)
        return False

    preorder: list[Any] = []
    last_descendant: list[tuple[Any, int]] = []  # (tag, index of its first descendant)
    stack: list[tuple[Any, int]] = [(soup, 0)]
    open_tags: list[tuple[Any, int]] = []
    while stack:
        parent, index = stack.pop()
        if index == 0 and parent is not soup:
            open_tags.append((parent, len(preorder)))
        contents = parent.contents
        if index >= len(contents):
            if parent is not soup:
                tag, start = open_tags.pop()
                last_descendant.append((tag, len(preorder) - 1 if len(preorder) > start else -1))
            continue
        node = contents[index]
        if node.parent is not parent:
            problem(f"{node!r:.60}: parent is not the tag holding it")
        expected_previous = contents[index - 1] if index else None
        expected_next = contents[index + 1] if index + 1 < len(contents) else None
        if node.previous_sibling is not expected_previous:
            problem(f"{node!r:.60}: wrong previous_sibling")
        if node.next_sibling is not expected_next:
            problem(f"{node!r:.60}: wrong next_sibling")
        preorder.append(node)
        stack.append((parent, index + 1))
        if isinstance(node, Tag):
            stack.append((node, 0))

    first = preorder[0] if preorder else None
    if soup.previous_element is not None:
        problem("the soup has a previous_element")
    in_chain = soup.next_element is not None
    if root_in_chain is False and in_chain:
        problem("the soup itself is linked into the next_element chain")
    elif root_in_chain is True and not in_chain and preorder:
        problem("the soup is not linked to its first child")
    elif in_chain and soup.next_element is not first:
        problem("the soup's next_element is not its first child")
    previous = soup if in_chain else None
    for node in preorder:
        if node.previous_element is not previous:
            problem(f"{node!r:.60}: previous_element is not the preceding node in document order")
            break
        if previous is not None and previous.next_element is not node:
            problem(f"{previous!r:.60}: next_element is not the next node in document order")
            break
        previous = node
    else:
        if previous is not None and previous.next_element is not None:
            problem("the last node's next_element is not None")

    descendants = list(soup.descendants)
    if len(descendants) != len(preorder) or any(a is not b for a, b in zip(descendants, preorder)):
        problem(".descendants disagrees with .contents")
    tags = [node for node in preorder if isinstance(node, Tag)]
    found = soup.find_all(True)
    if len(found) != len(tags) or any(a is not b for a, b in zip(found, tags)):
        problem("find_all() disagrees with .contents")
    strings = [n for n in preorder if type(n) is NavigableString or type(n) is CData]
    listed = list(soup.strings)
    if len(listed) != len(strings) or any(a is not b for a, b in zip(listed, strings)):
        problem(".strings disagrees with .contents")
    for tag, last in last_descendant:
        # _last_descendant() reads next_sibling.previous_element when there
        # is a next sibling (otherwise it walks .contents, which is O(depth)).
        if tag.next_sibling is None:
            continue
        expected = preorder[last] if last >= 0 else None
        if tag._last_descendant(accept_self=False) is not expected:
            problem(f"<{tag.name}>: _last_descendant() is wrong")
    rendered = "".join(
        child.decode() if isinstance(child, Tag) else child.output_ready() for child in soup.contents
    )
    if soup.decode() != rendered:
        problem("decode() of the soup differs from its children's")
    return problems


def generic_test_classes() -> dict[str, type]:
    """The classes of :data:`GENERIC_MODULES` with specparser as bs4's
    default test builder (call :func:`prepare` first)."""
    import importlib

    import bs4.tests

    from specparser.builders.bs4 import SpecParserTreeBuilder

    # SoupTest.default_builder reads this global (test_soup imports it, so
    # it is set before the modules are imported).
    bs4.tests.default_builder = SpecParserTreeBuilder
    classes = {}
    for name in GENERIC_MODULES:
        module = importlib.import_module(f"bs4.tests.{name}")
        for attribute, value in vars(module).items():
            if attribute.startswith("Test") and isinstance(value, type) and value.__module__ == module.__name__:
                classes[f"Test_{name[5:]}_{attribute[4:]}"] = value
    return classes


class _Outcomes:
    """pytest plugin: collects the outcome of every test."""

    def __init__(self) -> None:
        self.passed = 0
        self.failed: list[str] = []
        self.xfailed: list[str] = []
        self.skipped: list[str] = []

    def pytest_runtest_logreport(self, report: Any) -> None:
        if report.when == "call" or report.outcome != "passed":
            if hasattr(report, "wasxfail"):
                if report.outcome == "skipped":
                    self.xfailed.append(report.nodeid)
                else:  # a strict xfail that passed
                    self.failed.append(f"{report.nodeid}: passed, but is listed as pre-standard")
            elif report.outcome == "passed":
                if report.when == "call":
                    self.passed += 1
            elif report.outcome == "skipped":
                self.skipped.append(report.nodeid)
            else:
                message = str(report.longrepr).strip().splitlines()
                self.failed.append(f"{report.nodeid} ({report.when}): {message[-1] if message else ''}")

    def pytest_collectreport(self, report: Any) -> None:
        if report.outcome == "failed":
            self.failed.append(f"collecting {report.nodeid}: {str(report.longrepr).strip()[-300:]}")


def main(argv: list[str]) -> int:
    import pytest

    reason = prepare()
    if reason:
        print(f"cannot run bs4's tests: {reason}")
        print("0 passed, 1 failed")
        return 1
    outcomes = _Outcomes()
    target = str(SMOKE_TESTS)
    if "--generic" in argv:
        argv = [a for a in argv if a != "--generic"]
        # This module becomes the test module: pytest imports it as
        # compat.bs4_suite, which is this already-imported module.
        globals().update(generic_test_classes())
        target = str(Path(__file__).resolve())
        print("informational: bs4's generic test modules with specparser as the default builder")
    args = [target, "-q", "-p", "no:cacheprovider", "--no-header", "-rN", *argv]
    with open(os.devnull, "w") as devnull:
        stdout = sys.stdout
        sys.stdout = devnull  # pytest's own report; ours follows
        try:
            pytest.main(args, plugins=[outcomes])
        finally:
            sys.stdout = stdout
    for line in outcomes.failed[:50]:
        print(line)
    if len(outcomes.failed) > 50:
        print(f"... and {len(outcomes.failed) - 50} more")
    for nodeid in outcomes.xfailed:
        test = nodeid.rsplit("::", 1)[-1]
        print(f"expected failure {nodeid}: {PRE_STANDARD.get(test, 'xfail')}")
    for nodeid in outcomes.skipped:
        print(f"skipped {nodeid}")
    print(f"{outcomes.passed} passed, {len(outcomes.failed)} failed")
    return 0 if not outcomes.failed and outcomes.passed else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
