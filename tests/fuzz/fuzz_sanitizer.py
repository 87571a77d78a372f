#!/usr/bin/env python3
"""A long property run of the sanitizer (the suite runs a short one).

    nice -n 19 python tests/fuzz/fuzz_sanitizer.py --seconds 2100 [--report FILE]

Runs hypothesis over generated tag soup and known mXSS shapes
(:mod:`sanitizer_properties`), every configuration and context there, in
batches until the time is up, and checks every property of
:func:`sanitizer_properties.check` for each input.  A failing input does not
stop the run: hypothesis shrinks it, it is printed and written to the
report, and the next batch starts with another seed.  At the end the run
prints (and writes to ``--report`` as JSON) how many inputs were checked,
for how long, and the failures.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import warnings
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent.parent / "src"))

from hypothesis import HealthCheck, given, seed, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import sanitizer_properties as properties  # noqa: E402


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="fuzz_sanitizer.py")
    ap.add_argument("--seconds", type=float, default=1800)
    ap.add_argument("--batch", type=int, default=500, help="inputs per hypothesis run")
    ap.add_argument("--report", type=Path)
    args = ap.parse_args(argv)
    warnings.simplefilter("ignore")
    start = time.monotonic()
    cpu_start = time.process_time()
    checked = 0
    failures: list[str] = []
    batches = 0

    def one(text: str, config: object, context: str) -> None:
        nonlocal checked
        checked += 1
        properties.check(text, config, context)

    while time.monotonic() - start < args.seconds:
        batches += 1
        test = settings(max_examples=args.batch, deadline=None, database=None, suppress_health_check=list(HealthCheck))(
            seed(random.getrandbits(64))(
                given(properties.markup(), st.sampled_from(properties.CONFIGS), st.sampled_from(properties.CONTEXTS))(one)
            )
        )
        try:
            test()
        except Exception as error:  # a property failed: keep it, go on
            failures.append(f"{type(error).__name__}: {error}")
            print(failures[-1], flush=True)
        print(f"batch {batches}: {checked} inputs checked, {len(failures)} failures, "
              f"{time.monotonic() - start:.0f} s", flush=True)  # fmt: skip
    summary = {
        "inputs_checked": checked,
        "wall_seconds": round(time.monotonic() - start),
        "cpu_seconds": round(time.process_time() - cpu_start),
        "batches": batches,
        "failures": failures,
    }
    print(json.dumps(summary, indent=1))
    if args.report:
        args.report.write_text(json.dumps(summary, indent=1) + "\n")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
