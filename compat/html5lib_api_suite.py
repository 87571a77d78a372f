"""specparser as a drop-in for html5lib 1.1: the API exercised the way its
downstream users call it, and three upstream test files run on the alias.

    python compat/run.py html5lib-api            # our API checks
    python compat/run.py html5lib-api bs4        # bs4's tests/test_html5lib.py, alias on
    python compat/run.py html5lib-api lxml       # lxml's html/tests/test_html5parser.py, alias on
    python compat/run.py html5lib-api html5lib   # html5lib's tests/test_sanitizer.py, alias on
    python compat/run.py html5lib-api all        # all four; one total line

Every part prints one line per failure and ends with ``N passed, M
failed``; ``all`` prints each part's count line, then the total.

The API checks (:data:`CHECKS`) each mirror a real caller: bs4's html5lib
builder, ``lxml.html.html5parser``, pandas' import and version gate,
weasyprint/pip/poetry ``parse(..., namespaceHTMLElements=False,
transport_encoding=...)``, django-compressor's ``parseFragment`` +
``serialize``, xhtml2pdf/rdflib's dom builder and strict mode.  Expected
values come from html5lib 1.1 itself when it is installed (same call, same
input) or from the HTML standard.

The upstream tests:

* bs4: the installed beautifulsoup4's sdist, found and fetched by
  :mod:`compat.bs4_suite` (``$BS4_SDIST`` or the cache).  Run in a child
  process that calls :func:`specparser.html5lib_compat.install` before bs4
  is imported, so ``BeautifulSoup(markup, "html5lib")`` runs on specparser.
* lxml: ``src/lxml/html/tests/test_html5parser.py`` from the installed
  lxml's sdist: ``$LXML_SDIST`` (the ``.tar.gz`` or the test file itself) or
  the cache (see :func:`compat.sdist.cache_dir`), filled on first use by
  ``pip download --no-binary lxml --no-deps lxml==<version>``; only that one
  file is extracted, nothing is built.
* html5lib: ``html5lib/tests/test_sanitizer.py`` from the installed
  html5lib's sdist (1.1), the same way: ``$HTML5LIB_SDIST`` (the
  ``.tar.gz`` or the test file) or the cache, filled by ``pip download``
  (with setuptools < 70 for the metadata step: html5lib 1.1's setup.py
  imports ``pkg_resources``).  The file imports ``html5lib``, so with the
  alias on it tests specparser's sanitizer.

Tests of those files that assert html5lib 1.1's pre-standard trees would be
listed in :data:`PRE_STANDARD` (strict xfail); today none does.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
import tarfile
import tempfile
import traceback
import warnings
from pathlib import Path
from typing import Any, Callable

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from compat import bs4_suite, sdist  # noqa: E402

XHTML = "{http://www.w3.org/1999/xhtml}"
SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}"

# Upstream tests that assert html5lib 1.1's pre-standard trees: test id ->
# reason.  They run as strict xfail (an unexpected pass is a failure).
PRE_STANDARD: dict[str, str] = {}

CHECKS: list[Callable[[], None]] = []


def check(func: Callable[[], None]) -> Callable[[], None]:
    CHECKS.append(func)
    return func


def _real_html5lib() -> Any:
    """The real html5lib, for expected values, or None (the checks then
    use the values written in them)."""
    from specparser.html5lib_compat import _alias

    if _alias.installed():
        return None
    try:
        import html5lib
    except ImportError:
        return None
    return html5lib if not html5lib.__name__.startswith("specparser") else None


def _compat() -> Any:
    import specparser.html5lib_compat as compat

    return compat


def _tostring(element: Any) -> bytes:
    from xml.etree import ElementTree as ET

    return ET.tostring(element)


# -- the top level: html5lib's API is html5lib_compat's, the old names warn --


@check
def top_level_names_are_the_html5lib_ones() -> None:
    # ``specparser.parse`` / ``serialize`` are the native API since issue 17;
    # html5lib's names that do not clash still resolve, with a warning.
    import warnings

    import specparser

    compat = _compat()
    for name in ("parseFragment", "HTMLParser", "getTreeBuilder", "getTreeWalker"):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            assert getattr(specparser, name) is getattr(compat, name), name
        assert [w.category for w in caught] == [DeprecationWarning], name
    assert specparser.parse is not compat.parse and specparser.serialize is not compat.serialize
    assert compat.__all__ == ["HTMLParser", "parse", "parseFragment", "getTreeBuilder", "getTreeWalker", "serialize"]
    assert not hasattr(compat, "XHTMLParser"), "lxml would build an XHTMLParser at import time"


@check
def pandas_import_and_version_gate() -> None:
    # pandas.compat._optional.import_optional_dependency("html5lib"):
    # importable, and Version(module.__version__) >= Version("1.1").
    code = (
        "import specparser.html5lib_compat as c; c.install()\n"
        "import importlib; m = importlib.import_module('html5lib')\n"
        "assert m.__name__ == 'specparser.html5lib_compat', m.__name__\n"
        "v = tuple(int(x) for x in m.__version__.split('.'))\n"
        "assert v >= (1, 1), m.__version__\n"
        "print(m.__version__)\n"
    )
    out = _child(code)
    assert out.strip() == "1.1", out


# -- parse(): weasyprint, pip, poetry, mechanize, pytest-check-links --------


@check
def parse_str_no_namespace_like_pip() -> None:
    html = '<html><head><base href="/b/"></head><body><a href="x-1.0.tar.gz">x</a><a href=y>y</a>'
    root = _compat().parse(html, namespaceHTMLElements=False)
    assert root.tag == "html"
    assert [a.get("href") for a in root.findall(".//a")] == ["x-1.0.tar.gz", "y"]
    assert root.find(".//base").get("href") == "/b/"
    real = _real_html5lib()
    if real is not None:
        assert _tostring(root) == _tostring(real.parse(html, namespaceHTMLElements=False))


@check
def parse_bytes_with_transport_encoding_like_weasyprint() -> None:
    data = "<p>\u0436\u00e9</p>".encode("koi8-r", "replace")
    data = "<title>t</title><p>\u0436".encode("koi8-r")
    root = _compat().parse(data, transport_encoding="koi8-r", namespaceHTMLElements=False)
    assert root.find("body/p").text == "\u0436"
    # override_encoding beats a <meta>; a BOM beats both.
    root = _compat().parse(b"<meta charset=utf-8><p>\xe9", override_encoding="latin1", namespaceHTMLElements=False)
    assert root.find("body/p").text == "\u00e9"
    root = _compat().parse(b"\xef\xbb\xbf<p>\xc3\xa9", override_encoding="latin1", namespaceHTMLElements=False)
    assert root.find("body/p").text == "\u00e9"


@check
def parse_file_objects() -> None:
    compat = _compat()
    root = compat.parse(io.BytesIO(b"<p>\xc3\xa9"), transport_encoding="utf-8", namespaceHTMLElements=False)
    assert root.find("body/p").text == "\u00e9"
    root = compat.parse(io.StringIO("<p>x"), namespaceHTMLElements=False)
    assert root.find("body/p").text == "x"

    class Unseekable:
        # WeasyPrint's wrapper: seek = tell = None so html5lib buffers it.
        seek = tell = None

        def __init__(self, data: bytes) -> None:
            self._data = io.BytesIO(data)

        def read(self, *args: Any) -> bytes:
            return self._data.read(*args)

    root = compat.parse(Unseekable(b"<p>y"), namespaceHTMLElements=False)
    assert root.find("body/p").text == "y"


@check
def parse_encoding_keywords_with_str() -> None:
    compat = _compat()
    # html5lib 1.1: an encoding for str input is a TypeError ...
    try:
        compat.parse("<p>", transport_encoding="utf-8")
    except TypeError:
        pass
    else:
        raise AssertionError("transport_encoding with str input must raise TypeError")
    # ... even given as None, with html5lib's message (bs4 passes
    # override_encoding=None for bytes only, where None is "not given") ...
    try:
        compat.parse("<p>", override_encoding=None)
    except TypeError as exc:
        assert str(exc) == "Cannot set an encoding with a unicode input, set ['override_encoding']", exc
    else:
        raise AssertionError("override_encoding=None with str input must raise TypeError, as in html5lib")
    compat.parse(b"<p>", override_encoding=None)
    # ... and useChardet with str is ignored rather than a TypeError (lxml
    # had to work around html5lib here).
    compat.parse("<p>", useChardet=False)
    try:
        compat.parse("<p>", encoding="utf-8")  # pre-1.0 keyword
    except TypeError:
        pass
    else:
        raise AssertionError("the pre-1.0 encoding= keyword must raise TypeError")


@check
def parse_etree_shape_matches_html5lib() -> None:
    compat = _compat()
    html = '<!DOCTYPE html><title>t</title><p class=a>x<b>y</b>z<svg viewbox="0 0 1 1" xlink:href="#q"><path/></svg>'
    root = compat.parse(html)
    assert root.tag == XHTML + "html"
    svg = root.find(f"{XHTML}body/{XHTML}p/{SVG}svg")
    assert svg.get("viewBox") == "0 0 1 1" and svg.get(XLINK + "href") == "#q"
    real = _real_html5lib()
    if real is not None:
        assert _tostring(root) == _tostring(real.parse(html))
        assert _tostring(compat.parse(html, namespaceHTMLElements=False)) == _tostring(
            real.parse(html, namespaceHTMLElements=False)
        )
    full = compat.HTMLParser(tree=compat.getTreeBuilder("etree", fullTree=True)).parse(html)
    assert full.tag == "DOCUMENT_ROOT" and full[0].tag == "<!DOCTYPE>" and full[0].text == "html"


@check
def parse_lxml_treebuilder_like_calibre() -> None:
    compat = _compat()
    tree = compat.parse("<p>x", treebuilder="lxml", namespaceHTMLElements=False)
    assert type(tree).__name__ == "_ElementTree"
    root = tree.getroot()
    assert root.tag == "html" and root.find("body/p").text == "x"


@check
def scripting_is_the_second_positional_argument() -> None:
    parser = _compat().HTMLParser(namespaceHTMLElements=False)
    on = parser.parse("<noscript><p>x</p></noscript>", True)
    off = parser.parse("<noscript><p>x</p></noscript>", False)
    assert on.find("head/noscript").text == "<p>x</p>"
    assert off.find("body/p").text == "x"
    fragment = parser.parseFragment("<noscript><p>x</p></noscript>", "div", True)
    assert fragment[0].text == "<p>x</p>"


# -- HTMLParser as bs4 drives it ------------------------------------------


@check
def bs4_style_protocol_builder() -> None:
    """A base.TreeBuilder subclass passed as a bound method, as bs4 does;
    ``tokenizer.stream.position()`` read from elementClass while building;
    ``charEncoding`` after the parse."""
    compat = _compat()
    from specparser.html5lib_compat.treebuilders import base

    positions: dict[str, tuple[int, int]] = {}

    class Element(base.Node):
        def __init__(self, name: str, namespace: Any) -> None:
            super().__init__(name)
            self.namespace = namespace
            self.children: list = []

        nameTuple = property(lambda self: (self.namespace or "http://www.w3.org/1999/xhtml", self.name))

        def appendChild(self, node: Any) -> None:
            node.parent = self
            self.children.append(node)

        def insertBefore(self, node: Any, refNode: Any) -> None:
            node.parent = self
            self.children.insert(self.children.index(refNode), node)

        def insertText(self, data: str, insertBefore: Any = None) -> None:
            if insertBefore is None:
                self.children.append(data)
            else:
                self.children.insert(self.children.index(insertBefore), data)

        def removeChild(self, node: Any) -> None:
            self.children.remove(node)

        def reparentChildren(self, newParent: Any) -> None:
            for child in self.children:
                if not isinstance(child, str):
                    child.parent = newParent
            newParent.children.extend(self.children)
            self.children = []

        def cloneNode(self) -> Any:
            clone = Element(self.name, self.namespace)
            clone.attributes = dict(self.attributes)
            return clone

        def hasContent(self) -> bool:
            return bool(self.children)

    class Builder(base.TreeBuilder):
        def __init__(self, namespaceHTMLElements: bool) -> None:
            self.parser: Any = None
            super().__init__(namespaceHTMLElements)

        def documentClass(self) -> Any:
            return Element("#document", None)

        def elementClass(self, name: str, namespace: Any) -> Any:
            if self.parser is not None:
                positions.setdefault(name, self.parser.tokenizer.stream.position())
            return Element(name, namespace)

        def commentClass(self, data: str) -> Any:
            return Element("#comment:" + data, None)

        def insertDoctype(self, token: dict) -> None:
            self.document.appendChild(Element(f"#doctype:{token['name']}:{token['publicId']}", None))

    holder: dict[str, Any] = {}

    def create_treebuilder(namespaceHTMLElements: bool) -> Any:
        holder["builder"] = Builder(namespaceHTMLElements)
        return holder["builder"]

    parser = compat.HTMLParser(tree=create_treebuilder)
    holder["builder"].parser = parser
    doc = parser.parse(b"<!DOCTYPE html>\n   <p class=x>\n\n<b>t</b></p><table><td>c</td>x</table>", override_encoding=None)
    assert doc.name == "#document"
    doctype, html = doc.children
    assert doctype.name == "#doctype:html:None"
    head, body = html.children
    p, table_text, table = body.children
    assert p.attributes == {"class": "x"} and p.children[1].name == "b"
    assert table_text == "x", "foster-parented text goes before the table"
    # bs4's test_tracking_line_numbers: <p> is on line 2, its ">" at column 5.
    # bs4's sourcepos is column - 1: the tag's ">" (test_tracking_line_numbers).
    assert positions["p"] == (2, 14), positions["p"]
    assert parser.tokenizer.stream.charEncoding[0].name == "windows-1252"
    assert parser.tokenizer.stream.charEncoding[1] == "tentative"
    assert parser.documentEncoding == "windows-1252"


@check
def bs4_with_the_alias() -> None:
    code = (
        "import specparser.html5lib_compat as c; c.install()\n"
        "from bs4 import BeautifulSoup\n"
        "s = BeautifulSoup(b'<meta charset=iso-8859-2><p class=\"a b\">\\xb1<svg xlink:href=q></svg>', 'html5lib')\n"
        "assert s.original_encoding == 'iso-8859-2', s.original_encoding\n"
        "assert s.p['class'] == ['a', 'b'] and s.p.sourceline == 1\n"
        "assert s.svg.namespace == 'http://www.w3.org/2000/svg'\n"
        "print(s.p.decode())\n"
    )
    out = _child(code)
    assert out.strip() == '<p class="a b">\u0105<svg xlink:href="q"></svg></p>', out


# -- lxml.html.html5parser -------------------------------------------------


@check
def lxml_html5parser_functions() -> None:
    code = (
        "import specparser.html5lib_compat as c; c.install()\n"
        "from lxml.html import html5parser as h\n"
        "from lxml import etree\n"
        "assert h.HTMLParser.__mro__[1].__module__ == 'specparser.html5lib_compat.html5parser'\n"
        "doc = h.document_fromstring('<p>x')\n"
        "assert doc.tag == '{http://www.w3.org/1999/xhtml}html', doc.tag\n"
        "doc = h.document_fromstring(b'<meta charset=utf-8><p>\\xc3\\xa9</p>')\n"
        "assert doc.findtext('.//{http://www.w3.org/1999/xhtml}p') == '\\xe9'\n"
        "frags = h.fragments_fromstring('a<b>x</b>t<i>y</i>')\n"
        "assert frags[0] == 'a' and [e.tag.split('}')[1] for e in frags[1:]] == ['b', 'i']\n"
        "el = h.fragment_fromstring('<div><p>x</p></div>')\n"
        "assert el.tag.endswith('div') and el.tail is None\n"
        "one = h.fromstring('<p>only</p>')\n"
        "assert one.tag.endswith('p'), one.tag\n"
        "tree = h.parse(__import__('io').BytesIO(b'<title>t</title>'))\n"
        "assert tree.getroot().findtext('.//{http://www.w3.org/1999/xhtml}title') == 't'\n"
        "print('ok')\n"
    )
    assert _child(code).strip() == "ok"


# -- django-compressor: parseFragment + serialize ---------------------------


@check
def django_compressor_parse_fragment_and_serialize() -> None:
    compat = _compat()
    content = '<link rel="stylesheet" href="/a.css"><style>p{}</style><script src="/b.js"></script>'
    fragment = compat.parseFragment(content, treebuilder="etree")
    assert fragment.tag == "DOCUMENT_FRAGMENT"
    tags = [el.tag for el in fragment]
    assert tags == [XHTML + "link", XHTML + "style", XHTML + "script"], tags
    out = compat.serialize(fragment[0], tree="etree", quote_attr_values="always", omit_optional_tags=False)
    assert out == '<link rel="stylesheet" href="/a.css">', out


@check
def parse_fragment_container_positional_and_contexts() -> None:
    compat = _compat()
    assert compat.parseFragment("<td>x", "tr")[0].tag == XHTML + "td"
    assert compat.HTMLParser().parseFragment("<td>x", "tr")[0].tag == XHTML + "td"
    assert compat.parseFragment("<b>x</b>", "textarea").text == "<b>x</b>"
    # The default container is div: <td> is dropped there.
    assert len(compat.parseFragment("<td>x")) == 0


# -- xhtml2pdf / rdflib: the dom builder, strict mode -----------------------


@check
def xhtml2pdf_dom_builder() -> None:
    compat = _compat()
    from xml.dom import minidom

    parser = compat.HTMLParser(tree=compat.getTreeBuilder("dom"))
    document = parser.parse(io.BytesIO(b"<!DOCTYPE html><p id=a>x<b>y</b>z"), transport_encoding="utf-8")
    assert isinstance(document, minidom.Document)
    assert document.doctype is not None and document.doctype.name == "html"
    p = document.getElementsByTagName("p")[0]
    assert p.getAttribute("id") == "a" and p.namespaceURI == "http://www.w3.org/1999/xhtml"
    assert [n.nodeType for n in p.childNodes] == [3, 1, 3]
    real = _real_html5lib()
    if real is not None:
        theirs = real.HTMLParser(tree=real.getTreeBuilder("dom")).parse("<!DOCTYPE html><p id=a>x<b>y</b>z")
        ours = compat.HTMLParser(tree=compat.getTreeBuilder("dom")).parse("<!DOCTYPE html><p id=a>x<b>y</b>z")
        assert ours.toxml() == theirs.toxml()


@check
def rdflib_strict_dom_fragment() -> None:
    compat = _compat()
    from specparser.html5lib_compat import html5parser
    from xml.dom import minidom

    parser = compat.HTMLParser(tree=compat.getTreeBuilder("dom"), strict=True)
    fragment = parser.parseFragment("<b>ok</b> fine")
    assert isinstance(fragment, minidom.DocumentFragment)
    assert fragment.firstChild.tagName == "b"
    try:
        parser.parseFragment("<b>not</i> ok")
    except html5parser.ParseError as error:
        assert "unexpected-end-tag" in str(error)
    else:
        raise AssertionError("strict mode must raise ParseError")


@check
def errors_in_html5lib_shape() -> None:
    parser = _compat().HTMLParser()
    parser.parse("<p>\n</b>")
    assert parser.errors, "errors expected"
    for (line, col), code, datavars in parser.errors:
        assert isinstance(line, int) and isinstance(col, int) and isinstance(code, str) and isinstance(datavars, dict)
    (line, col), code, datavars = parser.errors[-1]
    # html5lib fills datavars with the tag's "name" for tag errors; so do we.
    assert code == "unexpected-end-tag" and (line, col) == (2, 0) and datavars == {"name": "b"}
    assert parser.errors[0][2] == {}  # missing-doctype: no details
    parser.parse("<!DOCTYPE html><p>ok")
    assert parser.errors == []


@check
def get_tree_builder_names_and_errors() -> None:
    compat = _compat()
    from specparser.html5lib_compat import treebuilders
    from specparser.html5lib_compat.treebuilders import etree_lxml

    assert compat.getTreeBuilder("ETREE") is compat.getTreeBuilder("etree")
    assert compat.getTreeBuilder("lxml") is etree_lxml.TreeBuilder
    assert treebuilders.getTreeBuilder is compat.getTreeBuilder
    try:
        compat.getTreeBuilder("simpletree")
    except ValueError:
        pass
    else:
        raise AssertionError("an unknown tree type must raise ValueError")


@check
def constants_downstream_reads() -> None:
    from specparser.html5lib_compat import constants
    from specparser.infoset import DataLossWarning

    assert constants.namespaces["html"] == "http://www.w3.org/1999/xhtml"
    assert constants.prefixes["http://www.w3.org/1998/Math/MathML"] == "math"
    assert constants.entities["amp;"] == "&" and constants.entities["amp"] == "&"
    assert constants.entities["NotEqualTilde;"] == "\u2242\u0338"
    assert constants.tokenTypes["StartTag"] == 3 and constants.tokenTypes["ParseError"] == 7
    assert constants.DataLossWarning is DataLossWarning and issubclass(DataLossWarning, UserWarning)
    assert "br" in constants.voidElements and "\t" in constants.spaceCharacters
    real = _real_html5lib()
    if real is not None:
        from html5lib import constants as theirs

        for name in ("namespaces", "prefixes", "entities", "tokenTypes", "voidElements", "booleanAttributes",
                     "spaceCharacters", "scopingElements", "formattingElements", "specialElements",
                     "adjustMathMLAttributes", "rcdataElements", "cdataElements"):
            assert getattr(constants, name) == getattr(theirs, name), name


@check
def lxml_data_loss_warning_is_html5lib_constants_class() -> None:
    from specparser.html5lib_compat import constants

    compat = _compat()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        compat.parse("<p a:b=1>x", treebuilder="lxml")
    assert any(issubclass(w.category, constants.DataLossWarning) for w in caught)


@check
def get_tree_walker_and_serialize_round_trip() -> None:
    compat = _compat()
    try:
        walker = compat.getTreeWalker("etree")
    except ImportError:
        raise AssertionError("html5lib_compat.treewalkers is not available yet") from None
    root = compat.parse("<p class=a>x&amp;<br>")
    tokens = list(walker(root))
    assert tokens[0]["type"] == "StartTag" and tokens[0]["name"] == "html"
    out = compat.serialize(root)
    assert "<p class=a>x&amp;<br>" in out, out


@check
def alias_is_reversible_and_explicit() -> None:
    code = (
        "import sys, specparser, specparser.html5lib_compat as c\n"
        "assert not any(m == 'html5lib' or m.startswith('html5lib.') for m in sys.modules), 'plain import aliased'\n"
        "c.install(); c.install()\n"
        "import html5lib, html5lib.treebuilders.base, html5lib.constants, html5lib.html5parser\n"
        "from html5lib.treebuilders import base\n"
        "assert base is c.treebuilders.base and html5lib is c\n"
        "c.uninstall()\n"
        "assert not any(m == 'html5lib' or m.startswith('html5lib.') for m in sys.modules)\n"
        "try:\n"
        "    import html5lib as real\n"
        "    assert not real.__name__.startswith('specparser'), real.__name__\n"
        "    print('real')\n"
        "except ImportError:\n"
        "    print('none')\n"
    )
    assert _child(code).strip() in ("real", "none")


@check
def alias_after_real_html5lib_warns_and_restores() -> None:
    if _real_html5lib() is None:
        return  # needs the real html5lib
    code = (
        "import warnings, html5lib as real, specparser.html5lib_compat as c\n"
        "with warnings.catch_warnings(record=True) as w:\n"
        "    warnings.simplefilter('always')\n"
        "    c.install()\n"
        "assert any('already imported' in str(x.message) for x in w)\n"
        "import html5lib\n"
        "assert html5lib is c\n"
        "c.uninstall()\n"
        "import html5lib\n"
        "assert html5lib is real\n"
        "print('ok')\n"
    )
    assert _child(code).strip() == "ok"


@check
def bad_arguments_raise_clear_type_errors() -> None:
    compat = _compat()
    for bad in (None, 42, ["<p>"]):
        try:
            compat.parse(bad)
        except TypeError:
            continue
        raise AssertionError(f"parse({bad!r}) must raise TypeError")
    for call in (
        lambda: compat.HTMLParser(tree=42),
        lambda: compat.parseFragment("x", container=42),
        lambda: compat.parse("<p>", nonsense=True),
        lambda: compat.HTMLParser().parse("<p>", nonsense=True),
    ):
        try:
            call()
        except TypeError:
            continue
        raise AssertionError("expected TypeError")


# -- running ---------------------------------------------------------------


def _child(code: str) -> str:
    """Run ``code`` in a fresh interpreter (the alias must be installed
    before bs4/lxml.html.html5parser are imported); its stdout."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(REPO_ROOT / "src"), str(REPO_ROOT), env.get("PYTHONPATH", "")])
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300)
    if done.returncode != 0:
        raise AssertionError((done.stderr or done.stdout).strip().splitlines()[-1:] or ["child failed"])
    return done.stdout


