"""The xml.dom.minidom adapter: html5lib 1.1's ``dom`` tree shape.

* The document is ``getDOMImplementation().createDocument(None, None,
  None)``; ``finish`` returns that :class:`xml.dom.minidom.Document`, or a
  ``DocumentFragment`` for fragment parsing (html5lib's ``getFragment``).
* HTML elements are made with ``createElementNS(XHTML, name)``, or with
  ``createElement(name)`` (no namespace) when ``namespaceHTMLElements`` is
  false; SVG and MathML elements always carry their namespace.
* Attributes in a namespace (``xlink:href`` ...) are set with
  ``setAttributeNS(namespace, "prefix:local", value)``, the others with
  ``setAttribute``.  minidom keys attributes by (namespace, local name) as
  well as by name, and takes the local name of ``setAttribute("xml:lang")``
  to be ``lang``: with minidom, an attribute without a namespace whose name
  holds a colon is made with its whole name as its local name, so
  ``lang``, ``xml:lang`` and ``foo:lang`` on one HTML element all stay.
* The DOCTYPE is ``createDocumentType(name, public_id, system_id)`` with a
  missing identifier as ``None`` (the parser does not tell a missing
  identifier from an empty one; an empty one is taken as missing), and its
  ``name`` is the whole name (minidom keeps only what follows a colon).
* Adjacent text is one ``Text`` node (html5lib 1.1 sometimes leaves several
  in a row; :meth:`xml.dom.Node.normalize` on its trees gives ours).
* Template contents are the ``<template>`` element's own children, as in
  html5lib 1.1 (minidom has no template contents).
* A shadow root (``shadow_roots=True``) is the host's ``shadowRoot``
  attribute, a :class:`ShadowRoot` (a ``DocumentFragment`` with the DOM's
  ``mode``, ``delegatesFocus``, ``clonable``, ``serializable``,
  ``slotAssignment`` and ``host``); elements without one have no
  ``shadowRoot`` attribute (minidom's classes are not changed:
  ``getattr(element, "shadowRoot", None)``).

The matching walker is :mod:`specparser.walkers.dom`.
"""

from __future__ import annotations

from typing import Any
from xml.dom import minidom

from ..constants import HTML_NAMESPACE
from ..shadow_dom import ShadowRootInit
from ..treebuilder import TreeBuilder
from ._support import GatheredText, index_from_end as _index

__all__ = ["DomTreeBuilder", "ShadowRoot"]

_TEXT_NODE = minidom.Node.TEXT_NODE


class ShadowRoot(minidom.DocumentFragment):
    """A shadow root (https://dom.spec.whatwg.org/#interface-shadowroot) in a
    minidom tree: a DocumentFragment holding the shadow tree, set as its
    host's ``shadowRoot`` (for a closed root too: this is a data tool, not
    a page's script).  ``init`` is the
    :class:`specparser.shadow_dom.ShadowRootInit` it was made from;
    ``keepCustomElementRegistryNull`` is the
    ``shadowrootcustomelementregistry`` attribute."""

    def __init__(self, host: Any, init: ShadowRootInit) -> None:
        super().__init__()
        self.ownerDocument = host.ownerDocument
        self.host = host
        self.init = init
        self.mode = init.mode
        self.delegatesFocus = init.delegates_focus
        self.clonable = init.clonable
        self.serializable = init.serializable
        self.slotAssignment = init.slot_assignment
        self.keepCustomElementRegistryNull = init.custom_element_registry_null

    def __repr__(self) -> str:
        return f"<ShadowRoot ({self.mode}) of {self.host.nodeName}>"


