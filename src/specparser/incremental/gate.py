"""The token gate: what lets the one-shot tokenizer run on input that is
not all there yet.

The tokenizer (:mod:`specparser.tokenizer`) is run unchanged on the text
received so far (a *window*: the text from the last resume point on).  The
:class:`TokenGate` sits between it and tree construction and passes on only
the tokens that more input cannot change; at the first token that it could
change (or at the end of the window) it stops the run by raising
:class:`Suspend`.  When more input has come, a new tokenizer runs from the
resume point, the tokens the gate already passed on are recognised by
their order and skipped, and the run goes on.

Which tokens more input cannot change: the tokenizer decides each token
from the characters up to its end plus a short look-ahead (the character
after a text run, the name of a character reference, ``<!DOCTYPE``,
``[CDATA[`` ...; never more than :data:`MARGIN` characters past the
token).  So a token that ends at least :data:`MARGIN` characters before the
end of the window is the token the one-shot parse makes there.  A tag
token says where it ends; a text, comment, DOCTYPE or processing
instruction token does not (a character reference makes the text shorter
than its source), so the gate holds each such token back until the next
token arrives, whose start bounds it.

The resume point is the end of the last tag passed on: there the tokenizer
is between tokens in a state the gate can read back (the data state, or the
text state a start tag switched it to).  Tree construction only talks back
to the tokenizer at start tags (its state, "the last start tag") and at
``<![CDATA[`` (:meth:`TokenGate.cdata_allowed`, whose answers are replayed),
so running the tokenizer again from there makes the same tokens.

Errors: the tokenizer's and tree construction's parse errors go to one
list, in the one-shot order; the gate keeps that order while it holds a
token back, drops the errors of tokens it did not pass on, and gives the
tokenizer's errors (whose offsets are into the window) their offsets in the
whole input.
"""

from __future__ import annotations

import sys
from typing import Any, Callable

from ..errors import TAG_ERROR_CODES, ParseError
from ..tokens import DATA_STATE, PLAINTEXT_STATE, RAWTEXT_STATE, RCDATA_STATE, SCRIPT_DATA_STATE, Doctype, EndTag, StartTag

__all__ = ["MARGIN", "Suspend", "TokenGate"]

#: How far past its end the tokenizer may look to decide a token (longer
#: than the longest character reference name, 32, plus ``&`` and ``;``).
MARGIN = 64


# The states whose text runs start where the tokenizer stands (see
# TokenGate.characters).
_TEXT_STATES = frozenset({DATA_STATE, RCDATA_STATE, RAWTEXT_STATE, SCRIPT_DATA_STATE, PLAINTEXT_STATE})


_INPUT_STREAM_ERRORS = frozenset(
    {"surrogate-in-input-stream", "noncharacter-in-input-stream", "control-character-in-input-stream"}
)


class Suspend(Exception):
    """Raised by the gate to stop the tokenizer: the rest needs more input."""


