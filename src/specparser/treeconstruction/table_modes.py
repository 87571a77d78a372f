"""The table insertion modes and in template: in table, in table text, in
caption, in column group, in table body, in row, in cell, in template.

https://html.spec.whatwg.org/#parsing-main-intable and the sections after
it.  Handler conventions: see :class:`~.records.Mode`.
"""

from __future__ import annotations

from typing import Any

from ..error_messages import (
    FOSTER_PARENTED_TEXT,
    UNEXPECTED_END_TAG,
    UNEXPECTED_EOF,
    UNEXPECTED_NULL,
    UNEXPECTED_START_TAG,
)
from ..infra import ASCII_WHITESPACE, ascii_lowercase
from ..tables.elements import (
    FOSTER_TARGET,
    TABLE_BODY_CONTEXT,
    TABLE_CONTEXT,
    TABLE_ROW_CONTEXT,
    TABLE_SCOPE,
)
from . import modes as M
from .document_modes import (
    ignore_doctype,
    ignore_end,
    insert_comment,
    leading_whitespace,
    using_in_body_end,
    using_in_body_start,
    using_in_head_end,
    using_in_head_start,
    whitespace_only,
)
from .records import Mode

__all__: list[str] = []  # its handlers reach the parser through modes.IN_TABLE and the rest

# -- helpers ---------------------------------------------------------------


def _clear_stack_back_to(p: Any, context_bit: int) -> None:
    """https://html.spec.whatwg.org/#clear-the-stack-back-to-a-table-context
    (and the table body / row variants)."""
    open_ = p.open
    while not open_[-1].flags & context_bit:
        p.pop()


def _with_foster_parenting_start(p: Any, tag: Any) -> bool:
    p.error(UNEXPECTED_START_TAG, tag.pos)
    p.foster_parenting = True
    try:
        return using_in_body_start(p, tag)
    finally:
        p.foster_parenting = False


def _with_foster_parenting_end(p: Any, tag: Any) -> bool:
    p.error(UNEXPECTED_END_TAG, tag.pos)
    p.foster_parenting = True
    try:
        return using_in_body_end(p, tag)
    finally:
        p.foster_parenting = False


# -- in table --------------------------------------------------------------
# https://html.spec.whatwg.org/#parsing-main-intable


def _in_table_characters(p: Any, data: str, pos: int) -> str | None:
    if p.open[-1].flags & FOSTER_TARGET or p.open[-1].hname == "template":
        p.pending_table_character_tokens = (pos, [])
        p.original_mode = p.mode
        p.mode = M.IN_TABLE_TEXT
        return data
    p.error(FOSTER_PARENTED_TEXT, pos)
    p.foster_parenting = True
    try:
        M.IN_BODY.characters(p, data, pos)
    finally:
        p.foster_parenting = False
    return None


def _in_table_caption(p: Any, tag: Any) -> bool:
    _clear_stack_back_to(p, TABLE_CONTEXT)
    p.push_marker()
    p.insert_html_element(tag)
    p.mode = M.IN_CAPTION
    return False


def _in_table_colgroup(p: Any, tag: Any) -> bool:
    _clear_stack_back_to(p, TABLE_CONTEXT)
    p.insert_html_element(tag)
    p.mode = M.IN_COLUMN_GROUP
    return False


def _in_table_col(p: Any, tag: Any) -> bool:
    _clear_stack_back_to(p, TABLE_CONTEXT)
    p.insert_implied("colgroup")
    p.mode = M.IN_COLUMN_GROUP
    return True


def _in_table_tbody(p: Any, tag: Any) -> bool:
    _clear_stack_back_to(p, TABLE_CONTEXT)
    p.insert_html_element(tag)
    p.mode = M.IN_TABLE_BODY
    return False


def _in_table_cell_or_row(p: Any, tag: Any) -> bool:
    _clear_stack_back_to(p, TABLE_CONTEXT)
    p.insert_implied("tbody")
    p.mode = M.IN_TABLE_BODY
    return True


def _in_table_table(p: Any, tag: Any) -> bool:
    p.error(UNEXPECTED_START_TAG, tag.pos)
    if not p.in_scope("table", TABLE_SCOPE):
        return False
    p.pop_until("table")
    p.reset_the_insertion_mode_appropriately()
    return True


