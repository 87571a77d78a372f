"""specparser.Parser (feed/close) against specparser.parse on the same
input: the tree, the parse errors (code, line, column, message), ParseInfo
and source lines must be the same however the input is split.

The expected values are parse()'s, which the conformance suites check (WPT
tree construction, html5lib-tests' tokenizer suite, the encoding tests);
these tests check that splitting changes nothing: every WPT document case
and every tokenizer case one character at a time and at random split
points, corpus pages in 64 KB pieces, at random points and (a sample) one
byte at a time, on every tree type.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Iterator

import pytest

import specparser
from compat.paths import corpus_dir
from compat.tokenizer_suite import INITIAL_STATES, all_cases as tokenizer_cases
from compat.tree_suite import load_cases, missing_reason, suite_dir
from specparser import ParseInfo, Parser
from specparser.builders import get_walker
from specparser.incremental import IncrementalTokenizer, IncrementalTreeConstruction
from specparser.testformat import dump_events
from specparser.tokenizer import Tokenizer
from specparser.treebuilder import TreeBuilder

# The lxml trees warn about what they cannot hold, alike for both parsers.
pytestmark = pytest.mark.filterwarnings("ignore::specparser.infoset.DataLossWarning")

TREES = ["etree", "lxml", "lxml.html", "bs4", "dom"]
CORPUS = corpus_dir()
PAGES = sorted(CORPUS.iterdir()) if CORPUS is not None else []
WPT_DOCUMENTS = [case for case in load_cases() if case.context is None] if suite_dir() is not None else []
WPT_FRAGMENTS = [case for case in load_cases() if case.context is not None] if suite_dir() is not None else []


# -- splitting ------------------------------------------------------------------


def one_at_a_time(data: Any) -> Iterator[Any]:
    return (data[i : i + 1] for i in range(len(data)))


def random_points(seed: int, most: int = 40) -> Callable[[Any], Iterator[Any]]:
    def split(data: Any) -> Iterator[Any]:
        chooser = random.Random(seed)
        i = 0
        while i < len(data):
            k = chooser.randint(1, most)
            yield data[i : i + k]
            i += k

    return split


def pieces_of(size: int) -> Callable[[Any], Iterator[Any]]:
    return lambda data: (data[i : i + size] for i in range(0, len(data), size))


# -- what is compared -------------------------------------------------------------


def observed(tree: str, result: Any, errors: list, info: ParseInfo) -> tuple:
    """Everything a caller can see: the tree as the suite dumps it, source
    lines (lxml, bs4), the errors and ParseInfo."""
    root = result.getroot() if tree == "etree" else result
    lines: list = []
    if tree.startswith("lxml"):
        lines = [(e.tag, e.sourceline) for e in result.getroot().iter()]
    elif tree == "bs4":
        lines = [(t.name, t.sourceline, t.sourcepos) for t in result.find_all(True)]
    dump = dump_events(get_walker(tree)(root if tree != "etree" else result))
    return (
        dump,
        lines,
        [(e.code, e.offset, e.line, e.column, e.message) for e in errors],
        repr(info),
    )


def one_shot(data: Any, tree: str, **options: Any) -> tuple:
    errors: list = []
    info = ParseInfo()
    result = specparser.parse(data, tree, errors=errors, info=info, **options)
    return observed(tree, result, errors, info)


def incremental(data: Any, tree: str, split: Callable[[Any], Iterator[Any]], **options: Any) -> tuple:
    errors: list = []
    info = ParseInfo()
    parser = Parser(tree, errors=errors, info=info, **options)
    parser.feed(data[:0])  # the kind of input, even when it is empty
    for piece in split(data):
        parser.feed(piece)
    return observed(tree, parser.close(), errors, info)


# -- the WPT tree-construction documents -----------------------------------------


@pytest.mark.skipif(not WPT_DOCUMENTS, reason=missing_reason())
@pytest.mark.parametrize("tree", TREES)
def test_wpt_documents_split_anywhere(tree: str) -> None:
    """Every document case (both scripting modes), one character at a time
    and at random points, as str; and as UTF-8 bytes at random points."""
    failures = []
    for number, case in enumerate(WPT_DOCUMENTS):
        options = {"scripting": case.scripting, "html_namespace": True}
        for data in (case.data, case.data.encode("utf-8", "surrogatepass")):
            want = one_shot(data, tree, **options)
            splits = [random_points(number)] + ([one_at_a_time] if isinstance(data, str) else [])
            for split in splits:
                if incremental(data, tree, split, **options) != want:
                    failures.append((case.id, type(data).__name__, split))
    assert not failures, failures[:10]


def fragment_observed(result: Any, errors: list, info: ParseInfo) -> tuple:
    """A fragment's nodes as serialized, the errors and ParseInfo."""
    return (
        specparser.serialize(result),
        [(e.code, e.offset, e.line, e.column, e.message) for e in errors],
        repr(info),
    )


