"""The lxml adapter: parse straight into :mod:`lxml.etree` trees.

``specparser.parse(source, "lxml")`` returns an
``lxml.etree._ElementTree``; ``parse_fragment(..., tree="lxml")``
returns a list, as html5lib 1.1's lxml builder does: the leading text (a
``str``) first if there is any, then the top-level elements and comments
(each carrying the text that follows it as its ``.tail``; they are detached,
``getparent()`` is ``None``).

* **Elements.**  HTML elements are ``{http://www.w3.org/1999/xhtml}p`` by
  default, with the XHTML namespace declared as the default namespace on the
  root (``etree.tostring`` writes ``<html xmlns="http://www.w3.org/1999/xhtml">``),
  and plain ``p`` with ``namespaceHTMLElements=False`` (what XPath and
  CSS-selector users want).  SVG and MathML elements always carry their
  namespace.  Namespaced attributes (``xlink:href`` on SVG) are
  ``{namespace}local`` keys.
* **lxml.html classes.**  ``treebuilder="lxml.html"`` (or
  ``LxmlTreeBuilder(html_classes=True)``) builds the same tree with
  :mod:`lxml.html`'s element classes, so ``.text_content()``,
  ``.make_links_absolute()``, ``.cssselect()`` (with the ``cssselect``
  package) work.  CSS selectors match plain tags: combine it with
  ``namespaceHTMLElements=False``.
* **The DOCTYPE** is the document's internal DTD, as html5lib's lxml
  builder makes it: ``tree.docinfo.internalDTD`` has ``name``,
  ``external_id`` and ``system_url``; ``tree.docinfo.public_id`` and
  ``system_url`` are set.  (lxml 6 reports ``docinfo.doctype`` and writes the
  DOCTYPE in ``tostring`` with the *root element's* name, and only when it
  equals the DOCTYPE's name, as it does for ``<!DOCTYPE html>``.)
* **The document** is a libxml2 HTML document, as lxml.html's own parser
  makes (with no DTD unless the source has a DOCTYPE): the tree and
  ``etree.tostring`` are the same as in an XML document, but lxml then
  checks names added to the tree later by its HTML rules (``el.set("a b",
  "")`` is not refused, as in lxml.html trees), and ``docinfo.xml_version``
  is ``None``.  The exceptions are a DOCTYPE named otherwise than the root
  element and comments before the DOCTYPE, which only lxml's XML parser can
  place: such a document is an XML document.
* **Comments** before and after the root element are its siblings
  (``root.itersiblings(preceding=True)`` / ``root.itersiblings()``), and
  ``etree.tostring(tree)`` writes them, those that came before the DOCTYPE
  before it (a hundred at most: more are put after it, counted as
  ``MOVED_AFTER_DOCTYPE``, since lxml's serializer, through which the
  walker reads their place, looks for the DTD from the first node for each
  node it writes).  A DOCTYPE name of any length is kept (libxml2's
  50,000-character limit on names is lifted for the DTD's parse).
* **Processing instructions** (``<?target data>``, 2026) are ``etree.PI``
  nodes (``target``, ``text``), placed as comments are.  lxml's XML
  serialization writes them ``<?target data?>``; ``lxml.html.tostring``
  writes ``<?target data>``, which the standard's serializer no longer does
  (use :func:`specparser.serializer.serialize_html`).
* **Source lines.**  Every element and comment made for a token has
  ``sourceline``, the 1-based line of that token (of the original token, for
  a formatting element the parser reconstructs), as lxml's own parser sets
  it; elements the parser implies (``<html>``, ``<head>``, ``<tbody>`` without
  a tag) have none.  libxml2 stores 16 bits: from line 65535 on, lxml
  reads ``sourceline`` as None (lxml.html's own parser gives 65535).
* **Template contents** are the ``<template>`` element's own children (as
  in the etree adapter and in lxml.html's own parser), so XPath and
  ``iter()`` see them.  The parser never appends anything else to a
  template element, so :func:`specparser.walkers.lxml.walk` reports all
  children of an HTML ``template`` as its template contents.
* **Shadow roots** (``shadow_roots=True``): the host's first child, a
  ``template`` element marked with the attribute ``shadowRoot``
  (:mod:`specparser.shadow_dom`); ``parent_of`` answers None for it.
* **Infoset coercion.**  Wherever lxml would refuse a name or value, the
  rules of https://html.spec.whatwg.org/#coercing-an-html-dom-into-an-infoset
  are applied (:mod:`specparser.infoset`): ``foo<bar`` becomes
  ``fooU00003Cbar``, comments with ``--`` get a space, form feeds in text
  become spaces, ``xmlns`` attributes are dropped.  Names, DOCTYPEs and
  comments are coerced reversibly and :mod:`specparser.walkers.lxml`
  restores them.  Every coercion is counted in the builder's ``coercions``
  (:class:`specparser.infoset.CoercionLog`), and a document that lost
  anything (characters lxml cannot hold, an ``xmlns`` attribute that said
  something the tree does not) gets exactly one
  :class:`specparser.infoset.DataLossWarning` (whose ``counts`` says what),
  issued when parsing finishes; a reversible coercion alone is no loss.
  Quirks mode is kept only as the builder's ``quirks_mode`` attribute.
* **lxml.html keeps HTML's names.**  The ``lxml.html`` tree is an HTML
  document, and it keeps every name lxml.html's own parser keeps:
  attribute names as they are (``xml:lang``, ``xmlns:og``, ``foo<bar``,
  ``rel:gt_act``; ``xmlns`` too on un-namespaced HTML elements, where no
  namespace declaration can clash with it), and, with
  ``namespaceHTMLElements=False``, element names such as ``g:plusone``
  (lxml's API refuses them, so such an element is made by libxml2's HTML
  parser, as lxml.html's parser makes it).  Only names with characters
  lxml cannot store at all (controls) are coerced.  The XML ``lxml`` tree
  coerces exactly as the spec says.
"""

from __future__ import annotations

import bisect
import copy
import sys
from functools import partial
from itertools import accumulate, islice
from typing import Any, Final, TYPE_CHECKING

try:
    from lxml import etree
except ImportError as exc:  # pragma: no cover - exercised in a subprocess test
    raise ImportError(
        "specparser's lxml tree builder needs lxml, which is not installed: "
        "pip install specparser-html[lxml]"
    ) from exc

from .. import infoset
from ..constants import HTML_NAMESPACE, XLINK_NAMESPACE, prefixes
from ..infoset import (
    ATTRIBUTE_NAME,
    CHARACTERS,
    COMMENT,
    DOCTYPE,
    ELEMENT_NAME,
    PROCESSING_INSTRUCTION,
    REDUNDANT_XMLNS,
    XMLNS_ATTRIBUTE,
    CoercionLog,
    coerce_characters,
    coerce_comment,
    coerce_name,
    count_bad_characters,
)
from ..shadow_dom import drop_unclonable_holders, holder_attributes, insert_holder, is_holder, is_unclonable_holder
from ..treebuilder import TreeBuilder
from ._deferred_moves import DeferredMoves
from ._text_runs import NO_TEXT, TextRuns
from .._mypyc import mypyc_attr

if TYPE_CHECKING:
    from ..incremental.positions import SourceLines

_sub_element: Final = etree.SubElement  # (Final: a constant in the compiled build)

