"""Tokens and the contract between the tokenizer and its consumer.

https://html.spec.whatwg.org/#tokenization

The tokenizer *pushes* tokens into a sink (see :class:`TokenSink`); it never
builds a list unless asked to.  Character data and comments are passed as
plain strings with their source offset, processing instructions as their
target and data strings; tags and DOCTYPEs are small slotted objects.
Offsets are indexes into the *preprocessed* input (after CR LF and
lone CR became LF): line and column are computed from them only when someone
asks (see :mod:`specparser.errors`).

Between two tokens the sink may change ``tokenizer.state`` (one of the
``*_STATE`` constants below): the tree construction stage does this after a
``<title>``, ``<script>``, ``<plaintext>`` ... start tag.  The tokenizer reads
the state again before it consumes the next character.
"""

from __future__ import annotations

from typing import Final, Protocol

from ._mypyc import mypyc_attr

__all__ = [
    "CDATA_SECTION_STATE",
    "DATA_STATE",
    "PLAINTEXT_STATE",
    "RAWTEXT_STATE",
    "RCDATA_STATE",
    "SCRIPT_DATA_STATE",
    "Doctype",
    "EndTag",
    "IgnoringSink",
    "StartTag",
    "TokenSink",
]

# The tokenizer states that the tree construction stage (and the tokenizer
# tests) may switch to.  https://html.spec.whatwg.org/#data-state etc.
DATA_STATE: Final = 0
RCDATA_STATE: Final = 1
RAWTEXT_STATE: Final = 2
SCRIPT_DATA_STATE: Final = 3
PLAINTEXT_STATE: Final = 4
CDATA_SECTION_STATE: Final = 5  # only used as an initial state by the tokenizer tests


class StartTag:
    """A start tag token.

    ``name`` is lower-cased.  ``attrs`` maps attribute names (lower-cased) to
    values in source order; a duplicate attribute is dropped (with a
    ``duplicate-attribute`` error) so the first one wins.  ``pos`` is the
    offset of the ``<`` that began the tag, ``end`` the offset just after the
    closing ``>``.
    """

    __slots__ = ("name", "attrs", "self_closing", "pos", "end")

    def __init__(
        self,
        name: str,
        attrs: dict[str, str],
        self_closing: bool = False,
        pos: int = 0,
        end: int = 0,
    ) -> None:
        self.name = name
        self.attrs = attrs
        self.self_closing = self_closing
        self.pos = pos
        self.end = end

    def __repr__(self) -> str:
        return f"StartTag({self.name!r}, {self.attrs!r}, self_closing={self.self_closing})"


class EndTag:
    """An end tag token.  Attributes and the self-closing flag of end tags are
    parse errors and are not kept."""

    __slots__ = ("name", "pos", "end")

    def __init__(self, name: str, pos: int = 0, end: int = 0) -> None:
        self.name = name
        self.pos = pos
        self.end = end

    def __repr__(self) -> str:
        return f"EndTag({self.name!r})"


class Doctype:
    """A DOCTYPE token.  Missing name or identifiers are ``None``."""

    __slots__ = ("name", "public_id", "system_id", "force_quirks", "pos")

    def __init__(
        self,
        name: str | None = None,
        public_id: str | None = None,
        system_id: str | None = None,
        force_quirks: bool = False,
        pos: int = 0,
    ) -> None:
        self.name = name
        self.public_id = public_id
        self.system_id = system_id
        self.force_quirks = force_quirks
        self.pos = pos

    def __repr__(self) -> str:
        return (
            f"Doctype({self.name!r}, {self.public_id!r}, {self.system_id!r}, "
            f"force_quirks={self.force_quirks})"
        )


class TokenSink(Protocol):
    """What the tokenizer emits tokens into.

    ``characters`` may be called several times in a row for one run of text
    (consumers must not assume maximal runs).  In the data state a U+0000 is
    passed through unchanged (the tree construction stage decides what it
    means); in every other state the tokenizer has already replaced it with
    U+FFFD.

    A sink may also have a true attribute ``borrows_tags``: it promises to
    read each :class:`StartTag` / :class:`EndTag` only during the call and
    to keep no reference to it (it may keep the ``attrs`` dict, which is new
    for every tag).  The tokenizer may then hand it the same token object,
    filled in anew, for successive tags.  Without it every tag is a new
    object.
    """

    def characters(self, data: str, pos: int) -> None: ...

    def start_tag(self, tag: StartTag) -> None: ...

    def end_tag(self, tag: EndTag) -> None: ...

    def comment(self, data: str, pos: int) -> None: ...

    def processing_instruction(self, target: str, data: str, pos: int) -> None:
        """A processing instruction token
        (https://html.spec.whatwg.org/#processing-instruction-open-state,
        2026): ``target`` as written (case kept), ``data`` with a U+0000
        left as it is; ``pos`` is the offset of its ``<``."""
        ...

    def doctype(self, doctype: Doctype) -> None: ...

    def eof(self, pos: int) -> None: ...

    def cdata_allowed(self) -> bool:
        """True when there is an adjusted current node and it is not an
        element in the HTML namespace (markup declaration open state)."""
        ...


@mypyc_attr(allow_interpreted_subclasses=True)  # subclassed by users
class IgnoringSink:
    """A :class:`TokenSink` that ignores every token: subclass it and
    override the methods for the tokens you want (a sink that only counts
    start tags needs only ``start_tag``)."""

    __slots__ = ()

    def characters(self, data: str, pos: int) -> None:
        pass

    def start_tag(self, tag: StartTag) -> None:
        pass

    def end_tag(self, tag: EndTag) -> None:
        pass

    def comment(self, data: str, pos: int) -> None:
        pass

    def processing_instruction(self, target: str, data: str, pos: int) -> None:
        pass

    def doctype(self, doctype: Doctype) -> None:
        pass

    def eof(self, pos: int) -> None:
        pass

    def cdata_allowed(self) -> bool:
        return False
