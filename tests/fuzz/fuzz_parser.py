#!/usr/bin/env python3
"""Coverage-guided fuzzing of every specparser entry point with atheris.

    pip install -e '.[fuzz,lxml,bs4]'
    nice -n 19 python tests/fuzz/fuzz_parser.py --seconds 3600

What one input exercises (tokenizer with errors and both code paths, parse
to etree / lxml / bs4, a fragment in a context the input picks, bytes with
encoding sniffing, the serializer on every tree type) is
:func:`fuzz_targets.exercise`.

The driver runs libFuzzer in a child process, restarting it until the time
is up.  A failing input (an exception, or a property of
:mod:`fuzz_targets` that did not hold) does *not* stop the run: the input is
written to ``--crashes`` (one file per distinct failure, named by its
signature) and fuzzing goes on.  libFuzzer's own artifacts (time-outs: an
input that takes longer than ``--timeout`` seconds; memory over
``--rss-limit-mb``) land in the same directory and end the child, which is
then restarted.  A saved input becomes a regression test by moving it to
``tests/fuzz/regressions/`` once fixed (``test_fuzz_regressions.py``
replays every file there).

The working corpus (``--corpus``, default ``.fuzz-corpus/`` beside the
checkout's ``tests/``, not committed) is seeded from the html5lib-tests
tree-construction inputs when the shared suite is found.

At the end the driver prints how many inputs ran in total.
"""

from __future__ import annotations

import argparse
import hashlib
import re
import signal
import subprocess
import sys
import time
import traceback
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
DEFAULT_CORPUS = ROOT / ".fuzz-corpus"
DEFAULT_CRASHES = ROOT / ".fuzz-crashes"

_RUNS = re.compile(r"^#(\d+)\s+(?:DONE|pulse|NEW|REDUCE|INITED)", re.M)
_DONE = re.compile(r"Done (\d+) runs in (\d+) second")
_EXECUTED = re.compile(r"stat::number_of_executed_units: (\d+)")


