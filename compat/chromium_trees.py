#!/usr/bin/env python3
"""Chromium 156's trees: recorded for tests/test_selectedcontent.py, and a
live differential check of specparser against the browser.

    python compat/chromium_trees.py record [--chromium chromium]
        # rewrite tests/data/selectedcontent_chromium.json from CASES
    python compat/chromium_trees.py check [--chromium chromium]
        # exit 1 if Chromium now builds another tree for a recorded case
    python compat/chromium_trees.py diff [--corpus] [--generated N] [--seed S] [--as KIND]
                                         [--contexts html|all] [--generator soup|select] [--out DIR]
        # specparser against Chromium, live: the corpus pages and N
        # generated documents (--as document, document-dsd or fragment:
        # each in a context drawn from FRAGMENT_CONTEXTS, with --contexts
        # all also MORE_FRAGMENT_CONTEXTS); each mismatch is written to DIR

A document is parsed with ``new DOMParser().parseFromString(markup,
"text/html")`` (scripting off), or with ``Document.parseHTMLUnsafe(markup,
{})`` (without ``{}`` Chromium 156 drops the comments below the root) when
declarative shadow roots are on (``parse(..., shadow_roots=True)``); a
fragment with the ``innerHTML`` setter of a new element of the context's
name (a ``template``: its contents; the page runs script, so that parse
has the scripting flag set, except in a template's inert contents).  The page writes each tree in the
html5lib-tests dump format (``chromium_sanitizer.DUMP_SCRIPT``: adjacent
text merged, open shadow roots shown) and ``chromium --headless
--dump-dom`` prints them.  ``record`` and ``check`` do not import
specparser: they keep what the browser does.

The generated documents are tag soup from the property tests' pieces
(``tests/test_properties.py``: every element with rules of its own,
attributes, character references, comments, DOCTYPEs, processing
instructions) and the 2025-2026 additions (``<selectedcontent>``,
``<template for>``, markers); seeded, so a run can be repeated.  With
``--generator select`` they are select markup instead (``select_documents``).
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE.parent / "tests"))
sys.path.insert(0, str(HERE.parent / "tests" / "fuzz"))

from compat.chromium_sanitizer import DUMP_SCRIPT, run_chromium  # noqa: E402

DATA = HERE.parent / "tests" / "data" / "selectedcontent_chromium.json"

# Each case: [kind, context, markup]; kind "document", "document-dsd"
# (declarative shadow roots on) or "fragment" (context: an HTML element name).
_SELECT = "<select><button><selectedcontent></button>"
CASES: list[list[str]] = [
    # A selectedcontent inside an option, another selectedcontent or a
    # second select is disabled: never filled.
    ["document", "", "<select><option>A<selectedcontent></selectedcontent></option></select>"],
    ["document", "", "<select><option><b><selectedcontent>x</selectedcontent></b>A</option></select>"],
    ["document", "", "<select><optgroup><option>A<selectedcontent></selectedcontent></option></optgroup></select>"],
    ["document", "", "<select><option><selectedcontent>in</selectedcontent>A</option><option selected>B</option></select>"],
    ["document", "", "<select><option>x<selectedcontent></selectedcontent>y"],
    ["document", "", "<option><select><button><selectedcontent></button><option>X</select>"],
    ["document", "", "<select><button><selectedcontent><selectedcontent></selectedcontent></selectedcontent></button><option>X</select>"],
    ["document", "", "<select><option>A</option><selectedcontent><selectedcontent></selectedcontent></selectedcontent></select>"],
    # Every selectedcontent that is not disabled is filled, in tree order.
    ["document", "", "<select><button><selectedcontent></selectedcontent><selectedcontent></selectedcontent></button><option>X</select>"],
    ["document", "", "<select><button><selectedcontent></selectedcontent></button><button><selectedcontent></selectedcontent>"
     "</button><option>A<option selected>B</select>"],
    ["document", "", "<select><option>A<selectedcontent></selectedcontent></option><button><selectedcontent></selectedcontent>"
     "</button><option selected>B</option></select>"],
    ["document", "", _SELECT + "<option>X</option><option>Y</option></select>"],
    ["document", "", _SELECT + "<option>X</option><option selected>Y</option><option>Z</option></select>"],
    ["document", "", _SELECT + "<option>A</option><option selected>B</option><option selected>C</option></select>"],
    ["document", "", _SELECT + "<option>A</option></select><select><option selected>B</option></select>"],
    ["document", "", _SELECT + "<option>X<option>Y</select>" + _SELECT + "<option>Z</select>"],
    ["document", "", _SELECT + "<option>A<b>b<p>c</b>d</option></select>"],
    ["document", "", _SELECT + "<b><option>A</b>x</option></select>"],
    ["document", "", "<b>" + _SELECT + "<option selected>A</b>B</option></select>"],
    ["document", "", "<a>" + _SELECT + "</a><option>A</option></select>"],
    ["document", "", "<div>" + _SELECT + "<option>A</div>B"],
    ["document", "", _SELECT + "<option>A</option><option>B</option>"],
    ["document", "", _SELECT + "<option>A"],
    ["document", "", "<table>" + _SELECT + "<option>X</select></table>"],
    ["document", "", _SELECT + "<table><option>A</option></table></select>"],
    ["document", "", "<select><table><selectedcontent></selectedcontent></table><option>A</option></select>"],
    ["document", "", "<select multiple><button><selectedcontent></button><option>X</select>"],
    ["document", "", "<math><mi>" + _SELECT + "<option>X</select>"],
    ["document", "", "<svg><foreignObject>" + _SELECT + "<option>X</select>"],
    # A selectedcontent inserted after the selected option is filled at once.
    ["document", "", "<select><option>A</option><selectedcontent></selectedcontent></select>"],
    ["document", "", "<select><option>A</option><option selected>B<b>b</b></option><div><selectedcontent></selectedcontent></div></select>"],
    ["document", "", "<select><option selected>A</option><option>B</option><selectedcontent></selectedcontent></select>"],
    ["document", "", "<select><option disabled>A</option><option>B</option><selectedcontent></selectedcontent></select>"],
    ["document", "", "<select><option>A</option><selectedcontent>old</selectedcontent></select>"],
    ["document", "", "<select><selectedcontent>old</selectedcontent><option>A</option></select>"],
    ["document", "", _SELECT + "old</selectedcontent></button></select>"],
    ["document", "", "<select><option>A<b>x</option><selectedcontent></selectedcontent>"],
    ["document", "", "<select><option>A</option><button><selectedcontent><b>z</selectedcontent></button><option selected>B</select>"],
    ["document", "", "<select><optgroup><option>A</option></optgroup><selectedcontent></selectedcontent></select>"],
    ["document", "", "<select><hr><option>A</option><selectedcontent></selectedcontent></select>"],
    ["document", "", "<select multiple><option>A</option><selectedcontent></selectedcontent></select>"],
    ["document", "", "<select><option>A</option><selectedcontent></selectedcontent><option selected>B</option></select>"],
    ["document", "", "<div><selectedcontent></selectedcontent></div><select><option>A</select>"],
    # Disabled options and optgroups, and the display size: no option is
    # selected by default when it is more than 1.
    ["document", "", "<select><optgroup disabled><option>A</option></optgroup><option>B</option><selectedcontent></selectedcontent></select>"],
    ["document", "", "<select><optgroup disabled><option>A</option></optgroup><button><selectedcontent></button><option>B</option></select>"],
    ["document", "", _SELECT + "<optgroup disabled><option>A</option></optgroup><option>B</option></select>"],
    # The nearest ancestor optgroup disables an option, not only its
    # parent: through other elements, a table's foster parenting and the
    # adoption agency; not past an hr or a datalist (the option then has
    # no select), nor a disabled element that is no optgroup.
    *[
        ["document", "", _SELECT + body]
        for body in [
            "<optgroup disabled><div><option>A</div><option>B</select>",
            "<optgroup disabled><div><option>A</div></optgroup><option>B</select>",
            "<optgroup><b disabled><option>A</select>",
            "<optgroup disabled></optgroup><option>A</select>",
            "<div><optgroup disabled><span><option>A</span></optgroup><option>B</select>",
            "<optgroup disabled><optgroup><option>A</optgroup><option>B</select>",
            "<optgroup><div><optgroup disabled><option>A</select>",
            "<optgroup disabled><b><i><option>A</i></b><option selected>B</select>",
            "<optgroup disabled><table><option>A</option></table></optgroup><option>B</select>",
            "<optgroup disabled><div><table><option>A</table></div></optgroup><option>B</select>",
            "<optgroup disabled><b><option>A</b><option>B</optgroup><option>C</select>",
            "<optgroup disabled><a><div><option>A</a><option>B</optgroup><option>C</select>",
            "<optgroup disabled><table><td><option>A</td></table></optgroup><option>B</select>",
            "<optgroup disabled><table><caption><option>A</caption></table></optgroup><option>B</select>",
            "<optgroup disabled><hr><option>A</select>",
            "<optgroup disabled><datalist><option>A</datalist></optgroup><option>B</select>",
        ]
    ],
    ["document-dsd", "", "<div><template shadowrootmode=open>" + _SELECT
     + "<optgroup disabled><b><option>A</b></optgroup><option>B</select></template></div>"],
    # The adoption agency takes an option out of the middle of the stack:
    # it ends there, with the children it has then (an open child of it
    # moves out afterwards).
    *[
        ["document", "", _SELECT + body]
        for body in [
            "<a><option>x<p>y<a>z</select>",
            "<a><option>x<p>y</a>z</select>",
            "<a><option>x<div>y</a>z<option selected>w</select>",
            "<b><option>x<p>y</b>z</select>",
            "<a><option><b>x<p>y</a>z</select>",
        ]
    ],
    ["document", "", "<select><a><option>x<p>y</a>z</select><button><selectedcontent>"],
    ["document", "", "<select><button><selectedcontent></selectedcontent></button><caption></span><a></table>"
     "</selectedcontent></p><datalist>X<a></p><caption><option><p><a>"],
    ["document-dsd", "", "<div><template shadowrootmode=open>" + _SELECT + "<a><option>x<p>y</a>z</select></template></div>"],
    ["document", "", "<select size=3><option>A</option><selectedcontent></selectedcontent></select>"],
    ["document", "", "<select multiple size=1><button><selectedcontent></button><option>X</select>"],
    *[
        ["document", "", f'<select size="{size}"><button><selectedcontent></button><option>X</select>']
        for size in ["2", " 3", "+3", "3abc", "\t2", "4e0", "2147483648", "3", "1.5", "-1", "01", "1 ", "0x3", "",
                     " ", "\uff11", "00", "99999999999", "-0", "1abc", "0abc", "0", "x"]
    ],
    ["document", "", "<select size=3><button><selectedcontent></button><option selected>X</select>"],
    # Template contents are a tree of their own: their options are not the
    # select's, their selectedcontent elements neither; not connected, so
    # nothing is filled at insertion there.
    ["document", "", "<template>" + _SELECT + "<option>X</select></template>"],
    ["document", "", "<template><select><option>A<selectedcontent></selectedcontent></option></select></template>"],
    ["document", "", "<template><select><option>A</option><selectedcontent></selectedcontent></select></template>"],
    ["document", "", _SELECT + "<template><option selected>T</option></template><option>X</select>"],
    ["document", "", "<select><template><button><selectedcontent></button></template><option>X</select>"],
    ["document", "", "<select><div><template shadowrootmode=open><selectedcontent></selectedcontent></template></div><option>X</select>"],
    # Declarative shadow roots: a tree of their own too, connected when the host is.
    ["document-dsd", "", "<div><template shadowrootmode=open><select><option>A</option><selectedcontent></selectedcontent>"
     "</select></template></div>"],
    ["document-dsd", "", "<div><template shadowrootmode=open>" + _SELECT + "<option>A</option></select></template></div>"],
    ["document-dsd", "", "<select><div><template shadowrootmode=open><selectedcontent></selectedcontent></template></div><option>X</select>"],
    ["document-dsd", "", _SELECT + "<my-el><template shadowrootmode=open><option selected>S</option></template></my-el><option>X</select>"],
    ["document-dsd", "", "<template><div><template shadowrootmode=open><select><option>A</option><selectedcontent>"
     "</selectedcontent></select></template></div></template>"],
    # An option inside a selectedcontent of its select: when it is inserted
    # and selected, the update takes it (and the open elements between
    # them) out of the tree; what follows goes into that detached subtree.
    ["document", "", "<select><button><selectedcontent><option>x<b>b</b></option>y</selectedcontent></button></select>"],
    ["document", "", "<select><button><selectedcontent>a<option>x</option>y</selectedcontent></button><option>z</select>"],
    ["document", "", "<select><button><selectedcontent><div><option>x</option><option selected>y</option>z</div>w"
     "</selectedcontent></button><option>v</select>"],
    ["document", "", "<select><button><selectedcontent></selectedcontent><selectedcontent2><selectedcontent><span><option>x"
     "<selectedcontent></selectedcontent></option></span></selectedcontent></button><option>v</option><select>"],
    ["document", "", "<select><option>A</option><button><selectedcontent><option selected>B</option>C</selectedcontent>"
     "</button><option selected>D</select>"],
    ["document", "", "<template><select><button><selectedcontent><option>x</option>y</selectedcontent></button></select></template>"],
    ["document", "", "<select><button><selectedcontent><option disabled>x</option>y</select>"],
    ["document", "", "<select size=2><button><selectedcontent><option>x</option>y</select>"],
    ["document", "", "<select multiple><button><selectedcontent><option selected>x</option>y</select>"],
    # Fragments.
    *[
        ["fragment", context, markup]
        for context in ["select", "option", "div", "template", "optgroup"]
        for markup in [
            "<button><selectedcontent></button><option>X",
            "<option>A</option><selectedcontent></selectedcontent>",
            "<option>A<selectedcontent></selectedcontent></option>",
            "<selectedcontent></selectedcontent><option selected>B",
            "<select><button><selectedcontent></button><option>X</select>",
            "<option>X<b>y</b></option><div><selectedcontent>",
            # Not connected: nothing is filled at insertion, no option
            # leaves the tree.
            "<select><option>A</option><selectedcontent></selectedcontent></select>",
            "<select><button><selectedcontent><option>x</option>y</selectedcontent></button></select>",
        ]
    ],
]

_PAGE = (
    r"""<!DOCTYPE html><meta charset=utf-8><body><pre id=out></pre><script>
