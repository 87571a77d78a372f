"""``mypyc_attr`` for the modules the compiled build compiles.

mypyc reads the decorator at compile time (it is mypy_extensions', which
mypy brings); the interpreted modules and the pure build get this no-op
instead, so that mypy_extensions is no run-time dependency.  In a compiled
module mypyc drops the decorator, and the name is imported but not called.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, TypeVar

__all__ = ["mypyc_attr"]

_T = TypeVar("_T")

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr
else:

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[_T], _T]:
        """The class or function unchanged: the attributes are mypyc's."""

        def unchanged(item: _T) -> _T:
            return item

        return unchanged
