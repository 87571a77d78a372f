"""The insertion modes around the body: initial, before html, before head,
in head, in head noscript, after head, text, after body, in frameset, after
frameset, after after body, after after frameset.

https://html.spec.whatwg.org/#the-initial-insertion-mode and the sections
after it.  Handler conventions: see :class:`~.records.Mode`.
"""

from __future__ import annotations

from typing import Any

from ..error_messages import (
    MISSING_DOCTYPE,
    UNEXPECTED_CHARACTER,
    UNEXPECTED_DOCTYPE,
    UNEXPECTED_END_TAG,
    UNEXPECTED_EOF,
    UNEXPECTED_START_TAG,
    UNKNOWN_DOCTYPE,
)
from ..infra import ASCII_WHITESPACE
from ..tables.quirks import doctype_mode
from ..tokens import SCRIPT_DATA_STATE
from . import modes as M
from .insertion import insert_an_element_at_the_adjusted_insertion_location
from .records import Mode, ProcessingInstructionToken
from .shadow import insert_declarative_shadow_root, shadow_root_mode

__all__ = [
    "ignore_doctype",
    "ignore_end",
    "ignore_start",
    "insert_comment",
    "leading_whitespace",
    "using_in_body_end",
    "using_in_body_start",
    "using_in_head_end",
    "using_in_head_start",
    "whitespace_only",
]

# -- shared handlers -------------------------------------------------------


def ignore_doctype(p: Any, token: Any) -> bool:
    p.error(UNEXPECTED_DOCTYPE, token.pos)
    return False


def insert_comment(p: Any, data: str | ProcessingInstructionToken, pos: int) -> bool:
    p.insert_comment(data, pos)
    return False


def _comment_on_document(p: Any, data: str | ProcessingInstructionToken, pos: int) -> bool:
    p.insert_comment(data, pos, parent=p.document)
    return False


def ignore_start(p: Any, tag: Any) -> bool:
    p.error(UNEXPECTED_START_TAG, tag.pos)
    return False


def ignore_end(p: Any, tag: Any) -> bool:
    p.error(UNEXPECTED_END_TAG, tag.pos)
    return False


def using_in_body_start(p: Any, tag: Any) -> bool:
    mode = M.IN_BODY
    return mode.start.get(tag.name, mode.start_default)(p, tag)


def using_in_body_end(p: Any, tag: Any) -> bool:
    mode = M.IN_BODY
    return mode.end.get(tag.name, mode.end_default)(p, tag)


def using_in_head_start(p: Any, tag: Any) -> bool:
    mode = M.IN_HEAD
    return mode.start.get(tag.name, mode.start_default)(p, tag)


def using_in_head_end(p: Any, tag: Any) -> bool:
    mode = M.IN_HEAD
    return mode.end.get(tag.name, mode.end_default)(p, tag)


def leading_whitespace(data: str) -> tuple[str, str]:
    rest = data.lstrip(ASCII_WHITESPACE)
    return data[: len(data) - len(rest)], rest


def whitespace_only(p: Any, data: str, pos: int) -> str:
    """Characters in modes that keep only whitespace: ignore every other
    character with a parse error."""
    kept = "".join(c for c in data if c in ASCII_WHITESPACE)
    if len(kept) != len(data):
        p.error(UNEXPECTED_CHARACTER, pos)
    return kept


def _stop(p: Any, pos: int) -> bool:
    return False


# -- the initial insertion mode --------------------------------------------
# https://html.spec.whatwg.org/#the-initial-insertion-mode


def _initial_characters(p: Any, data: str, pos: int) -> str | None:
    _, rest = leading_whitespace(data)
    if not rest:
        return None
    _initial_anything_else(p, pos)
    return rest


