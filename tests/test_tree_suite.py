"""The WPT tree-construction suite (html/syntax/parsing/resources/*.dat)
under pytest: one test per case and scripting mode through the ElementTree
adapter.  The other builders run the whole suite in test_lxml_tree_suite
(lxml, lxml.html), test_bs4_trees (bs4) and test_html5lib_trees (dom)."""

from __future__ import annotations

import pytest
from compat.tree_suite import SCRIPTED_REASON, load_cases, missing_reason, parse_dat, parse_dump, run_case, suite_dir

HAVE_WPT = suite_dir("wpt") is not None
ALL_CASES = load_cases(skipped=True) if HAVE_WPT else []
CASES = [c for c in ALL_CASES if c.skip is None]

needs_wpt = pytest.mark.skipif(not HAVE_WPT, reason=missing_reason("wpt"))


@needs_wpt
def test_the_suite_is_complete() -> None:
    # 1,925 cases; those without #script-on/#script-off run in both modes.
    # The four scripted_*.dat checks need document.write: skipped, counted.
    assert len(ALL_CASES) == 3810
    skipped = [c for c in ALL_CASES if c.skip is not None]
    assert sorted({c.file for c in skipped}) == ["scripted_adoption01.dat", "scripted_ark.dat", "scripted_webkit01.dat"]
    assert len(skipped) == 4 and {c.skip for c in skipped} == {SCRIPTED_REASON}


# Without the data, one skipped case that says why (an empty parameter
# list would be skipped with pytest's "got empty parameter set").
@pytest.mark.parametrize(
    "case",
    [pytest.param(c, id=c.id) for c in CASES]
    or [pytest.param(None, id="data-missing", marks=pytest.mark.skip(reason=missing_reason("wpt")))],
)
def test_tree_construction(case) -> None:
    got, _ = run_case(case, "etree")
    assert got == case.expected, f"input: {case.data!r} context: {case.context!r}"



@pytest.mark.skipif(suite_dir("html5lib-tests") is None, reason=missing_reason("html5lib-tests"))
def test_the_old_html5lib_tests_snapshot_stays_runnable() -> None:
    old = load_cases(suite="html5lib-tests", skipped=True)
    # 1,792 cases (3,549 checks) plus scripted/ (4 checks, skipped).
    assert len([c for c in old if c.skip is None]) == 3549
    assert [c.file for c in old if c.skip is not None] == [
        "scripted/adoption01.dat", "scripted/ark.dat", "scripted/webkit01.dat", "scripted/webkit01.dat",
    ]  # fmt: skip
    sample = [c for c in old if c.skip is None][::50]
    assert [c.id for c in sample if run_case(c)[0] != c.expected] == []


# -- the runner's reading of the format -----------------------------------------


def test_description_lines_open_a_case(tmp_path) -> None:
    # WPT's format: "#description" lines may come before "#data".
    dat = tmp_path / "x.dat"
    dat.write_text(
        "#data\n<p>\n#errors\n#document\n| <html>\n\n"
        "#description\nNested forms in a template\n#data\n<template><form>\n#errors\n(1,1): x\n"
        "#document\n| <html>\n|   <head>\n\n"
        "#data\n<b>\n#errors\n#document\n| <b>\n",
        encoding="utf-8",
    )
    cases = parse_dat(dat)
    assert [c["data"] for c in cases] == [["<p>"], ["<template><form>"], ["<b>"]]
    assert cases[1]["description"] == ["Nested forms in a template"]
    assert cases[1]["errors"] == ["(1,1): x"]
    assert cases[1]["document"] == ["| <html>", "|   <head>", ""]


def test_expected_dumps_with_processing_instructions_are_read() -> None:
    nodes = parse_dump(
        '| <?xml-ish ?>\n| <html>\n|   <body>\n|     <?hey there?>\n|     <svg svg>\n'
        '|       xlink href="#a"\n|     "a\nb"\n|     <!-- c -->'
    )
    assert nodes == [
        (0, "processing-instruction", ("xml-ish", "")),
        (0, "element", ("html", "")),
        (1, "element", ("body", "")),
        (2, "processing-instruction", ("hey", "there")),
        (2, "element", ("svg", "svg")),
        (3, "attribute", ("xlink href", '"#a"')),
        (2, "text", ("a\nb",)),
        (2, "comment", ("c",)),
    ]


@needs_wpt
def test_every_expected_tree_of_the_suite_is_read() -> None:
    kinds = {kind for case in CASES for _, kind, _ in parse_dump(case.expected) if case.expected}
    assert "processing-instruction" in kinds and "doctype" in kinds and "content" in kinds
