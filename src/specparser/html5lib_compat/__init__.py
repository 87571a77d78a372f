"""html5lib's public API, running on specparser: a drop-in for html5lib 1.1.

Two ways to use it:

* In code you control: ``from specparser import html5lib_compat as html5lib``
  (or simply ``import specparser as html5lib``: specparser's top-level
  ``parse``, ``parseFragment``, ``HTMLParser``, ``getTreeBuilder``,
  ``getTreeWalker`` and ``serialize`` are these).
* For third-party code that does ``import html5lib`` (bs4's "html5lib"
  builder, ``lxml.html.html5parser``, pandas' ``flavor="bs4"``): call
  :func:`install` first, e.g. in ``sitecustomize``; :func:`uninstall`
  undoes it.

The modules mirror html5lib's layout: :mod:`.html5parser`,
:mod:`.treebuilders` (``base``, ``etree``, ``etree_lxml``, ``dom``),
``treewalkers``, ``treeadapters`` (``sax``), ``serializer``, ``filters``,
:mod:`.constants`.

``__version__`` is ``"1.1"``: the html5lib API level this module provides,
so version gates written for html5lib (pandas: ``>= "1.1"``) pass.
specparser's own version is ``specparser.__version__``.
"""

from __future__ import annotations

import importlib
from typing import Any

from . import constants, treebuilders
from ._alias import install, installed, uninstall
from .html5parser import HTMLParser, parse, parseFragment
from .treebuilders import getTreeBuilder

__all__ = ["HTMLParser", "parse", "parseFragment", "getTreeBuilder", "getTreeWalker", "serialize"]

__version__ = "1.1"


def getTreeWalker(treeType: str, implementation: Any = None, **kwargs: Any) -> Any:
    """html5lib's ``getTreeWalker``: a TreeWalker class for ``"etree"``,
    ``"lxml"``, ``"dom"`` (see :mod:`.treewalkers`)."""
    from .treewalkers import getTreeWalker as get

    return get(treeType, implementation, **kwargs)


def serialize(input: Any, tree: str = "etree", encoding: str | None = None, **serializer_opts: Any) -> Any:
    """html5lib's ``serialize``: a tree to a str (bytes when ``encoding``
    is given); options as ``HTMLSerializer`` (see :mod:`.serializer`)."""
    from .serializer import serialize as run

    return run(input, tree, encoding, **serializer_opts)


_SUBMODULES = frozenset(
    {"serializer", "treewalkers", "treeadapters", "filters", "html5parser", "constants", "treebuilders", "_inputstream"}
)


def __getattr__(name: str) -> Any:
    # html5lib's __init__ imports its submodules, so ``html5lib.serializer``
    # is an attribute after ``import html5lib``; here they load on first use.
    if name in _SUBMODULES:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
