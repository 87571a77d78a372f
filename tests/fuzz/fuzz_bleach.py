#!/usr/bin/env python3
"""A timed fuzz run of :func:`specparser.bleach_compat.clean`'s properties
over generated tag soup (the pieces of tests/test_bleach_compat.py: raw text
and foreign elements, comments, PIs, references in URLs, broken tags):

* the default arguments (strip False and True): ``clean(clean(x)) == clean(x)``;
* random arguments (tags, attributes as list, dict, ``"*"`` or callable,
  protocols with ``javascript``): the output, parsed as a browser parses
  it, holds no script-capable element, event handler, srcdoc or
  javascript:/vbscript: URL;
* the fast path equals the token stream (``fast_paths=False``).

    python tests/fuzz/fuzz_bleach.py --seconds 1800 [--seed N]

Prints the counts and every failing input (as repr) and exits 1 if any.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import warnings
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from test_bleach_compat import ATTRIBUTES, PIECES, TAGS, VALUES, unsafe_parts  # noqa: E402

from specparser import bleach_compat as bc  # noqa: E402
from specparser.bleach_compat.sanitizer import Cleaner  # noqa: E402

__all__ = ["main"]


def soup(rng: random.Random) -> str:
    return "".join(
        rng.choice(PIECES).format(t=rng.choice(TAGS), a=rng.choice(ATTRIBUTES), v=rng.choice(VALUES))
        for _ in range(rng.randint(1, 24))
    )


def arguments(rng: random.Random) -> dict[str, Any]:
    tags = set(rng.sample(TAGS, rng.randint(0, len(TAGS))))
    names = rng.sample(ATTRIBUTES, rng.randint(0, len(ATTRIBUTES)))
    shape = rng.randrange(4)
    attributes: Any = (lambda tag, name, value: True) if shape == 0 else names if shape == 1 else {"*": names} if shape == 2 else {t: names for t in tags}
    protocols = rng.choice([bc.ALLOWED_PROTOCOLS, {"javascript", "vbscript", "data", "http"}, set()])
    return {"tags": tags, "attributes": attributes, "protocols": protocols, "strip": rng.random() < 0.5,
            "strip_comments": rng.random() < 0.5}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    warnings.simplefilter("ignore")
    counts = {"inputs": 0, "fixed point": 0, "no script": 0, "fast == general": 0}
    failures = 0
    deadline = time.monotonic() + args.seconds
    while time.monotonic() < deadline:
        markup = soup(rng)
        counts["inputs"] += 1
        for strip in (False, True):
            once = bc.clean(markup, strip=strip)
            counts["fixed point"] += 1
            if bc.clean(once, strip=strip) != once:
                failures += 1
                print(f"FIXED POINT strip={strip}: {markup!r} -> {once!r}")
        options = arguments(rng)
        output = Cleaner(**options).clean(markup)
        counts["no script"] += 1
        found = unsafe_parts(output)
        if found:
            failures += 1
            print(f"UNSAFE {found}: {markup!r} {options!r} -> {output!r}")
        counts["fast == general"] += 1
        if Cleaner(**options, fast_paths=False).clean(markup) != output:
            failures += 1
            print(f"FAST PATH: {markup!r} {options!r}")
    print(", ".join(f"{name}: {count}" for name, count in counts.items()) + f"; failures: {failures}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
