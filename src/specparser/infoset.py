"""Coercing an HTML DOM into an infoset.

https://html.spec.whatwg.org/#coercing-an-html-dom-into-an-infoset

The HTML parser produces trees that an XML API such as lxml cannot hold
as they are: element names like ``foo<bar``, attribute names like
``xlink:href`` on an HTML element, comments containing ``--``, form feeds in
text, DOCTYPEs with no name.  This module is the section's rules, one
function each, with no dependency on any XML library.  The lxml adapter
(:mod:`specparser.builders.lxml`) applies them only where lxml would refuse
a value, and the lxml walker (:mod:`specparser.walkers.lxml`) applies the
inverse functions, so a coerced tree walks back to the DOM the parser built.

**Names** (element and attribute local names, DOCTYPE names and
identifiers): every character the XML API does not allow is replaced by
``U`` and the six upper-case hexadecimal digits of its code point, as the
spec says (``foo<bar`` becomes ``fooU00003Cbar``, ``xlink:href`` becomes
``xlinkU00003Ahref``).  To make the mapping reversible, a literal ``U``
that is followed by six characters ``0-9A-F`` is escaped the same way
(``U000055``): after coercion, ``U`` followed by six hexadecimal digits is
*always* an escape, and :func:`restore_name` (:func:`restore_identifier`
for DOCTYPE identifiers) undoes it exactly.  The parser
never produces such a ``U`` (tag and attribute names are lower-cased, and
the SVG/MathML adjusted names contain none), so real names never change.
The empty DOCTYPE name becomes :data:`EMPTY_NAME` (``U000000``); a name
made only of U+0000, which the tokenizer never produces, would restore to
the empty name too.

**Attributes named xmlns**: attributes in no namespace named ``xmlns`` or
starting with ``xmlns:``, and attributes in the XMLNS namespace, are
namespace declarations to an XML API, not attributes; the spec allows
dropping them, and they are dropped (:func:`is_xmlns_attribute`).  They
are not restored.  Most are redundant (:func:`is_redundant_declaration`:
``<html xmlns="http://www.w3.org/1999/xhtml">``, on half the pages of the
benchmark corpus, or ``xmlns:xlink`` with the xlink namespace): those are
counted but not warned about, since the XML tree says the same thing.
(The lxml.html tree keeps ``xmlns:*`` attributes, and ``xmlns`` on plain
HTML elements, as lxml.html's own parser does: see
:mod:`specparser.builders.lxml`.)

**Warnings**: the reversible coercions (names, DOCTYPEs, comments,
processing instructions) lose nothing, since the lxml walker restores them;
they are counted (:class:`CoercionLog`) but only a real loss (:data:`LOSSY`:
replaced characters, a dropped ``xmlns`` attribute that was not redundant,
a dropped DOCTYPE) issues the :class:`DataLossWarning`.

**Comments**: the spec inserts a space between two adjacent hyphens and
after a final hyphen.  Done alone that cannot be undone (``a- -b`` could be
the coerced ``a--b`` or the real ``a- -b``), so :func:`coerce_comment`
inserts one space into *every* run of spaces between two hyphens and into
the run of spaces after a final hyphen, including runs of length zero.
``a--b`` becomes ``a- -b``, ``a-`` becomes ``a- ``, a real ``a- -b``
becomes ``a-  -b``; :func:`restore_comment` removes exactly one space from
each such run.  Comments without those patterns are unchanged.  (Non-XML
characters are replaced first, so a form feed turned space counts in a run.)

**Characters** in text, attribute values and comments: U+000C FORM FEED
becomes a space and every other character that is not an XML ``Char``
(controls, lone surrogates, U+FFFE, U+FFFF) becomes U+FFFD, as the spec
says.  This one is lossy and is not undone.

**Processing instructions** (2026): the target is coerced like a name
(:func:`coerce_pi_target`; the tokenizer only makes targets that are XML
names already, so this only matters for nodes made by other means), with
the target ``xml`` (reserved by XML, in any case) escaped at its first
letter.  The data gets the character rule, and ``?>`` (which would end an
XML processing instruction; the tokenizer never puts a ``>`` in the data)
gets a space the reversible way comments do: one more space in every run
of spaces between ``?`` and ``>`` (:func:`coerce_pi_data`,
:func:`restore_pi_data`).

Quirks mode and the form element pointer are not kept (the spec allows
dropping them).
"""

