"""``html5lib.treebuilders.etree``: ElementTree trees, built by
:class:`specparser.builders.etree.ElementTreeBuilder`.

Same shape as html5lib 1.1: ``parse`` returns the ``<html>`` Element (the
``DOCUMENT_ROOT`` element with ``fullTree=True``), ``parseFragment`` an
Element ``DOCUMENT_FRAGMENT``; HTML elements are ``{XHTML}name`` unless
``namespaceHTMLElements`` is false; namespaced attributes use ``{ns}local``
keys.  Only :mod:`xml.etree.ElementTree` is supported as the
implementation (html5lib also accepted lxml.etree and other ElementTree
look-alikes: use ``getTreeBuilder("lxml")``).
"""

from __future__ import annotations

import types
from typing import Any
from xml.etree import ElementTree

from ._native import NativeTreeBuilder, native_builder_class

__all__ = ["getETreeModule", "getETreeBuilder", "TreeBuilder"]

_SUPPORTED = ("xml.etree.ElementTree", "xml.etree.cElementTree")


def _check(implementation: Any) -> None:
    if implementation is None or implementation is ElementTree:
        return
    if getattr(implementation, "__name__", None) in _SUPPORTED:
        return
    raise ValueError(
        f"specparser's etree builder builds xml.etree.ElementTree trees only, not "
        f"{getattr(implementation, '__name__', implementation)!r}; for lxml use getTreeBuilder('lxml')"
    )


def getETreeBuilder(ElementTreeImplementation: Any = None, fullTree: bool = False) -> dict:
    """The builder's names, as html5lib's function returns ``locals()``."""
    _check(ElementTreeImplementation)
    tree_builder = native_builder_class("etree", fullTree=True) if fullTree else native_builder_class("etree")
    return {"TreeBuilder": tree_builder, "ElementTreeImplementation": ElementTree, "fullTree": bool(fullTree)}


def getETreeModule(ElementTreeImplementation: Any = None, **kwargs: Any) -> types.ModuleType:
    """A module object holding ``TreeBuilder`` for the implementation and
    options, as html5lib's ``getETreeModule`` returns."""
    names = getETreeBuilder(ElementTreeImplementation, **kwargs)
    module = types.ModuleType("_etree_builder")
    module.__dict__.update(names)
    return module


#: The default builder class (not in html5lib 1.1, which has only the
#: module factory; kept for convenience).
TreeBuilder: type[NativeTreeBuilder] = native_builder_class("etree")
