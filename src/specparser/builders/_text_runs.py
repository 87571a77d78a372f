"""Text kept in ``.text`` / ``.tail``: the text buffering the ElementTree
adapter (:mod:`.etree`) and the lxml adapter (:mod:`.lxml`) share.

Both trees have no text nodes: the text before an element's first child is
the element's ``.text``, the text after a child is that child's ``.tail``.
The parser may send the text of one place in many pieces (a run split at
character references, or foster-parented runs with cells inserted into the
table between them); ``+=`` on ``.text`` / ``.tail`` for each piece would be
quadratic.  So the first piece is written at once and the next pieces for
the same place are buffered and joined once (:class:`TextRuns`).
"""

from __future__ import annotations

from typing import Any

from .._mypyc import mypyc_attr
from ..treebuilder import TreeBuilder

__all__ = ["NO_TEXT", "TextRuns"]

# What TextRuns._text_previous_of returns for a place that takes no text
# (the Document).
NO_TEXT: Any = object()


@mypyc_attr(allow_interpreted_subclasses=True)  # the builders' users subclass them
class TextRuns(TreeBuilder):
    """Base of the adapters for a tree that keeps text in ``.text`` /
    ``.tail``: their ``insert_text``.  (A TreeBuilder itself: in the
    compiled build a class has one compiled base, and tree construction
    calls the adapters through TreeBuilder.)

    ``_text_parent`` / ``_text_before`` name the place of the last text
    written; ``_text_parts`` holds the pieces sent for that place since, not
    yet written.  The place stays valid while the children of
    ``_text_parent`` do not change: the adapter ends the run
    (:meth:`_end_text_run`, or the same two statements inlined) before
    inserting into ``_text_parent``, removing, moving or cloning nodes, and
    in ``finish``.  :meth:`insert_text` is the one place that writes text:
    the buffered pieces and the text that removing or moving nodes leaves
    behind go through it too.

    ``_last_parent`` / ``_last_child`` are the node most recently appended
    and its parent: while no other mutation has happened, ``_last_child`` is
    the last child of ``_last_parent`` and has no children itself.  Most
    text goes into one of the two, and they spare asking the tree for a
    last child (a method call; with lxml, an IndexError when there is
    none).  The adapter sets them when it appends a node without children
    to an element, and sets them to None on every other change of a
    children list (an appended node with children, ``insert_before``,
    ``remove``, ``move_children``, ``remove_between``, clones).

    The adapter supplies :meth:`_text_previous_of`, and may override
    :meth:`_characters` (the lxml adapter's infoset coercion)."""

    _text_parent: Any = None
    _text_before: Any = None
    _text_parts: list[str] | None = None
    _last_parent: Any = None
    _last_child: Any = None

    def _text_previous_of(self, parent: Any, before: Any) -> Any:
        """The child of ``parent`` whose ``.tail`` text inserted before
        ``before`` (at the end when None) goes into; None for ``parent``'s
        ``.text``; :data:`NO_TEXT` when ``parent`` takes no text (the
        Document; ``before`` is None then)."""
        raise NotImplementedError

    def _characters(self, text: str) -> str:
        """``text`` as the tree can hold it: called when setting ``.text`` /
        ``.tail`` raised ValueError (lxml refuses characters XML cannot
        hold, and has dropped the old text by then)."""
        return text

    def insert_text(self, parent: Any, text: str, before: Any) -> None:
        if parent is self._text_parent and before is self._text_before:
            # More text for the same place, nothing else changed since.
            parts = self._text_parts
            if parts is None:
                self._text_parts = [text]
            else:
                parts.append(text)
            return
        if self._text_parts is not None:
            self._flush_text()
        if before is not None:
            previous = self._text_previous_of(parent, before)
        elif parent is self._last_child:
            previous = None
        elif parent is self._last_parent:
            previous = self._last_child
        else:
            previous = self._text_previous_of(parent, None)
            if previous is NO_TEXT:
                self._text_parent = None
                return
        if previous is None:
            old = parent.text
            new = old + text if old else text
            try:
                parent.text = new
            except ValueError:
                parent.text = self._characters(new)
        else:
            old = previous.tail
            new = old + text if old else text
            try:
                previous.tail = new
            except ValueError:
                previous.tail = self._characters(new)
        self._text_parent = parent
        self._text_before = before

    def _end_text_run(self) -> None:
        """The place of the last text is about to change: write what is
        buffered for it and forget the place."""
        if self._text_parts is not None:
            self._flush_text()
        self._text_parent = None

    def _children_changed(self) -> None:
        """A children list changes other than by appending a node without
        children (``remove``, ``move_children``, ``remove_between``,
        clones): end the text run and forget the last appended node."""
        self._end_text_run()
        self._last_parent = self._last_child = None

    def _flush_text(self) -> None:
        """Write the buffered text after the text written last (its place
        is still valid, so insert_text finds the same spot)."""
        text = "".join(self._text_parts)  # type: ignore[arg-type]
        self._text_parts = None
        parent = self._text_parent
        self._text_parent = None
        self.insert_text(parent, text, self._text_before)

    def _write_text(self, parent: Any, text: str, before: Any = None) -> None:
        """Write ``text`` at once, outside any run: what removing or moving
        nodes leaves behind (after :meth:`_children_changed`)."""
        self.insert_text(parent, text, before)
        self._text_parent = None
