"""specparser.visible_text: the HTML Standard's innerText rules without CSS,
checked against Chromium's innerText (recorded by compat/innertext_oracle.py
in tests/data/innertext_chromium.json), on every tree type."""

from __future__ import annotations

import json
import time
import warnings
from pathlib import Path

import pytest

import specparser
from specparser import html5lib_compat
from specparser.text import visible_text, visible_text_events

from _optional import MISSING

DATA = Path(__file__).resolve().parent / "data" / "innertext_chromium.json"
CASES: list[list[str]] = json.loads(DATA.read_text(encoding="utf-8"))

# Cases where a CSS-less reading cannot give what Chromium gives, with what
# visible_text gives instead and why.
KNOWN_DIFFERENCES = {
    # Style attributes and style sheets are not read.
    "<span style='display:none'>s</span>": "s",
}

TREE_TYPES = [
    ("etree", {}),
    ("etree", {"namespaceHTMLElements": False}),
    ("dom", {}),
    ("lxml", {}),
    ("lxml", {"namespaceHTMLElements": False}),
    ("lxml.html", {"namespaceHTMLElements": False}),
    ("bs4", {}),
]


def _parse(markup: str, tree: str = "etree", **options: object) -> object:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # lxml's DataLossWarning
        return html5lib_compat.parse(markup, treebuilder=tree, scripting=True, **options)


@pytest.mark.parametrize("case, expected", CASES, ids=range(len(CASES)))
def test_matches_chromium_inner_text(case: str, expected: str) -> None:
    expected = KNOWN_DIFFERENCES.get(case, expected)
    assert visible_text(_parse(case), scripting=True) == expected


@pytest.mark.parametrize("tree, options", TREE_TYPES, ids=lambda v: str(v))
def test_every_tree_type_gives_the_same_text(tree: str, options: dict) -> None:
    if tree.split(".")[0] in MISSING:
        pytest.skip(MISSING[tree.split(".")[0]])
    for case, expected in CASES:
        if tree.startswith("lxml") and "\x0c" in case:
            continue  # lxml cannot hold a form feed: the tree has a space
        expected = KNOWN_DIFFERENCES.get(case, expected)
        document = _parse(case, tree, **options)
        assert visible_text(document, scripting=True) == expected, case
        assert visible_text(document, tree, scripting=True) == expected, case


def test_full_tree_and_fragments() -> None:
    document = html5lib_compat.parse("<!DOCTYPE html><!--c--><p>a<p>b", fullTree=True)
    assert visible_text(document) == "a\n\nb"
    fragment = html5lib_compat.parseFragment("<td>a<td>b", "tr")
    assert visible_text(fragment) == "a\tb"
    # Rows outside any table element (a fragment in tbody): the anonymous
    # table's last row still gets no newline.
    assert visible_text(html5lib_compat.parseFragment("<tr><td>a<tr><td>b", "tbody")) == "a\nb"
    if "lxml" not in MISSING:
        assert visible_text(html5lib_compat.parseFragment("x<p>a</p>y", treebuilder="lxml")) == "x\n\na\n\ny"


def test_an_element_not_rendered_gives_its_text_content() -> None:
    """innerText step 1: "If this is not being rendered ... return this's
    descendant text content"."""
    root = html5lib_compat.parse("<script>if (a < b) x()</script><template>t</template>")
    script = root.find(".//{http://www.w3.org/1999/xhtml}script")
    assert visible_text(script) == "if (a < b) x()"
    head = root[0]
    assert visible_text(head) == "if (a < b) x()"  # the template's contents are not descendants


def test_scripting_decides_noscript_and_canvas() -> None:
    # Parsed and shown without scripting, noscript's children are elements
    # that a browser without scripting renders; so is canvas's fallback.
    markup = "<noscript><p>Enable JS</p></noscript><canvas>fallback</canvas>x"
    assert visible_text(html5lib_compat.parse(markup)) == "Enable JS\n\nfallbackx"
    assert visible_text(html5lib_compat.parse(markup, scripting=True), scripting=True) == "x"


