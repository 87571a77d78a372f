#!/usr/bin/env python3
"""Run a sample of inputs through headless Chromium's ``Element.setHTML``,
for tests/test_sanitizer_chromium.py (the data: tests/data/chromium_sanitizer.json).

    python compat/chromium_sanitizer.py [--chromium chromium] [--out PATH]

The sample: every WPT ``.sub.dat`` input with its configuration (from
``../shared/sanitizer-api``), the known mXSS shapes of
tests/test_sanitizer_properties.py, and seeded random tag soup built from
the same pieces as the property tests, each under a few configurations.  A
page calls ``div.setHTML(markup, {sanitizer: config})`` on a context
element for each, and records the tree (html5lib dump lines, adjacent text
merged), ``getHTML()``, and whether that markup parses (``innerHTML`` on a
new element of the same name in the live document, scripting on, then
``setHTML`` with the same configuration) into the same tree: Chromium's own
mutation check, for the docs' figure.  ``alert`` and the other dialogs are
no-ops on the page: a payload that runs on the second parse would otherwise
stop it.
``chromium --headless --dump-dom`` prints the JSON the page writes.

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
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE.parent / "tests" / "fuzz"))

CONFIGS = [None, {}, {"comments": True}, {"replaceWithChildrenElements": ["b", "div", "tr", "p"]},
           {"removeElements": ["div", "table", "i"]}]  # fmt: skip

#: The page's ``dump(parent, depth, lines)``: a node's children in the
#: html5lib-tests dump format, adjacent text merged, an open shadow root
#: as ``#shadow-root (open)`` with its flags before the host's children
#: (compat/chromium_trees.py dumps documents with it too).
DUMP_SCRIPT = r"""const PREFIX = {"http://www.w3.org/2000/svg": "svg ", "http://www.w3.org/1998/Math/MathML": "math "};
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
      const attrs = [...n.attributes].map(a => [(APREFIX[a.namespaceURI] ?? "") + a.localName, a.value])
        .sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));  // by name, as the format sorts
      for (const [k, v] of attrs) lines.push(ind + "  " + k + '="' + v + '"');
      if (n.shadowRoot) {  // an open shadow root (closed ones are out of reach)
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
    else if (n.nodeType === 10) lines.push(ind + "<!DOCTYPE " + n.name
      + (n.publicId || n.systemId ? ' "' + n.publicId + '" "' + n.systemId + '"' : "") + ">");
  }
  flush();
}
"""

def sethtml_page(record: str) -> str:
    """The page: for each case ``[data, config, context]``, a new
    ``context`` element, ``setHTML(data, {sanitizer: config})`` on it, its
    tree as ``lines`` (:data:`DUMP_SCRIPT`) and ``getHTML()`` as
    ``markup``; ``record`` (script statements) pushes the case's result to
    ``results``, which the page writes as JSON into ``<pre id=out>``."""
    return (
        r"""<!DOCTYPE html><meta charset=utf-8><body><pre id=out></pre><script>
// A payload that runs must not stop the page on a dialog (parsing getHTML's
// output again with innerHTML can run one: that is what the check finds).
window.alert = window.confirm = window.prompt = () => {};
const CASES = JSON.parse(document.getElementById("cases").textContent);
"""
        + DUMP_SCRIPT
        + r"""const results = [];
for (const [data, config, context] of CASES) {
  const options = config === null ? {} : {sanitizer: config};
  const div = document.createElement(context);
  try { div.setHTML(data, options); } catch (e) { results.push({error: e.name}); continue; }
  const lines = []; dump(div, 0, lines);
  const markup = div.getHTML();
"""
        + record
        + r"""}
document.getElementById("out").textContent = JSON.stringify(results);
</script>"""
    )


_PAGE = sethtml_page(r"""  const again = document.createElement(context); again.innerHTML = markup;
  const l2 = []; dump(again, 0, l2);
  const again2 = document.createElement(context); again2.setHTML(markup, options);
  const l3 = []; dump(again2, 0, l3);
  results.push({tree: lines.join("\n"), html: markup,
                survives: l2.join("\n") === lines.join("\n") && l3.join("\n") === lines.join("\n")});
""")


def sample(seed: int = 156, count: int = 400) -> list[tuple[str, object, str]]:
    """(markup, config or None, context) triples."""
    from compat.paths import sanitizer_api_dir
    from compat.sanitizer_suite import _ABSENT, load_cases

    cases: list[tuple[str, object, str]] = []
    base = sanitizer_api_dir()
    if base is not None:
        for case in load_cases(base):
            if case.method == "setHTML":
                cases.append((case.data, None if case.config is _ABSENT else case.config, case.context))
    import sanitizer_properties

    for shape in sanitizer_properties.MXSS_SHAPES:
        for config in CONFIGS:
            cases.append((shape, config, "div"))
    rng = random.Random(seed)
    pieces = sanitizer_properties._PIECES
    for _ in range(count):
        markup = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 12)))
        cases.append((markup, rng.choice(CONFIGS), rng.choice(["div", "div", "div", "table", "select", "p"])))
    return cases


def run_chromium(chromium: str, cases: list, page_text: str = _PAGE, timeout: float = 90) -> list:
    """Run ``page_text`` (a page whose script reads the JSON ``cases``
    from ``#cases`` and writes its results as JSON into ``<pre id=out>``)
    in headless Chromium and return the results."""
    # Chromium may still be writing its profile when it exits.
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as tmp:
        page = Path(tmp) / "page.html"
        # "<" as a JSON escape: the script element ends at no "</script".
        payload = json.dumps(cases).replace("<", "\\u003c")
        page.write_text(page_text.replace("<body>", f'<body><script type="application/json" id="cases">{payload}</script>'), encoding="utf-8")
        profile = Path(tmp) / "profile"
        dom = subprocess.run(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             f"--user-data-dir={profile}", "--virtual-time-budget=20000", "--dump-dom", page.as_uri()],
            capture_output=True, text=True, timeout=timeout, check=True,
        ).stdout  # fmt: skip
    match = re.search(r'<pre id="out">(.*?)</pre>', dom, re.S)
    if match is None:
        raise RuntimeError("the page wrote no results")
    return json.loads(html.unescape(match.group(1)))


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="chromium_sanitizer.py")
    ap.add_argument("--chromium", default="chromium")
    ap.add_argument("--out", type=Path, default=HERE.parent / "tests" / "data" / "chromium_sanitizer.json")
    args = ap.parse_args(argv)
    cases = sample()
    results = run_chromium(args.chromium, cases)
    version = subprocess.run([args.chromium, "--version"], capture_output=True, text=True).stdout.strip()
    records = [{"data": d, "config": c, "context": x, **r} for (d, c, x), r in zip(cases, results)]
    args.out.write_text(json.dumps({"chromium": version, "cases": records}, indent=0, ensure_ascii=True) + "\n")
    survive = sum(1 for r in results if r.get("survives"))
    print(f"{version}: {len(records)} cases, {survive} of {sum(1 for r in results if 'tree' in r)} getHTML outputs "
          f"parse back into the same tree; written to {args.out}")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
