"""The opt-in alias: make ``import html5lib`` (and every ``html5lib.*``
submodule) resolve to :mod:`specparser.html5lib_compat`.

::

    import specparser.html5lib_compat
    specparser.html5lib_compat.install()   # e.g. in sitecustomize.py
    import bs4                             # BeautifulSoup(html, "html5lib") now runs on specparser
    ...
    specparser.html5lib_compat.uninstall()

How (:mod:`specparser._module_alias`): a meta path finder, first on
:data:`sys.meta_path`, answers for
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

from .._module_alias import ModuleAlias

__all__ = ["install", "uninstall", "installed"]

_ALIAS = ModuleAlias(
    "html5lib",
    (("html5lib", "specparser.html5lib_compat"),),
    "html5lib was already imported; modules that imported it before "
    "specparser.html5lib_compat.install() keep using it (import bs4, "
    "lxml.html.html5parser ... after install())",
)


def installed() -> bool:
    """True between :func:`install` and :func:`uninstall`."""
    return _ALIAS.installed()


def install() -> None:
    """Make ``import html5lib`` resolve to specparser's compatibility layer
    (see the module docstring).  Calling it again does nothing."""
    _ALIAS.install()


def uninstall() -> None:
    """Undo :func:`install`: ``import html5lib`` finds the real html5lib
    again (if it is installed).  Modules that imported html5lib meanwhile
    keep the compatibility layer they hold."""
    _ALIAS.uninstall()
