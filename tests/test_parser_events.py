"""The event interfaces on the incremental parser: ``Parser(events=...)``
with ``read_events()``, ``Parser(target=...)``, ``specparser.iterparse``
and ``specparser --format errors`` reading in pieces.

Expected values: the one-shot parse of the same input (the suite's trees,
``parse()``'s errors), fed in any pieces, gives the same events in the same
order (tests/test_events.py checks those against the standard's stack of
open elements)."""

from __future__ import annotations

import io
import random
import subprocess
import sys
import tracemalloc
from typing import Any

import pytest
from compat.paths import MISSING_CORPUS, corpus_dir
from compat.tree_suite import load_cases, missing_reason, suite_dir

import specparser
from specparser.builders.etree import ElementTreeBuilder
from specparser.cli import main
from specparser.events import EVENT_NAMES, EventQueue, TargetBuilder, reporting_builder
from specparser.treeconstruction import build_tree

HAVE_WPT = suite_dir("wpt") is not None
DOCUMENTS = [c for c in load_cases(skipped=True) if c.skip is None and c.context is None] if HAVE_WPT else []
needs_wpt = pytest.mark.skipif(not HAVE_WPT, reason=missing_reason("wpt"))


def _shape(event: str, node: Any) -> tuple[str, Any]:
    if event in ("start", "end"):
        return event, node.tag
    if event == "comment":
        return event, node.text
    if event == "pi":
        return event, node.text
    return event, node


def _one_shot_events(markup: str, scripting: bool) -> list[tuple[str, Any]]:
    queue = EventQueue(frozenset(EVENT_NAMES))
    builder = reporting_builder(ElementTreeBuilder(namespaceHTMLElements=False, fullTree=True), queue)
    build_tree(markup, builder, scripting, None, None, listener=queue)
    return [_shape(*event) for event in queue.drain()]


def _pieces(text: Any, rng: random.Random) -> list[Any]:
    cuts = sorted(rng.sample(range(1, len(text)), min(len(text) - 1, rng.randint(0, 6)))) if len(text) > 1 else []
    bounds = [0, *cuts, len(text)]
    return [text[a:b] for a, b in zip(bounds, bounds[1:])]


@needs_wpt
def test_events_fed_in_pieces_are_the_one_shot_events() -> None:
    rng = random.Random(33)
    for case in DOCUMENTS:
        parser = specparser.Parser(events=EVENT_NAMES, scripting=case.scripting)
        got: list[tuple[str, Any]] = []
        for piece in _pieces(case.data, rng):
            parser.feed(piece)
            got.extend(_shape(*event) for event in parser.read_events())
        parser.close()
        got.extend(_shape(*event) for event in parser.read_events())
        assert got == _one_shot_events(case.data, case.scripting), case.id


class _Calls:
    def __init__(self) -> None:
        self.calls: list[tuple[Any, ...]] = []

    def start(self, tag: str, attrib: dict[str, str]) -> None:
        self.calls.append(("start", tag, attrib))

    def end(self, tag: str) -> None:
        self.calls.append(("end", tag))

    def data(self, text: str) -> None:
        if self.calls and self.calls[-1][0] == "data":  # pieces may split a text run
            self.calls[-1] = ("data", self.calls[-1][1] + text)
        else:
            self.calls.append(("data", text))

    def comment(self, text: str) -> None:
        self.calls.append(("comment", text))

    def pi(self, target: str, data: str) -> None:
        self.calls.append(("pi", target, data))

    def doctype(self, name: str, public_id: str, system_id: str) -> None:
        self.calls.append(("doctype", name, public_id, system_id))

    def close(self) -> list[tuple[Any, ...]]:
        return self.calls


@needs_wpt
def test_target_fed_in_pieces_gets_the_one_shot_calls() -> None:
    rng = random.Random(35)
    for case in DOCUMENTS:
        errors: list = []
        parser = specparser.Parser(target=_Calls(), scripting=case.scripting, errors=errors)
        for piece in _pieces(case.data.encode("utf-8"), rng):
            parser.feed(piece)
        got = parser.close()
        one_shot = TargetBuilder(_Calls())
        expected = build_tree(case.data, one_shot, case.scripting, None, None, listener=one_shot)
        assert got == expected, case.id
        full: list = []
        specparser.parse(case.data.encode("utf-8"), errors=full, scripting=case.scripting)
        assert [(e.code, e.line, e.column) for e in errors] == [(e.code, e.line, e.column) for e in full], case.id