def signature(exc: BaseException) -> str:
    """A short, stable name for a failure: the exception type and the
    innermost specparser frame (file:line), or the first line of the
    message for a property failure."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if "specparser" in f.filename]
    where = f"{Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else ""
    text = str(exc).splitlines()[0][:60] if str(exc) else ""
    if type(exc).__name__ == "Mismatch":
        where = re.sub(r"[^A-Za-z0-9]+", "-", text.split(":")[0])[:40]
    return f"{type(exc).__name__}-{where}".replace("/", "_")


def seed_corpus(corpus: Path) -> int:
    """Write the html5lib-tests tree-construction inputs (option byte 0)
    into an empty corpus directory; returns how many."""
    sys.path.insert(0, str(ROOT))
    from compat.paths import html5lib_tests_dir

    base = html5lib_tests_dir()
    if base is None:
        return 0
    from compat.tree_suite import load_cases

    count = 0
    seen = set()
    for case in load_cases():
        data = case.data.encode("utf-8", "surrogatepass")
        if data in seen:
            continue
        seen.add(data)
        name = hashlib.sha1(data).hexdigest()
        (corpus / name).write_bytes(bytes([count % 256]) + data)
        count += 1
    return count


def child(args: argparse.Namespace, libfuzzer_argv: list[str]) -> None:
    """The fuzzing process: instrument specparser, then hand over to libFuzzer."""
    import atheris

    with atheris.instrument_imports(include=["specparser"]):
        import specparser  # noqa: F401
        import specparser.bs4  # noqa: F401
        import specparser.builders.bs4  # noqa: F401
        import specparser.builders.etree  # noqa: F401
        import specparser.builders.lxml  # noqa: F401
        import specparser.encoding  # noqa: F401
        import specparser.serializer  # noqa: F401
        import specparser.walkers.bs4  # noqa: F401
        import specparser.walkers.etree  # noqa: F401
        import specparser.walkers.lxml  # noqa: F401
    sys.path.insert(0, str(HERE))
    import warnings

    import fuzz_targets

    warnings.simplefilter("ignore")
    crashes = Path(args.crashes)
    saved: dict[str, int] = {}
    for path in crashes.glob("*"):
        sig = path.name.rsplit("-", 1)[0]
        saved[sig] = saved.get(sig, 0) + 1

    def one_input(data: bytes) -> None:
        if len(data) > args.max_len:
            return
        try:
            fuzz_targets.exercise(data)
        except RecursionError as exc:
            _save(exc, data)
        except Exception as exc:  # every failure is saved; fuzzing goes on
            _save(exc, data)

    def _save(exc: BaseException, data: bytes) -> None:
        sig = signature(exc)
        if saved.get(sig, 0) >= args.keep_per_failure:
            return
        saved[sig] = saved.get(sig, 0) + 1
        path = crashes / f"{sig}-{hashlib.sha1(data).hexdigest()[:12]}"
        path.write_bytes(data)
        with open(crashes / "failures.log", "a", encoding="utf-8") as log:
            log.write(f"== {path.name}\n{''.join(traceback.format_exception(exc))[-4000:]}\n")
        print(f"FAILURE saved: {path}", file=sys.stderr, flush=True)

    atheris.Setup([sys.argv[0], *libfuzzer_argv], one_input)
    atheris.Fuzz()


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=int, default=60, help="total fuzzing time")
    ap.add_argument("--corpus", default=str(DEFAULT_CORPUS))
    ap.add_argument("--crashes", default=str(DEFAULT_CRASHES))
    ap.add_argument("--max-len", type=int, default=4096, help="longest input, in bytes")
    ap.add_argument("--timeout", type=int, default=30, help="seconds one input may take")
    ap.add_argument("--rss-limit-mb", type=int, default=3072)
    ap.add_argument("--keep-per-failure", type=int, default=5, help="inputs saved per distinct failure")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args, rest = ap.parse_known_args(argv)
    corpus = Path(args.corpus)
    crashes = Path(args.crashes)
    if args.child:
        child(args, rest)
        return 0
    try:
        import atheris  # noqa: F401
    except ImportError:
        print("atheris is not installed: pip install -e '.[fuzz]'", file=sys.stderr)
        return 2
    corpus.mkdir(parents=True, exist_ok=True)
    crashes.mkdir(parents=True, exist_ok=True)
    if not any(corpus.iterdir()):
        print(f"seeded {seed_corpus(corpus)} inputs from html5lib-tests", flush=True)
    deadline = time.monotonic() + args.seconds
    total_runs = 0
    restarts = 0
    while True:
        remaining = int(deadline - time.monotonic())
        if remaining < 5:
            break
        cmd = [
            sys.executable, str(Path(__file__).resolve()), "--child",
            "--crashes", str(crashes), "--max-len", str(args.max_len),
            "--keep-per-failure", str(args.keep_per_failure),
            f"-max_total_time={remaining}", f"-timeout={args.timeout}",
            f"-rss_limit_mb={args.rss_limit_mb}", f"-max_len={args.max_len}",
            f"-artifact_prefix={crashes}/", "-print_final_stats=1",
            f"-dict={HERE / 'html.dict'}", str(corpus),
        ]  # fmt: skip
        # The child writes straight into the log, so its statistics survive
        # even if this driver is killed; the part it wrote is read back.
        log_path = crashes / "libfuzzer.log"
        start = log_path.stat().st_size if log_path.exists() else 0
        with open(log_path, "ab") as log_file:
            proc = subprocess.Popen(cmd, stdout=log_file, stderr=subprocess.STDOUT)
            try:
                proc.wait()
            except KeyboardInterrupt:
                proc.send_signal(signal.SIGINT)  # libFuzzer prints its final stats
                proc.wait()
                raise
        with open(log_path, "rb") as f:
            f.seek(start)
            log = f.read().decode("utf-8", "replace")
        executed = _EXECUTED.findall(log)
        done = _DONE.findall(log)
        runs = [int(n) for n in _RUNS.findall(log)]
        if executed:
            child_runs = int(executed[-1])
        elif done:
            child_runs = int(done[-1][0])
        else:  # killed hard: the last progress line is a lower bound
            child_runs = max(runs) if runs else 0
        total_runs += child_runs
        for line in log.splitlines():
            if line.startswith("FAILURE saved") or "artifact_prefix" in line or "ERROR: libFuzzer" in line:
                print(line, flush=True)
        print(f"child exited {proc.returncode} after {child_runs} inputs", flush=True)
        if proc.returncode == 0:
            break
        restarts += 1
    saved = sorted(p.name for p in crashes.iterdir() if p.name not in ("libfuzzer.log", "failures.log"))
    print(f"fuzzing done: {total_runs} inputs in {args.seconds} s, {restarts} restarts, {len(saved)} saved failures")
    for name in saved:
        print(f"  {crashes / name}")
    return 1 if saved else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
