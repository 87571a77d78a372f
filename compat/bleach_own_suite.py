"""bleach's own test suite (bleach 6.4.0's ``tests/``) run on specparser's
drop-in (:mod:`specparser.bleach_compat`).

    python compat/run.py bleach-own [-v] [-k pytest-expression]

The tests come from bleach 6.4.0's sdist, fetched at run time and never
copied into the project: ``$BLEACH_SDIST`` (the ``.tar.gz``), else the
cache (:func:`compat.sdist.cache_dir`), filled on first use by ``pip
download --no-binary :all: --no-deps bleach==6.4.0``.  They run in a child
process in which :func:`specparser.bleach_compat.install` has made
``import bleach`` load the drop-in, from a scratch directory outside the
repository.

Not applicable, listed by reason (never counted as passed): the tests of
bleach's private modules, ``test_html5lib_shim.py`` (bleach's subclasses
of html5lib's private tokenizer and input stream) and
``test_parse_shim.py`` (bleach's vendored copy of ``urllib.parse``).

Expected failures (strict: a pass is reported as a failure) are the tests
whose expected output comes from html5lib 1.1's parsing where the HTML
standard now says otherwise, or from a bug of html5lib 1.1's serializer;
each is listed with its reason in :data:`EXPECTED_FAILURES` and in
docs/guides/migrating-from-bleach.md.  bleach's own ``xfail`` marks (its
known bugs) stay: a test so marked that passes on the drop-in (XPASS: its
assertion holds) is counted as passed and listed by name, one that fails
is listed with bleach's reason.

The output ends with the plain line ``N passed, M failed``.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections import Counter
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from compat.own_suite import OwnSuite, child_main, run_pytest_quietly  # noqa: E402

__all__ = ["EXPECTED_FAILURES", "NOT_APPLICABLE_MODULES", "SUITE", "find_tests", "main", "run"]

VERSION = "6.4.0"
ENV_VAR = "BLEACH_SDIST"

NOT_APPLICABLE_MODULES = {
    "test_html5lib_shim.py": "tests bleach.html5lib_shim's subclasses of html5lib 1.1's private tokenizer and input stream",
    "test_parse_shim.py": "tests bleach's vendored copy of Python 3.6's urllib.parse (bleach.parse_shim)",
}

_SPEC = "https://html.spec.whatwg.org/multipage/parsing.html"
_FOREIGN_BR_P = (
    "an end tag </p> or </br> in <svg>/<math> closes the foreign element and is reprocessed as HTML: the HTML "
    f"standard's rules for parsing tokens in foreign content ({_SPEC}#parsing-main-inforeign, the entry 'An end "
    "tag whose tag name is \"br\", \"p\"': pop until an HTML element or integration point, then reprocess; "
    "whatwg/html#5113, a sanitizer-bypass fix browsers ship; html5lib-tests tests26.dat '<svg></p><foo>'), so "
    "</p> gives <svg></svg><p></p> and the <style>/<xmp>/<noframes>... after it is HTML raw text. bleach's "
    "expected strings keep <p>/<br> and what follows inside the foreign element (html5lib 1.1, before the "
    "rule): no tree the standard builds serializes to them. The disallowed <img> is text either way"
)
_XLINK_PREFIX = (
    f"the standard's serialization writes an XLink attribute as 'xlink:' and its local name "
    f"({_SPEC}#attribute's-serialized-name); html5lib 1.1's serializer wrote 'href' (the test's own NOTE calls "
    "it a bug), which parses back as another attribute (no namespace)"
)

_SVG_SCRIPT = (
    "safety floor (issue 32: no output of a safe call holds a script-capable element): an SVG <script> runs "
    f"({_SPEC}#scriptForeignEndTag), so the drop-in never keeps it, even when tags allows 'script' (bleach "
    "keeps it; its text here is harmless, but <svg><script>alert(1)</script> would run)"
)

_SINGLE_QUOTED = (
    "fixed point and the standard's tokenizer: a character reference in an attribute value is decoded "
    f"({_SPEC}#attribute-value-(double-quoted)-state, #character-reference-state), so the input's style holds "
    "U+00A0; bleach's expected '&amp;nbsp;' (a single-quoted value, one holding '\"', whose references bleach "
    "does not restore) parses to the six characters '&nbsp;', another value, and grows on every clean (bleach "
    "gives '&amp;amp;nbsp;' the second time); the drop-in writes '&nbsp;', the input's value and a fixed point"
)

# Test id (file::name[params]) -> reason.
EXPECTED_FAILURES: dict[str, str] = {
    "test_clean.py::test_svg_allow_local_href[<svg><pattern id=\"patt1\" xlink:href=\"#patt2\"></pattern></svg>-"
    "<svg><pattern id=\"patt1\" href=\"#patt2\"></pattern></svg>]": _XLINK_PREFIX,
    "test_clean.py::test_namespace_rc_data_element_strip_false[svg-script-<svg><script><img src=x onerror=alert(1)>-"
    "<svg><script>&lt;img src=x onerror=alert(1)&gt;</script></svg>]": _SVG_SCRIPT,
    "test_css.py::test_css_parsing_with_entities[<p style=\"content: '&nbsp;';\">text</p>-styles1-"
    "<p style='content: \"&amp;nbsp;\";'>text</p>]": _SINGLE_QUOTED,
}


def _expected_failure(test_id: str) -> str | None:
    reason = EXPECTED_FAILURES.get(test_id)
    if reason is None and test_id.startswith("test_clean.py::test_html_comments_escaped["):
        reason = _FOREIGN_BR_P
    return reason


# -- the sdist ---------------------------------------------------------------


def _select(parts: tuple[str, ...]) -> tuple[str, ...] | None:
    """The sdist's ``tests/`` (modules and data), under the tests directory."""
    return parts[2:] if len(parts) >= 3 and parts[1] == "tests" else None


