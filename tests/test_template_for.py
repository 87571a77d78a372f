"""``<template for>`` (declarative out-of-order streaming, whatwg/html
2ff023fb, 2026-08): point markers, ranges, nesting, no match, head, table
contexts and fragments, for every tree type.

Every expected tree below was dumped from headless Chromium 156, which
ships the feature on by default: ``DOMParser.parseFromString(source,
"text/html")`` (document) and ``div.innerHTML = source`` (fragment, context
``div``); both apply it.  Adjacent text nodes are merged in the dumps (the
walkers report text runs), and lxml's dump lists the DOCTYPE first.
"""

from __future__ import annotations

import warnings

import pytest

from _optional import MISSING

from specparser import html5lib_compat
from specparser.builders import get_walker
from specparser.testformat import dump_events

TREE_TYPES = ["etree", "lxml", "lxml.html", "bs4", "dom"]

# (source, document dump, fragment dump in a div), from Chromium 156.
CHROMIUM = [
    ('<div><?marker name="x"></div><template for="x"><p>A</p></template>',
     '| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <p>\n|         "A"',
     '| <div>\n|   <p>\n|     "A"'),
    ('<div>a<?start name="x">old<span>o</span><?end>b</div><template for="x">new<i>N</i></template>',
     '| <html>\n|   <head>\n|   <body>\n|     <div>\n|       "anew"\n|       <i>\n|         "N"\n|       "b"',
     '| <div>\n|   "anew"\n|   <i>\n|     "N"\n|   "b"'),
    ('<div>a<?start name="x">old<span>o</span></div><p>after</p><template for="x">new</template>',
     '| <html>\n|   <head>\n|   <body>\n|     <div>\n|       "anew"\n|     <p>\n|       "after"',
     '| <div>\n|   "anew"\n| <p>\n|   "after"'),
    ('<div><?start name="x">a<?start name="y">b<?end>c<?end>d</div><template for="x">N</template>',
     '| <html>\n|   <head>\n|   <body>\n|     <div>\n|       "Nd"',
     '| <div>\n|   "Nd"'),
    ('<div><?start name="x">a<?start name="y">b<?end>c<?end>d</div><template for="y">N</template>',
     '| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <?start name="x"?>\n|       "aNc"\n|       <?end ?>\n|       "d"',
     '| <div>\n|   <?start name="x"?>\n|   "aNc"\n|   <?end ?>\n|   "d"'),
    ('<div><?marker name="x"></div><template for="x"><span><?marker name="y"></span><template for="y">Z</template></template>',
     '| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <span>\n|         "Z"',
     '| <div>\n|   <span>\n|     "Z"'),
    ('<template for="x">A</template><div><?marker name="x"></div>',
     '| <html>\n|   <head>\n|     <template>\n|       for="x"\n|       content\n|         "A"\n|   <body>\n|     <div>\n|       <?marker name="x"?>',
     '| <template>\n|   for="x"\n|   content\n|     "A"\n| <div>\n|   <?marker name="x"?>'),
    ('<head><?marker name="x"><template for="x"><meta name=a></template></head><body>',
     '| <html>\n|   <head>\n|     <meta>\n|       name="a"\n|   <body>',
     '| <meta>\n|   name="a"'),
    ('<head><?marker name="x"></head><body><template for="x">A</template>',
     '| <html>\n|   <head>\n|     "A"\n|   <body>',
     '| "A"'),
    ('<table><tr><td><?marker name="x"></td></tr></table><template for="x">A</template>',
     '| <html>\n|   <head>\n|   <body>\n|     <table>\n|       <tbody>\n|         <tr>\n|           <td>\n|             "A"',
     '| <table>\n|   <tbody>\n|     <tr>\n|       <td>\n|         "A"'),
    ('<table><?marker name="x"><template for="x"><tr><td>A</td></tr></template></table>',
     '| <html>\n|   <head>\n|   <body>\n|     <table>\n|       <tr>\n|         <td>\n|           "A"',
     '| <table>\n|   <tr>\n|     <td>\n|       "A"'),
    ('<div><?marker name="x"><?marker name="x"></div><template for="x">A</template>',
     '| <html>\n|   <head>\n|   <body>\n|     <div>\n|       "A"\n|       <?marker name="x"?>',
     '| <div>\n|   "A"\n|   <?marker name="x"?>'),
    ('<div><?marker name=""></div><template for="">A</template>',
     '| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <?marker name=""?>\n|     <template>\n|       for=""\n|       content\n|         "A"',
     '| <div>\n|   <?marker name=""?>\n| <template>\n|   for=""\n|   content\n|     "A"'),
    ('<div><?marker name=x></div><template for="x">A</template>',
     '| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <?marker name=x?>\n|     <template>\n|       for="x"\n|       content\n|         "A"',
     '| <div>\n|   <?marker name=x?>\n| <template>\n|   for="x"\n|   content\n|     "A"'),
    ('<div><?marker name=\'x\'></div><template for="x">A</template>',
     '| <html>\n|   <head>\n|   <body>\n|     <div>\n|       "A"',
     '| <div>\n|   "A"'),
    ('<div><?marker  other="1" name="x" ></div><template for="x">A</template>',
     '| <html>\n|   <head>\n|   <body>\n|     <div>\n|       "A"',
     '| <div>\n|   "A"'),
    ('<div><?MARKER name="x"></div><template for="x">A</template>',
     '| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <?MARKER name="x"?>\n|     <template>\n|       for="x"\n|       content\n|         "A"',
     '| <div>\n|   <?MARKER name="x"?>\n| <template>\n|   for="x"\n|   content\n|     "A"'),
    ('<div><?marker name="X"></div><template for="x">A</template>',
     '| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <?marker name="X"?>\n|     <template>\n|       for="x"\n|       content\n|         "A"',
     '| <div>\n|   <?marker name="X"?>\n| <template>\n|   for="x"\n|   content\n|     "A"'),
    ('<template><div><?marker name="x"></div><template for="x">A</template></template>',
     '| <html>\n|   <head>\n|     <template>\n|       content\n|         <div>\n|           "A"\n|   <body>',
     '| <template>\n|   content\n|     <div>\n|       "A"'),
    ('<div><?marker name="x"></div><template for="x">A<template>T</template>B</template>',
     '| <html>\n|   <head>\n|   <body>\n|     <div>\n|       "A"\n|       <template>\n|         content\n|           "T"\n|       "B"',
     '| <div>\n|   "A"\n|   <template>\n|     content\n|       "T"\n|   "B"'),
    ('<div><?marker name="x">tail</div><template for="x">A</template>C',
     '| <html>\n|   <head>\n|   <body>\n|     <div>\n|       "Atail"\n|     "C"',
     '| <div>\n|   "Atail"\n| "C"'),
    ('<div id=o><?marker name="x"></div><div><template for="x">A</template></div>',
     '| <html>\n|   <head>\n|   <body>\n|     <div>\n|       id="o"\n|       <?marker name="x"?>\n|     <div>\n|       <template>\n|         for="x"\n|         content\n|           "A"',
     '| <div>\n|   id="o"\n|   <?marker name="x"?>\n| <div>\n|   <template>\n|     for="x"\n|     content\n|       "A"'),
    ('<div><?start name="x">o<?end></div><template for="x"></template>',
     '| <html>\n|   <head>\n|   <body>\n|     <div>',
     '| <div>'),
    ('<div><?marker name="x"></div><template for="x" shadowrootmode="open">A</template>',
     '| <html>\n|   <head>\n|   <body>\n|     <div>\n|       "A"',
     '| <div>\n|   "A"'),
    ('<p><?marker name="x"></p><template for="x"><li>1<li>2</template>',
     '| <html>\n|   <head>\n|   <body>\n|     <p>\n|       <li>\n|         "1"\n|       <li>\n|         "2"',
     '| <p>\n|   <li>\n|     "1"\n|   <li>\n|     "2"'),
    ('<div><?marker name="x"></div><template for="x"><div><?marker name="x"></div></template><template for="x">2</template>',
     '| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <div>\n|         "2"',
     '| <div>\n|   <div>\n|     "2"'),
    ('<svg><?marker name="x"></svg><template for="x"><circle/></template>',
     '| <html>\n|   <head>\n|   <body>\n|     <svg svg>\n|       <circle>',
     '| <svg svg>\n|   <circle>'),
    ('<div><?marker name="x"></div><template for=" x ">A</template>',
     '| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <?marker name="x"?>\n|     <template>\n|       for=" x "\n|       content\n|         "A"',
     '| <div>\n|   <?marker name="x"?>\n| <template>\n|   for=" x "\n|   content\n|     "A"'),
    ('<div><?start name="x"><?end name="x">z</div><template for="x">A</template>',
     '| <html>\n|   <head>\n|   <body>\n|     <div>\n|       "Az"',
     '| <div>\n|   "Az"'),
    ('<div><?start name="x"><p>a<?end>b</p>c<?end>d</div><template for="x">A</template>',
     '| <html>\n|   <head>\n|   <body>\n|     <div>\n|       "Ad"',
     '| <div>\n|   "Ad"'),
    ('<div><?marker name="x"></div><template for="x">A</template><template for="x">B</template>',
     '| <html>\n|   <head>\n|   <body>\n|     <div>\n|       "A"\n|     <template>\n|       for="x"\n|       content\n|         "B"',
     '| <div>\n|   "A"\n| <template>\n|   for="x"\n|   content\n|     "B"'),
]


