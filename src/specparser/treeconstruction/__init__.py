"""Tree construction: https://html.spec.whatwg.org/#tree-construction

Modules:

* :mod:`.records` - the parser's element records and the insertion-mode table type;
* :mod:`.modes` - the insertion modes (filled in by the modules below);
* :mod:`.core` - :class:`TreeConstructor`: the tokenizer's sink, the
  dispatcher (it imports the mode modules; they do not import it), the stack of open elements, the list of active formatting
  elements, the adoption agency, foster parenting, "the end", selectedcontent;
* :mod:`.document_modes` - initial ... after head, text, after body, frameset modes;
* :mod:`.body_mode` - in body (with the 2025 ``<select>`` rules);
* :mod:`.table_modes` - the table modes and in template;
* :mod:`.foreign` - the rules for parsing tokens in foreign content.

Tree construction parse errors are :class:`specparser.errors.ParseError`
records.  The spec names tree construction errors only "parse error"; their
codes (and the tokenizer's, which are the spec's) are registered, each with
its message, in :mod:`specparser.error_messages`
(``TREE_CONSTRUCTION_MESSAGES``).
"""

from __future__ import annotations

from typing import Any

from ..collector import pause_collection, resume_collection
from ..errors import resolve_positions
from ..fragment_context import check_context_element, parse_fragment_context
from ..tokenizer import Tokenizer
from ..treebuilder import TreeBuilder
from .core import TreeConstructor
from .events import EventTreeConstructor, StackListener

__all__ = ["TreeConstructor", "build_tree", "context_element", "prepare_tree_construction", "run_tree_construction"]


def build_tree(
    text: str,
    builder: TreeBuilder,
    scripting: bool = False,
    errors: list | None = None,
    context: tuple[str, str] | None = None,
    decoded: Any = None,
    fast_paths: bool = True,
    listener: StackListener | None = None,
    *,
    shadow_roots: bool = False,
) -> Any:
    """Tokenize ``text``, build the tree with ``builder`` and return
    ``builder.finish()``.  ``context`` = ``(local name, namespace)`` selects
    the fragment parsing algorithm.  Parse errors (tokenizer and tree
    construction, in order) are appended to ``errors`` when it is a list.
    ``decoded`` is the :class:`specparser.encoding.DecodedInput` the text
    came from, for ``<meta charset>`` encoding changes.
    ``fast_paths=False`` turns off the shortcuts of both stages: every
    character goes through the tokenizer's state machine and every token
    through the insertion modes' handlers (the same tree and errors,
    slower: for testing the shortcuts).  ``listener``, a
    :class:`~.events.StackListener`, is told when each element starts and
    ends (:class:`~.events.EventTreeConstructor`: the tree construction
    shortcuts are then off).  ``shadow_roots`` is the parser's "allow
    declarative shadow roots": a ``<template shadowrootmode>`` attaches a
    shadow root to its parent (:mod:`.shadow`; ``builder`` must implement
    :meth:`TreeBuilder.attach_shadow_root`, or the templates stay
    ordinary)."""
    tokenizer = prepare_tree_construction(
        text, builder, scripting, errors, context, decoded, fast_paths, listener, shadow_roots=shadow_roots
    )
    return run_tree_construction(tokenizer, builder, errors)


def prepare_tree_construction(
    text: str,
    builder: TreeBuilder,
    scripting: bool = False,
    errors: list | None = None,
    context: tuple[str, str] | None = None,
    decoded: Any = None,
    fast_paths: bool = True,
    listener: StackListener | None = None,
    *,
    shadow_roots: bool = False,
) -> Tokenizer:
    """The first half of :func:`build_tree`: a tokenizer over ``text``
    feeding a new :class:`TreeConstructor` over ``builder``, in the state
    the context element asks for, not yet run (callers that expose the
    tokenizer while it runs, like the html5lib facade, keep it here)."""
    if context is not None:
        check_context_element(context, "build_tree", "context")
    constructor: TreeConstructor
    if listener is None:
        constructor = TreeConstructor(
            builder, scripting=scripting, errors=errors, context=context, fast_paths=fast_paths, shadow_roots=shadow_roots
        )
    else:
        constructor = EventTreeConstructor(
            builder, listener, scripting=scripting, errors=errors, context=context, shadow_roots=shadow_roots
        )
    constructor.decoded = decoded
    tokenizer = Tokenizer(text, constructor, errors=errors, fast_paths=fast_paths)
    constructor.tokenizer = tokenizer
    builder.set_source(tokenizer.text)
    if context is not None:
        tokenizer.state = constructor.initial_tokenizer_state()
    return tokenizer


def run_tree_construction(tokenizer: Tokenizer, builder: TreeBuilder, errors: list | None = None) -> Any:
    """The second half of :func:`build_tree`: run ``tokenizer`` to the end,
    give the errors their lines and columns, return ``builder.finish()``.

    The cyclic garbage collector is paused meanwhile and the caller's
    setting restored whatever happens (:mod:`specparser.collector`: bs4 and
    dom trees are cycles the collector would keep re-scanning while they
    grow; :func:`specparser.set_pause_gc` turns this off)."""
    paused = pause_collection()
    try:
        tokenizer.run()
        if errors:
            resolve_positions(errors, tokenizer.text)
        return builder.finish()
    finally:
        resume_collection(paused)


def context_element(container: Any, function: str = "parseFragment", parameter: str = "container") -> tuple[str, str]:
    """The fragment parsing context named by ``container``, as
    ``(local name, namespace)`` for :func:`build_tree`: ``"div"`` is an HTML
    div, ``"svg path"`` / ``"math mi"`` foreign elements (the html5lib-tests
    ``#document-fragment`` convention), checked by the rule every entry
    point shares (:func:`specparser.fragment_context.parse_fragment_context`)."""
    return parse_fragment_context(container, function, parameter)
