"""The in body insertion mode, with the 2025 relaxed ``<select>`` rules.

https://html.spec.whatwg.org/#parsing-main-inbody

Handler conventions: see :class:`~.records.Mode`.
"""

from __future__ import annotations

from typing import Any, Callable, Final, TypeVar

from ..constants import MATHML_NAMESPACE, SVG_NAMESPACE
from ..error_messages import UNEXPECTED_END_TAG, UNEXPECTED_EOF, UNEXPECTED_NULL, UNEXPECTED_START_TAG
from ..infra import ASCII_WHITESPACE, ascii_lowercase
from ..tables.elements import HEADING, LIST_SCOPE, SPECIAL
from ..tokens import PLAINTEXT_STATE, RCDATA_STATE, StartTag
from . import modes as M
from .document_modes import ignore_doctype, ignore_start, insert_comment, using_in_head_end, using_in_head_start
from .foreign import adjust_attributes
from .records import WALK_BEFORE_LOOKUP, Mode

__all__ = [
    "A",
    "ANY_OTHER",
    "BLOCK",
    "FORMATTING",
    "HEADINGS",
    "LI",
    "LI_LOOP_PASSES",
    "OTHER",
    "POPS_CURRENT",
    "SHORTCUT_END",
    "SHORTCUT_START",
    "VOID",
]

HEADINGS: Final = ("h1", "h2", "h3", "h4", "h5", "h6")

# -- the cases the sink methods take themselves ------------------------------
#
# TreeConstructor's start_tag and end_tag (core.py) carry out a few in-body
# rules without calling the handler, when the rules come down to inserting
# the element or popping the current node.  Which tag names they take comes
# from this mode's tables through the handler a name maps to: a handler is
# marked where it is defined with the case ("kind") the sink method tests
# for, and the condition under which it is that simple.  With
# ``fast_paths=False`` every token goes to the handlers.  The in cell mode,
# which processes most tokens using these rules, shares the shortcuts.
SHORTCUT_START: dict = {}
SHORTCUT_END: dict = {}
# Start tags: "any other start tag" and the formatting elements (reconstruct
# the active formatting elements, insert; the latter then push onto the
# list); a block with no p open; an a with no a after the list's last
# marker; an li whose current node stops _start_li's loop at once, with no p
# open.
# And the void elements area, br, embed, img, keygen, wbr (reconstruct,
# insert, pop at once).
# (Final and one name a line: mypy, and so mypyc, must know their types
# before tree construction's core, which imports this module in a cycle,
# reads them.)
ANY_OTHER: Final = "any other"
FORMATTING: Final = "formatting"
BLOCK: Final = "block"
A: Final = "a"
LI: Final = "li"
VOID: Final = "void"
OTHER: Final = "other"
# End tags: a name whose rules come down to popping the current node when it
# names it (POPS_CURRENT: the element is in scope, and generating implied
# end tags stops at it or excludes its name), or that runs the adoption agency, whose common case pops
# the current node when it is the innermost formatting element (FORMATTING).
POPS_CURRENT: Final = "pops current"


_H = TypeVar("_H", bound=Callable[..., Any])


def _shortcut(table: dict, kind: str) -> Callable[[_H], _H]:
    """Mark the handler it decorates as one the sink methods shortcut."""

    def mark(handler: _H) -> _H:
        table[handler] = kind
        return handler

    return mark


# -- characters ------------------------------------------------------------


def _in_body_characters(p: Any, data: str, pos: int) -> None:
    if "\x00" in data:
        p.error(UNEXPECTED_NULL, pos)
        data = data.replace("\x00", "")
        if not data:
            return None
    entry = p.afe.last  # (None: an empty list, or a marker last)
    if entry is not None and not entry.on_stack:
        p.reconstruct_the_active_formatting_elements()
    if p.frameset_ok and data.strip(ASCII_WHITESPACE):
        p.frameset_ok = False
    target = p.open[-1]
    if p.foster_parenting or target.hname == "template":
        p.insert_characters(data)
    else:
        p.builder.insert_text(target.node, data, None)
    return None


