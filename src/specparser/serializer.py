"""Serializing HTML fragments, over walker events.

https://html.spec.whatwg.org/#serialising-html-fragments

The spec's algorithm recurses into each child element; here it is one loop
over the flat event stream of :mod:`specparser.walkers`, so a tree of any
depth serializes with no recursion, in time linear in the output, and for
every tree type that has a walker (ElementTree, lxml, BeautifulSoup,
xml.dom.minidom).

Public API:

* :func:`serialize_html` -- the markup of a node: an element's outer HTML,
  or the children of a Document / DocumentFragment.
* :func:`serialize_inner_html` -- the spec algorithm proper: the children of
  a node (the template contents for a ``<template>``).
* :func:`serialize_events` -- the same over an event iterable you already
  have.

Two choices the spec leaves open or that are extensions, both documented
where they are made:

* An element with no namespace (``xml.dom.minidom.Document.createElement``,
  hand-built trees) is treated as an HTML element: void, raw text and the
  tag name rules then apply as html5lib and browsers' ``innerHTML`` users
  expect.
* Shadow roots (``parse(..., shadow_roots=True)``) are written as
  ``getHTML()`` writes them (step 4 of the algorithm): a shadow root
  that is serializable (``serializable_shadow_roots``, default true) or
  chosen (``shadow_roots``: ``True`` for all, or the shadow root nodes
  the walker reports) becomes a ``<template shadowrootmode>`` before the
  host's children.  ``shadowrootcustomelementregistry=""`` is written
  when the root's registry is kept null, as for a document with a global
  custom element registry (a page a browser navigated to;
  ``Document.parseHTMLUnsafe``'s document has none, so Chromium omits it
  there).
* ``doctype_ids=True`` writes a DOCTYPE's public and system identifiers,
  which the spec's algorithm drops (``<!DOCTYPE name>`` only).  Dropping
  them can change the quirks mode a re-parse picks, and with it the tree;
  keep them when the output must parse back to the same tree.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Iterator

from ._arguments import check_flag
from .constants import ATTRIBUTE_PREFIXES, HTML_NAMESPACE, XMLNS_NAMESPACE
from .walkers import COMMENT, CONTENT, DOCTYPE, END, END_CONTENT, END_SHADOW, PI, SHADOW, START, TEXT

__all__ = [
    "serialize_html",
    "serialize_inner_html",
    "serialize_events",
    "shadow_root_filter",
    "walker_for",
    "VOID_ELEMENTS",
    "RAW_TEXT_PARENTS",
]

# "serializes as void": https://html.spec.whatwg.org/#serializes-as-void --
# the void elements plus the legacy basefont, bgsound, frame, keygen, param.
VOID_ELEMENTS = frozenset(
    {
        "area", "base", "basefont", "bgsound", "br", "col", "embed", "frame",
        "hr", "img", "input", "keygen", "link", "meta", "param", "source",
        "track", "wbr",
    }
)  # fmt: skip

# Text whose parent is one of these is appended literally (step "If current
# node is a Text node"); noscript joins them only when scripting is enabled.
RAW_TEXT_PARENTS = frozenset(
    {"style", "script", "xmp", "iframe", "noembed", "noframes", "plaintext"}
)
_RAW_TEXT_PARENTS_SCRIPTING = RAW_TEXT_PARENTS | {"noscript"}

# The attribute's serialized name, for the namespaces the spec names (XML,
# XMLNS, XLink: "xml:", "xmlns:", "xlink:").
_ATTRIBUTE_PREFIX = {namespace: prefix + ":" for namespace, prefix in ATTRIBUTE_PREFIXES.items()}


def escape_string(string: str, attribute_mode: bool = False) -> str:
    """"Escaping a string": ``&``, U+00A0, ``<``, ``>``, and in attribute
    mode ``"`` too.

    https://html.spec.whatwg.org/#escapingString
    """
    # Membership tests are cheaper than a regex for the common case of text
    # with nothing to escape; replace() only runs when needed.
    # Step 1.
    if "&" in string:
        string = string.replace("&", "&amp;")
    # Step 2.
    if "\xa0" in string:
        string = string.replace("\xa0", "&nbsp;")
    # Step 3.
    if attribute_mode and '"' in string:
        string = string.replace('"', "&quot;")
    # Step 4.  Older editions skip it in attribute mode; the current standard
    # escapes ``<`` and ``>`` in attribute values too (whatwg/html#6362, 2025).
    if "<" in string:
        string = string.replace("<", "&lt;")
    if ">" in string:
        string = string.replace(">", "&gt;")
    return string


def attribute_serialized_name(key: Any) -> str:
    """An attribute's serialized name from a walker attribute key: a plain
    string, or ``(prefix, local_name, namespace)``.

    https://html.spec.whatwg.org/#attribute's-serialized-name
    """
    if key.__class__ is str:
        return key
    prefix, local, namespace = key
    if namespace is None:
        return local
    if namespace == XMLNS_NAMESPACE and local == "xmlns":
        return "xmlns"
    known = _ATTRIBUTE_PREFIX.get(namespace)
    if known is not None:
        return known + local
    # "any other namespace": the attribute's qualified name.
    return f"{prefix}:{local}" if prefix else local


def _doctype(name: str | None, public_id: str | None, system_id: str | None, ids: bool) -> str:
    if not ids or not (public_id or system_id):
        return f"<!DOCTYPE {name or ''}>"
    # The form the tokenizer reads back into the same identifiers (the
    # DOCTYPE states accept either quote; pick one the identifier lacks).
    parts = [f"<!DOCTYPE {name or ''}"]
    if public_id:
        parts.append(f' PUBLIC "{public_id}"')
    else:
        parts.append(" SYSTEM")
    if system_id:
        quote = "'" if '"' in system_id else '"'
        parts.append(f" {quote}{system_id}{quote}")
    parts.append(">")
    return "".join(parts)


def shadow_root_filter(
    function: str, serializable_shadow_roots: Any = True, shadow_roots: Any = ()
) -> Callable[[tuple], bool]:
    """Whether a ``(SHADOW, init, root)`` event is written: step 4.2 of
    https://html.spec.whatwg.org/#serialising-html-fragments, "If
    serializableShadowRoots is true and shadow's serializable is true, or
    shadowRoots contains shadow".  ``shadow_roots`` is ``True`` (every
    shadow root), or an iterable of the shadow root nodes to write
    (compared by identity).  Wrong types are a TypeError naming
    ``function``."""
    serializable_shadow_roots = check_flag(serializable_shadow_roots, function, "serializable_shadow_roots")
    if shadow_roots is True:
        return lambda event: True
    if shadow_roots is False or shadow_roots is None:
        shadow_roots = ()
    if isinstance(shadow_roots, (str, bytes)) or not hasattr(shadow_roots, "__iter__"):
        raise TypeError(
            f"{function}: shadow_roots must be True or an iterable of shadow root nodes, "
            f"not {type(shadow_roots).__name__}"
        )
    chosen = {id(root): root for root in shadow_roots}

    def include(event: tuple) -> bool:
        if serializable_shadow_roots and event[1].serializable:
            return True
        return chosen.get(id(event[2]), chosen) is event[2]

    return include


def _shadow_root_start_tag(init: Any) -> str:
    """Steps 4.2.1-4.2.9: the declarative template's start tag."""
    parts = ['<template shadowrootmode="', "open" if init.mode == "open" else "closed", '"']
    if init.delegates_focus:
        parts.append(' shadowrootdelegatesfocus=""')
    if init.serializable:
        parts.append(' shadowrootserializable=""')
    if init.slot_assignment == "manual":
        # whatwg/html PR 12267, as Chromium 156 writes it.
        parts.append(' shadowrootslotassignment="manual"')
    if init.clonable:
        parts.append(' shadowrootclonable=""')
    if init.custom_element_registry_null:
        parts.append(' shadowrootcustomelementregistry=""')
    parts.append(">")
    return "".join(parts)


