"""Rules the standard states per character token, applied to runs of text,
and the comparisons it calls ASCII case-insensitive.

The tree constructor's handlers take a run of characters at once; the
standard takes one character token at a time.  Every run handler must give
what the one-at-a-time rules give.  The first test checks that directly,
over the WPT suite's inputs and over inputs built to cross every mode's
character rules, by feeding the same tree constructor one character per
call.  The tests after it pin each fix, with expected trees derived from
the standard (https://html.spec.whatwg.org/#tree-construction) and the
peers noted on each.
"""

from __future__ import annotations

import itertools

import pytest
import specparser.treeconstruction as treeconstruction
from compat.tree_suite import load_cases
from specparser.builders import get_builder, get_walker
from specparser.testformat import dump_events
from specparser.treeconstruction import build_tree, context_element
from specparser.treeconstruction.core import TreeConstructor


class _OneCharacterAtATime(TreeConstructor):
    """The tree constructor, sent one character token per call (with the
    position of each character), as the standard's tokenizer emits them."""

    def characters(self, data: str, pos: int) -> None:
        for offset, character in enumerate(data):
            super().characters(character, pos + offset)


def _dump(markup: str, context: str | None = None, scripting: bool = False) -> str:
    builder = get_builder("etree")(namespaceHTMLElements=True, fullTree=True)
    ctx = None if context is None else context_element(context)
    return dump_events(get_walker("etree")(build_tree(markup, builder, scripting=scripting, context=ctx)))


def _dump_one_at_a_time(monkeypatch, markup: str, context: str | None = None, scripting: bool = False) -> str:
    with monkeypatch.context() as patch:
        patch.setattr(treeconstruction, "TreeConstructor", _OneCharacterAtATime)
        return _dump(markup, context, scripting)


# Openings that put the parser in each mode whose character rules differ,
# then text that mixes whitespace, NUL, U+FFFD, letters and references.
_OPENINGS = [
    "", "<!DOCTYPE html>", "<html>", "<head>", "<head><noscript>", "</head>", "<body>",
    "<table>", "<table><tr>", "<table><caption>", "<table><colgroup>", "<template><col>",
    "<template>", "<template><tr>", "<frameset>", "<frameset></frameset>", "</body>",
    "</html>", "<frameset></frameset></html>", "<svg>", "<math><mi>", "<svg><desc>",
    "<pre>", "<textarea>", "<b><table>", "<table><b>", "<select>", "<p><b><i>",
]
_TEXTS = [" a b ", "\t\n x\x00y \x00", "\x00 \ufffd", "\n&#10;a", " &#0; ", "\ufffd<frameset><frame>"]
_INPUTS = [opening + text for opening, text in itertools.product(_OPENINGS, _TEXTS)]
_FRAGMENTS = [("colgroup", " a b "), ("table", "a <td>b"), ("svg path", "\x00 x"), ("select", " x ")]


@pytest.mark.parametrize("markup", _INPUTS)
def test_runs_give_the_tree_of_one_character_at_a_time(monkeypatch, markup: str) -> None:
    for scripting in (False, True):
        assert _dump(markup, scripting=scripting) == _dump_one_at_a_time(monkeypatch, markup, scripting=scripting)


@pytest.mark.parametrize("context, markup", _FRAGMENTS)
def test_fragment_runs_give_the_tree_of_one_character_at_a_time(monkeypatch, context: str, markup: str) -> None:
    assert _dump(markup, context) == _dump_one_at_a_time(monkeypatch, markup, context)


def test_the_wpt_suite_one_character_at_a_time(monkeypatch) -> None:
    cases = load_cases()
    if not cases:
        pytest.skip("WPT tree-construction tests not found (WPT_TREE_CONSTRUCTION)")
    failures = [
        c.id for c in cases if _dump_one_at_a_time(monkeypatch, c.data, c.context, c.scripting) != c.expected
    ]
    assert failures == []


