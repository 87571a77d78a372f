"""An opt-in import alias: a meta path finder that makes ``import NAME``
(and every ``NAME.<x>``) give the module objects of a compatibility layer.
:mod:`specparser.html5lib_compat` (``html5lib``) and
:mod:`specparser.bleach_compat` (``bleach``) each have one
(their ``_alias`` modules say what theirs maps).

The finder, first on :data:`sys.meta_path` while installed, answers with
the compat module itself (the same object under both names, so classes and
constants are shared).  A submodule the layer does not have is a
ModuleNotFoundError: the real package is never mixed in.  If the real
package was imported before :meth:`ModuleAlias.install`, its
``sys.modules`` entries are set aside (and put back by
:meth:`ModuleAlias.uninstall`), with a warning: modules that imported it
before keep the object they hold.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys
import warnings
from types import ModuleType
from typing import Any

__all__ = ["ModuleAlias"]


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
    def __init__(self, alias: ModuleAlias) -> None:
        self.alias = alias

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> Any:
        alias = self.alias
        if not alias.aliased(fullname):
            return None
        target_name = alias.target(fullname)
        try:
            found = importlib.util.find_spec(target_name)
        except (ImportError, ValueError):
            found = None
        if found is None:
            raise ModuleNotFoundError(
                f"No module named {fullname!r}: specparser's {alias.name} compatibility layer "
                f"has no {target_name!r} (see {alias.targets[-1][1]})",
                name=fullname,
            )
        return importlib.util.spec_from_loader(
            fullname, _AliasLoader(target_name), is_package=found.submodule_search_locations is not None
        )


class ModuleAlias:
    """The alias of the package ``name``: ``targets`` maps each aliased
    prefix to the compat module that stands for it, ``(alias prefix,
    target module)`` pairs with the longest prefix first and ``name``
    itself last.  ``warning`` is the message when the real package was
    already imported."""

    def __init__(self, name: str, targets: tuple[tuple[str, str], ...], warning: str) -> None:
        self.name = name
        self.targets = targets
        self.warning = warning
        self._finder: _AliasFinder | None = None
        self._saved: dict[str, ModuleType] = {}

    def aliased(self, fullname: str) -> bool:
        """Whether ``fullname`` is the package or one of its submodules."""
        return fullname == self.name or fullname.startswith(self.name + ".")

    def target(self, fullname: str) -> str:
        """The compat module's name for the aliased ``fullname``."""
        for alias, target in self.targets:
            if fullname == alias or fullname.startswith(alias + "."):
                return target + fullname[len(alias) :]
        raise ValueError(fullname)

    def installed(self) -> bool:
        """True between :meth:`install` and :meth:`uninstall`."""
        return self._finder is not None

    def install(self) -> None:
        """Put the finder first on :data:`sys.meta_path`; again: nothing."""
        if self._finder is not None:
            return
        real = {name: module for name, module in sys.modules.items() if self.aliased(name)}
        if real:
            self._saved.update(real)
            for name in real:
                del sys.modules[name]
            # stacklevel: the caller of the compat package's install().
            warnings.warn(self.warning, RuntimeWarning, stacklevel=3)
        self._finder = _AliasFinder(self)
        sys.meta_path.insert(0, self._finder)
        importlib.invalidate_caches()

    def uninstall(self) -> None:
        """Remove the finder and the aliased ``sys.modules`` entries it made,
        and put back the real package's modules set aside by
        :meth:`install`."""
        if self._finder is None:
            return
        try:
            sys.meta_path.remove(self._finder)
        except ValueError:
            pass
        self._finder = None
        prefixes = tuple(target for _, target in self.targets)
        for name in [name for name in sys.modules if self.aliased(name)]:
            if getattr(sys.modules[name], "__name__", "").startswith(prefixes):
                del sys.modules[name]
        sys.modules.update(self._saved)
        self._saved.clear()
        importlib.invalidate_caches()
