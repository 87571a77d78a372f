"""The fragment parsing context, named and checked the same way by every
entry point: the command line's ``--fragment``, the html5lib facade's
``parseFragment(container=...)``, bs4's ``fragment_context=``, the native
API and the internal :func:`specparser.treeconstruction.build_tree`.

A context is written as the html5lib-tests ``#document-fragment`` line
writes it: ``"td"`` is an HTML ``td`` (ASCII-lowercased, as the tokenizer
would), ``"svg path"`` and ``"math mi"`` are SVG and MathML elements (their
names keep their case: ``"svg foreignObject"``).  Internally it is the pair
``(local name, namespace)``
(https://html.spec.whatwg.org/#parsing-html-fragments: "the context
element").

Anything else is refused with a :class:`ValueError` naming the function,
the parameter and the text (a non-``str`` with a :class:`TypeError`): a name
that a start tag could not produce (``"\\x00"``, ``"1a"``, ``"a/b"``), two
words that are not ``svg``/``math`` and a name (``"foo bar"``), any other
whitespace (``" td"``, ``"td\\n"``, ``"svg  path"``: one space between
the two words, nothing around them), and a bare
``"svg"`` or ``"math"``, which would be an HTML element of that name, one the
parser never makes (write ``"svg svg"``, ``"math math"``).
"""

from __future__ import annotations

import re
from typing import Any

from .constants import HTML_NAMESPACE, MATHML_NAMESPACE, SVG_NAMESPACE
from .infra import ascii_lowercase

__all__ = ["parse_fragment_context", "check_context_element"]

# An element's local name as the tokenizer would produce it: an ASCII letter,
# then anything but whitespace, "/", ">" and NULL.
_ELEMENT_NAME = re.compile(r"[A-Za-z][^\t\n\f\r />\x00]*\Z")
_FOREIGN_PREFIXES = {"svg": SVG_NAMESPACE, "math": MATHML_NAMESPACE}
_EXPECTED = "expected an element name such as 'td', or 'svg NAME' / 'math NAME' such as 'svg path', 'math mi'"


def parse_fragment_context(text: Any, function: str, parameter: str) -> tuple[str, str]:
    """``(local name, namespace)`` for a context written as ``"td"``,
    ``"svg path"`` or ``"math mi"``; ``function`` and ``parameter`` name the
    public entry point in the error messages."""
    if not isinstance(text, str):
        raise TypeError(
            f"{function}: {parameter} must be a str such as 'div' or 'svg path', not {type(text).__name__}"
        )
    # Exactly "NAME" or "PREFIX NAME" with one space: " td", "td " and
    # "svg  path" are refused, as everything else the rule does not name.
    parts = text.split(" ")
    if len(parts) == 1 and _ELEMENT_NAME.match(text):
        name = ascii_lowercase(text)
        if name not in _FOREIGN_PREFIXES:
            return name, HTML_NAMESPACE
        raise ValueError(
            f"{function}: unknown {parameter} {text!r}: an HTML element named {name!r} is never made by "
            f"the parser; write '{name} {name}' for the {name} element"
        )
    if len(parts) == 2 and parts[0] in _FOREIGN_PREFIXES and _ELEMENT_NAME.match(parts[1]):
        return parts[1], _FOREIGN_PREFIXES[parts[0]]
    raise ValueError(f"{function}: unknown {parameter} {text!r}: {_EXPECTED}")


def check_context_element(context: Any, function: str, parameter: str) -> tuple[str, str]:
    """``context`` itself if it is a ``(local name, namespace)`` pair that
    :func:`parse_fragment_context` could have produced, else TypeError or
    ValueError naming ``function`` and ``parameter``."""
    if not (isinstance(context, tuple) and len(context) == 2 and all(isinstance(part, str) for part in context)):
        raise TypeError(
            f"{function}: {parameter} must be a (local name, namespace) tuple of two str, "
            f"not {context!r}"[:300]
        )
    name, namespace = context
    if namespace == HTML_NAMESPACE:
        ok = bool(_ELEMENT_NAME.match(name)) and name == ascii_lowercase(name)
        ok = ok and name not in _FOREIGN_PREFIXES
    elif namespace in (SVG_NAMESPACE, MATHML_NAMESPACE):
        ok = bool(_ELEMENT_NAME.match(name))
    else:
        raise ValueError(
            f"{function}: {parameter} namespace must be the HTML, SVG or MathML namespace, not {namespace!r}"
        )
    if not ok:
        raise ValueError(f"{function}: {parameter} has no element name a start tag could make: {name!r}")
    return context
