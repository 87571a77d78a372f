"""``<template for>``: declarative out-of-order streaming (whatwg/html
2ff023fb, 2026-08-20), as Chromium 156 ships it by default.

A ``<template for="name">`` whose name matches an earlier
``<?marker name="name">`` or ``<?start name="name">`` ... ``<?end>`` range in
its scope does not become an element of the tree: its children are
inserted at the marker (before it), or in place of the range, and the
markers are removed at ``</template>``.  With no match it is an ordinary
template.

What is confirmed in the standard's text (../shared/spec/2026-changes.md
section 4, [std]): the redirection inside "appropriate place for inserting a
node" (:meth:`TemplatePatch.location`).  The rest follows a secondary
transcription of the standard ([2nd]), WPT and Chromium 156 (its parser,
``DOMParser`` and ``innerHTML`` all apply it, with the same results; the
cases are in tests/test_template_for.py):

* The lookup ("prepare content patching", its "find markers") searches the
  *descendants* of the *scope*: the parent the template would be inserted
  into (the html element instead of the body; a template's contents for a
  template).  A template's contents are a separate DocumentFragment, not
  descendants of the template: a marker inside contents matches only a
  ``<template for>`` inside the same contents.  A marker outside the scope,
  or after the template, does not match.
* The processing instructions that count are the parser's own, with the
  targets ``marker``, ``start`` and ``end`` exactly (case-sensitive:
  Chromium ignores ``<?MARKER ...>``).  The name is the ``name`` entry of
  the DOM's processing-instruction attribute map
  (:func:`processing_instruction_attributes`): the data parsed XML-like, all
  or nothing.  ``for`` must equal the name exactly (no trimming,
  case-sensitive); an empty ``for`` never matches.  The first match in tree
  order wins.
* A ``start`` range ends at the first following *sibling* ``end`` at the
  same nesting depth (sibling ``start`` PIs nest, whatever their data), or
  at the end of the parent; the nodes between are removed at once.
* The markers are removed at ``</template>``, and also when the end of the
  input pops the template (WPT
  ``html/semantics/scripting-1/the-template-element/template-for/template-for-eof.html``,
  "EOF should finalize patching", and Chromium 156; docs/conformance.md).

Cost: the parser indexes its marker PIs by name, so a lookup looks only at
the markers with its name, kept in tree order, each lookup a binary search
(tests/test_scaling.py has the shapes, tests/test_template_for_order.py
checks it against a brute-force search):

* Inserting nodes, anywhere, never changes the relative order of existing
  ones: foster parenting and insertion before a node (a patch) only make
  the *next* markers suspect (``events``).  A marker made with no such
  event since the last one of its name was placed comes after all of them
  (the parser appends at the end of the current node, and what follows it
  in tree order was placed by an event): it is appended.  Another waits
  in ``pending`` and is placed at the next lookup, after the last marker
  (one comparison: at the two nodes' lowest common ancestor, found from
  their places (see below), the siblings are read in turn from both, and
  past a few steps the parent's children once, kept until a node moves) or
  where a binary search of comparisons puts it.
* Only the adoption agency moves nodes (:meth:`ContentPatching.moving`):
  it moves the furthest block, with its subtree, to the end of the common
  ancestor (or before a table, or a patch's end marker).  When nothing but
  that subtree lies between the two places (the block and its ancestors
  are last children, up to the new parent; always so in practice) the
  order stays; otherwise every name's markers are sorted again (each
  marker's key is its path of child positions) at their next lookup.
* While creation order is also tree order (no event since the oldest
  marker of the name), the markers in an open scope are the ones made
  after its place: a binary search of climbs (in or out of the scope)
  finds the first.  Otherwise the binary search tells the markers before
  the scope from those in it and after it (the scope's descendants are a
  run in tree order), comparing at the lowest common ancestor.
* Where a marker is, against a scope or another marker, is found without
  climbing the depth each time, whatever the scope: every node met
  climbing from a marker or a scope gets a place (:class:`_Place`: its
  depth and a jump pointer, so a climb to a depth or to the lowest common
  ancestor of two nodes takes O(log depth) jumps), kept for every later
  lookup until a node that has one moves (the adoption agency moves the
  furthest block with its subtree: the places below it no longer hold)
  or nodes leave the tree (a range's nodes; ``epoch``).  A climb that
  meets the scope within a few steps places nothing: the nodes it met
  are kept as inside the scope for its next lookups (``_Scope``), and a
  move of the scope itself keeps them (the adoption agency nesting the
  markers one level deeper below the same scope before each lookup).

What is left: the adoption agency moving a node that has a place before
every lookup, with markers far below it, places them again each time
(the depth per lookup); no document was found that does it.  The sort
after a move that changes the markers' order climbs every marker's depth;
no document was found that makes such a move (30,000 random documents of
markers, tables, formatting elements and templates: ``moving`` found every
move order-keeping).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from typing import Any, Final

__all__ = [
    "MARKER_TARGETS",
    "ContentPatching",
    "TemplatePatch",
    "processing_instruction_attributes",
    "pseudo_attribute",
]

# The processing instruction targets content patching looks at.
MARKER_TARGETS: Final = frozenset({"marker", "start", "end"})

# -- the processing-instruction attribute map ------------------------------
#
# https://dom.spec.whatwg.org/#concept-processinginstruction-attribute-map
# (whatwg/dom PR 1454, merged 2026-06): "the parsing is XML-like, and case
# sensitive" (the PR's description).  The algorithm's own text was not found
# in any copy that could be read (docs/conformance.md); what is implemented
# is XML 1.0's attribute syntax, as WPT dom/processing-instruction-
# attributes.html tests it (unquoted values rejected, "_x" a valid name,
# names case-sensitive) and as Chromium 156 parses it, checked case by case
# (tests/test_processing_instructions.py):
#
#   data      ::= S? (Attribute (S Attribute)*)? S?
#   Attribute ::= Name S? '=' S? AttValue         (XML 1.0 [41], [25])
#   AttValue  ::= '"' ([^<&"] | Reference)* '"' | "'" ([^<&'] | Reference)* "'"
#
# with S = space, tab, LF, CR (not FF), Name = XML 1.0's Name production,
# the five predefined entities and decimal / hexadecimal ("&#x", lowercase)
# character references to a Char, every character a Char (no U+0000, no
# other C0 control but tab, LF, CR), attribute-value normalization (a
# literal tab, LF, CR or CR LF in a value is one space), and a name given
# twice (case-sensitively) an error.  Any error leaves the map empty.
# The items are split by one small pattern and checked afterwards (the
# classes of XML's Name and Char productions in one pattern took 0.1 s to
# compile, at import).
_ATTRIBUTE: Final = re.compile("([^\t\n\r =]+)[\t\n\r ]*=[\t\n\r ]*(?:\"([^\"]*)\"|'([^']*)')")
_SPACES: Final = re.compile("[\t\n\r ]*")
# In a value: "<", a character that is no XML Char, or a "&" that starts
# no reference.
_NOT_IN_A_VALUE: Final = re.compile(
    # (The surrogates as the regular expression's escapes: mypyc takes no
    # surrogate in a string literal.)
    "[<\x00-\x08\x0b\x0c\x0e-\x1f\\ud800-\\udfff\ufffe\uffff]"
    "|&(?!(?:lt|gt|amp|apos|quot|#[0-9]+|#x[0-9a-fA-F]+);)"
)
_REFERENCE: Final = re.compile("&(?:lt|gt|amp|apos|quot|#[0-9]+|#x[0-9a-fA-F]+);")
_NORMALIZED_SPACE: Final = re.compile("\r\n|[\t\n\r]")
_PREDEFINED: Final = {"&lt;": "<", "&gt;": ">", "&amp;": "&", "&apos;": "'", "&quot;": '"'}
_ASCII_NAME: Final = re.compile("[:A-Z_a-z][-.0-9:A-Z_a-z]*")
# XML 1.0 (fifth edition) [4] NameStartChar and the rest of [4a] NameChar.
_NAME_START: Final = (
    (0x3A, 0x3A), (0x41, 0x5A), (0x5F, 0x5F), (0x61, 0x7A), (0xC0, 0xD6), (0xD8, 0xF6),
    (0xF8, 0x2FF), (0x370, 0x37D), (0x37F, 0x1FFF), (0x200C, 0x200D), (0x2070, 0x218F),
    (0x2C00, 0x2FEF), (0x3001, 0xD7FF), (0xF900, 0xFDCF), (0xFDF0, 0xFFFD), (0x10000, 0xEFFFF),
)
_NAME_MORE: Final = ((0x2D, 0x2E), (0x30, 0x39), (0xB7, 0xB7), (0x300, 0x36F), (0x203F, 0x2040))


def _among(code: int, ranges: tuple[tuple[int, int], ...]) -> bool:
    return any(low <= code <= high for low, high in ranges)


def _is_name(name: str) -> bool:
    """XML 1.0 [5] Name."""
    if _ASCII_NAME.fullmatch(name):
        return True
    codes = [ord(c) for c in name]
    return _among(codes[0], _NAME_START) and all(
        _among(code, _NAME_START) or _among(code, _NAME_MORE) for code in codes[1:]
    )


def _is_char(code: int) -> bool:
    """XML 1.0 [2] Char."""
    return (
        code in (0x9, 0xA, 0xD)
        or 0x20 <= code <= 0xD7FF
        or 0xE000 <= code <= 0xFFFD
        or 0x10000 <= code <= 0x10FFFF
    )


def _attribute_value(raw: str) -> str | None:
    """The normalized value of an AttValue's text, or None when it is not
    one (see :data:`_NOT_IN_A_VALUE`; a character reference to a
    non-Char)."""
    if _NOT_IN_A_VALUE.search(raw):
        return None
    if "\t" in raw or "\n" in raw or "\r" in raw:
        raw = _NORMALIZED_SPACE.sub(" ", raw)
    if "&" not in raw:
        return raw
    parts = []
    last = 0
    for match in _REFERENCE.finditer(raw):
        parts.append(raw[last : match.start()])
        reference = match.group()
        if reference[1] != "#":
            parts.append(_PREDEFINED[reference])
        else:
            code = int(reference[3:-1], 16) if reference[2] == "x" else int(reference[2:-1])
            if not _is_char(code):
                return None
            parts.append(chr(code))
        last = match.end()
    parts.append(raw[last:])
    return "".join(parts)


def processing_instruction_attributes(data: str) -> dict[str, str]:
    """The attribute map of a processing instruction whose data is
    ``data``: the pseudo-attributes, in order, or an empty map when any
    part of the data is not one (see the grammar above)."""
    attributes: dict[str, str] = {}
    end = len(data)
    position = _SPACES.match(data).end()  # type: ignore[union-attr]
    while position < end:
        match = _ATTRIBUTE.match(data, position)
        if match is None:
            return {}
        name = match.group(1)
        raw = match.group(2)
        value = _attribute_value(raw if raw is not None else match.group(3))
        if value is None or name in attributes or not _is_name(name):
            return {}
        attributes[name] = value
        position = match.end()
        following = _SPACES.match(data, position).end()  # type: ignore[union-attr]
        if following == position and position < end:
            return {}  # no whitespace between two attributes
        position = following
    return attributes


def pseudo_attribute(data: str, name: str) -> str | None:
    """https://dom.spec.whatwg.org/#get-a-processing-instruction-attribute:
    the value of the attribute ``name`` in the attribute map of data
    ``data``, or None."""
    return processing_instruction_attributes(data).get(name)


class TemplatePatch:
    """A ``<template for>`` that matched: its *insertion target* (the
    markers' parent) and its *insertion start / end markers* (for a point
    marker both are the marker; for a range without ``<?end>`` the end is
    None), and the start marker's creation number.  Held in the
    template's record instead of its contents."""

    __slots__ = ("target", "start", "end", "number")

    def __init__(self, target: Any, start: Any, end: Any, number: int = 0) -> None:
        self.target = target
        self.start = start
        self.end = end
        self.number = number

    def location(self, builder: Any) -> tuple[Any, Any]:
        """https://html.spec.whatwg.org/#appropriate-place-for-inserting-a-node,
        a template target with a non-null insertion target [std]: before
        the end marker if it is still a child of the target, else at the
        end of the target."""
        end = self.end
        if end is not None and builder.parent_of(end) is self.target:
            return self.target, end
        return self.target, None


