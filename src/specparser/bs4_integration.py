"""specparser as a Beautiful Soup tree builder: the bs4 side of the bridge.

:class:`SpecParserTreeBuilder` is the ``bs4.builder.TreeBuilder`` that
``BeautifulSoup(markup, builder=SpecParserTreeBuilder)`` (or
``BeautifulSoup(markup, "specparser")`` after ``import specparser.bs4``,
which registers it) uses.  Its ``feed`` decodes bytes with specparser's
encoding sniffing (honouring bs4's ``from_encoding`` and
``exclude_encodings``, re-parsing when a late ``<meta charset>`` changes the
encoding) and runs the parser with the adapter
:class:`specparser.builders.bs4.SoupBuilder`, which builds the tree.

The adapter module builds trees and nothing else; this one holds what bs4's
builder protocol needs on top (registration lives in :mod:`specparser.bs4`).
Both names stay importable from ``specparser.builders.bs4`` too.
"""

from __future__ import annotations

import codecs
import warnings
from typing import Any, Callable, Iterable, Iterator

# First: without beautifulsoup4 this raises the ImportError that names the
# extra to install.
from .builders.bs4 import SoupBuilder  # isort: skip

from bs4 import BeautifulSoup
from bs4.builder import HTML_5, PERMISSIVE, DetectsXMLParsedAsHTML, HTMLTreeBuilder
from bs4.element import Tag

from .fragment_context import parse_fragment_context
from .treeconstruction import build_tree

__all__ = ["SpecParserTreeBuilder", "sniffing_keywords"]


