"""The HTML Sanitizer API (https://wicg.github.io/sanitizer-api/) in Python.

* :class:`Sanitizer`: the configuration object, with the standard's
  canonicalisation, validity rules and modifier methods;
* :class:`SanitizingTreeBuilder`: sanitizing while the tree is built, over
  any :class:`~specparser.treebuilder.TreeBuilder` (what
  ``parse(..., sanitizer=...)`` and ``parse_fragment(..., sanitizer=...)``
  use);
* :func:`sanitize`: markup in, safe markup out (``setHTML`` then
  ``getHTML``), hardened so that its output is a fixed point.
"""

from __future__ import annotations

from .config import Sanitizer, SanitizerLike, get_a_sanitizer_instance_from_options
from .filter import SanitizingTreeBuilder
from .strings import sanitize

__all__ = ["Sanitizer", "SanitizerLike", "SanitizingTreeBuilder", "get_a_sanitizer_instance_from_options", "sanitize"]
