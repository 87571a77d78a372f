"""Tree construction that says when elements open and close.

An event interface (:mod:`specparser.events`) needs to know when the parser
starts an element and when it is done with it.  The stack of open elements
says both: an element starts when it is pushed (it has just been inserted,
with its attributes), and the parser is done with it when it leaves the
stack (https://html.spec.whatwg.org/#stack-of-open-elements).  Void
elements and self-closing foreign elements are pushed and popped at once.

:class:`EventTreeConstructor` is the tree constructor with the shortcuts
off (every push and pop goes through :meth:`~TreeConstructor.push` and
:meth:`~TreeConstructor.pop`, and the adoption agency's edits of the middle
of the stack through their own methods), each of which also reports to a
:class:`StackListener`.  The default parser pays nothing for this: it is
another class.
"""

from __future__ import annotations

from typing import Any, cast

from .core import _TreeConstructorWithoutShortcuts
from .records import ElementRecord

__all__ = ["EventTreeConstructor", "StackListener"]


class StackListener:
    """What :class:`EventTreeConstructor` reports.  ``node`` is the builder's
    node of the element."""

    def element_started(self, node: Any) -> None:
        """The element was inserted and pushed on the stack of open elements."""

    def element_ended(self, node: Any) -> None:
        """The element left the stack of open elements: the parser will not
        insert into it again (the adoption agency may still move it, with its
        parent's other children, under a new element: see
        :mod:`specparser.events`)."""


class EventTreeConstructor(_TreeConstructorWithoutShortcuts):
    """A :class:`~specparser.treeconstruction.TreeConstructor` without the
    shortcuts, reporting every change of the stack of open elements to
    ``listener``.  The fragment case's root element (the node
    ``start_fragment`` returned) is not reported: it is the result, not an
    element of the input."""

    listener: StackListener | None = None  # set after __init__ (the root is pushed there)
    # Linear on many selectedcontent elements; the update keeps a copy of
    # the option's children, so a caller may drop the option at its "end".
    defers_selectedcontent_updates = True

    def __new__(cls, *args: Any, **kwargs: Any) -> EventTreeConstructor:
        # As TreeConstructor.__new__: the shadow-roots flag is a class attribute.
        if kwargs.get("shadow_roots") and cls is EventTreeConstructor:
            cls = _EventTreeConstructorWithShadowRoots
        # Through TreeConstructor.__new__ (which keeps a subclass's class),
        # not object.__new__: the compiled build's TreeConstructor is a
        # native class, which only its own __new__ may make.
        return cast("EventTreeConstructor", super().__new__(cls, *args, **kwargs))

    def __init__(self, builder: Any, listener: StackListener, **options: Any) -> None:
        options["fast_paths"] = False
        super().__init__(builder, **options)
        self.listener = listener
        # The head element once it has ended: the "after head" mode pushes
        # it back for a head-only start tag (and removes it again), which
        # is not a second start.
        self._ended_head: ElementRecord | None = None

    def push(self, rec: ElementRecord) -> None:
        super().push(rec)
        if self.listener is not None and rec is not self._ended_head:
            self.listener.element_started(rec.node)

    def pop(self) -> ElementRecord:
        rec = super().pop()
        if self.listener is not None and not (rec.index == 0 and self.context is not None):
            self._report_end(rec)
        return rec

    def remove_from_stack(self, rec: ElementRecord) -> None:
        # The adoption agency's formattingElement, </form>, the head element
        # after head: out of the middle of the stack.
        super().remove_from_stack(rec)
        if self.listener is not None:
            self._report_end(rec)

    def _report_end(self, rec: ElementRecord) -> None:
        if rec is self.head:
            if rec is self._ended_head:
                return
            self._ended_head = rec
        self.listener.element_ended(rec.node)  # type: ignore[union-attr]

    def insert_into_stack(self, index: int, rec: ElementRecord) -> None:
        # The adoption agency's new element, just below furthestBlock; the
        # head element pushed back for a head-mode token after head.
        super().insert_into_stack(index, rec)
        if self.listener is not None:
            self.listener.element_started(rec.node)

    def replace_in_stack(self, old: ElementRecord, new: ElementRecord) -> None:
        # The adoption agency's inner loop: a clone takes node's place.
        super().replace_in_stack(old, new)
        if self.listener is not None:
            self.listener.element_ended(old.node)
            self.listener.element_started(new.node)


class _EventTreeConstructorWithShadowRoots(EventTreeConstructor):
    """:class:`EventTreeConstructor` allowing declarative shadow roots."""

    allow_declarative_shadow_roots = True
