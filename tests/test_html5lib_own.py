"""What html5lib-python's own test suite found in the drop-in (issue 21),
each checked against real html5lib 1.1 running the same code, and the
runner of that suite (``compat/run.py html5lib-own``).

Every comparison runs one snippet twice in child processes: once with the
real html5lib 1.1, once with ``specparser.html5lib_compat.install()`` first
(so ``import html5lib`` is specparser), and compares what they print.
Where the standard changed since html5lib 1.1, the case is left out here
and listed in the README's "Different from html5lib 1.1".
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
_ALIAS = "import specparser.html5lib_compat as _c\n_c.install()\n"


def _real_version() -> str | None:
    try:
        from importlib.metadata import PackageNotFoundError, version
    except ImportError:  # pragma: no cover
        return None
    try:
        return version("html5lib")
    except PackageNotFoundError:
        return None


pytestmark = pytest.mark.skipif(
    _real_version() != "1.1", reason="these tests compare with html5lib 1.1, which is not installed"
)


def _run(code: str, alias: bool) -> object:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(REPO / "src"), env.get("PYTHONPATH", "")])
    done = subprocess.run(
        [sys.executable, "-c", (_ALIAS if alias else "") + code],
        capture_output=True, text=True, env=env, cwd=str(REPO), timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    if not alias:
        assert "specparser" not in done.stdout
    return json.loads(done.stdout)


def _same(code: str) -> object:
    """Run ``code`` (which prints one JSON value) on html5lib 1.1 and on
    the drop-in; assert equal output; return it."""
    real = _run(code, alias=False)
    ours = _run(code, alias=True)
    if real != ours and isinstance(real, list) and isinstance(ours, list) and len(real) == len(ours):
        diffs = [(r, o) for r, o in zip(real, ours) if r != o]
        pytest.fail(f"{len(diffs)} of {len(real)} differ; first: html5lib {diffs[0][0]!r}, ours {diffs[0][1]!r}")
    assert ours == real
    return ours


def test_unknown_encoding_labels_are_ignored() -> None:
    # 1. html5lib looks labels up with webencodings and ignores unknown ones.
    result = _same(
        """
import json, html5lib
out = []
cases = [
    (b"", {"default_encoding": "totally-bogus-string"}),
    (b"", {"override_encoding": "bogus", "likely_encoding": "iso-8859-2"}),
    (b"\\xe9", {"likely_encoding": "nope"}),
    (b"<meta charset=iso-8859-5>", {"override_encoding": "x-unknown"}),
    (b"", {"transport_encoding": "bogus", "same_origin_parent_encoding": "also-bogus", "default_encoding": "koi8-r"}),
    (b"", {"override_encoding": b"iso-8859-7"}),
    (b"", {"override_encoding": "latin-1"}),
]
for data, kwargs in cases:
    p = html5lib.HTMLParser()
    p.parse(data, useChardet=False, **kwargs)
    out.append(p.documentEncoding)
print(json.dumps(out))
"""
    )
    assert result[0] == "windows-1252" and result[5] == "iso-8859-7"


def test_bs4_from_encoding_unknown_label() -> None:
    # 1, through bs4's from_encoding (passed to html5lib as override_encoding).
    pytest.importorskip("bs4", reason="beautifulsoup4 is not installed (pip install specparser[bs4])")
    _same(
        """
import json
from bs4 import BeautifulSoup
soup = BeautifulSoup(b"<p>caf\\xe9</p>", "html5lib", from_encoding="latin-1")
print(json.dumps([soup.p.string, soup.original_encoding]))
"""
    )


def test_encoding_keywords_with_text_input_raise_html5libs_type_error() -> None:
    # 7. Any *_encoding keyword, even None, with str or a text file.
    result = _same(
        """
import io, json, html5lib
out = []
for kwargs in ({"override_encoding": None}, {"transport_encoding": None, "useChardet": False},
               {"default_encoding": "utf-8"}, {"foo_encoding": None}, {"likely_encoding": None, "default_encoding": None}):
    for source in ("<p>", io.StringIO("<p>")):
        try:
            html5lib.HTMLParser().parse(source, **kwargs)
        except TypeError as exc:
            out.append(str(exc))
        else:
            out.append("no error")