const CASES = JSON.parse(document.getElementById("cases").textContent);
"""
    + DUMP_SCRIPT
    + r"""const results = [];
for (const [kind, context, markup] of CASES) {
  const lines = [];
  try {
    if (kind === "fragment") {
      // "svg NAME" / "math NAME": a foreign context element.
      const [prefix, local] = context.includes(" ") ? context.split(" ") : [null, context];
      const element = prefix === null ? document.createElement(context)
        : document.createElementNS(prefix === "svg" ? "http://www.w3.org/2000/svg"
                                                    : "http://www.w3.org/1998/Math/MathML", local);
      element.innerHTML = markup;
      dump(context === "template" ? element.content : element, 0, lines);
    } else {
      // parseHTMLUnsafe(markup) with no options drops the comments below
      // the root in Chromium 156; with {} it keeps them, as setHTMLUnsafe does.
      dump(kind === "document-dsd" ? Document.parseHTMLUnsafe(markup, {})
                                   : new DOMParser().parseFromString(markup, "text/html"), 0, lines);
    }
    results.push({tree: lines.join("\n")});
  } catch (e) { results.push({error: String(e)}); }
}
document.getElementById("out").textContent = JSON.stringify(results);
</script>"""
)


def chromium_trees(chromium: str, cases: list[list[str]], batch: int = 500) -> list[dict]:
    """Chromium's result for each case: ``{"tree": dump}`` or ``{"error": ...}``."""
    results: list[dict] = []
    for start in range(0, len(cases), batch):
        results += run_chromium(chromium, cases[start : start + batch], _PAGE, timeout=600)
    return results