def run_checks(show: Callable[[str], None] = print) -> tuple[int, int]:
    passed = failed = 0
    for func in CHECKS:
        try:
            func()
        except Exception as exc:
            failed += 1
            if failed <= 50:
                where = traceback.extract_tb(exc.__traceback__)[-1]
                show(f"FAIL {func.__name__}: {type(exc).__name__}: {exc} (line {where.lineno})")
        else:
            passed += 1
    return passed, failed


# -- the upstream test files -------------------------------------------------


LXML_TEST_MEMBER = "src/lxml/html/tests/test_html5parser.py"


HTML5LIB_TEST_MEMBER = "html5lib/tests/test_sanitizer.py"


def _extract_member(archive: Path, wanted: str, destination: Path) -> Path:
    """Extract only ``<sdist>/<wanted>`` to ``destination``."""
    with tarfile.open(archive) as tar:
        for member in tar.getmembers():
            parts = Path(member.name).parts
            if len(parts) >= 2 and "/".join(parts[1:]) == wanted and member.isfile():
                source = tar.extractfile(member)
                assert source is not None
                destination.parent.mkdir(parents=True, exist_ok=True)
                destination.write_bytes(source.read())
                return destination
    raise RuntimeError(f"{archive} holds no {wanted}")


def _find_upstream_test(
    distribution: str, extra: str, wanted: str, env_var: str, download: bool, **download_options: Any
) -> tuple[Path | None, str]:
    """``(path of the installed ``distribution``'s test file ``wanted``,
    "")`` or ``(None, why not)``: from ``$env_var``, the cache, or the
    sdist, downloaded (``download_options`` go to :func:`sdist.download`).
    ``extra`` is the specparser extra that installs ``distribution``."""
    version = sdist.installed_version(distribution)
    if version is None:
        return None, f"{distribution} is not installed (pip install specparser-html[{extra}])"
    name = Path(wanted).name
    env = os.environ.get(env_var)
    target = sdist.cache_dir() / f"{distribution}-{version}" / name
    if env:
        path = Path(env)
        if path.suffix == ".py" and path.is_file():
            return path, ""
        try:
            return _extract_member(path, wanted, sdist.cache_dir() / f"{distribution}-from-env" / name), ""
        except (OSError, RuntimeError, tarfile.TarError) as exc:
            return None, f"{env_var}={env}: {exc}"
    if target.is_file():
        return target, ""
    if not download:
        return None, f"{distribution} {version} test not cached at {target} (set {env_var})"
    with tempfile.TemporaryDirectory() as tmp:
        archive, reason = sdist.download(
            distribution, version, Path(tmp), timeout=600, env_var=env_var, **download_options
        )
        if archive is None:
            return None, reason
        try:
            return _extract_member(archive, wanted, target), ""
        except (OSError, RuntimeError, tarfile.TarError) as exc:
            return None, f"cannot extract the {distribution} test: {exc}"


