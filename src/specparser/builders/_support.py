"""Pieces the adapters that keep their own children lists share.

The minidom adapter (:mod:`.dom`), the Beautiful Soup adapter (:mod:`.bs4`),
the html5lib-protocol adapter (:mod:`specparser.html5lib_compat._protocol`)
and the lxml adapter's deferred moves (:mod:`._deferred_moves`) find
children by identity (:func:`index_from_end`); the minidom and the
protocol adapters also share their ``insert_text`` (:class:`GatheredText`).
The rest of each adapter is its tree's own business.
"""

from __future__ import annotations

from typing import Any, Sequence

from .._mypyc import mypyc_attr
from ..treebuilder import TreeBuilder

__all__ = ["GatheredText", "index_from_end"]


# Where index_from_end found a node last, and the time before.  Only
# hints (always verified, so parses in other threads can only make them
# miss): a run of removals or insertions at one place (the markers
# <template for> consumes one after the other, foster parenting before one
# table), or two such runs in turn, finds its node at once.
_last_found = 0
_other_found = 0


def index_from_end(children: Sequence[Any], node: Any) -> int:
    """Position of ``node`` in ``children`` by identity (bs4's ``==`` is
    structural and its ``hash`` O(subtree)): next to one of the two
    positions found last, else searched from both ends in turn (foster
    parenting's reference node, a table, and the nodes the adoption agency
    moves are nearly always among the last children; a marker that
    ``<template for>`` consumes is often among the first)."""
    global _last_found, _other_found
    length = len(children)
    last = _last_found
    for index in (last, last + 1, last - 1, last + 2, last - 2):
        if 0 <= index < length and children[index] is node:
            _last_found = index
            return index
    other = _other_found
    for index in (other, other + 1, other - 1, other + 2, other - 2):
        if 0 <= index < length and children[index] is node:
            _other_found = last
            _last_found = index
            return index
    low = 0
    high = length - 1
    while low <= high:
        if children[high] is node:
            _other_found = last
            _last_found = high
            return high
        if children[low] is node:
            _other_found = last
            _last_found = low
            return low
        high -= 1
        low += 1
    raise ValueError("node is not a child of its parent")


@mypyc_attr(allow_interpreted_subclasses=True)  # subclassed by users
class GatheredText(TreeBuilder):
    """The ``insert_text`` of the adapters whose tree holds text as nodes
    in a children list (the minidom adapter, the html5lib-protocol
    adapter); a TreeBuilder, as :class:`.TextRuns` is.  Consecutive text
    for the end of the same parent is gathered and inserted once, at the
    next mutation (many small text nodes or repeated concatenation would be
    slow, and html5lib's users expect one node per run of text).

    The adapter supplies ``_append_text(parent, text)`` (text at the end of
    ``parent``, merged with a text node there) and
    ``_insert_text_before(parent, text, before)``.  Every mutation other
    than appending text to the same parent must first call ``_flush_text``
    when ``_text_parent`` is not ``None``."""

    _text_parent: Any = None
    _text_parts: list[str]

    def insert_text(self, parent: Any, text: str, before: Any) -> None:
        if before is None:
            if parent is self._text_parent:
                self._text_parts.append(text)
                return
            if self._text_parent is not None:
                self._flush_text()
            self._text_parent = parent
            self._text_parts = [text]
            return
        if self._text_parent is not None:
            self._flush_text()
        self._insert_text_before(parent, text, before)

    def _flush_text(self) -> None:
        """Insert the gathered text at the end of its parent."""
        parent = self._text_parent
        self._text_parent = None
        self._append_text(parent, "".join(self._text_parts))

    def _append_text(self, parent: Any, text: str) -> None:
        raise NotImplementedError

    def _insert_text_before(self, parent: Any, text: str, before: Any) -> None:
        raise NotImplementedError