def test_events_come_while_the_document_arrives() -> None:
    head = b"<!DOCTYPE html><meta charset=utf-8><body>"
    record = b"<div class=r><p>record</p></div>\n"
    parser = specparser.Parser(events=("end",))
    parser.feed(head)
    seen = 0
    for _ in range(200):
        parser.feed(record * 10)
        seen += sum(1 for event, node in parser.read_events() if node.tag == "div")
    assert seen > 1900  # all but the last few records, before close()
    parser.close()
    seen += sum(1 for event, node in parser.read_events() if node.tag == "div")
    assert seen == 2000


def test_events_wait_while_a_reparse_may_come() -> None:
    # Undeclared bytes: valid UTF-8 so far, so UTF-8, until a byte says
    # otherwise and the parser starts again in windows-1252.
    parser = specparser.Parser(events=("start", "end"))
    parser.feed(b"<!DOCTYPE html><p>" + b"caf\xc3\xa9 " * 5000)
    assert list(parser.read_events()) == []
    parser.feed(b"<p>na\xefve")  # not UTF-8: windows-1252 from the start
    tree = parser.close()
    events = list(parser.read_events())
    in_tree = {id(node) for node in tree.iter()}
    assert events and all(id(node) in in_tree for _, node in events)
    assert tree.getroot().find(".//p").text.startswith("cafÃ©")

    # A late <meta> that names another encoding: the events of the first
    # pass are dropped with it.
    parser = specparser.Parser(events=("start",))
    parser.feed(b"<!DOCTYPE html><title>" + b"x" * 2000 + b"</title>")
    parser.feed(b"<meta charset=koi8-r><p>\xf0\xd2\xc9\xd7\xc5\xd4")
    tree = parser.close()
    starts = [node for _, node in parser.read_events()]
    assert [node.tag for node in starts] == ["html", "head", "title", "meta", "body", "p"]
    assert {id(node) for node in starts} <= {id(node) for node in tree.iter()}
    assert tree.getroot().find(".//p").text == "Привет"


def test_iterparse_sources(tmp_path: Any) -> None:
    markup = b"<!DOCTYPE html><meta charset=utf-8><ul>" + b"<li>item</li>" * 500 + b"</ul><!--end-->"
    path = tmp_path / "page.html"
    path.write_bytes(markup)
    expected = specparser.serialize(specparser.parse(markup))
    for source in (str(path), path, io.BytesIO(markup), markup, io.StringIO(markup.decode())):
        iterator = specparser.iterparse(source, events=("end", "comment"), chunk_size=100)
        events = list(iterator)
        assert sum(1 for event, node in events if event == "end" and node.tag == "li") == 500
        assert any(event == "comment" for event, _ in events)
        assert specparser.serialize(iterator.root) == expected
    with pytest.raises(TypeError, match=r"iterparse\(\): source must be"):
        specparser.iterparse(42)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"iterparse\(\): chunk_size must be at least 1"):
        specparser.iterparse(markup, chunk_size=0)
    with pytest.raises(TypeError, match=r"iterparse\(\): events must be a collection"):
        specparser.iterparse(markup, events="end")
    with pytest.raises(ValueError, match=r"unknown event 'data'"):
        specparser.iterparse(markup, events=("data",))


def test_argument_errors() -> None:
    with pytest.raises(TypeError, match=r"Parser\(\): a target builds no tree"):
        specparser.Parser("lxml", target=_Calls())
    with pytest.raises(TypeError, match=r"Parser\(\): events and target exclude each other"):
        specparser.Parser(events=("end",), target=_Calls())
    with pytest.raises(TypeError, match=r"Parser\(\): target must have some of the methods"):
        specparser.Parser(target=object())
    with pytest.raises(TypeError, match=r"Parser.read_events\(\): the parser was made without events="):
        specparser.Parser().read_events()