def find_lxml_test(download: bool = True) -> tuple[Path | None, str]:
    """``(path of test_html5parser.py, "")`` or ``(None, why not)``."""
    # --no-binary lxml only: the build requirements may come as wheels.
    return _find_upstream_test("lxml", "lxml", LXML_TEST_MEMBER, "LXML_SDIST", download, no_binary="lxml")


def find_html5lib_test(download: bool = True) -> tuple[Path | None, str]:
    """``(path of html5lib's test_sanitizer.py, "")`` or ``(None, why not)``."""
    # html5lib 1.1's setup.py imports pkg_resources, which setuptools 70+
    # (what pip's metadata step would pick) no longer provides.
    return _find_upstream_test(
        "html5lib", "test", HTML5LIB_TEST_MEMBER, "HTML5LIB_SDIST", download, no_binary=":all:", constraints="setuptools<70\n"
    )


# The child process: alias first, then pytest on the upstream file, with
# bs4_suite's outcome collector; prints the failures and the count line.
_UPSTREAM_CHILD = r"""
import os, sys, json
import specparser.html5lib_compat as compat
compat.install()
import pytest
from compat import bs4_suite, html5lib_api_suite as suite
which, path = sys.argv[1], sys.argv[2]
if which == "bs4":
    reason = bs4_suite.prepare(download=False)
    if reason:
        print("cannot run bs4's tests: " + reason); print("0 passed, 1 failed"); sys.exit(1)
    import bs4.tests.test_html5lib as module
    path = module.__file__
outcomes = bs4_suite._Outcomes()
class XfailPreStandard:
    def pytest_collection_modifyitems(self, items):
        for item in items:
            reason = suite.PRE_STANDARD.get(item.name)
            if reason:
                item.add_marker(pytest.mark.xfail(strict=True, reason=reason))
args = [path, "-q", "-p", "no:cacheprovider", "--no-header", "-rN", "--rootdir", os.path.dirname(path)]
with open(os.devnull, "w") as devnull:
    stdout = sys.stdout
    sys.stdout = devnull
    try:
        pytest.main(args, plugins=[outcomes, XfailPreStandard()])
    finally:
        sys.stdout = stdout
import html5lib
if not html5lib.__name__.startswith("specparser"):
    outcomes.failed.append("the alias did not take effect: html5lib is " + html5lib.__name__)
for line in outcomes.failed[:50]:
    print(line)
for nodeid in outcomes.xfailed:
    print("expected failure " + nodeid + ": " + suite.PRE_STANDARD.get(nodeid.rsplit("::", 1)[-1], "xfail"))
for nodeid in outcomes.skipped:
    print("skipped " + nodeid)
print(f"{outcomes.passed} passed, {len(outcomes.failed)} failed")
sys.exit(0 if not outcomes.failed and outcomes.passed else 1)
"""


