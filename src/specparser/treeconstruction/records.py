"""The parser's own element records and the insertion-mode table type.

The stack of open elements and the list of active formatting elements hold
:class:`ElementRecord` objects, never bare builder nodes: the algorithm reads
names, namespaces and category bits from the record and never asks the
TreeBuilder about a node.  The list of active formatting elements is a
chain of :class:`FormattingSegment`, one per marker.
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
    "FormattingSegment",
    "Handler",
    "Mode",
    "ProcessingInstructionToken",
    "WALK_BEFORE_LOOKUP",
    "foreign_key",
    "new_record",
]

# How many elements a walk down the stack of open elements that tree
# construction can also answer from the stack's indexes ("any other end
# tag" in body and in foreign content) takes before it looks the answer up;
# and how many entries a walk back through the list of active formatting
# elements for a name takes before the list starts its index by name.
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


# A marker of the list of active formatting elements, in
# FormattingSegment.entries().
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
        "aseg",
        "aprev",
        "anext",
        "aidx",
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
        # In the list of active formatting elements (see FormattingSegment):
        # the segment holding the record (None when it is not in the list;
        # read only once ``akey`` is set), its neighbours there, and its
        # place in the segment's ``names`` index.
        self.aseg: FormattingSegment | None = None
        self.aprev: ElementRecord | None = None
        self.anext: ElementRecord | None = None
        self.aidx = -1
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


class FormattingSegment:
    """The entries of the list of active formatting elements
    (https://html.spec.whatwg.org/#list-of-active-formatting-elements)
    between one marker and the next marker or the end of the list; the
    outermost segment holds those before the first marker.  The parser
    holds the innermost segment; ``outer`` is the segment before its
    marker (``None`` for the outermost, which has no marker).

    The entries form a doubly linked list through the records' ``aprev``
    and ``anext`` (``first``/``last``; ``None`` at the marker), so removing
    an entry anywhere and inserting one after another (the adoption
    agency's bookmark) take O(1).  Two indexes answer walks the spec's
    steps make over the entries after the last marker: ``keys`` (Noah's
    Ark key -> the entries with that key, in list order: at most three),
    and, once a walk back for a name has grown long (see
    TreeConstructor.formatting_element_after_last_marker), ``names`` (tag
    name -> the entries of that name in list order, ``None`` where one was
    removed; never ``None`` at the end, so the last item is the last entry
    of that name; ``None`` until then).  A record in the list has its
    segment in ``aseg`` and, with ``names``, its place there in ``aidx``;
    a record removed has ``aseg`` ``None`` and no links (no reference
    cycle outlives its time in the list).

    An entry replaced by an element for the same token leaves it its
    places in the indexes.  The adoption agency's new formatting element
    also moves (after the bookmark): it is the last entry of its name
    after the move as before it (it goes after an entry that followed the
    old one), so the old one's places stay right.
    tests/test_tree_fast_paths.py checks the indexes against the linked
    list after every token."""

    __slots__ = ("outer", "first", "last", "keys", "names")

    def __init__(self, outer: FormattingSegment | None) -> None:
        self.outer = outer
        self.first: ElementRecord | None = None
        self.last: ElementRecord | None = None
        self.keys: dict[Any, list[ElementRecord]] = {}
        self.names: dict[str, list[ElementRecord | None]] | None = None

    def index_names(self) -> dict[str, list[ElementRecord | None]]:
        """Start the ``names`` index (once)."""
        names = self.names
        if names is None:
            self.names = names = {}
            rec = self.first
            while rec is not None:
                self.index_name(rec)
                rec = rec.anext
        return names

    def index_name(self, rec: ElementRecord) -> None:
        """Add ``rec``, now the last entry, to ``names``."""
        names = self.names
        if names is None:
            return
        named = names.get(rec.name)
        if named is None:
            rec.aidx = 0
            names[rec.name] = [rec]
        else:
            rec.aidx = len(named)
            named.append(rec)

    def remove(self, rec: ElementRecord) -> None:
        """Remove ``rec``, an entry of this segment."""
        self._unlink(rec)
        rec.aseg = None
        key = rec.akey
        same = self.keys[key]
        if same[-1] is rec:
            same.pop()
        else:
            del same[_index_of(same, rec)]
        if not same:
            # No key outlives its entries: distinct <a href>s would grow
            # the dict for good.
            del self.keys[key]
        names = self.names
        if names is not None:
            named = names[rec.name]
            i = rec.aidx
            if i == len(named) - 1:
                named.pop()
                while named and named[-1] is None:
                    named.pop()
                if not named:
                    del names[rec.name]
            else:
                named[i] = None

    def replace(self, old: ElementRecord, new: ElementRecord) -> None:
        """Put ``new`` (an element for the same token) in ``old``'s place."""
        self._link(new, old.aprev, old.anext)
        old.aprev = old.anext = old.aseg = None
        new.aseg = self
        new.akey = key = old.akey
        same = self.keys[key]
        same[_index_of(same, old)] = new
        names = self.names
        if names is not None:
            new.aidx = i = old.aidx
            names[old.name][i] = new

    def move_after(self, rec: ElementRecord, entry: ElementRecord) -> None:
        """Move ``rec`` to just after ``entry``, an entry of this segment.
        (The adoption agency's bookmark is one: it is an entry above the
        formatting element on the stack of open elements, and the entries
        of an earlier segment that are on the stack are all below those of
        the last, which alone gain elements and move up.)"""
        if entry.anext is rec:
            return
        self._unlink(rec)
        self._link(rec, entry, entry.anext)

    def _link(self, rec: ElementRecord, prev: ElementRecord | None, after: ElementRecord | None) -> None:
        """Link ``rec`` in between ``prev`` and ``after`` (neighbours, or
        ``None`` at either end of the segment)."""
        rec.aprev = prev
        rec.anext = after
        if prev is None:
            self.first = rec
        else:
            prev.anext = rec
        if after is None:
            self.last = rec
        else:
            after.aprev = rec

    def _unlink(self, rec: ElementRecord) -> None:
        prev = rec.aprev
        after = rec.anext
        if prev is None:
            self.first = after
        else:
            prev.anext = after
        if after is None:
            self.last = prev
        else:
            after.aprev = prev
        rec.aprev = rec.anext = None

    def clear(self) -> None:
        """Remove every entry, the last first (see
        TreeConstructor._release_the_list_of_active_formatting_elements)."""
        self.keys.clear()
        self.names = None
        rec = self.last
        self.first = self.last = None
        while rec is not None:
            prev = rec.aprev
            rec.aprev = rec.anext = rec.aseg = None
            if prev is not None:
                prev.anext = None
            rec = prev

    def entries(self) -> list[ElementRecord | None]:
        """The whole list, from its start to the end of this segment, with
        ``MARKER`` for the markers (tests and debugging)."""
        segments = []
        segment: FormattingSegment | None = self
        while segment is not None:
            segments.append(segment)
            segment = segment.outer
        out: list[ElementRecord | None] = []
        for segment in reversed(segments):
            if segment.outer is not None:
                out.append(MARKER)
            rec = segment.first
            while rec is not None:
                out.append(rec)
                rec = rec.anext
        return out


def _index_of(records: list[ElementRecord], rec: ElementRecord) -> int:
    """The place of ``rec`` in ``records`` (by identity)."""
    for i in range(len(records)):
        if records[i] is rec:
            return i
    raise ValueError("not in the list")


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
