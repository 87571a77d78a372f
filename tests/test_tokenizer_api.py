"""The tokenizer's contract with tree construction (src/specparser/tokens.py):
argument checking, the sink protocol, state switching by the sink, token
positions, runs of characters, NUL handling."""

from __future__ import annotations

import pytest

from specparser import tokens as t
from specparser.errors import ParseError
from specparser.tokenizer import Tokenizer, tokenize


class RecordingSink:
    """Records every call; switches states like tree construction would."""

    switch_after = {"title": t.RCDATA_STATE, "style": t.RAWTEXT_STATE, "script": t.SCRIPT_DATA_STATE,
                    "plaintext": t.PLAINTEXT_STATE}

    def __init__(self, cdata=False):
        self.calls = []
        self.tokenizer = None
        self.cdata = cdata
        self.positions_at_start_tag = []

    def characters(self, data, pos):
        self.calls.append(("characters", data, pos))

    def start_tag(self, tag):
        self.calls.append(("start_tag", tag.name, dict(tag.attrs), tag.self_closing, tag.pos, tag.end))
        self.positions_at_start_tag.append(self.tokenizer.pos)
        state = self.switch_after.get(tag.name)
        if state is not None:
            self.tokenizer.state = state

    def end_tag(self, tag):
        self.calls.append(("end_tag", tag.name, tag.pos, tag.end))

    def comment(self, data, pos):
        self.calls.append(("comment", data, pos))

    def doctype(self, doctype):
        self.calls.append(("doctype", doctype.name, doctype.public_id, doctype.system_id,
                           doctype.force_quirks, doctype.pos))

    def eof(self, pos):
        self.calls.append(("eof", pos))

    def cdata_allowed(self):
        self.calls.append(("cdata_allowed?",))
        return self.cdata


def run(text, **kwargs):
    sink = RecordingSink(**{k: kwargs.pop(k) for k in list(kwargs) if k == "cdata"})
    tokenizer = Tokenizer(text, sink, **kwargs)
    sink.tokenizer = tokenizer
    tokenizer.run()
    return sink


def merged_text(calls):
    return "".join(c[1] for c in calls if c[0] == "characters")


# -- arguments ----------------------------------------------------------------------


@pytest.mark.parametrize("bad", [b"<p>", bytearray(b"<p>"), None, 42, ["<p>"]])
def test_non_str_input_raises_type_error(bad):
    with pytest.raises(TypeError, match="str"):
        Tokenizer(bad, RecordingSink())
    with pytest.raises(TypeError, match="str"):
        tokenize(bad)


def test_errors_must_be_a_list():
    with pytest.raises(TypeError, match="list"):
        Tokenizer("", RecordingSink(), errors=())


def test_str_subclass_is_accepted():
    class Markup(str):
        pass

    assert tokenize(Markup("<p>x")) == [("StartTag", "p", {}, False), ("Character", "x")]


# -- the sink protocol ------------------------------------------------------------------


def test_empty_input_is_just_eof():
    assert run("").calls == [("eof", 0)]


def test_eof_is_last_and_at_the_end():
    sink = run("<p>text")
    assert sink.calls[-1] == ("eof", 7)


def test_positions():
    sink = run('<!DOCTYPE html><p class="x">hi</p><!--c-->')
    assert sink.calls == [
        ("doctype", "html", None, None, False, 0),
        ("start_tag", "p", {"class": "x"}, False, 15, 28),
        ("characters", "hi", 28),
        ("end_tag", "p", 30, 34),
        ("comment", "c", 34),
        ("eof", 42),
    ]


def test_positions_through_the_state_machine():
    # Same construct, but odd enough to avoid every fast path.
    sink = run("<p  a=1 b='&amp;' ><!-- x --!></p >", errors=[])
    assert sink.calls == [
        ("start_tag", "p", {"a": "1", "b": "&"}, False, 0, 19),
        ("comment", " x ", 19),
        ("end_tag", "p", 30, 35),
        ("eof", 35),
    ]


def test_text_is_emitted_in_runs():
    sink = run("hello, world! " * 100 + "<p>" + "more text " * 100)
    chars = [c for c in sink.calls if c[0] == "characters"]
    assert len(chars) == 2
    assert chars[0][2] == 0 and chars[1][2] == 1403


def test_character_reference_positions():
    # Collecting errors, each piece carries its own source offset: the text
    # before the reference, the reference, the text after it.
    sink = run("a&amp;b", errors=[])
    assert merged_text(sink.calls) == "a&b"
    assert [c[2] for c in sink.calls if c[0] == "characters"] == [0, 1, 6]
    # Without errors the run is decoded whole and emitted once, at the
    # offset where it starts.
    sink = run("x<p>a&amp;b&lt;c<p>")
    assert [c[1:] for c in sink.calls if c[0] == "characters"] == [("x", 0), ("a&b<c", 4)]


def test_nul_in_data_is_passed_through_elsewhere_replaced():
    errors = []
    assert tokenize("a\x00b", errors=errors) == [("Character", "a\x00b")]
    assert [e.code for e in errors] == ["unexpected-null-character"]
    for state in (t.RCDATA_STATE, t.RAWTEXT_STATE, t.SCRIPT_DATA_STATE, t.PLAINTEXT_STATE):
        errors = []
        assert tokenize("a\x00b", state=state, errors=errors) == [("Character", "a\ufffdb")]
        assert [e.code for e in errors] == ["unexpected-null-character"]
    assert tokenize("<a\x00 b\x00='\x00'>") == [("StartTag", "a\ufffd", {"b\ufffd": "\ufffd"}, False)]
    assert tokenize("<!--\x00-->") == [("Comment", "\ufffd")]


