"""The lxml trees' prologue (issue 31, items 5 and 6): comments and
processing instructions keep their side of the DOCTYPE, and a DOCTYPE
name of any length parses.

The spec's tree is the reference: https://html.spec.whatwg.org/#the-initial-insertion-mode
inserts a comment (or, since 2026, a PI) as the last child of the Document
and appends the DocumentType after it, so ``<!--a--><!DOCTYPE html>`` has
the comment first; ElementTree's dump (which keeps that order) is compared
with lxml's.  A DOCTYPE name of 60,000 characters is an ordinary name to
the tokenizer (https://html.spec.whatwg.org/#doctype-name-state) and to the
infoset coercion (XML names have no length limit); libxml2 refuses names
over 50,000 characters unless told otherwise.
"""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("lxml", reason="lxml is not installed (pip install specparser-html[lxml])")

from lxml import etree  # noqa: E402

from compat.paths import MISSING_CORPUS, corpus_dir  # noqa: E402
from specparser import get_walker, parse, serialize  # noqa: E402
from specparser.builders import lxml as lxml_builder  # noqa: E402
from specparser.infoset import DataLossWarning  # noqa: E402
from specparser.testformat import dump_events  # noqa: E402
from specparser.treeconstruction import build_tree  # noqa: E402
from specparser.walkers import COMMENT, DOCTYPE, END, PI, START  # noqa: E402
from specparser.walkers.lxml import walk  # noqa: E402

TREES = ["lxml", "lxml.html"]

PROLOGUES = [
    "<!--a--><!DOCTYPE html><p>",
    "<?x y><!DOCTYPE html><p>",
    "<!--a--><?x y><!DOCTYPE html><!--b--><?z w><p>",
    "<!DOCTYPE html><!--b--><p>",
    "<!--a--><!DOCTYPE other><!--b--><p>",  # a DOCTYPE named otherwise than the root
    "<!--<!DOCTYPE x>--><!DOCTYPE y>",  # DOCTYPE markup inside a comment
    "<!--a--b--><?x y?z><!DOCTYPE html><!--c- -->",  # coerced comment, PI data
    "<!--a-->" * 50 + "<!DOCTYPE html>" + "<!--b-->" * 50,
    '<?xml version="1.0" encoding="UTF-8" ?><!DOCTYPE html PUBLIC "-//WAPFORUM//DTD XHTML Mobile 1.2//EN" "http://www.openmobilealliance.org/tech/DTD/xhtml-mobile12.dtd"><html>',
]


def _quiet_parse(source, tree: str):
    with warnings.catch_warnings():
        warnings.simplefilter("error", DataLossWarning)  # nothing here is lost
        return parse(source, tree=tree)


@pytest.mark.parametrize("tree", TREES)
@pytest.mark.parametrize("source", PROLOGUES)
def test_comments_and_pis_keep_their_side_of_the_doctype(source: str, tree: str) -> None:
    expected = dump_events(get_walker("etree")(parse(source)))
    document = _quiet_parse(source, tree)
    assert dump_events(walk(document)) == expected
    assert serialize(document, doctype_ids=True) == serialize(parse(source), doctype_ids=True)


def test_a_tree_from_lxmls_xml_parser_walks_in_document_order() -> None:
    tree = etree.fromstring("<!--a--><?b c?><!DOCTYPE html><!--d--><html/>").getroottree()
    kinds = [event[0] for event in walk(tree)]
    assert kinds == [COMMENT, PI, DOCTYPE, COMMENT, START, END]


@pytest.mark.skipif(corpus_dir() is None, reason=MISSING_CORPUS)
@pytest.mark.parametrize("tree", TREES)
def test_the_corpus_page_with_an_xml_declaration_before_its_doctype(tree: str) -> None:
    page = corpus_dir() / "herald-sun-1.html"
    if not page.exists():
        pytest.skip("herald-sun-1.html is not in this corpus")
    source = page.read_bytes()
    expected = [event for event in get_walker("etree")(parse(source)) if event[0] in (COMMENT, PI, DOCTYPE)][:3]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DataLossWarning)
        got = [event for event in walk(parse(source, tree=tree)) if event[0] in (COMMENT, PI, DOCTYPE)][:3]
    assert expected[0][0] == COMMENT and expected[1][0] == DOCTYPE  # the page's <?xml ...?> is a bogus comment
    assert got == expected


@pytest.mark.parametrize("tree", TREES)
def test_past_a_hundred_before_the_doctype_they_go_after_it_with_a_warning(tree: str) -> None:
    # lxml's serializer, which alone knows the DTD's place, looks for the
    # DTD from the first node for every node it writes: reading the place
    # of thousands of nodes before it back would be quadratic.
    kept = "<!--a-->" * 100 + "<!DOCTYPE html><!--b--><p>"
    assert dump_events(walk(_quiet_parse(kept, tree))) == dump_events(get_walker("etree")(parse(kept)))
    moved = "<!--a-->" * 101 + "<!DOCTYPE html><!--b--><p>"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        document = parse(moved, tree=tree)
    (warning,) = [w.message for w in caught if isinstance(w.message, DataLossWarning)]
    assert warning.counts == {"moved after doctype": 101}
    events = list(walk(document))
    assert events[0][0] == DOCTYPE and [e[0] for e in events[1:103]] == [COMMENT] * 102


LONG = 60_000  # over libxml2's 50,000-character name limit


@pytest.mark.parametrize("tree", TREES)
@pytest.mark.parametrize(
    "source",
    [
        "<!DOCTYPE " + "a" * LONG + ">",
        "<!DOCTYPE a:" + "b" * LONG + ">",
        "<!--c--><!DOCTYPE " + "a" * LONG + "><p>",
        "<!DOCTYPE html PUBLIC '" + "p" * LONG + "' '" + "s" * LONG + "'>",
    ],
    ids=["name", "prefixed name", "after a comment", "identifiers"],
)
def test_a_long_doctype_parses_without_loss(source: str, tree: str) -> None:
    document = _quiet_parse(source, tree)
    assert dump_events(walk(document)) == dump_events(get_walker("etree")(parse(source)))


def test_a_doctype_libxml2_refuses_is_dropped_with_a_warning(monkeypatch: pytest.MonkeyPatch) -> None:
    # Past every limit the XML parser has (10^9 characters with huge_tree;
    # here a parser without it stands in), the DOCTYPE cannot be held: the
    # parse goes on without it and says so, never raising lxml's error.
    kind = lxml_builder._ETREE_KIND
    monkeypatch.setattr(
        lxml_builder, "_ETREE_KIND", lxml_builder._Kind(kind.parser, etree.XMLParser(), kind.comment, kind.pi)
    )
    source = "<!--c--><!DOCTYPE " + "a" * LONG + "><p>x"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        document = build_tree(source, lxml_builder.LxmlTreeBuilder(namespaceHTMLElements=False))
    (warning,) = [w.message for w in caught if isinstance(w.message, DataLossWarning)]
    assert warning.counts == {"dropped doctype": 1}
    expected = [event for event in get_walker("etree")(parse(source)) if event[0] != DOCTYPE]
    assert list(walk(document)) == expected
