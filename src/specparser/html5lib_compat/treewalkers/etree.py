"""``html5lib.treewalkers.etree``: the ``"etree"`` tree walker class."""

from __future__ import annotations

from . import getTreeWalker

__all__ = ["TreeWalker"]

TreeWalker = getTreeWalker("etree")
