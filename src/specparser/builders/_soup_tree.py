"""The Beautiful Soup adapter's per-text-run and final-pass loops, in a
module of their own so that the compiled build compiles them.

:class:`specparser.builders.bs4.SoupBuilder` keeps the rest.  Its element
factory stays interpreted on purpose: it is about twenty attribute stores
on a new ``bs4.element.Tag``, which CPython's specialized ``STORE_ATTR``
does in a few instructions and compiled code only through
``PyObject_SetAttr`` (callgrind, 20 000 Tags made by a mypyc-compiled copy
of it: 11 500 instructions a Tag against 7 900 interpreted).  What is here
is mostly list work and type tests, which compile better: compiled, they
take a compiled ``BeautifulSoup(html, "specparser")`` parse from 1 490M
instructions to 1 408M (callgrind, every 8th corpus page; the pure build's
1 627M to 1 620M, from the loop below).

Measured and not kept: a compiled factory that gives each new Tag its
attributes as one dict, a copy of a template dict that shares Tag's key
table (CPython's split dict, which ``dict.copy()`` keeps) with the
per-tag items set by dict stores, then ``tag.__dict__ = values``.  On
CPython 3.11 the factory itself took 15M fewer instructions (30 corpus
pages, compiled build, 1 050M in all), but the assignment to
``__dict__`` first wraps the values array ``object.__new__`` allocated in
a dict and frees both, and every Tag then keeps a dict object: 64 bytes
more (+3.3% tracemalloc peak) and one more object for the cyclic
collector (+15M instructions in its passes) and, in ``link``, stores
that go through the dict: +1.1M in all.  On 3.13 the Tag's inline values
would stay allocated unused besides.  (On 3.10, where every instance
has a dict anyway, it would have cost nothing extra.)

This module has no module ``__getattr__`` (mypyc 2.4 crashes at import on
a compiled module with one) and touches bs4's objects only through their
attributes, so it needs no bs4 import.
"""

from __future__ import annotations

from typing import Any, Callable, Final

from ._support import index_from_end as _index

__all__ = ["SourcePositions", "insert_text", "link"]

# Typed Any: the strings made are bs4's str subclasses, which take
# attributes (mypy would take them for str).
_new_str: Any = str.__new__


def insert_text(builder: object, parent: Any, text: str, before: Any = None) -> None:
    """:meth:`SoupBuilder.insert_text <specparser.builders.bs4.SoupBuilder>`
    (``builder`` is the adapter, unused).  Character data is a bare ``str``
    or a list of ``str`` pieces until :func:`link` (see
    :mod:`specparser.builders.bs4`): "if there is a Text node immediately
    before the insertion location, append to it"
    (https://html.spec.whatwg.org/multipage/parsing.html#insert-a-character,
    step 4)."""
    contents = parent.contents
    if text.__class__ is not str:
        text = str(text)  # a bare str is how a text piece is told apart
    if before is None:
        if contents:
            last = contents[-1]
            # type(): bs4's Tag.__getattr__ makes a Tag's __class__ slow
            # (text after an element is common).
            kind = type(last)
            if kind is list:
                last.append(text)
                return
            if kind is str:
                contents[-1] = [last, text]
                return
        contents.append(text)
        return
    index = _index(contents, before)
    if index:
        previous = contents[index - 1]
        kind = type(previous)
        if kind is list:
            previous.append(text)
            return
        if kind is str:
            contents[index - 1] = [previous, text]
            return
    contents.insert(index, text)


# SourcePositions.next_newline when no newline is left: past any offset,
# and still a small int for the compiled build (2**62 - 1).
_NO_NEWLINE: Final = (1 << 62) - 1


def _next_newline(text: str, start: int) -> int:
    """The offset of the first newline at or after ``start``, or
    ``_NO_NEWLINE``."""
    found = text.find("\n", start)
    return found if found >= 0 else _NO_NEWLINE


