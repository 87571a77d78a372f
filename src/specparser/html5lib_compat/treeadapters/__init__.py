"""``html5lib.treeadapters``: feed a tree walker's tokens to another API.

:mod:`.sax` (``to_sax(walker, handler)``) is provided.  html5lib's
``genshi`` adapter is not (html5lib 1.1 has it only when genshi is
installed; specparser does not support genshi), so
``html5lib.treeadapters.genshi`` is an ImportError, as in html5lib 1.1
without genshi.
"""

from __future__ import annotations

from . import sax

__all__ = ["sax"]
