"""The rules the sanitizer filter and the fast path share: bleach's
invisible characters, its comment escaping, and the safety floor's
elements (see :mod:`.sanitizer`)."""

from __future__ import annotations

import re
from itertools import chain
from typing import Any, Dict

from ..constants import HTML_NAMESPACE, SVG_NAMESPACE

__all__ = [
    "INVISIBLE_CHARACTERS",
    "INVISIBLE_CHARACTERS_RE",
    "INVISIBLE_REPLACEMENT_CHAR",
    "NEVER_ALLOWED_ELEMENTS",
    "Token",
    "escape_comment",
]

#: An html5lib token: a dict with a "type" key.
Token = Dict[str, Any]

#: Invisible characters--0 to and including 31 except 9 (tab), 10 (lf), and 13 (cr)
INVISIBLE_CHARACTERS = "".join(chr(c) for c in chain(range(0, 9), range(11, 13), range(14, 32)))

#: Regexp for characters that are invisible
INVISIBLE_CHARACTERS_RE = re.compile("[" + INVISIBLE_CHARACTERS + "]", re.UNICODE)

#: String to replace invisible characters with.
INVISIBLE_REPLACEMENT_CHAR = "?"

#: Elements that are never allowed, as (namespace, name): the safety floor.
#: The walker gives HTML elements the namespace None (bleach parses with
#: namespaceHTMLElements=False).  A MathML <script> runs nothing.
NEVER_ALLOWED_ELEMENTS = frozenset(((None, "script"), (HTML_NAMESPACE, "script"), (SVG_NAMESPACE, "script")))


def escape_comment(data: str) -> str:
    """A kept comment's text as bleach writes it: ``&``, ``<``, ``>``,
    ``"`` and ``'`` escaped (html5lib_shim.escape with bleach's entities),
    so that nothing in it can close the comment."""
    return (
        data.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;").replace("'", "&#x27;")
    )
