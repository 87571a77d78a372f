"""Tree construction fed text a piece at a time.

:class:`IncrementalTreeConstruction` takes decoded text in pieces of any
size (:meth:`~IncrementalTreeConstruction.feed`) and builds the tree as it
goes: each time enough new text has come, the tokenizer runs over the text
not yet consumed (the *window*) behind a :class:`~.gate.TokenGate`, which
passes every token more input cannot change on to tree construction and
stops the run at the first it could.  The window then starts at the gate's
resume point; the text before it is dropped.

Preprocessing (https://html.spec.whatwg.org/#preprocessing-the-input-stream)
happens here, piece by piece: a CR at the end of a piece waits for the next
one, which may begin with the LF of the same CR LF.

Work stays linear in the input however it is split: a run costs about the
window's length, and the tokenizer runs again only once the window has
doubled (and grown by the gate's margin) since the last run stopped, so a
document fed one character at a time costs a constant factor more, not a
factor of its length.
"""

from __future__ import annotations

from typing import Any

from ..collector import pause_collection, resume_collection
from ..errors import ParseError
from ..tokenizer import Tokenizer
from ..tokens import DATA_STATE, PLAINTEXT_STATE, RAWTEXT_STATE, RCDATA_STATE, SCRIPT_DATA_STATE
from ..treebuilder import TreeBuilder
from ..treeconstruction import TreeConstructor
from ..treeconstruction.events import EventTreeConstructor, StackListener
from .gate import MARGIN, Suspend, TokenGate
from .positions import SourceLines
from .window import WindowTokenizer

__all__ = ["IncrementalTokenizer", "IncrementalTreeConstruction"]

# At a resume point (just after a tag) the tokenizer is in one of these
# states, and it can pass the next tag on only once this has come: a run
# before it would only make the tokens of the text so far, which the gate
# holds back anyway.  This keeps a long script, style sheet or text from
# being read again at every piece.  (PLAINTEXT never ends: it waits for
# close().)
_AWAITED = {
    DATA_STATE: "<",
    RCDATA_STATE: "</",
    RAWTEXT_STATE: "</",
    SCRIPT_DATA_STATE: "</",
    PLAINTEXT_STATE: "\x00</plaintext never ends>",
}

# While its offsets are the input's (the window starts at the input's
# start), the tokens before the window's cut skip the gate (see .window).
# For a sink that reads the offsets (a builder's source lines), the window
# keeps the input's start for the first _KEPT_START characters, as long as
# what was consumed is at most _KEEP_RATIO times what came since the last
# run: each run then costs (in copies at C speed) a constant factor of
# the new text, and memory stays bounded.  A parse that keeps its whole
# tree anyway (no events to drop nodes by) keeps the input's start to the
# end (``keeps_start``), as the one-shot parse keeps its text: the tokens
# all skip the gate, and the runs come once the window has doubled, so
# that the copies of the window cost at most about twice the input.
_KEPT_START = 1 << 20
_KEEP_RATIO = 4


