"""What one fuzz input exercises, shared by the atheris driver
(``fuzz_parser.py``) and the pytest replay of saved inputs
(``test_fuzz_regressions.py``).

:func:`exercise` takes raw bytes and drives every public entry point with
them.  Besides "no exception", it checks properties that hold for *every*
input, so the fuzzer finds wrong trees too, not only crashes:

* the tokenizer's fast paths give the same tokens and the same parse errors
  as the plain state machine (``fast_paths=False``);
* every tree type (etree, lxml, bs4, dom) walks back to the same
  html5lib-tests dump, for documents and fragments (lxml only when it did
  not have to drop or replace anything, see :mod:`specparser.infoset`):
  the dom tree with every attribute (minidom's own ``setAttribute`` keys
  ``lang`` and ``xml:lang`` alike) and the whole DOCTYPE name, the lxml
  tree with its comments and PIs on the same side of the DOCTYPE;
* every parse error has a line and column inside the input;
* the serializer gives the same markup from every tree type, and that
  markup parses again without error;
* bytes go through encoding sniffing, with and without a transport
  encoding label;
* the html5lib-compatible top level (parse, parseFragment, serialize with
  the etree, dom and lxml tree types) raises nothing.

The comparisons use the core API (builder registry + ``build_tree``), so
each adapter is tested as it is, not through the facade.

The first byte of an input chooses options (tokenizer state, fragment
context, scripting, transport label); the rest is the document, decoded as
UTF-8 with ``surrogateescape`` so that invalid UTF-8 becomes lone surrogates
in the text.  The same bytes, undecoded, are the bytes input.
"""

from __future__ import annotations

import warnings
from typing import Any

import specparser
from specparser import html5lib_compat
from specparser import tokens
from specparser.serializer import serialize_html
from specparser.testformat import dump_events
from specparser.tokenizer import tokenize

try:  # optional tree types: exercised when their library is installed
    import lxml.etree  # noqa: F401

    HAVE_LXML = True
except ImportError:  # pragma: no cover
    HAVE_LXML = False
try:
    import bs4  # noqa: F401

    HAVE_BS4 = True
except ImportError:  # pragma: no cover
    HAVE_BS4 = False

# Fragment contexts: every insertion mode "reset the insertion mode
# appropriately" can pick, the tokenizer states a context switches to, and
# foreign contexts (integration points included).
CONTEXTS = (
    "div", "body", "html", "head", "table", "tbody", "tr", "td", "th",
    "caption", "colgroup", "select", "template", "title", "textarea",
    "style", "script", "xmp", "iframe", "noembed", "noframes", "noscript",
    "plaintext", "frameset", "option", "optgroup", "p", "a", "button", "form",
    "li", "ul", "svg svg", "svg path", "svg foreignObject", "svg title",
    "svg desc", "math math", "math mi", "math mtext", "math annotation-xml",
    "math mo",
)  # fmt: skip

TOKENIZER_STATES = (
    tokens.DATA_STATE,
    tokens.RCDATA_STATE,
    tokens.RAWTEXT_STATE,
    tokens.SCRIPT_DATA_STATE,
    tokens.PLAINTEXT_STATE,
    tokens.CDATA_SECTION_STATE,
)
LAST_START_TAGS = (None, "title", "textarea", "style", "script", "xmp", "plaintext", "a")

# Transport-layer labels, known and unknown (an unknown one must be ignored).
TRANSPORT_LABELS = (None, "utf-8", "windows-1252", "shift_jis", "utf-16le", "iso-2022-jp", "x-user-defined", "gb18030", "bogus-label")

# lxml coercions that lose information, so the lxml tree cannot walk back
# to the same dump (the reversible ones are undone by the lxml walker).
_LOSSY = frozenset({"characters", "xmlns attribute", "redundant xmlns attribute", "dropped doctype", "moved after doctype"})


class Mismatch(AssertionError):
    """A property that holds for every input did not hold."""


def split(data: bytes) -> tuple[int, str, bytes]:
    """(option byte, text, bytes) of one fuzz input."""
    if not data:
        return 0, "", b""
    body = data[1:]
    return data[0], body.decode("utf-8", "surrogateescape"), body


def _tokenizer(text: str, option: int) -> None:
    state = TOKENIZER_STATES[option % len(TOKENIZER_STATES)]
    last = LAST_START_TAGS[(option >> 3) % len(LAST_START_TAGS)]
    cdata = bool(option & 0x40)
    fast_errors: list = []
    slow_errors: list = []
    fast = tokenize(text, state=state, last_start_tag=last, errors=fast_errors, cdata_allowed=cdata)
    slow = tokenize(
        text, state=state, last_start_tag=last, errors=slow_errors, cdata_allowed=cdata, fast_paths=False
    )
    if fast != slow:
        raise Mismatch(f"fast paths give other tokens than the state machine: {fast!r} != {slow!r}")
    fast_codes = [(e.code, e.line, e.column) for e in fast_errors]
    slow_codes = [(e.code, e.line, e.column) for e in slow_errors]
    if fast_codes != slow_codes:
        raise Mismatch(f"fast paths give other errors: {fast_codes!r} != {slow_codes!r}")


def _dump(tree_type: str, result: Any) -> str:
    return dump_events(specparser.get_walker(tree_type)(result))


class Parsed:
    """What a core parse reports besides the tree: the parse errors and the
    encoding bytes were decoded with (None for str input)."""

    __slots__ = ("errors", "encoding")

    def __init__(self) -> None:
        self.errors: list = []
        self.encoding: str | None = None


