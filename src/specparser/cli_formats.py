"""The output formats of the ``specparser`` command, over walker events.

Each function takes the event stream of :mod:`specparser.walkers` for a
Document or DocumentFragment and returns text.  None of them recurses, so a
document of any depth can be printed (the JSON is written as text while the
events go by, not built as nested Python objects for ``json.dumps``, which
would recurse).

``html``
    The spec's HTML fragment serialization algorithm applied to the
    document (:mod:`specparser.serializer`).

``tree``
    The html5lib-tests tree view (:mod:`specparser.testformat`): the lines
    of a test's ``#document`` section.

``text``
    The visible text (:func:`specparser.text.visible_text`): the HTML
    Standard's ``innerText`` rules without CSS, with ``--scripting``
    deciding whether ``noscript`` is shown.

``text-content``
    The DOM ``textContent`` (https://dom.spec.whatwg.org/#dom-node-textcontent)
    of the document element, or of the fragment for ``--fragment``: the
    data of every Text node descendant, concatenated in tree order, as is.
    Comments, the DOCTYPE and attribute values are not text; a
    ``<template>``'s contents are a separate DocumentFragment, not
    descendants, so they are left out; ``<script>`` and ``<style>`` text is
    included (textContent is not the rendered ``innerText``).

``json``
    One JSON object per input::

        {"type": "document",            # "fragment" with --fragment
         "file": "page.html",           # "<stdin>" for standard input
         "encoding": "utf-8",           # the encoding the bytes were decoded with
         "context": {"name": "td", "namespace": "html"},   # fragments only
         "children": [NODE, ...],
         "errors": [{"code": "eof-in-tag", "line": 3, "column": 7,
                     "message": "end of input inside a tag ..."}, ...]}

    where a NODE is one of::

        {"type": "doctype", "name": "html", "publicId": "", "systemId": ""}
        {"type": "comment", "data": " text "}
        {"type": "processing-instruction", "target": "php", "data": "echo 1"}
        {"type": "text", "data": "Hello"}
        {"type": "element", "name": "svg", "namespace": "svg",
         "attributes": {"viewBox": "0 0 10 10", "xlink:href": "#a"},
         "children": [NODE, ...]}

    An element's ``name`` is its local name; ``namespace`` is ``"html"``,
    ``"svg"`` or ``"math"`` (the full namespace URI for any other);
    ``attributes`` maps each attribute's serialized name
    (https://html.spec.whatwg.org/#attribute's-serialized-name:
    ``xlink:href``, ``xml:lang``, ``xmlns:xlink`` for namespaced ones) to its
    value, in source order; when some attributes are in a namespace (the
    SVG and MathML ``xlink:``, ``xml:``, ``xmlns:`` adjustments), the element
    also has ``"attributeNamespaces": {"xlink:href":
    "http://www.w3.org/1999/xlink"}`` for those (an HTML element's
    ``xlink:href`` is a plain attribute and is not listed there).  An HTML ``template`` element also has
    ``"content": [NODE, ...]``, its template contents, just before
    ``children`` (which is then empty).  Adjacent text is one text node.
    With ``--shadow-roots``, a shadow host's first child is its shadow
    root: ``{"type": "shadow-root", "mode": "open", "flags":
    ["serializable"], "slotAssignment": "named", "children": [NODE, ...]}``
    (flags among
    ``delegates_focus``, ``serializable``, ``clonable``,
    ``custom_element_registry_null``).
"""

from __future__ import annotations

from json.encoder import encode_basestring as _json_string  # type: ignore[attr-defined, unused-ignore]
from typing import Any, Iterable

from .constants import HTML_NAMESPACE, MATHML_NAMESPACE, SVG_NAMESPACE
from .serializer import attribute_serialized_name, serialize_events
from .testformat import dump_events
from .text import visible_text_events
from .walkers import COMMENT, CONTENT, DOCTYPE, END, END_CONTENT, END_SHADOW, PI, SHADOW, START, TEXT

__all__ = [
    "format_html",
    "format_json",
    "format_json_node",
    "format_text",
    "format_text_content",
    "format_tree",
    "namespace_name",
]

_SHORT_NAMESPACES = {HTML_NAMESPACE: "html", SVG_NAMESPACE: "svg", MATHML_NAMESPACE: "math"}


