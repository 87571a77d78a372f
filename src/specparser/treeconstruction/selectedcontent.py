"""What the parser does for ``<select>``, ``<option>`` and
``<selectedcontent>``: the option and selectedcontent elements' insertion
steps and the step the parser runs when it pops an option
(https://html.spec.whatwg.org/#the-selectedcontent-element,
https://html.spec.whatwg.org/#the-option-element), as Chromium 156 ships
them (whatwg/html PR 12263, "clone into all descendant selectedcontent
elements", Chrome 150):

* A selectedcontent is *disabled* when one of its ancestors is an option or
  another selectedcontent, or when it has two select ancestors (its
  insertion steps).  Chromium computes this at every insertion, in
  template contents too (the standard's post-connection steps run only for
  a connected node; a selectedcontent inside an option inside template
  contents is disabled in Chromium 156).
* When a selectedcontent that is not disabled is inserted into a connected
  tree under a select without ``multiple``, it is updated: it gets clones
  of the children of the select's selected option, if any ("update a
  selectedcontent").  Not in template contents (not connected), nor in a
  fragment (Chromium parses it into a DocumentFragment); in a declarative
  shadow root whose host is connected, yes.
* When the parser pops an option whose selectedness is true, every
  selectedcontent of its nearest ancestor select that is not disabled gets
  clones of the option's children ("update a select's descendant
  selectedcontent elements"), in tree order.

The ancestors are read off the stack of open elements (the elements below
the new one, down to the nearest ``template``, whose contents or shadow
root is the root of the new node's tree); foster parenting inserts before
a table the elements below which on the stack are its ancestors, so the
only stack entries that are no ancestors are table elements, which none of
these steps looks for.

The parser keeps, in each select's record, the option that is selected so
far (the selectedness setting algorithm, for what a parser without script
can do: the last option with ``selected``; otherwise, when the select's
display size is 1, the first that is not disabled) and its selectedcontent
elements that are not disabled.

**Deferred updates** (a shortcut: ``fast_paths=False`` updates at once, as
the standard does): every selected option popped would replace the
children of every selectedcontent of its select, which makes
``<selectedcontent>`` x n followed by ``<option selected>`` x n quadratic.
The parser inserts nothing into an element that has left the stack of open
elements (the adoption agency moves such elements whole, and nothing
removes their children), so while no selectedcontent is open, the select
remembers its selected option, and its selectedcontent elements get clones
of its children once: when the select is popped, when a new
selectedcontent joins the select, when one is open at an option's
insertion or pop, or when parsing stops.  The trees are the same (tested
on the suites, the corpus and generated documents with the shortcuts on
and off).  The event parser defers too (it has no other shortcuts), from a
copy of the option's children made when it is popped (into a detached
holder), since its caller may drop the option at its ``"end"``; an event
interface sees the clones at the select's ``"end"`` instead of the
option's.
"""

from __future__ import annotations

from typing import Any

from ..constants import HTML_NAMESPACE
from ..infra import ASCII_WHITESPACE
from ..tables.elements import CONTENTS_DISCONNECTED
from .records import ElementRecord

__all__ = [
    "SelectState",
    "contents_connected",
    "display_size_is_1",
    "nearest_select_for_option",
    "option_inserted",
    "option_popped",
    "option_removed",
    "parse_non_negative_integer",
    "run_pending_updates",
    "select_popped",
    "selectedcontent_inserted",
    "stop_parsing",
]

# Chromium keeps a select's size in an unsigned 32-bit integer: a larger
# value fails to parse, and the display size is then the default.
_LARGEST_SIZE = 0xFFFFFFFF


