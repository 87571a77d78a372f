"""``html5lib.filters.lint``: check a token stream's shape, raising
AssertionError (LintError) at the first malformed token."""

from __future__ import annotations

from typing import Iterable, Iterator

from . import base
from ...constants import HTML_NAMESPACE
from ...serializer import VOID_ELEMENTS

__all__ = ["Filter", "LintError"]

_SPACE = "\t\n\x0c\r "


class LintError(AssertionError):
    """A malformed token (an AssertionError, as html5lib raises)."""


def _check(condition: object, message: str) -> None:
    # Explicit raise rather than ``assert``: the checks must run under -O too.
    if not condition:
        raise LintError(message)


def _check_name(value: object, what: str) -> None:
    _check(isinstance(value, str) and value != "", f"{what} must be a non-empty str, not {value!r}")


def _check_namespace(value: object, what: str) -> None:
    _check(value is None or (isinstance(value, str) and value != ""),
           f"{what} namespace must be None or a non-empty str, not {value!r}")  # fmt: skip


class Filter(base.Filter):
    """Lints the token stream for errors.

    Void HTML elements must come as EmptyTag tokens and nothing else as
    EmptyTag; with ``require_matching_tags`` every EndTag must close the
    innermost open StartTag.
    """

    def __init__(self, source: Iterable[dict], require_matching_tags: bool = True) -> None:
        super().__init__(source)
        self.require_matching_tags = require_matching_tags

    def __iter__(self) -> Iterator[dict]:
        open_elements: list[tuple] = []
        for token in base.Filter.__iter__(self):
            kind = token["type"]
            if kind in ("StartTag", "EmptyTag"):
                namespace = token["namespace"]
                name = token["name"]
                _check_namespace(namespace, "tag")
                _check_name(name, "tag name")
                _check(isinstance(token["data"], dict), "tag data must be a dict")
                void = (not namespace or namespace == HTML_NAMESPACE) and name in VOID_ELEMENTS
                if void:
                    _check(kind == "EmptyTag", f"void element {name} must be an EmptyTag token")
                else:
                    _check(kind == "StartTag", f"non-void element {name} must be a StartTag token")
                if kind == "StartTag" and self.require_matching_tags:
                    open_elements.append((namespace, name))
                for key, value in token["data"].items():
                    _check(isinstance(key, tuple) and len(key) == 2, f"attribute key {key!r} must be (namespace, name)")
                    _check_namespace(key[0], "attribute")
                    _check_name(key[1], "attribute name")
                    _check(isinstance(value, str), f"attribute value must be a str, not {value!r}")
            elif kind == "EndTag":
                namespace = token["namespace"]
                name = token["name"]
                _check_namespace(namespace, "tag")
                _check_name(name, "tag name")
                if (not namespace or namespace == HTML_NAMESPACE) and name in VOID_ELEMENTS:
                    raise LintError(f"Void element reported as EndTag token: {name}")
                if self.require_matching_tags:
                    _check(open_elements, f"end tag {name} with no open element")
                    start = open_elements.pop()
                    _check(start == (namespace, name), f"end tag {name} closes {start[1]}")
            elif kind == "Comment":
                _check(isinstance(token["data"], str), "comment data must be a str")
            elif kind == "ProcessingInstruction":
                _check(isinstance(token["name"], str) and token["name"] != "", "PI target must be a non-empty str")
                _check(isinstance(token["data"], str), "PI data must be a str")
            elif kind in ("Characters", "SpaceCharacters"):
                data = token["data"]
                _check(isinstance(data, str) and data != "", "text data must be a non-empty str")
                if kind == "SpaceCharacters":
                    _check(data.strip(_SPACE) == "", f"SpaceCharacters with non-space data {data!r}")
            elif kind == "Doctype":
                _check(token["name"] is None or isinstance(token["name"], str), "doctype name must be a str")
                for key in ("publicId", "systemId"):
                    value = token.get(key)
                    _check(value is None or isinstance(value, str), f"doctype {key} must be a str or None")
            elif kind == "Entity":
                _check(isinstance(token["name"], str), "entity name must be a str")
            elif kind == "SerializeError":
                _check(isinstance(token["data"], str), "error data must be a str")
            else:
                raise LintError(f"Unknown token type: {kind}")
            yield token
