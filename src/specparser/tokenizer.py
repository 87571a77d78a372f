"""The tokenizer: https://html.spec.whatwg.org/#tokenization

The state machine of the spec, pushed into a :class:`~specparser.tokens.TokenSink`.

How it is built for speed while staying the spec's state machine:

* Each spec state is a method named after it (``tag_open_state`` ...); the
  driver loop dispatches on ``self.state`` through a list.  A state method
  may consume a whole *run* of characters that the spec would consume one at
  a time in the same state with the same effect (text up to the next ``<``,
  an attribute value up to its quote ...), using compiled regexes and
  ``str.find``.
* The data state has a fast path for the common, well-formed constructs
  (a start or end tag whose attributes need no error and no fix-up, a plain
  comment).  Whenever the fast path is unsure it hands the construct to the
  state machine, which owns every error and edge case.  Both paths are
  checked against each other by the tests (``fast_paths=False``).
* Character references are one procedure,
  :meth:`Tokenizer.consume_character_reference`, covering the character
  reference, named, ambiguous ampersand and numeric states.
* Errors are only recorded when an ``errors`` list is given; offsets index
  the preprocessed text and line/column are computed lazily.

The tokenizer never reads past the ``>`` of a start tag before the sink's
``start_tag`` returns, so the sink can switch ``state`` (RCDATA after
``<title>`` ...).
"""

from __future__ import annotations

from typing import Final, cast

import re
import sys

from ._arguments import check_flag, check_optional_str
from ._compiled import COMPILED
from .charrefs import (
    LONGEST_WITHOUT_SEMICOLON,
    NAMED_WITH_SEMICOLON,
    NAMED_WITHOUT_SEMICOLON,
    NUMERIC_REPLACEMENTS,
    is_control_reference_error,
    is_noncharacter,
)
from .errors import LineIndex, ParseError
from .infra import ascii_lowercase
from .inputstream import input_stream_errors, preprocess
from .tokens import (
    CDATA_SECTION_STATE,
    DATA_STATE,
    PLAINTEXT_STATE,
    RAWTEXT_STATE,
    RCDATA_STATE,
    SCRIPT_DATA_STATE,
    Doctype,
    EndTag,
    IgnoringSink,
    StartTag,
    TokenSink,
)

__all__ = ["Tokenizer", "tokenize"]

# What a finished tokenizer's sink becomes, so that it keeps the parser's
# sink (and its tree) alive no longer.
_DROPPED_SINK: Final = IgnoringSink()

# -- internal states (the public ones, 0-5, live in tokens.py) ------------
TAG_OPEN_STATE: Final = 6
END_TAG_OPEN_STATE: Final = 7
TAG_NAME_STATE: Final = 8
RCDATA_LESS_THAN_SIGN_STATE: Final = 9
RCDATA_END_TAG_OPEN_STATE: Final = 10
RAWTEXT_LESS_THAN_SIGN_STATE: Final = 11
RAWTEXT_END_TAG_OPEN_STATE: Final = 12
SCRIPT_DATA_LESS_THAN_SIGN_STATE: Final = 13
SCRIPT_DATA_END_TAG_OPEN_STATE: Final = 14
SCRIPT_DATA_ESCAPE_START_STATE: Final = 15
SCRIPT_DATA_ESCAPE_START_DASH_STATE: Final = 16
SCRIPT_DATA_ESCAPED_STATE: Final = 17
SCRIPT_DATA_ESCAPED_DASH_STATE: Final = 18
SCRIPT_DATA_ESCAPED_DASH_DASH_STATE: Final = 19
SCRIPT_DATA_ESCAPED_LESS_THAN_SIGN_STATE: Final = 20
SCRIPT_DATA_ESCAPED_END_TAG_OPEN_STATE: Final = 21
SCRIPT_DATA_DOUBLE_ESCAPE_START_STATE: Final = 22
SCRIPT_DATA_DOUBLE_ESCAPED_STATE: Final = 23
SCRIPT_DATA_DOUBLE_ESCAPED_DASH_STATE: Final = 24
SCRIPT_DATA_DOUBLE_ESCAPED_DASH_DASH_STATE: Final = 25
SCRIPT_DATA_DOUBLE_ESCAPED_LESS_THAN_SIGN_STATE: Final = 26
SCRIPT_DATA_DOUBLE_ESCAPE_END_STATE: Final = 27
BEFORE_ATTRIBUTE_NAME_STATE: Final = 28
ATTRIBUTE_NAME_STATE: Final = 29
AFTER_ATTRIBUTE_NAME_STATE: Final = 30
BEFORE_ATTRIBUTE_VALUE_STATE: Final = 31
ATTRIBUTE_VALUE_DOUBLE_QUOTED_STATE: Final = 32
ATTRIBUTE_VALUE_SINGLE_QUOTED_STATE: Final = 33
ATTRIBUTE_VALUE_UNQUOTED_STATE: Final = 34
AFTER_ATTRIBUTE_VALUE_QUOTED_STATE: Final = 35
SELF_CLOSING_START_TAG_STATE: Final = 36
BOGUS_COMMENT_STATE: Final = 37
MARKUP_DECLARATION_OPEN_STATE: Final = 38
COMMENT_START_STATE: Final = 39
COMMENT_START_DASH_STATE: Final = 40
COMMENT_STATE: Final = 41
COMMENT_LESS_THAN_SIGN_STATE: Final = 42
COMMENT_LESS_THAN_SIGN_BANG_STATE: Final = 43
COMMENT_LESS_THAN_SIGN_BANG_DASH_STATE: Final = 44
COMMENT_LESS_THAN_SIGN_BANG_DASH_DASH_STATE: Final = 45
COMMENT_END_DASH_STATE: Final = 46
COMMENT_END_STATE: Final = 47
COMMENT_END_BANG_STATE: Final = 48
DOCTYPE_STATE: Final = 49
BEFORE_DOCTYPE_NAME_STATE: Final = 50
DOCTYPE_NAME_STATE: Final = 51
AFTER_DOCTYPE_NAME_STATE: Final = 52
AFTER_DOCTYPE_PUBLIC_KEYWORD_STATE: Final = 53
BEFORE_DOCTYPE_PUBLIC_IDENTIFIER_STATE: Final = 54
DOCTYPE_PUBLIC_IDENTIFIER_DOUBLE_QUOTED_STATE: Final = 55
DOCTYPE_PUBLIC_IDENTIFIER_SINGLE_QUOTED_STATE: Final = 56
AFTER_DOCTYPE_PUBLIC_IDENTIFIER_STATE: Final = 57
BETWEEN_DOCTYPE_PUBLIC_AND_SYSTEM_IDENTIFIERS_STATE: Final = 58
AFTER_DOCTYPE_SYSTEM_KEYWORD_STATE: Final = 59
BEFORE_DOCTYPE_SYSTEM_IDENTIFIER_STATE: Final = 60
DOCTYPE_SYSTEM_IDENTIFIER_DOUBLE_QUOTED_STATE: Final = 61
DOCTYPE_SYSTEM_IDENTIFIER_SINGLE_QUOTED_STATE: Final = 62
AFTER_DOCTYPE_SYSTEM_IDENTIFIER_STATE: Final = 63
BOGUS_DOCTYPE_STATE: Final = 64
# https://html.spec.whatwg.org/#processing-instruction-open-state and the
# four states after it (13.2.5.72-76, added 2026-06).
PROCESSING_INSTRUCTION_OPEN_STATE: Final = 65
PROCESSING_INSTRUCTION_TARGET_STATE: Final = 66
AFTER_PROCESSING_INSTRUCTION_TARGET_STATE: Final = 67
PROCESSING_INSTRUCTION_DATA_STATE: Final = 68
PROCESSING_INSTRUCTION_QUESTIONABLE_STATE: Final = 69
# Not a spec state: the data state again, on input the tokenizer was just
# given by change_to_the_new_converter (a state function's local copy of
# the old text must not be used any further).
NEW_INPUT_STATE: Final = 70
_STATE_COUNT: Final = 71

# -- character classes ------------------------------------------------------
_WHITESPACE: Final = frozenset("\t\n\f ")  # the tokenizer's whitespace (no CR after preprocessing)
_ASCII_ALPHA: Final = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
_ASCII_ALPHANUMERIC: Final = _ASCII_ALPHA | frozenset("0123456789")
# Lower-case ASCII letters only, as the spec's "ASCII upper alpha" entries
# do (str.lower would also fold non-ASCII letters).
_ascii_lower = ascii_lowercase


# -- runs: what a state consumes without changing state ----------------------
_DATA_STOP: Final = re.compile(r"[&<\x00]")
# What ends a run in the RCDATA, RAWTEXT and script data states (with the
# fast paths on), found by _find_first, besides U+0000 (see Tokenizer._text_run).
_RCDATA_STOP: Final = ("</", "&")
_RAWTEXT_STOP: Final = ("</",)
_SCRIPT_STOP: Final = ("</", "<!--")
_NUL: Final = ("\x00",)
_LESS_THAN_OR_NUL: Final = re.compile(r"[<\x00]")


def _class(chars: str, negated: bool = False) -> str:
    """A regex character class of exactly ``chars`` (or all but them)."""
    return "[" + ("^" if negated else "") + "".join(re.escape(c) for c in chars) + "]"


# https://html.spec.whatwg.org/#tag-name-state as a table: whitespace, "/"
# and ">" end the name, NUL is an error (U+FFFD in the name), every other
# character is part of it (lower-cased).  The state's run and the fast
# path's names are built from it.
_TAG_NAME_ENDS: Final = "\t\n\f />"
_TAG_NAME_RUN: Final = re.compile(_class(_TAG_NAME_ENDS + "\x00", negated=True) + "+")

# https://html.spec.whatwg.org/#attribute-name-state as a table: the
# characters that end the name (whitespace, "/", ">" to the after attribute
# name state, "=" to the before attribute value state), NUL (an error,
# U+FFFD in the name) and " ' < (an error, kept in the name); every other
# character is part of the name (lower-cased).  The state method, the fast
# path's attribute pattern and its error check below are built from it.
_ATTRIBUTE_NAME_ENDS: Final = "\t\n\f />="
_ATTRIBUTE_NAME_ERRORS: Final = "\"'<"
_ATTRIBUTE_NAME_RUN: Final = re.compile(_class(_ATTRIBUTE_NAME_ENDS + "\x00" + _ATTRIBUTE_NAME_ERRORS, negated=True) + "+")
_DOUBLE_QUOTED_RUN: Final = re.compile(r'[^"&\x00]+')
_SINGLE_QUOTED_RUN: Final = re.compile(r"[^'&\x00]+")
_UNQUOTED_RUN: Final = re.compile(r"[^\t\n\f &>\x00\"'<=`]+")
_WHITESPACE_RUN: Final = re.compile(r"[\t\n\f ]*")
_ASCII_ALPHA_RUN: Final = re.compile(r"[a-zA-Z]+")
_ASCII_ALPHANUMERIC_RUN: Final = re.compile(r"[a-zA-Z0-9]+")
_DECIMAL_RUN: Final = re.compile(r"[0-9]+")
_HEX_RUN: Final = re.compile(r"[0-9a-fA-F]+")
_COMMENT_RUN: Final = re.compile(r"[^<\-\x00]+")
_BOGUS_COMMENT_RUN: Final = re.compile(r"[^>\x00]+")
_SCRIPT_ESCAPED_RUN: Final = re.compile(r"[^\-<\x00]+")
_DOCTYPE_NAME_RUN: Final = re.compile(r"[^\t\n\f >\x00]+")
_DOUBLE_QUOTED_ID_RUN: Final = re.compile(r'[^">\x00]+')
_SINGLE_QUOTED_ID_RUN: Final = re.compile(r"[^'>\x00]+")
_BOGUS_DOCTYPE_RUN: Final = re.compile(r"[^>\x00]+")
# What the processing instruction target state appends (ASCII alphanumeric,
# "-", "_") and what the data state appends (anything but "?" and ">").
_PI_TARGET_RUN: Final = re.compile(r"[a-zA-Z0-9_\-]+")
_PI_DATA_RUN: Final = re.compile(r"[^?>]+")
# Targets the processing instruction target state refuses (compared ASCII
# case-insensitively).
_DISALLOWED_PI_TARGETS: Final = frozenset({"xml", "xml-stylesheet"})

