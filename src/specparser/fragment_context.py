"""The names of fragment parsing context elements, as the command line and
the native API accept them.

``"td"`` is an HTML ``td``; ``"svg path"`` / ``"math mi"`` are foreign
elements (the html5lib-tests ``#document-fragment`` notation).  The name
must be one the tokenizer could produce: an ASCII letter, then anything but
whitespace, ``/``, ``>`` and NULL.  HTML names are ASCII-lowercased, as the
tokenizer would; foreign names keep their case (``foreignObject``).

The context element is the "context" of
https://html.spec.whatwg.org/#html-fragment-parsing-algorithm.
"""

from __future__ import annotations

import re

from .constants import HTML_NAMESPACE, MATHML_NAMESPACE, SVG_NAMESPACE

__all__ = ["CONTEXT_HELP", "context_from_name"]

_ELEMENT_NAME = re.compile(r"[A-Za-z][^\t\n\f\r />\x00]*\Z")
_FOREIGN_PREFIXES = {"svg": SVG_NAMESPACE, "math": MATHML_NAMESPACE}
_ASCII_LOWER = {c: c + 0x20 for c in range(0x41, 0x5B)}

# What an error message says a context must look like.
CONTEXT_HELP = "an element name such as 'td', or 'svg NAME' / 'math NAME' such as 'svg path', 'math mi'"


def context_from_name(text: str) -> tuple[str, str] | None:
    """``(local name, namespace)`` for a context written as above, or
    ``None`` when ``text`` is not such a name (the caller says why)."""
    parts = text.split()
    if len(parts) == 1 and _ELEMENT_NAME.match(parts[0]):
        return parts[0].translate(_ASCII_LOWER), HTML_NAMESPACE
    if len(parts) == 2 and parts[0] in _FOREIGN_PREFIXES and _ELEMENT_NAME.match(parts[1]):
        return parts[1], _FOREIGN_PREFIXES[parts[0]]
    return None
