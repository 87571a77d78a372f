"""specparser's native API: :func:`parse`, :func:`parse_fragment`,
:func:`serialize`, with the defaults a scraper expects.

* **Plain names.**  HTML elements are named ``a``, ``p``, ``div`` in every
  tree type, so ``iter("a")``, ``xpath("//a")``, ``cssselect("a")`` and
  ``select("a")`` find them; SVG and MathML elements keep their namespaces.
  ``html_namespace=True`` puts HTML elements in the DOM's XHTML namespace
  (``{http://www.w3.org/1999/xhtml}a``) instead.
* **Bytes are decoded as a browser does**
  (https://html.spec.whatwg.org/#encoding-sniffing-algorithm), with step 8's
  autodetection on: bytes that are valid UTF-8 and declare nothing are
  read as UTF-8 (``detect_utf8=False`` for the spec's default,
  ``default_encoding``, windows-1252).  :class:`ParseInfo` says which step
  decided.
* **Typed**: the result type follows ``tree`` (``@overload`` per tree
  name); every option is a keyword with a type; a wrong type or value is a
  ``TypeError`` / ``ValueError`` naming the function and the parameter.
* **Errors on request**: pass a list as ``errors`` and the parse appends a
  :class:`specparser.ParseError` for each parse error (``code``, ``line``,
  ``column``, ``message``, ``details``).

html5lib's API (``parse(doc, treebuilder=..., namespaceHTMLElements=True)``
and the rest) is :mod:`specparser.html5lib_compat`, unchanged.
"""

from __future__ import annotations

from typing import IO, TYPE_CHECKING, Any, Callable, Literal, Protocol, Union, overload

from .constants import HTML_NAMESPACE
from .encoding.decoding import get_an_encoding, unknown_label_message
from .encoding.detectors import resolve_detector
from .errors import ParseError
from .etree_document import HTMLElementTree
from .fragment_context import parse_fragment_context
from .locator_warning import warn_if_locator
from .treebuilder import TreeBuilder

if TYPE_CHECKING:
    from typing_extensions import TypedDict, Unpack  # for 3.10; only the type checker reads it

    from xml.dom.minidom import Document, DocumentFragment, Node as DomNode
    from xml.etree.ElementTree import Element, ElementTree

    from bs4 import BeautifulSoup
    from bs4.element import PageElement
    from lxml.etree import _Element, _ElementTree
    from lxml.html import HtmlElement

    from .encoding.bytestream import DecodedInput
    from .sanitizer import SanitizerLike

__all__ = ["Markup", "ParseInfo", "ParseJob", "TreeName", "parse", "parse_fragment", "serialize"]


class _Readable(Protocol):
    """A file opened for reading (binary, or text already decoded)."""

    def read(self) -> bytes | str: ...


#: What :func:`parse` and :func:`parse_fragment` read: text, bytes, or a file.
Markup = Union[str, bytes, bytearray, memoryview, _Readable, IO[bytes]]
#: The tree types known by name.
TreeName = Literal["etree", "lxml", "lxml.html", "bs4", "dom"]
_TREE_NAMES: tuple[str, ...] = ("etree", "lxml", "lxml.html", "bs4", "dom")

_CONFIDENCES = ("certain", "tentative", "irrelevant")


class ParseInfo:
    """Filled in by :func:`parse` / :func:`parse_fragment` when passed as
    ``info``: how the input was read.

    * ``encoding``: the encoding the bytes were decoded with (``None`` for
      str input);
    * ``encoding_source``: the step that chose it: ``"bom"``,
      ``"override"`` (the ``encoding`` argument), ``"transport"``,
      ``"prescan"`` (a ``<meta>`` in the first 1,024 bytes),
      ``"utf-8-detection"`` (valid UTF-8, ``detect_utf8``), ``"detector"``
      (the ``detector`` argument's answer), ``"default"``,
      or ``"meta"`` (a later ``<meta>`` changed it); ``None`` for str input;
    * ``confidence``: the spec's ``"certain"``, ``"tentative"`` or
      ``"irrelevant"`` (str input);
    * ``quirks_mode``: ``"no-quirks"``, ``"quirks"`` or ``"limited-quirks"``.
    """

    __slots__ = ("encoding", "encoding_source", "confidence", "quirks_mode")

    def __init__(self) -> None:
        self.encoding: str | None = None
        self.encoding_source: str | None = None
        self.confidence: str = "irrelevant"
        self.quirks_mode: str = "no-quirks"

    def __repr__(self) -> str:
        return (
            f"ParseInfo(encoding={self.encoding!r}, encoding_source={self.encoding_source!r}, "
            f"confidence={self.confidence!r}, quirks_mode={self.quirks_mode!r})"
        )