# -- in column group ----------------------------------------------------------
# https://html.spec.whatwg.org/#parsing-main-incolgroup: a whitespace
# character is inserted; any other character, when the current node is not a
# colgroup, is a parse error and ignored, and the mode stays.  Chromium 156
# gives the same trees; html5lib 1.1 and justhtml 3.16 drop the space.


@pytest.mark.parametrize(
    "markup, kept",
    [
        ("<template><col>a b", " "),
        ("<template><col> a\x00b c ", "   "),
        ("<template><col>ab", None),
    ],
)
def test_column_group_in_a_template_keeps_each_whitespace_character(markup: str, kept: str | None) -> None:
    expected = "| <html>\n|   <head>\n|     <template>\n|       content\n|         <col>\n"
    if kept is not None:
        expected += f'|         "{kept}"\n'
    assert _dump(markup) == expected + "|   <body>"


def test_column_group_fragment_keeps_each_whitespace_character() -> None:
    # The current node is the html root, not a colgroup (Chromium: innerHTML
    # of a colgroup element).
    assert _dump(" a b ", "colgroup") == '| "   "'
    assert _dump("a b", "colgroup") == '| " "'


# -- foreign content: U+0000 and U+FFFD ---------------------------------------
# https://html.spec.whatwg.org/#parsing-main-inforeign: U+0000 is replaced by
# U+FFFD and leaves frameset-ok alone; "any other character token" (a U+FFFD
# of the input among them) sets frameset-ok to "not ok", so a later <frameset>
# is ignored.  html5lib 1.1 agrees; Chromium 156 and justhtml 3.16 treat an
# input U+FFFD like a replaced U+0000 (the frameset replaces the body).


def test_an_input_replacement_character_in_foreign_content_sets_frameset_ok_to_not_ok() -> None:
    body = '| <html>\n|   <head>\n|   <body>\n|     <svg svg>\n|       "\ufffd"'
    assert _dump("<svg>\ufffd</svg><frameset><frame>") == body
    assert _dump("<svg>&#xFFFD;</svg><frameset><frame>") == body
    assert _dump("<svg>\x00x</svg><frameset>").endswith('<svg svg>\n|       "\ufffdx"')


def test_a_nul_in_foreign_content_leaves_frameset_ok_alone() -> None:
    frameset = "| <html>\n|   <head>\n|   <frameset>\n|     <frame>"
    assert _dump("<svg>\x00</svg><frameset><frame>") == frameset
    assert _dump("<svg>\x00 \x00\n</svg><frameset><frame>") == frameset


# -- ASCII case-insensitive is not str.lower ----------------------------------
# U+212A KELVIN SIGN lower-cases to "k" and U+0130 to "i" + U+0307 under
# str.lower; the standard's ASCII lowercase leaves both alone.


@pytest.mark.parametrize("letter", ["\u212a", "\u0130"])
def test_foreign_end_tag_matches_names_by_ascii_lowercase(letter: str) -> None:
    # https://html.spec.whatwg.org/#parsing-main-inforeign "any other end
    # tag": node's tag name converted to ASCII lowercase equals the token's.
    # Chromium 156, html5lib 1.1 and justhtml 3.16 give this tree.
    assert _dump(f"<svg><x{letter}>a</x{letter}>b") == (
        f'| <html>\n|   <head>\n|   <body>\n|     <svg svg>\n|       <svg x{letter}>\n'
        f'|         "a"\n|       "b"'
    )


def test_context_names_are_ascii_lowercased_as_the_tokenizer_would() -> None:
    html = "http://www.w3.org/1999/xhtml"
    assert context_element("LIN\u212a") == ("lin\u212a", html)
    assert context_element("TD") == ("td", html)

    from specparser.builders.bs4 import _fragment_context
    from specparser.cli import fragment_context

    assert fragment_context("X\u212a") == ("x\u212a", html)
    assert _fragment_context("X\u212a") == ("x\u212a", html)
