"""``html5lib.treebuilders.base``: the protocol html5lib-style tree builders
implement (bs4's ``HTML5TreeBuilder``, xhtml2pdf ...).

The classes have html5lib 1.1's names, attributes, signatures and default
method bodies, so subclasses written for html5lib work unchanged.  How the
parser drives them is :mod:`specparser.html5lib_compat._protocol`: the
tree construction algorithm is specparser's (the spec's), and it calls the
node-creation hooks (``documentClass``, ``elementClass``, ``commentClass``,
``fragmentClass``, ``createElement``, ``insertDoctype``) and the node
methods (``appendChild``, ``insertBefore``, ``insertText``, ``removeChild``,
``reparentChildren``, ``cloneNode``, ``attributes``).  The algorithm
helpers html5lib kept here (``elementInScope``,
``reconstructActiveFormattingElements``, ``insertElementTable``,
``getTableMisnestedNodePosition``, ``generateImpliedEndTags`` ...) are
provided for subclasses that call them, with html5lib's behaviour, but the
parser does not use them.
"""

from __future__ import annotations

from typing import Any

from ..constants import namespaces, scopingElements, tableInsertModeElements

__all__ = ["Marker", "Node", "ActiveFormattingElements", "TreeBuilder", "listElementsMap"]

# The scope markers are inserted when entering object elements, marquees,
# table cells and table captions (html5lib's comment).
Marker = None

listElementsMap = {
    None: (frozenset(scopingElements), False),
    "button": (frozenset(scopingElements | {(namespaces["html"], "button")}), False),
    "list": (frozenset(scopingElements | {(namespaces["html"], "ol"), (namespaces["html"], "ul")}), False),
    "table": (frozenset([(namespaces["html"], "html"), (namespaces["html"], "table")]), False),
    "select": (frozenset([(namespaces["html"], "optgroup"), (namespaces["html"], "option")]), True),
}


class Node:
    """Represents an item in the tree."""

    def __init__(self, name: Any) -> None:
        #: The tag name associated with the node.
        self.name = name
        #: The parent of the current node (or None for the document node).
        self.parent: Any = None
        #: The value of the current node (applies to text nodes and comments).
        self.value: Any = None
        #: name -> value pairs for the attributes of the node.
        self.attributes: Any = {}
        #: The child nodes: all elements, not necessarily other node types.
        self.childNodes: list = []
        #: Miscellaneous flags that can be set on the node.
        self._flags: list = []

    def __str__(self) -> str:
        attributes = " ".join('%s="%s"' % (name, value) for name, value in self.attributes.items())
        if attributes:
            return "<%s %s>" % (self.name, attributes)
        return "<%s>" % (self.name,)

    def __repr__(self) -> str:
        return "<%s>" % (self.name,)

    def appendChild(self, node: Any) -> None:
        """Insert ``node`` as the last child of this node."""
        raise NotImplementedError

    def insertText(self, data: str, insertBefore: Any = None) -> None:
        """Insert ``data`` as text in this node, before the child
        ``insertBefore`` or at the end."""
        raise NotImplementedError

    def insertBefore(self, node: Any, refNode: Any) -> None:
        """Insert ``node`` as a child of this node, before ``refNode``."""
        raise NotImplementedError

    def removeChild(self, node: Any) -> None:
        """Remove ``node`` from the children of this node."""
        raise NotImplementedError

    def reparentChildren(self, newParent: Any) -> None:
        """Move all the children of this node to ``newParent`` (trees that
        do not store text as nodes move the text too)."""
        for child in self.childNodes:
            newParent.appendChild(child)
        self.childNodes = []

    def cloneNode(self) -> Any:
        """A shallow copy: same name and attributes, no parent, no children."""
        raise NotImplementedError

    def hasContent(self) -> bool:
        """True if the node has children or text."""
        raise NotImplementedError


class ActiveFormattingElements(list):
    """html5lib's list of active formatting elements (with the Noah's Ark
    clause in ``append``)."""

    def append(self, node: Any) -> None:
        equal_count = 0
        if node != Marker:
            for element in self[::-1]:
                if element == Marker:
                    break
                if self.nodesEqual(element, node):
                    equal_count += 1
                if equal_count == 3:
                    self.remove(element)
                    break
        list.append(self, node)

    def nodesEqual(self, node1: Any, node2: Any) -> bool:
        if not node1.nameTuple == node2.nameTuple:
            return False
        if not node1.attributes == node2.attributes:
            return False
        return True


