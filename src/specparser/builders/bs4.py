"""Beautiful Soup trees, built directly by the parser.

:class:`SoupBuilder` is the parser's adapter (a
:class:`specparser.treebuilder.TreeBuilder`): it creates ``bs4`` objects
(``Tag``, ``NavigableString`` and its subclasses, ``Comment``, ``Doctype``,
:class:`HTMLProcessingInstruction`) and links them into a ``BeautifulSoup``
object.  The ``bs4.builder.TreeBuilder`` that ``BeautifulSoup(markup,
"specparser")`` uses, :class:`SpecParserTreeBuilder`, and the bytes
handling around it live in :mod:`specparser.bs4_integration`; both it and
:func:`sniffing_keywords` can still be imported from here.

Why not bs4's own building API (``handle_starttag`` / ``handle_data`` /
``object_was_parsed``)?  It costs about four times as much per node, it
collapses whitespace-only strings, and it relinks the whole neighbourhood on
every move the tree construction makes (adoption agency, foster parenting).
Instead, while the parser runs, every node has only ``.parent`` and
``.contents`` right, and character data is kept inside ``.contents`` as a
plain ``str`` (one piece) or a plain ``list`` of pieces (so repeated appends
are not quadratic, and the string class, which depends on the final
ancestors, is chosen only once).  A single piece stays a bare ``str``
because most text runs are one piece, and a ``str`` is invisible to the
cyclic garbage collector while a list is not: the collector's passes over
the growing tree are a large part of a bs4 parse.
:meth:`SoupBuilder.finish` then makes the strings and sets
``next_element`` / ``previous_element`` / ``next_sibling`` /
``previous_sibling`` in one preorder pass, without recursion.

Objects are created without calling their constructors (``object.__new__``
plus the same attribute stores, in the same order, as ``Tag.__init__``),
which is what makes the adapter fast; classes with their own
``__init__`` / ``__new__`` (``element_classes=``) go through their
constructors instead.

A shadow root (``shadow_roots=True``) is the host's first child, a
``template`` Tag marked with the attribute ``shadowRoot``
(:mod:`specparser.shadow_dom`), so ``str(soup)`` writes it as the
declarative ``<template shadowrootmode>`` it came from.
"""

from __future__ import annotations

import re
import sys
from bisect import bisect_right
from functools import lru_cache, partial, partialmethod
from inspect import getattr_static
from itertools import repeat
from typing import Any, Callable, cast

try:
    from bs4 import BeautifulSoup
    from bs4.element import (  # noqa: F401 (AttributeDict: the bs4 4.13+ gate, below)
        AttributeDict,
        Comment,
        Doctype,
        NamespacedAttribute,
        NavigableString,
        ProcessingInstruction,
        Tag,
    )
except ImportError as exc:  # pragma: no cover - exercised in a subprocess test
    # (AttributeDict and the builder's attribute_dict_class are bs4 4.13+.)
    raise ImportError(
        "specparser's BeautifulSoup support needs beautifulsoup4 4.13 or later: "
        "pip install specparser-html[bs4]"
    ) from exc

from .._compiled import COMPILED
from ..constants import HTML_NAMESPACE
from ..shadow_dom import SHADOW_ROOT_ATTRIBUTE, holder_attributes
from ..treebuilder import TreeBuilder
from . import _soup_tree
from ._support import index_from_end as _index

__all__ = ["HTMLProcessingInstruction", "SoupBuilder", "SpecParserTreeBuilder", "sniffing_keywords"]

_new_object = object.__new__


class HTMLProcessingInstruction(ProcessingInstruction):
    """A processing instruction the parser made (``<?target data>``, 2026).
    Its string is ``target`` + one space + ``data``, and it is written as
    the HTML standard's serializer writes one since 2026-07: ``<?target
    data?>`` (bs4's own class ends it with ``>`` alone, which loses a final
    ``?`` of the data when parsed again)."""

    SUFFIX = "?>"


_new_str = str.__new__