from __future__ import annotations

import re
import sys
import warnings
from types import FrameType

from .constants import (
    HTML_NAMESPACE,
    MATHML_NAMESPACE,
    SVG_NAMESPACE,
    XLINK_NAMESPACE,
    XML_NAMESPACE,
    XMLNS_NAMESPACE,
)

__all__ = [
    "ATTRIBUTE_NAME",
    "CHARACTERS",
    "COMMENT",
    "CoercionLog",
    "DOCTYPE",
    "DROPPED_DOCTYPE",
    "MOVED_AFTER_DOCTYPE",
    "DataLossWarning",
    "ELEMENT_NAME",
    "EMPTY_NAME",
    "LOSSLESS",
    "LOSSY",
    "PROCESSING_INSTRUCTION",
    "REDUNDANT_XMLNS",
    "SPEC_URL",
    "XMLNS_ATTRIBUTE",
    "coerce_characters",
    "coerce_comment",
    "coerce_name",
    "coerce_pi_data",
    "coerce_pi_target",
    "coerce_public_id",
    "coerce_system_id",
    "count_bad_characters",
    "is_redundant_declaration",
    "is_xmlns_attribute",
    "restore_comment",
    "restore_identifier",
    "restore_name",
    "restore_pi_data",
]

SPEC_URL = "https://html.spec.whatwg.org/#coercing-an-html-dom-into-an-infoset"

# XML 1.0 (fifth edition) NameStartChar and NameChar, without ":" (lxml
# wants NCNames: a colon would be read as a prefix).  lxml 6 accepts exactly
# these characters in element and attribute names (checked code point by
# code point against lxml.etree.Element).
# https://www.w3.org/TR/xml/#NT-NameStartChar
_NAME_START = (
    "A-Z_a-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u02ff\u0370-\u037d\u037f-\u1fff"
    "\u200c-\u200d\u2070-\u218f\u2c00-\u2fef\u3001-\ud7ff\uf900-\ufdcf\ufdf0-\ufffd"
    "\U00010000-\U000effff"
)
_NAME_CHAR = _NAME_START + "\\-.0-9\u00b7\u0300-\u036f\u203f-\u2040"
# Their complements over all code points (tests/test_infoset.py checks
# them against the classes above).  The regular expressions are written
# with these few small ranges: Python's re compiles a class by marking
# each code point of its ranges in a Python loop, ~7 ms for each of the
# classes above, which every process using the lxml adapter paid at import.
_NOT_NAME_START = (
    "\\x00-\\x40\\x5b-\\x5e\\x60\\x7b-\\xbf\\xd7\\xf7\u0300-\u036f\u037e\u2000-\u200b"
    "\u200e-\u206f\u2190-\u2bff\u2ff0-\u3000\\ud800-\uf8ff\ufdd0-\ufdef\ufffe-\uffff"
    "\U000f0000-\U0010ffff"
)
_NOT_NAME_CHAR = (
    "\\x00-\\x2c\\x2f\\x3a-\\x40\\x5b-\\x5e\\x60\\x7b-\\xb6\\xb8-\\xbf\\xd7\\xf7\u037e"
    "\u2000-\u200b\u200e-\u203e\u2041-\u206f\u2190-\u2bff\u2ff0-\u3000\\ud800-\uf8ff"
    "\ufdd0-\ufdef\ufffe-\uffff\U000f0000-\U0010ffff"
)

_NOT_START_CHAR = re.compile("[%s]" % _NOT_NAME_START)
_NOT_NAME_CHAR_RE = re.compile("[%s]" % _NOT_NAME_CHAR)
_HEX6 = "[0-9A-F]{6}"
# What must be escaped after the first character: a character that is not
# a NameChar, or a "U" that would be read as the start of an escape.
_NAME_ESCAPE = re.compile("[%s]|U(?=%s)" % (_NOT_NAME_CHAR, _HEX6))
_ESCAPE_SEQUENCE = re.compile("U(%s)" % _HEX6)
_MAYBE_ESCAPE = re.compile("U%s" % _HEX6)