def _initial_doctype(p: Any, token: Any) -> bool:
    name, public_id, system_id = token.name, token.public_id, token.system_id
    if (
        name != "html"
        or public_id is not None
        or (system_id is not None and system_id != "about:legacy-compat")
    ):
        p.error(UNKNOWN_DOCTYPE, token.pos)
    p.builder.append_doctype(name or "", public_id or "", system_id or "")
    mode = doctype_mode(name, public_id, system_id, token.force_quirks)
    p.quirks_mode = mode
    if mode != "no-quirks":
        p.builder.set_quirks_mode(mode)
    p.mode = M.BEFORE_HTML
    return False


def _initial_anything_else(p: Any, pos: int) -> bool:
    p.error(MISSING_DOCTYPE, pos)
    p.quirks_mode = "quirks"
    p.builder.set_quirks_mode("quirks")
    p.mode = M.BEFORE_HTML
    return True


def _dispatch_initial(mode: Mode) -> None:
    """The initial insertion mode's handlers, by token."""
    mode.characters = _initial_characters
    mode.comment = _comment_on_document
    mode.doctype = _initial_doctype
    mode.start_default = lambda p, tag: _initial_anything_else(p, tag.pos)
    mode.end_default = lambda p, tag: _initial_anything_else(p, tag.pos)
    mode.eof = _initial_anything_else


_dispatch_initial(M.INITIAL)


# -- the before html insertion mode ----------------------------------------
# https://html.spec.whatwg.org/#the-before-html-insertion-mode


def _before_html_anything_else(p: Any) -> bool:
    rec = p.create_element("html", "http://www.w3.org/1999/xhtml", {}, -1)
    insert_an_element_at_the_adjusted_insertion_location(p, rec.node, (p.document, None))
    p.push(rec)
    p.mode = M.BEFORE_HEAD
    return True


def _before_html_characters(p: Any, data: str, pos: int) -> str | None:
    _, rest = leading_whitespace(data)
    if not rest:
        return None
    _before_html_anything_else(p)
    return rest


def _before_html_start_html(p: Any, tag: Any) -> bool:
    rec = p.create_element("html", "http://www.w3.org/1999/xhtml", tag.attrs, tag.pos)
    # The html element goes to the Document through the checked insertion
    # (whatwg/html 8d149325): a Document that already has an element child
    # (only script can give it one) keeps it.
    insert_an_element_at_the_adjusted_insertion_location(p, rec.node, (p.document, None))
    p.push(rec)
    p.mode = M.BEFORE_HEAD
    return False


def _dispatch_before_html(mode: Mode) -> None:
    """The before html insertion mode's handlers, by token."""
    mode.doctype = ignore_doctype
    mode.comment = _comment_on_document
    mode.characters = _before_html_characters
    mode.on_start("html", _before_html_start_html)
    mode.start_default = lambda p, tag: _before_html_anything_else(p)
    mode.on_end("head body html br", lambda p, tag: _before_html_anything_else(p))
    mode.end_default = ignore_end
    mode.eof = lambda p, pos: _before_html_anything_else(p)


_dispatch_before_html(M.BEFORE_HTML)


# -- the before head insertion mode ----------------------------------------
# https://html.spec.whatwg.org/#the-before-head-insertion-mode


def _before_head_anything_else(p: Any) -> bool:
    p.head = p.insert_implied("head")
    p.mode = M.IN_HEAD
    return True


def _before_head_characters(p: Any, data: str, pos: int) -> str | None:
    _, rest = leading_whitespace(data)
    if not rest:
        return None
    _before_head_anything_else(p)
    return rest


def _before_head_start_head(p: Any, tag: Any) -> bool:
    p.head = p.insert_html_element(tag)
    p.mode = M.IN_HEAD
    return False


def _dispatch_before_head(mode: Mode) -> None:
    """The before head insertion mode's handlers, by token."""
    mode.characters = _before_head_characters
    mode.comment = insert_comment
    mode.doctype = ignore_doctype
    mode.on_start("html", using_in_body_start)
    mode.on_start("head", _before_head_start_head)
    mode.start_default = lambda p, tag: _before_head_anything_else(p)
    mode.on_end("head body html br", lambda p, tag: _before_head_anything_else(p))
    mode.end_default = ignore_end
    mode.eof = lambda p, pos: _before_head_anything_else(p)