class DomTreeBuilder(GatheredText, TreeBuilder):
    """Builds :mod:`xml.dom.minidom` trees; see the module docstring.

    ``implementation`` is a DOM module with ``getDOMImplementation()``
    (default :mod:`xml.dom.minidom`)."""

    def __init__(self, namespaceHTMLElements: bool = True, implementation: Any = None) -> None:
        self.namespace_html = bool(namespaceHTMLElements)
        self.implementation = minidom if implementation is None else implementation
        # minidom's appendChild / insertBefore / removeChild walk up to the
        # document on every call (to clear its getElementById cache), which
        # makes building a deep tree quadratic.  With minidom itself, nodes
        # are linked directly, as minidom's own expat builder does.
        self._link = self.implementation is minidom
        self.dom: Any = None
        self.fragment: Any = None
        self.quirks_mode = "no-quirks"
        # Text is gathered (GatheredText) and joined once, at the next
        # mutation, into one Text node (not many, nor repeated appendData).
        self._text_parent = None
        self._text_parts = []

    # -- life cycle ------------------------------------------------------

    def start_document(self) -> Any:
        self.dom = self.implementation.getDOMImplementation().createDocument(None, None, None)
        return self.dom

    def start_fragment(self) -> Any:
        # The fragment's nodes are children of the spec's ``html`` root
        # element while parsing (a ``<html>`` start tag may add attributes to
        # it, which a DocumentFragment cannot hold); ``finish`` moves them
        # into a DocumentFragment, as html5lib's getFragment does.
        self.dom = self.implementation.getDOMImplementation().createDocument(None, None, None)
        self.fragment = self.create_element("html", HTML_NAMESPACE, {})
        return self.fragment

    def finish(self) -> Any:
        if self._text_parent is not None:
            self._flush_text()
        if self.fragment is None:
            return self.dom
        result = self.dom.createDocumentFragment()
        self.move_children(self.fragment, result)
        return result

    def set_quirks_mode(self, mode: str) -> None:
        self.quirks_mode = mode

    # -- node creation ---------------------------------------------------

    def create_element(self, name: str, namespace: str, attrs: dict, pos: int = -1) -> Any:
        dom = self.dom
        if namespace == HTML_NAMESPACE and not self.namespace_html:
            element = dom.createElement(name)
        else:
            element = dom.createElementNS(namespace, name)
            if ":" in name:
                # createElementNS splits "xyz:abc" into a prefix and a local
                # name; the HTML parser's element is named "xyz:abc", with no
                # prefix (minidom lets the local name be set).
                try:
                    element.prefix = None
                    element._localName = name
                except AttributeError:  # pragma: no cover - another DOM
                    pass
        for key, value in attrs.items():
            if key.__class__ is tuple:
                prefix, local, uri = key
                element.setAttributeNS(uri, f"{prefix}:{local}" if prefix else local, value)
            elif self._link and ":" in key:
                _set_colon_attribute(element, key, value)
            else:
                element.setAttribute(key, value)
        return element

    def create_comment(self, data: str, pos: int = -1) -> Any:
        return self.dom.createComment(data)

    def create_processing_instruction(self, target: str, data: str, pos: int = -1) -> Any:
        return self.dom.createProcessingInstruction(target, data)

    def append_doctype(self, name: str, public_id: str, system_id: str) -> None:
        doctype = self.implementation.getDOMImplementation().createDocumentType(
            name, public_id or None, system_id or None
        )
        if name and doctype.name != name:
            # minidom keeps the local part of a "prefix:local" name only;
            # the HTML parser's DOCTYPE name is the whole of it.
            doctype.name = doctype.nodeName = name
        self.append(self.dom, doctype)
        # minidom leaves a DocumentType made by the implementation ownerless;
        # html5lib sets it, so walkers can reach the document from it.
        doctype.ownerDocument = self.dom
        # The DOM's document.doctype (html5lib 1.1 leaves it None).
        self.dom.doctype = doctype

    def template_contents(self, template: Any) -> Any:
        return template

    def attach_shadow_root(self, host: Any, init: Any) -> Any:
        if self._text_parent is not None:
            self._flush_text()
        root = ShadowRoot(host, init)
        host.shadowRoot = root
        return root

    # -- mutation --------------------------------------------------------

    def append(self, parent: Any, child: Any) -> None:
        if self._text_parent is not None:
            self._flush_text()
        if self._link and parent is not self.dom:
            _link_append(parent, child)
        else:
            parent.appendChild(child)

    def insert_before(self, parent: Any, child: Any, reference: Any) -> None:
        if self._text_parent is not None:
            self._flush_text()
        if self._link and parent is not self.dom:
            _link_before(parent, child, reference)
        else:
            parent.insertBefore(child, reference)

    # insert_text: GatheredText's, with these two.

    def _insert_text_before(self, parent: Any, text: str, before: Any) -> None:
        previous = before.previousSibling
        if previous is not None and previous.nodeType == _TEXT_NODE:
            previous.appendData(text)
        elif self._link:
            # Foster parenting inserts text before a table again and again:
            # minidom's insertBefore finds the table from the front.
            _link_before(parent, self.dom.createTextNode(text), before)
        else:
            parent.insertBefore(self.dom.createTextNode(text), before)

    def _append_text(self, parent: Any, text: str) -> None:
        if parent is self.dom:
            return  # a Document has no text children
        last = parent.lastChild
        if last is not None and last.nodeType == _TEXT_NODE:
            last.appendData(text)
        else:
            parent.appendChild(self.dom.createTextNode(text))

    def remove(self, node: Any) -> None:
        if self._text_parent is not None:
            self._flush_text()
        parent = node.parentNode
        if parent is None:
            return
        previous, following = node.previousSibling, node.nextSibling
        if self._link:
            _unlink(node)
        else:
            parent.removeChild(node)
        # Removing a node may leave two Text nodes side by side: join them
        # so the tree stays normalized.
        if (
            previous is not None
            and following is not None
            and previous.nodeType == _TEXT_NODE
            and following.nodeType == _TEXT_NODE
        ):
            previous.appendData(following.data)
            if self._link:
                _unlink(following)
            else:
                parent.removeChild(following)

    def move_children(self, old_parent: Any, new_parent: Any) -> None:
        if self._text_parent is not None:
            self._flush_text()
        child = old_parent.firstChild
        first = True
        while child is not None:
            following = child.nextSibling
            if self._link:
                _unlink(child)
            else:
                old_parent.removeChild(child)
            if first and child.nodeType == _TEXT_NODE:
                last = new_parent.lastChild
                if last is not None and last.nodeType == _TEXT_NODE:
                    last.appendData(child.data)
                    child = following
                    first = False
                    continue
            self.append(new_parent, child)
            first = False
            child = following

    def parent_of(self, node: Any) -> Any:
        return node.parentNode

    def children_of(self, parent: Any) -> list:
        if self._text_parent is not None:
            self._flush_text()
        return [child for child in parent.childNodes if child.nodeType != _TEXT_NODE]

    def children_after(self, parent: Any, child: Any) -> Any:
        if self._text_parent is not None:
            self._flush_text()
        node = child.nextSibling
        while node is not None:
            if node.nodeType != _TEXT_NODE:
                yield node
            node = node.nextSibling

    def remove_between(self, parent: Any, start: Any, end: Any) -> None:
        if self._text_parent is not None:
            self._flush_text()
        node = start.nextSibling
        while node is not None and node is not end:
            following = node.nextSibling
            if self._link:
                _unlink(node)
            else:
                parent.removeChild(node)
            node = following

    def add_missing_attributes(self, node: Any, attrs: dict) -> None:
        for key, value in attrs.items():
            if key.__class__ is tuple:
                prefix, local, uri = key
                if not node.hasAttributeNS(uri, local):
                    node.setAttributeNS(uri, f"{prefix}:{local}" if prefix else local, value)
            elif not node.hasAttribute(key):
                if self._link and ":" in key:
                    _set_colon_attribute(node, key, value)
                else:
                    node.setAttribute(key, value)

    def replace_children_with_clones(self, target: Any, source: Any) -> None:
        if self._text_parent is not None:
            self._flush_text()
        # Clone first, then replace, as the spec orders it: the
        # selectedcontent may be inside the option, and its copy in the
        # clones is taken before it changes.
        clones = []
        child = source.firstChild
        while child is not None:
            # cloneNode(True) recurses once per level; a deep subtree under
            # an <option> is rare, but copy level by level all the same.
            clones.append(_deep_clone(child) if self._link else child.cloneNode(True))
            child = child.nextSibling
        while target.firstChild is not None:
            target.removeChild(target.firstChild)
        for clone in clones:
            target.appendChild(clone)


