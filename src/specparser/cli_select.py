"""The command line's ``--select CSS``: the elements a CSS selector
matches, each written in the chosen ``--format`` (as justhtml's
``--selector``).

The selector engine is soupsieve over the BeautifulSoup tree
(``pip install 'specparser-html[bs4]'``), or, without bs4, lxml's
cssselect over the lxml tree (lxml and cssselect).  soupsieve comes first
because it matches as ``querySelectorAll`` does: it does not look into
``<template>`` contents (the lxml tree holds them as the template's
children, so cssselect would match there), and it has the newer selectors
(``:has()``, ``:is()``, ``:nth-child(... of S)``).  Neither installed:
an error that names the extra.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable, Iterator

from .constants import HTML_NAMESPACE, MATHML_NAMESPACE, SVG_NAMESPACE

__all__ = ["NO_ENGINE", "compile_selector", "select_matches", "selector_engine"]

#: Why --select cannot run, when no engine is installed.
NO_ENGINE = (
    "--select needs a CSS selector engine: pip install 'specparser-html[bs4]' "
    "(soupsieve, with BeautifulSoup), or lxml and cssselect"
)


def selector_engine() -> str:
    """``"bs4"`` (soupsieve) or ``"lxml"`` (cssselect), the tree type the
    selector runs on; ``ImportError`` (:data:`NO_ENGINE`) when neither
    is installed."""
    try:
        import bs4  # noqa: F401
        import soupsieve  # noqa: F401
    except ImportError:
        pass
    else:
        return "bs4"
    try:
        import cssselect  # type: ignore[import-untyped, unused-ignore]  # noqa: F401
        import lxml.etree  # noqa: F401
    except ImportError:
        raise ImportError(NO_ENGINE) from None
    return "lxml"


@lru_cache(maxsize=8)
def compile_selector(selector: str, engine: str) -> Callable[[Any], list[Any]]:
    """A function from a tree (of ``engine``'s type) to the elements that
    ``selector`` matches in it, in tree order; ``ValueError`` for a
    selector the engine cannot read."""
    if engine == "bs4":
        import soupsieve

        try:
            compiled = soupsieve.compile(selector)
        except soupsieve.SelectorSyntaxError as error:
            # Its message's first line (the others draw the position).
            message = str(error).splitlines()[0]
            raise ValueError(f"--select: not a CSS selector: {selector!r}: {message}") from None
        # soupsieve 4 leaves template contents out, as querySelectorAll
        # does; soupsieve 2 (the last for Python 3.10) does not.
        return lambda soup: [element for element in compiled.select(soup) if not _in_template_bs4(element)]
    from cssselect import SelectorError  # type: ignore[import-untyped, unused-ignore]
    from lxml.cssselect import CSSSelector

    try:
        matcher = CSSSelector(selector, translator="html")
    except SelectorError as error:
        message = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise ValueError(f"--select: not a CSS selector cssselect can read: {selector!r}: {message}") from None

    def match(tree: Any) -> list[Any]:
        # A document, or a fragment (a list: leading text, then nodes);
        # the selector's XPath is descendant-or-self of each top node.
        tops = [tree.getroot()] if hasattr(tree, "getroot") else [node for node in tree if not isinstance(node, str)]
        return [
            element for top in tops if isinstance(top.tag, str) for element in matcher(top)
            if next(element.iterancestors("template"), None) is None
        ]  # fmt: skip

    return match


def _in_template_bs4(element: Any) -> bool:
    """Is ``element`` in an HTML template's contents (or a shadow root's
    holder template)?  Neither is a descendant for ``querySelectorAll``."""
    return any(
        parent.name == "template" and getattr(parent, "namespace", None) in (None, "", HTML_NAMESPACE)
        for parent in element.parents
    )


def _context_text(context: tuple[str, str]) -> str:
    """``("path", SVG)`` -> ``"svg path"``: the spelling parse_fragment reads."""
    name, namespace = context
    prefix = {SVG_NAMESPACE: "svg ", MATHML_NAMESPACE: "math "}.get(namespace, "")
    return prefix + name


def select_matches(
    data: bytes, options: Any, detector: Any
) -> tuple[Iterator[Iterator[tuple[Any, ...]]], list[Any], str | None]:
    """Parse ``data`` (options of :class:`specparser.cli.Options`) into the
    engine's tree and return the walker events of each match (only the
    first with ``--first``), the parse errors and the encoding."""
    from .api import ParseInfo, parse, parse_fragment
    from .builders import get_walker

    engine = selector_engine()
    match = compile_selector(options.select, engine)
    errors: list[Any] = []
    info = ParseInfo()
    keywords: dict[str, Any] = {
        "scripting": options.scripting, "encoding": options.encoding, "detect_utf8": options.detect_utf8,
        "detector": detector, "errors": errors, "info": info,
    }  # fmt: skip
    if options.context is None:
        tree = parse(data, engine, **keywords)
    else:
        tree = parse_fragment(data, _context_text(options.context), engine, **keywords)
    matches = match(tree)
    if options.first:
        matches = matches[:1]
    walk = get_walker(engine)
    return (walk(element) for element in matches), errors, info.encoding
