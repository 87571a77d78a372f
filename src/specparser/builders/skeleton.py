"""A tree builder that keeps only what tree construction asks about.

Tree construction never reads a node's name, attributes or text back from
the builder (:mod:`specparser.treebuilder`); it asks only for the parent of
an open element: the last ``table`` on the stack (foster parenting), the
adoption agency's lastNode just after it was removed, and, for
``<template for>``, markers and their ancestors.  :class:`SkeletonBuilder`
keeps a node per element with its parent, and, per element still open, its
children that are still open (the adoption agency moves "all of the child
nodes of furthestBlock", an open element, and later asks for the parent of
the open ones among them).  A closed element is dropped from its parent's
children as it closes, so memory follows the depth of the stack of open
elements, not the length of the document: this is the tree of the
bounded-memory paths (``Parser(target=...)``, ``specparser --format
errors``).

It answers no ``children_of`` question, so a ``<template for>`` stays an
ordinary template here (its markers would be in closed elements, which are
gone); that changes no parse error.  Text, comments and processing
instructions are not kept.

The events that tell when an element closes come from
:class:`specparser.treeconstruction.events.EventTreeConstructor`, for
which this builder is the :class:`~specparser.treeconstruction.events.StackListener`.
"""

from __future__ import annotations

from typing import Any

from ..treebuilder import TreeBuilder
from ..treeconstruction.events import StackListener

__all__ = ["SkeletonBuilder", "SkeletonNode"]


class SkeletonNode:
    """An element (or the Document, or the fragment root) of the skeleton:
    its name and namespace, its attributes, its parent, and its children
    that are open elements, in no order (a dict used as an ordered set)."""

    __slots__ = ("name", "namespace", "attrs", "parent", "open_children")

    def __init__(self, name: str, namespace: str, attrs: dict[Any, str]) -> None:
        self.name = name
        self.namespace = namespace
        self.attrs = attrs
        self.parent: SkeletonNode | None = None
        self.open_children: dict[SkeletonNode, None] = {}

    def __repr__(self) -> str:
        return f"<SkeletonNode {self.name}>"


class SkeletonBuilder(TreeBuilder, StackListener):
    """The skeleton tree (see the module docstring).  :meth:`finish` returns
    ``None``; subclasses report what they see (:mod:`specparser.events`)."""

    quirks_mode = "no-quirks"

    def set_quirks_mode(self, mode: str) -> None:
        self.quirks_mode = mode

    def start_document(self) -> SkeletonNode:
        return SkeletonNode("#document", "", {})

    def start_fragment(self) -> SkeletonNode:
        return SkeletonNode("#document-fragment", "", {})

    def finish(self) -> Any:
        return None

    def create_element(self, name: str, namespace: str, attrs: dict[Any, str], pos: int = -1) -> SkeletonNode:
        return SkeletonNode(name, namespace, attrs)

    def append_new_element(self, parent: Any, name: str, namespace: str, attrs: dict[Any, str], pos: int = -1) -> SkeletonNode:
        node = SkeletonNode(name, namespace, attrs)
        node.parent = parent
        parent.open_children[node] = None
        return node

    def create_comment(self, data: str, pos: int = -1) -> None:
        return None

    def create_processing_instruction(self, target: str, data: str, pos: int = -1) -> None:
        return None

    def append_doctype(self, name: str, public_id: str, system_id: str) -> None:
        pass

    def template_contents(self, template: Any) -> Any:
        return template

    def attach_shadow_root(self, host: Any, init: Any) -> SkeletonNode:
        # The node a declarative shadow root's children go into (its own
        # root: nothing asks for its parent).
        return SkeletonNode("#shadow-root", "", {})

    def append(self, parent: Any, child: Any) -> None:
        if child is not None:  # comments and processing instructions are not kept
            child.parent = parent
            parent.open_children[child] = None

    def insert_before(self, parent: Any, child: Any, reference: Any) -> None:
        self.append(parent, child)  # no order is kept

    def insert_text(self, parent: Any, text: str, before: Any = None) -> None:
        pass

    def remove(self, node: Any) -> None:
        if node is not None and node.parent is not None:
            node.parent.open_children.pop(node, None)
            node.parent = None

    def move_children(self, old_parent: Any, new_parent: Any) -> None:
        children = old_parent.open_children
        for child in children:
            child.parent = new_parent
        new_parent.open_children = children
        old_parent.open_children = {}

    def parent_of(self, node: Any) -> Any:
        return node.parent

    def add_missing_attributes(self, node: Any, attrs: dict[Any, str]) -> None:
        for name, value in attrs.items():
            node.attrs.setdefault(name, value)

    def replace_children_with_clones(self, target: Any, source: Any) -> None:
        # The clones are closed elements and text: nothing the skeleton keeps.
        pass

    # -- StackListener ------------------------------------------------------

    def element_ended(self, node: Any) -> None:
        # Closed: nothing will ask for its parent again, or move it.
        parent = node.parent
        if parent is not None:
            parent.open_children.pop(node, None)
        node.open_children = {}