if TYPE_CHECKING:

    class ParseOptions(TypedDict, total=False):
        """The keyword options of :func:`parse` and :func:`parse_fragment`,
        written once for their typed overloads (the implementations list
        them with their defaults and documentation)."""

        html_namespace: bool | str
        scripting: bool
        encoding: str | None
        transport_encoding: str | None
        default_encoding: str
        detect_utf8: bool
        detector: str | Callable[[bytes], str | None] | None
        errors: list[ParseError] | None
        info: ParseInfo | None
        shadow_roots: bool
        sanitizer: SanitizerLike | None
        safe: bool


# -- parse -------------------------------------------------------------------


@overload
def parse(
    markup: Markup,
    tree: Literal["etree"] = ...,
    **options: Unpack[ParseOptions],
) -> HTMLElementTree: ...
@overload
def parse(
    markup: Markup,
    tree: Literal["lxml"],
    **options: Unpack[ParseOptions],
) -> _ElementTree[_Element]: ...
@overload
def parse(
    markup: Markup,
    tree: Literal["lxml.html"],
    **options: Unpack[ParseOptions],
) -> _ElementTree[HtmlElement]: ...
@overload
def parse(
    markup: Markup,
    tree: Literal["bs4"],
    **options: Unpack[ParseOptions],
) -> BeautifulSoup: ...
@overload
def parse(
    markup: Markup,
    tree: Literal["dom"],
    **options: Unpack[ParseOptions],
) -> Document: ...
@overload
def parse(
    markup: Markup,
    tree: TreeBuilder | type[TreeBuilder] | str,
    **options: Unpack[ParseOptions],
) -> Any: ...
def parse(
    markup: Markup,
    tree: TreeName | TreeBuilder | type[TreeBuilder] | str = "etree",
    *,
    html_namespace: bool | str = False,
    scripting: bool = False,
    encoding: str | None = None,
    transport_encoding: str | None = None,
    default_encoding: str = "windows-1252",
    detect_utf8: bool = True,
    errors: list[ParseError] | None = None,
    info: ParseInfo | None = None,
    detector: str | Callable[[bytes], str | None] | None = None,
    shadow_roots: bool = False,
    sanitizer: SanitizerLike | None = None,
    safe: bool = True,
) -> Any:
    """Parse an HTML document (https://html.spec.whatwg.org/#parsing).

    :param markup: ``str``; or ``bytes`` (``bytearray``, ``memoryview``) or a
        binary file, decoded by the HTML encoding sniffing algorithm.
    :param tree: ``"etree"`` (an :class:`specparser.HTMLElementTree`, an
        ``xml.etree.ElementTree.ElementTree`` whose root is ``<html>``),
        ``"lxml"`` / ``"lxml.html"`` (an ``lxml.etree._ElementTree``; with
        lxml.html's element classes for the latter), ``"bs4"`` (a
        ``BeautifulSoup``), ``"dom"`` (an ``xml.dom.minidom.Document``), or a
        :class:`specparser.treebuilder.TreeBuilder` instance or subclass
        (its ``finish()`` result).
    :param html_namespace: ``True`` (or the XHTML namespace URL) puts HTML
        elements in the XHTML namespace; default: plain names.
    :param scripting: parse as with scripting enabled (``<noscript>`` is raw
        text).
    :param encoding: an encoding label that overrides everything but a byte
        order mark (the spec's "user override").
    :param transport_encoding: the charset of the HTTP ``Content-Type``
        header; a label the Encoding Standard does not know is skipped, as
        the spec says for the transport layer.
    :param default_encoding: the encoding when nothing else decides.
    :param detect_utf8: read undeclared bytes that are valid UTF-8 as UTF-8
        (the spec's step 8, autodetection); ``False`` for the spec's plain
        default.
    :param detector: step 8 with a real detector, for bytes that nothing
        earlier decided and that are not valid UTF-8: ``"charset-normalizer"``
        (``pip install 'specparser-html[detect]'``) or a callable taking the
        bytes and returning an encoding label or ``None``.  It is given the
        text without the markup, when that has at least 8 bytes beyond
        ASCII.  Its answer goes through the Encoding Standard's labels (and
        Python's codec names); one naming no encoding, or UTF-16,
        ``replacement`` or ``x-user-defined``, is ignored
        (:mod:`specparser.encoding.detectors`).
    :param errors: a list the parse errors are appended to.
    :param info: a :class:`ParseInfo` to fill in (encoding, how it was
        chosen, quirks mode).
    :param shadow_roots: the standard's "allow declarative shadow roots"
        (off, as for ``DOMParser`` and ``innerHTML``; on, as a browser
        parses a page it navigates to, or ``Document.parseHTMLUnsafe``): a
        ``<template shadowrootmode="open|closed">`` becomes its parent's
        shadow root.  How each tree type holds one:
        ``docs/guides/shadow-roots.md``.
    :param sanitizer: sanitize while the tree is built, as the Sanitizer
        API's ``Document.parseHTML`` does: a :class:`specparser.Sanitizer`,
        a configuration dict in the API's JSON shape, or ``"default"``
        (``None``, the default: no sanitizing).  See
        :mod:`specparser.sanitizer`.
    :param safe: with a ``sanitizer``: ``True`` (the default) also removes
        what executes script whatever the configuration allows
        (``parseHTML``); ``False`` applies the configuration only
        (``parseHTMLUnsafe``).
    """
    return _run(
        "parse", markup, tree, False, None, html_namespace, scripting, encoding,
        transport_encoding, default_encoding, detect_utf8, errors, info,
        detector, shadow_roots, sanitizer, safe,
    )  # fmt: skip


