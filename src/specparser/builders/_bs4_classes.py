"""bs4 classes of the parser's own, apart from the bs4 builder.

Kept in their own module, which the compiled build (setup.py) leaves
interpreted: mypyc cannot compile a subclass of a str subclass such as
bs4's ProcessingInstruction, and the builder's module is compiled.
"""

from __future__ import annotations

from bs4.element import ProcessingInstruction

__all__ = ["HTMLProcessingInstruction"]


class HTMLProcessingInstruction(ProcessingInstruction):
    """A processing instruction the parser made (``<?target data>``, 2026).
    Its string is ``target`` + one space + ``data``, and it is written as
    the HTML standard's serializer writes one since 2026-07: ``<?target
    data?>`` (bs4's own class ends it with ``>`` alone, which loses a final
    ``?`` of the data when parsed again)."""

    SUFFIX = "?>"