def chromium_version(chromium: str) -> str:
    return subprocess.run([chromium, "--version"], capture_output=True, text=True).stdout.strip()


# -- specparser's side (diff only) ---------------------------------------------


def specparser_tree(kind: str, context: str, markup: str, tree: str = "etree", **options: Any) -> str:
    """specparser's dump for a case, as the page writes Chromium's."""
    import specparser
    from specparser.testformat import dump_events

    if kind == "fragment":
        # The page's document runs script, so its fragment parser has
        # the scripting flag set (noscript is raw text); a template's
        # contents belong to an inert document, which runs none.
        options.setdefault("scripting", context != "template")
        result = specparser.parse_fragment(markup, context, "dom", html_namespace=True, **options)
        return dump_events(specparser.get_walker("dom")(result))
    document = specparser.parse(markup, tree, shadow_roots=kind == "document-dsd", **options)
    if tree == "lxml":
        document = document.getroot()
    return dump_events(specparser.get_walker(tree)(document))


def generated_documents(count: int, seed: int) -> list[str]:
    """``count`` tag-soup documents (see the module docstring)."""
    from test_properties import ATTRIBUTE_NAMES, REFERENCES, SNIPPETS, TAG_NAMES, TEXT_ALPHABET

    extra = (
        "<?marker name=x>", "<?start name=x>", "<?end>", '<template for="x">', "</template>", "<? ?>",
        "<selectedcontent>", "</selectedcontent>", "<select><button><selectedcontent>", "<option selected>",
        "<optgroup disabled>", "<select size=3>", "<table><select>", "<svg><desc><b>", "<math><mtext><i>",
    )  # fmt: skip
    alphabet = TEXT_ALPHABET.replace("\ud800", "")
    rng = random.Random(seed)

    def text() -> str:
        return "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 6)))

    def attribute() -> str:
        name = rng.choice(ATTRIBUTE_NAMES)
        quote = rng.choice(['"', "'", ""])
        value = "".join(rng.choice([text(), rng.choice(REFERENCES)]) for _ in range(rng.randint(0, 2)))
        value = value.replace(quote, "") if quote else "".join(c for c in value if c not in "\t\n\x0c\r >\"'=<`")
        return f" {name}={quote}{value}{quote}"

    def piece() -> str:
        roll = rng.random()
        if roll < 0.35:
            name = rng.choice(TAG_NAMES)
            attrs = "".join(attribute() for _ in range(rng.randint(0, 2)))
            return f"<{name.upper() if rng.random() < 0.2 else name}{attrs}>"
        if roll < 0.55:
            return f"</{rng.choice(TAG_NAMES)}>"
        if roll < 0.75:
            return text()
        if roll < 0.82:
            return rng.choice(REFERENCES)
        if roll < 0.9:
            return rng.choice(SNIPPETS)
        if roll < 0.97:
            return rng.choice(extra)
        return "<!--" + "".join(rng.choice("ab-!<> ") for _ in range(rng.randint(0, 5))) + "-->"

    documents = ["".join(piece() for _ in range(rng.randint(1, 40))) for _ in range(count)]
    # Lone surrogates from the snippets cannot reach the browser's page.
    return [d.encode("utf-16", "surrogatepass").decode("utf-16", "replace") for d in documents]