# -- fast path for well-formed tags in the data state ------------------------
# A tag name runs, as in https://html.spec.whatwg.org/#tag-name-state, to
# whitespace, "/" or ">"; an attribute name, as in
# https://html.spec.whatwg.org/#attribute-name-state, to whitespace, "/",
# ">" or "=" (it cannot begin with "=": before-attribute-name-state's
# error).  Names are lower-cased by _ascii_lower.  NUL (an error with a
# replacement), a character reference in an unquoted value, a missing
# whitespace, a "/" not followed by ">", EOF ... go through the state
# machine, which owns every such case.  The characters " ' < in an
# attribute name are taken into it as the state does, each with an
# unexpected-character-in-attribute-name error that _attribute_errors
# reports from its offset.
#
# An unquoted value runs, as in
# https://html.spec.whatwg.org/#attribute-value-(unquoted)-state, to
# whitespace or ">" (a "/" is part of it); it may not begin with a quote
# (that would be a quoted value) or ">" (missing-attribute-value), and "&"
# (a character reference) and NUL are left to the states.  The characters
# " ' < = ` are taken into the value as the state does, each with an
# unexpected-character-in-unquoted-attribute-value error that
# _attribute_errors reports from its offset: escaped JSON markup
# outside scripts (``<tabItem poradi=\"1.\" skore=\"3:2\"\/>``) is full of
# them, and one state per character class cost ~8 us a tag.
_FAST_NAME: Final = r"[a-zA-Z]" + _class(_TAG_NAME_ENDS + "\x00", negated=True) + "*"
_FAST_ATTRIBUTE_TEMPLATE: Final = (
    r"[\t\n\f ]+({o}" + _class(_ATTRIBUTE_NAME_ENDS + "\x00", negated=True) + "+)"
    r"(?:[\t\n\f ]*=[\t\n\f ]*"
    r"(?:\"({o}[^\"\x00]*)\"|'({o}[^'\x00]*)'|({o}[^\t\n\f \"'&>\x00][^\t\n\f &>\x00]*)))?"
)
# The characters that are errors in an attribute name / an unquoted value,
# but kept in it.
_ATTRIBUTE_NAME_ERROR: Final = re.compile(_class(_ATTRIBUTE_NAME_ERRORS))
_UNQUOTED_VALUE_ERROR: Final = re.compile(r"[\"'<=`]")
# One attribute with its name and value captured (groups 1; 2, 3 or 4).
_FAST_ATTRIBUTE: Final = re.compile(_FAST_ATTRIBUTE_TEMPLATE.format(o=""))
# A whole start tag: name, the attributes' source, "/" if self-closing.
_FAST_START_TAG: Final = re.compile(
    r"<(" + _FAST_NAME + r")((?:" + _FAST_ATTRIBUTE_TEMPLATE.format(o="?:") + r")*)[\t\n\f ]*(/?)>"
)
# The common case, ~98% of the corpus's start tags: every attribute is
# lower-case (_PLAIN_ATTRIBUTE_NAME: characters the attribute name state
# takes as they are, with no error and nothing to lower-case) and double-quoted (``<a href="..." class="...">``).  Its
# attributes come out of findall as (name, value) pairs that dict() takes
# as they are, with no lower-casing and no choosing among value groups
# (~10% faster on the start tags than the general form above).  The
# values are scanned with [^"]*, which the regex engine runs as a tight
# "not this one character" loop (a class of two, [^"\x00], goes through its
# general class test: ~25% slower on these tags); a NUL in a value is
# checked for afterwards (most values are ASCII, searched by memchr).
#
# Each repetition in these two patterns is followed by a character it cannot
# match itself, so giving characters back can never lead to a match: where
# the regex engine has possessive quantifiers (Python 3.11+) they are used,
# and it keeps no backtracking state for them (~15% faster matching).
_P: Final = "+" if sys.version_info >= (3, 11) else ""
_PLAIN_ATTRIBUTE_NAME: Final = r"[a-z_:@][a-z0-9_:.\-@]*"
_PLAIN_ATTRIBUTE_TEMPLATE: Final = r'[\t\n\f ]+{p}({o}' + _PLAIN_ATTRIBUTE_NAME + r'{p})="({o}[^"]*{p})"'
_PLAIN_ATTRIBUTE: Final = re.compile(_PLAIN_ATTRIBUTE_TEMPLATE.format(o="", p=_P))
# The data state's step (see Tokenizer.data_state): the text up to the next
# "<" (group 1), then, if one follows, a plain end tag (2 name) or start tag
# (3 name; 4 and 5 the first attribute's name and value, 6 and 7 the
# second's, 8 and 9 the third's, 10 the source of the others; 11 "/" if
# self-closing, else None, told by ``is not None`` rather than a string
# comparison).  Names are lower-case already (upper-case letters go the
# general way).  Nearly half the start tags have exactly one attribute, a
# fifth two and a fifteenth three, which then need no second scan (findall,
# and a dict.update of its pairs: ~4k instructions a tag).  The optional
# parts are written as alternations with an empty branch, ``(?:...|)`` and
# ``(?:(/)|)``, not ``(?:...)?`` and ``(/?)``: the regex engine runs a "?" on
# a group through its general repeat machinery at every match (~6% more
# instructions matching the corpus; ~2% for the "/"); the end tag comes
# first, its "/" refusing the branch at once (~1% fewer again).
#
# The data state takes the matches from the pattern's scanner object, each
# ``match`` anchored where the last one ended, not from ``finditer``, whose
# ``search`` would try the next positions when a match fails (this pattern
# never fails: everything after the text is optional): ~0.4% fewer
# instructions for the tokenizer.  It leaves the loop after a match without
# a tag, so the scanner's rule for going on after an empty match never
# comes into play.
_LOWER_NAME: Final = r"[a-z][a-z0-9:_.\-]*" + _P
_DATA_TOKEN: Final = re.compile(
    r"([^<]*" + _P + r")(?:<(?:/(" + _LOWER_NAME + r")[\t\n\f ]*" + _P + r">|(" + _LOWER_NAME + r")(?:"
    + _PLAIN_ATTRIBUTE_TEMPLATE.format(o="", p=_P)
    + r"(?:" + _PLAIN_ATTRIBUTE_TEMPLATE.format(o="", p=_P)
    + r"(?:" + _PLAIN_ATTRIBUTE_TEMPLATE.format(o="", p=_P)
    + r"((?:" + _PLAIN_ATTRIBUTE_TEMPLATE.format(o="?:", p=_P) + r")*" + _P + r")|)|)|)"
    r"[\t\n\f ]*" + _P + r"(?:(/)|)>)|)"
)
_FAST_END_TAG: Final = re.compile(r"</(" + _FAST_NAME + r")[\t\n\f ]*>")
_FAST_TAG_END: Final = re.compile(r"[\t\n\f ]*(/?)>")
_FAST_START_TAG_NAME: Final = re.compile(r"<(" + _FAST_NAME + r")")
# A named character reference that ends with ";" (see Tokenizer._decode_references).
_NAMED_REFERENCE_WITH_SEMICOLON: Final = re.compile(r"&([a-zA-Z][a-zA-Z0-9]*;)")


def _decode_known_named_references(value: str) -> str | None:
    """``value`` with its character references decoded when every ``&``
    begins a known name ending with ``;`` (``&amp;`` in URLs, ``&rsquo;``
    in prose): such a reference is matched alike in the data state and the
    attribute value states and is no parse error, so no offset is needed.
    None when some reference needs the states."""
    # &amp; (in URLs) and &quot; (in JSON held by attributes) are three
    # quarters of the corpus's values and runs with references: when they
    # are all there is, str.replace decodes them without subn's Python call
    # per reference.  &amp; goes last: the "&" it leaves begins nothing.
    references = value.count("&")
    amp = value.count("&amp;")
    if amp == references:
        return value.replace("&amp;", "&")
    if amp + value.count("&quot;") == references:
        return value.replace("&quot;", '"').replace("&amp;", "&")
    try:
        decoded, count = _NAMED_REFERENCE_WITH_SEMICOLON.subn(_named_reference_value, value)
    except KeyError:
        return None
    return decoded if count == references else None


def _decode_named_references(attrs: dict[str, str]) -> bool:
    """Decode, in place, the character references in ``attrs``' values when
    :func:`_decode_known_named_references` can; False (``attrs`` partly
    decoded, to be dropped) when some reference needs the states."""
    for key, value in attrs.items():
        if "&" in value:
            decoded = _decode_known_named_references(value)
            if decoded is None:
                return False
            attrs[key] = decoded
    return True


def _named_reference_value(match: re.Match) -> str:
    """The table's code points for a reference found by
    _NAMED_REFERENCE_WITH_SEMICOLON; KeyError when the name is unknown."""
    return NAMED_WITH_SEMICOLON[match.group(1)]


def _unique_attributes(pairs: list) -> dict | None:
    """``dict(pairs)`` (attribute name -> value), or None when a name
    repeats.  The duplicate-attribute rule (an error, the later attribute
    dropped) is the attribute name state's
    (:meth:`Tokenizer._leave_attribute_name`): the fast paths hand a tag
    with a repeated name to the state machine."""
    attrs = dict(pairs)
    return attrs if len(attrs) == len(pairs) else None


def _has_error_characters(found: list[tuple[str, str, str, str]]) -> bool:
    """Whether some name or unquoted value among _FAST_ATTRIBUTE's ``found``
    (name, double-quoted, single-quoted, unquoted) holds a character that is
    an error there (see Tokenizer._attribute_errors)."""
    name_error = _ATTRIBUTE_NAME_ERROR.search
    value_error = _UNQUOTED_VALUE_ERROR.search
    return any(name_error(name) or (unquoted and value_error(unquoted)) for name, _, _, unquoted in found)


# Where a comment that opened normally ends (see Tokenizer._fast_comment).
_COMMENT_CLOSE: Final = re.compile(r"--!?>")


# What the tokenizer calls on its sink (TokenSink).
_SINK_METHODS: Final = (
    "characters", "start_tag", "end_tag", "comment", "processing_instruction", "doctype", "eof", "cdata_allowed",
)


