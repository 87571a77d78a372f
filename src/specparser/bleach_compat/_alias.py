"""The opt-in alias: make ``import bleach`` (and ``bleach.sanitizer``,
``bleach.linkifier`` ...) resolve to :mod:`specparser.bleach_compat`.

::

    import specparser.bleach_compat
    specparser.bleach_compat.install()   # e.g. in sitecustomize.py
    import bleach                        # specparser.bleach_compat
    ...
    specparser.bleach_compat.uninstall()

It works as :mod:`specparser.html5lib_compat`'s alias does (a meta path
finder first on :data:`sys.meta_path`, answering with the compat module
objects themselves).  ``bleach._vendor.html5lib`` and its submodules, which
some code imports for html5lib names, are :mod:`specparser.html5lib_compat`.
A bleach module the drop-in does not have (``bleach.six_shim``) is a
ModuleNotFoundError; the real bleach is never mixed in.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys
import warnings
from types import ModuleType
from typing import Any

from ..html5lib_compat._alias import _AliasLoader

__all__ = ["install", "uninstall", "installed"]

ALIAS = "bleach"
# Longest prefix first: bleach._vendor.html5lib before bleach.
TARGETS = (
    ("bleach._vendor.html5lib", "specparser.html5lib_compat"),
    ("bleach._vendor", "specparser.bleach_compat._vendor"),
    ("bleach", "specparser.bleach_compat"),
)


def _aliased(name: str) -> bool:
    return name == ALIAS or name.startswith(ALIAS + ".")


def _target(fullname: str) -> str:
    for alias, target in TARGETS:
        if fullname == alias or fullname.startswith(alias + "."):
            return target + fullname[len(alias) :]
    raise ValueError(fullname)


class _BleachFinder(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> Any:
        if not _aliased(fullname):
            return None
        target_name = _target(fullname)
        try:
            found = importlib.util.find_spec(target_name)
        except (ImportError, ValueError):
            found = None
        if found is None:
            raise ModuleNotFoundError(
                f"No module named {fullname!r}: specparser's bleach compatibility layer "
                f"has no {target_name!r} (see specparser.bleach_compat)",
                name=fullname,
            )
        return importlib.util.spec_from_loader(
            fullname, _AliasLoader(target_name), is_package=found.submodule_search_locations is not None
        )


_finder: _BleachFinder | None = None
_saved: dict[str, ModuleType] = {}


def installed() -> bool:
    """True between :func:`install` and :func:`uninstall`."""
    return _finder is not None


def install() -> None:
    """Make ``import bleach`` resolve to specparser's bleach compatibility
    layer.  Calling it again does nothing."""
    global _finder
    if _finder is not None:
        return
    real = {name: module for name, module in sys.modules.items() if _aliased(name)}
    if real:
        _saved.update(real)
        for name in real:
            del sys.modules[name]
        warnings.warn(
            "bleach was already imported; modules that imported it before "
            "specparser.bleach_compat.install() keep using it",
            RuntimeWarning,
            stacklevel=2,
        )
    _finder = _BleachFinder()
    sys.meta_path.insert(0, _finder)
    importlib.invalidate_caches()


def uninstall() -> None:
    """Undo :func:`install`: ``import bleach`` finds the real bleach again
    (if it is installed)."""
    global _finder
    if _finder is None:
        return
    try:
        sys.meta_path.remove(_finder)
    except ValueError:
        pass
    _finder = None
    for name in [name for name in sys.modules if _aliased(name)]:
        if getattr(sys.modules[name], "__name__", "").startswith("specparser."):
            del sys.modules[name]
    sys.modules.update(_saved)
    _saved.clear()
    importlib.invalidate_caches()
