"""The bs4 adapter (specparser.builders.bs4.SoupBuilder) driven by hand,
through the TreeBuilder interface, the way tree construction drives it.

Expected values come from bs4 itself (a Tag made by bs4's constructor, the
string classes bs4's event API picks), from the DOM operations the
interface describes (a simple list-of-lists model), and from the
consistency checker in compat/bs4_suite.py.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("bs4", reason="beautifulsoup4 is not installed (pip install specparser-html[bs4])")

from bs4 import BeautifulSoup  # noqa: E402
from bs4.element import (  # noqa: E402
    AttributeValueList,
    CharsetMetaAttributeValue,
    Comment,
    Doctype,
    NamespacedAttribute,
    NavigableString,
    RubyTextString,
    Script,
    Stylesheet,
    Tag,
    TemplateString,
)

from compat.bs4_suite import check_tree  # noqa: E402
from specparser.builders.bs4 import SoupBuilder, SpecParserTreeBuilder  # noqa: E402
from specparser.constants import HTML_NAMESPACE, SVG_NAMESPACE, XLINK_NAMESPACE  # noqa: E402
from specparser.testformat import dump_events  # noqa: E402
from specparser.walkers.bs4 import doctype_parts, walk  # noqa: E402

H = HTML_NAMESPACE


def skeleton(builder: SoupBuilder):
    doc = builder.start_document()
    html = builder.create_element("html", H, {})
    builder.append(doc, html)
    head = builder.create_element("head", H, {})
    builder.append(html, head)
    body = builder.create_element("body", H, {})
    builder.append(html, body)
    return doc, html, head, body


def test_tags_have_every_attribute_bs4s_constructor_sets_in_the_same_order():
    builder = SoupBuilder()
    doc, html, head, body = skeleton(builder)
    div = builder.create_element("div", H, {"id": "x", "class": "a b"})
    builder.append(body, div)
    soup = builder.finish()
    reference = Tag(soup, soup.builder, "div", H, None, {"id": "x", "class": "a b"})
    assert list(vars(div)) == list(vars(reference))
    for name in ("can_be_empty_element", "cdata_list_attributes", "preserve_whitespace_tags",
                 "interesting_string_types", "known_xml", "hidden", "prefix", "_namespaces",
                 "attribute_value_list_class"):
        assert getattr(div, name) == getattr(reference, name), name
    assert div.attrs == reference.attrs
    assert div.parser_class is BeautifulSoup


def test_links_after_reparenting_foster_parenting_and_text_merging():
    builder = SoupBuilder()
    doc, html, head, body = skeleton(builder)
    p = builder.create_element("p", H, {})
    builder.append(body, p)
    builder.insert_text(p, "a")
    builder.insert_text(p, "b")  # merged with "a"
    b = builder.create_element("b", H, {})
    builder.append(p, b)
    builder.insert_text(b, "c")
    table = builder.create_element("table", H, {})
    builder.append(body, table)
    builder.insert_text(body, "fos", before=table)
    builder.insert_text(body, "ter", before=table)  # merged: the text is just before the table
    div = builder.create_element("div", H, {})
    builder.insert_before(body, div, table)
    # The adoption agency's moves: take <b> out, re-create it, move children.
    builder.remove(b)
    builder.append(div, b)
    clone = builder.create_element("b", H, {})
    builder.move_children(b, clone)
    builder.append(b, clone)
    builder.insert_text(table, "")
    soup = builder.finish()
    assert check_tree(soup) == []
    assert soup.decode() == (
        "<html><head></head><body><p>ab</p>foster<div><b><b>c</b></b></div><table></table></body></html>"
    )
    assert soup.p.string == "ab" and type(soup.p.string) is NavigableString
    assert soup.html.next_element is soup.head
    assert soup.contents[0].previous_element is None
    assert soup._most_recent_element is soup.table.contents[0]


def test_removing_a_node_between_texts_leaves_two_text_nodes():
    # DOM semantics: removal does not normalize adjacent Text nodes.
    builder = SoupBuilder()
    doc, html, head, body = skeleton(builder)
    builder.insert_text(body, "x")
    i = builder.create_element("i", H, {})
    builder.append(body, i)
    builder.insert_text(body, "y")
    builder.remove(i)
    soup = builder.finish()
    assert [str(s) for s in soup.body.contents] == ["x", "y"]
    assert check_tree(soup) == []
    assert dump_events(walk(soup)).splitlines()[-1] == '|     "xy"'


def test_string_container_classes_follow_the_innermost_container_ancestor():
    builder = SoupBuilder()
    doc, html, head, body = skeleton(builder)
    made = {}
    for name in ("script", "style", "rt", "template", "p"):
        tag = builder.create_element(name, H, {})
        builder.append(body, tag)
        made[name] = tag
        builder.insert_text(tag, name)
    inner = builder.create_element("p", H, {})
    builder.append(made["template"], inner)
    builder.insert_text(inner, "deep")
    builder.append(made["script"], builder.create_comment("c"))
    soup = builder.finish()
    assert type(made["script"].contents[0]) is Script
    assert type(made["script"].contents[1]) is Comment
    assert type(made["style"].string) is Stylesheet
    assert type(made["rt"].string) is RubyTextString
    assert type(made["template"].contents[0]) is TemplateString
    assert type(inner.string) is TemplateString
    assert type(made["p"].string) is NavigableString
    assert made["script"].interesting_string_types == {Script}
    assert check_tree(soup) == []


def test_string_containers_match_bs4s_event_api():
    # The same markup through html.parser (bs4's event API) picks the same classes.
    markup = "<p>x<script>s</script><style>c</style><template>t<b>u</b></template><ruby>r<rt>q</rt></ruby></p>"
    reference = [type(s) for s in BeautifulSoup(markup, "html.parser").descendants]
    builder = SoupBuilder()
    doc = builder.start_document()
    stack = [doc]
    import html.parser

    class Feed(html.parser.HTMLParser):
        def handle_starttag(self, tag, attrs):
            element = builder.create_element(tag, H, dict(attrs))
            builder.append(stack[-1], element)
            stack.append(element)

        def handle_endtag(self, tag):
            stack.pop()

        def handle_data(self, data):
            builder.insert_text(stack[-1], data)

    Feed().feed(markup)
    soup = builder.finish()
    assert [type(s) for s in soup.descendants] == reference


def test_attributes_multi_valued_namespaced_and_meta_substitution():
    builder = SoupBuilder()
    doc, html, head, body = skeleton(builder)
    a = builder.create_element("a", H, {"class": " x  y ", "rel": "r1 r2", "id": "i d"})
    svg = builder.create_element(
        "svg", SVG_NAMESPACE, {("xlink", "href", XLINK_NAMESPACE): "#q", "class": "c1 c2"}
    )
    meta = builder.create_element("meta", H, {"charset": "latin1"})
    for tag in (a, svg, meta):
        builder.append(body, tag)
    builder.finish()
    assert a["class"] == ["x", "y"] and type(a["class"]) is AttributeValueList
    assert a["rel"] == ["r1", "r2"]
    assert a["id"] == "i d"
    (key,) = [k for k in svg.attrs if k == "xlink:href"]
    assert type(key) is NamespacedAttribute
    assert (key.prefix, key.name, key.namespace) == ("xlink", "href", XLINK_NAMESPACE)
    assert svg["class"] == ["c1", "c2"]  # bs4 splits class in any namespace
    assert type(meta["charset"]) is CharsetMetaAttributeValue
    assert meta.encode("utf-8") == b'<meta charset="utf-8"/>'


def test_builder_options_are_honoured():
    class MyDict(dict):
        def __setitem__(self, key, value):
            super().__setitem__(key, value.upper() if isinstance(value, str) else value)

    class MyList(AttributeValueList):
        pass

    soup = BeautifulSoup(
        "",
        builder=SpecParserTreeBuilder(
            multi_valued_attributes={"a": ["data-x"]},
            attribute_dict_class=MyDict,
            attribute_value_list_class=MyList,
            string_containers={"b": Script},
            store_line_numbers=False,
        ),
    )
    builder = SoupBuilder(soup=soup)
    builder.set_source("<a class='p q' data-x='1 2'><b>text")
    doc = builder.start_document()
    a = builder.create_element("a", H, {"class": "p q", "data-x": "1 2"}, 0)
    builder.append(doc, a)
    b = builder.create_element("b", H, {}, 26)
    builder.append(a, b)
    builder.insert_text(b, "text")
    builder.finish()
    assert type(a.attrs) is MyDict
    assert a["class"] == "P Q"
    assert a["data-x"] == ["1", "2"] and type(a["data-x"]) is MyList
    assert type(b.string) is Script
    assert a.sourceline is None and a.sourcepos is None


def test_element_classes_with_their_own_constructors_are_constructed():
    created = []

    class MyTag(Tag):
        def __init__(self, *args, **kwargs):
            created.append(kwargs.get("sourceline"))
            super().__init__(*args, **kwargs)

    class MyString(NavigableString):
        pass

    class MyComment(Comment):
        def __new__(cls, value):
            obj = super().__new__(cls, value)
            obj.seen = True
            return obj

    soup = BeautifulSoup(
        "", builder=SpecParserTreeBuilder,
        element_classes={Tag: MyTag, NavigableString: MyString, Comment: MyComment},
    )
    builder = SoupBuilder(soup=soup)
    doc = builder.start_document()
    p = builder.create_element("p", H, {"class": "a b"})
    builder.append(doc, p)
    builder.insert_text(p, "t")
    script = builder.create_element("script", H, {})
    builder.append(p, script)
    builder.insert_text(script, "s")
    builder.append(p, builder.create_comment("c"))
    builder.finish()
    assert type(p) is MyTag and created
    assert p["class"] == ["a", "b"]
    assert type(p.contents[0]) is MyString
    assert type(script.string) is MyString  # a replaced NavigableString disables containers, as in bs4
    assert type(p.contents[2]) is MyComment and p.contents[2].seen
    assert check_tree(soup) == []


def test_source_positions_are_line_and_column_of_the_offset():
    text = "ab\ncd\n\n   <p>\n<b>"
    builder = SoupBuilder()
    builder.set_source(text)
    doc = builder.start_document()
    positions = [text.index("<p>"), text.index("<b>"), 0, text.index("cd"), -1]
    tags = []
    for pos in positions:
        tag = builder.create_element("i", H, {}, pos)
        builder.append(doc, tag)
        tags.append(tag)
    builder.finish()
    assert [(t.sourceline, t.sourcepos) for t in tags] == [(4, 3), (5, 0), (1, 0), (2, 0), (None, None)]


def test_doctype_and_comments():
    builder = SoupBuilder()
    doc = builder.start_document()
    builder.append_doctype("html", "-//W3C//DTD HTML 4.01//EN", "")
    builder.append(doc, builder.create_comment("top"))
    soup = builder.finish()
    doctype = soup.contents[0]
    assert type(doctype) is Doctype
    assert doctype == 'html PUBLIC "-//W3C//DTD HTML 4.01//EN"'
    assert doctype_parts(doctype) == ("html", "-//W3C//DTD HTML 4.01//EN", "")
    assert type(soup.contents[1]) is Comment
    assert check_tree(soup) == []


@pytest.mark.parametrize(
    "rendered, parts",
    [
        ("html", ("html", "", "")),
        ("", ("", "", "")),
        ('html PUBLIC "p"', ("html", "p", "")),
        ('html PUBLIC "p" "s"', ("html", "p", "s")),
        ('html SYSTEM "s"', ("html", "", "s")),
        ('xsl:stylesheet SYSTEM "htmlent.dtd"', ("xsl:stylesheet", "", "htmlent.dtd")),
    ],
)
def test_doctype_parts_of_bs4_doctypes(rendered, parts):
    assert doctype_parts(Doctype(rendered)) == parts


def test_exact_doctype_parts_survive_quotes():
    builder = SoupBuilder()
    builder.start_document()
    builder.append_doctype("html", 'a" SYSTEM "b', 'c"d')
    soup = builder.finish()
    assert list(walk(soup)) == [(4, "html", 'a" SYSTEM "b', 'c"d')]


def test_replace_children_with_clones():
    builder = SoupBuilder()
    doc, html, head, body = skeleton(builder)
    option = builder.create_element("option", H, {"class": "o"})
    builder.append(body, option)
    builder.insert_text(option, "one ")
    i = builder.create_element("i", H, {"class": "x y"})
    builder.append(option, i)
    builder.insert_text(i, "two")
    target = builder.create_element("selectedcontent", H, {})
    builder.append(body, target)
    builder.insert_text(target, "old")
    builder.replace_children_with_clones(target, option)
    soup = builder.finish()
    assert target.decode() == '<selectedcontent>one <i class="x y">two</i></selectedcontent>'
    clone = target.i
    assert clone is not i and clone["class"] == i["class"] and clone["class"] is not i["class"]
    assert check_tree(soup) == []


def test_add_missing_attributes_keeps_existing_values():
    builder = SoupBuilder()
    doc, html, head, body = skeleton(builder)
    builder.add_missing_attributes(body, {"class": "a b", "id": "x"})
    builder.add_missing_attributes(body, {"id": "y", "lang": "en"})
    builder.finish()
    assert body.attrs == {"class": ["a", "b"], "id": "x", "lang": "en"}


def test_template_children_are_walked_as_template_contents():
    builder = SoupBuilder()
    doc, html, head, body = skeleton(builder)
    template = builder.create_element("template", H, {})
    builder.append(head, template)
    contents = builder.template_contents(template)
    builder.insert_text(contents, "t")
    soup = builder.finish()
    assert dump_events(walk(soup)) == "\n".join(
        ["| <html>", "|   <head>", "|     <template>", "|       content", '|         "t"', "|   <body>"]
    )


def test_walker_reads_other_builders_trees():
    soup = BeautifulSoup('<!DOCTYPE html><p class="a  b">x<!--c--><?pi x?></p>', "html.parser")
    assert list(walk(soup)) == [
        (4, "html", "", ""),
        (0, "p", H, {"class": "a b"}),
        (2, "x"),
        (3, "c"),
        # html.parser's PI string is everything between "<?" and ">".
        (7, "pi", "x?"),
        (1, "p", H),
    ]


class Model:
    """The DOM operations of the TreeBuilder interface on plain lists:
    an element is [name, children...]; text is a str."""

    def __init__(self):
        self.parent = {}

    def element(self, name):
        return [name]

    def append(self, parent, child):
        parent.append(child)
        self.parent[id(child)] = parent

    def insert_before(self, parent, child, reference):
        parent.insert(_identity_index(parent, reference), child)
        self.parent[id(child)] = parent

    def insert_text(self, parent, text, before=None):
        index = len(parent) if before is None else _identity_index(parent, before)
        if index > 1 and isinstance(parent[index - 1], str):
            parent[index - 1] += text
        else:
            parent.insert(index, text)

    def remove(self, node):
        parent = self.parent.pop(id(node), None)
        if parent is not None:
            del parent[_identity_index(parent, node)]

    def move_children(self, old, new):
        children = old[1:]
        del old[1:]
        for child in children:
            new.append(child)
            if not isinstance(child, str):
                self.parent[id(child)] = new


def _identity_index(items, node):
    return next(i for i, item in enumerate(items) if item is node)


def _render_model(node):
    if isinstance(node, str):
        return node
    return "<%s>%s</%s>" % (node[0], "".join(_render_model(c) for c in node[1:]), node[0])


@pytest.mark.parametrize("seed", range(40))
def test_random_operations_match_a_dom_model(seed):
    rng = random.Random(seed)
    builder = SoupBuilder()
    model = Model()
    soup_root = builder.start_document()
    model_root = ["#document"]
    pairs = [(soup_root, model_root)]  # (bs4 node, model node), elements only
    attached = [(soup_root, model_root)]
    for step in range(rng.randrange(5, 60)):
        op = rng.random()
        parent, mparent = rng.choice(attached)
        if op < 0.35:
            name = rng.choice("abcdei")
            tag, mtag = builder.create_element(name, H, {}), model.element(name)
            children = [c for c in parent.contents if isinstance(c, Tag)]
            if children and rng.random() < 0.3:
                ref = rng.choice(children)
                mref = next(m for t, m in pairs if t is ref)
                builder.insert_before(parent, tag, ref)
                model.insert_before(mparent, mtag, mref)
            else:
                builder.append(parent, tag)
                model.append(mparent, mtag)
            pairs.append((tag, mtag))
            attached.append((tag, mtag))
        elif op < 0.7:
            text = rng.choice(["x", "y", " ", "zz"])
            children = [c for c in parent.contents if isinstance(c, Tag)]
            if children and rng.random() < 0.4:
                ref = rng.choice(children)
                mref = next(m for t, m in pairs if t is ref)
                builder.insert_text(parent, text, before=ref)
                model.insert_text(mparent, text, before=mref)
            else:
                builder.insert_text(parent, text)
                model.insert_text(mparent, text)
        elif op < 0.8 and len(attached) > 1:
            node, mnode = rng.choice(attached[1:])
            # Detach a subtree, then re-attach it somewhere outside itself.
            builder.remove(node)
            model.remove(mnode)
            inside = set()
            stack = [node]
            while stack:
                current = stack.pop()
                inside.add(id(current))
                stack.extend(c for c in current.contents if isinstance(c, Tag))
            targets = [(t, m) for t, m in attached if id(t) not in inside and _connected(t, soup_root)]
            target, mtarget = rng.choice(targets)
            builder.append(target, node)
            model.append(mtarget, mnode)
        elif len(attached) > 1:
            old, mold = rng.choice(attached[1:])
            name = rng.choice("abcdei")
            new, mnew = builder.create_element(name, H, {}), model.element(name)
            builder.move_children(old, new)
            model.move_children(mold, mnew)
            builder.append(old, new)
            model.append(mold, mnew)
            pairs.append((new, mnew))
            attached.append((new, mnew))
    soup = builder.finish()
    assert check_tree(soup) == []
    assert "".join(_render_model(c) for c in model_root[1:]) == soup.decode()


def _connected(node, root):
    while node is not None:
        if node is root:
            return True
        node = node.parent
    return False


def test_multi_valued_attributes_given_as_a_string_keep_bs4s_meaning():
    # bs4 tests "attr in value": {"*": "id"} makes id (not class) multi-valued.
    soup = BeautifulSoup("", builder=SpecParserTreeBuilder(multi_valued_attributes={"*": "id"}))
    builder = SoupBuilder(soup=soup)
    doc = builder.start_document()
    a = builder.create_element("a", H, {"class": "foo", "id": "bar"})
    builder.append(doc, a)
    builder.finish()
    assert a["class"] == "foo"
    assert a["id"] == ["bar"]


def test_clones_are_taken_before_the_target_is_replaced():
    # https://html.spec.whatwg.org/#clone-an-option-into-a-selectedcontent
    # clones the option's children (step 2) before replacing the
    # selectedcontent's children (step 3); the selectedcontent may be inside
    # the option (a fuzzer found the adapter looping forever on that).
    builder = SoupBuilder()
    doc, html, head, body = skeleton(builder)
    option = builder.create_element("option", H, {})
    builder.append(body, option)
    builder.insert_text(option, "x")
    target = builder.create_element("selectedcontent", H, {})
    builder.append(option, target)
    builder.insert_text(option, "y")
    builder.replace_children_with_clones(target, option)
    soup = builder.finish()
    assert option.decode() == (
        "<option>x<selectedcontent>x<selectedcontent></selectedcontent>y</selectedcontent>y</option>"
    )
    assert check_tree(soup) == []


def test_source_positions_equal_counting_from_the_start() -> None:
    """sourceline / sourcepos of every tag, on corpus pages and on
    reconstructed formatting elements (which go back to an earlier token):
    the line is one more than the newlines before the tag's ``<`` in the
    preprocessed text, the column its distance from the last of them."""
    from compat.paths import corpus_dir

    import specparser.bs4  # noqa: F401  (registers the "specparser" feature)
    from specparser.inputstream import preprocess

    pages = []
    directory = corpus_dir()
    if directory is not None:
        pages = [p.read_bytes().decode("utf-8", "replace") for p in sorted(directory.iterdir())[:12]]
    pages.append("<p><b><i>x\n<p>y\n\n  <p>z<b>\n<a href=x>q</b>r\n<p>s")
    for page in pages:
        text = preprocess(page)
        starts = [0] + [i + 1 for i, c in enumerate(text) if c == "\n"]
        soup = BeautifulSoup(page, "specparser")
        checked = 0
        for tag in soup.find_all(True):
            if tag.sourceline is None:
                continue
            line, column = tag.sourceline, tag.sourcepos
            offset = starts[line - 1] + column
            assert column < (starts[line] if line < len(starts) else len(text) + 1) - starts[line - 1]
            # The tag's start tag begins there: "<" and its name.
            assert text[offset : offset + 1 + len(tag.name)].lower() == "<" + tag.name.lower(), (tag.name, line, column)
            checked += 1
        assert checked


def test_strings_made_with_one_dict_equal_strings_made_by_stores(monkeypatch: pytest.MonkeyPatch) -> None:
    """link() gives each new string its attributes as one __dict__ (the
    fast path) or by attribute stores (the general one): the same classes,
    the same attributes in NavigableString.__new__'s order, the same
    neighbours, on corpus pages and on strings in bs4's string containers
    (script, style, template)."""
    from compat.paths import corpus_dir

    import specparser.bs4  # noqa: F401  (registers the "specparser" feature)
    from specparser.builders import bs4 as adapter

    pages = ["<title>t</title><style>a{}</style><script>x</script><p>a<!--c-->b<template>t<b>u</b></template>"]
    directory = corpus_dir()
    if directory is not None:
        pages += [p.read_bytes().decode("utf-8", "replace") for p in sorted(directory.iterdir())[:6]]

    def shape(soup: BeautifulSoup) -> list:
        nodes = list(soup.descendants)
        index = {id(node): i for i, node in enumerate(nodes)}
        index[id(soup)] = -1

        def ref(node: object) -> object:
            return None if node is None else index[id(node)]

        return [
            (type(node), str(node) if isinstance(node, NavigableString) else node.name)
            + tuple(
                (key, ref(value) if key in {"parent", "previous_element", "next_element", "next_sibling", "previous_sibling"} else value)
                for key, value in vars(node).items()
                if isinstance(node, NavigableString)
            )
            for node in nodes
        ]

    for page in pages:
        fast = shape(BeautifulSoup(page, "specparser"))
        monkeypatch.setattr(adapter, "_STRING_DICTS", False)
        general = shape(BeautifulSoup(page, "specparser"))
        monkeypatch.setattr(adapter, "_STRING_DICTS", True)
        assert fast == general
        assert any(t is not str for t, *_ in fast)


def test_the_adapter_keeps_its_attributes_fast() -> None:
    """CPython 3.11 shares one dict-keys table among the instances of a
    class for a limited number of attributes; past it the tree
    construction's method calls on the adapter (several per node) take the
    slow path.  SoupBuilder with 30 attributes lost its shared keys (0.3% of
    a bs4 parse's instructions, callgrind); 29 kept them (compare
    tests/test_source_shape.py for the TreeConstructor)."""
    from specparser.treeconstruction import build_tree

    adapter = SoupBuilder()
    build_tree("<!DOCTYPE html><p class='a b'>x<b>y</b><table><td>z<meta charset=utf-8>", adapter)
    assert len(vars(adapter)) <= 29


def test_a_subclass_that_overrides_append_sees_every_element() -> None:
    """The adapter's one-call append_new_element must not bypass a
    subclass's own append (TreeBuilder.append_new_element's contract): the
    default then runs, create_element and append."""
    from specparser.treeconstruction import build_tree

    appended: list[str] = []

    class Counting(SoupBuilder):
        def append(self, parent: Any, child: Any) -> None:
            if isinstance(child, Tag):
                appended.append(child.name)
            super().append(parent, child)

    soup = build_tree("<p>a<b>b</b><i>c", Counting())
    assert appended == ["html", "head", "body", "p", "b", "i"]
    assert [tag.name for tag in soup.find_all(True)] == appended
    # Without a subclass: the same tree, linked as bs4 links it.
    assert check_tree(build_tree("<p>a<b>b</b><i>c", SoupBuilder())) == []


@pytest.mark.parametrize("empty", [None, {"p"}, set()])
def test_can_be_empty_element_and_string_types_as_bs4s_constructor_sets_them(empty: Any) -> None:
    """The element factory's can_be_empty_element (any name when the
    builder's empty_element_tags is None) and interesting_string_types
    (a container's class, else bs4's main content types) equal what
    bs4's own Tag constructor sets with the same builder."""
    from bs4.element import Tag

    builder = SpecParserTreeBuilder(empty_element_tags=empty)
    soup = BeautifulSoup("<p>x<br><script>y</script><rt>z</rt><b>w", builder=builder)
    tags = soup.find_all(True)
    assert [t.name for t in tags] == ["html", "head", "body", "p", "br", "script", "rt", "b"]
    for tag in tags:
        expected = Tag(soup, builder, tag.name, H)
        assert tag.can_be_empty_element is expected.can_be_empty_element, tag.name
        assert tag.interesting_string_types == expected.interesting_string_types, tag.name
    assert tags[4].can_be_empty_element is (empty is None or "br" in empty)


