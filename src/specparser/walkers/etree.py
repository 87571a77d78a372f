"""Walk an ElementTree tree built by :mod:`specparser.builders.etree` (or by
html5lib's etree builder) as the events of :mod:`specparser.walkers`.

Tags ``{namespace}local`` are split back into name and namespace; a plain
tag is an HTML element (``namespaceHTMLElements=False``), reported in the
HTML namespace unless ``plain_namespace`` says otherwise (html5lib's
walkers report ``None``).  Attribute keys
``{namespace}local`` in the xlink, xml or xmlns namespaces become the
``(prefix, local, namespace)`` tuples of the TreeBuilder convention; other
keys stay plain strings (an attribute really named ``{x}y`` is possible).
A ``ProcessingInstruction`` element is a ``PI`` event (see
:func:`split_pi_text`).  All children of an HTML ``template`` are reported as its template contents
(see :mod:`specparser.builders.etree`).
"""

from __future__ import annotations

from itertools import chain
from typing import Any, Iterator
from xml.etree import ElementTree as ET

from ..constants import ATTRIBUTE_PREFIXES as _ATTRIBUTE_PREFIXES, HTML_NAMESPACE
from ..etree_document import HTMLElementTree
from ..shadow_dom import is_holder
from . import COMMENT, DOCTYPE, END, PI, TEXT
from ._loop import ELEMENT, walk_elements

__all__ = ["split_pi_text", "walk"]

_COMMENT = ET.Comment
_PI = ET.ProcessingInstruction
_CONTAINERS = ("DOCUMENT_ROOT", "DOCUMENT_FRAGMENT")


def split_pi_text(text: str) -> tuple[str, str]:
    """``(target, data)`` of an ElementTree processing instruction, whose
    ``text`` is ``"target data"`` (``"target"`` alone for empty data): the
    target is what comes before the first space (the tokenizer never puts a
    space in a target, nor at the start of the data)."""
    target, _, data = text.partition(" ")
    return target, data


def _split_tag(tag: str, plain_namespace: str | None = HTML_NAMESPACE) -> tuple[str, str | None]:
    if tag[:1] == "{":
        close = tag.find("}")
        if close > 0:
            return tag[close + 1 :], tag[1:close]
    return tag, plain_namespace


def _attributes(element: Any, attrib: dict) -> dict:
    """The START event's ``attrs`` for a non-empty ``attrib``."""
    out: dict = {}
    for key, value in attrib.items():
        if key[:1] == "{":
            close = key.find("}")
            prefix = _ATTRIBUTE_PREFIXES.get(key[1:close]) if close > 0 else None
            if prefix is not None:
                out[(prefix, key[close + 1 :], key[1:close])] = value
                continue
        out[key] = value
    return out


def walk(node: Any, plain_namespace: str | None = HTML_NAMESPACE) -> Iterator[tuple]:
    """Yield the events for ``node``: the children of a ``DOCUMENT_ROOT`` /
    ``DOCUMENT_FRAGMENT`` element, of a shadow root's holder template or of
    an :class:`HTMLElementTree` (an other ElementTree: its root element),
    the items of a fragment list as :func:`specparser.parse_fragment`
    returns (text, and elements each with its tail), otherwise the element
    itself and its subtree (not its tail).  ``plain_namespace`` is the namespace
    reported for a tag without one.  A node of another tree type is a
    TypeError at once."""
    items: list[Any] | None = None
    if isinstance(node, list):
        items, node = node, ET.Element("DOCUMENT_FRAGMENT")
        for item in items:
            if not isinstance(item, (str, ET.Element)):
                raise TypeError(f"cannot walk a fragment list holding {type(item).__name__}: expected str and ElementTree Elements")
    elif isinstance(node, HTMLElementTree):
        node = node.document  # the DOCTYPE and top-level comments too
    elif isinstance(node, ET.ElementTree):
        node = node.getroot()
    tag = getattr(node, "tag", None)
    if not (isinstance(tag, str) or tag is _COMMENT or tag is _PI) or not hasattr(node, "text"):
        # Any other object (None, a str, an lxml tree, a BeautifulSoup, whose
        # .tag is a find()) is the wrong tree type, not a tree to guess at.
        raise TypeError(
            f"cannot walk {type(node).__name__}: expected an ElementTree Element or "
            "ElementTree (the 'etree' tree type)"
        )
    tags: dict[Any, tuple[str, Any, tuple, bool]] = {}

    def describe(el: Any) -> Any:
        tag = el.tag
        if tag is _COMMENT:
            return (COMMENT, el.text or "")
        if tag is _PI:
            return (PI,) + split_pi_text(el.text or "")
        if tag == "<!DOCTYPE>":
            return (DOCTYPE, el.text or "", el.get("publicId", ""), el.get("systemId", ""))
        name, namespace = _split_tag(tag, plain_namespace)
        template = name == "template" and (namespace == HTML_NAMESPACE or tag == "template")
        tags[tag] = (name, namespace, (END, name, namespace), template)
        return ELEMENT

    if items is not None:
        return _walk_items(items, tags, describe)
    if tag in _CONTAINERS or is_holder(node):
        # A Document, a fragment, or a shadow root's holder
        # (specparser.shadow_dom), walked as the DocumentFragment it is.
        events = walk_elements(node, iter(node), tags, describe, _attributes)
        return chain(((TEXT, node.text),), events) if node.text else events
    return walk_elements(node, iter((node,)), tags, describe, _attributes)


def _walk_items(items: list[Any], tags: dict[Any, Any], describe: Any) -> Iterator[tuple]:
    """A fragment list's events: each str a text, each element its subtree
    and then its tail (``walk_elements`` gives every node but the top one
    its tail)."""
    for item in items:
        if isinstance(item, str):
            if item:
                yield (TEXT, item)
        else:
            yield from walk_elements(None, iter((item,)), tags, describe, _attributes)
