"""The ElementTree result of :func:`specparser.parse`: an
:class:`xml.etree.ElementTree.ElementTree` whose root is the ``<html>``
element, and which also keeps what an ElementTree has no place for: the
DOCTYPE, the comments before and after ``<html>``, the quirks mode.

Why an ElementTree and not the bare ``<html>`` Element (html5lib's
choice): a parsed document is more than its root element.  Dropping the
DOCTYPE changes the document's mode when it is serialized and parsed again
(``<p><table>`` builds a different tree in quirks mode), so
:func:`specparser.serialize` must see it.  Everything ElementTree users
expect still works on the result: ``iter("a")``, ``findall(".//a")``,
``find("body")``, ``getroot()``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple
from xml.etree import ElementTree as ET

__all__ = ["Doctype", "HTMLElementTree"]

# The tags of specparser.builders.etree's document element and its DOCTYPE
# child (html5lib's etree shape).
_DOCUMENT_ROOT = "DOCUMENT_ROOT"
_DOCTYPE = "<!DOCTYPE>"

if TYPE_CHECKING:
    _ElementTreeBase = ET.ElementTree[ET.Element]
else:  # ElementTree is not subscriptable at run time before Python 3.13
    _ElementTreeBase = ET.ElementTree


class Doctype(NamedTuple):
    """A DocumentType node: its name and identifiers (``""`` when absent,
    as in the DOM)."""

    name: str
    public_id: str
    system_id: str


class HTMLElementTree(_ElementTreeBase):
    """A parsed HTML document as an ElementTree (see the module docstring).

    * ``getroot()``: the ``<html>`` element;
    * ``document``: the element specparser's etree builder calls
      ``DOCUMENT_ROOT``, whose children are the DOCTYPE (an element tagged
      ``<!DOCTYPE>``), the top-level comments and ``<html>``, in order
      (:func:`specparser.serialize` writes this);
    * ``doctype``: the :class:`Doctype`, or ``None``;
    * ``quirks_mode``: ``"no-quirks"``, ``"quirks"`` or ``"limited-quirks"``.
    """

    def __init__(self, document: ET.Element, quirks_mode: str = "no-quirks") -> None:
        if not isinstance(document, ET.Element) or document.tag != _DOCUMENT_ROOT:
            raise TypeError("HTMLElementTree needs the DOCUMENT_ROOT element of specparser's etree builder")
        root = None
        for child in document:
            if isinstance(child.tag, str) and child.tag != _DOCTYPE:
                root = child
                break
        super().__init__(root)
        self.document = document
        self.quirks_mode = quirks_mode

    @property
    def doctype(self) -> Doctype | None:
        for child in self.document:
            if child.tag == _DOCTYPE:
                return Doctype(child.text or "", child.get("publicId", ""), child.get("systemId", ""))
        return None

    def __repr__(self) -> str:
        root = self.getroot()
        return f"<HTMLElementTree root={root.tag!r} doctype={self.doctype!r}>"
