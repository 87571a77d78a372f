"""``bleach.sanitizer``: :class:`Cleaner`, :class:`BleachSanitizerFilter`
and the ``ALLOWED_*`` defaults, with bleach 6.4's parameters, defaults and
outputs (see :mod:`specparser.bleach_compat` for the differences).

A safety floor that bleach does not have is applied whatever the
arguments (``tags``, ``attributes``, ``protocols``, filters aside):

* an HTML or SVG ``<script>`` is never allowed: with ``strip=False`` it is
  written as text like any tag that is not allowed, with ``strip=True``
  dropped (a MathML ``<script>`` runs nothing and follows ``tags``);
* an attribute whose name begins with ``on`` (an event handler) or is
  ``srcdoc`` is dropped, even if ``attributes`` allows it;
* an attribute whose value, with character references decoded and
  whitespace and control characters removed, holds ``javascript:`` or
  ``vbscript:`` is dropped, whatever its name (``values`` of SVG
  ``<animate>``, ``content`` of ``<meta>`` ...), even with those schemes
  in ``protocols``.
"""

from __future__ import annotations

import re
import warnings
from typing import Any, Callable, Iterable, Iterator
from xml.sax.saxutils import unescape

from .._arguments import check_flag
from ..constants import XLINK_NAMESPACE
from ..html5lib_compat import getTreeWalker
from ..html5lib_compat.filters.base import Filter
from ._entities import convert_entities, entity_tokens
from ._fast import sanitize_and_serialize
from ._parser import parse_fragment
from ._rules import (
    Token,
    INVISIBLE_CHARACTERS,
    INVISIBLE_CHARACTERS_RE,
    INVISIBLE_REPLACEMENT_CHAR,
    NEVER_ALLOWED_ELEMENTS,
    escape_comment,
)
from ._serializer import render
from .html5lib_shim import attr_val_is_uri, prefixes, svg_allow_local_href, svg_attr_val_allows_ref
from .parse_shim import scheme_of

__all__ = [
    "ALLOWED_ATTRIBUTES",
    "ALLOWED_PROTOCOLS",
    "ALLOWED_TAGS",
    "INVISIBLE_CHARACTERS",
    "INVISIBLE_CHARACTERS_RE",
    "INVISIBLE_REPLACEMENT_CHAR",
    "BleachSanitizerFilter",
    "Cleaner",
    "NoCssSanitizerWarning",
    "attribute_filter_factory",
]

#: Set of allowed tags
ALLOWED_TAGS = frozenset(("a", "abbr", "acronym", "b", "blockquote", "code", "em", "i", "li", "ol", "strong", "ul"))

#: Map of allowed attributes by tag
ALLOWED_ATTRIBUTES: dict[str, list[str]] = {
    "a": ["href", "title"],
    "abbr": ["title"],
    "acronym": ["title"],
}

#: Set of allowed protocols
ALLOWED_PROTOCOLS = frozenset(("http", "https", "mailto"))

_URI_STRIP = re.compile(r"[`\000-\040\177-\240\s]+")
_NON_ASCII = re.compile(r"[^\x00-\x7f]")
_SCRIPT_SCHEME = re.compile("javascript:|vbscript:")
_SVG_NONLOCAL_URL = re.compile(r"url\s*\(\s*[^#\s][^)]+?\)")
_NONLOCAL_HREF = re.compile(r"^\s*[^#\s]")
_HREF_KEYS = ((None, "href"), (XLINK_NAMESPACE, "href"))


class NoCssSanitizerWarning(UserWarning):
    """``style`` is an allowed attribute but no ``css_sanitizer`` was given."""


def _normalized_uri(value: str) -> str:
    """bleach's normalisation of a URI value before its scheme is read:
    references decoded, backticks, whitespace, controls and non-ASCII
    removed, lower-cased."""
    normalized = _URI_STRIP.sub("", convert_entities(value))
    if not normalized.isascii():
        normalized = _NON_ASCII.sub("", normalized)
    return normalized.lower()