# -- parse_fragment ------------------------------------------------------------


@overload
def parse_fragment(
    markup: Markup,
    context: str = ...,
    tree: Literal["etree"] = ...,
    **options: Unpack[ParseOptions],
) -> list[Element | str]: ...
# Each other tree type twice: ``tree`` positional after ``context``, or a
# keyword with ``context`` left at its default.
@overload
def parse_fragment(
    markup: Markup,
    context: str,
    tree: Literal["lxml"],
    **options: Unpack[ParseOptions],
) -> list[_Element | str]: ...
@overload
def parse_fragment(
    markup: Markup,
    context: str = ...,
    *,
    tree: Literal["lxml"],
    **options: Unpack[ParseOptions],
) -> list[_Element | str]: ...
@overload
def parse_fragment(
    markup: Markup,
    context: str,
    tree: Literal["lxml.html"],
    **options: Unpack[ParseOptions],
) -> list[HtmlElement | str]: ...
@overload
def parse_fragment(
    markup: Markup,
    context: str = ...,
    *,
    tree: Literal["lxml.html"],
    **options: Unpack[ParseOptions],
) -> list[HtmlElement | str]: ...
@overload
def parse_fragment(
    markup: Markup,
    context: str,
    tree: Literal["bs4"],
    **options: Unpack[ParseOptions],
) -> BeautifulSoup: ...
@overload
def parse_fragment(
    markup: Markup,
    context: str = ...,
    *,
    tree: Literal["bs4"],
    **options: Unpack[ParseOptions],
) -> BeautifulSoup: ...
@overload
def parse_fragment(
    markup: Markup,
    context: str,
    tree: Literal["dom"],
    **options: Unpack[ParseOptions],
) -> DocumentFragment: ...
@overload
def parse_fragment(
    markup: Markup,
    context: str = ...,
    *,
    tree: Literal["dom"],
    **options: Unpack[ParseOptions],
) -> DocumentFragment: ...
@overload
def parse_fragment(
    markup: Markup,
    context: str,
    tree: TreeBuilder | type[TreeBuilder] | str,
    **options: Unpack[ParseOptions],
) -> Any: ...
@overload
def parse_fragment(
    markup: Markup,
    context: str = ...,
    *,
    tree: TreeBuilder | type[TreeBuilder] | str,
    **options: Unpack[ParseOptions],
) -> Any: ...
def parse_fragment(
    markup: Markup,
    context: str = "div",
    tree: TreeName | TreeBuilder | type[TreeBuilder] | str = "etree",
    *,
    html_namespace: bool | str = False,
    scripting: bool = False,
    encoding: str | None = None,
    transport_encoding: str | None = None,
    default_encoding: str = "windows-1252",
    detect_utf8: bool = True,
    errors: list[ParseError] | None = None,
    info: ParseInfo | None = None,
    detector: str | Callable[[bytes], str | None] | None = None,
    shadow_roots: bool = False,
    sanitizer: SanitizerLike | None = None,
    safe: bool = True,
) -> Any:
    """Parse ``markup`` as the contents of a ``context`` element, as
    ``innerHTML`` does (https://html.spec.whatwg.org/#html-fragment-parsing-algorithm).

    ``context`` is an HTML element name (``"div"``, ``"tr"``,
    ``"textarea"``), or ``"svg NAME"`` / ``"math NAME"`` for a foreign
    element; ``None`` or anything else is a TypeError / ValueError.  The
    result holds the fragment's top-level nodes: for ``"etree"``,
    ``"lxml"`` and ``"lxml.html"`` a list (the leading text if there is
    any, then the nodes, each with its ``tail``), for ``"bs4"`` a
    ``BeautifulSoup``, for ``"dom"`` a ``DocumentFragment``.  Put it into
    a tree with :func:`specparser.insert_fragment`, which moves the text
    too.  Other arguments as :func:`parse` (``shadow_roots=True`` parses as
    ``setHTMLUnsafe`` does); with a ``sanitizer`` this is ``setHTML``
    (``safe=True``: nothing at all for a ``script`` context) or
    ``setHTMLUnsafe`` (``safe=False``).
    """
    return _run(
        "parse_fragment", markup, tree, True, context, html_namespace, scripting, encoding,
        transport_encoding, default_encoding, detect_utf8, errors, info,
        detector, shadow_roots, sanitizer, safe,
    )  # fmt: skip


