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

Nothing here imports specparser: the file records what the browser does.
"""

from __future__ import annotations

import argparse
import html
import json
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent

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


_PAGE = r"""<!DOCTYPE html><meta charset=utf-8><body><pre id=out></pre><script>
window.alert = window.confirm = window.prompt = () => {};
const CASES = JSON.parse(document.getElementById("cases").textContent);
const PREFIX = {"http://www.w3.org/2000/svg": "svg ", "http://www.w3.org/1998/Math/MathML": "math "};
const APREFIX = {"http://www.w3.org/1999/xlink": "xlink ", "http://www.w3.org/XML/1998/namespace": "xml ",
                 "http://www.w3.org/2000/xmlns/": "xmlns "};
function dump(parent, depth, lines) {
  let text = null;
  const flush = () => { if (text !== null) { lines.push("| " + "  ".repeat(depth) + '"' + text + '"'); text = null; } };
  for (const n of parent.childNodes) {
    if (n.nodeType === 3) { text = (text ?? "") + n.data; continue; }
    flush();
    const ind = "| " + "  ".repeat(depth);
    if (n.nodeType === 1) {
      lines.push(ind + "<" + (PREFIX[n.namespaceURI] ?? "") + n.localName + ">");
      const attrs = [...n.attributes].map(a => [(APREFIX[a.namespaceURI] ?? "") + a.localName, a.value]).sort();
      for (const [k, v] of attrs) lines.push(ind + "  " + k + '="' + v + '"');
      if (n.shadowRoot) {
        const s = n.shadowRoot;
        lines.push(ind + "  #shadow-root (" + s.mode + ")" + (s.delegatesFocus ? " delegatesfocus" : "")
          + (s.serializable ? " serializable" : "") + (s.clonable ? " clonable" : "")
          + (s.slotAssignment === "manual" ? " slotassignment=manual" : ""));
        dump(s, depth + 2, lines);
      }
      if (n.localName === "template" && n.namespaceURI === "http://www.w3.org/1999/xhtml") {
        lines.push(ind + "  content");
        dump(n.content, depth + 2, lines);
      }
      dump(n, depth + 1, lines);
    } else if (n.nodeType === 8) lines.push(ind + "<!-- " + n.data + " -->");
    else if (n.nodeType === 7) lines.push(ind + "<?" + n.target + " " + n.data + "?>");
  }
  flush();
}
const results = [];
for (const [data, config, context] of CASES) {
  const options = config === null ? {} : {sanitizer: config};
  const div = document.createElement(context);
  try { div.setHTML(data, options); } catch (e) { results.push({error: e.name}); continue; }
  const lines = []; dump(div, 0, lines);
  const markup = div.getHTML();
  const again = document.createElement(context); again.setHTML(markup, options);
  results.push({tree: lines.join("\n"), getHTML: markup, innerHTML: div.innerHTML,
                serializable: div.getHTML({serializableShadowRoots: true}),
                survives: again.getHTML() === markup});
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


def run_chromium(chromium: str, cases: list) -> list:
    # Chromium may still be writing its profile when it exits.
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as tmp:
        page = Path(tmp) / "page.html"
        # "<" as a JSON escape: the script element ends at no "</script".
        payload = json.dumps(cases).replace("<", "\\u003c")
        page.write_text(_PAGE.replace("<body>", f'<body><script type="application/json" id="cases">{payload}</script>'), encoding="utf-8")
        profile = Path(tmp) / "profile"
        dom = subprocess.run(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             f"--user-data-dir={profile}", "--virtual-time-budget=20000", "--dump-dom", page.as_uri()],
            capture_output=True, text=True, timeout=120, check=True,
        ).stdout  # fmt: skip
    match = re.search(r'<pre id="out">(.*?)</pre>', dom, re.S)
    if match is None:
        raise RuntimeError("the page wrote no results")
    return json.loads(html.unescape(match.group(1)))


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="chromium_sanitizer_shadow.py")
    ap.add_argument("--chromium", default="chromium")
    ap.add_argument("--out", type=Path, default=HERE.parent / "tests" / "data" / "chromium_sanitizer_shadow.json")
    args = ap.parse_args(argv)
    cases = sample()
    alternates = [(d, template_removed(c), x) for d, c, x in cases if template_removed(c) is not None]
    results = run_chromium(args.chromium, cases + alternates)
    results, extra = results[: len(cases)], iter(results[len(cases) :])
    for (_, config, _), result in zip(cases, results):
        if template_removed(config) is not None:
            result["tree_template_removed"] = next(extra)["tree"]
    version = subprocess.run([args.chromium, "--version"], capture_output=True, text=True).stdout.strip()
    records = [{"data": d, "config": c, "context": x, **r} for (d, c, x), r in zip(cases, results)]
    document = {
        "source": "python compat/chromium_sanitizer_shadow.py (see its docstring): Element.setHTML, getHTML(), "
        "innerHTML and getHTML({serializableShadowRoots: true}) in headless Chromium",
        "chromium": version,
        "cases": records,
    }
    args.out.write_text(json.dumps(document, indent=0, ensure_ascii=True) + "\n")
    survive = sum(1 for r in results if r.get("survives"))
    print(f"{version}: {len(records)} cases, {survive} of {sum(1 for r in results if 'tree' in r)} getHTML outputs "
          f"are fixed points of setHTML + getHTML; written to {args.out}")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
