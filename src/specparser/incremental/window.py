"""The tokenizer over a window, passing whole runs straight to tree
construction.

The token gate (:mod:`.gate`) checks every token against the end of the
window; that is a Python call per token more than the one-shot parse
makes.  Most of a window is far from its end, though: everything before
the last ``<`` at least :data:`~.gate.MARGIN` characters before its end
(the *cut*) is final.  In the data state a ``<`` always ends the text run
before it, and the data state's fast scanner decides each token it takes
(a text run, a plain tag, a comment, a ``<`` that is text) from the
characters up to that token's end, and the next one.  So
:class:`WindowTokenizer` runs that scanner over the window up to the cut
(the scanner's end, ``_n``, moved to it: no copy of the window is made;
the scanner stops there as it would at the ``<`` there, returning its
offset to the states), with tree construction itself as the sink; the
scanner's tokens are then
exactly the one-shot parse's, and only what the states handle (DOCTYPEs,
scripts, style sheets, markup the scanner leaves to them) and the tail
after the cut go through the gate.

Offsets: the scanner's tokens carry offsets into the window, which are the
offsets into the input only when the window starts at the input's start.
So the driver asks for this only when nothing reads the offsets but the
parse errors (which the gate moves after the run, see
:meth:`.gate.TokenGate.direct_ended`), or when the window starts at 0.
"""

from __future__ import annotations

from typing import Any

from ..errors import ParseError
from ..tokenizer import _STATE_FUNCTIONS, Tokenizer
from ..tokens import DATA_STATE
from .gate import TokenGate

__all__ = ["WindowTokenizer"]


class WindowTokenizer(Tokenizer):
    """A :class:`~specparser.tokenizer.Tokenizer` over ``window`` whose
    sink is ``gate``, and whose data state passes the tokens that end at
    or before ``cut`` (the offset of a ``<`` in the window, or its length
    when the window is the end of the input; -1 for none) to ``direct``
    (the sink behind the gate) without the gate."""

    __slots__ = ("gate", "direct", "cut")

    def __init__(
        self,
        window: str,
        gate: TokenGate,
        *,
        errors: list[ParseError] | None,
        fast_paths: bool,
        cut: int,
        direct: Any,
    ) -> None:
        super().__init__(window, gate, errors=errors, fast_paths=fast_paths)
        self.gate = gate
        self.direct = direct
        self.cut = cut if direct is not None and fast_paths else -1

    def run(self) -> None:
        """As :meth:`Tokenizer.run`, with :meth:`window_data_state` for
        the data state."""
        self._running = True
        states = _WINDOW_STATE_FUNCTIONS
        while self._running:
            states[self.state](self)
        self.sink = None  # type: ignore[assignment]

    def window_data_state(self) -> None:
        """https://html.spec.whatwg.org/#data-state, as
        :meth:`Tokenizer.data_state`: before the cut, the fast scanner's
        tokens go straight to the sink behind the gate; then the data
        state as always, through the gate."""
        pos = self.pos
        cut = self.cut
        if pos < cut and self.gate.go_direct(pos):
            n = self._n
            self._n = cut  # the scanner's end (see Tokenizer._scan_data)
            self.sink = self.direct
            try:
                stop = self._scan_data()
            finally:
                self._n = n
                self.sink = self.gate
            if stop >= 0:
                self.pos = stop
            self.gate.direct_ended(self.pos, self.state, self.last_start_tag)
            if stop < 0:
                return  # a start tag switched the state
            if stop >= cut:
                self.cut = -1  # the cut (the gate's from there on), or the end of the input
        Tokenizer.data_state(self)


_WINDOW_STATE_FUNCTIONS = list(_STATE_FUNCTIONS)
_WINDOW_STATE_FUNCTIONS[DATA_STATE] = WindowTokenizer.window_data_state