# https://www.w3.org/TR/xml/#NT-PubidChar
_PUBID_ESCAPE = re.compile("[^\\x20\\x0d\\x0aa-zA-Z0-9\\-'()+,./:=?;!*#@$_%%]|U(?=%s)" % _HEX6)
# https://www.w3.org/TR/xml/#NT-Char, complemented (fast to compile, as
# above): [^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]
_NON_XML_CHAR = "[\\x00-\\x08\\x0b\\x0c\\x0e-\\x1f\\ud800-\\udfff\\ufffe\\uffff]"
_SYSTEM_ESCAPE = re.compile("%s|U(?=%s)" % (_NON_XML_CHAR, _HEX6))
_SYSTEM_ESCAPE_DQUOTE = re.compile('%s|"|U(?=%s)' % (_NON_XML_CHAR, _HEX6))
_BAD_CHARACTER = re.compile(_NON_XML_CHAR)

# Comments: a hyphen, a run of spaces (maybe empty) and another hyphen, or
# the run of spaces after the final hyphen.
_COMMENT_HYPHEN_RUN = re.compile("-( *)(?=-)|-( *)\\Z")
_COMMENT_HYPHEN_RUN_CODED = re.compile("-( +)(?=-)|-( +)\\Z")

EMPTY_NAME = "U000000"
"""What an empty name (``<!DOCTYPE>``) is stored as."""


def _escape(match: re.Match) -> str:
    return "U%06X" % ord(match.group())


def _is_ncname(name: str) -> bool:
    """Whether ``name`` is an XML NCName (NameStartChar, then NameChars)."""
    return bool(name) and _NOT_START_CHAR.match(name) is None and _NOT_NAME_CHAR_RE.search(name, 1) is None


def coerce_name(name: str) -> str:
    """The spec's name mapping: each character an XML NCName cannot hold
    becomes ``U`` + six hexadecimal digits (``foo<bar`` -> ``fooU00003Cbar``).
    A ``U`` that would read as an escape is escaped too, so that
    :func:`restore_name` is exact."""
    # A name that needs no change: an NCName with no "U" that could be read
    # as an escape.
    if _is_ncname(name) and ("U" not in name or not _MAYBE_ESCAPE.search(name)):
        return name
    if not name:
        return EMPTY_NAME
    first = name[0]
    if _is_ncname(first) and not (first == "U" and _MAYBE_ESCAPE.match(name)):
        head = first
    else:
        head = "U%06X" % ord(first)
    return head + _NAME_ESCAPE.sub(_escape, name[1:])


def _unescape(match: re.Match) -> str:
    code = int(match.group(1), 16)
    return chr(code) if code <= 0x10FFFF else match.group()


def restore_name(name: str) -> str:
    """The inverse of :func:`coerce_name`."""
    if "U" not in name:
        return name
    if name == EMPTY_NAME:
        return ""
    return _ESCAPE_SEQUENCE.sub(_unescape, name)


def restore_identifier(identifier: str) -> str:
    """The inverse of :func:`coerce_public_id` and :func:`coerce_system_id`."""
    if "U" not in identifier:
        return identifier
    return _ESCAPE_SEQUENCE.sub(_unescape, identifier)


def coerce_public_id(public_id: str) -> str:
    """A DOCTYPE public identifier as an XML ``PubidLiteral`` can hold it:
    characters that are not ``PubidChar`` are escaped like names."""
    return _PUBID_ESCAPE.sub(_escape, public_id)


def coerce_system_id(system_id: str) -> str:
    """A DOCTYPE system identifier as an XML ``SystemLiteral`` can hold it:
    non-XML characters are escaped like names, and so is ``"`` when the
    identifier also contains ``'`` (a literal cannot hold both quotes)."""
    if '"' in system_id and "'" in system_id:
        return _SYSTEM_ESCAPE_DQUOTE.sub(_escape, system_id)
    return _SYSTEM_ESCAPE.sub(_escape, system_id)


def coerce_characters(text: str) -> str:
    """Character data, attribute values and comment data: U+000C becomes a
    space and any other non-XML character becomes U+FFFD (lossy)."""
    if _BAD_CHARACTER.search(text) is None:
        return text
    return _BAD_CHARACTER.sub(_replace_character, text)


def _replace_character(match: re.Match) -> str:
    return " " if match.group() == "\x0c" else "\ufffd"


def count_bad_characters(text: str) -> int:
    """How many characters :func:`coerce_characters` would replace."""
    return len(_BAD_CHARACTER.findall(text))