def parse_non_negative_integer(value: str) -> int | None:
    """https://html.spec.whatwg.org/#rules-for-parsing-non-negative-integers
    (through the rules for parsing integers): leading ASCII whitespace, an
    optional ``-`` or ``+``, then ASCII digits (whatever follows them is
    ignored); None for an error.  ``-0`` is 0.  A value above 2**32 - 1 is
    an error, as Chromium 156 parses it."""
    position, end = 0, len(value)
    while position < end and value[position] in ASCII_WHITESPACE:
        position += 1
    negative = False
    if position < end and value[position] in "-+":
        negative = value[position] == "-"
        position += 1
    start = position
    while position < end and "0" <= value[position] <= "9":
        position += 1
    if position == start:
        return None
    digits = value[start:position].lstrip("0")
    # (More digits than the largest value has cannot fit; int() would also
    # refuse a few thousand of them.)
    if len(digits) > len(str(_LARGEST_SIZE)):
        return None
    number = int(digits or "0")
    if number > _LARGEST_SIZE or (negative and number != 0):
        return None
    return number


def display_size_is_1(attrs: dict[Any, str]) -> bool:
    """Whether a select without ``multiple`` has a display size of 1
    (https://html.spec.whatwg.org/#concept-select-size): its ``size``,
    parsed as a non-negative integer, or 1 when missing or not a number.
    Chromium 156 shows a size of 0 as a drop-down too, so 0 counts as 1."""
    size = attrs.get("size")
    if size is None:
        return True
    number = parse_non_negative_integer(size)
    return number is None or number <= 1


class SelectState:
    """What the parser tracks for a ``<select>`` (its record's ``extra``):
    the option that is selected so far, the select's selectedcontent
    elements that are not disabled (in the order inserted, which is tree
    order), and the node whose children an update that is pending (see
    the module docstring) clones, with how many of those selectedcontent
    elements it is for."""

    __slots__ = (
        "multiple", "selects_first_option", "with_selected", "first_enabled",
        "selectedcontents", "pending", "pending_count", "holder",
    )  # fmt: skip

    def __init__(self, attrs: dict[Any, str]) -> None:
        self.multiple = "multiple" in attrs
        # The selectedness setting algorithm's "display size is 1" case.
        self.selects_first_option = not self.multiple and display_size_is_1(attrs)
        # Its options with a ``selected`` attribute (the last one is
        # selected), and its first option that is not disabled (selected
        # when there is none), kept for when an option leaves the tree.
        self.with_selected: list[ElementRecord] = []
        self.first_enabled: ElementRecord | None = None
        self.selectedcontents: list[ElementRecord] = []
        self.pending: Any = None
        self.pending_count = 0
        # The detached node that keeps the copy the event parser's deferred
        # update clones (module docstring).
        self.holder: Any = None

    @property
    def selected_option(self) -> ElementRecord | None:
        """The option whose selectedness is true: the last with
        ``selected``, else the first that is not disabled (when the display
        size is 1), else none."""
        return self.with_selected[-1] if self.with_selected else self.first_enabled


class ParserWork:
    """What the parser keeps across selects (``p.selectedcontent_work``,
    made when first needed): the selects whose update is pending, for when
    parsing stops, and the root of the subtree an option's post-connection
    steps took out of the tree, while it is open."""

    __slots__ = ("pending_selects", "detached_root")

    def __init__(self) -> None:
        self.pending_selects: list[SelectState] = []
        self.detached_root: ElementRecord | None = None


def _work(p: Any) -> ParserWork:
    work: ParserWork | None = p.selectedcontent_work
    if work is None:
        work = p.selectedcontent_work = ParserWork()
    return work


# -- the ancestors, read off the stack of open elements ----------------------


def _topmost_below(records: list[ElementRecord] | None, limit: int, nth: int = 1) -> ElementRecord | None:
    """The ``nth`` topmost (1: the topmost) of ``records`` (one name's
    records on the stack of open elements, bottom to top) below index
    ``limit``, or None.  ``limit`` is at least the top's index, so at most
    one record is passed over."""
    if not records:
        return None
    i = len(records) - 1
    while i >= 0 and records[i].index >= limit:
        i -= 1
    i -= nth - 1
    return records[i] if i >= 0 else None


