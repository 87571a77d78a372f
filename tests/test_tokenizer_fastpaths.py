"""The data state's fast paths for tags the first-tier regex refuses:
unquoted attribute values and attribute names holding characters that are
errors there (escaped JSON markup outside scripts, as on real news pages),
upper-case and non-ASCII names.

Expected values come from the spec's states
(https://html.spec.whatwg.org/#attribute-value-(unquoted)-state: " ' < = `
are appended to the value with an
unexpected-character-in-unquoted-attribute-value error) and from the state
machine itself (``fast_paths=False``), which owns every odd case."""

from __future__ import annotations

import pytest

from specparser.tokenizer import Tokenizer, tokenize
from specparser.tokens import DATA_STATE, RAWTEXT_STATE, RCDATA_STATE, SCRIPT_DATA_STATE, IgnoringSink

UNQUOTED_ERROR = "unexpected-character-in-unquoted-attribute-value"


def _run(source: str, fast: bool, collect: bool = True):
    errors = [] if collect else None
    tokens = tokenize(source, errors=errors, fast_paths=fast)
    return tokens, None if errors is None else [(e.code, e.offset) for e in errors]


class _Tags(IgnoringSink):
    """A sink keeping the start tags' offsets."""

    def __init__(self):
        self.tags = []

    def start_tag(self, tag):
        self.tags.append((tag.name, dict(tag.attrs), tag.self_closing, tag.pos, tag.end))


ESCAPED_JSON_TAG = r'<tabItem poradi=\"1.\" Z=\"1\"\/>'


def test_escaped_json_tag_as_the_spec_tokenizes_it():
    # \ starts each unquoted value; every " in it is an error; "\/" is part
    # of the last value, so the tag is not self-closing.
    tokens, errors = _run(ESCAPED_JSON_TAG, fast=True)
    assert tokens == [("StartTag", "tabitem", {"poradi": r"\"1.\"", "z": r"\"1\"\/"}, False)]
    assert errors == [(UNQUOTED_ERROR, 17), (UNQUOTED_ERROR, 21), (UNQUOTED_ERROR, 26), (UNQUOTED_ERROR, 29)]


def test_escaped_json_tag_offsets():
    sink = _Tags()
    Tokenizer("x" + ESCAPED_JSON_TAG + "y", sink).run()
    assert sink.tags == [("tabitem", {"poradi": r"\"1.\"", "z": r"\"1\"\/"}, False, 1, 34)]


def test_escaped_quotes_split_a_value_into_names():
    # <div class=\"a b\"> : the value ends at the space, b\" is an
    # attribute name with an error at its quote.
    tokens, errors = _run(r'<div class=\"a b\">', fast=True)
    assert tokens == [("StartTag", "div", {"class": r'\"a', 'b\\"': ""}, False)]
    assert errors == [(UNQUOTED_ERROR, 12), ("unexpected-character-in-attribute-name", 17)]


def test_names_lower_case_ascii_only():
    # U+0130 would become "i\u0307" with str.lower; the spec lowers ASCII only.
    tokens, _ = _run("<aB\u0130 X\u0130Y=1></aB\u0130 >", fast=True)
    assert tokens == [("StartTag", "ab\u0130", {"x\u0130y": "1"}, False), ("EndTag", "ab\u0130")]


ODD_TAGS = [
    ESCAPED_JSON_TAG,
    "<a b=x'y c=\"q&amp;\" d=1=2>",
    "<a b==c>",
    "<a b=<c>",
    "<a b=`c`>",
    "<a b=c\"d e='f'/>",
    "<a b=c/>",
    "<a b=c/ d>",
    "<a b=c\"/ >",
    "<A B=c\" b=d\">",  # duplicate after lower-casing
    "<a b=c\" b=d>",
    "<a b=c\"&amp;d>",
    "<a b=c\"&ampd e=f'>",
    "<a b=c\"\x00d>",
    "<a b=c\"",
    "<a b=c\" ",
    "<a b= >",
    "<a b=\"c\"d=e'>",
    "<a b='c\"'d>",
    "<a b=c'\ud800>",
    "<a b=\"c\ud800\" d=e`>",
    "<a\tb\n=\fc\"\n>",
    "<a b=c\"><b x=y'>text</b>",
    r'<div class=\"a b\">',
    "<a \"b\" 'c' <d>",
    "<a b\"=c'>",
    "<a b'c d=\"e\">",
    "<a b<c=&amp;>",
    r"<url\/>",
    r"</URL\>",
    "<tabItem jmeno=\\\"Milan Petr\u017eela\\\">",
    "<a\u0130 \u0130B=1 \u00c4=2></A\u0130>",
    "<a b\"=1 B\"=2>",
    "<a<b c<d>",
    "<a b\x00c=1>",
    "<a b=1 =c>",
    "<a/b>",
    "<a b/>",
    "<a b/ >",
]