print(json.dumps(out))
"""
    )
    assert all(message.startswith("Cannot set an encoding with a unicode input") for message in result)


_TREES = [
    "<!DOCTYPE html><p a=1 b=2>x<b>y</b>z<!--c--><svg xlink:href=q viewbox=1><path/></svg><math><mi>1</mi></math>",
    '<!DOCTYPE html PUBLIC "a" "b"><title>t</title><body>',
    '<!doctype html SYSTEM "s"><table><tr><td>1<td>2</table>',
    "x<p>y<!--z-->",
    "<!--a--><html><head><style>p{}</style></head>  <body>\n<pre>\n\nq</pre>",
    "<select><option>1<option selected>2</select><math><annotation-xml encoding=text/html><div>d</div>",
]


def test_test_serializer_writes_html5libs_format() -> None:
    # 2 and 3: every builder, namespaced or not, documents and fragments.
    code = """
import json, warnings, html5lib
from html5lib import treebuilders
out = []
for data in json.loads(%r):
    for tree, kw in (("etree", {"fullTree": True}), ("etree", {}), ("dom", {}), ("lxml", {})):
        for ns in (True, False):
            for fragment in (False, True):
                p = html5lib.HTMLParser(tree=treebuilders.getTreeBuilder(tree, **kw), namespaceHTMLElements=ns)
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    d = p.parseFragment(data) if fragment else p.parse(data)
                out.append(p.tree.testSerializer(d))
print(json.dumps(out))
""" % json.dumps(_TREES)
    result = _same(code)
    # html5lib's etree builder writes its DOCTYPE line without "|".
    assert result[0].startswith("#document\n<!DOCTYPE html>\n|  <html html>\n|    <html head>")


def test_test_serializer_shows_template_contents() -> None:
    # Beyond html5lib 1.1 (no <template>): contents under "content", as
    # html5lib-tests shows them.
    import specparser.html5lib_compat as html5lib

    for tree in ("etree", "dom", "lxml"):
        parser = html5lib.HTMLParser(tree=html5lib.getTreeBuilder(tree), namespaceHTMLElements=False)
        dump = parser.tree.testSerializer(parser.parseFragment("<template><b>x</b></template>"))
        assert dump.splitlines()[1:] == ["|  <template>", "|    content", "|      <b>", '|        "x"'], tree


def test_walkers_report_namespace_none_without_html_namespace() -> None:
    # 5. etree and lxml walkers (and dom, which already did).
    _same(
        """
import json, html5lib
out = []
for tree in ("etree", "dom", "lxml"):
    for ns in (True, False):
        doc = html5lib.parse("<p class=a>x<svg><g/></svg>", treebuilder=tree, namespaceHTMLElements=ns)
        tokens = list(html5lib.getTreeWalker(tree)(doc))
        out.append([[t["type"], t.get("name"), t.get("namespace"), sorted(map(list, t.get("data", {}).items())) if isinstance(t.get("data"), dict) else t.get("data")] for t in tokens])
print(json.dumps(out))
"""
    )


def test_lxml_walker_keeps_entity_references() -> None:
    # 4. An XML parser's unresolved entity reference is an Entity token.
    result = _same(
        """
import json, html5lib
from lxml import etree
out = []
for doc in ('<!DOCTYPE html SYSTEM "about:legacy-compat"><html>&beta;</html>',
            '<!DOCTYPE html SYSTEM "about:legacy-compat"><html>a&beta;b<i>&gt;&nbsp;</i>c</html>'):
    tree = etree.fromstring(doc, parser=etree.XMLParser(resolve_entities=False, recover=True)).getroottree()
    for resolve in (True, False):
        out.append(html5lib.serialize(tree, tree="lxml", omit_optional_tags=False, resolve_entities=resolve))
    out.append([t["type"] + ":" + str(t.get("name") or t.get("data")) for t in html5lib.getTreeWalker("lxml")(tree)])
