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
* An element's ``shadowRoot`` (a :class:`specparser.builders.dom.ShadowRoot`,
  ``parse(..., shadow_roots=True)``) is reported right after its
  ``START``: ``(SHADOW, init, root)``, the root's children,
  ``(END_SHADOW,)``; then the element's own children.
"""

from __future__ import annotations

from typing import Any, Iterator
from xml.dom import Node

from ..constants import HTML_NAMESPACE
from ..shadow_dom import VALID_SHADOW_HOST_NAMES, ShadowRootInit
from . import COMMENT, CONTENT, DOCTYPE, END, END_CONTENT, END_SHADOW, PI, SHADOW, START, TEXT

__all__ = ["walk"]

_ELEMENT = Node.ELEMENT_NODE
_TEXT = Node.TEXT_NODE
_CDATA = Node.CDATA_SECTION_NODE
_COMMENT = Node.COMMENT_NODE
_DOCTYPE = Node.DOCUMENT_TYPE_NODE
_PI = Node.PROCESSING_INSTRUCTION_NODE
_CONTAINERS = (Node.DOCUMENT_NODE, Node.DOCUMENT_FRAGMENT_NODE)
_FRAGMENT = Node.DOCUMENT_FRAGMENT_NODE
_HOST_NAMES = VALID_SHADOW_HOST_NAMES


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
_END_SHADOW_EVENT = (END_SHADOW,)


def _is_template(name: str, namespace: Any) -> bool:
    return name == "template" and (namespace is None or namespace == HTML_NAMESPACE)


def _shadow_event(shadow: Any) -> tuple:
    init = getattr(shadow, "init", None)
    if not isinstance(init, ShadowRootInit):
        # A shadow root made by hand: its DOM attributes.
        init = ShadowRootInit(
            "closed" if getattr(shadow, "mode", "open") == "closed" else "open",
            bool(getattr(shadow, "clonable", False)),
            bool(getattr(shadow, "serializable", False)),
            bool(getattr(shadow, "delegatesFocus", False)),
            bool(getattr(shadow, "keepCustomElementRegistryNull", False)),
            "manual" if getattr(shadow, "slotAssignment", "named") == "manual" else "named",
        )
    return (SHADOW, init, shadow)


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
    # The closing events of the open elements and shadow roots, innermost
    # last: (END,) or, for a template, (END_CONTENT, END); (END_SHADOW,)
    # for a shadow root.
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
                # Only a valid shadow host name can have a shadow root: the
                # name test spares the other elements a missing-attribute
                # lookup (an exception inside getattr).
                shadow = getattr(current, "shadowRoot", None) if name in _HOST_NAMES or "-" in name else None
                if shadow is not None:
                    yield _shadow_event(shadow)
                    if shadow.firstChild is not None:
                        # The host's end waits under the shadow root's.
                        ends.append((end,))
                        ends.append((_END_SHADOW_EVENT,))
                        current = shadow.firstChild
                        continue
                    yield _END_SHADOW_EVENT
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
        # the nearest ancestor that has one, closing elements on the way;
        # after a shadow tree, its host's first child.
        if current is node:
            break
        while True:
            following = current.nextSibling
            if following is not None:
                current = following
                break
            current = current.parentNode
            if current is stop or current is None:
                current = None
                break
            if text:
                yield (TEXT, "".join(text))
                text.clear()
            yield from ends.pop()
            host = getattr(current, "host", None)
            if host is not None and current.nodeType == _FRAGMENT:
                # The end of a shadow tree: the host's children come next.
                current = host
                if host.firstChild is not None:
                    current = host.firstChild
                    break
                yield from ends.pop()
            if current is node:
                current = None
                break
    if text:
        yield (TEXT, "".join(text))