class _Marker:
    """A ``marker`` / ``start`` / ``end`` processing instruction the parser
    made: its node, target, name (None without one), creation number, how
    many reordering events had happened when it was made (-1 once it was
    placed by a comparison: see :meth:`ContentPatching.note`), and whether
    it is still live (not consumed, removed or gone)."""

    __slots__ = ("node", "target", "name", "number", "events", "live")

    def __init__(self, node: Any, target: str, name: str | None, number: int, events: int) -> None:
        self.node = node
        self.target = target
        self.name = name
        self.number = number
        self.events = events
        self.live = True


class _Markers:
    """The live ``marker`` / ``start`` PIs of one name.

    ``entries`` are in tree order, and in creation order too while
    ``creation`` holds (nothing was ever placed among them by comparison:
    the fast path of :meth:`ContentPatching.prepare` may apply); ``pending``
    are the ones made where they may come before older ones, in creation
    order, until the next lookup places them; ``dead`` counts the entries
    forgotten but not yet taken out of the lists; ``checked`` is
    :attr:`ContentPatching.disorders` when ``entries`` were last known to
    be in tree order."""

    __slots__ = ("entries", "pending", "creation", "dead", "checked")

    def __init__(self, checked: int) -> None:
        self.entries: list[_Marker] = []
        self.pending: list[_Marker] = []
        self.creation = True
        self.dead = 0
        self.checked = checked