def _in_table_end_table(p: Any, tag: Any) -> bool:
    if not p.in_scope("table", TABLE_SCOPE):
        p.error(UNEXPECTED_END_TAG, tag.pos)
        return False
    p.pop_until("table")
    p.reset_the_insertion_mode_appropriately()
    return False


def _in_table_input(p: Any, tag: Any) -> bool:
    kind = tag.attrs.get("type")
    if kind is None or ascii_lowercase(kind) != "hidden":
        return _with_foster_parenting_start(p, tag)
    p.error(UNEXPECTED_START_TAG, tag.pos)
    p.insert_html_element_and_pop(tag)
    return False


def _in_table_form(p: Any, tag: Any) -> bool:
    p.error(UNEXPECTED_START_TAG, tag.pos)
    if p.has_open("template") or p.form is not None:
        return False
    p.form = p.insert_html_element(tag)
    p.pop()
    return False


def _in_body_eof(p: Any, pos: int) -> bool:
    return M.IN_BODY.eof(p, pos)


def _dispatch_in_table(mode: Mode) -> None:
    """The in table insertion mode's handlers, by token."""
    mode.characters = _in_table_characters
    mode.comment = insert_comment
    mode.doctype = ignore_doctype
    mode.on_start("caption", _in_table_caption)
    mode.on_start("colgroup", _in_table_colgroup)
    mode.on_start("col", _in_table_col)
    mode.on_start("tbody tfoot thead", _in_table_tbody)
    mode.on_start("td th tr", _in_table_cell_or_row)
    mode.on_start("table", _in_table_table)
    mode.on_start("style script template", using_in_head_start)
    mode.on_start("input", _in_table_input)
    mode.on_start("form", _in_table_form)
    mode.start_default = _with_foster_parenting_start
    mode.on_end("table", _in_table_end_table)
    mode.on_end("body caption col colgroup html tbody td tfoot th thead tr", ignore_end)
    mode.on_end("template", using_in_head_end)
    mode.end_default = _with_foster_parenting_end
    mode.eof = _in_body_eof


_dispatch_in_table(M.IN_TABLE)


# -- in table text ---------------------------------------------------------
# https://html.spec.whatwg.org/#parsing-main-intabletext


def _in_table_text_characters(p: Any, data: str, pos: int) -> None:
    if "\x00" in data:
        p.error(UNEXPECTED_NULL, pos)
        data = data.replace("\x00", "")
    if data:
        p.pending_table_character_tokens[1].append(data)
    return None


def _flush_pending_table_text(p: Any) -> None:
    pos, parts = p.pending_table_character_tokens
    text = "".join(parts)
    p.pending_table_character_tokens = (0, [])
    if text.strip(ASCII_WHITESPACE):
        # Process as "anything else" in table: foster parented.
        p.error(FOSTER_PARENTED_TEXT, pos)
        p.foster_parenting = True
        try:
            M.IN_BODY.characters(p, text, pos)
        finally:
            p.foster_parenting = False
    elif text:
        p.insert_characters(text)
    p.mode = p.original_mode


def _in_table_text_anything_else(p: Any, token: Any = None, *_: Any) -> bool:
    _flush_pending_table_text(p)
    return True


def _dispatch_in_table_text(mode: Mode) -> None:
    """The in table text insertion mode's handlers, by token."""
    mode.characters = _in_table_text_characters
    mode.comment = _in_table_text_anything_else
    mode.doctype = _in_table_text_anything_else
    mode.start_default = _in_table_text_anything_else
    mode.end_default = _in_table_text_anything_else
    mode.eof = _in_table_text_anything_else


_dispatch_in_table_text(M.IN_TABLE_TEXT)


# -- in caption ------------------------------------------------------------
# https://html.spec.whatwg.org/#parsing-main-incaption


