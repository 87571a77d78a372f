"""``html5lib.treewalkers``: walk a tree as html5lib's token dicts.

:func:`getTreeWalker` returns a TreeWalker class for ``"etree"``,
``"lxml"``, ``"dom"`` and (an extension) ``"bs4"`` or any other tree type
registered in :mod:`specparser.builders`.  Each class is a thin adapter
(:class:`.base.EventTreeWalker`) over that tree type's event walker in
:mod:`specparser.walkers`, imported on first use.  An unknown name gives
None, as in html5lib; html5lib's ``"genshi"`` is not provided.
"""

from __future__ import annotations

import functools
from typing import Any, Iterable, Iterator

from ...constants import HTML_NAMESPACE, prefixes
from .base import EventTreeWalker

# html5lib 1.1's __all__, exactly (concatenateCharacterTokens is public there
# too, but not listed).
__all__ = ["getTreeWalker", "pprint"]

treeWalkerCache: dict[str, type] = {}


# What html5lib's etree and lxml walkers report that specparser's do not by
# default: elements without a namespace (namespaceHTMLElements=False) have
# namespace None, and lxml's entity reference nodes are Entity tokens.
_WALKER_OPTIONS: dict[str, dict[str, Any]] = {
    "etree": {"plain_namespace": None},
    "lxml": {"plain_namespace": None, "entities": True},
}


def _walker_class(tree_type: str) -> type | None:
    from ...builders import BUILDERS, get_walker

    if tree_type not in BUILDERS:
        return None
    walk = get_walker(tree_type)
    options = _WALKER_OPTIONS.get(tree_type)
    if options:
        walk = functools.partial(walk, **options)
    name = "".join(part.capitalize() for part in tree_type.replace(".", "_").split("_"))
    return type(f"{name}TreeWalker", (EventTreeWalker,), {"walk": staticmethod(walk), "__module__": __name__})


def getTreeWalker(treeType: str, implementation: Any = None, **kwargs: Any) -> type | None:
    """A TreeWalker class for ``treeType`` (case-insensitive).

    ``implementation`` matters for ``"etree"`` only: the ElementTree module
    the tree was built with; ``lxml.etree`` selects the lxml walker.  Extra
    keyword arguments are accepted and ignored, as html5lib does for the
    walkers other than etree.
    """
    if not isinstance(treeType, str):
        raise TypeError(f"treeType must be a str, not {type(treeType).__name__}")
    tree_type = treeType.lower()
    if tree_type == "etree" and implementation is not None:
        if getattr(implementation, "__name__", "") == "lxml.etree":
            tree_type = "lxml"
    if tree_type not in treeWalkerCache:
        walker = _walker_class(tree_type)
        if walker is None:
            return None
        treeWalkerCache[tree_type] = walker
    return treeWalkerCache[tree_type]


def concatenateCharacterTokens(tokens: Iterable[dict]) -> Iterator[dict]:
    """Merge runs of Characters / SpaceCharacters tokens into one
    Characters token."""
    pending: list[str] = []
    for token in tokens:
        if token["type"] in ("Characters", "SpaceCharacters"):
            pending.append(token["data"])
            continue
        if pending:
            yield {"type": "Characters", "data": "".join(pending)}
            pending = []
        yield token
    if pending:
        yield {"type": "Characters", "data": "".join(pending)}


def _qualified(namespace: str | None, name: str) -> str:
    if namespace and namespace != HTML_NAMESPACE:
        return f"{prefixes.get(namespace, namespace)} {name}"
    return name


def pprint(walker: Iterable[dict]) -> str:
    """The token stream as an indented outline (html5lib's test format).

    The children of an HTML ``template`` are its template contents in the
    trees this package builds (as html5lib 1.1 kept them), so they are
    shown under a ``content`` line, and attributes are sorted by the name
    shown, as html5lib-tests' dumps show them."""
    output = []
    indent = 0
    templates: list[int] = []  # the indents at which open templates' contents end
    for token in concatenateCharacterTokens(walker):
        kind = token["type"]
        pad = " " * indent
        if kind in ("StartTag", "EmptyTag"):
            output.append(f"{pad}<{_qualified(token['namespace'], token['name'])}>")
            indent += 2
            # Sorted by the name shown, as html5lib-tests dumps are (html5lib
            # 1.1 sorted (namespace, name) pairs, and failed on a mix of
            # namespaced and plain attributes).
            shown = sorted((_qualified(namespace, name), value) for (namespace, name), value in token["data"].items())
            for name, value in shown:
                output.append(f'{" " * indent}{name}="{value}"')
            if kind == "EmptyTag":
                indent -= 2
            elif token["name"] == "template" and token["namespace"] in (None, HTML_NAMESPACE):
                output.append(f"{' ' * indent}content")
                templates.append(indent)
                indent += 2
        elif kind == "EndTag":
            if templates and templates[-1] == indent - 2:
                templates.pop()
                indent -= 2
            indent -= 2
        elif kind == "Comment":
            output.append(f"{pad}<!-- {token['data']} -->")
        elif kind == "ProcessingInstruction":
            output.append(f"{pad}<?{token['name']} {token['data']}?>")
        elif kind == "Doctype":
            name, public_id, system_id = token["name"], token["publicId"], token["systemId"]
            if not name:
                output.append(f"{pad}<!DOCTYPE >")
            elif public_id:
                output.append(f'{pad}<!DOCTYPE {name} "{public_id}" "{system_id or ""}">')
            elif system_id:
                output.append(f'{pad}<!DOCTYPE {name} "" "{system_id}">')
            else:
                output.append(f"{pad}<!DOCTYPE {name}>")
        elif kind == "Characters":
            output.append(f'{pad}"{token["data"]}"')
        else:
            raise ValueError(f"Unknown token type, {kind}")
    return "\n".join(output)
