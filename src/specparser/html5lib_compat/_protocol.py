"""Driving an html5lib-style tree builder (the ``treebuilders.base``
protocol) from specparser's tree construction.

bs4's ``HTML5TreeBuilder`` and xhtml2pdf-style code subclass html5lib's
``treebuilders.base.TreeBuilder`` and ``Node`` and pass the builder as
``HTMLParser(tree=...)``.  :class:`ProtocolTreeBuilder` is an ordinary
specparser :class:`~specparser.treebuilder.TreeBuilder` adapter that turns
each write of the spec's algorithm into the calls html5lib 1.1 makes for it:

=============================  ===========================================
specparser                     html5lib protocol
=============================  ===========================================
start_document                 ``tree.reset()`` (which calls
                               ``documentClass()``); ``tree.document``
start_fragment                 ``reset()``, then an ``html`` element made
                               with ``createElement``, appended to the
                               document and pushed on ``tree.openElements``
create_element                 ``tree.createElement(token)`` (so
                               ``elementClass(name, namespace)`` and the
                               ``attributes`` setter, tuple keys for
                               namespaced attributes)
create_comment                 ``commentClass(data)``
create_processing_instruction  ``processingInstructionClass(target, data)``
                               if the builder has one, else
                               ``commentClass("?target data?")`` (what
                               html5lib 1.1 made of ``<?target data?>``)
append_doctype                 ``tree.insertDoctype(token)``
append / insert_before         ``parent.appendChild`` / ``insertBefore``
insert_text                    ``parent.insertText(data, insertBefore)``
remove                         ``parent.removeChild(node)``
move_children                  ``old.reparentChildren(new)``
add_missing_attributes         ``node.attributes[key] = value``
finish                         ``getDocument()`` / ``getFragment()``
=============================  ===========================================

The algorithm itself is specparser's: the builder's ``openElements``,
``activeFormattingElements``, ``elementInScope`` ... are not used, and
parents are tracked here rather than read from ``Node.parent`` (builders
such as bs4's do not keep ``parent`` current when children move).
``<template>`` contents are the template element's children, as in
html5lib 1.1.
"""

from __future__ import annotations

from typing import Any

from ..constants import HTML_NAMESPACE
from ..builders._support import GatheredText, index_from_end as _index
from ..treebuilder import TreeBuilder

__all__ = ["ProtocolTreeBuilder"]

# html5lib.constants.tokenTypes
_DOCTYPE_TOKEN = 0
_START_TAG_TOKEN = 3


class _Text:
    """A run of text in the children lists kept here (the protocol has no
    text nodes: builders store text however they like)."""

    __slots__ = ("data",)

    def __init__(self, data: str) -> None:
        self.data = data


