"""Bad input never crashes and never costs more than linear time; the data
state's fast paths agree with the plain state machine on any input."""

from __future__ import annotations

import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from specparser import tokens as t
from specparser.tokenizer import Tokenizer, tokenize


class CountingSink:
    __slots__ = ("count",)

    def __init__(self):
        self.count = 0

    def characters(self, data, pos):
        self.count += 1

    def start_tag(self, tag):
        self.count += 1

    def end_tag(self, tag):
        self.count += 1

    def comment(self, data, pos):
        self.count += 1

    def doctype(self, doctype):
        self.count += 1

    def eof(self, pos):
        pass

    def cdata_allowed(self):
        return True


# -- bad input ------------------------------------------------------------------


def test_a_million_less_than_signs():
    errors = []
    tokens = tokenize("<" * 1_000_000, errors=errors)
    assert tokens == [("Character", "<" * 1_000_000)]
    # Every "<" but the last is followed by "<"; the last one meets EOF.
    assert len(errors) == 1_000_000
    assert errors[0].code == "invalid-first-character-of-tag-name"
    assert errors[-1].code == "eof-before-tag-name"
    assert (errors[-1].line, errors[-1].column) == (1, 1_000_001)


def test_huge_attribute_value():
    value = "x" * 2_000_000
    assert tokenize(f'<a b="{value}">') == [("StartTag", "a", {"b": value}, False)]
    assert tokenize(f"<a b={value}>") == [("StartTag", "a", {"b": value}, False)]
    with_refs = "&amp;x" * 200_000
    assert tokenize(f'<a b="{with_refs}">') == [("StartTag", "a", {"b": "&x" * 200_000}, False)]


def test_duplicate_attribute_with_references_reports_each_error_once():
    errors = []
    tokens = tokenize('<a b="&amp" b="&lt">', errors=errors)
    assert tokens == [("StartTag", "a", {"b": "&"}, False)]
    assert [(e.code, e.column) for e in errors] == [
        ("missing-semicolon-after-character-reference", 11),
        ("duplicate-attribute", 14),
        ("missing-semicolon-after-character-reference", 19),
    ]


def test_lone_surrogates_and_nuls():
    source = "\ud800<a\udc00 b='\ud83d\x00'>\x00\udfff<!--\ud800-->"
    errors = []
    tokens = tokenize(source, errors=errors)
    assert tokens == [
        ("Character", "\ud800"),
        ("StartTag", "a\udc00", {"b": "\ud83d\ufffd"}, False),
        ("Character", "\x00\udfff"),
        ("Comment", "\ud800"),
    ]
    assert [e.code for e in errors] == [
        "surrogate-in-input-stream",
        "surrogate-in-input-stream",
        "surrogate-in-input-stream",
        "unexpected-null-character",
        "unexpected-null-character",
        "surrogate-in-input-stream",
        "surrogate-in-input-stream",
    ]


@pytest.mark.parametrize("state", [t.DATA_STATE, t.RCDATA_STATE, t.RAWTEXT_STATE,
                                   t.SCRIPT_DATA_STATE, t.PLAINTEXT_STATE, t.CDATA_SECTION_STATE])
@pytest.mark.parametrize("source", ["", "<", "&", "</", "<!", "<!-", "<!--", "<!DOCTYPE", "<a b='",
                                    "<script><!--<script>", "&#x", "\x00", "]]", "<a/"])
def test_truncated_constructs_in_every_state(state, source):
    errors = []
    tokenize(source, state=state, errors=errors)  # must not raise
    assert tokenize(source, state=state, fast_paths=False) == tokenize(source, state=state)


# -- linear time --------------------------------------------------------------------------

PATHOLOGICAL = {
    "less-than": "<",
    "ampersand": "&",
    "numeric": "&#",
    "unclosed tags": "<a ",
    "attribute soup": "<a b=c d='e' f",
    "equals": "<a =",
    "named": "&notin",
    "comments": "<!--",
    "nested comments": "<!--<!--",
    "dashes": "<!-- --",
    "doctypes": "<!DOCTYPE x PUBLIC 'a' ",
    "end tags": "</a ",
    "cdata-like": "<![CDATA[",
    "slashes": "<a b=c/",
    "plain text": "abcdefghij",
    "bang-closed comments": "<!-- --!>",
    "empty comments": "<!-->",
    "nul": "\x00",
}