# -- start tags ------------------------------------------------------------


def _start_html(p: Any, tag: Any) -> bool:
    p.error(UNEXPECTED_START_TAG, tag.pos)
    if p.has_open("template"):
        return False
    p.builder.add_missing_attributes(p.open[0].node, tag.attrs)
    return False


def _start_body(p: Any, tag: Any) -> bool:
    p.error(UNEXPECTED_START_TAG, tag.pos)
    open_ = p.open
    if len(open_) == 1 or open_[1].hname != "body" or p.has_open("template"):
        return False
    p.frameset_ok = False
    p.builder.add_missing_attributes(open_[1].node, tag.attrs)
    return False


def _start_frameset(p: Any, tag: Any) -> bool:
    p.error(UNEXPECTED_START_TAG, tag.pos)
    open_ = p.open
    if len(open_) == 1 or open_[1].hname != "body":
        return False
    if not p.frameset_ok:
        return False
    p.builder.remove(open_[1].node)
    while len(open_) > 1:
        p.pop()
    p.insert_html_element(tag)
    p.mode = M.IN_FRAMESET
    return False


def _in_body_eof(p: Any, pos: int) -> bool:
    if p.template_modes:
        return M.IN_TEMPLATE.eof(p, pos)
    for rec in p.open:
        if rec.hname not in _ALLOWED_OPEN_AT_EOF:
            p.error(UNEXPECTED_EOF, pos)
            break
    return False


_ALLOWED_OPEN_AT_EOF: Final = frozenset(
    "dd dt li optgroup option p rb rp rt rtc tbody td tfoot th thead tr body html".split()
)


@_shortcut(SHORTCUT_START, BLOCK)  # with no p open: insert
def _start_block(p: Any, tag: Any) -> bool:
    """address, article, aside, blockquote, center, details, dialog, dir,
    div, dl, fieldset, figcaption, figure, footer, header, hgroup, main,
    menu, nav, ol, p, search, section, summary, ul."""
    if p.by_name.get("p"):
        p.close_p_if_in_button_scope(tag.pos)
    p.insert_html_element(tag)
    return False


def _start_heading(p: Any, tag: Any) -> bool:
    if p.by_name.get("p"):
        p.close_p_if_in_button_scope(tag.pos)
    if p.open[-1].flags & HEADING:
        p.error(UNEXPECTED_START_TAG, tag.pos)
        p.pop()
    p.insert_html_element(tag)
    return False


def _start_pre(p: Any, tag: Any) -> bool:
    if p.by_name.get("p"):
        p.close_p_if_in_button_scope(tag.pos)
    p.insert_html_element(tag)
    # "If the next token is a U+000A LINE FEED (LF) character token, then
    # ignore that token" (start_tag() clears the flag before dispatching).
    p.skip_newline = True
    p.frameset_ok = False
    return False


def _start_form(p: Any, tag: Any) -> bool:
    template = p.has_open("template")
    if p.form is not None and not template:
        p.error(UNEXPECTED_START_TAG, tag.pos)
        return False
    if p.by_name.get("p"):
        p.close_p_if_in_button_scope(tag.pos)
    rec = p.insert_html_element(tag)
    if not template:
        p.form = rec
    return False


# The special elements _start_li's loop (step 3) passes over, to the node
# below them; an li stops it, and so does any other special element.
LI_LOOP_PASSES: Final[tuple[str, ...]] = ("address", "div", "p")


