"""``html5lib.treebuilders.etree_lxml``: lxml.etree trees, built by
:class:`specparser.builders.lxml.LxmlTreeBuilder`.

``lxml.html.html5parser`` imports :data:`TreeBuilder` from here and passes
it as ``HTMLParser(tree=TreeBuilder)``.  As in html5lib 1.1, ``parse``
returns an ``lxml.etree._ElementTree`` and ``parseFragment`` a list (the
leading text first when there is any, then the top-level nodes).  Names and
text lxml cannot hold are coerced by the HTML standard's infoset rules and
reported with one :class:`~specparser.infoset.DataLossWarning` per
document (the class ``html5lib.constants.DataLossWarning`` is, here).
"""

from __future__ import annotations

from typing import Any

from ..constants import DataLossWarning
from ._native import NativeTreeBuilder, native_builder_class

__all__ = ["TreeBuilder", "DataLossWarning", "testSerializer"]

fullTree = True

TreeBuilder: type[NativeTreeBuilder] = native_builder_class("lxml")


def builder_class(**options: Any) -> type[NativeTreeBuilder]:
    """A TreeBuilder with fixed options (``fullTree`` is accepted and has no
    effect: like html5lib 1.1, parse always returns the ``_ElementTree``)."""
    options.pop("fullTree", None)
    return native_builder_class("lxml", **options)


def testSerializer(element: Any) -> str:
    """The tree in html5lib's test format (see
    :func:`._testserializer.lxml_test_serializer`)."""
    from ._testserializer import lxml_test_serializer

    return lxml_test_serializer(element)
