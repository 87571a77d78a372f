"""``html5lib.html5parser``: ``HTMLParser``, ``parse``, ``parseFragment``,
``ParseError``, with html5lib 1.1's signatures, defaults and return types,
running specparser's tokenizer and tree construction.

What is the same as html5lib 1.1: the call signatures (``scripting`` is the
second positional argument of ``parse``, ``container`` of
``parseFragment``), the tree types and shapes, the encoding keywords and
their precedence (``override_encoding``, ``transport_encoding``,
``same_origin_parent_encoding``, ``likely_encoding``, ``default_encoding``,
``useChardet``), ``errors`` as ``((line, col), code, datavars)``,
``documentEncoding``, ``tokenizer.stream.charEncoding`` and
``tokenizer.stream.position()`` (also while the tree is being built),
``ParseError`` raised in strict mode, builder classes or callables as
``tree``.

What differs, and why: the trees follow today's HTML standard (html5lib 1.1
predates ``<template>``, the 2025 ``<select>`` rules, ``<search>`` ...); the
error codes are the standard's (``eof-in-tag`` ...), not html5lib's; in
strict mode the error is raised when the parse ends, not when it is met;
``useChardet`` given with str input is ignored instead of a TypeError (an
``*_encoding`` keyword with str input is html5lib's TypeError, with its
message; unknown encoding labels are ignored, as html5lib ignores them);
html5lib's tokenizer and phase internals (``tokenizer.state`` functions,
``phases``, ``mainLoop``) do not exist.

Extensions: ``tree`` may be a registered builder name (``"etree"``,
``"lxml"``, ``"lxml.html"``, ``"dom"``, ``"bs4"``) or a
:class:`specparser.treebuilder.TreeBuilder` subclass, with builder options
as keywords (``HTMLParser("etree", fullTree=True)``); ``parseFragment``
accepts foreign contexts (``"svg path"``, ``"math mi"``); ``errors`` are
:class:`specparser.errors.ParseError` records that also have ``code``,
``line`` and ``column`` (1-based, UTF-16 units, the html5lib-tests
convention); ``collect_errors=False`` skips the error bookkeeping.
"""

from __future__ import annotations

from typing import Any

from ..builders import builder_names
from ..constants import HTML_NAMESPACE
from ..errors import ParseError as ParseErrorRecord
from ..treebuilder import TreeBuilder as _SpecTreeBuilder
from ._inputstream import TokenizerView
from ._protocol import ProtocolTreeBuilder
from .treebuilders import getTreeBuilder
from .treebuilders._native import NativeTreeBuilder, native_builder_class

__all__ = ["HTMLParser", "parse", "parseFragment", "ParseError"]

_HTML5LIB_TREES = ("etree", "lxml", "dom")
_QUIRKS_NAMES = {"no-quirks": "no quirks", "quirks": "quirks", "limited-quirks": "limited quirks"}


class ParseError(Exception):
    """Error in parsed document: raised by a strict parser.  ``record`` is
    the :class:`specparser.errors.ParseError` (``code``, ``line``,
    ``column``)."""

    def __init__(self, message: str, record: ParseErrorRecord | None = None) -> None:
        super().__init__(message)
        self.record = record


def parse(doc: Any, treebuilder: Any = "etree", namespaceHTMLElements: bool = True, **kwargs: Any) -> Any:
    """Parse an HTML document (str, bytes or a file-like object) into a tree.

    ``kwargs``: ``scripting`` and the encoding keywords; as an extension,
    options for the tree builder (``fullTree=True``)."""
    options, parse_kwargs = _split_kwargs(kwargs)
    parser = HTMLParser(
        _builder_for(treebuilder), namespaceHTMLElements=namespaceHTMLElements, collect_errors=False, **options
    )
    return parser.parse(doc, **parse_kwargs)


def parseFragment(
    doc: Any,
    container: str = "div",
    treebuilder: Any = "etree",
    namespaceHTMLElements: bool = True,
    **kwargs: Any,
) -> Any:
    """Parse an HTML fragment in the context of ``container`` into a tree
    (etree: an Element ``DOCUMENT_FRAGMENT``)."""
    options, parse_kwargs = _split_kwargs(kwargs)
    parser = HTMLParser(
        _builder_for(treebuilder), namespaceHTMLElements=namespaceHTMLElements, collect_errors=False, **options
    )
    return parser.parseFragment(doc, container, **parse_kwargs)


def _split_kwargs(kwargs: dict) -> tuple[dict, dict]:
    """(builder options, parse keywords)."""
    from ..encoding.bytestream import ENCODING_KEYWORDS  # loaded on first parse

    parse_keys = {"scripting", "useChardet", *ENCODING_KEYWORDS}
    options = {k: v for k, v in kwargs.items() if k not in parse_keys}
    return options, {k: v for k, v in kwargs.items() if k in parse_keys}