_dispatch_before_head(M.BEFORE_HEAD)


# -- the in head insertion mode --------------------------------------------
# https://html.spec.whatwg.org/#parsing-main-inhead


def _in_head_anything_else(p: Any) -> bool:
    p.pop()  # the head element
    p.mode = M.AFTER_HEAD
    return True


def _in_head_characters(p: Any, data: str, pos: int) -> str | None:
    space, rest = leading_whitespace(data)
    if space:
        p.insert_characters(space)
    if not rest:
        return None
    _in_head_anything_else(p)
    return rest


def _in_head_void(p: Any, tag: Any) -> bool:
    """base, basefont, bgsound, link, meta: insert, pop, acknowledge."""
    p.insert_html_element_and_pop(tag)
    return False


def _in_head_meta(p: Any, tag: Any) -> bool:
    _in_head_void(p, tag)
    # A <meta charset> / http-equiv Content-Type may change the encoding
    # while the confidence is tentative: on the fly when the text consumed
    # so far (up to this tag's end) reads the same in the new encoding
    # (https://html.spec.whatwg.org/#changing-the-encoding-while-parsing
    # step 5), else by raising ReparseWithEncoding (step 6).
    decoded = p.decoded
    if decoded is not None and decoded.change_the_encoding_for_meta(tag.attrs, tag.end):
        tokenizer = p.tokenizer
        tokenizer.change_to_the_new_converter(decoded.text)
        p.builder.set_source(tokenizer.text)
    return False


def _in_head_title(p: Any, tag: Any) -> bool:
    p.generic_rcdata(tag)
    return False


def _in_head_raw_text(p: Any, tag: Any) -> bool:
    p.generic_raw_text(tag)
    return False


def _in_head_noscript(p: Any, tag: Any) -> bool:
    if p.scripting:
        p.generic_raw_text(tag)
    else:
        p.insert_html_element(tag)
        p.mode = M.IN_HEAD_NOSCRIPT
    return False


def _in_head_script(p: Any, tag: Any) -> bool:
    p.insert_html_element(tag)
    p.tokenizer.state = SCRIPT_DATA_STATE
    p.tokenizer.last_start_tag = "script"
    p.original_mode = p.mode
    p.mode = M.TEXT
    return False


def _in_head_end_head(p: Any, tag: Any) -> bool:
    p.pop()
    p.mode = M.AFTER_HEAD
    return False


def _in_head_start_template(p: Any, tag: Any) -> bool:
    # Steps 9-10: a declarative shadow root (shadow.py), when allowed.
    mode = shadow_root_mode(tag.attrs) if p.allow_declarative_shadow_roots else None
    name = tag.attrs.get("for")
    if mode is not None and insert_declarative_shadow_root(p, tag, mode, p.appropriate_place()):
        pass
    elif name is not None and p.patching is not None:
        # <template for> (2026): see patching.py.
        p.insert_template_for(tag, name)
    else:
        p.insert_html_element(tag)
    p.push_marker()
    p.frameset_ok = False
    p.mode = M.IN_TEMPLATE
    p.template_modes.append(M.IN_TEMPLATE)
    return False


def _in_head_end_template(p: Any, tag: Any) -> bool:
    if not p.has_open("template"):
        p.error(UNEXPECTED_END_TAG, tag.pos)
        return False
    p.generate_all_implied_end_tags_thoroughly()
    if p.open[-1].hname != "template":
        p.error(UNEXPECTED_END_TAG, tag.pos)
    template = p.by_name["template"][-1]
    p.pop_until("template")
    p.finish_template_for(template)
    p.clear_the_list_of_active_formatting_elements_up_to_the_last_marker()
    p.template_modes.pop()
    p.reset_the_insertion_mode_appropriately()
    return False