__all__ = ["LxmlTreeBuilder", "LxmlHtmlTreeBuilder", "LxmlDocument"]

_Comment: Final = etree.Comment
_PI: Final = etree.PI
# Trees are built in libxml2 *HTML* documents, as lxml.html's own parser
# builds them: lxml then checks the names of new elements and attributes by
# its HTML rules, not by XML's Name production.  Every name the parser
# hands lxml is a valid XML name already (the infoset coercion sees to that),
# so the tree and its XML serialization are the same; the XML checks were a
# third of lxml's own work per element (for each name lxml's b':' test also
# raises and clears a TypeError inside CPython).
_HTML_DOCUMENT_PARSER: Final = etree.HTMLParser()
_DROP: Final = object()  # attribute key cache: this attribute is dropped
_PLACEHOLDER: Final = "specparser-placeholder"  # see _append_unchecked
_XLINK_CLARK: Final = "{%s}" % XLINK_NAMESPACE
_XLINK_LEN: Final = len(_XLINK_CLARK)
_NO_SOURCE: Final = sys.maxsize  # LxmlTreeBuilder._line_pos without a str source
_MAX_BEFORE_DOCTYPE: Final = 100  # comments and PIs kept before the DOCTYPE (_create_root)
# lxml operations that walk far (LxmlTreeBuilder._long_walk) the builder
# lets lxml make before it defers the tree's moves (_deferred_moves): bounds
# that walking to this many times the tree; no corpus page makes one.
_LONG_WALKS_BEFORE_DEFERRING: Final = 8
# Inserting before a node at least this deep walks far (lxml's addprevious
# and insert walk up to the root to rule out a cycle).
_DEEP: Final = 64

# The hot caches start as these tables of the HTML standard's element and
# attribute names (and common SVG attributes) that lxml takes as they are,
# made once here: a page uses a few dozen of them, and a builder that
# learned each one sent it through the slow path once per document (about 1
# element in 30 on the corpus).  A builder shares the tables until it meets
# a name they lack, and then copies them (_own_tags, _own_plain_keys: ~27 k
# instructions, which a short fragment of the standard's names never pays).
# They never learn names from pages: a cache shared by builders would keep
# such names alive, and the memory around them, for the life of the process.
_KNOWN_ELEMENTS: Final = """a abbr address area article aside audio b base bdi bdo blockquote body br
    button canvas caption cite code col colgroup data datalist dd del details dfn dialog div dl
    dt em embed fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 head header hgroup hr
    html i iframe img input ins kbd label legend li link main map mark menu meta meter nav
    noscript object ol optgroup option output p picture pre progress q rp rt ruby s samp script
    search section select selectedcontent slot small source span strong style sub summary sup
    table tbody td template textarea tfoot th thead time title tr track u ul var video wbr
    center font nobr tt big strike frame frameset noframes marquee applet""".split()
_KNOWN_ATTRIBUTES: Final = """abbr accept accept-charset accesskey action allow allowfullscreen alt as
    async autocapitalize autocomplete autofocus autoplay blocking charset checked cite class
    color cols colspan content contenteditable controls coords crossorigin data datetime
    decoding default defer dir dirname disabled download draggable enctype enterkeyhint
    fetchpriority for form formaction formenctype formmethod formnovalidate formtarget headers
    height hidden high href hreflang http-equiv id inert inputmode integrity is itemid itemprop
    itemref itemscope itemtype kind label lang list loading loop low max maxlength media method
    min minlength multiple muted name nomodule nonce novalidate open optimum pattern ping
    placeholder playsinline popover popovertarget poster preload property readonly
    referrerpolicy rel required reversed role rows rowspan sandbox scope selected shape size
    sizes slot span spellcheck src srcdoc srclang srcset start step style tabindex target title
    translate type usemap value width wrap align bgcolor border cellpadding cellspacing valign
    face frameborder scrolling marginwidth marginheight language onclick onload onerror
    aria-label aria-hidden aria-expanded aria-controls aria-haspopup aria-labelledby
    aria-describedby aria-current aria-live d fill stroke viewBox transform points x y cx cy r
    rx ry x1 y1 x2 y2 version focusable preserveAspectRatio opacity fill-rule clip-rule
    fill-opacity stroke-width stroke-linecap stroke-linejoin""".split()


def _known_html_tags(namespace_html: bool) -> dict[str, str]:
    tags = {name: name for name in _KNOWN_ELEMENTS if coerce_name(name) == name}
    if namespace_html:
        tags = {name: "{%s}%s" % (HTML_NAMESPACE, name) for name in tags}
    return tags


# namespaceHTMLElements -> HTML element name -> lxml tag (str; ASCII bytes).
_KNOWN_HTML_TAGS: Final = {flag: _known_html_tags(flag) for flag in (True, False)}  # never changed
_KNOWN_HTML_TAG_BYTES: Final = {flag: {n: t.encode("ascii") for n, t in tags.items()} for flag, tags in _KNOWN_HTML_TAGS.items()}
# Attribute names lxml takes as they are in every kind of tree (no coercion,
# not xmlns).
_KNOWN_PLAIN_KEYS: Final = frozenset(
    name for name in _KNOWN_ATTRIBUTES if coerce_name(name) == name and not infoset.is_xmlns_attribute(name)
)


class _Kind:
    """How one kind of tree (lxml.etree or lxml.html classes) makes its
    nodes."""

    __slots__ = ("parser", "xml_parser", "comment", "pi")

    def __init__(self, parser: Any, xml_parser: Any, comment: Any, pi: Any) -> None:
        # The document is made by an HTML parser (see _new_element); the
        # XML parser is for the rare DOCTYPE that needs parsing
        # (_create_root).  Comments and PIs are made outside the tree.
        self.parser = parser
        self.xml_parser = xml_parser
        self.comment = comment
        self.pi = pi


# The XML parser reads only what _create_root writes (a prologue of
# comments and PIs that are valid XML already, a DOCTYPE whose name is an XML
# name, an empty root), never the input's markup: huge_tree lifts libxml2's
# 50,000-character limit on names (and 10 MB on comments), which a DOCTYPE
# name in the input may pass (issue 31).
# (Not Final: tests put a parser with limits in its place.)
_ETREE_KIND = _Kind(_HTML_DOCUMENT_PARSER, etree.XMLParser(huge_tree=True), _Comment, _PI)
_HTML_KINDS: list[_Kind] = []


def _html_classes_kind() -> _Kind:
    """lxml.html's parsers, whose element class lookup gives lxml.html
    classes (every node made with a tree node's makeelement inherits it),
    and its comment and PI classes; lxml.html imported on first use."""
    if not _HTML_KINDS:
        from lxml import html as lxml_html

        _HTML_KINDS.append(
            _Kind(
                lxml_html.html_parser,
                lxml_html.XHTMLParser(huge_tree=True),  # see _ETREE_KIND
                lxml_html.HtmlComment,
                lxml_html.HtmlProcessingInstruction,
            )
        )
    return _HTML_KINDS[0]


