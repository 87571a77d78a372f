"""Changing the encoding while parsing.

https://html.spec.whatwg.org/#changing-the-encoding-while-parsing

The tree construction stage meets a ``<meta>`` that declares an encoding
while the confidence is still tentative.  It asks
:func:`change_the_encoding` what to do; when the answer is a new encoding it
raises :class:`ReparseWithEncoding`, and the entry point
(:func:`specparser.encoding.parse_with_reparse`) decodes the same bytes
again with that encoding, confidence certain, and parses from scratch.
This is the spec's step 6 ("navigate to the document again ... the bytes
should be re-parsed from memory"); the optional on-the-fly switch of step 5
is not used, so the result never depends on how far the parser had got.
"""

from __future__ import annotations

from .decoding import get_an_encoding
from .sniffing import TENTATIVE

__all__ = ["ReparseWithEncoding", "change_the_encoding"]

_UTF_16 = ("utf-16be", "utf-16le")


class ReparseWithEncoding(Exception):
    """Raised by the tree construction stage to ask the entry point to
    decode the input again with ``encoding`` (confidence certain) and parse
    it from the start."""

    def __init__(self, encoding: str) -> None:
        super().__init__(f"re-parse the document as {encoding}")
        self.encoding = encoding


def change_the_encoding(current_encoding: str, confidence: str, new_label: str) -> str | None:
    """https://html.spec.whatwg.org/#changing-the-encoding-while-parsing

    Returns the encoding to re-parse with, or ``None`` when nothing is to
    happen: the confidence is not tentative, ``new_label`` is not an
    encoding label, the current encoding is UTF-16 (step 1), or the new
    encoding (after UTF-16 became UTF-8 and x-user-defined became
    windows-1252, steps 2-3) is the current one (step 4).

    Whatever the answer, once this has run for a tentative confidence the
    confidence is certain (every step of the algorithm ends by setting it).
    """
    if confidence != TENTATIVE:
        return None
    current = get_an_encoding(current_encoding) or current_encoding
    new = get_an_encoding(new_label)
    if new is None:
        return None
    # Step 1.
    if current in _UTF_16:
        return None
    # Step 2.
    if new in _UTF_16:
        new = "utf-8"
    # Step 3.
    elif new == "x-user-defined":
        new = "windows-1252"
    # Step 4.
    if new == current:
        return None
    # Steps 5-6: re-parse with the new encoding.
    return new
