"""The training run of the compiled build's profile-guided optimization
(setup.py, ``SPECPARSER_PGO``): parse generated documents with every tree
builder that can be imported, so that the compiler learns which branches
and functions of the compiled modules are hot.

Run by setup.py in a subprocess, with the instrumented build first on
``sys.path`` (``PYTHONPATH``): ``python pgo_training.py ROOT...``, the
directories it was built into, to check that it is the one imported.  What it runs only
steers the compiler's code layout: the compiled code does the same with or
without a profile (compat/build_identity.py checks the compiled build's
trees against the pure one's).

The documents are generated, not read: the sdist builds the compiled
wheel without the corpus.  They mix what real pages are made of (measured
against the corpus: a profile from these documents took the compiled lxml
build's instruction-cache misses on the corpus as far down as a profile
from the corpus itself did): head metadata, nested blocks with class and
id attributes, links and images, prose with character references,
scripts and styles, comments, tables with implied elements, forms, lists
with omitted end tags, misnested formatting, SVG, templates, and text in
Latin-1 only or with wider characters (the tokenizer's regular
expressions take other paths for each).
"""

from __future__ import annotations

import os
import random
import sys
import warnings
from typing import Callable

_WORDS = (
    "the of and to in is for on that with as by this from at are be or an it was "
    "page news home about contact search menu login more read article story "
    "update world business sport video photo share comment privacy terms"
).split()
_WIDE_WORDS = ["\u65b0\u95fb", "\u0434\u043e\u043c", "\u30cb\u30e5\u30fc\u30b9", "caf\u00e9", "\u2014", "\u201cquote\u201d"]
_REFERENCES = ["&amp;", "&nbsp;", "&rsquo;", "&copy;", "&#8217;", "&#x2014;", "&lt;", "&quot;", "&hellip;", "&mdash"]
_CLASSES = ["nav", "item", "card", "header", "footer", "col-md-4", "btn btn-primary", "post", "meta", "icon"]
_INLINE = ["a", "span", "b", "i", "em", "strong", "small", "code"]
_BLOCKS = ["div", "section", "article", "aside", "nav", "header", "footer", "main"]


def _words(rng: random.Random, count: int, wide: bool) -> str:
    parts = []
    for _ in range(count):
        roll = rng.random()
        if roll < 0.06:
            parts.append(rng.choice(_REFERENCES))
        elif wide and roll < 0.16:
            parts.append(rng.choice(_WIDE_WORDS))
        else:
            parts.append(rng.choice(_WORDS))
    return " ".join(parts)


def _attributes(rng: random.Random) -> str:
    attrs = []
    if rng.random() < 0.6:
        attrs.append(f'class="{rng.choice(_CLASSES)}"')
    if rng.random() < 0.2:
        attrs.append(f"id=x{rng.randrange(10**6)}")
    if rng.random() < 0.1:
        attrs.append(f"data-id='{rng.randrange(1000)}' style=\"color: red\"")
    if rng.random() < 0.05:
        attrs.append("hidden")
    return (" " + " ".join(attrs)) if attrs else ""


def _inline(rng: random.Random, wide: bool) -> str:
    tag = rng.choice(_INLINE)
    if tag == "a":
        href = f"/{rng.choice(_WORDS)}/{rng.randrange(10**5)}?a=1&amp;b=2"
        return f'<a href="{href}"{_attributes(rng)}>{_words(rng, rng.randint(1, 6), wide)}</a>'
    return f"<{tag}>{_words(rng, rng.randint(1, 5), wide)}</{tag}>"


def _paragraph(rng: random.Random, wide: bool) -> str:
    pieces = [_words(rng, rng.randint(3, 30), wide)]
    for _ in range(rng.randint(0, 4)):
        pieces.append(_inline(rng, wide))
        pieces.append(_words(rng, rng.randint(1, 12), wide))
    roll = rng.random()
    if roll < 0.1:
        pieces.append("<b>bold <i>both</b> italic</i>")  # misnested formatting
    elif roll < 0.15:
        pieces.append('<img src="/i.png" alt="">\n<br/>')
    end = "</p>" if rng.random() < 0.8 else ""  # omitted end tags
    return f"<p{_attributes(rng)}>{' '.join(pieces)}{end}\n"


def _list(rng: random.Random, wide: bool) -> str:
    items = "".join(f"<li>{_inline(rng, wide)}{'</li>' if rng.random() < 0.7 else ''}\n" for _ in range(rng.randint(2, 12)))
    return f"<ul{_attributes(rng)}>\n{items}</ul>\n"