@lru_cache(maxsize=64)  # asked for eight classes by every parse
def _plain_constructor(cls: type, base: type) -> bool:
    """True when ``cls`` (``base`` or a subclass of it) can be made without
    calling its constructor: it adds no ``__init__`` / ``__new__`` of its own."""
    # mypy calls reading __init__ off a class object unsound (a subclass may
    # change its signature); only the functions' identity is compared here.
    return cls.__init__ is base.__init__ and cls.__new__ is base.__new__  # type: ignore[misc]


_NEWLINE = re.compile("\n")

# What NavigableString.__new__ sets on a new string, in its order.
_STRING_ATTRIBUTES = ("hidden", "parent", "previous_element", "next_element", "next_sibling", "previous_sibling")


# Cached: asked for six classes by every parse, it cost about half of
# making a SoupBuilder (25 us of 49), which a small document feels.  (A
# descriptor added to one of bs4's string classes after its first parse
# would go unseen; the answer is about how bs4 defines them.)
@lru_cache(maxsize=64)
def _whole_dict_settable(cls: type) -> bool:
    """True when a new ``cls`` string may get its attributes as one
    ``__dict__`` (see SoupBuilder.link): it has an instance dict and no
    class-level descriptor for any of them that a store would go through."""
    return cls.__dictoffset__ != 0 and not any(
        hasattr(type(getattr(cls, name, None)), "__set__") for name in _STRING_ATTRIBUTES
    )


@lru_cache(maxsize=64)
def _makes_and_appends_as_soup_builder(cls: type) -> bool:
    """True when the SoupBuilder subclass ``cls`` makes and appends
    elements as SoupBuilder does (its one-call append_new_element may then
    stand for create_element + append)."""
    return all(
        getattr(cls, name) is getattr(SoupBuilder, name)
        for name in ("create_element", "append", "append_new_element")
    )


@lru_cache(maxsize=64)  # asked by every parse of the compiled build
def _inherits_insert_text(cls: type) -> bool:
    """True when the SoupBuilder subclass ``cls`` keeps SoupBuilder's
    ``insert_text`` (read without the partialmethod's binding)."""
    return getattr_static(cls, "insert_text") is SoupBuilder.__dict__["insert_text"]


@lru_cache(maxsize=64)  # asked by every parse
def _plain_dict_class(cls: type) -> bool:
    """True when the attribute dict class ``cls`` can be filled in one
    call: a dict subclass that overrides neither __setitem__ nor __init__
    (otherwise every item goes through __setitem__)."""
    return issubclass(cls, dict) and cls.__setitem__ is dict.__setitem__ and cls.__init__ is dict.__init__


@lru_cache(maxsize=64)
def _string_classes_plain(string_class: type, containers: tuple) -> tuple[bool, bool]:
    """Whether the string class and the string containers' classes can all
    be made without their constructors, and whether they can all take
    their attributes as one dict (asked by every parse, hence cached)."""
    classes = (string_class, *containers)
    plain = all(_plain_constructor(cls, NavigableString) for cls in classes)
    return plain, plain and all(_whole_dict_settable(cls) for cls in classes)


# NavigableString.__new__'s attributes, in its order, for SoupBuilder.link:
# copying this dict and setting three items costs less than building the
# dict (-26M instructions of link()'s 389M on every 4th corpus page).  Only
# ever copied.
_STRING_TEMPLATE: dict[str, Any] = {
    "hidden": False,
    "parent": None,
    "previous_element": None,
    "next_element": None,
    "next_sibling": None,
    "previous_sibling": None,
}

# Turns the one-dict path for strings off (tests compare the two).
_STRING_DICTS = True


# SoupBuilder._element_factory's "last" while _soup_tree.SourcePositions
# counts the lines: past every offset.
_NEVER = sys.maxsize


