"""Declarative shadow roots: the "in head" insertion mode's steps for a
``template`` start tag with a ``shadowrootmode`` attribute, when the parser's
*allow declarative shadow roots* is true
(https://html.spec.whatwg.org/#parsing-main-inhead, "A start tag whose tag
name is "template"", steps 6-10; ``parse(..., shadow_roots=True)``).

The template element goes on the stack of open elements only; a shadow root
is attached to the adjusted current node (the *declarative shadow host
element*) and becomes the template's contents, so everything up to
``</template>`` is inserted into the shadow root.  When the host cannot
have one ("attach a shadow root" throws) or already has one, the template
is inserted where it would have been: an ordinary template.

Two readings, both checked against Chromium 156's
``Document.parseHTMLUnsafe`` / ``Element.setHTMLUnsafe``
(tests/data/shadow_roots_chromium.json):

* "the adjusted current node is not the topmost element in the stack of
  open elements": in the fragment case the adjusted current node of a
  stack holding only the root is the context element, which is not on
  the stack; it is no host here (Chromium leaves a top-level
  ``<template shadowrootmode>`` of ``setHTMLUnsafe`` an ordinary
  template, and the context element is not part of the parsed tree).
* A valid custom element name is the standard's relaxed rule of 2025
  (https://html.spec.whatwg.org/#valid-custom-element-name), as Chromium
  ships it: ``a-b!c`` and ``a-b×`` can host a shadow root.

The parser remembers that a host has a shadow root in the host's record
(``extra``, which no valid shadow host name uses otherwise): a host is on
the stack of open elements while its children are parsed, and an element
leaves the stack for good once popped.
"""

from __future__ import annotations

from typing import Any

from ..constants import HTML_NAMESPACE
from ..infra import ascii_lowercase
from ..shadow_dom import VALID_SHADOW_HOST_NAMES, ShadowRootInit
from .insertion import insert_an_element_at_the_adjusted_insertion_location
from ..tables.elements import CONTENTS_DISCONNECTED
from .records import ElementRecord
from .selectedcontent import contents_connected

__all__ = [
    "SHADOW_HOST",
    "VALID_SHADOW_HOST_NAMES",
    "insert_declarative_shadow_root",
    "is_valid_custom_element_name",
    "is_valid_shadow_host_name",
    "shadow_root_mode",
    "shadow_root_slot_assignment",
]

# https://html.spec.whatwg.org/#valid-custom-element-name: the names that
# are not valid custom element names although they have the shape of one.
_RESERVED_NAMES = frozenset(
    "annotation-xml color-profile font-face font-face-src font-face-uri font-face-format "
    "font-face-name missing-glyph".split()
)

# Code points a valid element local name starting with an ASCII alpha may
# not contain (https://dom.spec.whatwg.org/#valid-element-local-name):
# ASCII whitespace, U+0000, "/" and ">".
_NOT_IN_LOCAL_NAME = frozenset("\t\n\f\r \x00/>")

#: The record ``extra`` of a declarative shadow host once it has a shadow root.
SHADOW_HOST: Any = type("ShadowHost", (), {"__repr__": lambda self: "SHADOW_HOST", "__slots__": ()})()


def is_valid_custom_element_name(name: str) -> bool:
    """https://html.spec.whatwg.org/#valid-custom-element-name (the 2025
    rule): the first code point an ASCII lower alpha, a "-" somewhere, no
    ASCII upper alpha, not a reserved name, and a valid element local
    name."""
    if not name or not ("a" <= name[0] <= "z") or "-" not in name:
        return False
    if name in _RESERVED_NAMES or ascii_lowercase(name) != name:
        return False
    return not any(char in _NOT_IN_LOCAL_NAME for char in name)


def is_valid_shadow_host_name(name: str) -> bool:
    """https://dom.spec.whatwg.org/#valid-shadow-host-name"""
    return name in VALID_SHADOW_HOST_NAMES or is_valid_custom_element_name(name)