def _dispatch_in_head(mode: Mode) -> None:
    """The in head insertion mode's handlers, by token."""
    mode.characters = _in_head_characters
    mode.comment = insert_comment
    mode.doctype = ignore_doctype
    mode.on_start("html", using_in_body_start)
    mode.on_start("base basefont bgsound link", _in_head_void)
    mode.on_start("meta", _in_head_meta)
    mode.on_start("title", _in_head_title)
    mode.on_start("noframes style", _in_head_raw_text)
    mode.on_start("noscript", _in_head_noscript)
    mode.on_start("script", _in_head_script)
    mode.on_start("template", _in_head_start_template)
    mode.on_start("head", ignore_start)
    mode.start_default = lambda p, tag: _in_head_anything_else(p)
    mode.on_end("head", _in_head_end_head)
    mode.on_end("body html br", lambda p, tag: _in_head_anything_else(p))
    mode.on_end("template", _in_head_end_template)
    mode.end_default = ignore_end
    mode.eof = lambda p, pos: _in_head_anything_else(p)


_dispatch_in_head(M.IN_HEAD)


# -- the in head noscript insertion mode -----------------------------------
# https://html.spec.whatwg.org/#parsing-main-inheadnoscript


def _in_head_noscript_anything_else(p: Any, pos: int) -> bool:
    p.error(UNEXPECTED_START_TAG, pos)
    p.pop()  # the noscript element
    p.mode = M.IN_HEAD
    return True


def _in_head_noscript_characters(p: Any, data: str, pos: int) -> str | None:
    space, rest = leading_whitespace(data)
    if space:
        p.insert_characters(space)
    if not rest:
        return None
    _in_head_noscript_anything_else(p, pos)
    return rest


def _in_head_noscript_end_noscript(p: Any, tag: Any) -> bool:
    p.pop()
    p.mode = M.IN_HEAD
    return False


def _dispatch_in_head_noscript(mode: Mode) -> None:
    """The in head noscript insertion mode's handlers, by token."""
    mode.characters = _in_head_noscript_characters
    mode.comment = insert_comment
    mode.doctype = ignore_doctype
    mode.on_start("html", using_in_body_start)
    mode.on_start("basefont bgsound link meta noframes style", using_in_head_start)
    mode.on_start("head noscript", ignore_start)
    mode.start_default = lambda p, tag: _in_head_noscript_anything_else(p, tag.pos)
    mode.on_end("noscript", _in_head_noscript_end_noscript)
    mode.on_end("br", lambda p, tag: _in_head_noscript_anything_else(p, tag.pos))
    mode.end_default = ignore_end
    mode.eof = _in_head_noscript_anything_else


_dispatch_in_head_noscript(M.IN_HEAD_NOSCRIPT)


# -- the after head insertion mode -----------------------------------------
# https://html.spec.whatwg.org/#the-after-head-insertion-mode


def _after_head_anything_else(p: Any) -> bool:
    p.insert_implied("body")
    p.mode = M.IN_BODY
    return True


def _after_head_characters(p: Any, data: str, pos: int) -> str | None:
    space, rest = leading_whitespace(data)
    if space:
        p.insert_characters(space)
    if not rest:
        return None
    _after_head_anything_else(p)
    return rest


def _after_head_start_body(p: Any, tag: Any) -> bool:
    p.insert_html_element(tag)
    p.frameset_ok = False
    p.mode = M.IN_BODY
    return False


def _after_head_start_frameset(p: Any, tag: Any) -> bool:
    p.insert_html_element(tag)
    p.mode = M.IN_FRAMESET
    return False


def _after_head_head_element(p: Any, tag: Any) -> bool:
    """base, basefont, bgsound, link, meta, noframes, script, style,
    template, title: processed in head with the head element pushed back."""
    p.error(UNEXPECTED_START_TAG, tag.pos)
    head = p.head
    p.push(head)
    try:
        return using_in_head_start(p, tag)
    finally:
        if head.on_stack:
            p.remove_from_stack(head)