@pytest.mark.skipif(not WPT_FRAGMENTS, reason=missing_reason())
@pytest.mark.parametrize("tree", TREES)
def test_wpt_fragments_split_anywhere(tree: str) -> None:
    """Parser(context=...) gives parse_fragment()'s result: every fragment
    case (its context, both scripting modes) one character at a time and
    at random points as str, and as UTF-8 bytes at random points."""
    failures = []
    for number, case in enumerate(WPT_FRAGMENTS):
        options = {"scripting": case.scripting, "html_namespace": True}
        for data in (case.data, case.data.encode("utf-8", "surrogatepass")):
            errors: list = []
            info = ParseInfo()
            result = specparser.parse_fragment(data, case.context, tree, errors=errors, info=info, **options)
            want = fragment_observed(result, errors, info)
            splits = [random_points(number)] + ([one_at_a_time] if isinstance(data, str) else [])
            for split in splits:
                errors = []
                info = ParseInfo()
                parser = Parser(tree, context=case.context, errors=errors, info=info, **options)
                parser.feed(data[:0])
                for piece in split(data):
                    parser.feed(piece)
                if fragment_observed(parser.close(), errors, info) != want:
                    failures.append((case.id, type(data).__name__, split))
    assert not failures, failures[:10]


def test_fragment_arguments() -> None:
    with pytest.raises(ValueError, match=r"Parser\(\): unknown context"):
        Parser(context="svg")
    with pytest.raises(TypeError, match=r"Parser\(\): events and target are for documents"):
        Parser(context="div", events=("start",))
    parser = Parser("etree", context="tr")
    parser.feed(b"<td>one</td><td>tw")
    parser.feed(b"o")
    assert [cell.text for cell in parser.close()] == ["one", "two"]


# -- the tokenizer suite ----------------------------------------------------------


class _Recorder:
    """Every sink call with its arguments (tag tokens copied: the tokenizer
    reuses them)."""

    def __init__(self) -> None:
        self.calls: list[tuple] = []

    def characters(self, data: str, pos: int) -> None:
        self.calls.append(("characters", data, pos))

    def start_tag(self, tag: Any) -> None:
        self.calls.append(("start", tag.name, dict(tag.attrs), tag.self_closing, tag.pos, tag.end))

    def end_tag(self, tag: Any) -> None:
        self.calls.append(("end", tag.name, tag.pos, tag.end))

    def comment(self, data: str, pos: int) -> None:
        self.calls.append(("comment", data, pos))

    def processing_instruction(self, target: str, data: str, pos: int) -> None:
        self.calls.append(("pi", target, data, pos))

    def doctype(self, doctype: Any) -> None:
        d = doctype
        self.calls.append(("doctype", d.name, d.public_id, d.system_id, d.force_quirks, d.pos))

    def eof(self, pos: int) -> None:
        self.calls.append(("eof", pos))

    def cdata_allowed(self) -> bool:
        return False


def _tokenize(text: str, state: int, last: str | None, split: Callable[[str], Iterator[str]] | None) -> tuple:
    sink = _Recorder()
    errors: list = []
    if split is None:
        tokenizer = Tokenizer(text, sink, errors=errors)
        tokenizer.state = state
        tokenizer.last_start_tag = last
        tokenizer.run()
    else:
        incremental_tokenizer = IncrementalTokenizer(sink, errors=errors, state=state, last_start_tag=last)
        for piece in split(text):
            incremental_tokenizer.feed(piece)
        incremental_tokenizer.close()
    return sink.calls, [(e.code, e.offset, e.line, e.column) for e in errors]


def test_tokenizer_suite_split_anywhere() -> None:
    """Every tokenizer case in every initial state it lists: the same sink
    calls (the same tokens split the same way, with the same offsets) and
    the same errors, one character at a time and at random points."""
    cases = tokenizer_cases()
    if not cases:
        pytest.skip(missing_reason("html5lib-tests"))
    failures = []
    for number, case in enumerate(cases):
        state = INITIAL_STATES[case.initial_state]
        want = _tokenize(case.input, state, case.last_start_tag, None)
        for split in (one_at_a_time, random_points(number, 8)):
            if _tokenize(case.input, state, case.last_start_tag, split) != want:
                failures.append(case.id)
    assert not failures, failures[:10]


