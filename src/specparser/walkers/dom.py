"""Walk an :mod:`xml.dom.minidom` tree (or any W3C DOM with the same
attributes: ``nodeType``, ``firstChild``, ``nextSibling``, ``parentNode``)
as the events of :mod:`specparser.walkers`.

* A Document or DocumentFragment yields its children; any other node yields
  itself (an element with its subtree, not its following siblings).
* Element names: ``localName`` for a namespaced element, otherwise
  ``nodeName``; the namespace is ``namespaceURI`` (``None`` for elements
  made with ``createElement``, which the serializer treats as HTML).
* Attributes in a namespace become ``(prefix, local_name, namespace)`` keys,
  others plain-string keys, in the order the DOM gives them.
* Adjacent Text / CDATASection nodes are merged into one TEXT event.
* A ProcessingInstruction node is a ``PI`` event (``target``, ``data``);
  entity references are skipped: the HTML parser never creates them.
* minidom has no template contents: the dom builder keeps them as the
  template element's children (as html5lib 1.1 does), so an HTML
  ``template``'s children are reported as its template contents
  (``CONTENT`` ... ``END_CONTENT``), as the etree walker does.
"""

from __future__ import annotations

from typing import Any, Iterator
from xml.dom import Node

from ..constants import HTML_NAMESPACE
from . import COMMENT, CONTENT, DOCTYPE, END, END_CONTENT, PI, START, TEXT

__all__ = ["walk"]

_ELEMENT = Node.ELEMENT_NODE
_TEXT = Node.TEXT_NODE
_CDATA = Node.CDATA_SECTION_NODE
_COMMENT = Node.COMMENT_NODE
_DOCTYPE = Node.DOCUMENT_TYPE_NODE
_PI = Node.PROCESSING_INSTRUCTION_NODE
_CONTAINERS = (Node.DOCUMENT_NODE, Node.DOCUMENT_FRAGMENT_NODE)


def _attributes(element: Any) -> dict:
    attributes = element.attributes
    if not attributes:
        return {}
    out: dict = {}
    # One pass: minidom's ``item(i)`` lists every name again on each call,
    # O(n) per attribute.  ``values()`` is minidom's (a DOM without it is
    # read by index).
    values = getattr(attributes, "values", None)
    nodes = values() if values is not None else map(attributes.item, range(attributes.length))
    for attr in nodes:
        namespace = attr.namespaceURI
        if namespace:
            out[(attr.prefix, attr.localName, namespace)] = attr.value
        else:
            out[attr.name] = attr.value
    return out


_CONTENT_EVENT = (CONTENT,)
_END_CONTENT_EVENT = (END_CONTENT,)


def _is_template(name: str, namespace: Any) -> bool:
    return name == "template" and (namespace is None or namespace == HTML_NAMESPACE)


def walk(node: Any) -> Iterator[tuple]:
    """Yield the events for ``node`` (see the module docstring)."""
    if not hasattr(node, "nodeType"):
        raise TypeError(f"not a DOM node: {type(node).__name__}")
    if node.nodeType in _CONTAINERS:
        current = node.firstChild
        stop = node
    else:
        current = node
        stop = node.parentNode  # never reached: we stop after ``node``
    # The closing events of the open elements, innermost last: (END,) or,
    # for a template, (END_CONTENT, END).
    ends: list[tuple] = []
    text: list[str] = []
    while current is not None:
        kind = current.nodeType
        if kind == _TEXT or kind == _CDATA:
            text.append(current.data)
        else:
            if text:
                yield (TEXT, "".join(text))
                text.clear()
            if kind == _ELEMENT:
                namespace = current.namespaceURI
                name = current.localName if namespace and current.localName else current.nodeName
                yield (START, name, namespace, _attributes(current))
                template = _is_template(name, namespace)
                if template:
                    yield _CONTENT_EVENT
                end = (END, name, namespace)
                child = current.firstChild
                if child is not None:
                    ends.append((_END_CONTENT_EVENT, end) if template else (end,))
                    current = child
                    continue
                if template:
                    yield _END_CONTENT_EVENT
                yield end
            elif kind == _COMMENT:
                yield (COMMENT, current.data)
            elif kind == _DOCTYPE:
                yield (DOCTYPE, current.name or "", current.publicId or "", current.systemId or "")
            elif kind == _PI:
                yield (PI, current.target, current.data)
        # Next node in tree order: the next sibling, or the next sibling of
        # the nearest ancestor that has one, closing elements on the way.
        if current is node:
            break
        while current.nextSibling is None:
            current = current.parentNode
            if current is stop or current is None:
                current = None
                break
            if text:
                yield (TEXT, "".join(text))
                text.clear()
            yield from ends.pop()
            if current is node:
                current = None
                break
        else:
            current = current.nextSibling
    if text:
        yield (TEXT, "".join(text))
