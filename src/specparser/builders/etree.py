"""The ElementTree adapter: html5lib 1.1's ``etree`` tree shape.

* Elements are :class:`xml.etree.ElementTree.Element`.  HTML elements are
  ``{http://www.w3.org/1999/xhtml}p`` by default and plain ``p`` with
  ``namespaceHTMLElements=False``; SVG and MathML elements always carry their
  namespace (``{http://www.w3.org/2000/svg}svg``).
* Namespaced attributes (``xlink:href`` ...) are ``{namespace}local`` keys.
* Text lives in ``.text`` / ``.tail``; comments are ``ElementTree.Comment``
  elements, processing instructions ``ElementTree.ProcessingInstruction``
  elements whose ``text`` is ``"target data"`` (``"target"`` when the data
  is empty), as ElementTree makes them.
* The document is an element ``DOCUMENT_ROOT`` holding a ``<!DOCTYPE>``
  element (``text`` = name, ``publicId`` / ``systemId`` attributes when not
  empty), top-level comments and the root element.  ``finish`` returns the
  ``<html>`` element unless the builder was made with ``fullTree=True``, in
  which case it returns ``DOCUMENT_ROOT``.  A fragment is an element
  ``DOCUMENT_FRAGMENT``.
* **Template contents** are the ``<template>`` element's own children, as in
  html5lib 1.1, so ``ElementTree.tostring`` and ``iter()`` see them.  The
  parser never appends anything else to a template element (the adoption
  agency cannot reach one: a template pushes a formatting marker), so
  :func:`specparser.walkers.etree.walk` reports all children of an HTML
  ``template`` as its template contents.
* **Shadow roots** (``shadow_roots=True``): the host's first child, a
  ``template`` element marked with the attribute ``shadowRoot``
  (:mod:`specparser.shadow_dom`); it has no parent for the parser.
"""

from __future__ import annotations

import weakref

from typing import Any, Final
from xml.etree import ElementTree as ET

from .._mypyc import mypyc_attr
from ..constants import HTML_NAMESPACE
from ..shadow_dom import drop_unclonable_holders, holder_attributes, insert_holder, is_holder
from ..treebuilder import TreeBuilder
from ._support import index_from_end as _index
from ._text_runs import NO_TEXT, TextRuns

__all__ = ["DOCTYPE", "DOCUMENT_FRAGMENT", "DOCUMENT_ROOT", "ElementTreeBuilder"]

# (Final: the compiled build reads them as constants, not from the
# module's dict.)
_Element: Final = ET.Element
_Comment: Final = ET.Comment
_ProcessingInstruction: Final = ET.ProcessingInstruction
_SubElement: Final = ET.SubElement

DOCUMENT_ROOT: Final = "DOCUMENT_ROOT"
DOCUMENT_FRAGMENT: Final = "DOCUMENT_FRAGMENT"
DOCTYPE: Final = "<!DOCTYPE>"


