"""The lxml builder's deferred moves (:mod:`specparser.builders._deferred_moves`).

lxml walks the whole subtree of every node it moves, and up to the root
from where it inserts, so a document that has the adoption agency move a
growing subtree again and again was quadratic with lxml (0.73 s at n =
4,000 for the shape below, 0.06 s with ElementTree), and so were elements
fostered before a deep table and shadow roots attached to deep hosts.
After a few such long walks the builder keeps the tree's structure in
Python lists and assembles it in lxml when parsing ends.

Here: a builder that defers from the root element on (so that every
builder method's deferred way runs on every input) builds the same tree as
lxml's own moves, byte for byte with every ``sourceline``, on the WPT tree
tests, the corpus and generated documents, for the lxml and lxml.html
trees with and without namespaced HTML elements; the default budget is
what the module says (no corpus page spends it; the ninth long walk
defers, shallow insertions do not count);
the event interfaces never defer; and the hostile shapes grow linearly
(also in tests/test_scaling.py, slow).
"""

from __future__ import annotations

import warnings
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("lxml", reason="lxml is not installed (pip install specparser-html[lxml])")

from lxml import etree  # noqa: E402

import specparser  # noqa: E402
from compat.paths import MISSING_CORPUS, corpus_dir  # noqa: E402
from compat.tree_suite import load_cases, missing_reason  # noqa: E402
from specparser.builders._support import index_from_end  # noqa: E402
from specparser.builders.lxml import LxmlTreeBuilder  # noqa: E402
from specparser.testformat import dump_events  # noqa: E402
from specparser.treeconstruction import build_tree, context_element  # noqa: E402
from specparser.walkers.lxml import walk  # noqa: E402
from test_scaling import GROWTH, LIMIT, SHAPES, growth  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::specparser.infoset.DataLossWarning")

CASES = load_cases()
FILES = sorted({c.file for c in CASES})
CORPUS = sorted(corpus_dir().glob("*.html")) if corpus_dir() is not None else []
OPTIONS = [
    pytest.param({}, id="lxml"),
    pytest.param({"html_classes": True, "namespaceHTMLElements": False}, id="lxml.html-plain"),
]


# The hostile shapes test_scaling measures on every tree (slow there).
growing_subtree = SHAPES["adoption agency moving a growing subtree"][0]
markers_nested_deeper = SHAPES["<template for>: the adoption agency nesting markers deeper per lookup"][0]
deep_foster_parenting = SHAPES["deep foster parenting"][0]


def deep_shadow_hosts(n: int) -> str:
    """n shadow roots attached to hosts n elements deep (lxml's insert walks
    up from each host: 8.0 s at n = 40,000, 1.4 s now)."""
    return "<div>" * n + "<p><template shadowrootmode=open>x</template></p>" * n


class _Assembling(LxmlTreeBuilder):
    """Records that its tree was deferred (and so assembled)."""

    assembled = False

    def _assemble(self) -> None:
        self.assembled = True
        super()._assemble()


def _builder(deferred: bool, options: dict) -> LxmlTreeBuilder:
    if not deferred:
        return LxmlTreeBuilder(**options)
    builder = _Assembling(**options)
    builder._long_walks_left = -1  # deferred from the root element on
    return builder


def _parse(
    text: str, deferred: bool, options: dict, context: str | None = None, scripting: bool = False,
    shadow_roots: bool = False,
) -> Any:
    builder = _builder(deferred, options)
    return build_tree(
        text, builder, scripting=scripting, context=None if context is None else context_element(context),
        shadow_roots=shadow_roots,
    ), builder


def _picture(result: Any, canonical: bool = False) -> list:
    """Everything lxml holds of a document or fragment: its XML and every
    node's sourceline (a fragment: its leading text, then each node).
    ``canonical``: the XML as exclusive C14N writes it, which declares each
    namespace where an element uses it (see _same_both_ways)."""
    if isinstance(result, list):
        return [item if isinstance(item, str) else _picture_of_node(item, canonical) for item in result]
    return [_xml(result, canonical), str(result.docinfo.doctype), *_lines(result.getroot())]


def _picture_of_node(node: Any, canonical: bool) -> list:
    return [_xml(node, canonical), node.tail, *_lines(node)]


def _xml(node: Any, canonical: bool) -> str:
    if canonical and (not hasattr(node, "tag") or isinstance(node.tag, str)):
        return etree.tostring(node, method="c14n", exclusive=True, with_comments=True).decode()
    return etree.tostring(node, encoding="unicode", with_tail=False)


