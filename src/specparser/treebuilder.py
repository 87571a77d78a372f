"""The abstract, write-only TreeBuilder interface.

Tree construction (:mod:`specparser.treeconstruction`) is written once
against this interface; each tree type (ElementTree, lxml, BeautifulSoup,
html5lib-style builders supplied by a caller) is an adapter that subclasses
:class:`TreeBuilder`.  A new tree type needs a new adapter only.

Rules of the contract:

* **Write-only.**  The parser keeps its own element records (local name,
  namespace, attributes, category bits) and never asks a builder for a name,
  a namespace or an attribute.  The only question it asks is
  :meth:`TreeBuilder.parent_of`, for foster parenting and the adoption
  agency.
* **Nodes are opaque.**  Whatever ``create_element`` / ``create_comment`` /
  ``create_processing_instruction`` return is handed back unchanged in later calls.
* **Names.**  ``name`` is the element's local name as the DOM would have it
  after the spec's adjustments (``foreignObject``, ``definitionURL`` ...).
  ``namespace`` is one of the namespace URLs in :mod:`specparser.constants`.
* **Attributes** arrive as a ``dict`` in source order.  Keys are plain
  strings, except for attributes that "adjust foreign attributes" placed in
  a namespace: those keys are ``(prefix, local_name, namespace)`` tuples,
  e.g. ``("xlink", "href", "http://www.w3.org/1999/xlink")``.  The dict is
  the builder's to keep (the parser does not mutate it afterwards).
* **Text.**  ``insert_text`` may be called many times in a row; merging
  adjacent text is the adapter's job (ElementTree and lxml keep text in
  ``.text`` / ``.tail``).
* **Positions.**  ``pos`` is the offset of the token that created a node in
  the preprocessed input, or ``-1`` for nodes the parser created without a
  token (an implied ``<html>``, ``<head>``, ``<body>``, ``<tbody>`` ...).
  ``set_source`` gives the preprocessed text first, so adapters that want
  line numbers (bs4's ``sourceline``) can compute them lazily.
"""

from __future__ import annotations

from typing import Any

Node = Any
AttrName = "str | tuple[str | None, str, str]"


class TreeBuilder:
    """Base class of every tree adapter.  Every method must be overridden
    unless its docstring says it has a default."""

    # -- life cycle ------------------------------------------------------

    def set_source(self, text: str) -> None:
        """The preprocessed input, before parsing starts, and again with the
        re-decoded input when a late ``<meta charset>`` switches the encoding
        on the fly (the text up to the switch is the same).  Default:
        ignored."""

    def start_document(self) -> Node:
        """Create and return the Document node."""
        raise NotImplementedError

    def start_fragment(self) -> Node:
        """Fragment parsing: create and return the node that receives the
        fragment's top-level nodes (the children of the spec's ``html`` root
        element).  :meth:`finish` then returns the fragment."""
        raise NotImplementedError

    def finish(self) -> Any:
        """Parsing is over ("the end"); return the result for the caller."""
        raise NotImplementedError

    # -- node creation ---------------------------------------------------

    def create_element(self, name: str, namespace: str, attrs: dict, pos: int = -1) -> Node:
        raise NotImplementedError

    def append_new_element(self, parent: Node, name: str, namespace: str, attrs: dict, pos: int = -1) -> Node:
        """:meth:`create_element` then :meth:`append` to ``parent``, in one
        call (the common case of inserting an element); returns the new
        node.  Default: exactly those two calls.  An adapter may override it
        when its tree library creates a child in place faster."""
        node = self.create_element(name, namespace, attrs, pos)
        self.append(parent, node)
        return node

    def create_comment(self, data: str, pos: int = -1) -> Node:
        raise NotImplementedError

    def create_processing_instruction(self, target: str, data: str, pos: int = -1) -> Node:
        """A ProcessingInstruction node (DOM ``nodeType`` 7), for a
        ``<?target data>`` the tokenizer read
        (https://html.spec.whatwg.org/#insert-a-processing-instruction,
        2026).  ``target`` keeps its case and is ASCII alphanumerics, ``-``
        and ``_``, starting with a letter or ``_``, never ``xml`` or
        ``xml-stylesheet`` in any case; ``data`` holds any character but
        ``>`` (a U+0000 included; it may end with ``?``).  Inserted
        exactly as comments are."""
        raise NotImplementedError

    def append_doctype(self, name: str, public_id: str, system_id: str) -> None:
        """Append a DocumentType node to the Document.  Missing identifiers
        arrive as empty strings, as the DOM has them."""
        raise NotImplementedError

    def set_quirks_mode(self, mode: str) -> None:
        """``"no-quirks"``, ``"quirks"`` or ``"limited-quirks"``.  Default:
        ignored."""

    def template_contents(self, template: Node) -> Node:
        """The DocumentFragment that holds a ``<template>``'s contents; nodes
        inserted "into the template contents" are appended to it."""
        raise NotImplementedError

    # -- mutation --------------------------------------------------------

    def append(self, parent: Node, child: Node) -> None:
        """Append a node that has no parent as the last child of ``parent``."""
        raise NotImplementedError

    def insert_before(self, parent: Node, child: Node, reference: Node) -> None:
        """Insert a node that has no parent before ``reference``, a child of
        ``parent``."""
        raise NotImplementedError

    def insert_text(self, parent: Node, text: str, before: Node | None = None) -> None:
        """Insert character data at the end of ``parent`` or, when ``before``
        is given, just before that child; merge with an adjacent text node."""
        raise NotImplementedError

    def remove(self, node: Node) -> None:
        """Detach ``node`` from its parent, if it has one."""
        raise NotImplementedError

    def move_children(self, old_parent: Node, new_parent: Node) -> None:
        """Append every child of ``old_parent`` (text included), in order, to
        ``new_parent``."""
        raise NotImplementedError

    def parent_of(self, node: Node) -> Node | None:
        """The node's parent, or ``None``."""
        raise NotImplementedError

    def children_of(self, parent: Node) -> list:
        """The children of ``parent`` other than text, in order.  The only
        other question the parser asks, and only for ``<template for>``
        (:mod:`specparser.treeconstruction.patching`: which of its marker
        processing instructions come first, and where a range ends).  A
        builder without it (and :meth:`remove_between`) parses ``<template
        for>`` as an ordinary template."""
        raise NotImplementedError

    def remove_between(self, parent: Node, start: Node, end: Node | None) -> None:
        """Remove every child of ``parent`` (text included) after ``start``
        and before ``end`` (to the last child when ``end`` is None): the
        placeholder of a ``<?start>`` ... ``<?end>`` range that a
        ``<template for>`` replaces."""
        raise NotImplementedError

    def add_missing_attributes(self, node: Node, attrs: dict) -> None:
        """Add each attribute of ``attrs`` that ``node`` does not have yet
        (a second ``<html>`` or ``<body>`` start tag)."""
        raise NotImplementedError

    def replace_children_with_clones(self, target: Node, source: Node) -> None:
        """Replace every child of ``target`` with a deep clone of each child of
        ``source`` (text included), in order.

        This is "clone an option into a selectedcontent"
        (https://html.spec.whatwg.org/#clone-an-option-into-a-selectedcontent):
        when the parser pops the selected ``<option>`` of a ``<select>`` that
        has a ``<selectedcontent>``, the option's subtree is copied into it.
        It is the only place the parser copies nodes.  Clones of template
        elements keep their template contents.
        """
        raise NotImplementedError
