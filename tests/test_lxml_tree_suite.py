"""The WPT tree-construction suite through the lxml adapter and
back through the lxml walker (so every infoset coercion must be undone),
with namespaced and plain HTML elements and with lxml.html classes; and the
XML that lxml writes for each tree must read back as the same tree."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("lxml", reason="lxml is not installed (pip install specparser-html[lxml])")

from lxml import etree  # noqa: E402

from specparser import html5lib_compat  # noqa: E402
from compat.tree_suite import load_cases, missing_reason, run_case  # noqa: E402
from specparser.infoset import DataLossWarning  # noqa: E402
from specparser.testformat import dump_events  # noqa: E402
from specparser.walkers import DOCTYPE  # noqa: E402
from specparser.walkers.lxml import walk  # noqa: E402

CASES = load_cases()
# The variants below run one test per .dat file (a test per case for each
# would triple the suite's pytest overhead); a failure lists every case.
FILES = sorted({c.file for c in CASES})


def _cases_of(file: str) -> list:
    return [c for c in CASES if c.file == file]

pytestmark = [
    pytest.mark.skipif(not CASES, reason=missing_reason()),
    # Coercions warn (once per document); the suite has many on purpose.
    pytest.mark.filterwarnings("ignore::specparser.infoset.DataLossWarning"),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_tree_construction(case) -> None:
    got, _ = run_case(case, "lxml")
    assert got == case.expected, f"input: {case.data!r} context: {case.context!r}"


@pytest.mark.parametrize("file", FILES)
def test_tree_construction_lxml_html_classes(file: str) -> None:
    failures = [c.id for c in _cases_of(file) if run_case(c, "lxml.html")[0] != c.expected]
    assert not failures


def _parse(case, namespace_html: bool):
    parser = html5lib_compat.HTMLParser("lxml", namespaceHTMLElements=namespace_html)
    if case.context is None:
        return parser.parse(case.data, scripting=case.scripting)
    return parser.parseFragment(case.data, case.context, scripting=case.scripting)


@pytest.mark.parametrize("file", FILES)
def test_tree_construction_plain_html_elements(file: str) -> None:
    # namespaceHTMLElements=False: HTML elements are plain "p"; the walker
    # reads a plain tag as the HTML namespace, so the dump is the same.
    failures = [c.id for c in _cases_of(file) if dump_events(walk(_parse(c, False))) != c.expected]
    assert not failures


def _reparsed_events(result, namespace_html: bool) -> tuple[list, list]:
    if isinstance(result, list):
        # A fragment: wrap it in an element to write and read it as XML.
        xml = "<x>%s</x>" % "".join(
            etree.tostring(node, encoding="unicode", with_tail=True)
            if not isinstance(node, str)
            else node.replace("&", "&amp;").replace("<", "&lt;")
            for node in result
        )
        wrapper = etree.fromstring(xml)
        again = ([wrapper.text] if wrapper.text else []) + list(wrapper)
        return list(walk(result)), list(walk(again))
    xml = etree.tostring(result, encoding="unicode")
    again = etree.fromstring(xml).getroottree()
    # DOCTYPEs are compared by the suite itself; lxml writes a DOCTYPE only
    # when its name is the root's.
    strip = lambda events: [e for e in events if e[0] != DOCTYPE]  # noqa: E731
    return strip(walk(result)), strip(walk(again))


def _has_public_id(case) -> bool:
    return any(line.startswith("| <!DOCTYPE") and '"' in line for line in case.expected.split("\n"))


@pytest.mark.parametrize("namespace_html", [True, False], ids=["xhtml", "plain"])
@pytest.mark.parametrize("file", FILES)
def test_lxml_writes_well_formed_xml_that_reads_back_the_same(file: str, namespace_html: bool) -> None:
    failures = []
    for case in _cases_of(file):
        if _has_public_id(case):
            # Not ours to fix: lxml writes `PUBLIC "id"` without the system
            # literal XML requires when the system id is empty, and libxml2
            # adds a <meta http-equiv> when the public id is XHTML 1.0's.
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DataLossWarning)
            result = _parse(case, namespace_html)
        built, read_back = _reparsed_events(result, namespace_html)
        if dump_events(read_back) != dump_events(built):
            failures.append(case.id)
    assert not failures
