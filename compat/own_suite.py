"""What the runners of a library's own test suite on a drop-in share
(``compat/html5lib_own_suite.py``, ``compat/bleach_own_suite.py``): the
tests fetched from the library's sdist and cached, and the child process
in which pytest runs them with the drop-in's import alias on.

Each runner keeps what is its own: which members of the archive are its
tests, how the scratch directory is laid out, and its pytest plugin (what
is not applicable, what is an expected failure, how outcomes count).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import Any, Callable

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from compat import sdist  # noqa: E402

__all__ = ["OwnSuite", "child_main", "run_pytest_quietly"]


class OwnSuite:
    """The sdist of ``distribution==version`` (``env_var`` names a local
    archive instead), from which ``select`` picks the test files: given a
    member's path parts, the path under the tests directory to write it
    to, or None.  ``marker`` is a file the extracted tests always have
    (the cache is complete when it is there).  ``constraints``: pip
    constraint lines for the download (see :func:`compat.sdist.download`).
    ``module`` is the runner's module, run as the child process."""

    def __init__(
        self,
        distribution: str,
        version: str,
        env_var: str,
        select: Callable[[tuple[str, ...]], tuple[str, ...] | None],
        marker: str,
        module: str,
        constraints: str = "",
    ) -> None:
        self.distribution = distribution
        self.version = version
        self.env_var = env_var
        self.select = select
        self.marker = marker
        self.module = module
        self.constraints = constraints

    def extract(self, archive: Path, destination: Path) -> Path:
        """Extract the selected members of ``archive`` into ``destination``
        (through a ``.partial`` directory, so a cut-off run leaves no half
        cache)."""
        tmp = destination.with_name(destination.name + ".partial")
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir(parents=True)
        found = 0
        with tarfile.open(archive) as tar:
            for member in tar.getmembers():
                parts = Path(member.name).parts
                if not member.isfile() or ".." in parts:
                    continue
                relative = self.select(parts)
                if relative is None:
                    continue
                target = tmp.joinpath(*relative)
                target.parent.mkdir(parents=True, exist_ok=True)
                source = tar.extractfile(member)
                assert source is not None
                target.write_bytes(source.read())
                found += 1
        if not found:
            raise RuntimeError(f"{archive} holds no tests of {self.distribution}")
        shutil.rmtree(destination, ignore_errors=True)
        tmp.rename(destination)
        return destination

    def find_tests(self, download: bool = True) -> tuple[Path | None, str]:
        """``(directory of the tests, "")`` or ``(None, why not)``: from the
        environment variable's archive, the cache, or a fresh ``pip
        download``."""
        name, version, env_var = self.distribution, self.version, self.env_var
        target = sdist.cache_dir() / f"{name}-{version}" / "tests"
        env = os.environ.get(env_var)
        try:
            if env:
                return self.extract(Path(env), sdist.cache_dir() / f"{name}-from-env" / "tests"), ""
            if (target / self.marker).is_file():
                return target, ""
            if not download:
                return None, f"{name} {version} tests not cached at {target} (set {env_var})"
            with tempfile.TemporaryDirectory() as tmp:
                archive, reason = sdist.download(
                    name, version, Path(tmp), no_binary=":all:", timeout=600, env_var=env_var,
                    constraints=self.constraints,
                )  # fmt: skip
                if archive is None:
                    return None, reason
                return self.extract(archive, target), ""
        except (OSError, RuntimeError, tarfile.TarError) as exc:
            return None, f"cannot extract {name}'s tests: {exc} (set {env_var})"

    def run(
        self,
        prepare: Callable[[Path, Path], tuple[Path | None, str]],
        keyword: str = "",
        verbose: bool = False,
        show: Any = print,
    ) -> int:
        """Fetch the tests, lay them out in a scratch directory with
        ``prepare(tests, scratch)`` (``(path for the child, "")`` or
        ``(None, why not)``), run the child process on it; pass every
        output line to ``show`` (the last is ``N passed, M failed``)."""
        tests, reason = self.find_tests()
        with tempfile.TemporaryDirectory(prefix=f"specparser-{self.distribution}-own-") as tmp:
            where = None
            if tests is not None:
                where, reason = prepare(tests, Path(tmp))
            if where is None:
                show(f"cannot run {self.distribution}'s tests: {reason}")
                show("0 passed, 1 failed")
                return 1
            env = dict(os.environ)
            env["PYTHONPATH"] = os.pathsep.join([str(REPO_ROOT / "src"), str(REPO_ROOT), env.get("PYTHONPATH", "")])
            done = subprocess.run(
                [sys.executable, "-m", self.module, "--child", str(where), "1" if verbose else "0", keyword],
                capture_output=True, text=True, env=env, cwd=str(REPO_ROOT),
            )  # fmt: skip
        lines = done.stdout.rstrip().splitlines()
        for line in lines:
            show(line)
        if not lines or " passed, " not in lines[-1]:
            show(f"the test run did not finish: {done.stderr.strip()[-2000:]}")
            show("0 passed, 1 failed")
            return 1
        return done.returncode


def run_pytest_quietly(args: list[str], plugin: Any) -> None:
    """``pytest.main(args)`` with ``plugin``, its own output thrown away
    (the plugin counts and reports)."""
    import pytest

    with open(os.devnull, "w") as devnull:
        stdout = sys.stdout
        sys.stdout = devnull
        try:
            pytest.main(args, plugins=[plugin])
        finally:
            sys.stdout = stdout


def child_main(
    argv: list[str], prog: str, run: Callable[[str, bool], int], child: Callable[[str, bool, str], int]
) -> int:
    """A runner's entry point: ``--child DIR VERBOSE KEYWORD`` in the child
    process, else the command line of ``compat/run.py NAME``."""
    if argv[:1] == ["--child"]:
        return child(argv[1], argv[2] == "1", argv[3] if len(argv) > 3 else "")
    import argparse

    parser = argparse.ArgumentParser(prog=prog)
    parser.add_argument("-v", "--verbose", action="store_true", help="show the failures' details")
    parser.add_argument("-k", dest="keyword", default="", help="pytest -k expression selecting tests")
    args = parser.parse_args(argv)
    return run(args.keyword, args.verbose)
