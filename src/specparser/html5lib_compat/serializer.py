"""``html5lib.serializer``: html5lib 1.1's token-stream serializer.

:func:`serialize` and :class:`HTMLSerializer` take the same options, with
the same defaults, and ``HTMLSerializer.serialize`` yields the same small
pieces (``"<a"``, ``" "``, ``"href"``, ``"="``, ``'"'`` ...) that code such
as bleach relies on.  It serializes html5lib token dicts (from
:mod:`.treewalkers` or any html5lib-style walker), through the same
filters in the same order.

Where html5lib 1.1 and the html5lib-tests serializer suite (snapshot of
2026, which follows the current HTML standard) disagree, the suite wins:

* ``<`` and ``>`` in attribute values are always written ``&lt;`` and
  ``&gt;`` (whatwg/html#6362; html5lib-tests#192).  ``escape_lt_in_attrs``
  is still accepted and no longer changes anything.
* Whether a value is quoted is decided on the value as given: ``<`` alone
  never forces quotes (it is written ``&lt;``), ``>`` does (suite cases
  "proper attribute value non-quoting (with <)", "... quoting (with >)").

``"legacy"`` quoting is html5lib 1.1's rule exactly (its
``_quoteAttributeLegacy``, less ``<``): it also quotes a value holding
U+000B LINE TABULATION, which the standard's unquoted syntax allows.  The
suite's case "proper attribute value non-quoting (with linetab)" holds for
``quote_attr_values="spec"``, html5lib's name for the standard's rule.

Fixes over html5lib 1.1, none of which the suite contradicts:

* Attributes in the xlink, xml and xmlns namespaces are written with their
  prefix (``xlink:href``); html5lib wrote the bare local name.
* Raw text (no escaping) applies to HTML elements only, so an SVG
  ``<style>``'s text is escaped, and ``plaintext`` is raw text too.
* Void elements are the standard's list (``wbr``, ``keygen`` ... included).

``sanitize=True`` runs html5lib's sanitizer (:mod:`.filters.sanitizer`,
deprecated upstream, with html5lib's DeprecationWarning) where html5lib
does: after the whitespace filter, before the optional-tags one.
"""

from __future__ import annotations

import re
from codecs import register_error, xmlcharrefreplace_errors
from functools import lru_cache
from typing import Any, Iterable, Iterator

from .._arguments import check_choice, check_flag, check_optional_str
from ..constants import ATTRIBUTE_PREFIXES, HTML_NAMESPACE, XMLNS_NAMESPACE
from ..serializer import RAW_TEXT_PARENTS, VOID_ELEMENTS
from .constants import booleanAttributes, entities, rcdataElements

__all__ = ["serialize", "HTMLSerializer", "SerializeError", "htmlentityreplace_errors"]

# What forces quotes around an attribute value (see the module docstring).
# "spec": the characters an unquoted attribute value may not contain
# (https://html.spec.whatwg.org/#unquoted), less "<".
_SPEC_QUOTE_CHARS = "\t\n\x0c\r \"'=>`"
_quote_spec = re.compile(f"[{re.escape(_SPEC_QUOTE_CHARS)}]")
# "legacy": html5lib 1.1's list: also the characters old browsers treated
# as separators: the C0 controls (U+000B too), "/", and the Unicode spaces.
_quote_legacy = re.compile(
    f"[{re.escape(_SPEC_QUOTE_CHARS)}"
    "\x00-\x1f/\xa0\u1680\u180e\u180f\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]"
)

# Raw text elements, for the token stream: html5lib's list plus plaintext.
_RAW_TEXT = frozenset(rcdataElements) | RAW_TEXT_PARENTS

# The prefix of the attribute's serialized name, by namespace.
_ATTRIBUTE_PREFIX = {namespace: prefix + ":" for namespace, prefix in ATTRIBUTE_PREFIXES.items()}

_XML_ENTITIES = frozenset({"lt;", "gt;", "amp;", "apos;", "quot;"})


def _entity_names() -> dict[int, str]:
    """Code point -> entity name for the ``htmlentityreplace`` error
    handler: single-code-point entities, a lower-case name preferred (as
    html5lib: the last lower-case name in sorted order wins)."""
    names: dict[int, str] = {}
    for name in sorted(entities):
        value = entities[name]
        if len(value) != 1 or value == "&":
            continue
        code = ord(value)
        if code not in names or name.islower():
            names[code] = name
    return names


_ENTITY_NAMES = _entity_names()