def _uri_allowed(normalized_uri: str, allowed_protocols: Any) -> bool:
    """bleach's rule for a URI value, given its normalisation: an allowed
    scheme; no scheme and a fragment, an allowed protocol before a ":"
    (schemes urlparse does not see), or http or https allowed."""
    try:
        scheme = scheme_of(normalized_uri)
    except ValueError:
        return False  # urlparse cannot parse it: not allowed
    if scheme:
        return scheme in allowed_protocols
    if normalized_uri.startswith("#"):
        return True
    if ":" in normalized_uri and normalized_uri.split(":")[0] in allowed_protocols:
        return True
    return "http" in allowed_protocols or "https" in allowed_protocols


def has_script_url(value: str) -> bool:
    """Whether ``value`` holds a ``javascript:`` or ``vbscript:`` URL once
    references are decoded and whitespace and controls removed."""
    return _SCRIPT_SCHEME.search(_normalized_uri(value)) is not None


def attribute_filter_factory(attributes: Any) -> Callable[[str, str, str], Any]:
    """The function ``(tag, attribute name, value) -> bool`` for bleach's
    ``attributes`` argument: a callable (used as it is), a dict of tag (or
    ``"*"``) to a list of names or a callable, or a list of names."""
    if callable(attributes):
        return attributes  # type: ignore[no-any-return]
    if isinstance(attributes, dict):

        def by_tag(tag: str, attr: str, value: str) -> Any:
            if tag in attributes:
                allowed = attributes[tag]
                if callable(allowed):
                    return allowed(tag, attr, value)
                if attr in allowed:
                    return True
            if "*" in attributes:
                allowed = attributes["*"]
                if callable(allowed):
                    return allowed(tag, attr, value)
                return attr in allowed
            return False

        return by_tag
    if isinstance(attributes, list):

        def in_list(tag: str, attr: str, value: str) -> bool:
            return attr in attributes

        return in_list
    raise ValueError("attributes needs to be a callable, a list or a dict")


def _style_in(attributes: Any) -> bool:
    if isinstance(attributes, list):
        return "style" in attributes
    if isinstance(attributes, dict):
        return any(isinstance(v, (list, tuple)) and "style" in v for v in attributes.values())
    return False


def _check_text(text: Any) -> None:
    if not isinstance(text, str):
        raise TypeError(f"argument cannot be of {text.__class__.__name__!r} type, must be of text type")


class Cleaner:
    """Cleaner for cleaning HTML fragments of malicious content
    (``bleach.sanitizer.Cleaner``).

    :arg tags: set of allowed tags (default :data:`ALLOWED_TAGS`)
    :arg attributes: allowed attributes: a callable, list or dict (default
        :data:`ALLOWED_ATTRIBUTES`)
    :arg protocols: allowed protocols for links (default :data:`ALLOWED_PROTOCOLS`)
    :arg strip: strip disallowed elements instead of escaping them
    :arg strip_comments: strip HTML comments
    :arg filters: html5lib Filter classes the sanitized stream goes through
        (``specparser.html5lib_compat.filters`` or code written for html5lib)
    :arg css_sanitizer: an object with a ``sanitize_css(style)`` method,
        e.g. :class:`~.css_sanitizer.CSSSanitizer`
    :arg fast_paths: (extension) without filters, sanitize and serialize the
        tree in one pass (:mod:`._fast`); ``False`` runs html5lib's token
        stream through the filter and serializer (the same output, slower)

    Unlike bleach's, a Cleaner keeps no parser state between calls: one
    instance may be used from several threads.
    """

    def __init__(
        self,
        tags: Iterable[str] = ALLOWED_TAGS,
        attributes: Any = ALLOWED_ATTRIBUTES,
        protocols: Iterable[str] = ALLOWED_PROTOCOLS,
        strip: bool = False,
        strip_comments: bool = True,
        filters: Iterable[Any] | None = None,
        css_sanitizer: Any = None,
        *,
        fast_paths: bool = True,
    ) -> None:
        self.tags = tags
        self.attributes = attributes
        self.protocols = protocols
        self.strip = strip
        self.strip_comments = strip_comments
        self.filters = list(filters or [])
        self.css_sanitizer = css_sanitizer
        self.fast_paths = check_flag(fast_paths, "Cleaner()", "fast_paths")
        # bleach raises this at the first clean(); here at once.
        attribute_filter_factory(attributes)
        self._parser_tags = frozenset(tag.lower() for tag in tags)
        if css_sanitizer is None and _style_in(attributes):
            warnings.warn("'style' attribute specified, but css_sanitizer not set.", category=NoCssSanitizerWarning)

    def clean(self, text: str) -> str:
        """Cleans text and returns sanitized result as unicode

        :raises TypeError: if ``text`` is not a text type
        """
        _check_text(text)
        if not text:
            return ""
        dom = parse_fragment(text, self._parser_tags, self.strip)
        walker: Any = getTreeWalker("etree")(dom)
        filtered: Iterable[Token] = BleachSanitizerFilter(
            source=walker,
            allowed_tags=self.tags,
            attributes=self.attributes,
            strip_disallowed_tags=self.strip,
            strip_html_comments=self.strip_comments,
            css_sanitizer=self.css_sanitizer,
            allowed_protocols=self.protocols,
        )
        if self.fast_paths and not self.filters:
            return sanitize_and_serialize(dom, filtered)  # type: ignore[arg-type]
        for filter_class in self.filters:
            filtered = filter_class(source=filtered)
        return render(filtered)