@mypyc_attr(allow_interpreted_subclasses=True)  # subclassed by users
class ElementTreeBuilder(TextRuns):
    """Builds :mod:`xml.etree.ElementTree` trees in html5lib's shape."""

    # Whether a shadow root was attached (attach_shadow_root).
    _holds_shadow_roots = False

    def __init_subclass__(cls, **keywords: Any) -> None:
        # A subclass that overrides create_element or append expects every
        # element to go through them: give it the plain append_new_element.
        super().__init_subclass__(**keywords)
        own = vars(cls)
        if "append_new_element" not in own and ("create_element" in own or "append" in own):
            cls.append_new_element = TreeBuilder.append_new_element  # type: ignore[method-assign]

    def __init__(self, namespaceHTMLElements: bool = True, fullTree: bool = False) -> None:
        self.namespace_html = bool(namespaceHTMLElements)
        self.full_tree = bool(fullTree)
        self.document: Any = None
        self.fragment: Any = None
        self.quirks_mode = "no-quirks"
        # ElementTree has no parent pointers; the parser asks for parents
        # (foster parenting) and ``remove`` needs them.
        self._parent: dict[Any, Any] | _WeakParentMap = {}
        # The text buffering (TextRuns): the place of the last text written
        # and the pieces for it not written yet.
        self._text_parent: Any = None
        self._text_before: Any = None
        self._text_parts: list[str] | None = None
        # The node most recently appended and its parent (TextRuns).
        self._last_parent: Any = None
        self._last_child: Any = None
        self._html_tags: dict[str, str] = {}

    def hold_nodes_weakly(self) -> None:
        """Keep no element alive that the tree no longer holds: the event
        interfaces (:mod:`specparser.events`) let a caller drop elements it
        has read, and the parent map must not keep them (a dict keyed
        weakly: slower, so only then)."""
        self._parent = _WeakParentMap(self._parent)

    # -- life cycle ------------------------------------------------------

    def start_document(self) -> Any:
        self.document = _Element(DOCUMENT_ROOT)
        return self.document

    def start_fragment(self) -> Any:
        self.fragment = _Element(DOCUMENT_FRAGMENT)
        return self.fragment

    def finish(self) -> Any:
        if self._text_parts is not None:
            self._flush_text()
        self._text_parent = None
        if self.fragment is not None:
            return self.fragment
        if self.full_tree:
            return self.document
        for child in self.document:
            if isinstance(child.tag, str) and child.tag != DOCTYPE:
                return child
        return None

    def set_quirks_mode(self, mode: str) -> None:
        self.quirks_mode = mode

    # -- node creation ---------------------------------------------------

    def create_element(self, name: str, namespace: str, attrs: dict, pos: int = -1) -> Any:
        if namespace == HTML_NAMESPACE:
            tag = self._html_tags.get(name)
            if tag is None:
                tag = self._html_tags[name] = "{%s}%s" % (namespace, name) if self.namespace_html else name
            # HTML elements never have namespaced attributes.
            return _Element(tag, attrs) if attrs else _Element(tag)
        tag = "{%s}%s" % (namespace, name)
        if attrs:
            plain = {}
            for key, value in attrs.items():
                if key.__class__ is tuple:
                    key = "{%s}%s" % (key[2], key[1])
                plain[key] = value
            return _Element(tag, plain)
        return _Element(tag)

    def append_new_element(self, parent: Any, name: str, namespace: str, attrs: dict, pos: int) -> Any:
        """create_element + append in one call (the parser's common case):
        ``SubElement`` makes and appends the element in C."""
        if namespace != HTML_NAMESPACE:
            element = self.create_element(name, namespace, attrs, pos)
            self.append(parent, element)
            return element
        tag = self._html_tags.get(name)
        if tag is None:
            tag = self._html_tags[name] = "{%s}%s" % (namespace, name) if self.namespace_html else name
        if self._text_parts is not None:
            self._flush_text()
        self._text_parent = None
        # HTML elements never have namespaced attributes.
        element = _SubElement(parent, tag, attrs) if attrs else _SubElement(parent, tag)
        self._parent[element] = parent
        self._last_parent = parent
        self._last_child = element
        return element

    def create_comment(self, data: str, pos: int = -1) -> Any:
        return _Comment(data)

    def create_processing_instruction(self, target: str, data: str, pos: int = -1) -> Any:
        # ElementTree keeps a PI as one string, "target data" (just "target"
        # for empty data); the tokenizer never begins data with whitespace,
        # so the walker splits it back at the first space exactly.
        return _ProcessingInstruction(target, data)

    def append_doctype(self, name: str, public_id: str, system_id: str) -> None:
        doctype = _Element(DOCTYPE)
        doctype.text = name
        if public_id:
            doctype.set("publicId", public_id)
        if system_id:
            doctype.set("systemId", system_id)
        self.append(self.document, doctype)

    def template_contents(self, template: Any) -> Any:
        return template

    def attach_shadow_root(self, host: Any, init: Any) -> Any:
        # The holder template goes first, before any text the host has.
        self._children_changed()
        holder = self.create_element("template", HTML_NAMESPACE, holder_attributes(init))
        insert_holder(host, holder)
        self._holds_shadow_roots = True
        # Not in _parent: a shadow root has no parent (parent_of answers
        # None, so no climb from inside it reaches the host's tree).
        return holder

    # -- mutation --------------------------------------------------------

    def append(self, parent: Any, child: Any) -> None:
        if self._text_parts is not None:
            self._flush_text()
        self._text_parent = None
        parent.append(child)
        self._parent[child] = parent
        if len(child) or parent is self.document:
            # Not the TextRuns shortcut's case: text goes after the child's
            # children, or nowhere.
            self._last_parent = self._last_child = None
        else:
            self._last_parent = parent
            self._last_child = child

    def insert_before(self, parent: Any, child: Any, reference: Any) -> None:
        if self._text_parts is not None:
            self._flush_text()
        self._text_parent = None
        self._last_parent = self._last_child = None
        parent.insert(_index(parent, reference), child)
        self._parent[child] = parent

    # insert_text: TextRuns', with this.

    def _text_previous_of(self, parent: Any, before: Any) -> Any:
        if before is None:
            if parent is self.document:
                return NO_TEXT  # a Document has no text children
            return parent[-1] if len(parent) else None
        index = _index(parent, before)
        return parent[index - 1] if index else None

    def remove(self, node: Any) -> None:
        self._children_changed()
        parent = self._parent.pop(node, None)
        if parent is None:
            return
        index = _index(parent, node)
        tail = node.tail
        if tail:
            # The text after the node stays where it was.
            self._write_text(parent, tail, node)
            node.tail = None
        del parent[index]

    def move_children(self, old_parent: Any, new_parent: Any) -> None:
        self._children_changed()
        if old_parent.text:
            self._write_text(new_parent, old_parent.text)
            old_parent.text = None
        first = 0
        if self._holds_shadow_roots and len(old_parent) and is_holder(old_parent[0]):
            # A shadow root is no child: it stays with its host, and the
            # host's first text (the holder's tail) moves.
            first = 1
            holder = old_parent[0]
            if holder.tail:
                self._write_text(new_parent, holder.tail)
                holder.tail = None
        children = list(old_parent)[first:]
        del old_parent[first:]
        parents = self._parent
        for child in children:
            new_parent.append(child)
            parents[child] = new_parent

    def parent_of(self, node: Any) -> Any:
        return self._parent.get(node)

    def children_of(self, parent: Any) -> list:
        return list(parent)

    def children_after(self, parent: Any, child: Any) -> Any:
        return (parent[index] for index in range(_index(parent, child) + 1, len(parent)))

    def remove_between(self, parent: Any, start: Any, end: Any) -> None:
        self._children_changed()
        first = _index(parent, start) + 1
        last = _index(parent, end) if end is not None else len(parent)
        parents = self._parent
        for child in parent[first:last]:
            parents.pop(child, None)
        # The text right after start is its tail; each removed node takes
        # its own tail (the text before the next one) along.
        start.tail = None
        del parent[first:last]

    def add_missing_attributes(self, node: Any, attrs: dict) -> None:
        for key, value in attrs.items():
            if key.__class__ is tuple:
                key = "{%s}%s" % (key[2], key[1])
            if key not in node.attrib:
                node.set(key, value)

    def replace_children_with_clones(self, target: Any, source: Any) -> None:
        self._children_changed()
        # Clone first, then replace, as the spec orders it: the
        # selectedcontent may be inside the option, and its copy in the
        # clones is taken before it changes.
        text = source.text
        clones = [_deep_clone(child) for child in source]
        if self._holds_shadow_roots:
            for clone in clones:
                drop_unclonable_holders(clone)
        parents = self._parent
        for child in target:
            parents.pop(child, None)
        del target[:]
        target.text = text
        for clone in clones:
            target.append(clone)
            parents[clone] = target


