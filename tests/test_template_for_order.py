"""``<template for>``'s marker lookup against a brute-force search.

The parser finds "the first marker in tree order in the scope" with an
index (:mod:`specparser.treeconstruction.patching`: creation order while
it is tree order, a binary search over markers kept in tree order, markers
placed by comparison, a sort after a move that may have changed their
order).  Here every lookup of randomly generated documents, full of
markers, tables (foster parenting), formatting elements (the adoption
agency), ranges and nested ``<template for>`` (markers made inside
patches), is checked against the definition read off the tree as it is at
that moment: every live marker of the name whose ancestors reach the scope
before any template contents, ordered by its path of child positions from
the root.  On every tree type, with the fast paths on and off, as a
document and as fragments.

The checks wrap ``ContentPatching``'s methods (``monkeypatch.setattr`` on
the class): the compiled build's tree constructor calls its compiled
methods directly and never sees a wrapper, so the module is skipped there;
``compat/build_identity.py`` (CI's compiled job) checks that the compiled
build's trees equal the pure build's.
"""

from __future__ import annotations

import random
import warnings
from typing import Any

import pytest

from _optional import MISSING

import specparser
from specparser.builders import get_builder
from specparser.treeconstruction import build_tree, context_element
from specparser.treeconstruction import patching as patching_module
from specparser.treeconstruction.patching import ContentPatching

pytestmark = pytest.mark.skipif(
    specparser.compiled,
    reason="wraps ContentPatching's methods on the class, which the compiled build's compiled callers do not see",
)

TREE_TYPES = ["etree", "lxml", "lxml.html", "bs4", "dom"]

_PIECES = [
    '<?marker name="x">', '<?marker name="x">', '<?marker name="y">', '<?start name="x">', "<?end>",
    '<template for="x">', '<template for="x">', '<template for="y">', "</template>", "</template>", "<template>",
    "<table>", "</table>", "<tr><td>", "</td>", "<caption>",
    "<b>", "</b>", "<i>", "</i>", "<a>", "</a>", "<nobr>", "</nobr>",
    "<div>", "</div>", "<p>", "</p>", "<span>", "</span>", "<ul><li>",
    "t", "t", " ", "</body>", "<select>", "<svg>", "</svg>",
]


def _document(rng: random.Random) -> str:
    return "".join(rng.choice(_PIECES) for _ in range(rng.randrange(4, 70)))


def _index(children: list[Any], child: Any) -> int:
    for index, node in enumerate(children):
        if node is child:
            return index
    raise AssertionError("a child not among its parent's children")


def brute_force(patching: ContentPatching, name: str, scope: Any) -> Any:
    """The first live marker ``name`` in tree order among the descendants
    of ``scope`` (not crossing into template contents), from the tree
    itself."""
    builder = patching.builder
    best = None
    best_key: tuple[int, ...] | None = None
    for entry in list(patching.kinds.values()):
        if entry.name != name or entry.target == "end" or not entry.live:
            continue
        path = [entry.node]
        parent = builder.parent_of(entry.node)
        while parent is not None:
            path.append(parent)
            parent = builder.parent_of(parent)
        if path[-1] is not patching.top or (len(path) > 1 and path[1] is patching.document):
            continue
        inside = False
        for ancestor in path[1:]:
            if ancestor is scope:
                inside = True
                break
            if patching.contents.get(id(ancestor)) is ancestor:
                break
        if not inside:
            continue
        key = tuple(_index(builder.children_of(above), below) for below, above in zip(path[-2::-1], path[:0:-1]))
        if best_key is None or key < best_key:
            best, best_key = entry.node, key
    return best


