#!/usr/bin/env python3
"""Record headless Chromium's ``Element.setHTML`` on declarative shadow
roots, for tests/test_sanitizer_shadow.py (the data:
tests/data/chromium_sanitizer_shadow.json).

    python compat/chromium_sanitizer_shadow.py [--chromium chromium] [--out PATH]

``setHTML`` parses with "allow declarative shadow roots" on
(https://wicg.github.io/sanitizer-api/#set-and-filter-html), and the
sanitize core descends into a kept host's shadow root.  The sample: hand
written shapes (hosts kept, removed and replaced; closed, serializable,
nested and second shadow roots; templates that stay templates; payloads
inside the shadow tree) and seeded tag soup with shadow-root templates,
each under configurations that do or do not allow ``template``,
``shadowrootmode`` and ``slot``.  A page calls
``div.setHTML(markup, {sanitizer: config})`` on a context element for
each, and records:

* ``tree``: the tree in the html5lib-tests dump format (adjacent text
  merged), with each *open* shadow root as ``#shadow-root (open)`` and its
  flags (closed ones cannot be reached from script: the tests leave them
  out of specparser's dump before comparing);
* ``getHTML``: ``getHTML()`` (no shadow roots), and ``innerHTML``;
* ``serializable``: ``getHTML({serializableShadowRoots: true})``: every
  shadow root with ``shadowrootserializable``, closed ones included;
* ``tree_template_removed``, for a configuration that replaces
  ``template`` with its children: the tree with ``template`` in
  ``removeElements`` instead.  Chromium 156 moves a replaced template's
  contents into its place; WPT (``sethtml-tree-construction.sub.dat``,
  ``sethtml-with-declarative-shadow-root.tentative.html``) expects it to
  leave nothing, which is what removing it gives: the tests compare
  specparser's tree with this one;
* ``survives``: whether ``getHTML()``'s output, given to ``setHTML`` again
  with the same configuration, gives the same ``getHTML()`` (Chromium's
  own fixed point, for the docs' figure).

``document_cases`` are a few of the shapes given to ``Document.parseHTML``
(which parses with declarative shadow roots allowed too): its tree
(``tree``), ``documentElement.getHTML()`` and
``documentElement.getHTML({serializableShadowRoots: true})`` (null when
the configuration removes ``html``).

Nothing here imports specparser: the file records what the browser does
(the page is run by :func:`compat.chromium_sanitizer.run_chromium`).
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE.parent / "tests" / "fuzz"))

from compat.chromium_sanitizer import DUMP_SCRIPT, run_chromium, sethtml_page  # noqa: E402

T = "<template shadowrootmode=open>"
TS = "<template shadowrootmode=open shadowrootserializable>"
TC = "<template shadowrootmode=closed shadowrootserializable>"
PAYLOAD = "<script>alert(1)</script><img src=x onerror=alert(1)><a href=javascript:alert(1)>a</a>"

#: Configurations: the default, everything the baseline allows, and ones
#: that allow (or remove, or replace) templates and shadow hosts.
CONFIGS: list[object] = [
    None,
    {},
    {"elements": ["div", "span", "b", "p", "slot", "template", "a", "img"],
     "attributes": ["shadowrootmode", "shadowrootserializable", "shadowrootclonable", "slot", "name", "href", "onerror"]},
    {"elements": ["div", "span", "b", "slot", "template"], "attributes": ["slot", "name"]},
    {"removeElements": ["template", "span"]},
    {"replaceWithChildrenElements": ["div", "template"]},
    {"comments": True, "elements": ["div", "span", "p", "b", "slot", "template", "style", "svg", "noscript"],
     "attributes": ["shadowrootmode", "slot", "title"]},
]  # fmt: skip

SHAPES = [
    "<div>" + T + "<b>x</b>" + PAYLOAD + "</template>light</div>",
    "<div>" + TS + "<b onclick=alert(1)>x</b>" + PAYLOAD + "<slot name=a></slot></template><span slot=a>L</span></div>",
    "<div>" + TC + "<b>closed</b>" + PAYLOAD + "</template>light</div>",
    "<div><template shadowrootmode=closed><b>closed, not serializable</b></template>light</div>",
    "<span>" + TS + "<p>in span</p></template><b>light</b></span>",
    "<div>" + TS + "A</template>" + TS + "B<img src=x onerror=alert(1)></template>C</div>",
    "<div>" + T + "A</template>" + T + "<b>second</b></template></div>",
    "<div>" + TS + "<div>" + TS + "inner<script>alert(1)</script></template>mid</div></template>outer</div>",
    "<div>" + TS + "<span>" + T + "hidden inner</template>mid</span></template>outer</div>",
    TS + "top level</template>after",
    "<a>" + TS + "a is no host</template></a>",
    "<ul><li>" + TS + "li is no host</template></li></ul>",
    "<my-el>" + TS + "custom<b>x</b></template>light</my-el>",
    "<div><template shadowrootmode=invalid>invalid mode</template></div>",
    "<div><template shadowrootmode=OPEN shadowrootserializable>upper case</template></div>",
    "<div><template>plain<template shadowrootmode=open>in contents</template></template></div>",
    "<div>" + TS + "<style>p{color:red}</style><p>x</p></template></div>",
    "<div>" + TS + "<noscript><p title=\"</noscript><img src=x onerror=alert(1)>\"></noscript></template></div>",
    "<div>" + TS + "<svg><style><img src=x onerror=alert(1)></style></svg></template></div>",
    "<div>" + TS + "<table><td>x</template>after</div>",
    "<div>" + TS + "<!--comment--><?x y>text</template></div>",
    "<div>" + T + "S</template>light<template shadowrootmode=open>second stays</template></div>",
    "<p>" + TS + "<p>x</template>y",
    "<b><div>" + TS + "S</template>x</b>y</div>",
    "<div>" + TS + "<slot></slot></template><b>slotted</b></div>",
    "<div><template shadowrootmode=open shadowrootdelegatesfocus shadowrootclonable shadowrootserializable>flags</template></div>",
    "<div><template shadowrootmode=open shadowrootslotassignment=manual shadowrootserializable><slot></slot></template>L</div>",
    "<div>" + TS + "<form action=javascript:alert(1)><button formaction=javascript:alert(1)>b</button></form></template></div>",
    "<div>" + TS + "<template shadowrootmode=open>nested in shadow</template></template></div>",
    "<section>" + T + "</template><template shadowrootmode=open><img src=x onerror=alert(1)></template></section>",
    "<div id=x>" + TS + "<div id=y>" + TS + "<b>deep</b></template></div></template></div>",
    "<select><option><div>" + TS + "in option</template>y</div></option></select>",
    "<table><div>" + TS + "fostered</template>x</div></table>",
]

# Tag soup pieces: shadow-root templates and what goes in and around them.
_PIECES = [
    T, TS, TC, "<template shadowrootmode=closed>", "<template>", "</template>", "<div>", "</div>", "<span>", "</span>",
    "<p>", "</p>", "<b>", "</b>", "<a>", "<slot>", "<slot name=a>", "<i slot=a>", "x", "y", " ",
    "<img src=x onerror=alert(1)>", "<script>alert(1)</script>", "<style>", "</style>", "<svg>", "</svg>",
    "<!--c-->", "<table>", "<td>", "<noscript>", "</noscript>", "<my-el>", "<a href=javascript:alert(1)>",
]  # fmt: skip


def sample(seed: int = 156, count: int = 160) -> list[tuple[str, object, str]]:
    """(markup, config or None, context) triples."""
    cases: list[tuple[str, object, str]] = []
    for shape in SHAPES:
        for config in CONFIGS:
            cases.append((shape, config, "div"))
    for shape in SHAPES[:6]:
        cases.append((shape, None, "span"))
        cases.append((shape, CONFIGS[2], "article"))
    rng = random.Random(seed)
    for _ in range(count):
        markup = "".join(rng.choice(_PIECES) for _ in range(rng.randint(2, 14)))
        cases.append((markup, rng.choice(CONFIGS), rng.choice(["div", "div", "span", "p"])))
    return cases


_PAGE = sethtml_page(r"""  const again = document.createElement(context); again.setHTML(markup, options);
  results.push({tree: lines.join("\n"), getHTML: markup, innerHTML: div.innerHTML,
                serializable: div.getHTML({serializableShadowRoots: true}),
                survives: again.getHTML() === markup});