def _add_space(match: re.Match) -> str:
    return match.group() + " "


def _remove_space(match: re.Match) -> str:
    return match.group()[:-1]


def coerce_comment(data: str) -> str:
    """Comment data as XML allows it: no ``--``, no final ``-`` (one space
    is inserted, reversibly: see the module docstring), no non-XML
    characters (replaced as :func:`coerce_characters`)."""
    # Characters first: a form feed turned space must count in the runs.
    data = coerce_characters(data)
    if "-" in data:
        data = _COMMENT_HYPHEN_RUN.sub(_add_space, data)
    return data


def restore_comment(data: str) -> str:
    """The inverse of the hyphen rule of :func:`coerce_comment`."""
    if "-" not in data:
        return data
    return _COMMENT_HYPHEN_RUN_CODED.sub(_remove_space, data)


_PI_CLOSE_RUN = re.compile("\\?( *)(?=>)")
_PI_CLOSE_RUN_CODED = re.compile("\\?( +)(?=>)")


def coerce_pi_target(target: str) -> str:
    """A processing instruction target as XML allows it: an NCName
    (:func:`coerce_name`) that is not ``xml`` in any case (its first letter
    is then escaped, which :func:`restore_name` undoes)."""
    coerced = coerce_name(target)
    if coerced.lower() == "xml":
        coerced = "U%06X" % ord(coerced[0]) + coerced[1:]
    return coerced


def coerce_pi_data(data: str) -> str:
    """Processing instruction data as XML allows it: no non-XML characters
    (replaced as :func:`coerce_characters`, lossy) and no ``?>`` (one space
    is added between ``?`` and ``>``, reversibly: see the module
    docstring)."""
    data = coerce_characters(data)
    if ">" in data:
        data = _PI_CLOSE_RUN.sub(_add_space, data)
    return data


def restore_pi_data(data: str) -> str:
    """The inverse of the ``?>`` rule of :func:`coerce_pi_data`."""
    if ">" not in data:
        return data
    return _PI_CLOSE_RUN_CODED.sub(_remove_space, data)


def is_xmlns_attribute(key: str | tuple) -> bool:
    """An attribute that is a namespace declaration to an XML API: ``xmlns``
    or ``xmlns:*`` in no namespace, or any attribute in the XMLNS namespace.
    ``key`` follows the TreeBuilder convention (a name, or a
    ``(prefix, local, namespace)`` tuple)."""
    if key.__class__ is tuple:
        return key[2] == XMLNS_NAMESPACE
    return key[:5] == "xmlns" and (len(key) == 5 or key[5] == ":")


# The namespace each prefix stands for when a page declares it the usual way.
_USUAL_DECLARATIONS = {
    "xlink": XLINK_NAMESPACE,
    "xml": XML_NAMESPACE,
    "svg": SVG_NAMESPACE,
    "math": MATHML_NAMESPACE,
    "html": HTML_NAMESPACE,
}


def is_redundant_declaration(key: str | tuple, value: str, element_namespace: str) -> bool:
    """True for an xmlns attribute that declares what an XML tree of this
    element says anyway: ``xmlns`` equal to the element's own namespace
    (``<html xmlns="http://www.w3.org/1999/xhtml">``, ``<svg
    xmlns="http://www.w3.org/2000/svg">``) or a usual prefix for its usual
    namespace (``xmlns:xlink="http://www.w3.org/1999/xlink"``).  Dropping one
    loses nothing, so it is counted but not warned about."""
    if key.__class__ is tuple:
        local = key[1]
    else:
        local = "xmlns" if key == "xmlns" else key[6:]
    if local == "xmlns":
        return value == element_namespace
    return _USUAL_DECLARATIONS.get(local) == value


class DataLossWarning(UserWarning):
    """Issued at most once per parsed document when the tree lost some of
    the document (a character it cannot hold, an ``xmlns`` attribute that
    said something).  ``counts`` maps each kind of coercion (see
    :class:`CoercionLog`) to how many times it happened, the reversible
    ones included."""

    def __init__(self, message: str, counts: dict[str, int] | None = None) -> None:
        super().__init__(message)
        self.counts: dict[str, int] = dict(counts or {})


