"""``specparser.iterparse``: a document read in pieces, its parse events
given as they happen, in the shape of lxml's and ElementTree's
``iterparse``.

    for event, element in specparser.iterparse("big.html", events=("start", "end")):
        ...

The events and what a caller may drop are :mod:`specparser.events`'; the
parsing is :class:`specparser.Parser`'s (the same tree as
:func:`specparser.parse`).
"""

from __future__ import annotations

import os
from typing import IO, TYPE_CHECKING, Any, Iterable, Iterator, Union

from .parser import Parser

if TYPE_CHECKING:
    from typing_extensions import Unpack

    from .api import ParseOptions

__all__ = ["IterParse", "iterparse"]

#: What :func:`iterparse` reads: a file name, an open file (binary, or text
#: already decoded), or the document itself.
Source = Union[str, "os.PathLike[str]", IO[bytes], IO[str], bytes]


class IterParse:
    """The iterator :func:`iterparse` returns: ``(event, node)`` pairs;
    :attr:`root` is what :func:`specparser.parse` would have returned, once
    the iteration is over."""

    def __init__(self, pieces: Iterator[Any], parser: Parser) -> None:
        self._events = self._run(pieces, parser)
        #: The parse's result (the document), after the last event.
        self.root: Any = None

    def _run(self, pieces: Iterator[Any], parser: Parser) -> Iterator[tuple[str, Any]]:
        for piece in pieces:
            parser.feed(piece)
            yield from parser.read_events()
        self.root = parser.close()
        yield from parser.read_events()

    def __iter__(self) -> IterParse:
        return self

    def __next__(self) -> tuple[str, Any]:
        return next(self._events)


def iterparse(
    source: Source,
    events: Iterable[str] = ("end",),
    *,
    tree: Any = "etree",
    chunk_size: int = 65536,
    **options: Unpack[ParseOptions],
) -> IterParse:
    """Parse ``source`` a piece of ``chunk_size`` at a time (bytes are
    sniffed as :func:`specparser.parse` sniffs them) and give the events
    ``events`` names (``"start"``, ``"end"``, ``"comment"``, ``"pi"``,
    ``"doctype"``) as the parser makes them: ``(event, node)``, the nodes
    of the ``tree`` type being built.  The keywords are
    :func:`specparser.parse`'s.  A file named by ``source`` is opened and
    closed here; an open file is read, not closed.

    Memory stays bounded when the caller drops what it has read (see
    :mod:`specparser.events`) and the bytes' encoding is known early (a
    BOM, ``encoding=``, ``transport_encoding=``, a ``<meta charset>``):
    while it is tentative the events wait, since a late ``<meta>`` could
    make the parser start again."""
    if not isinstance(chunk_size, int) or isinstance(chunk_size, bool):
        raise TypeError(f"iterparse(): chunk_size must be an int, not {type(chunk_size).__name__}")
    if chunk_size < 1:
        raise ValueError(f"iterparse(): chunk_size must be at least 1, not {chunk_size}")
    if isinstance(events, str):
        raise TypeError("iterparse(): events must be a collection of event names such as ('start', 'end'), not a str")
    parser = Parser(tree, events=events, **options)
    return IterParse(_pieces(source, chunk_size), parser)


def _pieces(source: Source, size: int) -> Iterator[Any]:
    if isinstance(source, (str, os.PathLike)):
        # A str is a file name here, as for lxml's and ElementTree's
        # iterparse (give markup as bytes, or feed a Parser).
        file = open(source, "rb")  # noqa: SIM115 (closed when the pieces end)
        return _read(file, size, close=True)
    if isinstance(source, (bytes, bytearray, memoryview)):
        data = bytes(source)
        return iter([data[i : i + size] for i in range(0, len(data), size)] or [b""])
    if callable(getattr(source, "read", None)):
        return _read(source, size, close=False)
    raise TypeError(f"iterparse(): source must be a file name, a file or bytes, not {type(source).__name__}")


def _read(file: Any, size: int, close: bool) -> Iterator[Any]:
    try:
        while True:
            piece = file.read(size)
            if not piece:
                return
            yield piece
    finally:
        if close:
            file.close()
