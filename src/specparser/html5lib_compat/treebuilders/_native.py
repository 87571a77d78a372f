"""Tree builders that html5lib callers name ("etree", "lxml", "dom"), run
by specparser's own adapters.

``getTreeBuilder("etree")``, ``treebuilders.etree_lxml.TreeBuilder`` and
``getTreeBuilder("dom")`` return subclasses of :class:`NativeTreeBuilder`.
They are called the way html5lib calls a builder class,
``cls(namespaceHTMLElements)``, but instead of implementing the
``treebuilders.base`` protocol they name one of specparser's adapters
(:mod:`specparser.builders`), which :class:`~..html5parser.HTMLParser` uses
directly: no wrapper object per node, no protocol calls.  The trees are
html5lib 1.1's (same element classes, tags, attributes, return types);
where they differ, the difference is the HTML standard's (templates,
``<select>``, ruby ...) and listed in the README's migration notes.

A subclass that overrides html5lib protocol hooks (``elementClass``,
``insertText`` ...) is not run through them; subclass
``treebuilders.base.TreeBuilder`` for that.
"""

from __future__ import annotations

from typing import Any, Callable

from ...builders import get_builder, get_walker
from ...treebuilder import TreeBuilder

__all__ = ["NativeTreeBuilder", "native_builder_class"]


class NativeTreeBuilder:
    """A builder class html5lib code can pass around and instantiate; the
    parse itself is done by specparser's adapter ``builder_name``."""

    #: The name of the specparser adapter (:func:`specparser.get_builder`).
    builder_name = "etree"
    #: Keyword arguments for the adapter (``fullTree``, ``implementation``).
    options: dict = {}

    def __init__(self, namespaceHTMLElements: bool = True, **options: Any) -> None:
        self.namespaceHTMLElements = bool(namespaceHTMLElements)
        self.defaultNamespace = "http://www.w3.org/1999/xhtml" if namespaceHTMLElements else None
        self.adapter_options = {**self.options, **options}
        # Registered builders take namespaceHTMLElements (see
        # specparser.builders), which the TreeBuilder base class does not.
        self.adapter_class: Callable[..., TreeBuilder] = get_builder(self.builder_name)
        self.document: Any = None
        # The first parse's adapter is made now, so bad options fail here,
        # as they do in html5lib's constructors.
        self.adapter: Any = None
        self._unused: Any = self._make_adapter()

    def _make_adapter(self) -> Any:
        adapter = self.adapter_class(namespaceHTMLElements=self.namespaceHTMLElements, **self.adapter_options)
        coercions = getattr(adapter, "coercions", None)
        if self.builder_name == "lxml" and coercions is not None:
            # html5lib's lxml builder warns on every coercion, the reversible
            # renames too; specparser's own builders warn only on a real loss.
            coercions.warn_reversible = True
        return adapter

    def new_adapter(self) -> Any:
        """A fresh specparser TreeBuilder for one parse."""
        adapter, self._unused = self._unused, None
        self.adapter = adapter if adapter is not None else self._make_adapter()
        return self.adapter

    def reset(self) -> None:
        self.document = None
        self.adapter = None

    def getDocument(self) -> Any:
        return self.document

    def getFragment(self) -> Any:
        return self.document

    def testSerializer(self, node: Any) -> str:
        """The tree in html5lib's test format (``#document``, ``|  <html
        html>`` ...), as html5lib 1.1's etree, dom and lxml builders write
        it (see :mod:`._testserializer`); for specparser's other tree types,
        which html5lib does not have, the html5lib-tests dump."""
        from . import _testserializer

        serializer = _TEST_SERIALIZERS.get(self.builder_name)
        if serializer is not None:
            return getattr(_testserializer, serializer)(node)
        from ...testformat import dump_events

        return dump_events(get_walker(self.builder_name)(node))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} specparser {self.builder_name!r} adapter>"


_TEST_SERIALIZERS = {"etree": "etree_test_serializer", "dom": "dom_test_serializer", "lxml": "lxml_test_serializer"}

_CLASSES: dict[tuple, type] = {}


def native_builder_class(builder_name: str, **options: Any) -> type[NativeTreeBuilder]:
    """The (cached) NativeTreeBuilder subclass for adapter ``builder_name``
    with fixed ``options``; html5lib's getTreeBuilder also returns one class
    per option set."""
    key = (builder_name.lower(), tuple(sorted(options.items(), key=lambda item: item[0])))
    try:
        cls = _CLASSES.get(key)
    except TypeError:  # an unhashable option value
        cls = None
        key = None  # type: ignore[assignment]
    if cls is None:
        get_builder(builder_name)  # an unknown name fails here, with the known ones
        cls = type("TreeBuilder", (NativeTreeBuilder,), {"builder_name": builder_name.lower(), "options": options})
        cls.__module__ = __name__
        cls.__qualname__ = f"TreeBuilder[{builder_name}]"
        if key is not None:
            _CLASSES[key] = cls
    return cls
