"""``bleach.html5lib_shim``: the html5lib names bleach's modules (and code
written against bleach) import, over :mod:`specparser.html5lib_compat`, and
bleach's own parser and serializer classes over specparser's tokenizer and
tree construction (:mod:`._parser`, :mod:`._serializer`).

bleach 6 vendors html5lib 1.1 and subclasses its private tokenizer; here
nothing of html5lib is vendored: :class:`BleachHTMLParser` runs the
standard's tokenizer and tree construction with bleach's token changes in
between.
"""

from __future__ import annotations

import warnings
from typing import Any, Iterable

from ..html5lib_compat import getTreeWalker
from ..html5lib_compat.constants import namespaces, prefixes
from ..html5lib_compat.filters.base import Filter
from ._entities import (
    AMP_SPLIT_RE,
    ENTITIES,
    convert_entities,
    convert_entity,
    match_entity,
    next_possible_entity,
)
from ._parser import HTML_TAGS_BLOCK_LEVEL, parse_fragment
from ._serializer import BleachHTMLSerializer, escape_base_amp

with warnings.catch_warnings():
    # html5lib's sanitizer module warns that it is deprecated when it is
    # imported; bleach silences it too (bleach uses its constants).
    warnings.simplefilter("ignore", DeprecationWarning)
    from ..html5lib_compat.filters.sanitizer import Filter as SanitizerFilter
    from ..html5lib_compat.filters.sanitizer import (
        allowed_css_properties,
        allowed_protocols,
        allowed_svg_properties,
        svg_allow_local_href,
        svg_attr_val_allows_ref,
    )
    from ..html5lib_compat.filters.sanitizer import attr_val_is_uri as _html5lib_attr_val_is_uri

__all__ = [
    "AMP_SPLIT_RE",
    "ENTITIES",
    "HTML_TAGS",
    "HTML_TAGS_BLOCK_LEVEL",
    "BleachHTMLParser",
    "BleachHTMLSerializer",
    "Filter",
    "SanitizerFilter",
    "allowed_css_properties",
    "allowed_protocols",
    "allowed_svg_properties",
    "attr_val_is_uri",
    "convert_entities",
    "convert_entity",
    "escape",
    "escape_base_amp",
    "getTreeWalker",
    "match_entity",
    "namespaces",
    "next_possible_entity",
    "prefixes",
    "svg_allow_local_href",
    "svg_attr_val_allows_ref",
]

#: Attributes whose values are URIs: html5lib's, and ``formaction``
#: (bleach 6.4, GHSA-gj48-438w-jh9v).
attr_val_is_uri = _html5lib_attr_val_is_uri | frozenset([(None, "formaction")])

#: List of valid HTML tags, from WHATWG HTML Living Standard as of 2018-10-17
#: (bleach's list: linkify escapes every other tag).
HTML_TAGS = frozenset(
    """a abbr address area article aside audio b base bdi bdo blockquote body br button canvas caption
    cite code col colgroup data datalist dd del details dfn dialog div dl dt em embed fieldset
    figcaption figure footer form h1 h2 h3 h4 h5 h6 head header hgroup hr html i iframe img input ins
    kbd keygen label legend li link map mark menu meta meter nav noscript object ol optgroup option
    output p param picture pre progress q rp rt ruby s samp script section select slot small source
    span strong style sub summary sup table tbody td template textarea tfoot th thead time title tr
    track u ul var video wbr""".split()
)


def escape(data: str, entities: dict[str, str] | None = None) -> str:
    """``xml.sax.saxutils.escape``, which html5lib's serializer exports."""
    from xml.sax.saxutils import escape as _escape

    return _escape(data, entities or {})


class BleachHTMLParser:
    """bleach's parser: ``tags`` the allowed tags (``None``: all), every
    other tag escaped as text or, with ``strip``, dropped;
    ``consume_entities=False`` leaves character references as written.
    ``parseFragment(text)`` returns an ElementTree ``DOCUMENT_FRAGMENT``
    element (``namespaceHTMLElements`` is always false, as bleach sets it)."""

    def __init__(self, tags: Iterable[str] | None, strip: bool, consume_entities: bool, **kwargs: Any) -> None:
        self.tags = frozenset(tag.lower() for tag in tags) if tags is not None else None
        self.strip = strip
        self.consume_entities = consume_entities

    def parseFragment(self, stream: str, container: str = "div", **kwargs: Any) -> Any:
        return parse_fragment(stream, self.tags, self.strip, self.consume_entities, container)
