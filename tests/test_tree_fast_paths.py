"""Tree construction's shortcuts against its general path (issue 22).

``build_tree(fast_paths=False)`` sends every character through the
tokenizer's states and every token through the insertion modes' handlers,
creating and pushing every element with ``insert_element``
(``ElementRecord()`` and ``push()``).  Here both ways must give the same
tree AND the same parse errors (code and offset, in order): on the
html5lib-tests and WPT tree-construction files for every builder, on the
corpus pages, and on generated documents.  A lockstep run feeds the same
tokens to a fast and a general TreeConstructor and compares their whole
state (stack of open elements with every record slot, scope indexes, list of
active formatting elements, modes, the adjusted current node) after every
token, which checks the inlined record creation, push and pop against the
general ones, and the adjusted current node that push and pop keep against
its definition.
"""

from __future__ import annotations

import sys
import warnings
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import specparser
from compat.paths import MISSING_CORPUS, MISSING_TESTS, SHARED, corpus_dir, html5lib_tests_dir
from compat.tree_suite import parse_dat
from specparser.builders import builder_names, get_builder, get_walker
from specparser.tables.elements import ENDED_BY_POP, FORMATTING, HTML_RECORD_FLAGS, PLAIN_HTML_RECORD
from specparser.testformat import dump_events
from specparser.tokenizer import Tokenizer
from specparser.tokens import EndTag, StartTag
from specparser.treeconstruction import build_tree, context_element
from specparser.treeconstruction.core import TreeConstructor
from specparser.treeconstruction.records import ElementRecord

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _optional import BS4_MISSING, LXML_MISSING  # noqa: E402
from test_properties import CONTEXTS, examples, html_like  # noqa: E402

WPT = SHARED / "wpt-tree-construction"
BUILDERS = builder_names()  # bs4, dom, etree, lxml, lxml.html
_NEEDS = {"lxml": LXML_MISSING, "lxml.html": LXML_MISSING, "bs4": BS4_MISSING}


def _builder(name: str):
    missing = _NEEDS.get(name)
    if missing:
        pytest.skip(missing)
    return get_builder(name)


def parse_both_ways(source: str, builder: str, context: str | None = None, scripting: bool = False):
    """(dump, errors) with the fast paths, and without."""
    results = []
    for fast in (True, False):
        adapter = _builder(builder)(namespaceHTMLElements=True)
        errors: list = []
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # lxml's coercion warnings
            tree = build_tree(
                source,
                adapter,
                scripting=scripting,
                errors=errors,
                context=None if context is None else context_element(context),
                fast_paths=fast,
            )
            dump = dump_events(get_walker(builder)(tree))
        results.append((dump, [(e.code, e.offset) for e in errors]))
    return results


def _suite_inputs(directory: Path | None) -> list[tuple[str, str | None, bool]]:
    """(data, fragment context, scripting) of every case of every ``.dat``
    in ``directory`` (scripted ones too: no expectation is used), in both
    scripting modes."""
    if directory is None or not directory.is_dir():
        return []
    out = []
    for path in sorted(directory.glob("*.dat")):
        for raw in parse_dat(path):
            data = "\n".join(raw["data"])
            context = raw["document-fragment"][0].strip() if "document-fragment" in raw else None
            out.extend((data, context, scripting) for scripting in (False, True))
    return out


_SUITES = {
    "html5lib-tests": lambda: _suite_inputs(
        None if html5lib_tests_dir() is None else html5lib_tests_dir() / "tree-construction"  # type: ignore[operator]
    ),
    "wpt": lambda: _suite_inputs(WPT),
}


@pytest.mark.parametrize("builder", BUILDERS)
@pytest.mark.parametrize("suite", sorted(_SUITES))
def test_the_suites_parse_alike_both_ways(suite: str, builder: str) -> None:
    inputs = _SUITES[suite]()
    if not inputs:
        pytest.skip(MISSING_TESTS if suite == "html5lib-tests" else f"{WPT} not found")
    assert len(inputs) > 3000
    differ = []
    for data, context, scripting in inputs:
        fast, general = parse_both_ways(data, builder, context, scripting)
        if fast != general:
            differ.append((data, context, scripting))
    assert differ == []