def format_html(
    events: Iterable[tuple], scripting: bool = False, output_encoding: str | None = None, doctype_ids: bool = True
) -> str:
    """The serialized document (children of the Document or fragment), as
    :func:`specparser.serialize` writes it: the DOCTYPE keeps its public
    and system identifiers (``doctype_ids``), so the output re-parses in the
    same quirks mode, into the same tree.

    With ``output_encoding`` (the encoding the text will be written in),
    the document says so: every HTML ``<meta>`` that declares an encoding
    (``charset``, or ``http-equiv="content-type"`` with a charset in
    ``content``: https://html.spec.whatwg.org/#attr-meta-charset) declares
    ``output_encoding`` instead; a document that declares none gets
    ``<meta charset="...">`` as the first child of its ``<head>`` when the
    text is not all ASCII (ASCII reads the same in every encoding a browser
    could guess, so such output stays exactly the serialized tree).
    Every shadow root is written (``--shadow-roots``: the output parses
    back into the same tree)."""
    if output_encoding is None:
        return serialize_events(events, scripting=scripting, doctype_ids=doctype_ids, shadow_roots=True)
    rewritten, declared = _declare_encoding(events, output_encoding)
    html = serialize_events(rewritten, scripting=scripting, doctype_ids=doctype_ids, shadow_roots=True)
    if declared or html.isascii():
        return html
    return serialize_events(_insert_meta_charset(rewritten, output_encoding), scripting=scripting, doctype_ids=doctype_ids, shadow_roots=True)


def _declare_encoding(events: Iterable[tuple], encoding: str) -> tuple[list[tuple], bool]:
    """The events with each encoding declaration made to name ``encoding``,
    and whether there was any."""
    from .encoding.meta import extract_a_character_encoding_from_a_meta_element

    out: list[tuple] = []
    declared = False
    for event in events:
        if event[0] == START and event[1] == "meta" and event[2] == HTML_NAMESPACE and event[3]:
            attrs = event[3]
            http_equiv = attrs.get("http-equiv")
            if "charset" in attrs:
                event = (START, "meta", HTML_NAMESPACE, {**attrs, "charset": encoding})
                declared = True
            elif (
                isinstance(http_equiv, str)
                and http_equiv.lower() == "content-type"
                and extract_a_character_encoding_from_a_meta_element(attrs.get("content", "")) is not None
            ):
                event = (START, "meta", HTML_NAMESPACE, {**attrs, "content": f"text/html; charset={encoding}"})
                declared = True
        out.append(event)
    return out, declared


def _insert_meta_charset(events: list[tuple], encoding: str) -> list[tuple]:
    """``<meta charset=encoding>`` as the first child of the first HTML
    ``<head>`` (a fragment without one is left as it is)."""
    for index, event in enumerate(events):
        if event[0] == START and event[1] == "head" and event[2] == HTML_NAMESPACE:
            meta = [(START, "meta", HTML_NAMESPACE, {"charset": encoding}), (END, "meta", HTML_NAMESPACE)]
            return events[: index + 1] + meta + events[index + 1 :]
    return events


def format_tree(events: Iterable[tuple]) -> str:
    """The html5lib-tests ``#document`` lines."""
    return dump_events(events)


def format_text(
    events: Iterable[tuple], scripting: bool = False, separator: str | None = None, strip: bool = False
) -> str:
    """The visible text of the document / fragment (``separator`` and
    ``strip`` as :func:`specparser.visible_text`)."""
    return visible_text_events(events, scripting=scripting, separator=separator, strip=strip)


def format_text_content(events: Iterable[tuple]) -> str:
    """textContent of the document element / fragment (see the module
    docstring): every TEXT event outside template contents."""
    parts: list[str] = []
    append = parts.append
    in_template_contents = 0
    for event in events:
        kind = event[0]
        if kind == TEXT:
            if not in_template_contents:
                append(event[1])
        elif kind == CONTENT or kind == SHADOW:
            in_template_contents += 1
        elif kind == END_CONTENT or kind == END_SHADOW:
            in_template_contents -= 1
    return "".join(parts)


def namespace_name(namespace: str | None) -> str:
    """``"html"``, ``"svg"``, ``"math"``, or the namespace URI itself."""
    if namespace is None:
        return "html"
    return _SHORT_NAMESPACES.get(namespace, namespace)


