"""visible_text's ``separator`` and ``strip``, against the peers whose
options they follow: bs4's ``get_text(separator, strip)`` and justhtml's
``to_text(separator, strip)``, on documents where the two agree (their
differences: bs4 leaves template contents out, justhtml keeps them; both
keep the text of hidden elements and ``<title>``, which visible_text
leaves out, so the documents here have only rendered text in ``<body>``)."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import specparser
from specparser import visible_text

from _optional import MISSING

bs4 = pytest.importorskip("bs4", reason="beautifulsoup4 is not installed (pip install specparser-html[bs4])")
justhtml = pytest.importorskip("justhtml", reason="justhtml is not installed (pip install -e '.[test]')")

import specparser.bs4  # noqa: E402,F401  registers the "specparser" builder

DOCUMENTS = [
    "<p>Hello <b>world</b>\n  <p> Bye  there <br>  x",
    "<div>  a  <span> b </span><i></i>c\n</div><ul><li>one<li> two </ul>",
    "<table><tr><td>Item<td> Price </td></tr>\n<tr><td>Tea<td>2.50</table>",
    "<h1>Title</h1><pre>\n  kept\n   as is</pre><p>a<em>b</em>c",
    "<p>x<script>hidden()</script><style>p{}</style>y",  # script and style: no text for any of the three
    "text at the top <a href=/x>link</a>\n\n<blockquote>quote</blockquote>",
    "<p>\u00a0nbsp\u00a0</p><p>\t\ttabs\t</p>",
]
OPTIONS = [(" ", True), ("|", False), ("\n", True), ("", False), ("", True), (", ", True)]


def peers(html: str, separator: str, strip: bool) -> tuple[str, str]:
    soup = bs4.BeautifulSoup(html, "specparser")
    theirs = justhtml.JustHTML(html).query_one("body")
    return soup.body.get_text(separator, strip), theirs.to_text(separator, strip=strip)


def ours(html: str, separator: str | None, strip: bool) -> set[str]:
    """visible_text of the body on every tree type installed."""
    answers = set()
    for tree in ("etree", "lxml", "lxml.html", "bs4", "dom"):
        if tree in MISSING or (tree == "lxml.html" and "lxml" in MISSING):
            continue
        document = specparser.parse(html, tree)  # type: ignore[call-overload]
        if tree == "etree":
            body = document.find("body")
        elif tree.startswith("lxml"):
            body = document.find("body")
        elif tree == "bs4":
            body = document.body
        else:
            body = document.getElementsByTagName("body")[0]
        answers.add(visible_text(body, separator=separator, strip=strip))
    return answers


@pytest.mark.parametrize("html", DOCUMENTS)
@pytest.mark.parametrize("separator, strip", OPTIONS)
def test_separator_and_strip_as_bs4_and_justhtml(html: str, separator: str, strip: bool) -> None:
    soup_text, just_text = peers(html, separator, strip)
    assert soup_text == just_text  # the documents are chosen where they agree
    assert ours(html, separator, strip) == {soup_text}


# Elements whose text all three show.
_shown = st.sampled_from(["p", "div", "b", "i", "span", "em", "li", "h2", "blockquote", "a", "td"])
_text = st.text(alphabet=" \n\tab\u00a0é", max_size=6)


@st.composite
def documents(draw: st.DrawFn) -> str:
    parts = []
    for _ in range(draw(st.integers(1, 8))):
        if draw(st.booleans()):
            parts.append(draw(_text))
        else:
            name = draw(_shown)
            parts.append(f"<{name}>{draw(_text)}" + (f"</{name}>" if draw(st.booleans()) else ""))
    return "<body>" + "".join(parts)


@settings(max_examples=150, deadline=None)
@given(html=documents(), options=st.sampled_from(OPTIONS))
def test_generated_documents(html: str, options: tuple[str, bool]) -> None:
    separator, strip = options
    soup_text, just_text = peers(html, separator, strip)
    assume(soup_text == just_text)  # only where the peers agree (hypothesis fails if that is rare)
    assert ours(html, separator, strip) == {soup_text}


def test_strip_without_separator_drops_blank_lines() -> None:
    tree = specparser.parse("<p> Hello <b>world</b> <p>\u00a0<p>Bye<table><tr><td>a<td>b</table>")
    assert visible_text(tree) == "Hello world\n\n\u00a0\n\nBye\na\tb"
    assert visible_text(tree, strip=True) == "Hello world\nBye\na\tb"


def test_hidden_text_stays_out_with_a_separator() -> None:
    # The same texts as the layout (checked against Chromium's innerText
    # in test_visible_text.py) shows: no title, hidden, template, select
    # content other than options, textarea.
    html = (
        "<title>T</title><p>a<span hidden>h</span><template>t</template>"
        "<select><option>o</option><span>s</span></select><textarea>w</textarea>b"
    )
    assert visible_text(specparser.parse(html)) == "a\no\nb"
    assert visible_text(specparser.parse(html), separator="|") == "a|o|b"


def test_an_element_not_rendered_gives_its_text_nodes() -> None:
    script = specparser.parse("<script> x() </script>").find("head/script")
    assert visible_text(script) == " x() "
    assert visible_text(script, separator="|", strip=True) == "x()"


def test_option_types() -> None:
    tree = specparser.parse("<p>x")
    with pytest.raises(TypeError, match=r"visible_text\(\): separator must be a str or None"):
        visible_text(tree, separator=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"visible_text\(\): strip must be a bool"):
        visible_text(tree, strip="yes")  # type: ignore[arg-type]