class Tokenizer:
    """The HTML tokenizer.

    ``text`` is the raw input; it is preprocessed (newlines normalized) and
    kept as :attr:`text`.  Tokens are pushed into ``sink``.  With an
    ``errors`` list, :class:`~specparser.errors.ParseError` records are
    appended to it in the order the spec meets them; without one no error
    work is done.

    ``fast_paths=False`` runs every character through the state machine (for
    testing the fast paths against it).
    """

    __slots__ = (
        "text",
        "_sink",
        "_to",
        "errors",
        "state",
        "last_start_tag",
        "pos",
        "_n",
        "_running",
        "_fast",
        "_index",
        "_input_errors",
        "_next_input_error",
        "_next_stop",
        # the current tag token
        "_tag_is_end",
        "_tag_name",
        "_tag_pos",
        "_attrs",
        "_attr_name",
        "_attr_parts",
        "_self_closing",
        # the temporary buffer, the comment and DOCTYPE tokens
        "_temp",
        "_comment_parts",
        "_comment_pos",
        "_doctype",
        # the processing instruction token (its target; data parts)
        "_pi_target",
        "_pi_parts",
        # the tag tokens the fast paths fill in again for a borrowing sink
        "_start_token",
        "_end_token",
        "_nul_free",
    )

    def __init__(
        self,
        text: str | object,
        sink: TokenSink,
        *,
        errors: list[ParseError] | None | object = None,
        fast_paths: bool | object = True,
    ) -> None:
        # ``text: str`` is what the tokenizer takes; the wider annotations
        # (here and in tokenize()) are for the compiled build, where mypyc
        # checks every annotated argument before the body runs, so that
        # these checks, not mypyc's, answer a wrong argument.
        if not isinstance(text, str):
            raise TypeError(f"Tokenizer input must be a str, not {type(text).__name__}")
        if errors is not None and not isinstance(errors, list):
            raise TypeError(f"errors must be a list or None, not {type(errors).__name__}")
        fast = check_flag(fast_paths, "Tokenizer()", "fast_paths")
        # A sink may leave out the methods for tokens its input never has
        # (a PI, a DOCTYPE); one with none of them is not a sink at all.
        if not any(callable(getattr(sink, name, None)) for name in _SINK_METHODS):
            raise TypeError(
                f"Tokenizer(): sink must be a TokenSink (with {', '.join(_SINK_METHODS)}), "
                f"not {type(sink).__name__}"
            )
        text = self._take_input(text)
        self.sink = sink
        self.errors = errors
        self.state = DATA_STATE
        self.last_start_tag: str | None = None
        self.pos = 0
        self._running = False
        self._fast = fast
        self._index = LineIndex(text) if errors is not None else None
        # Input stream errors (surrogates, noncharacters, controls), pending
        # in reverse order so the next one is popped from the end; they are
        # merged into ``errors`` by offset as the tokenizer passes them.
        if errors is not None:
            pending = input_stream_errors(text)
            pending.reverse()
            self._input_errors = pending
            self._next_input_error = pending[-1][0] if pending else sys.maxsize
        else:
            self._input_errors = []
            self._next_input_error = sys.maxsize
        self._tag_is_end = False
        self._tag_name = ""
        self._tag_pos = 0
        self._attrs: dict[str, str] = {}
        self._attr_name = ""
        self._attr_parts: list[str] | None = None
        self._self_closing = False
        self._temp = ""
        self._comment_parts: list[str] = []
        self._comment_pos = 0
        self._doctype: Doctype | None = None
        self._pi_target = ""
        self._pi_parts: list[str] = []
        # A sink that only borrows tag tokens (TokenSink.borrows_tags) gets
        # the same two objects again and again from the fast paths: making
        # a slotted object costs more than filling one in.
        if getattr(sink, "borrows_tags", False):
            self._start_token: StartTag | None = StartTag("", {})
            self._end_token: EndTag | None = EndTag("")
        else:
            self._start_token = self._end_token = None

    @property
    def sink(self) -> TokenSink:
        """The sink the tokens go to."""
        return self._sink

    @sink.setter
    def sink(self, sink: TokenSink) -> None:
        self._sink = sink
        # What the tokenizer calls: the sink itself, except in the compiled
        # build for a sink that is no IgnoringSink (a compiled class, whose
        # methods it calls natively, as the tree constructor's): a compiled
        # forwarder to it then.
        self._to = (
            _ForwardingSink(sink) if COMPILED and not isinstance(sink, IgnoringSink) else cast(IgnoringSink, sink)
        )

    # -- driver ------------------------------------------------------------

    def run(self) -> None:
        """Tokenize to the end of the input; the last call is ``sink.eof``.

        Then the tokenizer lets go of its sink: a tree constructor refers
        back to its tokenizer, and without this the whole parse state (the
        constructor's records, the builder's indexes, the input text) would
        wait for the cyclic garbage collector instead of going as soon as
        the caller drops the parser.  (The state table holds plain
        functions, not bound methods, for the same reason.)"""
        self._running = True
        states = _STATE_FUNCTIONS
        while self._running:
            states[self.state](self)
        self.sink = _DROPPED_SINK

    def change_to_the_new_converter(self, text: str) -> None:
        """Go on tokenizing ``text`` (raw, preprocessed here) from
        :attr:`pos`: the on-the-fly encoding change of
        https://html.spec.whatwg.org/#changing-the-encoding-while-parsing
        step 5.  The caller (tree construction, for a ``<meta>`` start tag
        just emitted) guarantees that the preprocessed ``text`` begins with
        the same :attr:`pos` characters as the current text, so every offset
        handed out so far stays valid.  The tokenizer must be between tokens
        in the data state, as it is while the sink handles a start tag."""
        text = self._take_input(text)
        if self.errors is not None:
            self._index = LineIndex(text)
            pos = self.pos
            pending = [error for error in input_stream_errors(text) if error[0] >= pos]
            pending.reverse()
            self._input_errors = pending
            self._next_input_error = pending[-1][0] if pending else sys.maxsize
        # The state function that emitted the tag holds the old text in a
        # local: make it return (it checks the state after each tag).
        self.state = NEW_INPUT_STATE

    def _take_input(self, text: str) -> str:
        """Preprocess ``text`` and make it the input; returns it."""
        text = preprocess(text)
        self.text = text
        self._n = len(text)
        # No U+0000 met yet by the text states (see _text_run).  The input is
        # not searched for one here: in text stored two bytes a character
        # (most pages: one character past U+00FF is enough) str.find cannot
        # use memchr for U+0000 and walks the text a character at a time
        # (~5 instructions each, ~1.7% of a whole parse), where the pieces
        # the fast paths take out of it (attribute values, comments, script
        # and style bodies; text runs only while errors are collected) are
        # mostly ASCII, stored a byte a character, and searched by memchr.
        self._nul_free = True
        # needle -> offset of its next occurrence (see _find_first).
        self._next_stop: dict[str, int] = {}
        return text

    def new_input_state(self) -> None:
        """See :data:`NEW_INPUT_STATE`."""
        self.state = DATA_STATE

    # -- errors ------------------------------------------------------------

    def _error(self, code: str, offset: int) -> None:
        errors = self.errors
        if errors is None:
            return
        if self._next_input_error <= offset:
            self._flush_input_errors(offset)
        errors.append(ParseError(code, offset, self._index))

    def _flush_input_errors(self, upto: int) -> None:
        """Append the pending input stream errors at offsets <= ``upto``: at
        the same offset, the input stream error comes first (the character
        is in the stream before a state looks at it)."""
        pending = self._input_errors
        errors = self.errors
        index = self._index
        while pending and pending[-1][0] <= upto:
            offset, code = pending.pop()
            errors.append(ParseError(code, offset, index))  # type: ignore[union-attr]
        self._next_input_error = pending[-1][0] if pending else sys.maxsize

    # -- emitting ------------------------------------------------------------

    def _emit_characters(self, data: str, pos: int) -> None:
        if self._next_input_error < pos + len(data):
            self._flush_input_errors(pos + len(data) - 1)
        self._to.characters(data, pos)

    def _emit_eof(self) -> None:
        n = self._n
        if self._next_input_error <= n:
            self._flush_input_errors(n)
        self._running = False
        self.pos = n
        self._to.eof(n)

    def _emit_comment(self, end: int) -> None:
        if self._next_input_error < end:
            self._flush_input_errors(end - 1)
        self._to.comment("".join(self._comment_parts), self._comment_pos)

    def _emit_processing_instruction(self, end: int) -> None:
        """Emit the current processing instruction token (its ``<`` is at
        ``_comment_pos``); ``end`` is the offset after its ``>``."""
        if self._next_input_error < end:
            self._flush_input_errors(end - 1)
        self._to.processing_instruction(self._pi_target, "".join(self._pi_parts), self._comment_pos)

    def _emit_doctype(self, end: int) -> None:
        if self._next_input_error < end:
            self._flush_input_errors(end - 1)
        self._to.doctype(self._doctype)  # type: ignore[arg-type]

    def _new_tag(self, is_end: bool, pos: int) -> None:
        """Create a new start or end tag token whose ``<`` is at ``pos``."""
        self._tag_is_end = is_end
        self._tag_name = ""
        self._tag_pos = pos
        self._attrs = {}
        self._attr_parts = None
        self._self_closing = False

    def _emit_tag(self, end: int) -> None:
        """Emit the current tag token; ``end`` is the offset after its ``>``.
        Switches to the data state *before* the sink sees the token so that
        the sink can switch it again."""
        self._commit_attribute()
        self.state = DATA_STATE
        self.pos = end
        if self._next_input_error < end:
            self._flush_input_errors(end - 1)
        if self._tag_is_end:
            # https://html.spec.whatwg.org/#tokenization: an end tag token
            # emitted with attributes / with its self-closing flag set.
            if self._attrs:
                self._error("end-tag-with-attributes", end - 1)
            if self._self_closing:
                self._error("end-tag-with-trailing-solidus", end - 1)
            self._to.end_tag(EndTag(self._tag_name, self._tag_pos, end))
        else:
            name = self._tag_name
            self.last_start_tag = name
            self._to.start_tag(StartTag(name, self._attrs, self._self_closing, self._tag_pos, end))

    # -- attributes ------------------------------------------------------------

    def _start_attribute(self, name: str) -> None:
        """Start a new attribute in the current tag token."""
        self._commit_attribute()
        self._attr_name = name

    def _leave_attribute_name(self, offset: int) -> None:
        """https://html.spec.whatwg.org/#attribute-name-state: "When the user
        agent leaves the attribute name state": a duplicate name is a
        duplicate-attribute error and the attribute is dropped."""
        name = self._attr_name
        if name in self._attrs:
            self._error("duplicate-attribute", offset)
            self._attr_parts = None
        else:
            self._attrs[name] = ""
            self._attr_parts = []

    def _commit_attribute(self) -> None:
        parts = self._attr_parts
        if parts:
            self._attrs[self._attr_name] = "".join(parts)
        self._attr_parts = None

    def _append_to_value(self, data: str) -> None:
        parts = self._attr_parts
        if parts is not None:
            parts.append(data)

    def _find_first(self, pos: int, needles: tuple[str, ...]) -> int:
        """The offset of the first occurrence from ``pos`` of any of
        ``needles`` (the ends of a run in RCDATA, RAWTEXT, script data), or
        -1.  ``str.find`` is several times faster than a regex search for
        the alternatives on scripts and style sheets.

        The first needle (``</``, which ends every such run but the last)
        is searched for ahead and its next occurrence remembered, to be
        looked for again only once the tokenizer has passed it (its
        position only moves forward); the others only in the text before
        it: a needle that is rare or absent (``<!--`` in scripts) is not
        searched for to the end of the text at every run, and each stretch
        of text is searched once: the work stays linear.  ``</`` is found
        by its ``<``: str.find of one character uses memchr, also in text
        stored two bytes a character, and scripts and style sheets have few
        ``<`` (str.find of ``</`` looks at every character of them)."""
        text = self.text
        n = self._n
        needle = needles[0]
        stops = self._next_stop
        first = stops.get(needle, -1)
        if first < pos:
            first = text.find(needle[0], pos)
            while first != -1 and not text.startswith(needle, first):
                first = text.find(needle[0], first + 1)
            if first == -1:
                first = n
            stops[needle] = first
        for other in needles[1:]:
            at = text.find(other[0], pos, first)
            while at != -1 and not text.startswith(other, at):
                at = text.find(other[0], at + 1, first)
            if at != -1:
                first = at
        return first if first < n else -1

    def _text_run(self, pos: int, needles: tuple[str, ...]) -> tuple[str, int]:
        """The text from ``pos`` up to the first of ``needles`` or U+0000
        (a run of the RCDATA, RAWTEXT or script data state, fast paths on),
        and the offset of what ended it (-1: the end of the input).

        Most documents have no U+0000: it is looked for in the run taken
        out of the text (usually ASCII, which memchr searches), not in the
        text.  Once one is met, it is one more needle of :meth:`_find_first`
        (one search of the text from there: each run is not copied again
        after every U+0000 in it, which would be quadratic)."""
        text = self.text
        i = self._find_first(pos, needles)
        if self._nul_free:
            run = text[pos:] if i == -1 else text[pos:i]
            nul = run.find("\x00")
            if nul == -1:
                return run, i
            self._nul_free = False
            return run[:nul], pos + nul
        nul = self._find_first(pos, _NUL)
        if nul != -1 and (i == -1 or nul < i):
            i = nul
        return (text[pos:] if i == -1 else text[pos:i]), i

    # -- character references ------------------------------------------------

    def consume_character_reference(self, amp: int, in_attribute: bool) -> tuple[str, int]:
        """The character reference state and the states it leads to
        (https://html.spec.whatwg.org/#character-reference-state, named,
        ambiguous ampersand, numeric ...), for the ``&`` at offset ``amp``.

        Returns the code points to flush (to the attribute value or as
        character tokens) and the offset where the return state resumes.
        """
        text = self.text
        nxt = amp + 1
        c = text[nxt : nxt + 1]
        if c == "#":
            return self._numeric_character_reference(amp, in_attribute)
        if not c or c not in _ASCII_ALPHANUMERIC:
            # "Anything else": flush the "&", reconsume in the return state.
            return "&", nxt
        # https://html.spec.whatwg.org/#named-character-reference-state
        run = _ASCII_ALPHANUMERIC_RUN.match(text, nxt)
        name = run.group()  # type: ignore[union-attr]
        end = run.end()  # type: ignore[union-attr]
        if text.startswith(";", end):
            value = NAMED_WITH_SEMICOLON.get(name + ";")
            if value is not None:
                return value, end + 1
        # Longest legacy (semicolon-less) name that is a prefix of the run.
        for k in range(min(len(name), LONGEST_WITHOUT_SEMICOLON), 0, -1):
            value = NAMED_WITHOUT_SEMICOLON.get(name[:k])
            if value is not None:
                after = nxt + k
                if in_attribute:
                    follower = text[after : after + 1]
                    if follower and (follower == "=" or follower in _ASCII_ALPHANUMERIC):
                        # "for historical reasons": not a reference at all.
                        return text[amp:after], after
                self._error("missing-semicolon-after-character-reference", after)
                return value, after
        # https://html.spec.whatwg.org/#ambiguous-ampersand-state: the
        # alphanumerics are consumed as they are; a ";" after them is an error.
        if text.startswith(";", end):
            self._error("unknown-named-character-reference", end)
        return text[amp:end], end

    def _numeric_character_reference(self, amp: int, in_attribute: bool) -> tuple[str, int]:
        """https://html.spec.whatwg.org/#numeric-character-reference-state and
        the (hexadecimal|decimal) start, digit and end states."""
        text = self.text
        start = amp + 2
        if text[start : start + 1] in ("x", "X") and start < self._n:
            start += 1
            digits = _HEX_RUN.match(text, start)
            base = 16
        else:
            digits = _DECIMAL_RUN.match(text, start)
            base = 10
        if digits is None:
            self._error("absence-of-digits-in-numeric-character-reference", start)
            return text[amp:start], start
        end = digits.end()
        number_text = digits.group().lstrip("0")
        # More than 8 significant digits is past U+10FFFF in either base;
        # don't build huge integers out of hostile input.
        code = int(number_text, base) if len(number_text) <= 8 and number_text else 0
        if len(number_text) > 8:
            code = 0x110000
        if text.startswith(";", end):
            end += 1
        else:
            self._error("missing-semicolon-after-character-reference", end)
        # https://html.spec.whatwg.org/#numeric-character-reference-end-state
        if code == 0:
            self._error("null-character-reference", end)
            return "\ufffd", end
        if code > 0x10FFFF:
            self._error("character-reference-outside-unicode-range", end)
            return "\ufffd", end
        if 0xD800 <= code <= 0xDFFF:
            self._error("surrogate-character-reference", end)
            return "\ufffd", end
        if is_noncharacter(code):
            self._error("noncharacter-character-reference", end)
        elif is_control_reference_error(code):
            self._error("control-character-reference", end)
            replacement = NUMERIC_REPLACEMENTS.get(code)
            if replacement is not None:
                return replacement, end
        return chr(code), end

    # =======================================================================
    # The states.  ``self.pos`` is the offset of the next input character;
    # "reconsume" means switching state without moving it.
    # =======================================================================

    # -- text states -----------------------------------------------------------

    def data_state(self) -> None:
        """https://html.spec.whatwg.org/#data-state

        "Anything else" and U+0000 are emitted as character tokens, a run at
        a time up to the next ``<`` (:meth:`_data_text`, which also takes
        each ``&`` through the character reference state); ``<`` switches
        to the tag open state; EOF emits the end-of-file token.

        With the fast paths on, the scanner (:meth:`_scan_data`) first
        takes as many whole tokens as it can and stops at a ``<`` that the
        states must handle, or when it has emitted EOF or a tag has switched
        the state."""
        pos = self._scan_data() if self._fast else self.pos
        if pos < 0:
            return
        text = self.text
        lt = text.find("<", pos)
        end = self._n if lt < 0 else lt
        if end > pos:
            self._data_text(text[pos:end], pos)
        if lt < 0:
            self._emit_eof()
            return
        self.pos = lt + 1
        self.state = TAG_OPEN_STATE

    def _scan_data(self) -> int:
        """The data state's fast scanner (html5ever's shape): one match of
        :data:`_DATA_TOKEN` per token, from its scanner (~1.5% fewer
        instructions than a ``match`` call each), takes the text up to the
        next ``<`` (emitted whole unless it holds an ``&`` or a NUL:
        :meth:`_data_text`) and the plain start or end tag after it; other
        markup goes to :meth:`_scan_markup`.  Returns the offset of a ``<``
        the states must handle (the text before it emitted; ``_n``, where
        the input ends for it, at its end), or -1 when a start tag switched the state."""
        text = self.text
        pos = self.pos
        sink = self._to
        errors = self.errors
        scanner = _DATA_TOKEN.scanner  # type: ignore[attr-defined]  # CPython's, used by re.Scanner; not in typeshed
        find_plain_attributes = _PLAIN_ATTRIBUTE.findall
        emit_start = sink.start_tag
        emit_end = sink.end_tag
        start_token, end_token = self._start_token, self._end_token
        m: re.Match[str]  # (typed for the compiled build: groups() unpacked by index)
        while True:
            for m in iter(scanner(text, pos, self._n).match, None):  # always matches; "continue" while it takes tokens, else see below
                run, end_name, name, first, value, second, value2, third, value3, others, slash = m.groups()  # type: ignore[union-attr, unused-ignore]
                if run:
                    i = pos + len(run)
                    # A U+0000 is data as any other character: only its error needs _data_text.
                    if "&" in run or (errors is not None and "\x00" in run):
                        self._data_text(run, pos)
                    elif errors is None:
                        sink.characters(run, pos)
                    else:
                        self._emit_characters(run, pos)
                else:
                    i = pos
                if name is not None:
                    # A plain start tag; a NUL in a value or a repeated name is the states'.
                    references = False
                    if first is None:
                        attrs = {}
                    elif second is None:
                        if "\x00" in value:
                            return i
                        attrs = {first: value}
                        references = "&" in value
                    elif third is None:
                        if "\x00" in value or "\x00" in value2 or second == first:
                            return i
                        attrs = {first: value, second: value2}
                        references = "&" in value or "&" in value2
                    else:
                        if "\x00" in value or "\x00" in value2 or "\x00" in value3 or "\x00" in others:
                            return i
                        attrs = {first: value, second: value2, third: value3}
                        if others:
                            found = find_plain_attributes(others)
                            attrs.update(found)
                            if len(attrs) < len(found) + 3:
                                return i
                        elif len(attrs) < 3:
                            return i
                        references = "&" in value or "&" in value2 or "&" in value3 or "&" in others
                    if references and not _decode_named_references(attrs):
                        # References that may be errors: decoded with their offsets.
                        pos = self._fast_start_tag_with_offsets(i)
                    else:
                        pos = m.end()  # type: ignore[union-attr, unused-ignore]
                        self.last_start_tag = name
                        if errors is not None and self._next_input_error < pos:
                            self._flush_input_errors(pos - 1)
                        self.pos = pos
                        if start_token is None:
                            emit_start(StartTag(name, attrs, slash is not None, i, pos))
                        else:
                            start_token.name = name
                            start_token.attrs = attrs
                            start_token.self_closing = slash is not None
                            start_token.pos = i
                            start_token.end = pos
                            emit_start(start_token)
                        if self.state != DATA_STATE:
                            return -1
                        continue
                elif end_name is not None:
                    pos = m.end()  # type: ignore[union-attr, unused-ignore]
                    if errors is not None and self._next_input_error < pos:
                        self._flush_input_errors(pos - 1)
                    if end_token is None:
                        emit_end(EndTag(end_name, i, pos))
                    else:
                        end_token.name = end_name
                        end_token.pos = i
                        end_token.end = pos
                        emit_end(end_token)
                    continue
                else:
                    pos = self._scan_markup(i) if i < self._n else 0
                if not pos:
                    return i
                if self.state != DATA_STATE:
                    return -1
                break

    def _scan_markup(self, lt: int) -> int:
        """The scanner's step for a ``<`` at ``lt`` that does not begin a
        plain tag: a well-formed start tag (:meth:`_scan_start_tag`), end
        tag or comment (:meth:`_fast_comment`) in one step, or a ``<`` that
        the tag open state makes text.  Returns the offset after what it
        emitted, or 0 (nothing emitted) to let the states handle the ``<``."""
        text = self.text
        following = text[lt + 1 : lt + 2]
        if following in _ASCII_ALPHA:
            return self._scan_start_tag(lt)
        if following == "/":
            t = _FAST_END_TAG.match(text, lt, self._n)
            if t is None:
                return 0
            end = t.end()
            if self._next_input_error < end:
                self._flush_input_errors(end - 1)
            self._to.end_tag(EndTag(_ascii_lower(t.group(1)), lt, end))
            return end
        if following == "!":
            return self._fast_comment(lt) if text.startswith("<!--", lt) else 0
        if following and following != "?":
            # https://html.spec.whatwg.org/#tag-open-state "anything else":
            # the "<" is text.
            if self.errors is not None:
                self._error("invalid-first-character-of-tag-name", lt + 1)
                self._emit_characters("<", lt)
            else:
                self._to.characters("<", lt)
            return lt + 1
        return 0

    def _scan_start_tag(self, lt: int) -> int:
        """A well-formed start tag at ``lt`` (:data:`_FAST_START_TAG`: any
        case, any quoting) in one step; returns the offset after it, or 0
        (nothing emitted) for the states: a repeated attribute name, or
        nothing that the pattern matches."""
        text = self.text
        t = _FAST_START_TAG.match(text, lt, self._n)
        if t is None:
            return 0
        name, source, slash = t.groups()
        attrs: dict | None
        if not source:
            attrs = {}
        elif "&" in source:
            return self._fast_start_tag_with_offsets(lt)
        else:
            found = _FAST_ATTRIBUTE.findall(source)
            lower = str.lower if source.isascii() else _ascii_lower
            attrs = _unique_attributes(
                [(lower(attr), double or single or unquoted) for attr, double, single, unquoted in found]
            )
            if attrs is None:
                return 0
            if self.errors is not None and _has_error_characters(found):
                # The errors need the values' offsets.
                return self._fast_start_tag_with_offsets(lt)
        end = t.end()
        name = _ascii_lower(name)
        self.last_start_tag = name
        if self._next_input_error < end:
            self._flush_input_errors(end - 1)
        self.pos = end
        self._to.start_tag(StartTag(name, attrs, slash == "/", lt, end))
        return end

    def _data_text(self, run: str, pos: int) -> None:
        """The data state's text ``run`` found at ``pos`` (no ``<`` in it):
        runs up to each ``&`` (a character reference) or U+0000 (emitted as
        is, with an error) are emitted whole.  A character reference never
        reaches past the run's end: it stops at the first character that is
        not alphanumeric, ``#`` or ``;``.

        When no errors are collected and there is no NUL, the run is
        decoded whole and emitted as one string: the sink gets one call
        instead of two per reference (``&rsquo;`` ... are common in prose),
        and no error has an order to keep."""
        if self.errors is None and "\x00" not in run:
            self._to.characters(self._decode_references(run, pos, False), pos)
            return
        text = self.text
        end = pos + len(run)
        search = _DATA_STOP.search
        while True:
            m = search(text, pos, end)
            if m is None:
                if pos < end:
                    self._emit_characters(text[pos:end], pos)
                return
            i = m.start()
            if i > pos:
                self._emit_characters(text[pos:i], pos)
            if text[i] == "&":
                data, pos = self.consume_character_reference(i, False)
                self._emit_characters(data, i)
            else:
                self._error("unexpected-null-character", i)
                self._emit_characters("\x00", i)
                pos = i + 1

    def _fast_comment(self, lt: int) -> int:
        """Emit the comment at ``lt`` (``<!--`` seen) in one step when the
        comment states would meet no special case; returns the offset after
        it, or 0 (nothing emitted) to let the states handle it.

        The comment states end a comment at the first ``-->`` or ``--!>``
        (``<!-->`` and ``<!--->`` aside), so the search never looks past
        the comment's real end: giving up costs no more than the states
        will spend anyway, which keeps hostile input linear."""
        text = self.text
        start = lt + 4
        if text.startswith(">", start) or text.startswith("->", start):
            return 0  # abrupt-closing-of-empty-comment
        close = _COMMENT_CLOSE.search(text, start, self._n)
        if close is None or close.group() != "-->":
            return 0  # eof-in-comment, or "--!>" (incorrectly-closed-comment)
        body = text[start : close.start()]
        if "\x00" in body or "<!--" in body or body.endswith("<!-"):
            return 0  # unexpected-null-character, nested-comment
        end = close.end()
        if self._next_input_error < end:
            self._flush_input_errors(end - 1)
        self._to.comment(body, lt)
        return end

    def _fast_start_tag_with_offsets(self, lt: int) -> int:
        """The fast path for a start tag (known to be well formed) whose
        attribute values contain ``&``, or unquoted values with error
        characters while errors are collected: one attribute at a time, so
        that the character references' and the values' errors get their
        offsets, in the order the states would meet them.  Returns the offset
        after the tag, or 0 (nothing emitted) for a repeated attribute name:
        the state machine owns that error."""
        text = self.text
        m = _FAST_START_TAG_NAME.match(text, lt)
        name = _ascii_lower(m.group(1))  # type: ignore[union-attr]
        pos = m.end()  # type: ignore[union-attr]
        found = []
        attribute = _FAST_ATTRIBUTE.match
        while True:
            a = attribute(text, pos)
            if a is None:
                break
            found.append(a)
            pos = a.end()
        # Duplicates first: nothing (no error) may be recorded before
        # handing the tag back to the state machine.
        by_name = _unique_attributes([(_ascii_lower(a.group(1)), a) for a in found])
        if by_name is None:
            return 0
        attrs = {}
        collect = self.errors is not None
        for attr_name, a in by_name.items():
            if collect:
                self._attribute_errors(a)
            group = a.lastindex
            if group == 1:
                value = ""
            else:
                value = a.group(group)  # a match sets lastindex
                if "&" in value:  # (never in an unquoted value: see _FAST_ATTRIBUTE)
                    value = self._decode_references(value, a.start(group), True)
            attrs[attr_name] = value
        e = _FAST_TAG_END.match(text, pos)
        end = e.end()  # type: ignore[union-attr]
        if self._next_input_error < end:
            self._flush_input_errors(end - 1)
        self.last_start_tag = name
        self.pos = end
        self._to.start_tag(StartTag(name, attrs, e.group(1) == "/", lt, end))  # type: ignore[union-attr]
        return end

    def _attribute_errors(self, attribute: re.Match) -> None:
        """The errors in an attribute matched by _FAST_ATTRIBUTE other than
        its character references' (its value's ``&`` are decoded after it):
        each " ' < in its name is an unexpected-character-in-attribute-name
        (https://html.spec.whatwg.org/#attribute-name-state), each " ' < = `
        in an unquoted value an unexpected-character-in-unquoted-attribute-value
        (https://html.spec.whatwg.org/#attribute-value-(unquoted)-state)."""
        start = attribute.start(1)
        for m in _ATTRIBUTE_NAME_ERROR.finditer(attribute.group(1)):
            self._error("unexpected-character-in-attribute-name", start + m.start())
        value = attribute.group(4)
        if value:
            start = attribute.start(4)
            for m in _UNQUOTED_VALUE_ERROR.finditer(value):
                self._error("unexpected-character-in-unquoted-attribute-value", start + m.start())

    def _decode_references(self, value: str, start: int, in_attribute: bool) -> str:
        """Replace the character references of ``value``, found at offset
        ``start``, as the attribute value states (``in_attribute``) or the
        data state would (errors included).

        The common case is one regex substitution
        (:func:`_decode_known_named_references`).  Anything else (numeric
        references, unknown names, names without ``;``) goes through
        :meth:`consume_character_reference` one ``&`` at a time."""
        decoded = _decode_known_named_references(value)
        if decoded is not None:
            return decoded
        parts = []
        pos = 0
        consume = self.consume_character_reference
        while True:
            amp = value.find("&", pos)
            if amp == -1:
                parts.append(value[pos:])
                return "".join(parts)
            parts.append(value[pos:amp])
            data, end = consume(start + amp, in_attribute)
            parts.append(data)
            pos = end - start

    def rcdata_state(self) -> None:
        """https://html.spec.whatwg.org/#rcdata-state

        A ``<`` not followed by ``/`` leads through the RCDATA less-than sign
        state straight back here having emitted itself, so with the fast
        paths on it is part of the run and only ``</`` leaves it (to the
        RCDATA end tag open state).  Without them every ``<`` goes through
        the less-than sign state, as the spec words it."""
        text = self.text
        pos = self.pos
        fast = self._fast
        if fast:
            run, i = self._text_run(pos, _RCDATA_STOP)
        else:
            m = _DATA_STOP.search(text, pos)
            i = -1 if m is None else m.start()
            run = text[pos:] if i == -1 else text[pos:i]
        if run:
            self._emit_characters(run, pos)
        if i == -1:
            self._emit_eof()
            return
        c = text[i]
        if c == "<":
            if fast:
                self.pos = i + 2
                self.state = RCDATA_END_TAG_OPEN_STATE
            else:
                self.pos = i + 1
                self.state = RCDATA_LESS_THAN_SIGN_STATE
        elif c == "&":
            data, self.pos = self.consume_character_reference(i, False)
            self._emit_characters(data, i)
        else:
            self._error("unexpected-null-character", i)
            self._emit_characters("\ufffd", i)
            self.pos = i + 1

    def rawtext_state(self) -> None:
        """https://html.spec.whatwg.org/#rawtext-state

        As in RCDATA, with the fast paths on only ``</`` leaves the run."""
        text = self.text
        pos = self.pos
        fast = self._fast
        if fast:
            run, i = self._text_run(pos, _RAWTEXT_STOP)
        else:
            m = _LESS_THAN_OR_NUL.search(text, pos)
            i = -1 if m is None else m.start()
            run = text[pos:] if i == -1 else text[pos:i]
        if run:
            self._emit_characters(run, pos)
        if i == -1:
            self._emit_eof()
            return
        if text[i] == "<":
            if fast:
                self.pos = i + 2
                self.state = RAWTEXT_END_TAG_OPEN_STATE
            else:
                self.pos = i + 1
                self.state = RAWTEXT_LESS_THAN_SIGN_STATE
        else:
            self._error("unexpected-null-character", i)
            self._emit_characters("\ufffd", i)
            self.pos = i + 1

    def script_data_state(self) -> None:
        """https://html.spec.whatwg.org/#script-data-state

        With the fast paths on, only ``</`` (script data end tag open state)
        and ``<!--`` leave the run: any other ``<`` or ``<!`` or ``<!-``
        comes back to this state having emitted itself, and ``<!--`` is
        emitted and leads, through the script data less-than sign and escape
        start (dash) states, to the script data escaped dash dash state.
        Without them every ``<`` goes through those states one by one."""
        text = self.text
        pos = self.pos
        fast = self._fast
        if fast:
            run, i = self._text_run(pos, _SCRIPT_STOP)
        else:
            m = _LESS_THAN_OR_NUL.search(text, pos)
            i = -1 if m is None else m.start()
            run = text[pos:] if i == -1 else text[pos:i]
        if run:
            self._emit_characters(run, pos)
        if i == -1:
            self._emit_eof()
            return
        if text[i] == "<":
            if not fast:
                self.pos = i + 1
                self.state = SCRIPT_DATA_LESS_THAN_SIGN_STATE
            elif text.startswith("</", i):
                self.pos = i + 2
                self.state = SCRIPT_DATA_END_TAG_OPEN_STATE
            else:
                self._emit_characters("<!--", i)
                self.pos = i + 4
                self.state = SCRIPT_DATA_ESCAPED_DASH_DASH_STATE
        else:
            self._error("unexpected-null-character", i)
            self._emit_characters("\ufffd", i)
            self.pos = i + 1

    def plaintext_state(self) -> None:
        """https://html.spec.whatwg.org/#plaintext-state"""
        text = self.text
        pos = self.pos
        i = text.find("\x00", pos)
        if i == -1:
            if pos < self._n:
                self._emit_characters(text[pos:], pos)
            self._emit_eof()
            return
        if i > pos:
            self._emit_characters(text[pos:i], pos)
        self._error("unexpected-null-character", i)
        self._emit_characters("\ufffd", i)
        self.pos = i + 1

    def cdata_section_state(self) -> None:
        """https://html.spec.whatwg.org/#cdata-section-state, with the CDATA
        section bracket and end states: the section ends at the first
        ``]]>``.  A U+0000 is emitted as is: tree construction handles it
        in foreign content."""
        text = self.text
        pos = self.pos
        i = text.find("]]>", pos)
        if i == -1:
            if pos < self._n:
                self._emit_characters(text[pos:], pos)
            self._error("eof-in-cdata", self._n)
            self._emit_eof()
            return
        if i > pos:
            self._emit_characters(text[pos:i], pos)
        self.pos = i + 3
        self.state = DATA_STATE

    # -- tags ------------------------------------------------------------------

    def tag_open_state(self) -> None:
        """https://html.spec.whatwg.org/#tag-open-state"""
        pos = self.pos
        c = self.text[pos : pos + 1]
        if c == "!":
            self.pos = pos + 1
            self.state = MARKUP_DECLARATION_OPEN_STATE
        elif c == "/":
            self.pos = pos + 1
            self.state = END_TAG_OPEN_STATE
        elif c and c in _ASCII_ALPHA:
            self._new_tag(False, pos - 1)
            self.state = TAG_NAME_STATE
        elif c == "?":
            # Since 2026-06 (whatwg/html 320c05f6) no error here: set the
            # temporary buffer to the empty string, switch to the processing
            # instruction open state.
            self._temp = ""
            self._comment_pos = pos - 1
            self.pos = pos + 1
            self.state = PROCESSING_INSTRUCTION_OPEN_STATE
        elif not c:
            self._error("eof-before-tag-name", pos)
            self._emit_characters("<", pos - 1)
            self._emit_eof()
        else:
            self._error("invalid-first-character-of-tag-name", pos)
            self._emit_characters("<", pos - 1)
            self.state = DATA_STATE

    def end_tag_open_state(self) -> None:
        """https://html.spec.whatwg.org/#end-tag-open-state"""
        pos = self.pos
        c = self.text[pos : pos + 1]
        if c and c in _ASCII_ALPHA:
            self._new_tag(True, pos - 2)
            self.state = TAG_NAME_STATE
        elif c == ">":
            self._error("missing-end-tag-name", pos)
            self.pos = pos + 1
            self.state = DATA_STATE
        elif not c:
            self._error("eof-before-tag-name", pos)
            self._emit_characters("</", pos - 2)
            self._emit_eof()
        else:
            self._error("invalid-first-character-of-tag-name", pos)
            self._comment_parts = []
            self._comment_pos = pos - 2
            self.state = BOGUS_COMMENT_STATE

    def tag_name_state(self) -> None:
        """https://html.spec.whatwg.org/#tag-name-state"""
        text = self.text
        pos = self.pos
        m = _TAG_NAME_RUN.match(text, pos)
        if m is not None:
            self._tag_name += _ascii_lower(m.group())
            pos = m.end()
        c = text[pos : pos + 1]
        if not c:
            self._error("eof-in-tag", pos)
            self._emit_eof()
        elif c in _WHITESPACE:
            self.pos = pos + 1
            self.state = BEFORE_ATTRIBUTE_NAME_STATE
        elif c == "/":
            self.pos = pos + 1
            self.state = SELF_CLOSING_START_TAG_STATE
        elif c == ">":
            self._emit_tag(pos + 1)
        else:  # U+0000
            self._error("unexpected-null-character", pos)
            self._tag_name += "\ufffd"
            self.pos = pos + 1

    def _text_end_tag_open(self, return_state: int) -> None:
        """The RCDATA / RAWTEXT / script data (escaped) end tag open and end
        tag name states (https://html.spec.whatwg.org/#rcdata-end-tag-open-state
        and the three like it): ``self.pos`` is just after ``</``.  The
        letters go to the temporary buffer and the tag name; at the first
        other character the tag is kept only if it is an appropriate end tag
        token followed by whitespace, ``/`` or ``>``; otherwise ``</`` and
        the buffer are emitted as text and the character is reconsumed."""
        text = self.text
        pos = self.pos
        lt = pos - 2
        m = _ASCII_ALPHA_RUN.match(text, pos)
        if m is None:
            self._emit_characters("</", lt)
            self.state = return_state
            return
        end = m.end()
        c = text[end : end + 1]
        name = _ascii_lower(m.group())
        if c and c in "\t\n\f />" and name == self.last_start_tag:
            self._new_tag(True, lt)
            self._tag_name = name
            if c == ">":
                self._emit_tag(end + 1)
            elif c == "/":
                self.pos = end + 1
                self.state = SELF_CLOSING_START_TAG_STATE
            else:
                self.pos = end + 1
                self.state = BEFORE_ATTRIBUTE_NAME_STATE
            return
        self._emit_characters("</" + m.group(), lt)
        self.pos = end
        self.state = return_state

    def rcdata_less_than_sign_state(self) -> None:
        """https://html.spec.whatwg.org/#rcdata-less-than-sign-state"""
        pos = self.pos
        if self.text.startswith("/", pos):
            self.pos = pos + 1
            self.state = RCDATA_END_TAG_OPEN_STATE
        else:
            self._emit_characters("<", pos - 1)
            self.state = RCDATA_STATE

    def rcdata_end_tag_open_state(self) -> None:
        self._text_end_tag_open(RCDATA_STATE)

    def rawtext_less_than_sign_state(self) -> None:
        """https://html.spec.whatwg.org/#rawtext-less-than-sign-state"""
        pos = self.pos
        if self.text.startswith("/", pos):
            self.pos = pos + 1
            self.state = RAWTEXT_END_TAG_OPEN_STATE
        else:
            self._emit_characters("<", pos - 1)
            self.state = RAWTEXT_STATE

    def rawtext_end_tag_open_state(self) -> None:
        self._text_end_tag_open(RAWTEXT_STATE)

    # -- script data and its escapes ----------------------------------------

    def script_data_less_than_sign_state(self) -> None:
        """https://html.spec.whatwg.org/#script-data-less-than-sign-state"""
        pos = self.pos
        c = self.text[pos : pos + 1]
        if c == "/":
            self.pos = pos + 1
            self.state = SCRIPT_DATA_END_TAG_OPEN_STATE
        elif c == "!":
            self._emit_characters("<!", pos - 1)
            self.pos = pos + 1
            self.state = SCRIPT_DATA_ESCAPE_START_STATE
        else:
            self._emit_characters("<", pos - 1)
            self.state = SCRIPT_DATA_STATE

    def script_data_end_tag_open_state(self) -> None:
        self._text_end_tag_open(SCRIPT_DATA_STATE)

    def script_data_escape_start_state(self) -> None:
        """https://html.spec.whatwg.org/#script-data-escape-start-state"""
        pos = self.pos
        if self.text.startswith("-", pos):
            self._emit_characters("-", pos)
            self.pos = pos + 1
            self.state = SCRIPT_DATA_ESCAPE_START_DASH_STATE
        else:
            self.state = SCRIPT_DATA_STATE

    def script_data_escape_start_dash_state(self) -> None:
        """https://html.spec.whatwg.org/#script-data-escape-start-dash-state"""
        pos = self.pos
        if self.text.startswith("-", pos):
            self._emit_characters("-", pos)
            self.pos = pos + 1
            self.state = SCRIPT_DATA_ESCAPED_DASH_DASH_STATE
        else:
            self.state = SCRIPT_DATA_STATE

    def _script_escaped_common(self, c: str, pos: int, escaped_state: int) -> bool:
        """The entries shared by the (double) escaped, dash and dash dash
        states for U+0000 and EOF.  Returns True when ``c`` was handled."""
        if not c:
            self._error("eof-in-script-html-comment-like-text", pos)
            self._emit_eof()
            return True
        if c == "\x00":
            self._error("unexpected-null-character", pos)
            self._emit_characters("\ufffd", pos)
            self.pos = pos + 1
            self.state = escaped_state
            return True
        return False

    def script_data_escaped_state(self) -> None:
        """https://html.spec.whatwg.org/#script-data-escaped-state"""
        text = self.text
        pos = self.pos
        m = _SCRIPT_ESCAPED_RUN.match(text, pos)
        if m is not None:
            self._emit_characters(m.group(), pos)
            pos = self.pos = m.end()
        c = text[pos : pos + 1]
        if c == "-":
            self._emit_characters("-", pos)
            self.pos = pos + 1
            self.state = SCRIPT_DATA_ESCAPED_DASH_STATE
        elif c == "<":
            self.pos = pos + 1
            self.state = SCRIPT_DATA_ESCAPED_LESS_THAN_SIGN_STATE
        else:
            self._script_escaped_common(c, pos, SCRIPT_DATA_ESCAPED_STATE)

    def script_data_escaped_dash_state(self) -> None:
        """https://html.spec.whatwg.org/#script-data-escaped-dash-state"""
        pos = self.pos
        c = self.text[pos : pos + 1]
        if c == "-":
            self._emit_characters("-", pos)
            self.pos = pos + 1
            self.state = SCRIPT_DATA_ESCAPED_DASH_DASH_STATE
        elif c == "<":
            self.pos = pos + 1
            self.state = SCRIPT_DATA_ESCAPED_LESS_THAN_SIGN_STATE
        elif not self._script_escaped_common(c, pos, SCRIPT_DATA_ESCAPED_STATE):
            self._emit_characters(c, pos)
            self.pos = pos + 1
            self.state = SCRIPT_DATA_ESCAPED_STATE

    def script_data_escaped_dash_dash_state(self) -> None:
        """https://html.spec.whatwg.org/#script-data-escaped-dash-dash-state"""
        pos = self.pos
        c = self.text[pos : pos + 1]
        if c == "-":
            self._emit_characters("-", pos)
            self.pos = pos + 1
        elif c == "<":
            self.pos = pos + 1
            self.state = SCRIPT_DATA_ESCAPED_LESS_THAN_SIGN_STATE
        elif c == ">":
            self._emit_characters(">", pos)
            self.pos = pos + 1
            self.state = SCRIPT_DATA_STATE
        elif not self._script_escaped_common(c, pos, SCRIPT_DATA_ESCAPED_STATE):
            self._emit_characters(c, pos)
            self.pos = pos + 1
            self.state = SCRIPT_DATA_ESCAPED_STATE

    def script_data_escaped_less_than_sign_state(self) -> None:
        """https://html.spec.whatwg.org/#script-data-escaped-less-than-sign-state"""
        pos = self.pos
        c = self.text[pos : pos + 1]
        if c == "/":
            self.pos = pos + 1
            self.state = SCRIPT_DATA_ESCAPED_END_TAG_OPEN_STATE
        elif c and c in _ASCII_ALPHA:
            self._temp = ""
            self._emit_characters("<", pos - 1)
            self.state = SCRIPT_DATA_DOUBLE_ESCAPE_START_STATE
        else:
            self._emit_characters("<", pos - 1)
            self.state = SCRIPT_DATA_ESCAPED_STATE

    def script_data_escaped_end_tag_open_state(self) -> None:
        self._text_end_tag_open(SCRIPT_DATA_ESCAPED_STATE)

    def _double_escape_boundary(self, if_script: int, otherwise: int) -> None:
        """The script data double escape start / end states: letters go to
        the temporary buffer and are emitted; whitespace, ``/`` or ``>``
        then decides by whether the buffer is "script"."""
        text = self.text
        pos = self.pos
        m = _ASCII_ALPHA_RUN.match(text, pos)
        if m is not None:
            self._temp += _ascii_lower(m.group())
            self._emit_characters(m.group(), pos)
            pos = self.pos = m.end()
        c = text[pos : pos + 1]
        if c and c in "\t\n\f />":
            self.state = if_script if self._temp == "script" else otherwise
            self._emit_characters(c, pos)
            self.pos = pos + 1
        else:
            self.state = otherwise

    def script_data_double_escape_start_state(self) -> None:
        """https://html.spec.whatwg.org/#script-data-double-escape-start-state"""
        self._double_escape_boundary(SCRIPT_DATA_DOUBLE_ESCAPED_STATE, SCRIPT_DATA_ESCAPED_STATE)

    def script_data_double_escaped_state(self) -> None:
        """https://html.spec.whatwg.org/#script-data-double-escaped-state"""
        text = self.text
        pos = self.pos
        m = _SCRIPT_ESCAPED_RUN.match(text, pos)
        if m is not None:
            self._emit_characters(m.group(), pos)
            pos = self.pos = m.end()
        c = text[pos : pos + 1]
        if c == "-":
            self._emit_characters("-", pos)
            self.pos = pos + 1
            self.state = SCRIPT_DATA_DOUBLE_ESCAPED_DASH_STATE
        elif c == "<":
            self._emit_characters("<", pos)
            self.pos = pos + 1
            self.state = SCRIPT_DATA_DOUBLE_ESCAPED_LESS_THAN_SIGN_STATE
        else:
            self._script_escaped_common(c, pos, SCRIPT_DATA_DOUBLE_ESCAPED_STATE)

    def script_data_double_escaped_dash_state(self) -> None:
        """https://html.spec.whatwg.org/#script-data-double-escaped-dash-state"""
        pos = self.pos
        c = self.text[pos : pos + 1]
        if c == "-":
            self._emit_characters("-", pos)
            self.pos = pos + 1
            self.state = SCRIPT_DATA_DOUBLE_ESCAPED_DASH_DASH_STATE
        elif c == "<":
            self._emit_characters("<", pos)
            self.pos = pos + 1
            self.state = SCRIPT_DATA_DOUBLE_ESCAPED_LESS_THAN_SIGN_STATE
        elif not self._script_escaped_common(c, pos, SCRIPT_DATA_DOUBLE_ESCAPED_STATE):
            self._emit_characters(c, pos)
            self.pos = pos + 1
            self.state = SCRIPT_DATA_DOUBLE_ESCAPED_STATE

    def script_data_double_escaped_dash_dash_state(self) -> None:
        """https://html.spec.whatwg.org/#script-data-double-escaped-dash-dash-state"""
        pos = self.pos
        c = self.text[pos : pos + 1]
        if c == "-":
            self._emit_characters("-", pos)
            self.pos = pos + 1
        elif c == "<":
            self._emit_characters("<", pos)
            self.pos = pos + 1
            self.state = SCRIPT_DATA_DOUBLE_ESCAPED_LESS_THAN_SIGN_STATE
        elif c == ">":
            self._emit_characters(">", pos)
            self.pos = pos + 1
            self.state = SCRIPT_DATA_STATE
        elif not self._script_escaped_common(c, pos, SCRIPT_DATA_DOUBLE_ESCAPED_STATE):
            self._emit_characters(c, pos)
            self.pos = pos + 1
            self.state = SCRIPT_DATA_DOUBLE_ESCAPED_STATE

    def script_data_double_escaped_less_than_sign_state(self) -> None:
        """https://html.spec.whatwg.org/#script-data-double-escaped-less-than-sign-state"""
        pos = self.pos
        if self.text.startswith("/", pos):
            self._temp = ""
            self._emit_characters("/", pos)
            self.pos = pos + 1
            self.state = SCRIPT_DATA_DOUBLE_ESCAPE_END_STATE
        else:
            self.state = SCRIPT_DATA_DOUBLE_ESCAPED_STATE

    def script_data_double_escape_end_state(self) -> None:
        """https://html.spec.whatwg.org/#script-data-double-escape-end-state"""
        self._double_escape_boundary(SCRIPT_DATA_ESCAPED_STATE, SCRIPT_DATA_DOUBLE_ESCAPED_STATE)

    # -- attributes --------------------------------------------------------------

    def before_attribute_name_state(self) -> None:
        """https://html.spec.whatwg.org/#before-attribute-name-state"""
        text = self.text
        pos = _WHITESPACE_RUN.match(text, self.pos).end()  # type: ignore[union-attr]
        self.pos = pos
        c = text[pos : pos + 1]
        if not c or c == "/" or c == ">":
            self.state = AFTER_ATTRIBUTE_NAME_STATE
        elif c == "=":
            self._error("unexpected-equals-sign-before-attribute-name", pos)
            self._start_attribute("=")
            self.pos = pos + 1
            self.state = ATTRIBUTE_NAME_STATE
        else:
            self._start_attribute("")
            self.state = ATTRIBUTE_NAME_STATE

    def attribute_name_state(self) -> None:
        """https://html.spec.whatwg.org/#attribute-name-state"""
        text = self.text
        pos = self.pos
        m = _ATTRIBUTE_NAME_RUN.match(text, pos)
        if m is not None:
            self._attr_name += _ascii_lower(m.group())
            pos = self.pos = m.end()
        c = text[pos : pos + 1]
        if not c or c in _ATTRIBUTE_NAME_ENDS:
            self._leave_attribute_name(pos)
            if c == "=":
                self.pos = pos + 1
                self.state = BEFORE_ATTRIBUTE_VALUE_STATE
            else:
                self.state = AFTER_ATTRIBUTE_NAME_STATE
        elif c == "\x00":
            self._error("unexpected-null-character", pos)
            self._attr_name += "\ufffd"
            self.pos = pos + 1
        else:  # _ATTRIBUTE_NAME_ERRORS
            self._error("unexpected-character-in-attribute-name", pos)
            self._attr_name += c
            self.pos = pos + 1

    def after_attribute_name_state(self) -> None:
        """https://html.spec.whatwg.org/#after-attribute-name-state"""
        text = self.text
        pos = _WHITESPACE_RUN.match(text, self.pos).end()  # type: ignore[union-attr]
        self.pos = pos
        c = text[pos : pos + 1]
        if c == "/":
            self.pos = pos + 1
            self.state = SELF_CLOSING_START_TAG_STATE
        elif c == "=":
            self.pos = pos + 1
            self.state = BEFORE_ATTRIBUTE_VALUE_STATE
        elif c == ">":
            self._emit_tag(pos + 1)
        elif not c:
            self._error("eof-in-tag", pos)
            self._emit_eof()
        else:
            self._start_attribute("")
            self.state = ATTRIBUTE_NAME_STATE

    def before_attribute_value_state(self) -> None:
        """https://html.spec.whatwg.org/#before-attribute-value-state"""
        text = self.text
        pos = _WHITESPACE_RUN.match(text, self.pos).end()  # type: ignore[union-attr]
        self.pos = pos
        c = text[pos : pos + 1]
        if c == '"':
            self.pos = pos + 1
            self.state = ATTRIBUTE_VALUE_DOUBLE_QUOTED_STATE
        elif c == "'":
            self.pos = pos + 1
            self.state = ATTRIBUTE_VALUE_SINGLE_QUOTED_STATE
        elif c == ">":
            self._error("missing-attribute-value", pos)
            self._emit_tag(pos + 1)
        else:
            self.state = ATTRIBUTE_VALUE_UNQUOTED_STATE

    def _quoted_value(self, run: re.Pattern, quote: str) -> None:
        text = self.text
        pos = self.pos
        m = run.match(text, pos)
        if m is not None:
            self._append_to_value(m.group())
            pos = self.pos = m.end()
        c = text[pos : pos + 1]
        if c == quote:
            self.pos = pos + 1
            self.state = AFTER_ATTRIBUTE_VALUE_QUOTED_STATE
        elif c == "&":
            data, self.pos = self.consume_character_reference(pos, True)
            self._append_to_value(data)
        elif c == "\x00":
            self._error("unexpected-null-character", pos)
            self._append_to_value("\ufffd")
            self.pos = pos + 1
        else:
            self._error("eof-in-tag", pos)
            self._emit_eof()

    def attribute_value_double_quoted_state(self) -> None:
        """https://html.spec.whatwg.org/#attribute-value-(double-quoted)-state"""
        self._quoted_value(_DOUBLE_QUOTED_RUN, '"')

    def attribute_value_single_quoted_state(self) -> None:
        """https://html.spec.whatwg.org/#attribute-value-(single-quoted)-state"""
        self._quoted_value(_SINGLE_QUOTED_RUN, "'")

    def attribute_value_unquoted_state(self) -> None:
        """https://html.spec.whatwg.org/#attribute-value-(unquoted)-state"""
        text = self.text
        pos = self.pos
        m = _UNQUOTED_RUN.match(text, pos)
        if m is not None:
            self._append_to_value(m.group())
            pos = self.pos = m.end()
        c = text[pos : pos + 1]
        if not c:
            self._error("eof-in-tag", pos)
            self._emit_eof()
        elif c in _WHITESPACE:
            self.pos = pos + 1
            self.state = BEFORE_ATTRIBUTE_NAME_STATE
        elif c == "&":
            data, self.pos = self.consume_character_reference(pos, True)
            self._append_to_value(data)
        elif c == ">":
            self._emit_tag(pos + 1)
        elif c == "\x00":
            self._error("unexpected-null-character", pos)
            self._append_to_value("\ufffd")
            self.pos = pos + 1
        else:  # " ' < = `
            self._error("unexpected-character-in-unquoted-attribute-value", pos)
            self._append_to_value(c)
            self.pos = pos + 1

    def after_attribute_value_quoted_state(self) -> None:
        """https://html.spec.whatwg.org/#after-attribute-value-(quoted)-state"""
        pos = self.pos
        c = self.text[pos : pos + 1]
        if not c:
            self._error("eof-in-tag", pos)
            self._emit_eof()
        elif c in _WHITESPACE:
            self.pos = pos + 1
            self.state = BEFORE_ATTRIBUTE_NAME_STATE
        elif c == "/":
            self.pos = pos + 1
            self.state = SELF_CLOSING_START_TAG_STATE
        elif c == ">":
            self._emit_tag(pos + 1)
        else:
            self._error("missing-whitespace-between-attributes", pos)
            self.state = BEFORE_ATTRIBUTE_NAME_STATE

    def self_closing_start_tag_state(self) -> None:
        """https://html.spec.whatwg.org/#self-closing-start-tag-state"""
        pos = self.pos
        c = self.text[pos : pos + 1]
        if c == ">":
            self._self_closing = True
            self._emit_tag(pos + 1)
        elif not c:
            self._error("eof-in-tag", pos)
            self._emit_eof()
        else:
            self._error("unexpected-solidus-in-tag", pos)
            self.state = BEFORE_ATTRIBUTE_NAME_STATE

    # -- processing instructions (2026) ---------------------------------------------
    #
    # The token's ``<`` is kept in ``_comment_pos``: it is the position of the
    # processing instruction, or of the comment the temporary buffer may be
    # converted to.

    def _convert_the_temporary_buffer_to_a_comment(self) -> None:
        """Create a comment token whose data is ``?`` followed by the
        temporary buffer, then reconsume in the bogus comment state.  (The
        definition was not read in the standard's text; the WPT
        expectations give the result: ``<?a$>`` is the comment ``?a$``,
        exactly the comment the pre-2026 rule made.)"""
        self._comment_parts = ["?" + self._temp]
        self.state = BOGUS_COMMENT_STATE

    def processing_instruction_open_state(self) -> None:
        """https://html.spec.whatwg.org/#processing-instruction-open-state"""
        pos = self.pos
        c = self.text[pos : pos + 1]
        if c and (c in _ASCII_ALPHA or c == "_"):
            # Reconsume: the target state appends the character.
            self.state = PROCESSING_INSTRUCTION_TARGET_STATE
        elif not c:
            # ``<?`` at the end of the input leaves nothing at all.
            self._error("eof-in-processing-instruction", pos)
            self._emit_eof()
        else:
            self._error("invalid-first-character-of-processing-instruction-target", pos)
            self._convert_the_temporary_buffer_to_a_comment()

    def processing_instruction_target_state(self) -> None:
        """https://html.spec.whatwg.org/#processing-instruction-target-state"""
        text = self.text
        pos = self.pos
        m = _PI_TARGET_RUN.match(text, pos)
        if m is not None:
            self._temp += m.group()
            pos = self.pos = m.end()
        c = text[pos : pos + 1]
        if not c:
            self._error("eof-in-processing-instruction", pos)
            self._emit_eof()
        elif c in _WHITESPACE or c == "?" or c == ">":
            target = self._temp
            if _ascii_lower(target) in _DISALLOWED_PI_TARGETS:
                self._error("disallowed-processing-instruction-target", pos)
                self._convert_the_temporary_buffer_to_a_comment()
                return
            # The target keeps its case.  Reconsume.
            self._pi_target = target
            self._pi_parts = []
            self.state = AFTER_PROCESSING_INSTRUCTION_TARGET_STATE
        else:
            self._error("invalid-processing-instruction-target", pos)
            self._convert_the_temporary_buffer_to_a_comment()

    def after_processing_instruction_target_state(self) -> None:
        """https://html.spec.whatwg.org/#after-processing-instruction-target-state"""
        self.pos = _WHITESPACE_RUN.match(self.text, self.pos).end()  # type: ignore[union-attr]
        self.state = PROCESSING_INSTRUCTION_DATA_STATE

    def processing_instruction_data_state(self) -> None:
        """https://html.spec.whatwg.org/#processing-instruction-data-state

        The state has no U+0000 branch: a NUL goes into the data as it is."""
        text = self.text
        pos = self.pos
        m = _PI_DATA_RUN.match(text, pos)
        if m is not None:
            self._pi_parts.append(m.group())
            pos = self.pos = m.end()
        c = text[pos : pos + 1]
        if c == "?":
            self.pos = pos + 1
            self.state = PROCESSING_INSTRUCTION_QUESTIONABLE_STATE
        elif c == ">":
            self.pos = pos + 1
            self.state = DATA_STATE
            self._emit_processing_instruction(pos + 1)
        else:
            self._error("eof-in-processing-instruction", pos)
            self._emit_eof()

    def processing_instruction_questionable_state(self) -> None:
        """https://html.spec.whatwg.org/#processing-instruction-questionable-state"""
        pos = self.pos
        c = self.text[pos : pos + 1]
        if c == ">":
            self.pos = pos + 1
            self.state = DATA_STATE
            self._emit_processing_instruction(pos + 1)
        elif not c:
            self._error("eof-in-processing-instruction", pos)
            self._emit_eof()
        else:
            # Append "?" and reconsume in the data state.
            self._pi_parts.append("?")
            self.state = PROCESSING_INSTRUCTION_DATA_STATE

    # -- comments ------------------------------------------------------------------

    def bogus_comment_state(self) -> None:
        """https://html.spec.whatwg.org/#bogus-comment-state"""
        text = self.text
        pos = self.pos
        m = _BOGUS_COMMENT_RUN.match(text, pos)
        if m is not None:
            self._comment_parts.append(m.group())
            pos = self.pos = m.end()
        c = text[pos : pos + 1]
        if c == ">":
            self._emit_comment(pos + 1)
            self.pos = pos + 1
            self.state = DATA_STATE
        elif not c:
            self._emit_comment(pos)
            self._emit_eof()
        else:
            self._error("unexpected-null-character", pos)
            self._comment_parts.append("\ufffd")
            self.pos = pos + 1

    def markup_declaration_open_state(self) -> None:
        """https://html.spec.whatwg.org/#markup-declaration-open-state"""
        text = self.text
        pos = self.pos
        self._comment_pos = pos - 2
        self._comment_parts = []
        if text.startswith("--", pos):
            self.pos = pos + 2
            self.state = COMMENT_START_STATE
            return
        word = text[pos : pos + 7]
        if word.isascii() and word.lower() == "doctype":
            self.pos = pos + 7
            self.state = DOCTYPE_STATE
            return
        if word == "[CDATA[":
            self.pos = pos + 7
            if self._to.cdata_allowed():
                self.state = CDATA_SECTION_STATE
            else:
                # Reported at the last "[" consumed, as html5lib-tests has it.
                self._error("cdata-in-html-content", pos + 6)
                self._comment_parts.append("[CDATA[")
                self.state = BOGUS_COMMENT_STATE
            return
        self._error("incorrectly-opened-comment", pos)
        self.state = BOGUS_COMMENT_STATE

    def comment_start_state(self) -> None:
        """https://html.spec.whatwg.org/#comment-start-state"""
        pos = self.pos
        c = self.text[pos : pos + 1]
        if c == "-":
            self.pos = pos + 1
            self.state = COMMENT_START_DASH_STATE
        elif c == ">":
            self._error("abrupt-closing-of-empty-comment", pos)
            self._emit_comment(pos + 1)
            self.pos = pos + 1
            self.state = DATA_STATE
        else:
            self.state = COMMENT_STATE

    def comment_start_dash_state(self) -> None:
        """https://html.spec.whatwg.org/#comment-start-dash-state"""
        pos = self.pos
        c = self.text[pos : pos + 1]
        if c == "-":
            self.pos = pos + 1
            self.state = COMMENT_END_STATE
        elif c == ">":
            self._error("abrupt-closing-of-empty-comment", pos)
            self._emit_comment(pos + 1)
            self.pos = pos + 1
            self.state = DATA_STATE
        elif not c:
            self._error("eof-in-comment", pos)
            self._emit_comment(pos)
            self._emit_eof()
        else:
            self._comment_parts.append("-")
            self.state = COMMENT_STATE

    def comment_state(self) -> None:
        """https://html.spec.whatwg.org/#comment-state"""
        text = self.text
        pos = self.pos
        m = _COMMENT_RUN.match(text, pos)
        if m is not None:
            self._comment_parts.append(m.group())
            pos = self.pos = m.end()
        c = text[pos : pos + 1]
        if c == "<":
            self._comment_parts.append("<")
            self.pos = pos + 1
            self.state = COMMENT_LESS_THAN_SIGN_STATE
        elif c == "-":
            self.pos = pos + 1
            self.state = COMMENT_END_DASH_STATE
        elif c == "\x00":
            self._error("unexpected-null-character", pos)
            self._comment_parts.append("\ufffd")
            self.pos = pos + 1
        else:
            self._error("eof-in-comment", pos)
            self._emit_comment(pos)
            self._emit_eof()

    def comment_less_than_sign_state(self) -> None:
        """https://html.spec.whatwg.org/#comment-less-than-sign-state"""
        pos = self.pos
        c = self.text[pos : pos + 1]
        if c == "!":
            self._comment_parts.append("!")
            self.pos = pos + 1
            self.state = COMMENT_LESS_THAN_SIGN_BANG_STATE
        elif c == "<":
            self._comment_parts.append("<")
            self.pos = pos + 1
        else:
            self.state = COMMENT_STATE

    def comment_less_than_sign_bang_state(self) -> None:
        """https://html.spec.whatwg.org/#comment-less-than-sign-bang-state"""
        pos = self.pos
        if self.text.startswith("-", pos):
            self.pos = pos + 1
            self.state = COMMENT_LESS_THAN_SIGN_BANG_DASH_STATE
        else:
            self.state = COMMENT_STATE

    def comment_less_than_sign_bang_dash_state(self) -> None:
        """https://html.spec.whatwg.org/#comment-less-than-sign-bang-dash-state"""
        pos = self.pos
        if self.text.startswith("-", pos):
            self.pos = pos + 1
            self.state = COMMENT_LESS_THAN_SIGN_BANG_DASH_DASH_STATE
        else:
            self.state = COMMENT_END_DASH_STATE

    def comment_less_than_sign_bang_dash_dash_state(self) -> None:
        """https://html.spec.whatwg.org/#comment-less-than-sign-bang-dash-dash-state"""
        pos = self.pos
        c = self.text[pos : pos + 1]
        if c and c != ">":
            self._error("nested-comment", pos)
        self.state = COMMENT_END_STATE

    def comment_end_dash_state(self) -> None:
        """https://html.spec.whatwg.org/#comment-end-dash-state"""
        pos = self.pos
        c = self.text[pos : pos + 1]
        if c == "-":
            self.pos = pos + 1
            self.state = COMMENT_END_STATE
        elif not c:
            self._error("eof-in-comment", pos)
            self._emit_comment(pos)
            self._emit_eof()
        else:
            self._comment_parts.append("-")
            self.state = COMMENT_STATE

    def comment_end_state(self) -> None:
        """https://html.spec.whatwg.org/#comment-end-state"""
        pos = self.pos
        c = self.text[pos : pos + 1]
        if c == ">":
            self._emit_comment(pos + 1)
            self.pos = pos + 1
            self.state = DATA_STATE
        elif c == "!":
            self.pos = pos + 1
            self.state = COMMENT_END_BANG_STATE
        elif c == "-":
            self._comment_parts.append("-")
            self.pos = pos + 1
        elif not c:
            self._error("eof-in-comment", pos)
            self._emit_comment(pos)
            self._emit_eof()
        else:
            self._comment_parts.append("--")
            self.state = COMMENT_STATE

    def comment_end_bang_state(self) -> None:
        """https://html.spec.whatwg.org/#comment-end-bang-state"""
        pos = self.pos
        c = self.text[pos : pos + 1]
        if c == "-":
            self._comment_parts.append("--!")
            self.pos = pos + 1
            self.state = COMMENT_END_DASH_STATE
        elif c == ">":
            self._error("incorrectly-closed-comment", pos)
            self._emit_comment(pos + 1)
            self.pos = pos + 1
            self.state = DATA_STATE
        elif not c:
            self._error("eof-in-comment", pos)
            self._emit_comment(pos)
            self._emit_eof()
        else:
            self._comment_parts.append("--!")
            self.state = COMMENT_STATE

    # -- DOCTYPE -----------------------------------------------------------------

    def _eof_in_doctype(self, pos: int) -> None:
        """The "EOF" entry of most DOCTYPE states."""
        self._error("eof-in-doctype", pos)
        self._doctype.force_quirks = True  # type: ignore[union-attr]
        self._emit_doctype(pos)
        self._emit_eof()

    def _finish_doctype(self, pos: int) -> None:
        """Switch to the data state and emit the DOCTYPE token (``>`` at pos)."""
        self._emit_doctype(pos + 1)
        self.pos = pos + 1
        self.state = DATA_STATE

    def doctype_state(self) -> None:
        """https://html.spec.whatwg.org/#doctype-state"""
        pos = self.pos
        c = self.text[pos : pos + 1]
        self._doctype = Doctype(pos=self._comment_pos)
        if c and c in _WHITESPACE:
            self.pos = pos + 1
            self.state = BEFORE_DOCTYPE_NAME_STATE
        elif c == ">":
            self.state = BEFORE_DOCTYPE_NAME_STATE
        elif not c:
            self._eof_in_doctype(pos)
        else:
            self._error("missing-whitespace-before-doctype-name", pos)
            self.state = BEFORE_DOCTYPE_NAME_STATE

    def before_doctype_name_state(self) -> None:
        """https://html.spec.whatwg.org/#before-doctype-name-state"""
        text = self.text
        pos = _WHITESPACE_RUN.match(text, self.pos).end()  # type: ignore[union-attr]
        self.pos = pos
        c = text[pos : pos + 1]
        doctype = self._doctype
        if c == ">":
            self._error("missing-doctype-name", pos)
            doctype.force_quirks = True  # type: ignore[union-attr]
            self._finish_doctype(pos)
        elif not c:
            self._eof_in_doctype(pos)
        elif c == "\x00":
            self._error("unexpected-null-character", pos)
            doctype.name = "\ufffd"  # type: ignore[union-attr]
            self.pos = pos + 1
            self.state = DOCTYPE_NAME_STATE
        else:
            doctype.name = ""  # type: ignore[union-attr]
            self.state = DOCTYPE_NAME_STATE

    def doctype_name_state(self) -> None:
        """https://html.spec.whatwg.org/#doctype-name-state"""
        text = self.text
        pos = self.pos
        doctype = self._doctype
        m = _DOCTYPE_NAME_RUN.match(text, pos)
        if m is not None:
            doctype.name += _ascii_lower(m.group())  # type: ignore[union-attr, operator]
            pos = self.pos = m.end()
        c = text[pos : pos + 1]
        if not c:
            self._eof_in_doctype(pos)
        elif c in _WHITESPACE:
            self.pos = pos + 1
            self.state = AFTER_DOCTYPE_NAME_STATE
        elif c == ">":
            self._finish_doctype(pos)
        else:
            self._error("unexpected-null-character", pos)
            doctype.name += "\ufffd"  # type: ignore[union-attr, operator]
            self.pos = pos + 1

    def after_doctype_name_state(self) -> None:
        """https://html.spec.whatwg.org/#after-doctype-name-state"""
        text = self.text
        pos = _WHITESPACE_RUN.match(text, self.pos).end()  # type: ignore[union-attr]
        self.pos = pos
        c = text[pos : pos + 1]
        if c == ">":
            self._finish_doctype(pos)
            return
        if not c:
            self._eof_in_doctype(pos)
            return
        word = text[pos : pos + 6]
        keyword = word.lower() if word.isascii() else ""
        if keyword == "public":
            self.pos = pos + 6
            self.state = AFTER_DOCTYPE_PUBLIC_KEYWORD_STATE
        elif keyword == "system":
            self.pos = pos + 6
            self.state = AFTER_DOCTYPE_SYSTEM_KEYWORD_STATE
        else:
            self._error("invalid-character-sequence-after-doctype-name", pos)
            self._doctype.force_quirks = True  # type: ignore[union-attr]
            self.state = BOGUS_DOCTYPE_STATE

    def _after_doctype_keyword(self, which: str, double_state: int, single_state: int) -> None:
        """The after DOCTYPE public/system keyword states."""
        pos = self.pos
        c = self.text[pos : pos + 1]
        doctype = self._doctype
        if c and c in _WHITESPACE:
            self.pos = pos + 1
            self.state = (
                BEFORE_DOCTYPE_PUBLIC_IDENTIFIER_STATE
                if which == "public"
                else BEFORE_DOCTYPE_SYSTEM_IDENTIFIER_STATE
            )
        elif c == '"' or c == "'":
            self._error(f"missing-whitespace-after-doctype-{which}-keyword", pos)
            setattr(doctype, f"{which}_id", "")
            self.pos = pos + 1
            self.state = double_state if c == '"' else single_state
        elif c == ">":
            self._error(f"missing-doctype-{which}-identifier", pos)
            doctype.force_quirks = True  # type: ignore[union-attr]
            self._finish_doctype(pos)
        elif not c:
            self._eof_in_doctype(pos)
        else:
            self._error(f"missing-quote-before-doctype-{which}-identifier", pos)
            doctype.force_quirks = True  # type: ignore[union-attr]
            self.state = BOGUS_DOCTYPE_STATE

    def after_doctype_public_keyword_state(self) -> None:
        """https://html.spec.whatwg.org/#after-doctype-public-keyword-state"""
        self._after_doctype_keyword(
            "public",
            DOCTYPE_PUBLIC_IDENTIFIER_DOUBLE_QUOTED_STATE,
            DOCTYPE_PUBLIC_IDENTIFIER_SINGLE_QUOTED_STATE,
        )

    def after_doctype_system_keyword_state(self) -> None:
        """https://html.spec.whatwg.org/#after-doctype-system-keyword-state"""
        self._after_doctype_keyword(
            "system",
            DOCTYPE_SYSTEM_IDENTIFIER_DOUBLE_QUOTED_STATE,
            DOCTYPE_SYSTEM_IDENTIFIER_SINGLE_QUOTED_STATE,
        )

    def _before_doctype_identifier(self, which: str, double_state: int, single_state: int) -> None:
        """The before DOCTYPE public/system identifier states."""
        text = self.text
        pos = _WHITESPACE_RUN.match(text, self.pos).end()  # type: ignore[union-attr]
        self.pos = pos
        c = text[pos : pos + 1]
        doctype = self._doctype
        if c == '"' or c == "'":
            setattr(doctype, f"{which}_id", "")
            self.pos = pos + 1
            self.state = double_state if c == '"' else single_state
        elif c == ">":
            self._error(f"missing-doctype-{which}-identifier", pos)
            doctype.force_quirks = True  # type: ignore[union-attr]
            self._finish_doctype(pos)
        elif not c:
            self._eof_in_doctype(pos)
        else:
            self._error(f"missing-quote-before-doctype-{which}-identifier", pos)
            doctype.force_quirks = True  # type: ignore[union-attr]
            self.state = BOGUS_DOCTYPE_STATE

    def before_doctype_public_identifier_state(self) -> None:
        """https://html.spec.whatwg.org/#before-doctype-public-identifier-state"""
        self._before_doctype_identifier(
            "public",
            DOCTYPE_PUBLIC_IDENTIFIER_DOUBLE_QUOTED_STATE,
            DOCTYPE_PUBLIC_IDENTIFIER_SINGLE_QUOTED_STATE,
        )

    def before_doctype_system_identifier_state(self) -> None:
        """https://html.spec.whatwg.org/#before-doctype-system-identifier-state"""
        self._before_doctype_identifier(
            "system",
            DOCTYPE_SYSTEM_IDENTIFIER_DOUBLE_QUOTED_STATE,
            DOCTYPE_SYSTEM_IDENTIFIER_SINGLE_QUOTED_STATE,
        )

    def _doctype_identifier(self, which: str, run: re.Pattern, quote: str, after_state: int) -> None:
        """The DOCTYPE public/system identifier (double/single-quoted) states."""
        text = self.text
        pos = self.pos
        doctype = self._doctype
        attribute = f"{which}_id"
        m = run.match(text, pos)
        if m is not None:
            setattr(doctype, attribute, getattr(doctype, attribute) + m.group())
            pos = self.pos = m.end()
        c = text[pos : pos + 1]
        if c == quote:
            self.pos = pos + 1
            self.state = after_state
        elif c == "\x00":
            self._error("unexpected-null-character", pos)
            setattr(doctype, attribute, getattr(doctype, attribute) + "\ufffd")
            self.pos = pos + 1
        elif c == ">":
            self._error(f"abrupt-doctype-{which}-identifier", pos)
            doctype.force_quirks = True  # type: ignore[union-attr]
            self._finish_doctype(pos)
        else:
            self._eof_in_doctype(pos)

    def doctype_public_identifier_double_quoted_state(self) -> None:
        """https://html.spec.whatwg.org/#doctype-public-identifier-(double-quoted)-state"""
        self._doctype_identifier("public", _DOUBLE_QUOTED_ID_RUN, '"', AFTER_DOCTYPE_PUBLIC_IDENTIFIER_STATE)

    def doctype_public_identifier_single_quoted_state(self) -> None:
        """https://html.spec.whatwg.org/#doctype-public-identifier-(single-quoted)-state"""
        self._doctype_identifier("public", _SINGLE_QUOTED_ID_RUN, "'", AFTER_DOCTYPE_PUBLIC_IDENTIFIER_STATE)

    def doctype_system_identifier_double_quoted_state(self) -> None:
        """https://html.spec.whatwg.org/#doctype-system-identifier-(double-quoted)-state"""
        self._doctype_identifier("system", _DOUBLE_QUOTED_ID_RUN, '"', AFTER_DOCTYPE_SYSTEM_IDENTIFIER_STATE)

    def doctype_system_identifier_single_quoted_state(self) -> None:
        """https://html.spec.whatwg.org/#doctype-system-identifier-(single-quoted)-state"""
        self._doctype_identifier("system", _SINGLE_QUOTED_ID_RUN, "'", AFTER_DOCTYPE_SYSTEM_IDENTIFIER_STATE)

    def after_doctype_public_identifier_state(self) -> None:
        """https://html.spec.whatwg.org/#after-doctype-public-identifier-state"""
        pos = self.pos
        c = self.text[pos : pos + 1]
        doctype = self._doctype
        if c and c in _WHITESPACE:
            self.pos = pos + 1
            self.state = BETWEEN_DOCTYPE_PUBLIC_AND_SYSTEM_IDENTIFIERS_STATE
        elif c == ">":
            self._finish_doctype(pos)
        elif c == '"' or c == "'":
            self._error("missing-whitespace-between-doctype-public-and-system-identifiers", pos)
            doctype.system_id = ""  # type: ignore[union-attr]
            self.pos = pos + 1
            self.state = (
                DOCTYPE_SYSTEM_IDENTIFIER_DOUBLE_QUOTED_STATE
                if c == '"'
                else DOCTYPE_SYSTEM_IDENTIFIER_SINGLE_QUOTED_STATE
            )
        elif not c:
            self._eof_in_doctype(pos)
        else:
            self._error("missing-quote-before-doctype-system-identifier", pos)
            doctype.force_quirks = True  # type: ignore[union-attr]
            self.state = BOGUS_DOCTYPE_STATE

    def between_doctype_public_and_system_identifiers_state(self) -> None:
        """https://html.spec.whatwg.org/#between-doctype-public-and-system-identifiers-state"""
        text = self.text
        pos = _WHITESPACE_RUN.match(text, self.pos).end()  # type: ignore[union-attr]
        self.pos = pos
        c = text[pos : pos + 1]
        doctype = self._doctype
        if c == ">":
            self._finish_doctype(pos)
        elif c == '"' or c == "'":
            doctype.system_id = ""  # type: ignore[union-attr]
            self.pos = pos + 1
            self.state = (
                DOCTYPE_SYSTEM_IDENTIFIER_DOUBLE_QUOTED_STATE
                if c == '"'
                else DOCTYPE_SYSTEM_IDENTIFIER_SINGLE_QUOTED_STATE
            )
        elif not c:
            self._eof_in_doctype(pos)
        else:
            self._error("missing-quote-before-doctype-system-identifier", pos)
            doctype.force_quirks = True  # type: ignore[union-attr]
            self.state = BOGUS_DOCTYPE_STATE

    def after_doctype_system_identifier_state(self) -> None:
        """https://html.spec.whatwg.org/#after-doctype-system-identifier-state"""
        text = self.text
        pos = _WHITESPACE_RUN.match(text, self.pos).end()  # type: ignore[union-attr]
        self.pos = pos
        c = text[pos : pos + 1]
        if c == ">":
            self._finish_doctype(pos)
        elif not c:
            self._eof_in_doctype(pos)
        else:
            # Does not set the force-quirks flag.
            self._error("unexpected-character-after-doctype-system-identifier", pos)
            self.state = BOGUS_DOCTYPE_STATE

    def bogus_doctype_state(self) -> None:
        """https://html.spec.whatwg.org/#bogus-doctype-state"""
        text = self.text
        pos = self.pos
        m = _BOGUS_DOCTYPE_RUN.match(text, pos)
        if m is not None:
            pos = self.pos = m.end()
        c = text[pos : pos + 1]
        if c == ">":
            self._finish_doctype(pos)
        elif not c:
            self._emit_doctype(pos)
            self._emit_eof()
        else:
            self._error("unexpected-null-character", pos)
            self.pos = pos + 1