# -- the sink switches the state ------------------------------------------------------------


def test_sink_switches_to_rcdata_after_title():
    sink = run("<title><b>&amp;</title><b>")
    assert sink.calls == [
        ("start_tag", "title", {}, False, 0, 7),
        ("characters", "<b>", 7),
        ("characters", "&", 10),
        ("end_tag", "title", 15, 23),
        ("start_tag", "b", {}, False, 23, 26),
        ("eof", 26),
    ]


def test_sink_switches_to_rawtext_and_script():
    sink = run("<style>a<b>&amp;</style ><script>if (a<b) x='</p>';</script><i>")
    names = [c[:2] for c in sink.calls if c[0] != "characters"]
    assert names == [("start_tag", "style"), ("end_tag", "style"), ("start_tag", "script"),
                     ("end_tag", "script"), ("start_tag", "i"), ("eof", 63)]
    assert merged_text(sink.calls) == "a<b>&amp;if (a<b) x='</p>';"


def test_sink_switches_to_plaintext_for_good():
    sink = run("<plaintext></plaintext><b>")
    assert sink.calls[1:] == [("characters", "</plaintext><b>", 11), ("eof", 26)]


def test_tokenizer_does_not_read_past_the_start_tag():
    # When the sink sees a start tag, the tokenizer has not consumed anything
    # after its ">" (fast path and state machine alike).
    for text in ["<title>x", "<title a=b>x", "<title a='&amp;'>x", "<title\x00>x", "<title/>x"]:
        sink = run(text)
        tag = next(c for c in sink.calls if c[0] == "start_tag")
        assert sink.positions_at_start_tag[0] == tag[5], text


def test_switch_also_happens_through_the_state_machine():
    for fast in (True, False):
        sink = run('<script type="a"\x01>a</b></script>', fast_paths=fast)
        assert merged_text(sink.calls) == "a</b>"


def test_last_start_tag_is_set_and_settable():
    tokenizer = Tokenizer("<a><b>", RecordingSink())
    tokenizer.sink.tokenizer = tokenizer
    tokenizer.run()
    assert tokenizer.last_start_tag == "b"
    assert tokenize("x</textarea>y", state=t.RCDATA_STATE, last_start_tag="textarea") == [
        ("Character", "x"), ("EndTag", "textarea"), ("Character", "y")]
    assert tokenize("x</textarea>y", state=t.RCDATA_STATE, last_start_tag="title") == [
        ("Character", "x</textarea>y")]
    assert tokenize("x</textarea>y", state=t.RCDATA_STATE) == [("Character", "x</textarea>y")]


# -- CDATA ----------------------------------------------------------------------------------------


def test_cdata_allowed_is_asked_only_for_cdata():
    sink = run("<p><!--x--><!x><![CDATA[y]]>")
    assert sink.calls.count(("cdata_allowed?",)) == 1
    assert ("comment", "[CDATA[y]]", 15) in sink.calls


def test_cdata_section_in_foreign_content():
    sink = run("<![CDATA[a<b>&amp;]]]>c", cdata=True)
    assert merged_text(sink.calls) == "a<b>&amp;]c"


def test_cdata_keeps_nul_for_tree_construction():
    # The CDATA section state emits U+0000 as is (and reports nothing): the
    # in-foreign-content rules replace it.
    errors = []
    assert tokenize("<![CDATA[\x00]]>", cdata_allowed=True, errors=errors) == [("Character", "\x00")]
    assert errors == []


# -- errors --------------------------------------------------------------------------------------


def test_errors_are_parse_error_records():
    errors = []
    tokenize("<p\n  a='1' a='2'>", errors=errors)
    assert len(errors) == 1
    error = errors[0]
    assert isinstance(error, ParseError)
    assert (error.code, error.offset, error.line, error.column) == ("duplicate-attribute", 12, 2, 10)


def test_tokens_do_not_depend_on_error_collection():
    source = "<p a=1 a=2 &amp <!--x-- ><x\x00y \x01>&#0;&noti; </p/><!DOCTYPE x SYSTEM 'y' z>"
    assert tokenize(source) == tokenize(source, errors=[])


class KeepingSink(RecordingSink):
    """Keeps the tag token objects themselves."""

    def __init__(self, borrows: bool) -> None:
        super().__init__()
        self.borrows_tags = borrows
        self.kept = []

    def start_tag(self, tag):
        super().start_tag(tag)
        self.kept.append(tag)

    def end_tag(self, tag):
        super().end_tag(tag)
        self.kept.append(tag)


def _keep(text, borrows):
    sink = KeepingSink(borrows)
    tokenizer = Tokenizer(text, sink)
    sink.tokenizer = tokenizer
    tokenizer.run()
    return sink


def test_tag_tokens_are_new_objects_unless_the_sink_borrows_them() -> None:
    text = '<p class="a">x</p><b>y</b>'
    keeping = _keep(text, borrows=False)
    assert len({id(tag) for tag in keeping.kept}) == 4
    assert [(tag.name, tag.pos) for tag in keeping.kept] == [("p", 0), ("p", 14), ("b", 18), ("b", 22)]
    assert keeping.kept[0].attrs == {"class": "a"}
    borrowing = _keep(text, borrows=True)
    # The same calls, from one start tag object and one end tag object.
    assert borrowing.calls == keeping.calls
    assert len({id(tag) for tag in borrowing.kept}) == 2