class _NameCaches:
    """The builder's name caches that only a miss of its two hot ones
    (``_html_tags``, ``_plain_keys``) consults: kept out of the builder's
    own attributes, as CPython 3.11 reads and writes an object with more
    than 29 instance attributes by a slower path (a dict with hints
    instead of inline values), on every hot-path access."""

    __slots__ = (
        "tags",
        "coerced_tags",
        "keys",
        "coerced_keys",
        "parsed_names",
        "name_probe",
        "nsmaps",
        "foreign_tags",
        "foreign_scope",
    )

    def __init__(self, html_classes: bool) -> None:
        # (name, namespace) -> lxml tag; attribute key -> lxml key.
        self.tags: dict[tuple[str, str], str] = {}
        self.coerced_tags: dict[tuple[str, str], str] = {}
        self.keys: dict[Any, Any] = {}
        self.coerced_keys: dict[Any, Any] = {}
        # lxml.html: element names lxml's API refuses but libxml2's HTML
        # parser makes (name -> whether it does), and an element to try
        # attribute names on.
        self.parsed_names: dict[str, bool] | None = {} if html_classes else None
        self.name_probe: Any = None
        # namespace -> the nsmap declared on a foreign element.
        self.nsmaps: dict[str, dict] = {}
        # (name, namespace) -> the ASCII bytes of an uncoerced foreign tag.
        self.foreign_tags: dict[tuple[str, str], bytes] = {}
        # (namespace, element, element): elements of that foreign namespace
        # (the last one made and its parent, or the last one twice), under
        # which an element of the namespace needs no nsmap (see
        # LxmlTreeBuilder._append_new_element).
        self.foreign_scope: tuple[Any, Any, Any] = (None, None, None)


class LxmlDocument:
    """The Document node while parsing (lxml has no document node before
    it has a root element).  :meth:`LxmlTreeBuilder.finish` returns the
    ``_ElementTree`` instead."""

    __slots__ = ("before_root",)

    def __init__(self) -> None:
        self.before_root: list[Any] = []


