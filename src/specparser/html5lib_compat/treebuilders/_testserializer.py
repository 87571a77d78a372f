"""``TreeBuilder.testSerializer``: a tree in html5lib's own test format, as
html5lib 1.1's etree, dom and lxml builders write it, for code (html5lib's
test suite first) that compares their output::

    #document
    |  <!DOCTYPE html>
    |  <html html>
    |    <html head>
    |    <html body>
    |      <svg svg>
    |        xlink href="a"
    |      "text"

This is not the html5lib-tests dump (:mod:`specparser.testformat`): the
first line names the node (``#document``, ``#document-fragment``, or, for
an etree fragment or element, the element itself at indent 0), every line
after ``|`` has one more space, an element in a namespace is shown with its
prefix (``html p``; plain ``p`` when ``namespaceHTMLElements`` is false),
and the etree builder writes a DOCTYPE without the ``|`` and indent (as
html5lib 1.1 does).  Beyond html5lib 1.1, which predates them: a
``template``'s children are its template contents, shown under a
``content`` line as html5lib-tests shows them, and a processing instruction
is ``<?target data?>`` as WPT's tree-construction data shows it.
"""

from __future__ import annotations

from typing import Any, Iterable

from ...constants import HTML_NAMESPACE, MATHML_NAMESPACE, SVG_NAMESPACE
from ...testformat import format_events

__all__ = ["etree_test_serializer", "dom_test_serializer", "lxml_test_serializer"]

# None: an HTML element built with namespaceHTMLElements=False.
_ELEMENT_PREFIXES = {HTML_NAMESPACE: "html ", SVG_NAMESPACE: "svg ", MATHML_NAMESPACE: "math ", None: ""}


def _format(events: Iterable[tuple[Any, ...]], lines: list[str], indent: int, bare_doctype: bool) -> None:
    """Append the lines for ``events``, top-level nodes at ``indent``
    spaces after ``|``.  ``bare_doctype``: the DOCTYPE line has neither
    ``|`` nor indent (html5lib's etree builder)."""
    format_events(events, lines, lead="|", depth=indent // 2, prefixes=_ELEMENT_PREFIXES, bare_doctype=bare_doctype)


def etree_test_serializer(node: Any) -> str:
    """html5lib 1.1's etree ``testSerializer``: ``#document`` for a
    ``DOCUMENT_ROOT`` (or an ElementTree), otherwise the element itself at
    indent 0 (a fragment is its ``DOCUMENT_FRAGMENT`` element)."""
    from xml.etree import ElementTree

    from ...walkers.etree import walk

    if isinstance(node, ElementTree.ElementTree):
        node = node.getroot()
    lines: list[str] = []
    if getattr(node, "tag", None) == "DOCUMENT_ROOT":
        lines.append("#document")
        _format(walk(node, plain_namespace=None), lines, 2, bare_doctype=True)
    elif getattr(node, "tag", None) == "DOCUMENT_FRAGMENT":
        lines.append("|<DOCUMENT_FRAGMENT>")
        _format(walk(node, plain_namespace=None), lines, 2, bare_doctype=True)
    else:
        _format(walk(node, plain_namespace=None), lines, 0, bare_doctype=True)
    return "\n".join(lines)


def dom_test_serializer(node: Any) -> str:
    """html5lib 1.1's dom ``testSerializer``: ``#document`` /
    ``#document-fragment`` then the children, or a node itself at
    indent 0."""
    from xml.dom import Node

    from ...walkers.dom import walk

    lines: list[str] = []
    kind = getattr(node, "nodeType", None)
    if kind in (Node.DOCUMENT_NODE, Node.DOCUMENT_FRAGMENT_NODE):
        lines.append("#document" if kind == Node.DOCUMENT_NODE else "#document-fragment")
        _format(walk(node), lines, 2, bare_doctype=False)
    else:
        _format(walk(node), lines, 0, bare_doctype=False)
    return "\n".join(lines)


def lxml_test_serializer(node: Any) -> str:
    """html5lib 1.1's lxml ``testSerializer``: ``#document`` for an
    ``_ElementTree``, ``#document-fragment`` for the list a fragment parse
    returns, otherwise the element (or text) itself at indent 0.  Names
    the builder coerced for lxml are shown as the parser made them."""
    from lxml import etree

    from ...walkers.lxml import walk

    lines: list[str] = []
    if isinstance(node, etree._ElementTree):
        lines.append("#document")
        _format(walk(node, plain_namespace=None), lines, 2, bare_doctype=False)
    elif isinstance(node, (list, tuple)):
        lines.append("#document-fragment")
        _format(walk(node, plain_namespace=None), lines, 2, bare_doctype=False)
    elif isinstance(node, (str, bytes)):
        lines.append('|"%s"' % (node.decode() if isinstance(node, bytes) else node))
    else:
        _format(walk(node, plain_namespace=None), lines, 0, bare_doctype=False)
    return "\n".join(lines)
