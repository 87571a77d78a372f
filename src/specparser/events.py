"""Parse events: what the parser does, as it does it, for callers that
process a document without keeping all of it.

Two shapes, as lxml and ElementTree offer them:

* **pull**: the parser queues ``(event, node)`` pairs of the kinds asked for,
  and the caller reads them between pieces of input: ``"start"`` (an element
  was inserted: it has its attributes, not yet its children), ``"end"`` (the
  parser is done with the element: it left the stack of open elements),
  ``"comment"``, ``"pi"`` (processing instruction), ``"doctype"`` (the node
  is a :class:`specparser.Doctype`).  The nodes are the tree's own (etree,
  lxml, bs4, dom), so the caller may read an element at its ``"end"`` and
  then drop it (``element.clear()``, or remove it from its parent).
* **target**: the parser calls a target object's methods, ``start(tag,
  attrib)``, ``end(tag)``, ``data(text)``, ``comment(text)``, ``pi(target,
  data)``, ``doctype(name, public_id, system_id)`` and ``close()`` (whose
  result is the parse's), each only if the target has it, as lxml's
  ``target=`` parsers do.  No tree is kept: memory follows the depth of the
  document (:class:`specparser.builders.skeleton.SkeletonBuilder`).

**What the standard can still reach back into.**  An element's ``"end"``
means the parser will insert nothing more into it, with three exceptions
the caller must allow for:

* the *adoption agency* (misnested formatting elements, ``<b><p>x</b>y``)
  may take an element that has ended, with its siblings, out of an open
  parent and put them under a new element (a clone of a formatting
  element, reported with its own ``"start"``): the final tree then nests
  them differently from the order of the events;
* *foster parenting* (content misplaced in a table) inserts before the
  ``<table>``, into the table's parent, which is open;
* the *after head* mode inserts a ``<base>``, ``<link>``, ``<meta>``,
  ``<noframes>``, ``<script>``, ``<style>``, ``<template>`` or ``<title>``
  that comes after ``</head>`` into the head element after its ``"end"``,
  and a second ``<html>`` or ``<body>`` tag adds attributes to an element
  that has started;
* a ``<template for>`` moves its contents to a marker processing
  instruction earlier in the document.

So a caller that drops nodes must keep: every element that has started and
not ended (the stack of open elements), the ``head`` element until the
``body`` starts, and, if the document misnests formatting elements, the
children of open elements.  The form element pointer needs nothing of the
tree (the parser keeps its own record).  A caller that only reads and
clears elements at ``"end"`` (lxml's ``iterparse`` idiom) loses nothing the
parser needs.

With a target, text arrives in the order the parser inserts it: text that
foster parenting moves before a table comes after the table's ``start``;
and the clones the parser makes for a ``<selectedcontent>`` are not
reported (the clone of the selected option's content is in the tree only).
"""

from __future__ import annotations

from collections import deque
from typing import Any, Iterable, Iterator

from .builders.skeleton import SkeletonBuilder, SkeletonNode
from .constants import HTML_NAMESPACE
from .etree_document import Doctype
from .treebuilder import TreeBuilder
from .treeconstruction.events import StackListener

__all__ = [
    "EVENT_NAMES", "EventQueue", "HeldCalls", "ReportingBuilder", "TargetBuilder",
    "check_events", "check_target", "reporting_builder",
]  # fmt: skip

#: The kinds of events the pull interface can queue.
EVENT_NAMES: tuple[str, ...] = ("start", "end", "comment", "pi", "doctype")

_TARGET_METHODS = ("start", "end", "data", "comment", "pi", "doctype", "close")


def check_events(function: str, events: Any) -> frozenset[str]:
    """The set of event names ``events`` asks for (a collection of
    :data:`EVENT_NAMES`); TypeError/ValueError naming ``function``."""
    if isinstance(events, str) or not hasattr(events, "__iter__"):
        raise TypeError(
            f"{function}: events must be a collection of event names such as ('start', 'end'), "
            f"not {type(events).__name__}"
        )
    wanted = frozenset(events)
    for name in wanted:
        if name not in EVENT_NAMES:
            raise ValueError(f"{function}: unknown event {name!r}; the events are {', '.join(EVENT_NAMES)}")
    return wanted


def check_target(function: str, target: Any) -> None:
    """A target must have at least one of the target methods."""
    if not any(callable(getattr(target, name, None)) for name in _TARGET_METHODS):
        raise TypeError(
            f"{function}: target must have some of the methods {', '.join(_TARGET_METHODS)}; "
            f"{type(target).__name__} has none"
        )


