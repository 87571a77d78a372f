"""The build backend: setuptools', plus mypy when SPECPARSER_COMPILE=1.

pyproject.toml names this module (``backend-path = ["_build"]``).  It is
``setuptools.build_meta`` unchanged, except that a wheel built with
``SPECPARSER_COMPILE=1`` in the environment also needs mypy (whose mypyc
compiles the modules setup.py lists), and lxml for the profile-guided
build's training run unless ``SPECPARSER_PGO=0``.  Without the variable the build
requirements, the pure wheel and the sdist are exactly setuptools' own: no
compiler and no mypy are needed, and nothing is added at run time.
"""

from __future__ import annotations

import os
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F401,F403  (the other hooks, unchanged)

__all__ = [
    "build_editable",
    "build_sdist",
    "build_wheel",
    "get_requires_for_build_editable",
    "get_requires_for_build_sdist",
    "get_requires_for_build_wheel",
    "prepare_metadata_for_build_editable",
    "prepare_metadata_for_build_wheel",
]

# mypyc ships inside mypy (the compiled build is tested with mypy 2.4).
# mypyc type-checks the whole package first, as tests/test_typing.py does:
# with bs4's own annotations and lxml's stubs, so that the compiled code is
# the same whatever else the build machine has installed.  Build time only:
# the compiled wheel needs none of them at run time.
COMPILE_REQUIRES = ["mypy>=1.15", "beautifulsoup4>=4.13", "types-lxml>=2025.3"]
# The profile-guided build (setup.py, on unless SPECPARSER_PGO=0) also
# trains the lxml adapter, which needs lxml itself.
PGO_REQUIRES = ["lxml>=5"]


def compile_requested() -> bool:
    """True when the environment asks for the mypyc-compiled build."""
    return os.environ.get("SPECPARSER_COMPILE", "") == "1"


def pgo_requested() -> bool:
    """setup.py's test of the same name: the profile-guided build is on
    unless ``SPECPARSER_PGO=0``."""
    return os.environ.get("SPECPARSER_PGO", "1") != "0"


def _compile_requires() -> list[str]:
    if not compile_requested():
        return []
    return COMPILE_REQUIRES + (PGO_REQUIRES if pgo_requested() else [])


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    return list(_setuptools.get_requires_for_build_wheel(config_settings)) + _compile_requires()


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    return list(_setuptools.get_requires_for_build_editable(config_settings)) + _compile_requires()
