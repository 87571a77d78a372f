"""specparser: the WHATWG HTML parsing algorithm in pure Python.

    >>> import specparser
    >>> root = specparser.parse("<p>Hello")           # the <html> Element
    >>> frag = specparser.parseFragment("<b>x</b>")   # DOCUMENT_FRAGMENT
    >>> parser = specparser.HTMLParser()
    >>> doc = parser.parse("<p>x</b>"); parser.errors  # [ParseError(...)]

The top-level ``parse``, ``parseFragment``, ``HTMLParser``,
``getTreeBuilder``, ``getTreeWalker`` and ``serialize`` are html5lib 1.1's
API (:mod:`specparser.html5lib_compat`), so ``import specparser as
html5lib`` works for code written against html5lib; third-party code that
imports ``html5lib`` itself can be pointed here with
``specparser.html5lib_compat.install()``.  specparser's extensions: any
registered tree builder by name (``treebuilder="lxml.html"``, ``"bs4"``),
builder options as keywords (``fullTree=True``), foreign fragment contexts
(``"svg path"``), errors with 1-based ``line``/``column``.
"""

from __future__ import annotations

from .builders import builder_names, get_builder, get_walker
from .collector import set_pause_gc
from .errors import ParseError
from .text import visible_text
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .html5lib_compat import HTMLParser, getTreeBuilder, getTreeWalker, parse, parseFragment, serialize

# specparser's own version; html5lib_compat.__version__ is the html5lib API
# level it provides ("1.1").
__version__ = "0.1.0"

__all__ = [
    "HTMLParser",
    "ParseError",
    "parse",
    "parseFragment",
    "getTreeBuilder",
    "getTreeWalker",
    "serialize",
    "get_builder",
    "get_walker",
    "builder_names",
    "visible_text",
    "set_pause_gc",
]


_HTML5LIB_API = frozenset({"HTMLParser", "parse", "parseFragment", "getTreeBuilder", "getTreeWalker", "serialize"})


def __getattr__(name: str) -> Any:
    # The html5lib-compatible layer (and the lxml coercion tables it pulls
    # in) loads on first use, so that ``import specparser`` stays cheap for
    # the command line and for code that only uses the core.
    if name in _HTML5LIB_API:
        from . import html5lib_compat

        value = getattr(html5lib_compat, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'specparser' has no attribute {name!r}")