def _number(entry: _Marker) -> int:
    return entry.number


# The verdicts of a marker against the scope: inside it, outside it, or
# never again in any scope (detached from the tree, a child of the
# Document, in the contents of a closed template).  With the markers in
# tree order but not in creation order, an outside one is before or after
# the scope in tree order; unknown: not comparable with the scope (in
# another tree, or in open template contents inside the scope).
_IN_SCOPE, _OUT_OF_SCOPE, _GONE = 1, 2, 3
_BEFORE, _AFTER, _UNKNOWN = 4, 5, 7

# How far below the scope a climb from a marker may meet it and leave the
# nodes met unplaced (known inside the scope only): farther, they are
# placed, for the lookups in other scopes.
_WALK_INSIDE = 8

# How many siblings _sibling_precedes reads on each side before it reads
# the parent's children once.
_WALK = 32

class _Place:
    """Where a node is in the tree (see :meth:`ContentPatching._place_of`):
    its parent's place (None at a root), its depth, a jump pointer to an
    ancestor (Myers' skew-binary scheme: a climb to any depth or to the
    lowest common ancestor of two nodes takes O(log depth) jumps), its
    root's place, and the place of its lowest ancestor that is a template
    contents (None: none)."""

    __slots__ = ("node", "parent", "depth", "jump", "root", "contents")

    def __init__(self, node: Any, parent: _Place | None, contents: _Place | None) -> None:
        self.node = node
        self.parent = parent
        self.contents = contents
        if parent is None:
            self.depth = 0
            self.jump = self.root = self
            return
        self.depth = parent.depth + 1
        self.root = parent.root
        jump = parent.jump
        # The parent's jump and its jump's jump span equal distances: jump
        # over both (the pointers' lengths are 1, 1, 3, 1, 1, 3, 7, ...).
        if parent.depth - jump.depth == jump.depth - jump.jump.depth:
            self.jump = jump.jump
        else:
            self.jump = parent