SUITE = OwnSuite("bleach", VERSION, ENV_VAR, _select, "test_clean.py", "compat.bleach_own_suite")


def find_tests(download: bool = True) -> tuple[Path | None, str]:
    """``(directory of bleach 6.4.0's tests, "")`` or ``(None, why not)``:
    from ``$BLEACH_SDIST``, the cache, or a fresh ``pip download``."""
    return SUITE.find_tests(download)


# -- the child process: pytest with the alias on ---------------------------


class _Plugin:
    """Marks the expected failures, counts the outcomes."""

    def __init__(self, pytest: Any) -> None:
        self.pytest = pytest
        self.passed = 0
        self.bleach_xfail: list[str] = []
        self.bleach_xpass: list[str] = []
        self.failed: list[str] = []
        self.details: list[str] = []
        self.expected: dict[str, list[str]] = {}
        self.reasons: dict[str, str] = {}
        self.not_applicable: Counter[str] = Counter()

    def pytest_ignore_collect(self, collection_path: Path, config: Any) -> bool | None:
        reason = NOT_APPLICABLE_MODULES.get(collection_path.name)
        if reason is not None:
            source = collection_path.read_text()
            self.not_applicable[f"{collection_path.name}: {reason}"] += source.count("\ndef test_")
            return True
        return None

    def pytest_collection_modifyitems(self, items: list) -> None:
        for item in items:
            test_id = f"{Path(str(item.path)).name}::{item.name}"
            reason = _expected_failure(test_id)
            if reason is not None:
                self.reasons[item.nodeid] = reason
                item.add_marker(self.pytest.mark.xfail(strict=True, reason=reason))

    def pytest_runtest_logreport(self, report: Any) -> None:
        nodeid = report.nodeid
        if hasattr(report, "wasxfail"):
            if nodeid not in self.reasons:
                # bleach's own xfail marks (its known bugs): a pass (XPASS,
                # bleach's marks are not strict) is the test's assertion
                # holding, so it counts as passed; both are listed apart.
                if report.outcome == "passed":
                    self.passed += 1
                    self.bleach_xpass.append(nodeid)
                elif report.when == "call" or report.outcome == "skipped":
                    self.bleach_xfail.append(f"{nodeid} ({report.wasxfail or 'no reason given'})")
            elif report.outcome == "skipped":
                self.expected.setdefault(self.reasons[nodeid], []).append(nodeid)
            else:
                self.failed.append(f"{nodeid}: passed, but is listed as an expected failure")
            return
        if report.outcome == "failed":
            lines = str(report.longrepr).strip().splitlines()
            self.failed.append(f"{nodeid} ({report.when}): {lines[-1] if lines else ''}")
            self.details.append(str(report.longrepr))
        elif report.outcome == "skipped" and report.when in ("setup", "call"):
            message = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
            self.failed.append(f"{nodeid}: skipped ({message})")
        elif report.when == "call" and report.outcome == "passed":
            self.passed += 1

    def pytest_collectreport(self, report: Any) -> None:
        if report.outcome == "failed":
            self.failed.append(f"collecting {report.nodeid}: {str(report.longrepr).strip()[-500:]}")