# -- the shared work ---------------------------------------------------------


def _run(function: str, markup: Any, tree: Any, fragment: bool, context_name: Any, *options: Any) -> Any:
    """Check every argument (so a bad one fails whatever the input), read
    the input, run tree construction (again after an encoding change that
    needs a re-parse) and give the result its public shape."""
    from .encoding import parse_with_reparse

    # ``options``: parse()'s keywords after ``tree``, in its order (ParseJob's parameters).
    job = ParseJob(function, tree, context_name, *options, fragment=fragment)
    data = _read(function, markup)
    warn_if_locator(f"{function}()", markup, stacklevel=3, tree=tree)
    if job.drops_input:
        data = ""
    if isinstance(data, str):
        job.check_text_input("markup is already a str")
        return job.result(*job.parse_text(job.text_input(data)))
    return job.result(
        *parse_with_reparse(
            data,
            job.parse_text,
            override_encoding=job.override,
            transport_encoding=job.transport_encoding,
            default_encoding=job.default,
            detect_utf8=job.detect_utf8,
            detector=job.detector,
        )
    )


class ParseJob:
    """The checked options of one :func:`parse` / :func:`parse_fragment`
    call or one :class:`specparser.Parser` (``function`` names it in error
    messages; the rest are :func:`_run`'s parameters, in the order of
    :func:`parse`'s keywords), and the work the one-shot and the
    incremental parsers share: a builder for each pass
    (:attr:`make_builder`), :meth:`result`."""

    def __init__(
        self,
        function: str,
        tree: Any,
        context_name: str | None,
        html_namespace: Any,
        scripting: Any,
        encoding: Any,
        transport_encoding: Any,
        default_encoding: Any,
        detect_utf8: Any,
        errors: Any,
        info: Any,
        detector: Any = None,
        shadow_roots: Any = False,
        sanitizer: Any = None,
        safe: Any = True,
        *,
        fragment: bool | None = None,
    ) -> None:
        self.function = function
        self.tree = tree
        # A fragment's context is checked whatever it is (None too: it would
        # otherwise parse a whole document).
        self.fragment = context_name is not None if fragment is None else fragment
        self.context = _context(function, context_name) if self.fragment else None
        namespace_html = _html_namespace(function, html_namespace, tree)
        self.html_namespace = namespace_html
        self.make_builder = _builder_factory(function, tree, namespace_html)
        for name, value in (("scripting", scripting), ("detect_utf8", detect_utf8), ("shadow_roots", shadow_roots)):
            if not isinstance(value, bool):
                raise TypeError(f"{function}(): {name} must be a bool, not {type(value).__name__}")
        self.scripting: bool = scripting
        self.shadow_roots: bool = shadow_roots
        self.detect_utf8: bool = detect_utf8
        self.encoding = encoding
        self.override = _label(function, "encoding", encoding, optional=True)
        self.default: str = _label(function, "default_encoding", default_encoding, optional=False)  # type: ignore[assignment]
        if transport_encoding is not None and not isinstance(transport_encoding, str):
            raise TypeError(
                f"{function}(): transport_encoding must be an encoding label (str) or None, "
                f"not {type(transport_encoding).__name__}"
            )
        self.transport_encoding: str | None = transport_encoding
        if errors is not None and not isinstance(errors, list):
            raise TypeError(f"{function}(): errors must be a list (parse errors are appended) or None, not {type(errors).__name__}")
        if info is not None and not isinstance(info, ParseInfo):
            raise TypeError(f"{function}(): info must be a specparser.ParseInfo or None, not {type(info).__name__}")
        self.errors: list[ParseError] | None = errors
        self.info: ParseInfo | None = info
        self.detector = resolve_detector(detector, f"{function}()")
        # The Sanitizer API's filter around the builder; a safe parse in a
        # script context parses nothing.
        self.drops_input = False
        if sanitizer is not None or not isinstance(safe, bool):
            self.make_builder, self.drops_input = _sanitizing(function, self.make_builder, sanitizer, safe, self.context)

    def check_text_input(self, why: str) -> None:
        """Text needs no decoding: the encoding options are mistakes."""
        for name, value in (("encoding", self.encoding), ("transport_encoding", self.transport_encoding)):
            if value is not None:
                raise TypeError(f"{self.function}(): {name} applies to bytes; {why}")

    @staticmethod
    def text_input(text: str) -> DecodedInput:
        from .encoding import DecodedInput

        return DecodedInput(text, None, "irrelevant", None)

    def parse_text(self, decoded: DecodedInput) -> tuple[Any, Any, list[ParseError] | None, DecodedInput]:
        """One pass of tree construction over the whole decoded text."""
        from .treeconstruction import build_tree

        builder = self.make_builder()
        found: list[ParseError] | None = [] if self.errors is not None else None
        result = build_tree(
            decoded.text, builder, self.scripting, found, self.context, decoded, shadow_roots=self.shadow_roots
        )
        return result, builder, found, decoded

    def report(self, builder: Any, found: list[ParseError] | None, decoded: DecodedInput) -> str:
        """The caller's ``errors`` and ``info`` filled in; returns the
        quirks mode."""
        quirks_mode: str = getattr(builder, "quirks_mode", "no-quirks")
        errors = self.errors
        if errors is not None and found:
            errors.extend(found)
        info = self.info
        if info is not None:
            info.encoding = decoded.encoding
            info.encoding_source = decoded.encoding_source
            info.confidence = decoded.confidence
            info.quirks_mode = quirks_mode
        return quirks_mode

    def result(self, result: Any, builder: Any, found: list[ParseError] | None, decoded: DecodedInput) -> Any:
        """The caller's errors and info filled in, the result in its public
        shape."""
        quirks_mode = self.report(builder, found, decoded)
        if self.tree == "etree":
            if self.fragment:
                # A list like lxml's, not the builder's DOCUMENT_FRAGMENT
                # element, which an append() would insert as an element.
                return ([result.text] if result.text else []) + list(result)
            return HTMLElementTree(result, quirks_mode)
        if self.tree == "bs4" and decoded.encoding is not None:
            result.original_encoding = decoded.encoding
        return result