def _dispatch_after_head(mode: Mode) -> None:
    """The after head insertion mode's handlers, by token."""
    mode.characters = _after_head_characters
    mode.comment = insert_comment
    mode.doctype = ignore_doctype
    mode.on_start("html", using_in_body_start)
    mode.on_start("body", _after_head_start_body)
    mode.on_start("frameset", _after_head_start_frameset)
    mode.on_start(
        "base basefont bgsound link meta noframes script style template title", _after_head_head_element
    )
    mode.on_start("head", ignore_start)
    mode.start_default = lambda p, tag: _after_head_anything_else(p)
    mode.on_end("template", using_in_head_end)
    mode.on_end("body html br", lambda p, tag: _after_head_anything_else(p))
    mode.end_default = ignore_end
    mode.eof = lambda p, pos: _after_head_anything_else(p)


_dispatch_after_head(M.AFTER_HEAD)


# -- the text insertion mode -----------------------------------------------
# https://html.spec.whatwg.org/#parsing-main-incdata


def _text_characters(p: Any, data: str, pos: int) -> None:
    p.insert_characters(data)
    return None


def _text_eof(p: Any, pos: int) -> bool:
    p.error(UNEXPECTED_EOF, pos)
    p.pop()
    p.mode = p.original_mode
    return True


def _text_end(p: Any, tag: Any) -> bool:
    # Scripts are never executed: </script> is like any other end tag.
    p.pop()
    p.mode = p.original_mode
    return False


def _dispatch_text(mode: Mode) -> None:
    """The text insertion mode's handlers, by token."""
    mode.characters = _text_characters
    mode.comment = insert_comment  # the tokenizer emits none in these states
    mode.doctype = ignore_doctype
    mode.start_default = ignore_start
    mode.end_default = _text_end
    mode.eof = _text_eof


_dispatch_text(M.TEXT)


# -- the after body insertion mode -----------------------------------------
# https://html.spec.whatwg.org/#parsing-main-afterbody


def _after_body_anything_else(p: Any, pos: int) -> bool:
    p.error(UNEXPECTED_START_TAG, pos)
    p.mode = M.IN_BODY
    return True


def _after_body_characters(p: Any, data: str, pos: int) -> str | None:
    space, rest = leading_whitespace(data)
    if space:
        M.IN_BODY.characters(p, space, pos)
    if not rest:
        return None
    _after_body_anything_else(p, pos)
    return rest


def _after_body_comment(p: Any, data: str | ProcessingInstructionToken, pos: int) -> bool:
    p.insert_comment(data, pos, parent=p.open[0].node)
    return False


def _after_body_end_html(p: Any, tag: Any) -> bool:
    if p.context is not None:
        p.error(UNEXPECTED_END_TAG, tag.pos)
        return False
    p.mode = M.AFTER_AFTER_BODY
    return False


def _dispatch_after_body(mode: Mode) -> None:
    """The after body insertion mode's handlers, by token."""
    mode.characters = _after_body_characters
    mode.comment = _after_body_comment
    mode.doctype = ignore_doctype
    mode.on_start("html", using_in_body_start)
    mode.start_default = lambda p, tag: _after_body_anything_else(p, tag.pos)
    mode.on_end("html", _after_body_end_html)
    mode.end_default = lambda p, tag: _after_body_anything_else(p, tag.pos)
    mode.eof = _stop


_dispatch_after_body(M.AFTER_BODY)


# -- the in frameset insertion mode ----------------------------------------
# https://html.spec.whatwg.org/#parsing-main-inframeset


def _frameset_characters(p: Any, data: str, pos: int) -> None:
    kept = whitespace_only(p, data, pos)
    if kept:
        p.insert_characters(kept)
    return None


def _in_frameset_start_frameset(p: Any, tag: Any) -> bool:
    p.insert_html_element(tag)
    return False