_CORPUS = sorted(corpus_dir().glob("*.html")) if corpus_dir() is not None else []


@pytest.mark.skipif(not _CORPUS, reason=MISSING_CORPUS)
def test_the_corpus_parses_alike_both_ways() -> None:
    # etree only: the general path's tokenizer takes ~30 s over the corpus;
    # the other builders' calls are compared on the suites above.
    builder = "etree"
    assert len(_CORPUS) == 130
    differ = []
    for path in _CORPUS:
        page = path.read_bytes().decode("utf-8-sig", errors="replace")
        fast, general = parse_both_ways(page, builder)
        if fast != general:
            differ.append(path.name)
    assert differ == []


# Deep documents: the lookups that replace walks down the stack ("any
# other end tag", "reset the insertion mode appropriately", the nearest
# select of an option, foreign content's end tags) take over past a few
# elements, so the documents nest far deeper than html_like's, with special
# and ordinary elements, tables, templates, selects, SVG and MathML
# (integration points too) and end tags for what is open and what is not.
_DEEP_OPEN = st.sampled_from([
    "<span>", "<b>", "<em>", "<x-y>", "<div>", "<p>", "<li>", "<section>", "<object>", "<a>",
    "<table>", "<tr>", "<td>", "<caption>", "<template>", "<select>", "<optgroup>", "<option>",
    "<datalist>", "<svg>", "<g>", "<foreignObject>", "<desc>", "<math>", "<mi>", "<mrow>",
    "<annotation-xml encoding=text/html>", "<ruby>", "<rt>", "<button>", "<selectedcontent>",
    "<option selected>", "<hr>",
])  # fmt: skip
_DEEP_CLOSE = st.sampled_from([
    "</span>", "</b>", "</x-y>", "</div>", "</p>", "</li>", "</object>", "</a>", "</table>",
    "</td>", "</tr>", "</caption>", "</template>", "</select>", "</option>", "</optgroup>",
    "</g>", "</G>", "</svg>", "</foreignObject>", "</math>", "</mi>", "</mrow>", "</x>", "</hr>",
])  # fmt: skip


# Elements in no special category (the walks pass them by), in HTML and
# in SVG (no breakout names).
_DEEP_ORDINARY = st.sampled_from(["<span>", "<b>", "<em>", "<x-y>", "<a>", "<g>", "<mrow>", "<ruby>", "<option>"])
_DEEP_ORDINARY_SVG = st.sampled_from(["<g>", "<a>", "<rect>", "<x-y>", "<G>", "<foreignObject>"])


@st.composite
def deep_documents(draw) -> str:
    pieces = [draw(_DEEP_OPEN) for _ in range(draw(st.integers(0, 30)))]
    # A run of ordinary elements longer than the walks' few steps.
    if draw(st.booleans()):
        pieces += [draw(_DEEP_ORDINARY) for _ in range(draw(st.integers(9, 20)))]
    else:
        pieces += ["<svg>"] + [draw(_DEEP_ORDINARY_SVG) for _ in range(draw(st.integers(9, 20)))]
    tail = draw(st.lists(st.one_of(_DEEP_OPEN, _DEEP_ORDINARY, _DEEP_CLOSE, _DEEP_CLOSE, st.just("t")), max_size=40))
    return "".join(pieces + tail)