# With a special current node other than li and LI_LOOP_PASSES (the loop
# stops at once: ul, ol, body ...) and no p open: frameset-ok "not ok", insert.
@_shortcut(SHORTCUT_START, LI)
def _start_li(p: Any, tag: Any) -> bool:
    p.frameset_ok = False
    open_ = p.open
    for i in range(len(open_) - 1, -1, -1):
        node = open_[i]
        if node.hname == "li":
            p.generate_implied_end_tags("li")
            if p.open[-1].hname != "li":
                p.error(UNEXPECTED_START_TAG, tag.pos)
            p.pop_until("li")
            break
        if node.flags & SPECIAL and node.hname not in LI_LOOP_PASSES:
            break
    if p.by_name.get("p"):
        p.close_p_if_in_button_scope(tag.pos)
    p.insert_html_element(tag)
    return False


def _start_dd_dt(p: Any, tag: Any) -> bool:
    p.frameset_ok = False
    open_ = p.open
    for i in range(len(open_) - 1, -1, -1):
        node = open_[i]
        name = node.hname
        if name == "dd" or name == "dt":
            p.generate_implied_end_tags(name)
            if p.open[-1].hname != name:
                p.error(UNEXPECTED_START_TAG, tag.pos)
            p.pop_until(name)
            break
        if node.flags & SPECIAL and name not in ("address", "div", "p"):
            break
    if p.by_name.get("p"):
        p.close_p_if_in_button_scope(tag.pos)
    p.insert_html_element(tag)
    return False


def _start_plaintext(p: Any, tag: Any) -> bool:
    if p.by_name.get("p"):
        p.close_p_if_in_button_scope(tag.pos)
    p.insert_html_element(tag)
    p.tokenizer.state = PLAINTEXT_STATE
    return False


def _start_button(p: Any, tag: Any) -> bool:
    if p.in_scope("button"):
        p.error(UNEXPECTED_START_TAG, tag.pos)
        p.generate_implied_end_tags()
        p.pop_until("button")
    p.reconstruct_the_active_formatting_elements()
    p.insert_html_element(tag)
    p.frameset_ok = False
    return False


@_shortcut(SHORTCUT_START, A)  # with no a after the last marker: reconstruct, insert, push
def _start_a(p: Any, tag: Any) -> bool:
    if p.afe.last is not None:
        existing = p.formatting_element_after_last_marker("a")
        if existing is not None:
            p.error(UNEXPECTED_START_TAG, tag.pos)
            if p.adoption_agency(tag):
                _any_other_end_tag(p, tag)
            p.remove_from_afe(existing)
            if existing.on_stack:
                p.remove_from_stack(existing)
        entry = p.afe.last
        if entry is not None and not entry.on_stack:
            p.reconstruct_the_active_formatting_elements()
    p.push_formatting_element(p.insert_html_element(tag))
    return False


@_shortcut(SHORTCUT_START, FORMATTING)  # always: reconstruct, insert, push
def _start_formatting(p: Any, tag: Any) -> bool:
    """b, big, code, em, font, i, s, small, strike, strong, tt, u."""
    entry = p.afe.last  # (None: an empty list, or a marker last)
    if entry is not None and not entry.on_stack:
        p.reconstruct_the_active_formatting_elements()
    p.push_formatting_element(p.insert_html_element(tag))
    return False


def _start_nobr(p: Any, tag: Any) -> bool:
    p.reconstruct_the_active_formatting_elements()
    if p.in_scope("nobr"):
        p.error(UNEXPECTED_START_TAG, tag.pos)
        if p.adoption_agency(tag):
            _any_other_end_tag(p, tag)
        p.reconstruct_the_active_formatting_elements()
    p.push_formatting_element(p.insert_html_element(tag))
    return False


def _start_applet(p: Any, tag: Any) -> bool:
    """applet, marquee, object."""
    p.reconstruct_the_active_formatting_elements()
    p.insert_html_element(tag)
    p.push_marker()
    p.frameset_ok = False
    return False


def _start_table(p: Any, tag: Any) -> bool:
    if p.quirks_mode != "quirks" and p.by_name.get("p"):
        p.close_p_if_in_button_scope(tag.pos)
    p.insert_html_element(tag)
    p.frameset_ok = False
    p.mode = M.IN_TABLE
    return False