class IncrementalTokenizer:
    """The tokenizer over text that comes in pieces, its tokens pushed into
    ``sink`` (a :class:`specparser.tokens.TokenSink`) exactly as the
    one-shot :class:`specparser.tokenizer.Tokenizer` pushes them for the
    whole text: the same tokens, split the same way, with the same offsets
    (into the whole preprocessed input), and the same errors in ``errors``.
    ``state`` and ``last_start_tag`` are the tokenizer's to start with.
    ``self.lines`` (a :class:`.positions.SourceLines`, made when ``errors``
    is a list) gives the errors their lines and columns."""

    __slots__ = (
        "sink", "errors", "fast_paths", "gate", "lines",
        "_window", "_base", "_start", "_incoming", "_incoming_length", "_cr", "_retry_length", "_closed",
        "_awaited", "_awaited_at", "_last", "forget_lines", "_resolved_errors", "offsets_read", "keeps_start",
    )  # fmt: skip

    def __init__(
        self,
        sink: Any,
        *,
        errors: list[ParseError] | None = None,
        fast_paths: bool = True,
        state: int = DATA_STATE,
        last_start_tag: str | None = None,
    ) -> None:
        self.sink = sink
        self.errors = errors
        self.fast_paths = fast_paths
        self.gate = TokenGate(sink, errors, state)
        self.gate.resume = (0, state, last_start_tag, 0)
        self.lines = SourceLines() if errors is not None else None
        # Whether only the errors read the lines (no builder asks for the
        # source): then what is behind the resume point can be forgotten.
        self.forget_lines = errors is not None
        # Whether the sink reads the tokens' offsets (see .window: those of
        # the tokens that skip the gate are into the window).
        self.offsets_read = True
        # Whether the window keeps the input's start to the end (see _KEPT_START).
        self.keeps_start = False
        self._resolved_errors = 0
        self._window = ""  # the text from offset _base on
        self._base = 0
        self._start = 0  # the resume point in _window (see _KEPT_START)
        self._incoming: list[str] = []
        self._incoming_length = 0
        self._cr = False
        self._retry_length = 1
        self._closed = False
        # What the tokenizer needs to see before it can pass a tag on from
        # the resume point (see _AWAITED), where it first is in the input
        # (-1: not yet), and the last character taken.
        self._awaited: str | None = None
        self._awaited_at = 0
        self._last = ""

    def feed(self, text: str) -> None:
        """The next piece of the (not yet preprocessed) text."""
        if self._closed:
            raise ValueError("feed() after close()")
        if self._cr:
            text = "\r" + text
            self._cr = False
        if text.endswith("\r"):
            # It may be the CR of a CR LF split between two pieces.
            text = text[:-1]
            self._cr = True
        if "\r" in text:
            text = text.replace("\r\n", "\n").replace("\r", "\n")
        if not text:
            return
        before = self._base + len(self._window) + self._incoming_length
        self._take(text)
        if self._awaited_at < 0:
            awaited: str = self._awaited  # type: ignore[assignment]
            at = text.find(awaited)
            if at >= 0:
                self._awaited_at = before + at
            elif len(awaited) == 2 and self._last == awaited[0] and text[0] == awaited[1]:
                self._awaited_at = before - 1  # the needle straddles the pieces
        self._last = text[-1]
        pending = len(self._window) - self._start + self._incoming_length
        # A tag at the awaited needle can only be passed on if it ends
        # before the gate's margin.
        if pending >= self._retry_length and 0 <= self._awaited_at < before + len(text) - MARGIN:
            self._run(False)

    def close(self) -> Any:
        """The end of the input: tokenize to the end (the sink's ``eof``)."""
        if self._closed:
            raise ValueError("close() called twice")
        if self._cr:
            self._cr = False
            self._take("\n")
        return self._run(True)

    def _take(self, text: str) -> None:
        self._incoming.append(text)
        self._incoming_length += len(text)
        if self.lines is not None:
            self.lines.extend(text)

    def _new_tokenizer(self, window: str, final: bool) -> Tokenizer:
        """The tokenizer for one run, in the state of the resume point:
        the tokens before the window's cut (the last ``<`` that ends
        tokens more input cannot change, see .window) skip the gate when
        their offsets are the input's or no one reads them."""
        gate = self.gate
        cut = -1
        start = self._start
        if self._base == 0 or not self.offsets_read:
            cut = len(window) if final else window.rfind("<", start, len(window) - MARGIN + 1)
        tokenizer = WindowTokenizer(
            window, gate, errors=self.errors, fast_paths=self.fast_paths, cut=cut, direct=self.sink
        )
        _, tokenizer.state, tokenizer.last_start_tag, _ = gate.resume
        tokenizer.pos = start
        return tokenizer

    def _finish(self) -> Any:
        """What :meth:`close` returns, once the last run is over."""
        return None

    def _leaving_the_start(self, window: str) -> None:
        """The window (``window``: all the text so far) is about to drop
        the input's start for the first time."""

    def _run(self, final: bool) -> Any:
        """Run the tokenizer over the window (from the gate's resume
        point), passing tokens on until the gate stops it (or to the end
        when ``final``); then drop the text consumed."""
        window = "".join([self._window, *self._incoming]) if self._incoming else self._window
        taken = self._incoming_length
        self._incoming.clear()
        self._incoming_length = 0
        gate = self.gate
        tokenizer = self._new_tokenizer(window, final)
        base = self._base
        gate.start_run(tokenizer, base, base + len(window), final)
        result = None
        paused = pause_collection()
        try:
            try:
                tokenizer.run()
            except Suspend:
                pass
            gate.end_run(window, self.lines)
            if final:
                self._closed = True
                result = self._finish()
        finally:
            resume_collection(paused)
        resume_at = gate.resume[0]
        if self.forget_lines and self.errors is not None:
            # Memory that follows the document's depth, not its length:
            # the errors passed on get their lines and columns now, and
            # the newline offsets before the resume point go.
            errors = self.errors
            for error in errors[self._resolved_errors :]:
                error._resolve()
            self._resolved_errors = len(errors)
            self.lines.forget_before(resume_at)  # type: ignore[union-attr]
        if (
            base == 0 and self.offsets_read and self.errors is None
            and (self.keeps_start or (resume_at <= _KEPT_START and resume_at <= _KEEP_RATIO * taken))
        ):  # fmt: skip
            self._window = window
            self._start = resume_at
        else:
            if base == 0 and resume_at and not final:
                self._leaving_the_start(window)
            self._window = window[resume_at - base :]
            self._base = resume_at
            self._start = 0
        pending = len(self._window) - self._start
        self._retry_length = max(2 * pending, pending + MARGIN + 1)
        if self.keeps_start and self._base == 0:
            # The next run once the window has doubled (see _KEPT_START).
            self._retry_length = max(self._retry_length, len(self._window) + pending)
        self._awaited = awaited = _AWAITED.get(gate.resume[1])
        if awaited is None:
            self._awaited_at = self._base + self._start
        else:
            at = self._window.find(awaited, self._start)
            self._awaited_at = -1 if at < 0 else self._base + at
        return result