# Tags the scanner's first-tier regex (_DATA_TOKEN: lower-case names,
# double-quoted values) takes in one match, each shape of it: no, one, two
# and more attributes, a repeated name (the attribute name state's
# duplicate-attribute error, the later one dropped) between the first
# attribute and the others or among the others, self-closing with and
# without whitespace, end tags with whitespace, character references and
# NULs in the first or a later value.
PLAIN_TAGS = [
    "<p>x</p>",
    "<br/><br /><hr\n/>",
    '<img src="a"/><img src="a" />',
    '<a href="x">y</a >',
    '<a href="x" class="y">z</a\n>',
    '<a href="x" class="y" id="z" title="w">',
    '<a b="1" b="2">',
    '<a b="1" c="2" b="3">',
    '<a b="1" c="2" c="3">',
    '<a b="1" c="2" d="3" c="4">',
    '<a b="&amp;" c="&x">',
    '<a b="1" c="&amp;" d="&#1;">',
    '<a b="1" b="&amp;">',
    # Several known references ending with ";" (decoded without the
    # states), beside an unknown name, a bare "&" and a name without ";".
    '<a b="&quot;k&quot;:&amp;&lt;&quot;" c="&quot;&ampx;">',
    '<a b="&amp;&amp;x&gt;">&quot;&amp;&rsquo;t&nbsp;</a><p c="&&amp;">&notit;&amp;</p>',
    '<a b="x&amp;y" c="&amp" d="&quot;&#34;">&amp;&amp &lt;&gt;',
    # Only &amp; and &quot; (str.replace), one left behind by the other.
    '<a b="&amp;quot;" c="&quot;amp;&amp;amp;">&amp;quot;&quot;amp;&amp;lt;</a>',
    '<a b="&amp;&&quot;">&quot;&amp;&amp;&quot&amp;</a><a b="1" c="&quot;&amp">',
    '<a b="\x00">',
    '<a b="1" c="2" d="\x00">',
    '<a b="1" c="&amp;">',
    '<a b="1" c="&#1;"><a b="1" c="2" d="&quot;"><a b="1" c="2" d="&#1;">',
    '<a b="1" c="2" d="3" b="4"><a b="1" c="2" d="3" d="4">',
    '<a b="1" c="2" d="3" e="\x00"><a b="1" c="2" d="3" e="&amp;"><a b="1" c="2" d="3" e="&#1;">',
    '<a b="1" c="2" d="3" e="4" f="5" g="6"/><a b="1" c="2" d="1" e="4">',
    '<a b="1" c="\x00">',
    '<a b="1"\tc="2"\n\fd="3">',
    "text<p\t>more</p \t>end",
    '<a b="1" c="2"/',
    "</a></b c>",
]


@pytest.mark.parametrize("source", ODD_TAGS + PLAIN_TAGS)
@pytest.mark.parametrize("collect", [True, False])
def test_fast_paths_agree_with_the_states(source, collect):
    assert _run(source, True, collect) == _run(source, False, collect)


class _Switching(_Tags):
    """Replaces the input after the first start tag, as the on-the-fly
    encoding change does, and enters script data after <script>."""

    def __init__(self, new_text):
        super().__init__()
        self.new_text = new_text
        self.tokenizer = None
        self.text = []

    def characters(self, data, pos):
        self.text.append((data, pos))

    def start_tag(self, tag):
        super().start_tag(tag)
        if self.new_text is not None:
            self.tokenizer.change_to_the_new_converter(self.new_text)
            self.new_text = None
        if tag.name == "script":
            from specparser.tokens import SCRIPT_DATA_STATE

            self.tokenizer.state = SCRIPT_DATA_STATE


def test_a_nul_in_the_new_input_is_found():
    # The first input has no NUL, the new one has: the NUL-free shortcuts
    # must be worked out again for it (script data: U+FFFD with an error).
    sink = _Switching("<meta><script>a\x00b</script>")
    errors = []
    tokenizer = Tokenizer("<meta><script>ab</script>", sink, errors=errors)
    sink.tokenizer = tokenizer
    tokenizer.run()
    assert [tag[0] for tag in sink.tags] == ["meta", "script"]
    assert sink.text == [("a", 14), ("\ufffd", 15), ("b", 16)]
    assert [(e.code, e.offset) for e in errors] == [("unexpected-null-character", 15)]