def run_upstream(which: str, show: Callable[[str], None] = print) -> tuple[int, int]:
    """Run bs4's, lxml's or html5lib's test file with the alias on, in a
    child process."""
    if which == "bs4":
        reason = bs4_suite.prepare(download=True)
        path = ""
    else:
        found, reason = {"lxml": find_lxml_test, "html5lib": find_html5lib_test}[which]()
        path = str(found) if found else ""
    if reason:
        show(f"cannot run {which}'s tests: {reason}")
        return 0, 1
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(REPO_ROOT / "src"), str(REPO_ROOT), env.get("PYTHONPATH", "")])
    done = subprocess.run(
        [sys.executable, "-c", _UPSTREAM_CHILD, which, path],
        capture_output=True, text=True, env=env, timeout=600, cwd=str(REPO_ROOT),
    )
    lines = done.stdout.strip().splitlines()
    if not lines or " passed, " not in lines[-1]:
        show(f"{which}: the test run did not finish: {(done.stderr or done.stdout).strip()[-500:]}")
        return 0, 1
    for line in lines[:-1]:
        show(f"{which}: {line}")
    passed_text, failed_text = lines[-1].split(" passed, ")
    return int(passed_text), int(failed_text.split()[0])


def main(argv: list[str]) -> int:
    parts = argv or ["api"]
    if parts == ["all"]:
        parts = ["api", "bs4", "lxml", "html5lib"]
    unknown = [p for p in parts if p not in ("api", "bs4", "lxml", "html5lib")]
    if unknown:
        print(f"unknown part(s): {', '.join(unknown)}; use api, bs4, lxml, html5lib or all", file=sys.stderr)
        return 2
    total_passed = total_failed = 0
    for part in parts:
        passed, failed = run_checks() if part == "api" else run_upstream(part)
        if len(parts) > 1:
            print(f"{part}: {passed} passed, {failed} failed")
        total_passed += passed
        total_failed += failed
    print(f"{total_passed} passed, {total_failed} failed")
    return 0 if total_failed == 0 and total_passed else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