def _builder_for(treebuilder: Any) -> Any:
    """html5lib's ``getTreeBuilder(treebuilder)``, keeping specparser's own
    builder names (``lxml.html``, ``bs4``) and TreeBuilder classes."""
    if isinstance(treebuilder, str):
        if treebuilder.lower() in _HTML5LIB_TREES:
            return getTreeBuilder(treebuilder)
        return treebuilder  # a registry name: HTMLParser resolves it
    return treebuilder


class HTMLParser:
    """HTML parser: generates a tree from a stream of (possibly malformed)
    HTML, as the HTML standard says.

    :arg tree: a tree builder class or callable ``f(namespaceHTMLElements)``
        returning a builder (``treebuilders.getTreeBuilder("etree")``,
        ``treebuilders.etree_lxml.TreeBuilder``, a
        ``treebuilders.base.TreeBuilder`` subclass, bs4's
        ``create_treebuilder``); default etree.  Extension: a builder name
        or a :class:`specparser.treebuilder.TreeBuilder` subclass.
    :arg strict: raise :class:`ParseError` when the document has a parse error.
    :arg namespaceHTMLElements: put HTML elements in the XHTML namespace.
    :arg debug: accepted for compatibility; has no effect.
    :arg collect_errors: (extension) keep ``errors``; False skips the work.
    :arg options: (extension) options for a builder given by name.
    """

    def __init__(
        self,
        tree: Any = None,
        strict: bool = False,
        namespaceHTMLElements: bool = True,
        debug: bool = False,
        collect_errors: bool = True,
        **options: Any,
    ) -> None:
        self.strict = bool(strict)
        self.namespaceHTMLElements = bool(namespaceHTMLElements)
        self.collect_errors = bool(collect_errors) or self.strict
        if tree is None:
            tree = getTreeBuilder("etree")
        elif isinstance(tree, str):
            name = tree.lower()
            if name in _HTML5LIB_TREES and not options:
                tree = getTreeBuilder(name)
            else:
                tree = native_builder_class(name)
        elif isinstance(tree, type) and issubclass(tree, _SpecTreeBuilder):
            tree = _adapter_class(tree)
        elif not callable(tree):
            raise TypeError(
                f"tree must be a tree builder class or callable, or a builder name "
                f"({', '.join(builder_names())}), not {type(tree).__name__}"
            )
        if options:
            if not (isinstance(tree, type) and issubclass(tree, NativeTreeBuilder)):
                raise TypeError(f"unexpected keyword argument(s): {', '.join(sorted(options))}")
            self.tree = tree(self.namespaceHTMLElements, **options)
        else:
            self.tree = tree(self.namespaceHTMLElements)
        self.errors: list = []
        self.innerHTMLMode = False
        self.container: Any = None
        self.scripting = False
        self.compatMode = "no quirks"

    # -- html5lib's API --------------------------------------------------

    def parse(self, stream: Any, scripting: bool = False, **kwargs: Any) -> Any:
        """Parse a whole document: a str, bytes or a file-like object (text
        or binary; bytes are decoded with the HTML standard's encoding
        sniffing, steered by the encoding keywords).  Returns the builder's
        document (etree: the ``<html>`` Element)."""
        return self._parse(stream, False, None, scripting, kwargs)

    def parseFragment(self, stream: Any, container: str = "div", scripting: bool = False, **kwargs: Any) -> Any:
        """Parse a fragment as the ``innerHTML`` of a ``container`` element
        (default ``div``; extension: ``"svg path"``, ``"math mi"``)."""
        if container is None:
            container = "div"
        return self._parse(stream, True, container, scripting, kwargs)

    @property
    def documentEncoding(self) -> str | None:
        """The name of the encoding the input was decoded with (``utf-8``
        for str input, as in html5lib), or None before any parse."""
        tokenizer = getattr(self, "tokenizer", None)
        if tokenizer is None:
            return None
        return tokenizer.stream.charEncoding[0].name

    @property
    def encoding(self) -> str | None:
        """(Extension) the encoding bytes were decoded with; None for str
        input or before any parse."""
        tokenizer = getattr(self, "tokenizer", None)
        decoded = tokenizer.stream._decoded if tokenizer is not None else None
        return decoded.encoding if decoded is not None else None

    # -- the parse ---------------------------------------------------------

    def _parse(self, stream: Any, inner_html: bool, container: Any, scripting: bool, kwargs: dict) -> Any:
        from ..encoding.bytestream import ENCODING_KEYWORDS, parse_with_reparse
        from ..treeconstruction import context_element

        self.innerHTMLMode = inner_html
        self.container = container
        self.scripting = bool(scripting)
        context = context_element(container) if inner_html else None
        labels = [k for k in kwargs if k.endswith("_encoding")]
        if labels and _is_text(stream):
            # html5lib 1.1's HTMLInputStream, word for word: any *_encoding
            # keyword, even None, with text input.
            raise TypeError("Cannot set an encoding with a unicode input, set %r" % labels)
        unknown = set(kwargs) - {"useChardet", *ENCODING_KEYWORDS}
        if unknown:
            raise TypeError(f"unexpected keyword argument(s): {', '.join(sorted(unknown))}")
        # None means "not given"; labels the Encoding Standard does not know
        # are ignored, as html5lib 1.1 ignores them.
        encoding = {k: v for k, v in kwargs.items() if v is not None}
        for keyword in ENCODING_KEYWORDS:
            if keyword in encoding:
                label = _known_label(encoding[keyword], keyword)
                if label is None:
                    del encoding[keyword]
                else:
                    encoding[keyword] = label
        if isinstance(stream, str):
            # A useChardet with text input has nothing to do (html5lib 1.1
            # raised TypeError, which lxml and others had to work around).
            encoding.pop("useChardet", None)
        if isinstance(stream, str) and not encoding:
            result = self._build(stream, context, None)
        else:
            result = parse_with_reparse(
                stream, lambda decoded: self._build(decoded.text, context, decoded), **encoding
            )
        if self.strict and self.errors:
            first = self.errors[0]
            raise ParseError(f"{first.code} at line {first.line}, column {first.column}", first)
        return result

    def _build(self, text: str, context: Any, decoded: Any) -> Any:
        # specparser.treeconstruction.build_tree in its two halves, to keep
        # the tokenizer: tokenizer.stream.position() reads its offset.
        from ..treeconstruction import prepare_tree_construction, run_tree_construction

        tree = self.tree
        if isinstance(tree, NativeTreeBuilder):
            builder = tree.new_adapter()
        else:
            builder = ProtocolTreeBuilder(tree)
        errors: list | None = [] if self.collect_errors else None
        self.errors = errors if errors is not None else []
        tokenizer = prepare_tree_construction(text, builder, self.scripting, errors, context, decoded)
        self.tokenizer = TokenizerView(tokenizer, decoded)
        result = run_tree_construction(tokenizer, builder, errors)
        self.compatMode = _QUIRKS_NAMES.get(getattr(builder, "quirks_mode", "no-quirks"), "no quirks")
        if isinstance(tree, NativeTreeBuilder):
            tree.document = result
        return result