class SourcePositions:
    """bs4's ``sourceline`` (1-based) and ``sourcepos`` (0-based column)
    of a tag's offset, for the compiled build's element factory
    (:meth:`SoupBuilder._element_factory
    <specparser.builders.bs4.SoupBuilder._element_factory>`, through
    ``_counted_lines`` there): for the tags made in source order, the lines
    are counted forward from one tag to the next, a newline at a time with
    ``str.find``, which compiled code calls in C (the interpreter's
    ``str.count`` and ``str.rfind`` with a start and an end, the pure
    build's way, spend about 1 000 instructions a call on their arguments);
    an offset before the last one counted goes to ``fallback``
    (``SoupBuilder._locate``).

    The state is the factory's: ``last``, the offset of the last tag
    counted; ``line``, the newlines before it; ``line_start``, the offset
    just after the last of them."""

    def __init__(
        self,
        text: str,
        fallback: Callable[[int], tuple[int, int]],
        last: int = 0,
        line: int = 0,
        line_start: int = 0,
    ) -> None:
        self.text = text
        self.fallback = fallback
        self.last = last
        self.line = line
        self.line_start = line_start
        # The first newline at or after line_start (none lies between
        # line_start and last).
        self.next_newline = _next_newline(text, line_start)

    def at(self, pos: int) -> tuple[int, int]:
        """``(sourceline, sourcepos)`` of the offset ``pos``."""
        if pos < self.last:
            return self.fallback(pos)
        newline = self.next_newline
        if newline < pos:
            text = self.text
            line = self.line
            start = self.line_start
            while newline < pos:
                line += 1
                start = newline + 1
                newline = _next_newline(text, start)
            self.line = line
            self.line_start = start
            self.next_newline = newline
        self.last = pos
        return self.line + 1, pos - self.line_start


class _Start:
    """The stand-in previous node of :func:`link`."""

    __slots__ = ("next_element",)
    next_element: Any


# link's string_class is the class of strings outside any string container,
# containers maps a container tag's name to its strings' class;
# plain_strings: they can all be made without their constructors;
# string_dicts: they can all take their attributes as one dict, a copy of
# string_template (what NavigableString.__new__ sets, in its order).
def link(
    soup: Any,
    tag_class: type,
    containers: dict[str, type] | None,
    string_class: type,
    plain_strings: bool,
    string_dicts: bool,
    string_template: dict[str, Any],
) -> None:
    """:meth:`SoupBuilder.link <specparser.builders.bs4.SoupBuilder.link>`:
    turn the text pieces into strings and set every element link, in one
    preorder pass over the tree (no recursion).

    bs4's invariants: ``next_element`` follows document order from the
    first top-level node (the soup itself is outside the chain); a Tag's
    ``next_element`` is its first child; siblings follow ``contents``.
    Every node arrives here with ``next_element``, ``next_sibling`` None
    (nothing before this pass sets them)."""
    new_str = _new_str
    new_attributes = string_template.copy
    # A stand-in "previous node" for the first one, so that the loop
    # needs no test; the first node's previous_element is reset below.
    start = _Start()
    start.next_element = None
    previous: Any = start
    parent: Any = soup
    # Until this pass, text is a bare str or a list of str pieces among
    # the Tags.
    children: list[Any] = soup.contents
    sibling: Any = None
    # A list iterator and a count, not enumerate(): no (index, node) tuple
    # per node (callgrind, every 8th corpus page: -20M instructions of
    # 1 431M compiled, -7M of 1 627M pure).
    iterator = iter(children)
    index = -1
    stack: list[tuple[Any, list[Any], Any, int, type]] = []
    while True:
        for node in iterator:
            index += 1
            # type(): bs4's Tag.__getattr__ makes tag.__class__ slow.
            kind = type(node)
            if kind is str or kind is list:
                if kind is list:
                    node = "".join(node)
                if string_dicts:
                    node = new_str(string_class, node)
                    attributes = new_attributes()
                    attributes["parent"] = parent
                    attributes["previous_element"] = previous
                    attributes["previous_sibling"] = sibling
                    node.__dict__ = attributes
                else:
                    if plain_strings:
                        node = new_str(string_class, node)
                        node.hidden = False
                    else:
                        node = string_class(node)
                    node.parent = parent
                    node.previous_element = previous
                    node.next_element = None
                    node.next_sibling = None
                    node.previous_sibling = sibling
                children[index] = node
                previous.next_element = node
                if sibling is not None:
                    sibling.next_sibling = node
                sibling = previous = node
                continue
            node.previous_element = previous
            previous.next_element = node
            node.previous_sibling = sibling
            if sibling is not None:
                sibling.next_sibling = node
            sibling = previous = node
            if kind is tag_class and (contents := node.contents):
                stack.append((parent, children, iterator, index, string_class))
                parent = node
                children = contents
                iterator = iter(children)
                index = -1
                sibling = None
                if containers is not None:
                    string_class = containers.get(node.name, string_class)
                break
        else:
            if not stack:
                break
            # The Tag whose children just ended is the next node's sibling.
            sibling = parent
            parent, children, iterator, index, string_class = stack.pop()
    # (Measured and not kept: the attribute dicts of previous and sibling
    # strings kept to set next_element / next_sibling as items, +17M
    # instructions; comments and doctypes on a path of their own so that
    # the Tags' stores see one layout, -3.3M, under 0.3%.)
    first = start.next_element
    if first is not None:
        first.previous_element = None
    soup._most_recent_element = previous if previous is not start else None
