"""The registry of the parse error codes specparser reports, each with a
short human-readable message.

Data only: ``MESSAGES`` maps each code to one short line, used by
``specparser --format errors``, the JSON output, :class:`~specparser.errors.ParseError`
and html5lib's ``constants.E``.  Every code the tokenizer or tree
construction can emit is here (tests/test_error_registry.py checks); the
tree construction stage imports its codes from here as named constants.

* The tokenizer's and the input stream's codes are the spec's own, from the
  table in https://html.spec.whatwg.org/#parse-errors (whose descriptions
  are non-normative; these are shortened from them).
* The tree construction codes are specparser's own (the spec calls those
  errors only "parse error"): ``TREE_CONSTRUCTION_MESSAGES`` below, two of
  them shared with the tokenizer's table.
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "FOSTER_PARENTED_TEXT",
    "MESSAGES",
    "MISNESTED_TAG",
    "MISSING_DOCTYPE",
    "NON_VOID_SELF_CLOSING",
    "PROCESSING_INSTRUCTION_CODES",
    "TOKENIZER_CODES",
    "TREE_CONSTRUCTION_CODES",
    "UNEXPECTED_CHARACTER",
    "UNEXPECTED_DOCTYPE",
    "UNEXPECTED_END_TAG",
    "UNEXPECTED_EOF",
    "UNEXPECTED_HTML_IN_FOREIGN_CONTENT",
    "UNEXPECTED_NULL",
    "UNEXPECTED_START_TAG",
    "UNKNOWN_DOCTYPE",
    "message_for",
]

# https://html.spec.whatwg.org/#parse-errors -- the spec's table, in its order.
TOKENIZER_MESSAGES: dict[str, str] = {
    "abrupt-closing-of-empty-comment": "empty comment closed abruptly by '>' (<!--> or <!--->)",
    "abrupt-doctype-public-identifier": "'>' inside the DOCTYPE public identifier",
    "abrupt-doctype-system-identifier": "'>' inside the DOCTYPE system identifier",
    "absence-of-digits-in-numeric-character-reference": "numeric character reference without digits (&#;)",
    "cdata-in-html-content": "CDATA section outside SVG or MathML, read as a comment",
    "character-reference-outside-unicode-range": "numeric character reference beyond U+10FFFF",
    "control-character-in-input-stream": "control character in the input",
    "control-character-reference": "numeric character reference to a control character",
    "disallowed-processing-instruction-target": "'<?xml' or '<?xml-stylesheet' (any case): read as a comment",
    "end-tag-with-attributes": "end tag with attributes (ignored)",
    "duplicate-attribute": "duplicate attribute (the first one wins)",
    "end-tag-with-trailing-solidus": "end tag with a trailing '/' (</x/>)",
    "eof-before-tag-name": "end of input where a tag name was expected",
    "eof-in-cdata": "end of input inside a CDATA section",
    "eof-in-comment": "end of input inside a comment",
    "eof-in-doctype": "end of input inside a DOCTYPE",
    "eof-in-processing-instruction": "end of input inside '<?' (the processing instruction is dropped)",
    "eof-in-script-html-comment-like-text": "end of input inside '<!--' text in a script",
    "eof-in-tag": "end of input inside a tag (the tag is dropped)",
    "incorrectly-closed-comment": "comment closed by '--!>'",
    "incorrectly-opened-comment": "'<!' not followed by '--', DOCTYPE or CDATA: read as a comment",
    "invalid-character-sequence-after-doctype-name": "unexpected text after the DOCTYPE name",
    "invalid-first-character-of-processing-instruction-target": (
        "'<?' not followed by an ASCII letter or '_': read as a comment"
    ),
    "invalid-first-character-of-tag-name": "a tag name must start with an ASCII letter",
    "invalid-processing-instruction-target": (
        "processing instruction target with a character other than ASCII letters, digits, '-' and '_': "
        "read as a comment"
    ),
    "missing-attribute-value": "'=' with no attribute value",
    "missing-doctype-name": "DOCTYPE without a name",
    "missing-doctype-public-identifier": "DOCTYPE PUBLIC keyword without an identifier",
    "missing-doctype-system-identifier": "DOCTYPE SYSTEM keyword without an identifier",
    "missing-end-tag-name": "'</>' (ignored)",
    "missing-quote-before-doctype-public-identifier": "DOCTYPE public identifier not quoted",
    "missing-quote-before-doctype-system-identifier": "DOCTYPE system identifier not quoted",
    "missing-semicolon-after-character-reference": "character reference without a closing ';'",
    "missing-whitespace-after-doctype-public-keyword": "no whitespace after the DOCTYPE PUBLIC keyword",
    "missing-whitespace-after-doctype-system-keyword": "no whitespace after the DOCTYPE SYSTEM keyword",
    "missing-whitespace-before-doctype-name": "no whitespace between DOCTYPE and its name",
    "missing-whitespace-between-attributes": "no whitespace between attributes",
    "missing-whitespace-between-doctype-public-and-system-identifiers": (
        "no whitespace between the DOCTYPE public and system identifiers"
    ),
    "nested-comment": "'<!--' inside a comment",
    "noncharacter-character-reference": "numeric character reference to a noncharacter",
    "noncharacter-in-input-stream": "noncharacter in the input",
    "non-void-html-element-start-tag-with-trailing-solidus": (
        "'/>' on an HTML element that is not void (the '/' is ignored)"
    ),
    "null-character-reference": "numeric character reference to U+0000",
    "surrogate-character-reference": "numeric character reference to a surrogate",
    "surrogate-in-input-stream": "surrogate in the input",
    "unexpected-character-after-doctype-system-identifier": "unexpected text after the DOCTYPE system identifier",
    "unexpected-character-in-attribute-name": "'\"', \"'\" or '<' in an attribute name",
    "unexpected-character-in-unquoted-attribute-value": (
        "'\"', \"'\", '<', '=' or '`' in an unquoted attribute value"
    ),
    "unexpected-equals-sign-before-attribute-name": "'=' where an attribute name was expected",
    "unexpected-null-character": "U+0000 NULL character",
    # No longer produced since 2026-06 ("<?" begins a processing instruction);
    # kept so that error records from older versions still have a message.
    "unexpected-question-mark-instead-of-tag-name": "'<?' (XML processing instruction?) read as a comment",
    "unexpected-solidus-in-tag": "'/' inside a tag not followed by '>'",
    "unknown-named-character-reference": "ambiguous ampersand: unknown named character reference",
}

# specparser's tree construction codes, as the tree construction stage
# names them.  Two are the tokenizer table's codes too.  (Final: the
# compiled build's tree construction reads them as constants.)
UNEXPECTED_NULL: Final = "unexpected-null-character"
NON_VOID_SELF_CLOSING: Final = "non-void-html-element-start-tag-with-trailing-solidus"
MISSING_DOCTYPE: Final = "missing-doctype"
UNKNOWN_DOCTYPE: Final = "unknown-doctype"
UNEXPECTED_DOCTYPE: Final = "unexpected-doctype"
UNEXPECTED_START_TAG: Final = "unexpected-start-tag"
UNEXPECTED_END_TAG: Final = "unexpected-end-tag"
UNEXPECTED_CHARACTER: Final = "unexpected-character"
FOSTER_PARENTED_TEXT: Final = "foster-parented-character"
UNEXPECTED_EOF: Final = "unexpected-eof"
MISNESTED_TAG: Final = "misnested-tag"
UNEXPECTED_HTML_IN_FOREIGN_CONTENT: Final = "unexpected-html-element-in-foreign-content"

TREE_CONSTRUCTION_MESSAGES: dict[str, str] = {
    MISSING_DOCTYPE: "no DOCTYPE before the first content (quirks mode)",
    UNKNOWN_DOCTYPE: "DOCTYPE other than <!DOCTYPE html>",
    UNEXPECTED_DOCTYPE: "DOCTYPE not at the start of the document (ignored)",
    UNEXPECTED_START_TAG: "start tag not allowed here",
    UNEXPECTED_END_TAG: "end tag not allowed here, or with no open element to close",
    UNEXPECTED_CHARACTER: "text where only whitespace is allowed",
    FOSTER_PARENTED_TEXT: "text inside a table moved before the table",
    UNEXPECTED_EOF: "end of input with elements still open",
    MISNESTED_TAG: "misnested formatting tags (adoption agency)",
    UNEXPECTED_HTML_IN_FOREIGN_CONTENT: "HTML start tag inside SVG or MathML closes it",
}

TOKENIZER_CODES = frozenset(TOKENIZER_MESSAGES)
# The rows the processing instruction states added to the table in 2026-06
# (whatwg/html 320c05f6); the spec copies in ../shared/spec predate them.
PROCESSING_INSTRUCTION_CODES = frozenset(
    {
        "disallowed-processing-instruction-target",
        "eof-in-processing-instruction",
        "invalid-first-character-of-processing-instruction-target",
        "invalid-processing-instruction-target",
    }
)
TREE_CONSTRUCTION_CODES = frozenset(TREE_CONSTRUCTION_MESSAGES) | {UNEXPECTED_NULL, NON_VOID_SELF_CLOSING}

MESSAGES: dict[str, str] = {**TOKENIZER_MESSAGES, **TREE_CONSTRUCTION_MESSAGES}


def message_for(code: str) -> str:
    """The short message for ``code``; an unknown code (a future one) gets
    a generic message rather than an exception."""
    return MESSAGES.get(code, "parse error")
