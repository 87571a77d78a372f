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

The native API's round trip (issue 30), ``parse(serialize(parse(x))) ==
parse(x)`` for documents and ``parse_fragment`` likewise for fragments, in
every tree type, runs on every input of the WPT tree-construction tests
(each in its context and scripting mode) and on the corpus; through the
command line (``--format html``) too.  The inputs that cannot round-trip are
those of ``test_properties.NOT_ROUND_TRIPPABLE`` (the standard's own
exceptions, recognised by ``round_trip_exclusion``) and of
:data:`NATIVE_EXCEPTIONS` here; each exception is counted, and a test shows
each one real.
"""

from __future__ import annotations

import os

import pytest

from compat.paths import MISSING_CORPUS, corpus_dir

CORPUS = corpus_dir()
needs_corpus = pytest.mark.skipif(CORPUS is None, reason=MISSING_CORPUS)

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
    if CORPUS is None:
        return []
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


@needs_corpus
def test_corpus_is_there():
    assert len(PAGES) > 0


@needs_corpus
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


@needs_corpus
@pytest.mark.parametrize("tree", OTHER_TREES)
@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_round_trip_from_other_trees(tree, page):
    if tree in ("lxml", "bs4"):
        pytest.importorskip(tree)
    first = html5lib_compat.parse(page.read_bytes(), treebuilder=tree)
    _check_round_trip(page.name, tree, first)


# -- the native API and the command line (issue 30) ------------------------------

import warnings  # noqa: E402

import specparser  # noqa: E402
from _optional import MISSING  # noqa: E402
from compat.paths import MISSING_WPT_TREE  # noqa: E402
from compat.tree_suite import load_cases  # noqa: E402
from specparser.infoset import DataLossWarning  # noqa: E402
from test_properties import NOT_ROUND_TRIPPABLE, round_trip_exclusion  # noqa: E402

NATIVE_TREES = ["etree", "lxml", "lxml.html", "bs4", "dom"]

# Beyond NOT_ROUND_TRIPPABLE: what a tree type or a fragment cannot give back.
NATIVE_EXCEPTIONS = {
    "text in a raw text context": "a fragment parsed in a raw text element (script, style, xmp, "
    "iframe, noembed, noframes, plaintext; noscript with scripting) is text read raw, but a "
    "fragment on its own is serialized with its text escaped (the standard's algorithm "
    "escapes text unless its parent is such an element), so '&' reads back as '&amp;'",
}
_RAW_TEXT = frozenset({"script", "style", "xmp", "iframe", "noembed", "noframes", "plaintext"})


def _native_dump(tree_type: str, node: object) -> str:
    return dump_events(specparser.get_walker(tree_type)(node))


def _native_parse(tree_type: str, markup: str | bytes, context: str | None, scripting: bool) -> object:
    """The tree by the native API.  (lxml's DataLossWarning is left out:
    the lxml walker gives back what the infoset coercion changed, and
    every input here round-trips through lxml nevertheless.)"""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DataLossWarning)
        if context is None:
            return specparser.parse(markup, tree_type, scripting=scripting)  # type: ignore[call-overload]
        return specparser.parse_fragment(markup, context, tree_type, scripting=scripting)  # type: ignore[call-overload]


def native_exception(markup: str, context: str | None, scripting: bool) -> str | None:
    """The exception (NOT_ROUND_TRIPPABLE or NATIVE_EXCEPTIONS key) that
    applies to ``markup`` parsed in ``context``, decided on the etree tree
    (the lists are written against its walker), or None."""
    first = _native_parse("etree", markup, context, scripting)
    if context is not None:
        name = context.split()[-1]
        raw = name in _RAW_TEXT or (name == "noscript" and scripting)
        if raw and len(context.split()) == 1 and any(c in markup for c in "&<>\xa0"):
            return "text in a raw text context"
    return round_trip_exclusion(first, specparser.serialize(first))  # type: ignore[arg-type]


def native_round_trip(tree_type: str, markup: str, context: str | None, scripting: bool) -> str | None:
    """None when the tree of ``markup`` and the tree of its serialization
    dump alike, else a description of the difference; the exception's name
    for an input that cannot round-trip."""
    first = _native_parse(tree_type, markup, context, scripting)
    serialized = specparser.serialize(first, scripting=scripting)  # type: ignore[arg-type]
    second = _native_parse(tree_type, serialized, context, scripting)
    before, after = _native_dump(tree_type, first), _native_dump(tree_type, second)
    if before == after:
        return None
    exception = native_exception(markup, context, scripting)
    if exception is not None:
        return exception
    import difflib

    diff = difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=1)
    return "differs: " + repr(markup[:200]) + "\n" + "\n".join(list(diff)[2:30])


WPT_CASES = load_cases()
WPT_FILES = sorted({case.file for case in WPT_CASES})
needs_wpt = pytest.mark.skipif(not WPT_CASES, reason=MISSING_WPT_TREE)


def _need_tree(tree_type: str) -> None:
    base = tree_type.split(".")[0]
    if base in MISSING:
        pytest.skip(MISSING[base])


@needs_wpt
@pytest.mark.parametrize("tree_type", NATIVE_TREES)
@pytest.mark.parametrize("dat", WPT_FILES or ["-"])
def test_native_round_trip_on_the_wpt_inputs(tree_type: str, dat: str) -> None:
    _need_tree(tree_type)
    failures = []
    for case in (c for c in WPT_CASES if c.file == dat):
        outcome = native_round_trip(tree_type, case.data, case.context, case.scripting)
        if outcome is not None and outcome not in NOT_ROUND_TRIPPABLE and outcome not in NATIVE_EXCEPTIONS:
            failures.append(f"{case.id} ({case.context or 'document'}): {outcome}")
    assert not failures, "\n\n".join(failures[:10])


# The command line's html format is serialize()'s markup, except that the
# output says it is UTF-8: it rewrites each <meta> that declares an encoding
# and, for output that is not ASCII and declares nothing, adds <meta
# charset="utf-8"> to the <head> (its --help says so).  Those elements are
# left out of both trees compared.
def _without_encoding_declarations(events):
    from specparser.walkers import END

    skip_end = 0
    for event in events:
        if event[0] == START and event[1] == "meta" and event[2] == HTML_NAMESPACE:
            attrs = {k if isinstance(k, str) else k[1]: v for k, v in (event[3] or {}).items()}
            if "charset" in attrs or str(attrs.get("http-equiv", "")).lower() == "content-type":
                skip_end += 1
                continue
        if event[0] == END and event[1] == "meta" and skip_end:
            skip_end -= 1
            continue
        yield event


def _etree_dump_without_declarations(data: bytes, context: str | None, scripting: bool) -> str:
    if context is None:
        tree = specparser.parse(data, scripting=scripting)
    else:
        tree = specparser.parse_fragment(data, context, scripting=scripting)
    return dump_events(_without_encoding_declarations(specparser.get_walker("etree")(tree)))


def cli_round_trip(data: bytes, output: bytes, context: str | None, scripting: bool) -> str | None:
    """None when the CLI's html ``output`` for ``data`` parses into the tree
    of ``data`` (encoding declarations aside), else the exception that
    applies or a description of the difference."""
    assert output.endswith(b"\n")  # the CLI ends each output with a newline
    before = _etree_dump_without_declarations(data, context, scripting)
    after = _etree_dump_without_declarations(output[:-1], context, scripting)
    if before == after:
        return None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        exception = native_exception(data.decode("utf-8", "replace"), context, scripting)
    if exception is not None:
        return exception
    import difflib

    diff = difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=1)
    return "differs: " + repr(data[:200]) + "\n" + "\n".join(list(diff)[2:30])


@needs_wpt
@pytest.mark.parametrize("dat", WPT_FILES or ["-"])
def test_cli_html_round_trip_on_the_wpt_inputs(dat: str) -> None:
    # The command's own function for one input (cli.parse_and_format); the
    # corpus test below runs the command itself.
    from specparser.cli import Options, fragment_context, parse_and_format

    failures = []
    for case in (c for c in WPT_CASES if c.file == dat):
        data = case.data.encode("utf-8")
        context = fragment_context(case.context) if case.context else None
        options = Options(format="html", encoding=None, context=context, scripting=case.scripting)
        output, _ = parse_and_format(data, "case.html", options)
        outcome = cli_round_trip(data, output.encode("utf-8"), case.context, case.scripting)
        if outcome is not None and outcome not in NOT_ROUND_TRIPPABLE and outcome not in NATIVE_EXCEPTIONS:
            failures.append(f"{case.id} ({case.context or 'document'}): {outcome}")
    assert not failures, "\n\n".join(failures[:10])


# Slow (a minute for the five tree types on an idle machine): run once in CI,
# on the default Python, with the scaling tests.
@pytest.mark.slow
@needs_corpus
@pytest.mark.parametrize("tree_type", NATIVE_TREES)
def test_native_round_trip_on_the_corpus(tree_type: str) -> None:
    _need_tree(tree_type)
    failures = []
    for page in PAGES:
        # Parsed from the bytes (the encoding sniffed), then from the text.
        first = _native_parse(tree_type, page.read_bytes(), None, False)
        serialized = specparser.serialize(first)  # type: ignore[arg-type]
        second = _native_parse(tree_type, serialized, None, False)
        if _native_dump(tree_type, first) == _native_dump(tree_type, second):
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            markup = specparser.serialize(specparser.parse(page.read_bytes()))
        if native_exception(markup, None, False) is None:
            failures.append(page.name)
    assert not failures, failures


@pytest.mark.slow
@needs_corpus
def test_cli_html_round_trip_on_the_corpus() -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "specparser", "--format", "html", "-j", "1", *map(str, PAGES)],
        capture_output=True, timeout=600,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    outputs = {}
    for chunk in done.stdout.split(b"==> ")[1:]:
        header, _, body = chunk.partition(b" <==\n")
        outputs[header.decode()] = body[:-1] if body.endswith(b"\n\n") else body  # the blank line before the next header
    assert len(outputs) == len(PAGES)
    failures = []
    for page in PAGES:
        outcome = cli_round_trip(page.read_bytes(), outputs[str(page)], None, False)
        if outcome is not None and outcome not in NOT_ROUND_TRIPPABLE:
            failures.append(f"{page.name}: {outcome[:2000]}")
    assert not failures, "\n\n".join(failures[:5])


@pytest.mark.parametrize(
    ("markup", "context", "scripting"),
    [("a&amp;b", "style", False), ("<b>", "xmp", False), ("a&lt;b", "noscript", True), ("x&amp;", "script", False)],
)
def test_text_in_a_raw_text_context_really_does_not_round_trip(markup: str, context: str, scripting: bool) -> None:
    assert native_exception(markup, context, scripting) == "text in a raw text context"
    fragment = specparser.parse_fragment(markup, context, scripting=scripting)
    again = specparser.parse_fragment(specparser.serialize(fragment), context, scripting=scripting)
    assert _native_dump("etree", fragment) != _native_dump("etree", again)
    # In a context that is not raw text, the same text comes back.
    fragment = specparser.parse_fragment(markup, "div", scripting=scripting)
    again = specparser.parse_fragment(specparser.serialize(fragment), "div", scripting=scripting)
    assert _native_dump("etree", fragment) == _native_dump("etree", again)


def test_the_cli_used_to_lose_the_doctype_identifiers() -> None:
    # The bug of issue 30: without the identifiers, this quirks-mode page
    # re-parses in no-quirks mode, where <table> closes the <p>.
    from specparser.cli import Options, parse_and_format

    data = b'<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN"><p><table>'
    output, _ = parse_and_format(data, "x.html", Options(format="html", encoding=None, context=None, scripting=False))
    assert cli_round_trip(data, output.encode(), None, False) is None
    bare = output.replace(' PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN"', "")
    assert bare.startswith("<!DOCTYPE html><html>")
    assert cli_round_trip(data, bare.encode(), None, False) is not None