print(json.dumps(out))
"""
    )
    assert result[0].endswith("<html>\u03b2</html>") and result[1].endswith("<html>&beta;</html>")


def test_legacy_and_spec_attribute_quoting_match_html5lib() -> None:
    # 6. Every character up to U+3100 alone and inside a value, both modes;
    # "<" and ">" are escaped since whatwg/html#6362 (README, "Different").
    _same(
        """
import json
from html5lib.serializer import HTMLSerializer
out = []
for mode in ("legacy", "spec"):
    serializer = HTMLSerializer(quote_attr_values=mode)
    for code in range(0x3100):
        c = chr(code)
        if c in "<>" or 0xD800 <= code <= 0xDFFF:
            continue
        for value in (c, "a" + c + "b"):
            token = {"type": "StartTag", "namespace": "http://www.w3.org/1999/xhtml", "name": "span",
                     "data": {(None, "foo"): value}}
            out.append(serializer.render([token]))
print(json.dumps(out))
"""
    )


def test_sax_adapter_matches_html5lib() -> None:
    _same(
        """
import json, html5lib, xml.sax.handler
from html5lib.treeadapters import sax
class Handler(xml.sax.handler.ContentHandler):
    def __init__(self):
        super().__init__(); self.seen = []
    def startDocument(self): self.seen.append(["startDocument"])
    def endDocument(self): self.seen.append(["endDocument"])
    def startPrefixMapping(self, prefix, uri): self.seen.append(["startPrefixMapping", prefix, uri])
    def endPrefixMapping(self, prefix): self.seen.append(["endPrefixMapping", prefix])
    def startElementNS(self, name, qname, attrs):
        self.seen.append(["start", list(name), qname, sorted([list(k), v] for k, v in attrs.items()),
                          sorted(attrs.getQNames())])
    def endElementNS(self, name, qname): self.seen.append(["end", list(name), qname])
    def characters(self, content): self.seen.append(["characters", content])
out = []
for ns in (True, False):
    tree = html5lib.parse('<!DOCTYPE html><html xml:lang="en"><title>T</title><!--c--><a href="/"><b/></p><br><svg xlink:href=x></svg>',
                          namespaceHTMLElements=ns)
    handler = Handler()
    sax.to_sax(html5lib.getTreeWalker("etree")(tree), handler)
    out.append(handler.seen)
print(json.dumps([sorted(html5lib.treeadapters.__all__), out]))
"""
    )


def test_html5lib_own_suite_on_the_drop_in() -> None:
    """``compat/run.py html5lib-own`` on a subset that takes a minute: every
    test module, and three tree-construction files (tests1.dat,
    template.dat, webkit02.dat: every tree type, namespaced or not, and the
    walkers).  The whole suite: ``python compat/run.py html5lib-own``."""
    from compat import html5lib_own_suite as suite
    from compat.paths import MISSING_TESTS, MISSING_WPT_TREE, html5lib_tests_dir, wpt_tree_construction_dir

    # The suite reads html5lib-tests and the current tree-construction data
    # (not in the sdist): without them there is nothing to run.
    if html5lib_tests_dir() is None:
        pytest.skip(MISSING_TESTS)
    if wpt_tree_construction_dir() is None:
        pytest.skip(MISSING_WPT_TREE)
    found, reason = suite.find_tests()
    if found is None:
        pytest.skip(f"html5lib 1.1's sdist is not obtainable: {reason}")
    lines: list[str] = []
    code = suite.run(keyword="not dat or tests1.dat or template.dat or webkit02.dat", show=lines.append)
    text = "\n".join(lines)
    assert lines[-1].endswith(" passed, 0 failed"), text[-5000:]
    assert code == 0, text[-5000:]
    passed = int(lines[-1].split()[0])
    assert passed > 2500, text[-3000:]
    assert "test_stream.py (the whole module" in text  # private modules are listed, not counted