@examples(300)
@given(deep_documents(), st.one_of(st.none(), st.sampled_from(CONTEXTS)))
# An option's nearest select past an option, a datalist, an hr or two
# optgroups, deep in a select with a selectedcontent to clone into.
@example("<select><button><selectedcontent></button>" + "<span>" * 9 + "<option>" * 3 + "x", None)
@example("<select><button><selectedcontent></button><datalist>" + "<b>" * 9 + "<option>x", None)
@example("<select><button><selectedcontent></button><optgroup><span><optgroup>" + "<b>" * 9 + "<option>x", None)
@example("<select><button><selectedcontent></button><optgroup>" + "<b>" * 9 + "<option>x</option>", None)
@example("<select><button><selectedcontent></button>" + "<b>" * 9 + "<option selected>x</b></b><option>y", None)
# Foreign content's end tags: a name below the nearest HTML element, and a
# form removed from under SVG elements (their nearest HTML element changes).
@example("<svg><g><foreignObject><div><svg>" + "<rect>" * 9 + "</g>z", None)
@example("<form><svg><g></form>" + "<g>" * 9 + "</svg>x", None)
@example("<form><svg>" + "<g>" * 10 + "</x></form></svg>x", None)
def test_deep_documents_parse_alike_both_ways(source: str, context: str | None) -> None:
    for builder in ("etree", "dom"):
        fast, general = parse_both_ways(source, builder, context)
        assert fast == general, builder


# Documents heavy in formatting elements: the list of active formatting
# elements' indexes (Noah's Ark keys, the last entry of a name after the
# last marker, membership) and its links (removal anywhere, the adoption
# agency's bookmark, reconstruction) against the walks.  A few names with
# attributes from a small pool (so a key passes three entries, and a name
# gathers many), markers from every element that pushes one, blocks and
# end tags that misnest them, text that reconstructs.
_AFE_NAME = st.sampled_from(["b", "i", "a", "nobr", "font", "em"])
_AFE_ATTRS = st.sampled_from(["", "", " id=1", " id=2", " class=x", " id=1 class=x", " class=x id=1"])
_AFE_PIECE = st.one_of(
    st.builds(lambda n, a: f"<{n}{a}>", _AFE_NAME, _AFE_ATTRS),
    st.builds(lambda n, a: f"<{n}{a}>", _AFE_NAME, _AFE_ATTRS),
    st.builds(lambda n: f"</{n}>", _AFE_NAME),
    st.sampled_from([
        "x", "x", "<div>", "</div>", "<p>", "</p>", "<td>", "</td>", "<table>", "</table>", "<tr>", "<caption>",
        "</caption>", "<template>", "</template>", "<applet>", "</applet>", "<object>", "</object>",
        "<marquee>", "</marquee>", "<svg><foreignObject>", "</svg>", "<address>", "<li>", "<button>", "</button>",
        "<h1>", "</h1>", "<span>", "<img>",
    ]),  # fmt: skip
)


# A run of distinct entries longer than the walk back for a name
# (WALK_BEFORE_LOOKUP), so that the index by name starts.
_AFE_RUN = st.builds(
    lambda names, start: "".join(f"<{name} id=r{start + i}>" for i, name in enumerate(names)),
    st.lists(st.sampled_from(["b", "i", "em", "font"]), min_size=9, max_size=14),
    st.integers(0, 3),
)


@st.composite
def formatting_heavy_documents(draw) -> str:
    pieces = draw(st.lists(st.one_of(_AFE_PIECE, _AFE_RUN) if draw(st.booleans()) else _AFE_PIECE, max_size=60))
    return "".join(pieces)


