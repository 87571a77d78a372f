"""``<select>``, ``<option>`` and ``<selectedcontent>`` as Chromium 156 builds
them (treeconstruction/selectedcontent.py; whatwg/html PR 12263).

tests/data/selectedcontent_chromium.json holds Chromium's trees for the
cases of compat/chromium_trees.py (``DOMParser``, ``parseHTMLUnsafe``,
the ``innerHTML`` setter): disabled selectedcontent elements (in an option,
in another selectedcontent, under two selects), every other one filled,
filled at insertion after the selected option, display sizes, disabled
optgroups, template contents and shadow roots, an option inside the
selectedcontent it fills, fragments.  Every tree type, with the shortcuts
(the deferred updates) and without, must build Chromium's tree.
"""

from __future__ import annotations

import json
import sys
import warnings
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import specparser
from specparser.builders import get_builder, get_walker
from specparser.testformat import dump_events
from specparser.treeconstruction import build_tree, context_element
from specparser.treeconstruction.selectedcontent import display_size_is_1, parse_non_negative_integer

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _optional import BS4_MISSING, LXML_MISSING  # noqa: E402
from test_properties import examples  # noqa: E402

DATA = json.loads((Path(__file__).parent / "data" / "selectedcontent_chromium.json").read_text(encoding="utf-8"))
CASES = DATA["cases"]
TREES = ["etree", "lxml", "bs4", "dom"]
_NEEDS = {"lxml": LXML_MISSING, "bs4": BS4_MISSING}