def _parse(tree_type: str, source, context: str | None = None, scripting: bool = False, **kw):
    """Parse with the core API (builder registry, tree construction, the
    encoding layer), the adapter used as it is: ``(Parsed, tree)``."""
    from specparser.encoding import parse_with_reparse
    from specparser.treeconstruction import build_tree, context_element

    options: dict = {}
    if tree_type == "etree":
        options["fullTree"] = True
    elif tree_type == "bs4":
        # bs4 splits class (rel, headers ...) values on whitespace and joins
        # them with one space; keep the DOM's value to compare it.
        options["multi_valued_attributes"] = None
    builder_class = specparser.get_builder(tree_type)
    pair = None if context is None else context_element(context)
    info = Parsed()

    def build(decoded):
        info.errors = []
        info.encoding = decoded.encoding if decoded is not None else None
        text = decoded.text if decoded is not None else source
        builder = builder_class(namespaceHTMLElements=True, **options)
        return build_tree(text, builder, scripting=scripting, errors=info.errors, context=pair, decoded=decoded)

    if isinstance(source, str) and not kw:
        return info, build(None)
    return info, parse_with_reparse(source, build, **kw)


def _check_errors(parser: Any, text: str) -> None:
    lines = text.replace("\r\n", "\n").replace("\r", "\n").count("\n") + 1
    for error in parser.errors:
        if not (1 <= error.line <= lines and error.column >= 0):
            raise Mismatch(f"parse error outside the input: {error!r} ({lines} lines)")


def _trees(text: str, context: str | None, scripting: bool) -> str:
    """Parse to every tree type; they must dump the same.  Returns the dump."""
    parser, result = _parse("etree", text, context, scripting)
    _check_errors(parser, text)
    expected = _dump("etree", result)
    markup = serialize_html(result, "etree", scripting=scripting, doctype_ids=True)
    if HAVE_LXML:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            _, lxml_result = _parse("lxml", text, context, scripting)
        lossy = any(
            set(getattr(w.message, "counts", {})) & _LOSSY for w in caught
        )
        if not lossy:
            got = _dump("lxml", lxml_result)
            if got != expected:
                raise Mismatch(f"lxml tree differs from etree:\n{got}\n---- etree:\n{expected}")
            if context is None:
                # Documents only (a fragment's lxml result is html5lib's
                # list shape).
                lxml_markup = serialize_html(lxml_result, "lxml", scripting=scripting, doctype_ids=True)
                if lxml_markup != markup:
                    raise Mismatch(f"lxml serializes differently:\n{lxml_markup!r}\n{markup!r}")
    _, dom_result = _parse("dom", text, context, scripting)
    got = _dump("dom", dom_result)
    if got != expected:
        raise Mismatch(f"dom tree differs from etree:\n{got}\n---- etree:\n{expected}")
    dom_markup = serialize_html(dom_result, "dom", scripting=scripting, doctype_ids=True)
    if dom_markup != markup:
        raise Mismatch(f"dom serializes differently:\n{dom_markup!r}\n{markup!r}")
    if HAVE_BS4:
        _, soup = _parse("bs4", text, context, scripting)
        got = _dump("bs4", soup)
        if got != expected:
            raise Mismatch(f"bs4 tree differs from etree:\n{got}\n---- etree:\n{expected}")
        bs4_markup = serialize_html(soup, "bs4", scripting=scripting, doctype_ids=True)
        if bs4_markup != markup:
            raise Mismatch(f"bs4 serializes differently:\n{bs4_markup!r}\n{markup!r}")
    # The serialization must itself parse (no exception), in the same way.
    if context is None:
        html5lib_compat.parse(markup, scripting=scripting)
    else:
        html5lib_compat.parseFragment(markup, context, scripting=scripting)
    return expected


def _bytes(data: bytes, option: int) -> None:
    label = TRANSPORT_LABELS[option % len(TRANSPORT_LABELS)]
    kw = {"transport_encoding": label} if label else {}
    parser = html5lib_compat.HTMLParser("etree", fullTree=True)
    result = parser.parse(data, **kw)
    if not isinstance(parser.encoding, str):
        raise Mismatch(f"bytes input gave no encoding name: {parser.encoding!r}")
    dump = _dump("etree", result)
    if HAVE_BS4:
        _, soup = _parse("bs4", data, None, False, **kw)
        got = _dump("bs4", soup)
        if got != dump:
            raise Mismatch(f"bs4 tree of bytes differs from etree:\n{got}\n---- etree:\n{dump}")


def _facade(text: str, context: str, scripting: bool) -> None:
    """The html5lib-compatible top level (``import specparser as
    html5lib``): parse, parseFragment and serialize with html5lib's tree
    types.  Only "no exception" is checked here; the trees are the core's."""
    for tree in ("etree", "dom", *(("lxml",) if HAVE_LXML else ())):
        document = html5lib_compat.parse(text, treebuilder=tree, scripting=scripting)
        html5lib_compat.serialize(document, tree=tree)
        fragment = html5lib_compat.parseFragment(text, container=context, treebuilder=tree, scripting=scripting)
        html5lib_compat.serialize(fragment, tree=tree)


def exercise(data: bytes) -> None:
    """Run one fuzz input through every entry point; raise on any failure."""
    option, text, raw = split(data)
    scripting = bool(option & 0x80)
    _tokenizer(text, option)
    _trees(text, None, scripting)
    _trees(text, CONTEXTS[option % len(CONTEXTS)], scripting)
    _bytes(raw, option)
    _facade(text, CONTEXTS[option % len(CONTEXTS)], scripting)