@examples(300)
@given(formatting_heavy_documents(), st.one_of(st.none(), st.sampled_from(["td", "div", "template"])))
# Noah's Ark deleting far entries, within nested markers; the adoption
# agency with a bookmark past entries off the stack; an a after the last
# marker out of scope.
@example("<b id=1><b id=1><b id=1><i id=2><i>x<object><b><b><b><i><b>y</object><b id=1>z", None)
@example("<a><b><div><div><i id=1><i id=2><i id=3></div></a>x<a>y", None)
@example("<a><b id=1><b id=2><svg><foreignObject></a></a><td></a><a>x", None)
@example("<table><td><b><b><b><td><b><caption><b><b><b><b>x</caption><b>y</table>", None)
# A b that Noah's Ark removed from the list (for two b's off the stack),
# still open between the formatting element and the furthest block.
@example("<a><b><div><b><b></div><b></b></b></b><div></a>x", None)
# The index by name, started by an a start tag, then kept through the
# adoption agency (clones in place, the formatting element moved).
@example("<a id=1><div><a>" + "".join(f"<i id=r{i}>" for i in range(10)) + "<a>x<p><b>y</a>z", None)
@example("".join(f"<em id={i}>" for i in range(10)) + "<a><b><div>x</a><nobr><i><p>y</nobr><a>z", None)
@example("<a><b><div>" + "".join(f"<i id={i}>" for i in range(9)) + "</a>x", None)
# Entries of a name removed from the middle of the index (Noah's Ark),
# then from its end.
@example("<b><b><b>" + "".join(f"<i id={i}>" for i in range(9)) + "<a><b></b></a></b></b>x<b>y", None)
@example("<table><td><a><b><div>" + "".join(f"<i id={i}>" for i in range(9)) + "</a>x<a>y</td></table>z", None)
def test_formatting_heavy_documents_alike_both_ways(source: str, context: str | None) -> None:
    run_lockstep(source, context)
    for builder in ("etree", "dom"):
        fast, general = parse_both_ways(source, builder, context)
        assert fast == general, builder


@pytest.mark.parametrize(
    "source, expected",
    [
        # Eight outer loops leave the last a in the list, after the b the
        # first loop's bookmark followed: z is reconstructed in b, then a
        # (Chromium 156 gives these trees too).
        (
            "<div><a><b>" + "<div>" * 9 + "x</a>y" + "</div>" * 10 + "z",
            "<div><a><b></b></a><b>" + "<div><a></a>" * 7 + "<div><a><div>xy</div></a></div>" + "</div>" * 7
            + "</b></div><b><a>z</a></b>",
        ),
        (
            "<div><a><b><i>" + "<div>" * 9 + "x</a>y" + "</div>" * 10 + "z",
            "<div><a><b><i></i></b></a><b><i>" + "<div><a></a>" * 7 + "<div><a><div>xy</div></a></div>"
            + "</div>" * 7 + "</i></b></div><b><i><a>z</a></i></b>",
        ),
    ],
)
def test_the_adoption_agencys_bookmark(source: str, expected: str) -> None:
    """Step 4.18 puts the new formatting element where the bookmark is:
    after the first clone of the inner loop, not in the old element's
    place (the suites' trees do not tell the two apart)."""
    from specparser.serializer import serialize_html

    for fast in (True, False):
        tree = build_tree(source, get_builder("etree")(), fast_paths=fast)
        assert serialize_html(tree, "etree") == f"<html><head></head><body>{expected}</body></html>"


@examples(300)
@given(html_like, st.one_of(st.none(), st.sampled_from(CONTEXTS)), st.booleans())
def test_generated_documents_parse_alike_both_ways(source: str, context: str | None, scripting: bool) -> None:
    for builder in BUILDERS:
        if builder not in _NEEDS or not _NEEDS[builder]:
            fast, general = parse_both_ways(source, builder, context, scripting)
            assert fast == general, builder


# -- lockstep: the whole parser state after every token ---------------------------


# The record's fields: its __slots__, or in the compiled build (mypyc keeps
# the attributes in a C struct and drops __slots__) mypyc's list of them.
_RECORD_FIELDS: tuple[str, ...] = tuple(
    getattr(ElementRecord, "__slots__", None) or getattr(ElementRecord, "__mypyc_attrs__")
)


# The list of active formatting elements' links and index places
# (FormattingSegment): compared through _afe and _segments, and checked by
# _check_afe_indexes.
_AFE_LINKS = ("aseg", "aprev", "anext", "aidx")