class _Checked:
    """Wraps ContentPatching.prepare: each lookup against brute_force,
    and which of the index's ways were taken."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.lookups = 0
        self.mismatches: list[str] = []
        self.ways: dict[str, int] = {}
        self.source = ""
        prepare = ContentPatching.prepare
        checked = self

        def checked_prepare(self: ContentPatching, name: str, scope: Any, inside: Any = None) -> Any:
            expected = brute_force(self, name, scope) if name else None
            patch = prepare(self, name, scope, inside)
            checked.lookups += 1
            got = patch.start if patch is not None else None
            if got is not expected:
                checked.mismatches.append(f"{checked.source!r}: {name!r} found {got!r}, expected {expected!r}")
            return patch

        monkeypatch.setattr(ContentPatching, "prepare", checked_prepare)
        self.monkeypatch = monkeypatch
        for way in ("_first_in_range", "_first_in_order", "_first_in_scope", "_place", "_sort"):
            self.count(way)

    def count(self, way: str) -> None:
        self.monkeypatch.setattr(ContentPatching, way, self._counting(way, getattr(ContentPatching, way)))

    def _counting(self, way: str, method: Any) -> Any:
        def counted(*args: Any, **kwargs: Any) -> Any:
            self.ways[way] = self.ways.get(way, 0) + 1
            return method(*args, **kwargs)

        return counted


@pytest.mark.parametrize("moves", ["checked", "all-disorder", "short-walks"])
@pytest.mark.parametrize("fast_paths", [True, False], ids=["fast", "general"])
@pytest.mark.parametrize("tree", TREE_TYPES)
def test_lookups_match_a_brute_force_search(
    tree: str, fast_paths: bool, moves: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``moves="all-disorder"`` takes every move of the adoption agency for
    one that may change the markers' order (none of the generated ones
    does: ContentPatching.moving finds them all order-keeping), so the
    lookups after them sort the markers again; ``"short-walks"`` compares
    siblings through the children lists read once (what wide parents
    take) after one step."""
    base = tree.split(".")[0]
    if base in MISSING:
        pytest.skip(MISSING[base])
    checked = _Checked(monkeypatch)
    if moves == "all-disorder":
        moving = ContentPatching.moving

        def disordering(self: ContentPatching, node: Any, place: Any) -> None:
            moving(self, node, place)
            self.disorders += 1

        monkeypatch.setattr(ContentPatching, "moving", disordering)
    if moves == "short-walks":
        monkeypatch.setattr(patching_module, "_WALK", 1)
        checked.count("_sibling_precedes")
    rng = random.Random(f"template-for-order-{tree}-{fast_paths}")
    for count in range(400):
        checked.source = source = _document(rng)
        context = (None, "div", "table", "template")[count % 4]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            full = {"fullTree": True} if tree == "etree" else {}
            adapter = get_builder(tree)(namespaceHTMLElements=True, **full)
            build_tree(source, adapter, context=None if context is None else context_element(context), fast_paths=fast_paths)
    assert not checked.mismatches, "\n".join(checked.mismatches[:10])
    # The documents take every way of the index, often.
    assert checked.lookups > 1000, checked.lookups
    ways = ["_first_in_range", "_first_in_order", "_place"]
    ways += {"checked": [], "all-disorder": ["_sort"], "short-walks": ["_sibling_precedes"]}[moves]
    for way in ways:
        assert checked.ways.get(way, 0) > 20, checked.ways


# Wide parents: markers made in the middle of many older ones (inside a
# patch, in fostered elements before a table), and markers before many
# siblings, compared through the children lists read once.
WIDE = [
    '<body><div>' + '<?marker name="x">' * 120 + '<?marker name="o">' + '<?marker name="x">' * 120
    + '</div><template for="o">' + '<?marker name="x"><template for="x">A</template>' * 120 + "</template>",
    '<div><?marker name="x"></div>' * 120 + "<table><b>x</b></table>" + '<span><template for="x">A</template></span>' * 120,
    '<body><table><?marker name="x">' + '<b><?marker name="x"><template for="x">y</template></b>' * 120,
    "<body>" + '<?marker name="x"><p>' * 60 + '<table>a</table><template for="x">y</template>' * 60
    + '</p><template for="x">z</template>' * 60,
]


@pytest.mark.parametrize("tree", TREE_TYPES)
def test_wide_parents_match_a_brute_force_search(tree: str, monkeypatch: pytest.MonkeyPatch) -> None:
    base = tree.split(".")[0]
    if base in MISSING:
        pytest.skip(MISSING[base])
    checked = _Checked(monkeypatch)
    checked.count("_before_kept")
    for source in WIDE:
        checked.source = source
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            build_tree(source, get_builder(tree)(namespaceHTMLElements=True))
    assert not checked.mismatches, "\n".join(checked.mismatches[:10])
    assert checked.lookups > 400, checked.lookups
    assert checked.ways.get("_before_kept", 0) > 50, checked.ways


# Deep markers: looked up from a new scope each time (outside it, inside
# it), placed against a deep one after foster parenting, and moved by the
# adoption agency between lookups (the places found are kept until a node
# moves: see patching._Place).
DEEP = [
    "<body>" + "<div>" * 40 + '<?marker name="x">' * 4 + "</div>" * 40 + '<span><template for="x">A</template></span>' * 40,
    "<body>" + "<span>" * 30 + "<div>" * 30 + '<?marker name="x">' * 30 + "</div>" * 30
    + '<template for="x">A</template></span>' * 30,
    "<body><table><tr><td>" + "<div>" * 40 + '<?marker name="x">' + "</div>" * 40 + "</td></tr>"
    + '<b><?marker name="x"><template for="x">y</template></b>' * 40,
    "<body><b>" + "<div>" * 20 + '<?marker name="x">' * 30 + "</div>" * 10
    + '</b><span><template for="x">A</template></span><b><p>' * 30,
    "<body>" + "".join(f"<b id={i}>" for i in range(30)) + "<div>" + '<?marker name="x">' * 30
    + '</b></b><template for="x">A</template>' * 30,
]


@pytest.mark.parametrize("tree", TREE_TYPES)
@pytest.mark.parametrize("fast_paths", [True, False], ids=["fast", "general"])
def test_deep_markers_match_a_brute_force_search(tree: str, fast_paths: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    base = tree.split(".")[0]
    if base in MISSING:
        pytest.skip(MISSING[base])
    checked = _Checked(monkeypatch)
    for source in DEEP:
        for context in (None, "div"):
            checked.source = source
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                build_tree(
                    source, get_builder(tree)(namespaceHTMLElements=True),
                    context=None if context is None else context_element(context), fast_paths=fast_paths,
                )
    assert not checked.mismatches, "\n".join(checked.mismatches[:10])
    assert checked.lookups == 340, checked.lookups
    assert checked.ways.get("_first_in_range", 0) > 50 and checked.ways.get("_first_in_order", 0) > 20, checked.ways