def _best_time(source, state, repeat=3):
    best = float("inf")
    for _ in range(repeat):
        sink = CountingSink()
        tokenizer = Tokenizer(source, sink, errors=[])
        tokenizer.state = state
        # CPU time: other processes on a busy machine disturb it less.
        start = time.process_time()
        tokenizer.run()
        best = min(best, time.process_time() - start)
    return best


# 8x the input: linear is 8x, quadratic 64x; the slack is for busy machines.
LIMIT = 32
# Timings below this are too noisy to divide by.
FLOOR = 2e-3


def _growth(unit, state, count):
    """Time ratio of tokenizing ``unit`` repeated 8x ``count`` against
    ``count`` times.  Linear is ~8; quadratic would be ~64.  Measured twice
    at most (best of each) so that a burst of load on a shared machine does
    not fail the test; tiny timings are floored to stay meaningful."""
    small = unit * count
    large = small * 8
    ratio = float("inf")
    for _ in range(3):
        t_small = _best_time(small, state)
        t_large = _best_time(large, state)
        ratio = min(ratio, t_large / max(t_small, FLOOR))
        if ratio < LIMIT:
            break
    return ratio


@pytest.mark.parametrize("name", list(PATHOLOGICAL))
@pytest.mark.parametrize("state", [t.DATA_STATE, t.SCRIPT_DATA_STATE])
def test_linear_time(name, state):
    unit = PATHOLOGICAL[name]
    ratio = _growth(unit, state, 10_000 // len(unit))
    assert ratio < LIMIT, (name, ratio)


@pytest.mark.parametrize("unit", ["<!--<script>", "<!--<script></script>", "<!-- -- <", "<!--<script>--><"])
def test_script_escapes_stay_linear(unit):
    ratio = _growth(unit, t.SCRIPT_DATA_STATE, 1000)
    assert ratio < LIMIT, (unit, ratio)


def test_fast_comment_does_not_rescan_to_a_far_end():
    # Each "<!--" here ends at its own "--!>"; a fast path that searched for
    # the "-->" at the very end would scan the rest of the text from each.
    unit = "<!-- --!>"
    ratio = float("inf")
    for _ in range(3):
        t_small = _best_time(unit * 1000 + "-->", t.DATA_STATE)
        t_large = _best_time(unit * 8000 + "-->", t.DATA_STATE)
        ratio = min(ratio, t_large / max(t_small, FLOOR))
        if ratio < LIMIT:
            break
    assert ratio < LIMIT, ratio


# -- fast paths against the state machine ---------------------------------------------------

FRAGMENTS = [
    "<", ">", "/", "!", "-", "--", "=", '"', "'", "`", "&", ";", "#", "x", "a", "B", " ", "\n", "\t",
    "\x00", "\x01", "\ud800", "\U0001f600", "é", "?", "[", "]", "<a", "</a", "<a>", "</a>", "<!--",
    "-->", "--!>", "<!-->", "<!DOCTYPE", "PUBLIC", "SYSTEM", "&amp", "&amp;", "&#", "&#x", "&#65",
    "&notin", "&copy=", "<a b", "<a b=c", "<a b='c'", '<a b="c"', "<a b=c/>", "<br/>", "<a b c>",
    "<![CDATA[", "]]>", "<script>", "</script>", "<title>", "</title>", "<!--<script>", "<!-",
    "\r", "\r\n", "<p data-x='&amp;&copy=1&lt'>", "<a  b = 'c' >", "<a b='&amp' b='&lt'>",
    "<a b=&amp c=&amp>", " b='&amp'", " c", "<i",
]

source_strategy = st.lists(st.sampled_from(FRAGMENTS), max_size=30).map("".join)
state_strategy = st.sampled_from([t.DATA_STATE, t.RCDATA_STATE, t.RAWTEXT_STATE, t.SCRIPT_DATA_STATE,
                                  t.PLAINTEXT_STATE, t.CDATA_SECTION_STATE])


def _run(source, state, last, fast):
    errors = []
    tokens = tokenize(source, state=state, last_start_tag=last, errors=errors, fast_paths=fast)
    return tokens, [(e.code, e.offset) for e in errors]


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(source=source_strategy, state=state_strategy, last=st.sampled_from([None, "a", "script", "title"]))
def test_fast_paths_agree_with_the_state_machine(source, state, last):
    assert _run(source, state, last, True) == _run(source, state, last, False)


@settings(max_examples=300, deadline=None)
@given(source=st.text(max_size=60))
def test_any_text_tokenizes(source):
    fast = _run(source, t.DATA_STATE, None, True)
    assert fast == _run(source, t.DATA_STATE, None, False)
    assert tokenize(source) == fast[0]
