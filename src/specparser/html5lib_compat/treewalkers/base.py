"""``html5lib.treewalkers.base``: the token dicts tree walkers yield, and
the base classes for writing a walker.

:class:`TreeWalker` and :class:`NonRecursiveTreeWalker` behave as in
html5lib 1.1 so that custom walkers written against html5lib keep working.
specparser's own walkers are :class:`EventTreeWalker` subclasses: thin
adapters turning the events of :mod:`specparser.walkers` into tokens.
"""

from __future__ import annotations

from typing import Any, Callable, Iterator
from xml.dom import Node

from ...constants import HTML_NAMESPACE
from ...serializer import VOID_ELEMENTS
from ...shadow_dom import SHADOW_ROOT_ATTRIBUTE, holder_attributes
# The walker event kinds, under names that do not clash with html5lib's
# node kinds below.
from ...walkers import COMMENT as _EV_COMMENT
from ...walkers import DOCTYPE as _EV_DOCTYPE
from ...walkers import END as _EV_END
from ...walkers import END_SHADOW as _EV_END_SHADOW
from ...walkers import ENTITY as _EV_ENTITY
from ...walkers import PI as _EV_PI
from ...walkers import SHADOW as _EV_SHADOW
from ...walkers import START as _EV_START
from ...walkers import TEXT as _EV_TEXT

# html5lib 1.1's __all__, exactly; EventTreeWalker (specparser's own: the
# walkers over specparser.walkers events) is importable but not listed.
__all__ = ["DOCUMENT", "DOCTYPE", "TEXT", "ELEMENT", "COMMENT", "ENTITY", "UNKNOWN",
           "TreeWalker", "NonRecursiveTreeWalker"]  # fmt: skip

# Node kinds for NonRecursiveTreeWalker.getNodeDetails (html5lib's values).
DOCUMENT = Node.DOCUMENT_NODE
DOCTYPE = Node.DOCUMENT_TYPE_NODE
TEXT = Node.TEXT_NODE
ELEMENT = Node.ELEMENT_NODE
COMMENT = Node.COMMENT_NODE
ENTITY = Node.ENTITY_NODE
UNKNOWN = "<#UNKNOWN#>"

spaceCharacters = "\t\n\x0c\r "



def _is_void(namespace: str | None, name: str) -> bool:
    return (not namespace or namespace == HTML_NAMESPACE) and name in VOID_ELEMENTS


class TreeWalker:
    """Walks a tree yielding tokens: dicts with a ``type`` key."""

    def __init__(self, tree: Any) -> None:
        self.tree = tree

    def __iter__(self) -> Iterator[dict]:
        raise NotImplementedError

    def error(self, msg: str) -> dict:
        return {"type": "SerializeError", "data": msg}

    def emptyTag(self, namespace: str | None, name: str, attrs: dict, hasChildren: bool = False) -> Iterator[dict]:
        yield {"type": "EmptyTag", "name": name, "namespace": namespace, "data": attrs}
        if hasChildren:
            yield self.error("Void element has children")

    def startTag(self, namespace: str | None, name: str, attrs: dict) -> dict:
        return {"type": "StartTag", "name": name, "namespace": namespace, "data": attrs}

    def endTag(self, namespace: str | None, name: str) -> dict:
        return {"type": "EndTag", "name": name, "namespace": namespace}

    def text(self, data: str) -> Iterator[dict]:
        """Leading and trailing whitespace as SpaceCharacters tokens, the
        rest as one Characters token."""
        middle = data.lstrip(spaceCharacters)
        left = data[: len(data) - len(middle)]
        if left:
            yield {"type": "SpaceCharacters", "data": left}
        data = middle
        middle = data.rstrip(spaceCharacters)
        right = data[len(middle) :]
        if middle:
            yield {"type": "Characters", "data": middle}
        if right:
            yield {"type": "SpaceCharacters", "data": right}

    def comment(self, data: str) -> dict:
        return {"type": "Comment", "data": data}

    def processingInstruction(self, target: str, data: str) -> dict:
        """A processing instruction (specparser's token type; html5lib 1.1
        has none): ``name`` is the target, as a Doctype token's ``name``."""
        return {"type": "ProcessingInstruction", "name": target, "data": data}

    def doctype(self, name: str | None, publicId: str | None = None, systemId: str | None = None) -> dict:
        return {"type": "Doctype", "name": name, "publicId": publicId, "systemId": systemId}

    def entity(self, name: str) -> dict:
        return {"type": "Entity", "name": name}

    def unknown(self, nodeType: Any) -> dict:
        return self.error(f"Unknown node type: {nodeType}")