def nearest_select_for_option(p: Any, option_index: int) -> ElementRecord | None:
    """https://html.spec.whatwg.org/#option-element-nearest-ancestor-select,
    with the stack of open elements below ``option_index`` (the top of the
    stack or above it) standing for the option's ancestors, up to the
    nearest template (the root of the option's tree).

    The walk up the ancestors stops at the first select, datalist, hr,
    option or second optgroup; the stack's indexes by name give the
    topmost of each at once (a walk per option made ``<select>`` +
    ``<span>``*n + ``<option>``*n quadratic).  ``fast_paths=False`` walks
    (:func:`_nearest_select_by_walking`)."""
    if p._shortcut_mode is None:
        return _nearest_select_by_walking(p, option_index)
    by_name = p.by_name
    select = _topmost_below(by_name.get("select"), option_index)
    if select is None:
        return None
    floor = select.index
    for name in ("datalist", "hr", "option", "template"):
        same = by_name.get(name)
        if same:  # (most are empty: no call)
            blocker = _topmost_below(same, option_index)
            if blocker is not None and blocker.index > floor:
                return None
    optgroups = by_name.get("optgroup")
    if optgroups:
        second = _topmost_below(optgroups, option_index, 2)
        if second is not None and second.index > floor:
            return None
    return select


def _nearest_select_by_walking(p: Any, option_index: int) -> ElementRecord | None:
    """:func:`nearest_select_for_option` as the standard walks."""
    open_: list[ElementRecord] = p.open
    seen_optgroup = False
    for i in range(option_index - 1, -1, -1):
        name = open_[i].hname
        if name in ("datalist", "hr", "option", "template"):
            return None
        if name == "optgroup":
            if seen_optgroup:
                return None
            seen_optgroup = True
        elif name == "select":
            return open_[i]
    return None


def _selectedcontent_ancestry(p: Any, index: int) -> tuple[ElementRecord | None, bool]:
    """The nearest select ancestor of the selectedcontent at ``index`` (the
    top of the stack) and whether it is disabled: an option or a
    selectedcontent among its ancestors, or a second select.  The stack's
    indexes by name, or a walk with ``fast_paths=False``."""
    if p._shortcut_mode is None:
        return _selectedcontent_ancestry_by_walking(p, index)
    by_name = p.by_name
    template = _topmost_below(by_name.get("template"), index)
    floor = template.index if template is not None else -1
    select = _topmost_below(by_name.get("select"), index)
    if select is None or select.index < floor:
        return None, False
    second = _topmost_below(by_name.get("select"), index, 2)
    disabled = second is not None and second.index > floor
    for name in ("option", "selectedcontent"):
        ancestor = _topmost_below(by_name.get(name), index)
        if ancestor is not None and ancestor.index > floor:
            disabled = True
    return select, disabled


def _selectedcontent_ancestry_by_walking(p: Any, index: int) -> tuple[ElementRecord | None, bool]:
    """:func:`_selectedcontent_ancestry` as the insertion steps walk."""
    open_: list[ElementRecord] = p.open
    select = None
    disabled = False
    for i in range(index - 1, -1, -1):
        name = open_[i].hname
        if name == "template":
            break
        if name == "option" or name == "selectedcontent":
            disabled = True
        elif name == "select":
            if select is not None:
                disabled = True
                break
            select = open_[i]
    return select, disabled


def _is_connected(p: Any, index: int) -> bool:
    """Whether the node at ``index`` on the stack is connected: not in the
    fragment case (Chromium 156 parses a fragment into a DocumentFragment,
    so its nodes' post-connection steps do not run), and the nearest
    template below it on the stack, if any, holds a shadow root whose host
    is connected (its record's CONTENTS_DISCONNECTED bit is clear; set for
    template contents)."""
    if p.context is not None:
        return False
    template = _topmost_below(p.by_name.get("template"), index)
    return template is None or not template.flags & CONTENTS_DISCONNECTED


def contents_connected(p: Any, template: ElementRecord) -> bool:
    """Whether a declarative shadow root attached for ``template`` (on the
    stack) is connected: its host is (:mod:`.shadow`)."""
    return _is_connected(p, template.index)


# -- the steps ------------------------------------------------------------------


