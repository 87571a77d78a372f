"""The Sanitizer API's per-node decisions, as whatwg/html PR 12756 takes
them out of *sanitize core* (https://wicg.github.io/sanitizer-api/#sanitize-core)
to sanitize while parsing: the action for an element name (keep, remove,
replace with children), the attributes kept, and whether comments and
processing instructions are allowed; plus the ``javascript:`` URL rules
of the safe calls.

``Policy.hardened`` adds the string API's rules (:mod:`.strings`), which go
beyond the standard for markup that will be parsed again.
"""

from __future__ import annotations

import re
from typing import Any

from ..constants import HTML_NAMESPACE, MATHML_NAMESPACE, XLINK_NAMESPACE
from .builtins import ANIMATING_URL_ATTRIBUTES, NAVIGATING_URL_ATTRIBUTES
from .config import Compiled

__all__ = [
    "HARDENED_URL_ATTRIBUTES",
    "KEEP",
    "REMOVE",
    "REPLACE",
    "Policy",
    "allows_comments",
    "allows_processing_instruction_target",
    "contains_a_javascript_url",
    "element_action",
    "is_javascript_url",
    "sanitize_attributes",
]

KEEP = 0
REMOVE = 1
REPLACE = 2

#: Attributes whose value is a URL somewhere in HTML, SVG or MathML
#: (https://html.spec.whatwg.org/#attributes-3 and the obsolete ones
#: browsers still read): the string API removes a ``javascript:`` URL from
#: any of them, on any element, beyond the standard's navigating list.
HARDENED_URL_ATTRIBUTES = frozenset(
    {
        "action", "archive", "background", "cite", "classid", "codebase", "data", "dynsrc",
        "formaction", "href", "icon", "itemid", "itemtype", "longdesc", "lowsrc", "manifest",
        "ping", "poster", "profile", "src", "usemap", "xlink:href",
    }
)  # fmt: skip

# https://url.spec.whatwg.org/#concept-basic-url-parser: leading and
# trailing C0 controls and spaces are removed, then every ASCII tab or
# newline; the scheme is an ASCII alpha followed by alphanumerics, "+",
# "-" or ".", ended by ":".
_C0_AND_SPACE = "".join(map(chr, range(0x21)))
_TAB_OR_NEWLINE = {0x09: None, 0x0A: None, 0x0D: None}
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+\-.]*:")


def is_javascript_url(value: str) -> bool:
    """Whether the basic URL parser gives ``value`` the scheme
    ``javascript``.  The parse is only run as far as the scheme: a value
    whose later parts would fail to parse (``javascript://[``) counts too,
    which is stricter than the standard (such a URL navigates nowhere)."""
    match = _SCHEME.match(value.strip(_C0_AND_SPACE).translate(_TAB_OR_NEWLINE))
    return match is not None and match.group().lower() == "javascript:"


def contains_a_javascript_url(value: str) -> bool:
    """https://wicg.github.io/sanitizer-api/#contains-a-javascript-url, for
    an attribute's value."""
    return is_javascript_url(value)


class Policy:
    """What one sanitizing pass applies: the compiled configuration (after
    "remove unsafe" for the safe calls), whether ``javascript:`` navigation
    URLs are handled (``safe``), and the string API's ``hardened`` rules."""

    __slots__ = ("config", "safe", "hardened")

    def __init__(self, config: Compiled, safe: bool, hardened: bool) -> None:
        self.config = config
        self.safe = safe
        self.hardened = hardened


def element_action(policy: Policy, name: tuple[str, str]) -> int:
    """whatwg/html PR 12756's "get the sanitizer action for an element
    name": :data:`REPLACE` (with children), :data:`REMOVE` or :data:`KEEP`,
    from sanitize core's element steps
    (https://wicg.github.io/sanitizer-api/#sanitize-core step 1.6)."""
    config = policy.config
    if policy.hardened:
        # The string API: a script in any namespace goes (MathML's does not
        # run, but nothing is lost); a noscript's contents parse
        # differently with scripting on (a browser) than off (this parse);
        # a plaintext swallows everything after it when parsed again.
        if name[0] == "script":
            return REMOVE
        if name[1] == HTML_NAMESPACE:
            if name[0] == "noscript":
                return REMOVE
            if name[0] == "plaintext":
                return REPLACE
    if name in config.replace_with_children:
        return REPLACE
    if config.elements is not None:
        return KEEP if name in config.elements else REMOVE
    return REMOVE if name in config.remove_elements else KEEP


def sanitize_attributes(policy: Policy, element: tuple[str, str], attrs: dict[str, Any]) -> dict[str, Any] | None:
    """The attribute steps of sanitize core for one kept element: the
    attributes kept, or ``None`` when all are (the common case, no copy).
    ``attrs`` keys are TreeBuilder attribute names (a str, or a
    ``(prefix, local name, namespace)`` tuple)."""
    config = policy.config
    local = config.elements.get(element) if config.elements is not None else None
    local_allow = local[0] if local is not None else None
    local_remove = local[1] if local is not None else None
    allowed = config.attributes
    safe = policy.safe
    kept: dict[str, Any] | None = None
    for index, (key, value) in enumerate(attrs.items()):
        name = (key, None) if key.__class__ is str else (key[1], key[2])
        if local_remove is not None and name in local_remove:
            keep = False
        elif allowed is not None:
            keep = (
                name in allowed
                or (local_allow is not None and name in local_allow)
                or (config.data_attributes and name[1] is None and name[0].startswith("data-"))
            )
        elif local_allow is not None:
            keep = name in local_allow
        else:
            keep = name not in config.remove_attributes
        if keep and safe:
            keep = not _unsafe_url(element, name, value)
        if keep and policy.hardened:
            keep = not _hardened_unsafe(name, key, value)
        if keep:
            if kept is not None:
                kept[key] = value
        elif kept is None:
            kept = dict(list(attrs.items())[:index])
    return kept


def _unsafe_url(element: tuple[str, str], name: tuple[str, Any], value: str) -> bool:
    # Sanitize core, "If handleJavascriptNavigationUrls" (its three rules).
    if (element, name) in NAVIGATING_URL_ATTRIBUTES and contains_a_javascript_url(value):
        return True
    if (
        element[1] == MATHML_NAMESPACE
        and name[0] == "href"
        and name[1] in (None, XLINK_NAMESPACE)
        and contains_a_javascript_url(value)
    ):
        return True
    return (element, name) in ANIMATING_URL_ATTRIBUTES and value in ("href", "xlink:href")


def _hardened_unsafe(name: tuple[str, Any], key: Any, value: str) -> bool:
    # The string API's attribute rules: any on* attribute (event handlers
    # a browser adds before the standard lists them), and javascript: URLs
    # in any URL attribute of any element.
    if name[0][:2].lower() == "on":
        return True
    serialized = key if key.__class__ is str else f"{key[0]}:{key[1]}" if key[0] else key[1]
    return serialized in HARDENED_URL_ATTRIBUTES and is_javascript_url(value)


def allows_comments(policy: Policy) -> bool:
    """Whether comments are kept (sanitize core step "If child implements
    Comment"; whatwg/html PR 12756's "sanitizer config allows comments")."""
    return policy.config.comments


def allows_processing_instruction_target(policy: Policy, target: str) -> bool:
    """Sanitize core step "If child implements ProcessingInstruction"
    (whatwg/html PR 12756's "sanitizer config allows processing
    instruction target")."""
    config = policy.config
    allowed = config.processing_instructions
    if allowed is not None:
        return target in allowed
    return target not in config.remove_processing_instructions