def _in_frameset_end_frameset(p: Any, tag: Any) -> bool:
    if len(p.open) == 1:  # the html element: fragment case
        p.error(UNEXPECTED_END_TAG, tag.pos)
        return False
    p.pop()
    if p.context is None and p.open[-1].hname != "frameset":
        p.mode = M.AFTER_FRAMESET
    return False


def _in_frameset_start_frame(p: Any, tag: Any) -> bool:
    p.insert_html_element_and_pop(tag)
    return False


def _in_frameset_eof(p: Any, pos: int) -> bool:
    if len(p.open) > 1:
        p.error(UNEXPECTED_EOF, pos)
    return False


def _dispatch_in_frameset(mode: Mode) -> None:
    """The in frameset insertion mode's handlers, by token."""
    mode.characters = _frameset_characters
    mode.comment = insert_comment
    mode.doctype = ignore_doctype
    mode.on_start("html", using_in_body_start)
    mode.on_start("frameset", _in_frameset_start_frameset)
    mode.on_start("frame", _in_frameset_start_frame)
    mode.on_start("noframes", using_in_head_start)
    mode.start_default = ignore_start
    mode.on_end("frameset", _in_frameset_end_frameset)
    mode.end_default = ignore_end
    mode.eof = _in_frameset_eof


_dispatch_in_frameset(M.IN_FRAMESET)


# -- the after frameset insertion mode -------------------------------------
# https://html.spec.whatwg.org/#parsing-main-afterframeset


def _after_frameset_end_html(p: Any, tag: Any) -> bool:
    p.mode = M.AFTER_AFTER_FRAMESET
    return False


def _dispatch_after_frameset(mode: Mode) -> None:
    """The after frameset insertion mode's handlers, by token."""
    mode.characters = _frameset_characters
    mode.comment = insert_comment
    mode.doctype = ignore_doctype
    mode.on_start("html", using_in_body_start)
    mode.on_start("noframes", using_in_head_start)
    mode.start_default = ignore_start
    mode.on_end("html", _after_frameset_end_html)
    mode.end_default = ignore_end
    mode.eof = _stop


_dispatch_after_frameset(M.AFTER_FRAMESET)


# -- the after after body insertion mode -----------------------------------
# https://html.spec.whatwg.org/#the-after-after-body-insertion-mode


def _after_after_body_characters(p: Any, data: str, pos: int) -> str | None:
    space, rest = leading_whitespace(data)
    if space:
        M.IN_BODY.characters(p, space, pos)
    if not rest:
        return None
    _after_body_anything_else(p, pos)
    return rest


def _dispatch_after_after_body(mode: Mode) -> None:
    """The after after body insertion mode's handlers, by token."""
    mode.characters = _after_after_body_characters
    mode.comment = _comment_on_document
    mode.doctype = lambda p, token: M.IN_BODY.doctype(p, token)
    mode.on_start("html", using_in_body_start)
    mode.start_default = lambda p, tag: _after_body_anything_else(p, tag.pos)
    mode.end_default = lambda p, tag: _after_body_anything_else(p, tag.pos)
    mode.eof = _stop


_dispatch_after_after_body(M.AFTER_AFTER_BODY)


# -- the after after frameset insertion mode -------------------------------
# https://html.spec.whatwg.org/#the-after-after-frameset-insertion-mode


def _after_after_frameset_characters(p: Any, data: str, pos: int) -> None:
    kept = whitespace_only(p, data, pos)
    if kept:
        M.IN_BODY.characters(p, kept, pos)
    return None


def _dispatch_after_after_frameset(mode: Mode) -> None:
    """The after after frameset insertion mode's handlers, by token."""
    mode.characters = _after_after_frameset_characters
    mode.comment = _comment_on_document
    mode.doctype = lambda p, token: M.IN_BODY.doctype(p, token)
    mode.on_start("html", using_in_body_start)
    mode.on_start("noframes", using_in_head_start)
    mode.start_default = ignore_start
    mode.end_default = ignore_end
    mode.eof = _stop


_dispatch_after_after_frameset(M.AFTER_AFTER_FRAMESET)
