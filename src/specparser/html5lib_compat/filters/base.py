"""``html5lib.filters.base``: the filter base class."""

from __future__ import annotations

from typing import Any, Iterable, Iterator

__all__ = ["Filter"]


class Filter:
    """Wraps a token source; iterating the filter iterates the source.
    Attributes the filter lacks are looked up on the source (so a filter
    chain still exposes e.g. a walker's ``tree``)."""

    def __init__(self, source: Iterable[dict]) -> None:
        self.source = source

    def __iter__(self) -> Iterator[dict]:
        return iter(self.source)

    def __getattr__(self, name: str) -> Any:
        # Only reached for missing attributes; guard against recursion
        # before __init__ has set ``source`` (copy, pickle).
        if name == "source":
            raise AttributeError(name)
        return getattr(self.source, name)