def _record(rec: ElementRecord | None) -> tuple | None:
    """Everything a record holds but the builder's nodes (compared through
    the trees)."""
    if rec is None:
        return None
    if rec.hname is None:
        # An SVG or MathML record's akey and extra are the shortcut's index
        # (TreeConstructor.index_foreign_elements), which the general path
        # never starts; what it finds is compared through the trees.
        return tuple(
            getattr(rec, slot) for slot in _RECORD_FIELDS if slot not in ("node", "extra", "akey") + _AFE_LINKS
        )
    slots = tuple(getattr(rec, slot) for slot in _RECORD_FIELDS if slot not in ("node", "extra") + _AFE_LINKS)
    return slots + (type(rec.extra).__name__,)


def _segments(p: TreeConstructor) -> list:
    """The Noah's Ark index of each segment of the list of active
    formatting elements (innermost first): key -> the identical entries.
    (The index by name starts only on the fast path: see
    _check_afe_indexes.)"""
    out = []
    segment = p.afe
    while segment is not None:
        out.append({key: [_record(rec) for rec in same] for key, same in segment.keys.items()})
        segment = segment.outer
    return out


def _check_afe_indexes(p: TreeConstructor) -> None:
    """The list's links and indexes agree with the list (the order the
    doubly linked entries give): each record knows its segment and
    neighbours, each key's entries and each name's are the segment's in
    list order, at most three per key, none missing; once started, each
    name's entries likewise, the last item of a name an entry (so it is the
    last of that name); a segment's ``last`` is its last entry."""
    segment = p.afe
    while segment is not None:
        entries = []
        rec = segment.first
        previous = None
        while rec is not None:
            assert rec.aseg is segment and rec.aprev is previous
            entries.append(rec)
            previous, rec = rec, rec.anext
        assert segment.last is previous
        keys: dict = {}
        names: dict = {}
        for rec in entries:
            keys.setdefault(rec.akey, []).append(rec)
            names.setdefault(rec.name, []).append(rec)
        assert {key: [id(r) for r in same] for key, same in segment.keys.items()} == {
            key: [id(r) for r in same] for key, same in keys.items()
        }
        assert all(len(same) <= 3 for same in segment.keys.values())
        if segment.names is None:
            segment = segment.outer
            continue
        assert set(segment.names) == set(names)
        for name, named in segment.names.items():
            assert named[-1] is not None
            assert [id(r) for r in named if r is not None] == [id(r) for r in names[name]], name
            assert all(r is None or named[r.aidx] is r for r in named)
        segment = segment.outer


def _state(p: TreeConstructor) -> tuple:
    return (
        p.mode.name,
        p.original_mode.name,
        [mode.name for mode in p.template_modes],
        p.frameset_ok,
        p.skip_newline,
        p.quirks_mode,
        [_record(rec) for rec in p.open],
        [i for i, rec in enumerate(p.open) if rec.index != i],
        # (Keys with a space: the SVG and MathML index, see _record.)
        {name: [rec.index for rec in records] for name, records in p.by_name.items() if records and " " not in name},
        {bit: [rec.index for rec in records] for bit, records in p.boundaries.items()},
        [_record(rec) for rec in p.afe.entries()],
        _segments(p),
        _record(p.head),
        _record(p.form),
        _record(p.adjusted_current_node),
    )


def _adjusted_current_node(p: TreeConstructor) -> ElementRecord | None:
    """https://html.spec.whatwg.org/#adjusted-current-node, from its
    definition: the context element if the parser was created as part of
    the fragment parsing algorithm and the stack of open elements has only
    one element in it; otherwise the current node."""
    if not p.open:
        return None
    if p.context is not None and len(p.open) == 1:
        return p.context
    return p.open[-1]


