"""``html5lib.treebuilders``: ``getTreeBuilder`` and the builder modules.

``getTreeBuilder("etree" | "lxml" | "dom")`` returns a builder class that
html5lib code can pass as ``HTMLParser(tree=...)`` and instantiate as
``cls(namespaceHTMLElements)``; the parse is done by specparser's own
adapter for that tree type (:mod:`._native`), so the trees are html5lib's
shapes built at specparser's speed.  Builders written against
:mod:`.base` (bs4's) are driven through that protocol instead.
"""

from __future__ import annotations

from typing import Any

__all__ = ["getTreeBuilder"]

treeBuilderCache: dict = {}


def getTreeBuilder(treeType: str, implementation: Any = None, **kwargs: Any) -> type:
    """A TreeBuilder class for a built-in tree type.

    :arg treeType: ``"dom"`` (xml.dom.minidom, or the DOM module given as
        ``implementation``), ``"etree"`` (xml.etree.ElementTree; option
        ``fullTree``) or ``"lxml"`` (lxml.etree), case-insensitive.
        Anything else raises ValueError, as in html5lib.
    :arg implementation: the module implementing the tree type.
    :arg kwargs: options for the builder (``fullTree=True`` for etree).
    """
    if implementation is None and not kwargs and isinstance(treeType, str):
        # The common call (parse() makes it every time): one dict lookup.
        cached = treeBuilderCache.get(treeType)
        if cached is None:
            cached = treeBuilderCache[treeType] = _tree_builder(treeType, None, {})
        return cached
    return _tree_builder(treeType, implementation, kwargs)


def _tree_builder(treeType: Any, implementation: Any, kwargs: dict) -> type:
    if not isinstance(treeType, str):
        raise TypeError(f"treeType must be a str such as 'etree', not {type(treeType).__name__}")
    tree_type = treeType.lower()
    if tree_type == "dom":
        from . import dom

        return dom.getDomModule(implementation, **kwargs).TreeBuilder
    if tree_type == "lxml":
        from . import etree_lxml

        if kwargs:
            # html5lib ignores them here too; fullTree has no effect on lxml.
            return etree_lxml.builder_class(**kwargs)
        return etree_lxml.TreeBuilder
    if tree_type == "etree":
        from . import etree

        return etree.getETreeModule(implementation, **kwargs).TreeBuilder
    raise ValueError('Unrecognised treebuilder "%s" ' % treeType)