def _need(tree: str) -> None:
    if tree.split(".")[0] in MISSING:
        pytest.skip(MISSING[tree.split(".")[0]])


@pytest.mark.parametrize("tree", TREE_TYPES)
@pytest.mark.parametrize(("source", "document", "fragment"), CHROMIUM, ids=[c[0][:60] for c in CHROMIUM])
def test_like_chromium(source: str, document: str, fragment: str, tree: str) -> None:
    _need(tree)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        doc = html5lib_compat.parse(source, treebuilder=tree, **({"fullTree": True} if tree == "etree" else {}))
        frag = html5lib_compat.parseFragment(source, "div", treebuilder=tree)
    walk = get_walker(tree)
    assert dump_events(walk(frag)) == fragment
    got = dump_events(walk(doc))
    if tree.startswith("lxml"):
        assert sorted(got.split("\n")) == sorted(document.split("\n"))
    else:
        assert got == document


def test_template_never_enters_the_tree() -> None:
    root = html5lib_compat.parse('<div><?marker name="x"></div><template for="x"><p>A</p></template>')
    assert not [el for el in root.iter() if str(el.tag).endswith("template")]


def test_fragment_in_a_table_context() -> None:
    # Fragment parsing with a table-row context: the marker and the
    # template for are both in the tr.
    frag = html5lib_compat.parseFragment('<td><?marker name="x"></td><template for="x">A</template>', "tr")
    assert dump_events(get_walker("etree")(frag)) == '| <td>\n|   "A"'


