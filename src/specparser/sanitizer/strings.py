"""``specparser.sanitize()``: markup in, sanitized markup out.

The tree is ``setHTML``'s (the standard's safe sanitizing, see
:mod:`.core`); the string is made to survive being parsed again, which a
browser's ``setHTML`` then ``getHTML`` does not promise (a sanitized tree
can serialize to markup that parses into another tree: mutation XSS).  So
the string API:

1. sanitizes with the string rules on top of the configuration
   (``hardened``): an HTML ``noscript`` is removed (its contents parse
   differently where scripting is on), an HTML ``plaintext`` is replaced
   with its text (it would swallow what follows it), every ``on*``
   attribute is removed (not only the event handlers the standard lists),
   and a ``javascript:`` URL is removed from every URL attribute of every
   element (not only the navigating ones);
2. serializes the tree as the children of the context element, as
   ``getHTML()`` does: without shadow roots.  ``setHTML`` parses with
   declarative shadow roots allowed, so a ``<template shadowrootmode>``
   the configuration keeps gives its host a shadow root, and ``getHTML()``
   writes none of them: their content is left out of the string (of the
   fallback text too);
3. parses that output again in the same context and sanitizes it: if
   nothing is removed and the serialization is the same, the output is a
   fixed point and is returned; otherwise the new serialization is tried
   the same way, up to :data:`ROUNDS` times;
4. a ``<template shadowrootmode>`` left a template at the top level (a
   fragment's context element is no shadow host) loses its
   ``shadowrootmode`` where the context could host a shadow root: markup
   concatenated into such an element of a page that allows declarative
   shadow roots (as a browser's navigation does) would otherwise give the
   element a shadow root, another tree than the one sanitized;
5. if no fixed point is reached, the output is the sanitized tree's text,
   escaped (checked the same way; the empty string if even that fails).

So ``sanitize(sanitize(x)) == sanitize(x)``, and parsing the output in the
context gives a tree the sanitizer keeps as it is.  Parsing it with
declarative shadow roots allowed (``setHTMLUnsafe``) or not
(``innerHTML``) gives the same tree: a ``<template shadowrootmode>`` that
became a shadow root would be left out of the next serialization, so a
fixed point holds none.
"""

from __future__ import annotations

from typing import Any

from ..constants import HTML_NAMESPACE, SVG_NAMESPACE
from ..fragment_context import parse_fragment_context
from ..serializer import RAW_TEXT_PARENTS, _skip_shadow_root, escape_string, serialize_events
from ..treeconstruction.shadow import is_valid_shadow_host_name, shadow_root_mode
from ..walkers import END, SHADOW, START, TEXT
from .config import SanitizerLike, get_a_sanitizer_instance_from_options
from .filter import SanitizingTreeBuilder

__all__ = ["ROUNDS", "sanitize"]

#: How many times the output is parsed again before falling back to text.
ROUNDS = 4


def sanitize(markup: str, sanitizer: SanitizerLike | None = None, *, context: str = "div") -> str:
    """Sanitize ``markup`` as ``setHTML`` does on a ``context`` element and
    return the result as markup that is safe to insert as the children of
    such an element in an HTML document (see the module documentation for
    what is done beyond ``setHTML``).

    ``sanitizer``: a :class:`~specparser.Sanitizer`, a configuration dict
    in the API's JSON shape, or ``"default"`` (``None``: the built-in safe
    default).  Whatever it allows, the safe baseline applies: no
    ``script``, ``iframe``, ``object``, ``embed``, ``frame``, SVG ``use``,
    event handler attribute or ``javascript:`` URL is kept.  ``context``:
    an HTML element name, or ``"svg NAME"`` / ``"math NAME"``.  An invalid
    configuration is a ``TypeError``.
    """
    where = "sanitize()"
    if not isinstance(markup, str):
        raise TypeError(f"{where}: markup must be a str, not {type(markup).__name__}")
    instance = get_a_sanitizer_instance_from_options("default" if sanitizer is None else sanitizer, True, where)
    local_name, namespace = parse_fragment_context(context, where, "context")
    if local_name == "script" and namespace in (HTML_NAMESPACE, SVG_NAMESPACE):
        # https://wicg.github.io/sanitizer-api/#set-and-filter-html step 1.
        return ""
    raw = namespace == HTML_NAMESPACE and local_name in RAW_TEXT_PARENTS
    run = _Run(instance, (local_name, namespace), raw)
    output, _, text = run.once(markup)
    for _ in range(ROUNDS):
        again, changed, text = run.once(output)
        if not changed and again == output:
            return output
        output = again
    fallback = text if raw else escape_string(text.replace("\r", "\n").replace("\0", "\ufffd"))
    again, changed, _ = run.once(fallback)
    return fallback if not changed and again == fallback else ""


class _Run:
    """One sanitizer and context: parse, sanitize and serialize."""

    __slots__ = ("sanitizer", "context", "raw", "host")

    def __init__(self, sanitizer: Any, context: tuple[str, str], raw: bool) -> None:
        self.sanitizer = sanitizer
        self.context = context
        self.raw = raw
        # Could the context element be a declarative shadow host?
        self.host = context[1] == HTML_NAMESPACE and is_valid_shadow_host_name(context[0])

    def once(self, markup: str) -> tuple[str, bool, str]:
        """The sanitized serialization of ``markup``, whether sanitizing
        removed anything, and the tree's text (shadow roots left out)."""
        from ..builders import get_builder, get_walker
        from ..treeconstruction import build_tree

        inner: Any = get_builder("etree")
        builder = SanitizingTreeBuilder(inner(namespaceHTMLElements=False), self.sanitizer, safe=True, hardened=True)
        # https://wicg.github.io/sanitizer-api/#set-and-filter-html step 3:
        # setHTML parses with "allow declarative shadow roots" true.
        fragment = build_tree(markup, builder, context=self.context, shadow_roots=True)
        events = _light_tree(get_walker("etree")(fragment), self.host)
        text = "".join(event[1] for event in events if event[0] == TEXT)
        output = text if self.raw else serialize_events(events, serializable_shadow_roots=False)
        return output, builder.changed, text


def _light_tree(events: Any, host: bool) -> list[tuple[Any, ...]]:
    """The walker ``events`` without the shadow roots' (``SHADOW`` ...
    ``END_SHADOW``, nested ones included): what ``getHTML()`` without
    options writes, and all the text that may reach the string.  With
    ``host`` (the context element could be a shadow host), a top-level
    template's valid ``shadowrootmode`` is left out (see the module
    documentation, step 4)."""
    kept: list[tuple[Any, ...]] = []
    depth = 0
    stream = iter(events)
    for event in stream:
        kind = event[0]
        if kind == SHADOW:
            _skip_shadow_root(stream)
            continue
        if kind == START:
            if host and not depth and event[1] == "template" and event[2] in (HTML_NAMESPACE, None):
                event = _without_shadow_root_mode(event)
            depth += 1
        elif kind == END:
            depth -= 1
        kept.append(event)
    return kept


def _without_shadow_root_mode(event: tuple[Any, ...]) -> tuple[Any, ...]:
    """A template's START event without a ``shadowrootmode`` in the open
    or closed state."""
    attrs = event[3]
    if not attrs or shadow_root_mode(attrs) is None:
        return event
    return (START, event[1], event[2], {key: value for key, value in attrs.items() if key != "shadowrootmode"})
