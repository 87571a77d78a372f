"""Tree adapters (TreeBuilder subclasses) and the registry that finds them.

Each entry names a builder module and, for the conformance runner and the
serializer, the walker module that reads the same tree type back.  Modules
are imported only when asked for, so ``lxml`` and ``bs4`` stay optional.

To add a tree type, add one line to :data:`BUILDERS`::

    "lxml": ("specparser.builders.lxml", "LxmlTreeBuilder",
             "specparser.walkers.lxml", "walk"),

The builder class is instantiated as ``cls(namespaceHTMLElements=..., **options)``.
"""

from __future__ import annotations

import importlib
from typing import Any, Callable, Iterator

from ..treebuilder import TreeBuilder

__all__ = ["BUILDERS", "builder_names", "get_builder", "get_walker"]

# name -> (builder module, builder class, walker module, walker function)
BUILDERS: dict[str, tuple[str, str, str, str]] = {
    "etree": (
        "specparser.builders.etree",
        "ElementTreeBuilder",
        "specparser.walkers.etree",
        "walk",
    ),
    "bs4": ("specparser.builders.bs4", "SoupBuilder", "specparser.walkers.bs4", "walk"),
    "lxml": ("specparser.builders.lxml", "LxmlTreeBuilder", "specparser.walkers.lxml", "walk"),
    # xml.dom.minidom, in html5lib's "dom" shape.
    "dom": ("specparser.builders.dom", "DomTreeBuilder", "specparser.walkers.dom", "walk"),
    # The same tree with lxml.html's element classes (.text_content(), .cssselect()).
    "lxml.html": (
        "specparser.builders.lxml",
        "LxmlHtmlTreeBuilder",
        "specparser.walkers.lxml",
        "walk",
    ),
}


def _entry(name: Any) -> tuple[str, str, str, str]:
    if not isinstance(name, str):
        raise TypeError(f"tree builder name must be a str, not {type(name).__name__}")
    try:
        return BUILDERS[name.lower()]
    except KeyError:
        known = ", ".join(sorted(BUILDERS))
        raise ValueError(f"unknown tree builder {name!r}; known builders: {known}") from None


def get_builder(name: str) -> type[TreeBuilder]:
    """The TreeBuilder class registered as ``name`` (case-insensitive).

    Raises ValueError naming the known builders for an unknown name.  An
    ImportError from a missing optional dependency (lxml, bs4) propagates.
    """
    module, cls, _, _ = _entry(name)
    return getattr(importlib.import_module(module), cls)


def get_walker(name: str) -> Callable[[Any], Iterator[tuple]]:
    """The walker function for the trees that builder ``name`` produces."""
    _, _, module, func = _entry(name)
    return getattr(importlib.import_module(module), func)


def builder_names() -> list[str]:
    return sorted(BUILDERS)