# Method name of each state, indexed by state number.
_STATE_METHODS: Final = [""] * _STATE_COUNT
for _name, _value in list(globals().items()):
    if _name.endswith("_STATE") and isinstance(_value, int):
        _STATE_METHODS[_value] = _name.lower()
assert all(_STATE_METHODS) and all(hasattr(Tokenizer, name) for name in _STATE_METHODS)
# The state functions themselves, called as ``function(tokenizer)``.
_STATE_FUNCTIONS: Final = [getattr(Tokenizer, name) for name in _STATE_METHODS]


class _ForwardingSink(IgnoringSink):
    """Hands each token on to a sink that is no IgnoringSink (the compiled
    build's Tokenizer calls its sink as an IgnoringSink)."""

    __slots__ = ("sink",)

    def __init__(self, sink: TokenSink) -> None:
        self.sink = sink

    def characters(self, data: str, pos: int) -> None:
        self.sink.characters(data, pos)

    def start_tag(self, tag: StartTag) -> None:
        self.sink.start_tag(tag)

    def end_tag(self, tag: EndTag) -> None:
        self.sink.end_tag(tag)

    def comment(self, data: str, pos: int) -> None:
        self.sink.comment(data, pos)

    def processing_instruction(self, target: str, data: str, pos: int) -> None:
        self.sink.processing_instruction(target, data, pos)

    def doctype(self, doctype: Doctype) -> None:
        self.sink.doctype(doctype)

    def eof(self, pos: int) -> None:
        self.sink.eof(pos)

    def cdata_allowed(self) -> bool:
        return bool(self.sink.cdata_allowed())


