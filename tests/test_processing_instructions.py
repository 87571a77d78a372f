"""Processing instructions (whatwg/html 320c05f6, 2026-06; serialization
2e477cf1, 2026-07): the tokenizer states, where tree construction puts
them, and each tree type's PI nodes (creation, walking, serializing, round
trip).

Expectations come from the standard's text as ../shared/spec/2026-changes.md
quotes it (tokens, errors and their positions, worked out by hand), from
WPT's tree-construction files (../shared/wpt-tree-construction), and from
headless Chromium 156 (trees marked CHROMIUM below were dumped from its
DOMParser).
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest

from _optional import MISSING

from specparser import html5lib_compat
from specparser import tokens
from specparser.builders import get_builder, get_walker
from specparser.serializer import serialize_html
from specparser.testformat import dump_events
from specparser.tokenizer import tokenize
from specparser.walkers import PI

WPT = Path(__file__).resolve().parent.parent.parent / "shared" / "wpt-tree-construction"
TREE_TYPES = ["etree", "lxml", "lxml.html", "bs4", "dom"]


def _tokens_and_errors(text: str, fast_paths: bool = True, **keywords) -> tuple[list, list]:
    errors: list = []
    result = tokenize(text, errors=errors, fast_paths=fast_paths, **keywords)
    return result, [(e.code, e.line, e.column) for e in errors]


# -- the tokenizer -------------------------------------------------------------

_PI_ERRORS = "eof-in-processing-instruction"
_FIRST = "invalid-first-character-of-processing-instruction-target"
_TARGET = "invalid-processing-instruction-target"
_DISALLOWED = "disallowed-processing-instruction-target"

# input -> (tokens, errors); worked out by hand from the states of
# 2026-changes.md section 1.1.
TOKENIZER_CASES = {
    # Data state: "?" ends the data only before ">"; the "?" is not data.
    "<?t d?>": ([("ProcessingInstruction", "t", "d")], []),
    # Questionable state, anything else: append "?" and reconsume.
    "<?t ???>": ([("ProcessingInstruction", "t", "??")], []),
    "<?hey?there>": ([("ProcessingInstruction", "hey", "?there")], []),
    "<?t a??>": ([("ProcessingInstruction", "t", "a?")], []),
    # ">" always ends it; the rest is text.
    "<?t d > ?>": ([("ProcessingInstruction", "t", "d "), ("Character", " ?>")], []),
    # Whitespace after the target is skipped; trailing whitespace is data.
    "<?something   x >": ([("ProcessingInstruction", "something", "x ")], []),
    "<?a\nb>": ([("ProcessingInstruction", "a", "b")], []),
    # The target keeps its case, takes "-", "_" and digits, may start with "_".
    "<?All-KINDS_9>": ([("ProcessingInstruction", "All-KINDS_9", "")], []),
    "<?_>": ([("ProcessingInstruction", "_", "")], []),
    "<?xml-foo bar>": ([("ProcessingInstruction", "xml-foo", "bar")], []),
    # No U+0000 branch in the data state: the NUL stays (no error).
    "<?x d\x00e>": ([("ProcessingInstruction", "x", "d\x00e")], []),
    # Disallowed targets (ASCII case-insensitive), at the character after them.
    '<?xml version="1.0">': ([("Comment", '?xml version="1.0"')], [(_DISALLOWED, 1, 6)]),
    "<?XmL-StyleSheet x>": ([("Comment", "?XmL-StyleSheet x")], [(_DISALLOWED, 1, 17)]),
    "<?xml?>": ([("Comment", "?xml?")], [(_DISALLOWED, 1, 6)]),
    # Invalid target characters: the comment is the old one.
    "<?a$>": ([("Comment", "?a$")], [(_TARGET, 1, 4)]),
    "<?a:b c>": ([("Comment", "?a:b c")], [(_TARGET, 1, 4)]),
    "<?x\x00y>": ([("Comment", "?x\ufffdy")], [(_TARGET, 1, 4), ("unexpected-null-character", 1, 4)]),
    "<?\u0665-star>": ([("Comment", "?\u0665-star")], [(_FIRST, 1, 3)]),
    "<?#": ([("Comment", "?#")], [(_FIRST, 1, 3)]),
    "<? x>": ([("Comment", "? x")], [(_FIRST, 1, 3)]),
    # EOF in any PI state: nothing at all is emitted.
    "<?": ([], [(_PI_ERRORS, 1, 3)]),
    "<?start": ([], [(_PI_ERRORS, 1, 8)]),
    "<?start ": ([], [(_PI_ERRORS, 1, 9)]),
    "<?start data": ([], [(_PI_ERRORS, 1, 13)]),
    "<?start?": ([], [(_PI_ERRORS, 1, 9)]),
    "a\n<?": ([("Character", "a\n")], [(_PI_ERRORS, 2, 3)]),
    # Around other tokens, with the data state's fast paths on either side.
    "<p><?x y>z</p>": (
        [("StartTag", "p", {}, False), ("ProcessingInstruction", "x", "y"), ("Character", "z"), ("EndTag", "p")],
        [],
    ),
}


@pytest.mark.parametrize("fast_paths", [True, False], ids=["fast", "states"])
@pytest.mark.parametrize("text", list(TOKENIZER_CASES))
def test_tokenizer_states(text: str, fast_paths: bool) -> None:
    assert _tokens_and_errors(text, fast_paths) == TOKENIZER_CASES[text]


@pytest.mark.parametrize(
    "state", [tokens.RCDATA_STATE, tokens.RAWTEXT_STATE, tokens.SCRIPT_DATA_STATE, tokens.PLAINTEXT_STATE]
)
def test_no_processing_instruction_in_text_states(state: int) -> None:
    got, errors = _tokens_and_errors("<?x y>", state=state, last_start_tag="title")
    assert got == [("Character", "<?x y>")] and errors == []


def test_unexpected_question_mark_is_no_longer_produced() -> None:
    for text in TOKENIZER_CASES:
        _, errors = _tokens_and_errors(text)
        assert all(code != "unexpected-question-mark-instead-of-tag-name" for code, _, _ in errors)


def test_ignoring_sink_and_custom_sink() -> None:
    seen = []

    class Sink(tokens.IgnoringSink):
        def processing_instruction(self, target, data, pos):
            seen.append((target, data, pos))

    from specparser.tokenizer import Tokenizer

    Tokenizer("ab<?t d?>", Sink()).run()
    Tokenizer("<?t d?>", tokens.IgnoringSink()).run()  # ignored, no error
    assert seen == [("t", "d", 2)]


# -- tree construction: where a PI goes ----------------------------------------------

# CHROMIUM: dumped from Chromium 156's DOMParser; each agrees with "wherever a
# comment token would go, with the same location" (2026-changes.md 1.2).
PLACEMENT = {
    "<table>a<?x></table>": '| <html>\n|   <head>\n|   <body>\n|     "a"\n|     <table>\n|       <?x ?>',
    "<table><colgroup><?x></colgroup></table>": (
        "| <html>\n|   <head>\n|   <body>\n|     <table>\n|       <colgroup>\n|         <?x ?>"
    ),
    "<table><caption><?x></caption></table>": (
        "| <html>\n|   <head>\n|   <body>\n|     <table>\n|       <caption>\n|         <?x ?>"
    ),
    "<table><tr><td><?x></td></tr></table>": (
        "| <html>\n|   <head>\n|   <body>\n|     <table>\n|       <tbody>\n|         <tr>\n"
        "|           <td>\n|             <?x ?>"
    ),
    "<table><tbody><?x></tbody></table>": (
        "| <html>\n|   <head>\n|   <body>\n|     <table>\n|       <tbody>\n|         <?x ?>"
    ),
    "<select><?x><option><?y></select>": (
        "| <html>\n|   <head>\n|   <body>\n|     <select>\n|       <?x ?>\n|       <option>\n|         <?y ?>"
    ),
    "<frameset><?x></frameset><?y></html><?z>": (
        "| <html>\n|   <head>\n|   <frameset>\n|     <?x ?>\n|   <?y ?>\n| <?z ?>"
    ),
    "<svg><?x d></svg><math><mi><?y></mi><?z></math>": (
        "| <html>\n|   <head>\n|   <body>\n|     <svg svg>\n|       <?x d?>\n|     <math math>\n"
        "|       <math mi>\n|         <?y ?>\n|       <?z ?>"
    ),
    "<svg><foreignObject><?x></foreignObject></svg>": (
        "| <html>\n|   <head>\n|   <body>\n|     <svg svg>\n|       <svg foreignObject>\n|         <?x ?>"
    ),
    "<!DOCTYPE html><?a><html>": "| <!DOCTYPE html>\n| <?a ?>\n| <html>\n|   <head>\n|   <body>",
    "<head></head> <?x> <body>": '| <html>\n|   <head>\n|   " "\n|   <?x ?>\n|   " "\n|   <body>',
    "<template><tr><?x></tr></template>": (
        "| <html>\n|   <head>\n|     <template>\n|       content\n|         <tr>\n|           <?x ?>\n|   <body>"
    ),
    "<p>a<?t d?>b</p>": '| <html>\n|   <head>\n|   <body>\n|     <p>\n|       "a"\n|       <?t d?>\n|       "b"',
    "<?t a??>": "| <?t a??>\n| <html>\n|   <head>\n|   <body>",
    "<table><?x>b</table>": '| <html>\n|   <head>\n|   <body>\n|     "b"\n|     <table>\n|       <?x ?>',
    "<html><?x> </html> <?y>": '| <html>\n|   <?x ?>\n|   <head>\n|   <body>\n|     " "\n| <?y ?>',
    "<math><annotation-xml encoding='text/html'><?x></annotation-xml></math>": (
        "| <html>\n|   <head>\n|   <body>\n|     <math math>\n|       <math annotation-xml>\n"
        '|         encoding="text/html"\n|         <?x ?>'
    ),
}


def _parse(source: str, tree: str, **keywords):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if tree == "etree":
            keywords.setdefault("fullTree", True)
        return html5lib_compat.parse(source, treebuilder=tree, **keywords)


def _dump(node, tree: str) -> str:
    return dump_events(get_walker(tree)(node))


@pytest.mark.parametrize("tree", TREE_TYPES)
@pytest.mark.parametrize("source", list(PLACEMENT))
def test_placement(source: str, tree: str) -> None:
    if tree.split(".")[0] in MISSING:
        pytest.skip(MISSING[tree.split(".")[0]])
    # lxml too: a PI before the DOCTYPE stays before it (issue 31).
    assert _dump(_parse(source, tree), tree) == PLACEMENT[source]


def test_nul_in_data_follows_the_standard_not_chromium() -> None:
    # The data state has no U+0000 branch in the standard's text, so the NUL
    # is kept; Chromium 156 stores U+FFFD there.  The tree follows the text
    # (docs/conformance.md).
    doc = _parse("<body><?x d\x00e>", "dom")
    pi = doc.getElementsByTagName("body")[0].firstChild
    assert (pi.target, pi.data) == ("x", "d\x00e")


@pytest.mark.parametrize("tree", TREE_TYPES)
def test_nul_in_data_on_every_tree_type(tree: str) -> None:
    # Documents and fragments; lxml cannot hold U+0000 and stores U+FFFD
    # with a DataLossWarning (test_lxml_nodes_and_coercion).
    if tree.split(".")[0] in MISSING:
        pytest.skip(MISSING[tree.split(".")[0]])
    data = "d\ufffde" if tree.startswith("lxml") else "d\x00e"
    expected = "| <html>\n|   <head>\n|   <body>\n|     <?x %s?>" % data
    assert _dump(_parse("<body><?x d\x00e>", tree), tree) == expected
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        fragment = html5lib_compat.parseFragment("<?x d\x00e>", "div", treebuilder=tree)
    assert _dump(fragment, tree) == "| <?x %s?>" % data


@pytest.mark.parametrize(
    ("source", "container", "expected"),
    [
        ("<?x>a", "div", '| <?x ?>\n| "a"'),
        ("<?x>", "td", "| <?x ?>"),
        ("<?x>", "tr", "| <?x ?>"),
        ("<?x>", "template", "| <?x ?>"),
        ("<?x>", "svg svg", "| <?x ?>"),
        ("<?x>", "title", '| "<?x>"'),
        ("</body><?x>", "body", "| <?x ?>"),
    ],
)
def test_fragments(source: str, container: str, expected: str) -> None:
    for tree in TREE_TYPES:
        if tree.split(".")[0] in MISSING:
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            fragment = html5lib_compat.parseFragment(source, container, treebuilder=tree)
        assert _dump(fragment, tree) == expected, tree


# -- the WPT tree-construction files with processing instructions ------------------

_WPT_FILES = ["processing-instructions.dat", "tests1.dat", "comments01.dat", "html5test-com.dat"]


def _wpt_cases() -> list:
    if not WPT.is_dir():
        return []
    from compat.tree_suite import TreeCase, parse_dat

    cases = []
    for name in _WPT_FILES:
        for index, raw in enumerate(parse_dat(WPT / name)):
            document = raw.get("document", [])
            while document and document[-1] == "":
                document.pop()
            context = raw["document-fragment"][0].strip() if "document-fragment" in raw else None
            modes = [True] if "script-on" in raw else [False] if "script-off" in raw else [False, True]
            for scripting in modes:
                cases.append(
                    TreeCase(name, index, "\n".join(raw["data"]), 0, context, scripting, "\n".join(document))
                )
    return cases


_WPT_CASES = _wpt_cases()


@pytest.mark.skipif(not WPT.is_dir(), reason="../shared/wpt-tree-construction not found")
def test_wpt_files_are_complete() -> None:
    assert len(_WPT_CASES) == 551


@pytest.mark.parametrize("tree", TREE_TYPES)
def test_wpt_files(tree: str) -> None:
    if not WPT.is_dir():
        pytest.skip("../shared/wpt-tree-construction not found")
    if tree.split(".")[0] in MISSING:
        pytest.skip(MISSING[tree.split(".")[0]])
    from compat.tree_suite import run_case

    failures = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for case in _WPT_CASES:
            got, _ = run_case(case, tree)
            if got != case.expected:
                failures.append(f"{case.id}: {case.data!r}")
    assert not failures, "\n".join(failures[:20])


# -- each tree type's nodes ---------------------------------------------------------

SOURCE = "<!DOCTYPE html><?top a?><p>x<?php echo 1 ?>y<?empty>z</p><?end?>"


def _pis(node, tree: str) -> list:
    return [event[1:] for event in get_walker(tree)(node) if event[0] == PI]


@pytest.mark.parametrize("tree", TREE_TYPES)
def test_walking(tree: str) -> None:
    if tree.split(".")[0] in MISSING:
        pytest.skip(MISSING[tree.split(".")[0]])
    doc = _parse(SOURCE, tree)
    assert _pis(doc, tree) == [("top", "a"), ("php", "echo 1 "), ("empty", ""), ("end", "")]


@pytest.mark.parametrize("tree", TREE_TYPES)
def test_serializing_and_round_trip(tree: str) -> None:
    if tree.split(".")[0] in MISSING:
        pytest.skip(MISSING[tree.split(".")[0]])
    doc = _parse(SOURCE, tree)
    html = serialize_html(doc, tree=tree.split(".")[0])
    # "<?" target SPACE data "?>" (2026-07).
    assert "<?top a?>" in html and "<?php echo 1 ??>" not in html
    assert "x<?php echo 1 ?>y<?empty ?>z</p><?end ?></body>" in html
    again = _parse(html, tree)
    assert _dump(again, tree) == _dump(doc, tree)
    # A data value ending in "?" survives the trip (the reason for "?>").
    doc = _parse("<p><?t a??></p>", tree)
    assert ("t", "a?") in _pis(doc, tree)
    assert ("t", "a?") in _pis(_parse(serialize_html(doc, tree=tree.split(".")[0]), tree), tree)


def test_etree_nodes() -> None:
    from xml.etree import ElementTree as ET

    root = html5lib_compat.parse("<p><?t d e?>", fullTree=False)
    pi = root.find(".//{http://www.w3.org/1999/xhtml}p")[0]
    assert pi.tag is ET.ProcessingInstruction and pi.text == "t d e"
    assert ET.tostring(pi) == b"<?t d e?>"
    empty = html5lib_compat.parse("<p><?t>").find(".//{http://www.w3.org/1999/xhtml}p")[0]
    assert empty.text == "t"


def test_dom_nodes() -> None:
    doc = _parse("<?top x><p><?t d?>", "dom")
    assert doc.firstChild.nodeType == doc.PROCESSING_INSTRUCTION_NODE
    assert (doc.firstChild.target, doc.firstChild.data) == ("top", "x")
    pi = doc.getElementsByTagName("p")[0].firstChild
    assert (pi.nodeType, pi.target, pi.data) == (7, "t", "d")


def test_lxml_nodes_and_coercion() -> None:
    if "lxml" in MISSING:
        pytest.skip(MISSING["lxml"])
    from lxml import etree, html as lxml_html

    from specparser.builders.lxml import LxmlTreeBuilder
    from specparser.infoset import DataLossWarning
    from specparser.walkers.lxml import walk

    tree = _parse("<?top x><p><?t d?>", "lxml")
    top = tree.getroot().getprevious()
    assert isinstance(top, etree._ProcessingInstruction) and (top.target, top.text) == ("top", "x")
    assert b"<?top x?>" in etree.tostring(tree)
    p = _parse("<p><?t d?>", "lxml.html").getroot().find(".//{http://www.w3.org/1999/xhtml}p")
    assert isinstance(p[0], lxml_html.HtmlProcessingInstruction) and p[0].sourceline == 1
    # A NUL in the data: replaced (lossy), counted as characters.
    with pytest.warns(DataLossWarning) as caught:
        tree = html5lib_compat.parse("<p><?x d\x00e>", treebuilder="lxml")
    assert caught[0].message.counts == {"characters": 1}
    assert _pis(tree, "lxml") == [("x", "d\ufffde")]
    # What the tokenizer never makes, through the builder directly: XML's
    # reserved target and "?>" in the data are coerced reversibly.
    builder = LxmlTreeBuilder()
    builder.start_fragment()
    made = [
        builder.create_processing_instruction("xml", "a?>b"),
        builder.create_processing_instruction("a:b", "c"),
    ]
    assert [(pi.target, pi.text) for pi in made] == [("U000078ml", "a? >b"), ("aU00003Ab", "c")]
    assert builder.coercions.counts == {"processing instruction": 2}
    assert [e[1:] for e in walk(made)] == [("xml", "a?>b"), ("a:b", "c")]
    assert [e[1:] for e in walk(made, restore=False)] == [("U000078ml", "a? >b"), ("aU00003Ab", "c")]


def test_lxml_pi_before_a_doctype_named_otherwise() -> None:
    if "lxml" in MISSING:
        pytest.skip(MISSING["lxml"])
    tree = _parse("<?first x><!DOCTYPE other><p>", "lxml")
    assert tree.docinfo.internalDTD.name == "other"
    assert _pis(tree, "lxml") == [("first", "x")]


def test_bs4_nodes() -> None:
    if "bs4" in MISSING:
        pytest.skip(MISSING["bs4"])
    from bs4 import BeautifulSoup
    from bs4.element import ProcessingInstruction

    from specparser.builders.bs4 import HTMLProcessingInstruction

    soup = _parse("<p>a<?t d?>b<?e></p>", "bs4")
    pi, empty = [c for c in soup.p.contents if isinstance(c, ProcessingInstruction)]
    assert type(pi) is HTMLProcessingInstruction and str(pi) == "t d" and str(empty) == "e "
    assert pi.previous_sibling == "a" and pi.next_sibling == "b"
    # bs4's own output writes it as the HTML standard does.
    assert str(soup.p) == "<p>a<?t d?>b<?e ?></p>"
    assert soup.p.get_text() == "ab"
    # The same through BeautifulSoup(markup, builder=...).
    from specparser.bs4 import SpecParserTreeBuilder

    soup = BeautifulSoup("<p><?t d?></p>", builder=SpecParserTreeBuilder())
    assert str(soup.p) == "<p><?t d?></p>"
    # Other parsers' PIs are walked as PIs too.
    assert _pis(BeautifulSoup("<p><?php x ?></p>", "html.parser"), "bs4") == [("php", "x ?")]


# -- the html5lib-compatible layer and the CLI ----------------------------------------


def test_html5lib_walker_serializer_and_filters() -> None:
    from specparser import html5lib_compat as html5lib
    from specparser.html5lib_compat.filters.lint import Filter as Lint

    doc = html5lib.parse("<p><?t d?></p>")
    walker = html5lib.getTreeWalker("etree")
    tokens_ = list(Lint(walker(doc)))
    assert {"type": "ProcessingInstruction", "name": "t", "data": "d"} in tokens_
    assert html5lib.serialize(doc, omit_optional_tags=False).endswith("<p><?t d?></p></body></html>")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # html5lib's sanitizer is deprecated
        assert "?" not in html5lib.serialize(doc, sanitize=True)
    # A PI right after <html> keeps the start tag, as a comment does (the
    # PI would otherwise go to the Document when parsed again).
    doc = html5lib.parse("<html><?x><head></head><body></body></html>")
    out = html5lib.serialize(doc, omit_optional_tags=True)
    assert out.startswith("<html><?x ?>")
    assert dump_events(get_walker("etree")(html5lib.parse(out, treebuilder="etree"))) == dump_events(
        get_walker("etree")(doc)
    )


def test_html5lib_protocol_builder_gets_a_comment() -> None:
    # A builder speaking html5lib's protocol has no processing instruction
    # node: it gets the comment "?target data?" (what html5lib 1.1 made of
    # "<?target data?>").
    from specparser.html5lib_compat import HTMLParser
    from specparser.html5lib_compat.treebuilders import base

    class Node(base.Node):
        def appendChild(self, node):
            self.childNodes.append(node)

    class Builder(base.TreeBuilder):
        documentClass = lambda self: Node("#document")  # noqa: E731
        elementClass = lambda self, name, namespace=None: Node(name)  # noqa: E731
        commentClass = lambda self, data: Node("#comment:" + data)  # noqa: E731

    document = HTMLParser(tree=Builder).parse("<?t d?><?e>")
    assert [n.name for n in document.childNodes[:2]] == ["#comment:?t d?", "#comment:?e ?"]


def test_cli_formats(tmp_path) -> None:
    from specparser.cli_formats import format_html, format_json, format_tree
    from specparser.walkers.etree import walk

    doc = html5lib_compat.parse("<?a b><p><?t?>", fullTree=True)
    assert format_tree(walk(doc)).splitlines()[0] == "| <?a b?>"
    assert format_html(walk(doc)).startswith("<?a b?><html>")
    assert "<p><?t ?></p>" in format_html(walk(doc))
    produced = json.loads(format_json(walk(doc), errors=[], file="x", encoding=None))
    assert produced["children"][0] == {"type": "processing-instruction", "target": "a", "data": "b"}


# The DOM's processing-instruction attribute map (whatwg/dom PR 1454), which
# gives a marker its name.  WPT dom/processing-instruction-attributes.html
# fixes a few cases (unquoted values rejected, "_x" a valid name, names
# case-sensitive, attributes in data order); every other expected value is
# what Chromium 156 answers for document.createProcessingInstruction("marker",
# data): getAttributeNames() and getAttribute("name").  An empty map is what
# any error gives.
ATTRIBUTE_MAPS = [
    # WPT
    ('a="b" x="yy"', {"a": "b", "x": "yy"}),
    ('a=b x="yy"', {}),
    ('_x="yy"', {"_x": "yy"}),
    ('blabla=""', {"blabla": ""}),
    ('type="text/css" href="style.css"', {"type": "text/css", "href": "style.css"}),
    ("", {}),
    # Chromium 156: separators and quotes
    ("name='x'", {"name": "x"}),
    (' name="x" ', {"name": "x"}),
    ('name = "x"', {"name": "x"}),
    ('name= "x"', {"name": "x"}),
    ('name ="x"', {"name": "x"}),
    ('a="1"name="x"', {}),
    ('name="x"\tb="1"', {"name": "x", "b": "1"}),
    ('name="x"\nb="1"', {"name": "x", "b": "1"}),
    ('name="x"\rb="1"', {"name": "x", "b": "1"}),
    ('name="x"\x0cb="1"', {}),
    ('\x0cname="x"', {}),
    ('name="x"\u00a0b="1"', {}),
    ('\tname="x"\t', {"name": "x"}),
    ("   ", {}),
    ("name=\"a'b\"", {"name": "a'b"}),
    ("name='a\"b'", {"name": 'a"b'}),
    # Chromium 156: junk and duplicates
    ('name="x" name="y"', {}),
    ('a="1" b="2" a="3"', {}),
    ('a="1" A="2"', {"a": "1", "A": "2"}),
    ('name="x" NAME="y"', {"name": "x", "NAME": "y"}),
    ('name="x" junk', {}),
    ('junk name="x"', {}),
    ('name="x" a', {}),
    ('name="x" =', {}),
    ('name="x"?', {}),
    ('name="x"/', {}),
    ('name="x" /', {}),
    # Chromium 156: XML's Name production
    ('$a="1" name="x"', {}),
    ('a$="1" name="x"', {}),
    ('1a="1" name="x"', {}),
    ('-a="1" name="x"', {}),
    ('\u00b7a="1" name="x"', {}),
    ('\u0300="1" name="x"', {}),
    ('a-b="1" name="x"', {"a-b": "1", "name": "x"}),
    ('a.b="1" name="x"', {"a.b": "1", "name": "x"}),
    ('a:b="1" name="x"', {"a:b": "1", "name": "x"}),
    ('a:b:c="1" name="x"', {"a:b:c": "1", "name": "x"}),
    (':a="1" name="x"', {":a": "1", "name": "x"}),
    ('_="1" name="x"', {"_": "1", "name": "x"}),
    ('\u00e9="1" name="x"', {"\u00e9": "1", "name": "x"}),
    ('a\u00b7="1" name="x"', {"a\u00b7": "1", "name": "x"}),
    ('\U00010000="1" name="x"', {"\U00010000": "1", "name": "x"}),
    ('xml:lang="en" name="x"', {"xml:lang": "en", "name": "x"}),
    # Chromium 156: values (references, characters, normalization)
    ('name="a&amp;b"', {"name": "a&b"}),
    ('name="a&lt;b&gt;&quot;&apos;"', {"name": "a<b>\"'"}),
    ('name="&#65;&#x42;"', {"name": "AB"}),
    ('name="&#x1F600;"', {"name": "\U0001f600"}),
    ('name="&#X41;"', {}),
    ('name="&AMP;"', {}),
    ('name="&#65"', {}),
    ('name="&nbsp;"', {}),
    ('name="&x;"', {}),
    ('name="a&b"', {}),
    ('name="a<b"', {}),
    ('name="a>b"', {"name": "a>b"}),
    ('name="]]>"', {"name": "]]>"}),
    ('name="x\x00y"', {}),
    ('name="\x01"', {}),
    ('name="&#0;"', {}),
    ('name="&#1;"', {}),
    ('name="&#xD800;"', {}),
    ('name="&#x110000;"', {}),
    ('name="\ufffe"', {}),
    ('name="&#xFFFE;"', {}),
    ('name="\ud800"', {}),
    ('name="a\tb"', {"name": "a b"}),
    ('name="a\nb"', {"name": "a b"}),
    ('name="a\r\nb"', {"name": "a b"}),
    ('name="a&#9;b"', {"name": "a\tb"}),
    ('name="a&#10;b"', {"name": "a\nb"}),
    ('name="\u00e9\U0001f600"', {"name": "\u00e9\U0001f600"}),
]


@pytest.mark.parametrize(("data", "expected"), ATTRIBUTE_MAPS, ids=[repr(d)[:40] for d, _ in ATTRIBUTE_MAPS])
def test_processing_instruction_attributes(data: str, expected: dict) -> None:
    from specparser.treeconstruction.patching import processing_instruction_attributes, pseudo_attribute

    got = processing_instruction_attributes(data)
    assert got == expected
    assert list(got) == list(expected)  # in data order (WPT: getAttributeNames)
    assert pseudo_attribute(data, "name") == expected.get("name")


def test_namespace_declarations_are_plain_attributes() -> None:
    # Chromium 156 leaves xmlns / xmlns:* out of the map (its XML parser
    # takes them as declarations); the DOM's text was not available to
    # check.  Only "name" matters to the parser, and it is the same.
    from specparser.treeconstruction.patching import processing_instruction_attributes

    assert processing_instruction_attributes('xmlns="u" name="x"')["name"] == "x"
    assert processing_instruction_attributes('xmlns:a="u" name="x"')["name"] == "x"


def test_attribute_map_of_long_data_is_linear() -> None:
    # No backtracking: one long value, many attributes, a long bad name.
    from specparser.treeconstruction.patching import processing_instruction_attributes

    n = 200_000
    assert processing_instruction_attributes('name="' + "x" * n + '"')["name"] == "x" * n
    assert len(processing_instruction_attributes(" ".join(f'a{i}="{i}"' for i in range(n // 10)))) == n // 10
    assert processing_instruction_attributes("a" * n + '=x') == {}
    assert processing_instruction_attributes('name="' + "&amp;" * n) == {}