def test_a_string_class_with_a_descriptor_gets_its_attributes_one_by_one() -> None:
    """A string class with a data descriptor for one of the link
    attributes must see every store through it (the one-dict path would go
    around it), on every parse: the answer is cached per class."""
    stores: list[str] = []

    class Watched(NavigableString):
        @property
        def next_sibling(self) -> Any:
            return self.__dict__.get("_watched_next")

        @next_sibling.setter
        def next_sibling(self, value: Any) -> None:
            stores.append(type(value).__name__)
            self.__dict__["_watched_next"] = value

    for _ in range(2):
        stores.clear()
        soup = BeautifulSoup(
            "<p>a<b>b</b>c", builder=SpecParserTreeBuilder(), element_classes={NavigableString: Watched}
        )
        first = soup.p.contents[0]
        assert type(first) is Watched
        assert first.next_sibling is soup.b
        # a, b and c are made with next_sibling None (as NavigableString's
        # constructor stores it), then a's is set to the b Tag.
        assert stores == ["NoneType", "Tag", "NoneType", "NoneType"]
        assert check_tree(soup) == []


def test_a_subclass_that_overrides_insert_text_sees_every_text_run() -> None:
    """insert_text is _soup_tree's function (a partialmethod on the class
    and a per-builder partial in the compiled build): a subclass's own
    insert_text is still the one called, and its super() call inserts as
    SoupBuilder does (the same tree as without the subclass)."""
    from specparser.treeconstruction import build_tree

    inserted: list[str] = []

    class Counting(SoupBuilder):
        def insert_text(self, parent: Any, text: str, before: Any = None) -> None:
            inserted.append(text)
            super().insert_text(parent, text, before)

    document = "<p>a<b>b</b>c<table>d<tr>e</table>"
    soup = build_tree(document, Counting())
    assert "insert_text" not in vars(Counting())
    assert "".join(inserted) == "abcde"
    # Foster-parented text ("d", "e") goes before the table, merged into "c".
    assert [str(s) for s in soup.find_all(string=True)] == ["a", "b", "cde"]
    assert check_tree(soup) == []
    assert str(soup) == str(build_tree(document, SoupBuilder()))