def _deep_clone(node: Any) -> Any:
    """Copy ``node`` and its subtree (and its tail), without recursion."""
    def shallow(el: Any) -> Any:
        copy = _Element(el.tag, dict(el.attrib)) if el.attrib else _Element(el.tag)
        copy.text = el.text
        copy.tail = el.tail
        return copy

    root = shallow(node)
    stack = [(node, root)]
    while stack:
        original, copy = stack.pop()
        for child in original:
            child_copy = shallow(child)
            copy.append(child_copy)
            if len(child):
                stack.append((child, child_copy))
    return root


class _WeakParentMap:
    """``child -> parent`` holding neither: a weak key alone would not do,
    since a child's entry would keep its parent, which holds the child."""

    __slots__ = ("_refs",)

    def __init__(self, items: dict[Any, Any] | _WeakParentMap) -> None:
        if isinstance(items, _WeakParentMap):  # weak already
            self._refs: weakref.WeakKeyDictionary[Any, weakref.ref[Any]] = items._refs
            return
        self._refs = weakref.WeakKeyDictionary()
        for child, parent in items.items():
            self[child] = parent

    def __setitem__(self, child: Any, parent: Any) -> None:
        self._refs[child] = weakref.ref(parent)

    def get(self, child: Any, default: Any = None) -> Any:
        ref = self._refs.get(child)
        parent = None if ref is None else ref()
        return default if parent is None else parent

    def pop(self, child: Any, default: Any = None) -> Any:
        ref = self._refs.pop(child, None)
        parent = None if ref is None else ref()
        return default if parent is None else parent