def serialize_events(
    events: Iterable[tuple],
    *,
    scripting: bool = False,
    doctype_ids: bool = False,
    serializable_shadow_roots: bool = True,
    shadow_roots: Any = (),
) -> str:
    """Serialize a walker event stream (see :mod:`specparser.walkers`).

    The stream is serialized as it comes: an element's START / END pair
    becomes its start and end tag, so walking an element gives its outer
    HTML and walking a Document its children.  ``scripting`` says whether
    scripting is enabled for the nodes (then ``noscript`` text is written
    literally); ``doctype_ids`` keeps a DOCTYPE's identifiers;
    ``serializable_shadow_roots`` and ``shadow_roots`` choose the shadow
    roots written, as ``getHTML()``'s options do (see the module
    docstring).
    """
    if isinstance(events, (str, bytes, bytearray, memoryview)) or not hasattr(events, "__iter__"):
        raise TypeError(
            f"events must be an iterable of walker event tuples (specparser.walkers), "
            f"not {type(events).__name__}; to serialize a tree use serialize_html(node, tree=...)"
        )
    scripting = check_flag(scripting, "serialize_events()", "scripting")
    doctype_ids = check_flag(doctype_ids, "serialize_events()", "doctype_ids")
    include = shadow_root_filter("serialize_events()", serializable_shadow_roots, shadow_roots)
    raw_parents = _RAW_TEXT_PARENTS_SCRIPTING if scripting else RAW_TEXT_PARENTS
    return _serialize(events, raw_parents, doctype_ids, False, include)