""")


_DOCUMENT_PAGE = r"""<!DOCTYPE html><meta charset=utf-8><body><pre id=out></pre><script>
const CASES = JSON.parse(document.getElementById("cases").textContent);
""" + DUMP_SCRIPT + r"""const results = [];
for (const [data, config] of CASES) {
  const options = config === null ? {} : {sanitizer: config};
  let d;
  try { d = Document.parseHTML(data, options); } catch (e) { results.push({error: e.name}); continue; }
  const lines = []; dump(d, 0, lines);
  const root = d.documentElement;  // null when the configuration removes html
  results.push({tree: lines.join("\n"), getHTML: root ? root.getHTML() : null,
                serializable: root ? root.getHTML({serializableShadowRoots: true}) : null});
}
document.getElementById("out").textContent = JSON.stringify(results);
</script>"""

def template_removed(config: object) -> object:
    """``config`` with ``template`` removed instead of replaced with its
    children, or None when it does not replace it."""
    if not isinstance(config, dict) or "template" not in config.get("replaceWithChildrenElements", ()):
        return None
    changed = dict(config)
    changed["replaceWithChildrenElements"] = [name for name in config["replaceWithChildrenElements"] if name != "template"]
    changed["removeElements"] = list(config.get("removeElements", [])) + ["template"]
    return changed


#: Document.parseHTML's cases: (markup, config).  The configuration that
#: replaces templates is given with them removed instead (see
#: ``tree_template_removed``: the fragment cases hold that difference).
DOCUMENT_CASES = [
    (shape, config) for shape in SHAPES[:3] + SHAPES[5:6] + SHAPES[12:13] + SHAPES[-3:] + [
        "<!DOCTYPE html><body>" + TS + "in body</template>",
        "<html><head>" + TS + "head</template></head><body><p>x",
    ] for config in CONFIGS[:3] + [template_removed(CONFIGS[5])] + CONFIGS[6:]
]  # fmt: skip


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="chromium_sanitizer_shadow.py")
    ap.add_argument("--chromium", default="chromium")
    ap.add_argument("--out", type=Path, default=HERE.parent / "tests" / "data" / "chromium_sanitizer_shadow.json")
    args = ap.parse_args(argv)
    cases = sample()
    alternates = [(d, template_removed(c), x) for d, c, x in cases if template_removed(c) is not None]
    results = run_chromium(args.chromium, cases + alternates, _PAGE, timeout=120)
    results, extra = results[: len(cases)], iter(results[len(cases) :])
    for (_, config, _), result in zip(cases, results):
        if template_removed(config) is not None:
            result["tree_template_removed"] = next(extra)["tree"]
    documents = run_chromium(args.chromium, DOCUMENT_CASES, _DOCUMENT_PAGE, timeout=120)
    version = subprocess.run([args.chromium, "--version"], capture_output=True, text=True).stdout.strip()
    records = [{"data": d, "config": c, "context": x, **r} for (d, c, x), r in zip(cases, results)]
    document_records = [{"data": d, "config": c, **r} for (d, c), r in zip(DOCUMENT_CASES, documents)]
    document = {
        "source": "python compat/chromium_sanitizer_shadow.py (see its docstring): Element.setHTML, getHTML(), "
        "innerHTML and getHTML({serializableShadowRoots: true}) in headless Chromium",
        "chromium": version,
        "cases": records,
        "document_cases": document_records,
    }
    args.out.write_text(json.dumps(document, indent=0, ensure_ascii=True) + "\n")
    survive = sum(1 for r in results if r.get("survives"))
    print(f"{version}: {len(records)} cases, {survive} of {sum(1 for r in results if 'tree' in r)} getHTML outputs "
          f"are fixed points of setHTML + getHTML; written to {args.out}")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