class _Collector(IgnoringSink):
    """A sink that collects tokens in the html5lib-tests shape (see
    :func:`tokenize`), coalescing adjacent character tokens (in a list
    joined once, so many small runs stay linear)."""

    __slots__ = ("tokens", "allow_cdata", "_text")

    def __init__(self, allow_cdata: bool = False) -> None:
        self.tokens: list[tuple] = []
        self.allow_cdata = allow_cdata
        self._text: list[str] = []

    def _flush(self) -> None:
        if self._text:
            self.tokens.append(("Character", "".join(self._text)))
            self._text = []

    def characters(self, data: str, pos: int) -> None:
        self._text.append(data)

    def start_tag(self, tag: StartTag) -> None:
        self._flush()
        self.tokens.append(("StartTag", tag.name, tag.attrs, tag.self_closing))

    def end_tag(self, tag: EndTag) -> None:
        self._flush()
        self.tokens.append(("EndTag", tag.name))

    def comment(self, data: str, pos: int) -> None:
        self._flush()
        self.tokens.append(("Comment", data))

    def processing_instruction(self, target: str, data: str, pos: int) -> None:
        self._flush()
        self.tokens.append(("ProcessingInstruction", target, data))

    def doctype(self, doctype: Doctype) -> None:
        self._flush()
        self.tokens.append(
            ("DOCTYPE", doctype.name, doctype.public_id, doctype.system_id, not doctype.force_quirks)
        )

    def eof(self, pos: int) -> None:
        self._flush()

    def cdata_allowed(self) -> bool:
        return self.allow_cdata


