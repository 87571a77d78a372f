"""The html5lib-tests tree dump format, built on walker events.

https://github.com/html5lib/html5lib-tests/blob/master/tree-construction/README.md
(now maintained in WPT's html/syntax/parsing/resources/README.md, which adds
processing instructions: ``| <?target data?>``)

    | <html>
    |   <head>
    |   <body>
    |     <svg svg>
    |       xlink href="#a"
    |     "text"

Any tree type with a walker can be dumped, so the conformance suite runs
through every adapter.

A shadow root (``parse(..., shadow_roots=True)``) is shown under its host,
after the host's attributes and before its children, as browsers' element
inspectors show it (the format has no line for it: WPT's declarative
shadow DOM tests are testharness files, not ``.dat`` files), with the
flags that are set after the mode (``delegatesfocus``, ``serializable``,
``clonable``, ``customelementregistry``: the ``shadowroot*`` attribute
each came from; ``slotassignment=manual`` last)::

    | <div>
    |   #shadow-root (open)
    |     <slot>
    |   "light"
"""

from __future__ import annotations

from typing import Iterable

from .constants import ATTRIBUTE_PREFIXES, HTML_NAMESPACE, MATHML_NAMESPACE, SVG_NAMESPACE
from .walkers import COMMENT, CONTENT, DOCTYPE, END, END_CONTENT, END_SHADOW, ENTITY, PI, SHADOW, START, TEXT

__all__ = ["dump_events", "format_events"]

_PREFIXES = {SVG_NAMESPACE: "svg ", MATHML_NAMESPACE: "math ", HTML_NAMESPACE: ""}


def dump_events(events: Iterable[tuple]) -> str:
    """The tree as html5lib-tests ``#document`` lines (without a trailing
    newline).  Adjacent TEXT events are merged into one text node."""
    lines: list[str] = []
    format_events(events, lines)
    return "\n".join(lines)


def format_events(
    events: Iterable[tuple],
    lines: list[str],
    lead: str = "| ",
    depth: int = 0,
    prefixes: dict = _PREFIXES,
    bare_doctype: bool = False,
) -> None:
    """Append the dump lines of ``events`` to ``lines``: each is ``lead``,
    two spaces per level (top-level nodes at ``depth``), the node.  An
    element is shown as ``prefixes[namespace]`` + name (another namespace
    as itself and a space).  ``bare_doctype``: the DOCTYPE line has neither
    lead nor indent.  html5lib's own test format (``|  <html html>``) is
    this with ``lead="|"``, one level more and ``html `` for HTML elements
    (:mod:`specparser.html5lib_compat.treebuilders._testserializer`)."""
    pending_text: list[str] = []

    def flush() -> None:
        if pending_text:
            lines.append('%s%s"%s"' % (lead, "  " * depth, "".join(pending_text)))
            pending_text.clear()

    for event in events:
        kind = event[0]
        if kind == TEXT:
            pending_text.append(event[1])
            continue
        flush()
        indent = lead + "  " * depth
        if kind == START:
            _, name, namespace, attrs = event
            prefix = prefixes.get(namespace)
            if prefix is None:
                prefix = "%s " % namespace
            lines.append("%s<%s%s>" % (indent, prefix, name))
            if attrs:
                shown = []
                for key, value in attrs.items():
                    if key.__class__ is tuple:
                        # "xlink href": the namespace's prefix, not the token's.
                        key = "%s %s" % (ATTRIBUTE_PREFIXES.get(key[2], key[0]), key[1])
                    shown.append((key, value))
                shown.sort()
                attr_indent = lead + "  " * (depth + 1)
                for key, value in shown:
                    lines.append('%s%s="%s"' % (attr_indent, key, value))
            depth += 1
        elif kind == END:
            depth -= 1
        elif kind == COMMENT:
            lines.append("%s<!-- %s -->" % (indent, event[1]))
        elif kind == PI:
            # WPT's format (html/syntax/parsing/resources/README.md): "<?",
            # target, one space (always, even before empty data), data, "?>".
            # The html5lib-era "<?target data>" is obsolete.
            lines.append("%s<?%s %s?>" % (indent, event[1], event[2]))
        elif kind == DOCTYPE:
            _, name, public_id, system_id = event
            if public_id or system_id:
                line = '<!DOCTYPE %s "%s" "%s">' % (name, public_id, system_id)
            else:
                line = "<!DOCTYPE %s>" % name
            lines.append(line if bare_doctype else indent + line)
        elif kind == CONTENT:
            lines.append("%scontent" % indent)
            depth += 1
        elif kind == END_CONTENT:
            depth -= 1
        elif kind == SHADOW:
            init = event[1]
            flags = "".join(" " + flag.replace("_", "") for flag in init.flags())
            flags = flags.replace("customelementregistrynull", "customelementregistry")
            if init.slot_assignment == "manual":
                flags += " slotassignment=manual"
            lines.append("%s#shadow-root (%s)%s" % (indent, init.mode, flags))
            depth += 1
        elif kind == END_SHADOW:
            depth -= 1
        elif kind == ENTITY:
            lines.append("%s&%s;" % (indent, event[1]))
    flush()
