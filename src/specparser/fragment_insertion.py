"""Put a parsed fragment into an existing tree: :func:`insert_fragment`.

What :func:`specparser.parse_fragment` returns depends on the tree type, and
so does how each tree type keeps text: ElementTree and lxml keep it in an
element's ``text`` (before its first child) and each child's ``tail``
(after it), so their fragment is a list (the leading text, then the nodes
with their tails) that no ``append`` / ``extend`` takes whole; BeautifulSoup
and minidom keep text as nodes, so their fragment (a ``BeautifulSoup``, a
``DocumentFragment``) is a node whose children move.  This module does the
one job the same way for all of them, as the DOM's "insert" does with a
DocumentFragment (https://dom.spec.whatwg.org/#concept-node-insert): the
fragment's children go in order before the child at ``index``, after the
text already there, and the fragment is left empty.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, overload
from xml.etree import ElementTree as ET

if TYPE_CHECKING:
    from xml.dom.minidom import DocumentFragment, Node as DomNode
    from xml.etree.ElementTree import Element

    from bs4 import BeautifulSoup
    from bs4.element import Tag
    from lxml.etree import _Element
    from lxml.html import HtmlElement

__all__ = ["insert_fragment"]

_FUNCTION = "insert_fragment()"


@overload
def insert_fragment(parent: Element, fragment: list[Element | str], index: int | None = None) -> None: ...
@overload
def insert_fragment(parent: Tag, fragment: BeautifulSoup, index: int | None = None) -> None: ...
@overload
def insert_fragment(parent: DomNode, fragment: DocumentFragment, index: int | None = None) -> None: ...
@overload
def insert_fragment(
    parent: _Element, fragment: list[_Element | str] | list[HtmlElement | str], index: int | None = None
) -> None: ...
def insert_fragment(parent: Any, fragment: Any, index: int | None = None) -> None:
    """Insert the nodes of ``fragment`` (what :func:`specparser.parse_fragment`
    returned) into ``parent``, text included, before the child at
    ``index`` (``None``: after the last child).

    ``parent`` is an element of the fragment's tree type (for bs4 and
    minidom also a document or fragment).  ``index`` counts children as the
    tree type does in its own ``insert(index, ...)``: elements (and
    comments, processing instructions) for ElementTree and lxml, whose text
    is in ``text`` / ``tail``; every node, text included, for BeautifulSoup
    (``contents``) and minidom (``childNodes``).  A negative index counts
    from the end, as in a list; one out of range is an IndexError.  The
    fragment is empty afterwards: its nodes have moved.

    >>> import specparser
    >>> tree = specparser.parse("<p>Hello <b>you</b>!")
    >>> p = tree.find(".//p")
    >>> specparser.insert_fragment(p, specparser.parse_fragment("dear <i>old</i> "), 0)
    >>> specparser.serialize(p)
    '<p>Hello dear <i>old</i> <b>you</b>!</p>'
    """
    if index is not None and (isinstance(index, bool) or not isinstance(index, int)):
        raise TypeError(f"{_FUNCTION}: index must be an int or None, not {type(index).__name__}")
    if isinstance(parent, ET.Element):
        _insert_with_tails(parent, _items(fragment, ET.Element, "an ElementTree"), index)
        fragment.clear()
        return
    package = type(parent).__module__.partition(".")[0]
    if package == "lxml":
        from lxml import etree

        _insert_with_tails(parent, _items(fragment, etree._Element, "an lxml"), index)
        fragment.clear()
    elif package == "bs4":
        _insert_bs4(parent, fragment, index)
    elif package == "xml" and hasattr(parent, "childNodes"):
        _insert_dom(parent, fragment, index)
    else:
        raise TypeError(
            f"{_FUNCTION}: parent must be an element of a supported tree (ElementTree, lxml, "
            f"BeautifulSoup, xml.dom.minidom), not {type(parent).__name__}"
        )


def _items(fragment: Any, node_class: type, tree: str) -> list[Any]:
    """The fragment list's items, each checked: str, or a node of the
    parent's tree type."""
    if isinstance(fragment, ET.Element) and fragment.tag == "DOCUMENT_FRAGMENT" and node_class is ET.Element:
        # html5lib's (and html5lib_compat's) etree fragment.
        fragment = ([fragment.text] if fragment.text else []) + list(fragment)
    if not isinstance(fragment, list):
        raise TypeError(
            f"{_FUNCTION}: fragment must be the list parse_fragment() gives for {tree} parent "
            f"(text, then nodes), not {type(fragment).__name__}"
        )
    for item in fragment:
        if not isinstance(item, (str, node_class)):
            raise TypeError(f"{_FUNCTION}: fragment holds {type(item).__name__}, which is not {tree} node")
    return list(fragment)


def _position(index: int | None, length: int) -> int:
    if index is None:
        return length
    position = index + length if index < 0 else index
    if not 0 <= position <= length:
        raise IndexError(f"{_FUNCTION}: index {index} is out of range for a parent with {length} children")
    return position


def _insert_with_tails(parent: Any, items: list[Any], index: int | None) -> None:
    """ElementTree and lxml: text goes to the ``tail`` of the node before
    it, or to ``parent.text`` at the start.  (lxml moves an element with
    its tail, which is what the fragment's nodes need.)"""
    position = _position(index, len(parent))
    before = parent[position - 1] if position > 0 else None
    for item in items:
        if isinstance(item, str):
            if not item:
                continue
            if before is None:
                parent.text = (parent.text or "") + item
            else:
                before.tail = (before.tail or "") + item
        else:
            parent.insert(position, item)
            position += 1
            before = item


def _insert_bs4(parent: Any, fragment: Any, index: int | None) -> None:
    from bs4 import BeautifulSoup
    from bs4.element import Tag

    if not isinstance(parent, Tag):
        raise TypeError(f"{_FUNCTION}: parent must be a bs4 Tag or BeautifulSoup, not {type(parent).__name__}")
    if not isinstance(fragment, BeautifulSoup):
        raise TypeError(
            f"{_FUNCTION}: fragment must be the BeautifulSoup parse_fragment() gives for a bs4 parent, "
            f"not {type(fragment).__name__}"
        )
    position = _position(index, len(parent.contents))
    for child in list(fragment.contents):
        parent.insert(position, child.extract())
        position += 1


def _insert_dom(parent: Any, fragment: Any, index: int | None) -> None:
    from xml.dom import Node

    if fragment is None or getattr(fragment, "nodeType", None) != Node.DOCUMENT_FRAGMENT_NODE:
        raise TypeError(
            f"{_FUNCTION}: fragment must be the DocumentFragment parse_fragment() gives for a minidom "
            f"parent, not {type(fragment).__name__}"
        )
    children = parent.childNodes
    position = _position(index, len(children))
    reference = children[position] if position < len(children) else None
    moved = list(fragment.childNodes)
    parent.insertBefore(fragment, reference)
    # minidom does not adopt nodes into the parent's document; the DOM's
    # insert does (https://dom.spec.whatwg.org/#concept-node-adopt).
    document = parent if parent.nodeType == Node.DOCUMENT_NODE else parent.ownerDocument
    stack = moved
    while stack:
        node = stack.pop()
        node.ownerDocument = document
        stack.extend(node.childNodes)
        for attribute in (getattr(node, "_attrs", None) or {}).values():
            attribute.ownerDocument = document
