"""Random misnested markup (adoption agency, foster parenting, template,
select, foreign content, reparenting of html/body attributes) through the
bs4 adapter: every bs4 navigation agrees with ``.contents``
(compat.bs4_suite.check_tree), the tree equals the ElementTree adapter's,
and BeautifulSoup(markup, "specparser") gives the same markup."""

from __future__ import annotations

import pytest

pytest.importorskip("bs4", reason="beautifulsoup4 is not installed (pip install specparser-html[bs4])")
pytest.importorskip("hypothesis", reason="hypothesis is not installed (pip install specparser-html[test])")

from bs4 import BeautifulSoup  # noqa: E402
from hypothesis import given, settings, strategies as st  # noqa: E402

import specparser  # noqa: E402
from specparser import html5lib_compat  # noqa: E402
import specparser.bs4  # noqa: E402,F401  (registers "specparser")
from compat.bs4_suite import check_tree  # noqa: E402
from specparser.testformat import dump_events  # noqa: E402
from specparser.walkers.bs4 import walk  # noqa: E402


def soup(markup):
    return BeautifulSoup(markup, "specparser")


_PIECES = [
    "<a>", "</a>", "<b>", "</b>", "<i>", "</i>", "<p>", "</p>", "<div>", "</div>",
    "<table>", "</table>", "<tr>", "<td>", "</td>", "<tbody>", "<caption>",
    "<li>", "<ul>", "</ul>", "<svg>", "</svg>", "<math>", "<mi>", "<foreignObject>",
    "<template>", "</template>", "<select>", "<option>", "<selectedcontent>",
    "<script>", "</script>", "<style>", "<!--c-->", "<br>", "<textarea>", "</textarea>",
    "<nobr>", "<font size=1>", "<form>", "</form>", "<html class='h'>", "<body id=b>",
    "x", " ", "\n", "&amp;", "y z", "\x00",
]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=30))
def test_random_misnested_markup_gives_consistent_trees(pieces):
    markup = "".join(pieces)
    ours = soup(markup) if markup else None
    tree = html5lib_compat.parse(markup, treebuilder="bs4")
    assert check_tree(tree) == []
    etree = html5lib_compat.parse(markup, treebuilder="etree", fullTree=True)
    expected = dump_events(specparser.get_walker("etree")(etree))
    assert dump_events(walk(tree)) == expected
    if ours is not None:
        assert check_tree(ours) == []
        assert ours.decode() == tree.decode()
