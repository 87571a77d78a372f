"""``html5lib.treewalkers.dom``: the ``"dom"`` tree walker class."""

from __future__ import annotations

from . import getTreeWalker

TreeWalker = getTreeWalker("dom")
