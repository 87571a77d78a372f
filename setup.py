"""The mypyc-compiled build, switched on by SPECPARSER_COMPILE=1.

Everything about the package is in pyproject.toml; this file only adds
extension modules, and only when the environment asks for them (the build
backend, _build/specparser_build.py, then also installs mypy for the build).
Without SPECPARSER_COMPILE=1 it is ``setup()`` with nothing added: the pure
wheel and the sdist are exactly what pyproject.toml alone gives.

SPECPARSER_COMPILE_MODULES (space-separated paths under src/specparser)
compiles another selection, for experiments; MYPYC_OPT_LEVEL (mypyc's own
variable, default 3) trades the compiler's time for speed.
"""

from __future__ import annotations

import os
import sys

from setuptools import setup

# The modules mypyc compiles: the parse path's hot loops (tokenizer, tree
# construction, the etree and lxml builders, input preprocessing) and what
# they call per token or per node.  Left interpreted, and why:
# - the public entry points and their argument checks (api, parser,
#   iterparse, serializer, text, __init__, cli*, _arguments): a compiled
#   function checks its annotated arguments itself, with mypyc's own
#   TypeError, before the friendly message could be raised (the compiled
#   tokenizer's public Tokenizer() and tokenize() take wide annotations for
#   that reason);
# - the bs4 builder's SoupBuilder class (builders/bs4.py, which keeps moved
#   names with a module __getattr__, on which mypyc 2.4 crashes at import)
#   and its element factory: about twenty attribute stores on a new bs4
#   Tag, which CPython's specialized STORE_ATTR does in fewer instructions
#   than compiled code's PyObject_SetAttr (callgrind: 7 900 a Tag
#   interpreted, 11 500 compiled).  Its text insertion and final linking
#   pass (builders/_soup_tree.py), list work and type tests, are compiled;
# - the html5lib and bleach drop-ins, the sanitizer, walkers, events, the
#   incremental parser, encoding sniffing and decoding tables: once per
#   document or off the default parse path.
# Classes compiled here that users (or interpreted modules) subclass are
# marked @mypyc_attr(allow_interpreted_subclasses=True).
COMPILED_MODULES = [
    "_compiled.py",
    "tokenizer.py",
    "tokens.py",
    "charrefs.py",
    "inputstream.py",
    "infra.py",
    "treeconstruction/core.py",
    "treeconstruction/body_mode.py",
    "treeconstruction/document_modes.py",
    "treeconstruction/table_modes.py",
    "treeconstruction/foreign.py",
    "treeconstruction/insertion.py",
    "treeconstruction/patching.py",
    "treeconstruction/records.py",
    "builders/etree.py",
    "builders/lxml.py",
    "builders/_text_runs.py",
    "builders/_support.py",
    "builders/_soup_tree.py",
    # The adapters' base class: tree construction calls the compiled
    # adapters through it natively (an interpreted subclass's methods are
    # called as Python methods, as before).
    "treebuilder.py",
    # The incremental parser's window tokenizer subclasses Tokenizer, which
    # an interpreted class cannot do once Tokenizer is compiled.
    "incremental/window.py",
]


# The commands that build extension modules.  The others (egg_info, which
# the build backend runs to ask for the build requirements before mypy is
# installed, and sdist) get no extensions: the sdist is the same with or
# without SPECPARSER_COMPILE=1.
_BUILDS_EXTENSIONS = {"bdist_wheel", "build", "build_ext", "develop", "editable_wheel", "install"}


def compile_requested() -> bool:
    return os.environ.get("SPECPARSER_COMPILE", "") == "1" and not _BUILDS_EXTENSIONS.isdisjoint(sys.argv[1:])


def compiled_extensions() -> list:  # type: ignore[type-arg]
    from mypyc.build import mypycify

    selection = os.environ.get("SPECPARSER_COMPILE_MODULES", "").split() or COMPILED_MODULES
    paths = [os.path.join("src", "specparser", name) for name in selection]
    return mypycify(
        paths,
        opt_level=os.environ.get("MYPYC_OPT_LEVEL", "3"),
        # One shared library for all compiled modules, so that calls between
        # them are native calls.
        separate=False,
    )


if compile_requested():
    setup(ext_modules=compiled_extensions())
else:
    setup()
