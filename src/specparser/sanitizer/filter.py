"""Sanitizing while the tree is built: a TreeBuilder that wraps any other.

    from specparser.sanitizer import Sanitizer, SanitizingTreeBuilder
    builder = SanitizingTreeBuilder(inner_builder, Sanitizer(), safe=True)
    build_tree(text, builder, context=...)   # returns inner_builder.finish()

The parser talks to this builder as to any other; this builder sanitizes
as whatwg/html PR 12756 ("Sanitize while parsing") has the parser do:

* each element is sanitized when it is created (its action and its
  attributes, :mod:`specparser.sanitizer.core`); the parser keeps its own
  record of every element with all its attributes, so the Noah's Ark
  clause and the adoption agency still count removed ones;
* a *removed* element is never inserted: what the parser inserts into it
  (its children, an adoption-agency clone) is never seen;
* a *replaced* element is never inserted either: what the parser inserts
  into it goes where it was inserted (PR 12756's "insertion target
  redirection map"), or, while it has not been inserted yet, waits in it
  and moves there when it is;
* a comment or processing instruction the configuration does not allow is
  never inserted; text around anything not inserted is one text node.

The tree is kept in :mod:`specparser.sanitizer.lighttree` while parsing
runs (the parser's ``parent_of`` questions are answered from it) and given
to the wrapped builder when parsing ends, as ordinary TreeBuilder calls.

This is the layer to build other sanitizers on (the bleach drop-in does):
give it a :class:`~specparser.sanitizer.Sanitizer` and a builder.
"""

from __future__ import annotations

from typing import Any

from ..builders._support import index_from_end
from ..constants import HTML_NAMESPACE
from ..shadow_dom import init_from_attributes
from ..treebuilder import TreeBuilder
from ..treeconstruction.shadow import shadow_root_mode
from .config import Sanitizer
from .core import (
    KEEP,
    REPLACE,
    Policy,
    allows_comments,
    allows_processing_instruction_target,
    element_action,
    sanitize_attributes,
)
from .lighttree import COMMENT, DOCTYPE, ELEMENT, FRAGMENT, KEPT, PI, REMOVED, REPLACED, LightNode, clone_children, replay

__all__ = ["SanitizingTreeBuilder"]