def _child(tests_dir: str, verbose: bool, keyword: str) -> int:
    import specparser.bleach_compat as compat

    compat.install()
    import pytest

    plugin = _Plugin(pytest)
    args = [
        tests_dir, "-q", "-p", "no:cacheprovider", "-p", "no:doctest", "--no-header", "-rN",
        "--rootdir", str(Path(tests_dir).parent), "-c", os.devnull, "-W", "ignore::DeprecationWarning",
    ]
    if keyword:
        args += ["-k", keyword]
    run_pytest_quietly(args, plugin)
    import bleach

    if not bleach.__name__.startswith("specparser"):
        plugin.failed.append("the alias did not take effect: bleach is " + bleach.__name__)
    for line in plugin.failed[:200]:
        print("FAIL " + line)
    if verbose:
        for detail in plugin.details[:30]:
            print(detail)
    if plugin.not_applicable:
        print("not applicable (tests of bleach's private modules):")
        for reason, count in sorted(plugin.not_applicable.items()):
            print(f"  {count:6d}  {reason}")
    if plugin.bleach_xfail or plugin.bleach_xpass:
        print(f"bleach's own xfail marks: {len(plugin.bleach_xpass)} pass on the drop-in (XPASS, counted as passed), "
              f"{len(plugin.bleach_xfail)} fail as marked")  # fmt: skip
        for nodeid in plugin.bleach_xpass:
            print(f"  XPASS  {nodeid}")
        for line in plugin.bleach_xfail:
            print(f"  xfail  {line}")
    if plugin.expected:
        print("expected failures (bleach's expectation is html5lib 1.1's where the standard differs, breaks the safety floor or the fixed point):")
        for reason, nodeids in sorted(plugin.expected.items()):
            print(f"  {len(nodeids):6d}  {reason}")
            if verbose:
                for nodeid in nodeids:
                    print(f"          {nodeid}")
    print(f"{plugin.passed} passed, {len(plugin.failed)} failed")
    return 0 if not plugin.failed and plugin.passed else 1


def _prepare(tests: Path, scratch: Path) -> tuple[Path | None, str]:
    """A copy of the tests in the scratch directory (pytest writes there)."""
    workdir = scratch / "tests"
    shutil.copytree(tests, workdir)
    return workdir, ""


def run(keyword: str = "", verbose: bool = False, show: Any = print) -> int:
    """Fetch the tests, run them in a child process; pass every output
    line to ``show`` (the last is ``N passed, M failed``)."""
    return SUITE.run(_prepare, keyword, verbose, show)


def main(argv: list[str]) -> int:
    return child_main(argv, "run.py bleach-own", run, _child)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