# -- the corpus ---------------------------------------------------------------


needs_corpus = pytest.mark.skipif(not PAGES, reason="the corpus (../shared/corpus/pages) is not there")


@needs_corpus
@pytest.mark.parametrize("tree", TREES)
def test_corpus_sample_split_anywhere(tree: str) -> None:
    """Every 10th page as bytes: 64 KB pieces and random points; the
    smaller ones one byte at a time too."""
    for number, page in enumerate(PAGES[::10]):
        data = page.read_bytes()
        want = one_shot(data, tree)
        splits = [pieces_of(65536), random_points(number, 3000)]
        if len(data) < 40_000:
            splits.append(one_at_a_time)
        for split in splits:
            assert incremental(data, tree, split) == want, (page.name, split)


def _check_corpus_sample_without_errors(tree: str) -> None:
    """Every 10th corpus page, without ``errors=``, fed in 64 KB pieces and
    at random points, observed as one-shot."""
    for number, page in enumerate(PAGES[::10]):
        data = page.read_bytes()
        want = observed(tree, specparser.parse(data, tree), [], ParseInfo())
        for split in (pieces_of(65536), random_points(number, 3000)):
            parser = Parser(tree)
            for piece in split(data):
                parser.feed(piece)
            assert observed(tree, parser.close(), [], ParseInfo()) == want, (page.name, split)


@needs_corpus
@pytest.mark.parametrize("tree", TREES)
def test_corpus_sample_without_errors(tree: str) -> None:
    """Without ``errors=`` (the data state's scanner then decodes whole
    text runs, and the tokens before a window's cut skip the gate also for
    a source-less tree at any offset, see specparser.incremental.window):
    every 10th page in 64 KB pieces and at random points, as one-shot."""
    _check_corpus_sample_without_errors(tree)


@needs_corpus
@pytest.mark.slow
@pytest.mark.parametrize("tree", TREES)
def test_corpus_split_anywhere(tree: str) -> None:
    """Every page, bytes and str, in 64 KB pieces and at random points."""
    for number, page in enumerate(PAGES):
        raw = page.read_bytes()
        for data in (raw, raw.decode("utf-8", "replace")):
            want = one_shot(data, tree)
            for split in (pieces_of(65536), random_points(number, 5000)):
                assert incremental(data, tree, split) == want, (page.name, type(data).__name__)