@_shortcut(SHORTCUT_START, VOID)  # always: reconstruct, insert, pop, acknowledge
def _start_void(p: Any, tag: Any) -> bool:
    """area, br, embed, img, keygen, wbr."""
    p.reconstruct_the_active_formatting_elements()
    p.insert_html_element_and_pop(tag)
    p.frameset_ok = False
    return False


def _start_input(p: Any, tag: Any) -> bool:
    # 2025: an <input> closes an open <select>.
    if p.context is not None and p.context.hname == "select":
        p.error(UNEXPECTED_START_TAG, tag.pos)
        return False
    if p.in_scope("select"):
        p.error(UNEXPECTED_START_TAG, tag.pos)
        p.pop_until("select")
    p.reconstruct_the_active_formatting_elements()
    p.insert_html_element_and_pop(tag)
    kind = tag.attrs.get("type")
    if kind is None or ascii_lowercase(kind) != "hidden":
        p.frameset_ok = False
    return False


def _start_param(p: Any, tag: Any) -> bool:
    """param, source, track."""
    p.insert_html_element_and_pop(tag)
    return False


def _start_hr(p: Any, tag: Any) -> bool:
    if p.by_name.get("p"):
        p.close_p_if_in_button_scope(tag.pos)
    if p.in_scope("select"):
        p.generate_implied_end_tags()
        if p.in_scope("option") or p.in_scope("optgroup"):
            p.error(UNEXPECTED_START_TAG, tag.pos)
    p.insert_html_element_and_pop(tag)
    p.frameset_ok = False
    return False


def _start_image(p: Any, tag: Any) -> bool:
    p.error(UNEXPECTED_START_TAG, tag.pos)
    tag.name = "img"
    return True


def _start_textarea(p: Any, tag: Any) -> bool:
    p.insert_html_element(tag)
    p.skip_newline = True
    p.tokenizer.state = RCDATA_STATE
    p.tokenizer.last_start_tag = "textarea"
    p.original_mode = p.mode
    p.frameset_ok = False
    p.mode = M.TEXT
    return False


def _start_xmp(p: Any, tag: Any) -> bool:
    if p.by_name.get("p"):
        p.close_p_if_in_button_scope(tag.pos)
    p.reconstruct_the_active_formatting_elements()
    p.frameset_ok = False
    p.generic_raw_text(tag)
    return False


def _start_iframe(p: Any, tag: Any) -> bool:
    p.frameset_ok = False
    p.generic_raw_text(tag)
    return False


def _start_noembed(p: Any, tag: Any) -> bool:
    p.generic_raw_text(tag)
    return False


def _start_noscript(p: Any, tag: Any) -> bool:
    if p.scripting:
        p.generic_raw_text(tag)
        return False
    return _any_other_start_tag(p, tag)


def _start_select(p: Any, tag: Any) -> bool:
    if p.context is not None and p.context.hname == "select":
        p.error(UNEXPECTED_START_TAG, tag.pos)
        return False
    if p.in_scope("select"):
        # A nested <select> acts as </select>.
        p.error(UNEXPECTED_START_TAG, tag.pos)
        p.pop_until("select")
        return False
    p.reconstruct_the_active_formatting_elements()
    p.insert_html_element(tag)
    p.frameset_ok = False
    return False


def _start_option(p: Any, tag: Any) -> bool:
    if p.in_scope("select"):
        p.generate_implied_end_tags("optgroup")
        if p.in_scope("option"):
            p.error(UNEXPECTED_START_TAG, tag.pos)
    elif p.open[-1].hname == "option":
        p.pop()
    p.reconstruct_the_active_formatting_elements()
    p.insert_html_element(tag)
    return False


def _start_optgroup(p: Any, tag: Any) -> bool:
    if p.in_scope("select"):
        p.generate_implied_end_tags()
        if p.in_scope("option") or p.in_scope("optgroup"):
            p.error(UNEXPECTED_START_TAG, tag.pos)
    elif p.open[-1].hname == "option":
        p.pop()
    p.reconstruct_the_active_formatting_elements()
    p.insert_html_element(tag)
    return False