def _sanitizing(
    function: str, make_builder: Callable[[], TreeBuilder], sanitizer: Any, safe: Any, context: Any
) -> tuple[Callable[[], TreeBuilder], bool]:
    """The builder factory wrapped in the Sanitizer API's filter, and
    whether the input is dropped (a safe parse in a ``script`` context: the
    standard's "set and filter HTML" step 1)."""
    if not isinstance(safe, bool):
        raise TypeError(f"{function}(): safe must be a bool, not {type(safe).__name__}")
    if sanitizer is None:
        return make_builder, False
    from .constants import SVG_NAMESPACE
    from .sanitizer import SanitizingTreeBuilder, get_a_sanitizer_instance_from_options

    instance = get_a_sanitizer_instance_from_options(sanitizer, safe, f"{function}()")
    drops = bool(safe and context is not None and context[0] == "script" and context[1] in (HTML_NAMESPACE, SVG_NAMESPACE))
    return (lambda: SanitizingTreeBuilder(make_builder(), instance, safe)), drops


def _context(function: str, context: Any) -> tuple[str, str]:
    # The rule every entry point shares (specparser.fragment_context).
    return parse_fragment_context(context, f"{function}()", "context")


def _html_namespace(function: str, value: Any, tree: Any) -> bool:
    if isinstance(value, str) and not isinstance(value, bool):
        if value != HTML_NAMESPACE:
            raise ValueError(
                f"{function}(): html_namespace must be True, False or {HTML_NAMESPACE!r} "
                f"(the namespace the DOM gives HTML elements), not {value!r}"
            )
        value = True
    if not isinstance(value, bool):
        raise TypeError(f"{function}(): html_namespace must be a bool, not {type(value).__name__}")
    if value and not isinstance(tree, str):
        raise ValueError(f"{function}(): html_namespace applies to the named tree types; a TreeBuilder names its own elements")
    return value


