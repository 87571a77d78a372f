"""The tag name and attribute name tables (tokenizer._TAG_NAME_ENDS,
_ATTRIBUTE_NAME_ENDS / _ERRORS) and the patterns built from them, checked
character by character against what the tag name and attribute name states
do (https://html.spec.whatwg.org/#tag-name-state,
https://html.spec.whatwg.org/#attribute-name-state) with the fast paths
off; and the duplicate-attribute rule, which the fast paths leave to that
state, through each of the fast paths."""

from __future__ import annotations

import re

import pytest

from specparser import tokenizer as T
from specparser.infra import ascii_lowercase
from specparser.tokenizer import tokenize

# Every character below U+0250 (ASCII, controls, Latin-1, Latin Extended)
# but CR (the input stream turns it into LF before the tokenizer sees it),
# and a few beyond (noncharacter, astral, U+FFFD).
CHARACTERS = [chr(c) for c in range(0x250) if c != 0x0D] + ["\u0130", "\u212a", "\ufffd", "\ufdd0", "\U0001f600"]


def _states(source: str) -> tuple[list, list]:
    errors: list = []
    tokens = tokenize(source, errors=errors, fast_paths=False)
    return tokens, [(e.code, e.offset) for e in errors if e.code != "control-character-in-input-stream"
                    and not e.code.startswith("noncharacter")]


def _what_the_state_does(c: str) -> str:
    """"name" (taken, no error), "error" (taken with
    unexpected-character-in-attribute-name), "nul" (U+FFFD, error) or "ends"
    (the name stops before it), as the state machine tokenizes it."""
    tokens, errors = _states(f"<a bx{c}y=v>")
    names = list(tokens[0][2]) if tokens and tokens[0][0] == "StartTag" else []
    if names and names[0] == "bx" + ascii_lowercase(c) + "y":
        if errors == []:
            return "name"
        if errors == [("unexpected-character-in-attribute-name", 5)]:
            return "error"
    if names and names[0] == "bx\ufffdy" and errors == [("unexpected-null-character", 5)]:
        return "nul"
    assert not names or names[0] == "bx", (c, tokens, errors)
    return "ends"


@pytest.mark.parametrize("c", CHARACTERS, ids=[f"U+{ord(c):04X}" for c in CHARACTERS])
def test_the_table_and_its_patterns_agree_with_the_state(c: str) -> None:
    does = _what_the_state_does(c)
    assert (c in T._ATTRIBUTE_NAME_ENDS) == (does == "ends")
    assert (c in T._ATTRIBUTE_NAME_ERRORS) == (does == "error")
    assert (c == "\x00") == (does == "nul")
    # The state method's run: the characters it takes with no error.
    assert bool(T._ATTRIBUTE_NAME_RUN.fullmatch(c)) == (does == "name")
    # The fast path's attribute: every character the name keeps (errors
    # reported from their offsets by _attribute_errors); NUL goes to the states.
    assert bool(T._FAST_ATTRIBUTE.fullmatch(f" b{c}")) == (does in ("name", "error"))
    assert bool(T._ATTRIBUTE_NAME_ERROR.search(c)) == (does == "error")
    # The plain names (taken as they are, no lower-casing): a subset.
    if re.fullmatch(T._PLAIN_ATTRIBUTE_NAME, "a" + c):
        assert does == "name" and c == c.lower()


@pytest.mark.parametrize("c", CHARACTERS, ids=[f"U+{ord(c):04X}" for c in CHARACTERS])
def test_names_with_each_character_tokenize_alike_both_ways(c: str) -> None:
    for source in (f'<a bx{c}y="v" q="&amp;">', f"<A bx{c}y=v c=w>", f"<a bx{c}y=v&amp; c>"):
        fast: list = []
        general: list = []
        assert tokenize(source, errors=fast) == tokenize(source, errors=general, fast_paths=False)
        assert [(e.code, e.offset) for e in fast] == [(e.code, e.offset) for e in general]


# A repeated name through each fast path: the plain tag, the general
# pattern (_scan_start_tag), the per-attribute one (character references:
# _fast_start_tag_with_offsets).  The later attribute is dropped with an
# error where the attribute name state leaves its name (the offset of the
# character after it).
DUPLICATES = {
    '<a b="1" c="2" b="3">': (16, {"b": "1", "c": "2"}),
    '<a b="1" b="&amp;">': (10, {"b": "1"}),
    "<A b=1 B=2>": (8, {"b": "1"}),
    "<a b='1' b=2 c>": (10, {"b": "1", "c": ""}),
    '<a b="&not" b="2">': (13, {"b": "\u00ac"}),
    '<a b="&amp;" B="&amp;">': (14, {"b": "&"}),
}


@pytest.mark.parametrize("source", sorted(DUPLICATES))
@pytest.mark.parametrize("fast_paths", [True, False], ids=["fast", "states"])
def test_duplicate_attributes(source: str, fast_paths: bool) -> None:
    offset, attrs = DUPLICATES[source]
    errors: list = []
    assert tokenize(source, errors=errors, fast_paths=fast_paths) == [("StartTag", "a", attrs, False)]
    assert [(e.code, e.offset) for e in errors if e.code == "duplicate-attribute"] == [("duplicate-attribute", offset)]


def test_unique_attributes() -> None:
    assert T._unique_attributes([("b", 1), ("c", 2), ("b", 3)]) is None
    assert T._unique_attributes([("b", 1), ("c", 2)]) == {"b": 1, "c": 2}


def _what_the_tag_name_state_does(c: str) -> str:
    """"name" (taken), "nul" (U+FFFD, error) or "ends", as the state
    machine tokenizes ``<ax{c}y>``."""
    tokens, errors = _states(f"<ax{c}y>")
    name = tokens[0][1] if tokens and tokens[0][0] == "StartTag" else None
    if name == "ax" + ascii_lowercase(c) + "y" and errors == []:
        return "name"
    if name == "ax\ufffdy" and errors == [("unexpected-null-character", 3)]:
        return "nul"
    assert name == "ax", (c, tokens, errors)
    return "ends"


@pytest.mark.parametrize("c", CHARACTERS, ids=[f"U+{ord(c):04X}" for c in CHARACTERS])
def test_the_tag_name_table_and_its_patterns_agree_with_the_state(c: str) -> None:
    """https://html.spec.whatwg.org/#tag-name-state: _TAG_NAME_ENDS, the
    state's run and the fast path's name pattern."""
    does = _what_the_tag_name_state_does(c)
    assert (c in T._TAG_NAME_ENDS) == (does == "ends")
    assert bool(T._TAG_NAME_RUN.fullmatch(c)) == (does == "name")
    assert bool(re.fullmatch(T._FAST_NAME, "a" + c)) == (does == "name")
    fast: list = []
    general: list = []
    assert tokenize(f"<ax{c}y b=1>", errors=fast) == tokenize(f"<ax{c}y b=1>", errors=general, fast_paths=False)
    assert [(e.code, e.offset) for e in fast] == [(e.code, e.offset) for e in general]
