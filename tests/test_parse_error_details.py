"""ParseError's ``message`` and ``details``: the tag a tag error is about,
read back from the source at the error's offset (nothing stored per error).

Expected names are the tokenizer's (https://html.spec.whatwg.org/#tag-name-state:
ASCII upper alpha lowercased, U+0000 becomes U+FFFD); html5lib 1.1 fills
its ``datavars`` with the same ``"name"`` key for its tag errors."""

from __future__ import annotations

import html5lib
import pytest

from specparser import html5lib_compat
from specparser.error_messages import message_for
from specparser.errors import TAG_ERROR_CODES, ParseError


def errors(markup: str) -> list[ParseError]:
    parser = html5lib_compat.HTMLParser()
    parser.parse(markup)
    return parser.errors


@pytest.mark.parametrize(
    ("markup", "code", "name", "written"),
    [
        ("<!DOCTYPE html><p></B>", "unexpected-end-tag", "b", "</b>"),
        ("<!DOCTYPE html><a><b></A>", "misnested-tag", "a", "</a>"),
        ("<!DOCTYPE html><svg><P>", "unexpected-html-element-in-foreign-content", "p", "<p>"),
        ("<!DOCTYPE html><DIV/>", "non-void-html-element-start-tag-with-trailing-solidus", "div", "<div>"),
        ("<!DOCTYPE html><table><inPut>", "unexpected-start-tag", "input", "<input>"),
        ("<!DOCTYPE html><frameset><x\0Y>", "unexpected-start-tag", "x\ufffdy", "<x\ufffdy>"),
    ],
)
def test_tag_errors_name_their_tag(markup: str, code: str, name: str, written: str) -> None:
    found = [e for e in errors(markup) if e.code == code]
    assert found, [e.code for e in errors(markup)]
    error = found[0]
    assert error.details == {"name": name}
    assert error.message == f"{message_for(code)}: {written}"
    assert error.datavars == {"name": name} and error[2] == {"name": name}


def test_html5lib_agrees_on_the_tag_name() -> None:
    # html5lib's own codes differ, but its datavars for the same tag errors
    # carry the same "name".
    markup = "<!DOCTYPE html><p></b><table><input>"
    parser = html5lib.HTMLParser()
    parser.parse(markup)
    theirs = sorted(d["name"] for _, _, d in parser.errors if "name" in d)
    ours = sorted(e.details["name"] for e in errors(markup) if e.details)
    assert ours == theirs == ["b", "input"]


def test_other_errors_have_no_details() -> None:
    for error in errors("<p>&#0;<div/>\0"):
        if error.code not in TAG_ERROR_CODES:
            assert error.details == {} and error.message == message_for(error.code)


def test_an_error_without_source_has_no_details() -> None:
    error = ParseError("unexpected-end-tag", line=1, column=1)
    assert error.details == {} and error.message == message_for("unexpected-end-tag")