class TreeBuilder:
    """Base tree builder.

    * ``documentClass`` - the class (or method) for the document node
    * ``elementClass`` - for elements: ``elementClass(name, namespace)``
    * ``commentClass`` - for comments: ``commentClass(data)``
    * ``doctypeClass`` - for doctypes: ``doctypeClass(name, publicId, systemId)``
    * ``fragmentClass`` - for the fragment ``getFragment`` returns
    """

    documentClass: Any = None
    elementClass: Any = None
    commentClass: Any = None
    doctypeClass: Any = None
    fragmentClass: Any = None

    def __init__(self, namespaceHTMLElements: bool) -> None:
        if namespaceHTMLElements:
            self.defaultNamespace: str | None = "http://www.w3.org/1999/xhtml"
        else:
            self.defaultNamespace = None
        self.reset()

    def reset(self) -> None:
        self.openElements: list = []
        self.activeFormattingElements = ActiveFormattingElements()
        self.headPointer: Any = None
        self.formPointer: Any = None
        self.insertFromTable = False
        self.document = self.documentClass()

    def elementInScope(self, target: Any, variant: str | None = None) -> bool:
        # A node matches itself; a string matches any HTML node of that name.
        exact_node = hasattr(target, "nameTuple")
        if not exact_node:
            if isinstance(target, str):
                target = (namespaces["html"], target)
            assert isinstance(target, tuple)
        list_elements, invert = listElementsMap[variant]
        for node in reversed(self.openElements):
            if exact_node and node == target:
                return True
            elif not exact_node and node.nameTuple == target:
                return True
            elif invert ^ (node.nameTuple in list_elements):
                return False
        raise AssertionError("the html element is always in scope")

    def reconstructActiveFormattingElements(self) -> None:
        afe = self.activeFormattingElements
        if not afe:
            return
        i = len(afe) - 1
        entry = afe[i]
        if entry == Marker or entry in self.openElements:
            return
        while entry != Marker and entry not in self.openElements:
            if i == 0:
                i = -1
                break
            i -= 1
            entry = afe[i]
        while True:
            i += 1
            entry = afe[i]
            clone = entry.cloneNode()
            element = self.insertElement(
                {"type": "StartTag", "name": clone.name, "namespace": clone.namespace, "data": clone.attributes}
            )
            afe[i] = element
            if element == afe[-1]:
                break

    def clearActiveFormattingElements(self) -> None:
        entry = self.activeFormattingElements.pop()
        while self.activeFormattingElements and entry != Marker:
            entry = self.activeFormattingElements.pop()

    def elementInActiveFormattingElements(self, name: str) -> Any:
        """The element named ``name`` after the last marker, or False."""
        for item in self.activeFormattingElements[::-1]:
            if item == Marker:
                break
            elif item.name == name:
                return item
        return False

    def insertRoot(self, token: dict) -> None:
        element = self.createElement(token)
        self.openElements.append(element)
        self.document.appendChild(element)

    def insertDoctype(self, token: dict) -> None:
        doctype = self.doctypeClass(token["name"], token["publicId"], token["systemId"])
        self.document.appendChild(doctype)

    def insertComment(self, token: dict, parent: Any = None) -> None:
        if parent is None:
            parent = self.openElements[-1]
        parent.appendChild(self.commentClass(token["data"]))

    def createElement(self, token: dict) -> Any:
        """Create an element but don't insert it anywhere."""
        name = token["name"]
        namespace = token.get("namespace", self.defaultNamespace)
        element = self.elementClass(name, namespace)
        element.attributes = token["data"]
        return element

    def _getInsertFromTable(self) -> bool:
        return self._insertFromTable

    def _setInsertFromTable(self, value: bool) -> None:
        """Switch insertElement between the normal and the misnested-table
        (foster parenting) versions."""
        self._insertFromTable = value
        if value:
            self.insertElement = self.insertElementTable
        else:
            self.insertElement = self.insertElementNormal

    insertFromTable = property(_getInsertFromTable, _setInsertFromTable)

    def insertElementNormal(self, token: dict) -> Any:
        name = token["name"]
        assert isinstance(name, str), "Element %s not unicode" % name
        namespace = token.get("namespace", self.defaultNamespace)
        element = self.elementClass(name, namespace)
        element.attributes = token["data"]
        self.openElements[-1].appendChild(element)
        self.openElements.append(element)
        return element

    def insertElementTable(self, token: dict) -> Any:
        element = self.createElement(token)
        if self.openElements[-1].name not in tableInsertModeElements:
            return self.insertElementNormal(token)
        parent, insert_before = self.getTableMisnestedNodePosition()
        if insert_before is None:
            parent.appendChild(element)
        else:
            parent.insertBefore(element, insert_before)
        self.openElements.append(element)
        return element

    def insertText(self, data: str, parent: Any = None) -> None:
        if parent is None:
            parent = self.openElements[-1]
        if not self.insertFromTable or self.openElements[-1].name not in tableInsertModeElements:
            parent.insertText(data)
        else:
            parent, insert_before = self.getTableMisnestedNodePosition()
            parent.insertText(data, insert_before)

    def getTableMisnestedNodePosition(self) -> tuple[Any, Any]:
        """The foster parent element, and the sibling to insert before (or
        None), for a misnested table node."""
        last_table = None
        foster_parent = None
        insert_before = None
        for elm in self.openElements[::-1]:
            if elm.name == "table":
                last_table = elm
                break
        if last_table:
            if last_table.parent:
                foster_parent = last_table.parent
                insert_before = last_table
            else:
                foster_parent = self.openElements[self.openElements.index(last_table) - 1]
        else:
            foster_parent = self.openElements[0]
        return foster_parent, insert_before

    def generateImpliedEndTags(self, exclude: str | None = None) -> None:
        while True:
            name = self.openElements[-1].name
            if name in ("dd", "dt", "li", "option", "optgroup", "p", "rp", "rt") and name != exclude:
                self.openElements.pop()
                continue
            return

    def getDocument(self) -> Any:
        """Return the final tree."""
        return self.document

    def getFragment(self) -> Any:
        """Return the final fragment."""
        fragment = self.fragmentClass()
        self.openElements[0].reparentChildren(fragment)
        return fragment

    def testSerializer(self, node: Any) -> str:
        """Serialize the subtree of ``node`` in the html5lib-tests format."""
        raise NotImplementedError
