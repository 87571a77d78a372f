"""The flat tree of a shadow host, over walker events: what a reader sees
of an element with a shadow root (https://drafts.csswg.org/css-scoping/#flat-tree).

The host's shadow tree is rendered in place of its children; each of the
host's children that is a *slottable* (an element or a text node) appears
only where the ``<slot>`` it is assigned to is: its ``slot`` attribute
names the slot (no attribute, and text, go to the default slot: a slot
without a ``name``); the first slot of that name in the shadow tree, in
tree order, takes it ("find a slot", named slot assignment:
https://dom.spec.whatwg.org/#find-a-slot).  A slot that gets nothing shows
its own children (its fallback content); children assigned to no slot are
not shown; a shadow root with ``manual`` slot assignment takes none
(only script assigns those).  A ``<slot>`` is ``display: contents``: only what it shows is
reported, not the slot element.

:func:`flat_host_events` reads the rest of a host's events (from its
``SHADOW`` event on) and returns them composed; :mod:`specparser.text`
uses it for ``visible_text``.  Nested hosts (in the shadow tree or among
the slotted children) are composed too.  Linear in the host's events, and
without recursion.
"""

from __future__ import annotations

from typing import Any, Iterator

from .constants import HTML_NAMESPACE
from .walkers import END, END_SHADOW, SHADOW, START

__all__ = ["flat_host_events"]

Event = tuple[Any, ...]
Node = list[Any]

# A node of the materialized subtree: an element is
# [START event, children, END event, shadow root children or None, its
# ShadowRootInit or None]; any other event is [event].


def _materialize(host_start: Event, shadow_event: Event, stream: Iterator[Event]) -> Node:
    """The host's node: its shadow tree (the events after its SHADOW) and
    its children, up to and including its END."""
    host: Node = [host_start, [], None, [], shadow_event[1]]
    stack: list[list[Any]] = [[host, host[1]], [host, host[3]]]
    for event in stream:
        kind = event[0]
        if kind == START:
            node: Node = [event, [], None, None, None]
            stack[-1][1].append(node)
            stack.append([node, node[1]])
        elif kind == END:
            frame = stack.pop()
            frame[0][2] = event
            if not stack:
                break
        elif kind == SHADOW:
            element = stack[-1][0]
            element[3] = []
            element[4] = event[1]
            stack.append([element, element[3]])
        elif kind == END_SHADOW:
            stack.pop()
        else:
            stack[-1][1].append([event])
    return host


def _is_html(event: Event, name: str) -> bool:
    return event[1] == name and event[2] in (HTML_NAMESPACE, None)


def _assign_slots(host: Node, assigned: dict[int, Node]) -> None:
    """Named slot assignment for ``host``'s shadow tree: every slot gets a
    list in ``assigned`` (by id), the host's slottables go to the first
    slot of their name."""
    slots: dict[str, Node] = {}
    pending: Node = list(reversed(host[3]))
    while pending:
        node = pending.pop()
        if len(node) == 1:
            continue
        event = node[0]
        if _is_html(event, "slot"):
            assigned[id(node)] = []
            slots.setdefault(event[3].get("name", ""), node)
        if _is_html(event, "template"):
            continue  # template contents are not in the shadow tree
        # A nested shadow root is another tree: its slots are its host's.
        pending.extend(reversed(node[1]))
    if host[4].slot_assignment == "manual":
        return  # only script assigns slottables to a manual slot
    for child in host[1]:
        event = child[0]
        if len(child) > 1:
            name = event[3].get("slot", "")
        elif event[0] == 2:  # TEXT
            name = ""
        else:
            continue  # comments and processing instructions are not slottables
        slot = slots.get(name)
        if slot is not None:
            assigned[id(slot)].append(child)


def flat_host_events(host_start: Event, shadow_event: Event, stream: Iterator[Event]) -> list[Event]:
    """The flat-tree events of a host whose START (``host_start``) and
    SHADOW (``shadow_event``) were read from ``stream``: its composed
    children and its END (the rest of ``stream`` is left unread)."""
    host = _materialize(host_start, shadow_event, stream)
    assigned: dict[int, Node] = {}
    out: list[Event] = []

    def children(node: Node) -> Node:
        end = node[2] if node[2] is not None else (END, node[0][1], node[0][2])
        shadow: Node | None = node[3]
        if shadow is not None:
            _assign_slots(node, assigned)
            return shadow + [(end,)]
        light: Node = node[1]
        return light + [(end,)]

    work = [iter(children(host))]
    while work:
        item = next(work[-1], None)
        if item is None:
            work.pop()
            continue
        if item.__class__ is tuple:
            out.append(item[0])  # an END
            continue
        if len(item) == 1:
            out.append(item[0])
            continue
        slotted = assigned.get(id(item))
        if slotted is not None:
            work.append(iter(slotted or item[1]))
            continue
        out.append(item[0])
        work.append(iter(children(item)))
    return out