def test_the_text_and_link_loops_are_compiled_with_the_parse_path() -> None:
    """builders/_soup_tree.py is in setup.py's compiled selection: an
    extension module exactly when the tokenizer is one."""
    import importlib.machinery

    import specparser
    from specparser.builders import _soup_tree

    path = _soup_tree.__file__ or ""
    assert path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)) is specparser.compiled


def test_html_elements_with_attributes_take_the_factorys_inline_path() -> None:
    """An HTML element's attributes are filled by the element factory
    itself; only foreign elements (namespaced attributes) go through
    _attributes.  The compiled tree construction passes its own copy of
    the HTML namespace constant, equal and not identical to the one this
    module imports: an identity test sent every HTML element with
    attributes down the slow path there (5.8% of a compiled bs4 parse's
    instructions, callgrind)."""
    from specparser.treeconstruction import build_tree

    called: list[str] = []

    class Counting(SoupBuilder):
        def _attributes(self, name: str, namespace: str, attrs: dict) -> Any:
            called.append(name)
            return super()._attributes(name, namespace, attrs)

    document = "<p class='a b' id=x>x<a href=y rel='n f'>y</a><svg viewBox='0 0 1 1' xlink:href=z></svg>"
    soup = build_tree(document, Counting())
    assert called == ["svg"]
    assert soup.p["class"] == ["a", "b"] and soup.a["rel"] == ["n", "f"]
    assert str(soup) == str(build_tree(document, SoupBuilder()))