def _builder_factory(function: str, tree: Any, namespace_html: bool) -> Callable[[], TreeBuilder]:
    """A function that makes the builder for one pass over the input (a
    re-parse after an encoding change needs a fresh one)."""
    if isinstance(tree, str):
        if tree not in _TREE_NAMES:
            raise ValueError(f"{function}(): tree must be one of {', '.join(map(repr, _TREE_NAMES))} or a TreeBuilder, not {tree!r}")
        from .builders import get_builder

        cls: Callable[..., TreeBuilder] = get_builder(tree)
        options: dict[str, bool] = {"namespaceHTMLElements": namespace_html}
        if tree == "etree":
            options["fullTree"] = True  # HTMLElementTree keeps the DOCTYPE and comments
        return lambda: cls(**options)
    if isinstance(tree, TreeBuilder):
        # One instance for every pass: a re-parse calls its start_document
        # (or start_fragment) again.
        return lambda: tree
    if isinstance(tree, type) and issubclass(tree, TreeBuilder):
        return tree
    raise TypeError(
        f"{function}(): tree must be a tree name ({', '.join(_TREE_NAMES)}) or a "
        f"specparser.treebuilder.TreeBuilder, not {type(tree).__name__}"
    )


def _label(function: str, parameter: str, label: Any, *, optional: bool) -> str | None:
    """The encoding a caller's own label names; an unknown label is a
    ValueError (these are the caller's choices, not a server's)."""
    if label is None and optional:
        return None
    if not isinstance(label, str):
        allowed = "an encoding label (str) or None" if optional else "an encoding label (str)"
        raise TypeError(f"{function}(): {parameter} must be {allowed}, not {type(label).__name__}")
    name = get_an_encoding(label)
    if name is None:
        raise ValueError(f"{function}(): {parameter}: {unknown_label_message(label)}")
    return name