class BleachSanitizerFilter(Filter):
    """html5lib Filter that sanitizes a token stream the way bleach does
    (``bleach.sanitizer.BleachSanitizerFilter``)."""

    def __init__(
        self,
        source: Iterable[Token],
        allowed_tags: Iterable[str] = ALLOWED_TAGS,
        attributes: Any = ALLOWED_ATTRIBUTES,
        allowed_protocols: Iterable[str] = ALLOWED_PROTOCOLS,
        attr_val_is_uri: frozenset[Any] = attr_val_is_uri,
        svg_attr_val_allows_ref: frozenset[Any] = svg_attr_val_allows_ref,
        svg_allow_local_href: frozenset[Any] = svg_allow_local_href,
        strip_disallowed_tags: bool = False,
        strip_html_comments: bool = True,
        css_sanitizer: Any = None,
    ) -> None:
        Filter.__init__(self, source)
        self.allowed_tags = frozenset(allowed_tags)
        self.allowed_protocols = frozenset(allowed_protocols)
        self.attr_filter = attribute_filter_factory(attributes)
        self.strip_disallowed_tags = strip_disallowed_tags
        self.strip_html_comments = strip_html_comments
        self.attr_val_is_uri = attr_val_is_uri
        self.svg_attr_val_allows_ref = svg_attr_val_allows_ref
        self.css_sanitizer = css_sanitizer
        self.svg_allow_local_href = svg_allow_local_href

    def __iter__(self) -> Iterator[Token]:
        return self.merge_characters(self.sanitize_stream(Filter.__iter__(self)))

    def sanitize_stream(self, token_iterator: Iterable[Token]) -> Iterator[Token]:
        for token in token_iterator:
            ret = self.sanitize_token(token)
            if not ret:
                continue
            if isinstance(ret, list):
                yield from ret
            else:
                yield ret

    def merge_characters(self, token_iterator: Iterable[Token]) -> Iterator[Token]:
        """Merge consecutive Characters tokens (and end with one, maybe
        empty, as bleach does)."""
        buffer: list[str] = []
        for token in token_iterator:
            if token["type"] == "Characters":
                buffer.append(token["data"])
                continue
            if buffer:
                yield {"type": "Characters", "data": "".join(buffer)}
                buffer = []
            yield token
        yield {"type": "Characters", "data": "".join(buffer)}

    def sanitize_token(self, token: Token) -> Any:
        """A token, a list of tokens or None (dropped)."""
        kind = token["type"]
        if kind in ("StartTag", "EndTag", "EmptyTag"):
            name = token["name"]
            if name in self.allowed_tags and (token.get("namespace"), name) not in NEVER_ALLOWED_ELEMENTS:
                return self.allow_token(token)
            if self.strip_disallowed_tags:
                return None
            return self.disallowed_token(token)
        if kind == "Comment":
            if self.strip_html_comments:
                return None
            token["data"] = escape_comment(token["data"])
            return token
        if kind == "Characters":
            return self.sanitize_characters(token)
        if kind == "SpaceCharacters" and "\x0c" in token["data"]:
            # A form feed at the edge of a text is "?" too (bleach leaves
            # it): written as it is, it could end up inside a text when the
            # output is cleaned again, and become "?" then.
            token["data"] = token["data"].replace("\x0c", INVISIBLE_REPLACEMENT_CHAR)
        return token

    def sanitize_characters(self, token: Token) -> Any:
        """Invisible characters become ``?``; references bleach recognises
        become Entity tokens (``&amp;`` an ``&`` character), so that the
        serializer writes them as they are."""
        data = token.get("data", "")
        if not data:
            return token
        data = INVISIBLE_CHARACTERS_RE.sub(INVISIBLE_REPLACEMENT_CHAR, data)
        token["data"] = data
        if "&" not in data:
            return token
        return list(entity_tokens(data))

    def sanitize_uri_value(self, value: str, allowed_protocols: Any) -> str | None:
        """``value`` if its scheme is allowed (or it has none and http or
        https is allowed, or it is a fragment), else ``None``."""
        return value if _uri_allowed(_normalized_uri(value), allowed_protocols) else None

    def allow_token(self, token: Token) -> Token:
        """An allowed tag: keep the attributes that are allowed and safe."""
        if "data" in token:
            attrs = {}
            tag = token["name"]
            for namespaced_name, val in token["data"].items():
                value = self._allowed_value(tag, namespaced_name, val)
                if value is not None:
                    attrs[namespaced_name] = value
            token["data"] = attrs
        return token

    def _allowed_value(self, tag: str, namespaced_name: Any, val: str) -> str | None:
        """The value to keep for one attribute, or None to drop it."""
        namespace, name = namespaced_name if namespaced_name.__class__ is tuple else (None, namespaced_name)
        if not self.attr_filter(tag, name, val):
            return None
        if name[:2].lower() == "on" or name.lower() == "srcdoc":
            return None  # the safety floor: event handlers, srcdoc
        normalized = _normalized_uri(val)
        if "script:" in normalized and _SCRIPT_SCHEME.search(normalized):
            return None  # the safety floor: javascript: and vbscript: URLs
        if namespaced_name in self.attr_val_is_uri:
            if type(self).sanitize_uri_value is BleachSanitizerFilter.sanitize_uri_value:
                if not _uri_allowed(normalized, self.allowed_protocols):
                    return None
            elif self.sanitize_uri_value(val, self.allowed_protocols) is None:
                return None  # a subclass's own URI rule
        if namespaced_name in self.svg_attr_val_allows_ref:
            val = _SVG_NONLOCAL_URL.sub(" ", unescape(val)).strip()
            if not val:
                return None
        if (None, tag) in self.svg_allow_local_href and namespaced_name in _HREF_KEYS:
            if _NONLOCAL_HREF.search(val):
                return None
        if namespaced_name == (None, "style"):
            val = self.css_sanitizer.sanitize_css(val) if self.css_sanitizer else ""
        return val

    def disallowed_token(self, token: Token) -> Token:
        """A tag that is not allowed, as text."""
        kind = token["type"]
        if kind == "EndTag":
            data = f"</{token['name']}>"
        elif token.get("data"):
            data = f"<{token['name']}{''.join(_attribute_text(key, value) for key, value in token['data'].items())}>"
        else:
            data = f"<{token['name']}>"
        if token.get("selfClosing"):
            data = data[:-1] + "/>"
        return {"type": "Characters", "data": data}


def _attribute_text(key: Any, value: str) -> str:
    namespace, name = key if isinstance(key, tuple) else (None, key)
    if namespace and not name:
        namespace, name = name, namespace
    if namespace is None or namespace not in prefixes:
        return f' {name}="{value}"'
    return f' {prefixes[namespace]}:{name}="{value}"'

