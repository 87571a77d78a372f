"""The lxml builder's tree kept in Python lists while a document makes
lxml walk far again and again, so that the parse stays linear.

Why: lxml walks the whole subtree of every node it moves or removes
(``append``, ``remove``, ``insert``, ``addprevious``, item assignment: its
``moveNodeToDocument`` reconciles namespaces and proxies node by node), and
walks from the parent up to the root on every insertion but at the end of
the children (``insert``, ``addprevious``: a check for cycles); no lxml call
moves or inserts a node without those walks.  The adoption agency moves the
furthest block with everything in it, and then all its children, so a
document that misnests formatting elements around a growing subtree
(``<b id=1>`` ... ``<b id=n><div>``, then ``</b></b>x`` n/2 times) took
time quadratic in its length: 0.73 s at n = 4,000 against 0.06 s for
ElementTree; so did elements fostered before a table n elements deep (5.2 s
at n = 40,000) and shadow roots attached to hosts that deep (8.0 s).

What: after a few such walks (moves of nodes that have children,
insertions before a node 64 or more elements deep: not one in the 130 pages
of the benchmark corpus),
:class:`~specparser.builders.lxml.LxmlTreeBuilder` detaches every node below
the root element (or the fragment's container) once, children before
parents so that each detachment walks one node, and from then on keeps the
structure here: each node's children in a list, each node's parent in a
dict.  Text stays where lxml keeps it (``.text`` of the parent, ``.tail`` of
the node before it), so the builder's text buffering works unchanged, and a
node's tail goes with it as lxml's own moves take it.  Moves are then list
operations.  When parsing finishes, :meth:`DeferredMoves.assemble` links
every node into its parent, parents before children, so that each link
walks one node again.

The nodes themselves (their names, attributes, ``sourceline``) are the ones
the parser made; only where they hang changes, so the finished tree is the
one lxml's own moves build (checked on the WPT tree tests and the corpus,
byte for byte, with deferral from the first node on).  One difference is
known, in where a namespace is declared, not in any name: a ``<selectedcontent>``
copy of foreign content nested in foreign content (lxml's deepcopy of the
assembled subtree declares the inner element's namespace on the copy's
top, where each detached node here declares its own); exclusive C14N is
the same (generated documents).  While moves are
deferred, this holds every node of the tree: the events interface, whose
callers may drop nodes they have read (and read their children at
``"end"``), turns deferral off (``hold_nodes_weakly``).
"""

from __future__ import annotations

import copy
from typing import Any, Callable, Iterator

from ._support import index_from_end

__all__ = ["DeferredMoves"]


class DeferredMoves:
    """The structure of a tree whose nodes lxml holds detached: ``children``
    maps a node to its children other than text (elements, comments,
    processing instructions; a node without any may be missing),
    ``parents`` maps each of those children to its parent.  ``top`` (the
    root element, or a fragment's container) is no one's child here."""

    __slots__ = ("children", "parents", "top")

    def __init__(self, top: Any) -> None:
        """Detach every node below ``top``, keeping each one's text and
        tail: lxml's ``remove`` takes the tail along and walks the removed
        node's subtree, which is the node alone once its children are
        detached (``reversed`` pre-order visits children before parents)."""
        self.top = top
        children: dict[Any, list[Any]] = {}
        parents: dict[Any, Any] = {}
        for node in reversed(list(top.iter())):
            kids = list(node)
            if kids:
                children[node] = kids
                for kid in kids:
                    parents[kid] = node
                    node.remove(kid)
        self.children = children
        self.parents = parents

    def kids(self, parent: Any) -> list[Any]:
        """``parent``'s children list (made empty on first use)."""
        kids = self.children.get(parent)
        if kids is None:
            kids = self.children[parent] = []
        return kids

    def previous_of(self, parent: Any, before: Any) -> Any:
        """The child of ``parent`` before ``before`` (at the end when None);
        None when there is none."""
        kids = self.children.get(parent)
        if not kids:
            return None
        if before is None:
            return kids[-1]
        index = index_from_end(kids, before)
        return kids[index - 1] if index else None

    def following(self, parent: Any, child: Any) -> Iterator[Any]:
        """The children of ``parent`` after ``child``, read lazily."""
        kids = self.children[parent]
        for index in range(index_from_end(kids, child) + 1, len(kids)):
            yield kids[index]

    def insert(self, parent: Any, child: Any, reference: Any) -> None:
        """Make the detached ``child`` a child of ``parent``, before
        ``reference`` (at the end when None)."""
        kids = self.kids(parent)
        if reference is None:
            kids.append(child)
        else:
            kids.insert(index_from_end(kids, reference), child)
        self.parents[child] = parent

    def detach(self, child: Any) -> None:
        """Take ``child`` out of its parent's children."""
        kids = self.children[self.parents.pop(child)]
        del kids[index_from_end(kids, child)]

    def move_all(self, old_parent: Any, new_parent: Any, keep_first: bool) -> None:
        """Move the children of ``old_parent`` to the end of
        ``new_parent``'s, in order; with ``keep_first``, the first stays."""
        kids = self.children.pop(old_parent, None)
        if not kids:
            return
        if keep_first:
            self.children[old_parent] = [kids[0]]
            kids = kids[1:]
        parents = self.parents
        for kid in kids:
            parents[kid] = new_parent
        self.kids(new_parent).extend(kids)

    def drop_between(self, parent: Any, start: Any, end: Any) -> None:
        """Take the children of ``parent`` between ``start`` and ``end``
        (to the end when None) out of the tree, with their tails."""
        kids = self.children[parent]
        first = index_from_end(kids, start) + 1
        last = len(kids) if end is None else index_from_end(kids, end)
        parents = self.parents
        for kid in kids[first:last]:
            del parents[kid]
        del kids[first:last]

    def replace_children(self, parent: Any, new_children: list[Any]) -> None:
        """Make detached ``new_children`` the children of ``parent``, in
        place of its children (which leave the tree, with their tails)."""
        parents = self.parents
        for kid in self.children.pop(parent, ()):
            del parents[kid]
        if new_children:
            self.children[parent] = new_children
            for kid in new_children:
                parents[kid] = parent

    def clone(self, node: Any, drop_first: Callable[[Any], bool]) -> Any:
        """A deep copy of ``node`` and its subtree, held here (detached, its
        tail copied too, as ``copy.deepcopy`` copies an lxml node's tail);
        a node's first child for which ``drop_first`` is true is left out,
        its tail becoming the copy's text (a shadow root that is not
        clonable).  Iterative: a deep subtree cannot overflow the stack."""
        top = copy.deepcopy(node)
        pending = [(node, top)]
        while pending:
            original, copied = pending.pop()
            kids = self.children.get(original)
            if not kids:
                continue
            if drop_first(kids[0]):
                copied.text = kids[0].tail
                kids = kids[1:]
            copies = [copy.deepcopy(kid) for kid in kids]
            if copies:
                self.children[copied] = copies
                for kid, kid_copy in zip(kids, copies):
                    self.parents[kid_copy] = copied
                    pending.append((kid, kid_copy))
        return top

    def assemble(self, link: Callable[[Any, Any], None]) -> None:
        """Link every node into its parent with ``link(parent, child)``
        (which appends a detached node), parents before children: each
        link then walks the one node lxml is given."""
        children = self.children
        pending = [self.top]
        while pending:
            parent = pending.pop()
            kids = children.get(parent)
            if kids:
                for kid in kids:
                    link(parent, kid)
                pending.extend(kids)
        children.clear()
        self.parents.clear()