def _start_rb_rtc(p: Any, tag: Any) -> bool:
    if p.in_scope("ruby"):
        p.generate_implied_end_tags()
        if p.open[-1].hname != "ruby":
            p.error(UNEXPECTED_START_TAG, tag.pos)
    p.insert_html_element(tag)
    return False


def _start_rp_rt(p: Any, tag: Any) -> bool:
    if p.in_scope("ruby"):
        p.generate_implied_end_tags("rtc")
        if p.open[-1].hname not in ("rtc", "ruby"):
            p.error(UNEXPECTED_START_TAG, tag.pos)
    p.insert_html_element(tag)
    return False


def _start_math(p: Any, tag: Any) -> bool:
    p.reconstruct_the_active_formatting_elements()
    p.insert_element("math", MATHML_NAMESPACE, adjust_attributes(tag.attrs, MATHML_NAMESPACE), tag.pos)
    if tag.self_closing:
        p.pop()
        tag.self_closing = False
    return False


def _start_svg(p: Any, tag: Any) -> bool:
    p.reconstruct_the_active_formatting_elements()
    p.insert_element("svg", SVG_NAMESPACE, adjust_attributes(tag.attrs, SVG_NAMESPACE), tag.pos)
    if tag.self_closing:
        p.pop()
        tag.self_closing = False
    return False


@_shortcut(SHORTCUT_START, ANY_OTHER)  # always: reconstruct, insert
def _any_other_start_tag(p: Any, tag: Any) -> bool:
    entry = p.afe.last  # (None: an empty list, or a marker last)
    if entry is not None and not entry.on_stack:
        p.reconstruct_the_active_formatting_elements()
    p.insert_html_element(tag)
    return False


# -- end tags --------------------------------------------------------------


def _end_body(p: Any, tag: Any) -> bool:
    if not p.in_scope("body"):
        p.error(UNEXPECTED_END_TAG, tag.pos)
        return False
    for rec in p.open:
        if rec.hname not in _ALLOWED_OPEN_AT_EOF:
            p.error(UNEXPECTED_END_TAG, tag.pos)
            break
    p.mode = M.AFTER_BODY
    return False


def _end_html(p: Any, tag: Any) -> bool:
    if not p.in_scope("body"):
        p.error(UNEXPECTED_END_TAG, tag.pos)
        return False
    p.mode = M.AFTER_BODY
    return True


@_shortcut(SHORTCUT_END, POPS_CURRENT)
def _end_block(p: Any, tag: Any) -> bool:
    """address, article, ..., ul (and select, 2025): close the element if
    it is in scope."""
    name = tag.name
    if p.open[-1].hname == name:
        # The current node itself: in scope, and none of these names has an
        # implied end tag, so the steps come down to popping it.
        p.pop()
        return False
    if not p.in_scope(name):
        p.error(UNEXPECTED_END_TAG, tag.pos)
        return False
    p.generate_implied_end_tags()
    if p.open[-1].hname != name:
        p.error(UNEXPECTED_END_TAG, tag.pos)
    p.pop_until(name)
    return False


def _end_form(p: Any, tag: Any) -> bool:
    if not p.has_open("template"):
        node = p.form
        p.form = None
        if node is None or not p.record_in_scope(node):
            p.error(UNEXPECTED_END_TAG, tag.pos)
            return False
        p.generate_implied_end_tags()
        if p.open[-1] is not node:
            p.error(UNEXPECTED_END_TAG, tag.pos)
        p.remove_from_stack(node)
        return False
    if not p.in_scope("form"):
        p.error(UNEXPECTED_END_TAG, tag.pos)
        return False
    p.generate_implied_end_tags()
    if p.open[-1].hname != "form":
        p.error(UNEXPECTED_END_TAG, tag.pos)
    p.pop_until("form")
    return False