def _lines(node: Any) -> list:
    return [(n.tag if isinstance(n.tag, str) else "#", n.sourceline) for n in node.iter()]


def _same_both_ways(
    text: str, options: dict, context: str | None = None, scripting: bool = False, shadow_roots: bool = False,
    canonical: bool = False,
) -> Any:
    """The tree with moves deferred from the root on is lxml's own, byte for
    byte (``canonical``: but for where namespaces are declared, see
    test_a_clone_of_nested_foreign_content)."""
    plain, plain_builder = _parse(text, False, options, context, scripting, shadow_roots)
    deferred, deferred_builder = _parse(text, True, options, context, scripting, shadow_roots)
    assert deferred_builder.assembled and deferred_builder._deferred is None
    assert _picture(deferred, canonical) == _picture(plain, canonical), f"input: {text!r} context: {context!r}"
    return deferred


@pytest.mark.skipif(not CASES, reason=missing_reason())
@pytest.mark.parametrize("options", OPTIONS)
@pytest.mark.parametrize("file", FILES)
def test_wpt_trees_alike_with_moves_deferred(file: str, options: dict) -> None:
    failures = []
    for case in (c for c in CASES if c.file == file and c.skip is None):
        tree = _same_both_ways(case.data, options, case.context, case.scripting)
        if not options and dump_events(walk(tree)) != case.expected:
            failures.append(case.id)
    assert not failures


@pytest.mark.skipif(not CORPUS, reason=MISSING_CORPUS)
def test_corpus_alike_with_moves_deferred() -> None:
    assert len(CORPUS) == 130
    for path in CORPUS[::3]:
        data = path.read_bytes()
        plain = specparser.parse(data, _builder(False, {}))
        builder = _builder(True, {})
        deferred = specparser.parse(data, builder)
        assert builder.assembled
        assert _picture(deferred) == _picture(plain), path.name


@pytest.mark.skipif(not CORPUS, reason=MISSING_CORPUS)
def test_no_corpus_page_spends_the_budget() -> None:
    """The module's claim: real pages move no subtree lxml would walk."""
    for path in CORPUS:
        builder = LxmlTreeBuilder()
        specparser.parse(path.read_bytes(), builder)
        assert builder._long_walks_left == LxmlTreeBuilder()._long_walks_left, path.name


PIECES = st.sampled_from(
    [
        "<b>", "</b>", "<i id=1>", "<i id=2>", "</i>", "<a>", "</a>", "<p>", "</p>", "<div>", "</div>",
        "<table>", "<tr>", "<td>", "</table>", "x", " ", "<!--c-->", "<?pi d>", "<svg>", "<math>",
        "<template>", "</template>", '<?marker name="m">', '<?start name="m">', "<?end>",
        '<template for="m">', "<select>", "<option>", "<button>", "<selectedcontent>",
        "<template shadowrootmode=open>", "<template shadowrootmode=open shadowrootclonable>",
        "<nobr>", "<font>", "<center>", "</body>", "</html>", "<frameset>", "<li>", "<h1>",
    ]
)
DOCUMENTS = st.lists(PIECES, max_size=50).map("".join)


@settings(max_examples=400, deadline=None)
@given(DOCUMENTS, st.sampled_from([None, "div", "table", "template", "svg svg", "select"]), st.booleans(), st.booleans())
def test_generated_documents_alike_with_moves_deferred(
    text: str, context: str | None, html_classes: bool, shadow_roots: bool
) -> None:
    options = {"html_classes": True, "namespaceHTMLElements": False} if html_classes else {}
    _same_both_ways(text, options, context, shadow_roots=shadow_roots, canonical=True)


def test_a_clone_of_nested_foreign_content() -> None:
    """The one difference known: where lxml's deepcopy of the assembled
    option content copies a node whose namespace an ancestor outside the
    copy declares (the inner <svg>), libxml2 declares it on the copy's top
    (<nobr>, an HTML element); with moves deferred every detached node
    declares what it uses, and the <svg> keeps it.  Every element is in the
    same namespace; exclusive C14N (each declaration where it is used) is
    the same.  (Found by a random differential run of documents made of
    PIECES and more.)"""
    text = "<select><button><selectedcontent></button><svg><foreignObject><option><nobr><svg>"
    plain, _ = _parse(text, False, {}, "math mi")
    deferred = _same_both_ways(text, {}, "math mi", canonical=True)
    assert 'nobr xmlns="http://www.w3.org/2000/svg"' in etree.tostring(plain[0], encoding="unicode")
    assert 'svg xmlns="http://www.w3.org/2000/svg"' in etree.tostring(deferred[0], encoding="unicode")


