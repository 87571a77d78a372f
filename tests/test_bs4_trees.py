"""BeautifulSoup(markup, "specparser") end to end.

* The whole WPT tree-construction suite through bs4: the dump of
  the bs4 tree equals the suite's expected tree, and every bs4 navigation
  (next/previous element, siblings, descendants, find_all, strings,
  decode) agrees with ``.contents`` (compat.bs4_suite.check_tree).
* Corpus pages: the same checks, and ``decode()`` equal to bs4's html5lib
  builder (a peer HTML5 parser).
* Bytes: specparser's encoding sniffing with bs4's ``from_encoding`` and
  ``exclude_encodings``; ``original_encoding``.
* bs4 behaviours: parse_only, copy, pickle, whitespace, source positions,
  snippets compared with the html5lib builder, deep documents.
"""

from __future__ import annotations

import copy
import pickle
import sys
import warnings

import pytest

pytest.importorskip("bs4", reason="beautifulsoup4 is not installed (pip install specparser-html[bs4])")

from bs4 import BeautifulSoup  # noqa: E402
from bs4.element import Comment, NavigableString, Script  # noqa: E402
from bs4.filter import SoupStrainer  # noqa: E402

from specparser import html5lib_compat  # noqa: E402
import specparser.bs4  # noqa: E402,F401  (registers "specparser")
from compat.bs4_suite import check_tree  # noqa: E402
from compat.paths import MISSING_CORPUS, corpus_dir  # noqa: E402
from compat.tree_suite import load_cases, missing_reason  # noqa: E402
from specparser.builders.bs4 import SpecParserTreeBuilder, sniffing_keywords  # noqa: E402
from specparser.testformat import dump_events  # noqa: E402
from specparser.walkers.bs4 import walk  # noqa: E402

CASES = load_cases()

try:
    import html5lib  # noqa: F401

    HAVE_HTML5LIB = True
except ImportError:  # pragma: no cover
    HAVE_HTML5LIB = False


def soup(markup, **kwargs):
    return BeautifulSoup(markup, "specparser", **kwargs)


# -- the conformance suite, through bs4 -------------------------------------


def _check_case(case) -> list[str]:
    """What is wrong with the case's tree through the adapter (fragments and
    scripting included) and, without scripting, through BeautifulSoup
    itself (fragments with ``fragment_context``)."""
    failures = []
    parser = html5lib_compat.HTMLParser("bs4", collect_errors=False)
    if case.context is None:
        tree = parser.parse(case.data, scripting=case.scripting)
    else:
        tree = parser.parseFragment(case.data, case.context, scripting=case.scripting)
    if dump_events(walk(tree)) != case.expected:
        failures.append(f"{case.id}: wrong tree")
    problems = check_tree(tree)
    if problems:
        failures.append(f"{case.id}: {problems[0]}")
    # (An empty document is the one exception: through BeautifulSoup it
    # stays empty, see test_empty_markup_gives_an_empty_soup_and_copies_work.)
    if not case.scripting and case.data:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # MarkupResemblesLocatorWarning etc.
            through_bs4 = soup(case.data, fragment_context=case.context)
        if dump_events(walk(through_bs4)) != case.expected:
            failures.append(f"{case.id}: wrong tree through BeautifulSoup()")
        problems = check_tree(through_bs4)
        if problems:
            failures.append(f"{case.id} through BeautifulSoup(): {problems[0]}")
    return failures


@pytest.mark.skipif(not CASES, reason=missing_reason())
def test_tree_construction_suite_through_bs4_is_consistent():
    failures = [failure for case in CASES for failure in _check_case(case)]
    assert failures == []


# -- real pages ------------------------------------------------------------