def shadow_root_mode(attrs: dict[Any, str]) -> str | None:
    """The state of a ``template``'s ``shadowrootmode`` attribute, an
    enumerated attribute (ASCII case-insensitive keywords ``open`` and
    ``closed``; missing and invalid values are the None state):
    https://html.spec.whatwg.org/#attr-template-shadowrootmode"""
    value = attrs.get("shadowrootmode")
    if value is None:
        return None
    value = ascii_lowercase(value)
    return value if value in ("open", "closed") else None


def shadow_root_slot_assignment(attrs: dict[Any, str]) -> str:
    """The state of a ``template``'s ``shadowrootslotassignment``
    attribute (whatwg/html PR 12267, as Chromium 156 ships it): an
    enumerated attribute whose missing and invalid value default is
    ``named``; ``manual`` in any ASCII case."""
    return "manual" if ascii_lowercase(attrs.get("shadowrootslotassignment", "")) == "manual" else "named"


def insert_declarative_shadow_root(p: Any, tag: Any, mode: str, place: tuple[Any, Any]) -> bool:
    """Steps 9-10 of the "in head" steps for a ``template`` start tag whose
    ``shadowrootmode`` is ``mode`` (not the None state), with the parser's
    allow declarative shadow roots true; ``place`` is step 6's adjusted
    insertion location, computed before the template exists (whatwg/html
    b9c11c55: two adjacent templates must not nest).  False when step 9
    says "insert an HTML element for the token" (the adjusted current node
    is the topmost element): the caller then goes on as for any template.
    Otherwise the template is created and pushed, and True."""
    host: ElementRecord | None = p.adjusted_current_node
    # Step 9, third condition (see the module docstring for the fragment case).
    if host is None or len(p.open) < 2 or host is p.open[0]:
        return False
    attrs = tag.attrs
    # Step 10.2: "insert a foreign element for templateStartTag, with HTML
    # namespace and true": created and pushed, not inserted.
    template = p.create_element("template", HTML_NAMESPACE, attrs, tag.pos)
    p.push(template)
    # Steps 10.3-10.6, and the slot assignment (whatwg/html PR 12267).
    init = ShadowRootInit(
        mode,
        clonable="shadowrootclonable" in attrs,
        serializable="shadowrootserializable" in attrs,
        delegates_focus="shadowrootdelegatesfocus" in attrs,
        custom_element_registry_null="shadowrootcustomelementregistry" in attrs,
        slot_assignment=shadow_root_slot_assignment(attrs),
    )
    # Step 10.7: "If declarativeShadowHostElement is a shadow host, then
    # insert an element at the adjusted insertion location with template."
    if host.extra is SHADOW_HOST:
        insert_an_element_at_the_adjusted_insertion_location(p, template.node, place)
        return True
    # Step 10.8.3, "attach a shadow root"
    # (https://dom.spec.whatwg.org/#concept-attach-a-shadow-root): its steps
    # 1-2 throw for an element not in the HTML namespace or whose local name
    # is not a valid shadow host name; steps 3-4 (custom element
    # definitions, an existing root) cannot apply to a parser without
    # script (the slot assignment is the template's, not always "named").
    # A builder that holds no shadow roots returns None: the same
    # as the exception, caught: the template is inserted (step 10.8.3.1).
    shadow = None
    if host.hname is not None and is_valid_shadow_host_name(host.hname):
        shadow = p.builder.attach_shadow_root(host.node, init)
    if shadow is None:
        insert_an_element_at_the_adjusted_insertion_location(p, template.node, place)
        return True
    host.extra = SHADOW_HOST
    # Steps 10.8.4-10.8.8: the shadow root is the template's contents
    # ("declarative", "available to element internals" and "keep custom
    # element registry null" are the builder's to keep in ``init``).
    template.extra = shadow
    if contents_connected(p, template):
        template.flags &= ~CONTENTS_DISCONNECTED
    return True
