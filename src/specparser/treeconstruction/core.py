"""The tree construction stage: token dispatch and the algorithms shared by
the insertion modes.  https://html.spec.whatwg.org/#tree-construction

:class:`TreeConstructor` is the tokenizer's sink.  It owns the stack of open
elements, the list of active formatting elements and the other parser state,
and writes the tree only through a :class:`~specparser.treebuilder.TreeBuilder`.
The per-mode rules live in ``document_modes``, ``body_mode``,
``table_modes`` and ``foreign``; handlers return reprocess instructions
(see :class:`~specparser.treeconstruction.records.Mode`) which the loops in
the sink methods carry out, so nothing here recurses.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any, Callable, Final

from ..constants import HTML_NAMESPACE, MATHML_NAMESPACE, SVG_NAMESPACE
from ..error_messages import (
    MISNESTED_TAG,
    NON_VOID_SELF_CLOSING,
    UNEXPECTED_DOCTYPE,
    UNEXPECTED_END_TAG,
)
from .._mypyc import mypyc_attr
from ..errors import ParseError
from ..infra import ASCII_WHITESPACE
from ..tables.elements import (
    BUTTON_SCOPE,
    ENDED_BY_POP,
    FORMATTING,
    FOSTER_TARGET,
    HTML_ELEMENT,
    HTML_NOT_TEMPLATE,
    HTML_RECORD_FLAGS,
    HTML_INTEGRATION_POINT,
    IMPLIED_END,
    IMPLIED_END_THOROUGH,
    LIST_SCOPE,
    MATHML_TEXT_INTEGRATION_POINT,
    PLAIN_HTML_RECORD,
    POP_HOOK,
    SCOPE,
    SPECIAL,
    TABLE_SCOPE,
)
from ..tables.foreign import BREAKOUT_TAGS, SVG_TAG_NAMES
from ..tokens import DATA_STATE, PLAINTEXT_STATE, RAWTEXT_STATE, RCDATA_STATE, SCRIPT_DATA_STATE, EndTag, IgnoringSink, StartTag
from ..treebuilder import TreeBuilder
from . import modes as M
# The dispatcher's modes: importing them fills in the insertion mode tables
# (none of them imports this module).
from . import body_mode, document_modes, table_modes  # noqa: F401
from .foreign import adjust_attributes, foreign_characters, foreign_end_tag, foreign_start_tag
from .insertion import adjusted_insertion_location, insert_an_element_at_the_adjusted_insertion_location
from .patching import MARKER_TARGETS, ContentPatching, TemplatePatch
from . import selectedcontent as _selectedcontent
from .records import (
    WALK_BEFORE_LOOKUP,
    ElementRecord,
    FormattingSegment,
    Mode,
    ProcessingInstructionToken,
    foreign_key,
    new_record,
)

__all__ = ["TreeConstructor"]

_SELECT_NAMES: Final = frozenset({"select", "option", "selectedcontent"})
# Where character tokens follow the insertion mode rather than the rules for
# foreign content (https://html.spec.whatwg.org/#tree-construction-dispatcher).
_HTML_TEXT_CONTEXT: Final = HTML_ELEMENT | HTML_INTEGRATION_POINT | MATHML_TEXT_INTEGRATION_POINT
_ANY_BOUNDARY: Final = SCOPE | LIST_SCOPE | BUTTON_SCOPE | TABLE_SCOPE

_new_record: Final = new_record
_HTML_RECORD_FLAGS_GET: Final = HTML_RECORD_FLAGS.get
# The by_name key whose presence says the SVG and MathML records are
# indexed too (index_foreign_elements): foreign_key("") (no tag name is
# empty), its list always empty.  (by_name is a defaultdict: only "in" and
# get() leave it out.)
_FOREIGN_INDEXED: Final = " "



def _is_foreign_dispatch(node: ElementRecord, name: str) -> bool:
    """True when a start tag must be processed by the rules for foreign
    content (https://html.spec.whatwg.org/#tree-construction-dispatcher)."""
    flags = node.flags
    if flags & (HTML_ELEMENT | HTML_INTEGRATION_POINT):
        return False
    if flags & MATHML_TEXT_INTEGRATION_POINT and name != "mglyph" and name != "malignmark":
        return False
    if name == "svg" and node.name == "annotation-xml" and node.ns == MATHML_NAMESPACE:
        return False
    return True


# An IgnoringSink (each method overridden): the compiled build's tokenizer
# calls an IgnoringSink's methods natively (see Tokenizer.sink).
@mypyc_attr(allow_interpreted_subclasses=True)
class TreeConstructor(IgnoringSink):
    """The HTML tree construction stage, driven by a tokenizer.

    ``context`` (fragment parsing) is ``(local_name, namespace)`` or ``None``.
    ``fast_paths=False`` sends every token through the dispatcher and the
    insertion modes' handlers, and creates and pushes every element through
    :meth:`insert_element` (for testing the shortcuts against them).
    """

    # The parser's "allow declarative shadow roots"
    # (https://html.spec.whatwg.org/#parsing-main-inhead, template start
    # tag, step 9; treeconstruction/shadow.py): true in the subclasses
    # ``TreeConstructor(..., shadow_roots=True)`` makes.
    allow_declarative_shadow_roots = False

    # No handler keeps a tag token past its call (records copy the name, the
    # attrs dict and the offset), so the tokenizer may reuse its tag objects.
    borrows_tags = True

    # Whether a selected option's update of its select's selectedcontent
    # elements may wait for the select's end (treeconstruction/
    # selectedcontent.py): with the shortcuts, and in the event parser;
    # not in the general path, which runs the standard's steps as written.
    defers_selectedcontent_updates = True
    # What treeconstruction/selectedcontent.py keeps across selects, made
    # by the first document that needs it (a class-level default: the
    # parser has no room for another instance attribute, see __init__).
    selectedcontent_work: Any = None

    def __new__(cls, *args: Any, **kwargs: Any) -> TreeConstructor:
        # ``fast_paths=False`` (the fifth parameter) makes the parser the
        # subclass whose insert_html_element is the general steps, so the
        # hot path does not test for the switch on every element.
        fast_paths = kwargs.get("fast_paths", args[4] if len(args) > 4 else True)
        target = cls
        if cls is TreeConstructor and not fast_paths:
            target = _TreeConstructorWithoutShortcuts
        if kwargs.get("shadow_roots") and target in _WITH_SHADOW_ROOTS:
            # The flag is a class attribute: the parser has no room for
            # another instance attribute (see __init__).
            target = _WITH_SHADOW_ROOTS[target]
        if target is not cls:
            # Through the target's own __new__ (it chooses no other class):
            # a compiled (mypyc) class may only be made by its __new__.
            return target.__new__(target, *args, **kwargs)
        return object.__new__(cls)

    def __init__(
        self,
        builder: TreeBuilder,
        scripting: bool = False,
        errors: list | None = None,
        context: tuple[str, str] | None = None,
        fast_paths: bool = True,
        *,
        shadow_roots: bool = False,
    ) -> None:
        self.builder = builder
        if shadow_roots and not self.allow_declarative_shadow_roots:
            self.allow_declarative_shadow_roots = True  # a subclass of the caller's
        # The sink methods' shortcuts run while ``mode`` is this mode: in
        # body, or never (None: fast_paths=False, which turns the other
        # shortcuts off too).  Not a second attribute: past 28 instance
        # attributes CPython 3.11 stops sharing the instances' dict keys
        # and every attribute access becomes a dict lookup (+2.6%
        # instructions over the corpus; tests/test_source_shape.py counts).
        self._shortcut_mode = _IN_BODY_MODE if fast_paths else None
        self.scripting = bool(scripting)
        self.errors = errors
        self.tokenizer: Any = None
        self.mode = M.INITIAL
        self.original_mode = M.INITIAL
        self.template_modes: list = []
        self.open: list[ElementRecord] = []
        # The list of active formatting elements: its innermost segment
        # (see push_marker).
        self.afe = FormattingSegment(None)
        # Indexes of the stack of open elements (see push()).
        self.by_name: defaultdict[str, list[ElementRecord]] = defaultdict(list)
        self.boundaries: dict[int, list[ElementRecord]] = {
            bit: [] for bit in (SCOPE, LIST_SCOPE, BUTTON_SCOPE, TABLE_SCOPE)
        }
        self.boundary_lists = list(self.boundaries.items())
        self.head: ElementRecord | None = None
        self.form: ElementRecord | None = None
        self.frameset_ok = True
        self.foster_parenting = False
        self.skip_newline = False
        # https://html.spec.whatwg.org/#concept-pending-table-char-tokens:
        # (the first token's offset, the tokens' data).
        self.pending_table_character_tokens: tuple[int, list[str]] = (0, [])
        self.quirks_mode = "no-quirks"
        self.context: ElementRecord | None = None
        self.document: Any = None
        self.decoded: Any = None  # the DecodedInput, for <meta charset>
        # https://html.spec.whatwg.org/#adjusted-current-node, kept by every
        # change to the stack of open elements (push, pop, the edits below).
        self.adjusted_current_node: ElementRecord | None = None
        # https://html.spec.whatwg.org/#root-insertion-target: null for a
        # document; the fragment node in the fragment case.
        self.root_insertion_target: Any = None
        # Step 2 of "insert an element at the adjusted insertion location".
        self.document_has_element_child = False
        # <template for> (see patching.py), when the builder can answer
        # children_of and remove_between; otherwise such templates stay
        # ordinary templates.
        self.patching: ContentPatching | None = (
            ContentPatching(builder)
            if type(builder).children_of is not TreeBuilder.children_of
            and type(builder).remove_between is not TreeBuilder.remove_between
            else None
        )
        if context is None:
            self.document = builder.start_document()
            if self.patching is not None:
                self.patching.document = self.patching.top = self.document
        else:
            self._start_fragment(*context)

    @property
    def fast_paths(self) -> bool:
        """Whether the shortcuts are on (the ``fast_paths`` argument)."""
        return self._shortcut_mode is not None

    # -- the fragment case ----------------------------------------------

    def _start_fragment(self, name: str, namespace: str) -> None:
        """Steps of https://html.spec.whatwg.org/#html-fragment-parsing-algorithm
        that set up the parser (the tokenizer state is :meth:`initial_tokenizer_state`)."""
        builder = self.builder
        root_node = builder.start_fragment()
        self.document = root_node
        if self.patching is not None:
            self.patching.top = root_node
        self.root_insertion_target = root_node
        # The context element is not part of the tree; only its record is used.
        context = ElementRecord(None, name, namespace, {})
        self.context = context
        root = ElementRecord(root_node, "html", HTML_NAMESPACE, {})
        # While the root is the only open element the context element is the
        # adjusted current node: keep the sink methods' fast paths (which
        # look at the current node) off until then.
        root.flags &= ~HTML_NOT_TEMPLATE
        self.push(root)
        if context.hname == "template":
            self.template_modes.append(M.IN_TEMPLATE)
        self.reset_the_insertion_mode_appropriately()
        if context.hname == "form":
            self.form = context

    def initial_tokenizer_state(self) -> int:
        """The tokenizer state the fragment's context element selects."""
        context = self.context
        if context is None or context.hname is None:
            return DATA_STATE
        name = context.hname
        if name in ("title", "textarea"):
            return RCDATA_STATE
        if name in ("style", "xmp", "iframe", "noembed", "noframes"):
            return RAWTEXT_STATE
        if name == "script":
            return SCRIPT_DATA_STATE
        if name == "noscript":
            return RAWTEXT_STATE if self.scripting else DATA_STATE
        if name == "plaintext":
            return PLAINTEXT_STATE
        return DATA_STATE

    # -- errors ----------------------------------------------------------

    def error(self, code: str, pos: int = -1) -> None:
        errors = self.errors
        if errors is not None:
            errors.append(ParseError(code, pos))

    # -- the token sink (https://html.spec.whatwg.org/#tree-construction-dispatcher)

    def cdata_allowed(self) -> bool:
        node = self.adjusted_current_node
        return node is not None and not node.flags & HTML_ELEMENT

    # The sink methods first try the commonest case of all: in body (or in
    # cell, which processes these tokens using the in body rules), with an
    # HTML element other than a template as the current node.  There they
    # carry out the in-body rules for text, for "any other start tag", for the
    # formatting, void, block, a and li start tags when their rules come down
    # to inserting the element, and for an end tag that names the current
    # node, with no trip through the handler tables (on real pages this
    # covers most tokens; the handlers cost more than the rules' own work,
    # and a Python call alone costs ~370 instructions on CPython 3.11).  The cases
    # are marked on the handlers they shortcut (body_mode.SHORTCUT_START,
    # SHORTCUT_END).  With an SVG or MathML current node that is no
    # integration point they also carry out the rules for foreign content's
    # "any other start tag" (_foreign_start) and "any other end tag" naming
    # the current node.  ``fast_paths=False`` turns them off.  Everything
    # else takes the dispatcher's loop.  Only the tokenizer calls these
    # methods, so foster parenting (which table handlers switch on around
    # their calls into in-body handlers) is never on here.

    def characters(self, data: str, pos: int) -> None:
        if self.skip_newline:
            self.skip_newline = False
            if data[:1] == "\n":
                data = data[1:]
                pos += 1
                if not data:
                    return
        open_ = self.open
        mode = self.mode
        if (
            (mode is self._shortcut_mode or (mode is _IN_CELL_MODE and self._shortcut_mode is not None))
            and open_
            and "\x00" not in data
        ):
            target = open_[-1]
            if target.flags & HTML_NOT_TEMPLATE:
                # https://html.spec.whatwg.org/#parsing-main-inbody "any other
                # character token" (in_body_characters without the NUL
                # case).  (The last entry: None for an empty list and for
                # a marker.)
                entry = self.afe.last
                if entry is not None and not entry.on_stack:
                    self.reconstruct_the_active_formatting_elements()
                    target = open_[-1]
                if self.frameset_ok and data.strip(ASCII_WHITESPACE):
                    self.frameset_ok = False
                self.builder.insert_text(target.node, data, None)
                return
        # A handler returns the characters to reprocess, or None.
        rest: str | None = data
        while rest:
            node = self.adjusted_current_node
            if node is not None:
                if not node.flags & _HTML_TEXT_CONTEXT:
                    foreign_characters(self, rest, pos)
                    return
            rest = self.mode.characters(self, rest, pos)

    def start_tag(self, tag: StartTag) -> None:
        self.skip_newline = False
        open_ = self.open
        mode = self.mode
        if (mode is self._shortcut_mode or (mode is _IN_CELL_MODE and self._shortcut_mode is not None)) and open_:
            target = open_[-1]
            if target.flags & HTML_NOT_TEMPLATE:
                name = tag.name
                # The name's shortcut kind and its record's flags, in one lookup.
                kind, flags = _SHORTCUT_START_GET(name, _START_DEFAULT)
                afe = self.afe
                if (
                    kind is _ANY_OTHER
                    or kind is _FORMATTING
                    or kind is _VOID
                    or (kind is _A and (afe.last is None or self.formatting_element_after_last_marker("a") is None))
                ):
                    # "Any other start tag", b, big, code, ... u, the void
                    # elements (body_mode._any_other_start_tag,
                    # _start_formatting, _start_void); an a with no a after
                    # the last marker (body_mode._start_a).
                    entry = afe.last
                    if entry is not None and not entry.on_stack:
                        self.reconstruct_the_active_formatting_elements()
                        target = open_[-1]
                    simple = True
                elif kind is _LI:
                    # An li whose current node is a special element other than
                    # li, address, div and p (ul, ol: _start_li's loop stops at
                    # once), with no p to close.
                    simple = (
                        target.flags & SPECIAL != 0
                        and target.hname not in _LI_LOOP_GOES_ON
                        and not self.by_name.get("p")
                    )
                    if simple:
                        self.frameset_ok = False
                else:
                    # address, article, ... div, ... ul with no p to close
                    # (body_mode._start_block).
                    simple = kind is _BLOCK and not self.by_name.get("p")
                if simple:
                    # https://html.spec.whatwg.org/#insert-an-html-element
                    # into the current node (no foster parenting, no
                    # template), written out: insert_html_element's steps
                    # for a name that is neither template nor select,
                    # option, selectedcontent (their kind is OTHER).
                    attrs = tag.attrs
                    pos = tag.pos
                    node = self.builder.append_new_element(target.node, name, HTML_NAMESPACE, attrs, pos)
                    if kind is _VOID:
                        # _start_void: the element is popped at once (so
                        # it needs no record), the self-closing flag is
                        # acknowledged, frameset-ok is "not ok".
                        self.frameset_ok = False
                        return
                    rec = _new_record(ElementRecord)
                    rec.node = node
                    rec.name = rec.hname = name
                    rec.ns = HTML_NAMESPACE
                    rec.attrs = attrs
                    rec.pos = pos
                    rec.akey = rec.extra = None
                    rec.flags = flags
                    if flags & _ANY_BOUNDARY:
                        self.push(rec)
                    else:
                        # push(rec) for an element that ends no kind of scope.
                        rec.index = len(open_)
                        rec.on_stack = True
                        open_.append(rec)
                        self.adjusted_current_node = rec
                        self.by_name[name].append(rec)
                    if kind is _FORMATTING or kind is _A:
                        self.push_formatting_element(rec)
                    if tag.self_closing and self.errors is not None:
                        self.error(NON_VOID_SELF_CLOSING, pos)
                    return
            elif not target.flags & _HTML_TEXT_CONTEXT and self._foreign_start(target, tag):
                return
        while True:
            node = self.adjusted_current_node
            if node is not None:
                if not node.flags & HTML_ELEMENT and _is_foreign_dispatch(node, tag.name):
                    if not foreign_start_tag(self, tag):
                        break
                    continue
            mode = self.mode
            if not mode.start.get(tag.name, mode.start_default)(self, tag):
                break
        if tag.self_closing and self.errors is not None:
            # The flag was not acknowledged by the rule that handled the tag.
            self.error(NON_VOID_SELF_CLOSING, tag.pos)

    def end_tag(self, tag: EndTag) -> None:
        self.skip_newline = False
        open_ = self.open
        mode = self.mode
        if (mode is self._shortcut_mode or (mode is _IN_CELL_MODE and self._shortcut_mode is not None)) and open_:
            node = open_[-1]
            name = tag.name
            if node.hname == name:
                flags = node.flags
                # For most end tags the in-body rules come down to popping
                # the current node when it has their name (see
                # body_mode._any_other_end_tag, _end_block, _end_p ...).
                simple = flags & ENDED_BY_POP
                if not simple and flags & FORMATTING:
                    # a, b, ... u closing the innermost formatting element:
                    # the adoption agency's common case (see adoption_agency).
                    afe = self.afe
                    if afe.last is node:
                        if afe.names is None:
                            # FormattingSegment.remove for the last entry
                            # (the last of its Noah's Ark key's), with no
                            # names index, written out (the cost of the
                            # call: see push_formatting_element's step 3).
                            key = node.akey
                            same = afe.keys[key]
                            same.pop()
                            if not same:
                                del afe.keys[key]
                            previous = node.aprev
                            afe.last = previous
                            if previous is None:
                                afe.first = None
                            else:
                                previous.anext = None
                                node.aprev = None
                            node.aseg = None
                        else:
                            afe.remove(node)
                        simple = True
                if simple:
                    if flags & (_ANY_BOUNDARY | POP_HOOK):
                        self.pop()
                    else:
                        # pop(), for an element that ends no kind of scope.
                        open_.pop()
                        node.on_stack = False
                        self.by_name[name].pop()
                        self.adjusted_current_node = open_[-1] if node.index > 1 else self._adjusted_bottom()
                    return
            elif node.hname is None and node.name == name and name != "p" and name != "br":
                # https://html.spec.whatwg.org/#parsing-main-inforeign "any
                # other end tag" naming the current node (an SVG or MathML
                # element with a lowercase name, so its name converted to
                # ASCII lowercase is the token's): pop it (foreign_end_tag).
                self.pop()
                return
        while True:
            adjusted = self.adjusted_current_node
            if adjusted is not None:
                if not adjusted.flags & HTML_ELEMENT:
                    if not foreign_end_tag(self, tag):
                        break
                    continue
            mode = self.mode
            if not mode.end.get(tag.name, mode.end_default)(self, tag):
                break

    def _foreign_start(self, target: ElementRecord, tag: Any) -> bool:
        """start_tag's shortcut for the rules for foreign content
        (https://html.spec.whatwg.org/#parsing-main-inforeign) with an SVG or
        MathML current node that is no integration point: "any other start
        tag" (foreign_start_tag) for a name that does not break out, nor
        svg (annotation-xml's), inserted into the current node; False for
        the others, which take the dispatcher."""
        name = tag.name
        if name in BREAKOUT_TAGS or name == "font" or name == "svg":
            return False
        namespace = target.ns
        if namespace == SVG_NAMESPACE:
            name = SVG_TAG_NAMES.get(name, name)
        attrs = adjust_attributes(tag.attrs, namespace) if tag.attrs else {}
        node = self.builder.append_new_element(target.node, name, namespace, attrs, tag.pos)
        if tag.self_closing:
            # Acknowledged; the element is popped at once, so it needs no record.
            tag.self_closing = False
        else:
            self.push(ElementRecord(node, name, namespace, attrs, tag.pos))
        return True

    def comment(self, data: str | ProcessingInstructionToken, pos: int) -> None:
        self.skip_newline = False
        node = self.adjusted_current_node
        if node is not None:
            if not node.flags & HTML_ELEMENT:
                self.insert_comment(data, pos)
                return
        while self.mode.comment(self, data, pos):
            pass

    def processing_instruction(self, target: str, data: str, pos: int) -> None:
        """A processing instruction token (2026).  Every insertion mode and
        the rules for foreign content treat it as they treat a comment token,
        with the same insertion location ("insert a processing instruction"
        is the twin of "insert a comment"), so it goes through the same
        handlers as a :class:`ProcessingInstructionToken` instead of a
        comment's data string."""
        self.comment(ProcessingInstructionToken(target, data), pos)

    def doctype(self, token: Any) -> None:
        self.skip_newline = False
        node = self.adjusted_current_node
        if node is not None:
            if not node.flags & HTML_ELEMENT:
                self.error(UNEXPECTED_DOCTYPE, token.pos)
                return
        while self.mode.doctype(self, token):
            pass

    def eof(self, pos: int) -> None:
        self.skip_newline = False
        while self.mode.eof(self, pos):
            pass
        self.stop_parsing()

    def stop_parsing(self) -> None:
        """https://html.spec.whatwg.org/#stop-parsing: pop all the nodes off
        the stack of open elements (popping an option may fill a
        selectedcontent)."""
        while self.open:
            rec = self.pop()
            if rec.extra.__class__ is TemplatePatch:
                self.finish_template_for(rec)
        self.adjusted_current_node = None
        if self.selectedcontent_work is not None:
            _selectedcontent.stop_parsing(self)
        self._release_the_list_of_active_formatting_elements()
        if self.patching is not None:
            self.patching.release()

    def _release_the_list_of_active_formatting_elements(self) -> None:
        """Drop the list's records innermost first.  Not a spec step: the
        list is never read after the parse.  The records hold the tree's
        nodes, and freeing an lxml element proxy walks up its ancestors
        until one still has a proxy: freed outermost first (as the key
        dicts would free them), thousands of nested formatting elements
        with distinct attributes made that quadratic (issue 31)."""
        segment: FormattingSegment | None = self.afe
        while segment is not None:
            segment.clear()
            segment = segment.outer
        self.afe = FormattingSegment(None)

    # -- the stack of open elements ---------------------------------------
    #
    # Besides the list itself the parser keeps, for O(1) scope checks:
    # ``rec.index`` (the record's position), ``by_name`` (HTML name -> the
    # records of that name on the stack, bottom to top; and, once
    # index_foreign_elements() has run, the SVG and MathML names converted
    # to ASCII lowercase under foreign_key()) and ``boundaries``
    # (scope kind -> the records that end that kind of scope, bottom to
    # top).  "Has X in scope" is then "is the topmost X at or above the
    # topmost boundary", so deep documents stay linear.  An SVG or MathML
    # record so indexed has its by_name key in ``akey`` (it is never in the
    # list of active formatting elements) and the nearest HTML record below
    # it in ``extra``.  Only the adoption agency, </form> and the after-head
    # <head> dance change the middle of the stack; they renumber the
    # records above the change.

    def push(self, rec: ElementRecord) -> None:
        open_ = self.open
        rec.index = index = len(open_)
        open_.append(rec)
        rec.on_stack = True
        self.adjusted_current_node = rec if index else self._adjusted_bottom()
        name = rec.hname
        if name is not None:
            self.by_name[name].append(rec)
        elif _FOREIGN_INDEXED in self.by_name:
            self._index_foreign_record(rec, open_[index - 1])
        flags = rec.flags
        if flags & _ANY_BOUNDARY:
            for bit, records in self.boundary_lists:
                if flags & bit:
                    records.append(rec)

    def pop(self) -> ElementRecord:
        open_ = self.open
        rec = open_.pop()
        rec.on_stack = False
        # (rec.index is the stack's new length.)
        self.adjusted_current_node = open_[-1] if rec.index > 1 else self._adjusted_bottom()
        name = rec.hname
        if name is not None:
            self.by_name[name].pop()
            if name == "option":
                if self.by_name.get("select"):
                    _selectedcontent.option_popped(self, rec)
            elif name == "select":
                _selectedcontent.select_popped(self, rec)
        elif rec.akey is not None:
            self.by_name[rec.akey].pop()
        flags = rec.flags
        if flags & _ANY_BOUNDARY:
            for bit, records in self.boundary_lists:
                if flags & bit:
                    records.pop()
        return rec

    def pop_until(self, name: str) -> None:
        """Pop elements until an HTML element ``name`` has been popped."""
        pop = self.pop
        while pop().hname != name:
            pass

    def pop_until_one_of(self, names: Any) -> None:
        pop = self.pop
        while pop().hname not in names:
            pass

    def pop_until_record(self, rec: ElementRecord) -> None:
        pop = self.pop
        while pop() is not rec:
            pass

    def _renumber(self, start: int) -> None:
        """After an edit of the stack at ``start``: the records' indexes
        from there, and the adjusted current node."""
        open_ = self.open
        for i in range(start, len(open_)):
            open_[i].index = i
        self._refresh_html_below(start)
        self._top_changed()

    def _refresh_html_below(self, start: int) -> None:
        """After an edit of the stack at ``start``: the ``extra`` (nearest
        HTML record below) of the SVG and MathML records from there up to
        the next HTML record, the only ones that can have changed (when
        they are indexed: index_foreign_elements)."""
        if _FOREIGN_INDEXED not in self.by_name:
            return
        open_ = self.open
        for i in range(max(start, 1), len(open_)):
            rec = open_[i]
            if rec.hname is not None:
                if i > start:
                    return
                continue
            rec.extra = _html_at_or_below(open_[i - 1])

    def index_foreign_elements(self) -> None:
        """Start keeping the SVG and MathML records on the stack in
        ``by_name`` (under foreign_key(), in ``akey``) and their nearest
        HTML record below (in ``extra``): foreign content's end tags look
        them up once a walk down the stack grows long.  Off until then, so
        a document with no deep SVG or MathML pays nothing for them."""
        by_name = self.by_name
        if _FOREIGN_INDEXED in by_name:
            return
        by_name[_FOREIGN_INDEXED] = []
        open_ = self.open
        for i in range(1, len(open_)):
            rec = open_[i]
            if rec.hname is None:
                self._index_foreign_record(rec, open_[i - 1])

    def _index_foreign_record(self, rec: ElementRecord, below: ElementRecord) -> None:
        """index_foreign_elements for ``rec``, pushed onto ``below``."""
        rec.extra = _html_at_or_below(below)
        rec.akey = key = foreign_key(rec.name)
        self.by_name[key].append(rec)

    def _top_changed(self) -> None:
        """The adjusted current node, after any change to the stack."""
        open_ = self.open
        self.adjusted_current_node = open_[-1] if len(open_) > 1 else self._adjusted_bottom()

    def _adjusted_bottom(self) -> ElementRecord | None:
        """The adjusted current node of a stack of at most one element: the
        context element if the parser was created as part of the HTML
        fragment parsing algorithm and the stack holds one element;
        otherwise the current node (None for an empty stack)."""
        open_ = self.open
        if not open_:
            return None
        return open_[0] if self.context is None else self.context

    def _lists_of(self, rec: ElementRecord) -> list:
        lists = []
        if rec.hname is not None:
            lists.append(self.by_name.setdefault(rec.hname, []))
        elif rec.akey is not None:
            lists.append(self.by_name.setdefault(rec.akey, []))
        flags = rec.flags
        if flags & _ANY_BOUNDARY:
            for bit, records in self.boundary_lists:
                if flags & bit:
                    lists.append(records)
        return lists

    def remove_from_stack(self, rec: ElementRecord) -> None:
        index = rec.index
        if rec.hname == "option" and self.by_name.get("select"):
            # The adoption agency's step 4.13.5 takes an option out of the
            # middle of the stack: it ends there as if popped.
            _selectedcontent.option_removed(self, rec)
        del self.open[index]
        rec.on_stack = False
        self._renumber(index)
        for records in self._lists_of(rec):
            for i in range(len(records) - 1, -1, -1):
                if records[i] is rec:
                    del records[i]
                    break

    def insert_into_stack(self, index: int, rec: ElementRecord) -> None:
        self.open.insert(index, rec)
        rec.on_stack = True
        self._renumber(index)
        for records in self._lists_of(rec):
            i = len(records)
            while i > 0 and records[i - 1].index > index:
                i -= 1
            records.insert(i, rec)

    def replace_in_stack(self, old: ElementRecord, new: ElementRecord) -> None:
        """Put ``new`` (same name and namespace) where ``old`` was."""
        index = old.index
        self.open[index] = new
        new.index = index
        self._top_changed()
        new.on_stack = True
        old.on_stack = False
        self._refresh_html_below(index)
        for records in self._lists_of(old):
            for i in range(len(records) - 1, -1, -1):
                if records[i] is old:
                    records[i] = new
                    break

    def topmost_special_index(self) -> int:
        """The index of the topmost element in the special category
        (https://html.spec.whatwg.org/#special) on the stack of open
        elements, -1 for an empty stack, from the stack's indexes rather
        than a walk: every special element in the MathML and SVG
        namespaces, and some HTML ones, end the default scope
        (``boundaries[SCOPE]``); the other HTML ones
        (``_SPECIAL_OTHER_NAMES``) are found by name.  A few dozen lookups,
        whatever the depth."""
        scope = self.boundaries[SCOPE]
        top = scope[-1].index if scope else -1
        by_name = self.by_name
        for name in _SPECIAL_OTHER_NAMES:
            same = by_name.get(name)
            if same:
                index = same[-1].index
                if index > top:
                    top = index
        return top

    def has_open(self, name: str) -> bool:
        """Is an HTML element ``name`` anywhere on the stack?"""
        return bool(self.by_name.get(name))

    # https://html.spec.whatwg.org/#has-an-element-in-the-specific-scope
    def in_scope(self, name: str, boundary: int = SCOPE) -> bool:
        same = self.by_name.get(name)
        if not same:
            return False
        return same[-1].index >= self.boundaries[boundary][-1].index

    def in_button_scope(self, name: str) -> bool:
        return self.in_scope(name, BUTTON_SCOPE)

    def in_list_item_scope(self, name: str) -> bool:
        return self.in_scope(name, LIST_SCOPE)

    def in_table_scope(self, name: str) -> bool:
        return self.in_scope(name, TABLE_SCOPE)

    def any_in_scope(self, names: Any, boundary: int = SCOPE) -> bool:
        by_name = self.by_name
        top = -1
        for name in names:
            same = by_name.get(name)
            if same and same[-1].index > top:
                top = same[-1].index
        return top >= 0 and top >= self.boundaries[boundary][-1].index

    def record_in_scope(self, target: ElementRecord, boundary: int = SCOPE) -> bool:
        return target.on_stack and target.index >= self.boundaries[boundary][-1].index

    # https://html.spec.whatwg.org/#generate-implied-end-tags
    def generate_implied_end_tags(self, exclude: str | None = None) -> None:
        open_ = self.open
        while open_ and open_[-1].flags & IMPLIED_END and open_[-1].hname != exclude:
            self.pop()

    def generate_all_implied_end_tags_thoroughly(self) -> None:
        open_ = self.open
        while open_ and open_[-1].flags & IMPLIED_END_THOROUGH:
            self.pop()

    # https://html.spec.whatwg.org/#close-a-p-element
    def close_a_p_element(self, pos: int = -1) -> None:
        self.generate_implied_end_tags("p")
        if self.open[-1].hname != "p":
            self.error(UNEXPECTED_END_TAG, pos)
        self.pop_until("p")

    def close_p_if_in_button_scope(self, pos: int = -1) -> None:
        if self.by_name.get("p") and self.in_scope("p", BUTTON_SCOPE):
            self.close_a_p_element(pos)

    # -- creating and inserting nodes ------------------------------------

    # https://html.spec.whatwg.org/#create-an-element-for-the-token
    def create_element(self, name: str, namespace: str, attrs: dict, pos: int = -1) -> ElementRecord:
        node = self.builder.create_element(name, namespace, attrs, pos)
        rec = ElementRecord(node, name, namespace, attrs, pos)
        if rec.hname == "template":
            rec.extra = self.template_contents(node)
        return rec

    def template_contents(self, template: Any) -> Any:
        """A new template element's contents (a DocumentFragment): content
        patching must know them, for its walk up from a marker stops
        there."""
        contents = self.builder.template_contents(template)
        if self.patching is not None:
            self.patching.note_contents(contents)
        return contents

    # https://html.spec.whatwg.org/#appropriate-place-for-inserting-a-node
    def appropriate_place(self, target: ElementRecord | None = None) -> tuple[Any, Any]:
        """The insertion location ``(target parent, reference child or
        None)``; ``target`` is the override target."""
        if target is None:
            target = self.open[-1]
        if self.foster_parenting and target.flags & FOSTER_TARGET:
            return self.foster_parenting_place()
        if target.hname == "template":
            return self.template_place(target)
        return target.node, None

    def template_place(self, template: ElementRecord) -> tuple[Any, Any]:
        """Inside a template: its contents, or for a ``<template for>`` that
        matched a marker, its insertion target (before the end marker):
        the redirection of the appropriate place for a template target
        (2026, see patching.py)."""
        extra = template.extra
        if extra.__class__ is TemplatePatch:
            return extra.location(self.builder)
        return extra, None

    def insert_template_for(self, tag: Any, name: str) -> ElementRecord:
        """The start tag ``template`` with a ``for`` attribute [2nd]: the
        template is created and pushed without being inserted, and
        "prepare content patching" looks for the marker ``name`` in the
        scope (the parent the template would be inserted into; the html
        element for the body).  With no match the template is inserted
        where it would have been, an ordinary template."""
        place = self.appropriate_place()
        scope = place[0]
        current = self.open[-1]
        if current.hname == "body" and scope is current.node:
            parent = self.builder.parent_of(scope)
            if parent is not None:
                scope = parent
        rec = self.create_element("template", HTML_NAMESPACE, tag.attrs, tag.pos)
        # The scope is open (an open element, or an open template's
        # contents) unless the location is a patching template's target.
        inside = current.extra if current.hname == "template" and current.extra.__class__ is TemplatePatch else None
        patch = self.patching.prepare(name, scope, inside)  # type: ignore[union-attr]
        if patch is None:
            insert_an_element_at_the_adjusted_insertion_location(self, rec.node, place)
        else:
            rec.extra = patch
        self.push(rec)
        return rec

    def finish_template_for(self, template: ElementRecord) -> None:
        """The end tag ``template`` (or the end of the input) popped
        ``template``: a patching one removes its markers [2nd]."""
        extra = template.extra
        if extra.__class__ is TemplatePatch:
            self.patching.finish(extra)  # type: ignore[union-attr]
            template.extra = extra = self.builder.template_contents(template.node)
        if self.patching is not None:
            self.patching.close_contents(extra)

    def foster_parenting_place(self) -> tuple[Any, Any]:
        """Step 2 of the appropriate place algorithm, with foster parenting."""
        open_ = self.open
        # The last (topmost) template and table on the stack.
        templates = self.by_name.get("template")
        tables = self.by_name.get("table")
        last_template = templates[-1].index if templates else -1
        last_table = tables[-1].index if tables else -1
        if last_template >= 0 and (last_table < 0 or last_template > last_table):
            return self.template_place(open_[last_template])
        if last_table < 0:
            # Fragment case: inside the first element (the html element).
            return open_[0].node, None
        table = open_[last_table]
        parent = self.builder.parent_of(table.node)
        if parent is not None:
            if self.patching is not None:
                self.patching.reordered()  # before the table: see patching.py
            return parent, table.node
        previous = open_[last_table - 1]
        if previous.hname == "template":
            return self.template_place(previous)
        return previous.node, None

    def insert_node(self, node: Any, place: tuple[Any, Any]) -> None:
        parent, before = place
        if before is None:
            self.builder.append(parent, node)
        else:
            self.builder.insert_before(parent, node, before)

    # https://html.spec.whatwg.org/#insert-a-foreign-element
    def insert_element(self, name: str, namespace: str, attrs: dict, pos: int = -1) -> ElementRecord:
        # Step 1 computes the place before the element is created.
        place = self.appropriate_place()
        parent, before = adjusted_insertion_location(self, place)
        if before is None and parent is not self.document and self._shortcut_mode is not None:
            # Steps 2-4 (create the element, insert it at the adjusted
            # insertion location) in one builder call, so a tree library can
            # make the child in place: appending a detached element costs
            # O(depth) in lxml (it searches the new parent's ancestors for a
            # cycle the parser already excludes).  Step 2 of "insert an
            # element at the adjusted insertion location" cannot fail here:
            # the element is new and its parent is not the Document.  With
            # ``fast_paths=False`` the element is created, then inserted by
            # the general steps (tests/test_tree_fast_paths.py compares).
            node = self.builder.append_new_element(parent, name, namespace, attrs, pos)
            rec = ElementRecord(node, name, namespace, attrs, pos)
            if rec.hname == "template":
                rec.extra = self.template_contents(node)
        else:
            rec = self.create_element(name, namespace, attrs, pos)
            insert_an_element_at_the_adjusted_insertion_location(self, rec.node, place)
        self.push(rec)
        return rec

    # https://html.spec.whatwg.org/#insert-an-html-element
    def insert_html_element(self, tag: Any) -> ElementRecord:
        """Create the element, insert it at the appropriate place and push it.

        This is the handlers' hot path, so the common case (no foster
        parenting, no template) is written out here: the record is filled
        in without the ElementRecord() call, and pushed without the push()
        call unless it ends a scope (each call costs more than the stores
        it makes).  start_tag's shortcut has its own copy of these lines
        (calling this method from there cost +1.3% instructions over the
        corpus; making this one ElementRecord() and push() instead, +0.2%).
        tests/test_tree_fast_paths.py compares both copies with
        ElementRecord() and push(), slot by slot; with ``fast_paths=False``
        the parser is a :class:`_TreeConstructorWithoutShortcuts`, whose
        insert_html_element is :meth:`_insert_html_element`."""
        name = tag.name
        attrs = tag.attrs
        open_ = self.open
        target = open_[-1]
        if (self.foster_parenting and target.flags & FOSTER_TARGET) or target.hname == "template":
            return self._insert_html_element(tag)
        else:
            builder = self.builder
            pos = tag.pos
            node = builder.append_new_element(target.node, name, HTML_NAMESPACE, attrs, pos)
            rec = _new_record(ElementRecord)
            rec.node = node
            rec.name = rec.hname = name
            rec.ns = HTML_NAMESPACE
            rec.attrs = attrs
            rec.pos = pos
            rec.akey = rec.extra = None
            rec.flags = flags = _HTML_RECORD_FLAGS_GET(name, PLAIN_HTML_RECORD)
            if name == "template":
                rec.extra = self.template_contents(node)
            if flags & _ANY_BOUNDARY:
                self.push(rec)
            else:
                # push(rec) for an element that ends no kind of scope.
                rec.index = len(open_)
                rec.on_stack = True
                open_.append(rec)
                self.adjusted_current_node = rec  # the stack holds the target too
                self.by_name[name].append(rec)
        if name in _SELECT_NAMES:
            self.select_element_inserted(rec)
        return rec

    def insert_html_element_and_pop(self, tag: Any) -> None:
        """The void elements' steps: "Insert an HTML element for the token.
        Immediately pop the current node off the stack of open elements.
        Acknowledge the token's self-closing flag, if it is set."  With the
        shortcuts on, an element appended to the current node (no foster
        parenting, no template) is only appended: it would leave the stack
        at once, and no void element is a template, select, option or
        selectedcontent, whose records the parser keeps."""
        target = self.open[-1]
        if (
            self._shortcut_mode is not None
            and target.flags & HTML_NOT_TEMPLATE
            and not (self.foster_parenting and target.flags & FOSTER_TARGET)
        ):
            self.builder.append_new_element(target.node, tag.name, HTML_NAMESPACE, tag.attrs, tag.pos)
        else:
            self.insert_html_element(tag)
            self.pop()
        tag.self_closing = False

    def _insert_html_element(self, tag: Any) -> ElementRecord:
        """Insert an HTML element through the general steps
        (:meth:`insert_element`)."""
        rec = self.insert_element(tag.name, HTML_NAMESPACE, tag.attrs, tag.pos)
        if tag.name in _SELECT_NAMES:
            self.select_element_inserted(rec)
        return rec

    def insert_implied(self, name: str) -> ElementRecord:
        """Insert an HTML element for a start tag the spec makes up (``head``,
        ``body``, ``tbody`` ... with no attributes)."""
        return self.insert_element(name, HTML_NAMESPACE, {}, -1)

    # https://html.spec.whatwg.org/#insert-a-character
    def insert_characters(self, data: str) -> None:
        target = self.open[-1]
        if self.foster_parenting and target.flags & FOSTER_TARGET:
            parent, before = self.foster_parenting_place()
            self.builder.insert_text(parent, data, before)
            return
        if target.hname == "template":
            parent, before = self.template_place(target)
            self.builder.insert_text(parent, data, before)
        else:
            self.builder.insert_text(target.node, data, None)

    # https://html.spec.whatwg.org/#insert-a-comment and
    # https://html.spec.whatwg.org/#insert-a-processing-instruction
    def insert_comment(self, data: Any, pos: int = -1, parent: Any = None) -> None:
        """Insert a comment (``data`` a string) or, for a
        :class:`ProcessingInstructionToken`, a processing instruction: the
        two algorithms differ only in the node they create.  ``parent``
        is the explicit location some modes give (the Document, the html
        element); otherwise the appropriate place."""
        if data.__class__ is str:
            node = self.builder.create_comment(data, pos)
        else:
            node = self.builder.create_processing_instruction(data.target, data.data, pos)
            if data.target in MARKER_TARGETS and self.patching is not None:
                self.patching.note(node, data.target, data.data)
                if parent is not None and parent is not self.document:
                    # After the body, in the html element: later content
                    # can come before it in tree order (see patching.py).
                    self.patching.reordered()
        if parent is not None:
            self.builder.append(parent, node)
        else:
            self.insert_node(node, adjusted_insertion_location(self, self.appropriate_place()))

    # https://html.spec.whatwg.org/#generic-raw-text-element-parsing-algorithm
    def generic_raw_text(self, tag: Any) -> None:
        self.insert_html_element(tag)
        self.tokenizer.state = RAWTEXT_STATE
        self.tokenizer.last_start_tag = tag.name
        self.original_mode = self.mode
        self.mode = M.TEXT

    def generic_rcdata(self, tag: Any) -> None:
        self.insert_html_element(tag)
        self.tokenizer.state = RCDATA_STATE
        self.tokenizer.last_start_tag = tag.name
        self.original_mode = self.mode
        self.mode = M.TEXT

    # -- the list of active formatting elements ---------------------------

    # The list is a chain of FormattingSegment (records.py), one per marker
    # level: ``self.afe`` is the innermost, the entries after the last
    # marker.  Its linked entries make removing and inserting O(1), and
    # its indexes answer the three walks the steps make over the list
    # (Noah's Ark's count of identical elements, the last element of a
    # name after the last marker, "is in the list"): with thousands of
    # distinct formatting elements each walk, at every token, made the
    # parse quadratic.  ``fast_paths=False`` walks as the spec says.

    def push_marker(self) -> None:
        self.afe = FormattingSegment(self.afe)

    # https://html.spec.whatwg.org/#push-onto-the-list-of-active-formatting-elements
    def push_formatting_element(self, rec: ElementRecord) -> None:
        attrs = rec.attrs
        # The Noah's Ark key.  (Keying an a by its name alone would save
        # hashing its href, but is not exact: an a the adoption agency cloned
        # may stay in the list after its eighth outer loop, so a's with
        # different attributes can pile up after one marker.)
        key = (rec.name, frozenset(attrs.items())) if attrs else rec.name
        rec.akey = key
        segment = self.afe
        keys = segment.keys
        same = keys.get(key)
        # Step 2: three elements after the last marker with the same tag
        # name, namespace and attributes: remove the earliest (which
        # leaves two in ``same``).
        if self._shortcut_mode is not None:
            if same is not None and len(same) >= 3:
                segment.remove(same[0])
        else:
            self._noahs_ark_by_walking(rec)
        # Step 3: add the element at the end (FormattingSegment's links and
        # indexes, written out: one call less per formatting element; with
        # a FormattingSegment method here and afe.remove() for end_tag's
        # last entry, the pure build took 160.7M -> 162.3M instructions,
        # callgrind, 10 corpus pages, etree).
        if same is None:
            keys[key] = [rec]
        else:
            same.append(rec)
        rec.aseg = segment
        last = segment.last
        rec.aprev = last
        rec.anext = None
        if last is None:
            segment.first = rec
        else:
            last.anext = rec
        segment.last = rec
        if segment.names is not None:
            segment.index_name(rec)

    def _noahs_ark_by_walking(self, rec: ElementRecord) -> None:
        """Step 2 of push_formatting_element as written: count the entries
        after the last marker identical to ``rec``, from the earliest."""
        segment = self.afe
        identical = []
        entry = segment.first
        while entry is not None:
            if entry.name == rec.name and entry.ns == rec.ns and entry.attrs == rec.attrs:
                identical.append(entry)
            entry = entry.anext
        if len(identical) >= 3:
            segment.remove(identical[0])

    def in_the_list_of_active_formatting_elements(self, rec: ElementRecord) -> bool:
        """Whether ``rec`` is in the list (the records in it have their
        segment in ``aseg``; ``fast_paths=False`` walks the whole list)."""
        if rec.akey is None:
            return False  # never pushed onto the list (an HTML record)
        if self._shortcut_mode is not None:
            return rec.aseg is not None
        segment: FormattingSegment | None = self.afe
        while segment is not None:
            entry = segment.first
            while entry is not None:
                if entry is rec:
                    return True
                entry = entry.anext
            segment = segment.outer
        return False

    def remove_from_afe(self, rec: ElementRecord) -> None:
        """Remove ``rec`` from the list, if it is there."""
        segment = rec.aseg
        if segment is not None:
            segment.remove(rec)

    # https://html.spec.whatwg.org/#reconstruct-the-active-formatting-elements
    def reconstruct_the_active_formatting_elements(self) -> None:
        segment = self.afe
        # Steps 1-3 (the last entry of the innermost segment: None when
        # the list is empty or ends with a marker).
        entry = segment.last
        if entry is None or entry.on_stack:
            return
        # Steps 4-6: rewind to the earliest entry after the last marker or
        # the last entry on the stack of open elements.
        while True:
            previous = entry.aprev
            if previous is None or previous.on_stack:
                break
            entry = previous
        # Steps 7-10: create an element for each entry from there, in its place.
        item: ElementRecord | None = entry
        while item is not None:
            new = self.insert_element(item.name, HTML_NAMESPACE, dict(item.attrs), item.pos)
            following = item.anext
            segment.replace(item, new)
            item = following

    # https://html.spec.whatwg.org/#clear-the-list-of-active-formatting-elements-up-to-the-last-marker
    def clear_the_list_of_active_formatting_elements_up_to_the_last_marker(self) -> None:
        segment = self.afe
        if segment.last is not None:
            segment.clear()
        if segment.outer is not None:
            self.afe = segment.outer  # the marker goes too

    def formatting_element_after_last_marker(self, name: str) -> ElementRecord | None:
        """The last element in the list after the last marker (or in the
        whole list when there is none) whose tag name is ``name``: the
        segment's ``names`` index's last once a walk back has passed a few
        entries (the index starts then, and stays); ``fast_paths=False``
        walks back all the way."""
        segment = self.afe
        names = segment.names
        if names is not None and self._shortcut_mode is not None:
            named = names.get(name)
            return named[-1] if named else None
        entry = segment.last
        steps = WALK_BEFORE_LOOKUP if self._shortcut_mode is not None else -1
        while entry is not None:
            if entry.name == name:
                return entry
            if steps == 0:
                named = segment.index_names().get(name)
                return named[-1] if named else None
            steps -= 1
            entry = entry.aprev
        return None

    # https://html.spec.whatwg.org/#adoption-agency-algorithm
    def adoption_agency(self, tag: Any) -> bool:
        """Run the adoption agency algorithm; return True when the caller
        must act as described in "any other end tag"."""
        subject = tag.name
        open_ = self.open
        builder = self.builder
        # Step 2.
        current = open_[-1]
        if current.hname == subject and not self.in_the_list_of_active_formatting_elements(current):
            self.pop()
            return False
        # Steps 3-4: the outer loop runs at most 8 times.
        for _ in range(8):
            # Step 4.3.
            formatting = self.formatting_element_after_last_marker(subject)
            if formatting is None:
                return True
            if formatting is open_[-1] and self._shortcut_mode is not None:
                # The common case, "</b>" closing the current node: steps
                # 4.4-4.6 pass (the current node is on the stack and in
                # scope), step 4.7 finds no furthest block above it, and
                # step 4.8 pops it and removes it from the list.
                self.pop()
                self.remove_from_afe(formatting)
                return False
            # Step 4.4.
            if not formatting.on_stack:
                self.error(MISNESTED_TAG, tag.pos)
                self.remove_from_afe(formatting)
                return False
            # Step 4.5.
            if not self.record_in_scope(formatting):
                self.error(MISNESTED_TAG, tag.pos)
                return False
            # Step 4.6.
            if formatting is not open_[-1]:
                self.error(MISNESTED_TAG, tag.pos)
            # Step 4.7: the furthest block.
            fe_index = formatting.index
            furthest_block = None
            for i in range(fe_index + 1, len(open_)):
                if open_[i].flags & 1:  # SPECIAL
                    furthest_block = open_[i]
                    break
            # Step 4.8.
            if furthest_block is None:
                self.pop_until_record(formatting)
                self.remove_from_afe(formatting)
                return False
            # Steps 4.9-4.10.  The bookmark: None while it is at the
            # formatting element's place, then the entry it follows.
            common_ancestor = open_[fe_index - 1]
            if self.patching is not None:
                # The furthest block moves (steps 4.13-4.14): see patching.py.
                self.patching.moving(furthest_block.node, self.appropriate_place(common_ancestor))
            last_node, bookmark = self._adoption_agency_inner_loop(formatting, furthest_block)
            # Step 4.14, through the checked insertion (whatwg/html 57811ef0):
            # a lastNode the DOM would reject is dropped (script only).
            builder.remove(last_node.node)
            insert_an_element_at_the_adjusted_insertion_location(
                self, last_node.node, self.appropriate_place(common_ancestor), created=False
            )
            # Steps 4.15-4.17.
            new = self.create_element(formatting.name, HTML_NAMESPACE, dict(formatting.attrs), formatting.pos)
            builder.move_children(furthest_block.node, new.node)
            builder.append(furthest_block.node, new.node)
            # Step 4.18.
            segment = formatting.aseg  # (in the list: step 4.4)
            segment.replace(formatting, new)  # type: ignore[union-attr]
            if bookmark is not None:
                segment.move_after(new, bookmark)  # type: ignore[union-attr]
            # Step 4.19.
            self.remove_from_stack(formatting)
            self.insert_into_stack(furthest_block.index + 1, new)
        return False

    def _adoption_agency_inner_loop(
        self, formatting: ElementRecord, furthest_block: ElementRecord
    ) -> tuple[ElementRecord, ElementRecord | None]:
        """Steps 4.11-4.13 of the adoption agency algorithm: ``(last
        node, bookmark)``, the bookmark being the entry the new formatting
        element goes after (None: in the formatting element's place).
        Removing other entries does not move it."""
        open_ = self.open
        builder = self.builder
        bookmark: ElementRecord | None = None
        node = last_node = furthest_block
        node_index = furthest_block.index
        inner = 0
        while True:
            inner += 1
            node_index -= 1
            node = open_[node_index]
            if node is formatting:
                return last_node, bookmark
            in_afe = self.in_the_list_of_active_formatting_elements(node)
            if inner > 3 and in_afe:
                self.remove_from_afe(node)
                in_afe = False
            if not in_afe:
                self.remove_from_stack(node)
                continue
            # Step 4.13.7: a new element for node's token replaces it.
            new = self.create_element(node.name, HTML_NAMESPACE, dict(node.attrs), node.pos)
            node.aseg.replace(node, new)  # type: ignore[union-attr]  # (in the list)
            self.replace_in_stack(node, new)
            node = new
            if last_node is furthest_block:
                bookmark = new
            builder.remove(last_node.node)
            builder.append(node.node, last_node.node)
            last_node = node

    # -- reset the insertion mode appropriately ---------------------------

    # https://html.spec.whatwg.org/#reset-the-insertion-mode-appropriately
    def reset_the_insertion_mode_appropriately(self) -> None:
        """Steps 1-3 walk down the stack from the current node to the first
        node that decides the mode.  Every node that decides it, except the
        last (the bottom, or the context element), is an HTML element whose
        name is in ``_RESET_NAMES``, so the walk stops at the topmost open
        record of those names above the bottom: ``by_name`` knows each
        name's topmost record and its index, and the walk (O(depth) for
        every ``</table>`` and ``</template>``: ``<div>``*n then
        ``<table></table>``*n was quadratic) is a dozen lookups.
        ``fast_paths=False`` walks (:class:`_TreeConstructorWithoutShortcuts`)."""
        by_name = self.by_name
        top: ElementRecord | None = None
        top_index = 0
        for name in _RESET_NAMES:
            same = by_name.get(name)
            if same:
                rec = same[-1]
                if rec.index > top_index:
                    top = rec
                    top_index = rec.index
        mode = None if top is None else self._reset_mode_for(top, False)
        if mode is None:  # (only when top is None: each name decides)
            self._reset_mode_at_the_bottom()
        else:
            self.mode = mode

    def _reset_mode_for(self, node: ElementRecord, last: bool) -> Mode | None:
        """Steps 4-14 of https://html.spec.whatwg.org/#reset-the-insertion-mode-appropriately
        (the standard since the "in select" modes went, 2025) for ``node``
        (``last``: step 3 made it the last node): the mode it decides, or
        None when it decides none."""
        name = node.hname
        if name is None or (last and name in _RESET_NOT_LAST):  # steps 4 and 11
            return None
        mode = _RESET_MODES.get(name)
        if mode is not None:  # steps 4-9 and 11-13
            return mode
        if name == "template":  # step 10
            return self.template_modes[-1]
        if name == "html":  # step 14
            return M.BEFORE_HEAD if self.head is None else M.AFTER_HEAD
        return None

    def _reset_mode_at_the_bottom(self) -> None:
        """The walk's last node (step 3: the context element in the
        fragment case) with a non-empty stack: steps 4-14, else step 15
        ("in body")."""
        node = self.open[0] if self.context is None else self.context
        mode = self._reset_mode_for(node, True)
        self.mode = M.IN_BODY if mode is None else mode

    # -- select, option and selectedcontent (treeconstruction/selectedcontent.py)

    def select_element_inserted(self, rec: ElementRecord) -> None:
        """A select, option or selectedcontent was inserted: a select gets
        the record of what its selectedcontent elements need; the others'
        insertion steps (:mod:`.selectedcontent`) concern an open select."""
        name = rec.name
        if name == "select":
            rec.extra = _selectedcontent.SelectState(rec.attrs)
        elif self.by_name.get("select"):
            if name == "option":
                _selectedcontent.option_inserted(self, rec)
            else:
                _selectedcontent.selectedcontent_inserted(self, rec)


# The in-body (and in-cell) cases the sink methods take themselves (see
# characters()), by tag name: the kind body_mode marks on the handler the in-body table gives
# the name (SHORTCUT_START / SHORTCUT_END), so they cannot drift from the
# table; a name without a handler takes the default handler's kind.
_IN_BODY_MODE: Final = M.IN_BODY

# https://html.spec.whatwg.org/#reset-the-insertion-mode-appropriately,
# steps 4-14: the HTML elements that decide the insertion mode, with the
# mode when it is fixed (template and html: see _reset_mode_for), and
# those that decide it only when they are not the last node.
_RESET_MODES: Final[dict[str, Mode]] = {
    "td": M.IN_CELL, "th": M.IN_CELL,  # step 4
    "tr": M.IN_ROW,  # step 5
    "tbody": M.IN_TABLE_BODY, "thead": M.IN_TABLE_BODY, "tfoot": M.IN_TABLE_BODY,  # step 6
    "caption": M.IN_CAPTION,  # step 7
    "colgroup": M.IN_COLUMN_GROUP,  # step 8
    "table": M.IN_TABLE,  # step 9
    "head": M.IN_HEAD,  # step 11
    "body": M.IN_BODY,  # step 12
    "frameset": M.IN_FRAMESET,  # step 13
}  # fmt: skip
_RESET_NOT_LAST: Final = frozenset({"td", "th", "head"})


def _html_at_or_below(rec: ElementRecord) -> ElementRecord:
    """``rec`` if it is an HTML element's record, else the nearest HTML
    record below it (an indexed SVG or MathML record's ``extra``)."""
    return rec if rec.hname is not None else rec.extra


# The HTML elements in the special category that do not end the default
# scope (those that do are in boundaries[SCOPE]):
# TreeConstructor.topmost_special_index.
_SPECIAL_OTHER_NAMES: Final = tuple(
    name for name, flags in HTML_RECORD_FLAGS.items() if flags & SPECIAL and not flags & SCOPE
)
_RESET_NAMES: Final = (*_RESET_MODES, "template", "html")
# (Final each: the compiled build reads them as constants, not from the
# module's dict.)
_ANY_OTHER: Final = body_mode.ANY_OTHER
_BLOCK: Final = body_mode.BLOCK
_FORMATTING: Final = body_mode.FORMATTING
_A: Final = body_mode.A
_LI: Final = body_mode.LI
_VOID: Final = body_mode.VOID
_OTHER: Final = body_mode.OTHER
# Where _start_li's loop goes on to the node below: an li (which it stops at
# after closing it: not simple) and the special elements it passes over.
_LI_LOOP_GOES_ON: Final = frozenset(("li",) + body_mode.LI_LOOP_PASSES)
_START_DEFAULT_KIND: Final = body_mode.SHORTCUT_START.get(M.IN_BODY.start_default, _OTHER)  # any other start tag
_IN_CELL_MODE: Final = M.IN_CELL


def _shortcut_kinds(in_body: dict, marks: dict, in_cell: dict, using_in_body: Any) -> dict:
    """Tag name -> the shortcut kind of the in-body handler it maps to.  In
    cell every token but a few start and end tags is processed "using the
    rules for the in body insertion mode"
    (https://html.spec.whatwg.org/#parsing-main-intd), so the sink methods
    take the same shortcuts there; the names with rules of their own in cell
    (td, th, tr, table ...) get none, in either mode (in body no page has
    them as the current node's end tag or as a start tag to insert)."""
    kinds = {name: marks.get(handler, _OTHER) for name, handler in in_body.items()}
    for name, handler in in_cell.items():
        if handler is not using_in_body:
            kinds[name] = _OTHER
    return kinds


_SHORTCUT_START_KIND: Final = _shortcut_kinds(
    M.IN_BODY.start, body_mode.SHORTCUT_START, M.IN_CELL.start, document_modes.using_in_body_start
)
# select, option and selectedcontent take the handlers (whose
# insert_html_element calls select_element_inserted), and so does template
# (in head's rules): start_tag's written-out insertion does neither.
_SHORTCUT_START_KIND.update(dict.fromkeys(_SELECT_NAMES, _OTHER))
# start_tag's table: name -> (shortcut kind, the flags of its record).
# (Typed for the compiled build: _START_DEFAULT an object it passes as it
# is, where a tuple[str, int] would be a native pair boxed into a new tuple
# at every call.)
_START_DEFAULT: Final[Any] = (_START_DEFAULT_KIND, PLAIN_HTML_RECORD)
_SHORTCUT_START_GET: Final[Callable[[str, tuple[str, int]], tuple[str, int]]] = {
    name: (_SHORTCUT_START_KIND.get(name, _START_DEFAULT_KIND), HTML_RECORD_FLAGS.get(name, PLAIN_HTML_RECORD))
    for name in {*_SHORTCUT_START_KIND, *HTML_RECORD_FLAGS}
}.get
# end_tag reads the kind of the current node's end tag from its record's
# flags (ENDED_BY_POP, FORMATTING: no lookup by name);
# tests/test_tree_fast_paths.py checks them against _shortcut_kinds of the
# in-body and in-cell end tag tables.


@mypyc_attr(allow_interpreted_subclasses=True)  # treeconstruction.events'
class _TreeConstructorWithoutShortcuts(TreeConstructor):
    """``TreeConstructor(fast_paths=False)``: every HTML element created,
    inserted and pushed by :meth:`~TreeConstructor.insert_element` (the
    other shortcuts test ``_shortcut_mode``)."""

    defers_selectedcontent_updates = False

    # A method, not ``insert_html_element = _insert_html_element``: mypyc
    # (the compiled build) takes no function as a class attribute.
    def insert_html_element(self, tag: Any) -> ElementRecord:
        return self._insert_html_element(tag)

    def reset_the_insertion_mode_appropriately(self) -> None:
        """https://html.spec.whatwg.org/#reset-the-insertion-mode-appropriately
        as written: walk down the stack (steps 1-3, 16 and 17) until a node
        decides the mode (O(depth); tested equal to the indexed lookup)."""
        open_ = self.open
        for i in range(len(open_) - 1, 0, -1):
            mode = self._reset_mode_for(open_[i], False)
            if mode is not None:
                self.mode = mode
                return
        self._reset_mode_at_the_bottom()


class _TreeConstructorWithShadowRoots(TreeConstructor):
    """``TreeConstructor(shadow_roots=True)``."""

    allow_declarative_shadow_roots = True


class _TreeConstructorWithoutShortcutsWithShadowRoots(_TreeConstructorWithoutShortcuts):
    """``TreeConstructor(fast_paths=False, shadow_roots=True)``."""

    allow_declarative_shadow_roots = True


_WITH_SHADOW_ROOTS: dict[type, type] = {
    TreeConstructor: _TreeConstructorWithShadowRoots,
    _TreeConstructorWithoutShortcuts: _TreeConstructorWithoutShortcutsWithShadowRoots,
}