# The states a caller may start in (tokens.py; the tests' initial states).
_INITIAL_STATES: Final = frozenset(
    {DATA_STATE, RCDATA_STATE, RAWTEXT_STATE, SCRIPT_DATA_STATE, PLAINTEXT_STATE, CDATA_SECTION_STATE}
)


def tokenize(
    text: str | object,
    *,
    state: int | object = DATA_STATE,
    last_start_tag: str | None | object = None,
    errors: list[ParseError] | None | object = None,
    cdata_allowed: bool | object = False,
    fast_paths: bool | object = True,
) -> list[tuple]:
    """Tokenize ``text`` alone (no tree construction: the state only changes
    as the tokenizer itself changes it) and return the tokens as tuples in
    the shape of html5lib-tests, adjacent characters coalesced:

    * ``("Character", data)``
    * ``("StartTag", name, attrs, self_closing)``
    * ``("EndTag", name)``
    * ``("Comment", data)``
    * ``("ProcessingInstruction", target, data)`` (html5lib-tests has no
      form for it: the 2026 token postdates the suite)
    * ``("DOCTYPE", name, public_id, system_id, correctness)`` where
      ``correctness`` is ``not force_quirks`` as in html5lib-tests.

    ``cdata_allowed`` answers the markup declaration open state's question
    (is the adjusted current node a foreign element?).
    """
    # (The class first: mypy narrows a value found in a tuple of ints to
    # int, and the compiled build then unboxes True as 1.)
    if state.__class__ is not int or state not in _INITIAL_STATES:
        raise ValueError(
            f"state must be one of DATA_STATE, RCDATA_STATE, RAWTEXT_STATE, SCRIPT_DATA_STATE, "
            f"PLAINTEXT_STATE, CDATA_SECTION_STATE (specparser.tokens), not {state!r}"
        )
    # (The annotations are wide for the compiled build: see Tokenizer.)
    last_tag = check_optional_str(last_start_tag, "tokenize()", "last_start_tag")
    sink = _Collector(check_flag(cdata_allowed, "tokenize()", "cdata_allowed"))
    tokenizer = Tokenizer(text, sink, errors=errors, fast_paths=fast_paths)
    tokenizer.state = state
    tokenizer.last_start_tag = last_tag
    tokenizer.run()
    return sink.tokens
