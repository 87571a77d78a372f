"""Walk an lxml tree as the events of :mod:`specparser.walkers`.

Accepts what :mod:`specparser.builders.lxml` returns (an ``_ElementTree``,
or the list a fragment parse returns), any lxml element (its subtree, not
its tail), and trees from html5lib's lxml builder or lxml's own parsers.

The infoset coercions of the builder are undone (:mod:`specparser.infoset`):
element and attribute names and the DOCTYPE come back exactly as the parser
made them (``fooU00003Cbar`` is reported as ``foo<bar``), and so do
comments with ``--`` or a final ``-``, and processing instructions (target
and ``?>`` in the data).  Dropped ``xmlns`` attributes and
replaced characters (form feeds, controls) cannot come back.  Pass
``restore=False`` to see the names and comments as lxml holds them (for a
tree that did not come from specparser and happens to contain ``U`` and six
hexadecimal digits in a name, or ``- -`` in a comment).

Comments and processing instructions that precede the DOCTYPE are
reported before it, as the tree holds them (lxml has no handle on the DTD
node: see :func:`_count_before_the_doctype`).

Tags ``{namespace}local`` are split into name and namespace; a plain tag is
an HTML element (``namespaceHTMLElements=False``), reported in the HTML
namespace unless ``plain_namespace`` says otherwise (html5lib's walkers
report ``None``).  With ``entities=True``, the entity reference nodes an
XML parser leaves (``resolve_entities=False``) are reported as ``(ENTITY,
name)`` events; otherwise they are skipped.  Attribute keys in the
xlink, xml or xmlns namespaces become ``(prefix, local, namespace)``
tuples.  All children of an HTML ``template`` are reported as its template
contents (see :mod:`specparser.builders.lxml`).  The walk never recurses.
"""

from __future__ import annotations

from typing import Any, Iterator

try:
    from lxml import etree
except ImportError as exc:  # pragma: no cover - exercised in a subprocess test
    raise ImportError(
        "specparser's lxml tree walker needs lxml, which is not installed: "
        "pip install specparser-html[lxml]"
    ) from exc

from ..constants import ATTRIBUTE_PREFIXES as _ATTRIBUTE_PREFIXES, HTML_NAMESPACE
from ..infoset import restore_comment, restore_identifier, restore_name, restore_pi_data
from . import COMMENT, DOCTYPE, END, ENTITY, PI, TEXT
from ..shadow_dom import is_holder
from ._loop import ELEMENT, walk_elements

__all__ = ["walk"]

_COMMENT = etree.Comment
_PI = etree.PI
_ENTITY = etree.Entity
_ELEMENT_TREE = etree._ElementTree
_ELEMENT = etree._Element


def _keep(value: str) -> str:
    return value


# Above this many attributes, read them with XPath (see _attribute_items).
_MANY_ATTRIBUTES = 32


def _attribute_items(element: Any, attrib: Any) -> Any:
    """``attrib.items()`` in O(n): lxml's ``items()`` looks each value up
    again by name in libxml2's list of attributes, O(n) per attribute.
    XPath's ``@*`` reads each attribute node once, but costs a few
    microseconds per call, so it is taken only for long lists."""
    if len(attrib) <= _MANY_ATTRIBUTES:
        return attrib.items()
    return [(node.attrname, str(node)) for node in element.xpath("@*")]


class _Names:
    """What one walk reads the same way each time: tag -> (name, namespace,
    END event, template?) and attribute key -> event key, and how names,
    comments and processing instructions are restored; :meth:`describe`
    and :meth:`attributes` are the walk loop's
    (:func:`specparser.walkers._loop.walk_elements`)."""

    __slots__ = ("restore", "comment", "tags", "keys", "plain_namespace", "entities")

    def __init__(self, restore: bool, plain_namespace: str | None = HTML_NAMESPACE, entities: bool = False) -> None:
        self.restore = restore_name if restore else _keep
        self.comment = restore_comment if restore else _keep
        self.tags: dict[Any, tuple[str, Any, tuple, bool]] = {}
        self.keys: dict[str, Any] = {}
        self.plain_namespace = plain_namespace
        self.entities = entities

    def describe(self, el: Any) -> Any:
        tag = el.tag
        if tag.__class__ is str:
            namespace: str | None
            if tag[:1] == "{":
                close = tag.find("}")
                name, namespace = self.restore(tag[close + 1 :]), tag[1:close]
            else:
                name, namespace = self.restore(tag), self.plain_namespace
            template = name == "template" and (namespace == HTML_NAMESPACE or tag == "template")
            self.tags[tag] = (name, namespace, (END, name, namespace), template)
            return ELEMENT
        if tag is _COMMENT:
            return (COMMENT, self.comment(el.text or ""))
        if tag is _PI:
            if self.restore is restore_name:
                return (PI, restore_name(el.target), restore_pi_data(el.text or ""))
            return (PI, el.target, el.text or "")
        if tag is _ENTITY and self.entities:
            return (ENTITY, el.name)
        # Entity references unless asked for: the HTML parser never makes
        # them.
        return None

    def attributes(self, element: Any, attrib: Any) -> dict:
        keys = self.keys
        out = {}
        for key, value in _attribute_items(element, attrib):
            event_key = keys.get(key)
            if event_key is None:
                event_key = self._key(key)
            out[event_key] = value
        return out

    def _key(self, key: str) -> Any:
        if key[:1] == "{":
            close = key.find("}")
            namespace = key[1:close]
            local = self.restore(key[close + 1 :])
            prefix = _ATTRIBUTE_PREFIXES.get(namespace)
            # Another namespace has no prefix the DOM would show; keep the
            # Clark name as the key, as the etree walker does.
            event_key: Any = (prefix, local, namespace) if prefix else "{%s}%s" % (namespace, local)
        else:
            event_key = self.restore(key)
        self.keys[key] = event_key
        return event_key


