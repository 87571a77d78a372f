"""Shadow roots in trees that have none: the conventions every adapter,
walker and serializer shares (``parse(..., shadow_roots=True)``;
docs/guides/shadow-roots.md).

* :class:`ShadowRootInit`: a shadow root's mode and flags, as the parser
  gives them to :meth:`specparser.treebuilder.TreeBuilder.attach_shadow_root`
  and as the walkers report them in their ``(SHADOW, init)`` events.
* ElementTree, lxml and Beautiful Soup trees hold a shadow root as the
  host's **first child**: a ``template`` element carrying the attribute
  :data:`SHADOW_ROOT_ATTRIBUTE` (``shadowRoot``, a name the HTML parser
  never gives an attribute: it lowercases them) and the declarative
  attributes ``getHTML()`` would write (``shadowrootmode`` ...); its
  children are the shadow root's children.  The library's own serializer
  (``ElementTree.tostring``, ``lxml.html.tostring``, ``str(soup)``) then
  writes the declarative shadow root a browser parses back into the same
  tree, and ``copy.deepcopy`` keeps it.  Only a template with the marker
  attribute is a shadow root: an ordinary ``<template shadowrootmode>``
  (``shadow_roots=False``, or a host that cannot have one) is a template.
* xml.dom.minidom elements get a ``shadowRoot`` attribute (``None``
  when they have none): a :class:`specparser.builders.dom.ShadowRoot`.
"""

from __future__ import annotations

from typing import Any, Mapping

__all__ = [
    "SHADOW_ROOT_ATTRIBUTE",
    "VALID_SHADOW_HOST_NAMES",
    "ShadowRootInit",
    "drop_unclonable_holders",
    "holder_attributes",
    "init_from_attributes",
    "insert_holder",
    "is_holder",
    "is_unclonable_holder",
]

# https://dom.spec.whatwg.org/#valid-shadow-host-name: these and the valid
# custom element names.
VALID_SHADOW_HOST_NAMES = frozenset(
    "article aside blockquote body div footer h1 h2 h3 h4 h5 h6 header main nav p section span".split()
)

#: The attribute that marks a ``template`` element as its parent's shadow
#: root (ElementTree, lxml and Beautiful Soup trees).
SHADOW_ROOT_ATTRIBUTE = "shadowRoot"

# The declarative attributes of each flag, in the order getHTML() writes them
# (https://html.spec.whatwg.org/#serialising-html-fragments, step 4).
_FLAG_ATTRIBUTES = (
    ("delegates_focus", "shadowrootdelegatesfocus"),
    ("serializable", "shadowrootserializable"),
    ("clonable", "shadowrootclonable"),
    ("custom_element_registry_null", "shadowrootcustomelementregistry"),
)


class ShadowRootInit:
    """A shadow root's mode (``"open"`` or ``"closed"``), flags and slot
    assignment (``"named"`` or ``"manual"``): the arguments of
    https://dom.spec.whatwg.org/#concept-attach-a-shadow-root, and whether
    its custom element registry is kept null (the
    ``shadowrootcustomelementregistry`` attribute)."""

    __slots__ = (
        "mode", "clonable", "serializable", "delegates_focus", "custom_element_registry_null", "slot_assignment",
    )  # fmt: skip

    def __init__(
        self,
        mode: str,
        clonable: bool = False,
        serializable: bool = False,
        delegates_focus: bool = False,
        custom_element_registry_null: bool = False,
        slot_assignment: str = "named",
    ) -> None:
        self.mode = mode
        self.clonable = clonable
        self.serializable = serializable
        self.delegates_focus = delegates_focus
        self.custom_element_registry_null = custom_element_registry_null
        self.slot_assignment = slot_assignment

    def flags(self) -> list[str]:
        """The names of the flags that are set, in getHTML()'s order."""
        return [name for name, _ in _FLAG_ATTRIBUTES if getattr(self, name)]

    def __repr__(self) -> str:
        manual = ", slot_assignment='manual'" if self.slot_assignment == "manual" else ""
        return f"ShadowRootInit({self.mode!r}{''.join(', ' + flag + '=True' for flag in self.flags())}{manual})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ShadowRootInit):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in self.__slots__)

    __hash__ = None  # type: ignore[assignment]


def holder_attributes(init: ShadowRootInit) -> dict[str, str]:
    """The attributes of the ``template`` that holds a shadow root: the
    marker, then the declarative attributes getHTML() writes for it."""
    attrs = {SHADOW_ROOT_ATTRIBUTE: "", "shadowrootmode": init.mode}
    for name, attribute in _FLAG_ATTRIBUTES:
        if getattr(init, name):
            attrs[attribute] = ""
        if name == "serializable" and init.slot_assignment == "manual":
            attrs["shadowrootslotassignment"] = "manual"
    return attrs


def init_from_attributes(attrs: Mapping[Any, Any]) -> ShadowRootInit:
    """The :class:`ShadowRootInit` a holder template's attributes describe
    (a mode other than ``closed`` is ``open``)."""
    mode = str(attrs.get("shadowrootmode", "open")).lower()
    init = ShadowRootInit("closed" if mode == "closed" else "open")
    for name, attribute in _FLAG_ATTRIBUTES:
        if attribute in attrs:
            setattr(init, name, True)
    if str(attrs.get("shadowrootslotassignment", "")).lower() == "manual":
        init.slot_assignment = "manual"
    return init


def is_holder(element: Any) -> bool:
    """Whether an ElementTree or lxml element is a shadow root's holder
    template (``template`` in any namespace: the tree's own naming)."""
    tag = element.tag
    return (
        tag.__class__ is str
        and (tag == "template" or tag.endswith("}template"))
        and SHADOW_ROOT_ATTRIBUTE in element.attrib
    )


def is_unclonable_holder(element: Any) -> bool:
    """Whether an ElementTree or lxml element is the holder of a shadow root
    whose ``clonable`` is false: "clone a node" leaves it out
    (https://dom.spec.whatwg.org/#concept-node-clone)."""
    return is_holder(element) and "shadowrootclonable" not in element.attrib


def insert_holder(host: Any, holder: Any) -> None:
    """Make ``holder`` an ElementTree or lxml ``host``'s first child,
    before any text the host has (the text becomes the holder's tail)."""
    holder.tail = host.text
    host.text = None
    host.insert(0, holder)


def drop_unclonable_holders(root: Any) -> None:
    """In an ElementTree or lxml subtree just cloned: remove the shadow
    roots whose ``clonable`` is false ("clone a node" copies a shadow root
    only when it is clonable, https://dom.spec.whatwg.org/#concept-node-clone),
    keeping the host's text that followed the holder."""
    hosts = [el for el in root.iter() if len(el) and is_unclonable_holder(el[0])]
    for host in hosts:
        holder = host[0]
        tail = holder.tail
        holder.tail = None
        del host[0]
        host.text = tail