class IncrementalTreeConstruction(IncrementalTokenizer):
    """Tokenizer and tree construction over text that comes in pieces (a
    document, or with ``context`` (local name, namespace) a fragment, as
    :func:`specparser.treeconstruction.build_tree` takes it).  ``decoded`` is the
    :class:`specparser.encoding.DecodedInput` tree construction asks about
    ``<meta charset>`` (``None`` for str input).  :meth:`close` returns
    ``builder.finish()``."""

    __slots__ = ("builder", "constructor", "_whole_text", "_window_source")

    def __init__(
        self,
        builder: TreeBuilder,
        *,
        scripting: bool = False,
        errors: list[ParseError] | None = None,
        decoded: Any = None,
        fast_paths: bool = True,
        listener: StackListener | None = None,
        shadow_roots: bool = False,
        context: tuple[str, str] | None = None,
    ) -> None:
        constructor: TreeConstructor
        if listener is None:
            constructor = TreeConstructor(
                builder, scripting=scripting, errors=errors, context=context, fast_paths=fast_paths,
                shadow_roots=shadow_roots,
            )  # fmt: skip
        else:
            # The event interfaces (specparser.events): told of every push and pop.
            constructor = EventTreeConstructor(
                builder, listener, scripting=scripting, errors=errors, context=context, shadow_roots=shadow_roots
            )
        constructor.decoded = decoded
        tracks_source = type(builder).set_source is not TreeBuilder.set_source
        # While the window starts at the input's start (see _KEPT_START),
        # a builder that only counts newlines (source_lines_suffice) reads
        # the window itself: str.count at C speed, not a SourceLines call
        # per element.  (With errors= the window drops its start at once.)
        self._window_source = tracks_source and errors is None and getattr(builder, "source_lines_suffice", False)
        # A fragment starts in the state its context element asks for
        # (https://html.spec.whatwg.org/#html-fragment-parsing-algorithm step 4).
        state = DATA_STATE if context is None else constructor.initial_tokenizer_state()
        super().__init__(constructor, errors=errors, fast_paths=fast_paths, state=state)
        # The errors' lines (errors= only) are kept whole when a builder
        # reads them too (a builder that counts newlines is given them
        # below); without errors= a builder gets the window or the whole
        # text instead.
        self.forget_lines = self.lines is not None and not tracks_source
        self.offsets_read = tracks_source
        self.keeps_start = tracks_source and errors is None and listener is None
        self.builder = builder
        self.constructor = constructor
        # What the builder learns about lines.
        self._whole_text: list[str] | None = None
        # (With _window_source: set_source(window) for each run, see _new_tokenizer.)
        if tracks_source and not self._window_source:
            if getattr(builder, "source_lines_suffice", False):
                # errors= is given: the errors' own lines answer what the builder asks.
                builder.set_source(self.lines)  # type: ignore[arg-type]
            else:
                # A builder of the caller's own gets the text itself, as
                # the one-shot parser gives it (kept whole for it).
                self._whole_text = []

    def _take(self, text: str) -> None:
        super()._take(text)
        if self._whole_text is not None:
            self._whole_text.append(text)

    def _new_tokenizer(self, window: str, final: bool) -> Tokenizer:
        if self._whole_text is not None:
            whole = "".join(self._whole_text)
            self._whole_text = [whole]
            self.builder.set_source(whole)
        elif self._window_source:
            self.builder.set_source(window)
        tokenizer = super()._new_tokenizer(window, final)
        self.constructor.tokenizer = tokenizer
        return tokenizer

    def _finish(self) -> Any:
        return self.builder.finish()

    def _leaving_the_start(self, window: str) -> None:
        if self._window_source:
            # From here on the builder asks the newline offsets, made now
            # from all the text so far and kept up by _take.
            self._window_source = False
            self.lines = lines = SourceLines(columns=False)
            lines.extend(window)
            self.builder.set_source(lines)  # type: ignore[arg-type]