def _peak(feed: Any) -> int:
    tracemalloc.start()
    try:
        feed()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


# Each record's link differs: a formatting element's Noah's Ark key must
# not outlive it (distinct <a href>s once grew the parser's key table).
RECORD = "<div class=record><h2>Record</h2><p>Some text, <a href=/x{}>a link</a> &amp; more.</p></div>\n"


def _block(start: int) -> bytes:
    return "".join(RECORD.format(n) for n in range(start, start + 100)).encode()


def _feed_target(records: int) -> None:
    parser = specparser.Parser(target=_Counter(), encoding="utf-8")
    parser.feed(b"<!DOCTYPE html><body>")
    for n in range(0, records, 100):
        parser.feed(_block(n))
    parser.close()


def _feed_events(records: int) -> None:
    parser = specparser.Parser(events=("start", "end"), encoding="utf-8")
    parser.feed(b"<!DOCTYPE html><body>")
    body = None
    for n in range(0, records, 100):
        parser.feed(_block(n))
        for event, node in parser.read_events():
            if event == "start" and node.tag == "body":
                body = node
            elif event == "end" and node.tag == "div":
                del body[:]  # type: ignore[index]
    parser.close()


class _Counter:
    def end(self, tag: str) -> None:
        pass


@pytest.mark.parametrize("feed", [_feed_target, _feed_events], ids=["target", "read_events"])
def test_memory_does_not_grow_with_the_document(feed: Any) -> None:
    small = _peak(lambda: feed(2_000))  # about 190 KB of input
    large = _peak(lambda: feed(16_000))  # about 1.5 MB
    # Measured: both peaks about the same (the pieces fed, the parser's
    # window); a tree of the large document would take tens of MB, and a
    # line index 8 bytes a line (112 KB more here) was caught too.
    assert large < small + 60_000, (small, large)


@pytest.mark.skipif(corpus_dir() is None, reason=MISSING_CORPUS)
def test_cli_errors_read_in_pieces_are_parse_errors(
    capsysbinary: pytest.CaptureFixture[bytes], monkeypatch: pytest.MonkeyPatch
) -> None:
    import specparser.cli

    monkeypatch.setattr(specparser.cli, "_STREAM_FROM", 0)  # stream every file, not only those over 32 MB
    for page in sorted(corpus_dir().glob("*.html"))[::8]:  # type: ignore[union-attr]
        errors: list = []
        specparser.parse(page.read_bytes(), errors=errors)
        expected = "".join(f"{page}:{e.line}:{e.column}: {e.code}: {e.message}\n" for e in errors)
        main(["--format", "errors", str(page)])
        assert capsysbinary.readouterr().out.decode("utf-8") == expected, page.name


def test_cli_errors_from_standard_input_in_pieces() -> None:
    markup = b"<!DOCTYPE html><meta charset=utf-8>" + b"<p>x</b>\n" * 20_000
    done = subprocess.run(
        [sys.executable, "-m", "specparser", "--format", "errors", "-"], input=markup, capture_output=True, check=False
    )
    lines = done.stdout.decode().splitlines()
    assert done.returncode == 0 and len(lines) == 20_000
    assert lines[0] == "<stdin>:1:40: unexpected-end-tag: end tag not allowed here, or with no open element to close: </b>"
    assert lines[-1].startswith("<stdin>:20000:5: unexpected-end-tag")


def test_the_reporting_builder_forwards_every_tree_builder_method() -> None:
    # A method of TreeBuilder that ReportingBuilder does not define is
    # TreeBuilder's own default, not the wrapped builder's (__getattr__ is
    # asked only for what the class lacks): attach_shadow_root was missed
    # that way, and Parser(events=..., shadow_roots=True) attached no
    # shadow root.
    from specparser.events import ReportingBuilder, _PatchingReportingBuilder
    from specparser.treebuilder import TreeBuilder

    methods = {name for name, value in vars(TreeBuilder).items() if callable(value) and not name.startswith("__")}
    forwarded = set(vars(ReportingBuilder)) | set(vars(_PatchingReportingBuilder))
    assert methods - forwarded == set()
