"""specparser: the WHATWG HTML parsing algorithm in pure Python.

    >>> import specparser
    >>> root = specparser.parse("<p>Hello")           # the <html> Element
    >>> frag = specparser.parseFragment("<b>x</b>")   # DOCUMENT_FRAGMENT
    >>> parser = specparser.HTMLParser()
    >>> doc = parser.parse("<p>x</b>"); parser.errors  # [ParseError(...)]
"""

from __future__ import annotations

from typing import Any

from .builders import builder_names, get_builder, get_walker
from .constants import HTML_NAMESPACE, MATHML_NAMESPACE, SVG_NAMESPACE
from .errors import ParseError

__version__ = "0.1.0"

__all__ = [
    "HTMLParser",
    "ParseError",
    "parse",
    "parseFragment",
    "get_builder",
    "get_walker",
    "builder_names",
]

_ENCODING_KEYWORDS = frozenset(
    {
        "override_encoding",
        "transport_encoding",
        "same_origin_parent_encoding",
        "likely_encoding",
        "default_encoding",
        "useChardet",
    }
)


def _context(container: Any) -> tuple[str, str]:
    """``"div"`` -> HTML div; ``"svg path"`` / ``"math mi"`` -> foreign
    context elements (the html5lib-tests convention)."""
    if not isinstance(container, str):
        raise TypeError(f"container must be a str such as 'div' or 'svg path', not {type(container).__name__}")
    name = container.strip()
    if name.startswith("svg "):
        return name[4:].strip(), SVG_NAMESPACE
    if name.startswith("math "):
        return name[5:].strip(), MATHML_NAMESPACE
    if not name:
        raise ValueError("container must name an element")
    return name.lower(), HTML_NAMESPACE


class HTMLParser:
    """A reusable parser that keeps the parse errors of its last run.

    ``treebuilder`` is a registered name (``"etree"`` ...) or a
    :class:`~specparser.treebuilder.TreeBuilder` subclass; ``**options`` go
    to the builder (e.g. ``fullTree=True`` for etree).
    """

    def __init__(
        self,
        treebuilder: Any = "etree",
        namespaceHTMLElements: bool = True,
        collect_errors: bool = True,
        **options: Any,
    ) -> None:
        if isinstance(treebuilder, str):
            self.builder_class = get_builder(treebuilder)
        elif isinstance(treebuilder, type):
            self.builder_class = treebuilder
        else:
            raise TypeError(
                f"treebuilder must be a builder name ({', '.join(builder_names())}) "
                f"or a TreeBuilder class, not {type(treebuilder).__name__}"
            )
        self.namespaceHTMLElements = bool(namespaceHTMLElements)
        self.options = options
        self.collect_errors = collect_errors
        self.errors: list[ParseError] = []
        self.encoding: str | None = None

    def parse(self, source: Any, scripting: bool = False, **kwargs: Any) -> Any:
        """Parse a whole document.  ``source`` is str, or bytes / a binary
        file (decoded with the encoding sniffing algorithm; keywords
        ``override_encoding``, ``transport_encoding`` ...)."""
        return self._run(source, None, scripting, kwargs)

    def parseFragment(self, source: Any, container: Any = "div", scripting: bool = False, **kwargs: Any) -> Any:
        """Parse ``source`` with the fragment parsing algorithm, in the
        context of ``container`` (``"div"``, ``"svg path"``, ``"math mi"``)."""
        return self._run(source, _context(container), scripting, kwargs)

    def _run(self, source: Any, context: Any, scripting: bool, kwargs: dict) -> Any:
        from .treeconstruction import build_tree

        unknown = set(kwargs) - _ENCODING_KEYWORDS
        if unknown:
            raise TypeError(f"unexpected keyword argument(s): {', '.join(sorted(unknown))}")
        if not isinstance(source, str) or kwargs:
            return _decode_and_parse(self, source, context, scripting, kwargs)
        return self._build(source, context, scripting, None)

    def _build(self, text: str, context: Any, scripting: bool, decoded: Any) -> Any:
        from .treeconstruction import build_tree

        errors: list | None = [] if self.collect_errors else None
        builder = self.builder_class(namespaceHTMLElements=self.namespaceHTMLElements, **self.options)
        result = build_tree(text, builder, scripting=scripting, errors=errors, context=context, decoded=decoded)
        self.errors = errors if errors is not None else []
        self.encoding = decoded.encoding if decoded is not None else None
        return result


def _decode_and_parse(parser: HTMLParser, source: Any, context: Any, scripting: bool, kwargs: dict) -> Any:
    """The one place where bytes (or files) become text: the encoding
    sniffing algorithm of :mod:`specparser.encoding`, with the re-parse a
    ``<meta charset>`` may ask for."""
    from .encoding import parse_with_reparse

    return parse_with_reparse(
        source, lambda decoded: parser._build(decoded.text, context, scripting, decoded), **kwargs
    )


def parse(
    source: Any,
    treebuilder: Any = "etree",
    namespaceHTMLElements: bool = True,
    scripting: bool = False,
    **kwargs: Any,
) -> Any:
    """Parse a document.  With the etree builder the result is the
    ``<html>`` Element (``fullTree=True``: the DOCUMENT_ROOT element holding
    the doctype and top-level comments too).  Keywords other than the
    encoding ones (``override_encoding``, ``transport_encoding``,
    ``same_origin_parent_encoding``, ``likely_encoding``,
    ``default_encoding``, ``useChardet``) go to the builder."""
    encoding = {k: v for k, v in kwargs.items() if k in _ENCODING_KEYWORDS}
    options = {k: v for k, v in kwargs.items() if k not in _ENCODING_KEYWORDS}
    parser = HTMLParser(treebuilder, namespaceHTMLElements, collect_errors=False, **options)
    return parser.parse(source, scripting=scripting, **encoding)


def parseFragment(
    source: Any,
    container: Any = "div",
    treebuilder: Any = "etree",
    namespaceHTMLElements: bool = True,
    scripting: bool = False,
    **kwargs: Any,
) -> Any:
    """Parse a fragment in the context of ``container``; with the etree
    builder the result is a ``DOCUMENT_FRAGMENT`` element."""
    encoding = {k: v for k, v in kwargs.items() if k in _ENCODING_KEYWORDS}
    options = {k: v for k, v in kwargs.items() if k not in _ENCODING_KEYWORDS}
    parser = HTMLParser(treebuilder, namespaceHTMLElements, collect_errors=False, **options)
    return parser.parseFragment(source, container, scripting=scripting, **encoding)
