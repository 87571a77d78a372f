"""The abstract, write-only TreeBuilder interface.

Tree construction (:mod:`specparser.treeconstruction`) is written once
against this interface; each tree type (ElementTree, lxml, BeautifulSoup,
html5lib-style builders supplied by a caller) is an adapter that subclasses
:class:`TreeBuilder`.  A new tree type needs a new adapter only.

Rules of the contract (each adapter in :mod:`specparser.builders` and the
html5lib-protocol adapter rely on them; ``tests/test_treebuilder_guide.py``
checks every one of them while the whole tree-construction suite runs):

* **Write-only, nearly.**  The parser keeps its own element records (local
  name, namespace, attributes, category bits) and never asks a builder for a
  name, a namespace or an attribute.  It asks :meth:`TreeBuilder.parent_of`
  (see there for exactly when) and, for ``<template for>`` only,
  :meth:`TreeBuilder.children_of` and :meth:`TreeBuilder.children_after`.
* **Nodes are opaque.**  Whatever ``start_document`` / ``start_fragment`` /
  ``create_element`` / ``create_comment`` / ``create_processing_instruction``
  / ``template_contents`` return is handed back unchanged in later calls;
  nodes are compared by identity only (never hashed or compared with
  ``==``).
* **Order of calls.**  ``start_document`` or ``start_fragment`` comes first,
  once (when the parser is made); then ``set_source``; then the tree
  calls; ``finish`` comes last, once.
* **The Document** (what ``start_document`` returned) receives only
  ``append_doctype``, and ``append`` / ``insert_before`` of comments,
  processing instructions and the root ``html`` element (made with
  ``create_element``, never ``append_new_element``).  It never gets text
  (an adapter may drop any text it is given for it).  In the fragment case
  the node ``start_fragment`` returned plays the ``html`` root element:
  it gets elements, text and, for a second ``<html>`` tag,
  :meth:`TreeBuilder.add_missing_attributes`.
* **Inserted nodes have no parent.**  ``append`` and ``insert_before`` are
  only given a ``child`` that is new or was just detached with
  :meth:`TreeBuilder.remove` (the adoption agency removes before it
  re-appends), and the ``reference`` / ``before`` node is a child of
  ``parent``.
* **Names.**  ``name`` is the element's local name as the DOM would have it
  after the spec's adjustments (``foreignObject``, ``definitionURL`` ...).
  ``namespace`` is one of the namespace URLs in :mod:`specparser.constants`.
* **Attributes** arrive as a ``dict`` in source order.  Keys are plain
  strings, except for attributes that "adjust foreign attributes" placed in
  a namespace: those keys are ``(prefix, local_name, namespace)`` tuples,
  e.g. ``("xlink", "href", "http://www.w3.org/1999/xlink")``.  The dict is
  the builder's to keep (the parser does not mutate it afterwards; an
  element the adoption agency recreates gets a copy).
* **Text.**  ``insert_text`` is never given an empty string, and may be
  called many times in a row for the same place; merging adjacent text is
  the adapter's job (ElementTree and lxml keep text in ``.text`` /
  ``.tail``; the parser never asks for text back).
* **Positions.**  ``pos`` is the offset of the token that created a node in
  the preprocessed input, or ``-1`` for nodes the parser created without a
  token (an implied ``<html>``, ``<head>``, ``<body>``, ``<tbody>`` ...).
  ``set_source`` gives the preprocessed text before the first ``pos``, so
  adapters that want line numbers (bs4's ``sourceline``, lxml's) can
  compute them lazily.

``docs/guides/treebuilder.md`` ("Writing your own TreeBuilder") has a
complete adapter for a tree of plain dicts that passes the whole suite.
"""

from __future__ import annotations

from typing import Any, Iterable

from ._mypyc import mypyc_attr

__all__ = ["AttrName", "Node", "TreeBuilder"]

Node = Any
AttrName = "str | tuple[str | None, str, str]"