def _is_text(stream: Any) -> bool:
    """Whether html5lib 1.1 would take ``stream`` as text: a str, or a file
    whose ``read(0)`` gives a str (never asked of an HTTP response, whose
    ``read(0)`` closes the connection: python/cpython#64206)."""
    if isinstance(stream, str):
        return True
    from http.client import HTTPResponse

    if isinstance(stream, HTTPResponse) or isinstance(getattr(stream, "fp", None), HTTPResponse):
        return False
    read = getattr(stream, "read", None)
    return callable(read) and isinstance(read(0), str)


def _known_label(label: Any, keyword: str) -> str | None:
    """``label`` if the Encoding Standard knows it (html5lib also takes an
    ASCII bytes label), else None.  A label of another type is a TypeError."""
    from ..encoding.decoding import get_an_encoding

    if isinstance(label, (bytes, bytearray)):
        try:
            label = bytes(label).decode("ascii")
        except UnicodeDecodeError:
            return None
    if not isinstance(label, str):
        raise TypeError(f"HTMLParser.parse: {keyword} must be an encoding label (str) or None, not {type(label).__name__}")
    return label if get_an_encoding(label) is not None else None


def _adapter_class(cls: type) -> type[NativeTreeBuilder]:
    """A builder class for a specparser TreeBuilder subclass given directly
    (an extension of ``tree=``)."""
    from ..builders import BUILDERS

    for name, entry in BUILDERS.items():
        if entry[1] == cls.__name__ and cls.__module__ == entry[0]:
            return native_builder_class(name)

    class TreeBuilder(NativeTreeBuilder):
        __qualname__ = "TreeBuilder"
        builder_name = "etree"

        def __init__(self, namespaceHTMLElements: bool = True, **options: Any) -> None:
            self.namespaceHTMLElements = bool(namespaceHTMLElements)
            self.defaultNamespace = HTML_NAMESPACE if namespaceHTMLElements else None
            self.adapter_options = options
            self.adapter_class = cls
            self.document = None
            self.adapter = None
            self._unused = self._make_adapter()

    return TreeBuilder
