"""The walk loop the ElementTree walker (:mod:`.etree`) and the lxml walker
(:mod:`.lxml`) share.

Both trees keep text out of the node list: the text before an element's
first child is its ``.text``, the text after a node its ``.tail``; children
are what iterating over an element gives, ``len(element)`` says whether
there are any.  The loop below turns such a tree into the events of
:mod:`specparser.walkers` without recursion; each walker supplies only what
its tree spells differently (how a tag names an element, which nodes are
comments, processing instructions, doctypes, and how attributes read).
"""

from __future__ import annotations

from typing import Any, Callable, Iterator

from ..shadow_dom import SHADOW_ROOT_ATTRIBUTE, init_from_attributes
from . import CONTENT, END_CONTENT, END_SHADOW, SHADOW, START, TEXT

__all__ = ["ELEMENT", "walk_elements"]

_END_SHADOW_EVENT = (END_SHADOW,)

# What ``describe`` returns for an element, once it has put the element's
# tag in ``tags``.
ELEMENT: Any = object()


def walk_elements(
    top: Any,
    nodes: Iterator[Any],
    tags: dict[Any, tuple[str, Any, tuple[Any, ...], bool]],
    describe: Callable[[Any], Any],
    attributes: Callable[[Any, Any], dict[Any, str]],
) -> Iterator[tuple[Any, ...]]:
    """The events for ``nodes`` and their subtrees, each followed by its
    tail, except ``top``'s (the node the walk was asked for).

    ``tags`` maps the tag of an element to ``(name, namespace, END event,
    whether it is an HTML template)``; a node whose tag is not there yet is
    passed to ``describe``, which either fills ``tags`` for it and returns
    :data:`ELEMENT`, or returns the node's one event (a comment, a
    processing instruction, a doctype ...), or None for a node that has
    none.  ``attributes(element, attrib)`` is the ``attrs`` of the START
    event for a non-empty ``element.attrib``.  All children of an HTML
    template are reported as its template contents (the adapters keep them
    as the template's own children); a template marked as a shadow root
    (:mod:`specparser.shadow_dom`) is ``(SHADOW, init)`` ...
    ``(END_SHADOW,)``."""
    # Each level: the iterator over an element's children, and the element
    # to close when it is exhausted, with its END event and whether it is a
    # template.
    stack: list[tuple[Iterator[Any], Any, Any, bool]] = [(nodes, None, None, False)]
    while stack:
        iterator = stack[-1][0]
        descended = False
        for el in iterator:
            tag = el.tag
            entry = tags.get(tag)
            if entry is None:
                event = describe(el)
                if event is not ELEMENT:
                    if event is not None:
                        yield event
                    if el is not top and el.tail:
                        yield (TEXT, el.tail)
                    continue
                entry = tags[tag]
            name, namespace, end, template = entry
            attrib = el.attrib
            if template and attrib and SHADOW_ROOT_ATTRIBUTE in attrib:
                # A shadow root's holder (specparser.shadow_dom).
                yield (SHADOW, init_from_attributes(attrib), el)
                end = _END_SHADOW_EVENT
                template = False
            else:
                yield (START, name, namespace, attributes(el, attrib) if attrib else {})
            if template:
                yield (CONTENT,)
            if el.text:
                yield (TEXT, el.text)
            if len(el):
                stack.append((iter(el), el, end, template))
                descended = True
                break
            if template:
                yield (END_CONTENT,)
            yield end
            if el is not top and el.tail:
                yield (TEXT, el.tail)
        if descended:
            continue
        _, el, end, template = stack.pop()
        if el is not None:
            if template:
                yield (END_CONTENT,)
            yield end
            if el is not top and el.tail:
                yield (TEXT, el.tail)
