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
"""

from __future__ import annotations

from typing import Iterable

from .constants import ATTRIBUTE_PREFIXES, HTML_NAMESPACE, MATHML_NAMESPACE, SVG_NAMESPACE
from .walkers import COMMENT, CONTENT, DOCTYPE, END, END_CONTENT, PI, START, TEXT

_PREFIXES = {SVG_NAMESPACE: "svg ", MATHML_NAMESPACE: "math ", HTML_NAMESPACE: ""}


def dump_events(events: Iterable[tuple]) -> str:
    """The tree as html5lib-tests ``#document`` lines (without a trailing
    newline).  Adjacent TEXT events are merged into one text node."""
    lines: list[str] = []
    depth = 0
    pending_text: list[str] = []

    def flush() -> None:
        if pending_text:
            lines.append('| %s"%s"' % ("  " * depth, "".join(pending_text)))
            pending_text.clear()

    for event in events:
        kind = event[0]
        if kind == TEXT:
            pending_text.append(event[1])
            continue
        flush()
        indent = "  " * depth
        if kind == START:
            _, name, namespace, attrs = event
            prefix = _PREFIXES.get(namespace)
            if prefix is None:
                prefix = namespace + " "
            lines.append("| %s<%s%s>" % (indent, prefix, name))
            if attrs:
                shown = []
                for key, value in attrs.items():
                    if key.__class__ is tuple:
                        # "xlink href": the namespace's prefix, not the token's.
                        key = "%s %s" % (ATTRIBUTE_PREFIXES.get(key[2], key[0]), key[1])
                    shown.append((key, value))
                shown.sort()
                attr_indent = "  " * (depth + 1)
                for key, value in shown:
                    lines.append('| %s%s="%s"' % (attr_indent, key, value))
            depth += 1
        elif kind == END:
            depth -= 1
        elif kind == COMMENT:
            lines.append("| %s<!-- %s -->" % (indent, event[1]))
        elif kind == PI:
            # WPT's format (html/syntax/parsing/resources/README.md): "<?",
            # target, one space (always, even before empty data), data, "?>".
            # The html5lib-era "<?target data>" is obsolete.
            lines.append("| %s<?%s %s?>" % (indent, event[1], event[2]))
        elif kind == DOCTYPE:
            _, name, public_id, system_id = event
            if public_id or system_id:
                lines.append('| %s<!DOCTYPE %s "%s" "%s">' % (indent, name, public_id, system_id))
            else:
                lines.append("| %s<!DOCTYPE %s>" % (indent, name))
        elif kind == CONTENT:
            lines.append("| %scontent" % indent)
            depth += 1
        elif kind == END_CONTENT:
            depth -= 1
    flush()
    return "\n".join(lines)
