"""Walk a Beautiful Soup tree as the events of :mod:`specparser.walkers`.

Works on any bs4 tree (specparser's, html5lib's, html.parser's, lxml's):

* A ``BeautifulSoup`` object yields its children; any other ``Tag`` yields
  itself and its subtree.
* ``Tag.namespace`` gives the namespace (``None``, from a builder that does
  not track namespaces or from ``new_tag``, means HTML).
* ``NamespacedAttribute`` keys with a namespace become the TreeBuilder
  convention's ``(prefix, local_name, namespace)`` tuples; multi-valued
  attributes (``class`` lists) are joined with single spaces, other
  non-string values (``True``, numbers) are made strings.
* All children of an HTML ``template`` are reported as its template
  contents: bs4 has no DocumentFragment, and the parser puts nothing else
  into a template element.  A template marked as a shadow root
  (:mod:`specparser.shadow_dom`) is ``(SHADOW, init, tag)`` ...
  ``(END_SHADOW,)``.
* ``Comment`` becomes a comment, ``Doctype`` a doctype and
  ``ProcessingInstruction`` a processing instruction (its string is
  ``target data``: the target is what comes before the first whitespace);
  ``CData`` and the other string classes (``Script``,
  ``Stylesheet`` ...) are text; other preformatted strings (declarations
  that html.parser or lxml give) are reported as comments, which is what an
  HTML parser makes of them.  Adjacent strings are merged.

Deep trees are walked without recursion.
"""

from __future__ import annotations

import re
from typing import Any, Iterator

try:
    from bs4 import BeautifulSoup
    from bs4.element import (
        CData,
        Comment,
        Doctype,
        NamespacedAttribute,
        PageElement,
        PreformattedString,
        ProcessingInstruction,
        Tag,
    )
except ImportError as exc:  # pragma: no cover - exercised in a subprocess test
    raise ImportError(
        "walking BeautifulSoup trees needs beautifulsoup4: pip install specparser-html[bs4]"
    ) from exc

from ..constants import HTML_NAMESPACE
from ..shadow_dom import SHADOW_ROOT_ATTRIBUTE, init_from_attributes
from . import COMMENT, CONTENT, DOCTYPE, END, END_CONTENT, END_SHADOW, PI, SHADOW, START, TEXT

__all__ = ["walk", "doctype_parts", "pi_parts"]

# bs4's rendering of a doctype (Doctype._string_for_name_and_ids).
_DOCTYPE = re.compile(r'([^ ]*)(?: PUBLIC "(.*?)"(?: "(.*)")?| SYSTEM "(.*)")?\Z', re.S)


def doctype_parts(doctype: str) -> tuple[str, str, str]:
    """``(name, public_id, system_id)`` of a bs4 ``Doctype`` ("" for a
    missing part).  specparser's builder keeps the exact parts; for other
    doctypes they are read back from bs4's ``name PUBLIC "p" "s"`` text."""
    parts = getattr(doctype, "specparser_doctype", None)
    if parts is not None and doctype == _render(*parts):
        return parts
    match = _DOCTYPE.match(str(doctype))
    if match is None:  # pragma: no cover - the pattern accepts every string
        return str(doctype), "", ""
    name, public_id, public_system_id, system_id = match.groups()
    return name, public_id or "", public_system_id or system_id or ""


_PI_TEXT = re.compile(r"([^\t\n\f\r ]*)[\t\n\f\r ]?(.*)\Z", re.S)


def pi_parts(pi: Any) -> tuple[str, str]:
    """``(target, data)`` of a bs4 ``ProcessingInstruction``: specparser's
    are ``target`` + one space + ``data``, html.parser's the text between
    ``<?`` and ``>``, lxml's XML parser's the text between ``<?`` and
    ``?>``."""
    target, data = _PI_TEXT.match(str(pi)).groups()  # type: ignore[union-attr]
    return target, data


def _render(name: str, public_id: str, system_id: str) -> str:
    return Doctype._string_for_name_and_ids(name, public_id or None, system_id or None)


def _attributes(attrs: dict) -> dict:
    if not attrs:
        return {}
    out: dict = {}
    for key, value in attrs.items():
        if key.__class__ is NamespacedAttribute and key.namespace is not None and key.name:
            key = (key.prefix, key.name, key.namespace)
        elif key.__class__ is not str:
            key = str(key)
        if value.__class__ is not str:
            if isinstance(value, list):
                value = " ".join(value)
            elif value is True:
                value = ""  # a boolean attribute set from Python
            else:
                value = str(value)
        out[key] = value
    return out


def _start(tag: Any) -> tuple[tuple, bool]:
    namespace = tag.namespace or HTML_NAMESPACE
    name = tag.name
    template = name == "template" and namespace == HTML_NAMESPACE
    return (START, name, namespace, _attributes(tag.attrs)), template


# The "template" of a stack level that is a shadow root's holder.
_SHADOW: Any = object()


def walk(node: Any) -> Iterator[tuple]:
    """Yield the events for ``node`` (see the module docstring)."""
    if isinstance(node, BeautifulSoup):
        children: list = node.contents
    elif isinstance(node, Tag) and node.name == "template" and SHADOW_ROOT_ATTRIBUTE in node.attrs:
        # A shadow root's holder (specparser.shadow_dom), walked as the
        # DocumentFragment it stands for: its children.
        children = node.contents
    elif isinstance(node, PageElement):
        children = [node]
    else:
        # Anything else would be written out as str(node), as if it were text.
        raise TypeError(
            f"cannot walk {type(node).__name__}: expected a BeautifulSoup object, "
            "a bs4 Tag or a bs4 string (the 'bs4' tree type)"
        )
    pending_text: list[str] = []
    # Each level: (children, next index, the tag to close when done or
    # None at the top, whether it is a template).
    stack: list[tuple[list, int, Any, Any]] = []
    index = 0
    closing: Any = None
    template: Any = False
    while True:
        if index < len(children):
            child = children[index]
            index += 1
            if isinstance(child, Tag):
                if pending_text:
                    yield (TEXT, "".join(pending_text))
                    pending_text = []
                event, is_template = _start(child)
                if is_template and SHADOW_ROOT_ATTRIBUTE in child.attrs:
                    # A shadow root's holder (specparser.shadow_dom).
                    yield (SHADOW, init_from_attributes(child.attrs), child)
                    stack.append((children, index, closing, template))
                    children, index, closing, template = child.contents, 0, child, _SHADOW
                    continue
                yield event
                if is_template:
                    yield (CONTENT,)
                stack.append((children, index, closing, template))
                children, index, closing, template = child.contents, 0, child, is_template
            elif isinstance(child, PreformattedString) and not isinstance(child, CData):
                if pending_text:
                    yield (TEXT, "".join(pending_text))
                    pending_text = []
                if isinstance(child, Doctype):
                    yield (DOCTYPE,) + doctype_parts(child)
                elif isinstance(child, Comment):
                    yield (COMMENT, str(child))
                elif isinstance(child, ProcessingInstruction):
                    yield (PI,) + pi_parts(child)
                else:
                    yield (COMMENT, child.PREFIX[1:] + str(child) + child.SUFFIX[:-1])
            else:
                pending_text.append(str(child))
            continue
        if closing is None:
            break
        if pending_text:
            yield (TEXT, "".join(pending_text))
            pending_text = []
        if template is _SHADOW:
            yield (END_SHADOW,)
        else:
            if template:
                yield (END_CONTENT,)
            yield (END, closing.name, closing.namespace or HTML_NAMESPACE)
        children, index, closing, template = stack.pop()
    if pending_text:
        yield (TEXT, "".join(pending_text))
