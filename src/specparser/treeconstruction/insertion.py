"""Where inserted nodes go: the adjusted insertion location, and the checked
insertion of an element (HTML Standard changes of 2026).

* whatwg/html 4c4c8136 (fragment parsing refactor): the parser has a *root
  insertion target* (null when parsing a document) and every insertion goes
  to the *adjusted insertion location*.
* whatwg/html 8d149325 and 57811ef0: "insert an element at the adjusted
  insertion location" returns without inserting what the DOM would reject,
  and the adoption agency algorithm reinserts its lastNode through it.

Only script can make these checks fire (it would have to move nodes the
parser is about to insert), so for this parser they never change a tree;
they are kept, cheaply, as the standard writes them (all but the walk for
a deeper cycle, see below).  The hot path
(TreeConstructor.insert_html_element) appends a new element to the current
node itself: there the adjusted location is the appropriate place and no
check can fail (tests/test_insertion.py runs the suite through the general
path to show the two agree).
"""

from __future__ import annotations

from typing import Any

__all__ = ["adjusted_insertion_location", "insert_an_element_at_the_adjusted_insertion_location"]


def adjusted_insertion_location(p: Any, place: tuple[Any, Any]) -> tuple[Any, Any]:
    """https://html.spec.whatwg.org/#adjusted-insertion-location

    ``place`` is the appropriate place for inserting a node (step 1).
    Step 2: if its target parent is the first element on the stack of open
    elements and the root insertion target is non-null, the location is
    (root insertion target, null).  Here the fragment case's ``html`` root
    *is* the builder's fragment node (the root insertion target: it holds the
    fragment's children, which the standard's ``html`` root never gets), so
    the reference child, a child of that same node when foster parenting
    puts a node before a table, is kept."""
    root = p.root_insertion_target
    if root is not None and place[0] is p.open[0].node:
        return root, place[1]
    return place


def insert_an_element_at_the_adjusted_insertion_location(
    p: Any, node: Any, place: tuple[Any, Any], created: bool = True
) -> bool:
    """https://html.spec.whatwg.org/#insert-an-element-at-the-adjusted-insertion-location

    Insert ``node`` (an element) at the adjusted insertion location computed
    from ``place`` (the appropriate place, or the Document for the ``html``
    element); False when step 2 returns without inserting.  ``created``: the
    element was just created, so it has no parent and no children and the
    first two conditions of step 2 cannot hold (they are not asked of the
    builder, which may model a new root element as the Document's child
    already, as the lxml adapter does)."""
    parent, before = adjusted_insertion_location(p, place)
    builder = p.builder
    # Step 2: "If element already has a parent, or element is a host-including
    # inclusive ancestor of targetParent, or targetParent is a Document that
    # already has an element child, then return."
    # Of "a host-including inclusive ancestor" only "is targetParent itself"
    # is checked: a deeper cycle needs script to have moved the nodes, and
    # the walk up from targetParent would cost the tree's depth for every
    # adoption agency step (quadratic on "<b><div>x</b>" repeated, measured
    # by tests/test_scaling.py).
    if not created and (builder.parent_of(node) is not None or parent is node):
        return False
    if parent is p.document and p.context is None:
        if p.document_has_element_child:
            return False
        p.document_has_element_child = True
    # Steps 3-4 (custom element reactions) need script.  Step 5: insert.
    if before is None:
        builder.append(parent, node)
    else:
        builder.insert_before(parent, node, before)
    return True

