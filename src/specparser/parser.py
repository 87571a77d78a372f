"""The incremental parser: :class:`Parser`, fed with ``feed()`` as data
arrives and finished with ``close()``, which returns what :func:`parse`
returns for the whole input.

    >>> import specparser
    >>> parser = specparser.Parser("etree")
    >>> for piece in (b"<!DOCTYPE html><p>Hel", b"lo <a href=/x>wor", b"ld</a>"):
    ...     parser.feed(piece)
    >>> tree = parser.close()
    >>> specparser.serialize(tree)
    '<!DOCTYPE html><html><head></head><body><p>Hello <a href="/x">world</a></p></body></html>'

The tree is built while the data comes (tree construction gets each token
as soon as more input cannot change it, see :mod:`specparser.incremental`),
and the text the tokenizer has consumed is dropped.  Bytes go through the
encoding sniffing algorithm as they come (:mod:`specparser.encoding.incremental`);
while the encoding is tentative the bytes are kept, for the re-parse the
standard asks for when a ``<meta>`` names another encoding
(https://html.spec.whatwg.org/#changing-the-encoding-while-parsing).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Iterator

from .api import ParseJob, parse
from .encoding.bytestream import DecodedInput
from .encoding.change import ReparseWithEncoding
from .encoding.incremental import ByteStream, Utf8Check
from .encoding.sniffing import CERTAIN, TENTATIVE, Sniffed
from .errors import ParseError
from .treebuilder import TreeBuilder

if TYPE_CHECKING:
    from .events import EventQueue, HeldCalls
    from .treeconstruction.events import StackListener
    from typing_extensions import Unpack

    from .api import ParseOptions, TreeName
    from .incremental import IncrementalTreeConstruction

__all__ = ["Parser"]

# parse()'s keywords and their defaults: Parser takes exactly those, in
# parse()'s order, so a keyword added to parse() is a keyword of Parser too.
_PARSE_KEYWORDS: dict[str, Any] = dict(parse.__kwdefaults__ or {})


class Parser:
    """An HTML document parser fed in pieces.

    ``tree`` and the keywords are :func:`specparser.parse`'s (checked the
    same way); with ``context`` (an element name, as
    :func:`specparser.parse_fragment` takes it) the input is a fragment and
    :meth:`close` returns what :func:`~specparser.parse_fragment` returns.  :meth:`feed` takes ``bytes`` (``bytearray``,
    ``memoryview``) or ``str`` pieces of any size, split anywhere (all of
    one kind for one parser); :meth:`close` returns the result
    :func:`~specparser.parse` returns for the concatenated input, with the
    same parse errors appended to ``errors`` and the same ``info``.  A
    parser that was fed nothing parses the empty string.

    ``events`` (names of :data:`specparser.events.EVENT_NAMES`) queues
    ``(event, node)`` pairs for :meth:`read_events`; ``target`` (an object
    with some of ``start``, ``end``, ``data``, ``comment``, ``pi``,
    ``doctype``, ``close``) is called instead of building a tree, and
    :meth:`close` returns its ``close()``'s result (:mod:`specparser.events`;
    the guide "Events and bounded memory")."""

    def __init__(
        self,
        tree: TreeName | TreeBuilder | type[TreeBuilder] | str = "etree",
        *,
        context: str | None = None,
        events: Iterable[str] | None = None,
        target: Any = None,
        **options: Unpack[ParseOptions],
    ) -> None:
        unknown = [name for name in options if name not in _PARSE_KEYWORDS]
        if unknown:
            raise TypeError(f"Parser() got an unexpected keyword argument {unknown[0]!r}")
        keywords = {**_PARSE_KEYWORDS, **options}
        self._job = ParseJob("Parser", tree, context, **keywords, fragment=context is not None)
        if context is not None and (events is not None or target is not None):
            raise TypeError("Parser(): events and target are for documents, not fragments (context=)")
        self._kind: type | None = None  # str or bytes, from the first feed
        self._closed = False
        self._tree: IncrementalTreeConstruction | None = None
        self._decoded = DecodedInput("", None, "irrelevant", None)
        self._found: list[ParseError] | None = None
        self._builder: Any = None
        self._stream: ByteStream | None = None
        self._utf8_check: Utf8Check | None = None
        # The event interfaces (specparser.events, imported when used: it
        # brings tree construction with it).
        self._wanted: frozenset[str] | None = None
        self._queue: EventQueue | None = None
        self._target = target
        self._held_calls: HeldCalls | None = None
        if events is not None or target is not None:
            self._check_event_options(tree, events, target)

    def _check_event_options(self, tree: Any, events: Any, target: Any) -> None:
        from .events import check_events, check_target

        if target is None:
            self._wanted = check_events("Parser()", events)
            return
        if tree != "etree":
            raise TypeError("Parser(): a target builds no tree: give target= or tree, not both")
        if events is not None:
            raise TypeError("Parser(): events and target exclude each other (read_events() or the target's calls)")
        check_target("Parser()", target)

    def read_events(self) -> Iterator[tuple[str, Any]]:
        """The ``(event, node)`` pairs of the kinds ``events`` named, in the
        order the parser acted, each given once (:mod:`specparser.events`
        says what they mean).  While a re-parse may still come (bytes
        whose encoding is tentative: no BOM, ``encoding=``,
        ``transport_encoding=``, or ``<meta charset>`` seen by tree
        construction yet) the events wait, so none is given that the
        re-parse would take back."""
        if self._wanted is None:
            raise TypeError("Parser.read_events(): the parser was made without events=")
        if self._queue is None or self._may_parse_again():
            return iter(())
        return self._queue.drain()

    def _may_parse_again(self) -> bool:
        """Are bytes kept for a re-parse (so what was built may be undone)?"""
        return not self._closed and self._stream is not None and self._stream.kept is not None

    def _release_held(self) -> None:
        if self._held_calls is not None and not self._may_parse_again():
            self._held_calls.release()

    def feed(self, data: bytes | bytearray | memoryview | str) -> None:
        """The next piece of the document."""
        if self._closed:
            raise ValueError("Parser.feed(): the parser is closed")
        if isinstance(data, str):
            kind: type = str
        elif isinstance(data, (bytes, bytearray, memoryview)):
            kind = bytes
            data = bytes(data)
        else:
            raise TypeError(f"Parser.feed(): data must be bytes or str, not {type(data).__name__}")
        if self._job.drops_input:
            return  # parse_fragment() parses nothing either (safe=True, a script context)
        if self._kind is None:
            self._start(kind)
        elif kind is not self._kind:
            raise TypeError(
                f"Parser.feed(): this parser was fed {self._kind.__name__}, so data must be "
                f"{self._kind.__name__} too, not {type(data).__name__}"
            )
        if kind is str:
            self._tree.feed(data)  # type: ignore[union-attr, arg-type]
        else:
            self._feed_bytes(data, False)  # type: ignore[arg-type]
        self._release_held()

    def close(self) -> Any:
        """The end of the document: the result :func:`specparser.parse`
        gives (``errors`` and ``info`` filled in the same way)."""
        if self._closed:
            raise ValueError("Parser.close(): the parser is closed")
        if self._kind is None:
            self._start(str)
        if self._kind is str:
            result = self._tree.close()  # type: ignore[union-attr]
        else:
            result = self._feed_bytes(b"", True)
        self._closed = True
        if self._target is not None:
            self._held_calls.release()  # type: ignore[union-attr]
            self._job.report(self._builder, self._found, self._decoded)
            close = getattr(self._target, "close", None)
            return close() if callable(close) else None
        return self._job.result(result, self._builder, self._found, self._decoded)

    # -- the passes ----------------------------------------------------------

    def _start(self, kind: type) -> None:
        self._kind = kind
        job = self._job
        if kind is str:
            job.check_text_input("the data fed is str")
            self._new_pass(self._decoded)
        else:
            self._stream = self._byte_stream(None)

    def _byte_stream(self, forced: Sniffed | None, hold: bool = False) -> ByteStream:
        job = self._job
        return ByteStream(
            override=job.override,
            transport_encoding=job.transport_encoding,
            default=job.default,
            detect_utf8=job.detect_utf8,
            detector=job.detector,
            forced=forced,
            hold=hold,
        )

    def _new_pass(self, decoded: DecodedInput) -> None:
        """A new builder and tree construction (the first pass, or a
        re-parse), reading ``decoded``'s encoding."""
        from .incremental import IncrementalTreeConstruction  # (with the tokenizer, on first use)

        job = self._job
        self._decoded = decoded
        self._found = [] if job.errors is not None else None
        listener: StackListener | None = None
        if self._target is not None or self._wanted is not None:
            from .events import EventQueue, HeldCalls, TargetBuilder, reporting_builder
        if self._target is not None:
            # A re-parse starts a new buffer: what the first pass said is dropped.
            self._held_calls = HeldCalls(self._target)
            self._builder = listener = TargetBuilder(self._held_calls, job.html_namespace)
        elif self._wanted is not None:
            self._queue = listener = EventQueue(self._wanted)
            self._builder = reporting_builder(job.make_builder(), self._queue)
        else:
            self._builder = job.make_builder()
        self._tree = IncrementalTreeConstruction(
            self._builder, scripting=job.scripting, errors=self._found, decoded=decoded, listener=listener,
            shadow_roots=job.shadow_roots, context=job.context,
        )

    def _feed_bytes(self, data: bytes, final: bool) -> Any:
        """Decode and parse ``data``; parse again from the kept bytes when
        the encoding turns out to be another."""
        check = self._utf8_check
        if check is not None and not check.feed(data, final):
            # Not valid UTF-8 after all: the one-shot parser would have
            # taken the default encoding from the start, or (with a
            # detector) the detector's answer for all the bytes.
            self._utf8_check = None
            data = self._restart(None if self._job.detector is not None else Sniffed(self._job.default, TENTATIVE, "default")) + data
        while True:
            stream = self._stream
            try:
                text = stream.feed(data, final)  # type: ignore[union-attr]
                if stream.utf8_check is not None:  # type: ignore[union-attr]
                    self._utf8_check = stream.utf8_check  # type: ignore[union-attr]
                    stream.utf8_check = None  # type: ignore[union-attr]
                if self._tree is None and stream.sniffed is not None:  # type: ignore[union-attr]
                    encoding, confidence, source = stream.sniffed  # type: ignore[union-attr]
                    self._new_pass(DecodedInput("", encoding, confidence, None, source))
                if self._tree is None:
                    return None
                if text:
                    self._tree.feed(text)
                result = self._tree.close() if final else None
            except ReparseWithEncoding as request:
                # https://html.spec.whatwg.org/#changing-the-encoding-while-parsing
                # step 6: the bytes again, in the new encoding, confidence certain.
                data = self._restart(Sniffed(request.encoding, CERTAIN, "meta"))
                continue
            if self._tree is not None and self._decoded.confidence != TENTATIVE and self._utf8_check is None:
                stream.kept = None  # type: ignore[union-attr]  # no re-parse can come
            return result

    def _restart(self, sniffed: Sniffed | None) -> bytes:
        """Forget the pass so far; returns the bytes to feed again (in
        ``sniffed``'s encoding, or with ``None``, held to the end for the
        detector)."""
        kept = self._stream.kept  # type: ignore[union-attr]
        if kept is None:
            raise RuntimeError("Parser: a re-parse was asked for after the bytes were dropped")
        self._stream = self._byte_stream(sniffed, hold=sniffed is None)
        self._tree = None
        return bytes(kept)
