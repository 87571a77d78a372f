"""bleach's serializer: html5lib 1.1's HTMLSerializer with the options
bleach gives it, and ``BleachHTMLSerializer``'s handling of ``&`` in
attribute values.

bleach serializes with ``quote_attr_values="always"``,
``omit_optional_tags=False``, ``escape_lt_in_attrs=True``,
``resolve_entities=False``, ``sanitize=False``,
``alphabetical_attributes=False`` and ``escape_rcdata=True`` (text in
``<script>``, ``<style>`` ... is escaped like any text).  Its attribute
values keep character references as written, so after escaping a value
``&amp;`` is turned back into ``&`` and only an ``&`` that does not begin a
reference bleach recognises is written ``&amp;``.

One difference from html5lib 1.1, on purpose: attributes in the XLink,
XML and XMLNS namespaces are written with their prefix (``xlink:href``), as
the HTML standard's serialization writes them; html5lib 1.1 dropped it.
"""

from __future__ import annotations

from typing import Any, Iterable

from ..html5lib_compat.constants import booleanAttributes
from ..html5lib_compat.serializer import escape_text
from ._entities import convert_entity, match_entity, next_possible_entity
from ._rules import Token

__all__ = ["BleachHTMLSerializer", "escape_base_amp", "render", "restore_references"]

_PREFIX = {
    "http://www.w3.org/1999/xlink": "xlink:",
    "http://www.w3.org/XML/1998/namespace": "xml:",
    "http://www.w3.org/2000/xmlns/": "xmlns:",
}
_NO_BOOLEAN: frozenset[str] = frozenset()
_ANY_ELEMENT = booleanAttributes.get("", _NO_BOOLEAN)


def escape_base_amp(value: str) -> str:
    """An escaped attribute value with the ``&`` of recognised character
    references unescaped again (``BleachHTMLSerializer.escape_base_amp``):
    ``&amp;`` becomes ``&``, then every ``&`` that does not begin a
    reference :func:`~._entities.convert_entity` converts is ``&amp;``."""
    return restore_references(value.replace("&amp;", "&"))


def restore_references(value: str) -> str:
    """The second half of :func:`escape_base_amp`: every ``&`` that does
    not begin a reference :func:`~._entities.convert_entity` converts is
    written ``&amp;``."""
    out = []
    for part in next_possible_entity(value):
        if not part:
            continue
        if part[0] == "&":
            entity = match_entity(part)
            if entity is not None and convert_entity(entity) is not None:
                out.append(f"&{entity};")
                out.append(part[len(entity) + 2 :])
                continue
        out.append(part.replace("&", "&amp;"))
    return "".join(out)


def _attributes(name: str, attrs: Token, out: list[str]) -> None:
    boolean = booleanAttributes.get(name, _NO_BOOLEAN)
    for key, value in attrs.items():
        if isinstance(key, tuple):
            namespace, local = key
            prefix = _PREFIX.get(namespace) if namespace else None
            if prefix is not None:
                local = "xmlns" if prefix == "xmlns:" and local == "xmlns" else prefix + local
        else:
            local = key
        if local in boolean or local in _ANY_ELEMENT:
            out.append(" " + local)
            continue
        # html5lib escapes "&", "<" and '"'; escape_base_amp turns every
        # "&amp;" back into "&" first, which leaves the value with only
        # "<" and '"' escaped: do that, then restore the references.
        if "<" in value:
            value = value.replace("<", "&lt;")
        if '"' in value and "'" not in value:
            # html5lib's best quote character.  bleach does not restore the
            # references in a single-quoted value: cleaning its output
            # again would escape them again (&amp;amp; ...), so they are
            # restored here too (the output is a fixed point).
            if "&" in value:
                value = restore_references(value)
            out.append(f" {local}='{value}'")
            continue
        if '"' in value:
            value = value.replace('"', "&quot;")
        if "&" in value:
            value = restore_references(value)
        out.append(f' {local}="{value}"')


def render(tokens: Iterable[Token]) -> str:
    """The serialization of an html5lib token stream, as bleach writes it."""
    out: list[str] = []
    append = out.append
    for token in tokens:
        kind = token["type"]
        if kind == "Characters":
            append(escape_text(token["data"]))
        elif kind == "SpaceCharacters":
            append(token["data"])
        elif kind == "StartTag" or kind == "EmptyTag":
            name = token["name"]
            append("<" + name)
            attrs = token.get("data")
            if attrs:
                _attributes(name, attrs, out)
            append(">")
        elif kind == "EndTag":
            append(f"</{token['name']}>")
        elif kind == "Comment":
            append(f"<!--{token['data']}-->")
        elif kind == "Entity":
            append(f"&{token['name']};")
        elif kind == "Doctype":
            append(f"<!DOCTYPE {token.get('name') or ''}>")
        # Other tokens (ParseError, SerializeError) write nothing.
    return "".join(out)


class BleachHTMLSerializer:
    """``bleach.html5lib_shim.BleachHTMLSerializer``: accepts html5lib's
    serializer options for compatibility; the output is always bleach's
    (see the module docstring)."""

    escape_rcdata = True

    def __init__(self, **options: Any) -> None:
        self.options = options

    def render(self, treewalker: Iterable[Token], encoding: str | None = None) -> Any:
        result = render(treewalker)
        return result.encode(encoding) if encoding else result

    def serialize(self, treewalker: Iterable[Token], encoding: str | None = None) -> Any:
        yield self.render(treewalker, encoding)

