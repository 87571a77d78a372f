"""Registering specparser with bs4, and living without bs4.

Each check runs in a fresh interpreter: registration changes bs4's global
registry, and "bs4 is not installed" is simulated by an import blocker.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

SRC = str(Path(__file__).resolve().parent.parent / "src")


def run(code: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", f"import sys; sys.path.insert(0, {SRC!r})\n" + textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=120,
    )


BLOCK_BS4 = """
class BlockBs4:
    def find_spec(self, name, path=None, target=None):
        if name == "bs4" or name.startswith("bs4."):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None

sys.meta_path.insert(0, BlockBs4())
"""


def test_registration_adds_specparser_without_changing_bs4s_choices():
    pytest.importorskip("bs4", reason="beautifulsoup4 is not installed")
    done = run(
        """
        import warnings
        from bs4 import BeautifulSoup
        from bs4.builder import builder_registry

        queries = [(), ("html",), ("html", "fast"), ("fast",), ("xml",), ("html.parser",),
                   ("lxml",), ("html5lib",), ("lxml-xml",)]
        before = {q: builder_registry.lookup(*q) for q in queries}
        default_before = type(BeautifulSoup("<p>x</p>").builder)
        assert builder_registry.lookup("specparser") is None

        import specparser.bs4
        import specparser.bs4  # importing twice registers once
        specparser.bs4.register()
        from specparser.builders.bs4 import SpecParserTreeBuilder

        after = {q: builder_registry.lookup(*q) for q in queries}
        assert after == before, (before, after)
        assert type(BeautifulSoup("<p>x</p>").builder) is default_before
        assert builder_registry.builders.count(SpecParserTreeBuilder) == 1
        assert builder_registry.lookup("specparser") is SpecParserTreeBuilder
        assert builder_registry.lookup("html5") is SpecParserTreeBuilder
        assert builder_registry.lookup("specparser", "permissive") is SpecParserTreeBuilder

        with warnings.catch_warnings():
            warnings.simplefilter("error")  # no GuessedAtParserWarning for the builder's own name
            soup = BeautifulSoup("", "specparser")
        assert type(soup.builder) is SpecParserTreeBuilder
        soup = BeautifulSoup("", builder=SpecParserTreeBuilder)
        assert type(soup.builder) is SpecParserTreeBuilder
        print("ok")
        """
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


def test_without_bs4_nothing_imports_it_and_the_message_names_the_extra():
    done = run(
        BLOCK_BS4
        + """
import importlib, pkgutil
import specparser

failures = {}
BS4_MODULES = ("specparser.bs4", "specparser.bs4_integration", "specparser.builders.bs4",
               "specparser.walkers.bs4")
for info in pkgutil.walk_packages(specparser.__path__, "specparser."):
    if info.name in BS4_MODULES:
        continue
    try:
        importlib.import_module(info.name)
    except Exception as exc:  # other modules' own problems are not this test's business
        failures[info.name] = repr(exc)
assert not any("bs4" in message for message in failures.values()), failures
assert not [name for name in sys.modules if name == "bs4" or name.startswith("bs4.")]

for name in BS4_MODULES:
    try:
        importlib.import_module(name)
    except ImportError as exc:
        assert "pip install specparser-html[bs4]" in str(exc), (name, str(exc))
    else:
        raise AssertionError(f"{name} imported without bs4")

from specparser.builders import get_builder
try:
    get_builder("bs4")
except ImportError as exc:
    assert "pip install specparser-html[bs4]" in str(exc), str(exc)
else:
    raise AssertionError("get_builder('bs4') worked without bs4")
print("ok")
"""
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


def test_the_integration_module_names_are_the_same_objects_everywhere():
    # specparser.bs4_integration holds the bs4 builder since issue 22; the
    # older import paths must keep giving the same class and function.
    pytest.importorskip("bs4", reason="beautifulsoup4 is not installed")
    import specparser.bs4
    import specparser.bs4_integration as integration
    import specparser.builders.bs4 as adapter

    assert specparser.bs4.SpecParserTreeBuilder is integration.SpecParserTreeBuilder
    assert adapter.SpecParserTreeBuilder is integration.SpecParserTreeBuilder
    assert adapter.sniffing_keywords is integration.sniffing_keywords
    assert specparser.bs4.SoupBuilder is adapter.SoupBuilder
    with pytest.raises(AttributeError):
        adapter.no_such_name  # noqa: B018
