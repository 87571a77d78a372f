"""``html5lib.filters.alphabeticalattributes``: sort each tag's attributes."""

from __future__ import annotations

from typing import Iterator

from . import base

__all__ = ["Filter"]


def _attr_key(item: tuple) -> tuple[str, str]:
    # Keys are (namespace, name); a None namespace sorts first, as "".
    (namespace, name), _ = item
    return (namespace or "", name)


class Filter(base.Filter):
    """Alphabetizes attributes for elements"""

    def __iter__(self) -> Iterator[dict]:
        for token in base.Filter.__iter__(self):
            if token["type"] in ("StartTag", "EmptyTag") and len(token["data"]) > 1:
                token["data"] = dict(sorted(token["data"].items(), key=_attr_key))
            yield token