def _counted_lines(
    text: Any,
    positions: _soup_tree.SourcePositions | None,
    state: tuple[int, int, int],
    fallback: Callable[[int], tuple[int, int]],
) -> tuple[_soup_tree.SourcePositions | None, tuple[int, int, int]]:
    """For the compiled build's element factory and a new source text: the
    SourcePositions that counts its lines (None for the incremental
    parser's SourceLines, which the factory counts itself) and the state
    counted so far (offset, newlines before, line start), carried over
    from whichever counted (the text up to an encoding switch is the same).

    Why compiled: the interpreter's ``str.count`` and ``str.rfind`` with a
    start and an end spend about 1 000 instructions a call on their
    arguments, compiled code's ``str.find`` none: line numbers were 96M
    instructions of a 1 161M compiled bs4 parse (callgrind, 30 corpus
    pages).  The pure build counts inline, which costs it less than calls
    to an interpreted SourcePositions would."""
    if positions is not None:
        state = (positions.last, positions.line, positions.line_start)
    return (_soup_tree.SourcePositions(text, fallback, *state) if isinstance(text, str) else None), state


def _is_holder(node: Any) -> bool:
    """Whether ``node`` is a shadow root's holder template
    (:mod:`specparser.shadow_dom`)."""
    return isinstance(node, Tag) and node.name == "template" and SHADOW_ROOT_ATTRIBUTE in node.attrs