# ``--generator select``: markup after one select whose first child is a
# button with a selectedcontent (found the disabled-optgroup and
# adoption-agency bugs of 2026-11-28).
_SELECT_PIECES = (
    "<button>", "</button>", "<selectedcontent>", "</selectedcontent>", "<option>", "<option selected>", "<option disabled>", "</option>", "<optgroup>",
    "<optgroup disabled>", "</optgroup>", "<b>", "</b>", "<a>", "</a>", "<i>", "</i>", "<div>", "</div>", "<span>",
    "</span>", "<table>", "</table>", "<tr>", "<td>", "</td>", "<caption>", "<hr>", "<datalist>", "</datalist>",
    "<template>", "</template>", "<p>", "</p>", "<input>", "<svg>", "</svg>", "<math>", "<mtext>", "<nobr>", "<li>",
    "<div><template shadowrootmode=open>", "X", "Y", "Z", "<!--c-->",
)  # fmt: skip


def select_documents(count: int, seed: int) -> list[str]:
    """``count`` documents of select markup (``--generator select``),
    leaving out those in which specparser copies a selected option into a
    selectedcontent: Chromium 156 may never finish them (the conformance
    page), and one such document stops a whole batch."""
    rng = random.Random(seed)
    documents = []
    while len(documents) < count:
        document = "<select><button><selectedcontent></selectedcontent></button>" + "".join(
            rng.choice(_SELECT_PIECES) for _ in range(rng.randint(3, 15))
        )
        if not _copies_a_selected_option(specparser_tree("document-dsd", "", document)):
            documents.append(document)
    return documents


