"""bleach 6's public API, running on specparser: a drop-in for bleach 6.4.

bleach (Mozilla's HTML sanitizer, the largest user of html5lib) announced
on 2026-06-05 that 6.4.0 is its last release.  This package gives its API
on specparser's tokenizer and tree construction, with bleach's semantics:
allow-lists of tags and attributes, disallowed tags written as text (or
stripped), character references kept as written, links made by
:func:`linkify`.

Two ways to use it:

* In code you control: ``from specparser import bleach_compat as bleach``.
* For code that does ``import bleach``: call :func:`install` first (e.g. in
  ``sitecustomize``); ``import bleach``, ``bleach.sanitizer``,
  ``bleach.linkifier`` ... then load these modules.  :func:`uninstall`
  undoes it.

Modules, as bleach lays them out: :mod:`.sanitizer` (``Cleaner``,
``ALLOWED_TAGS`` ...), :mod:`.linkifier` (``Linker``, ``LinkifyFilter``),
:mod:`.callbacks`, :mod:`.css_sanitizer` (needs tinycss2: the ``[css]``
extra), :mod:`.html5lib_shim`, :mod:`.parse_shim`.

What differs from bleach 6.4, and why, is in the migration guide
(docs/guides/migrating-from-bleach.md): the trees are the HTML standard's
(bleach's vendored html5lib 1.1 predates several of its rules), and a
safety floor holds whatever the arguments (no ``<script>``, no event
handler, no ``javascript:`` URL in :func:`clean`'s output).
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from ._alias import install, installed, uninstall
from .linkifier import DEFAULT_CALLBACKS, Linker
from .sanitizer import ALLOWED_ATTRIBUTES, ALLOWED_PROTOCOLS, ALLOWED_TAGS, Cleaner

__all__ = [
    "ALLOWED_ATTRIBUTES",
    "ALLOWED_PROTOCOLS",
    "ALLOWED_TAGS",
    "DEFAULT_CALLBACKS",
    "Cleaner",
    "Linker",
    "clean",
    "install",
    "installed",
    "linkify",
    "uninstall",
]

#: The bleach release whose API and behaviour this module provides.
__version__ = "6.4.0"
__releasedate__ = "20260605"


def clean(
    text: str,
    tags: Iterable[str] = ALLOWED_TAGS,
    attributes: Any = ALLOWED_ATTRIBUTES,
    protocols: Iterable[str] = ALLOWED_PROTOCOLS,
    strip: bool = False,
    strip_comments: bool = True,
    css_sanitizer: Any = None,
) -> str:
    """Clean an HTML fragment of malicious content and return it
    (``bleach.clean``).

    :arg text: the text to clean
    :arg tags: set of allowed tags (default :data:`ALLOWED_TAGS`)
    :arg attributes: allowed attributes: a callable, list or dict (default
        :data:`ALLOWED_ATTRIBUTES`)
    :arg protocols: allowed protocols for links (default :data:`ALLOWED_PROTOCOLS`)
    :arg strip: strip disallowed elements instead of escaping them
    :arg strip_comments: strip HTML comments
    :arg css_sanitizer: an object with a ``sanitize_css`` method for
        ``style`` values (:class:`.css_sanitizer.CSSSanitizer`)
    :returns: cleaned text

    >>> clean('an <script>evil()</script> example')
    'an &lt;script&gt;evil()&lt;/script&gt; example'
    """
    cleaner = Cleaner(
        tags=tags,
        attributes=attributes,
        protocols=protocols,
        strip=strip,
        strip_comments=strip_comments,
        css_sanitizer=css_sanitizer,
    )
    return cleaner.clean(text)


def linkify(
    text: str,
    callbacks: Iterable[Callable[..., Any]] = DEFAULT_CALLBACKS,
    skip_tags: Iterable[str] | None = None,
    parse_email: bool = False,
) -> str:
    """Convert URL-like strings in an HTML fragment to links
    (``bleach.linkify``).

    >>> linkify('see example.com')
    'see <a href="http://example.com" rel="nofollow">example.com</a>'
    """
    linker = Linker(callbacks=callbacks, skip_tags=skip_tags, parse_email=parse_email)
    return linker.linkify(text)