class EventQueue(StackListener):
    """The pull interface's queue: ``(event, node)`` pairs of the kinds in
    ``wanted``, in the order the parser acts."""

    __slots__ = ("pending", "_start", "_end", "wanted")

    def __init__(self, wanted: frozenset[str]) -> None:
        self.pending: deque[tuple[str, Any]] = deque()
        self.wanted = wanted
        self._start = "start" in wanted
        self._end = "end" in wanted

    def element_started(self, node: Any) -> None:
        if self._start:
            self.pending.append(("start", node))

    def element_ended(self, node: Any) -> None:
        if self._end:
            self.pending.append(("end", node))

    def drain(self) -> Iterator[tuple[str, Any]]:
        """The events queued so far, each given once (also those queued
        while the iterator is being read)."""
        pending = self.pending
        while pending:
            yield pending.popleft()


class ReportingBuilder(TreeBuilder):
    """Any tree builder, whose comments, processing instructions and DOCTYPE
    are also reported to an :class:`EventQueue`.  Everything else goes to
    the wrapped builder unchanged (attributes too: ``quirks_mode`` ...)."""

    def __init__(self, builder: TreeBuilder, queue: EventQueue) -> None:
        self.builder = builder
        self.queue = queue
        # The caller may drop what it has read: a builder that keeps its
        # own references to nodes (ElementTree's parent map) lets go of them.
        hold_weakly = getattr(builder, "hold_nodes_weakly", None)
        if hold_weakly is not None:
            hold_weakly()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.builder, name)

    @property
    def source_lines_suffice(self) -> bool:
        """The incremental parser keeps the whole text for a builder that
        reads its source, unless line numbers suffice (see
        :class:`specparser.incremental.IncrementalTreeConstruction`)."""
        inner = type(self.builder)
        return inner.set_source is TreeBuilder.set_source or bool(getattr(self.builder, "source_lines_suffice", False))

    def set_source(self, text: str) -> None:
        self.builder.set_source(text)

    def start_document(self) -> Any:
        return self.builder.start_document()

    def start_fragment(self) -> Any:
        return self.builder.start_fragment()

    def finish(self) -> Any:
        return self.builder.finish()

    def create_element(self, name: str, namespace: str, attrs: dict[Any, str], pos: int = -1) -> Any:
        return self.builder.create_element(name, namespace, attrs, pos)

    def append_new_element(self, parent: Any, name: str, namespace: str, attrs: dict[Any, str], pos: int = -1) -> Any:
        return self.builder.append_new_element(parent, name, namespace, attrs, pos)

    def create_comment(self, data: str, pos: int = -1) -> Any:
        node = self.builder.create_comment(data, pos)
        if "comment" in self.queue.wanted:
            self.queue.pending.append(("comment", node))
        return node

    def create_processing_instruction(self, target: str, data: str, pos: int = -1) -> Any:
        node = self.builder.create_processing_instruction(target, data, pos)
        if "pi" in self.queue.wanted:
            self.queue.pending.append(("pi", node))
        return node

    def append_doctype(self, name: str, public_id: str, system_id: str) -> None:
        self.builder.append_doctype(name, public_id, system_id)
        if "doctype" in self.queue.wanted:
            self.queue.pending.append(("doctype", Doctype(name, public_id, system_id)))

    def set_quirks_mode(self, mode: str) -> None:
        self.builder.set_quirks_mode(mode)

    def template_contents(self, template: Any) -> Any:
        return self.builder.template_contents(template)

    def append(self, parent: Any, child: Any) -> None:
        self.builder.append(parent, child)

    def insert_before(self, parent: Any, child: Any, reference: Any) -> None:
        self.builder.insert_before(parent, child, reference)

    def insert_text(self, parent: Any, text: str, before: Any = None) -> None:
        self.builder.insert_text(parent, text, before)

    def remove(self, node: Any) -> None:
        self.builder.remove(node)

    def move_children(self, old_parent: Any, new_parent: Any) -> None:
        self.builder.move_children(old_parent, new_parent)

    def parent_of(self, node: Any) -> Any:
        return self.builder.parent_of(node)

    def add_missing_attributes(self, node: Any, attrs: dict[Any, str]) -> None:
        self.builder.add_missing_attributes(node, attrs)

    def replace_children_with_clones(self, target: Any, source: Any) -> None:
        self.builder.replace_children_with_clones(target, source)

    def attach_shadow_root(self, host: Any, init: Any) -> Any:
        # (TreeBuilder's own answers None, which would leave every
        # declarative shadow root an ordinary template.)
        return self.builder.attach_shadow_root(host, init)


class _PatchingReportingBuilder(ReportingBuilder):
    """A :class:`ReportingBuilder` over a builder that can patch
    ``<template for>`` content (tree construction looks for these two
    methods on the class)."""

    def children_of(self, parent: Any) -> list[Any]:
        return self.builder.children_of(parent)

    def children_after(self, parent: Any, child: Any) -> Iterable[Any]:
        return self.builder.children_after(parent, child)

    def remove_between(self, parent: Any, start: Any, end: Any) -> None:
        self.builder.remove_between(parent, start, end)


