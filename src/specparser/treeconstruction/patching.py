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
transcription of the standard ([2nd]) and was checked against Chromium 156
(its parser, ``DOMParser`` and ``innerHTML`` all apply it, with the same
results; the cases are in tests/test_template_for.py):

* The lookup ("prepare content patching") searches the *scope*: the parent
  the template would be inserted into (the html element instead of the
  body; a template's contents for a template).  A marker outside it, or
  after the template, does not match.
* The processing instructions that count are the parser's own, with the
  targets ``marker``, ``start`` and ``end`` exactly (case-sensitive:
  Chromium ignores ``<?MARKER ...>``), and the name is a quoted
  pseudo-attribute of the data (``name="x"`` or ``name='x'``; Chromium
  ignores ``name=x``).  ``for`` must equal the name exactly (no trimming,
  case-sensitive); an empty ``for`` never matches.  The first match in
  tree order wins.
* A ``start`` range ends at the first following *sibling* ``end`` at the
  same nesting depth (sibling ``start`` PIs nest), or at the end of the
  parent; the nodes between are removed at once.
* Decision where the transcription and Chromium were silent: a template
  left open at the end of the input leaves its markers in place (only the
  end tag removes them, as the transcription says).
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["MARKER_TARGETS", "ContentPatching", "TemplatePatch", "pseudo_attribute"]

# The processing instruction targets content patching looks at.
MARKER_TARGETS = frozenset({"marker", "start", "end"})

# A pseudo-attribute in a processing instruction's data: a name, "=", and a
# quoted value (the DOM's PI attribute map; whatwg/dom PR 1454 [2nd]).
_PSEUDO_ATTRIBUTE = re.compile(r"([^\t\n\f\r =\"']+)[\t\n\f\r ]*=[\t\n\f\r ]*(?:\"([^\"]*)\"|'([^']*)')")


def pseudo_attribute(data: str, name: str) -> str | None:
    """The value of the first pseudo-attribute ``name`` of ``data``."""
    for match in _PSEUDO_ATTRIBUTE.finditer(data):
        if match.group(1) == name:
            value = match.group(2)
            return value if value is not None else match.group(3)
    return None


class TemplatePatch:
    """A ``<template for>`` that matched: its *insertion target* (the
    markers' parent) and its *insertion start / end markers* (for a point
    marker both are the marker; for a range without ``<?end>`` the end is
    None).  Held in the template's record instead of its contents."""

    __slots__ = ("target", "start", "end")

    def __init__(self, target: Any, start: Any, end: Any) -> None:
        self.target = target
        self.start = start
        self.end = end

    def location(self, builder: Any) -> tuple[Any, Any]:
        """https://html.spec.whatwg.org/#appropriate-place-for-inserting-a-node,
        a template target with a non-null insertion target [std]: before
        the end marker if it is still a child of the target, else at the
        end of the target."""
        end = self.end
        if end is not None and builder.parent_of(end) is self.target:
            return self.target, end
        return self.target, None


class ContentPatching:
    """The parser's index of the marker processing instructions it made,
    and the two steps of content patching (prepare, finish).

    The TreeBuilder interface is write-only apart from ``parent_of`` and,
    for this feature only, ``children_of``: the parser remembers which
    nodes are its ``marker`` / ``start`` / ``end`` PIs (their target and
    name) and asks the builder only where they are now."""

    __slots__ = ("builder", "kinds", "by_name")

    def __init__(self, builder: Any) -> None:
        self.builder = builder
        # id(node) -> (node, target, name): every marker/start/end PI made.
        self.kinds: dict[int, tuple[Any, str, str | None]] = {}
        # name -> the marker/start PIs with that name, in creation order.
        self.by_name: dict[str, list[Any]] = {}

    def note(self, node: Any, target: str, data: str) -> None:
        """A processing instruction with one of :data:`MARKER_TARGETS` was
        made."""
        name = pseudo_attribute(data, "name") if target != "end" else None
        self.kinds[id(node)] = (node, target, name)
        if name is not None:
            self.by_name.setdefault(name, []).append(node)

    def _kind(self, node: Any) -> str | None:
        entry = self.kinds.get(id(node))
        return entry[1] if entry is not None and entry[0] is node else None

    def _ancestors(self, node: Any, scope: Any) -> list[Any] | None:
        """``node``'s ancestors up to ``scope`` (nearest first, scope
        last), or None when ``scope`` is not an ancestor."""
        chain = []
        parent = self.builder.parent_of(node)
        while parent is not None:
            chain.append(parent)
            if parent is scope:
                return chain
            parent = self.builder.parent_of(parent)
        return None

    def _first_in_tree_order(self, found: list[tuple[Any, list[Any]]]) -> Any:
        """The first of several nodes (each with its ancestor chain) in tree
        order: compared at the ancestor where their chains meet."""
        best, best_chain = found[0]
        children_of = self.builder.children_of
        for node, chain in found[1:]:
            # The nodes' paths from the scope down.
            a = list(reversed(best_chain)) + [best]
            b = list(reversed(chain)) + [node]
            i = 0
            while i < len(a) and i < len(b) and a[i] is b[i]:
                i += 1
            siblings = children_of(a[i - 1])
            order = {id(child): n for n, child in enumerate(siblings)}
            if order.get(id(b[i]), 0) < order.get(id(a[i]), 0):
                best, best_chain = node, chain
        return best

    # "prepare content patching" [2nd]
    def prepare(self, name: str, scope: Any) -> TemplatePatch | None:
        """Find the marker ``name`` in ``scope``; for a range, remove the
        nodes between its start and end.  None when nothing matches."""
        if not name:
            return None
        candidates = self.by_name.get(name)
        if not candidates:
            return None
        found = []
        for node in candidates:
            chain = self._ancestors(node, scope)
            if chain is not None:
                found.append((node, chain))
        if not found:
            return None
        node = found[0][0] if len(found) == 1 else self._first_in_tree_order(found)
        parent = self.builder.parent_of(node)
        if self._kind(node) == "marker":
            return TemplatePatch(parent, node, node)
        end = self._matching_end(parent, node)
        self.builder.remove_between(parent, node, end)
        return TemplatePatch(parent, node, end)

    def _matching_end(self, parent: Any, start: Any) -> Any:
        """The first following sibling ``<?end>`` of ``start`` at its
        nesting depth, or None."""
        depth = 0
        after = False
        for child in self.builder.children_of(parent):
            if not after:
                after = child is start
                continue
            kind = self._kind(child)
            if kind == "start":
                depth += 1
            elif kind == "end":
                if not depth:
                    return child
                depth -= 1
        return None

    def finish(self, patch: TemplatePatch) -> None:
        """The end tag ``template`` of a patching template: remove its start
        and end markers if they still have a parent [2nd]."""
        builder = self.builder
        for marker in (patch.start, patch.end):
            if marker is not None and builder.parent_of(marker) is not None:
                builder.remove(marker)
            if marker is not None:
                self._forget(marker)

    def _forget(self, node: Any) -> None:
        entry = self.kinds.pop(id(node), None)
        if entry is None or entry[2] is None:
            return
        nodes = self.by_name[entry[2]]
        for i, other in enumerate(nodes):
            if other is node:
                del nodes[i]
                return