def _ancestor_at(place: _Place, depth: int) -> _Place:
    """The ancestor-or-self of ``place`` at ``depth`` (not below it)."""
    while place.depth > depth:
        jump = place.jump
        place = jump if jump.depth >= depth else place.parent  # type: ignore[assignment]
    return place


def _meet(first: _Place, second: _Place) -> tuple[_Place, _Place | None, _Place | None]:
    """The lowest common ancestor of two places of one tree, and its
    children towards each (None for the one that is the ancestor)."""
    if first.depth > second.depth:
        below = _ancestor_at(first, second.depth + 1)
        if below.parent is second:
            return second, below, None
        first = below.parent  # type: ignore[assignment]
    elif second.depth > first.depth:
        below = _ancestor_at(second, first.depth + 1)
        if below.parent is first:
            return first, None, below
        second = below.parent  # type: ignore[assignment]
    if first is second:
        return first, None, None
    # At equal depths the jumps have equal lengths: jump while they land
    # on different nodes (the common ancestor is higher).
    while first.parent is not second.parent:
        if first.jump is not second.jump:
            first, second = first.jump, second.jump
        else:
            first, second = first.parent, second.parent  # type: ignore[assignment]
    return first.parent, first, second  # type: ignore[return-value]


class _Scope:
    """The scope of one lookup: its node, its :class:`_Place` once needed
    (a marker outside the scope is compared with it), and the nodes known
    to be inside it (a climb from a marker that meets the scope, or one of
    them, before any placed node needs no place: the scope is not placed
    while every marker met is inside it)."""

    __slots__ = ("node", "place", "inside")

    def __init__(self, node: Any) -> None:
        self.node = node
        self.place: _Place | None = None
        self.inside: dict[int, Any] = {id(node): node}