class _SourcelessReportingBuilder(ReportingBuilder):
    """A :class:`ReportingBuilder` over a builder that reads no source: it
    does not ask for it either (the incremental parser then keeps no line
    index for it, which would grow with the document)."""

    set_source = TreeBuilder.set_source


class _SourcelessPatchingReportingBuilder(_PatchingReportingBuilder):
    """:class:`_SourcelessReportingBuilder` patching ``<template for>``."""

    set_source = TreeBuilder.set_source


def reporting_builder(builder: TreeBuilder, queue: EventQueue) -> ReportingBuilder:
    """``builder`` wrapped to report to ``queue``, patching ``<template
    for>`` exactly when ``builder`` does, and reading the source exactly
    when it does."""
    cls = type(builder)
    patches = cls.children_of is not TreeBuilder.children_of and cls.remove_between is not TreeBuilder.remove_between
    if cls.set_source is TreeBuilder.set_source:
        return (_SourcelessPatchingReportingBuilder if patches else _SourcelessReportingBuilder)(builder, queue)
    return (_PatchingReportingBuilder if patches else ReportingBuilder)(builder, queue)


def _clark(name: str, namespace: str, html_namespace: bool) -> str:
    if namespace == HTML_NAMESPACE and not html_namespace:
        return name
    return f"{{{namespace}}}{name}"


def _attribute_name(key: Any) -> str:
    # Keys are names, or (prefix, local name, namespace) for the attributes
    # "adjust foreign attributes" puts in a namespace.
    if isinstance(key, tuple):
        return f"{{{key[2]}}}{key[1]}"
    return key  # type: ignore[no-any-return]


class TargetBuilder(SkeletonBuilder):
    """The target interface: a :class:`SkeletonBuilder` (so no tree is
    kept) that calls ``target``'s methods as the parser goes.  Element
    names are plain for HTML elements (``{namespace}name`` with
    ``html_namespace``) and ``{namespace}name`` for SVG and MathML ones;
    namespaced attributes are ``{namespace}name`` too."""

    def __init__(self, target: Any, html_namespace: bool = False) -> None:
        self.html_namespace = html_namespace
        self._target = target
        nothing = _ignore
        self._start = getattr(target, "start", nothing)
        self._end = getattr(target, "end", nothing)
        self._data = getattr(target, "data", nothing)
        self._comment = getattr(target, "comment", nothing)
        self._pi = getattr(target, "pi", nothing)
        self._doctype = getattr(target, "doctype", nothing)
        self._close = getattr(target, "close", nothing)

    def finish(self) -> Any:
        return self._close()

    def create_comment(self, data: str, pos: int = -1) -> None:
        self._comment(data)

    def create_processing_instruction(self, target: str, data: str, pos: int = -1) -> None:
        self._pi(target, data)

    def append_doctype(self, name: str, public_id: str, system_id: str) -> None:
        self._doctype(name, public_id, system_id)

    def insert_text(self, parent: Any, text: str, before: Any = None) -> None:
        self._data(text)

    def element_started(self, node: SkeletonNode) -> None:
        attrs = node.attrs
        if any(isinstance(key, tuple) for key in attrs):
            attrs = {_attribute_name(key): value for key, value in attrs.items()}
        else:
            attrs = dict(attrs)
        self._start(_clark(node.name, node.namespace, self.html_namespace), attrs)

    def element_ended(self, node: SkeletonNode) -> None:
        super().element_ended(node)
        self._end(_clark(node.name, node.namespace, self.html_namespace))


def _ignore(*args: Any) -> None:
    return None


class HeldCalls:
    """A target's ``start``, ``end``, ``data``, ``comment``, ``pi`` and
    ``doctype`` (those it has), held until :meth:`release`: the
    incremental parser holds them while a re-parse may still take them back
    (see :meth:`specparser.Parser.read_events`), then passes every call on
    as it comes.  ``close`` is not among them: the parser calls the
    target's own after the last release."""

    def __init__(self, target: Any) -> None:
        self._target = target
        self._calls: list[tuple[Any, tuple[Any, ...]]] | None = []
        for name in _TARGET_METHODS[:-1]:
            method = getattr(target, name, None)
            if callable(method):
                setattr(self, name, self._holder(method))

    def _holder(self, method: Any) -> Any:
        def call(*args: Any) -> None:
            calls = self._calls
            if calls is None:
                method(*args)
            else:
                calls.append((method, args))

        return call

    def release(self) -> None:
        """Make the held calls, in order; from now on calls go straight through."""
        calls = self._calls
        if calls is not None:
            self._calls = None
            for method, args in calls:
                method(*args)
