"""The opt-in alias: make ``import bleach`` (and ``bleach.sanitizer``,
``bleach.linkifier`` ...) resolve to :mod:`specparser.bleach_compat`.

::

    import specparser.bleach_compat
    specparser.bleach_compat.install()   # e.g. in sitecustomize.py
    import bleach                        # specparser.bleach_compat
    ...
    specparser.bleach_compat.uninstall()

It works as :mod:`specparser.html5lib_compat`'s alias does, with the same
:class:`specparser._module_alias.ModuleAlias` (a meta path finder first on
:data:`sys.meta_path`, answering with the compat module objects
themselves).  ``bleach._vendor.html5lib`` and its submodules, which
some code imports for html5lib names, are :mod:`specparser.html5lib_compat`.
A bleach module the drop-in does not have (``bleach.six_shim``) is a
ModuleNotFoundError; the real bleach is never mixed in.
"""

from __future__ import annotations

from .._module_alias import ModuleAlias

__all__ = ["install", "uninstall", "installed"]

_ALIAS = ModuleAlias(
    "bleach",
    # Longest prefix first: bleach._vendor.html5lib before bleach.
    (
        ("bleach._vendor.html5lib", "specparser.html5lib_compat"),
        ("bleach._vendor", "specparser.bleach_compat._vendor"),
        ("bleach", "specparser.bleach_compat"),
    ),
    "bleach was already imported; modules that imported it before "
    "specparser.bleach_compat.install() keep using it",
)


def installed() -> bool:
    """True between :func:`install` and :func:`uninstall`."""
    return _ALIAS.installed()


def install() -> None:
    """Make ``import bleach`` resolve to specparser's bleach compatibility
    layer.  Calling it again does nothing."""
    _ALIAS.install()


def uninstall() -> None:
    """Undo :func:`install`: ``import bleach`` finds the real bleach again
    (if it is installed)."""
    _ALIAS.uninstall()
