"""``html5lib.treewalkers.dom``: the ``"dom"`` tree walker class."""

from __future__ import annotations

from . import getTreeWalker

__all__ = ["TreeWalker"]

TreeWalker = getTreeWalker("dom")
