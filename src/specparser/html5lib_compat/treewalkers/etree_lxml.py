"""``html5lib.treewalkers.etree_lxml``: the ``"lxml"`` tree walker class."""

from __future__ import annotations

from . import getTreeWalker

__all__ = ["TreeWalker"]

TreeWalker = getTreeWalker("lxml")