def _position_from_the_start(text: str, pos: int) -> tuple[int, int]:
    """bs4's (sourceline, sourcepos) of offset ``pos``, counted from the
    start of ``text``."""
    return text.count("\n", 0, pos) + 1, pos - (text.rfind("\n", 0, pos) + 1)


@pytest.mark.parametrize("seed", range(20))
def test_source_positions_count_forward_as_from_the_start(seed: int) -> None:
    """_soup_tree.SourcePositions (the compiled build's line counting for
    the element factory): increasing offsets get the position counted from
    the start of the text (newlines at the start, the end, in runs, and
    none); an offset before the last one goes to the fallback; a new
    SourcePositions given the state counted so far goes on from it."""
    from specparser.builders._soup_tree import SourcePositions

    rng = random.Random(seed)
    text = "".join(rng.choice(["\n", "\n\n", "a", "bc", "\u00e9", "\u4e2d", "<p>"]) for _ in range(rng.randrange(0, 60)))
    fallen_back: list[int] = []

    def fallback(pos: int) -> tuple[int, int]:
        fallen_back.append(pos)
        return (-1, -1)

    positions = SourcePositions(text, fallback)
    offsets = sorted(rng.randrange(0, len(text) + 1) for _ in range(rng.randrange(1, 15)))
    for index, pos in enumerate(offsets):
        if index == len(offsets) // 2:
            # A new text with the same start (an encoding switch), the state carried over.
            text += "x\ny"
            positions = SourcePositions(text, fallback, positions.last, positions.line, positions.line_start)
        assert positions.at(pos) == _position_from_the_start(text, pos), (text, pos)
        if pos:
            assert positions.at(pos - 1) == (-1, -1)  # before the last offset counted
            assert fallen_back[-1] == pos - 1
    assert positions.at(len(text)) == _position_from_the_start(text, len(text))


