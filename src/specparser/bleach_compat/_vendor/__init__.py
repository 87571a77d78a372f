"""``bleach._vendor``: bleach 6 vendors html5lib 1.1 here; the drop-in's
``bleach._vendor.html5lib`` is :mod:`specparser.html5lib_compat` (the
alias maps it, see :mod:`.._alias`)."""

from __future__ import annotations

from ... import html5lib_compat as html5lib

__all__ = ["html5lib"]