class SoupBuilder(TreeBuilder):
    """Builds a ``BeautifulSoup`` tree (see the module docstring).

    ``soup`` is the (freshly reset) ``BeautifulSoup`` object to fill; its
    ``builder`` supplies the options (multi-valued attributes, string
    containers, line numbers ...) and its ``element_classes`` the classes.
    Without one, an empty soup with a default :class:`SpecParserTreeBuilder`
    (made with ``bs4_options``) is created, which is what the builder
    registry and the conformance runner do.  ``namespaceHTMLElements`` is
    accepted for the registry's sake: bs4 tags always carry their namespace
    in ``Tag.namespace``.
    """

    # The source is only asked for newlines (count, rfind, and
    # newline_offsets in _locate): the incremental parser's SourceLines
    # will do.
    source_lines_suffice = True
    # Whether a shadow root was attached (attach_shadow_root).
    _holds_shadow_roots = False

    def __init__(
        self,
        namespaceHTMLElements: bool = True,
        soup: BeautifulSoup | None = None,
        **bs4_options: Any,
    ) -> None:
        if soup is None:
            # Imported here: that module builds on this one.
            from ..bs4_integration import SpecParserTreeBuilder

            soup = BeautifulSoup("", builder=SpecParserTreeBuilder(**bs4_options))
        elif bs4_options:
            raise TypeError("bs4 options are taken from the soup's builder when a soup is given")
        self.soup = soup
        self.quirks_mode = "no-quirks"
        # With a parse_only strainer the tree is replayed through bs4's
        # event API instead of being linked (see SpecParserTreeBuilder.feed).
        self.replay = soup.parse_only is not None
        builder = soup.builder
        classes = soup.element_classes

        # bs4 maps each class to a subclass of it (element_classes=).
        tag_class = cast("type[Tag]", classes.get(Tag, Tag))
        self._tag_class = tag_class
        # (mypy takes Tag's __hash__ method for the class's own: a class is
        # hashable, as lru_cache needs.)
        self._plain_tags = _plain_constructor(tag_class, Tag)  # type: ignore[arg-type]

        string_class = cast("type[NavigableString]", classes.get(NavigableString, NavigableString))
        self._string_class = string_class
        # bs4 picks Script, Stylesheet ... only when NavigableString itself
        # is not replaced (BeautifulSoup.string_container).
        self._containers = builder.string_containers if string_class is NavigableString else None
        plain_strings, string_dicts = _string_classes_plain(
            string_class, tuple(self._containers.values()) if self._containers else ()
        )
        self._plain_strings = plain_strings
        # A str subclass keeps its attributes in a real dict, which six
        # stores grow one by one (about a fifth of a string's cost in link()).
        self._string_dicts = _STRING_DICTS and string_dicts
        self._comment_class = cast("type[Comment]", classes.get(Comment, Comment))
        self._plain_comments = _plain_constructor(self._comment_class, NavigableString)
        self._doctype_class = cast("type[Doctype]", classes.get(Doctype, Doctype))
        self._pi_class = cast(
            "type[ProcessingInstruction]", classes.get(ProcessingInstruction, HTMLProcessingInstruction)
        )

        self._builder = builder
        self._dict_class = builder.attribute_dict_class
        # A dict subclass that does not override __setitem__ can be filled in
        # one call; otherwise every item goes through __setitem__.
        self._plain_dict = _plain_dict_class(self._dict_class)
        self._value_list_class = builder.attribute_value_list_class
        cdata = builder.cdata_list_attributes or None
        self._cdata_by_tag = cdata
        self._multi_cache: dict[str, tuple] = {}
        self._cdata_membership = cdata is not None and any(map(isinstance, cdata.values(), repeat(str)))
        self._track_lines = bool(builder.store_line_numbers)
        self._source = ""
        # Every newline's offset, made when a tag's position first goes
        # back (see _locate).
        self._newlines: list[int] | None = None
        # Tells _element_factory's create_element about a new source text.
        self._use_source: Any = None
        # Measured and not kept (callgrind, every 4th corpus page, bs4):
        # the contents lists of the last element made and of its parent
        # kept at hand for append_new_element and a closure insert_text
        # (a Tag's contents is a slow read, ~300 instructions, but the
        # cells and tests cost more: +17.5M); each container element's
        # string class by id() for link() (+5.8M); every newline's offset
        # made once per document instead of count()/rfind() per tag
        # (re.finditer alone costs 3.5 times a whole-text count()).
        # (What only _element_factory reads is not kept here: CPython 3.11
        # shares one key table between the instances of a class for at most
        # 30 attributes, and past that every method call on the adapter,
        # which the tree construction makes for every node, takes the slow
        # path: one attribute more cost 0.3% of a bs4 parse.)
        if self._plain_tags:
            append_new = self._element_factory()
            self.create_element = partial(append_new, None)  # type: ignore[method-assign]
            # Unless a subclass changes how elements are made or appended.
            if _makes_and_appends_as_soup_builder(type(self)):  # type: ignore[arg-type]  # (as above)
                self.append_new_element = append_new  # type: ignore[method-assign]
        if COMPILED and _inherits_insert_text(type(self)):  # type: ignore[arg-type]  # (as above)
            self.insert_text = partial(_soup_tree.insert_text, self)

    # -- life cycle ------------------------------------------------------

    def set_source(self, text: str) -> None:
        # Again after an encoding change on the fly: the text up to the
        # switch is the same, so what was counted so far stays right.
        if self._track_lines:
            self._source = text
            self._newlines = None
            if self._use_source is not None:
                self._use_source(text)

    def start_document(self) -> Any:
        return self.soup

    def start_fragment(self) -> Any:
        # The fragment's top-level nodes become the soup's children.
        return self.soup

    def finish(self) -> Any:
        self._newlines = None
        if not self.replay:
            self.link()
        return self.soup

    def set_quirks_mode(self, mode: str) -> None:
        self.quirks_mode = mode

    def _locate(self, pos: int) -> tuple[int, int]:
        """bs4's ``sourceline`` (1-based) and ``sourcepos`` (0-based column)
        of the offset ``pos`` into the preprocessed text, looked up in a
        list of every newline's offset (made once, when first needed; a
        binary search per call).  For the tags that come out of source
        order (formatting elements the parser reconstructs keep their first
        token's offset) and for Tag classes with their own constructor.

        The fast ``create_element`` (:meth:`_element_factory`) counts the
        newlines from one tag to the next instead (``str.count``; linear in
        all, tags coming in source order), as each tag is made: a pass over
        the tags at the end cost 4% of a bs4 parse (reading a Tag attribute
        back goes through bs4's ``Tag.__getattr__`` hook), and a binary
        search per tag costs twice a ``count``."""
        newlines = self._newlines
        if newlines is None:
            source = self._source
            if isinstance(source, str):
                newlines = self._newlines = [match.start() for match in _NEWLINE.finditer(source)]
            else:
                # The incremental parser's SourceLines (it grows: not cached).
                newlines = source.newline_offsets()
        before = bisect_right(newlines, pos)
        return before + 1, pos - newlines[before - 1] - 1 if before else pos

    # -- node creation ---------------------------------------------------

    def create_element(self, name: str, namespace: str, attrs: dict, pos: int = -1) -> Any:
        # Replaced in __init__ by the fast version from _element_factory
        # unless the Tag class has a constructor of its own.
        return self._construct_element(name, namespace, attrs, pos)

    def _element_factory(self) -> Any:
        """``append_new_element`` for bs4's Tag (or a subclass without its
        own constructor), ``create_element`` when given no parent:
        ``object.__new__`` and the same attribute stores, in the same order,
        as ``Tag.__init__`` (the same order lets CPython share one key table
        between all Tags).  A closure: the per-call work reads locals; nearly
        every element comes through it (one call, not the default's three)."""
        new, tag_class, parser_class = _new_object, self._tag_class, self.soup.__class__
        value_list_class, dict_class, attributes = self._value_list_class, self._dict_class, self._attributes
        empty, cdata, preserve, containers, meta_substitutions = self._tag_settings()
        main_types = Tag.MAIN_CONTENT_STRING_TYPES
        track_lines, locate = self._track_lines, self._locate
        # The last tag in source order: offset, newlines before, line start
        # (the compiled build counts a str source's lines in compiled code
        # instead, through locate: see _counted_lines).
        last = line = line_start = 0
        count, rfind = "".count, "".rfind
        positions: _soup_tree.SourcePositions | None = None

        def use_source(text: str) -> None:
            nonlocal count, rfind, last, line, line_start, positions, locate
            count, rfind = text.count, text.rfind
            if COMPILED and track_lines:
                state = (last, line, line_start)
                positions, (last, line, line_start) = _counted_lines(text, positions, state, self._locate)
                # Counted by positions: no offset reaches last (_NEVER).
                last, locate = (_NEVER, positions.at) if positions is not None else (last, self._locate)

        use_source("")
        self._use_source = use_source
        # One empty prefix map for all Tags (bs4 only reads it), as bs4's
        # lxml builder shares one per scope: a dict per Tag costs.
        namespaces: dict[str, str] = {}
        # _attributes' common case (an HTML element, a dict class filled in
        # one call, cdata_list_attributes as bs4 defines them), inlined.
        inline_attributes = self._plain_dict and not self._cdata_membership
        multi_cache, multi_valued = self._multi_cache.get, self._multi_valued
        any_multi_valued = frozenset().union(*(self._cdata_by_tag or {}).values())
        # ==, not "is": the compiled tree construction passes its own copy.
        html_namespace = HTML_NAMESPACE

        def append_new_element(parent: Any, name: str, namespace: str, attrs: dict, pos: int = -1) -> Any:
            nonlocal last, line, line_start
            tag = new(tag_class)
            tag.parser_class = parser_class
            tag.name = name
            tag.namespace = namespace
            tag._namespaces = namespaces
            tag.prefix = None
            if pos >= last and track_lines:
                between = count("\n", last, pos)
                if between:
                    line += between
                    line_start = rfind("\n", last, pos) + 1
                last = pos
                tag.sourceline = line + 1
                tag.sourcepos = pos - line_start
            elif pos >= 0 and track_lines:
                tag.sourceline, tag.sourcepos = locate(pos)
            else:
                tag.sourceline = None
                tag.sourcepos = None
            tag.attribute_value_list_class = value_list_class
            if not attrs:
                tag.attrs = dict_class()
            elif namespace == html_namespace and inline_attributes:
                result = tag.attrs = dict_class(attrs)
                # The tag's own few attributes are looked up in every
                # multi-valued name first: cheaper than a get() per name of
                # the tag's list (3 to 5); set intersections, slower still.
                for key in attrs:
                    if key in any_multi_valued and key in (multi_cache(name) or multi_valued(name)):
                        value = attrs[key]
                        if value.__class__ is str:
                            result[key] = value_list_class(value.split())
            else:
                tag.attrs = attributes(name, namespace, attrs)
            tag.known_xml = False
            tag.contents = []
            # (The parent, if given, at once: append() would set it below.)
            tag.parent = parent
            tag.previous_element = None
            tag.next_element = None
            tag.next_sibling = None
            tag.previous_sibling = None
            tag.hidden = False
            tag.can_be_empty_element = name in empty
            tag.cdata_list_attributes = cdata
            tag.preserve_whitespace_tags = preserve
            # As Tag.__init__ tests it: an "in" costs less than a get() call.
            tag.interesting_string_types = {containers[name]} if name in containers else main_types
            if name == "meta":
                meta_substitutions(tag)
            if parent is not None:  # as append() does
                parent.contents.append(tag)
            return tag

        return append_new_element

    def _tag_settings(self) -> tuple[Any, Any, Any, Any, Any]:
        """What bs4's Tag constructor takes from the builder, for
        _element_factory: can_be_empty_element's set of names (any name
        when bs4's is None), cdata_list_attributes,
        preserve_whitespace_tags, string_containers and the meta tags'
        set_up_substitutions."""
        builder = self._builder
        empty = _EVERY_NAME if builder.empty_element_tags is None else builder.empty_element_tags
        return (
            empty,
            builder.cdata_list_attributes,
            builder.preserve_whitespace_tags,
            builder.string_containers,
            builder.set_up_substitutions,
        )

    def _construct_element(self, name: str, namespace: str, attrs: dict, pos: int) -> Any:
        """A user's Tag subclass with its own constructor: call it."""
        processed = self._attributes(name, namespace, attrs) if attrs else None
        tag = self._tag_class(
            self.soup,
            self._builder,
            name,
            namespace,
            None,
            processed,
        )
        if pos >= 0 and self._track_lines:
            tag.sourceline, tag.sourcepos = self._locate(pos)
        return tag

    def _multi_valued(self, name: str) -> tuple:
        """The multi-valued attribute names of a tag named ``name`` (bs4's
        ``cdata_list_attributes``: the ``"*"`` entry plus the tag's own,
        matched on the lower-cased tag name), cached per name."""
        keys = self._multi_cache.get(name)
        if keys is None:
            cdata = self._cdata_by_tag or {}
            keys = tuple(dict.fromkeys([*cdata.get("*", ()), *cdata.get(name.lower(), ())]))
            self._multi_cache[name] = keys
        return keys

    def _attributes(self, name: str, namespace: str, attrs: dict) -> Any:
        """The ``attribute_dict_class`` for a tag: namespaced keys become
        ``NamespacedAttribute`` (``xlink:href``), multi-valued attributes
        (``class``) become ``attribute_value_list_class`` lists, split on
        whitespace (``str.split()`` splits exactly where bs4's
        ``nonwhitespace_re`` does)."""
        if namespace != HTML_NAMESPACE:
            converted = {}
            for key, value in attrs.items():
                if key.__class__ is tuple:
                    key = NamespacedAttribute(key[0], key[1], key[2])
                converted[key] = value
            attrs = converted
        plain = self._plain_dict
        result = self._dict_class(attrs) if plain else dict(attrs)
        if self._cdata_by_tag is not None:
            if self._cdata_membership:
                # A str where bs4 expects a set ({"*": "id"}): bs4's own
                # method keeps its ``in`` (substring) semantics.
                self._builder._replace_cdata_list_attribute_values(name, result)
            else:
                value_list = self._value_list_class
                for key in self._multi_cache.get(name) or self._multi_valued(name):
                    value = result.get(key)
                    if value.__class__ is str:
                        result[key] = value_list(value.split())
        if not plain:
            # A custom attribute_dict_class sees every item through its
            # __setitem__, as with bs4's other builders.
            custom = self._dict_class()
            for key, value in result.items():
                custom[key] = value
            result = custom
        return result

    def create_comment(self, data: str, pos: int = -1) -> Any:
        if self._plain_comments:
            comment = _new_str(self._comment_class, data)
            comment.hidden = False
            comment.parent = None
            comment.previous_element = None
            comment.next_element = None
            comment.next_sibling = None
            comment.previous_sibling = None
            return comment
        return self._comment_class(data)

    def create_processing_instruction(self, target: str, data: str, pos: int = -1) -> Any:
        # The string is "target data", with the space even for empty data,
        # so the target is always what comes before the first space.
        return self._make_string(self._pi_class, target + " " + data)

    def append_doctype(self, name: str, public_id: str, system_id: str) -> None:
        # The DOM (and so the parser) has "" for a missing identifier;
        # bs4 renders None as absent.
        doctype = self._make_string(
            self._doctype_class,
            Doctype._string_for_name_and_ids(name or "", public_id or None, system_id or None),
        )
        # Kept so that walkers can give back the exact parts: the rendered
        # string is ambiguous when an identifier contains a quote.
        doctype.specparser_doctype = (name or "", public_id or "", system_id or "")
        self.append(self.soup, doctype)

    def _make_string(self, cls: type[NavigableString], data: str) -> Any:
        if _plain_constructor(cls, NavigableString):
            string = _new_str(cls, data)
            string.hidden = False
            string.parent = None
            string.previous_element = None
            string.next_element = None
            string.next_sibling = None
            string.previous_sibling = None
            return string
        return cls(data)

    def template_contents(self, template: Any) -> Any:
        # As with bs4's html5lib builder, a template's contents are the
        # template Tag's own children (the parser never appends anything
        # else to a template element); the bs4 walker reports them as the
        # template contents.
        return template

    def attach_shadow_root(self, host: Any, init: Any) -> Any:
        # The host's first child (specparser.shadow_dom).
        holder = self.create_element("template", HTML_NAMESPACE, holder_attributes(init))
        host.contents.insert(0, holder)
        holder.parent = host
        if not self._holds_shadow_roots:
            self._holds_shadow_roots = True
            self.parent_of = self._parent_of_with_shadow_roots  # type: ignore[method-assign]
        return holder

    # -- mutation --------------------------------------------------------

    def append(self, parent: Any, child: Any) -> None:
        parent.contents.append(child)
        child.parent = parent

    def insert_before(self, parent: Any, child: Any, reference: Any) -> None:
        contents = parent.contents
        contents.insert(_index(contents, reference), child)
        child.parent = parent

    # Character data is a list of pieces until finish() (see the module
    # docstring); the function is _soup_tree's, which the compiled build
    # compiles.  A compiled function does not bind as a method: there the
    # class gets a partialmethod (for subclasses' super() calls) and each
    # builder its own partial (__init__), which compiled callers reach
    # without an interpreted frame (-29M instructions of 1 490M on every
    # 8th corpus page).  The pure build keeps the plain function, a method
    # as before.
    insert_text = partialmethod(_soup_tree.insert_text) if COMPILED else _soup_tree.insert_text

    def remove(self, node: Any) -> None:
        parent = node.parent
        if parent is None:
            return
        contents = parent.contents
        del contents[_index(contents, node)]
        node.parent = None

    def move_children(self, old_parent: Any, new_parent: Any) -> None:
        children = old_parent.contents
        if not children:
            return
        if self._holds_shadow_roots and _is_holder(children[0]):
            # A shadow root is no child: it stays with its host.
            old_parent.contents = children[:1]
            children = children[1:]
        else:
            old_parent.contents = []
        for child in children:
            kind = type(child)
            if kind is not str and kind is not list:
                child.parent = new_parent
        if new_parent.contents:
            new_parent.contents.extend(children)
        else:
            new_parent.contents = children

    def parent_of(self, node: Any) -> Any:
        return node.parent

    def _parent_of_with_shadow_roots(self, node: Any) -> Any:
        """parent_of once a shadow root is attached (attach_shadow_root
        puts it in place, so parses without one never test for a holder)."""
        if _is_holder(node):
            return None  # a shadow root has no parent
        return node.parent

    def children_of(self, parent: Any) -> list:
        return [child for child in parent.contents if type(child) is not str and type(child) is not list]

    def children_after(self, parent: Any, child: Any) -> Any:
        contents = parent.contents
        return (
            node
            for node in (contents[index] for index in range(_index(contents, child) + 1, len(contents)))
            if type(node) is not str and type(node) is not list
        )

    def remove_between(self, parent: Any, start: Any, end: Any) -> None:
        contents = parent.contents
        first = _index(contents, start) + 1
        last = _index(contents, end) if end is not None else len(contents)
        for child in contents[first:last]:
            if type(child) is not str and type(child) is not list:
                child.parent = None
        del contents[first:last]

    def add_missing_attributes(self, node: Any, attrs: dict) -> None:
        extra = self._attributes(node.name, node.namespace, attrs)
        current = node.attrs
        for key, value in extra.items():
            if key not in current:
                current[key] = value

    def replace_children_with_clones(self, target: Any, source: Any) -> None:
        # Clone first (into a detached holder), then replace, as the spec
        # orders it: the selectedcontent may be inside the option, and
        # copying into it while walking the option's subtree would copy the
        # copies again without end.
        holder = self._clone_element(source)
        # (original parent, clone parent) pairs still to copy, no recursion.
        pending = [(source, holder)]
        while pending:
            original, copy = pending.pop()
            for child in original.contents:
                if child.__class__ is str:
                    copy.contents.append(child)  # immutable: shared
                    continue
                if child.__class__ is list:
                    clone: Any = "".join(child)
                    copy.contents.append(clone)
                    continue
                if isinstance(child, Tag):
                    if self._holds_shadow_roots and _is_holder(child) and "shadowrootclonable" not in child.attrs:
                        continue  # "clone a node" copies only a clonable shadow root
                    clone = self._clone_element(child)
                    if child.contents:
                        pending.append((child, clone))
                else:
                    clone = self._make_string(child.__class__, str(child))
                self.append(copy, clone)
        for child in target.contents:
            kind = type(child)
            if kind is not str and kind is not list:
                child.parent = None
        target.contents = []
        self.move_children(holder, target)

    def _clone_element(self, tag: Any) -> Any:
        clone = self.create_element(tag.name, tag.namespace, {})
        attrs = clone.attrs
        for key, value in tag.attrs.items():
            if isinstance(value, list):
                value = value.__class__(value)  # a list of its own
            attrs[key] = value
        return clone

    # -- the final pass --------------------------------------------------

    def link(self) -> None:
        """Turn the text pieces into strings and set every element link, in
        one preorder pass over the tree (:func:`._soup_tree.link`, which the
        compiled build compiles)."""
        _soup_tree.link(
            self.soup,
            self._tag_class,
            self._containers,
            self._string_class,
            self._plain_strings,
            self._string_dicts,
            _STRING_TEMPLATE,
        )


class _EveryName:
    """``name in`` it is always true: bs4's ``can_be_empty_element`` for a
    builder whose ``empty_element_tags`` is None."""

    __slots__ = ()

    def __contains__(self, name: object) -> bool:
        return True


_EVERY_NAME = _EveryName()


# The bs4 integration moved to specparser.bs4_integration (which imports this
# module, hence no import at the top); its names stay importable from here.
_MOVED = frozenset({"SpecParserTreeBuilder", "sniffing_keywords", "_fragment_context"})


def __getattr__(name: str) -> Any:
    if name in _MOVED:
        from .. import bs4_integration

        return getattr(bs4_integration, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