def _corpus_sample(count: int = 6):
    directory = corpus_dir()
    if directory is None:
        return []
    files = sorted(directory.glob("*.html"), key=lambda f: f.stat().st_size)
    # Small, middle and large pages.
    picks = files[:2] + files[len(files) // 2 : len(files) // 2 + 2] + files[-2:]
    return picks[:count]


SAMPLE = _corpus_sample()


@pytest.mark.skipif(not SAMPLE, reason=MISSING_CORPUS)
@pytest.mark.parametrize("path", SAMPLE, ids=[p.name for p in SAMPLE])
def test_corpus_pages_are_consistent_and_match_html5lib(path):
    markup = path.read_bytes().decode("utf-8", "replace")
    ours = soup(markup)
    assert check_tree(ours) == []
    if HAVE_HTML5LIB:
        assert ours.decode() == BeautifulSoup(markup, "html5lib").decode()


@pytest.mark.skipif(not SAMPLE, reason=MISSING_CORPUS)
def test_corpus_page_as_bytes_gets_the_same_tree():
    path = SAMPLE[2]
    data = path.read_bytes()
    from_bytes = soup(data)
    assert from_bytes.original_encoding == "utf-8"
    assert from_bytes.decode() == soup(data.decode("utf-8")).decode()


# -- snippets, compared with bs4's html5lib builder --------------------------

SNIPPETS = [
    "<p>A <b>bold</b> statement.</p>",
    "<td>cell</td>",
    "<tr><td>a</td></tr>",
    "<li>one<li>two",
    "text only",
    "<b><p>x</b>y",
    "<a href=x><div>z</a>",
    "<table><td>1</td>stray</table>",
    "<svg><circle r=1 /><foreignObject><p>f</p></foreignObject></svg>",
    "<math><mi>x</mi><annotation-xml encoding='text/html'><p>h</p></annotation-xml></math>",
    "<!-- c --><p>after",
    "<title>t</title><meta charset=utf-8><p>body",
    "<select><option>1<option>2</select>",
    "<pre>\nfirst newline dropped</pre>",
    "<textarea>\n<b>raw</b></textarea>",
    "<script>if (a < b) {}</script>",
    "<p>a</p>   <p>b</p>\n",
    "<frameset><frame></frameset>",
    "<html lang=en><body class='a b'><html id=x>",
]


@pytest.mark.skipif(not HAVE_HTML5LIB, reason="html5lib is not installed")
@pytest.mark.parametrize("markup", SNIPPETS)
def test_snippets_give_the_html5lib_builders_tree(markup):
    ours = soup(markup)
    assert ours.decode() == BeautifulSoup(markup, "html5lib").decode()
    assert check_tree(ours) == []


def test_template_in_head_as_the_standard_says():
    # html5lib 1.1 predates the "in head" handling of <template>.
    markup = "<template><td>in template</td></template>"
    assert soup(markup).decode() == (
        "<html><head><template><td>in template</td></template></head><body></body></html>"
    )


def test_fragment_context_parses_snippets_as_innerhtml_does():
    assert soup("<td>x</td><td>y", fragment_context="tr").decode() == "<td>x</td><td>y</td>"
    assert soup("<td>x</td>").decode() == "<html><head></head><body>x</body></html>"
    svg = soup("<path/><p>x", fragment_context="svg g")
    assert [(t.name, t.namespace) for t in svg.find_all(True)] == [
        ("path", "http://www.w3.org/2000/svg"),
        ("p", "http://www.w3.org/1999/xhtml"),
    ]
    loaded = pickle.loads(pickle.dumps(soup("<td>x", fragment_context="tr")))
    assert loaded.decode() == "<td>x</td>"
    with pytest.raises(TypeError):
        SpecParserTreeBuilder(fragment_context=3)
    with pytest.raises(ValueError):
        SpecParserTreeBuilder(fragment_context="no such")


def test_noahs_ark_clause_is_applied():
    # bs4's html5lib bridge never finds two formatting elements equal (its
    # attributes getter returns a fresh object each time), so it
    # reconstructs four <b>; the standard keeps three.
    markup = "<p><b><b><b><b>x</p>y"
    assert str(soup(markup).body) == "<body><p><b><b><b><b>x</b></b></b></b></p><b><b><b>y</b></b></b></body>"


# -- bytes and encodings -----------------------------------------------------


def test_str_input_has_no_original_encoding():
    assert soup("<p>x").original_encoding is None


@pytest.mark.parametrize(
    "data, kwargs, expected_encoding, expected_text",
    [
        ("Räksmörgås".encode("utf-8"), {}, "utf-8", "Räksmörgås"),
        ("Räksmörgås".encode("utf-8"), {"exclude_encodings": ["utf-8"]}, "windows-1252",
         "Räksmörgås".encode("utf-8").decode("cp1252")),
        ("Räksmörgås".encode("utf-8"), {"exclude_encodings": ["UTF8"]}, "windows-1252",
         "Räksmörgås".encode("utf-8").decode("cp1252")),
        ("Räksmörgås".encode("cp1252"), {}, "windows-1252", "Räksmörgås"),
        ("שלום".encode("iso-8859-8"), {"from_encoding": "iso8859-8"}, "iso-8859-8", "שלום"),
        (b"\xef\xbb\xbf" + "é".encode("utf-8"), {"from_encoding": "windows-1252"}, "utf-8", "é"),
        ('<meta charset="shift_jis"><p>'.encode() + "日本".encode("shift_jis"), {}, "shift_jis",
         "日本"),
        ('<meta charset="shift_jis"><p>'.encode() + "é".encode("utf-8"),
         {"exclude_encodings": ["shift_jis"]}, "utf-8", "é"),
        ('<meta charset="utf-8"><p>'.encode() + "é".encode("cp1252"),
         {"from_encoding": "cp1252"}, "windows-1252", "é"),
        # Python codec names that are not WHATWG labels.
        ("é".encode("latin-1"), {"from_encoding": "latin-1"}, "windows-1252", "é"),
        ("привет".encode("koi8-r"), {"from_encoding": "koi8_r"}, "koi8-r", "привет"),
    ],
)
def test_bytes_are_sniffed_with_from_encoding_and_exclude_encodings(
    data, kwargs, expected_encoding, expected_text
):
    result = soup(data, **kwargs)
    assert result.original_encoding == expected_encoding
    assert result.body.get_text() == expected_text


def test_a_late_meta_charset_reparses_the_document():
    # Beyond the prescan's 1,024 bytes: tree construction changes the
    # encoding (https://html.spec.whatwg.org/#changing-the-encoding-while-parsing).
    data = b"<head>" + b"<!--" + b"x" * 2000 + b"-->" + b'<meta charset="koi8-r"></head><p>' + "привет".encode("koi8-r")
    result = soup(data)
    assert result.original_encoding == "koi8-r"
    assert result.p.string == "привет"
    assert check_tree(result) == []


def test_contains_replacement_characters_and_declared_encoding():
    result = soup(b'<meta charset="utf-8"><p>\xff')
    assert result.original_encoding == "utf-8"
    assert result.p.string == "\ufffd"
    assert result.contains_replacement_characters is True
    assert result.declared_html_encoding == "utf-8"
    clean = soup("<p>\ufffd".encode("utf-8"))
    assert clean.contains_replacement_characters is False


def test_contains_replacement_characters_follows_the_encoding_standard():
    # Python's codecs of these names disagree with the standard's decoders:
    # cp932 reads Shift_JIS 0xA0 as U+F8F0 (the standard: an error, U+FFFD);
    # Python's gb18030 rejects 0x80 (the standard: U+20AC), and
    # 0x84 0x31 0xA4 0x37 is U+FFFD itself.
    shift_jis = soup(b'<meta charset="shift_jis"><p>\xa0')
    assert shift_jis.p.string == "\ufffd"
    assert shift_jis.contains_replacement_characters is True
    gb18030 = soup(b'<meta charset="gb18030"><p>\x80\x84\x31\xa4\x37')
    assert gb18030.p.string == "\u20ac\ufffd"
    assert gb18030.contains_replacement_characters is False
    gbk = soup(b'<meta charset="gbk"><p>\x84\x31\xa4\x37\x84\x31\xa4')
    assert gbk.p.string == "\ufffd\ufffd"  # an incomplete sequence at the end: one error
    assert gbk.contains_replacement_characters is True


def test_encode_rewrites_the_declared_charset():
    result = soup('<meta charset="windows-1252"><p>caf\xe9'.encode("cp1252"))
    assert result.original_encoding == "windows-1252"
    assert b'<meta charset="utf-8"/>' in result.encode("utf-8")


def test_an_unknown_from_encoding_is_ignored_with_a_warning():
    with pytest.warns(UserWarning, match="not an encoding label"):
        result = soup("é".encode("utf-8"), from_encoding="no-such-encoding")
    assert result.original_encoding == "utf-8"


def test_sniffing_keywords():
    assert sniffing_keywords(b"\xef\xbb\xbfx", "latin1") == {}
    assert sniffing_keywords(b"x", "latin1") == {"override_encoding": "windows-1252"}
    # Not valid UTF-8, nothing declared: step 8's detector (bs4's own, when
    # one is installed; see test_encoding_detector.py), then the default.
    keywords = sniffing_keywords(b"\xe9")
    assert set(keywords) == {"default_encoding", "detector"} and keywords["default_encoding"] == "windows-1252"
    assert sniffing_keywords("é".encode()) == {"likely_encoding": "utf-8"}
    assert sniffing_keywords(b"<meta charset=koi8-r>", None, ["koi8-r"]) == {"override_encoding": "utf-8"}


# -- bs4 features ------------------------------------------------------------


def test_whitespace_only_strings_are_kept_exactly():
    markup = "<div>  \n  <p>a</p>   </div>"
    assert str(soup(markup).div) == markup


def test_source_positions_are_those_of_the_tags_less_than_sign():
    result = soup("\n   <p>\n\n<sourceline>\n<b>text</b></sourceline>\r\n<i>")
    assert (result.p.sourceline, result.p.sourcepos) == (2, 3)
    assert (result.b.sourceline, result.b.sourcepos) == (5, 0)
    assert (result.i.sourceline, result.i.sourcepos) == (6, 0)  # CR LF counts as one line break
    assert result.html.sourceline is None  # implied by the parser: no token
    assert soup("<p>", store_line_numbers=False).p.sourceline is None


def test_parse_only():
    markup = "<p>A <b>bold</b> statement <b class=x>again</b>.</p><!--c-->"
    result = soup(markup, parse_only=SoupStrainer("b"))
    assert result.decode() == '<b>bold</b><b class="x">again</b>'
    assert check_tree(result) == []
    strings = soup(markup, parse_only=SoupStrainer(string=True))
    assert [str(s) for s in strings.contents] == ["A ", "bold", " statement ", "again", ".", "c"]
    assert type(strings.contents[-1]) is Comment
    assert soup(markup).parse_only is None


def test_empty_markup_gives_an_empty_soup_and_copies_work():
    assert soup("").contents == []
    assert soup(b"").contents == []
    original = soup("<p class='a b'>x<!--y--></p>")
    for duplicate in (copy.copy(original), copy.deepcopy(original)):
        assert duplicate.decode() == original.decode()
        assert duplicate.html is not original.html
        # bs4's own append() (which copying uses) links the soup itself
        # into the next_element chain; a parsed soup is outside it.
        assert check_tree(duplicate, root_in_chain=None) == []


def test_pickle_round_trip_keeps_the_builders_options():
    original = soup("<p class='a b'>x<script>s</script>", multi_valued_attributes=None)
    loaded = pickle.loads(pickle.dumps(original, pickle.HIGHEST_PROTOCOL))
    assert loaded.decode() == original.decode()
    assert type(loaded.builder) is SpecParserTreeBuilder
    assert loaded.p["class"] == "a b"
    assert type(loaded.script.string) is Script
    assert check_tree(loaded) == []


def test_builder_class_and_instance_work_without_registration():
    for builder in (SpecParserTreeBuilder, SpecParserTreeBuilder()):
        result = BeautifulSoup("<p>x", builder=builder)
        assert result.p.string == "x"
        assert result.builder.soup is None  # no reference to the tree is kept


def test_one_builder_parses_many_documents():
    builder = SpecParserTreeBuilder()
    first = BeautifulSoup("<p>one", builder=builder)
    second = BeautifulSoup("<p>two", builder=builder)
    assert first.p.string == "one" and second.p.string == "two"


def test_wrong_argument_types_raise_type_error():
    with pytest.raises(TypeError):
        soup(12)
    builder = SpecParserTreeBuilder()
    builder.soup = BeautifulSoup("", builder=builder)
    with pytest.raises(TypeError):
        builder.feed(12)
    with pytest.raises(TypeError):
        SpecParserTreeBuilder(no_such_option=1)


def test_deep_documents_do_not_recurse():
    depth = 20000
    result = soup("<div>" * depth + "x")
    assert check_tree(result) == []
    assert len(result.find_all("div")) == depth
    assert result.decode().count("<div>") == depth


def test_adjacent_text_is_one_string():
    result = soup("<h2>a&amp;b <!--x-->c</h2><p>")
    assert [type(s) for s in result.h2.contents] == [NavigableString, Comment, NavigableString]
    assert result.h2.contents[0] == "a&b "


def test_default_parser_choice_is_unchanged_in_process():
    # specparser.bs4 is imported above; bs4's default stays lxml / html.parser.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # GuessedAtParserWarning: that is the point here
        default = BeautifulSoup("<p>", features=None)
    assert type(default.builder) is not SpecParserTreeBuilder
    assert "specparser.builders.bs4" in sys.modules

