"""``bleach.parse_shim``: bleach 6 vendors ``urllib.parse`` from Python
3.6.14 and reads URL schemes with its ``urlparse``.  Here
:func:`urlparse` is the standard library's with the one rule of 3.6 that
bleach's results depend on: ``host:8000`` (a colon followed only by
digits) has no scheme, it is a host and port (Python 3.9 reads
``host`` as the scheme)."""

from __future__ import annotations

from urllib.parse import ParseResult
from urllib.parse import urlparse as _urlparse

__all__ = ["scheme_of", "urlparse"]

_SCHEME_CHARACTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-.")


def urlparse(url: str, scheme: str = "", allow_fragments: bool = True) -> ParseResult:
    """``urllib.parse.urlparse`` as Python 3.6 read schemes (see the
    module docstring); raises ValueError for an invalid IPv6 host, as both do."""
    colon = url.find(":")
    if colon > 0 and url[colon + 1 :].isdigit() and url[colon + 1 :].isascii():
        # Parsed as a scheme-less URL: "//" keeps the host and port apart
        # from the path, as 3.6 did not, so only the scheme is taken over.
        parsed = _urlparse(url, scheme, allow_fragments)
        return ParseResult(scheme, "", url, "", "", "") if parsed.scheme else parsed
    return _urlparse(url, scheme, allow_fragments)


def scheme_of(url: str) -> str:
    """``urlparse(url).scheme``, without building the rest of the result
    for a URL with no ``[`` or ``]`` (then urlparse cannot fail); for one
    that has either, urlparse itself (which may raise ValueError).  ``url``
    must be what bleach checks: ASCII, no whitespace or controls."""
    if "[" in url or "]" in url:
        return urlparse(url).scheme
    colon = url.find(":")
    if colon <= 0 or not ("a" <= url[0] <= "z" or "A" <= url[0] <= "Z"):
        return ""
    head, rest = url[:colon], url[colon + 1 :]
    if not _SCHEME_CHARACTERS.issuperset(head) or (rest.isdigit() and rest.isascii()):
        return ""
    return head.lower()