def option_inserted(p: Any, rec: ElementRecord) -> None:
    """The option element's insertion steps: the selectedness setting
    algorithm (https://html.spec.whatwg.org/#selectedness-setting-algorithm)
    for the option's nearest ancestor select, as far as a parser without
    script changes it: the last option with ``selected`` wins; without one,
    the first option that is not disabled (its own ``disabled``, or its
    optgroup's: :func:`_option_disabled`) when the display size is 1.

    Then its post-connection steps: a connected option that is selected
    updates the select's selectedcontent elements, with its children,
    which it has none of yet.  Its pop fills them again, so this matters
    only for an option inside one of them (the only way one is open): the
    update removes the option, with the open elements between them, from
    the tree, and what the parser puts into them from then on stays out
    of it (``ParserWork.detached_root``); the option is then no select's
    when it is popped."""
    if p.selectedcontent_work is not None and _detached(p, rec.index):
        return
    select = nearest_select_for_option(p, rec.index)
    if select is None or select.extra is None:
        return
    state: SelectState = select.extra
    if "selected" in rec.attrs:
        state.with_selected.append(rec)
    elif state.first_enabled is None and state.selects_first_option and not _option_disabled(p, rec, select):
        state.first_enabled = rec
    if state.selected_option is not rec or state.multiple or not _is_connected(p, rec.index):
        return
    for selectedcontent in p.by_name.get("selectedcontent") or ():
        if selectedcontent.extra is state:  # open, so the option is inside it
            break
    else:
        return
    # The detached subtree's root: the open element just above the
    # selectedcontent (the option itself, or an element it is in).
    _work(p).detached_root = p.open[selectedcontent.index + 1]
    _defer_or_run(p, state, _empty_node(p))  # at once: one is open
    # The option left the select's list of options: the selectedness
    # setting algorithm again.  (The update the option's removing steps
    # queue as a microtask does not run while a parser without script is
    # at work.)
    if state.with_selected and state.with_selected[-1] is rec:
        state.with_selected.pop()
    if state.first_enabled is rec:
        state.first_enabled = None


def _detached(p: Any, index: int) -> bool:
    """Whether the element at ``index`` on the stack is in the subtree an
    option's post-connection steps took out of the tree."""
    work = p.selectedcontent_work
    root = None if work is None else work.detached_root
    return root is not None and root.on_stack and index >= root.index


def _empty_node(p: Any) -> Any:
    """A node without children, for "clear a selectedcontent" through
    ``replace_children_with_clones``."""
    return p.builder.create_element("option", HTML_NAMESPACE, {}, -1)


def _option_disabled(p: Any, rec: ElementRecord, select: ElementRecord) -> bool:
    """https://html.spec.whatwg.org/#concept-option-disabled, as the 2025
    select parsing changes have it (Chromium 156, and WebKit's "enhanced
    select parsing": the nearest ancestor optgroup decides, not only a
    parent one): a ``disabled`` attribute, or an optgroup with one
    among the option's ancestors below ``select``, its nearest ancestor
    select.  There is at most one (a second optgroup would have ended
    the option's walk to ``select``: :func:`nearest_select_for_option`),
    and the stack of open elements between them stands for the
    ancestors, as there: an option fostered out of a table or moved by
    the adoption agency stays inside the optgroup.  The stack's indexes
    by name, or a walk with ``fast_paths=False``."""
    if "disabled" in rec.attrs:
        return True
    if p._shortcut_mode is None:
        open_: list[ElementRecord] = p.open
        for i in range(rec.index - 1, select.index, -1):
            if open_[i].hname == "optgroup":
                return "disabled" in open_[i].attrs
        return False
    optgroup = _topmost_below(p.by_name.get("optgroup"), rec.index)
    return optgroup is not None and optgroup.index > select.index and "disabled" in optgroup.attrs


def selectedcontent_inserted(p: Any, rec: ElementRecord) -> None:
    """The selectedcontent element's insertion steps (module docstring):
    its nearest select keeps it when it is not disabled, and a connected
    one is updated from the select's selected option."""
    select, disabled = _selectedcontent_ancestry(p, rec.index)
    if disabled or select is None or select.extra is None or _detached(p, rec.index):
        return
    state: SelectState = select.extra
    run_pending_updates(p, state)  # for the selectedcontent elements it has
    state.selectedcontents.append(rec)
    rec.extra = state  # (a selectedcontent's record has no other use for it)
    option = state.selected_option
    if not state.multiple and option is not None and _is_connected(p, rec.index):
        # "Update a selectedcontent": the new element has no children, so
        # without a selected option "clear a selectedcontent" does nothing.
        p.builder.replace_children_with_clones(rec.node, option.node)