class TokenGate:
    """The tokenizer's sink while parsing incrementally: passes the final
    tokens on to ``target`` (a :class:`specparser.treeconstruction.TreeConstructor`),
    offsets moved by :attr:`base` (where the window starts in the input)."""

    # Tags are passed on at once, and the target borrows them too.
    borrows_tags = True

    __slots__ = (
        "target", "errors", "tokenizer", "base", "limit", "final", "skip", "count", "resume",
        "held", "held_text", "held_pos", "held_mark", "passed_errors", "fixed_errors", "cdata_answers",
        "input_errors_through", "direct_errors",
        "_characters", "_start_tag", "_end_tag", "_comment", "_pi", "_doctype", "_eof",
    )  # fmt: skip

    def __init__(self, target: Any, errors: list[ParseError] | None, state: int = DATA_STATE) -> None:
        self.target = target
        self.errors = errors
        self.tokenizer: Any = None
        self.base = 0
        self.limit = -1
        self.final = False
        # Text, comment, DOCTYPE and PI tokens passed on so far; a run
        # skips the first ``skip`` it makes (passed on by an earlier run).
        self.count = 0
        self.skip = 0
        #: The resume point: (offset in the input, tokenizer state there,
        #: its last start tag, ``count`` there).
        self.resume: tuple[int, int, str | None, int] = (0, state, None, 0)
        # The held token: True for text (the common case, kept in
        # held_text and held_pos), else (sink method, arguments).
        self.held: tuple[Callable[..., Any], tuple[Any, ...]] | bool | None = None
        self.held_text = ""
        self.held_pos = 0
        self.held_mark = 0  # len(errors) when the held token came
        self.passed_errors = 0  # len(errors) after the last token passed on
        self.fixed_errors = 0  # errors before this have their final offsets
        # The largest offset of an input stream error passed on: a run
        # starting at it must not report it again (an error at that offset
        # can flush it before the token that starts there).
        self.input_errors_through = -1
        # len(errors) when the tokenizer last went past the gate (go_direct).
        self.direct_errors = 0
        # <![CDATA[ offset in the input -> the answer given there.
        self.cdata_answers: dict[int, bool] = {}
        self._characters = target.characters
        self._start_tag = target.start_tag
        self._end_tag = target.end_tag
        self._comment = target.comment
        self._pi = target.processing_instruction
        self._doctype = target.doctype
        self._eof = target.eof

    # -- a run -------------------------------------------------------------

    def start_run(self, tokenizer: Any, base: int, end: int, final: bool) -> None:
        """A new tokenizer over the window that starts at offset ``base``
        of the input (the resume point) and ends at ``end``."""
        self.tokenizer = tokenizer
        self.base = base
        self.final = final
        self.limit = sys.maxsize if final else end - base - MARGIN
        self.skip = self.count - self.resume[3]
        self.count = self.resume[3]
        pending = tokenizer._input_errors
        through = self.input_errors_through - base
        if pending and pending[-1][0] <= through:
            while pending and pending[-1][0] <= through:
                pending.pop()
            tokenizer._next_input_error = pending[-1][0] if pending else sys.maxsize

    def end_run(self, window: str, lines: Any) -> None:
        """After a run (suspended or finished): forget what was not passed
        on and give the errors passed on their offsets in the input."""
        self.held = None
        at = self.resume[0]
        answers = self.cdata_answers
        if answers:
            self.cdata_answers = {offset: answer for offset, answer in answers.items() if offset >= at}
        errors = self.errors
        if errors is None:
            return
        del errors[self.passed_errors :]
        local = self.tokenizer._index
        base = self.base
        for error in errors[self.fixed_errors :]:
            if error._index is local:
                error.offset += base
                error._index = lines
            elif error._index is None and error._line is None:
                error._index = lines
            if error.code in TAG_ERROR_CODES and lines is not None and 0 <= error.offset - base < len(window):
                lines.keep_tag(error.offset, window, error.offset - base)
            elif error.code in _INPUT_STREAM_ERRORS and error.offset > self.input_errors_through:
                self.input_errors_through = error.offset
        self.fixed_errors = len(errors)

    # -- passing tokens on -------------------------------------------------

    def _skipped(self) -> None:
        """A token passed on in an earlier run, made again: drop it and the
        errors the tokenizer found again for it."""
        self.skip -= 1
        self.count += 1
        errors = self.errors
        if errors is not None:
            del errors[self.passed_errors :]

    def _hold(self, function: Callable[..., Any], args: tuple[Any, ...]) -> None:
        self.held = (function, args)
        errors = self.errors
        if errors is not None:
            self.held_mark = len(errors)

    def _release(self) -> None:
        """Pass the held token on.  The errors that came after it are the
        next token's (the tokenizer's); they go back after its tree
        construction errors."""
        held = self.held
        self.held = None
        if held is True:
            function: Callable[..., Any] = self._characters
            args: tuple[Any, ...] = (self.held_text, self.held_pos)
        else:
            function, args = held  # type: ignore[misc]
        errors = self.errors
        if errors is None:
            function(*args)
        elif len(errors) > self.held_mark:
            later = errors[self.held_mark :]
            del errors[self.held_mark :]
            function(*args)
            self.passed_errors = len(errors)
            errors.extend(later)
        else:
            function(*args)
            self.passed_errors = len(errors)
        self.count += 1

    def _next_token_at(self, pos: int) -> None:
        """A token starts at ``pos``: the held one ends before it, so it
        is final unless ``pos`` is within the margin of the window's end."""
        if pos > self.limit:
            raise Suspend
        self._release()

    # -- past the gate (see .window) -------------------------------------------

    def go_direct(self, pos: int) -> bool:
        """May the tokenizer, between tokens at ``pos`` (in the window)
        and before the window's cut, pass its tokens on itself?  Not
        while it makes tokens passed on before (``skip``); a held token
        ends before ``pos``, so it is passed on first."""
        if self.skip:
            return False
        if self.held is not None:
            if pos > self.limit:
                return False
            self._release()
        errors = self.errors
        if errors is not None:
            self.direct_errors = len(errors)
        return True

    def direct_ended(self, pos: int, state: int, last_start_tag: str | None) -> None:
        """The tokenizer passed tokens on itself up to ``pos`` (in the
        window), where it is in ``state`` between tokens: a new resume
        point.  Tree construction's errors got offsets into the window:
        they move to the input's (the tokenizer's own are moved with the
        rest in end_run)."""
        base = self.base
        self.resume = (pos + base, state, last_start_tag, self.count)
        errors = self.errors
        if errors is not None:
            if base:
                for error in errors[self.direct_errors :]:
                    if error._index is None and error.offset >= 0:
                        error.offset += base
            self.passed_errors = len(errors)

    # -- the sink methods (specparser.tokens.TokenSink) ----------------------
    # Every token goes through one of these: they are written for speed
    # (no helper call on the common path; the checks in the order that
    # settles the common case first).  While tokens passed on before are
    # made again (``skip``) nothing is held.

    def characters(self, data: str, pos: int) -> None:
        held = self.held
        if held is not None:
            if pos > self.limit:
                raise Suspend
            if held is True and self.errors is None:
                self._characters(self.held_text, self.held_pos)
                self.count += 1
            else:
                self._release()
        elif self.skip:
            self._skipped()
            return
        tokenizer = self.tokenizer
        if pos == tokenizer.pos and tokenizer.state in _TEXT_STATES:
            # A text state emits a run from where it stands: the tokenizer
            # is between tokens here, so a run can resume here (a long
            # script is not read again from its start tag) - unless errors
            # found since the last token passed on (for markup that makes
            # no token, such as "</>") would be lost with the text before.
            errors = self.errors
            if errors is None or len(errors) == self.passed_errors or errors[self.passed_errors].offset >= pos:
                self.resume = (pos + self.base, tokenizer.state, tokenizer.last_start_tag, self.count)
        self.held = True
        self.held_text = data
        self.held_pos = pos + self.base
        if self.errors is not None:
            self.held_mark = len(self.errors)

    def comment(self, data: str, pos: int) -> None:
        if self.held is not None:
            self._next_token_at(pos)
        elif self.skip:
            self._skipped()
            return
        self._hold(self._comment, (data, pos + self.base))

    def processing_instruction(self, target: str, data: str, pos: int) -> None:
        if self.held is not None:
            self._next_token_at(pos)
        elif self.skip:
            self._skipped()
            return
        self._hold(self._pi, (target, data, pos + self.base))

    def doctype(self, doctype: Doctype) -> None:
        if self.held is not None:
            self._next_token_at(doctype.pos)
        elif self.skip:
            self._skipped()
            return
        doctype.pos += self.base
        self._hold(self._doctype, (doctype,))

    def start_tag(self, tag: StartTag) -> None:
        end = tag.end
        if end > self.limit:
            raise Suspend
        if self.held is not None:
            if self.held is True and self.errors is None:
                self.held = None
                self._characters(self.held_text, self.held_pos)
            else:
                self._release()
        elif self.skip:
            raise RuntimeError("incremental parser: a tag where a token passed on before was expected")
        base = self.base
        if base:
            tag.pos += base
            end += base
            tag.end = end
        self._start_tag(tag)
        # The new resume point: after the tag, in the state tree
        # construction left the tokenizer in.
        tokenizer = self.tokenizer
        self.resume = (end, tokenizer.state, tokenizer.last_start_tag, self.count)
        if self.errors is not None:
            self.passed_errors = len(self.errors)

    def end_tag(self, tag: EndTag) -> None:
        # As start_tag.
        end = tag.end
        if end > self.limit:
            raise Suspend
        if self.held is not None:
            if self.held is True and self.errors is None:
                self.held = None
                self._characters(self.held_text, self.held_pos)
            else:
                self._release()
        elif self.skip:
            raise RuntimeError("incremental parser: a tag where a token passed on before was expected")
        base = self.base
        if base:
            tag.pos += base
            end += base
            tag.end = end
        self._end_tag(tag)
        tokenizer = self.tokenizer
        self.resume = (end, tokenizer.state, tokenizer.last_start_tag, self.count)
        if self.errors is not None:
            self.passed_errors = len(self.errors)

    def eof(self, pos: int) -> None:
        if not self.final:
            raise Suspend
        if self.held is not None:
            self._release()
        self._eof(pos + self.base)
        errors = self.errors
        if errors is not None:
            self.passed_errors = len(errors)

    def cdata_allowed(self) -> bool:
        """Asked at ``<![CDATA[`` (all of it in the window): the answer
        depends on the tokens before, so the held one goes first (it ends
        before the ``<``, so it is final).  A run that makes the passed
        tokens again gets the answer given the first time."""
        at = self.tokenizer.pos + self.base
        answer = self.cdata_answers.get(at)
        if answer is None:
            if self.held is not None:
                self._release()
            answer = self.cdata_answers[at] = bool(self.target.cdata_allowed())
        return answer
