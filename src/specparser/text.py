"""Visible text: what a reader sees, by the HTML Standard's ``innerText``
rules as far as they apply without CSS.

https://html.spec.whatwg.org/#the-innertext-idl-attribute ("the rendered
text collection steps", https://html.spec.whatwg.org/#rendered-text-collection-steps)

The spec's steps run over CSS boxes; here the boxes are the ones the
rendering section's user-agent style sheet gives
(https://html.spec.whatwg.org/#rendering), read off element names and
attributes, in one pass over the flat events of :mod:`specparser.walkers`
(no recursion, linear time, every tree type):

* Not rendered (``display: none`` and content a replaced element does not
  show): ``head`` and ``title``, ``script``, ``style``, ``template``,
  ``noembed``, ``noframes``, ``datalist``, ``rp``, ``area``, ``param``,
  elements with the ``hidden`` attribute (``until-found`` too), ``dialog``
  without ``open``, ``input type=hidden``, ``audio`` without ``controls``,
  ``noscript`` when ``scripting`` is true, the children of a closed
  ``details`` other than its first ``summary``, the contents of ``iframe``,
  ``video``, ``audio``, ``canvas`` (when scripting), ``object`` with
  ``data``, ``textarea``, ``meter`` and ``progress``, what a ``select`` holds other than its options.
* Required line breaks (step 9): the elements the style sheet makes
  block-level (``div``, ``p``, headings, lists, ``table``, ``option`` ...);
  two for ``p`` (step 8); a newline for ``br`` (step 5); a tab after each
  table cell but the last of its row and a newline after each row but the
  last of its table (steps 6-7).
* White space (step 4, CSS ``white-space: normal``): runs of spaces, tabs
  and newlines collapse to one space, dropped at the start and end of each
  line; kept as they are inside ``pre``, ``listing``, ``xmp`` and
  ``plaintext``.  Form feeds and no-break spaces are not collapsible.
* SVG: only the text of ``<text>`` (one line each) and ``<foreignObject>``.
  MathML: the text of token elements (``mi``, ``mn``, ``mo``, ``ms``,
  ``mtext``), each on its own line as a block box; a one-character ``mi``
  is made mathematical italic (``text-transform: math-auto``); only the
  first child of ``semantics`` and ``maction``.

Checked against Chromium 156's ``innerText``.  What cannot match without
CSS: style sheets and ``style`` attributes are not read (an element hidden
by CSS is text here), nor is ``text-transform`` or ``visibility``;
``<object data>`` is taken to show its resource, hiding its fallback
content (a browser shows the fallback when the resource fails to load); the alt text of images is not text (as in
browsers' ``innerText``).  ``<textarea>`` contents are not text, as in
Chromium (its value is drawn by the control, not by the text node).
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Iterator

from .constants import HTML_NAMESPACE, MATHML_NAMESPACE, SVG_NAMESPACE
from .flat_tree import flat_host_events
from .walkers import CONTENT, END, END_CONTENT, END_SHADOW, SHADOW, START, TEXT

__all__ = ["visible_text", "visible_text_events"]

# How an element takes part in the rendered text.
_INLINE = 0  # its children's text, nothing of its own
_NONE = 1  # not rendered: nothing from its subtree
_ATOMIC = 2  # a replaced inline box: no text, but a space before or after it stays
_BLOCK = 3  # a required line break (1) before and after
_PARAGRAPH = 4  # two required line breaks (step 8)
_PRE = 5  # block, and white space inside kept
_BR = 6
_INLINE_BLOCK = 7  # an atomic inline box with its own lines inside
_TABLE = 8
_ROW = 9
_CELL = 10
_FLOAT = 11  # a floated replaced element: out of the line, a block of its own
_FLOAT_TABLE = 12
_MI = 13  # MathML mi: block, and text-transform: math-auto

# The user-agent style sheet, https://html.spec.whatwg.org/#rendering:
# 15.3.1 hidden elements, 15.3.3 flow content, 15.3.7 sections and
# headings, 15.3.8 lists, 15.3.9 tables, 15.5 replaced elements and widgets.
_HTML_KINDS: dict[str, int] = {
    name: _NONE
    for name in (
        "area", "base", "basefont", "datalist", "head", "link", "meta", "noembed",
        "noframes", "param", "rp", "script", "style", "template", "title",
        "frameset", "frame",
    )
}  # fmt: skip
_HTML_KINDS.update(
    {
        name: _BLOCK
        for name in (
            "html", "body", "address", "blockquote", "center", "dialog", "div", "figure",
            "figcaption", "footer", "form", "header", "hr", "legend", "main", "search",
            "article", "aside", "h1", "h2", "h3", "h4", "h5", "h6", "hgroup", "nav",
            "section", "dir", "dd", "dl", "dt", "menu", "ol", "ul", "li", "caption",
            "fieldset", "details", "summary", "optgroup", "option",
        )
    }
)  # fmt: skip
_HTML_KINDS.update({name: _PRE for name in ("pre", "listing", "xmp", "plaintext")})
_HTML_KINDS.update(
    {
        name: _ATOMIC
        for name in ("img", "input", "iframe", "video", "audio", "embed", "textarea", "meter", "progress")
    }
)
_HTML_KINDS.update(
    {
        "p": _PARAGRAPH,
        "br": _BR,
        "button": _INLINE_BLOCK,
        "marquee": _INLINE_BLOCK,
        "select": _INLINE_BLOCK,
        "table": _TABLE,
        "tr": _ROW,
        "td": _CELL,
        "th": _CELL,
        # Table columns have boxes but show no content.
        "col": _NONE,
        "colgroup": _NONE,
    }
)

# Which children of an element are rendered (the rest are skipped).
_ALL = 0
_SELECT = 1  # option and optgroup elements only (step 3)
_OPTGROUP = 2  # option elements only (step 3)
_FIRST_SUMMARY = 3  # a closed details: its first summary child only
_FIRST_ELEMENT = 4  # MathML semantics and maction: the first element child
_NO_MORE = 5  # after the one child _FIRST_SUMMARY / _FIRST_ELEMENT lets through


# text-transform: math-auto, https://w3c.github.io/mathml-core/#italic-mappings
_MATH_ITALIC: dict[str, str] = {}
for _offset in range(26):
    _MATH_ITALIC[chr(0x41 + _offset)] = chr(0x1D434 + _offset)
    _MATH_ITALIC[chr(0x61 + _offset)] = chr(0x1D44E + _offset)
for _offset in range(25):  # Greek capitals Alpha..Omega; U+03A2 is unassigned
    if _offset != 0x11:
        _MATH_ITALIC[chr(0x391 + _offset)] = chr(0x1D6E2 + _offset)
    _MATH_ITALIC[chr(0x3B1 + _offset)] = chr(0x1D6FC + _offset)
_MATH_ITALIC.update(
    {
        "h": "\u210e", "\u0131": "\U0001d6a4", "\u0237": "\U0001d6a5", "\u03f4": "\U0001d6f3",
        "\u2207": "\U0001d6fb", "\u2202": "\U0001d715", "\u03f5": "\U0001d716",
        "\u03d1": "\U0001d717", "\u03f0": "\U0001d718", "\u03d5": "\U0001d719",
        "\u03f1": "\U0001d71a", "\u03d6": "\U0001d71b",
    }
)  # fmt: skip

# CSS "document white space": space, tab, segment breaks (and CR, treated
# as a space).  Form feed and U+00A0 are not collapsible.
_COLLAPSIBLE = re.compile("[ \t\n\r]+")


_FLOATED = frozenset({"img", "iframe", "object", "input", "table"})


def _html_kind(name: str, attrs: dict[Any, str], scripting: bool) -> int:
    """The box an HTML element gets from the user-agent style sheet."""
    if attrs:
        if "hidden" in attrs and name != "embed":
            # [hidden]:not([hidden=until-found i]):not(embed) is display:
            # none; until-found is content-visibility: hidden, which
            # innerText skips too.
            return _NONE
        if name in _FLOATED and attrs.get("align", "").lower() in ("left", "right"):
            # 15.4.3 and 15.3.9: align=left/right floats embedded content
            # and tables (not embed, in Chromium).
            if name == "table":
                return _FLOAT_TABLE
            if name != "input" or attrs.get("type", "").lower() == "image":
                return _FLOAT
        if name == "input" and attrs.get("type", "").lower() == "hidden":
            return _NONE
    if name == "dialog":
        return _BLOCK if "open" in attrs else _NONE
    if name == "audio":
        return _ATOMIC if "controls" in attrs else _NONE
    if name == "noscript":
        return _NONE if scripting else _INLINE
    if name == "embed":
        # An embed without a resource represents nothing (no box).
        return _ATOMIC if attrs.get("src") else _NONE
    if name == "object":
        # An object showing a resource is a replaced element; without one it
        # shows its fallback content (the browser also does when the
        # resource fails to load, which a tree cannot tell).
        return _ATOMIC if attrs.get("data") else _INLINE
    if name == "canvas":
        # With scripting the canvas is drawn; without, its children are its
        # fallback content.
        return _ATOMIC if scripting else _INLINE
    return _HTML_KINDS.get(name, _INLINE)


def visible_text_events(
    events: Iterable[tuple[Any, ...]],
    *,
    scripting: bool = False,
    separator: str | None = None,
    strip: bool = False,
) -> str:
    """The rendered text of the node whose walker events are ``events``
    (see :func:`visible_text` for the options)."""
    stream = iter(events)
    first = next(stream, None)
    if first is None:
        return ""
    if first[0] == START:
        _, name, namespace, attrs = first
        if (namespace == HTML_NAMESPACE or namespace is None) and _html_kind(name, attrs, scripting) == _NONE:
            # innerText step 1: an element that is not being rendered gives
            # its descendant text content.
            parts = _descendant_texts(stream)
            if separator is None:
                return _strip_lines("".join(parts)) if strip else "".join(parts)
            return _join_texts(parts, separator, strip)
    if separator is not None:
        nodes = _TextNodes(scripting)
        _rendered_text(_chain(first, stream), nodes)
        return _join_texts(nodes.texts, separator, strip)
    text = _rendered_text(_chain(first, stream), _Collector(scripting))
    return _strip_lines(text) if strip else text


def _join_texts(texts: list[str], separator: str, strip: bool) -> str:
    """bs4's ``get_text(separator, strip)`` and justhtml's ``to_text``:
    the texts joined by ``separator``; with ``strip``, each stripped of
    white space (``str.strip``) and the empty ones left out."""
    if strip:
        texts = [stripped for stripped in (text.strip() for text in texts) if stripped]
    return separator.join(texts)


def _strip_lines(text: str) -> str:
    """Each line stripped of white space, the empty ones left out."""
    return "\n".join(stripped for stripped in (line.strip() for line in text.split("\n")) if stripped)


def _chain(first: tuple[Any, ...], rest: Iterable[tuple[Any, ...]]) -> Iterator[tuple[Any, ...]]:
    yield first
    yield from rest


def _descendant_texts(stream: Iterable[tuple[Any, ...]]) -> list[str]:
    """The data of every Text descendant, template contents excluded (they
    are not descendants)."""
    parts = []
    in_contents = 0
    for event in stream:
        kind = event[0]
        if kind == TEXT:
            if not in_contents:
                parts.append(event[1])
        elif kind == CONTENT or kind == SHADOW:
            in_contents += 1
        elif kind == END_CONTENT or kind == END_SHADOW:
            in_contents -= 1
    return parts


def _rendered_text(stream: Iterable[tuple[Any, ...]], collector: _Collector) -> str:
    """innerText's getter steps 2-7 over the rendered text collection steps
    of every node of ``stream``."""
    text = collector.text
    start = collector.start
    end = collector.end
    skip = 0  # > 0: inside a subtree that is not rendered (its depth)
    base = iter(stream)
    # The flat tree of the last shadow host met (flat_tree.py: it holds no
    # SHADOW events), read before the rest of ``base``.
    flat: list[tuple[Any, ...]] | None = None
    host: tuple[Any, ...] = ()
    while True:
        source: Iterable[tuple[Any, ...]] = base if flat is None else flat
        flat = None
        for event in source:
            kind = event[0]
            if skip:
                if kind == START:
                    skip += 1
                elif kind == END:
                    skip -= 1
            elif kind == TEXT:
                text(event[1])
            elif kind == START:
                host = event
                if not start(event[1], event[2], event[3]):
                    skip = 1
            elif kind == END:
                end()
            elif kind == SHADOW:
                # A rendered shadow host (its START just came): go on with
                # its flat tree, then the rest of ``base``.
                flat = flat_host_events(host, event, base)
                break
            # COMMENT, DOCTYPE: no text.  CONTENT, END_CONTENT: template
            # contents only come inside a template, which is not rendered.
        else:
            if source is base:
                break
    return collector.finish()


class _Collector:
    """The state of one walk.

    ``items`` is the spec's list: strings and required line break counts
    (ints).  White space is collapsed as the text goes by (step 4): a
    collapsible space is written at once as a provisional ``" "`` whose
    index is ``space_at``; it stays if anything follows on the same line
    and is blanked if the line ends first.  ``line_start`` says that
    nothing has been written on the current line (a space there is
    dropped).  Each open rendered element has a frame::

        [box, preserve, text_shown, children filter, saved]

    where ``preserve`` and ``text_shown`` are the values to restore when it
    closes and ``saved`` is what the box kind needs at its end (the line
    state outside a float, the start of an mi's items).
    """

    __slots__ = (
        "items", "scripting", "space_at", "line_start", "preserve", "text_shown",
        "stack", "rows", "tables", "mi_text", "mi_saved",
    )  # fmt: skip

    def __init__(self, scripting: bool) -> None:
        self.items: list[Any] = []
        self.scripting = scripting
        self.space_at = -1
        self.line_start = True
        self.preserve = False  # inside pre & co: white space kept
        self.text_shown = True  # False in SVG outside <text>, in MathML outside tokens
        self.stack: list[list[Any]] = []
        # The index of the pending tab of the last cell of each open row,
        # and of the pending newline of the last row of each open table (-1:
        # none yet); the first entry of each is the anonymous row and table
        # of cells and rows outside any table (fragments).
        self.rows = [-1]
        self.tables = [-1]
        # The raw text of the innermost open mi (None outside one), and
        # those of the mi elements around it.
        self.mi_text: list[str] | None = None
        self.mi_saved: list[Any] = []

    def end_line(self) -> None:
        """The current line ends: a space at its end is not written."""
        if self.space_at >= 0:
            self.items[self.space_at] = ""
            self.space_at = -1
        self.line_start = True

    def text(self, data: str) -> None:
        """Step 4 for a Text node: its characters after white-space
        processing."""
        stack = self.stack
        if stack and stack[-1][3] not in (_ALL, _FIRST_ELEMENT):
            return  # no box for text in a select, optgroup, closed details
        if not self.text_shown:
            return
        if self.mi_text is not None:
            self.mi_text.append(data)
        items = self.items
        if self.preserve:
            self.space_at = -1  # a space before it stays
            items.append(data)
            self.line_start = False
            return
        data = _COLLAPSIBLE.sub(" ", data)
        if data[:1] == " ":
            data = data[1:]
            if not self.line_start and self.space_at < 0:
                self.space_at = len(items)
                items.append(" ")
        if not data:
            return
        self.space_at = -1
        self.line_start = False
        if data[-1] == " ":
            items.append(data[:-1])
            self.space_at = len(items)
            items.append(" ")
        else:
            items.append(data)

    def start(self, name: str, namespace: str | None, attrs: dict[Any, str]) -> bool:
        """An element opens: steps 3, 5, 8, 9 at its start.  Returns whether
        its children are to be walked."""
        stack = self.stack
        parent = stack[-1] if stack else None
        is_html = namespace == HTML_NAMESPACE or namespace is None
        if parent is not None and parent[3] != _ALL and not _let_through(parent, name, is_html):
            return False
        child_filter = _ALL
        preserve = self.preserve
        text_shown = self.text_shown
        if is_html:
            box = _html_kind(name, attrs, self.scripting)
            if name == "select":
                child_filter = _SELECT
            elif name == "optgroup" and parent is not None and parent[3] == _SELECT:
                child_filter = _OPTGROUP
            elif name == "details" and "open" not in attrs:
                child_filter = _FIRST_SUMMARY
            elif box == _PRE:
                preserve = True
        elif namespace == SVG_NAMESPACE:
            box = _SVG_KINDS.get(name, _INLINE)
            if name == "svg":
                text_shown = False
            elif name == "text" or name == "foreignObject":
                text_shown = True
        elif namespace == MATHML_NAMESPACE:
            box, text_shown = _mathml_box(name, attrs)
            if box == _CELL and (parent is None or parent[0] != _ROW):
                box = _BLOCK  # an mtd outside an mtr (mlabeledtr) is no cell, in Chromium
            if name == "semantics" or name == "maction":
                child_filter = _FIRST_ELEMENT
        else:
            box = _INLINE
        if box == _NONE:
            return False
        items = self.items
        if box == _ATOMIC:
            self.space_at = -1  # a space before it stays
            self.line_start = False
            return False
        if box == _BR:
            self.end_line()
            items.append("\n")
            return False
        if box == _FLOAT:
            # Out of the line (white space around it collapses as if it were
            # not there), and block-level (step 9).
            items.append(1)
            return False
        saved: Any = None
        if box == _BLOCK or box == _PRE or box == _TABLE:
            self.end_line()
            items.append(1)
        elif box == _PARAGRAPH:
            self.end_line()
            items.append(2)
        elif box == _INLINE_BLOCK:
            self.space_at = -1
            self.line_start = True
        elif box == _ROW:
            self.end_line()
            self.rows.append(-1)
        elif box == _CELL:
            self.end_line()
        elif box == _FLOAT_TABLE:
            saved = (self.space_at, self.line_start)
            self.space_at = -1
            self.line_start = True
            items.append(1)
        elif box == _MI:
            self.end_line()
            items.append(1)
            self.mi_saved.append(self.mi_text)
            self.mi_text = [] if attrs.get("mathvariant", "").lower() != "normal" else None
            saved = len(items)
        if box == _TABLE or box == _FLOAT_TABLE:
            self.tables.append(-1)
            self.rows.append(-1)
        stack.append([box, self.preserve, self.text_shown, child_filter, saved])
        self.preserve = preserve
        self.text_shown = text_shown
        return True

    def end(self) -> None:
        """An element closes: steps 6-9 at its end."""
        if not self.stack:
            return
        box, self.preserve, self.text_shown, _, saved = self.stack.pop()
        if box == _INLINE:
            return
        items = self.items
        self.end_line()
        if box == _BLOCK or box == _PRE:
            items.append(1)
        elif box == _PARAGRAPH:
            items.append(2)
        elif box == _INLINE_BLOCK:
            self.line_start = False
        elif box == _CELL:
            self.rows[-1] = len(items)
            items.append("\t")
        elif box == _ROW:
            _drop_last(items, self.rows.pop())  # the tab of its last cell
            self.tables[-1] = len(items)
            items.append("\n")
        elif box == _TABLE or box == _FLOAT_TABLE:
            _drop_last(items, self.rows.pop())
            _drop_last(items, self.tables.pop())  # the newline of its last row
            items.append(1)
            if saved is not None:
                self.space_at, self.line_start = saved
        elif box == _MI:
            _math_auto(items, saved, self.mi_text)
            self.mi_text = self.mi_saved.pop()
            items.append(1)

    def finish(self) -> str:
        self.end_line()
        _drop_last(self.items, self.rows[0])
        _drop_last(self.items, self.tables[0])
        return _join(self.items)


class _TextNodes(_Collector):
    """The walk for ``separator``: the rendered elements and boxes as
    :class:`_Collector` decides them, but the data of each Text node that
    is shown kept as it is, one item per node (what bs4's ``get_text`` and
    justhtml's ``to_text`` join), instead of the laid-out lines."""

    __slots__ = ("texts",)

    def __init__(self, scripting: bool) -> None:
        super().__init__(scripting)
        self.texts: list[str] = []

    def text(self, data: str) -> None:
        stack = self.stack
        if stack and stack[-1][3] not in (_ALL, _FIRST_ELEMENT):
            return  # no box for text in a select, optgroup, closed details
        if self.text_shown and data:
            self.texts.append(data)


def _let_through(parent: list[Any], name: str, is_html: bool) -> bool:
    """Whether a child element of ``parent``, whose children filter is not
    _ALL, has a box (step 3 for select and optgroup; details; MathML)."""
    child_filter = parent[3]
    if child_filter == _SELECT:
        return is_html and (name == "option" or name == "optgroup")
    if child_filter == _OPTGROUP:
        return is_html and name == "option"
    if child_filter == _FIRST_SUMMARY:
        if is_html and name == "summary":
            parent[3] = _NO_MORE
            return True
        return False
    if child_filter == _FIRST_ELEMENT:
        parent[3] = _NO_MORE
        return True
    return False


_SVG_KINDS = {
    "svg": _INLINE_BLOCK,
    "text": _BLOCK,
    "foreignObject": _BLOCK,
    "title": _NONE,
    "desc": _NONE,
    "metadata": _NONE,
    "style": _NONE,
    "script": _NONE,
}

# MathML Core's user-agent style sheet: tables, and text shown only in
# token elements and table cells.
_MATHML_KINDS = {"mtable": _TABLE, "mtr": _ROW, "mtd": _CELL, "mi": _MI}
_MATHML_TEXT = frozenset({"mi", "mn", "mo", "ms", "mtext", "mtd"})


def _mathml_box(name: str, attrs: dict[Any, str]) -> tuple[int, bool]:
    """The box of a MathML element and whether text directly in it shows:
    ``math`` is "inline math" ("block math" with display=block), every
    other element "block math"."""
    if name == "math":
        return (_BLOCK if attrs.get("display", "").lower() == "block" else _INLINE_BLOCK), False
    return _MATHML_KINDS.get(name, _BLOCK), name in _MATHML_TEXT


def _drop_last(items: list[Any], index: int) -> None:
    """The tab of a row's last cell, the newline of a table's last row: not
    written (steps 6 and 7)."""
    if index >= 0:
        items[index] = ""


def _math_auto(items: list[Any], start: int, raw: list[str] | None) -> None:
    """text-transform: math-auto on an mi whose text is one character (and
    no mathvariant=normal: ``raw`` is None)."""
    if raw is None:
        return
    text = "".join(raw)
    italic = _MATH_ITALIC.get(text) if len(text) == 1 else None
    if italic is None:
        return
    for index in range(start, len(items)):
        if items[index] == text:
            items[index] = italic
            return


def _join(items: list[Any]) -> str:
    """innerText getter steps 4-7: drop empty strings, drop the required
    line breaks at the start and end, and write each run of required line
    breaks as its largest count of newlines."""
    out: list[str] = []
    pending = 0  # the largest count in the current run of required line breaks
    started = False
    for item in items:
        if item.__class__ is int:
            if item > pending:
                pending = item
        elif item:
            if pending:
                if started:
                    out.append("\n" * pending)
                pending = 0
            out.append(item)
            started = True
    return "".join(out)


_TREE_OF_MODULE = (
    ("xml.etree.", "etree"),
    ("lxml.", "lxml"),
    ("bs4", "bs4"),
    ("xml.dom.", "dom"),
)


def _tree_type(node: Any) -> str:
    """The tree type of ``node``, from the module its class comes from."""
    if isinstance(node, (list, tuple)):
        # A fragment list (parse_fragment's for etree, lxml and lxml.html):
        # leading text, then the nodes, each of one tree type.
        nodes = [item for item in node if not isinstance(item, str)]
        return _tree_type(nodes[0]) if nodes else "etree"  # text alone: any walker reads it
    # The class's bases too: specparser.HTMLElementTree is an ElementTree.
    for cls in type(node).__mro__:
        module = cls.__module__ or ""
        for prefix, tree in _TREE_OF_MODULE:
            if module.startswith(prefix):
                return tree
    if hasattr(node, "nodeType"):  # another W3C DOM
        return "dom"
    raise TypeError(
        f"visible_text(): node must be a node of a supported tree (etree, lxml, "
        f"bs4, dom), not {type(node).__name__}"
    )


def visible_text(
    node: Any,
    tree: str | None = None,
    *,
    scripting: bool = False,
    separator: str | None = None,
    strip: bool = False,
) -> str:
    """The text a reader sees in ``node``: its ``innerText``, by the HTML
    Standard's rendered text collection steps as far as they apply without
    CSS (see the module docstring for what is and is not rendered).

    ``node`` is a document, fragment or element of any tree type specparser
    builds ("etree", "lxml", "lxml.html", "bs4", "dom"); ``tree`` names the
    type, found from the node's class when omitted.  For a document, the
    document element's text.  ``scripting`` says whether the page is shown
    with scripting on, which hides ``noscript`` and draws ``canvas`` instead
    of its fallback: pass the value the tree was parsed with (with
    scripting on, a ``noscript`` holds its markup as text).

    Paragraphs are separated by a blank line, other blocks and ``<br>`` by
    a newline, table cells by tabs; white space is collapsed except in
    ``<pre>``; scripts, styles, templates, the head and hidden elements
    are left out::

        >>> visible_text(parse("<p>Hello <b>world</b><script>x()</script><p>Bye"))
        'Hello world\\n\\nBye'

    ``separator`` (a str) gives what bs4's ``get_text(separator)`` and
    justhtml's ``to_text(separator)`` give, from the text a reader sees:
    the data of each shown Text node, as it is (no layout, no white-space
    collapsing), joined by ``separator``.  ``strip=True`` strips white space
    (``str.strip``) from each of them and leaves the empty ones out, as
    ``get_text(strip=True)`` does; without a separator it strips each line
    of the layout and leaves out the empty lines (no blank lines between
    paragraphs)::

        >>> visible_text(parse("<p>Hello <b>world</b><script>x()</script><p>Bye"), separator="|", strip=True)
        'Hello|world|Bye'
    """
    if node is None:
        raise TypeError("visible_text(): node must be a tree node, not None")
    if tree is None:
        tree = _tree_type(node)
    elif not isinstance(tree, str):
        raise TypeError(f"visible_text(): tree must be a str naming a tree type, not {type(tree).__name__}")
    for name, value in (("scripting", scripting), ("strip", strip)):
        if not isinstance(value, bool):
            raise TypeError(f"visible_text(): {name} must be a bool, not {type(value).__name__}")
    if separator is not None and not isinstance(separator, str):
        raise TypeError(f"visible_text(): separator must be a str or None, not {type(separator).__name__}")
    from .builders import get_walker

    try:
        walker = get_walker(tree)
    except ValueError as exc:
        raise ValueError(f"visible_text(): tree: {exc}") from None
    # Walkers are generators that may refuse the node only when first
    # asked for an event.
    try:
        events = iter(walker(node))
        first = next(events, None)
    except TypeError as exc:
        raise TypeError(f"visible_text(): node: {exc}") from None
    if first is None:
        return ""
    return visible_text_events(_chain(first, events), scripting=scripting, separator=separator, strip=strip)