def _serialize(
    events: Iterable[tuple],
    raw_parents: frozenset,
    doctype_ids: bool,
    raw: bool,
    include_shadow: Callable[[tuple], bool] = lambda event: False,
) -> str:
    """The loop of :func:`serialize_events`; ``raw`` says whether the
    parent of the top-level events is a raw text element."""
    out: list[str] = []
    append = out.append
    # One flag per open element / template contents: is text directly
    # inside it written literally?  The bottom entry stands for the parent
    # of the top-level events.
    raw_stack = [raw]  # raw == raw_stack[-1] throughout
    push = raw_stack.append
    pop = raw_stack.pop
    html_ns = HTML_NAMESPACE
    void = VOID_ELEMENTS
    escape = escape_string
    attr_name = attribute_serialized_name
    stream = iter(events)
    for event in stream:
        kind = event[0]
        if kind == TEXT:
            append(event[1] if raw else escape(event[1]))
        elif kind == START:
            _, name, namespace, attrs = event
            is_html = namespace == html_ns or namespace is None
            if attrs:
                parts = ["<", name]
                for key, value in attrs.items():
                    parts.append(f' {key if key.__class__ is str else attr_name(key)}="{escape(value, True)}"')
                parts.append(">")
                append("".join(parts))
            else:
                append(f"<{name}>")
            if is_html and name in void:
                # "If current node serializes as void, then continue on to
                # the next child node": its children (a DOM can give a void
                # element some) and its end tag are not written.
                _skip_to_end(stream)
                continue
            raw = is_html and name in raw_parents
            push(raw)
        elif kind == END:
            # "<", "/", tagname, ">": the local name for the HTML, SVG and
            # MathML namespaces (and, here, for any namespace: walkers do
            # not report prefixes).
            append(f"</{event[1]}>")
            if len(raw_stack) > 1:  # a stray END must not empty the stack
                pop()
            raw = raw_stack[-1]
        elif kind == COMMENT:
            append(f"<!--{event[1]}-->")
        elif kind == PI:
            # "If current node is a ProcessingInstruction": "<?", the target,
            # a space, the data, "?>" (the "?" since 2026-07, whatwg/html
            # 2e477cf1: without it, data ending in "?" would lose that "?"
            # when parsed again).
            append(f"<?{event[1]} {event[2]}?>")
        elif kind == DOCTYPE:
            append(_doctype(event[1], event[2], event[3], doctype_ids))
        elif kind == CONTENT:
            # "If the node is a template element, then let the node instead
            # be the template element's template contents": serialize the
            # contents (a DocumentFragment, so never raw text) ...
            raw = False
            push(False)
        elif kind == END_CONTENT:
            pop()
            # ... and not the template element's own children, which the
            # walker reports after END_CONTENT, before the template's END.
            end = _skip_to_end(stream)
            if end is None:
                raise ValueError("walker events end inside an element")
            append(f"</{end[1]}>")
            if len(raw_stack) > 1:
                pop()
            raw = raw_stack[-1]
        elif kind == SHADOW:
            # Step 4: a shadow root chosen to be written, as a declarative
            # template around the fragment serialization of the root.
            if include_shadow(event):
                append(_shadow_root_start_tag(event[1]))
                raw = False
                push(False)
            elif not _skip_shadow_root(stream):
                raise ValueError("walker events end inside a shadow root")
        elif kind == END_SHADOW:
            append("</template>")
            if len(raw_stack) > 1:
                pop()
            raw = raw_stack[-1]
        else:
            raise ValueError(f"unknown walker event {event!r}")
    return "".join(out)