def _set_colon_attribute(element: Any, name: str, value: str) -> None:
    """``element.setAttribute(name, value)`` for a name with a colon and no
    namespace, keyed by its whole name: minidom's own setAttribute keys it
    by what follows the colon too, where ``lang`` or ``xlink:lang`` may
    already be (and replaces it)."""
    attr = minidom.Attr(name, None, name, None)
    attr.value = value
    attr.ownerDocument = element.ownerDocument
    element.setAttributeNode(attr)


def _shallow_clone(node: Any) -> Any:
    """``node.cloneNode(False)``, keeping an element's whole name and its
    attributes as :meth:`DomTreeBuilder.create_element` made them (minidom's
    cloneNode splits "a:b" names again, and its attribute copies collide
    as ``setAttribute`` does)."""
    if node.nodeType != minidom.Node.ELEMENT_NODE:
        return node.cloneNode(False)
    document = node.ownerDocument
    namespace = node.namespaceURI
    name = node.nodeName
    if namespace is None:
        copy = document.createElement(name)
    else:
        copy = document.createElementNS(namespace, name)
        if copy.localName != node.localName:
            copy.prefix = None
            copy._localName = node.localName
    for attr in node.attributes.values():
        if attr.namespaceURI:
            copy.setAttributeNS(attr.namespaceURI, attr.name, attr.value)
        elif ":" in attr.name:
            _set_colon_attribute(copy, attr.name, attr.value)
        else:
            copy.setAttribute(attr.name, attr.value)
    return copy