@pytest.mark.parametrize("make", [growing_subtree, deep_foster_parenting, deep_shadow_hosts])
def test_the_ninth_long_walk_defers(make: Any) -> None:
    """Eight long walks (moves of nodes with children, insertions before a
    node 64 deep) are lxml's; the ninth starts deferring (and nothing is
    counted after it), with the same tree.  Shallower insertions do not
    count."""
    assert LxmlTreeBuilder()._long_walks_left == 8
    seen = []

    class Watching(LxmlTreeBuilder):
        def _long_walk(self) -> bool:
            deferring = super()._long_walk()
            seen.append((self._long_walks_left, deferring))
            return deferring

    shallow = make(30) if make is not growing_subtree else ""
    built = build_tree(shallow, Watching(), shadow_roots=True)
    assert seen == []
    assert _picture(built) == _picture(build_tree(shallow, _builder(False, {}), shadow_roots=True))
    text = make(80)
    tree = build_tree(text, Watching(), shadow_roots=True)
    assert seen == [(left, False) for left in range(7, -1, -1)] + [(-1, True)]
    assert _picture(tree) == _picture(build_tree(text, _builder(False, {}), shadow_roots=True))


def test_events_never_defer() -> None:
    """The events interface reads each element at "end", children and
    all, and may drop it: nothing is deferred there.  (Deferred, the <b>
    that wraps the <div>'s content at each </b> would have no children
    when it ends.)"""
    text = growing_subtree(200)
    parser = specparser.Parser(tree="lxml", events=("end",))
    children_at_end = []
    for start in range(0, len(text), 64):
        parser.feed(text[start : start + 64])
        children_at_end += [len(node) for _, node in parser.read_events() if etree.QName(node).localname == "b"]
    tree = parser.close()
    assert etree.tostring(tree) == etree.tostring(specparser.parse(text, "lxml"))
    # Each </b> ends one <b>; all but the two first hold the content they
    # wrap (deferred from the ninth move on, none would).
    assert len(children_at_end) == 372
    assert sum(map(bool, children_at_end)) == 370


@pytest.mark.parametrize("make", [growing_subtree, markers_nested_deeper, deep_foster_parenting])
def test_fed_in_pieces_alike(make: Any) -> None:
    """The incremental parser, fed 97 characters at a time, defers as the
    one-shot parse does (the sourcelines too), the tree assembled at
    close()."""
    text = make(300)
    builder = _Assembling()
    parser = specparser.Parser(tree=builder)
    for start in range(0, len(text), 97):
        parser.feed(text[start : start + 97])
    tree = parser.close()
    assert builder.assembled  # (deferred after eight long walks)
    assert _picture(tree) == _picture(specparser.parse(text, LxmlTreeBuilder()))


def test_deferred_moves_use_identity() -> None:
    """The lookup the deferred structure uses (the adapters' shared
    ``index_from_end``) finds a node by identity even among nodes that
    compare equal (an element class with an __eq__ of its own)."""

    class Same:
        def __eq__(self, other: object) -> bool:
            return True

        __hash__ = object.__hash__

    nodes = [Same() for _ in range(5)]
    for index, node in enumerate(nodes):
        assert index_from_end(nodes, node) == index
    with pytest.raises(ValueError):
        index_from_end(nodes, Same())


@pytest.mark.parametrize(
    "make, n", [(growing_subtree, 500), (markers_nested_deeper, 500), (deep_foster_parenting, 2500), (deep_shadow_hosts, 2500)]
)
@pytest.mark.parametrize("tree", ["lxml", "lxml.html"])
def test_walking_far_is_linear(make: Any, n: int, tree: str) -> None:
    """CPU time for 8x the input, as test_scaling measures it: linear ~8x,
    quadratic ~64x (30x and more before deferral)."""

    def measure(size: int) -> Any:
        text = make(size)
        return lambda: specparser.parse(text, tree, shadow_roots=True)

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ratio = growth(measure, n)
    assert ratio < LIMIT, f"{GROWTH}x the input took {ratio:.1f}x the CPU time"
