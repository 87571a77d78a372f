#!/usr/bin/env python3
"""The compiled build makes the same trees as the pure one, byte for byte.

    python compat/build_identity.py check [--limit N] [--generated N]
    python compat/build_identity.py dump OUT [--limit N] [--generated N]
    python compat/build_identity.py compare A B

``dump`` parses every document with the specparser this interpreter imports
and writes, per document and tree type (etree, lxml, lxml.html, bs4, dom),
a SHA-256 of the serialized tree, the html5lib test-format dump of the tree
and the parse errors (code and offset), with the digest's parts for the
first lines of a difference.  The documents: every case of the WPT and
html5lib-tests tree construction suites (fragments with their context, both
scripting modes), every corpus page (as bytes: decoding included) and
``--generated`` seeded random documents (nesting, misnesting, tables,
foreign content, character references, processing instructions).

``check`` runs ``dump`` twice in subprocesses: once with the installed
package (the compiled build), once with a copy of its ``.py`` sources alone
(the pure build of the same source), then compares.  Prints ``N passed, M
failed`` like the other suites; exit status 1 when a document differs.
Suites or corpus absent (compat/paths.py) are left out, with a note.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import warnings
from pathlib import Path
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

BUILDERS = ("etree", "lxml", "lxml.html", "bs4", "dom")

# The pieces the generator draws from: each is markup the tokenizer and
# tree construction treat differently (scopes, foster parenting, the
# adoption agency, foreign content, raw text, references, errors).
_PIECES = (
    "<p>", "</p>", "<b>", "</b>", "<i>", "</i>", "<a href='x'>", "</a>", "<div class=c>", "</div>",
    "<table>", "</table>", "<tr>", "<td>", "</td>", "<th>", "<tbody>", "<caption>", "<colgroup>",
    "<select>", "<option>", "<optgroup>", "</select>", "<svg>", "</svg>", "<math>", "</math>",
    "<mi>", "<annotation-xml encoding='text/html'>", "<foreignObject>", "<path/>", "<template>",
    "</template>", "<ul>", "<li>", "<dl><dt>", "<dd>", "<h1>", "</h2>", "<pre>\n", "<textarea>",
    "</textarea>", "<script>", "</script>", "<style>", "</style>", "<title>", "</title>",
    "<noscript>", "<br>", "</br>", "<img src=a alt>", "<input type=hidden>", "<hr/>", "<form>",
    "</form>", "<button>", "<frameset>", "<!-- c -->", "<!--", "<!DOCTYPE html>", "<?pi data?>",
    "&amp;", "&notin;", "&noti", "&#x110000;", "&#0;", "\x00", "\r\n", "\u00e9", "\U0001f600",
    "text ", " ", "<nobr>", "<marquee>", "</body>", "</html>", "<head>", "<body bgcolor=r>",
    "<![CDATA[x]]>", "<plaintext>", "<xmp>", "<iframe>", "<selectedcontent>", "<sarcasm>",
)


def generated_documents(count: int, seed: int = 20261127) -> list[tuple[str, str]]:
    rng = random.Random(seed)
    return [
        (f"generated/{n}", "".join(rng.choice(_PIECES) for _ in range(rng.randint(1, 60))))
        for n in range(count)
    ]


def _tree_cases() -> Iterator[tuple[str, str, str | None, bool]]:
    from compat.tree_suite import load_cases

    for suite in ("wpt", "html5lib-tests"):
        for case in load_cases(suite=suite):
            yield f"{suite}/{case.file}:{case.index}:{case.scripting}", case.data, case.context, case.scripting


def _digest(parts: list[str]) -> str:
    return hashlib.sha256("\x00".join(parts).encode("utf-8", "surrogatepass")).hexdigest()


def _outputs(markup: str | bytes, builder: str, context: str | None, scripting: bool) -> list[str]:
    """Serialized tree, test-format dump, errors: of one parse."""
    import specparser
    from specparser.builders import get_builder, get_walker
    from specparser.testformat import dump_events
    from specparser.treeconstruction import build_tree, context_element

    errors: list[Any] = []
    if isinstance(markup, bytes):
        tree = specparser.parse(markup, builder, errors=errors)
        serialized = specparser.serialize(tree)
        dump = dump_events(get_walker(builder)(tree))
    else:
        options = {"fullTree": True} if builder == "etree" else {}
        adapter = get_builder(builder)(namespaceHTMLElements=True, **options)
        element = None if context is None else context_element(context)
        tree = build_tree(markup, adapter, scripting=scripting, errors=errors, context=element)
        dump = dump_events(get_walker(builder)(tree))
        if context is None:
            serialized = specparser.serialize(tree)
        else:
            serialized = "".join(specparser.serialize(node) for node in specparser.parse_fragment(
                markup, context.split()[-1], builder, scripting=scripting))
    found = "\n".join(f"{error.code} {error.offset}" for error in errors)
    return [serialized, dump, found]


def dump(limit: int | None, generated: int) -> dict[str, Any]:
    from compat.paths import corpus_dir

    documents: list[tuple[str, str | bytes, str | None, bool]] = list(_tree_cases())
    corpus = corpus_dir()
    notes = []
    if corpus is None:
        notes.append("corpus absent: pages left out")
    else:
        pages = sorted(p for p in corpus.iterdir() if p.suffix in (".html", ".htm"))
        documents += [(f"corpus/{p.name}", p.read_bytes(), None, False) for p in pages]
    documents += [(name, text, None, False) for name, text in generated_documents(generated)]
    if limit is not None:
        documents = documents[:limit]
    import specparser

    # (The data-loss warnings of lxml trees are the same in both builds.)
    warnings.simplefilter("ignore")
    out: dict[str, Any] = {"compiled": specparser.compiled, "notes": notes, "digests": {}}
    for name, markup, context, scripting in documents:
        for builder in BUILDERS:
            try:
                parts = _outputs(markup, builder, context, scripting)
            except Exception as exc:  # recorded: the other build must fail the same way
                parts = [f"{type(exc).__name__}: {exc}"]
            out["digests"][f"{name} [{builder}]"] = [_digest(parts), parts[0][:200], parts[-1][:200]]
    return out


def compare(a: dict[str, Any], b: dict[str, Any]) -> int:
    failed = 0
    keys = sorted(set(a["digests"]) | set(b["digests"]))
    for key in keys:
        one, two = a["digests"].get(key), b["digests"].get(key)
        if one is None or two is None or one[0] != two[0]:
            failed += 1
            if failed <= 20:
                print(f"DIFFERS {key}: {one and one[1:]!r} != {two and two[1:]!r}")
    for note in a.get("notes", []):
        print(f"note: {note}")
    print(f"builds: compiled={a['compiled']} and compiled={b['compiled']}")
    print(f"{len(keys) - failed} passed, {failed} failed")
    return 1 if failed else 0


def pure_copy(package: Path, into: Path) -> Path:
    """The package's ``.py`` files (and py.typed) without its extension
    modules: the pure build of the same source."""
    target = into / "specparser"
    shutil.copytree(package, target, ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"))
    return into


def check(limit: int | None, generated: int) -> int:
    import specparser

    package = Path(specparser.__file__).resolve().parent
    with tempfile.TemporaryDirectory() as tmp:
        pure_path = pure_copy(package, Path(tmp) / "pure")
        results = []
        for extra_path in (None, pure_path):
            env = dict(os.environ)
            env["PYTHONPATH"] = os.pathsep.join(str(p) for p in (extra_path, ROOT) if p is not None)
            out = Path(tmp) / f"dump-{len(results)}.json"
            command = [sys.executable, __file__, "dump", str(out), "--generated", str(generated)]
            if limit is not None:
                command += ["--limit", str(limit)]
            subprocess.run(command, check=True, env=env, cwd=tmp)
            results.append(json.loads(out.read_text()))
    if results[0]["compiled"] == results[1]["compiled"]:
        print(f"note: both runs are compiled={results[0]['compiled']}: install the compiled build to compare")
    return compare(results[0], results[1])


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    for name in ("check", "dump"):
        command = sub.add_parser(name)
        if name == "dump":
            command.add_argument("out")
        command.add_argument("--limit", type=int, default=None, help="only the first N documents")
        command.add_argument("--generated", type=int, default=500, help="random documents (default 500)")
    both = sub.add_parser("compare")
    both.add_argument("a")
    both.add_argument("b")
    args = parser.parse_args(argv)
    if args.command == "dump":
        Path(args.out).write_text(json.dumps(dump(args.limit, args.generated)))
        return 0
    if args.command == "compare":
        return compare(json.loads(Path(args.a).read_text()), json.loads(Path(args.b).read_text()))
    return check(args.limit, args.generated)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