def _link_append(parent: Any, child: Any) -> None:
    """minidom's appendChild without the walk up to the document (see
    ``DomTreeBuilder._link``)."""
    if child.parentNode is not None:
        _unlink(child)
    kids = parent.childNodes
    if kids:
        last = kids[-1]
        last.nextSibling = child
        child.previousSibling = last
    else:
        child.previousSibling = None
    kids.append(child)
    child.nextSibling = None
    child.parentNode = parent


def _link_before(parent: Any, child: Any, reference: Any) -> None:
    """minidom's insertBefore, likewise."""
    if child.parentNode is not None:
        _unlink(child)
    kids = parent.childNodes
    index = _index(kids, reference)
    previous = kids[index - 1] if index else None
    kids.insert(index, child)
    child.previousSibling = previous
    if previous is not None:
        previous.nextSibling = child
    child.nextSibling = reference
    reference.previousSibling = child
    child.parentNode = parent


def _unlink(node: Any) -> None:
    """minidom's removeChild, likewise."""
    kids = node.parentNode.childNodes
    del kids[_index(kids, node)]
    previous, following = node.previousSibling, node.nextSibling
    if previous is not None:
        previous.nextSibling = following
    if following is not None:
        following.previousSibling = previous
    node.previousSibling = node.nextSibling = node.parentNode = None


def _deep_clone(node: Any) -> Any:
    """A deep copy of ``node`` without recursion (minidom only), with the
    clonable shadow roots of its elements ("clone a node", step 7:
    https://dom.spec.whatwg.org/#concept-node-clone)."""
    root = _shallow_clone(node)
    stack = [(node, root)]
    while stack:
        original, copy = stack.pop()
        shadow = getattr(original, "shadowRoot", None)
        if shadow is not None and shadow.clonable:
            copy.shadowRoot = ShadowRoot(copy, shadow.init)
            stack.append((shadow, copy.shadowRoot))
        child = original.firstChild
        while child is not None:
            child_copy = _shallow_clone(child)
            copy.appendChild(child_copy)
            if child.firstChild is not None or getattr(child, "shadowRoot", None) is not None:
                stack.append((child, child_copy))
            child = child.nextSibling
    return root