def _table(rng: random.Random, wide: bool) -> str:
    rows = []
    for _ in range(rng.randint(1, 8)):
        cells = "".join(f"<td>{_words(rng, rng.randint(1, 4), wide)}" for _ in range(rng.randint(1, 5)))
        rows.append(f"<tr>{cells}\n")
    stray = "<span>fostered</span>" if rng.random() < 0.1 else ""
    return f"<table{_attributes(rng)}>{stray}<caption>{_words(rng, 3, wide)}</caption>\n{''.join(rows)}</table>\n"


def _form() -> str:
    return (
        '<form action="/search" method=get><label for=q>Search</label>'
        '<input type="text" name="q" id=q placeholder="Search..."><select name=s>'
        "<option value=1 selected>One<option value=2>Two</select>"
        "<button type=submit>Go</button></form>\n"
    )


def _script(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.5:
        body = "var a = 1 < 2 && b > 0; document.write('<div>' + a + '</div>'); /* </scri */"
        return f"<script>{body * rng.randint(1, 20)}</script>\n"
    if roll < 0.7:
        return '<script type="application/ld+json">{"@type": "Article", "name": "x"}</script>\n'
    if roll < 0.85:
        return f"<style>.a > .b {{ color: red; }} {'p { margin: 0 }' * rng.randint(1, 10)}</style>\n"
    return "<noscript><img src=/pixel.gif></noscript>\n"


def _svg() -> str:
    return (
        '<svg viewBox="0 0 24 24" xmlns="http://www.w3.org/2000/svg"><path d="M0 0h24v24H0z" fill="none"/>'
        '<g><circle cx="12" cy="12" r="4"/><foreignObject><p>x</p></foreignObject></g></svg>\n'
    )


def _block(rng: random.Random, depth: int, wide: bool) -> str:
    roll = rng.random()
    if depth > 6 or roll < 0.35:
        return _paragraph(rng, wide)
    if roll < 0.45:
        return _list(rng, wide)
    if roll < 0.5:
        return _table(rng, wide)
    if roll < 0.53:
        return _form()
    if roll < 0.6:
        return _script(rng)
    if roll < 0.63:
        return f"<!-- {_words(rng, 4, False)} -->\n"
    if roll < 0.65:
        return _svg()
    if roll < 0.66:
        return f"<template><div>{_words(rng, 3, wide)}</div></template>\n"
    tag = rng.choice(_BLOCKS)
    children = "".join(_block(rng, depth + 1, wide) for _ in range(rng.randint(1, 5)))
    return f"<{tag}{_attributes(rng)}>\n{children}</{tag}>\n"


def document(seed: int, size: int) -> str:
    """A generated page of about ``size`` characters."""
    rng = random.Random(seed)
    wide = seed % 2 == 1
    head = (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{_words(rng, 5, wide)}</title>\n"
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<link rel="stylesheet" href="/s.css">' + _script(rng) + "</head>\n"
    )
    body = []
    length = len(head)
    while length < size:
        block = _block(rng, 0, wide)
        body.append(block)
        length += len(block)
    return head + "<body class=home>\n" + "".join(body) + "</body></html>\n"


def _parsers() -> list[Callable[[str], object]]:
    """Every parse call of the compiled modules' builders that can run
    here (lxml and bs4 are optional at build time)."""
    import specparser
    from specparser import html5lib_compat

    parsers: list[Callable[[str], object]] = [html5lib_compat.parse, lambda html: specparser.parse(html, "etree")]
    try:
        import lxml.etree  # noqa: F401
    except ImportError:
        pass
    else:
        parsers.append(lambda html: specparser.parse(html, "lxml"))
        parsers.append(lambda html: html5lib_compat.parse(html, treebuilder="lxml"))
    try:
        from bs4 import BeautifulSoup

        import specparser.bs4  # noqa: F401
    except ImportError:
        pass
    else:
        parsers.append(lambda html: BeautifulSoup(html, "specparser"))
    return parsers


def main(roots: list[str]) -> int:
    import specparser

    where = os.path.abspath(specparser.__file__ or "")
    if not getattr(specparser, "compiled", False) or not any(where.startswith(os.path.join(root, "")) for root in roots):
        print(f"pgo_training: the instrumented build is not the one imported ({where})", file=sys.stderr)
        return 1
    warnings.simplefilter("ignore")  # lxml's infoset coercion warnings
    parsers = _parsers()
    documents = [document(seed, 150_000) for seed in range(16)]
    for html in documents:
        for parse in parsers:
            parse(html)
    print(f"pgo_training: {len(documents)} documents, {len(parsers)} parse calls each")
    return 0


if __name__ == "__main__":
    sys.exit(main([os.path.abspath(root) for root in sys.argv[1:]]))