@_shortcut(SHORTCUT_END, POPS_CURRENT)
def _end_p(p: Any, tag: Any) -> bool:
    if p.open[-1].hname == "p":
        p.pop()  # "close a p element" when it is the current node
        return False
    if not p.in_button_scope("p"):
        p.error(UNEXPECTED_END_TAG, tag.pos)
        p.insert_implied("p")
    p.close_a_p_element(tag.pos)
    return False


@_shortcut(SHORTCUT_END, POPS_CURRENT)
def _end_li(p: Any, tag: Any) -> bool:
    if p.open[-1].hname == "li":
        p.pop()  # the current node: in scope, no implied end tags but li's
        return False
    if not p.in_scope("li", LIST_SCOPE):
        p.error(UNEXPECTED_END_TAG, tag.pos)
        return False
    p.generate_implied_end_tags("li")
    if p.open[-1].hname != "li":
        p.error(UNEXPECTED_END_TAG, tag.pos)
    p.pop_until("li")
    return False


@_shortcut(SHORTCUT_END, POPS_CURRENT)
def _end_dd_dt(p: Any, tag: Any) -> bool:
    name = tag.name
    if not p.in_scope(name):
        p.error(UNEXPECTED_END_TAG, tag.pos)
        return False
    p.generate_implied_end_tags(name)
    if p.open[-1].hname != name:
        p.error(UNEXPECTED_END_TAG, tag.pos)
    p.pop_until(name)
    return False


@_shortcut(SHORTCUT_END, POPS_CURRENT)
def _end_heading(p: Any, tag: Any) -> bool:
    if not p.any_in_scope(HEADINGS):
        p.error(UNEXPECTED_END_TAG, tag.pos)
        return False
    p.generate_implied_end_tags()
    if p.open[-1].hname != tag.name:
        p.error(UNEXPECTED_END_TAG, tag.pos)
    p.pop_until_one_of(HEADINGS)
    return False


@_shortcut(SHORTCUT_END, FORMATTING)  # the innermost formatting element: adoption_agency's common case
def _end_formatting(p: Any, tag: Any) -> bool:
    """a, b, big, code, em, font, i, nobr, s, small, strike, strong, tt, u."""
    if p.adoption_agency(tag):
        return _any_other_end_tag(p, tag)
    return False


def _end_applet(p: Any, tag: Any) -> bool:
    """applet, marquee, object."""
    name = tag.name
    if not p.in_scope(name):
        p.error(UNEXPECTED_END_TAG, tag.pos)
        return False
    p.generate_implied_end_tags()
    if p.open[-1].hname != name:
        p.error(UNEXPECTED_END_TAG, tag.pos)
    p.pop_until(name)
    p.clear_the_list_of_active_formatting_elements_up_to_the_last_marker()
    return False


def _end_br(p: Any, tag: Any) -> bool:
    p.error(UNEXPECTED_END_TAG, tag.pos)
    return _start_void(p, StartTag("br", {}, False, tag.pos, tag.end))


@_shortcut(SHORTCUT_END, POPS_CURRENT)
def _any_other_end_tag(p: Any, tag: Any) -> bool:
    name = tag.name
    open_ = p.open
    if open_[-1].hname == name:
        # Step 2.1 on the current node: nothing to generate (its own name is
        # excluded), nothing to report; pop it.
        p.pop()
        return False
    # Steps 1-4: walk down from the current node to the first element
    # named ``name`` (step 2) or in the special category (step 3).  Past a
    # few elements the shortcut answers from the stack's indexes instead
    # (the topmost ``name`` against the topmost special element): a walk
    # per end tag made "<span>"*n + "</x>"*n quadratic.
    bottom = len(open_) - WALK_BEFORE_LOOKUP if p._shortcut_mode is not None else 0
    for i in range(len(open_) - 1, -1, -1):
        node = open_[i]
        if node.hname == name:
            return _any_other_end_tag_matched(p, tag, node)
        if node.flags & SPECIAL:
            p.error(UNEXPECTED_END_TAG, tag.pos)
            return False
        if i <= bottom:
            same = p.by_name.get(name)
            if same and same[-1].index >= p.topmost_special_index():
                return _any_other_end_tag_matched(p, tag, same[-1])
            p.error(UNEXPECTED_END_TAG, tag.pos)
            return False
    return False