def _close_caption(p: Any, tag: Any) -> bool:
    """False when there is no caption in table scope (fragment case)."""
    if not p.in_scope("caption", TABLE_SCOPE):
        p.error(UNEXPECTED_END_TAG, tag.pos)
        return False
    p.generate_implied_end_tags()
    if p.open[-1].hname != "caption":
        p.error(UNEXPECTED_END_TAG, tag.pos)
    p.pop_until("caption")
    p.clear_the_list_of_active_formatting_elements_up_to_the_last_marker()
    p.mode = M.IN_TABLE
    return True


def _in_caption_end_caption(p: Any, tag: Any) -> bool:
    _close_caption(p, tag)
    return False


def _in_caption_table_tag(p: Any, tag: Any) -> bool:
    return _close_caption(p, tag)


def _dispatch_in_caption(mode: Mode) -> None:
    """The in caption insertion mode's handlers, by token."""
    mode.characters = M.IN_BODY.characters
    mode.comment = insert_comment
    mode.doctype = ignore_doctype
    mode.on_start("caption col colgroup tbody td tfoot th thead tr", _in_caption_table_tag)
    mode.start_default = using_in_body_start
    mode.on_end("caption", _in_caption_end_caption)
    mode.on_end("table", _in_caption_table_tag)
    mode.on_end("body col colgroup html tbody td tfoot th thead tr", ignore_end)
    mode.end_default = using_in_body_end
    mode.eof = _in_body_eof


_dispatch_in_caption(M.IN_CAPTION)


# -- in column group -------------------------------------------------------
# https://html.spec.whatwg.org/#parsing-main-incolgroup


def _in_column_group_anything_else(p: Any, pos: int) -> bool:
    if p.open[-1].hname != "colgroup":
        p.error(UNEXPECTED_START_TAG, pos)
        return False
    p.pop()
    p.mode = M.IN_TABLE
    return True


def _in_column_group_characters(p: Any, data: str, pos: int) -> str | None:
    space, rest = leading_whitespace(data)
    if space:
        p.insert_characters(space)
    if not rest:
        return None
    if p.open[-1].hname != "colgroup":
        # "Anything else" with a current node that is not a colgroup (a
        # template's contents, or the fragment case): a parse error, and the
        # one character token is ignored.  The spec takes the characters one
        # at a time and nothing changes, so every later whitespace character
        # of the run is still inserted ("<template><col>a b" keeps the space).
        # One error for the run.
        kept = whitespace_only(p, rest, pos)
        if kept:
            p.insert_characters(kept)
        return None
    _in_column_group_anything_else(p, pos)
    return rest


def _in_column_group_col(p: Any, tag: Any) -> bool:
    p.insert_html_element_and_pop(tag)
    return False


def _in_column_group_end_colgroup(p: Any, tag: Any) -> bool:
    if p.open[-1].hname != "colgroup":
        p.error(UNEXPECTED_END_TAG, tag.pos)
        return False
    p.pop()
    p.mode = M.IN_TABLE
    return False


def _dispatch_in_column_group(mode: Mode) -> None:
    """The in column group insertion mode's handlers, by token."""
    mode.characters = _in_column_group_characters
    mode.comment = insert_comment
    mode.doctype = ignore_doctype
    mode.on_start("html", using_in_body_start)
    mode.on_start("col", _in_column_group_col)
    mode.on_start("template", using_in_head_start)
    mode.start_default = lambda p, tag: _in_column_group_anything_else(p, tag.pos)
    mode.on_end("colgroup", _in_column_group_end_colgroup)
    mode.on_end("col", ignore_end)
    mode.on_end("template", using_in_head_end)
    mode.end_default = lambda p, tag: _in_column_group_anything_else(p, tag.pos)
    mode.eof = _in_body_eof


_dispatch_in_column_group(M.IN_COLUMN_GROUP)


# -- in table body ---------------------------------------------------------
# https://html.spec.whatwg.org/#parsing-main-intbody


def _using_in_table_start(p: Any, tag: Any) -> bool:
    mode = M.IN_TABLE
    return mode.start.get(tag.name, mode.start_default)(p, tag)


def _using_in_table_end(p: Any, tag: Any) -> bool:
    mode = M.IN_TABLE
    return mode.end.get(tag.name, mode.end_default)(p, tag)