class _LinesOnly:
    """A source that answers only count and rfind, as the incremental
    parser's SourceLines does (not a str)."""

    def __init__(self, text: str) -> None:
        self.text = text

    def count(self, sub: str, start: int = 0, end: int | None = None) -> int:
        return self.text.count(sub, start, end)

    def rfind(self, sub: str, start: int = 0, end: int | None = None) -> int:
        return self.text.rfind(sub, start, end)


def test_source_positions_across_new_sources() -> None:
    """set_source again (an encoding switch on the fly: the same text up to
    the switch), and a source that is not a str (the incremental parser's),
    in either order: the element factory's positions go on as if counted
    from the start of the last text (in the compiled build the counting
    moves between the factory and _soup_tree.SourcePositions)."""
    first = "<p>\n<b>x\n\n  <i>"
    text = first + "y\n<a>\n<b>z\n <c>\n"
    for sources in ([first, text], [_LinesOnly(first), text], [first, _LinesOnly(text)], [_LinesOnly(text)]):
        builder = SoupBuilder()
        root = builder.create_element("div", H, {})
        offsets = iter([first.index("<b>"), first.index("<i>"), text.index("<a>"), text.index("<c>")])
        got = []
        for source in sources:
            builder.set_source(source)  # type: ignore[arg-type]
            for _ in range(2 if len(sources) == 2 else 4):
                pos = next(offsets)
                tag = builder.append_new_element(root, "b", H, {}, pos)
                got.append((tag.sourceline, tag.sourcepos))
        assert got == [_position_from_the_start(text, text.index(t)) for t in ("<b>", "<i>", "<a>", "<c>")], sources