def option_popped(p: Any, rec: ElementRecord) -> None:
    """When the parser pops an option whose selectedness is true, the
    selectedcontent elements of its nearest ancestor select that are not
    disabled get clones of its children (module docstring), at once or
    deferred."""
    work = p.selectedcontent_work
    root = None if work is None else work.detached_root
    if root is not None and (root is rec or (root.on_stack and rec.index > root.index)):
        return  # out of the tree (option_inserted)
    # ``rec`` has just left the stack: its ancestors are the whole stack.
    _option_ended(p, rec, len(p.open))


def option_removed(p: Any, rec: ElementRecord) -> None:
    """The adoption agency removes the option ``rec``, still at its place on
    the stack of open elements, from the middle of the stack
    (https://html.spec.whatwg.org/#adoption-agency-algorithm, step
    4.13.5).  Chromium 156 ends the option there as when the parser pops
    it (its selectedcontent elements get clones of the children it has
    now), and so does this.  Unlike a popped option's, its children may
    change afterwards (an open child of it is the furthest block, which
    step 4.14 moves elsewhere), so a deferred update copies them now."""
    if p.selectedcontent_work is not None and _detached(p, rec.index):
        return  # out of the tree (option_inserted)
    _option_ended(p, rec, rec.index, copy=True)


def _option_ended(p: Any, rec: ElementRecord, below: int, copy: bool = False) -> None:
    """The option ``rec``, whose ancestors are the stack of open elements
    below index ``below``, left the stack: if it is its select's selected
    option, the select's selectedcontent elements get clones of its
    children (:func:`_defer_or_run`)."""
    select = nearest_select_for_option(p, below)
    if select is None or select.extra is None:
        return
    state: SelectState = select.extra
    if state.multiple or not state.selectedcontents or state.selected_option is not rec:
        return
    _defer_or_run(p, state, rec.node, copy)


def _defer_or_run(p: Any, state: SelectState, source: Any, copy: bool = False) -> None:
    """Update the select's selectedcontent elements from ``source``'s
    children: at once while one of them is open or in the general path,
    else from a copy when the select leaves the stack (module docstring).
    The deferred copy is ``source`` itself unless its children may still
    change (``copy``, and in the event parser): then a holder's clones of
    them."""
    if not p.defers_selectedcontent_updates or p.by_name.get("selectedcontent"):
        run_pending_updates(p, state)  # an earlier one first
        replace = p.builder.replace_children_with_clones
        for selectedcontent in state.selectedcontents:
            replace(selectedcontent.node, source)
        return
    if state.pending is None:
        _work(p).pending_selects.append(state)
    if copy or p._shortcut_mode is None:
        # (The event parser's caller may drop the option at its "end".)
        if state.holder is None:
            state.holder = _empty_node(p)
        p.builder.replace_children_with_clones(state.holder, source)
        source = state.holder
    state.pending = source
    state.pending_count = len(state.selectedcontents)


def select_popped(p: Any, rec: ElementRecord) -> None:
    """A select left the stack of open elements: its pending update runs."""
    state = rec.extra
    if state is not None and state.pending is not None:
        run_pending_updates(p, state)


def run_pending_updates(p: Any, state: SelectState) -> None:
    """Replace the children of the select's selectedcontent elements with
    clones of the pending copy's children (an option's:
    https://html.spec.whatwg.org/#clone-an-option-into-a-selectedcontent;
    none: "clear a selectedcontent"), for those it had when the update
    was asked for."""
    source = state.pending
    if source is None:
        return
    state.pending = None
    replace = p.builder.replace_children_with_clones
    for selectedcontent in state.selectedcontents[: state.pending_count]:
        replace(selectedcontent.node, source)


def stop_parsing(p: Any) -> None:
    """The updates still pending when parsing stops: a select that left
    the stack another way (the adoption agency's removals)."""
    for state in _work(p).pending_selects:
        run_pending_updates(p, state)