def _in_table_body_tr(p: Any, tag: Any) -> bool:
    _clear_stack_back_to(p, TABLE_BODY_CONTEXT)
    p.insert_html_element(tag)
    p.mode = M.IN_ROW
    return False


def _in_table_body_cell(p: Any, tag: Any) -> bool:
    p.error(UNEXPECTED_START_TAG, tag.pos)
    _clear_stack_back_to(p, TABLE_BODY_CONTEXT)
    p.insert_implied("tr")
    p.mode = M.IN_ROW
    return True


def _in_table_body_end_section(p: Any, tag: Any) -> bool:
    if not p.in_scope(tag.name, TABLE_SCOPE):
        p.error(UNEXPECTED_END_TAG, tag.pos)
        return False
    _clear_stack_back_to(p, TABLE_BODY_CONTEXT)
    p.pop()
    p.mode = M.IN_TABLE
    return False


def _in_table_body_leave(p: Any, tag: Any) -> bool:
    """caption, col, colgroup, tbody, tfoot, thead start tags; </table>."""
    if not p.any_in_scope(("tbody", "thead", "tfoot"), TABLE_SCOPE):
        p.error(UNEXPECTED_START_TAG, tag.pos)
        return False
    _clear_stack_back_to(p, TABLE_BODY_CONTEXT)
    p.pop()
    p.mode = M.IN_TABLE
    return True


def _dispatch_in_table_body(mode: Mode) -> None:
    """The in table body insertion mode's handlers, by token."""
    mode.characters = _in_table_characters
    mode.comment = insert_comment
    mode.doctype = ignore_doctype
    mode.on_start("tr", _in_table_body_tr)
    mode.on_start("th td", _in_table_body_cell)
    mode.on_start("caption col colgroup tbody tfoot thead", _in_table_body_leave)
    mode.start_default = _using_in_table_start
    mode.on_end("tbody tfoot thead", _in_table_body_end_section)
    mode.on_end("table", _in_table_body_leave)
    mode.on_end("body caption col colgroup html td th tr", ignore_end)
    mode.end_default = _using_in_table_end
    mode.eof = _in_body_eof


_dispatch_in_table_body(M.IN_TABLE_BODY)


# -- in row ----------------------------------------------------------------
# https://html.spec.whatwg.org/#parsing-main-intr


def _in_row_cell(p: Any, tag: Any) -> bool:
    _clear_stack_back_to(p, TABLE_ROW_CONTEXT)
    p.insert_html_element(tag)
    p.mode = M.IN_CELL
    p.push_marker()
    return False


def _close_row(p: Any, tag: Any) -> bool:
    if not p.in_scope("tr", TABLE_SCOPE):
        p.error(UNEXPECTED_END_TAG, tag.pos)
        return False
    _clear_stack_back_to(p, TABLE_ROW_CONTEXT)
    p.pop()  # the tr
    p.mode = M.IN_TABLE_BODY
    return True


def _in_row_end_tr(p: Any, tag: Any) -> bool:
    _close_row(p, tag)
    return False


def _in_row_end_section(p: Any, tag: Any) -> bool:
    if not p.in_scope(tag.name, TABLE_SCOPE):
        p.error(UNEXPECTED_END_TAG, tag.pos)
        return False
    if not p.in_scope("tr", TABLE_SCOPE):
        return False
    return _close_row(p, tag)


def _dispatch_in_row(mode: Mode) -> None:
    """The in row insertion mode's handlers, by token."""
    mode.characters = _in_table_characters
    mode.comment = insert_comment
    mode.doctype = ignore_doctype
    mode.on_start("th td", _in_row_cell)
    mode.on_start("caption col colgroup tbody tfoot thead tr", _close_row)
    mode.start_default = _using_in_table_start
    mode.on_end("tr", _in_row_end_tr)
    mode.on_end("table", _close_row)
    mode.on_end("tbody tfoot thead", _in_row_end_section)
    mode.on_end("body caption col colgroup html td th", ignore_end)
    mode.end_default = _using_in_table_end
    mode.eof = _in_body_eof


_dispatch_in_row(M.IN_ROW)


# -- in cell ---------------------------------------------------------------
# https://html.spec.whatwg.org/#parsing-main-intd