# Compiled in the compiled build, so that tree construction calls the
# compiled adapters (etree, lxml) natively instead of through Python method
# calls; every adapter subclasses it, users' too.
@mypyc_attr(allow_interpreted_subclasses=True)
class TreeBuilder:
    """Base class of every tree adapter.  Every method must be overridden
    unless its docstring says it has a default."""

    # -- life cycle ------------------------------------------------------

    def set_source(self, text: str) -> None:
        """The preprocessed input, after ``start_document`` /
        ``start_fragment`` and before any node is made, and again with the
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
        """Create and return an element that is in no tree yet.  ``attrs``
        is the builder's to keep (see the module docstring for its keys).
        The parser inserts it with :meth:`append` / :meth:`insert_before`,
        or not at all (a ``<template for>`` that patches content); an
        ``html`` ``template`` element is followed by
        :meth:`template_contents`."""
        raise NotImplementedError

    def append_new_element(self, parent: Node, name: str, namespace: str, attrs: dict, pos: int) -> Node:
        """:meth:`create_element` then :meth:`append` to ``parent``, in one
        call (the common case of inserting an element); returns the new
        node.  ``parent`` is an element, a template's contents or the
        fragment node, never the Document.  Default: exactly those two
        calls.  An adapter may override it when its tree library creates a
        child in place faster (an adapter subclass that overrides only
        ``create_element`` or ``append`` must then get the default back, as
        the etree and lxml adapters' ``__init_subclass__`` do).

        The parser passes every argument, positionally; ``pos`` has no
        default here because in the compiled build a default turns every
        call from tree construction into a Python subclass's override
        into a generic call (mypyc's glue; ``tests/test_builder_calls.py``)."""
        node = self.create_element(name, namespace, attrs, pos)
        self.append(parent, node)
        return node

    def create_comment(self, data: str, pos: int = -1) -> Node:
        """Create and return a comment node (in no tree yet) holding
        ``data``, which may hold any character, ``--`` included."""
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
        """``"no-quirks"``, ``"quirks"`` or ``"limited-quirks"``, at most
        once, in the "initial" insertion mode (never for a fragment).
        Default: ignored."""

    def template_contents(self, template: Node) -> Node:
        """The DocumentFragment that holds a ``<template>``'s contents; nodes
        inserted "into the template contents" are appended to it (or
        inserted before one of its children).  Asked for every HTML
        ``template`` element right after it is created (before or after it
        is inserted), and again after a ``<template for>`` ends: return the
        same node each time.  Adapters whose tree has no template contents
        (ElementTree, lxml, minidom, bs4) return the template itself."""
        raise NotImplementedError

    def attach_shadow_root(self, host: Node, init: Any) -> Node | None:
        """Attach a declarative shadow root to ``host`` and return the node
        that receives its children, as :meth:`template_contents` does for a
        template; or None when this tree type holds no shadow roots (the
        default): the ``<template shadowrootmode>`` then stays an ordinary
        template, as when "attach a shadow root" throws.

        Only asked with ``parse(..., shadow_roots=True)``
        (https://html.spec.whatwg.org/#parsing-main-inhead, template start
        tag, step 10), once per host at most, for an HTML element whose
        name is a valid shadow host name, while it is on the stack of open
        elements.  ``init`` is a
        :class:`specparser.treeconstruction.shadow.ShadowRootInit`
        (``mode`` ``"open"`` / ``"closed"``, ``clonable``,
        ``serializable``, ``delegates_focus``,
        ``custom_element_registry_null``).  The template element itself
        (made with :meth:`create_element`) is never inserted.
        ``docs/guides/shadow-roots.md`` says how each adapter holds it."""
        return None

    # -- mutation --------------------------------------------------------

    def append(self, parent: Node, child: Node) -> None:
        """Append a node that has no parent as the last child of ``parent``."""
        raise NotImplementedError

    def insert_before(self, parent: Node, child: Node, reference: Node) -> None:
        """Insert a node that has no parent before ``reference``, a child of
        ``parent``."""
        raise NotImplementedError

    def insert_text(self, parent: Node, text: str, before: Node | None) -> None:
        """Insert character data at the end of ``parent`` or, when ``before``
        is given, just before that child; merge with an adjacent text node.
        The parser always passes ``before`` (``None``: at the end); no
        default, as for :meth:`append_new_element`'s ``pos``."""
        raise NotImplementedError

    def remove(self, node: Node) -> None:
        """Detach ``node`` from its parent, if it has one (the text around
        it stays where it was, and may now be adjacent)."""
        raise NotImplementedError

    def move_children(self, old_parent: Node, new_parent: Node) -> None:
        """Append every child of ``old_parent`` (text included), in order, to
        ``new_parent``.  The adoption agency's step: ``new_parent`` is an
        element just made with :meth:`create_element`, with no parent and
        no children (it is appended to ``old_parent`` next)."""
        raise NotImplementedError

    def parent_of(self, node: Node) -> Node | None:
        """The node's parent, or ``None``.  The parser asks it about:

        * the last ``table`` on the stack of open elements, for foster
          parenting (https://html.spec.whatwg.org/#appropriate-place-for-inserting-a-node);
        * the adoption agency's lastNode right after :meth:`remove` detached
          it (step 4.14 goes through "insert an element at the adjusted
          insertion location", whose step 2 asks): the answer must then be
          ``None``;
        * the ``body`` element, and marker processing instructions and
          their ancestors, for ``<template for>``: the climb goes on until
          ``None``, so it may reach the ``html`` element (answer the
          Document or ``None``: both are correct) and the Document
          (answer ``None``); once the parser made a marker, also the scope
          of a ``<template for>`` lookup (an open element or a template's
          contents) and the adoption agency's furthest block, and their
          ancestors (to compare their places in tree order).

        Never asked about text."""
        raise NotImplementedError

    def children_of(self, parent: Node) -> list:
        """The children of ``parent`` other than text, in order (a new
        list, or one the parser only reads).  The only other question the
        parser asks, and only for ``<template for>``
        (:mod:`specparser.treeconstruction.patching`: which of its marker
        processing instructions come first, and where a range ends);
        ``parent`` is an element or a template's contents.  Default: none;
        a builder that overrides neither it nor :meth:`remove_between`
        parses ``<template for>`` as an ordinary template (both or
        neither)."""
        raise NotImplementedError

    def children_after(self, parent: Node, child: Node) -> Iterable[Node]:
        """The children of ``parent`` other than text that follow ``child``
        (one of them), in order: where a ``<?start>`` range of
        ``<template for>`` looks for its ``<?end>``, and which of two
        children (ancestors of markers or of a lookup's scope, see
        :meth:`parent_of`) comes first; the parser may stop reading early.  Default: from :meth:`children_of`; an adapter whose
        nodes know their next sibling answers in time proportional to what
        is read."""
        children = self.children_of(parent)
        for index, node in enumerate(children):
            if node is child:
                return children[index + 1 :]
        return []

    def remove_between(self, parent: Node, start: Node, end: Node | None) -> None:
        """Remove every child of ``parent`` (text included) after ``start``
        and before ``end`` (to the last child when ``end`` is None): the
        placeholder of a ``<?start>`` ... ``<?end>`` range that a
        ``<template for>`` replaces.  Only for ``<template for>``, and only
        with :meth:`children_of` (see there); ``end``, when given, is a
        later child of ``parent``."""
        raise NotImplementedError

    def add_missing_attributes(self, node: Node, attrs: dict) -> None:
        """Add each attribute of ``attrs`` that ``node`` does not have yet
        (a second ``<html>`` or ``<body>`` start tag).  ``node`` is the
        ``body`` element or the first element on the stack: the ``html``
        element, or in the fragment case the node :meth:`start_fragment`
        returned.  ``attrs`` is the tag's own dict (plain string keys):
        copy what is kept."""
        raise NotImplementedError

    def replace_children_with_clones(self, target: Node, source: Node) -> None:
        """Replace every child of ``target`` with a deep clone of each child of
        ``source`` (text included), in order.

        This is "clone an option into a selectedcontent"
        (https://html.spec.whatwg.org/#clone-an-option-into-a-selectedcontent):
        when the parser pops the selected ``<option>`` of a ``<select>``, the
        option's children are copied into each of the select's
        ``<selectedcontent>`` elements (an empty ``source`` clears
        ``target``; the event parser first copies the option into a
        detached ``option`` element it creates, then from that copy).
        It is the only place the parser copies nodes.  Clones of template
        elements keep their template contents.  ``target`` may be a
        descendant of ``source``, or contain it: clone first, then
        replace.
        """
        raise NotImplementedError