def _read(function: str, markup: Any) -> bytes | str:
    from .encoding.bytestream import _read_source

    try:
        return _read_source(markup)
    except TypeError as error:
        raise TypeError(f"{function}(): markup must be str, bytes or a binary file: {error}") from None


# -- serialize -----------------------------------------------------------------

#: Anything :func:`serialize` writes: a document, fragment or node of any
#: supported tree type.
# (Fragment lists by their exact types: a Sequence of str would take a str.)
Node = Union[
    "ElementTree[Element]", "Element", "list[Element | str]",
    "_ElementTree[Any]", "_Element", "list[_Element | str]", "list[HtmlElement | str]",
    "PageElement", "DomNode",
]  # fmt: skip


def serialize(
    node: Node,
    *,
    scripting: bool = False,
    doctype_ids: bool = True,
    serializable_shadow_roots: bool = True,
    shadow_roots: Any = (),
) -> str:
    """The HTML markup of ``node``, by the spec's serialization algorithm
    (https://html.spec.whatwg.org/#serialising-html-fragments), for a node
    of any supported tree type, recognised by its class: ElementTree, lxml
    (an ``_ElementTree``, an element, or a fragment list), BeautifulSoup,
    xml.dom.minidom.

    A document or fragment gives its children (the DOCTYPE included); an
    element its outer HTML.  ``doctype_ids`` (default ``True``) keeps the
    DOCTYPE's public and system identifiers, which the spec's algorithm
    drops: without them a page can re-parse in another quirks mode, into
    another tree.  ``scripting`` writes ``<noscript>`` text as is, as the
    algorithm does when scripting is enabled.

    Shadow roots (``parse(..., shadow_roots=True)``) are written as
    ``getHTML({serializableShadowRoots, shadowRoots})`` writes them: the
    serializable ones (``serializable_shadow_roots=True``, the default)
    and those in ``shadow_roots`` (``True`` for all of them, or the shadow
    root nodes: a holder template, a minidom ``ShadowRoot``), each as a
    ``<template shadowrootmode>`` before its host's children.
    ``parse(serialize(tree, shadow_roots=True), shadow_roots=True)`` gives
    the tree back.
    """
    for name, value in (("scripting", scripting), ("doctype_ids", doctype_ids)):
        if not isinstance(value, bool):
            raise TypeError(f"serialize(): {name} must be a bool, not {type(value).__name__}")
    from .serializer import _RAW_TEXT_PARENTS_SCRIPTING, RAW_TEXT_PARENTS, _serialize, escape_string, shadow_root_filter, walker_for

    include = shadow_root_filter("serialize()", serializable_shadow_roots, shadow_roots)

    if isinstance(node, list):
        texts = [item for item in node if isinstance(item, str)]
        if len(texts) == len(node):
            # An lxml fragment of text only (or nothing): no tree to walk.
            return "".join(escape_string(item) for item in texts)
    tree = _tree_type_of(node)
    raw_parents = _RAW_TEXT_PARENTS_SCRIPTING if scripting else RAW_TEXT_PARENTS
    return _serialize(walker_for(tree)(node), raw_parents, doctype_ids, False, include)


def _tree_type_of(node: object) -> str:
    """The tree type name whose walker reads ``node``, from its class (the
    tree libraries are not imported to find out)."""
    import xml.dom.minidom
    from xml.etree import ElementTree as ET

    if isinstance(node, (ET.Element, ET.ElementTree)):
        return "etree"
    if isinstance(node, xml.dom.minidom.Node):
        return "dom"
    candidates: list[object] = [node]
    if isinstance(node, list):
        # An etree or lxml fragment: the leading text, then the nodes.
        candidates = [item for item in node if not isinstance(item, str)]
        if candidates and all(isinstance(item, ET.Element) for item in candidates):
            return "etree"
    packages = {cls.__module__.partition(".")[0] for item in candidates for cls in type(item).__mro__}
    if "lxml" in packages:
        return "lxml"
    if "bs4" in packages and not isinstance(node, list):
        return "bs4"
    raise TypeError(
        f"serialize(): node must be a document, fragment or node of a supported tree "
        f"(ElementTree, lxml, BeautifulSoup, xml.dom.minidom), not {type(node).__name__}"
    )