def _shadow_root_item(init: Any) -> str:
    """The opening of a shadow root's JSON item (a host's first child)."""
    flags = ",".join(_json_string(flag) for flag in init.flags())
    return '{"type":"shadow-root","mode":%s,"flags":[%s],"slotAssignment":%s,"children":[' % (
        _json_string(init.mode), flags, _json_string(init.slot_assignment)
    )


def format_json(
    events: Iterable[tuple],
    *,
    file: str,
    encoding: str | None,
    errors: Iterable[Any] = (),
    context: tuple[str, str] | None = None,
) -> str:
    """One JSON object (one line, no trailing newline) in the schema of the
    module docstring.  ``errors`` are :class:`~specparser.errors.ParseError`
    records; ``context`` is the fragment's ``(local name, namespace)``."""
    s = _json_string
    out: list[str] = []
    append = out.append
    append('{"type":"%s","file":%s,"encoding":%s' % (
        "fragment" if context is not None else "document",
        s(file),
        "null" if encoding is None else s(encoding),
    ))
    if context is not None:
        append(',"context":{"name":%s,"namespace":%s}' % (s(context[0]), s(namespace_name(context[1]))))
    append(',"children":[')
    _append_json_nodes(events, out)
    append('],"errors":[')
    append(",".join(
        '{"code":%s,"line":%d,"column":%d,"message":%s}'
        % (s(error.code), error.line, error.column, s(error.message))
        for error in errors
    ))
    append("]}")
    return "".join(out)


def format_json_node(events: Iterable[tuple]) -> str:
    """The NODE of the schema (one line) whose walker events are
    ``events``: what ``--select`` writes for each match."""
    out: list[str] = []
    _append_json_nodes(events, out)
    return "".join(out)


def _append_json_nodes(events: Iterable[tuple], out: list[str]) -> None:
    """The NODEs of ``events``, comma-separated, appended to ``out``."""
    s = _json_string
    append = out.append
    # One flag per open JSON list: is the next item its first?
    first = [True]
    push = first.append
    pop = first.pop
    attr_name = attribute_serialized_name
    # After an HTML template's START: waiting to see whether its contents
    # (CONTENT) follow; a walker without template contents goes straight on.
    template_pending = False
    for event in events:
        kind = event[0]
        if template_pending:
            template_pending = False
            if kind != CONTENT:
                append(',"children":[')
                push(True)
        if kind == END or kind == END_SHADOW:
            pop()
            append("]}")
            continue
        if kind == END_CONTENT:
            pop()
            append('],"children":[')
            push(True)
            continue
        if kind == CONTENT:
            append(',"content":[')
            push(True)
            continue
        if first[-1]:
            first[-1] = False
        else:
            append(",")
        if kind == TEXT:
            append('{"type":"text","data":%s}' % s(event[1]))
        elif kind == SHADOW:
            append(_shadow_root_item(event[1]))
            push(True)
        elif kind == START:
            _, name, namespace, attrs = event
            append('{"type":"element","name":%s,"namespace":%s,"attributes":{' % (s(name), s(namespace_name(namespace))))
            namespaced = None
            if attrs:
                append(",".join("%s:%s" % (s(attr_name(key)), s(value)) for key, value in attrs.items()))
                namespaced = [key for key in attrs if key.__class__ is tuple]
            if namespaced:
                # The serialized name alone cannot tell xlink:href in the
                # XLink namespace from an attribute literally named so.
                append('},"attributeNamespaces":{')
                append(",".join("%s:%s" % (s(attr_name(key)), s(key[2])) for key in namespaced))
            # The walker reports an HTML template's contents (CONTENT ...
            # END_CONTENT) right after its START: "content" comes first,
            # then "children".
            if name == "template" and namespace == HTML_NAMESPACE:
                append("}")
                template_pending = True
            else:
                append('},"children":[')
                push(True)
        elif kind == COMMENT:
            append('{"type":"comment","data":%s}' % s(event[1]))
        elif kind == PI:
            append('{"type":"processing-instruction","target":%s,"data":%s}' % (s(event[1]), s(event[2])))
        elif kind == DOCTYPE:
            _, name, public_id, system_id = event
            append('{"type":"doctype","name":%s,"publicId":%s,"systemId":%s}' % (
                s(name or ""), s(public_id or ""), s(system_id or "")
            ))
        else:
            raise ValueError(f"unknown walker event {event!r}")