def build(kind: str, context: str, markup: str, tree: str = "etree", fast_paths: bool = True) -> str:
    """The dump of ``markup`` parsed as the case says, into ``tree``."""
    if _NEEDS.get(tree):
        pytest.skip(_NEEDS[tree])
    builder = get_builder(tree)(namespaceHTMLElements=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # lxml's coercion warnings
        result = build_tree(
            markup,
            builder,
            context=context_element(context) if kind == "fragment" else None,
            fast_paths=fast_paths,
            shadow_roots=kind == "document-dsd",
        )
        return dump_events(get_walker(tree)(result))


def test_the_sample_is_chromium_156() -> None:
    assert DATA["chromium"].startswith("Chromium 156.")
    assert len(CASES) > 100
    assert all("tree" in case["chromium"] for case in CASES)


@pytest.mark.parametrize("fast_paths", [True, False], ids=["shortcuts", "general"])
@pytest.mark.parametrize("tree", TREES)
@pytest.mark.parametrize("case", CASES, ids=lambda case: "|".join(case["case"])[:80])
def test_trees_as_chromium_builds_them(case: dict, tree: str, fast_paths: bool) -> None:
    assert build(*case["case"], tree=tree, fast_paths=fast_paths) == case["chromium"]["tree"]


def test_a_selectedcontent_in_an_option_is_not_filled() -> None:
    # The fuzzer's input that made the parser nest a selectedcontent one
    # level deeper on every reparse (its option's clones held it).
    source = "<select><option>x<selectedcontent></selectedcontent>y"
    tree = specparser.parse(source)
    selectedcontent = tree.find(".//selectedcontent")
    assert len(selectedcontent) == 0 and not selectedcontent.text
    markup = specparser.serialize(tree)
    assert specparser.serialize(specparser.parse(markup)) == markup


# -- the display size ------------------------------------------------------------


@pytest.mark.parametrize(
    "value, number",
    [
        # https://html.spec.whatwg.org/#rules-for-parsing-non-negative-integers
        ("0", 0), ("7", 7), ("007", 7), (" \t\n\x0c\r3", 3), ("+3", 3), ("3abc", 3), ("4e0", 4),
        ("1.5", 1), ("-0", 0), ("4294967295", 4294967295),
        ("", None), (" ", None), ("-1", None), ("x", None), ("+", None), ("\u00a03", None), ("\uff11", None),
        # Chromium keeps the size in 32 bits: a larger value fails.
        ("4294967296", None), ("99999999999", None), ("9" * 5000, None), ("0" * 5000 + "3", 3),
    ],
    ids=lambda value: repr(value)[:16],
)  # fmt: skip
def test_parse_non_negative_integer(value: str, number: int | None) -> None:
    assert parse_non_negative_integer(value) == number


def test_a_size_of_any_length_parses() -> None:
    # int() refuses more than 4,300 digits (CPython 3.11+).
    markup = '<select size="' + "7" * 100_000 + '"><button><selectedcontent></button><option>X</select>'
    tree = specparser.parse(markup)
    assert tree.find(".//selectedcontent").text == "X"  # the size fails to parse: a drop-down


@pytest.mark.parametrize(
    "attrs, one",
    [({}, True), ({"size": "1"}, True), ({"size": "0"}, True), ({"size": "x"}, True), ({"size": "2"}, False),
     ({"size": " 3"}, False)],
)  # fmt: skip
def test_display_size_is_1(attrs: dict, one: bool) -> None:
    # Chromium 156 shows a size of 0 as a drop-down (the recorded cases
    # size="0" and size="00" fill the selectedcontent).
    assert display_size_is_1(attrs) is one


# -- the deferred updates ------------------------------------------------------------

_PIECES = st.sampled_from([
    "<select>", "</select>", "<select multiple>", "<select size=3>", "<button>", "</button>",
    "<selectedcontent>", "</selectedcontent>", "<option>", "<option selected>", "<option disabled>", "</option>",
    "<optgroup>", "<optgroup disabled>", "</optgroup>", "<div>", "</div>", "<b>", "</b>", "<p>", "<table>",
    "<td>", "</table>", "<template>", "</template>", "<hr>", "<datalist>", "<svg>", "<math><mi>", "x", "y z",
    "<!--c-->", "<span>", "</span>", "<a>", "</a>",
])  # fmt: skip


@examples(300)
@given(st.lists(_PIECES, max_size=40).map("".join), st.sampled_from(TREES))
@example("<select><button>" + "<selectedcontent></selectedcontent>" * 3 + "</button>" + "<option selected>x" * 3, "lxml")
@example("<select><button><selectedcontent></button><option>a<b>b</option><option selected>c</b></select>x", "bs4")
@example("<select><button><selectedcontent></button><a><option>x<p>y<a>z</select>", "etree")
def test_deferred_updates_build_the_tree_of_immediate_ones(source: str, tree: str) -> None:
    # With the shortcuts, a selected option's update waits for the select
    # to leave the stack while no selectedcontent is open; without them it
    # runs at once, as the standard does.
    assert build("document", "", source, tree) == build("document", "", source, tree, fast_paths=False)


@pytest.mark.parametrize("tree", TREES)
@pytest.mark.parametrize(
    "case", [case for case in CASES if case["case"][0] != "fragment"], ids=lambda case: case["case"][2][:60]
)
def test_the_event_parser_builds_chromiums_trees(case: dict, tree: str) -> None:
    # The event parser (Parser(events=...), fed in pieces) defers the
    # updates from a copy of the option's children.
    if _NEEDS.get(tree):
        pytest.skip(_NEEDS[tree])
    kind, _, markup = case["case"]
    parser = specparser.Parser(tree, events=("start", "end"), html_namespace=True, shadow_roots=kind == "document-dsd")
    for start in range(0, len(markup), 5):
        parser.feed(markup[start : start + 5])
        list(parser.read_events())
    assert _dump(parser.close(), tree) == case["chromium"]["tree"]


@pytest.mark.parametrize("tree", ["etree", "lxml"])
def test_an_option_cleared_at_its_end_still_fills_the_selectedcontent(tree: str) -> None:
    # lxml's iterparse idiom: read each element at its "end", then clear
    # it.  The selected option's update waits for the select's end, from a
    # copy taken when the option ended.
    if _NEEDS.get(tree):
        pytest.skip(_NEEDS[tree])
    # The divs keep the select open while the parser runs on the first
    # piece (it runs once its window has doubled): the options' "end"
    # events come before the select ends.
    first = (
        "<select><button><selectedcontent></selectedcontent><selectedcontent></selectedcontent></button>"
        "<option>A<b>b</b></option><option selected>C<i>d</i></option>" + "<div>z</div>" * 5000
    )
    parser = specparser.Parser(tree, events=("end",))
    parser.feed(first)
    cleared = 0
    for _, element in parser.read_events():
        if element.tag == "option":
            element.clear()
            cleared += 1
    assert cleared == 2
    parser.feed("</select>")
    result = parser.close()
    root = result.getroot() if tree == "lxml" else result
    assert [option.text for option in root.iter("option")] == [None, None]
    for selectedcontent in root.iter("selectedcontent"):
        assert (selectedcontent.text, [(e.tag, e.text) for e in selectedcontent]) == ("C", [("i", "d")])


def _dump(result: object, tree: str) -> str:
    if tree == "lxml":
        result = result.getroot()  # type: ignore[attr-defined]
    return dump_events(get_walker(tree)(result))

