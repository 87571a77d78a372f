"""``html5lib.treewalkers.etree``: the ``"etree"`` tree walker class."""

from __future__ import annotations

from . import getTreeWalker

TreeWalker = getTreeWalker("etree")
