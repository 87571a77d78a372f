#!/usr/bin/env python3
"""Very deep documents: parse, walk and serialize at a given depth.

    python benchmarks/bench_depth.py [--depth 1000000] [--kinds div,table,...]
                                     [--trees etree,lxml,lxml.html,bs4,dom]
                                     [--third-party]

For each (kind, tree type): CPU seconds of ``specparser.parse``, of
walking the tree to events (``specparser.get_walker``), of
``serialize_html``, and of the html5lib-compatible serializer; each step
must finish without RecursionError.  ``--third-party`` also tries the tree
library's own serializer and copy (ElementTree's ``tostring``, lxml's
``tostring``, minidom's ``toxml``, bs4's ``decode``/``prettify`` and
``copy``), which recurse in some libraries: the README lists which cannot
take such trees.  Each (kind, tree type) runs in its own subprocess.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KINDS = {
    "div": ("", "<div>"),
    "formatting": ("", "<b>"),
    "table": ("", "<table><tr><td>"),
    "template": ("", "<template>"),
    "select": ("<select>", "<span>"),
    "svg": ("<svg>", "<g>"),
    "mathml": ("<math>", "<mrow>"),
    "lists": ("", "<ul><li>"),
}


def _third_party(tree_type: str, tree, depth: int) -> dict:
    """What the tree library's own serializer and copy do with the tree."""
    import copy

    calls = {}
    if tree_type == "etree":
        from xml.etree import ElementTree as ET

        calls["ElementTree.tostring"] = lambda: ET.tostring(tree)
    elif tree_type.startswith("lxml"):
        from lxml import etree

        calls["lxml.etree.tostring"] = lambda: etree.tostring(tree)
        calls["copy.deepcopy"] = lambda: copy.deepcopy(tree)
    elif tree_type == "dom":
        calls["minidom toxml"] = lambda: tree.toxml()
    elif tree_type == "bs4":
        calls["bs4 decode"] = lambda: tree.decode()
        # prettify indents each level by one more space: its output has
        # depth**2 / 2 characters (5e11 at depth 1,000,000), so it is tried
        # at small depths only.
        if depth <= 20_000:
            calls["bs4 prettify"] = lambda: tree.prettify()
        calls["bs4 copy"] = lambda: copy.copy(tree)
    result = {}
    for name, call in calls.items():
        try:
            call()
            result[name] = "ok"
        except RecursionError:
            result[name] = "RecursionError"
        except Exception as exc:  # noqa: BLE001 - reported, not hidden
            result[name] = f"{type(exc).__name__}: {str(exc)[:80]}"
    return result


def child(kind: str, tree_type: str, depth: int, third_party: bool) -> None:
    import warnings

    import specparser
    from specparser import html5lib_compat
    from specparser.html5lib_compat.serializer import serialize as html5lib_serialize
    from specparser.serializer import serialize_html

    warnings.simplefilter("ignore")
    prefix, unit = KINDS[kind]
    source = prefix + unit * (depth // unit.count("<")) + "x"
    result: dict = {}

    def step(name, call):
        start = time.process_time()
        value = call()
        result[name] = round(time.process_time() - start, 2)
        return value

    tree = step("parse", lambda: html5lib_compat.parse(source, treebuilder=tree_type))
    step("walk", lambda: sum(1 for _ in specparser.get_walker(tree_type)(tree)))
    markup = step("serialize_html", lambda: serialize_html(tree, tree_type))
    step("html5lib serialize", lambda: html5lib_serialize(tree, tree=tree_type))
    result["ok"] = markup.count(unit) == depth // unit.count("<")
    if third_party:
        result["third party"] = _third_party(tree_type, tree, depth)
    print(json.dumps(result))


def main(argv: list[str]) -> int:
    if argv[:1] == ["--child"]:
        child(argv[1], argv[2], int(argv[3]), argv[4] == "1")
        return 0
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--depth", type=int, default=1_000_000)
    ap.add_argument("--kinds", default=",".join(KINDS))
    ap.add_argument("--trees", default="etree,lxml,lxml.html,bs4,dom")
    ap.add_argument("--third-party", action="store_true")
    args = ap.parse_args(argv)
    for kind in args.kinds.split(","):
        for tree_type in args.trees.split(","):
            cmd = [sys.executable, str(Path(__file__).resolve()), "--child", kind, tree_type, str(args.depth),
                   "1" if args.third_party else "0"]  # fmt: skip
            proc = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
            if proc.returncode != 0:
                lines = proc.stderr.strip().splitlines()
                print(f"{kind:10} {tree_type:9} FAILED (exit {proc.returncode}): {lines[-1] if lines else ''}", flush=True)
                continue
            print(f"{kind:10} {tree_type:9} {proc.stdout.strip().splitlines()[-1]}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