def _any_other_end_tag_matched(p: Any, tag: Any, node: Any) -> bool:
    """Step 2 of "any other end tag" for the node found: generate implied
    end tags except for its name, report a node that is not the current
    node, pop up to it."""
    p.generate_implied_end_tags(node.hname)
    if p.open[-1] is not node:
        p.error(UNEXPECTED_END_TAG, tag.pos)
    p.pop_until_record(node)
    return False


def _dispatch_in_body(mode: Mode) -> None:
    """The in body insertion mode's handlers, by token."""
    mode.characters = _in_body_characters
    mode.comment = insert_comment
    mode.doctype = ignore_doctype
    mode.eof = _in_body_eof
    mode.on_start("html", _start_html)
    mode.on_start(
        "base basefont bgsound link meta noframes script style template title", using_in_head_start
    )
    mode.on_start("body", _start_body)
    mode.on_start("frameset", _start_frameset)
    mode.on_start(
        "address article aside blockquote center details dialog dir div dl fieldset figcaption "
        "figure footer header hgroup main menu nav ol p search section summary ul",
        _start_block,
    )
    mode.on_start(" ".join(HEADINGS), _start_heading)
    mode.on_start("pre listing", _start_pre)
    mode.on_start("form", _start_form)
    mode.on_start("li", _start_li)
    mode.on_start("dd dt", _start_dd_dt)
    mode.on_start("plaintext", _start_plaintext)
    mode.on_start("button", _start_button)
    mode.on_start("a", _start_a)
    mode.on_start("b big code em font i s small strike strong tt u", _start_formatting)
    mode.on_start("nobr", _start_nobr)
    mode.on_start("applet marquee object", _start_applet)
    mode.on_start("table", _start_table)
    mode.on_start("area br embed img keygen wbr", _start_void)
    mode.on_start("input", _start_input)
    mode.on_start("param source track", _start_param)
    mode.on_start("hr", _start_hr)
    mode.on_start("image", _start_image)
    mode.on_start("textarea", _start_textarea)
    mode.on_start("xmp", _start_xmp)
    mode.on_start("iframe", _start_iframe)
    mode.on_start("noembed", _start_noembed)
    mode.on_start("noscript", _start_noscript)
    mode.on_start("select", _start_select)
    mode.on_start("option", _start_option)
    mode.on_start("optgroup", _start_optgroup)
    mode.on_start("rb rtc", _start_rb_rtc)
    mode.on_start("rp rt", _start_rp_rt)
    mode.on_start("math", _start_math)
    mode.on_start("svg", _start_svg)
    mode.on_start("caption col colgroup frame head tbody td tfoot th thead tr", ignore_start)
    mode.start_default = _any_other_start_tag

    mode.on_end("template", using_in_head_end)
    mode.on_end("body", _end_body)
    mode.on_end("html", _end_html)
    mode.on_end(
        "address article aside blockquote button center details dialog dir div dl fieldset "
        "figcaption figure footer header hgroup listing main menu nav ol pre search section "
        "select summary ul",
        _end_block,
    )
    mode.on_end("form", _end_form)
    mode.on_end("p", _end_p)
    mode.on_end("li", _end_li)
    mode.on_end("dd dt", _end_dd_dt)
    mode.on_end(" ".join(HEADINGS), _end_heading)
    mode.on_end("a b big code em font i nobr s small strike strong tt u", _end_formatting)
    mode.on_end("applet marquee object", _end_applet)
    mode.on_end("br", _end_br)
    mode.end_default = _any_other_end_tag


_dispatch_in_body(M.IN_BODY)