def _copies_a_selected_option(dump: str) -> bool:
    """Whether a ``selected`` attribute lies inside a selectedcontent in the
    html5lib-format ``dump``."""
    inside = None  # the selectedcontent's depth while inside one
    for line in dump.splitlines():
        depth = len(line) - 2 - len(line[2:].lstrip(" "))
        if inside is not None and depth <= inside:
            inside = None
        if inside is None and line.endswith("<selectedcontent>"):
            inside = depth
        elif inside is not None and line[2:].lstrip(" ").startswith('selected="'):
            return True
    return False


# The contexts of generated fragments (``innerHTML`` on a new element).
FRAGMENT_CONTEXTS = (
    "div", "body", "html", "head", "table", "tbody", "tr", "td", "caption", "colgroup", "select", "option",
    "optgroup", "template", "title", "textarea", "style", "script", "p", "ul", "button", "frameset", "pre",
)  # fmt: skip

# More contexts for ``--contexts all``: the other raw-text and RCDATA
# elements (noscript is raw text with the scripting flag, which the page's
# fragments have), elements with rules of their own, and SVG and MathML
# elements (created with createElementNS; "svg NAME" / "math NAME" as
# parse_fragment takes them): HTML integration points, MathML text
# integration points, annotation-xml and plain foreign elements.
MORE_FRAGMENT_CONTEXTS = (
    "noscript", "xmp", "iframe", "noembed", "noframes", "plaintext", "a", "li", "dd", "form", "h1", "nobr",
    "object", "thead", "th", "col", "frame", "img", "search", "selectedcontent", "menu",
    "svg svg", "svg foreignObject", "svg desc", "svg title", "svg g", "svg path", "svg script", "svg style",
    "math math", "math mi", "math mo", "math mtext", "math annotation-xml", "math mrow", "math ms",
)  # fmt: skip


