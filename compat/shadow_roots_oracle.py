"""Record Chromium's trees for the declarative shadow root test cases.

    python -m compat.shadow_roots_oracle           # rewrite tests/data/shadow_roots_chromium.json
    python -m compat.shadow_roots_oracle --check   # has Chromium changed?

Each document case is parsed with ``Document.parseHTMLUnsafe(markup)`` (the
parser's "allow declarative shadow roots" on, scripting off), each fragment
case with ``setHTMLUnsafe(markup)`` on a new element of the context's name
(``template``: its contents).  One page runs them all; its script writes
the results into the body, which ``--dump-dom`` prints.  For every case
two expectations are recorded:

* ``dump``: the tree in the html5lib-tests format of
  :mod:`specparser.testformat`, written by a walk in the page that shows
  each *open* shadow root as ``#shadow-root (open)`` (with the flags
  ``delegatesfocus``, ``serializable``, ``clonable`` that are set) before
  the host's children (``slotassignment=manual`` last, for a manual slot
  assignment), and a template's contents as ``content``.  Closed
  shadow roots cannot be reached by a page's script: they are missing
  from the dump (the tests read those cases through ``getHTML``).
  Whether a root's custom element registry is null is not shown: every
  root of a ``parseHTMLUnsafe`` document has a null one.
* ``getHTML``: ``documentElement.getHTML({serializableShadowRoots: true})``
  (for a fragment, the context element's).
* ``dump_without``: the tree without declarative shadow roots, from
  ``DOMParser.parseFromString(markup, "text/html")`` (a fragment: the
  context element's ``innerHTML`` setter), for ``shadow_roots=False``.

Chromium is found as ``$CHROMIUM`` or ``chromium`` on the PATH.
"""

from __future__ import annotations

import html
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "shadow_roots_chromium.json"

