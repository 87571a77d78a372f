"""The rules for parsing tokens in foreign content (SVG and MathML).

https://html.spec.whatwg.org/#parsing-main-inforeign

These functions become methods of
:class:`~specparser.treeconstruction.core.TreeConstructor`.
"""

from __future__ import annotations

from typing import Any, Final

from ..constants import SVG_NAMESPACE
from ..error_messages import UNEXPECTED_END_TAG, UNEXPECTED_HTML_IN_FOREIGN_CONTENT, UNEXPECTED_NULL
from ..infra import ASCII_WHITESPACE, ascii_lowercase
from ..tables.elements import HTML_ELEMENT, HTML_INTEGRATION_POINT, MATHML_TEXT_INTEGRATION_POINT
from ..tables.foreign import (
    BREAKOUT_TAGS,
    FOREIGN_ATTRIBUTES,
    MATHML_ATTRIBUTES,
    SVG_ATTRIBUTES,
    SVG_TAG_NAMES,
)
from .records import WALK_BEFORE_LOOKUP, foreign_key

__all__ = ["adjust_attributes", "foreign_characters", "foreign_end_tag", "foreign_start_tag"]

_BREAKOUT_POINTS: Final = HTML_ELEMENT | HTML_INTEGRATION_POINT | MATHML_TEXT_INTEGRATION_POINT


def adjust_attributes(attrs: dict, namespace: str) -> dict:
    """Adjust MathML / SVG attributes and adjust foreign attributes
    (https://html.spec.whatwg.org/#adjust-foreign-attributes) into a new dict."""
    table = SVG_ATTRIBUTES if namespace == SVG_NAMESPACE else MATHML_ATTRIBUTES
    out = {}
    for name, value in attrs.items():
        name = table.get(name, name)
        out[FOREIGN_ATTRIBUTES.get(name, name)] = value
    return out


def foreign_characters(p: Any, data: str, pos: int) -> None:
    """https://html.spec.whatwg.org/#parsing-main-inforeign, the three
    character-token entries, applied to a run of them."""
    if "\x00" in data:
        p.error(UNEXPECTED_NULL, pos)
        # A U+0000 becomes U+FFFD and leaves frameset-ok alone; a U+FFFD of
        # the input is "any other character token" and sets it to "not ok".
        if p.frameset_ok and data.replace("\x00", "").strip(ASCII_WHITESPACE):
            p.frameset_ok = False
        data = data.replace("\x00", "\ufffd")
    elif p.frameset_ok and data.strip(ASCII_WHITESPACE):
        p.frameset_ok = False
    p.insert_characters(data)


def _breaks_out(tag: Any) -> bool:
    name = tag.name
    if name in BREAKOUT_TAGS:
        return True
    if name == "font":
        attrs = tag.attrs
        return "color" in attrs or "face" in attrs or "size" in attrs
    return False


def _break_out(p: Any, tag: Any) -> bool:
    """Pop until the current node is an HTML element or an integration point,
    then reprocess the token by the rules of the current insertion mode."""
    p.error(UNEXPECTED_HTML_IN_FOREIGN_CONTENT, tag.pos)
    open_ = p.open
    while not open_[-1].flags & _BREAKOUT_POINTS:
        p.pop()
    return True


def foreign_start_tag(p: Any, tag: Any) -> bool:
    if _breaks_out(tag):
        _break_out(p, tag)
        mode = p.mode
        return mode.start.get(tag.name, mode.start_default)(p, tag)
    # Any other start tag.
    adjusted = p.adjusted_current_node
    namespace = adjusted.ns
    name = tag.name
    if namespace == SVG_NAMESPACE:
        name = SVG_TAG_NAMES.get(name, name)
    attrs = adjust_attributes(tag.attrs, namespace)
    p.insert_element(name, namespace, attrs, tag.pos)
    if tag.self_closing:
        tag.self_closing = False  # acknowledged
        # An SVG </script> would be processed here; scripts never run.
        p.pop()
    return False


def foreign_end_tag(p: Any, tag: Any) -> bool:
    name = tag.name
    open_ = p.open
    if name == "br" or name == "p":
        _break_out(p, tag)
        mode = p.mode
        return mode.end.get(name, mode.end_default)(p, tag)
    # Any other end tag: "if node's tag name, converted to ASCII lowercase,
    # is not the same as the tag name of the token" (str.lower would fold
    # U+212A KELVIN SIGN to "k", so </xK> would not close <xK>, K = U+212A).
    index = len(open_) - 1
    node = open_[index]
    if ascii_lowercase(node.name) != name:
        p.error(UNEXPECTED_END_TAG, tag.pos)
    # The walk down the SVG and MathML elements to the first of that name
    # or the first HTML element.  Past a few elements the shortcut looks the
    # answer up (TreeConstructor.index_foreign_elements): the topmost
    # foreign element of that name if it lies above the nearest HTML
    # element (the ``extra`` of a foreign record); a walk per end tag made
    # "<svg>" + "<g>"*n + "</x>"*n quadratic.
    bottom = index - WALK_BEFORE_LOOKUP if p._shortcut_mode is not None else 0
    while index > 0:
        if ascii_lowercase(node.name) == name:
            p.pop_until_record(node)
            return False
        if index <= bottom:
            p.index_foreign_elements()
            same = p.by_name.get(foreign_key(name))
            if same and same[-1].index > node.extra.index:
                p.pop_until_record(same[-1])
                return False
            break
        index -= 1
        node = open_[index]
        if node.flags & HTML_ELEMENT:
            break
    else:
        return False
    mode = p.mode
    return mode.end.get(name, mode.end_default)(p, tag)
