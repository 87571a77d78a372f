"""The fast path of :meth:`Cleaner.clean <.sanitizer.Cleaner.clean>` when
there are no extra filters: the parsed fragment is sanitized and
serialized in one pass over specparser's tree events, with no html5lib
token dicts.

It computes what the general path computes (the etree walker, then
:class:`~.sanitizer.BleachSanitizerFilter`, then the serializer of
:mod:`._serializer`), step for step:

* text is split as the walker splits it: leading and trailing whitespace
  (html5lib's space characters) written as it is, the rest sanitized as a
  Characters token (invisible characters to ``?``, recognised references
  kept, everything else escaped).  The sanitizer merges adjacent
  Characters tokens before serializing; escaping is per character, so
  writing them one by one is the same;
* a void HTML element is an EmptyTag, its children (only a hand-made tree
  has any) skipped;
* tags, attributes and comments go through the filter's own methods
  (``_allowed_value``, ``disallowed_token``), so the rules live in one place.

``Cleaner(fast_paths=False)`` takes the general path; the tests check both
give the same output.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..builders import get_walker
from ..html5lib_compat.constants import spaceCharacters
from ..html5lib_compat.serializer import escape_text
from ..serializer import VOID_ELEMENTS
from ..walkers import COMMENT, END, START, TEXT
from ._entities import reference_after_ampersand
from ._rules import INVISIBLE_CHARACTERS_RE, NEVER_ALLOWED_ELEMENTS, Token, escape_comment
from ._serializer import _attributes

if TYPE_CHECKING:
    from .sanitizer import BleachSanitizerFilter

__all__ = ["sanitize_and_serialize"]

_SPACE = "".join(spaceCharacters)
_walk = get_walker("etree")


def _characters(data: str, invisible: Any) -> str:
    """A Characters token's serialization after sanitize_characters."""
    data = invisible.sub("?", data)
    if "&" not in data:
        return escape_text(data)
    pieces = data.split("&")
    out = [escape_text(pieces[0])]
    for piece in pieces[1:]:
        # The same as next_possible_entity's parts ("&" + piece).
        entity = reference_after_ampersand(piece, 0)
        if entity is None:
            out.append("&amp;" + escape_text(piece))
        else:
            out.append("&amp;" if entity == "amp" else f"&{entity};")
            out.append(escape_text(piece[len(entity) + 1 :]))
    return "".join(out)


def _text(data: str, invisible: Any) -> str:
    middle = data.lstrip(_SPACE)
    inner = middle.rstrip(_SPACE)
    if len(inner) == len(data):
        return _characters(data, invisible)
    left = data[: len(data) - len(middle)]
    right = middle[len(inner) :]
    if "\x0c" in left or "\x0c" in right:
        # sanitize_token: a form feed at the edge of a text is "?" too.
        left, right = left.replace("\x0c", "?"), right.replace("\x0c", "?")
    return left + _characters(inner, invisible) + right if inner else left + right


def _attributes_of(attrs: dict[Any, str]) -> dict[Any, str]:
    """Event attribute keys as html5lib's ``(namespace, name)``."""
    return {((key[2], key[1]) if key.__class__ is tuple else (None, key)): value for key, value in attrs.items()}


def sanitize_and_serialize(tree: Any, sanitizer: BleachSanitizerFilter) -> str:
    """``render(sanitizer over the etree walker of tree)``, in one pass."""
    allowed_tags = sanitizer.allowed_tags
    strip = sanitizer.strip_disallowed_tags
    strip_comments = sanitizer.strip_html_comments
    allowed_value = sanitizer._allowed_value
    invisible = INVISIBLE_CHARACTERS_RE
    out: list[str] = []
    append = out.append
    events = iter(_walk(tree))
    for event in events:
        kind = event[0]
        if kind == TEXT:
            if event[1]:
                append(_text(event[1], invisible))
        elif kind == START:
            _, name, namespace, attrs = event
            void = (not namespace or namespace == "http://www.w3.org/1999/xhtml") and name in VOID_ELEMENTS
            if void:
                _skip_children(events)
            key = (namespace, name)
            if name in allowed_tags and key not in NEVER_ALLOWED_ELEMENTS:
                append("<" + name)
                if attrs:
                    kept = {}
                    for attr, value in _attributes_of(attrs).items():
                        sanitized = allowed_value(name, attr, value)
                        if sanitized is not None:
                            kept[attr] = sanitized
                    if kept:
                        _attributes(name, kept, out)
                append(">")
            elif not strip:
                token = {"type": "StartTag", "name": name, "data": _attributes_of(attrs) if attrs else {}}
                append(escape_text(sanitizer.disallowed_token(token)["data"]))
        elif kind == END:
            # (A void element's END was consumed with its children.)
            name, namespace = event[1], event[2]
            if name in allowed_tags and (namespace, name) not in NEVER_ALLOWED_ELEMENTS:
                append(f"</{name}>")
            elif not strip:
                append(f"&lt;/{name}&gt;")
        elif kind == COMMENT:
            if not strip_comments:
                append(f"<!--{escape_comment(event[1])}-->")
    return "".join(out)


def _skip_children(events: Any) -> None:
    """Consume a void element's events up to its END."""
    depth = 0
    for event in events:
        kind = event[0]
        if kind == END:
            if not depth:
                return
            depth -= 1
        elif kind == START:
            depth += 1
