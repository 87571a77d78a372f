"""Sanitizer names and the list operations the standard defines on them
(https://wicg.github.io/sanitizer-api/#alg-support).

A canonical name is a dict ``{"name": str, "namespace": str | None}`` (an
element entry may also hold ``"attributes"`` / ``"removeAttributes"``); a
canonical processing instruction is ``{"target": str}``.  Lists are Python
lists of those dicts, compared by name and namespace only.  Input arrives
in the API's JSON shape; anything else that WebIDL would not convert is a
``TypeError`` naming the caller.
"""

from __future__ import annotations

from typing import Any, Iterable

from ..constants import HTML_NAMESPACE

__all__ = [
    "add",
    "canonicalize_a_sanitizer_attribute",
    "canonicalize_a_sanitizer_element",
    "canonicalize_a_sanitizer_element_with_attributes",
    "canonicalize_a_sanitizer_name",
    "canonicalize_a_sanitizer_processing_instruction",
    "code_units",
    "contains",
    "contains_a_target",
    "has_duplicate_targets",
    "has_duplicates",
    "intersection",
    "is_custom_data_attribute",
    "key",
    "less_than_item_key",
    "remove",
    "remove_duplicates",
    "to_dom_string",
]

Name = dict[str, Any]  # {"name": str, "namespace": str | None, ...}


def to_dom_string(value: Any, where: str) -> str:
    """WebIDL's DOMString conversion for the JSON values a config may hold
    (a number becomes its decimal text, as ``{removeElements: [123]}`` in
    WPT expects); anything else is a TypeError."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    raise TypeError(f"{where}: expected a name (str) or a dict, not {type(value).__name__}")


def key(item: Name) -> tuple[str, str | None]:
    """The identity of a canonical name: (name, namespace)."""
    return (item["name"], item["namespace"])


def canonicalize_a_sanitizer_name(name: Any, default_namespace: str | None, where: str = "Sanitizer") -> Name:
    """https://wicg.github.io/sanitizer-api/#canonicalize-a-sanitizer-name"""
    if isinstance(name, dict):
        # Step 3: "name" is required (WebIDL); "namespace" has the
        # dictionary's default when absent.
        if "name" not in name:
            raise TypeError(f"{where}: a name dict needs a 'name' member: {name!r}")
        local = to_dom_string(name["name"], where)
        namespace = name.get("namespace", default_namespace)
        if namespace is not None:
            namespace = to_dom_string(namespace, where)
        # Step 4: the empty namespace is null.
        return {"name": local, "namespace": namespace or None}
    # Step 2.
    return {"name": to_dom_string(name, where), "namespace": default_namespace}


def canonicalize_a_sanitizer_element(element: Any, where: str = "Sanitizer") -> Name:
    """https://wicg.github.io/sanitizer-api/#canonicalize-a-sanitizer-element"""
    return canonicalize_a_sanitizer_name(element, HTML_NAMESPACE, where)


def canonicalize_a_sanitizer_attribute(attribute: Any, where: str = "Sanitizer") -> Name:
    """https://wicg.github.io/sanitizer-api/#canonicalize-a-sanitizer-attribute"""
    return canonicalize_a_sanitizer_name(attribute, None, where)


def _sequence(value: Any, where: str) -> list[Any]:
    # WebIDL sequence<T>: any iterable but a string or a dict.
    if isinstance(value, (str, bytes, dict)) or not hasattr(value, "__iter__"):
        raise TypeError(f"{where}: expected a list, not {type(value).__name__}")
    return list(value)


def canonicalize_a_sanitizer_element_with_attributes(element: Any, where: str = "Sanitizer") -> Name:
    """https://wicg.github.io/sanitizer-api/#canonicalize-a-sanitizer-element-with-attributes"""
    result = canonicalize_a_sanitizer_element(element, where)
    if isinstance(element, dict):
        for member in ("attributes", "removeAttributes"):
            if member in element and element[member] is not None:
                result[member] = [
                    canonicalize_a_sanitizer_attribute(attribute, where)
                    for attribute in _sequence(element[member], f"{where}: {member}")
                ]
    if "attributes" not in result and "removeAttributes" not in result:
        result["removeAttributes"] = []
    return result


