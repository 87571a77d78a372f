"""The opt-in alias: make ``import html5lib`` (and every ``html5lib.*``
submodule) resolve to :mod:`specparser.html5lib_compat`.

::

    import specparser.html5lib_compat
    specparser.html5lib_compat.install()   # e.g. in sitecustomize.py
    import bs4                             # BeautifulSoup(html, "html5lib") now runs on specparser
    ...
    specparser.html5lib_compat.uninstall()

How: a meta path finder, first on :data:`sys.meta_path`, answers for
``html5lib`` and ``html5lib.<x>`` with the module object of
``specparser.html5lib_compat.<x>`` (the same object under both names, so
classes and constants are shared).  A submodule the compatibility layer
does not have (``html5lib._tokenizer`` ...) is a ModuleNotFoundError; the
real html5lib, installed or not, is never mixed in.

Nothing happens on plain import of specparser.  :func:`install` is
explicit and idempotent; :func:`uninstall` removes the finder and the
``html5lib*`` entries it created, and puts back any real html5lib modules
that were in :data:`sys.modules` before.

If the real html5lib was already imported when :func:`install` runs, its
``sys.modules`` entries are set aside (and restored by :func:`uninstall`)
so that later imports get specparser, but modules that imported html5lib
*before* keep the object they hold: bs4, for example, binds html5lib when
``bs4`` is first imported.  :func:`install` warns in that case; call it
before importing such libraries.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys
import warnings
from types import ModuleType
from typing import Any

__all__ = ["install", "uninstall", "installed"]

ALIAS = "html5lib"
TARGET = "specparser.html5lib_compat"


def _aliased(name: str) -> bool:
    return name == ALIAS or name.startswith(ALIAS + ".")


class _AliasLoader(importlib.abc.Loader):
    def __init__(self, target: str) -> None:
        self.target = target

    def create_module(self, spec: Any) -> ModuleType:
        # The existing compat module, not a new one.  The import system
        # keeps its __name__ and __package__ but sets __spec__ to the
        # alias's spec; exec_module puts the real one back (relative
        # imports inside the module compare __package__ with it).
        module = importlib.import_module(self.target)
        self.spec = module.__spec__
        return module

    def exec_module(self, module: ModuleType) -> None:
        # Already executed under its own name.
        module.__spec__ = self.spec


class _AliasFinder(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> Any:
        if not _aliased(fullname):
            return None
        target_name = TARGET + fullname[len(ALIAS):]
        try:
            found = importlib.util.find_spec(target_name)
        except (ImportError, ValueError):
            found = None
        if found is None:
            raise ModuleNotFoundError(
                f"No module named {fullname!r}: specparser's html5lib compatibility layer "
                f"has no {target_name!r} (see specparser.html5lib_compat)",
                name=fullname,
            )
        return importlib.util.spec_from_loader(
            fullname, _AliasLoader(target_name), is_package=found.submodule_search_locations is not None
        )


_finder: _AliasFinder | None = None
_saved: dict[str, ModuleType] = {}


def installed() -> bool:
    """True between :func:`install` and :func:`uninstall`."""
    return _finder is not None


def install() -> None:
    """Make ``import html5lib`` resolve to specparser's compatibility layer
    (see the module docstring).  Calling it again does nothing."""
    global _finder
    if _finder is not None:
        return
    real = {name: module for name, module in sys.modules.items() if _aliased(name)}
    if real:
        _saved.update(real)
        for name in real:
            del sys.modules[name]
        warnings.warn(
            "html5lib was already imported; modules that imported it before "
            "specparser.html5lib_compat.install() keep using it (import bs4, "
            "lxml.html.html5parser ... after install())",
            RuntimeWarning,
            stacklevel=2,
        )
    _finder = _AliasFinder()
    sys.meta_path.insert(0, _finder)
    importlib.invalidate_caches()


def uninstall() -> None:
    """Undo :func:`install`: ``import html5lib`` finds the real html5lib
    again (if it is installed).  Modules that imported html5lib meanwhile
    keep the compatibility layer they hold."""
    global _finder
    if _finder is None:
        return
    try:
        sys.meta_path.remove(_finder)
    except ValueError:
        pass
    _finder = None
    for name in [name for name in sys.modules if _aliased(name)]:
        module = sys.modules[name]
        if getattr(module, "__name__", "").startswith(TARGET):
            del sys.modules[name]
    sys.modules.update(_saved)
    _saved.clear()
    importlib.invalidate_caches()