class SpecParserTreeBuilder(HTMLTreeBuilder):
    """A Beautiful Soup tree builder running specparser, the WHATWG HTML
    parsing algorithm.

    ``BeautifulSoup(markup, builder=SpecParserTreeBuilder)`` works as is;
    ``BeautifulSoup(markup, "specparser")`` once ``specparser.bs4`` has been
    imported (which registers it).  The trees are those of the HTML
    standard (what browsers build), like bs4's ``html5lib`` builder gives,
    but with bs4's string containers (``Script``, ``Stylesheet`` ...),
    ``parse_only`` and ``exclude_encodings`` supported and source positions
    of the tag's ``<`` (as ``html.parser`` gives them).

    ``fragment_context`` (``BeautifulSoup(snippet, "specparser",
    fragment_context="tr")``) parses the markup with the HTML fragment
    parsing algorithm (what ``innerHTML`` does) in the context of that
    element: ``"div"``, ``"tr"``, ``"svg path"``, ``"math mi"`` ... The
    soup's children are then the fragment's nodes, with no html/head/body
    around them.  Without it a snippet is parsed as a whole document, as
    bs4's html5lib builder does.
    """

    NAME = "specparser"
    ALTERNATE_NAMES: list[str] = []
    # Never "html" or "fast": BeautifulSoup(markup) and
    # BeautifulSoup(markup, "html") must keep finding what they found before.
    features = [NAME, HTML_5, PERMISSIVE]
    TRACKS_LINE_NUMBERS = True
    # The options survive pickling (the builder holds no parser state).
    picklable = True

    def __init__(self, *args: Any, fragment_context: str | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fragment_context = _fragment_context(fragment_context)

    def prepare_markup(
        self,
        markup: Any,
        user_specified_encoding: str | None = None,
        document_declared_encoding: str | None = None,
        exclude_encodings: Iterable[str] | None = None,
    ) -> Iterator[tuple[Any, str | None, str | None, bool]]:
        """Markup goes to :meth:`feed` unchanged: bytes are decoded there, by
        specparser's encoding sniffing (which may have to decode again
        when a late ``<meta charset>`` changes the encoding), and ``feed``
        sets ``soup.original_encoding``.  ``from_encoding`` and
        ``exclude_encodings`` are kept for it."""
        DetectsXMLParsedAsHTML.warn_if_markup_looks_like_xml(markup, stacklevel=3)
        self.user_specified_encoding = user_specified_encoding
        self.exclude_encodings = list(exclude_encodings or ())
        yield markup, None, None, False

    def feed(self, markup: Any) -> None:
        soup = self.soup
        if soup is None:
            raise ValueError("feed() needs a BeautifulSoup object: use BeautifulSoup(markup, builder=...)")
        user_encoding = getattr(self, "user_specified_encoding", None)
        exclude = getattr(self, "exclude_encodings", ())
        # Used once: a later feed (unpickling, copy) starts afresh.
        self.user_specified_encoding = None
        self.exclude_encodings = []
        if isinstance(markup, str):
            if markup:
                _build(soup, markup, None, self.fragment_context)
            # An empty document stays empty (not html/head/body): bs4's
            # copy() of a soup parses "" and then appends copies of the
            # original's children.
            return
        if not isinstance(markup, (bytes, bytearray, memoryview)):
            raise TypeError(f"markup must be str or bytes, not {type(markup).__name__}")
        data = bytes(markup)
        if not data:
            return
        from .encoding import parse_with_reparse

        decoded = parse_with_reparse(
            data,
            lambda decoded: _build(soup, decoded.text, decoded, self.fragment_context),
            **sniffing_keywords(data, user_encoding, exclude),
        )
        soup.original_encoding = decoded.encoding
        soup.declared_html_encoding = _declared_encoding(data)
        soup.contains_replacement_characters = _has_replacements(decoded.text, data, decoded.encoding)

    def test_fragment_to_document(self, fragment: str) -> str:
        if self.fragment_context is not None:
            return fragment
        return "<html><head></head><body>%s</body></html>" % fragment


def _fragment_context(context: Any) -> tuple[str, str] | None:
    """``"td"`` -> an HTML td; ``"svg path"`` / ``"math mi"`` -> foreign
    context elements (the html5lib-tests spelling), by the rule every entry
    point shares."""
    if context is None:
        return None
    return parse_fragment_context(context, "SpecParserTreeBuilder", "fragment_context")


def _build(soup: BeautifulSoup, text: str, decoded: Any, context: tuple[str, str] | None = None) -> Any:
    """Parse ``text`` into ``soup`` (emptied first: this is also the
    re-parse after an encoding change).  Returns ``decoded``."""
    soup.contents = []
    adapter = SoupBuilder(soup=soup)
    build_tree(text, adapter, decoded=decoded, context=context)
    if adapter.replay:
        built = soup.contents
        soup.contents = []
        _replay(soup, built)
    return decoded


def _replay(soup: BeautifulSoup, nodes: list[Any]) -> None:
    """Feed a built (unlinked) tree to bs4's event API, for ``parse_only``:
    bs4's ``handle_starttag`` and string checks apply the SoupStrainer.
    Strings go in as they are (``endData`` would collapse whitespace)."""
    strainer = soup.parse_only
    assert strainer is not None  # replayed only for parse_only
    tag_stack = soup.tagStack

    def add_string(text: str, base: Any) -> None:
        if len(tag_stack) <= 1 and not strainer.allow_string_creation(text):
            return
        soup.object_was_parsed(soup.string_container(base)(text))

    # Each level: the iterator over a node list, and the tag to close when
    # it runs out (None when bs4 rejected the tag or at the top).
    stack: list[tuple[Iterator[Any], Any]] = [(iter(nodes), None)]
    while stack:
        iterator, _ = stack[-1]
        for node in iterator:
            if node.__class__ is str:
                add_string(node, None)
            elif node.__class__ is list:
                add_string("".join(node), None)
            elif isinstance(node, Tag):
                accepted = soup.handle_starttag(
                    node.name,
                    node.namespace,
                    node.prefix,
                    # bs4's hint says raw str values; a built Tag's attrs
                    # already hold the multi-valued ones (class) as lists,
                    # which the Tag constructor handle_starttag calls takes
                    # (_replace_cdata_list_attribute_values accepts both).
                    node.attrs,  # type: ignore[arg-type]
                    sourceline=node.sourceline,
                    sourcepos=node.sourcepos,
                )
                stack.append((iter(node.contents), node if accepted is not None else None))
                break
            else:
                add_string(str(node), node.__class__)
        else:
            _, closing = stack.pop()
            if closing is not None:
                soup.handle_endtag(closing.name)


# -- bytes ---------------------------------------------------------------


def sniffing_keywords(
    data: bytes,
    user_specified_encoding: str | None = None,
    exclude_encodings: Iterable[str] | None = None,
) -> dict[str, Any]:
    """The keywords for specparser's encoding sniffing
    (:func:`specparser.encoding.decode_for_parse`) that honour bs4's
    ``from_encoding`` and ``exclude_encodings``.

    https://html.spec.whatwg.org/#encoding-sniffing-algorithm: a byte order
    mark wins; then ``from_encoding`` (the user's override, confidence
    certain); then the ``<meta>`` prescan; then step 8, autodetection:
    bytes that are valid UTF-8 are UTF-8, others go to the detector bs4's
    own builders use (:func:`_bs4_detector`) when one is installed; then
    windows-1252, the spec's default.  A candidate named in
    ``exclude_encodings`` (by any label) is passed over: when the prescan's
    encoding is excluded, the later steps' answer becomes an override so
    that the prescan cannot choose it.  (A byte order mark cannot be
    excluded.)  An unknown ``from_encoding`` label is ignored with a warning.
    """
    from .encoding import bom_sniff, get_an_encoding, is_valid_utf8
    from .encoding.detectors import autodetect_the_character_encoding

    excluded = set()
    for label in exclude_encodings or ():
        name = get_an_encoding(label) if isinstance(label, str) else None
        excluded.add(name or str(label).lower())
    if bom_sniff(data) is not None:
        return {}
    if user_specified_encoding:
        user = _encoding_for_label(user_specified_encoding)
        if user is None:
            warnings.warn(
                f"from_encoding={user_specified_encoding!r} is not an encoding label of the "
                "WHATWG Encoding Standard; ignored",
                stacklevel=5,
            )
        elif user not in excluded:
            return {"override_encoding": user}
    declared = _declared_encoding(data)
    fallback = next((name for name in ("windows-1252", "utf-8") if name not in excluded), "windows-1252")
    utf8 = "utf-8" not in excluded and is_valid_utf8(data)
    detector = None if utf8 else _bs4_detector(excluded)
    if declared is not None and declared in excluded:
        detected = autodetect_the_character_encoding(data, detector) if detector is not None else None
        return {"override_encoding": "utf-8" if utf8 else detected or fallback}
    if utf8:
        return {"likely_encoding": "utf-8"}
    return {"default_encoding": fallback, "detector": detector}


def _bs4_detector(excluded: set[str]) -> Callable[[bytes], str | None] | None:
    """The detector bs4's own builders ask (``bs4.dammit``: cchardet, chardet
    or charset-normalizer, whichever is installed), or ``None``; its answers
    naming an excluded encoding are dropped.  charset-normalizer is asked
    through :func:`specparser.encoding.detectors.charset_normalizer_detector`,
    which keeps windows-1252 when other encodings read the text as well."""
    from bs4 import dammit

    from .encoding.detectors import charset_normalizer_detector, encoding_of_detector_answer

    module = getattr(dammit, "chardet_module", None)
    if module is None:
        return None
    if module.__name__ == "charset_normalizer":
        detect: Callable[[bytes], str | None] = charset_normalizer_detector
    else:
        detect = lambda sample: module.detect(sample).get("encoding")  # noqa: E731

    def detector(sample: bytes) -> str | None:
        label = detect(sample)
        return None if encoding_of_detector_answer(label) in excluded else label

    return detector


def _encoding_for_label(label: str) -> str | None:
    """The Encoding Standard's encoding for a ``from_encoding`` label; a
    Python codec name that is not one of the standard's labels
    (``"latin-1"``, ``"utf_8"``, ``"euc_kr"``) is tried under the codec's
    canonical names."""
    from .encoding import get_an_encoding

    if not isinstance(label, str):
        raise TypeError(f"from_encoding must be a str, not {type(label).__name__}")
    name = get_an_encoding(label)
    if name is not None:
        return name
    try:
        python_name = codecs.lookup(label).name
    except LookupError:
        return None
    for candidate in (python_name, python_name.replace("_", "-")):
        name = get_an_encoding(candidate)
        if name is not None:
            return name
    return None


def _declared_encoding(data: bytes) -> str | None:
    from .encoding import prescan_a_byte_stream_to_determine_its_encoding

    return prescan_a_byte_stream_to_determine_its_encoding(data)


def _has_replacements(text: str, data: bytes, encoding: str | None) -> bool:
    """Did decoding turn bad bytes into U+FFFD (rather than U+FFFD being
    encoded in the document)?  Only checked when a U+FFFD is present."""
    if "\ufffd" not in text:
        return False
    from .encoding.labels import MULTI_BYTE_ENCODINGS, PYTHON_CODECS

    if encoding in MULTI_BYTE_ENCODINGS:
        # Python's codecs of these names decode otherwise than the standard
        # (cp932 takes 0xA0 for U+F8F0, gbk rejects the four-byte range):
        # the standard's decoders say.
        from .encoding.multibyte import decoding_met_an_error

        return decoding_met_an_error(text, data, encoding)
    codec = PYTHON_CODECS.get(encoding or "")
    if codec is None:
        return True
    try:
        data.decode(codec)
    except (UnicodeDecodeError, LookupError):
        return True
    return False
