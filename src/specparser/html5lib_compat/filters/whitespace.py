"""``html5lib.filters.whitespace``: collapse runs of whitespace to one space
outside elements where whitespace is significant."""

from __future__ import annotations

import re
from typing import Iterator

from . import base
from ..constants import rcdataElements

__all__ = ["Filter", "SPACES_REGEX", "collapse_spaces"]

SPACES_REGEX = re.compile("[\t\n\x0c\r ]+")


def collapse_spaces(text: str) -> str:
    return SPACES_REGEX.sub(" ", text)


class Filter(base.Filter):
    """Collapses whitespace except in pre, textarea, and script elements"""

    spacePreserveElements = frozenset(["pre", "textarea", "plaintext", *rcdataElements])

    def __iter__(self) -> Iterator[dict]:
        # Depth inside the outermost whitespace-preserving element (0: none).
        preserve = 0
        for token in base.Filter.__iter__(self):
            kind = token["type"]
            if kind == "StartTag" and (preserve or token["name"] in self.spacePreserveElements):
                preserve += 1
            elif kind == "EndTag" and preserve:
                preserve -= 1
            elif not preserve and kind == "SpaceCharacters" and token["data"]:
                token["data"] = " "
            elif not preserve and kind == "Characters":
                token["data"] = collapse_spaces(token["data"])
            yield token
