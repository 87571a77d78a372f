"""Tree walkers: one per tree type, each turning a tree back into a flat,
non-recursive stream of events.  The serializer, the html5lib-style tree
walkers and the html5lib-tests dumper are all built on these events, so
every adapter can be run through the whole conformance suite.

A walker is a generator ``walk(node)`` yielding tuples:

* ``(START, name, namespace, attrs)``: an element opens.  ``attrs`` uses the
  TreeBuilder convention: a dict whose keys are plain strings or
  ``(prefix, local_name, namespace)`` tuples for namespaced attributes.
* ``(END, name, namespace)``: the element closes.
* ``(TEXT, data)``: character data (adjacent text is already merged).
* ``(COMMENT, data)``
* ``(PI, target, data)``: a processing instruction (``<?target data>``,
  made by the parser since 2026).
* ``(DOCTYPE, name, public_id, system_id)``
* ``(CONTENT,)`` ... ``(END_CONTENT,)``: between them, the children of an
  HTML ``<template>``'s template contents.  They come right after the
  template's ``START``; any children of the template element itself follow
  ``END_CONTENT``.

* ``(SHADOW, init, root)`` ... ``(END_SHADOW,)``: between them, the
  children of the shadow root of the element whose ``START`` came just
  before (``parse(..., shadow_roots=True)``); ``init`` is a
  :class:`specparser.shadow_dom.ShadowRootInit` (mode and flags), ``root``
  the tree's node for the shadow root (the holder template, or a minidom
  ``ShadowRoot``).  The element's own children follow ``END_SHADOW``.

* ``(ENTITY, name)``: an unresolved entity reference (``&beta;`` in an
  lxml tree from an XML parser); only from the lxml walker, and only when
  asked for (``entities=True``): the HTML parser never makes them.

Walking a Document yields its children (doctype, comments, processing
instructions, the root element);
walking a fragment yields the fragment's children.  Walkers never recurse,
so a tree of any depth can be walked.
"""

__all__ = [
    "COMMENT", "CONTENT", "DOCTYPE", "END", "END_CONTENT", "END_SHADOW", "ENTITY", "PI", "SHADOW", "START", "TEXT",
]  # fmt: skip

START = 0
END = 1
TEXT = 2
COMMENT = 3
DOCTYPE = 4
CONTENT = 5
END_CONTENT = 6
PI = 7
ENTITY = 8
SHADOW = 9
END_SHADOW = 10