@pytest.mark.parametrize("source", PLAIN_TAGS)
def test_plain_tag_offsets_agree_with_the_states(source):
    fast, general = _Tags(), _Tags()
    Tokenizer(source, fast).run()
    Tokenizer(source, general, fast_paths=False).run()
    assert fast.tags == general.tags


# U+0000 where the fast paths look for it in the pieces they take out of the
# text (no scan of the whole input): data runs (emitted as they are without
# errors, split at each NUL for its error with them), attribute values,
# comments, and the RCDATA / RAWTEXT / script data runs (U+FFFD), the first
# NUL and the ones after it (then searched for in the text).  Then what ends
# those runs (Tokenizer._find_first: "</" found by its "<", the others only
# before it): "<" not followed by "/", "</" that is no appropriate end tag,
# "<!--" before, after and inside the end tag's "</", "&" in RCDATA.
TEXT_STATE_SOURCES = [
    ("a\x00b", DATA_STATE),
    ("a\x00b&amp;c\x00&#0;d\x00", DATA_STATE),
    ("<p>\x00</p>\x00<b>x\x00</b>", DATA_STATE),
    ("<!--a\x00b-->c<!--\x00-->", DATA_STATE),
    ('<a b="c\x00" d="\x00">\x00', DATA_STATE),
    ("a\x00b</script>c\x00\x00d</script>\x00", SCRIPT_DATA_STATE),
    ("\x00<!--\x00-->\x00</script>", SCRIPT_DATA_STATE),
    ("a\x00</style>b\x00c</style>", RAWTEXT_STATE),
    ("a&amp;\x00b&\x00</title>\x00", RCDATA_STATE),
    ("x</title>y", RCDATA_STATE),
    ("x", SCRIPT_DATA_STATE),
    ("\x00", RAWTEXT_STATE),
    ("a<b c</d <!-- x --> y</script>z", SCRIPT_DATA_STATE),
    ("if(a<b)x='</div>'<!--c</script>-->", SCRIPT_DATA_STATE),
    ("<!--<script>a</script>b-->c</script>", SCRIPT_DATA_STATE),
    ("<<</</script", SCRIPT_DATA_STATE),
    ("a<!-", SCRIPT_DATA_STATE),
    ("<!--", SCRIPT_DATA_STATE),
    ("a<b</stylex</style>", RAWTEXT_STATE),
    ("a</titl&amp;</title>&lt;", RCDATA_STATE),
    ("&amp;&amp<</title", RCDATA_STATE),
]


@pytest.mark.parametrize(("source", "state"), TEXT_STATE_SOURCES)
@pytest.mark.parametrize("collect", [True, False])
def test_text_state_runs_agree_with_the_states(source, state, collect):
    last = {SCRIPT_DATA_STATE: "script", RAWTEXT_STATE: "style", RCDATA_STATE: "title"}.get(state)
    results = []
    for fast in (True, False):
        errors = [] if collect else None
        tokens = tokenize(source, state=state, last_start_tag=last, errors=errors, fast_paths=fast)
        results.append((tokens, None if errors is None else [(e.code, e.offset) for e in errors]))
    assert results[0] == results[1]


# Documents whose U+0000 reach tree construction inside longer character
# tokens (the scanner does not split data runs at them without errors), in
# the insertion modes that drop or replace them.
NUL_DOCUMENTS = [
    "a\x00b<p>c\x00d</p>",
    "\x00<!DOCTYPE html>\x00<html>\x00<head>\x00</head>\x00<body>x\x00y",
    "<table>\x00a\x00<tr>\x00<td>b\x00c</td></tr></table>",
    "<table><colgroup> \x00 </colgroup></table>",
    "<svg>a\x00b<desc>c\x00d</desc></svg><math>\x00</math>",
    "<select>a\x00b<option>c\x00</option></select>",
    "<frameset> \x00 </frameset> \x00",
    "<template>a\x00b</template>",
    "<body></body>\x00a</html>\x00",
    "<textarea>\x00a</textarea><title>\x00</title><style>\x00</style><script>\x00</script>",
]


@pytest.mark.parametrize("source", NUL_DOCUMENTS)
def test_nul_documents_agree_with_the_states(source):
    from specparser.builders import get_builder, get_walker
    from specparser.testformat import dump_events
    from specparser.treeconstruction import build_tree

    dumps = []
    for fast in (True, False):
        tree = build_tree(source, get_builder("etree")(namespaceHTMLElements=True), fast_paths=fast)
        dumps.append(dump_events(get_walker("etree")(tree)))
    assert dumps[0] == dumps[1]