class ProtocolTreeBuilder(GatheredText, TreeBuilder):
    """Adapts an html5lib ``treebuilders.base.TreeBuilder`` instance."""

    def __init__(self, tree: Any) -> None:
        self.tree = tree
        self.quirks_mode = "no-quirks"
        self.document: Any = None
        self.fragment_root: Any = None
        # id(node) -> (node, its parent), and id(parent) -> (parent, its
        # children: nodes and _Text runs, in order): the protocol cannot be
        # asked for either.  Holding the node itself keeps its id unique.
        self._parents: dict[int, tuple[Any, Any]] = {}
        self._children: dict[int, tuple[Any, list]] = {}
        # Text is gathered (GatheredText) and inserted once, at the next
        # mutation: bs4 and minidom-style builders concatenate strings on
        # every insertText.
        self._text_parent = None
        self._text_parts = []

    # -- life cycle ------------------------------------------------------

    def start_document(self) -> Any:
        self.tree.reset()
        self.document = self.tree.document
        return self.document

    def start_fragment(self) -> Any:
        # html5lib's fragment case: insertHtmlElement() puts an html root in
        # the document; getFragment() moves its children to fragmentClass().
        document = self.start_document()
        root = self.create_element("html", HTML_NAMESPACE, {})
        self.append(document, root)
        self.tree.openElements = [root]
        self.fragment_root = root
        return root

    def finish(self) -> Any:
        if self._text_parent is not None:
            self._flush_text()
        if self.fragment_root is not None:
            return self.tree.getFragment()
        return self.tree.getDocument()

    def set_quirks_mode(self, mode: str) -> None:
        self.quirks_mode = mode

    # -- node creation ---------------------------------------------------

    def create_element(self, name: str, namespace: str, attrs: dict, pos: int = -1) -> Any:
        # A copy: builders may rewrite the dict they are given (bs4 turns
        # tuple keys into NamespacedAttribute), and the parser keeps reading
        # its own (the list of active formatting elements).
        token = {"type": _START_TAG_TOKEN, "name": name, "data": dict(attrs)}
        if namespace != HTML_NAMESPACE:
            token["namespace"] = namespace
        # HTML elements get the builder's defaultNamespace (None when
        # namespaceHTMLElements is false), as in html5lib.
        return self.tree.createElement(token)

    def create_comment(self, data: str, pos: int = -1) -> Any:
        return self.tree.commentClass(data)

    def create_processing_instruction(self, target: str, data: str, pos: int = -1) -> Any:
        """The protocol has no processing instruction node: a builder class
        with a ``processingInstructionClass(target, data)`` gets one; any
        other gets a comment ``?target data?``, the processing instruction
        as the standard serializes it without its ``<`` and ``>`` (and the
        comment html5lib 1.1 made of the usual ``<?target data?>``)."""
        make = getattr(self.tree, "processingInstructionClass", None)
        if make is not None:
            return make(target, data)
        return self.tree.commentClass("?%s %s?" % (target, data))

    def append_doctype(self, name: str, public_id: str, system_id: str) -> None:
        if self._text_parent is not None:
            self._flush_text()
        # The parser passes a missing identifier as ""; html5lib as None.
        self.tree.insertDoctype(
            {
                "type": _DOCTYPE_TOKEN,
                "name": name,
                "publicId": public_id or None,
                "systemId": system_id or None,
                "correct": True,
            }
        )

    def template_contents(self, template: Any) -> Any:
        return template

    # -- mutation --------------------------------------------------------

    def _kids(self, parent: Any) -> list:
        entry = self._children.get(id(parent))
        if entry is None:
            entry = self._children[id(parent)] = (parent, [])
        return entry[1]

    def _kids_or_empty(self, parent: Any) -> list:
        entry = self._children.get(id(parent))
        return entry[1] if entry is not None else []

    def append(self, parent: Any, child: Any) -> None:
        if self._text_parent is not None:
            self._flush_text()
        parent.appendChild(child)
        self._parents[id(child)] = (child, parent)
        self._kids(parent).append(child)

    def insert_before(self, parent: Any, child: Any, reference: Any) -> None:
        if self._text_parent is not None:
            self._flush_text()
        parent.insertBefore(child, reference)
        self._parents[id(child)] = (child, parent)
        kids = self._kids(parent)
        kids.insert(_index(kids, reference), child)

    # insert_text: GatheredText's, with these two.

    def _insert_text_before(self, parent: Any, text: str, before: Any) -> None:
        parent.insertText(text, before)
        kids = self._kids(parent)
        kids.insert(_index(kids, before), _Text(text))

    def _append_text(self, parent: Any, text: str) -> None:
        if parent is self.document:
            return  # a Document has no text children
        parent.insertText(text)
        self._kids(parent).append(_Text(text))

    def remove(self, node: Any) -> None:
        if self._text_parent is not None:
            self._flush_text()
        entry = self._parents.pop(id(node), None)
        if entry is None:
            return
        parent = entry[1]
        parent.removeChild(node)
        kids = self._kids(parent)
        del kids[_index(kids, node)]
        if getattr(node, "parent", None) is parent:
            node.parent = None

    def move_children(self, old_parent: Any, new_parent: Any) -> None:
        if self._text_parent is not None:
            self._flush_text()
        old_parent.reparentChildren(new_parent)
        entry = self._children.pop(id(old_parent), None)
        if entry is not None and entry[1]:
            moved = entry[1]
            parents = self._parents
            for child in moved:
                if child.__class__ is not _Text:
                    parents[id(child)] = (child, new_parent)
            self._kids(new_parent).extend(moved)

    def parent_of(self, node: Any) -> Any:
        entry = self._parents.get(id(node))
        return entry[1] if entry is not None else None

    def add_missing_attributes(self, node: Any, attrs: dict) -> None:
        attributes = node.attributes
        for key, value in attrs.items():
            if key not in attributes:
                attributes[key] = value

    def replace_children_with_clones(self, target: Any, source: Any) -> None:
        """Through the protocol: the target's children (text too) are moved
        out with ``reparentChildren`` into a detached element, then a copy
        of the source's subtree is made with ``cloneNode`` + ``appendChild``
        / ``insertText``, level by level."""
        if self._text_parent is not None:
            self._flush_text()
        # Clone first (into a detached holder), then replace, as the spec
        # orders it: the selectedcontent may be inside the option, and
        # copying into it while walking the option's subtree would copy the
        # copies again without end.
        holder = self.create_element("div", HTML_NAMESPACE, {})
        stack = [(source, holder)]
        while stack:
            original, copy = stack.pop()
            for child in self._kids_or_empty(original):
                if child.__class__ is _Text:
                    copy.insertText(child.data)
                    self._kids(copy).append(_Text(child.data))
                    continue
                clone = child.cloneNode()
                self.append(copy, clone)
                if self._kids_or_empty(child):
                    stack.append((child, clone))
        if self._kids_or_empty(target):
            discard = self.create_element("div", HTML_NAMESPACE, {})
            self.move_children(target, discard)
        self.move_children(holder, target)