@mypyc_attr(allow_interpreted_subclasses=True)  # subclassed by users
class LxmlTreeBuilder(TextRuns):
    """Builds :mod:`lxml.etree` trees; see the module docstring."""

    # The source is only asked for newlines (count, and newline_offsets in
    # _line_of): the incremental parser's SourceLines will do.
    source_lines_suffice = True
    # Whether a shadow root was attached (attach_shadow_root).
    _holds_shadow_roots = False
    # lxml operations that walk far the builder may still make before moves
    # are deferred (_long_walk); below 0 from the start: deferred from the
    # root element on.  And the deferred structure, once they are.  (Class
    # defaults: they become instance attributes only in a document that
    # walks far, keeping the builder's attributes fast.)
    _long_walks_left: int = _LONG_WALKS_BEFORE_DEFERRING
    _deferred: DeferredMoves | None = None

    def __init_subclass__(cls, **keywords: Any) -> None:
        # A subclass that overrides create_element or append expects every
        # element to go through them: give it the plain append_new_element.
        super().__init_subclass__(**keywords)
        own = vars(cls)
        if "append_new_element" not in own and ("create_element" in own or "append" in own):
            cls.append_new_element = TreeBuilder.append_new_element  # type: ignore[method-assign]

    def __init__(
        self, namespaceHTMLElements: bool = True, html_classes: bool = False, fullTree: bool = False
    ) -> None:
        # ``fullTree`` is accepted for html5lib compatibility: like html5lib's
        # lxml builder, this one always returns the whole _ElementTree.
        self.namespace_html = bool(namespaceHTMLElements)
        self.html_classes = bool(html_classes)
        # The document is made by an HTML parser (see _new_element); the
        # XML parser is for the rare DOCTYPE that needs parsing (_create_root).
        self._kind = _html_classes_kind() if html_classes else _ETREE_KIND
        self.coercions = CoercionLog()
        self.quirks_mode = "no-quirks"
        self.document: LxmlDocument | None = None
        self.tree: Any = None
        self.root: Any = None
        self._fragment: Any = None
        self._doctype: tuple[str, str, str] | None = None
        self._comments_before_doctype = 0
        # The source, or the incremental parser's SourceLines (its line_at
        # answers for the part parsed so far).
        self._source: str | SourceLines | None = None
        # The source when it is a str, where lines are counted on from one
        # token to the next; typed str so that the compiled build calls
        # str.count directly (as a Python method call on the wider type,
        # its arguments parsed, it cost ~800 instructions an element).
        self._text = ""
        self._line = 1
        # The line of offset _line_pos is _line in _text; without a str
        # source, an offset no token reaches, so the hot path's one
        # comparison rules it out (a SourceLines answers in _line_of).
        self._line_pos = _NO_SOURCE
        self._newlines: list[int] | None = None
        # Bound ``makeelement`` of a node in the tree being built: new nodes
        # are created in that document, so appending them is cheap.
        self._make: Any = None
        # The last top-level node after the root (comments after </html>).
        self._last_top: Any = None
        # Caches: (name, namespace) -> lxml tag; attribute key -> lxml key.
        # Names that needed coercion live in separate caches, so the common
        # case costs one dict lookup and coercions can still be counted.
        # (Both start as the shared _KNOWN_HTML_TAGS: see _own_tags.)
        self._html_tags = _KNOWN_HTML_TAGS[self.namespace_html]
        # The same tags as ASCII bytes, for append_new_element's SubElement:
        # lxml takes bytes as they are, where it encodes a str to a new
        # bytes object each time (~200 instructions an element).  Names
        # with other characters are left out (lxml takes only ASCII bytes).
        self._html_tag_bytes = _KNOWN_HTML_TAG_BYTES[self.namespace_html]
        # (The caches used only on a miss of those two are in _caches.)
        self._caches = _NameCaches(html_classes)
        # Attribute names lxml may take as they are (no coercion, not
        # xmlns): an HTML element whose names are all here is made with
        # them in one call.  lxml does not check them in an HTML document.
        # (It starts as the shared _KNOWN_PLAIN_KEYS: see _own_plain_keys.)
        self._plain_keys: set[str] | frozenset[str] = _KNOWN_PLAIN_KEYS
        # The rare document only lxml's XML parser can make (see
        # _create_root): lxml checks its names by XML's rules.
        self._xml_document = False
        # The text buffering (TextRuns): the place of the last text written
        # and the pieces for it not written yet.
        self._text_parent: Any = None
        self._text_before: Any = None
        self._text_parts: list[str] | None = None
        # The node most recently appended and its parent (TextRuns).
        self._last_parent: Any = None
        self._last_child: Any = None

    # -- life cycle ------------------------------------------------------

    def start_document(self) -> Any:
        self.document = LxmlDocument()
        return self.document

    def start_fragment(self) -> Any:
        self._fragment = _new_element(self._kind.parser, "DOCUMENT_FRAGMENT", None)
        self._make = self._fragment.makeelement
        if self._long_walks_left < 0:
            self._defer_moves()
        return self._fragment

    def hold_nodes_weakly(self) -> None:
        """The event interfaces (:mod:`specparser.events`) report nodes as
        they are built and let the caller drop them: moves are never
        deferred, as the deferred structure holds every node, and would
        report elements whose children are not in them yet."""
        self._long_walks_left = sys.maxsize

    def finish(self) -> Any:
        if self._text_parts is not None:
            self._flush_text()
        if self._deferred is not None:
            self._assemble()
        if self._fragment is not None:
            result: Any = self._finish_fragment()  # a list, or the tree below
        else:
            if self.root is None:
                # Not reachable through the parser (a document always gets
                # an <html>), but keep finish() total.
                self.append(self.document, self.create_element("html", HTML_NAMESPACE, {}))
            result = self.tree
        self.coercions.warn()
        return result

    def _finish_fragment(self) -> list:
        container = self._fragment
        result: list = []
        if container.text:
            result.append(container.text)
            container.text = None
        for child in list(container):
            container.remove(child)  # lxml moves the tail along with it
            result.append(child)
        return result

    def set_source(self, text: str | SourceLines) -> None:
        """Remember the (preprocessed) source: nodes get ``sourceline``, the
        1-based line of the token that made them, as lxml's own parser sets
        it.  (libxml2 keeps 16 bits: 65535 is stored for every line from
        65535 on, which lxml reads as None.)"""
        self._source = text
        self._line = 1
        if isinstance(text, str):
            self._text = text
            self._line_pos = 0
        else:
            self._text = ""
            self._line_pos = _NO_SOURCE
        self._newlines = None

    def set_quirks_mode(self, mode: str) -> None:
        self.quirks_mode = mode

    # -- node creation ---------------------------------------------------

    def _lookup_tag(self, name: str, namespace: str) -> str:
        """The lxml tag for an element name: a cache lookup, _tag on a miss."""
        if namespace == HTML_NAMESPACE:
            tag = self._html_tags.get(name)
        else:
            tag = self._caches.tags.get((name, namespace))
        return tag if tag is not None else self._tag(name, namespace)

    def _tag(self, name: str, namespace: str) -> str:
        """The lxml tag for a cache miss (see _lookup_tag)."""
        key = (name, namespace)
        tag = self._caches.coerced_tags.get(key)
        if tag is None:
            local = coerce_name(name)
            if namespace == HTML_NAMESPACE and not self.namespace_html:
                tag = local
            else:
                tag = "{%s}%s" % (namespace, local)
            if local == name:
                if namespace == HTML_NAMESPACE:
                    self._own_tags()
                    self._html_tags[name] = tag
                    if tag.isascii() and self._deferred is None:  # (see _defer_moves)
                        self._html_tag_bytes[name] = tag.encode("ascii")
                else:
                    self._caches.tags[key] = tag
                return tag
            self._caches.coerced_tags[key] = tag
        self.coercions.add(ELEMENT_NAME, name, _local(tag))
        return tag

    def create_element(self, name: str, namespace: str, attrs: dict, pos: int = -1) -> Any:
        if namespace == HTML_NAMESPACE:
            tag = self._html_tags.get(name)
        else:
            tag = self._caches.tags.get((name, namespace))
        if tag is None:
            element = self._parsed_html_element(name, namespace, attrs, pos)
            if element is not None:
                return element
            tag = self._tag(name, namespace)
        make = self._make
        if make is None:
            element = self._create_root(tag, namespace, attrs)
        else:
            element = self._make_element(make, tag, namespace, attrs)
        if pos >= 0 and self._source is not None:
            self._set_sourceline(element, pos)
        return element

    def _set_sourceline(self, node: Any, pos: int) -> None:
        """``node.sourceline`` from the token's offset (libxml2 keeps 16
        bits)."""
        line = self._line_at(pos)
        node.sourceline = line if line < 65536 else 65535

    def _make_element(self, make: Any, tag: str, namespace: str, attrs: dict) -> Any:
        """A new element made by ``make``: a node's ``makeelement`` (a
        detached element) or ``SubElement`` bound to the parent (an element
        made in place), which take the same arguments."""
        if namespace == HTML_NAMESPACE and (not attrs or self._plain_keys.issuperset(attrs)):
            # Names seen before and taken as they are: lxml takes them too,
            # unless a value is not XML.
            try:
                return make(tag, attrs) if attrs else make(tag)
            except (ValueError, TypeError):
                return self._make_coerced(make, tag, namespace, attrs, None)
        if namespace == HTML_NAMESPACE:
            return self._make_coerced(make, tag, namespace, attrs, None)
        # Declaring the namespace (and xlink's) on each foreign element
        # makes etree.tostring write <svg xmlns="..."> instead of ns0:
        # prefixes; lxml leaves the declaration out (SubElement) or drops it
        # again (append) wherever an ancestor already has it.
        nsmap = self._caches.nsmaps.get(namespace)
        if nsmap is None:
            nsmap = self._nsmap(namespace)
        if not attrs:
            return make(tag, nsmap=nsmap)
        if self._plain_keys.issuperset(attrs):
            # Names seen before and taken as they are (no namespaced ones):
            # _make_coerced would pass the same dict and nsmap.
            try:
                return make(tag, attrs, nsmap)
            except ValueError:
                pass
        return self._make_coerced(make, tag, namespace, attrs, nsmap)

    def append_new_element(self, parent: Any, name: str, namespace: str, attrs: dict, pos: int) -> Any:
        """An HTML element with plain attributes is made in place with
        ``etree.SubElement``: libxml2 then finds the namespace declared on
        an ancestor, where a detached element gets a declaration of its own
        that appending must reconcile again (~0.5 us an element, ~1.4 us
        with attributes).  Every other element (foreign, coerced names,
        anything SubElement refused: it leaves no child behind when it
        raises) is made in place too, through :meth:`_make_element`; only
        the root element, a document's one element child, is made detached
        and appended."""
        if namespace is HTML_NAMESPACE:  # the parser's constant (else the general path)
            tag = self._html_tag_bytes.get(name)
            if tag is not None and (not attrs or self._plain_keys.issuperset(attrs)):
                if parent is self._text_parent:
                    # _end_text_run(), inlined: text before a child is common.
                    if self._text_parts is not None:
                        self._flush_text()
                    self._text_parent = None
                try:
                    # (A Document parent raises TypeError: the general path.)
                    element = _sub_element(parent, tag)
                except (ValueError, TypeError):
                    pass
                else:
                    if attrs:
                        # Set one by one: passed to SubElement, lxml also
                        # makes a set of the names and a tuple per name
                        # (~1.1 k instructions more an element), and
                        # attrib.update a proxy and an iterator (~0.3 us
                        # more an element than set()).
                        try:
                            for key, value in attrs.items():
                                element.set(key, value)
                        except (ValueError, TypeError):
                            # A value XML cannot hold: the general path
                            # coerces it.
                            parent.remove(element)
                            return self._append_new_element(parent, name, namespace, attrs, pos)
                    self._last_parent = parent
                    self._last_child = element
                    line_pos = self._line_pos
                    if pos >= line_pos:
                        # _set_sourceline(element, pos) and _line_at's common
                        # case, inlined for the hot path.  (Measured and not
                        # kept: lines counted a newline at a time with
                        # str.find, as the bs4 adapter's compiled
                        # SourcePositions does: over the corpus, callgrind,
                        # the compiled build -73M of 4 446M instructions,
                        # the pure one +454M of 6 574M.)
                        line = self._line = self._line + self._text.count("\n", line_pos, pos)
                        self._line_pos = pos
                        try:
                            # (lxml-stubs 0.5 types sourceline as "...")
                            element.sourceline = line  # type: ignore[assignment, unused-ignore]
                        except OverflowError:  # libxml2 keeps 16 bits
                            element.sourceline = 65535  # type: ignore[assignment, unused-ignore]
                    elif pos >= 0 and self._source is not None:
                        self._set_sourceline(element, pos)
                    return element
        return self._append_new_element(parent, name, namespace, attrs, pos)

    def _append_new_element(self, parent: Any, name: str, namespace: str, attrs: dict, pos: int) -> Any:
        """append_new_element for every element but an HTML one with names
        seen before and taken as they are (and every element while moves are
        deferred: made detached, then placed)."""
        caches = self._caches
        scope = caches.foreign_scope
        if (parent is scope[1] or parent is scope[2]) and namespace == scope[0]:
            # A foreign element into an element of its own namespace, whose
            # declaration (made by _make_element's nsmap, always with the
            # same prefix) is in scope: lxml finds it by the tag's namespace
            # as it would by the nsmap's prefix, so the element is made
            # without an nsmap (lxml checks a URI there: ~2 us an element).
            tag_bytes = caches.foreign_tags.get((name, namespace))
            if tag_bytes is not None and (not attrs or self._plain_keys.issuperset(attrs)):
                element = self._append_plain(parent, tag_bytes, attrs, pos)
                if element is not None:
                    caches.foreign_scope = (namespace, element, parent)
                    return element
        if self._make is None or parent.__class__ is LxmlDocument:
            element = self.create_element(name, namespace, attrs, pos)
            self.append(parent, element)
            return element
        # Every other element is made in place too (foreign elements, names
        # that need coercion, an implied <tbody>, template contents): made
        # detached and appended, it would cost O(depth), as lxml's append
        # walks the parent's ancestors to rule out a cycle.
        if namespace == HTML_NAMESPACE and name not in self._html_tags:
            # lxml.html's names its API refuses come from libxml2's parser,
            # detached (rare: g:plusone, foo<bar).
            element = self._parsed_html_element(name, namespace, attrs, pos)
            if element is not None:
                self.append(parent, element)
                return element
        if self._deferred is not None:
            element = self.create_element(name, namespace, attrs, pos)
            self.append(parent, element)
            return element
        tag = self._lookup_tag(name, namespace)
        if parent is self._text_parent:
            self._end_text_run()
        element = self._make_element(partial(_sub_element, parent), tag, namespace, attrs)
        self._last_parent = parent
        self._last_child = element
        if pos >= 0 and self._source is not None:
            self._set_sourceline(element, pos)
        if namespace != HTML_NAMESPACE:
            caches.foreign_scope = (namespace, element, element)
            if (name, namespace) in caches.tags and tag.isascii():  # not coerced
                caches.foreign_tags[name, namespace] = tag.encode("ascii")
        return element

    def _append_plain(self, parent: Any, tag: bytes, attrs: dict, pos: int) -> Any:
        """An element with a known plain ``tag`` and attribute names made in
        place with SubElement, as append_new_element's hot path (which has
        its own copy of these lines) makes an HTML one; None if lxml refused
        it (a value XML cannot hold), leaving no child behind."""
        if parent is self._text_parent:
            self._end_text_run()
        try:
            element = _sub_element(parent, tag)
        except (ValueError, TypeError):
            return None
        if attrs:
            try:
                for key, value in attrs.items():  # (see append_new_element)
                    element.set(key, value)
            except (ValueError, TypeError):
                parent.remove(element)
                return None
        self._last_parent = parent
        self._last_child = element
        if pos >= 0 and self._source is not None:
            self._set_sourceline(element, pos)
        return element

    def _parsed_html_element(self, name: str, namespace: str, attrs: dict, pos: int) -> Any:
        """:meth:`_parsed_element` where it applies (an lxml.html tree with
        plain names), with its source line; None elsewhere."""
        if (
            self._caches.parsed_names is None
            or namespace != HTML_NAMESPACE
            or self.namespace_html
            or self._xml_document
        ):
            return None
        element = self._parsed_element(name, attrs)
        if element is not None and pos >= 0 and self._source is not None:
            self._set_sourceline(element, pos)
        return element

    def _parsed_element(self, name: str, attrs: dict) -> Any:
        """lxml.html: an un-namespaced HTML element named ``name`` as
        libxml2's HTML parser makes it, for a name lxml's API refuses
        (``g:plusone``, ``foo<bar``); None when the API takes the name (no
        parsing needed) or the parser does not keep it either."""
        parsed_names: dict[str, bool] = self._caches.parsed_names  # type: ignore[assignment]
        known = parsed_names.get(name)
        if known is False:
            return None
        element = None
        if known or coerce_name(name) != name:
            try:
                body = etree.fromstring("<html><body><%s></body></html>" % name, self._kind.parser)[-1]
                element = body[0] if len(body) else None
            except (etree.LxmlError, ValueError):
                element = None
            if element is None or element.tag != name or len(element) or element.text:
                element = None
            else:
                body.remove(element)
        parsed_names[name] = element is not None
        if element is not None and attrs:
            attrib = self._attributes(attrs, HTML_NAMESPACE)
            try:
                element.attrib.update(attrib)
            except ValueError:
                element.attrib.update(self._coerce_values(attrib))
        return element

    def _make_coerced(self, make: Any, tag: str, namespace: str, attrs: dict, nsmap: Any) -> Any:
        """An element whose attributes need lxml keys or coercion."""
        attrs = self._attributes(attrs, namespace)
        if nsmap is not None and any(key[:_XLINK_LEN] == _XLINK_CLARK for key in attrs):
            nsmap = dict(nsmap, xlink=XLINK_NAMESPACE)
        try:
            return make(tag, attrs, nsmap)
        except ValueError:
            return make(tag, self._coerce_values(attrs), nsmap)

    def _line_at(self, pos: int) -> int:
        """The 1-based line of offset ``pos`` in the source.  Tokens come in
        order, so the line is counted on from the last one (``_line_of``
        only for the rare step back)."""
        if pos >= self._line_pos:
            self._line += self._text.count("\n", self._line_pos, pos)
            self._line_pos = pos
            return self._line
        return self._line_of(pos)

    def _line_of(self, pos: int) -> int:
        """The 1-based line of offset ``pos`` in the source, for a node made
        for an earlier token (reconstructed formatting elements): a binary
        search in the offsets where lines start, listed once."""
        source: Any = self._source
        if not isinstance(source, str):
            # The incremental parser's SourceLines (it grows: not cached).
            return int(source.line_at(pos))
        line_starts = self._newlines
        if line_starts is None:
            # Offsets just after each newline, computed at C speed: the
            # running sum of (line length + 1).
            lengths = map(len, source.split("\n"))
            line_starts = self._newlines = list(accumulate(map((1).__add__, lengths)))
        return bisect.bisect_right(line_starts, pos) + 1

    def _nsmap(self, namespace: str) -> dict:
        if self.namespace_html:
            # HTML elements inside carry the XHTML namespace explicitly, so a
            # default namespace here cannot capture them.
            nsmap: dict[str | None, str] = {None: namespace}
        else:
            # Un-namespaced HTML elements inside (<foreignObject><div>) must
            # not fall into a default namespace when the XML is read back.
            nsmap = {prefixes.get(namespace, "ns"): namespace}
        self._caches.nsmaps[namespace] = nsmap
        return nsmap

    def _attributes(self, attrs: dict, namespace: str) -> dict:
        """``attrs`` with lxml keys: coerced names, ``{ns}local`` for the
        namespaced ones, xmlns attributes dropped (and counted)."""
        keys = self._caches.keys
        out = {}
        for key, value in attrs.items():
            lxml_key = keys.get(key)
            if lxml_key is None:
                lxml_key = self._attribute_key(key)
            if lxml_key is _DROP:
                if key == "xmlns" and self._keeps_xmlns(namespace):
                    out[key] = value
                    continue
                if infoset.is_redundant_declaration(key, value, namespace):
                    self.coercions.add(REDUNDANT_XMLNS, _key_name(key), None)
                else:
                    self.coercions.add(XMLNS_ATTRIBUTE, _key_name(key), None)
                continue
            out[lxml_key] = value
        return out

    def _keeps_xmlns(self, namespace: str) -> bool:
        """lxml.html keeps an attribute named ``xmlns`` where lxml writes
        no default namespace declaration of its own: on HTML elements with
        plain tags."""
        return self.html_classes and namespace == HTML_NAMESPACE and not self.namespace_html and not self._xml_document

    def _html_name_kept(self, key: str) -> bool:
        """lxml.html: whether lxml stores this attribute name as it is
        (in an HTML document it checks only for characters XML cannot hold
        at all)."""
        if key == "xmlns" or self._xml_document or count_bad_characters(key):
            return False
        probe = self._caches.name_probe
        if probe is None:
            probe = self._caches.name_probe = _new_element(self._kind.parser, "p", None)
        try:
            probe.set(key, "")
        except (ValueError, TypeError):
            return False
        del probe.attrib[key]
        return True

    def _html_keeps_xmlns_prefixed(self, key: Any) -> bool:
        """lxml.html: an ``xmlns:*`` name in no namespace is an ordinary
        attribute name to an HTML document, so one that lxml cannot take as
        it is (a character XML cannot hold: ``xmlns:v\\x01``) is coerced
        like any other name, not dropped as a namespace declaration."""
        return self.html_classes and not self._xml_document and key.__class__ is str and key != "xmlns"

    def _attribute_key(self, key: Any) -> Any:
        coerced = self._caches.coerced_keys.get(key)
        if coerced is None:
            if self.html_classes and key.__class__ is str and self._html_name_kept(key):
                self._caches.keys[key] = key
                self._own_plain_keys().add(key)
                return key
            if infoset.is_xmlns_attribute(key) and not self._html_keeps_xmlns_prefixed(key):
                self._caches.keys[key] = _DROP
                return _DROP
            if key.__class__ is tuple:
                local = coerce_name(key[1])
                coerced = "{%s}%s" % (key[2], local)
                changed = local != key[1]
            elif key.__class__ is str:
                coerced = coerce_name(key)
                changed = coerced != key
            else:
                raise TypeError(
                    f"attribute names must be str or (prefix, local, namespace) tuples, "
                    f"not {type(key).__name__}"
                )
            if not changed:
                self._caches.keys[key] = coerced
                if key.__class__ is str:
                    self._own_plain_keys().add(key)
                return coerced
            self._caches.coerced_keys[key] = coerced
        self.coercions.add(ATTRIBUTE_NAME, _key_name(key), _local(coerced))
        return coerced

    def _own_tags(self) -> None:
        """Make the tag caches the builder's own (copies of the shared
        tables they start as) before adding a name."""
        if self._html_tags is _KNOWN_HTML_TAGS[self.namespace_html]:
            self._html_tags = dict(self._html_tags)
            self._html_tag_bytes = dict(self._html_tag_bytes)

    def _own_plain_keys(self) -> set[str]:
        """``_plain_keys``, made the builder's own set (a copy of the shared
        table it starts as) before adding a name."""
        plain = self._plain_keys
        if plain.__class__ is frozenset:
            plain = self._plain_keys = set(plain)
        return plain  # type: ignore[return-value]

    def _coerce_values(self, attrs: dict) -> dict:
        out = {}
        for key, value in attrs.items():
            if value.__class__ is not str:
                raise TypeError(f"attribute values must be str, not {type(value).__name__}")
            out[key] = self._characters(value)
        return out

    def _characters(self, text: str) -> str:
        bad = count_bad_characters(text)
        if not bad:
            return text
        coerced = coerce_characters(text)
        self.coercions.add(CHARACTERS, text, coerced, bad)
        return coerced

    def _create_root(self, tag: str, namespace: str, attrs: dict) -> Any:
        """The first element of a document is its root element; lxml needs
        the DOCTYPE and the root's namespace when the document is made."""
        parser = self._kind.parser
        if tag[:1] == "{":
            local = _local(tag)
            nsmap: dict[str | None, str] | None = {None: namespace}
        else:
            local = tag
            nsmap = None
        doctype = self._doctype
        root = None
        if self._comments_before_doctype > _MAX_BEFORE_DOCTYPE:
            # More would make reading their place back quadratic (lxml's
            # serializer looks for the DTD from the first node for every
            # node it writes: see specparser.walkers.lxml): they go after
            # the DOCTYPE, with a DataLossWarning.
            self.coercions.add(
                infoset.MOVED_AFTER_DOCTYPE, "before the DOCTYPE", "after it", self._comments_before_doctype
            )
            self._comments_before_doctype = 0
        if doctype is not None and (self._comments_before_doctype or doctype[0] != local):
            root = self._create_root_with_doctype(doctype[0], local, namespace if nsmap else None)
            if root is None:
                doctype = None
        if root is None:
            root = _new_element(parser, tag, nsmap)
        if doctype is not None:
            # Setting an id makes the DTD node, named as the root, if the
            # document has none yet (None: the DOCTYPE has no such id).
            docinfo = root.getroottree().docinfo
            docinfo.public_id = doctype[1] or None
            docinfo.system_url = doctype[2] or None
        if attrs:
            attrs = self._attributes(attrs, namespace)
            try:
                root.attrib.update(attrs)
            except ValueError:
                root.attrib.update(self._coerce_values(attrs))
        self.root = root
        self.tree = root.getroottree()
        self._make = root.makeelement
        return root

    def _create_root_with_doctype(self, name: str, local: str, namespace: str | None) -> Any:
        """The root element of an XML document made by the XML parser, with
        the DOCTYPE ``name`` and the comments and PIs that came before it:
        a DOCTYPE named otherwise than the root, and comments before the
        DOCTYPE, can only be made that way (lxml has no handle on the DTD
        node).  None, with the DOCTYPE counted as dropped, if even the
        huge_tree parser refuses it (names past libxml2's 10^9 characters)."""
        document = self.document
        assert document is not None  # a DOCTYPE belongs to a document
        before = document.before_root
        count = self._comments_before_doctype
        # The comments' (and PIs') text is already valid XML.
        prologue = "".join(
            "<!--%s-->" % node.text if node.tag is _Comment else "<?%s %s?>" % (node.target, node.text or "")
            for node in before[:count]
        )
        xmlns = ' xmlns="%s"' % namespace if namespace else ""
        source = "%s<!DOCTYPE %s><%s%s/>" % (prologue, name, local, xmlns)
        try:
            root = etree.fromstring(source, self._kind.xml_parser)
        except etree.XMLSyntaxError:
            self.coercions.add(infoset.DROPPED_DOCTYPE, name, None)
            return None
        del before[:count]
        self._xml_document = True
        return root

    def create_comment(self, data: str, pos: int = -1) -> Any:
        comment = None
        if "-" not in data:
            try:
                comment = self._kind.comment(data)
            except ValueError:
                pass
        if comment is None:
            data_chars = self._characters(data)
            coerced = coerce_comment(data_chars)  # only the hyphen rule is left
            if coerced != data_chars:
                self.coercions.add(COMMENT, data, coerced)
            comment = self._kind.comment(coerced)
        if pos >= 0 and self._source is not None:
            self._set_sourceline(comment, pos)
        return comment

    def create_processing_instruction(self, target: str, data: str, pos: int = -1) -> Any:
        """An ``etree.PI`` (``HtmlProcessingInstruction`` for lxml.html).
        What XML cannot hold is coerced (:func:`specparser.infoset.coerce_pi_target`,
        :func:`~specparser.infoset.coerce_pi_data`): a NUL or another non-XML
        character in the data (lossy, counted as characters), a target that
        is not an XML name or is ``xml``, ``?>`` in the data (both
        reversible, counted as processing instructions; the tokenizer makes
        neither)."""
        try:
            pi = self._kind.pi(target, data)
        except ValueError:
            data_chars = self._characters(data)
            coerced = (infoset.coerce_pi_target(target), infoset.coerce_pi_data(data_chars))
            if coerced != (target, data_chars):
                self.coercions.add(PROCESSING_INSTRUCTION, (target, data), coerced)
            pi = self._kind.pi(*coerced)
        if pos >= 0 and self._source is not None:
            self._set_sourceline(pi, pos)
        return pi

    def append_doctype(self, name: str, public_id: str, system_id: str) -> None:
        if self.root is not None:
            # A Document gets its DOCTYPE before its root element; lxml
            # could not add one later.
            self.coercions.add(infoset.DROPPED_DOCTYPE, name, None)
            return
        coerced = (
            coerce_name(name),
            infoset.coerce_public_id(public_id or ""),
            infoset.coerce_system_id(system_id or ""),
        )
        if coerced != (name, public_id or "", system_id or ""):
            self.coercions.add(DOCTYPE, (name, public_id, system_id), coerced)
        self._doctype = coerced
        if self.document is not None:
            self._comments_before_doctype = len(self.document.before_root)

    def template_contents(self, template: Any) -> Any:
        return template

    def attach_shadow_root(self, host: Any, init: Any) -> Any:
        # The host's first child, before any text the host has
        # (specparser.shadow_dom).
        self._children_changed()
        holder = self.create_element("template", HTML_NAMESPACE, holder_attributes(init))
        if self._deferred is None and _is_deep(host):
            self._long_walk()
        deferred = self._deferred
        if deferred is None:
            insert_holder(host, holder)
        else:
            holder.tail = host.text  # (insert_holder, with the holder placed here)
            host.text = None
            kids = deferred.kids(host)
            deferred.insert(host, holder, kids[0] if kids else None)
        self._holds_shadow_roots = True
        return holder

    # -- mutation --------------------------------------------------------
    #
    # Each method that changes where nodes hang has lxml's way and, once
    # moves are deferred (_defer_moves), the way of _deferred_moves, whose
    # nodes lxml holds detached.

    def append(self, parent: Any, child: Any) -> None:
        if parent is self._text_parent:
            self._end_text_run()
        if parent.__class__ is LxmlDocument:
            self._append_to_document(child)
            return
        deferred = self._take_out(child)
        if deferred is not None:
            deferred.insert(parent, child, None)
            if deferred.children.get(child):
                self._last_parent = self._last_child = None  # (as below)
            else:
                self._last_parent = parent
                self._last_child = child
            return
        _append_unchecked(parent, child)
        if len(child):
            # An element appended with children of its own (the adoption
            # agency appends elements it has already filled) breaks the
            # shortcut's "no children" promise: text inserted into it must go
            # after its last child, not into its .text.
            self._last_parent = self._last_child = None
        else:
            self._last_parent = parent
            self._last_child = child

    def _take_out(self, child: Any) -> DeferredMoves | None:
        """Remove ``child`` from its parent, if it has one, before it is
        placed again (append, insert_before); the deferred structure, which
        that removal may have started."""
        deferred = self._deferred
        if deferred is None:
            if child.getparent() is not None:
                self.remove(child)
                return self._deferred
        elif child in deferred.parents:
            self.remove(child)
        return deferred

    def _append_to_document(self, child: Any) -> None:
        document = self.document
        assert document is not None  # only called with the document as parent
        if child is self.root:
            for node in document.before_root:
                child.addprevious(node)
            document.before_root = []
            self._last_top = child
            self._last_parent = None
            self._last_child = child
            if self._long_walks_left < 0:
                self._defer_moves()
        elif self.root is None:
            document.before_root.append(child)
        else:
            # Only comments follow the root element.
            self._last_top.addnext(child)
            self._last_top = child

    def insert_before(self, parent: Any, child: Any, reference: Any) -> None:
        if parent is self._text_parent:
            self._end_text_run()
        self._last_parent = self._last_child = None
        deferred = self._take_out(child)
        if parent.__class__ is LxmlDocument:
            if self.root is None:
                before = parent.before_root
                before.insert(before.index(reference), child)
                return
        if deferred is None and _is_deep(reference) and self._long_walk():
            deferred = self._deferred
        if deferred is not None:
            deferred.insert(parent, child, reference)
            return
        # The text before ``reference`` (the previous sibling's tail) stays
        # before ``child``, as a DOM text node would.
        reference.addprevious(child)

    # insert_text: TextRuns', with this.

    def _text_previous_of(self, parent: Any, before: Any) -> Any:
        # While moves are deferred, lxml holds every node below the root
        # detached: it answers None, and only then is the deferred
        # structure asked (a class attribute, slow to read on CPython 3.11).
        if before is not None:
            previous = before.getprevious()
            if previous is None and self._deferred is not None:
                return self._deferred.previous_of(parent, before)
            return previous
        if parent.__class__ is LxmlDocument:
            return NO_TEXT  # a Document has no text children (the parser sends none)
        try:
            return parent[-1]
        except IndexError:
            if self._deferred is not None:
                return self._deferred.previous_of(parent, None)
            return None

    def remove(self, node: Any) -> None:
        self._children_changed()
        deferred = self._deferred
        if deferred is None:
            parent = node.getparent()
            if parent is None:
                return
            if len(node) and self._long_walk():
                self.remove(node)  # (deferred now)
                return
        else:
            parent = deferred.parents.get(node)
            if parent is None:
                return
        tail = node.tail
        if tail:
            # The text after the node stays where it was.
            self._write_text(parent, tail, node)
            node.tail = None
        if deferred is None:
            parent.remove(node)
        else:
            deferred.detach(node)

    def _long_walk(self) -> bool:
        """Count an lxml operation that walks far: moving a node that has
        children (lxml walks its whole subtree), inserting before a deep
        node (lxml walks its ancestors); whether moves are deferred from now
        on (and are)."""
        left = self._long_walks_left - 1
        self._long_walks_left = left
        return left < 0 and self._defer_moves() is not None

    def _defer_moves(self) -> DeferredMoves | None:
        """Keep where the nodes below the root element (or the fragment's
        container) hang in Python lists from now on (see
        :mod:`._deferred_moves`); None while there is no such node."""
        top = self._fragment if self._fragment is not None else self.root
        if top is None or self._deferred is not None:
            return self._deferred
        # Text buffered for a place is written while lxml still holds it.
        self._children_changed()
        deferred = self._deferred = DeferredMoves(top)
        # append_new_element makes elements in place (SubElement) from the
        # tags in this table and into the foreign scope: with the table
        # empty (_tag adds no tag to it meanwhile) and no scope, every
        # element takes _append_new_element's path that is made detached and
        # placed.
        self._html_tag_bytes = {}
        self._caches.foreign_scope = (None, None, None)
        return deferred

    def _assemble(self) -> None:
        """The tree put together in lxml at last (finish)."""
        deferred = self._deferred
        assert deferred is not None
        self._deferred = None
        deferred.assemble(_append_unchecked)
        self._last_parent = self._last_child = None
        tags = self._html_tags
        if tags is _KNOWN_HTML_TAGS[self.namespace_html]:
            self._html_tag_bytes = _KNOWN_HTML_TAG_BYTES[self.namespace_html]
        else:
            self._html_tag_bytes = {name: tag.encode("ascii") for name, tag in tags.items() if tag.isascii()}

    def move_children(self, old_parent: Any, new_parent: Any) -> None:
        self._children_changed()
        deferred = self._deferred
        children: list = []
        if deferred is None:
            children = list(old_parent)
            for child in children:
                if len(child):
                    if self._long_walk():
                        self.move_children(old_parent, new_parent)  # (deferred now)
                        return
                    break
        text = old_parent.text
        if text:
            self._write_text(new_parent, text)
            old_parent.text = None
        if deferred is not None:
            kids = deferred.children.get(old_parent)
            holder = self._holds_shadow_roots and bool(kids) and is_holder(kids[0])  # type: ignore[index]
            if holder:
                self._move_holder_tail(kids[0], new_parent)  # type: ignore[index]
            deferred.move_all(old_parent, new_parent, holder)
            return
        if self._holds_shadow_roots and children and is_holder(children[0]):
            self._move_holder_tail(children.pop(0), new_parent)
        # lxml moves each child's tail (the text after it) along with it.
        # (extend checks each child against new_parent's ancestors: the
        # parser moves children only into the adoption agency's new,
        # detached element, so that costs O(1).)
        new_parent.extend(children)

    def _move_holder_tail(self, holder: Any, new_parent: Any) -> None:
        """A shadow root is no child: it stays with its host, and the
        host's first text (the holder's tail) moves (move_children)."""
        if holder.tail:
            self._write_text(new_parent, holder.tail)
            holder.tail = None

    def parent_of(self, node: Any) -> Any:
        if node.__class__ is LxmlDocument:
            return None
        # (A flag, not a method put on the instance once a shadow root is
        # attached: the compiled build's classes take no such assignment.)
        if self._holds_shadow_roots and is_holder(node):
            return None  # a shadow root has no parent
        deferred = self._deferred
        parent = node.getparent() if deferred is None else deferred.parents.get(node)
        if parent is None and node is self.root and self.root is not None:
            return self.document
        return parent

    def children_of(self, parent: Any) -> list:
        if parent.__class__ is LxmlDocument:
            root = self.root
            if root is None:
                return list(parent.before_root)
            return [*root.itersiblings(preceding=True)][::-1] + [root, *root.itersiblings()]
        deferred = self._deferred
        if deferred is not None:
            return list(deferred.children.get(parent, ()))
        return list(parent)

    def children_after(self, parent: Any, child: Any) -> Any:
        deferred = self._deferred
        if deferred is not None and parent.__class__ is not LxmlDocument:
            return deferred.following(parent, child)
        return child.itersiblings()

    def remove_between(self, parent: Any, start: Any, end: Any) -> None:
        self._children_changed()
        start.tail = None
        deferred = self._deferred
        if deferred is not None and parent.__class__ is not LxmlDocument:
            deferred.drop_between(parent, start, end)  # their tails go with them
            return
        node = start.getnext()
        while node is not None and node is not end:
            following = node.getnext()
            parent.remove(node)  # lxml removes its tail with it
            node = following

    def add_missing_attributes(self, node: Any, attrs: dict) -> None:
        attrib = node.attrib
        namespace = _namespace_of(node.tag)
        for key, value in self._attributes(attrs, namespace).items():
            if key not in attrib:
                try:
                    attrib[key] = value
                except ValueError:
                    attrib[key] = self._characters(value)

    def replace_children_with_clones(self, target: Any, source: Any) -> None:
        self._children_changed()
        # Clone first, then replace, as the spec orders it: the
        # selectedcontent may be inside the option, and its copy in the
        # clones is taken before it changes.  deepcopy copies the subtree
        # and the tail (the text after it).
        text = source.text
        deferred = self._deferred
        if deferred is not None:
            unclonable = is_unclonable_holder if self._holds_shadow_roots else _never
            clones = [deferred.clone(child, unclonable) for child in deferred.children.get(source, ())]
            deferred.replace_children(target, clones)
            target.text = text
            return
        clones = [copy.deepcopy(child) for child in source]
        if self._holds_shadow_roots:
            for clone in clones:
                drop_unclonable_holders(clone)
        for child in list(target):
            target.remove(child)
        target.text = text
        for clone in clones:
            _append_unchecked(target, clone)


