"""Whether this installation of specparser is the mypyc-compiled build.

setup.py compiles this module, with the parse path's modules, when the wheel
is built with SPECPARSER_COMPILE=1; the pure build leaves it as Python.  A
function of a compiled module is a built-in function, not a Python one.
"""

from __future__ import annotations

import types

__all__ = ["COMPILED"]


def _probe() -> None:
    """A function to look at: compiled with this module, or not."""


COMPILED: bool = not isinstance(_probe, types.FunctionType)
