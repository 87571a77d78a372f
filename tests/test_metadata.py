"""The distribution's metadata: one version, the license files, a classifier
for each supported Python.

The version is written once, as ``specparser.__version__``; setuptools
reads it from there (``[tool.setuptools.dynamic]`` in pyproject.toml).
"""

from __future__ import annotations

import re
import sys
from importlib import metadata
from pathlib import Path

import pytest

import specparser

ROOT = Path(__file__).resolve().parent.parent
DISTRIBUTION = "specparser-html"
PYPROJECT = ROOT / "pyproject.toml"


def _installed_distribution() -> metadata.Distribution:
    """The installed specparser-html, when the specparser under test is the
    one it installed; else skip, saying which specparser is imported."""
    try:
        dist = metadata.distribution(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        pytest.skip(f"{DISTRIBUTION} is not installed (specparser is imported from {specparser.__file__})")
    init = Path(specparser.__file__).resolve()
    files = {Path(str(dist.locate_file(f))).resolve() for f in dist.files or ()}
    if init not in files:
        pytest.skip(f"specparser is imported from {init}, not from the installed {DISTRIBUTION}")
    return dist


def _pyproject() -> dict:
    tomllib = pytest.importorskip("tomllib", reason="tomllib is in the standard library from Python 3.11")
    if not PYPROJECT.is_file():
        pytest.skip(f"no pyproject.toml at {PYPROJECT} (an installed copy of the tests)")
    with PYPROJECT.open("rb") as file:
        return tomllib.load(file)


def test_the_version_is_a_release_version() -> None:
    assert re.fullmatch(r"\d+\.\d+\.\d+((a|b|rc)\d+)?(\.dev\d+)?", specparser.__version__), specparser.__version__


def test_pyproject_reads_the_version_from_the_package() -> None:
    project = _pyproject()
    assert "version" not in project["project"], "the version must be written once, in specparser.__version__"
    assert "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "specparser.__version__"}


def test_installed_version_is_the_package_version() -> None:
    dist = _installed_distribution()
    assert metadata.version(DISTRIBUTION) == dist.version == specparser.__version__


def test_installed_metadata_is_complete() -> None:
    meta = _installed_distribution().metadata
    assert meta["Name"] == DISTRIBUTION
    assert meta["License-Expression"] == "MIT"
    assert meta["Requires-Python"] == ">=3.10"
    classifiers = meta.get_all("Classifier") or []
    for minor in (10, 11, 12, 13):
        assert f"Programming Language :: Python :: 3.{minor}" in classifiers
    assert any(c.startswith("Development Status :: ") for c in classifiers)
    assert meta.get_all("Project-URL"), "no project URLs"
    assert meta["Author-email"] or meta["Author"]


def test_the_license_travels_with_the_installed_package() -> None:
    dist = _installed_distribution()
    names = {Path(str(f)).name for f in dist.files or ()}
    assert {"LICENSE", "THIRD_PARTY_NOTICES.md"} <= names
    license_text = next(f for f in dist.files or () if Path(str(f)).name == "LICENSE").read_text()
    assert "MIT License" in license_text


def test_classifiers_cover_every_supported_python() -> None:
    project = _pyproject()["project"]
    lowest = re.fullmatch(r">=3\.(\d+)", project["requires-python"])
    assert lowest, project["requires-python"]
    classifiers = project["classifiers"]
    listed = sorted(int(m[1]) for c in classifiers if (m := re.fullmatch(r"Programming Language :: Python :: 3\.(\d+)", c)))
    assert listed == list(range(int(lowest[1]), listed[-1] + 1)), listed
    # The Python running the tests is one the classifiers promise.
    assert sys.version_info[1] in listed or sys.version_info[1] > listed[-1]
