#!/usr/bin/env python3
"""Run a conformance suite that others wrote.

    python compat/run.py tokenizer
    python compat/run.py tree [--builder etree|lxml|lxml.html|bs4|dom|all]
                              [--suite wpt|html5lib-tests] [--no-fast-paths]
    python compat/run.py encoding
    python compat/run.py serializer
    python compat/run.py bs4 [--generic]
    python compat/run.py html5lib-api [api|bs4|lxml|html5lib|all]
    python compat/run.py html5lib-own [-v] [-k pytest-expression]
    python compat/run.py bleach-own [-v] [-k pytest-expression]
    python compat/run.py sanitizer [--builder etree|lxml|lxml.html|bs4|dom|all] [-v]

Each suite lives in ``compat/<name>_suite.py`` and exposes
``main(argv) -> int``; it prints one line per failure and ends with the
plain line ``N passed, M failed``.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

SUITES = {
    "tokenizer": "compat.tokenizer_suite",
    "tree": "compat.tree_suite",
    "encoding": "compat.encoding_suite",
    "serializer": "compat.serializer_suite",
    "bs4": "compat.bs4_suite",
    "html5lib-api": "compat.html5lib_api_suite",
    "html5lib-own": "compat.html5lib_own_suite",
    "bleach-own": "compat.bleach_own_suite",
    "sanitizer": "compat.sanitizer_suite",
}


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in SUITES:
        print(__doc__.strip(), file=sys.stderr)
        print(f"\nknown suites: {', '.join(SUITES)}", file=sys.stderr)
        return 2
    module = importlib.import_module(SUITES[argv[0]])
    return module.main(argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