def _close_the_cell(p: Any, pos: int) -> None:
    """https://html.spec.whatwg.org/#close-the-cell"""
    p.generate_implied_end_tags()
    if p.open[-1].hname not in ("td", "th"):
        p.error(UNEXPECTED_END_TAG, pos)
    p.pop_until_one_of(("td", "th"))
    p.clear_the_list_of_active_formatting_elements_up_to_the_last_marker()
    p.mode = M.IN_ROW


def _in_cell_end_cell(p: Any, tag: Any) -> bool:
    name = tag.name
    if not p.in_scope(name, TABLE_SCOPE):
        p.error(UNEXPECTED_END_TAG, tag.pos)
        return False
    p.generate_implied_end_tags()
    if p.open[-1].hname != name:
        p.error(UNEXPECTED_END_TAG, tag.pos)
    p.pop_until(name)
    p.clear_the_list_of_active_formatting_elements_up_to_the_last_marker()
    p.mode = M.IN_ROW
    return False


def _in_cell_table_start(p: Any, tag: Any) -> bool:
    if not p.any_in_scope(("td", "th"), TABLE_SCOPE):
        p.error(UNEXPECTED_START_TAG, tag.pos)
        return False
    _close_the_cell(p, tag.pos)
    return True


def _in_cell_table_end(p: Any, tag: Any) -> bool:
    if not p.in_scope(tag.name, TABLE_SCOPE):
        p.error(UNEXPECTED_END_TAG, tag.pos)
        return False
    _close_the_cell(p, tag.pos)
    return True


def _dispatch_in_cell(mode: Mode) -> None:
    """The in cell insertion mode's handlers, by token."""
    mode.characters = M.IN_BODY.characters
    mode.comment = insert_comment
    mode.doctype = ignore_doctype
    mode.on_start("caption col colgroup tbody td tfoot th thead tr", _in_cell_table_start)
    mode.start_default = using_in_body_start
    mode.on_end("td th", _in_cell_end_cell)
    mode.on_end("body caption col colgroup html", ignore_end)
    mode.on_end("table tbody tfoot thead tr", _in_cell_table_end)
    mode.end_default = using_in_body_end
    mode.eof = _in_body_eof


_dispatch_in_cell(M.IN_CELL)


# -- in template -----------------------------------------------------------
# https://html.spec.whatwg.org/#parsing-main-intemplate


def _switch_template_mode(new_mode: Any) -> Any:
    def handler(p: Any, tag: Any) -> bool:
        p.template_modes.pop()
        p.template_modes.append(new_mode)
        p.mode = new_mode
        return True

    return handler


def _in_template_eof(p: Any, pos: int) -> bool:
    if not p.has_open("template"):
        return False  # fragment case: stop parsing
    p.error(UNEXPECTED_EOF, pos)
    template = p.by_name["template"][-1]
    p.pop_until("template")
    # A <template for> still patching at the end of the input removes its
    # markers as its end tag would (WPT template-for-eof.html, Chromium;
    # docs/conformance.md).
    p.finish_template_for(template)
    p.clear_the_list_of_active_formatting_elements_up_to_the_last_marker()
    p.template_modes.pop()
    p.reset_the_insertion_mode_appropriately()
    return True


def _dispatch_in_template(mode: Mode) -> None:
    """The in template insertion mode's handlers, by token."""
    mode.characters = M.IN_BODY.characters
    mode.comment = insert_comment
    mode.doctype = ignore_doctype
    mode.on_start(
        "base basefont bgsound link meta noframes script style template title", using_in_head_start
    )
    mode.on_start("caption colgroup tbody tfoot thead", _switch_template_mode(M.IN_TABLE))
    mode.on_start("col", _switch_template_mode(M.IN_COLUMN_GROUP))
    mode.on_start("tr", _switch_template_mode(M.IN_TABLE_BODY))
    mode.on_start("td th", _switch_template_mode(M.IN_ROW))
    mode.start_default = _switch_template_mode(M.IN_BODY)
    mode.on_end("template", using_in_head_end)
    mode.end_default = ignore_end
    mode.eof = _in_template_eof


_dispatch_in_template(M.IN_TEMPLATE)
