"""``html5lib.treeadapters``: feed a tree walker's tokens to another API.

:mod:`.sax` (``to_sax(walker, handler)``) is always here; html5lib's
``genshi`` adapter is provided only when genshi is installed (as in
html5lib 1.1, where ``treeadapters.genshi`` is absent without it).
"""

from __future__ import annotations

from . import sax

__all__ = ["sax"]

try:
    from . import genshi  # noqa: F401
except ImportError:
    pass
else:
    __all__.append("genshi")
