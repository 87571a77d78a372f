"""``html5lib.treeadapters.sax``: drive a SAX ``ContentHandler`` from a
tree walker, as html5lib 1.1 does.

The handler sees ``startDocument``, one ``startPrefixMapping`` per prefix
of the foreign attributes (``xlink``, ``xml``, ``xmlns``), then
``startElementNS``/``endElementNS`` (an ``EmptyTag`` token gives both) and
``characters``; DOCTYPEs and comments are not reported (SAX's
``ContentHandler`` has no place for them), and the prefix mappings end
before ``endDocument``.
"""

from __future__ import annotations

from typing import Any, Iterable
from xml.sax.xmlreader import AttributesNSImpl

from ..constants import adjustForeignAttributes, unadjustForeignAttributes

__all__ = ["to_sax", "prefix_mapping"]

#: prefix -> namespace of the attributes the parser puts in a namespace.
prefix_mapping: dict[str, str] = {
    prefix: namespace for prefix, _local, namespace in adjustForeignAttributes.values() if prefix is not None
}


def to_sax(walker: Iterable[dict[str, Any]], handler: Any) -> None:
    """Call the SAX content ``handler`` for the tokens of ``walker``.

    :arg walker: a tree walker (``getTreeWalker("etree")(tree)``) or any
        iterable of html5lib token dicts.
    :arg handler: an ``xml.sax.handler.ContentHandler``.
    """
    handler.startDocument()
    for prefix, namespace in prefix_mapping.items():
        handler.startPrefixMapping(prefix, namespace)
    for token in walker:
        kind = token["type"]
        if kind in ("StartTag", "EmptyTag"):
            name = (token["namespace"], token["name"])
            attributes = AttributesNSImpl(token["data"], unadjustForeignAttributes)  # type: ignore[arg-type]
            handler.startElementNS(name, token["name"], attributes)
            if kind == "EmptyTag":
                handler.endElementNS(name, token["name"])
        elif kind == "EndTag":
            handler.endElementNS((token["namespace"], token["name"]), token["name"])
        elif kind in ("Characters", "SpaceCharacters"):
            handler.characters(token["data"])
        elif kind in ("Doctype", "Comment"):
            continue
        else:
            raise ValueError(f"to_sax: unknown token type {kind!r}")
    for prefix in prefix_mapping:
        handler.endPrefixMapping(prefix)
    handler.endDocument()