@mypyc_attr(allow_interpreted_subclasses=True)  # subclassed by users
class LxmlHtmlTreeBuilder(LxmlTreeBuilder):
    """:class:`LxmlTreeBuilder` with :mod:`lxml.html` element classes
    (registered as ``"lxml.html"``)."""

    def __init__(
        self, namespaceHTMLElements: bool = True, html_classes: bool = True, fullTree: bool = False
    ) -> None:
        super().__init__(namespaceHTMLElements, html_classes=True)


def _new_element(parser: Any, tag: str, nsmap: Any) -> Any:
    """A new element that is the root of a new lxml document: an HTML
    document (see _HTML_DOCUMENT_PARSER) without the HTML 4.0 DTD libxml2
    gives a new one."""
    element = parser.makeelement(tag, nsmap=nsmap)
    element.getroottree().docinfo.clear()
    return element


def _append_unchecked(parent: Any, child: Any) -> None:
    """``parent.append(child)`` for a ``child`` that has no parent, at O(1)
    whatever the depth: lxml's ``append`` (and ``extend``, ``insert``,
    ``addnext``, ``addprevious``) walks from ``parent`` up to the root to
    rule out making ``child`` its own ancestor, which the parser never asks
    for, so a deep tree cost O(depth) per node.  Replacing an element by
    index (``parent[-1] = child``) does no such walk: a placeholder made in
    place with ``SubElement`` is the last child, and ``child`` replaces it
    (lxml frees the placeholder, which nothing references)."""
    _sub_element(parent, _PLACEHOLDER)
    parent[-1] = child


def _is_deep(node: Any) -> bool:
    """Whether ``node`` has at least :data:`_DEEP` ancestors (looking no
    further up)."""
    return next(islice(node.iterancestors(), _DEEP - 1, None), None) is not None


def _never(node: Any) -> bool:
    return False


def _local(tag: str) -> str:
    return tag[tag.index("}") + 1 :] if tag[:1] == "{" else tag


def _namespace_of(tag: Any) -> str:
    if tag.__class__ is str and tag[:1] == "{":
        return tag[1 : tag.index("}")]
    return HTML_NAMESPACE


def _key_name(key: Any) -> str:
    """An attribute key as the page wrote it, for messages."""
    if key.__class__ is tuple:
        return "%s:%s" % (key[0], key[1]) if key[0] else key[1]
    return key