def htmlentityreplace_errors(exc: UnicodeError) -> tuple[str | bytes, int]:
    """Codec error handler: characters the encoding cannot represent become
    named character references (``&eacute;``), else ``&#x...;``."""
    if not isinstance(exc, (UnicodeEncodeError, UnicodeTranslateError)):
        return xmlcharrefreplace_errors(exc)
    return "".join(map(_character_reference, exc.object[exc.start : exc.end])), exc.end


def _character_reference(char: str) -> str:
    """``htmlentityreplace`` for one character."""
    name = _ENTITY_NAMES.get(ord(char))
    if name:
        return f"&{name}" if name.endswith(";") else f"&{name};"
    return f"&#x{ord(char):x};"


register_error("htmlentityreplace", htmlentityreplace_errors)


@lru_cache(maxsize=32)
def _standard_encoding(label: str) -> str | None:
    """The Encoding Standard's name for ``label``, or None for a label it
    does not know."""
    from ..encoding import get_an_encoding

    return get_an_encoding(label)


def _encode(string: str, encoding: str, strict: bool) -> bytes:
    """``string`` in ``encoding``.  A label of the Encoding Standard (all
    228 of them) gets the standard's encoder
    (:func:`specparser.encoding.encoders.encode_with`), whose bytes
    browsers decode back to the same text: Python's codecs of those names
    are not the standard's (``euc_kr`` writes most Hangul syllables as jamo
    sequences, ``big5`` turns Ё into シ, ``cp1253`` has no byte for U+0081)
    or do not exist (``windows-874``, ``x-mac-ukrainian``).  Any other name
    is Python's codec, as in html5lib.  What the encoding cannot represent
    is an error (``strict``) or a character reference, as
    ``htmlentityreplace`` writes it."""
    errors = "strict" if strict else "htmlentityreplace"
    name = _standard_encoding(encoding)
    if name is not None:
        from ..encoding.encoders import encode_with

        return encode_with(string, name, errors)
    return string.encode(encoding, errors)


def _meta_charset_label(encoding: str) -> str:
    """The charset a ``<meta>`` names for output in ``encoding``: the
    label itself, unless the bytes are in another encoding (replacement's
    labels are written as UTF-8, see
    :func:`specparser.encoding.encoders.get_an_output_encoding`)."""
    name = _standard_encoding(encoding)
    return "utf-8" if name == "replacement" else encoding


def serialize(input: Any, tree: str = "etree", encoding: str | None = None, **serializer_opts: Any) -> Any:
    """Serialize a tree with the tree walker for ``tree`` ("etree", "dom",
    "lxml", "bs4"): a str, or bytes when ``encoding`` is given.

    >>> from specparser.html5lib_compat import parse
    >>> serialize(parse("<p>Hi!"), omit_optional_tags=False)
    '<html><head></head><body><p>Hi!</p></body></html>'
    """
    from .treewalkers import getTreeWalker

    if not isinstance(tree, str):
        raise TypeError(f"serialize(): tree must be a str naming a tree type, not {type(tree).__name__}")
    check_optional_str(encoding, "serialize()", "encoding")
    walker = getTreeWalker(tree)
    if walker is None:
        raise ValueError(f"no tree walker for tree type {tree!r}")
    return HTMLSerializer(**serializer_opts).render(walker(input), encoding)


def escape_text(data: str) -> str:
    """html5lib's escaping of text and attribute values: ``&``, ``<``,
    ``>`` (``xml.sax.saxutils.escape``).  Unlike the standard's "escaping a
    string" (:func:`specparser.serializer.escape_string`), U+00A0 stays
    literal, as html5lib writes it; quotes in attribute values are the
    caller's business (they depend on the quoting options)."""
    if "&" in data:
        data = data.replace("&", "&amp;")
    if "<" in data:
        data = data.replace("<", "&lt;")
    if ">" in data:
        data = data.replace(">", "&gt;")
    return data


def _check_option(name: str, value: Any) -> None:
    """The type (and, for the two options with a few values, the value) of
    an HTMLSerializer option; html5lib 1.1 accepted anything and failed
    later, or never."""
    where = "HTMLSerializer()"
    if name == "quote_attr_values":
        check_choice(value, ("legacy", "spec", "always", True, False), where, name)
    elif name == "quote_char":
        check_choice(value, ('"', "'"), where, name)
    else:
        check_flag(value, where, name)