class _Lockstep:
    """A token sink feeding two TreeConstructors, one with the fast paths
    and one without, and comparing their states after every token."""

    def __init__(self, fast: TreeConstructor, general: TreeConstructor) -> None:
        self.fast = fast
        self.general = general
        self.tokens = 0

    def _both(self, method: str, *args) -> None:
        # Handlers may change a tag token (start_image renames it): each
        # parser gets its own.
        copy = _copy(args)
        getattr(self.fast, method)(*args)
        getattr(self.general, method)(*copy)
        self.tokens += 1
        assert _state(self.fast) == _state(self.general), (method, args)
        _check_afe_indexes(self.fast)
        _check_afe_indexes(self.general)
        # The node kept on push and pop is the definition's.
        for p in (self.fast, self.general):
            assert p.adjusted_current_node is _adjusted_current_node(p), (method, args)

    def cdata_allowed(self) -> bool:
        allowed = self.fast.cdata_allowed()
        assert allowed == self.general.cdata_allowed()
        return allowed

    def characters(self, data: str, pos: int) -> None:
        self._both("characters", data, pos)

    def start_tag(self, tag: StartTag) -> None:
        self._both("start_tag", tag)

    def end_tag(self, tag: EndTag) -> None:
        self._both("end_tag", tag)

    def comment(self, data: str, pos: int) -> None:
        self._both("comment", data, pos)

    def processing_instruction(self, target: str, data: str, pos: int) -> None:
        self._both("processing_instruction", target, data, pos)

    def doctype(self, token) -> None:
        self._both("doctype", token)

    def eof(self, pos: int) -> None:
        self._both("eof", pos)


def _copy(args: tuple) -> tuple:
    """The general parser's own copy of a tag token (records keep its attrs)."""
    token = args[0]
    if isinstance(token, StartTag):
        return (StartTag(token.name, dict(token.attrs), token.self_closing, token.pos, token.end),)
    return args


def run_lockstep(source: str, context: str | None = None, scripting: bool = False) -> int:
    """Parse ``source`` in lockstep (etree); the trees and errors must match
    too.  Returns the number of tokens compared."""
    parsers, errors = [], []
    for fast in (True, False):
        errors.append([])
        parsers.append(
            TreeConstructor(
                get_builder("etree")(namespaceHTMLElements=True),
                scripting=scripting,
                errors=errors[-1],
                context=None if context is None else context_element(context),
                fast_paths=fast,
            )
        )
    sink = _Lockstep(*parsers)
    # The tokenizer keeps its errors to itself: the lists hold each
    # parser's tree construction errors.
    tokenizer = Tokenizer(source, sink)  # type: ignore[arg-type]
    for p in parsers:
        p.tokenizer = tokenizer
        p.builder.set_source(tokenizer.text)
    if context is not None:
        tokenizer.state = parsers[0].initial_tokenizer_state()
    tokenizer.run()
    dumps = [dump_events(get_walker("etree")(p.builder.finish())) for p in parsers]
    assert dumps[0] == dumps[1]
    assert [(e.code, e.offset) for e in errors[0]] == [(e.code, e.offset) for e in errors[1]]
    return sink.tokens


@examples(300)
@given(html_like, st.one_of(st.none(), st.sampled_from(CONTEXTS)), st.booleans())
def test_generated_documents_in_lockstep(source: str, context: str | None, scripting: bool) -> None:
    run_lockstep(source, context, scripting)


def test_every_html_element_in_lockstep() -> None:
    """Every HTML element with a record flag of its own (and one without),
    created, pushed and popped by the fast and the general path, in body, in
    a list, in a table cell and after a formatting element: every slot of
    every record equal."""
    # plaintext last: it takes the rest of the input as text.
    names = sorted(set(HTML_RECORD_FLAGS) - {"plaintext"}) + ["custom-el", "span", "plaintext"]
    body = "".join(f"<{name} id=x>t</{name}>" for name in names)
    for wrapper in ("<div>{}</div>", "<ul>{}</ul>", "<table><tr><td>{}</table>", "<b><i>{}"):
        assert run_lockstep(wrapper.format(body)) > 3 * len(names)