def test_builder_without_children_of_keeps_ordinary_templates() -> None:
    # A TreeBuilder that cannot answer children_of/remove_between (here: an
    # html5lib-protocol builder) parses <template for> as an ordinary template.
    from specparser.html5lib_compat import HTMLParser
    from specparser.html5lib_compat.treebuilders import base

    class Node(base.Node):
        def appendChild(self, node):
            self.childNodes.append(node)

        def insertText(self, data, insertBefore=None):
            pass

    class Builder(base.TreeBuilder):
        documentClass = lambda self: Node("#document")  # noqa: E731
        elementClass = lambda self, name, namespace=None: Node(name)  # noqa: E731
        commentClass = lambda self, data: Node("#comment")  # noqa: E731

    doc = HTMLParser(tree=Builder).parse('<div><?marker name="x"></div><template for="x">A</template>')
    body = doc.childNodes[0].childNodes[1]
    assert [n.name for n in body.childNodes] == ["div", "template"]


def test_many_templates_stay_linear() -> None:
    # Each <template for> looks only at the markers with its own name: the
    # questions the parser asks the builder grow linearly (counted, not timed).
    from specparser.builders.etree import ElementTreeBuilder
    from specparser.treeconstruction import build_tree

    class Counting(ElementTreeBuilder):
        asked = 0

        def parent_of(self, node):
            Counting.asked += 1
            return super().parent_of(node)

    def run(n: int) -> int:
        source = "".join(f'<div><?marker name="m{i}"></div>' for i in range(n))
        source += "".join(f'<p><template for="m{i}">{i}</template></p>' for i in range(n))
        source += "".join(f'<template for="m{i}">{i}</template>' for i in range(n))
        Counting.asked = 0
        root = build_tree(source, Counting())
        assert "".join(root.itertext()) == "".join(str(i) for i in range(n)) * 2
        return Counting.asked

    small, large = run(200), run(1600)
    assert large <= small * 8 * 1.1