class ContentPatching:
    """The parser's index of the marker processing instructions it made,
    and the two steps of content patching (prepare, finish).

    The TreeBuilder interface is write-only apart from ``parent_of`` and,
    for this feature only, ``children_of`` / ``children_after``: the parser
    remembers which nodes are its ``marker`` / ``start`` / ``end`` PIs
    (their target and name) and the template contents it made, and asks
    the builder only where they are now."""

    __slots__ = (
        "builder", "document", "top", "kinds", "by_name", "contents", "closed", "number", "events",
        "disorders", "patches", "epoch", "places", "places_epoch", "scope", "orders",
    )

    def __init__(self, builder: Any) -> None:
        self.builder = builder
        # The Document (None for a fragment): a scope is never the Document,
        # so a marker that is its child never matches.
        self.document: Any = None
        # The root of the tree: the Document, or the fragment.
        self.top: Any = None
        # id(node) -> _Marker: every marker/start/end PI made and not
        # consumed or gone.
        self.kinds: dict[int, _Marker] = {}
        # name -> the marker/start PIs with that name in ``kinds``.
        self.by_name: dict[str, _Markers] = {}
        # id(contents) -> contents: every template contents the parser made
        # (a DocumentFragment: the walk up from a marker stops there), and
        # those of the templates that were closed since.
        self.contents: dict[int, Any] = {}
        self.closed: dict[int, Any] = {}
        self.number = 0
        # How many events happened that may have put a later node before an
        # earlier one in tree order (see the module docstring): a marker
        # made with no event since the last one of its name was placed
        # comes after it, and after all the others.
        self.events = 0
        # How many moves may have changed the order of existing markers
        # (see :meth:`moving`).
        self.disorders = 0
        # How many patching templates are open: a marker made inside one
        # lands before older nodes (at the patch's end marker).
        self.patches = 0
        # How many times a node that was placed moved, or nodes left the
        # tree: the places found (``places``, id(node) -> _Place of every
        # node met climbing from a marker or a scope) hold while this
        # stays at ``places_epoch`` (inserting nodes changes no existing
        # node's ancestors).
        self.epoch = 0
        self.places: dict[int, _Place] = {}
        self.places_epoch = 0
        # The last lookup's scope (kept with the places).
        self.scope: _Scope | None = None
        # id(parent) -> (parent, its children, id(child) -> position): a
        # wide parent's children read once (see _sibling_precedes), kept
        # until a node moves (inserting or removing nodes leaves the
        # relative order of the others as it was).
        self.orders: dict[int, tuple[Any, list[Any], dict[int, int]]] = {}

    def note(self, node: Any, target: str, data: str) -> None:
        """A processing instruction with one of :data:`MARKER_TARGETS` was
        made (it is inserted right after)."""
        self.number += 1
        name = processing_instruction_attributes(data).get("name") if target != "end" else None
        entry = _Marker(node, target, name, self.number, self.events)
        self.kinds[id(node)] = entry
        if name is not None:
            markers = self.by_name.get(name)
            if markers is None:
                markers = self.by_name[name] = _Markers(self.disorders)
            entries = markers.entries
            # In tree order after the last entry when nothing was placed
            # before existing nodes since that entry was made (see the
            # module docstring); else placed at the next lookup.
            if self.patches or markers.pending or (entries and entries[-1].events != self.events):
                markers.pending.append(entry)
            else:
                entries.append(entry)
        if self.patches:
            self.reordered()

    def note_contents(self, contents: Any) -> None:
        """A template's contents were made."""
        self.contents[id(contents)] = contents

    def close_contents(self, contents: Any) -> None:
        """A template was closed: no later ``<template for>`` can have its
        scope in its contents, so the markers there are gone for good."""
        if self.contents.get(id(contents)) is contents:
            self.closed[id(contents)] = contents

    def release(self) -> None:
        """The parse is over: let go of the nodes, the innermost first
        (lxml frees a proxy whose descendants still have live proxies at a
        cost that grows with them: outermost first is quadratic)."""
        for table in (self.closed, self.contents):
            while table:
                table.popitem()
        self.kinds.clear()
        self.by_name.clear()
        places = self.places
        while places:
            places.popitem()  # the last placed (the deepest) first
        self.scope = None
        self.orders.clear()

    def reordered(self) -> None:
        """Nodes were (or may be) placed before existing ones in tree order
        (foster parenting, a patch, the adoption agency): the relative
        order of the existing markers stays, but a marker made later may
        come before older ones."""
        self.events += 1

    def moving(self, node: Any, place: tuple[Any, Any]) -> None:
        """The adoption agency is about to move ``node`` (its furthest
        block, steps 4.13-4.14 of
        https://html.spec.whatwg.org/#adoption-agency-algorithm) to
        ``place`` (parent, reference child or None).  The markers keep
        their order if nothing but ``node``'s own subtree lies between its
        place and ``place``: ``node`` and its ancestors below the new
        parent are last children, up to the one right before the reference
        child.  Otherwise every name's markers are sorted again at their
        next lookup.  (The rest of the algorithm keeps the order: steps
        4.15-4.17 move the furthest block's children, in order, into a new
        last child.)"""
        self.events += 1
        # Only ``node``'s subtree moves (and its children move one level
        # down, into a new formatting element): the places found hold
        # unless they are in it (a node placed has every ancestor placed),
        # and the nodes known inside the last scope stay inside it unless
        # ``node`` is one of them below the scope (``node`` is special: it
        # was on the path of each climb that passed it; the wrappers the
        # adoption agency adds since are formatting elements, never moved).
        known = self.places.get(id(node))
        scope = self.scope
        if known is not None and known.node is node:
            self.epoch += 1
        elif scope is not None and node is not scope.node and scope.inside.get(id(node)) is node:
            self.scope = None
        self.orders.clear()
        if len(self.kinds) < 2:
            return
        parent, before = place
        parent_of = self.builder.parent_of
        children_after = self.builder.children_after
        child = node
        while True:
            above = parent_of(child)
            if above is None:
                break
            following = next(iter(children_after(above, child)), None)
            if above is parent:
                if following is before:
                    return
                break
            if following is not None:
                break
            child = above
        self.disorders += 1

    def _kind(self, node: Any) -> str | None:
        entry = self.kinds.get(id(node))
        return entry.target if entry is not None and entry.node is node else None

    # "prepare content patching" [2nd]
    def prepare(self, name: str, scope: Any, inside: TemplatePatch | None = None) -> TemplatePatch | None:
        """Find the marker ``name`` in ``scope``: an element on the stack of
        open elements or the contents of one, or the target of the
        patching template ``inside``; for a range, remove the nodes
        between its start and end.  None when nothing matches."""
        if not name:
            return None
        markers = self.by_name.get(name)
        if markers is None:
            return None
        top = self.top
        if self.places_epoch != self.epoch:
            self.places.clear()
            self.places_epoch = self.epoch
            self.scope = None
        if markers.checked != self.disorders:
            self._sort(markers, top)
        elif markers.pending:
            self._place(markers, top)
        entries = markers.entries
        if not entries:
            markers.creation = not markers.pending
            return None
        if markers.creation and entries[0].events == self.events:
            anchor = inside.number if inside is not None else self.number + 1
            node = self._first_in_range(markers, anchor, self._scope(scope), top)
        else:
            node = self._first_in_order(markers, self._scope(scope), top)
        if node is None:
            return None
        self.patches += 1
        parent = self.builder.parent_of(node)
        number = self.kinds[id(node)].number
        if self._kind(node) == "marker":
            return TemplatePatch(parent, node, node, number)
        end = self._matching_end(parent, node)
        self.builder.remove_between(parent, node, end)
        self.epoch += 1
        return TemplatePatch(parent, node, end, number)

    # "find markers" [2nd], step 1: the first in tree order of the scope's
    # descendants (not crossing into template contents), three ways.

    def _first_in_range(self, markers: _Markers, anchor: int, at: _Scope, top: Any) -> Any:
        """Creation order is tree order, so the markers in scope are a run
        of the entries, and it holds the place of the marker made
        ``anchor``-th: for an open scope, after the last marker (every
        marker made before the scope is outside it and every later one is
        inside: appends only go below the open elements); for a patching
        template's target, at its start marker.  A binary search finds the
        first of the run before that place, else it begins right after."""
        entries = markers.entries
        split = bisect_left(entries, anchor, key=_number)
        low, high = 0, split
        while low < high:
            middle = (low + high) // 2
            entry = entries[middle]
            verdict = self._climb(entry.node, at, top) if entry.live else _GONE
            if verdict == _GONE:
                self._drop(markers, middle)  # shifts the later ones down
                high -= 1
                split -= 1
            elif verdict == _IN_SCOPE:
                high = middle
            else:
                low = middle + 1
        if low < split:
            return entries[low].node
        while split < len(entries):
            entry = entries[split]
            verdict = self._climb(entry.node, at, top) if entry.live else _GONE
            if verdict != _GONE:
                return entry.node if verdict == _IN_SCOPE else None
            self._drop(markers, split)
        return None

    def _first_in_order(self, markers: _Markers, at: _Scope, top: Any) -> Any:
        """The entries are in tree order, not creation order: the markers in
        scope are a run of them (the scope's descendants are a run in tree
        order; the markers in contents of templates inside the scope are
        gone, those templates being closed), found by a binary search
        that tells the others before the scope from those after it."""
        entries = markers.entries
        low, high = 0, len(entries)
        while low < high:
            middle = (low + high) // 2
            verdict = self._where(entries[middle], at, top)
            if verdict == _GONE:
                self._drop(markers, middle)
                high -= 1
            elif verdict == _UNKNOWN:
                return self._first_in_scope(markers, at, top)
            elif verdict == _BEFORE:
                low = middle + 1
            else:
                high = middle
        while low < len(entries):
            verdict = self._where(entries[low], at, top)
            if verdict == _GONE:
                self._drop(markers, low)
            elif verdict == _UNKNOWN:
                return self._first_in_scope(markers, at, top)
            else:
                return entries[low].node if verdict == _IN_SCOPE else None
        return None

    def _first_in_scope(self, markers: _Markers, at: _Scope, top: Any) -> Any:
        """The entries are in tree order: the first marker in scope, looked
        for one by one (when the binary search meets a marker it cannot
        place against the scope: see ``_UNKNOWN``)."""
        for entry in list(markers.entries):
            if not entry.live:
                continue
            verdict = self._climb(entry.node, at, top)
            if verdict == _IN_SCOPE:
                return entry.node
            if verdict == _GONE:
                self._forget(entry.node)
        return None

    def _where(self, entry: _Marker, scope: _Scope, top: Any) -> int:
        """Where ``entry``'s node is: in the scope, before or after it in tree order (compared at their lowest common
        ancestor), gone, or unknown (see the verdicts)."""
        if not entry.live:
            return _GONE
        node = entry.node
        place = self._reach(node, scope)
        if place is None:
            return _IN_SCOPE
        parent = place.parent
        if parent is None or parent.node is self.document:
            return _GONE  # see ``document``
        at = self._scope_place(scope)
        # Template contents on the way up: those of a closed template are
        # gone; an open one is an ancestor of the scope (where the parser
        # inserts is inside every open template), or inside it: not
        # expected, unknown.
        contents = place.contents
        closed = contents is not None and self.closed.get(id(contents.node)) is contents.node
        if place.root is not at.root:
            if closed:
                return _GONE
            return _UNKNOWN if place.root.node is top or contents is not None else _GONE
        meeting, child, towards = _meet(place, at)
        if towards is None:
            if contents is None or contents.depth <= at.depth:
                return _IN_SCOPE
            return _GONE if closed else _UNKNOWN
        if closed and contents.depth > meeting.depth:  # type: ignore[union-attr]
            return _GONE
        if child is None:
            return _UNKNOWN  # a marker above the scope: not expected
        # (The scope's side first: it is usually near the end, where the
        # parser inserts.)
        if self._sibling_precedes(meeting.node, child.node, towards.node):
            return _BEFORE
        return _AFTER

    def _sibling_precedes(self, parent: Any, first: Any, second: Any) -> bool:
        """Whether ``first`` comes before ``second``, two children of
        ``parent`` (not text).  The siblings after each are read in turn,
        ``second``'s first (the scope's side, usually near the end), until
        one meets the other or runs out: the cost is the smaller of the gap
        and what follows the later one (and the builder's
        ``children_after`` start: a search from both ends in list-based
        trees).  Past :data:`_WALK` steps the parent's children are read
        once and kept (``orders``); a child added since is placed by the
        first kept child after it."""
        known = self.orders.get(id(parent))
        if known is not None and known[0] is parent:
            positions = known[2]
            at_first = positions.get(id(first))
            at_second = positions.get(id(second))
            if at_first is not None and at_second is not None:
                return at_first < at_second
            if at_first is not None:
                before = self._before_kept(parent, second, at_first, positions)
                if before is not None:
                    return not before
            elif at_second is not None:
                before = self._before_kept(parent, first, at_second, positions)
                if before is not None:
                    return before
        children_after = self.builder.children_after
        after_second = iter(children_after(parent, second))
        after_first = None
        for _ in range(_WALK):
            node = next(after_second, None)
            if node is None:
                return True  # second is the last of the two
            if node is first:
                return False
            if after_first is None:
                after_first = iter(children_after(parent, first))
            node = next(after_first, None)
            if node is None:
                return False
            if node is second:
                return True
        children = self.builder.children_of(parent)
        positions = {id(node): index for index, node in enumerate(children)}
        self.orders[id(parent)] = (parent, children, positions)
        return positions[id(first)] < positions[id(second)]

    def _before_kept(self, parent: Any, new: Any, kept: int, positions: dict[int, int]) -> bool | None:
        """Whether ``new``, a child of ``parent`` added since its children
        were kept, comes before the kept child at position ``kept``: the
        first kept child after ``new`` tells (None: none within
        :data:`_WALK` steps)."""
        for steps, node in enumerate(self.builder.children_after(parent, new)):
            position = positions.get(id(node))
            if position is not None:
                return position <= kept
            if steps == _WALK:
                return None
        return False  # after every kept child

    def _precedes(self, first: Any, second: Any) -> bool | None:
        """Whether the marker ``first`` comes before the marker ``second`` in
        tree order (None: not in one tree), compared at their lowest common
        ancestor."""
        one = self._place_of(first)
        other = self._place_of(second)
        if one.root is not other.root:
            return None
        meeting, towards_first, towards_second = _meet(one, other)
        if towards_first is None or towards_second is None:
            return towards_first is None  # an ancestor comes first
        return self._sibling_precedes(meeting.node, towards_first.node, towards_second.node)

    def _place(self, markers: _Markers, top: Any) -> None:
        """Put the pending markers among the entries in tree order: after
        the last entry (the usual case: one comparison), else where a
        binary search puts them; a full sort when one cannot be compared
        (gone with its subtree)."""
        entries = markers.entries
        document = self.document
        parent_of = self.builder.parent_of
        for entry in markers.pending:
            if not entry.live:
                continue
            parent = parent_of(entry.node)
            if parent is None or parent is document:
                self._forget(entry.node)
                continue
            while entries and not entries[-1].live:
                self._drop(markers, len(entries) - 1)
            entry.events = -1
            if not entries:
                entries.append(entry)
                continue
            after = self._precedes(entries[-1].node, entry.node)
            if after is None:
                self._sort(markers, top)
                return
            markers.creation = False
            if after:
                entries.append(entry)
                continue
            low, high = 0, len(entries) - 1
            while low < high:
                middle = (low + high) // 2
                other = entries[middle]
                if not other.live:
                    self._drop(markers, middle)
                    high -= 1
                    continue
                before = self._precedes(other.node, entry.node)
                if before is None:
                    self._sort(markers, top)
                    return
                if before:
                    low = middle + 1
                else:
                    high = middle
            entries.insert(low, entry)
        markers.pending.clear()

    def _climb(self, node: Any, scope: _Scope, top: Any) -> int:
        """Whether ``node`` is a descendant of the scope (not through other
        template contents), outside it, or gone (see ``_GONE``)."""
        place = self._reach(node, scope)
        if place is None:
            return _IN_SCOPE
        parent = place.parent
        if parent is None or parent.node is self.document:
            return _GONE  # see ``document``
        at = self._scope_place(scope)
        # Template contents are a DocumentFragment of their own, not
        # descendants of the template or its ancestors.
        contents = place.contents
        if (
            place.root is at.root
            and place.depth > at.depth
            and _ancestor_at(place, at.depth) is at
            and (contents is None or contents.depth <= at.depth)
        ):
            return _IN_SCOPE
        if contents is not None:
            return _GONE if self.closed.get(id(contents.node)) is contents.node else _OUT_OF_SCOPE
        return _OUT_OF_SCOPE if place.root.node is top else _GONE

    def _scope(self, node: Any) -> _Scope:
        """The scope ``node`` of a lookup: the last one's while the
        places found hold."""
        scope = self.scope
        if scope is None or scope.node is not node:
            scope = self.scope = _Scope(node)
        return scope

    def _scope_place(self, scope: _Scope) -> _Place:
        place = scope.place
        if place is None:
            place = scope.place = self._place_of(scope.node)
        return place

    def _reach(self, node: Any, scope: _Scope) -> _Place | None:
        """None when ``node`` is inside the scope, found by climbing to the
        scope or a node known inside it before any placed node, with no
        template contents on the way (the nodes met are then known inside
        it); else ``node``'s place."""
        places = self.places
        known = places.get(id(node))
        if known is not None and known.node is node:
            return known
        inside = scope.inside
        contents = self.contents
        parent_of = self.builder.parent_of
        path = [node]
        above = parent_of(node)
        while above is not None:
            if inside.get(id(above)) is above:
                if above is scope.node or contents.get(id(above)) is not above:
                    if len(path) > _WALK_INSIDE:
                        break  # far below the scope: placed, for next scopes
                    for current in path:
                        inside[id(current)] = current
                    return None
                break
            known = places.get(id(above))
            if known is not None and known.node is above:
                break
            if contents.get(id(above)) is above:
                break  # template contents other than the scope's
            path.append(above)
            above = parent_of(above)
        # (None of path is placed: the climb goes on from above.)
        return self._place_from(path, above)

    def _place_of(self, node: Any) -> _Place:
        """``node``'s :class:`_Place`: found by climbing to the first node
        placed since the last move (or the root), placing each node met,
        so each node is climbed once until a node moves."""
        known = self.places.get(id(node))
        if known is not None and known.node is node:
            return known
        return self._place_from([node], self.builder.parent_of(node))

    def _place_from(self, path: list[Any], above: Any) -> _Place:
        """The place of ``path[0]``, where ``path`` climbs from it through
        nodes not placed to just below ``above`` (None: past the root): the
        climb goes on from ``above`` to the first placed node, and every
        node met is placed."""
        places = self.places
        parent_of = self.builder.parent_of
        known: _Place | None = None
        while above is not None:
            known = places.get(id(above))
            if known is not None and known.node is above:
                break
            path.append(above)
            above = parent_of(above)
        else:
            known = None
        contents = self.contents
        place = known
        path.reverse()  # (mypyc cannot compile reversed() of this list)
        for current in path:
            if place is None:
                place = _Place(current, None, None)
            else:
                holder = place.node
                inside = place if contents.get(id(holder)) is holder else place.contents
                place = _Place(current, place, inside)
            places[id(current)] = place
        return place  # type: ignore[return-value]

    def _sort(self, markers: _Markers, top: Any) -> None:
        """Put the live entries and pending markers in tree order (dropping
        the gone ones), after a move that may have changed their order:
        each marker's key is its path of positions from the root, each
        parent's children read once."""
        parent_of = self.builder.parent_of
        children_of = self.builder.children_of
        positions: dict[int, tuple[Any, list[Any], dict[int, int]]] = {}
        keys: dict[int, tuple[int, ...]] = {}
        kept = []
        for entry in (*markers.entries, *markers.pending):
            if not entry.live:
                continue
            path = [entry.node]
            parent = parent_of(entry.node)
            while parent is not None:
                path.append(parent)
                parent = parent_of(parent)
            if path[-1] is not top or (len(path) > 1 and path[1] is self.document):
                self._forget(entry.node)  # gone: see _GONE
                continue
            key = []
            # (Below the Document only its html element can hold a marker
            # in scope: the Document's children are not compared.)
            skip = 1 if path[-1] is self.document else 0
            for child, parent in zip(path[-2 - skip :: -1], path[-1 - skip :: -1]):
                known = positions.get(id(parent))
                if known is None or known[0] is not parent:
                    children = children_of(parent)
                    known = positions[id(parent)] = (parent, children, {id(node): n for n, node in enumerate(children)})
                key.append(known[2][id(child)])
            keys[id(entry)] = tuple(key)
            entry.events = -1
            kept.append(entry)
        kept.sort(key=lambda entry: keys[id(entry)])
        markers.entries = kept
        markers.pending = []
        markers.dead = 0
        markers.creation = False
        markers.checked = self.disorders

    def _matching_end(self, parent: Any, start: Any) -> Any:
        """The first following sibling ``<?end>`` of ``start`` at its
        nesting depth, or None."""
        depth = 0
        for child in self.builder.children_after(parent, start):
            kind = self._kind(child)
            if kind == "start":
                depth += 1
            elif kind == "end":
                if not depth:
                    return child
                depth -= 1
        return None

    def finish(self, patch: TemplatePatch) -> None:
        """The end tag ``template`` of a patching template, or the end of
        the input popping it: remove its start and end markers if they
        still have a parent [2nd]."""
        builder = self.builder
        self.patches -= 1
        for marker in (patch.start, patch.end):
            if marker is not None and builder.parent_of(marker) is not None:
                builder.remove(marker)
            if marker is not None:
                entry = self.kinds.get(id(marker))
                self._forget(marker)
                if entry is not None and entry.node is marker:
                    self._compact(entry.name)

    def _forget(self, node: Any) -> None:
        """``node`` is consumed or gone: it leaves the index (its entry is
        marked dead and taken out of its name's lists lazily)."""
        entry = self.kinds.get(id(node))
        if entry is None or entry.node is not node:
            return
        del self.kinds[id(node)]
        entry.live = False
        if entry.name is not None:
            self.by_name[entry.name].dead += 1

    def _compact(self, name: str | None) -> None:
        """Take the dead entries of ``name`` out of its lists once they are
        about half of them (each compaction at least halves the lists:
        linear overall)."""
        markers = self.by_name.get(name) if name is not None else None
        if markers is None or 2 * markers.dead <= len(markers.entries) + len(markers.pending) + 8:
            return
        markers.entries = [entry for entry in markers.entries if entry.live]
        markers.pending = [entry for entry in markers.pending if entry.live]
        markers.dead = 0
        if not markers.entries and not markers.pending:
            markers.creation = True

    def _drop(self, markers: _Markers, index: int) -> None:
        """Take the entry at ``index`` out of ``markers.entries``: a dead
        one, or one found gone."""
        entry = markers.entries.pop(index)
        if entry.live:
            self._forget(entry.node)
        markers.dead -= 1
