"""The compiled build's profile-guided optimization (setup.py's
ProfileGuidedBuildExt and _build/pgo_training.py).

What the tests hold it to: the build runs instrumented, trains, and builds
again with the profile, and whatever fails after the instrumented pass,
the last build is a plain one (an instrumented module writes profile files
wherever it runs: it must never ship); SPECPARSER_PGO=0 and compilers
other than GCC 10+ build once, as before; the training documents are the
same on every machine, parse, and hold what the parser's hot paths are
made of (ASCII and wide text, references, tables, SVG, templates); the
training refuses a specparser other than the build it was given.  CI's
compiled job checks a real build: the training's line in the build log,
no ``__gcov_`` symbol in the wheel.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import specparser

ROOT = Path(__file__).resolve().parent.parent
TRAINING = ROOT / "_build" / "pgo_training.py"


def _load(path: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def setup_module_() -> ModuleType:
    pytest.importorskip("setuptools", reason="setup.py's build_ext needs setuptools")
    if not (ROOT / "setup.py").exists():
        pytest.skip("no setup.py beside the tests (an installed copy of the tests)")
    return _load(ROOT / "setup.py", "_specparser_setup")


@pytest.fixture(scope="module")
def training() -> ModuleType:
    if not TRAINING.exists():
        pytest.skip("no _build/pgo_training.py beside the tests")
    return _load(TRAINING, "_specparser_pgo_training")


# -- the build command ---------------------------------------------------------


class _Recorder:
    """Stands in for setuptools' build_ext.run: records the flags of each
    pass instead of compiling."""

    def __init__(self) -> None:
        self.passes: list[tuple[list[str], list[str], bool]] = []

    def __call__(self, command: Any) -> None:
        # Each pass starts from the "compiler" option, which distutils'
        # run() replaces with the compiler object it made.
        assert command.compiler is None, command.compiler
        command.compiler = object()
        extension = command.extensions[0]
        self.passes.append((list(extension.extra_compile_args), list(extension.extra_link_args), command.force))


def _command(setup_module_: ModuleType, monkeypatch: pytest.MonkeyPatch, gcc_major: int) -> tuple[Any, _Recorder]:
    from setuptools import Distribution, Extension
    from setuptools.command.build_ext import build_ext

    recorder = _Recorder()
    monkeypatch.setattr(build_ext, "run", lambda self: recorder(self))
    monkeypatch.setattr(setup_module_, "_gcc_major", lambda compiler: gcc_major)
    extension = Extension("specparser.tokenizer", ["x.c"], extra_compile_args=["-O3"], extra_link_args=["-lm"])
    command = setup_module_.ProfileGuidedBuildExt(Distribution({"ext_modules": [extension]}))
    command.extensions = [extension]
    monkeypatch.setattr(command, "_probe_compiler", lambda: None)
    return command, recorder


def test_profile_guided_build_passes(setup_module_, monkeypatch):
    monkeypatch.delenv("SPECPARSER_PGO", raising=False)
    command, recorder = _command(setup_module_, monkeypatch, 12)
    trained = []
    monkeypatch.setattr(command, "_train", lambda: trained.append(len(recorder.passes)))
    command.run()
    assert trained == [1]  # between the instrumented pass and the final one
    (generate, generate_link, force1), (use, use_link, force2) = recorder.passes
    assert generate[0] == "-O3" and "-fprofile-generate" in generate and generate_link == ["-lm", "-fprofile-generate"]
    assert "-fprofile-use" in use and "-fprofile-generate" not in use and use_link == ["-lm"]
    assert any(flag.startswith("-fprofile-dir=") for flag in use)
    assert force1 and force2  # the second pass rebuilds what the first made


@pytest.mark.parametrize("failure", [subprocess.CalledProcessError(1, ["python"]), OSError("no compiler")])
def test_failed_training_ends_with_a_plain_build(setup_module_, monkeypatch, capsys, failure):
    monkeypatch.delenv("SPECPARSER_PGO", raising=False)
    command, recorder = _command(setup_module_, monkeypatch, 12)

    def fail() -> None:
        raise failure

    monkeypatch.setattr(command, "_train", fail)
    command.run()
    assert [flags for flags, _, _ in recorder.passes][-1] == ["-O3"]
    assert recorder.passes[-1][1] == ["-lm"]
    assert "building without a profile" in capsys.readouterr().err


@pytest.mark.parametrize(("environment", "gcc_major"), [("0", 12), ("1", 9), ("1", 0), (None, 0)])
def test_one_plain_pass_without_pgo(setup_module_, monkeypatch, environment, gcc_major):
    if environment is None:
        monkeypatch.delenv("SPECPARSER_PGO", raising=False)
    else:
        monkeypatch.setenv("SPECPARSER_PGO", environment)
    command, recorder = _command(setup_module_, monkeypatch, gcc_major)
    monkeypatch.setattr(command, "_train", lambda: pytest.fail("trained without PGO"))
    command.run()
    assert [(flags, link) for flags, link, _ in recorder.passes] == [(["-O3"], ["-lm"])]


def test_gcc_major(setup_module_):
    class Fake:
        compiler_type = "unix"
        compiler_so = ["/nonexistent/cc", "-O2"]

    assert setup_module_._gcc_major(Fake()) == 0  # no such compiler
    Fake.compiler_type = "msvc"
    assert setup_module_._gcc_major(Fake()) == 0
    gcc = shutil.which("gcc")
    if gcc is None:
        pytest.skip("no gcc on PATH for the positive case")
    banner = subprocess.run([gcc, "--version"], capture_output=True, text=True).stdout
    Fake.compiler_type = "unix"
    Fake.compiler_so = [gcc]
    expected = int(subprocess.run([gcc, "-dumpversion"], capture_output=True, text=True).stdout.split(".")[0])
    # (macOS's "gcc" is clang, whose banner names no Free Software Foundation.)
    assert setup_module_._gcc_major(Fake()) == (expected if "Free Software Foundation" in banner else 0)


def test_backend_asks_for_lxml_only_for_the_profile_guided_build(monkeypatch):
    pytest.importorskip("setuptools", reason="the build backend extends setuptools' (a build requirement)")
    backend = _load(ROOT / "_build" / "specparser_build.py", "_specparser_backend")
    monkeypatch.delenv("SPECPARSER_COMPILE", raising=False)
    assert backend._compile_requires() == []
    monkeypatch.setenv("SPECPARSER_COMPILE", "1")
    monkeypatch.delenv("SPECPARSER_PGO", raising=False)
    assert "lxml>=5" in backend._compile_requires()
    monkeypatch.setenv("SPECPARSER_PGO", "0")
    assert backend._compile_requires() == backend.COMPILE_REQUIRES


# -- the training run ------------------------------------------------------------


def test_training_documents_are_fixed_and_parse(training):
    first = training.document(0, 20_000)
    assert first == training.document(0, 20_000)
    assert len(first) >= 20_000
    assert first.isascii()  # even seeds: the tokenizer's one-byte string paths
    wide = training.document(1, 20_000)
    assert max(map(ord, wide)) > 0xFF  # odd seeds: two-byte strings
    root = specparser.parse(first + wide[wide.index("<body") :], "etree").getroot()
    names = {element.tag for element in root.iter() if isinstance(element.tag, str)}
    svg = "{http://www.w3.org/2000/svg}"  # (the native API's HTML names are plain)
    for name in ("table", "tbody", "td", "li", "a", "script", "form", "template", "b", "i"):
        assert name in names, name
    assert svg + "svg" in names and svg + "path" in names
    text = "".join(root.itertext())
    references = [(name, char) for name, char in [("&hellip;", "\u2026"), ("&nbsp;", "\xa0"), ("&rsquo;", "\u2019")] if name in first]
    assert references  # the character reference paths are trained
    for _, char in references:
        assert char in text


def test_training_refuses_a_build_it_was_not_given(tmp_path):
    # The specparser imported here is not under tmp_path (and on the pure
    # build is not compiled either): the training must not profile it.
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    environment["PYTHONPATH"] = str(ROOT / "src") if (ROOT / "src").is_dir() else ""
    result = subprocess.run(
        [sys.executable, str(TRAINING), str(tmp_path)], capture_output=True, text=True, timeout=120, env=environment
    )
    assert result.returncode == 1, result.stdout + result.stderr
    assert "is not the one imported" in result.stderr
