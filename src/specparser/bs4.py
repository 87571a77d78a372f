"""Register specparser with Beautiful Soup.

    import specparser.bs4
    from bs4 import BeautifulSoup
    soup = BeautifulSoup(html, "specparser")

Importing this module adds :class:`SpecParserTreeBuilder` to bs4's builder
registry under the features ``specparser``, ``html5`` and ``permissive``.
It never claims ``html`` or ``fast``, so ``BeautifulSoup(markup)`` and
``BeautifulSoup(markup, "html")`` keep choosing what they chose before.
(``"html5"`` now finds specparser rather than html5lib; ask for
``"html5lib"`` by name to get that one.)

bs4 has no plugin or entry-point mechanism for tree builders (bs4 4.15
registers only its own three builders, at import time), hence the import.
Without any import, ``BeautifulSoup(html, builder=SpecParserTreeBuilder)``
works too.

Without beautifulsoup4 installed, importing this module raises an
ImportError that says ``pip install specparser-html[bs4]``; nothing else in
specparser imports bs4.
"""

from __future__ import annotations

from .builders.bs4 import SoupBuilder
from .bs4_integration import SpecParserTreeBuilder

__all__ = ["SpecParserTreeBuilder", "SoupBuilder", "register"]


def register() -> None:
    """Add :class:`SpecParserTreeBuilder` to ``bs4.builder.builder_registry``
    (once; importing this module already does it)."""
    from bs4.builder import builder_registry

    builders = builder_registry.builders
    if SpecParserTreeBuilder in builders:
        return
    builder_registry.register(SpecParserTreeBuilder)
    # register() puts the newest builder first in the list that a lookup
    # with no features at all (BeautifulSoup(markup, [])) answers from;
    # keep bs4's own choice there.
    builders.remove(SpecParserTreeBuilder)
    builders.append(SpecParserTreeBuilder)


register()