def canonicalize_a_sanitizer_processing_instruction(pi: Any, where: str = "Sanitizer") -> dict[str, Any]:
    """https://wicg.github.io/sanitizer-api/#canonicalize-a-sanitizer-processing-instruction"""
    if isinstance(pi, dict):
        if "target" not in pi:
            raise TypeError(f"{where}: a processing instruction dict needs a 'target' member: {pi!r}")
        return {"target": to_dom_string(pi["target"], where)}
    return {"target": to_dom_string(pi, where)}


def contains(items: Iterable[Name], item: Name) -> bool:
    """https://wicg.github.io/sanitizer-api/#sanitizerconfig-contains"""
    wanted = key(item)
    return any(key(entry) == wanted for entry in items)


def contains_a_target(items: Iterable[dict[str, Any]], target: str) -> bool:
    """https://wicg.github.io/sanitizer-api/#sanitizerconfig-contains-a-target"""
    return any(entry["target"] == target for entry in items)


def remove(items: list[Any], item: Name) -> bool:
    """https://wicg.github.io/sanitizer-api/#sanitizerconfig-remove: remove
    every entry with ``item``'s name and namespace; whether one was there."""
    wanted = key(item)
    kept = [entry for entry in items if key(entry) != wanted]
    removed = len(kept) != len(items)
    items[:] = kept
    return removed


def add(items: list[Any], item: Name) -> None:
    """https://wicg.github.io/sanitizer-api/#sanitizerconfig-add"""
    if not contains(items, item):
        items.append(item)


def has_duplicates(items: list[Any]) -> bool:
    """https://wicg.github.io/sanitizer-api/#sanitizerconfig-has-duplicates"""
    return len({key(entry) for entry in items}) != len(items)


def has_duplicate_targets(items: list[Any]) -> bool:
    """https://wicg.github.io/sanitizer-api/#sanitizerconfig-has-duplicate-targets"""
    return len({entry["target"] for entry in items}) != len(items)


def remove_duplicates(items: list[Any]) -> list[Any]:
    """https://wicg.github.io/sanitizer-api/#sanitizerconfig-remove-duplicates"""
    result: list[Any] = []
    seen: set[tuple[str, str | None]] = set()
    for entry in items:
        if key(entry) not in seen:
            seen.add(key(entry))
            result.append(entry)
    return result


def intersection(a: Iterable[Name], b: Iterable[Name]) -> list[Any]:
    """https://wicg.github.io/sanitizer-api/#sanitizerconfig-intersection
    (the entries of ``a`` whose name is also in ``b``)."""
    keys_b = {key(entry) for entry in b}
    return [entry for entry in a if key(entry) in keys_b]


def code_units(text: str) -> bytes:
    """A sort key that orders strings as "code unit less than" does
    (https://infra.spec.whatwg.org/#code-unit-less-than): by UTF-16 code
    units, which differs from code point order above U+FFFF."""
    return text.encode("utf-16-be", "surrogatepass")


def less_than_item_key(item: Name) -> tuple[Any, ...]:
    """A sort key equal to https://wicg.github.io/sanitizer-api/#sanitizerconfig-less-than-item:
    null namespace first, then namespace, then name, each by code units."""
    namespace = item["namespace"]
    return (namespace is not None, code_units(namespace or ""), code_units(item["name"]))


def is_custom_data_attribute(item: Name) -> bool:
    """https://html.spec.whatwg.org/#custom-data-attribute, as the Sanitizer
    applies it to a name: no namespace and a ``data-`` prefix (the name's
    other rules are the parser's business)."""
    return item["namespace"] is None and item["name"].startswith("data-")
