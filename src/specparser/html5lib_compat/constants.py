"""``html5lib.constants``: the names downstream code reads.

Used in the wild (see the surface notes): ``namespaces`` (bs4),
``prefixes``, ``entities`` and ``tokenTypes`` (bleach, mechanize, wpull),
``DataLossWarning``, ``E`` and ``_ReparseException``.  The element sets
html5lib's serializer, filters and ``treebuilders.base`` use are here too,
with html5lib 1.1's values (not the spec's where they differ: e.g.
``voidElements`` keeps ``command`` and ``event-source`` and lacks ``wbr``,
because code written against html5lib reads them as html5lib's).

Where specparser has the same table, it is the source: ``namespaces`` and
``prefixes`` (:mod:`specparser.constants`), the foreign attribute
adjustments (:mod:`specparser.tables.foreign`: today's standard, so
``adjustSVGAttributes`` lacks the four names the standard dropped since
html5lib 1.1, e.g. ``contentScriptType``), ``entities`` (the standard
library's ``html.entities.html5``, which is the HTML standard's table with
html5lib's key format: ``"amp;"`` and the legacy ``"amp"``).
"""

from __future__ import annotations

import string
from html.entities import html5 as _html5_entities

from ..constants import namespaces as _namespaces
from ..constants import prefixes as _prefixes
from ..error_messages import MESSAGES
from ..infoset import DataLossWarning
from ..tables.foreign import FOREIGN_ATTRIBUTES, MATHML_ATTRIBUTES, SVG_ATTRIBUTES

__all__ = [
    "EOF",
    "E",
    "namespaces",
    "prefixes",
    "entities",
    "tokenTypes",
    "tagTokenTypes",
    "DataLossWarning",
    "spaceCharacters",
    "voidElements",
    "booleanAttributes",
    "cdataElements",
    "rcdataElements",
    "headingElements",
    "scopingElements",
    "formattingElements",
    "specialElements",
    "htmlIntegrationPointElements",
    "mathmlTextIntegrationPointElements",
    "tableInsertModeElements",
    "adjustSVGAttributes",
    "adjustMathMLAttributes",
    "adjustForeignAttributes",
    "unadjustForeignAttributes",
]

EOF = None

namespaces = dict(_namespaces)
prefixes = dict(_prefixes)


class _Messages(dict):
    """``E``: error code -> message, from specparser's registry
    (:mod:`specparser.error_messages`): the spec's kebab-case codes (the
    tokenizer's) and tree construction's; html5lib 1.1's older codes are not
    produced.  Any code without a message reads as itself, so
    ``E[code] % datavars`` never fails."""

    def __missing__(self, code: str) -> str:
        return str(code).replace("%", "%%")


E = _Messages(MESSAGES)

# https://html.spec.whatwg.org/#named-character-references
entities = dict(_html5_entities)

tokenTypes = {
    "Doctype": 0,
    "Characters": 1,
    "SpaceCharacters": 2,
    "StartTag": 3,
    "EndTag": 4,
    "EmptyTag": 5,
    "Comment": 6,
    "ParseError": 7,
}
tagTokenTypes = frozenset([tokenTypes["StartTag"], tokenTypes["EndTag"], tokenTypes["EmptyTag"]])

spaceCharacters = frozenset(["\t", "\n", "\u000C", " ", "\r"])
asciiLowercase = frozenset(string.ascii_lowercase)
asciiUppercase = frozenset(string.ascii_uppercase)
asciiLetters = frozenset(string.ascii_letters)
digits = frozenset(string.digits)
hexDigits = frozenset(string.hexdigits)
asciiUpper2Lower = {ord(c): ord(c.lower()) for c in string.ascii_uppercase}

_HTML = namespaces["html"]
_MATHML = namespaces["mathml"]
_SVG = namespaces["svg"]


def _html(names: str) -> list[tuple[str, str]]:
    return [(_HTML, name) for name in names.split()]


scopingElements = frozenset(
    _html("applet caption html marquee object table td th")
    + [(_MATHML, n) for n in ("mi", "mo", "mn", "ms", "mtext", "annotation-xml")]
    + [(_SVG, n) for n in ("foreignObject", "desc", "title")]
)
formattingElements = frozenset(_html("a b big code em font i nobr s small strike strong tt u"))
specialElements = frozenset(
    _html(
        "address applet area article aside base basefont bgsound blockquote body br button "
        "caption center col colgroup command dd details dir div dl dt embed fieldset figure "
        "footer form frame frameset h1 h2 h3 h4 h5 h6 head header hr html iframe image img "
        "input isindex li link listing marquee menu meta nav noembed noframes noscript object "
        "ol p param plaintext pre script section select style table tbody td textarea tfoot "
        "th thead title tr ul wbr xmp"
    )
    + [(_SVG, "foreignObject")]
)
htmlIntegrationPointElements = frozenset(
    [(_MATHML, "annotation-xml"), (_SVG, "foreignObject"), (_SVG, "desc"), (_SVG, "title")]
)
mathmlTextIntegrationPointElements = frozenset((_MATHML, n) for n in ("mi", "mo", "mn", "ms", "mtext"))

adjustSVGAttributes = dict(SVG_ATTRIBUTES)
adjustMathMLAttributes = dict(MATHML_ATTRIBUTES)
adjustForeignAttributes = dict(FOREIGN_ATTRIBUTES)
# html5lib 1.1 still adjusts xml:base (the standard no longer does).
adjustForeignAttributes.setdefault("xml:base", ("xml", "base", namespaces["xml"]))
unadjustForeignAttributes = {
    (ns, local): qname for qname, (prefix, local, ns) in adjustForeignAttributes.items()
}

tableInsertModeElements = frozenset(["table", "tbody", "tfoot", "thead", "tr"])

headingElements = ("h1", "h2", "h3", "h4", "h5", "h6")

voidElements = frozenset(
    "base command event-source link meta hr br img embed param area col input source track".split()
)
cdataElements = frozenset(["title", "textarea"])
rcdataElements = frozenset(["style", "script", "xmp", "iframe", "noembed", "noframes", "noscript"])

booleanAttributes = {
    "": frozenset(["irrelevant", "itemscope"]),
    "style": frozenset(["scoped"]),
    "img": frozenset(["ismap"]),
    "audio": frozenset(["autoplay", "controls"]),
    "video": frozenset(["autoplay", "controls"]),
    "script": frozenset(["defer", "async"]),
    "details": frozenset(["open"]),
    "datagrid": frozenset(["multiple", "disabled"]),
    "command": frozenset(["hidden", "disabled", "checked", "default"]),
    "hr": frozenset(["noshade"]),
    "menu": frozenset(["autosubmit"]),
    "fieldset": frozenset(["disabled", "readonly"]),
    "option": frozenset(["disabled", "readonly", "selected"]),
    "optgroup": frozenset(["disabled", "readonly"]),
    "button": frozenset(["disabled", "autofocus"]),
    "input": frozenset(["disabled", "readonly", "required", "autofocus", "checked", "ismap"]),
    "select": frozenset(["disabled", "readonly", "autofocus", "multiple"]),
    "output": frozenset(["disabled", "readonly"]),
    "iframe": frozenset(["seamless"]),
}

xmlEntities = frozenset(["lt;", "gt;", "amp;", "apos;", "quot;"])


class _ReparseException(Exception):
    """html5lib's signal to re-parse with another encoding (specparser's is
    :class:`specparser.encoding.ReparseWithEncoding`, handled inside
    ``parse``; this class exists for code that catches it)."""
