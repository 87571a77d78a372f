"""The parser's own element records and the insertion-mode table type.

The stack of open elements and the list of active formatting elements hold
:class:`ElementRecord` objects, never bare builder nodes: the algorithm reads
names, namespaces and category bits from the record and never asks the
TreeBuilder about a node.  A ``None`` entry in the list of active formatting
elements is a marker.
"""

from __future__ import annotations

from typing import Any, Callable, Final, NamedTuple

from .._compiled import COMPILED
from ..constants import HTML_NAMESPACE, MATHML_NAMESPACE
from ..infra import ascii_lowercase
from ..tables.elements import (
    ANNOTATION_XML_HTML_ENCODINGS,
    FLAGS_BY_NAMESPACE,
    HTML_INTEGRATION_POINT,
    HTML_RECORD_FLAGS,
    PLAIN_HTML_RECORD,
)

__all__ = [
    "MARKER",
    "ElementRecord",
    "Handler",
    "Mode",
    "ProcessingInstructionToken",
    "SelectState",
    "WALK_BEFORE_LOOKUP",
    "foreign_key",
    "new_record",
]

# How many elements a walk down the stack of open elements that tree
# construction can also answer from the stack's indexes ("any other end
# tag" in body and in foreign content) takes before it looks the answer up.
WALK_BEFORE_LOOKUP: Final = 8


def foreign_key(name: str) -> str:
    """The key of ``by_name`` under which the SVG and MathML records named
    ``name`` are: the name converted to ASCII lowercase (as foreign
    content's "any other end tag" compares it), after a space, which no tag
    name holds (so no HTML name is such a key)."""
    key = _FOREIGN_KEYS.get(name)
    if key is None:
        key = " " + ascii_lowercase(name)
        if len(_FOREIGN_KEYS) < _FOREIGN_KEYS_KEPT:
            _FOREIGN_KEYS[name] = key
    return key


# foreign_key's answers for the names seen, up to a bound (a document can
# make up any number of names).
_FOREIGN_KEYS: Final[dict[str, str]] = {}
_FOREIGN_KEYS_KEPT: Final = 2048


# The marker of the list of active formatting elements.
MARKER: Final = None


class ElementRecord:
    """One element the parser created (or the fragment's context element).

    ``hname`` is the local name for HTML elements and ``None`` otherwise, so
    "an HTML element whose tag name is X" is one comparison.  ``extra`` holds
    a template's contents node or a select's :class:`SelectState`, and for
    an SVG or MathML element on the stack of open elements the nearest HTML
    element's record below it.
    """

    __slots__ = (
        "node",
        "name",
        "ns",
        "attrs",
        "flags",
        "pos",
        "hname",
        "on_stack",
        "index",
        "akey",
        "extra",
    )

    def __init__(self, node: Any, name: str, ns: str, attrs: dict, pos: int = -1) -> None:
        self.node = node
        self.name = name
        self.ns = ns
        self.attrs = attrs
        self.pos = pos
        self.on_stack = False
        self.index = -1  # position in the stack of open elements
        # Noah's Ark key, set when put in the list of active formatting
        # elements; for SVG and MathML elements on the stack, foreign_key().
        self.akey: Any = None
        self.extra: Any = None
        if ns == HTML_NAMESPACE:
            self.hname: str | None = name
            self.flags = HTML_RECORD_FLAGS.get(name, PLAIN_HTML_RECORD)
        else:
            self.hname = None
            flags = FLAGS_BY_NAMESPACE.get(ns, {}).get(name, 0)
            # https://html.spec.whatwg.org/#html-integration-point
            if (
                name == "annotation-xml"
                and ns == MATHML_NAMESPACE
                and ascii_lowercase(attrs.get("encoding", "")) in ANNOTATION_XML_HTML_ENCODINGS
            ):
                flags |= HTML_INTEGRATION_POINT
            self.flags = flags

    def __repr__(self) -> str:
        return f"<ElementRecord {self.name} {self.ns}>"



def _constructed_record(cls: type[ElementRecord]) -> ElementRecord:
    """A record whose fields the caller sets, made by the constructor: a
    class mypyc compiled can only be made through its ``__init__``.  (The
    class named, not ``cls``: a direct call of the compiled constructor;
    ``cls`` is always ElementRecord.)"""
    return ElementRecord(None, "", HTML_NAMESPACE, _NO_ATTRIBUTES)


# The placeholder attributes of _constructed_record (the caller replaces them).
_NO_ATTRIBUTES: Final[dict[str, str]] = {}


# ``new_record(ElementRecord)``: a record whose fields the caller sets all
# of.  The pure build skips ``__init__`` (object.__new__, the tree
# constructor's hot path); the compiled build must call it.
new_record: Callable[[type[ElementRecord]], ElementRecord] = (
    _constructed_record if COMPILED else object.__new__
)

class SelectState:
    """What the parser tracks for a ``<select>``: its first
    ``<selectedcontent>`` and the option that is selected so far
    (https://html.spec.whatwg.org/#maybe-clone-an-option-into-selectedcontent)."""

    __slots__ = ("selectedcontent", "selected_option", "multiple")

    def __init__(self, multiple: bool) -> None:
        self.selectedcontent: ElementRecord | None = None
        self.selected_option: ElementRecord | None = None
        self.multiple = multiple


Handler = Callable[..., Any]


class ProcessingInstructionToken(NamedTuple):
    """A processing instruction token as the insertion modes' comment
    handlers receive it (see :meth:`TreeConstructor.processing_instruction`)."""

    target: str
    data: str


class Mode:
    """One insertion mode as data: dicts from tag name to handler, with
    defaults for "any other start tag" / "any other end tag", plus the
    handlers for the other token types.

    Handlers receive the :class:`~specparser.treeconstruction.core.TreeConstructor`
    and the token.  The comment handler also gets the processing
    instruction tokens (as a ``ProcessingInstructionToken`` in place of the
    comment's data): since 2026 every mode puts them where it puts comments.  A start/end/comment/doctype/eof handler returns a true
    value when the token must be reprocessed (in the insertion mode it has
    just switched to); a character handler returns the characters still to
    be reprocessed, or ``None``.
    """

    __slots__ = (
        "name",
        "start",
        "start_default",
        "end",
        "end_default",
        "characters",
        "comment",
        "doctype",
        "eof",
    )

    def __init__(self, name: str) -> None:
        self.name = name
        self.start: dict[str, Handler] = {}
        self.end: dict[str, Handler] = {}
        self.start_default: Handler = _unset
        self.end_default: Handler = _unset
        self.characters: Handler = _unset
        self.comment: Handler = _unset
        self.doctype: Handler = _unset
        self.eof: Handler = _unset

    def on_start(self, names: str, handler: Handler) -> None:
        for name in names.split():
            self.start[name] = handler

    def on_end(self, names: str, handler: Handler) -> None:
        for name in names.split():
            self.end[name] = handler

    def __repr__(self) -> str:
        return f"<Mode {self.name}>"


def _unset(*args: Any) -> Any:
    raise AssertionError("insertion mode table is incomplete")