T = "<template shadowrootmode=open>"
CASES: list[list[str]] = [
    ["document", T + "x"],
    ["document", "<div>" + T + "<b>x</b></template><i>y</i></div>"],
    ["document", "<div><template shadowrootmode=closed shadowrootserializable><b>x</b></template><i>y</i></div>"],
    ["document", "<div><template shadowrootmode=closed>x</template>y</div>"],
    ["document", "<div><template shadowrootmode=OpEn>x</template></div>"],
    ["document", "<div><template shadowrootmode=invalid>x</template></div>"],
    ["document", '<div><template shadowrootmode="">x</template></div>'],
    ["document", "<div><template shadowroot=open>x</template></div>"],
    ["document", "<div>" + T + "1</template>" + T + "2</template></div>"],
    ["document", "<div>" + T + "1</template><template shadowrootmode=closed>2</template></div>"],
    ["document", "<div>a" + T + "b</template>c</div>"],
    ["document", "<div><p>light</p><template shadowrootmode=open id=t class=c>b</template></div>"],
    ["document", "<div><template shadowrootmode=open shadowrootdelegatesfocus shadowrootclonable shadowrootserializable>x</template></div>"],
    ["document", "<div><template shadowrootmode=open shadowrootserializable>x</template></div>"],
    ["document", "<div><template shadowrootmode=open shadowrootslotassignment=manual><slot></slot></template>L</div>"],
    ["document", "<div><template shadowrootmode=open shadowrootslotassignment=MANUAL>x</template></div>"],
    ["document", "<div><template shadowrootmode=open shadowrootslotassignment=invalid>x</template></div>"],
    ["document", "<div><template shadowrootmode=open shadowrootslotassignment=named shadowrootserializable>x</template></div>"],
    ["document", "<div><template shadowrootmode=open shadowrootdelegatesfocus shadowrootclonable shadowrootserializable "
     "shadowrootslotassignment=manual>x</template></div>"],
    ["document", "<div>" + T + "<slot name=a></slot></template><span slot=a>y</span></div>"],
    ["document", "<div>" + T + "<slot></slot>"],
    ["document", "<div>" + T + "<div>" + T + "inner</template></div></template></div>"],
    ["document", "<template><div>" + T + "in contents</template></div></template>"],
    ["document", "<head>" + T + "x</template></head>"],
    ["document", "<body>" + T + "x</template></body>"],
    ["document", "<html>" + T + "x</template></html>"],
    ["document", "<table>" + T + "x</template></table>"],
    ["document", "<ul>" + T + "x</template></ul>"],
    ["document", "<a>" + T + "x</template></a>"],
    ["document", "<my-el>" + T + "x</template></my-el>"],
    ["document", "<font-face>" + T + "x</template></font-face>"],
    ["document", "<ab>" + T + "x</template></ab>"],
    ["document", "<Em-X>" + T + "x</template></Em-X>"],
    ["document", "<x-\u00e9>" + T + "x</template></x-\u00e9>"],
    ["document", "<a-b!c>" + T + "x</template></a-b!c>"],
    ["document", "<a-b\u00d7>" + T + "x</template></a-b\u00d7>"],
    ["document", "<annotation-xml>" + T + "x</template></annotation-xml>"],
    ["document", "".join(
        "<%s>%sin %s</template></%s>" % (name, T, name, name)
        for name in "article aside blockquote footer h1 h2 h3 h4 h5 h6 header main nav section span p".split()
    )],
    ["document", "".join(
        "<%s>%sin %s</template></%s>" % (name, T, name, name)
        for name in "address button details dialog fieldset form li section2 summary textarea2 video".split()
    )],
    ["document", "<svg>" + T + "x</template></svg>"],
    ["document", "<math><mi>" + T + "x</template></mi></math>"],
    ["document", "<svg><foreignObject><div>" + T + "x</template></div></foreignObject></svg>"],
    ["document", "<div>" + T + "<table><p>x</table></template></div>"],
    ["document", "<div>" + T + "<table><tr><td>x</template></div>"],
    ["document", "<div><b>" + T + "x</b>y</template>z</div>"],
    ["document", "<div><span>" + T + "<b>x</span>y</template>z</span></div>"],
    ["document", "<p>" + T + "<p>x</template>y"],
    ["document", "<div>" + T + "</template></div>"],
    ["document", "<div>" + T + T + "x</template></template></div>"],
    ["document", "<span>" + T + "<style>p{}</style><p>x</p></template></span>"],
    ["document", "<div>" + T + "<frameset></template>"],
    ["document", '<div><?marker name="a"></div><template for=a shadowrootmode=invalid><p>A</p></template>'],
    ["document", '<div><?marker name="a"></div><div><template for=a shadowrootmode=open><p>A</p></template></div>'],
    ["document", '<div><?marker name="a"><template for=a shadowrootmode=open><p>A</p></template></div>'],
    ["document", '<div>' + T + '<?marker name="a"></template></div><template for=a><p>A</p></template>'],
    ["document", '<div>' + T + '<span><?marker name="a"></span><template for=a>X</template></template></div>'],
    ["document", '<div><?marker name="a">' + T + '<template for=a>X</template></template></div>'],
    ["document", "<select><option><div>" + T + "x</template>y</div></option></select>"],
    ["document", "<select><button><selectedcontent></selectedcontent></button><option><div><template shadowrootmode=open shadowrootclonable>x</template>y</div></option></select>"],
    ["document", "<select><button><selectedcontent></selectedcontent></button><option><div>" + T + "x</template>y</div></option></select>"],
    ["document", "<div><b><p>" + T + "S</template>light</b>after</p></div>"],
    ["document", "<b><div>" + T + "S</template>x</b>y</div>"],
    ["document", "<a><div>" + T + "S</template>x<a>y</div>"],
    ["document", "<b><div>a" + T + "S</template></b>y</div>"],
    ["document", "<table><tr><td><span>" + T + "S</template>x</span></table>"],
    ["document", "<table><div>" + T + "S</template>x</div></table>"],
    ["fragment", "div", T + "x</template>"],
    ["fragment", "div", "<div>" + T + "x</template></div>"],
    ["fragment", "template", "<div>" + T + "x</template></div>"],
    ["fragment", "table", T + "x</template>"],
    ["fragment", "span", "a" + T + "x</template>b"],
    ["fragment", "div", "<span>a" + T + "<slot></slot></template>b</span>"],
]