def test_in_cell_shares_the_in_body_shortcuts_but_not_its_own_rules() -> None:
    """In cell processes every token but its own start and end tags using
    the in body rules (https://html.spec.whatwg.org/#parsing-main-intd),
    which the sink methods' shortcuts also take there: the tokens in cells,
    the cell's own tags (td, th, tr, table ...: not shortcut), and a's with
    and without an a after the list's last marker, in lockstep."""
    from specparser.treeconstruction import document_modes, modes

    assert modes.IN_CELL.start_default is document_modes.using_in_body_start
    assert modes.IN_CELL.end_default is document_modes.using_in_body_end
    assert modes.IN_CELL.characters is modes.IN_BODY.characters
    cells = [
        "<table><tr><td>x<a href=1>y</a> <b>z</b><p>p</p><div>d</div></td><td><li>l</li></td></tr></table>",
        "<table><tr><td><a>1<td><a>2</a><th><a>3<a>4</a></a></th></td></table>",
        "<a><table><tr><td><a>in</a><b><a>x</b>y</a></td></tr></table></a>",
        "<table><tr><td><b>1<td>2</b><i>3</td></tr><tr><td></i></td></tbody><td>x</table>",
        "<table><td><span></td></th></tr></table></caption></col></colgroup></html></body>t",
        "<table><td><table><td>inner</td></table>x</td></table>",
        "<table><td><template><a>t</a></template><a>u</a><svg><a>v</a></svg></table>",
        "<table><td><select><option>o</option></select></td><td><ul><li>a<li>b</ul></table>",
    ]
    for source in cells:
        assert run_lockstep(source) > 5
        assert run_lockstep(source, "td") > 5
        assert run_lockstep(source.replace("<table>", "<table><caption>c</caption>")) > 5


def test_the_shortcuts_edge_cases_in_lockstep() -> None:
    """The cases the sink methods' shortcuts decide on: void elements
    (with and without a self-closing flag, after formatting elements to
    reconstruct, in cells, with foster parenting), formatting end tags with
    Noah's Ark duplicates and misnesting, end tags the flags send to the
    handlers (form, br, body, applet ...), in body and in cell."""
    sources = [
        "<div></div><img><frameset>",
        "<div><li><br></li></div><frameset>",
        "<p><b>x</p><img src=a><br/><wbr><area><embed/><keygen>y<div/>z",
        "<b><i>1</b>2<img>3</i>4<br>",
        "<table><tr><td><b>1<td><img/><br><input type=hidden><hr/></table>",
        "<table><img><br><input><tr><td>x</table>",
        "<b>1<b>2<b>3<b>4</b></b></b></b><b id=1><b id=1><b id=1><b id=1>x</b>y",
        "<a href=1>1<b>2</a>3</b><a><a>x</a></a><font><p>y</font>z</p>",
        "<form><div></form></div><applet><b>x</applet>y</br><p></p></br>",
        "<table><td><form>f</form><applet>a</applet></br><caption></td>",
        "<template><img><b>x</b><td>y</td></template><p><option><selectedcontent></p>",
        "<select><option>a<img><br></select><svg><img/><br></svg><math><b>x</b></math>",
        # Foreign content: start tags inserted into an SVG or MathML current
        # node, end tags naming it (or not: camelCase, p, br), integration
        # points, break-outs, svg in annotation-xml.
        "<svg><path/><g><circle></circle></g><clipPath><rect/></clipPath></clippath><font color=red>x</svg>",
        "<math><mi><b>x</b></mi><annotation-xml><svg><desc>d</desc></svg></annotation-xml><mo/></math>",
        "<math><annotation-xml encoding=text/html><div>h</div></annotation-xml><mi></mo></mi></math>",
        "<svg><foreignObject><p>x</p></foreignObject><title>t</title></p></br><g></G></svg>",
        "<table><td><svg><g><p></g></svg></td></table><svg><font>f</font><font size=3>z</svg>",
        "<math><mtext><mglyph/><malignmark></malignmark></mtext><ms><svg></svg></ms><svg><svg></svg></svg></math>",
        # Deep: the lookups that replace the walks down the stack.
        "<form><svg><g></form>" + "<g>" * 9 + "</svg>x<svg>" + "<a>" * 9 + "</x></A><b>",
        "<form><svg>" + "<g>" * 10 + "</x></form></svg>x",
        "<span>" * 9 + "</x><select><option>" + "<b>" * 9 + "<option></select><table></table>",
    ]
    for source in sources:
        for context in (None, "td", "div"):
            assert run_lockstep(source, context) >= 2


