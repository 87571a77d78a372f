"""specparser: the WHATWG HTML parsing algorithm in pure Python.

    >>> import specparser
    >>> tree = specparser.parse("<!DOCTYPE html><p>Hello <a href=/x>world</a>")
    >>> [a.get("href") for a in tree.iter("a")]
    ['/x']
    >>> specparser.serialize(tree)
    '<!DOCTYPE html><html><head></head><body><p>Hello <a href="/x">world</a></p></body></html>'

The native API (:mod:`specparser.api`): :func:`parse` and
:func:`parse_fragment` into the tree type you name (``"etree"``,
``"lxml"``, ``"lxml.html"``, ``"bs4"``, ``"dom"``), HTML elements with
plain names, bytes decoded as a browser does (valid UTF-8 detected),
:func:`serialize` for a node of any of those trees,
:func:`insert_fragment` to put a parsed fragment into a tree, parse errors as
:class:`ParseError` records in a list you pass.

html5lib 1.1's API is :mod:`specparser.html5lib_compat` (``from specparser
import html5lib_compat as html5lib``; ``html5lib_compat.install()`` for code
that imports ``html5lib`` itself).  The top-level ``HTMLParser``,
``parseFragment``, ``getTreeBuilder`` and ``getTreeWalker`` of earlier
versions still work, with a DeprecationWarning: they are html5lib's, and
the top-level ``parse`` and ``serialize`` are now the native ones.
"""

from __future__ import annotations

import importlib
import warnings
from typing import Any

from ._compiled import COMPILED as compiled
from .api import ParseInfo, parse, parse_fragment, serialize
from .builders import builder_names, get_builder, get_walker
from .collector import set_pause_gc
from .errors import ParseError
from .iterparse import iterparse
from .parser import Parser
from .etree_document import Doctype, HTMLElementTree
from .fragment_insertion import insert_fragment
from .locator_warning import MarkupResemblesLocatorWarning
from .sanitizer import Sanitizer, sanitize
from .text import visible_text

# specparser's own version; html5lib_compat.__version__ is the html5lib API
# level it provides ("1.1").
__version__ = "0.1.0"
# ``compiled``: True in the build mypyc compiled (SPECPARSER_COMPILE=1 at
# build time, see the README), False in the pure-Python one.

__all__ = [
    "Doctype",
    "HTMLElementTree",
    "MarkupResemblesLocatorWarning",
    "ParseError",
    "ParseInfo",
    "Parser",
    "iterparse",
    "Sanitizer",
    "builder_names",
    "compiled",
    "get_builder",
    "get_walker",
    "insert_fragment",
    "parse",
    "parse_fragment",
    "sanitize",
    "serialize",
    "visible_text",
    "set_pause_gc",
]

# html5lib's names at the top level, from before the native API: they still
# resolve (to specparser.html5lib_compat), with a DeprecationWarning.
_HTML5LIB_ALIASES = frozenset({"HTMLParser", "parseFragment", "getTreeBuilder", "getTreeWalker"})


def __getattr__(name: str) -> Any:
    # importlib, not ``from . import``: that would ask this __getattr__
    # for the submodule again before importing it.
    if name == "html5lib_compat":
        return importlib.import_module(f"{__name__}.html5lib_compat")
    if name in _HTML5LIB_ALIASES:
        warnings.warn(
            f"specparser.{name} is html5lib's API: use specparser.html5lib_compat.{name} "
            "(or the native specparser.parse / parse_fragment)",
            DeprecationWarning,
            stacklevel=2,
        )
        return getattr(importlib.import_module(f"{__name__}.html5lib_compat"), name)
    raise AttributeError(f"module 'specparser' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*__all__, "__version__", "html5lib_compat"])