def diff(
    chromium: str,
    corpus: bool,
    generated: int,
    seed: int,
    out: Path | None,
    kind: str = "document",
    contexts: tuple[str, ...] = FRAGMENT_CONTEXTS,
    generator: str = "soup",
) -> int:
    """Compare specparser's trees with Chromium's; the number of mismatches."""
    from compat.paths import corpus_dir

    cases: list[tuple[str, list[str]]] = []
    if corpus:
        directory = corpus_dir()
        if directory is None:
            raise SystemExit("no corpus found (see compat/paths.py)")
        for path in sorted(directory.glob("*.html")):
            cases.append((path.name, ["document", "", path.read_bytes().decode("utf-8-sig", errors="replace")]))
    drawn = random.Random(seed).choices(contexts, k=generated)
    make = select_documents if generator == "select" else generated_documents
    for number, document in enumerate(make(generated, seed)):
        context = drawn[number] if kind == "fragment" else ""
        cases.append((f"generated-{kind}-{seed}-{number}", [kind, context, document]))
    results = chromium_trees(chromium, [case for _, case in cases], batch=20 if corpus else 500)
    mismatches = 0
    for (name, case), result in zip(cases, results):
        ours = specparser_tree(*case)
        if ours == result.get("tree"):
            continue
        mismatches += 1
        if out is not None:
            out.mkdir(parents=True, exist_ok=True)
            (out / f"{name}.json").write_text(
                json.dumps({"case": case, "chromium": result, "specparser": ours}, indent=1, ensure_ascii=False),
                encoding="utf-8",
            )
    print(f"{chromium_version(chromium)}: {len(cases)} documents, {mismatches} trees differ")
    return mismatches


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="chromium_trees.py", description=__doc__.splitlines()[0])
    ap.add_argument("action", choices=["record", "check", "diff"])
    ap.add_argument("--chromium", default="chromium")
    ap.add_argument("--corpus", action="store_true", help="diff: the corpus pages")
    ap.add_argument("--generated", type=int, default=0, help="diff: how many generated documents")
    ap.add_argument("--seed", type=int, default=156, help="diff: the generator's seed")
    ap.add_argument("--as", dest="kind", default="document", choices=["document", "document-dsd", "fragment"],
                    help="diff: how the generated documents are parsed")
    ap.add_argument("--contexts", default="html", choices=["html", "all"],
                    help="diff --as fragment: the 23 HTML contexts, or those and MORE_FRAGMENT_CONTEXTS "
                    "(raw text, SVG, MathML ...)")
    ap.add_argument("--generator", default="soup", choices=["soup", "select"],
                    help="diff: tag soup from the property tests' pieces, or select markup (select_documents)")
    ap.add_argument("--out", type=Path, default=None, help="diff: a folder for the mismatches")
    args = ap.parse_args(argv)
    if args.action == "diff":
        contexts = FRAGMENT_CONTEXTS + (MORE_FRAGMENT_CONTEXTS if args.contexts == "all" else ())
        mismatches = diff(
            args.chromium, args.corpus, args.generated, args.seed, args.out, args.kind, contexts, args.generator
        )
        return 1 if mismatches else 0
    results = chromium_trees(args.chromium, CASES)
    if args.action == "check":
        recorded = json.loads(DATA.read_text(encoding="utf-8"))["cases"]
        changed = [new for old, new in zip(recorded, results) if old["chromium"] != new]
        for case in changed:
            print("changed:", case)
        return 1 if changed or len(recorded) != len(results) else 0
    version = chromium_version(args.chromium)
    records = [{"case": case, "chromium": result} for case, result in zip(CASES, results)]
    DATA.write_text(json.dumps({"chromium": version, "cases": records}, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{version}: {len(records)} cases written to {DATA}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