@pytest.mark.skipif(not WPT_DOCUMENTS, reason=missing_reason())
@pytest.mark.parametrize("tree", ["lxml", "lxml.html", "bs4"])
def test_lines_behind_the_window(tree: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """With events, the lxml and bs4 trees' source lines come from the
    newline offsets (specparser.incremental.positions.SourceLines) once the
    window drops the input's start, and a node made again for an earlier
    token (reconstructed formatting elements, adoption agency clones) asks
    about an offset behind the window.  With the input's start never kept,
    every run's window starts at its resume point: every WPT document one
    character at a time and at random points gives parse()'s source lines,
    and so does every 10th corpus page in 64 KB pieces."""
    from specparser.incremental import driver

    monkeypatch.setattr(driver, "_KEPT_START", 0)
    failures = []
    cases = [(case.id, case.data, {"scripting": case.scripting}) for case in WPT_DOCUMENTS]
    pages = [(page.name, page.read_bytes(), {}) for page in PAGES[::10]]
    for number, (name, data, options) in enumerate(cases + pages):
        if tree != "bs4":
            options = {**options, "html_namespace": True}
        want = observed(tree, specparser.parse(data, tree, **options), [], ParseInfo())
        splits = (pieces_of(65536),) if number >= len(cases) else (random_points(number), one_at_a_time)
        for split in splits:
            parser = Parser(tree, events=("start", "end"), **options)
            for piece in split(data):
                parser.feed(piece)
                parser.read_events()
            if observed(tree, parser.close(), [], ParseInfo()) != want:
                failures.append((name, split))
    assert not failures, failures[:10]


# -- pauses the brief names, and encodings ----------------------------------------

PAUSES = [
    "<p>a &am" + "p; b &notit; c &#x4" + "1; d &#65",
    "<a href='x&amp;y' title=\"t\" data-x=un&quot>t</a>",
    "<!-- a -- b --!> <!--> <!---> <!-- <!-- x -->",
    "<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.01//EN\" 'http://www.w3.org/TR/html4/strict.dtd'>",
    "<script><!-- <script> </script> --></script><p>after",
    "<svg><![CDATA[ a ]] ]]> b]]></svg><math><![CDATA[x]]></math><p><![CDATA[x]]>",
    "a\r\nb\rc\r\n\r\n\rd\r",
    "<title>&lt;x&gt;</title><textarea>\n\rx</textarea><style>a</b></style><plaintext></plaintext>",
    "<table>x<tr>y<td>1</td></tr></table><b><p>q</b>r</p><?pi data?>",
    "\U0001F600<p>\ud800 \x00 \x01 \ufdd0</p></p>",
    # (found by fuzzing) an input stream error reported with the reference
    # error at its offset, just where a run resumes:
    "<textarea>&#\ud800/svg></iframe>&noti</script></xmp><frameset>\ud800<!DOCTYPE html><p>",
    # an error for markup that makes no token, before a resume point:
    "&amp;</>--!></b><a href=x><select><![CDATA[<table><textarea>\x00&am&\r\n</template>&#",
    # Markup with a "<" inside (a quoted value, a comment, an end tag's name)
    # that is the window's cut (see specparser.incremental.window): the
    # scanner must stop there, not take the markup and the text after it up
    # to the end of the window, cutting "&amp;" in two.
    '<p>x<a title="x<y">' + "b" * 70 + "&amp;c" + "d" * 70,
    "<p>x<a title='x<y' class=z>" + "b" * 70 + "&amp;c" + "d" * 70,
    "<p>x<!-- x<y -->" + "b" * 70 + "&amp;c" + "d" * 70,
    "<p>x</a<b>" + "b" * 70 + "&amp;c" + "d" * 70,
]


@pytest.mark.parametrize("text", PAUSES)
@pytest.mark.parametrize("tree", TREES)
def test_pauses_anywhere(text: str, tree: str) -> None:
    want = one_shot(text, tree)
    for split in (one_at_a_time, random_points(1, 5), random_points(2, 3)):
        assert incremental(text, tree, split) == want
    for k in range(1, len(text)):
        assert incremental(text, tree, lambda d: iter((d[:k], d[k:]))) == want


ENCODED = [
    # The prescan's <meta> after 1,024 bytes of other bytes: two pieces at least.
    b"<!-- " + b"x" * 1100 + b" --><meta charset=koi8-r><p>\xe9\xf0",
    b"<meta charset=shift_jis><p>\x82\xa0\x82\xa2\x83\x41",
    # A late <meta>: the bytes are parsed again as windows-1251.
    b"<p>" + b"y" * 1500 + b"<meta charset=windows-1251>\xe9\xe9",
    # Valid UTF-8 until a late byte: the one-shot parse reads it all as windows-1252.
    "<p>caf\u00e9 ".encode() + b"z" * 3000 + b" \xff",
    "<p>caf\u00e9 <meta charset=windows-1252>".encode() + b"z" * 1100 + b"\xe9",
    "<p>caf\u00e9 <meta charset=utf-8>".encode() + b"z" * 1100 + b"\xe9",
    "\ufeff<p>BOM \u00e9 \U0001F600".encode(),
    "<p>UTF-16 \U0001F600 \u00e9".encode("utf-16"),
    "<p>UTF-16BE \U0001F600".encode("utf-16-be"),
    "<meta charset=gb18030><p>\u4e2d\u6587 \U0001F600".encode("gb18030"),
    "<meta charset=big5><p>\u4e2d\u6587".encode("big5"),
    "<meta charset=euc-jp><p>\u65e5\u672c\u8a9e".encode("euc-jp"),
    "<meta charset=iso-2022-jp><p>\u65e5\u672c\u8a9e x".encode("iso-2022-jp"),
    "<meta charset=euc-kr><p>\ud55c\uad6d\uc5b4".encode("euc-kr"),
    b"<meta charset=replacement><p>x",
    b"\xef\xbb",
    b"",
]


@pytest.mark.parametrize("data", ENCODED, ids=range(len(ENCODED)))
@pytest.mark.parametrize("options", [{}, {"detect_utf8": False}, {"transport_encoding": "iso-8859-2"}, {"encoding": "utf-8"}])
def test_bytes_anywhere(data: bytes, options: dict) -> None:
    want = one_shot(data, "etree", **options)
    for split in (one_at_a_time, random_points(3, 7), pieces_of(1024), pieces_of(1025)):
        assert incremental(data, "etree", split, **options) == want


# -- step 8 with a detector ---------------------------------------------------------

RUSSIAN_KOI8 = "Привет, как дела? ".encode("koi8-r")
DETECTED = [
    *ENCODED,
    # Nothing declared, not UTF-8 from the first byte: the detector decides.
    b"<p>" + RUSSIAN_KOI8 * 300,
    # Valid UTF-8 for 3,000 bytes, then not: the detector, on all the bytes.
    "<p>Привет ".encode() * 300 + RUSSIAN_KOI8,
    # Valid UTF-8 to the end: UTF-8 (detect_utf8) or the default, never the detector.
    "<p>Привет ".encode() * 300,
    # The detector's answer is tentative: a late <meta> re-parses.
    b"<p>" + b"x" * 1500 + b"<meta charset=iso-8859-2>" + RUSSIAN_KOI8 * 3,
]


def koi8_detector(data: bytes) -> str:
    """A detector with a fixed answer (what it answers is not the point
    here: that Parser asks it about the same bytes as parse())."""
    return "koi8-r"


@pytest.mark.parametrize("data", DETECTED, ids=range(len(DETECTED)))
@pytest.mark.parametrize("options", [{}, {"detect_utf8": False}], ids=["detect_utf8", "no_detect_utf8"])
def test_detector_as_parse(data: bytes, options: dict) -> None:
    """Parser(detector=...) gives parse()'s result for the same bytes
    (encoding, source, tree, errors), however they are split."""
    want = one_shot(data, "etree", detector=koi8_detector, **options)
    for split in (random_points(5, 9), pieces_of(1024), pieces_of(65536)):
        assert incremental(data, "etree", split, detector=koi8_detector, **options) == want


def test_detector_named_as_parse() -> None:
    pytest.importorskip("charset_normalizer")
    data = b"<title>x</title><p>" + "Привет, как у тебя дела сегодня? ".encode("windows-1251") * 40
    want = one_shot(data, "etree", detector="charset-normalizer")
    assert want[3].count("detector") == 1
    assert incremental(data, "etree", pieces_of(100), detector="charset-normalizer") == want


def test_detector_sees_all_the_bytes_once() -> None:
    """Undeclared bytes that are not UTF-8 are held until close(): the
    detector is asked once, about what parse() gives it, and nothing is
    built before (the memory cost the incremental guide states)."""
    asked: list[bytes] = []

    def detector(data: bytes) -> str:
        asked.append(data)
        return "koi8-r"

    data = b"<p>" + RUSSIAN_KOI8 * 300
    specparser.parse(data, detector=detector)
    made: list[str] = []

    class Recording(specparser.get_builder("etree")):  # type: ignore[misc]
        def create_element(self, name: str, namespace: str, attrs: dict, pos: int = -1) -> Any:
            made.append(name)
            return super().create_element(name, namespace, attrs, pos)

    parser = Parser(Recording, detector=detector)
    for piece in pieces_of(512)(data):
        parser.feed(piece)
    assert made == [] and len(asked) == 1
    parser.close()
    assert len(asked) == 2 and asked[1] == asked[0]
    assert "p" in made


def test_a_tree_builder_sees_nodes_while_data_comes() -> None:
    made: list[str] = []

    class Recording(specparser.get_builder("etree")):  # type: ignore[misc]
        def create_element(self, name: str, namespace: str, attrs: dict, pos: int = -1) -> Any:
            made.append(name)
            return super().create_element(name, namespace, attrs, pos)

    # (Bytes wait for the prescan's 1,024 bytes unless the encoding is known.)
    parser = Parser(Recording, transport_encoding="utf-8")
    parser.feed(b"<!DOCTYPE html><title>t</title><p>one</p>" + b" " * 200)
    assert "p" in made
    parser.feed(b"<div>two</div>" + b" " * 200)
    assert "div" in made
    parser.close()
    made.clear()
    parser = Parser(Recording)
    parser.feed("<p>one</p>" + " " * 100)
    assert made == ["html", "head", "body", "p"]
    parser.close()


def test_consumed_text_is_dropped() -> None:
    """The window (text kept for the tokenizer) stays about the size of a
    piece however long the document."""
    parser = Parser("etree", encoding="utf-8")
    largest = 0
    for _ in range(2000):
        parser.feed(b"<p class=x>Some text &amp; more</p>\n")
        largest = max(largest, len(parser._tree._window))  # type: ignore[union-attr]
    parser.close()
    assert largest < 200


def _tokenized_characters(split: Callable[[str], Iterator[str]], text: str, tree: str = "etree") -> int:
    """How many characters all the tokenizer runs were given in all."""
    total = 0
    original = IncrementalTreeConstruction._new_tokenizer

    def counting(self: Any, window: str, final: bool) -> Any:
        nonlocal total
        total += len(window)
        return original(self, window, final)

    IncrementalTreeConstruction._new_tokenizer = counting  # type: ignore[method-assign]
    try:
        parser = Parser(tree)
        for piece in split(text):
            parser.feed(piece)
        parser.close()
    finally:
        IncrementalTreeConstruction._new_tokenizer = original  # type: ignore[method-assign]
    return total


@pytest.mark.parametrize(
    "shape",
    [
        "x" * 20000,
        "<!--" + "-" * 20000,
        "<a title='" + ">" * 20000,
        "<script>" + "<!--<script>" * 2000,
        "&amp;" * 4000,
        "<p>a</p>" * 3000,
    ],
    ids=["text", "comment", "attribute", "script escapes", "references", "tags"],
)
def test_one_character_at_a_time_stays_linear(shape: str) -> None:
    """The tokenizer runs, fed one character at a time, read a constant
    number of times the input (an operation count, not a time)."""
    assert _tokenized_characters(one_at_a_time, shape) <= 6 * len(shape)


@pytest.mark.parametrize("tree", ["lxml", "bs4"])
@pytest.mark.parametrize("split", [one_at_a_time, pieces_of(4096)], ids=["one at a time", "4 KB"])
def test_a_window_kept_from_the_start_stays_linear(tree: str, split: Callable[[str], Iterator[str]]) -> None:
    """A tree that reads the tokens' offsets (source lines), built whole,
    keeps the text from the input's start (see specparser.incremental.driver's
    _KEPT_START): the runs come once the window has doubled, so all of them
    together are given about twice the input, however it is split."""
    text = "<p class=x>Some text &amp; more</p>\n" * 3000
    assert _tokenized_characters(split, text, tree) <= 3 * len(text)


# -- arguments ----------------------------------------------------------------


def test_arguments() -> None:
    with pytest.raises(TypeError, match=r"Parser\(\).*unexpected keyword"):
        Parser("etree", colour=1)  # type: ignore[call-arg]
    with pytest.raises(ValueError, match=r"Parser\(\): tree must be"):
        Parser("soup")
    with pytest.raises(TypeError, match=r"Parser\(\): scripting must be a bool"):
        Parser(scripting=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"Parser\(\): encoding: unknown encoding label"):
        Parser(encoding="klingon")
    parser = Parser()
    parser.feed(b"<p>")
    with pytest.raises(TypeError, match=r"Parser.feed\(\): this parser was fed bytes"):
        parser.feed("<p>")
    with pytest.raises(TypeError, match=r"Parser.feed\(\): data must be bytes or str"):
        parser.feed(3)  # type: ignore[arg-type]
    parser.close()
    with pytest.raises(ValueError, match="closed"):
        parser.feed(b"x")
    with pytest.raises(ValueError, match="closed"):
        parser.close()
    with pytest.raises(TypeError, match=r"Parser\(\): encoding applies to bytes"):
        Parser(encoding="utf-8").feed("<p>")


def test_nothing_fed_is_the_empty_string() -> None:
    assert one_shot("", "dom") == observed("dom", Parser("dom", errors=(e := []), info=(i := ParseInfo())).close(), e, i)


def test_a_builder_instance_is_used_for_each_pass() -> None:
    """As with parse(): a re-parse after a late <meta> starts the same
    builder again."""
    data = b"<p>" + b"y" * 1500 + b"<meta charset=windows-1251>\xe9"
    builder = specparser.get_builder("dom")()
    parser = Parser(builder)
    for piece in pieces_of(100)(data):
        parser.feed(piece)
    assert specparser.serialize(parser.close()) == specparser.serialize(specparser.parse(data, "dom"))


def test_user_builder_gets_the_whole_source() -> None:
    sources: list[str] = []

    class Keeps(specparser.get_builder("etree")):  # type: ignore[misc]
        def set_source(self, text: str) -> None:
            sources.append(text)

    parser = Parser(Keeps)
    for piece in pieces_of(7)("<p>one\r\ntwo</p>" * 20):
        parser.feed(piece)
    parser.close()
    assert all(isinstance(text, str) for text in sources)
    assert ("<p>one\ntwo</p>" * 20).startswith(sources[-1])