class NonRecursiveTreeWalker(TreeWalker):
    """A walker defined by four navigation methods, as in html5lib:
    ``getNodeDetails``, ``getFirstChild``, ``getNextSibling``,
    ``getParentNode``."""

    def getNodeDetails(self, node: Any) -> tuple:
        raise NotImplementedError

    def getFirstChild(self, node: Any) -> Any:
        raise NotImplementedError

    def getNextSibling(self, node: Any) -> Any:
        raise NotImplementedError

    def getParentNode(self, node: Any) -> Any:
        raise NotImplementedError

    def __iter__(self) -> Iterator[dict]:
        current = self.tree
        while current is not None:
            details = self.getNodeDetails(current)
            kind, details = details[0], details[1:]
            has_children = False
            if kind == DOCTYPE:
                yield self.doctype(*details)
            elif kind == TEXT:
                yield from self.text(*details)
            elif kind == ELEMENT:
                namespace, name, attributes, has_children = details
                if _is_void(namespace, name):
                    yield from self.emptyTag(namespace, name, attributes, has_children)
                    has_children = False
                else:
                    yield self.startTag(namespace, name, attributes)
            elif kind == COMMENT:
                yield self.comment(details[0])
            elif kind == ENTITY:
                yield self.entity(details[0])
            elif kind == DOCUMENT:
                has_children = True
            else:
                yield self.unknown(details[0])

            first = self.getFirstChild(current) if has_children else None
            if first is not None:
                current = first
                continue
            while current is not None:
                details = self.getNodeDetails(current)
                kind, details = details[0], details[1:]
                if kind == ELEMENT:
                    namespace, name = details[0], details[1]
                    if not _is_void(namespace, name):
                        yield self.endTag(namespace, name)
                if self.tree is current:
                    current = None
                    break
                sibling = self.getNextSibling(current)
                if sibling is not None:
                    current = sibling
                    break
                current = self.getParentNode(current)


def _token_attributes(attrs: dict) -> dict:
    """Walker attribute keys -> html5lib's ``(namespace, name)`` keys."""
    out = {}
    for key, value in attrs.items():
        if key.__class__ is tuple:
            out[(key[2], key[1])] = value
        else:
            out[(None, key)] = value
    return out


class EventTreeWalker(TreeWalker):
    """A tree walker over a :mod:`specparser.walkers` event walker.

    Subclasses set :attr:`walk` (a function from a node to events).  Void
    HTML elements become EmptyTag tokens; if a void element has children
    (only a hand-made tree can), a SerializeError token follows and the
    children are skipped, as html5lib does.  Template contents are walked
    as the template's children (html5lib's tree shape has no contents).
    An empty DOCTYPE identifier is reported as None, as html5lib's etree
    walker does.  A shadow root is reported as the declarative
    ``<template shadowrootmode>`` that holds it.
    """

    walk: Callable[[Any], Iterator[tuple]]

    def __iter__(self) -> Iterator[dict]:
        events = iter(type(self).walk(self.tree))
        for event in events:
            kind = event[0]
            if kind == _EV_TEXT:
                if event[1]:
                    yield from self.text(event[1])
            elif kind == _EV_START:
                _, name, namespace, attrs = event
                attributes = _token_attributes(attrs) if attrs else {}
                if _is_void(namespace, name):
                    has_children = _skip_to_end(events)
                    yield from self.emptyTag(namespace, name, attributes, has_children)
                else:
                    yield self.startTag(namespace, name, attributes)
            elif kind == _EV_END:
                yield self.endTag(event[2], event[1])
            elif kind == _EV_COMMENT:
                yield self.comment(event[1])
            elif kind == _EV_PI:
                yield self.processingInstruction(event[1], event[2])
            elif kind == _EV_DOCTYPE:
                yield self.doctype(event[1], event[2] or None, event[3] or None)
            elif kind == _EV_ENTITY:
                yield self.entity(event[1])
            elif kind == _EV_SHADOW:
                # A shadow root (specparser.parse(..., shadow_roots=True)):
                # the declarative template getHTML() writes for it.
                attrs = holder_attributes(event[1])
                del attrs[SHADOW_ROOT_ATTRIBUTE]
                yield self.startTag(HTML_NAMESPACE, "template", _token_attributes(attrs))
            elif kind == _EV_END_SHADOW:
                yield self.endTag(HTML_NAMESPACE, "template")
            # CONTENT / END_CONTENT: nothing; the contents are children.


def _skip_to_end(events: Iterator[tuple]) -> bool:
    """Consume a void element's events up to its END; True if it had any
    child (text, comment or element) on the way."""
    depth = 0
    had_children = False
    for event in events:
        kind = event[0]
        if kind == _EV_END:
            if not depth:
                return had_children
            depth -= 1
        elif kind == _EV_START:
            depth += 1
            had_children = True
        elif kind in (_EV_TEXT, _EV_COMMENT, _EV_PI):
            had_children = True
    return had_children