def _skip_shadow_root(stream: Iterator[tuple]) -> bool:
    """Consume a shadow root's events (its SHADOW already read) up to and
    including its END_SHADOW; False when the stream ends first."""
    depth = 0
    for event in stream:
        kind = event[0]
        if kind == SHADOW:
            depth += 1
        elif kind == END_SHADOW:
            if not depth:
                return True
            depth -= 1
    return False


def _skip_to_end(stream: Iterator[tuple]) -> tuple | None:
    """Consume the rest of the current element (its START already read), up
    to and including its END; return that END, or ``None`` when the stream
    ends first."""
    depth = 0
    for event in stream:
        kind = event[0]
        if kind == START:
            depth += 1
        elif kind == END:
            if not depth:
                return event
            depth -= 1
    return None


# -- nodes -------------------------------------------------------------

def walker_for(tree: str) -> Callable[[Any], Iterator[tuple]]:
    """The event walker for tree type ``tree``: any name registered in
    :mod:`specparser.builders` ("etree", "dom", "lxml", "lxml.html",
    "bs4"), imported on first use."""
    if not isinstance(tree, str):
        raise TypeError(f"serializer: tree must be a str naming a tree type, not {type(tree).__name__}")
    from .builders import get_walker

    return get_walker(tree)


def serialize_html(
    node: Any,
    tree: str = "etree",
    *,
    scripting: bool = False,
    doctype_ids: bool = False,
    serializable_shadow_roots: bool = True,
    shadow_roots: Any = (),
) -> str:
    """The HTML markup of ``node``, a node of a ``tree`` tree.

    For an element: its outer HTML (start tag, serialized children, end
    tag).  For a Document or DocumentFragment (ElementTree ``DOCUMENT_ROOT``
    / ``DOCUMENT_FRAGMENT``, minidom Document ...): its children, which is
    the spec's "HTML fragment serialization algorithm" applied to it.
    """
    if node is None:
        raise TypeError("serialize_html() needs a node, not None")
    scripting = check_flag(scripting, "serialize_html()", "scripting")
    doctype_ids = check_flag(doctype_ids, "serialize_html()", "doctype_ids")
    include = shadow_root_filter("serialize_html()", serializable_shadow_roots, shadow_roots)
    raw_parents = _RAW_TEXT_PARENTS_SCRIPTING if scripting else RAW_TEXT_PARENTS
    return _serialize(walker_for(tree)(node), raw_parents, doctype_ids, False, include)


def serialize_inner_html(
    element: Any,
    tree: str = "etree",
    *,
    scripting: bool = False,
    doctype_ids: bool = False,
    serializable_shadow_roots: bool = True,
    shadow_roots: Any = (),
) -> str:
    """The spec's "HTML fragment serialization algorithm" for an element:
    its children (for an HTML ``template``, its template contents), as
    ``innerHTML`` returns them.  For a Document or DocumentFragment use
    :func:`serialize_html`, which already gives the children."""
    if element is None:
        raise TypeError("serialize_inner_html() needs an element, not None")
    scripting = check_flag(scripting, "serialize_inner_html()", "scripting")
    doctype_ids = check_flag(doctype_ids, "serialize_inner_html()", "doctype_ids")
    include = shadow_root_filter("serialize_inner_html()", serializable_shadow_roots, shadow_roots)
    events = iter(walker_for(tree)(element))
    first = next(events, None)
    if first is None or first[0] != START:
        raise TypeError("serialize_inner_html() needs an element node")
    _, name, namespace, _ = first
    raw_parents = _RAW_TEXT_PARENTS_SCRIPTING if scripting else RAW_TEXT_PARENTS
    is_html = namespace == HTML_NAMESPACE or namespace is None
    if is_html and name in VOID_ELEMENTS:
        return ""
    return _serialize(
        _children(events), raw_parents, doctype_ids, is_html and name in raw_parents, include
    )


def _children(events: Iterator[tuple]) -> Iterator[tuple]:
    """The events between an element's START (already read) and its END;
    for a template, only those between CONTENT and END_CONTENT."""
    depth = 0
    for event in events:
        kind = event[0]
        if kind == START:
            depth += 1
        elif kind == END:
            if not depth:
                return
            depth -= 1
        elif not depth:
            if kind == CONTENT:
                yield from _template_contents(events)
                return
        yield event


def _template_contents(events: Iterator[tuple]) -> Iterator[tuple]:
    depth = 0
    for event in events:
        kind = event[0]
        if kind == CONTENT:
            depth += 1
        elif kind == END_CONTENT:
            if not depth:
                return
            depth -= 1
        yield event