class HTMLSerializer:
    """html5lib 1.1's serializer (see the module docstring for the
    differences).  Options are keyword arguments; an unknown one raises
    TypeError.

    quote_attr_values: ``"legacy"`` (default), ``"spec"`` or ``"always"``
      (``True`` / ``False`` as in html5lib before 1.0: always / legacy).
    quote_char: the quote to use; giving it turns ``use_best_quote_char`` off.
    use_best_quote_char: pick the quote the value does not contain.
    omit_optional_tags: drop optional start and end tags (default True).
    minimize_boolean_attributes: ``<input disabled>`` (default True).
    use_trailing_solidus, space_before_trailing_solidus: ``<br />``.
    escape_lt_in_attrs: accepted; ``<`` in attributes is always escaped.
    escape_rcdata: escape text in script, style ... too.
    resolve_entities: write Entity tokens as the characters they stand for.
    alphabetical_attributes, inject_meta_charset, strip_whitespace:
      run the matching filter.
    sanitize: run html5lib's (deprecated) sanitizer filter, see
      :mod:`.filters.sanitizer`.
    """

    quote_attr_values: Any = "legacy"
    quote_char = '"'
    use_best_quote_char = True

    omit_optional_tags = True
    minimize_boolean_attributes = True
    use_trailing_solidus = False
    space_before_trailing_solidus = True

    escape_lt_in_attrs = False
    escape_rcdata = False
    resolve_entities = True

    alphabetical_attributes = False
    inject_meta_charset = True
    strip_whitespace = False
    sanitize = False

    options = (
        "quote_attr_values",
        "quote_char",
        "use_best_quote_char",
        "omit_optional_tags",
        "minimize_boolean_attributes",
        "use_trailing_solidus",
        "space_before_trailing_solidus",
        "escape_lt_in_attrs",
        "escape_rcdata",
        "resolve_entities",
        "alphabetical_attributes",
        "inject_meta_charset",
        "strip_whitespace",
        "sanitize",
    )

    def __init__(self, **kwargs: Any) -> None:
        unexpected = [name for name in kwargs if name not in self.options]
        if unexpected:
            raise TypeError(f"__init__() got an unexpected keyword argument '{unexpected[0]}'")
        if "quote_char" in kwargs:
            self.use_best_quote_char = False
        for name, value in kwargs.items():
            _check_option(name, value)
        for name in self.options:
            setattr(self, name, kwargs.get(name, getattr(self, name)))
        self.errors: list[str] = []
        self.strict = False
        self.encoding: str | None = None

    # -- encoding --------------------------------------------------------

    def encode(self, string: str) -> Any:
        """Text and attribute values: unencodable characters become
        character references."""
        if self.encoding:
            return _encode(string, self.encoding, strict=False)
        return string

    def encodeStrict(self, string: str) -> Any:
        """Markup and names: an unencodable character is an error."""
        if self.encoding:
            return _encode(string, self.encoding, strict=True)
        return string

    # -- the token loop --------------------------------------------------

    def _filtered(self, treewalker: Iterable[dict], encoding: str | None) -> Iterable[dict]:
        # The filters, in html5lib's order: the meta charset first; then
        # alphabetical attributes (before anything that may reorder);
        # whitespace before optional tags (which then finds more to omit);
        # the sanitizer between those two.
        if encoding and self.inject_meta_charset:
            from .filters.inject_meta_charset import Filter as InjectMetaCharset

            treewalker = InjectMetaCharset(treewalker, _meta_charset_label(encoding))
        if self.alphabetical_attributes:
            from .filters.alphabeticalattributes import Filter as Alphabetical

            treewalker = Alphabetical(treewalker)
        if self.strip_whitespace:
            from .filters.whitespace import Filter as Whitespace

            treewalker = Whitespace(treewalker)
        if self.sanitize:
            # After the attribute sorting, so that escaped elements show
            # their attributes sorted too; before optional tags, so that
            # omission is decided on the sanitized stream.
            from .filters.sanitizer import Filter as Sanitizer

            treewalker = Sanitizer(treewalker)
        if self.omit_optional_tags:
            from .filters.optionaltags import Filter as OptionalTags

            treewalker = OptionalTags(treewalker)
        return treewalker

    def _quote_needed(self, value: str) -> bool:
        mode = self.quote_attr_values
        if mode == "always" or mode is True or not value:
            return True
        if mode == "legacy" or mode is False:
            return _quote_legacy.search(value) is not None
        if mode == "spec":
            return _quote_spec.search(value) is not None
        raise ValueError("quote_attr_values must be one of: 'always', 'spec', or 'legacy'")

    def serialize(self, treewalker: Iterable[dict], encoding: str | None = None) -> Iterator[Any]:
        """Yield the serialization of a token stream piece by piece (str,
        or bytes when ``encoding`` is given)."""
        self.encoding = encoding
        self.errors = []
        encode = self.encode
        encode_strict = self.encodeStrict
        in_raw_text = False
        for token in self._filtered(treewalker, encoding):
            kind = token["type"]
            if kind == "Characters" or kind == "SpaceCharacters":
                data = token["data"]
                if kind == "SpaceCharacters" or in_raw_text:
                    if in_raw_text and "</" in data:
                        self.serializeError("Unexpected </ in CDATA")
                    yield encode(data)
                else:
                    yield encode(escape_text(data))

            elif kind == "StartTag" or kind == "EmptyTag":
                name = token["name"]
                namespace = token.get("namespace")
                yield encode_strict("<" + name)
                if (
                    name in _RAW_TEXT
                    and (namespace is None or namespace == HTML_NAMESPACE)
                    and not self.escape_rcdata
                ):
                    in_raw_text = True
                elif in_raw_text:
                    self.serializeError("Unexpected child element of a CDATA element")
                for key, value in token["data"].items():
                    yield from self._attribute(name, key, value)
                if name in VOID_ELEMENTS and self.use_trailing_solidus:
                    yield encode_strict(" /" if self.space_before_trailing_solidus else "/")
                yield encode(">")

            elif kind == "EndTag":
                name = token["name"]
                if name in _RAW_TEXT:
                    in_raw_text = False
                elif in_raw_text:
                    self.serializeError("Unexpected child element of a CDATA element")
                yield encode_strict(f"</{name}>")

            elif kind == "Comment":
                data = token["data"]
                if "--" in data:
                    self.serializeError("Comment contains --")
                yield encode_strict(f"<!--{data}-->")

            elif kind == "ProcessingInstruction":
                # As the HTML standard writes one since 2026-07.
                yield encode_strict(f"<?{token['name']} {token['data']}?>")

            elif kind == "Doctype":
                yield encode_strict(self._doctype(token))

            elif kind == "Entity":
                name = token["name"]
                key = name + ";"
                if key not in entities:
                    self.serializeError(f"Entity {name} not recognized")
                if self.resolve_entities and key not in _XML_ENTITIES:
                    yield encode_strict(entities[key] if key in entities else f"&{name};")
                else:
                    yield encode_strict(f"&{name};")

            else:
                self.serializeError(token.get("data", f"Unknown token type {kind!r}"))

    def _attribute(self, element: str, key: Any, value: str) -> Iterator[Any]:
        if isinstance(key, tuple):
            namespace, local = key
        else:  # a plain name, as some hand-made token streams have
            namespace, local = None, key
        if namespace:
            prefix = _ATTRIBUTE_PREFIX.get(namespace)
            if prefix is not None:
                local = "xmlns" if namespace == XMLNS_NAMESPACE and local == "xmlns" else prefix + local
        yield self.encodeStrict(" ")
        yield self.encodeStrict(local)
        if self.minimize_boolean_attributes and (
            local in booleanAttributes.get(element, ()) or local in booleanAttributes.get("", ())
        ):
            return
        yield self.encodeStrict("=")
        quote = self._quote_needed(value)
        value = escape_text(value)
        if not quote:
            yield self.encode(value)
            return
        quote_char = self.quote_char
        if self.use_best_quote_char:
            if "'" in value and '"' not in value:
                quote_char = '"'
            elif '"' in value and "'" not in value:
                quote_char = "'"
        if quote_char == "'":
            value = value.replace("'", "&#39;")
        else:
            value = value.replace('"', "&quot;")
        yield self.encodeStrict(quote_char)
        yield self.encode(value)
        yield self.encodeStrict(quote_char)

    def _doctype(self, token: dict) -> str:
        doctype = f"<!DOCTYPE {token['name']}"
        public_id = token.get("publicId")
        system_id = token.get("systemId")
        if public_id:
            doctype += f' PUBLIC "{public_id}"'
        elif system_id:
            doctype += " SYSTEM"
        if system_id:
            if '"' in system_id:
                if "'" in system_id:
                    self.serializeError("System identifier contains both single and double quote characters")
                quote = "'"
            else:
                quote = '"'
            doctype += f" {quote}{system_id}{quote}"
        return doctype + ">"

    def render(self, treewalker: Iterable[dict], encoding: str | None = None) -> Any:
        """The whole serialization as one str (bytes with ``encoding``).

        >>> from specparser.html5lib_compat import parse, getTreeWalker
        >>> walker = getTreeWalker("etree")
        >>> HTMLSerializer(omit_optional_tags=False).render(walker(parse("<html><body>Hi!")))
        '<html><head></head><body>Hi!</body></html>'
        """
        check_optional_str(encoding, "HTMLSerializer.render()", "encoding")
        if encoding:
            return b"".join(self.serialize(treewalker, encoding))
        return "".join(self.serialize(treewalker))

    def serializeError(self, data: str = "XXX ERROR MESSAGE NEEDED") -> None:
        self.errors.append(data)
        if self.strict:
            raise SerializeError(data)


class SerializeError(Exception):
    """Error in serialized tree"""