# The kinds a CoercionLog counts.  The LOSSLESS kinds are undone by the
# lxml walker, and a redundant xmlns attribute says nothing the tree does
# not: only the LOSSY kinds cause the warning.
ELEMENT_NAME = "element name"
ATTRIBUTE_NAME = "attribute name"
DOCTYPE = "doctype"
COMMENT = "comment"
PROCESSING_INSTRUCTION = "processing instruction"
CHARACTERS = "characters"
XMLNS_ATTRIBUTE = "xmlns attribute"
REDUNDANT_XMLNS = "redundant xmlns attribute"
DROPPED_DOCTYPE = "dropped doctype"
# Comments and PIs that came before the DOCTYPE, put after it (the lxml
# builder keeps at most a hundred before it: see specparser.builders.lxml).
MOVED_AFTER_DOCTYPE = "moved after doctype"
LOSSLESS = frozenset({ELEMENT_NAME, ATTRIBUTE_NAME, DOCTYPE, COMMENT, PROCESSING_INSTRUCTION})
LOSSY = frozenset({CHARACTERS, XMLNS_ATTRIBUTE, DROPPED_DOCTYPE, MOVED_AFTER_DOCTYPE})


class CoercionLog:
    """Counts every coercion made while building one tree, keeps the first
    example of each kind, and turns them into one :class:`DataLossWarning`.

    This is the single documented way coercions are reported: ``counts``
    (also on the warning) and :meth:`warn`, which a tree builder calls once
    when the document is finished.  Nothing else is ever warned.
    """

    __slots__ = ("counts", "examples", "warn_reversible")

    def __init__(self) -> None:
        self.counts: dict[str, int] = {}
        self.examples: dict[str, tuple[object, object]] = {}
        # html5lib's contract (its lxml builder warns on every coercion it
        # makes): warn on the reversible kinds too.
        self.warn_reversible = False

    def add(self, kind: str, before: object, after: object, times: int = 1) -> None:
        counts = self.counts
        if kind in counts:
            counts[kind] += times
        else:
            counts[kind] = times
            self.examples[kind] = (before, after)

    def __bool__(self) -> bool:
        return bool(self.counts)

    def message(self) -> str:
        """What was lost, then what was coerced reversibly (if anything)."""
        lost = [self._describe(kind) for kind in self.counts if kind in LOSSY]
        kept = [self._describe(kind) for kind in self.counts if kind in LOSSLESS]
        message = "the tree cannot hold this document exactly; lost: %s" % (", ".join(lost) or "nothing")
        if kept:
            message += "; coerced reversibly: %s" % ", ".join(kept)
        return "%s; see %s" % (message, SPEC_URL)

    def _describe(self, kind: str) -> str:
        count = self.counts[kind]
        before, after = self.examples[kind]
        if kind == CHARACTERS and isinstance(before, str) and isinstance(after, str):
            # Text can be long: show where the first character went.
            before, after = _around_first_bad_character(before, after)
        if after is None:
            return f"{kind} x{count} (first: {_short(before)} dropped)"
        return f"{kind} x{count} (first: {_short(before)} -> {_short(after)})"

    def warn(self) -> None:
        """Issue the one DataLossWarning for this document if anything was
        lost (a LOSSY kind): not for reversible coercions, which the lxml
        walker undoes, nor for redundant namespace declarations.  The
        warning is attributed to the first caller outside specparser."""
        warned = LOSSY | LOSSLESS if self.warn_reversible else LOSSY
        if any(kind in warned for kind in self.counts):
            warnings.warn(
                DataLossWarning(self.message(), self.counts), stacklevel=_caller_stacklevel()
            )


def _short(value: object, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _around_first_bad_character(before: str, after: str) -> tuple[str, str]:
    """The same short stretch of text before and after coercion (the
    coercion keeps lengths), around the first replaced character."""
    match = _BAD_CHARACTER.search(before)
    at = match.start() if match else 0
    start = max(0, at - 10)
    return before[start : at + 10], after[start : at + 10]


def _caller_stacklevel() -> int:
    """The ``stacklevel`` that points warnings.warn at the first frame
    outside the specparser package (the user's call to parse)."""
    frame: FrameType | None = sys._getframe(2)  # the caller of CoercionLog.warn: stacklevel 2
    level = 2
    while frame is not None and frame.f_globals.get("__name__", "").startswith("specparser"):
        frame = frame.f_back
        level += 1
    return level
