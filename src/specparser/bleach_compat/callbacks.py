"""``bleach.callbacks``: linkify callbacks."""

from __future__ import annotations

from typing import Any

__all__ = ["nofollow", "target_blank"]

_HREF = (None, "href")
_REL = (None, "rel")


def nofollow(attrs: dict[Any, Any], new: bool = False) -> dict[Any, Any]:
    """Add ``rel="nofollow"`` to links (not to ``mailto:`` ones)."""
    if _HREF not in attrs or attrs[_HREF].startswith("mailto:"):
        return attrs
    rel_values = [val for val in attrs.get(_REL, "").split(" ") if val]
    if "nofollow" not in [val.lower() for val in rel_values]:
        rel_values.append("nofollow")
    attrs[_REL] = " ".join(rel_values)
    return attrs


def target_blank(attrs: dict[Any, Any], new: bool = False) -> dict[Any, Any]:
    """Add ``target="_blank"`` to links (not to ``mailto:`` ones)."""
    if _HREF not in attrs or attrs[_HREF].startswith("mailto:"):
        return attrs
    attrs[(None, "target")] = "_blank"
    return attrs