_SCRIPT = r"""
function dump(node, depth, lines) { for (const c of node.childNodes) dumpNode(c, depth, lines); }
function dumpNode(c, depth, lines) {
  const ind = '| ' + '  '.repeat(depth);
  if (c.nodeType === 1) {
    const ns = c.namespaceURI;
    const prefix = ns === 'http://www.w3.org/2000/svg' ? 'svg ' : ns === 'http://www.w3.org/1998/Math/MathML' ? 'math ' : '';
    lines.push(ind + '<' + prefix + c.localName + '>');
    const attrs = [...c.attributes].map(a => [a.name, a.value]).sort((x, y) => x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0);
    for (const [k, v] of attrs) lines.push('| ' + '  '.repeat(depth + 1) + k + '="' + v + '"');
    if (c.shadowRoot) {
      const s = c.shadowRoot;
      lines.push('| ' + '  '.repeat(depth + 1) + '#shadow-root (' + s.mode + ')' + (s.delegatesFocus ? ' delegatesfocus' : '')
        + (s.serializable ? ' serializable' : '') + (s.clonable ? ' clonable' : '')
        + (s.slotAssignment === 'manual' ? ' slotassignment=manual' : ''));
      dump(s, depth + 2, lines);
    }
    if (c.localName === 'template' && ns === 'http://www.w3.org/1999/xhtml') {
      lines.push('| ' + '  '.repeat(depth + 1) + 'content');
      dump(c.content, depth + 2, lines);
    }
    dump(c, depth + 1, lines);
  } else if (c.nodeType === 3) lines.push(ind + '"' + c.data + '"');
  else if (c.nodeType === 8) lines.push(ind + '<!-- ' + c.data + ' -->');
  else if (c.nodeType === 7) lines.push(ind + '<?' + c.target + ' ' + c.data + '?>');
  else if (c.nodeType === 10) lines.push(ind + '<!DOCTYPE ' + c.name + '>');
}
const out = [];
for (const cs of CASES) {
  const lines = [];
  let serialized;
  if (cs[0] === 'document') {
    const d = Document.parseHTMLUnsafe(cs[1], {});  // without {} Chromium 156 drops comments below the root
    dump(d, 0, lines);
    serialized = d.documentElement.getHTML({serializableShadowRoots: true});
  } else {
    const context = document.createElement(cs[1]);
    context.setHTMLUnsafe(cs[2]);
    dump(cs[1] === 'template' ? context.content : context, 0, lines);
    serialized = context.getHTML({serializableShadowRoots: true});
  }
  const plain = [];
  if (cs[0] === 'document') {
    dump(new DOMParser().parseFromString(cs[1], 'text/html'), 0, plain);
  } else {
    const context = document.createElement(cs[1]);
    context.innerHTML = cs[2];
    dump(cs[1] === 'template' ? context.content : context, 0, plain);
  }
  out.push({case: cs, dump: lines.join('\n'), getHTML: serialized, dump_without: plain.join('\n')});
}
document.body.textContent = JSON.stringify(out);
"""


_KEYS = ("dump", "getHTML", "dump_without")


def run_chromium() -> list[dict]:
    """The recorded results of every case, from one Chromium run."""
    chromium = os.environ.get("CHROMIUM", "chromium")
    page = "<!DOCTYPE html><body><script>const CASES = %s;\n%s</script>" % (json.dumps(CASES), _SCRIPT)
    with tempfile.NamedTemporaryFile("w", suffix=".html", delete=False, encoding="utf-8") as f:
        f.write(page)
    try:
        with tempfile.TemporaryDirectory() as profile:
            result = subprocess.run(
                [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 f"--user-data-dir={profile}", "--dump-dom", "file://" + f.name],
                capture_output=True, text=True, timeout=120, check=True,
            )  # fmt: skip
    finally:
        os.unlink(f.name)
    body = re.search(r"<body>(.*)</body>", result.stdout, re.S)
    if body is None:
        raise SystemExit("no results in Chromium's output")
    version = subprocess.run([chromium, "--version"], capture_output=True, text=True).stdout.strip()
    return [dict(item, browser=version) for item in json.loads(html.unescape(body.group(1)))]


def main(argv: list[str]) -> int:
    results = run_chromium()
    if "--check" in argv:
        recorded = json.loads(DATA.read_text(encoding="utf-8"))["cases"]
        changed = [new["case"] for old, new in zip(recorded, results) if any(old[key] != new[key] for key in _KEYS)]
        for case in changed:
            print("changed:", case)
        return 1 if changed or len(recorded) != len(results) else 0
    document = {
        "source": "python -m compat.shadow_roots_oracle (see its docstring): Document.parseHTMLUnsafe / "
        "Element.setHTMLUnsafe in headless Chromium",
        "browser": results[0]["browser"] if results else "",
        "cases": [{key: item[key] for key in ("case",) + _KEYS} for item in results],
    }
    DATA.write_text(json.dumps(document, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{len(results)} cases written to {DATA}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
