"""The tree a sanitizing parse builds, before it is handed to a TreeBuilder.

:class:`~specparser.sanitizer.filter.SanitizingTreeBuilder` keeps the
sanitized tree here while parsing runs (whatwg/html PR 12756: removed
elements are never inserted, a replaced element's insertions are
redirected to where it would be), answers the parser's questions
(``parent_of``, ``children_of``) from it, and at the end :func:`replay`
gives it to the wrapped builder.  Text is kept as ``str`` items.  Every
operation is iterative; the filter finds siblings by identity with the
adapters' :func:`specparser.builders._support.index_from_end`.
"""

from __future__ import annotations

from typing import Any

__all__ = ["COMMENT", "DOCTYPE", "ELEMENT", "FRAGMENT", "KEPT", "LightNode", "PI", "REMOVED", "REPLACED", "clone_children", "replay"]

ELEMENT = 1
COMMENT = 2
PI = 3
DOCTYPE = 4
FRAGMENT = 5  # the Document, the fragment root, a template's contents

# What the sanitizer decided for a node (LightNode.state).
KEPT = 0
REMOVED = 1  # never inserted: what is inserted into it is never seen
REPLACED = 2  # never inserted: what is inserted into it goes to its location


class LightNode:
    """One node of the parser's view.  ``name`` / ``namespace`` / ``attrs``
    for elements (``attrs`` is the parser's dict, attribute names as the
    TreeBuilder contract gives them); ``data`` holds a comment's data, a
    processing instruction's ``(target, data)`` or a doctype's
    ``(name, public_id, system_id)``."""

    __slots__ = ("kind", "name", "namespace", "attrs", "data", "children", "parent", "contents", "pos", "state", "location", "shadow")

    def __init__(
        self, kind: int, name: str = "", namespace: str = "", attrs: Any = None, data: Any = None, pos: int = -1, state: int = KEPT
    ) -> None:
        self.kind = kind
        self.name = name
        self.namespace = namespace
        self.attrs = attrs
        self.data = data
        self.children: list[Any] = []
        self.parent: LightNode | None = None
        self.contents: LightNode | None = None
        self.pos = pos
        self.state = state
        # A REPLACED element once inserted: (parent, before) where its
        # children go (before None: at the end).
        self.location: tuple[LightNode, LightNode | None] | None = None
        # A declarative shadow root: (the parser's init, its fragment).
        self.shadow: tuple[Any, LightNode] | None = None


def clone_children(target: LightNode, source: LightNode) -> None:
    """Replace ``target``'s children with deep clones of ``source``'s
    (https://html.spec.whatwg.org/#clone-an-option-into-a-selectedcontent),
    without recursion; template contents are cloned too."""
    clones: list[Any] = []
    stack: list[tuple[list[Any], LightNode | None, list[Any]]] = [(list(source.children), None, clones)]
    while stack:
        items, parent, out = stack.pop()
        for item in items:
            if item.__class__ is str:
                out.append(item)
                continue
            attrs = dict(item.attrs) if item.attrs is not None else None
            copy = LightNode(item.kind, item.name, item.namespace, attrs, item.data, item.pos, item.state)
            copy.parent = parent
            out.append(copy)
            stack.append((list(item.children), copy, copy.children))
            if item.contents is not None:
                copy.contents = LightNode(FRAGMENT)
                stack.append((list(item.contents.children), copy.contents, copy.contents.children))
    for child in target.children:
        if child.__class__ is not str:
            child.parent = None
    for clone in clones:
        if clone.__class__ is not str:
            clone.parent = target
    target.children = clones


def replay(root: LightNode, builder: Any, real_root: Any) -> None:
    """Build ``root``'s children under ``real_root`` with ``builder`` (a
    TreeBuilder), in document order, without recursion; an HTML template's
    contents go to ``builder.template_contents``.  Every node here was
    kept (removed and replaced nodes are never children)."""
    stack: list[tuple[Any, Any]] = [(iter(root.children), real_root)]
    while stack:
        children, parent = stack[-1]
        for child in children:
            if child.__class__ is str:
                builder.insert_text(parent, child, None)
                continue
            kind = child.kind
            if kind == ELEMENT:
                if parent is real_root:
                    # The Document is given elements with create_element.
                    node = builder.create_element(child.name, child.namespace, child.attrs, child.pos)
                    builder.append(parent, node)
                else:
                    node = builder.append_new_element(parent, child.name, child.namespace, child.attrs, child.pos)
                stack.append((iter(child.children), node))
                if child.shadow is not None:
                    # Sanitize core: "If child is a shadow host", its shadow
                    # root (already sanitized) goes with it, when the
                    # builder holds shadow roots.
                    attach = getattr(builder, "attach_shadow_root", None)
                    real = attach(node, child.shadow[0]) if attach is not None else None
                    if real is not None:
                        stack.append((iter(child.shadow[1].children), real))
                if child.contents is not None:
                    stack.append((iter(child.contents.children), builder.template_contents(node)))
                break
            if kind == COMMENT:
                builder.append(parent, builder.create_comment(child.data, child.pos))
            elif kind == PI:
                builder.append(parent, builder.create_processing_instruction(child.data[0], child.data[1], child.pos))
            elif kind == DOCTYPE:
                builder.append_doctype(*child.data)
        else:
            stack.pop()