def test_the_end_tag_shortcut_flags_follow_the_in_body_rules() -> None:
    """end_tag takes its shortcut from the current node's record flags:
    ENDED_BY_POP where the in-body (and in-cell) rules for an end tag of
    the element's name come down to popping it (body_mode's POPS_CURRENT
    marks), FORMATTING where they run the adoption agency."""
    from specparser.treeconstruction import body_mode, core, document_modes
    from specparser.treeconstruction import modes as M

    kinds = core._shortcut_kinds(M.IN_BODY.end, body_mode.SHORTCUT_END, M.IN_CELL.end, document_modes.using_in_body_end)
    default_kind = body_mode.SHORTCUT_END.get(M.IN_BODY.end_default)  # any other end tag
    names = set(kinds) | set(HTML_RECORD_FLAGS) | {"span", "custom-el", "dialog"}
    for name in sorted(names):
        flags = HTML_RECORD_FLAGS.get(name, PLAIN_HTML_RECORD)
        kind = kinds.get(name, default_kind)
        assert bool(flags & ENDED_BY_POP) == (kind == body_mode.POPS_CURRENT), name
        assert bool(flags & FORMATTING) == (kind == body_mode.FORMATTING), name
    assert default_kind == body_mode.POPS_CURRENT


@pytest.mark.skipif(not _CORPUS, reason=MISSING_CORPUS)
def test_corpus_pages_in_lockstep() -> None:
    # Every 13th page (comparing the states costs the stack's depth per
    # token; all pages are compared by tree and errors above).
    for path in _CORPUS[::13]:
        run_lockstep(path.read_bytes().decode("utf-8-sig", errors="replace"))


def test_the_wpt_suite_in_lockstep() -> None:
    """Every WPT case (documents and fragments, both scripting modes):
    the adoption agency, foster parenting, </form> and the after-head
    <head> edit the middle of the stack there."""
    inputs = _SUITES["wpt"]()
    if not inputs:
        pytest.skip(f"{WPT} not found")
    assert sum(run_lockstep(data, context, scripting) for data, context, scripting in inputs) > 20000


def test_without_fast_paths_every_html_element_goes_through_insert_element() -> None:
    """With ``fast_paths=False`` insert_html_element is the general steps
    (so the comparisons above compare the inlined record creation and push
    with ElementRecord() and push()); with them, the written-out copy."""
    if specparser.compiled:
        pytest.skip("counts calls by putting a function on the instance, which a compiled class does not take")
    calls = {True: 0, False: 0}
    for fast in (True, False):
        p = TreeConstructor(get_builder("etree")(), fast_paths=fast)
        assert p.fast_paths is fast
        general = p.insert_element

        def counting(*args, fast=fast, general=general):
            calls[fast] += 1
            return general(*args)

        p.insert_element = counting  # type: ignore[method-assign]
        tokenizer = Tokenizer("<!DOCTYPE html><p><b>x</b><span>y</span>", p)
        p.tokenizer = tokenizer
        p.builder.set_source(tokenizer.text)
        tokenizer.run()
    # The implied head and body (html is appended to the Document by the
    # before html mode) and, without the fast paths, p, b and span.
    assert (calls[True], calls[False]) == (2, 5)