class SanitizingTreeBuilder(TreeBuilder):
    """Wrap ``inner`` (any :class:`~specparser.treebuilder.TreeBuilder`) so
    that the tree it builds is sanitized by ``sanitizer`` (a
    :class:`Sanitizer`); ``safe`` applies "remove unsafe" and the
    ``javascript:`` URL rules, as ``setHTML`` does (``safe=False``:
    ``setHTMLUnsafe``).  ``hardened`` adds the string API's rules for
    output that must survive serialization (see
    :func:`specparser.sanitize`).  :meth:`finish` returns
    ``inner.finish()``; :attr:`changed` then says whether sanitizing
    removed or replaced anything."""

    def __init__(self, inner: TreeBuilder, sanitizer: Sanitizer, safe: bool = True, hardened: bool = False) -> None:
        if not isinstance(inner, TreeBuilder):
            raise TypeError(f"SanitizingTreeBuilder(): inner must be a TreeBuilder, not {type(inner).__name__}")
        if not isinstance(sanitizer, Sanitizer):
            raise TypeError(f"SanitizingTreeBuilder(): sanitizer must be a Sanitizer, not {type(sanitizer).__name__}")
        self.inner = inner
        self.policy = Policy(sanitizer.compiled(bool(safe)), bool(safe), bool(hardened))
        self.changed = False
        self._root: LightNode | None = None
        self._real_root: Any = None
        # The template element created last: a declarative shadow root's
        # template is created just before attach_shadow_root is asked.
        self._template: LightNode | None = None

    @property
    def quirks_mode(self) -> str:
        # specparser.api reads the builder's quirks mode, when it has one.
        return getattr(self.inner, "quirks_mode", "no-quirks")

    # -- life cycle ------------------------------------------------------

    def set_source(self, text: str) -> None:
        self.inner.set_source(text)

    def start_document(self) -> LightNode:
        self._real_root = self.inner.start_document()
        self._root = LightNode(FRAGMENT)
        return self._root

    def start_fragment(self) -> LightNode:
        self._real_root = self.inner.start_fragment()
        self._root = LightNode(FRAGMENT)
        return self._root

    def finish(self) -> Any:
        if self._root is None:
            raise RuntimeError("SanitizingTreeBuilder.finish() before start_document() / start_fragment()")
        replay(self._root, self.inner, self._real_root)
        return self.inner.finish()

    def set_quirks_mode(self, mode: str) -> None:
        self.inner.set_quirks_mode(mode)

    # -- node creation: the sanitizer's decisions ------------------------

    def create_element(self, name: str, namespace: str, attrs: dict[str, Any], pos: int = -1) -> LightNode:
        policy = self.policy
        action = element_action(policy, (name, namespace))
        if action != KEEP:
            self.changed = True
            node = LightNode(ELEMENT, name, namespace, None, None, pos, REPLACED if action == REPLACE else REMOVED)
        else:
            if attrs:
                kept = sanitize_attributes(policy, (name, namespace), attrs)
                if kept is not None:
                    self.changed = True
                    attrs = kept
            node = LightNode(ELEMENT, name, namespace, attrs, None, pos)
        if name == "template" and namespace == HTML_NAMESPACE:
            self._template = node
        return node

    def create_comment(self, data: str, pos: int = -1) -> LightNode:
        if allows_comments(self.policy):
            return LightNode(COMMENT, data=data, pos=pos)
        self.changed = True
        return LightNode(COMMENT, data=data, pos=pos, state=REMOVED)

    def create_processing_instruction(self, target: str, data: str, pos: int = -1) -> LightNode:
        if allows_processing_instruction_target(self.policy, target):
            return LightNode(PI, data=(target, data), pos=pos)
        self.changed = True
        return LightNode(PI, data=(target, data), pos=pos, state=REMOVED)

    def append_doctype(self, name: str, public_id: str, system_id: str) -> None:
        # Sanitize core keeps a DocumentType as it is.
        assert self._root is not None  # start_document came first
        self.append(self._root, LightNode(DOCTYPE, data=(name, public_id, system_id)))

    def template_contents(self, template: LightNode) -> LightNode:
        # A removed or replaced template's contents are never inserted.
        if template.contents is None:
            template.contents = LightNode(FRAGMENT)
        return template.contents

    def attach_shadow_root(self, host: LightNode, init: Any) -> LightNode | None:
        """A declarative shadow root (``parse(..., shadow_roots=True)``, as
        ``setHTML`` parses), sanitizing while parsing: the template start
        tag is an element like any other, created (and sanitized) just
        before this is asked, and the shadow root is what *its* sanitized
        attributes say (WPT sethtml-with-declarative-shadow-root, Chromium
        156):

        * a removed or replaced template gives no shadow root (None: the
          parser inserts it, and the sanitizer never lets it in, nor its
          contents);
        * a kept template whose ``shadowrootmode`` the configuration
          removed is an ordinary template (None);
        * otherwise the shadow root's flags are the ``shadowroot*``
          attributes the configuration kept.

        Its contents are sanitized as they are inserted, like a template's,
        and given to the wrapped builder's ``attach_shadow_root`` with the
        host; a removed or replaced host's shadow root is never seen."""
        template = self._template
        if template is None or template.state != KEPT:
            return None
        attrs = template.attrs or {}
        mode = shadow_root_mode(attrs)
        if mode is None or type(self.inner).attach_shadow_root is TreeBuilder.attach_shadow_root:
            # No shadowrootmode left, or a wrapped builder that holds no
            # shadow roots: the template stays a template.
            return None
        init = init_from_attributes(attrs)
        init.mode = mode
        fragment = LightNode(FRAGMENT)
        if host.state == KEPT:
            host.shadow = (init, fragment)
        return fragment

    # -- insertion: where a node really goes -------------------------------

    def _place(self, parent: LightNode, child: Any, before: LightNode | None) -> None:
        """Insert ``child`` (a node or text) into ``parent`` before
        ``before``, following replaced elements to their location."""
        while True:
            if before is not None and before.parent is not parent:
                before = None  # that node has moved since: the end
            if before is None and parent.state == REPLACED and parent.location is not None:
                parent, before = parent.location
                continue
            break
        siblings = parent.children
        index = len(siblings) if before is None else index_from_end(siblings, before)
        if child.__class__ is str:
            if index and siblings[index - 1].__class__ is str:
                siblings[index - 1] += child
            else:
                siblings.insert(index, child)
            return
        state = child.state
        if state == KEPT:
            child.parent = parent
            siblings.insert(index, child)
        elif state == REPLACED:
            # Its children so far go where it is; later ones follow them.
            child.location = (parent, siblings[index] if index < len(siblings) else None)
            pending, child.children = child.children, []
            for item in pending:
                self._place(parent, item, child.location[1])

    def append(self, parent: LightNode, child: LightNode) -> None:
        self._place(parent, child, None)

    def append_new_element(self, parent: LightNode, name: str, namespace: str, attrs: dict[str, Any], pos: int = -1) -> LightNode:
        node = self.create_element(name, namespace, attrs, pos)
        self._place(parent, node, None)
        return node

    def insert_before(self, parent: LightNode, child: LightNode, reference: LightNode) -> None:
        self._place(parent, child, reference)

    def insert_text(self, parent: LightNode, text: str, before: LightNode | None = None) -> None:
        self._place(parent, text, before)

    def remove(self, node: LightNode) -> None:
        node.location = None
        parent = node.parent
        if parent is None:
            return
        del parent.children[index_from_end(parent.children, node)]
        node.parent = None

    def move_children(self, old_parent: LightNode, new_parent: LightNode) -> None:
        # Only old_parent's own children move: a replaced element's
        # children are already where it is.
        children, old_parent.children = old_parent.children, []
        for child in children:
            if child.__class__ is not str:
                child.parent = None
            self._place(new_parent, child, None)

    def parent_of(self, node: LightNode) -> LightNode | None:
        return node.parent

    def children_of(self, parent: LightNode) -> list[Any]:
        return [child for child in parent.children if child.__class__ is not str]

    def remove_between(self, parent: LightNode, start: LightNode, end: LightNode | None) -> None:
        siblings = parent.children
        first = index_from_end(siblings, start) + 1
        last = len(siblings) if end is None else index_from_end(siblings, end)
        for child in siblings[first:last]:
            if child.__class__ is not str:
                child.parent = None
        del siblings[first:last]

    def add_missing_attributes(self, node: LightNode, attrs: dict[str, Any]) -> None:
        if node.state != KEPT or node.kind != ELEMENT:
            return
        kept = sanitize_attributes(self.policy, (node.name, node.namespace), attrs)
        if kept is not None:
            self.changed = True
            attrs = kept
        if node.attrs is None:
            node.attrs = {}
        for name, value in attrs.items():
            node.attrs.setdefault(name, value)

    def replace_children_with_clones(self, target: LightNode, source: LightNode) -> None:
        if target.state != REPLACED:
            clone_children(target, source)
