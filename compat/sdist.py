"""Upstream test files that wheels do not ship, taken from sdists.

bs4's, lxml's and html5lib's tests are run against specparser
(``compat/bs4_suite.py``, ``compat/html5lib_api_suite.py``) from the sdist
of the *installed* version.  This module holds what both need: the installed version, the
cache the unpacked files live in, and the ``pip download`` that fetches an
sdist on first use.  What to unpack from the archive is each suite's own
business.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def installed_version(distribution: str) -> str | None:
    """The installed version of ``distribution``, or ``None``."""
    try:
        from importlib.metadata import PackageNotFoundError, version
    except ImportError:  # pragma: no cover
        return None
    try:
        return version(distribution)
    except PackageNotFoundError:
        return None


def cache_dir() -> Path:
    """``$SPECPARSER_CACHE``, else ``$XDG_CACHE_HOME/specparser`` or
    ``~/.cache/specparser``."""
    env = os.environ.get("SPECPARSER_CACHE")
    if env:
        return Path(env)
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg else Path.home() / ".cache"
    return base / "specparser"


def download(
    distribution: str,
    version: str,
    into: Path,
    *,
    no_binary: str,
    timeout: float,
    env_var: str,
    constraints: str = "",
) -> tuple[Path | None, str]:
    """``pip download`` the ``distribution==version`` sdist into ``into``:
    ``(archive, "")`` or ``(None, why not)``; the reason ends by naming
    ``env_var``, the way to supply the sdist by hand.

    ``no_binary`` is pip's ``--no-binary`` value: ``":all:"``, or the
    distribution's own name when its build requirements may come as wheels
    (pip prepares the sdist's metadata; nothing is built).  ``constraints``
    (pip constraint lines) pins the build requirements of that step, for an
    old sdist whose setup.py the newest setuptools cannot run."""
    command = [
        sys.executable, "-m", "pip", "download", "--quiet", "--no-binary", no_binary,
        "--no-deps", "-d", str(into), f"{distribution}=={version}",
    ]
    failure = f"cannot download the {distribution} {version} sdist"
    env = None
    if constraints:
        # PIP_CONSTRAINT reached the isolated build environment up to pip
        # 25.2; pip 25.3+ takes build constraints from --build-constraint
        # (PIP_BUILD_CONSTRAINT), which older pips ignore as unknown.
        constraint_file = into / "constraints.txt"
        constraint_file.write_text(constraints)
        env = dict(os.environ, PIP_CONSTRAINT=str(constraint_file), PIP_BUILD_CONSTRAINT=str(constraint_file))
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, env=env)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return None, f"{failure}: {exc} (set {env_var})"
    archives = list(into.glob(f"{distribution}-*.tar.gz"))
    if done.returncode != 0 or not archives:
        message = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["no archive"]
        return None, f"{failure}: {message[0]} (set {env_var})"
    return archives[0], ""