def test_a_table_of_text() -> None:
    markup = "<table><tr><th>Name<th>Qty</tr><tr><td> apples <td>3</tr><tr><td>pears<td>10</table>after"
    assert visible_text(html5lib_compat.parse(markup)) == "Name\tQty\napples\t3\npears\t10\nafter"


def test_the_issue_example_is_text_not_script() -> None:
    """The CLI's text of a news page was 138 KB of textContent, mostly
    script; the visible text leaves scripts, styles and the head out."""
    markup = "<head><title>T</title><style>p{}</style></head><body><script>" + "x" * 10000 + "</script><p>News"
    assert visible_text(html5lib_compat.parse(markup)) == "News"


def test_deep_documents_do_not_recurse() -> None:
    n = 100_000
    assert visible_text(html5lib_compat.parse("<div>" * n + "x" + "<span>" * n + "y")) == "xy"


@pytest.mark.parametrize(
    "shape",
    [
        lambda n: "<div>a " * n,
        lambda n: "<table>" + "<tr><td>a<td>b" * n + "</table>",
        lambda n: "<math>" + "<mi>x" * n,
        lambda n: "<select>" + "<option>o" * n,
        lambda n: "<table><tr><td>" * n,
        lambda n: "<p>a<br> b " * n,
    ],
    ids=["nested-divs", "wide-table", "nested-mi", "options", "nested-tables", "paragraphs"],
)
def test_time_grows_linearly(shape) -> None:
    """The same walk at two sizes: 4x the events take well under 16x the
    CPU time (a quadratic step would show as ~16x)."""
    small = list(specparser.get_walker("etree")(html5lib_compat.parse(shape(2000))))
    large = list(specparser.get_walker("etree")(html5lib_compat.parse(shape(8000))))

    def cost(events: list) -> float:
        best = float("inf")
        for _ in range(3):
            start = time.process_time()
            visible_text_events(events)
            best = min(best, time.process_time() - start)
        return best

    ratio = cost(large) / max(cost(small), 1e-6)
    assert ratio < 8, ratio


def test_bad_arguments_name_the_function_and_parameter() -> None:
    root = html5lib_compat.parse("<p>x")
    with pytest.raises(TypeError, match=r"visible_text\(\): node"):
        visible_text(None)
    with pytest.raises(TypeError, match=r"visible_text\(\): node"):
        visible_text("<p>x")
    with pytest.raises(TypeError, match=r"visible_text\(\): node"):
        visible_text(42)
    with pytest.raises(TypeError, match=r"visible_text\(\): node"):
        visible_text("<p>x", "etree")
    with pytest.raises(ValueError, match=r"visible_text\(\): tree"):
        visible_text(root, "html")
    with pytest.raises(TypeError, match=r"visible_text\(\): tree"):
        visible_text(root, 3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"visible_text\(\): scripting"):
        visible_text(root, scripting="yes")  # type: ignore[arg-type]


def test_exported_at_the_top_level() -> None:
    assert specparser.visible_text is visible_text
    assert "visible_text" in specparser.__all__


def _corpus_pages() -> list:
    from compat.paths import MISSING_CORPUS, corpus_dir

    directory = corpus_dir()
    record = json.loads(DATA.with_name("innertext_corpus.json").read_text(encoding="utf-8"))
    if directory is None:
        return [pytest.param(None, None, marks=pytest.mark.skip(reason=MISSING_CORPUS))]
    return [pytest.param(directory / name, expected, id=name) for name, expected in sorted(record.items())]


@pytest.mark.parametrize("page, expected", _corpus_pages())
def test_corpus_pages_match_chromium_without_css(page: Path, expected: list) -> None:
    """Each corpus page's text is Chromium's innerText of the page shown
    without scripting and without style sheets (length and SHA-256 recorded
    by ``python -m compat.innertext_oracle --corpus``)."""
    import hashlib

    text = visible_text(html5lib_compat.parse(page.read_bytes()))
    assert [len(text), hashlib.sha256(text.encode("utf-8")).hexdigest()] == expected
