"""The mypyc-compiled build, switched on by SPECPARSER_COMPILE=1.

Everything about the package is in pyproject.toml; this file only adds
extension modules, and only when the environment asks for them (the build
backend, _build/specparser_build.py, then also installs mypy for the build).
Without SPECPARSER_COMPILE=1 it is ``setup()`` with nothing added: the pure
wheel and the sdist are exactly what pyproject.toml alone gives.

SPECPARSER_COMPILE_MODULES (space-separated paths under src/specparser)
compiles another selection, for experiments; MYPYC_OPT_LEVEL (mypyc's own
variable, default 3) trades the compiler's time for speed.

With GCC (10 or later) the compiled modules are built with profile-guided
optimization: built instrumented, run on generated documents
(_build/pgo_training.py), built again with the profile.  SPECPARSER_PGO=0
builds them once, without it; a training run that fails falls back to that
build, with a warning.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

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


def pgo_requested() -> bool:
    return os.environ.get("SPECPARSER_PGO", "1") != "0"


def _gcc_major(compiler: Any) -> int:
    """GCC's major version when ``compiler`` (a distutils compiler) runs
    GCC, else 0 (clang, MSVC: their profile options differ)."""
    if getattr(compiler, "compiler_type", "") != "unix":
        return 0
    executable = compiler.compiler_so[0]
    try:
        banner = subprocess.run([executable, "--version"], capture_output=True, text=True, check=True).stdout
        version = subprocess.run([executable, "-dumpversion"], capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return 0
    found = re.match(r"\d+", version.strip())
    return int(found.group()) if "Free Software Foundation" in banner and found else 0


class ProfileGuidedBuildExt(build_ext):  # type: ignore[misc]  # (setuptools' commands are untyped here)
    """build_ext with GCC's profile-guided optimization: the extensions are
    built with ``-fprofile-generate``, _build/pgo_training.py parses
    generated documents with them, and they are built again with
    ``-fprofile-use``, which lays out the hot paths of the compiled modules
    together (callgrind, 20 corpus pages, compiled lxml parse: the same
    instructions, fewer instruction-cache misses; the timings are in
    docs/guides/compiled-build.md).  The code is the same either way; only
    its layout and branch order change."""

    def run(self) -> None:
        # build_ext.run replaces the "compiler" option (a name, or None) with
        # the compiler object it made: each pass starts from the option.
        self._compiler_option: Any = self.compiler
        # Each pass adds its flags to the extensions' own.
        self._own_flags: list[tuple[list[str], list[str]]] = [
            (list(e.extra_compile_args), list(e.extra_link_args)) for e in self.extensions
        ]
        major = _gcc_major(self._probe_compiler()) if pgo_requested() else 0
        if major < 10:  # -fprofile-partial-training came with GCC 10
            super().run()
            return
        with tempfile.TemporaryDirectory(prefix="specparser-pgo-") as profiles:
            try:
                self._build_with(["-fprofile-generate", f"-fprofile-dir={profiles}"], ["-fprofile-generate"])
                self._train()
                use = ["-fprofile-use", "-fprofile-partial-training", "-Wno-missing-profile", f"-fprofile-dir={profiles}"]
                self._build_with(use, [])
                return
            except Exception as exc:  # noqa: BLE001  (any failure: the plain build below)
                print(f"specparser: profile-guided build failed ({exc}); building without a profile", file=sys.stderr)
        # Never ship the instrumented build: it writes profiles at run time.
        self._build_with([], [])

    def _probe_compiler(self) -> Any:
        from distutils import ccompiler, sysconfig  # setuptools' own copy

        compiler = ccompiler.new_compiler(compiler=self.compiler)
        sysconfig.customize_compiler(compiler)
        return compiler

    def _build_with(self, compile_flags: list[str], link_flags: list[str]) -> None:
        """Build every extension again (``force``: the previous pass's
        outputs are newer than the sources) with these flags added."""
        for extension, (compile_args, link_args) in zip(self.extensions, self._own_flags):
            extension.extra_compile_args = compile_args + compile_flags
            extension.extra_link_args = link_args + link_flags
        self.compiler = self._compiler_option
        self.force = True
        super().run()

    def _train(self) -> None:
        """Run the training documents through the instrumented build: the
        directories that hold its shared library and the specparser
        package (the same one but for in-place builds) come first on the
        training interpreter's path."""
        roots = []
        for extension in self.extensions:
            root = self.get_ext_fullpath(extension.name)
            for _ in range(extension.name.count(".") + 1):  # up from the module to its top package
                root = os.path.dirname(root)
            roots.append(os.path.abspath(root or "."))
        paths = list(dict.fromkeys(roots))
        environment = dict(os.environ, PYTHONPATH=os.pathsep.join(paths + [os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep))
        script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_build", "pgo_training.py")
        subprocess.run([sys.executable, script, *paths], env=environment, check=True)


# setuptools runs this file as __main__; tests import it for its helpers.
if __name__ == "__main__":
    if compile_requested():
        setup(ext_modules=compiled_extensions(), cmdclass={"build_ext": ProfileGuidedBuildExt})
    else:
        setup()
