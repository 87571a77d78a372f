"""Round trips over the real-page corpus: parse, serialize with the spec's
algorithm (:func:`specparser.serializer.serialize_html`), parse again, and
the two trees must dump identically (html5lib-tests format).

Two losses the standard itself documents are taken out of the comparison
(https://html.spec.whatwg.org/#serialising-html-fragments, the notes after
the algorithm):

* The parser drops a newline right after ``<pre>``, ``<textarea>`` and
  ``<listing>`` and the serializer does not write one back, so a first
  text child starting with a newline loses it: the expected dump is made
  from the first tree's events with one such newline removed.
* The algorithm writes ``<!DOCTYPE name>`` only, which can change the
  quirks mode of the re-parse and with it the tree: the round trip uses
  ``doctype_ids=True``, which keeps the identifiers.

The whole corpus runs by default (about 20 s).  Set
``SPECPARSER_ROUNDTRIP_SAMPLE=N`` to check every k-th page only, N pages
in all.
"""

from __future__ import annotations

import os

import pytest

from compat.paths import MISSING_CORPUS, corpus_dir

CORPUS = corpus_dir()
if CORPUS is None:
    pytest.skip(MISSING_CORPUS, allow_module_level=True)

from specparser import html5lib_compat  # noqa: E402
from specparser.constants import HTML_NAMESPACE  # noqa: E402
from specparser.serializer import serialize_html, walker_for  # noqa: E402
from specparser.testformat import dump_events  # noqa: E402
from specparser.walkers import START, TEXT  # noqa: E402
from specparser.walkers.etree import walk  # noqa: E402

# Corpus pages and fuzz inputs hold names and characters an lxml tree cannot;
# the coercion and its single DataLossWarning are tested in tests/test_infoset.py.
pytestmark = pytest.mark.filterwarnings("ignore::specparser.infoset.DataLossWarning")


def _pages() -> list:
    pages = sorted(p for p in CORPUS.iterdir() if p.suffix == ".html")
    sample = os.environ.get("SPECPARSER_ROUNDTRIP_SAMPLE")
    if sample:
        step = max(1, len(pages) // max(1, int(sample)))
        pages = pages[::step][: int(sample)]
    return pages


PAGES = _pages()
_LF_DROPPED = frozenset({"pre", "textarea", "listing"})


def _without_leading_newlines(events):
    """The events with one newline removed from the start of the first
    child of every HTML pre / textarea / listing, when that child is text."""
    after_start = False
    for event in events:
        kind = event[0]
        if after_start and kind == TEXT and event[1][:1] == "\n":
            after_start = False
            if len(event[1]) > 1:
                yield (TEXT, event[1][1:])
            continue
        after_start = kind == START and event[1] in _LF_DROPPED and event[2] == HTML_NAMESPACE
        yield event


def _check_round_trip(name, tree_type, tree):
    markup = serialize_html(tree, tree_type, doctype_ids=True)
    second = html5lib_compat.parse(markup, fullTree=True)
    before = dump_events(_without_leading_newlines(walker_for(tree_type)(tree)))
    after = dump_events(walk(second))
    if before != after:
        import difflib

        diff = difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=2)
        pytest.fail(f"{name} ({tree_type}): the re-parsed tree differs\n" + "\n".join(list(diff)[:40]))
    return markup, second


def test_corpus_is_there():
    assert len(PAGES) > 0


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_round_trip(page):
    first = html5lib_compat.parse(page.read_bytes(), fullTree=True)
    markup, second = _check_round_trip(page.name, "etree", first)
    # From then on the serialization is a fixed point.
    assert serialize_html(second, doctype_ids=True) == markup


# The same round trip from the other tree types, on every page: each walker
# must hand the serializer the document its tree holds.  (Not "the same
# markup as from ElementTree": lxml and bs4 cannot hold every document
# exactly -- e.g. lxml drops ``xmlns`` attributes; bs4 keeps ``class`` as a
# list of words.  The dom tree keeps every attribute:
# tests/test_dom_names.py.)
OTHER_TREES = ["dom", "lxml", "bs4"]


@pytest.mark.parametrize("tree", OTHER_TREES)
@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_round_trip_from_other_trees(tree, page):
    if tree in ("lxml", "bs4"):
        pytest.importorskip(tree)
    first = html5lib_compat.parse(page.read_bytes(), treebuilder=tree)
    _check_round_trip(page.name, tree, first)
