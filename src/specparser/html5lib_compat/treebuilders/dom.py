"""``html5lib.treebuilders.dom``: xml.dom.minidom trees, built by
:class:`specparser.builders.dom.DomTreeBuilder`.

As in html5lib 1.1, ``parse`` returns the minidom ``Document`` and
``parseFragment`` a ``DocumentFragment``.
"""

from __future__ import annotations

import types
from typing import Any

from ._native import NativeTreeBuilder, native_builder_class

__all__ = ["getDomModule", "getDomBuilder", "TreeBuilder"]


def getDomBuilder(DomImplementation: Any = None) -> type[NativeTreeBuilder]:
    """The TreeBuilder class for a DOM module (default xml.dom.minidom)."""
    if DomImplementation is None:
        return native_builder_class("dom")
    if not callable(getattr(DomImplementation, "getDOMImplementation", None)):
        raise TypeError("a DOM implementation needs getDOMImplementation(), as xml.dom.minidom has")
    return native_builder_class("dom", implementation=DomImplementation)


def getDomModule(DomImplementation: Any = None, **kwargs: Any) -> types.ModuleType:
    if kwargs:
        raise TypeError(f"unexpected keyword argument(s): {', '.join(sorted(kwargs))}")
    module = types.ModuleType("_dom_builder")
    module.TreeBuilder = getDomBuilder(DomImplementation)  # type: ignore[attr-defined]
    return module


TreeBuilder: type[NativeTreeBuilder] = native_builder_class("dom")
