"""Incremental parsing: tree construction fed text in pieces.

* :mod:`.gate` - the token gate between the tokenizer and tree
  construction (which tokens more input cannot change);
* :mod:`.positions` - lines and columns of input no longer kept;
* :mod:`.driver` - the runs of the tokenizer over the text not yet consumed.

The public class is :class:`specparser.Parser` (:mod:`specparser.parser`),
which adds the byte stream (encoding sniffing and decoding as bytes come).
"""

from __future__ import annotations

from .driver import IncrementalTokenizer, IncrementalTreeConstruction
from .gate import MARGIN, Suspend, TokenGate
from .positions import SourceLines

__all__ = ["MARGIN", "IncrementalTokenizer", "IncrementalTreeConstruction", "SourceLines", "Suspend", "TokenGate"]