def walk(
    node: Any, restore: bool = True, plain_namespace: str | None = HTML_NAMESPACE, entities: bool = False
) -> Iterator[tuple]:
    """The events for ``node``: a document (``_ElementTree``), a fragment (a
    list of leading text and nodes, each followed by its tail), a shadow
    root's holder template (its children), or an element and its subtree.  Anything else raises TypeError at once.
    ``plain_namespace`` and ``entities``: see the module docstring."""
    if not isinstance(node, (_ELEMENT_TREE, _ELEMENT, list, tuple)):
        raise TypeError(
            f"cannot walk {type(node).__name__}: expected an lxml tree, element or fragment list"
        )
    return _events(node, _Names(restore, plain_namespace, entities))


def _events(node: Any, names: _Names) -> Iterator[tuple]:
    if isinstance(node, _ELEMENT_TREE):
        yield from _walk_document(node, names)
    elif isinstance(node, _ELEMENT) and not is_holder(node):
        yield from _walk_subtree(node, names)
    else:
        if isinstance(node, _ELEMENT):
            # A shadow root's holder (specparser.shadow_dom), walked as the
            # DocumentFragment it stands for: its children.
            if node.text:
                yield (TEXT, node.text)
            node = list(node)
        for item in node:
            if isinstance(item, str):
                if item:
                    yield (TEXT, item)
            elif isinstance(item, _ELEMENT):
                yield from _walk_subtree(item, names)
                if item.tail:
                    yield (TEXT, item.tail)
            else:
                raise TypeError(f"a fragment holds str and lxml nodes, not {type(item).__name__}")


def _walk_document(tree: Any, names: _Names) -> Iterator[tuple]:
    dtd = tree.docinfo.internalDTD
    root = tree.getroot()
    # lxml keeps no text outside the root element, only comments and PIs.
    preceding = list(root.itersiblings(preceding=True))[::-1] if root is not None else []
    first = 0
    if dtd is not None and preceding:
        first = _count_before_the_doctype(preceding)
    for sibling in preceding[:first]:
        yield from _walk_subtree(sibling, names)
    if dtd is not None:
        identifier = restore_identifier if names.restore is restore_name else _keep
        yield (
            DOCTYPE,
            names.restore(dtd.name or ""),
            identifier(dtd.external_id or ""),
            identifier(dtd.system_url or ""),
        )
    if root is None:
        return
    for sibling in preceding[first:]:
        yield from _walk_subtree(sibling, names)
    yield from _walk_subtree(root, names)
    for sibling in root.itersiblings():
        yield from _walk_subtree(sibling, names)


_MARK = "<!DOCTYPE specparser-mark>"


def _count_before_the_doctype(preceding: list) -> int:
    """How many of ``preceding`` (the root's preceding siblings, in document
    order) come before the DTD node.  lxml skips the DTD node among the
    siblings and says nothing of its place; its serializer knows it: for
    an ``_ElementTree`` it writes the document's comments and PIs before
    the DTD, then the ``doctype`` it is given in the DTD's place, then the
    node's preceding comments and PIs back to the DTD, the node and its
    following ones.  Serializing the tree of the last of ``preceding``
    with a marker DOCTYPE reads that order from the prologue alone.

    libxml2 looks for the DTD from the document's first node each time it
    writes a node (``xmlGetIntSubset``), so this costs the number of nodes
    written times the number before the DTD: the lxml builder keeps at most
    a hundred before it (``MOVED_AFTER_DOCTYPE``), which keeps this linear
    for its trees (``etree.tostring`` of a tree with thousands of comments
    before its DTD is quadratic in lxml itself)."""
    last = preceding[-1]
    text = etree.tostring(etree.ElementTree(last), encoding="unicode", doctype=_MARK, with_tail=False)
    position = 0
    for count in range(len(preceding) + 1):
        while text[position : position + 1].isspace():
            position += 1
        if text.startswith(_MARK, position):
            return count
        if count == len(preceding):
            break
        markup = _markup(preceding[count])
        if markup is None or not text.startswith(markup, position):
            break
        position += len(markup)
    return 0  # not read as expected: the DOCTYPE first, as before


def _markup(node: Any) -> str | None:
    """How lxml writes a comment or PI outside the root (``tostring`` of
    the node itself costs time in proportion to all its siblings)."""
    tag = node.tag
    if tag is _COMMENT:
        return "<!--%s-->" % (node.text or "")
    if tag is _PI:
        return "<?%s %s?>" % (node.target, node.text) if node.text else "<?%s?>" % node.target
    return None


def _walk_subtree(top: Any, names: _Names) -> Iterator[tuple]:
    """The events for ``top`` and its descendants, without ``top``'s tail."""
    return walk_elements(top, iter((top,)), names.tags, names.describe, names.attributes)
